"""The round engine: turn order after wins, the next dealer,
robbing a gang, and the end of round in 血战 and 血流.

Each scenario is dealt from a hand-built wall; the expected result is worked out in the
comments from RULES.md (R5.3, R5.5, R6.4, R10.1–R10.4, R11.1, R11.2).
"""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, last, make_round, pass_to_end, run, strs

from xzcore.round.engine import Round
from xzcore.rules import RuleSet

XUEZHAN = RuleSet.preset("xuezhan")
XUELIU = RuleSet.preset("xueliu", exchange_three=False)


# -- R5.5 after a self-draw: the in-play seat after the winner -----------------------------------
# Dealer 0 discards 5p; seat 2 (kanchan 46p) wins on it and leaves play; seat 3 draws next
# (the seat after the last winner). Seat 3 throws 9p, the dealer draws and throws 9p, seat 1
# draws 7p and wins by self-draw (123456789m 11p 678p, 平胡 ×1; no 地胡: a claim came first).
# The in-play seat after seat 1 is seat 3 (seat 2 is out): seat 3 draws next.
ORDER_HANDS = [
    "5p111s222s333s444s5s",  # dealer, void m
    "123456789m11p68p",  # void s, waits 7p
    "123456789m33p46p",  # void s, waits 5p
    "123456789m77p68p",  # void s
]


