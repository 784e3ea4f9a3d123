"""Settlement worked out by hand (RULES.md R6.2, R8.7, R9.1–R9.4, R10.1–R10.3) fed by real
scores: every amount is worked out by hand in the comment beside it from RULES.md."""

from __future__ import annotations

import pytest

from xzcore.money.ledger import Ledger
from xzcore.money.settlement import SeatEnd, SettlementError, end_of_round, pay_gang, pay_win
from xzcore.rules import RuleSet
from xzcore.scoring import Score, WinContext, chajiao_multiplier, score_win
from xzcore.tiles import MeldKind

XZ = RuleSet.preset("xuezhan")
CD = RuleSet.preset("chengdu-classic")


def rows(transfers: object) -> list[tuple[int, int, int, str]]:
    return [(t.payer, t.payee, t.units, t.reason) for t in transfers]  # type: ignore[attr-defined]


def scored(hand: str, tile: str, void: str, rules: RuleSet, melds: str = "", **ctx: bool) -> Score:
    return score_win(hand, tile, melds, void, WinContext(**ctx), rules)


# -- R9.3 点杠花 and R9.4 抢杠胡 with real scores ----------------------------------------------


def test_dianganghua_discarder_and_all() -> None:
    # 111 234 345 666 88m, self-drawn 8m on a direct gang's replacement draw: 清一色 ×4 ×
    # 杠上花 ×2 = ×8. discarder: seat 3 (whose discard was ganged) pays 8 alone, no unit.
    s = scored("1112343456668m", "8m", "p", XZ, self_draw=True, after_gang=True)
    assert s.capped == 8
    led = Ledger()
    assert rows(pay_win(led, XZ, 1, s, payers=(0, 2, 3), dianganghua_discarder=3)) == [
        (3, 1, 8, "dianganghua")
    ]
    # all: paid as a self-draw, 8 each plus the R9.2 unit: 9 each, 27 in all.
    led = Ledger()
    pay_win(led, XZ.replace(dianganghua="all"), 1, s, payers=(0, 2, 3), dianganghua_discarder=3)
    assert led.totals() == [-9, 27, -9, -9]


def test_qianggang_robbed_and_all() -> None:
    # 123 345 789m 234 66p robbing a 6p: 平胡 ×1 × 抢杠胡 ×2 = ×2.
    s = scored("123345789m2346p", "6p", "s", XZ, robbed=True)
    assert s.capped == 2
    led = Ledger()
    pay_win(led, XZ, 0, s, discarder=2, robbed=True, payers=(1, 2, 3))
    assert led.totals() == [2, 0, -2, 0]
    # all: as a self-draw, 2 + 1 unit from each of 1, 2, 3.
    led = Ledger()
    pay_win(
        led, XZ.replace(qianggang_payer="all"), 0, s, discarder=2, robbed=True, payers=(1, 2, 3)
    )
    assert led.totals() == [9, -3, -3, -3]


def test_tianhu_whose_ordinary_value_is_larger_is_paid_as_an_ordinary_self_draw() -> None:
    # 11 11 22 22 33 55 77m on the dealt tiles: 清龙七对 ×32 × the other 根 ×2 = 64 > 32, so
    # the ordinary value counts (R8.3) and the win is an ordinary self-draw: 64 (= the cap) +
    # the R9.2 unit after the cap = 65 from each. (Reading: the "no unit" of R9.2 goes with
    # the ×32 of 天胡, not with the ordinary value that replaces it.)
    s = scored("1111222233557m", "7m", "p", XZ, self_draw=True, first_turn=True, dealer=True)
    assert (s.special, s.capped) == (None, 64)
    led = Ledger()
    pay_win(led, XZ, 0, s, payers=(1, 2, 3))
    assert led.totals() == [195, -65, -65, -65]


# -- R8.7: what the cap does not bound ---------------------------------------------------------


def test_gang_money_and_huazhu_are_outside_the_cap() -> None:
    # cap 0 fan (×1): a concealed gang still earns 2 from each other seat (R6.2, R8.7).
    tight = XZ.replace(cap_fan=0)
    led = Ledger()
    pay_gang(led, tight, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)
    assert led.totals() == [6, -2, -2, -2]
    # huazhu_fan 8 with cap 6: the 花猪 pays 2^8 = 256 to each payee (R10.1, R8.7).
    big = XZ.replace(huazhu_fan=8)
    ends = [SeatEnd(0, False), SeatEnd(1, True, huazhu=True), SeatEnd(2, True), SeatEnd(3, True)]
    led = Ledger()
    end_of_round(led, big, ends)
    assert led.totals() == [0, -512, 256, 256]


