"""Scenario tests with hand-built walls: gangs and their money (R6.1–R6.4), 杠上炮 with
呼叫转移 (R9.5), the pass lock after a passed win (R7.4). Figures worked out in comments."""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, last, make_round, run, since, strs, types

from xzcore.round.actions import IllegalActionError
from xzcore.round.engine import Round
from xzcore.rules import RuleSet

XUEZHAN = RuleSet.preset("xuezhan")


# -- 抢杠 (R6.4) ------------------------------------------------------------------------------
# Dealer 0 discards 5p; seat 1 (55p) pengs it while seats 2 and 3 (waiting on 5p, kanchan
# 46p) pass; seat 1 discards 9s. Seats 2, 3, 0 draw 7s, 7s, 8s and discard them (nobody can
# claim them); seat 1 draws the fourth 5p and adds it to its peng: seats 2 and 3 may rob.
ROB_HANDS = [
    "5p111p222p888p99p4s6s",  # dealer, void m
    "55p111s222s333s99s",  # void m
    "123456789m33p46p",  # void s
    "123456789m77p46p",  # void s
]
ROB_DRAWS = "7s7s8s5p"


def _to_kakan(kernel: ModuleType, rules: RuleSet = XUEZHAN) -> Round:
    r = make_round(rules, ROB_HANDS, ROB_DRAWS, kernel=kernel)
    dingque(r, "mmss")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [1, 2, 3]
    run(r, "pon 5p by 1", "none by 2", "none by 3")
    assert r.locked[2] and r.locked[3]  # R7.4: they passed a win
    run(r, "dahai 9s by 1", "dahai 7s by 2", "dahai 7s by 3", "dahai 8s by 0")
    assert not r.locked[2] and not r.locked[3]  # their draws ended the lock
    assert r.drawn == 13 and "kakan 5p by 1" in strs(r.legal_actions(1))
    run(r, "kakan 5p by 1")
    return r


def test_two_seats_rob_one_added_gang(kernel: ModuleType) -> None:
    r = _to_kakan(kernel)
    assert r.to_act() == [2, 3]
    assert strs(r.legal_actions(2)) == ["hora 5p by 2", "none by 2"]  # R6.4: only 胡
    with pytest.raises(IllegalActionError) as exc:
        run(r, "pon 5p by 2")
    assert exc.value.rule == "R6.4"
    mark = len(r.events)
    run(r, "hora 5p by 2", "hora 5p by 3")
    evs = since(r, mark)
    assert "gang_payment" not in types(evs)  # the gang is void: no money (R6.4)
    horas = [e for e in evs if e["type"] == "hora"]
    assert [h["actor"] for h in horas] == [2, 3]
    for h in horas:
        assert h["robbed"] and h["target"] == 1
        # 平胡 ×1 with the 抢杠 extra ×2 (R8.6) = ×2, paid by the robbed seat (R6.4 robbed).
        assert h["score"]["extras"] == ["qiangganghu"] and h["score"]["capped"] == 2
        assert [(t["payer"], t["units"], t["rule"]) for t in h["transfers"]] == [(1, 2, "R9.4")]
    assert r.ledger.totals() == [0, -4, 2, 2]
    assert [str(m) for m in r.melds[1]] == ["peng 5p"]  # the peng stays a peng
    assert r.hands[1].count(13) == 0
    # R5.5: winners 2 and 3 from the robbed seat 1 → seat 0 draws; R11.1: the robbed seat
    # (the discarder of a multiple first win) deals next.
    assert evs[-1]["type"] == "tsumo" and evs[-1]["actor"] == 0
    assert r.next_dealer() == 1
    r.check_tiles()


def test_one_seat_robs_the_other_passes(kernel: ModuleType) -> None:
    r = _to_kakan(kernel)
    mark = len(r.events)
    run(r, "none by 3", "hora 5p by 2")
    evs = since(r, mark)
    assert types(evs)[:2] == ["none", "hora"]
    assert r.locked[3] is False  # seat 3 passed, but it draws next (R5.5) and is unlocked
    assert evs[-1] == {
        "type": "tsumo",
        "actor": 3,
        "pai": evs[-1]["pai"],
        "rinshan": False,
        "left": evs[-1]["left"],
    }
    assert r.next_dealer() == 2


