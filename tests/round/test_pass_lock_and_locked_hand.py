"""The round engine: gangs, the pass lock and the locked hand.

Each scenario is dealt from a hand-built wall; the expected result is worked out in the
comments from RULES.md, sentence by sentence (R6.3, R7.4, R5.7, R11.2).
"""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, last, make_round, run, strs

from xzcore.round.engine import Round
from xzcore.rules import RuleSet

XUEZHAN = RuleSet.preset("xuezhan")
XUELIU = RuleSet.preset("xueliu", exchange_three=False)


# -- R6.3: "a tile held since before this turn's draw" ------------------------------------------
# Dealer 0 discards 5p; seat 1 (55p) pengs it and discards 9s. Seats 2, 3, 0 draw 7s, 7s, 8s
# and throw them. Seat 1 then draws the fourth 5p at its turn's draw. It first gangs its four
# 1s (concealed) and takes the replacement 9s, then adds the 5p to its peng. The 5p came with
# this turn's draw, so it is not a 转手杠 and earns money even with late_added_gang_pays off.
LATE_HANDS = [
    "5p111p222p888p99p4s6s",  # dealer, void m
    "55p1111s222s333s9s",  # void m
    "123456789m1479p",  # void s
    "123456789m2368p",  # void s
]


def _kakan_after_ankan(kernel: ModuleType, rules: RuleSet) -> Round:
    r = make_round(rules, LATE_HANDS, "7s7s8s5p9s", kernel=kernel)
    dingque(r, "mmss")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [1]
    run(r, "pon 5p by 1", "dahai 9s by 1", "dahai 7s by 2", "dahai 7s by 3", "dahai 8s by 0")
    assert r.cur == 1 and r.drawn == 13  # seat 1's turn's draw: the fourth 5p
    run(r, "ankan 1s by 1")
    assert r.drawn == 26 and "kakan 5p by 1" in strs(r.legal_actions(1))
    run(r, "kakan 5p by 1")
    return r


@pytest.mark.parametrize("pays", [True, False])
def test_added_gang_with_this_turns_draw_after_a_replacement_draw_pays(
    kernel: ModuleType, pays: bool
) -> None:
    r = _kakan_after_ankan(kernel, XUEZHAN.replace(late_added_gang_pays=pays))
    pay = last(r, "gang_payment")
    assert pay["kind"] == "bugang"
    # R6.2 added gang: each other in-play seat pays 1; R6.3 does not apply (not 转手).
    assert [(t["payer"], t["payee"], t["units"]) for t in pay["transfers"]] == [
        (0, 1, 1),
        (2, 1, 1),
        (3, 1, 1),
    ]
    # Concealed gang 3 × 2 = 6, added gang 3 × 1 = 3: seat 1 +9, the others −3 each.
    assert r.ledger.totals() == [-3, 9, -3, -3]


# -- R7.4: a peng instead of a win is a pass; the lock lasts to the next draw of any kind -------
# Dealer 0 discards 5p. Seat 2 (111m 456m 789m 46p 55p, void s) can win on it (平胡 ×1) or
# peng it. It pengs — a pass for R7.4 (V = 1) — and discards 1m: 11m 456m 789m 46p waits on
# the last 5p. Seat 3 (void p) draws that 5p and must throw it (R4.2). Seat 2 has not drawn
# since its pass, so it is still locked. The win on it is 11m 456m 789m 456p + peng 555p with
# the fourth 5p: 平胡 ×1 with one 根 (R8.2) = ×2. strict: not asked; higher_only: ×2 > V = 1,
# asked; off: asked.
PENG_HANDS = [
    "5p111s222s333s444s5s",  # dealer, void m
    "123456789m11p68p",  # void s
    "111m456m789m55p46p",  # void s
    "22m33m5m66m7m99s678s",  # void p
]


