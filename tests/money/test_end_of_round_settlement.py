"""呼叫转移 (R9.5) and the end of round 查花猪 / 查大叫 / 退税 (R10), ledgers worked out by hand.

Rules are ``xuezhan`` unless a test says otherwise: gang units 2 / 1 / 2, cap ×64, the 花猪
pays 2**6 = 64 units, ``huazhu_payees = active``, ``refund_gang_money`` on.
"""

from __future__ import annotations

import pytest
from settlement_helpers import FakeScore, rows

from xzcore.money.ledger import Ledger
from xzcore.money.settlement import (
    SeatEnd,
    SettlementError,
    call_transfer,
    end_of_round,
    pay_gang,
    pay_win,
)
from xzcore.rules import RuleSet
from xzcore.tiles import MeldKind

XZ = RuleSet.preset("xuezhan")


# -- R9.5 呼叫转移: a triple win on one discard after two consecutive gangs -----------------


def _triple_win_after_two_gangs(rules: RuleSet) -> Ledger:
    """Turn 2: seat 0 gangs seat 2's discard (2 units). Turn 9: seat 0 makes a concealed gang
    (1, 2, 3 pay 2 each), draws, adds a fourth tile to a pung (1, 2, 3 pay 1 each), draws and
    discards; seats 1 (×4), 2 (×2) and 3 (×8) all win on that discard (杠上炮)."""
    led = Ledger()
    pay_gang(led, rules, 0, MeldKind.GANG, discarder=2, turn=2)
    pay_gang(led, rules, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=9)
    pay_gang(led, rules, 0, MeldKind.BUGANG, payers=(1, 2, 3), turn=9)
    for winner, m in ((1, 4), (2, 2), (3, 8)):
        pay_win(led, rules, winner, FakeScore(m), discarder=0)
    return led


_BEFORE_TRANSFER = [
    (2, 0, 2, "gang_direct", "R6.2"),
    (1, 0, 2, "gang_concealed", "R6.2"),
    (2, 0, 2, "gang_concealed", "R6.2"),
    (3, 0, 2, "gang_concealed", "R6.2"),
    (1, 0, 1, "gang_added", "R6.2"),
    (2, 0, 1, "gang_added", "R6.2"),
    (3, 0, 1, "gang_added", "R6.2"),
    (0, 1, 4, "win_discard", "R9.1"),
    (0, 2, 2, "win_discard", "R9.1"),
    (0, 3, 8, "win_discard", "R9.1"),
]


def test_last_gang_hands_each_winner_the_money_of_both_gangs_of_the_turn() -> None:
    led = _triple_win_after_two_gangs(XZ)
    added = call_transfer(led, XZ, 0, (1, 2, 3), turn=9)
    # 6 (concealed) + 3 (added) = 9 to EACH winner; the turn-2 gang stays with seat 0.
    assert rows(added) == [
        (0, 1, 9, "call_transfer", "R9.5"),
        (0, 2, 9, "call_transfer", "R9.5"),
        (0, 3, 9, "call_transfer", "R9.5"),
    ]
    assert rows(led) == [*_BEFORE_TRANSFER, *rows(added)]
    # seat 0: +2 +6 +3 −4 −2 −8 −27 = −30; seat 1: −2 −1 +4 +9 = 10;
    # seat 2: −2 −2 −1 +2 +9 = 6; seat 3: −2 −1 +8 +9 = 14.
    assert led.totals() == [-30, 10, 6, 14]
    # The first winner's 9 is the money received; the other 18 come from seat 0's pocket.
    assert added[0].detail.endswith("9 (9 handed on, 0 from its own pocket)")
    assert added[1].detail.endswith("9 (0 handed on, 9 from its own pocket)")
    assert [g.handed_on for g in led.gang_income(0)] == [0, 2, 2, 2, 1, 1, 1]
    assert led.unspent_gang_income(0) == 2
    led.check()