def test_unrobbed_added_gang_pays_and_draws(kernel: ModuleType) -> None:
    r = _to_kakan(kernel)
    mark = len(r.events)
    run(r, "none by 2", "none by 3")
    evs = since(r, mark)
    assert types(evs) == ["none", "none", "gang_payment", "tsumo"]
    pay = evs[2]
    assert pay["kind"] == "bugang" and pay["actor"] == 1
    # R6.2: each other in-play seat pays gang_added_units = 1; the fourth tile was drawn
    # this turn, so R6.3 does not apply.
    assert [(t["payer"], t["units"]) for t in pay["transfers"]] == [(0, 1), (2, 1), (3, 1)]
    assert evs[3]["rinshan"] and evs[3]["actor"] == 1
    assert [str(m) for m in r.melds[1]] == ["bugang 5p"]


@pytest.mark.parametrize(("pays", "expected"), [(True, [1, 1, 1]), (False, [])])
def test_late_added_gang_r6_3(kernel: ModuleType, pays: bool, expected: list[int]) -> None:
    # R6.3 转手杠: seat 1 draws the fourth 5p, keeps it a turn, then adds it to its peng.
    rules = XUEZHAN.replace(late_added_gang_pays=pays)
    r = make_round(rules, ROB_HANDS, "7s7s8s5p7s7s8s8s", kernel=kernel)
    dingque(r, "mmss")
    run(r, "dahai 5p by 0", "pon 5p by 1", "none by 2", "none by 3", "dahai 9s by 1")
    run(r, "dahai 7s by 2", "dahai 7s by 3", "dahai 8s by 0")
    assert r.drawn == 13  # seat 1 drew the fourth 5p, and keeps it
    run(r, "dahai 9s by 1", "dahai 7s by 2", "dahai 7s by 3", "dahai 8s by 0")
    assert r.drawn == 25  # seat 1 drew 8s: the 5p was held since before this draw
    run(r, "kakan 5p by 1", "none by 2", "none by 3")
    pay = last(r, "gang_payment")
    assert pay["kind"] == "bugang"
    assert [t["units"] for t in pay["transfers"]] == expected


# -- 杠上炮 and 呼叫转移 (R8.6, R9.5) -----------------------------------------------------------
# Dealer 0 holds 1111s and 222s: on its first turn it gangs 1s (R6.1: the dealer's first turn
# included), draws the fourth 2s, gangs again, draws 7s and discards 5p; seats 1 and 2 win on
# it (杠上炮).
GSP_HANDS = [
    "1111s222s888p99p3s5p",  # dealer, void m
    "123456789m33p46p",  # void s, waits 5p
    "123456789m77p46p",  # void s, waits 5p
    "123456789m11p68p",  # void s, waits 7p
]


def test_gangshangpao_call_transfer_to_two_winners(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, GSP_HANDS, "2s7s", kernel=kernel)
    dingque(r, "msss")
    run(r, "ankan 1s by 0")
    assert last(r, "tsumo") == {
        "type": "tsumo",
        "actor": 0,
        "pai": "2s",
        "rinshan": True,
        "left": 54,
    }
    run(r, "ankan 2s by 0", "dahai 5p by 0")
    pays = [e for e in r.events if e["type"] == "gang_payment"]
    # R6.2: two concealed gangs, each other in-play seat pays 2 for each: dealer +12.
    assert [sum(t["units"] for t in p["transfers"]) for p in pays] == [6, 6]
    assert {t["turn"] for p in pays for t in p["transfers"]} == {1}
    run(r, "hora 5p by 1", "hora 5p by 2")
    horas = [e for e in r.events if e["type"] == "hora"]
    for h in horas:
        assert h["after_gang"] and h["score"]["extras"] == ["gangshangpao"]
        assert h["score"]["capped"] == 2  # 平胡 ×1, 杠上炮 ×2
    ct = last(r, "call_transfer")
    assert ct["actor"] == 0 and ct["winners"] == [1, 2]
    # R9.5 last_gang: each winner gets the gang money of both gangs of this turn (12).
    assert [(t["payer"], t["payee"], t["units"]) for t in ct["transfers"]] == [
        (0, 1, 12),
        (0, 2, 12),
    ]
    # dealer: +12 gangs − 2×2 wins − 2×12 transfers = −16; seats 1, 2: −4 + 2 + 12 = 10.
    assert r.ledger.totals() == [-16, 10, 10, -4]
    assert types(r.events).index("call_transfer") > max(
        i for i, e in enumerate(r.events) if e["type"] == "hora"
    )