def test_huazhu_fan_default_is_the_cap_or_six() -> None:
    # R10.1: default huazhu_fan = cap_fan, or 6 without a cap.
    assert XZ.huazhu_units == 64
    assert XZ.replace(cap_fan=4).huazhu_units == 16
    assert XZ.replace(cap_fan=None).huazhu_units == 64
    assert CD.huazhu_units == 8


# -- R10 end of round, a whole round by hand ----------------------------------------------------


def _round(rules: RuleSet, winner_score: Score) -> Ledger:
    """Turn 3: seat 1 gangs seat 0's discard (0 pays 2). Turn 6: seat 2 makes a concealed
    gang (0, 1, 3 pay 2 each). Turn 12: seat 3 wins on seat 2's discard."""
    led = Ledger()
    pay_gang(led, rules, 1, MeldKind.GANG, discarder=0, turn=3)
    pay_gang(led, rules, 2, MeldKind.ANGANG, payers=(0, 1, 3), turn=6)
    pay_win(led, rules, 3, winner_score, discarder=2)
    return led


def test_end_of_round_xuezhan() -> None:
    # Seat 3 won with 清对 ×8 (111 333 555 777 99m). At the end seats 0, 1, 2 are active:
    # seat 0 a 花猪, seat 1 ready on 11 33 44 666m 55 88p (wait 6m: 龙七对 ×16), seat 2 not
    # ready.
    win = scored("1113335557779m", "9m", "p", XZ)
    assert win.capped == 8
    led = _round(XZ, win)
    ready = chajiao_multiplier("113344666m5588p", "", "s", XZ)
    assert ready == 16
    ends = [
        SeatEnd(0, True, huazhu=True),
        SeatEnd(1, True, ready_multiplier=ready),
        SeatEnd(2, True),
        SeatEnd(3, False),
    ]
    added = end_of_round(led, XZ, ends)
    # R10.1 (payees active): 0 pays 64 to 1 and 2, not to the winner 3.
    # R10.2: 2 pays 1 its 16; the 花猪 does not (huazhu_pays_chajiao off).
    # R10.3: 2 refunds its concealed-gang money, 2 to each of 0, 1 and 3 (3 has won: refunded
    # all the same); 1 is ready and keeps the 2 from its direct gang.
    assert rows(added) == [
        (0, 1, 64, "huazhu"),
        (0, 2, 64, "huazhu"),
        (2, 1, 16, "chajiao"),
        (2, 0, 2, "refund"),
        (2, 1, 2, "refund"),
        (2, 3, 2, "refund"),
    ]
    # seat 0: -2 -2 -128 +2 = -130; seat 1: +2 -2 +64 +16 +2 = 82;
    # seat 2: +6 -8 +64 -16 -6 = 40; seat 3: -2 +8 +2 = 8.
    assert led.totals() == [-130, 82, 40, 8]
    assert led.problems() == []


def test_end_of_round_chengdu_classic() -> None:
    # The same round in chengdu-classic: 清对 = 对对胡 +1 + 清一色 +2 = 3 fan = ×8 (cap 3).
    # Seat 1's wait 6m: 七对 +2, 根 +1 = 3 fan = ×8. 花猪 pays 2^3 = 8 to every non-花猪 seat
    # (payees all, the winner included) and also pays 查大叫 (huazhu_pays_chajiao).
    win = scored("1113335557779m", "9m", "p", CD)
    assert win.capped == 8
    led = _round(CD, win)
    ready = chajiao_multiplier("113344666m5588p", "", "s", CD)
    assert ready == 8
    ends = [
        SeatEnd(0, True, huazhu=True),
        SeatEnd(1, True, ready_multiplier=ready),
        SeatEnd(2, True),
        SeatEnd(3, False),
    ]
    added = end_of_round(led, CD, ends)
    assert rows(added) == [
        (0, 1, 8, "huazhu"),
        (0, 2, 8, "huazhu"),
        (0, 3, 8, "huazhu"),
        (0, 1, 8, "chajiao"),
        (2, 1, 8, "chajiao"),
        (2, 0, 2, "refund"),
        (2, 1, 2, "refund"),
        (2, 3, 2, "refund"),
    ]
    # seat 0: -2 -2 -24 -8 +2 = -34; seat 1: +2 -2 +8 +8 +8 +2 = 26;
    # seat 2: +6 -8 +8 -8 -6 = -8; seat 3: -2 +8 +8 +2 = 16.
    assert led.totals() == [-34, 26, -8, 16]


# -- bad input is a SettlementError (a ValueError) naming the argument -------------------------


def test_a_score_without_capped_is_refused() -> None:
    with pytest.raises(SettlementError, match="score"):
        pay_win(Ledger(), XZ, 0, None, discarder=1)  # type: ignore[arg-type]


def test_seats_that_are_not_a_sequence_are_refused() -> None:
    with pytest.raises(SettlementError, match="seats"):
        end_of_round(Ledger(), XZ, None)  # type: ignore[arg-type]