def test_all_gangs_first_gives_the_round_s_gang_money_to_the_first_winner() -> None:
    rules = XZ.replace(call_transfer="all_gangs_first")
    led = _triple_win_after_two_gangs(rules)
    added = call_transfer(led, rules, 0, (1, 2, 3), turn=9)
    assert rows(added) == [(0, 1, 11, "call_transfer_all", "R9.5")]
    # seat 0: 11 − 14 − 11 = −14; seat 1: −3 + 4 + 11 = 12; seat 2: −5 + 2 = −3; seat 3: 5.
    assert led.totals() == [-14, 12, -3, 5]
    assert led.unspent_gang_income(0) == 0
    led.check()


def test_all_gangs_first_first_winner_counts_from_the_discarder() -> None:
    # Seat 2 discards after its gang; seats 3, 0 and 1 win: seat 3 is first in play order.
    rules = XZ.replace(call_transfer="all_gangs_first")
    led = Ledger()
    pay_gang(led, rules, 2, MeldKind.ANGANG, payers=(0, 1, 3), turn=5)
    added = call_transfer(led, rules, 2, (3, 0, 1), turn=5)
    assert rows(added) == [(2, 3, 6, "call_transfer_all", "R9.5")]
    with pytest.raises(SettlementError, match="not in play order from seat 2"):
        call_transfer(led, rules, 2, (0, 3), turn=5)


def test_call_transfer_none_moves_nothing() -> None:
    rules = XZ.replace(call_transfer="none")
    led = _triple_win_after_two_gangs(rules)
    assert call_transfer(led, rules, 0, (1, 2, 3), turn=9) == []
    assert rows(led) == _BEFORE_TRANSFER
    # seat 0: 11 − 14; seat 1: −3 + 4; seat 2: −5 + 2; seat 3: −3 + 8.
    assert led.totals() == [-3, 1, -3, 5]
    assert led.unspent_gang_income(0) == 11


def test_last_gang_without_a_gang_in_that_turn_moves_nothing() -> None:
    led = Ledger()
    pay_gang(led, XZ, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=3)
    assert call_transfer(led, XZ, 0, (2,), turn=4) == []
    assert led.totals() == [6, -2, -2, -2]


def test_all_gangs_first_never_hands_the_same_money_on_twice() -> None:
    rules = XZ.replace(call_transfer="all_gangs_first")
    led = Ledger()
    pay_gang(led, rules, 0, MeldKind.GANG, discarder=2, turn=2)  # 2
    pay_gang(led, rules, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=5)  # 6
    pay_win(led, rules, 1, FakeScore(1), discarder=0)
    first = call_transfer(led, rules, 0, (1,), turn=5)
    assert rows(first) == [(0, 1, 8, "call_transfer_all", "R9.5")]
    # Seat 1 has won and left; the next added gang is paid by seats 2 and 3 only.
    pay_gang(led, rules, 0, MeldKind.BUGANG, payers=(2, 3), turn=8)  # 2
    pay_win(led, rules, 3, FakeScore(2), discarder=0)
    second = call_transfer(led, rules, 0, (3,), turn=8)
    assert rows(second) == [(0, 3, 2, "call_transfer_all", "R9.5")]
    # seat 0: 10 − 1 − 8 − 2 − 2 = −3; seat 1: −2 + 1 + 8 = 7; seat 2: −2 −2 −1 = −5;
    # seat 3: −2 − 1 + 2 + 2 = 1.
    assert led.totals() == [-3, 7, -5, 1]


def test_call_transfer_is_settled_once_per_discard() -> None:
    led = _triple_win_after_two_gangs(XZ)
    call_transfer(led, XZ, 0, (1, 2), turn=9)
    with pytest.raises(SettlementError, match="already in the ledger"):
        call_transfer(led, XZ, 0, (3,), turn=9)
    assert len(led) == len(_BEFORE_TRANSFER) + 2