def test_self_draw_resumes_with_the_next_in_play_seat(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, ORDER_HANDS, "9p9p7p", kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0", "hora 5p by 2")
    assert last(r, "tsumo")["actor"] == 3
    run(r, "dahai 9p by 3", "dahai 9p by 0")
    assert r.cur == 1 and strs(r.legal_actions(1))[0] == "hora 7p by 1"
    run(r, "hora 7p by 1")
    h = last(r, "hora")
    assert not h["first_turn"] and h["score"]["capped"] == 1
    # R9.2: the other in-play seats (0 and 3; seat 2 has left) pay ×1 + one unit each.
    assert sorted((t["payer"], t["units"]) for t in h["transfers"]) == [
        (0, 1),
        (0, 1),
        (3, 1),
        (3, 1),
    ]
    assert last(r, "tsumo")["actor"] == 3
    # dealer −1 (seat 2's win) −2; seat 1 +4; seat 2 +1; seat 3 −2.
    assert r.ledger.totals() == [-3, 4, 1, -2]
    assert r.next_dealer() == 2  # R11.1: the first winner, a single win


# -- 抢杠 (R6.4) with R5.3, R5.5 and R11.1 ------------------------------------------------------
# Dealer 0 discards 5p; seat 1 (55p) pengs it while seats 2 and 3 pass (both wait on 5p);
# seat 1 throws 9s; seats 2, 3, 0 draw and throw 7s, 7s, 8s; seat 1 draws the fourth 5p and
# adds it to its peng. Seats 2 and 3 may rob it.
ROB_HANDS = [
    "5p111p222p888p99p4s6s",  # dealer, void m
    "55p111s222s333s99s",  # void m
    "123456789m33p46p",  # void s
    "123456789m77p46p",  # void s
]


def _to_kakan(kernel: ModuleType, rules: RuleSet) -> Round:
    r = make_round(rules, ROB_HANDS, "7s7s8s5p", kernel=kernel)
    dingque(r, "mmss")
    run(r, "dahai 5p by 0", "pon 5p by 1", "none by 2", "none by 3")
    run(r, "dahai 9s by 1", "dahai 7s by 2", "dahai 7s by 3", "dahai 8s by 0")
    run(r, "kakan 5p by 1")
    assert r.to_act() == [2, 3]
    return r


def test_two_robbers_the_robbed_seat_deals_next(kernel: ModuleType) -> None:
    r = _to_kakan(kernel, XUEZHAN)
    run(r, "hora 5p by 3", "hora 5p by 2")
    # R5.5 with the robbed seat 1 as discarder: winners 2, 3 → seat 0 draws next.
    assert last(r, "tsumo")["actor"] == 0
    # Each robber: 平胡 ×1 × 抢杠 ×2 = ×2, paid by the robbed seat (R6.4 robbed); the gang is
    # void, so no gang money moved at all.
    assert r.ledger.totals() == [0, -4, 2, 2]
    assert {t.reason for t in r.ledger} == {"qianggang"}
    # R11.1: the first win was a multiple win on one tile → the "discarder" (robbed) deals.
    assert r.next_dealer() == 1


def test_rob_with_multi_ron_off(kernel: ModuleType) -> None:
    r = _to_kakan(kernel, XUEZHAN.replace(multi_ron=False))
    run(r, "hora 5p by 3", "hora 5p by 2")
    # R5.3: the first claimant in play order from the robbed seat 1 is seat 2; seat 3 is
    # not locked. R5.5: play resumes after seat 2 → seat 3.
    assert [w.seat for w in r.wins] == [2]
    assert last(r, "tsumo")["actor"] == 3 and not r.locked[3]
    assert r.ledger.totals() == [0, -2, 2, 0]
    assert r.next_dealer() == 2


# -- R9.5 呼叫转移 last_gang: only the gangs of the discarder's current turn --------------------
# Dealer 0 gangs 1111s on its first turn (turn 1: seats 1, 2, 3 pay 2 each), draws 9s and
# throws it; seats 1, 2, 3 draw and throw 9s, 9s, 8s (turns 2–4); the dealer draws the fourth
# 2s (turn 5), gangs it (2 each again), draws 7s and throws 5p. Seat 1 wins on it: 平胡 ×1 ×
# 杠上炮 ×2 = ×2 (R8.6); seat 2 passes.
#   last_gang: seat 1 gets the 6 of the turn-5 gang only → dealer +12 −2 −6 = +4,
#              seat 1 −4 +2 +6 = +4, seats 2, 3 −4;
#   all_gangs_first: all 12 → dealer −2, seat 1 +10; none: dealer +10, seat 1 −2.
GSP_HANDS = [
    "1111s222s888p99p3s5p",  # dealer, void m
    "123456789m33p46p",  # void s, waits 5p
    "123456789m77p46p",  # void s, waits 5p
    "123456789m11p68p",  # void s, waits 7p
]


@pytest.mark.parametrize(
    ("mode", "handed", "totals"),
    [
        ("last_gang", 6, [4, 4, -4, -4]),
        ("all_gangs_first", 12, [-2, 10, -4, -4]),
        ("none", None, [10, -2, -4, -4]),
    ],
)
def test_call_transfer_of_an_earlier_turn(
    kernel: ModuleType, mode: str, handed: int | None, totals: list[int]
) -> None:
    rules = XUEZHAN.replace(call_transfer=mode)
    r = make_round(rules, GSP_HANDS, "9s9s9s8s2s7s", kernel=kernel)
    dingque(r, "msss")
    run(r, "ankan 1s by 0", "dahai 9s by 0", "dahai 9s by 1", "dahai 9s by 2", "dahai 8s by 3")
    assert r.cur == 0 and r.turn_no == 5
    run(r, "ankan 2s by 0", "dahai 5p by 0", "hora 5p by 1", "none by 2")
    assert last(r, "hora")["score"]["extras"] == ["gangshangpao"]
    ct = last(r, "call_transfer")
    got = [(t["payer"], t["payee"], t["units"]) for t in ct["transfers"]]
    assert got == ([] if handed is None else [(0, 1, handed)])
    assert r.ledger.totals() == totals


# -- R9.5 all_gangs_first: two 杠上炮 by one discarder, nothing handed on twice ----------------
# Dealer 0 gangs 1111s on its first turn (turn 1: seats 1, 2, 3 pay 2 each = 6), draws 9s and
# throws 5p: seat 1 wins on it, 平胡 ×1 × 杠上炮 ×2 = ×2 (R8.6), and leaves (血战). Seats 2 and
# 3 draw and throw 8s; the dealer draws the fourth 2s (turn 4), gangs it (seats 2 and 3, the
# in-play others, pay 2 each = 4), draws 9s and throws 7p: seat 2 wins on it, ×2 again.
#   all_gangs_first: 6 to seat 1 (all it received), then only the 4 not already handed on to
#     seat 2 — not 10 → dealer 6 −2 −6 +4 −2 −4 = −4, seat 1 −2 +2 +6 = +6,
#     seat 2 −2 −2 +2 +4 = +2, seat 3 −2 −2 = −4;
#   last_gang: the same two amounts here (each is its turn's gang money);
#   none: dealer +6, seat 1 0, seat 2 −2, seat 3 −4.
GSP2_HANDS = [
    "1111s222s888p99p5p7p",  # dealer, void m
    "123456789m33p46p",  # void s, waits 5p
    "123456789m11p68p",  # void s, waits 7p
    "123456789m22p33p",  # void s, waits 2p/3p
]


@pytest.mark.parametrize(
    ("mode", "handed", "totals"),
    [
        ("all_gangs_first", [(0, 1, 6), (0, 2, 4)], [-4, 6, 2, -4]),
        ("last_gang", [(0, 1, 6), (0, 2, 4)], [-4, 6, 2, -4]),
        ("none", [], [6, 0, -2, -4]),
    ],
)
def test_r9_5_all_gangs_first_hands_on_only_money_not_already_handed_on(
    kernel: ModuleType, mode: str, handed: list[tuple[int, int, int]], totals: list[int]
) -> None:
    rules = XUEZHAN.replace(call_transfer=mode)
    r = make_round(rules, GSP2_HANDS, "9s8s8s2s9s", kernel=kernel)
    dingque(r, "msss")
    run(r, "ankan 1s by 0", "dahai 5p by 0", "hora 5p by 1")
    assert r.ledger.unspent_gang_income(0) == (6 if mode == "none" else 0)
    run(r, "dahai 8s by 2", "dahai 8s by 3")
    assert r.cur == 0 and r.turn_no == 4
    run(r, "ankan 2s by 0", "dahai 7p by 0", "hora 7p by 2")
    hs = [e for e in r.events if e["type"] == "hora"]
    assert [(h["actor"], h["score"]["extras"], h["score"]["capped"]) for h in hs] == [
        (1, ["gangshangpao"], 2),
        (2, ["gangshangpao"], 2),
    ]
    cts = [t for e in r.events if e["type"] == "call_transfer" for t in e["transfers"]]
    assert [(t["payer"], t["payee"], t["units"]) for t in cts] == handed
    assert all(t["rule"] == "R9.5" for t in cts)
    assert r.ledger.totals() == totals
    # Nothing was handed on twice: what the dealer handed on is what it received.
    assert r.ledger.unspent_gang_income(0) == (10 if mode == "none" else 0)


# -- End of round: R10.2 and R10.3 in 血战 and 血流 ---------------------------------------------
# Dealer 0 gangs its four 1s on its first turn (R6.1; R6.2: seats 1, 2, 3 pay 2 each), draws
# 9s and throws it. Seat 1 draws 5p and wins by self-draw (平胡 ×1; each of 0, 2, 3 pays
# 1 + 1 unit). Then everybody throws what it draws to the end of the wall, so the hands stay:
#   dealer 2s4s5s6s8s 1p3p5p7p9p + gang 1s — not ready, no 万 (its void): not a 花猪;
#   seat 2 123456789m 33p 68p — ready on 7p, 平胡 ×1;
#   seat 3 123m 567m 9m 1p2p4p6p8p9p — not ready.
# R10 (three active seats; in 血流 seat 1 has won and is left out of R10):
#   R10.2: dealer and seat 3 each pay seat 2 ×1;
#   R10.3: the dealer, not ready, refunds its 6 of gang money to seats 1, 2, 3 (2 each),
#          seat 1 included although it has won.
# Totals: gang 0:+6 1:−2 2:−2 3:−2; win 0:−2 1:+6 2:−2 3:−2; R10.2 0:−1 2:+2 3:−1;
# R10.3 0:−6 1:+2 2:+2 3:+2 → [−3, 6, 0, −3].
END_HANDS = [
    "1111s2s4s5s6s8s1p3p5p7p9p",  # dealer, void m
    "123456789m11p46p",  # void s, waits 5p
    "123456789m33p68p",  # void s, waits 7p
    "1m2m3m5m6m7m9m1p2p4p6p8p9p",  # void s
]


@pytest.mark.parametrize("rules", [XUEZHAN, XUELIU], ids=["xuezhan", "xueliu"])
def test_end_of_round_chajiao_and_refund(kernel: ModuleType, rules: RuleSet) -> None:
    rules = rules.replace(last_round_win="off")
    r = make_round(rules, END_HANDS, "9s5p", kernel=kernel)
    dingque(r, "msss")
    run(r, "ankan 1s by 0", "dahai 9s by 0", "hora 5p by 1")
    assert r.in_play[1] is rules.xueliu
    pass_to_end(r)
    res = r.result()
    assert res.reason == "wall_empty"
    settle = last(r, "settlement")
    assert [(e["active"], e["huazhu"], e["ready_multiplier"]) for e in settle["seats"]] == [
        (True, False, None),
        (False, False, None),
        (True, False, 1),
        (True, False, None),
    ]
    got = [(t["payer"], t["payee"], t["units"], t["rule"]) for t in settle["transfers"]]
    assert got == [
        (0, 2, 1, "R10.2"),
        (3, 2, 1, "R10.2"),
        (0, 1, 2, "R10.3"),
        (0, 2, 2, "R10.3"),
        (0, 3, 2, "R10.3"),
    ]
    assert res.totals == (-3, 6, 0, -3)
    assert res.next_dealer == 1


# -- R7.5: a concealed gang by another non-dealer voids 地胡 ------------------------------------
# Dealer 0 throws 9p (nobody can use it). Seat 1 draws 9s, gangs its four 1m (concealed; R6.2:
# seats 0, 2, 3 pay 2 each), draws 7s and throws 9s (void s, R4.2). Seat 2 then wins by
# self-draw on its first draw, 5m (123456789p 456m 55m, 平胡 ×1). A gang was declared before
# the win, so it is not 地胡 (×32): ×1 + one unit from each of 0, 1, 3 (R9.2).
# Totals: gang 0:−2 1:+6 2:−2 3:−2; win 0:−2 1:−2 2:+6 3:−2 → [−4, 4, 4, −4].
DIHU_HANDS = [
    "5s111s222s333s444s9p",  # dealer, void m
    "1111m234m567m88p9p",  # void s
    "123456789p55m46m",  # void s, waits 5m
    "123456789p5678s",  # void m
]


@pytest.mark.parametrize("gang", [True, False])
def test_dihu_voided_by_a_non_dealers_concealed_gang(kernel: ModuleType, gang: bool) -> None:
    r = make_round(XUEZHAN, DIHU_HANDS, "9s7s5m" if gang else "9s5m", kernel=kernel)
    dingque(r, "mssm")
    run(r, "dahai 9p by 0")
    if gang:
        run(r, "ankan 1m by 1")
    run(r, "dahai 9s by 1", "hora 5m by 2")
    h = last(r, "hora")
    assert h["first_turn"] is not gang
    if gang:
        assert h["score"]["special"] is None and h["score"]["capped"] == 1
        assert r.ledger.totals() == [-4, 4, 4, -4]
    else:  # control: no gang, no claim → 地胡 ×32, no self-draw unit
        assert h["score"]["special"] == "dihu" and h["score"]["capped"] == 32
        assert r.ledger.totals() == [-32, -32, 96, -32]
