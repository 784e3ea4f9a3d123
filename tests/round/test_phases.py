"""Scenario tests with hand-built walls: 天胡/地胡 (R7.5), the final round (R5.7), the empty
wall (R5.6), 荒庄 and the end-of-round settlement (R10), 血流成河 (R11.2), the exchange (R3)
and void declaration (R4.1). Figures worked out in comments from RULES.md."""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, last, make_round, rotation_draws, run, strs, types

from xzcore.round.actions import IllegalActionError
from xzcore.round.engine import Round
from xzcore.rules import RuleSet
from xzcore.tiles import format_counts

XUEZHAN = RuleSet.preset("xuezhan")


# -- 天胡 / 地胡 (R7.5) -------------------------------------------------------------------------

OTHERS = ["123456789m33p68p", "123456789m77p68p", "111s222s333s444s5s"]


def test_tianhu(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, ["123456789m11p456p", *OTHERS], kernel=kernel)
    dingque(r, "ssmp")
    assert "hora 6p by 0" in strs(r.legal_actions(0))  # the 14th dealt tile (R2.3)
    run(r, "hora 6p by 0")
    h = last(r, "hora")
    assert h["first_turn"] and h["self_draw"]
    # R8.3: ×32 with no 根, extras or self-draw unit (R9.2), under the cap of 2**6.
    assert h["score"]["special"] == "tianhu" and h["score"]["capped"] == 32
    assert [(t["payer"], t["units"]) for t in h["transfers"]] == [(1, 32), (2, 32), (3, 32)]
    assert r.ledger.totals() == [96, -32, -32, -32]
    assert r.events[-1]["type"] == "tsumo" and r.events[-1]["actor"] == 1  # R5.5


def test_tianhu_voided_by_the_dealers_gang(kernel: ModuleType) -> None:
    hands = ["1111s234m567m888m9m", "123456789p22s46s", "123456789p33s68s", "123456789p77s99s"]
    r = make_round(XUEZHAN, hands, "9m", kernel=kernel)
    dingque(r, "pmmm")
    assert not any(a.word == "hora" for a in r.legal_actions(0))
    run(r, "ankan 1s by 0", "hora 9m by 0")
    h = last(r, "hora")
    assert not h["first_turn"] and h["after_gang"]
    # 平胡 ×1, one 根 (the 1s gang) ×2, 杠上花 ×2 = ×4; self-draw + one unit each (R9.2).
    assert h["score"]["special"] is None and h["score"]["capped"] == 4
    assert h["score"]["extras"] == ["gangshanghua"]
    assert r.ledger.totals() == [6 + 15, -7, -7, -7]


DIHU_DEALER = "5s111s222s333s444s9p"