@pytest.mark.parametrize(
    ("discarder", "winners", "message"),
    [
        (0, (), "at least one winner"),
        (0, (0,), "cannot pay itself"),
        (0, (1, 1), "appears twice"),
        (0, (3, 1), "not in play order"),
        (4, (1,), "discarder: bad seat"),
    ],
)
def test_bad_call_transfer_calls(discarder: int, winners: tuple[int, ...], message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        call_transfer(Ledger(), XZ, discarder, winners, turn=1)


# -- R10.1 查花猪 -----------------------------------------------------------------------------


def _pig_table() -> list[SeatEnd]:
    """Seat 1 has won; seat 0 is a 花猪, seat 2 is ready for ×4, seat 3 is not ready."""
    return [
        SeatEnd(0, active=True, huazhu=True),
        SeatEnd(1, active=False),
        SeatEnd(2, active=True, ready_multiplier=4),
        SeatEnd(3, active=True),
    ]


def test_huazhu_pays_active_non_pig_seats_then_chajiao() -> None:
    led = Ledger()
    added = end_of_round(led, XZ, _pig_table())
    assert rows(added) == [
        (0, 2, 64, "huazhu", "R10.1"),
        (0, 3, 64, "huazhu", "R10.1"),
        (3, 2, 4, "chajiao", "R10.2"),  # the 花猪 does not pay 查大叫 here
    ]
    assert led.totals() == [-128, 0, 68, 60]


def test_huazhu_pays_all_non_pig_seats_winners_included() -> None:
    rules = XZ.replace(huazhu_payees="all")
    led = Ledger()
    added = end_of_round(led, rules, _pig_table())
    assert rows(added) == [
        (0, 1, 64, "huazhu", "R10.1"),
        (0, 2, 64, "huazhu", "R10.1"),
        (0, 3, 64, "huazhu", "R10.1"),
        (3, 2, 4, "chajiao", "R10.2"),
    ]
    assert led.totals() == [-192, 64, 68, 60]


def test_huazhu_pays_chajiao_as_a_non_ready_seat() -> None:
    rules = XZ.replace(huazhu_pays_chajiao=True)
    led = Ledger()
    added = end_of_round(led, rules, _pig_table())
    assert rows(added) == [
        (0, 2, 64, "huazhu", "R10.1"),
        (0, 3, 64, "huazhu", "R10.1"),
        (0, 2, 4, "chajiao", "R10.2"),
        (3, 2, 4, "chajiao", "R10.2"),
    ]
    assert led.totals() == [-132, 0, 72, 60]


def test_two_pigs_do_not_pay_each_other() -> None:
    ends = [
        SeatEnd(0, active=True, huazhu=True),
        SeatEnd(1, active=True, ready_multiplier=2),
        SeatEnd(2, active=False),
        SeatEnd(3, active=True, huazhu=True),
    ]
    led = Ledger()
    assert rows(end_of_round(led, XZ, ends)) == [
        (0, 1, 64, "huazhu", "R10.1"),
        (3, 1, 64, "huazhu", "R10.1"),
    ]
    led = Ledger()
    end_of_round(led, XZ.replace(huazhu_payees="all"), ends)
    assert led.totals() == [-128, 128, 128, -128]


@pytest.mark.parametrize(
    ("rules", "units"),
    [
        (XZ.replace(huazhu_fan=2), 4),
        (RuleSet.preset("chengdu-classic"), 8),  # cap 3 fan
        (XZ.replace(cap_fan=None), 64),  # no cap: 2**6
    ],
)
def test_huazhu_units_follow_huazhu_fan(rules: RuleSet, units: int) -> None:
    ends = [
        SeatEnd(0, active=True, huazhu=True),
        SeatEnd(1, active=True),
        SeatEnd(2, active=False),
        SeatEnd(3, active=False),
    ]
    led = Ledger()
    end_of_round(led, rules, ends)
    assert rows(led)[0] == (0, 1, units, "huazhu", "R10.1")


# -- R10.2 查大叫 -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chajiao", "seat0", "seat1"),
    # Seat 0 waits on 1m (平胡 ×1) and 4m (清一色 ×4 … say ×16 with its 根s): max 16, min 1.
    # Seat 1 waits on one tile only: ×2 either way. The engine passes the value per option.
    [("max", 16, 2), ("min", 1, 2)],
)
def test_chajiao_pays_each_ready_seat_its_value(chajiao: str, seat0: int, seat1: int) -> None:
    rules = XZ.replace(chajiao=chajiao)
    ends = [
        SeatEnd(0, active=True, ready_multiplier=seat0),
        SeatEnd(1, active=True, ready_multiplier=seat1),
        SeatEnd(2, active=True),
        SeatEnd(3, active=True),
    ]
    led = Ledger()
    added = end_of_round(led, rules, ends)
    assert rows(added) == [
        (2, 0, seat0, "chajiao", "R10.2"),
        (2, 1, seat1, "chajiao", "R10.2"),
        (3, 0, seat0, "chajiao", "R10.2"),
        (3, 1, seat1, "chajiao", "R10.2"),
    ]
    assert led.totals() == [2 * seat0, 2 * seat1, -seat0 - seat1, -seat0 - seat1]
    assert f"({chajiao})" in added[0].detail