def test_gang_on_the_void_suit_and_without_tiles_refused(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, GSP_HANDS, "2s7s", kernel=kernel)
    dingque(r, "ssss")  # the dealer declares s void: its 1111s may not be ganged (R6.5)
    assert "ankan 1s by 0" not in strs(r.legal_actions(0))
    with pytest.raises(IllegalActionError) as exc:
        run(r, "ankan 1s by 0")
    assert exc.value.rule == "R4.3"
    with pytest.raises(IllegalActionError) as exc:
        run(r, "ankan 8p by 0")
    assert exc.value.rule == "R6.5"
    # R4.2: holding void tiles, the dealer must discard one of them.
    assert {a.tile // 9 for a in r.legal_actions(0) if a.word == "dahai"} == {2}
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 5p by 0")
    assert exc.value.rule == "R4.2"


# -- 过手胡 (R7.4) -----------------------------------------------------------------------------
# Seat 1 holds 222m 555m 888m 444p 5p: waits 3p and 6p (平胡 ×1) and 5p (对对胡 ×2).
# Seat 2 (void p) must discard its only p tile, 5p: seat 1 passes that ×2 win.
# Seat 3 (void p) must discard 3p: worth ×1 to seat 1, not above 2 — refused; the dealer may
# peng it, so the claim stays open. The dealer then draws the fourth 7s, gangs, and discards
# 5p after the replacement draw: 对对胡 ×2 with 杠上炮 ×2 = ×4 > 2 — allowed.
LOCK_HANDS = [
    "5p1p3p3p4s777s888s999s",  # dealer, void m
    "222m555m888m444p5p",  # void s
    "5p111s222s333s456s",  # void p
    "3p111m333m444m666m",  # void p
]
LOCK_DRAWS = "9p9m7m7s6s"


def _to_lock(kernel: ModuleType, rules: RuleSet) -> Round:
    r = make_round(rules, LOCK_HANDS, LOCK_DRAWS, kernel=kernel)
    dingque(r, "mspp")
    run(r, "dahai 1p by 0", "dahai 9p by 1", "dahai 5p by 2")
    assert r.to_act() == [1]
    assert strs(r.legal_actions(1)) == ["hora 5p by 1", "none by 1"]
    run(r, "none by 1")
    return r


def test_pass_then_lower_then_higher_value(kernel: ModuleType) -> None:
    r = _to_lock(kernel, XUEZHAN)
    assert r.locked[1] and r.lock_value[1] == 2
    run(r, "dahai 3p by 3")
    assert r.to_act() == [0]  # seat 1 may not win on 3p (×1 ≤ 2); the dealer may peng
    assert r.legal_actions(1) == []
    with pytest.raises(IllegalActionError) as exc:
        run(r, "hora 3p by 1")
    assert exc.value.rule == "R7.4"
    run(r, "none by 0", "ankan 7s by 0", "dahai 5p by 0")
    assert r.to_act() == [1]
    run(r, "hora 5p by 1")
    h = last(r, "hora")
    assert h["score"]["pattern"] == "duidui" and h["score"]["extras"] == ["gangshangpao"]
    assert h["score"]["multiplier"] == 4
    # ankan: 2 from each other seat (+6); win: dealer pays 4; 呼叫转移: the 6 to seat 1.
    assert r.ledger.totals() == [-4, 8, -2, -2]


def test_strict_lock_refuses_even_a_higher_value(kernel: ModuleType) -> None:
    r = _to_lock(kernel, XUEZHAN.replace(pass_hu="strict"))
    run(r, "dahai 3p by 3", "none by 0", "ankan 7s by 0", "dahai 5p by 0")
    # R7.4 strict: seat 1 is not asked; nobody else can claim 5p, so seat 1 draws.
    assert r.events[-1]["type"] == "tsumo" and r.events[-1]["actor"] == 1
    assert not r.locked[1]


def test_no_lock_when_pass_hu_off(kernel: ModuleType) -> None:
    r = _to_lock(kernel, XUEZHAN.replace(pass_hu="off"))
    assert not r.locked[1]
    run(r, "dahai 3p by 3")
    assert r.to_act() == [0, 1]
    assert strs(r.legal_actions(1)) == ["hora 3p by 1", "none by 1"]


@pytest.mark.parametrize(
    ("mode", "totals"),
    [
        # R9.5 none: no hand-over. dealer +12 − 4; seats 1, 2: −4 + 2.
        ("none", [8, -2, -2, -4]),
        # all_gangs_first: the first winner in play order (seat 1) gets all 12.
        ("all_gangs_first", [-4, 10, -2, -4]),
    ],
)
def test_call_transfer_modes(kernel: ModuleType, mode: str, totals: list[int]) -> None:
    r = make_round(XUEZHAN.replace(call_transfer=mode), GSP_HANDS, "2s7s", kernel=kernel)
    dingque(r, "msss")
    run(r, "ankan 1s by 0", "ankan 2s by 0", "dahai 5p by 0", "hora 5p by 1", "hora 5p by 2")
    assert r.ledger.totals() == totals


# -- 点杠花 (R9.3) ------------------------------------------------------------------------------
# Seat 1 gangs the dealer's 5p (555p in hand) and wins on the replacement draw, 1p:
# 123456789m 11p + gang 5p: 平胡 ×1, one 根 ×2, 杠上花 ×2 = ×4.
DGH_HANDS = ["5p111s222s333s444s5s", "555p123456789m1p", "123456789m33p68p", "123456789m77p68p"]


@pytest.mark.parametrize(
    ("mode", "totals"),
    [
        ("discarder", [-2 - 4, 2 + 4, 0, 0]),  # the discarder pays ×4 alone, no unit
        ("all", [-2 - 5, 2 + 15, -5, -5]),  # paid as a self-draw: ×4 + 1 unit from each
    ],
)
def test_dianganghua(kernel: ModuleType, mode: str, totals: list[int]) -> None:
    r = make_round(XUEZHAN.replace(dianganghua=mode), DGH_HANDS, "1p", kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    assert strs(r.legal_actions(1)) == ["daiminkan 5p by 1", "pon 5p by 1", "none by 1"]
    run(r, "daiminkan 5p by 1")
    pay = last(r, "gang_payment")
    assert pay["kind"] == "gang" and pay["target"] == 0
    assert [(t["payer"], t["units"]) for t in pay["transfers"]] == [(0, 2)]  # R6.2 direct
    run(r, "hora 1p by 1")
    h = last(r, "hora")
    assert h["after_gang"] and h["score"]["capped"] == 4
    assert h["score"]["extras"] == ["gangshanghua"]
    assert r.ledger.totals() == totals


def test_qianggang_paid_as_self_draw(kernel: ModuleType) -> None:
    # R6.4 qianggang_payer = all: each robber is paid as a self-draw (×2 + 1 unit) by the
    # other in-play seats; the co-winner of the same tile leaves play with it and does not pay.
    r = _to_kakan(kernel, XUEZHAN.replace(qianggang_payer="all"))
    run(r, "hora 5p by 2", "hora 5p by 3")
    horas = [e for e in r.events if e["type"] == "hora"]
    assert [sorted({t["payer"] for t in h["transfers"]}) for h in horas] == [[0, 1], [0, 1]]
    assert r.ledger.totals() == [-6, -6, 6, 6]