def test_dihu(kernel: ModuleType) -> None:
    hands = [DIHU_DEALER, "123456789m11p46p", *OTHERS[:2]]
    r = make_round(XUEZHAN, hands, "5p", kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 9p by 0", "hora 5p by 1")
    h = last(r, "hora")
    assert h["first_turn"] and h["score"]["special"] == "dihu" and h["score"]["capped"] == 32
    assert r.ledger.totals() == [-32, 96, -32, -32]


def test_dihu_voided_by_an_earlier_gang(kernel: ModuleType) -> None:
    hands = ["5555s111s222s333s9p", "123456789m11p46p", *OTHERS[:2]]
    r = make_round(XUEZHAN, hands, "9s5p", kernel=kernel)
    dingque(r, "msss")
    run(r, "ankan 5s by 0", "dahai 9p by 0", "hora 5p by 1")
    h = last(r, "hora")
    assert not h["first_turn"] and h["score"]["special"] is None
    # 平胡 ×1 self-draw: each of 0, 2, 3 pays 1 + 1 unit; the gang cost 1 and 2 each 2.
    assert r.ledger.totals() == [6 - 2, 6 - 2, -2 - 2, -2 - 2]


@pytest.mark.parametrize(("option", "special", "capped"), [(True, "dihu", 32), (False, None, 1)])
def test_dihu_on_the_dealers_first_discard(
    kernel: ModuleType, option: bool, special: str | None, capped: int
) -> None:
    rules = XUEZHAN.replace(dihu_on_dealer_discard=option)
    hands = ["5p111s222s333s444s9s", "123456789m11p46p", *OTHERS[:2]]
    r = make_round(rules, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0", "hora 5p by 1")
    h = last(r, "hora")
    assert h["score"]["special"] == special and h["score"]["capped"] == capped
    assert h["first_turn"] is option


# -- the final round (R5.7) --------------------------------------------------------------------
# With last_round_tiles = 54 the final round begins with seat 2's draw (the second draw, made
# when the wall holds 54). Seat 2 draws 5p and can win by self-draw; then seat 3 must discard
# 9p (R4.2), on which seat 1 can win.
FINAL_HANDS = [
    "1p55p88p999s888s77s6s",  # dealer, void m; discards 6s
    "123456789m33p78p",  # void s, waits 6p/9p
    "123456789m11p46p",  # void s, waits 5p
    "9p111s222s333s456s",  # void p
]
FINAL_DRAWS = "2p5p7s"


def _final(kernel: ModuleType, **opts: object) -> Round:
    rules = XUEZHAN.replace(last_round_tiles=54, tian_di_hu=False, **opts)
    r = make_round(rules, FINAL_HANDS, FINAL_DRAWS, kernel=kernel)
    dingque(r, "mssp")
    run(r, "dahai 6s by 0", "dahai 2p by 1")
    assert r.final and r.drawn == 13
    return r


def test_final_round_forced(kernel: ModuleType) -> None:
    r = _final(kernel)
    assert strs(r.legal_actions(2)) == ["hora 5p by 2"]  # scope any: self-draw forced
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 5p by 2")
    assert exc.value.rule == "R5.7"
    run(r, "hora 5p by 2", "dahai 9p by 3")
    assert r.to_act() == [1]
    assert strs(r.legal_actions(1)) == ["hora 9p by 1"]
    with pytest.raises(IllegalActionError) as exc:
        run(r, "none by 1")
    assert exc.value.rule == "R5.7"
    run(r, "hora 9p by 1")
    assert [w.seat for w in r.wins] == [2, 1]


def test_final_round_forced_scope_discard(kernel: ModuleType) -> None:
    r = _final(kernel, last_round_scope="discard")
    assert strs(r.legal_actions(2))[0] == "hora 5p by 2"
    assert "dahai 5p by 2" in strs(r.legal_actions(2))  # a self-draw is not forced
    run(r, "dahai 5p by 2", "none by 0", "dahai 9p by 3")  # the dealer (55p) may peng
    assert strs(r.legal_actions(1)) == ["hora 9p by 1"]  # a discard win is


def test_final_round_forfeit(kernel: ModuleType) -> None:
    r = _final(kernel, last_round_win="forfeit")
    run(r, "dahai 5p by 2", "none by 0", "dahai 9p by 3")
    assert strs(r.legal_actions(1)) == ["hora 9p by 1", "none by 1"]
    run(r, "none by 1")
    assert r.forfeited[1] and r.forfeited[2]
    assert not r.locked[1]  # R7.4: no lock in the final round
    _pass_to_end(r)
    settle = last(r, "settlement")
    seats = settle["seats"]
    for s in (1, 2):  # ready, but they passed a final-round win: they collect nothing
        assert seats[s]["forfeited"] and seats[s]["ready_multiplier"] is not None
    # Seat 3 later passed its own final-round win too; the dealer is the one seat not
    # ready, and owes nothing to seats that forfeited (R10.2).
    assert seats[0]["ready_multiplier"] is None and not seats[0]["huazhu"]
    assert [e["forfeited"] for e in seats] == r.forfeited == [False, True, True, True]
    assert all(t["reason"] != "chajiao" for t in settle["transfers"])


def _pass_to_end(r: Round, stop_at_last_draw: bool = False) -> None:
    """Discard the drawn tile (or the first legal discard), pass every claim, never win."""
    while not r.over:
        if stop_at_last_draw and r.pos == 108 and r.to_act() == [r.cur]:
            return
        for s in r.to_act():
            legal = r.legal_actions(s)
            none = [a for a in legal if a.word == "none"]
            dahai = [a for a in legal if a.word == "dahai"]
            if none:
                r.play(none[0])
            else:
                r.play(next((a for a in dahai if a.tile == r.drawn), dahai[0]))


# -- the empty wall (R5.6) ---------------------------------------------------------------------
# Nobody claims or wins, so draw i is made by seat (1 + i) % 4 and seat 3 draws the last
# tile (i = 54), 9s.


def test_no_claim_but_win_on_the_last_discard(kernel: ModuleType) -> None:
    hands = [
        "999s111p222p333p4p6p",  # dealer, void m: holds three 9s
        "123456789m11s78s",  # void p: waits on 6s (all held by seat 2) and 9s
        "123456789m6666s",  # void p
        "123456789p22m33m",  # void s
    ]
    rules = XUEZHAN.replace(last_round_win="off")
    r = make_round(rules, hands, rotation_draws(0, hands, {54: "9s"}), kernel=kernel)
    dingque(r, "mpps")
    _pass_to_end(r, stop_at_last_draw=True)
    assert r.cur == 3 and r.drawn == 26
    run(r, "dahai 9s by 3")
    assert r.to_act() == [1]  # the dealer's three 9s give no gang or peng now
    assert r.legal_actions(0) == []
    for text in ("daiminkan 9s by 0", "pon 9s by 0"):
        with pytest.raises(IllegalActionError) as exc:
            run(r, text)
        assert exc.value.rule == "R5.6"
    run(r, "hora 9s by 1")
    assert r.over and r.result().reason == "wall_empty"
    assert types(r.events)[-3:] == ["ryukyoku", "settlement", "end_kyoku"]


def test_no_concealed_gang_on_the_empty_wall(kernel: ModuleType) -> None:
    hands = [
        "111p222p333p4p6p5s7s8s",  # dealer, void m
        "123456789m111s2s",  # void p
        "123456789m5678s",  # void p
        "999s123456p22m33m",  # void m: discards its 万 first, keeps 999s
    ]
    rules = XUEZHAN.replace(last_round_win="off")
    r = make_round(rules, hands, rotation_draws(0, hands, {54: "9s"}), kernel=kernel)
    dingque(r, "mppm")
    _pass_to_end(r, stop_at_last_draw=True)
    assert r.cur == 3 and r.hands[3].count(26) == 4
    assert not any(a.word == "ankan" for a in r.legal_actions(3))
    with pytest.raises(IllegalActionError) as exc:
        run(r, "ankan 9s by 3")
    assert exc.value.rule == "R5.6"


# -- 荒庄 and R10 ------------------------------------------------------------------------------


def test_huangzhuang_with_huazhu_unready_and_ready(kernel: ModuleType) -> None:
    hands = [
        "1s2s3s4s111m222m333m4m",  # dealer, void s: a 花猪 to the end
        "123456789p55m78m",  # void s: ready on 6m/9m, all held by others
        "66m999m78m1p2p3p5p7p9p",  # void s: not ready
        "66m9m55m7m1p44p66p88p",  # void s: not ready
    ]
    draws = rotation_draws(0, hands, {}, seat_suit={0: "s"})
    r = make_round(XUEZHAN, hands, draws, kernel=kernel)
    dingque(r, "ssss")
    _pass_to_end(r)
    res = r.result()
    assert res.reason == "wall_empty" and res.wins == ()
    assert res.next_dealer == 0  # R11.1: 荒庄不下庄
    assert format_counts(r.hands[0].counts()) == "1112223334m234s"
    settle = last(r, "settlement")
    assert [(e["huazhu"], e["ready_multiplier"]) for e in settle["seats"]] == [
        (True, None),
        (False, 1),
        (False, None),
        (False, None),
    ]
    got = [(t["payer"], t["payee"], t["units"], t["rule"]) for t in settle["transfers"]]
    # R10.1: the 花猪 pays 2**6 to each active non-花猪 seat; R10.2: the two non-ready seats
    # pay the ready seat its value (平胡 ×1); no gang money to refund (R10.3).
    assert got == [
        (0, 1, 64, "R10.1"),
        (0, 2, 64, "R10.1"),
        (0, 3, 64, "R10.1"),
        (2, 1, 1, "R10.2"),
        (3, 1, 1, "R10.2"),
    ]
    assert res.totals == (-192, 66, 63, 63)


# -- 血流成河 (R11.2) ---------------------------------------------------------------------------


def test_xueliu_double_win(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xueliu", exchange_three=False)
    hands = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m33p68p", "123456789m77p68p"]
    r = make_round(rules, hands, "9s9s9s5p9s8s8s7s", kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0", "hora 5p by 1")
    assert r.in_play[1] and r.won[1]  # the winner stays in play
    assert r.events[-1]["type"] == "tsumo" and r.events[-1]["actor"] == 2
    run(r, "dahai 9s by 2", "dahai 9s by 3", "dahai 9s by 0")
    assert strs(r.legal_actions(1))[0] == "hora 5p by 1"
    run(r, "hora 5p by 1")
    # Its winning tiles are set aside; the hand is the same 13 tiles.
    assert format_counts(r.hands[1].counts()) == "123456789m1146p"
    # Discard win: seat 0 pays 1. Self-draw: every other seat pays 1 + 1 unit (R9.2).
    assert r.ledger.totals() == [-3, 7, -2, -2]
    run(r, "dahai 9s by 2", "dahai 8s by 3", "dahai 8s by 0")
    # R11.2: on its turn the locked winner discards the tile it drew.
    assert strs(r.legal_actions(1)) == ["dahai 7s by 1"]
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 1m by 1")
    assert exc.value.rule == "R11.2"
    assert r.next_dealer() == 1


# -- exchange (R3) and void declaration (R4.1) --------------------------------------------------


def test_exchange_three_then_dingque(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xueliu")
    hands = ["11123m22456p3789s", "44456m55789p123s", "77789m12388p456s", "23456789m12345p"]
    r = make_round(rules, hands, kernel=kernel, direction=1)
    assert r.to_act() == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError) as exc:
        run(r, "exchange 1m2p3s by 0")
    assert exc.value.rule == "R3.2"
    with pytest.raises(IllegalActionError) as exc:
        run(r, "exchange 999m by 0")
    assert exc.value.rule == "R3.2"
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 1m by 0")
    assert exc.value.rule == "R3.1"
    run(r, "exchange 123m by 0", "exchange 456m by 1", "exchange 789m by 2")
    assert r.to_act() == [3]
    assert r.events[-1]["type"] == "start_kyoku"  # nothing is shown until all have chosen
    run(r, "exchange 234m by 3")
    ex = [e for e in r.events if e["type"] == "exchange"]
    assert [(e["actor"], e["pai"], e["target"]) for e in ex] == [
        (0, "123m", 1),
        (1, "456m", 2),
        (2, "789m", 3),
        (3, "234m", 0),
    ]
    # Seat 0 gave 123m and received seat 3's 234m.
    assert format_counts(r.hands[0].counts()) == "11234m22456p3789s"
    assert format_counts(r.hands[1].counts()) == "12344m55789p123s"
    assert r.to_act() == [0, 1, 2, 3] and r.stage.name == "DINGQUE"
    dingque(r, "ppsm")
    assert [e["suit"] for e in r.events if e["type"] == "dingque"] == ["p", "p", "s", "m"]
    assert r.stage.name == "TURN" and r.cur == 0


# -- 海底 (R8.6) and the final round's N (R5.7) --------------------------------------------------


def test_haidilaoyue_on_the_last_tile(kernel: ModuleType) -> None:
    # Seat 3 waits on 6s (all four held by seat 2) and 9s (three held by the dealer): the
    # fourth 9s is the last wall tile, and seat 3 draws it (draw 54, R2.1 rotation).
    hands = [
        "999s111p222p333p4p6p",  # dealer, void m
        "123456789p22m33m",  # void s
        "123456789m6666s",  # void p
        "123456789m11s78s",  # void p
    ]
    r = make_round(XUEZHAN, hands, rotation_draws(0, hands, {54: "9s"}), kernel=kernel)
    dingque(r, "mspp")
    _pass_to_end(r, stop_at_last_draw=True)
    assert r.cur == 3 and r.wall_left == 0
    assert strs(r.legal_actions(3)) == ["hora 9s by 3"]  # R5.7 forced (scope any)
    run(r, "hora 9s by 3")
    h = last(r, "hora")
    assert h["last_tile"] and h["score"]["extras"] == ["haidilaoyue"]
    # 平胡 ×1, 海底捞月 ×2; self-draw: each of the three others pays 2 + 1 unit (R9.2).
    assert [t["units"] for t in h["transfers"]] == [2, 2, 2, 1, 1, 1]


@pytest.mark.parametrize(("option", "extras"), [(False, []), (True, ["haidipao"])])
def test_haidipao_option(kernel: ModuleType, option: bool, extras: list[str]) -> None:
    hands = [
        "999s111p222p333p4p6p",  # dealer, void m: holds three 9s
        "123456789m11s78s",  # void p: waits on 6s (all held by seat 2) and 9s
        "123456789m6666s",  # void p
        "123456789p22m33m",  # void s
    ]
    rules = XUEZHAN.replace(last_round_win="off", haidi_pao=option)
    r = make_round(rules, hands, rotation_draws(0, hands, {54: "9s"}), kernel=kernel)
    dingque(r, "mpps")
    _pass_to_end(r, stop_at_last_draw=True)
    run(r, "dahai 9s by 3", "hora 9s by 1")
    h = last(r, "hora")
    assert h["last_tile"] and h["score"]["extras"] == extras


def test_hora_refused_while_holding_the_void_suit(kernel: ModuleType) -> None:
    # Seat 1's tiles would win on 5p, but it declared p void while holding p tiles (R4.4).
    hands = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m33p46p", "123456789m77p68p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "mpss")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [2]
    with pytest.raises(IllegalActionError) as exc:
        run(r, "hora 5p by 1")
    assert exc.value.rule == "R4.4"


def test_final_round_n_is_the_in_play_seats(kernel: ModuleType) -> None:
    # R5.7 N = seats: after seat 1 wins, three seats are in play, so the final round begins
    # with the draw made when the wall holds 3 tiles, not 4.
    hands = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m33p68p", "123456789m77p68p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0", "hora 5p by 1")
    seen: dict[int, bool] = {}
    while not r.over:
        ev = r.events[-1]
        if ev["type"] == "tsumo":
            seen[ev["left"] + 1] = r.final  # wall size before that draw → final yet?
        for s in r.to_act():
            legal = r.legal_actions(s)
            none = [a for a in legal if a.word == "none"]
            dahai = [a for a in legal if a.word == "dahai"]
            r.play(none[0] if none else dahai[0] if dahai else legal[0])
    assert seen[4] is False and seen[3] is True