def test_chajiao_value_above_the_cap_is_refused() -> None:
    ends = [
        SeatEnd(0, active=True, ready_multiplier=128),
        SeatEnd(1, active=True),
        SeatEnd(2, active=False),
        SeatEnd(3, active=False),
    ]
    with pytest.raises(SettlementError, match="above the cap"):
        end_of_round(Ledger(), XZ, ends)


def test_a_forfeited_seat_collects_nothing_in_chajiao() -> None:
    # chengdu-classic: last_round_win = forfeit. Seat 0 passed a final-round win and is still
    # ready for ×8; seat 1 is ready for ×2; seat 2 is not ready; seat 3 has won.
    rules = RuleSet.preset("chengdu-classic")
    ends = [
        SeatEnd(0, active=True, ready_multiplier=8, forfeited=True),
        SeatEnd(1, active=True, ready_multiplier=2),
        SeatEnd(2, active=True),
        SeatEnd(3, active=False),
    ]
    led = Ledger()
    assert rows(end_of_round(led, rules, ends)) == [(2, 1, 2, "chajiao", "R10.2")]
    assert led.totals() == [0, 2, -2, 0]


def test_forfeit_needs_the_forfeit_option() -> None:
    ends = [
        SeatEnd(0, active=True, ready_multiplier=8, forfeited=True),
        SeatEnd(1, active=True),
        SeatEnd(2, active=False),
        SeatEnd(3, active=False),
    ]
    with pytest.raises(SettlementError, match="not forfeit"):
        end_of_round(Ledger(), XZ, ends)


# -- R10.3 退税 -------------------------------------------------------------------------------


def _refund_round(rules: RuleSet) -> Ledger:
    """Turn 3: seat 0 concealed gang (1, 2, 3 pay 2 each). Turn 10: seat 0 added gang (1, 2, 3
    pay 1 each), then 杠上炮: seat 1 wins ×2 and gets the turn-10 gang money (last_gang)."""
    led = Ledger()
    pay_gang(led, rules, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=3)
    pay_gang(led, rules, 0, MeldKind.BUGANG, payers=(1, 2, 3), turn=10)
    pay_win(led, rules, 1, FakeScore(2), discarder=0)
    call_transfer(led, rules, 0, (1,), turn=10)
    return led


_REFUND_ENDS = [
    SeatEnd(0, active=True),
    SeatEnd(1, active=False),
    SeatEnd(2, active=True, ready_multiplier=4),
    SeatEnd(3, active=True),
]