def _peng_instead_of_win(kernel: ModuleType, rules: RuleSet) -> Round:
    r = make_round(rules, PENG_HANDS, "5p9p9p1p", kernel=kernel)
    dingque(r, "mssp")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [2]
    assert strs(r.legal_actions(2)) == ["hora 5p by 2", "pon 5p by 2", "none by 2"]
    run(r, "pon 5p by 2", "dahai 1m by 2")
    assert r.cur == 3 and r.drawn == 13
    run(r, "dahai 5p by 3")
    return r


def test_peng_instead_of_a_win_locks_until_the_next_draw(kernel: ModuleType) -> None:
    r = _peng_instead_of_win(kernel, XUEZHAN.replace(pass_hu="strict"))
    # Nobody was asked about seat 3's 5p: the dealer draws next.
    assert r.to_act() == [0] and last(r, "tsumo")["actor"] == 0
    assert r.locked[2] and r.lock_value[2] == 1
    run(r, "dahai 9p by 0", "dahai 9p by 1")
    assert last(r, "tsumo")["actor"] == 2 and not r.locked[2]  # its draw ends the lock


@pytest.mark.parametrize("pass_hu", ["higher_only", "off"])
def test_peng_instead_of_a_win_then_a_higher_win(kernel: ModuleType, pass_hu: str) -> None:
    r = _peng_instead_of_win(kernel, XUEZHAN.replace(pass_hu=pass_hu))
    assert r.to_act() == [2]
    assert strs(r.legal_actions(2)) == ["hora 5p by 2", "none by 2"]
    run(r, "hora 5p by 2")
    assert last(r, "hora")["score"]["multiplier"] == 2


# Seat 2 (111p 456m 789m 46p 55m, void s) passes a 平胡 on the dealer's 5p: strictly locked.
# Seat 1 draws the fourth 1p and must throw it (void p); seat 2 gangs it directly. The
# replacement draw (8s) is a draw of any kind: the lock ends, and when seat 3 throws a 5p
# seat 2 may win on it even under pass_hu = strict.
GANG_HANDS = [
    "5p111s222s333s444s5s",  # dealer, void m
    "123456789m6789s",  # void p
    "111p456m789m46p55m",  # void s
    "11m22m33m66m789s99s",  # void p
]


def test_replacement_draw_ends_the_lock(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN.replace(pass_hu="strict"), GANG_HANDS, "1p8s5p", kernel=kernel)
    dingque(r, "mpsp")
    run(r, "dahai 5p by 0", "none by 2")
    assert r.locked[2]
    run(r, "dahai 1p by 1")
    assert strs(r.legal_actions(2)) == ["daiminkan 1p by 2", "pon 1p by 2", "none by 2"]
    run(r, "daiminkan 1p by 2")
    assert last(r, "tsumo")["rinshan"] and not r.locked[2]
    run(r, "dahai 8s by 2", "dahai 5p by 3")
    assert r.to_act() == [2]
    assert strs(r.legal_actions(2)) == ["hora 5p by 2", "none by 2"]


# -- R7.4 + R5.7: no lock in the final round, even one taken before it began --------------------
# With last_round_tiles = 55 the final round begins with the first draw of the round (the
# wall holds 55). Seat 2 passes the dealer's 5p before that (locked, strict); seat 1 then
# draws the final round's first tile, 5p, and must throw it. In the final round the lock does
# not hold: forced, seat 2 must win; with last_round_win off there is no final round and the
# strict lock keeps seat 2 out.
@pytest.mark.parametrize("mode", ["forced", "off"])
def test_lock_from_before_the_final_round_does_not_hold_in_it(
    kernel: ModuleType, mode: str
) -> None:
    rules = XUEZHAN.replace(pass_hu="strict", last_round_win=mode, last_round_tiles=55)
    r = make_round(rules, GANG_HANDS, "5p", kernel=kernel)
    dingque(r, "mpsp")
    run(r, "dahai 5p by 0")
    assert not r.final  # no draw yet
    run(r, "none by 2")  # locked; then seat 1 draws with 55 tiles in the wall
    assert r.locked[2] and r.final is (mode == "forced")
    run(r, "dahai 5p by 1")
    if mode == "forced":
        assert r.to_act() == [2] and strs(r.legal_actions(2)) == ["hora 5p by 2"]
    else:  # the strict lock holds: nobody is asked and seat 2 draws
        assert r.to_act() == [2] and last(r, "tsumo")["actor"] == 2


