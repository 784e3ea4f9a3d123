"""Scenario tests with hand-built walls: claims on a discard (R5.2, R5.3), turn order after a
win (R5.5), robbing a gang (R6.4), 杠上炮 with 呼叫转移 (R9.5), the pass lock (R7.4), the
void suit and claims (R4.3), the next dealer (R11.1). Every expected figure is worked out in
the comments from RULES.md."""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, last, make_round, run, since, strs, types

from xzcore.round.actions import IllegalActionError
from xzcore.round.engine import Round
from xzcore.rules import RuleSet

XUEZHAN = RuleSet.preset("xuezhan")

# Dealer 0 holds one 5p and discards it first; it holds no 万 and declares m void.
DEALER_5P = "5p111s222s333s444s5s"
# Seats waiting on 5p (kanchan 46p) and seats that are not (68p waits 7p); each declares s.
WAIT_5P = {1: "123456789m11p46p", 2: "123456789m33p46p", 3: "123456789m77p46p"}
NO_5P = {1: "123456789m11p68p", 2: "123456789m33p68p", 3: "123456789m77p68p"}


def _multi(kernel: ModuleType, waiting: set[int], rules: RuleSet = XUEZHAN) -> Round:
    hands = [DEALER_5P] + [WAIT_5P[s] if s in waiting else NO_5P[s] for s in (1, 2, 3)]
    r = make_round(rules, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    return r


@pytest.mark.parametrize(
    ("waiting", "next_drawer"),
    [
        ({3}, 0),  # R5.5: seat 0 discards, seat 3 wins → seat 0 draws next
        ({1, 3}, 0),  # seats 1 and 3 win → seat 0
        ({1, 2}, 3),  # seats 1 and 2 win → seat 3
    ],
)
def test_r5_5_turn_order_after_wins(
    kernel: ModuleType, waiting: set[int], next_drawer: int
) -> None:
    r = _multi(kernel, waiting)
    assert r.to_act() == sorted(waiting)
    for s in sorted(waiting):
        assert strs(r.legal_actions(s)) == [f"hora 5p by {s}", f"none by {s}"]
    mark = len(r.events)
    for s in sorted(waiting):
        run(r, f"hora 5p by {s}")
    evs = since(r, mark)
    assert [e["actor"] for e in evs if e["type"] == "hora"] == sorted(waiting)
    tsumo = next(e for e in evs if e["type"] == "tsumo")
    assert tsumo["actor"] == next_drawer
    # 平胡 ×1 on a discard: the discarder pays each winner 1 (R9.1), separately (R5.3).
    for e in evs:
        if e["type"] == "hora":
            assert e["score"]["pattern"] == "pinghu" and e["score"]["capped"] == 1
            assert [(t["payer"], t["payee"], t["units"]) for t in e["transfers"]] == [
                (0, e["actor"], 1)
            ]
    # R11.1: a multiple first win → the discarder deals next; a single one → the winner.
    assert r.next_dealer() == (0 if len(waiting) > 1 else 3)
    r.check_tiles()


def test_discard_won_by_three_ends_the_round(kernel: ModuleType) -> None:
    r = _multi(kernel, {1, 2, 3})
    run(r, "hora 5p by 1", "hora 5p by 2", "hora 5p by 3")
    assert r.over
    res = r.result()
    assert res.reason == "three_won"  # R10.4: no end-of-round settlement
    assert "settlement" not in types(r.events)
    assert res.winners == [1, 2, 3]
    assert res.totals == (-3, 1, 1, 1)
    assert res.next_dealer == 0  # R11.1: multiple win on one discard → the discarder
    end = r.events[-1]
    assert end == {
        "type": "end_kyoku",
        "reason": "three_won",
        "winners": [1, 2, 3],
        "totals": [-3, 1, 1, 1],
        "next_dealer": 0,
    }


def test_discard_won_by_two_one_passing(kernel: ModuleType) -> None:
    r = _multi(kernel, {1, 2, 3})
    mark = len(r.events)
    run(r, "hora 5p by 1", "none by 2", "hora 5p by 3")
    evs = since(r, mark)
    assert types(evs)[:3] == ["none", "hora", "hora"]
    assert evs[0] == {"type": "none", "actor": 2, "pai": "5p"}
    assert [e["actor"] for e in evs if e["type"] == "hora"] == [1, 3]
    assert r.locked[2] and r.lock_value[2] == 1  # R7.4: seat 2 passed a ×1 win
    # R5.5: winners 1 and 3 from discarder 0 → seat 0 draws next.
    assert next(e for e in evs if e["type"] == "tsumo")["actor"] == 0
    assert r.ledger.totals() == [-2, 1, 0, 1]


def test_multi_ron_off_first_claimant_wins_others_not_locked(kernel: ModuleType) -> None:
    rules = XUEZHAN.replace(multi_ron=False)
    r = _multi(kernel, {1, 2, 3}, rules)
    mark = len(r.events)
    run(r, "hora 5p by 3", "hora 5p by 2", "hora 5p by 1")  # decisions in any order
    evs = since(r, mark)
    # R5.3: only the first claimant in play order from the discarder wins; the others'
    # claims are recorded as superseded and they are not locked.
    assert evs[0] == {"type": "none", "actor": 2, "pai": "5p", "claim": "hora"}
    assert evs[1] == {"type": "none", "actor": 3, "pai": "5p", "claim": "hora"}
    assert evs[2]["type"] == "hora" and evs[2]["actor"] == 1
    assert not r.locked[2] and not r.locked[3]
    assert evs[3]["type"] == "tsumo" and evs[3]["actor"] == 2
    assert r.next_dealer() == 1


def test_a_win_beats_a_peng(kernel: ModuleType) -> None:
    # Seat 2 holds 55p and may peng; seat 3 waits on 5p. R5.3: 胡 over 碰.
    hands = [DEALER_5P, NO_5P[1], "123456789m55p68p", WAIT_5P[3]]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [2, 3]
    assert strs(r.legal_actions(2)) == ["pon 5p by 2", "none by 2"]
    mark = len(r.events)
    run(r, "pon 5p by 2", "hora 5p by 3")
    evs = since(r, mark)
    assert evs[0] == {"type": "none", "actor": 2, "pai": "5p", "claim": "pon"}
    assert evs[1]["type"] == "hora"
    assert r.melds[2] == []


def test_peng_then_discard_without_draw(kernel: ModuleType) -> None:
    hands = [DEALER_5P, NO_5P[1], "123456789m55p68p", NO_5P[3]]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0", "pon 5p by 2")
    assert r.to_act() == [2]
    legal = r.legal_actions(2)
    assert {a.word for a in legal} == {"dahai"}  # R5.4: no draw, no gang, no win first
    assert last(r, "pon") == {"type": "pon", "actor": 2, "target": 0, "pai": "5p"}
    assert r.events[-1]["type"] == "pon"
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 5p by 1")
    assert exc.value.rule == "R5.1"
    run(r, "dahai 8p by 2")
    assert r.events[-1]["type"] == "tsumo" and r.events[-1]["actor"] == 3  # seat 1 skipped


def test_peng_refused_on_the_void_suit(kernel: ModuleType) -> None:
    # Seat 1 holds 55s but declared s void: R4.3 forbids the peng, so it is not asked; seat 2
    # (waiting on 5s: 46s) is asked, which keeps the claim open.
    hands = [
        "5s111p222p333p444p5p",  # dealer, void m; discards 5s
        "123456789m2s55s9s",  # void s
        "123456m999m11s46s",  # void p; waits 5s
        "123456789p77p68p",  # void m
    ]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "mspm")
    # R4.2: seat 0 holds no m, so any discard is allowed.
    run(r, "dahai 5s by 0")
    assert r.to_act() == [2]
    assert r.legal_actions(1) == []
    with pytest.raises(IllegalActionError) as exc:
        run(r, "pon 5s by 1")
    assert exc.value.rule == "R4.3"
    # Without a void declaration (R4.1 off) the same seat may peng.
    r2 = make_round(XUEZHAN.replace(declare_void=False), hands, kernel=kernel)
    run(r2, "dahai 5s by 0")
    assert "pon 5s by 1" in strs(r2.legal_actions(1))