def test_refund_after_part_of_the_gang_money_was_transferred() -> None:
    led = _refund_round(XZ)
    assert led.totals() == [4, 2, -3, -3]  # before the end of round
    added = end_of_round(led, XZ, _REFUND_ENDS)
    # Only the turn-3 money (2 from each payer) is refunded, to seat 1 too (it has won).
    assert rows(added) == [
        (0, 2, 4, "chajiao", "R10.2"),
        (3, 2, 4, "chajiao", "R10.2"),
        (0, 1, 2, "refund", "R10.3"),
        (0, 2, 2, "refund", "R10.3"),
        (0, 3, 2, "refund", "R10.3"),
    ]
    # seat 0: 9 − 2 − 3 − 4 − 6 = −6; seat 1: −3 + 2 + 3 + 2 = 4;
    # seat 2: −3 + 4 + 4 + 2 = 7; seat 3: −3 − 4 + 2 = −5.
    assert led.totals() == [-6, 4, 7, -5]
    assert [(g.handed_on, g.refunded) for g in led.gang_income(0)] == [(0, 2)] * 3 + [(1, 0)] * 3
    assert added[2].detail == "gang money not handed on (turn 3)"
    led.check()


def test_refund_off_keeps_the_gang_money() -> None:
    rules = XZ.replace(refund_gang_money=False)
    led = _refund_round(rules)
    added = end_of_round(led, rules, _REFUND_ENDS)
    assert rows(added) == [(0, 2, 4, "chajiao", "R10.2"), (3, 2, 4, "chajiao", "R10.2")]
    assert led.totals() == [0, 2, 5, -7]


def test_a_pig_refunds_its_gang_money_too() -> None:
    led = _refund_round(XZ)
    ends = [SeatEnd(0, active=True, huazhu=True), *_REFUND_ENDS[1:]]
    added = end_of_round(led, XZ, ends)
    assert rows(added) == [
        (0, 2, 64, "huazhu", "R10.1"),
        (0, 3, 64, "huazhu", "R10.1"),
        (3, 2, 4, "chajiao", "R10.2"),
        (0, 1, 2, "refund", "R10.3"),
        (0, 2, 2, "refund", "R10.3"),
        (0, 3, 2, "refund", "R10.3"),
    ]
    assert led.totals() == [4 - 128 - 6, 4, -3 + 64 + 4 + 2, -3 + 64 - 4 + 2]


def test_a_ready_seat_keeps_its_gang_money_and_refunds_go_to_each_payer() -> None:
    led = Ledger()
    pay_gang(led, XZ, 2, MeldKind.ANGANG, payers=(0, 1, 3), turn=4)  # seat 2 will be ready
    pay_gang(led, XZ, 3, MeldKind.GANG, discarder=1, turn=6)  # seat 3 will not
    pay_gang(led, XZ, 3, MeldKind.BUGANG, payers=(0, 1, 2), turn=9)
    ends = [
        SeatEnd(0, active=False),
        SeatEnd(1, active=False),
        SeatEnd(2, active=True, ready_multiplier=1),
        SeatEnd(3, active=True),
    ]
    added = end_of_round(led, XZ, ends)
    assert rows(added) == [
        (3, 2, 1, "chajiao", "R10.2"),
        (3, 0, 1, "refund", "R10.3"),
        (3, 1, 3, "refund", "R10.3"),  # 2 for the direct gang + 1 for the added gang
        (3, 2, 1, "refund", "R10.3"),
    ]
    assert added[2].detail == "gang money not handed on (turn 6, 9)"
    # seat 0: −2 −1 +1 = −2; seat 1: −2 −2 −1 +3 = −2; seat 2: +6 −1 +1 +1 = 7;
    # seat 3: −2 +2 +3 −1 −5 = −3.
    assert led.totals() == [-2, -2, 7, -3]


# -- R10.4 and the seat list -------------------------------------------------------------------