# -- R11.2: a 血流 winner's gang must leave its waits unchanged ----------------------------------
# Dealer 0 (void p) discards 4m; seat 1 (1112344789m 789p, void s) wins on it (111m 234m 44m
# 789m 789p) and, in 血流, stays in play with the same 13 tiles (the 4m is set aside). Its
# waits (R7.3): 1m (111m 123m 44m 789m 789p) and 4m (111m 234m 44m 789m 789p); it holds only
# three 1m, so 1m is a wait. After a gang of the fourth 1m it keeps 2344789m 789p, which 4m
# completes (234m 44m 789m 789p) and 1m too, but the seat then holds all four 1m, so 1m is no
# longer a wait: {1m, 4m} → {4m}. The gang changes the waits and R11.2 forbids it (direct
# gang on a discard, or concealed gang of a drawn 1m); the win stays available.
LIUJU_HANDS = [
    "4m111s222s333s444s5s",  # dealer, void p
    "1112344789m789p",  # void s
    "123456789p6789s",  # void m
    "123456789p6789s",  # void m
]


def _xueliu_winner(kernel: ModuleType, draws: str) -> Round:
    r = make_round(XUELIU, LIUJU_HANDS, draws, kernel=kernel)
    dingque(r, "psmm")
    run(r, "dahai 4m by 0", "hora 4m by 1")
    assert r.won[1] and r.in_play[1]
    return r


def test_xueliu_winner_may_not_gang_a_kind_it_waits_on_direct(kernel: ModuleType) -> None:
    r = _xueliu_winner(kernel, "1m")
    run(r, "dahai 1m by 2")  # seat 2 drew the fourth 1m; void m, it must throw it
    assert strs(r.legal_actions(1)) == ["hora 1m by 1", "none by 1"]


def test_xueliu_winner_may_not_gang_a_kind_it_waits_on_concealed(kernel: ModuleType) -> None:
    r = _xueliu_winner(kernel, "1p2p3p1m")
    run(r, "dahai 1p by 2", "dahai 2p by 3", "dahai 3p by 0")
    assert r.cur == 1 and r.drawn == 0  # seat 1 drew the fourth 1m
    assert strs(r.legal_actions(1)) == ["hora 1m by 1", "dahai 1m by 1"]


# -- R5.7 forfeit, scope any: a gang instead of a self-draw win is a pass ----------------------
# With last_round_tiles = 55 the final round begins with seat 1's first draw. Seat 1 (void s)
# holds 1111m 22m 33m 44m 88p 9p and draws 9p: seven pairs, 1111m counting as two (R7.1). It
# gangs the four 1m instead of winning (R5.1 lets it decline): under forfeit with scope any
# that passes a final-round win, so it will collect nothing in 查大叫 (R10.2). Outside the
# final round (N = seats) the same gang forfeits nothing.
FORFEIT_HANDS = [
    "5s111s222s333s444s9p",  # dealer, void m
    "1111m22m33m44m88p9p",  # void s
    "12345678p24568m",  # void s
    "12345678p24568m",  # void s
]


@pytest.mark.parametrize(("tiles", "forfeited"), [(55, True), (None, False)])
def test_gang_instead_of_a_final_round_self_draw_forfeits(
    kernel: ModuleType, tiles: int | None, forfeited: bool
) -> None:
    rules = XUEZHAN.replace(last_round_win="forfeit", last_round_tiles=tiles)
    r = make_round(rules, FORFEIT_HANDS, "9p", kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5s by 0")
    assert r.cur == 1 and r.final is forfeited
    assert strs(r.legal_actions(1))[:2] == ["hora 9p by 1", "ankan 1m by 1"]
    run(r, "ankan 1m by 1")
    assert r.forfeited == [False, forfeited, False, False]