def test_no_end_of_round_settlement_with_fewer_than_two_active_seats() -> None:
    # 血战 (R10 header, R10.4); in 血流 a lone never-won seat is settled (R11.2, below).
    led = Ledger()
    pay_gang(led, XZ, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)
    ends = [
        SeatEnd(0, active=True, huazhu=True),
        SeatEnd(1, active=False),
        SeatEnd(2, active=False),
        SeatEnd(3, active=False),
    ]
    assert end_of_round(led, XZ.replace(huazhu_payees="all"), ends) == []
    assert len(led) == 3


# -- R11.2 (RULES.md v3): in 血流 R10 settles every never-won seat, even a lone one -----------

XL = RuleSet.preset("xueliu")  # huazhu_payees = all; otherwise as XZ


def _lone(seat_end: SeatEnd) -> list[SeatEnd]:
    """Seats 1, 2, 3 have won; seat 0 never won and is ``seat_end``."""
    return [seat_end, *(SeatEnd(s, active=False) for s in (1, 2, 3))]


@pytest.mark.parametrize(
    ("payees", "expected"),
    [
        ("all", [(0, 1, 64, "huazhu", "R10.1"), (0, 2, 64, "huazhu", "R10.1"),
                 (0, 3, 64, "huazhu", "R10.1")]),
        ("active", []),  # "active" = never won (R11.2): a lone 花猪 has no payee
    ],
)  # fmt: skip
def test_r11_2_a_lone_never_won_huazhu_pays_each_payee(payees: str, expected: list) -> None:
    led = Ledger()
    added = end_of_round(led, XL.replace(huazhu_payees=payees), _lone(SeatEnd(0, True, True)))
    assert rows(added) == expected


def test_r11_2_a_lone_never_won_seat_refunds_and_has_nobody_for_chajiao() -> None:
    led = Ledger()
    pay_gang(led, XL, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)  # 2 from each
    pay_gang(led, XL, 0, MeldKind.GANG, discarder=2, turn=4)  # 2 more from seat 2
    # R10.2: not ready, it pays each ready never-won seat — there is none; R10.3: it refunds
    # its 8 of gang money to the seats that paid it, winners all.
    added = end_of_round(led, XL, _lone(SeatEnd(0, active=True)))
    assert rows(added) == [
        (0, 1, 2, "refund", "R10.3"),
        (0, 2, 4, "refund", "R10.3"),
        (0, 3, 2, "refund", "R10.3"),
    ]
    assert led.totals() == [0, 0, 0, 0]


def test_r11_2_a_lone_never_won_ready_seat_keeps_its_gang_money_and_collects_nothing() -> None:
    led = Ledger()
    pay_gang(led, XL, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)
    # R10.2: the winners are not active in 血流, so nobody pays the ready seat; R10.3: a
    # ready seat refunds nothing.
    assert end_of_round(led, XL, _lone(SeatEnd(0, True, ready_multiplier=8))) == []


def test_r11_2_no_settlement_when_every_seat_has_won() -> None:
    led = Ledger()
    pay_gang(led, XL, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)
    assert end_of_round(led, XL, [SeatEnd(s, active=False) for s in range(4)]) == []


@pytest.mark.parametrize(
    "seats",
    [
        [0, 1, 2],
        [0, 1, 2, 2],
        [0, 1, 2, 3, 3],
    ],
)
def test_end_of_round_needs_each_seat_once(seats: list[int]) -> None:
    ends = [SeatEnd(s, active=True) for s in seats]
    with pytest.raises(SettlementError, match="once each"):
        end_of_round(Ledger(), XZ, ends)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 0, "active": False, "huazhu": True}, "花猪 is an active seat"),
        ({"seat": 0, "active": True, "huazhu": True, "ready_multiplier": 2}, "not ready"),
        ({"seat": 0, "active": False, "ready_multiplier": 2}, "only an active seat"),
        ({"seat": 0, "active": True, "ready_multiplier": 0}, "int ≥ 1"),
        ({"seat": 4, "active": True}, "bad seat"),
        ({"seat": 0, "active": 1}, "active must be a bool"),
    ],
)
def test_bad_seat_states_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        SeatEnd(**kwargs)
