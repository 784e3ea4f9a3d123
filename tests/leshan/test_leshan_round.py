"""The Leshan round (RULES.md R13.3–R13.6) on both kernels, with walls written by hand.

Scenario (dealer 0, every seat void in 条): seat 1 (123m 456m 789m 23p 55p, waits 1p/4p)
and seat 2 (234m 567m 345p 78p 99p, waits 6p/9p) lay their hands open (摆割) with the 条
they draw; seat 3 (111m 888m 999m 67p 88p, waits 5p/8p) passes a win on 5p and is then
refused one on 8p (strict lock, R13.5/R7.4); seat 2, laid open, must discard the 4p it
draws, and seat 1 wins on it: 底 + 缺一门 + 门清 = 3, + 飘 2 + 3, + 摆割 2 + 2 = 12.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from xzcore.leshan.actions import LeshanAction
from xzcore.leshan.round import PIAO, LeshanRound, new_round
from xzcore.round.actions import Action, IllegalActionError, actions_of
from xzcore.round.base import CLAIM, TURN, Phase
from xzcore.round.engine import Round
from xzcore.round.wall import arrange_wall
from xzcore.rules import RuleError, RuleSet, Scoring
from xzcore.tiles import parse_tile

L = RuleSet.preset("leshan")
HANDS = [
    "23345677m2233p7p1s",  # dealer: 14 tiles, discards its 1s (R4.2)
    "123456789m2355p",
    "234567m34578p99p",
    "111888999m6788p",
]
# d0..d9 go to seats 1, 2, 3, 0, 1, 2, 3, 0, 1, 2
DRAWS = "2s3s4s5p6s8p7s8s9s4p"


def play(r: Round, *texts: str) -> None:
    for t in texts:
        word = t.split()[0]
        r.play(LeshanAction.parse(t) if word in ("piao", "baige") else Action.parse(t))


def start(kernel: ModuleType, rules: RuleSet = L, piao: tuple[int, ...] = (0, 2, 3, 1)) -> Round:
    r = new_round(rules, arrange_wall(0, HANDS, DRAWS), 0, kernel=kernel)
    play(r, *(f"dingque s by {s}" for s in range(4)))
    if rules.piao_max:
        play(r, *(f"piao {n} by {s}" for s, n in enumerate(piao)))
    return r


def test_new_round_picks_the_class() -> None:
    wall = arrange_wall(0, HANDS, DRAWS)
    assert type(new_round(L, wall, 0)) is LeshanRound
    assert type(new_round(RuleSet(), wall, 0)) is Round
    with pytest.raises(ValueError, match="need scoring = count, not table"):
        LeshanRound(RuleSet(), wall, 0)
    # 飘 or 摆割 without count scoring: refused, never silently ignored (R13.3, R13.4).
    for options in ({"baige": True}, {"piao_max": 2}):
        with pytest.raises(RuleError, match="need scoring = count, not table"):
            RuleSet(**options)
        with pytest.raises(RuleError, match="need scoring = count"):
            RuleSet.preset("xuezhan", **options)
    with pytest.raises(ValueError, match="LeshanRound"):
        Round(RuleSet(scoring=Scoring.COUNT), wall, 0)


# -- 飘 (R13.3) ---------------------------------------------------------------------------------


def test_piao_phase_before_the_first_draw(kernel: ModuleType) -> None:
    r = new_round(L, arrange_wall(0, HANDS, DRAWS), 0, kernel=kernel)
    play(r, *(f"dingque s by {s}" for s in range(4)))
    assert r.phase == PIAO and r.stage is Phase.DINGQUE
    assert r.to_act() == [0, 1, 2, 3]
    assert [str(a) for a in r.legal_actions(1)] == [f"piao {n} by 1" for n in range(6)]
    with pytest.raises(IllegalActionError) as e:
        play(r, "dahai 1s by 0")
    assert e.value.rule == "R13.3"
    play(r, "piao 4 by 2", "piao 0 by 0", "piao 1 by 1")
    with pytest.raises(IllegalActionError, match="already bet"):
        play(r, "piao 3 by 2")
    play(r, "piao 5 by 3")
    assert r.piao == [0, 1, 4, 5]
    assert [(e["actor"], e["piao"]) for e in r.events if e["type"] == "piao"] == [
        (0, 0), (1, 1), (2, 4), (3, 5)
    ]  # fmt: skip
    assert r.phase == TURN and r.cur == 0


def test_piao_above_the_option_refused(kernel: ModuleType) -> None:
    r = new_round(L.replace(piao_max=2), arrange_wall(0, HANDS, DRAWS), 0, kernel=kernel)
    play(r, *(f"dingque s by {s}" for s in range(4)))
    with pytest.raises(IllegalActionError, match="0-2, not 3") as e:
        play(r, "piao 3 by 0")
    assert e.value.rule == "R13.3"


def test_no_piao_phase_when_off(kernel: ModuleType) -> None:
    r = start(kernel, L.replace(piao_max=0))
    assert r.phase == TURN and r.piao == [0, 0, 0, 0]
    assert not [e for e in r.events if e["type"] == "piao"]


# -- 摆割 (R13.4), the strict lock (R13.5) and the payment ---------------------------------------


def test_the_scenario(kernel: ModuleType) -> None:
    r = start(kernel)
    play(r, "dahai 1s by 0")
    # Seat 1 drew 2s: it may discard it plainly or lay its hand open with it.
    assert [str(a) for a in r.legal_actions(1)] == ["dahai 2s by 1", "baige 2s by 1"]
    play(r, "baige 2s by 1")
    ev = next(e for e in r.events if e["type"] == "baige")
    assert ev == {"type": "baige", "actor": 1, "pai": "2s", "hand": "123456789m2355p",
                  "waits": "14p"}  # fmt: skip
    assert r.events[r.events.index(ev) + 1]["baige"] is True  # the dahai that goes with it
    play(r, "baige 3s by 2", "dahai 4s by 3")
    # Seat 0 drew 5p and discards it: seat 3 may win; seat 1 (laid open, 55p) may not peng.
    play(r, "dahai 5p by 0")
    assert r.phase == CLAIM and r.to_act() == [3]
    assert r.legal_actions(1) == []
    with pytest.raises(IllegalActionError, match="no peng") as e:
        play(r, "pon 5p by 1")
    assert e.value.rule == "R13.4"
    play(r, "none by 3")  # seat 3 passes its win: locked until its next draw (R7.4 strict)
    assert r.locked[3]
    # Seat 1 drew 6s and must discard it (R13.4).
    assert [str(a) for a in r.legal_actions(1)] == ["dahai 6s by 1"]
    with pytest.raises(IllegalActionError, match="discards the tile it drew") as e:
        play(r, "dahai 5p by 1")
    assert e.value.rule == "R13.4"
    with pytest.raises(IllegalActionError, match="already laid"):
        r.play(LeshanAction.parse("baige 6s by 1"))
    play(r, "dahai 6s by 1")
    # Seat 2 drew 8p and discards it: seat 3 waits on 8p but is locked; a peng is all it has.
    assert [str(a) for a in r.legal_actions(2)] == ["dahai 8p by 2"]
    play(r, "dahai 8p by 2")
    assert [str(a) for a in r.legal_actions(3)] == ["pon 8p by 3", "none by 3"]
    with pytest.raises(IllegalActionError) as e:
        play(r, "hora 8p by 3")
    assert e.value.rule == "R7.4"
    play(r, "none by 3", "dahai 7s by 3", "dahai 8s by 0", "dahai 9s by 1")
    # Seat 2 (laid open) draws 4p and must discard it; seat 1 (laid open) wins on it.
    play(r, "dahai 4p by 2")
    assert r.legal_actions(1) == [Action.parse("hora 4p by 1"), Action.parse("none by 1")]
    play(r, "hora 4p by 1")
    hora = next(e for e in r.events if e["type"] == "hora")
    assert hora["score"]["count"] == 3
    # One transfer per part, each under its rule: 3 (R9.1) + 5 (R13.3) + 4 (R13.4) = 12.
    parts = [(t["payer"], t["payee"], t["units"], t["rule"]) for t in hora["transfers"]]
    assert parts == [(2, 1, 3, "R9.1"), (2, 1, 5, "R13.3"), (2, 1, 4, "R13.4")]
    assert hora["transfers"][1]["detail"] == "飘 2+3"
    assert hora["transfers"][2]["detail"] == "摆割 winner 2 + 摆割 payer 2"
    assert r.ledger.totals() == [0, 12, -12, 0]


def test_without_baige_the_same_win_pays_the_count_and_piao(kernel: ModuleType) -> None:
    r = start(kernel)
    play(r, "dahai 1s by 0", "dahai 2s by 1", "dahai 3s by 2", "dahai 4s by 3", "dahai 5p by 0")
    play(r, "none by 1", "none by 3", "dahai 6s by 1", "dahai 8p by 2", "none by 3")
    play(r, "dahai 7s by 3", "dahai 8s by 0", "dahai 9s by 1", "dahai 4p by 2", "hora 4p by 1")
    hora = next(e for e in r.events if e["type"] == "hora")
    # 3 + 飘 2 + 3 = 8; nobody laid open.
    parts = [(t["payer"], t["payee"], t["units"], t["rule"]) for t in hora["transfers"]]
    assert parts == [(2, 1, 3, "R9.1"), (2, 1, 5, "R13.3")]


def test_a_seat_not_laid_open_may_peng(kernel: ModuleType) -> None:
    r = start(kernel)
    play(r, "dahai 1s by 0", "dahai 2s by 1", "dahai 3s by 2", "dahai 4s by 3", "dahai 5p by 0")
    assert "pon 5p by 1" in [str(a) for a in r.legal_actions(1)]
    play(r, "pon 5p by 1", "none by 3")
    assert r.melds[1][0].tile == parse_tile("5p")


def test_baige_is_not_offered_in_the_last_12(kernel: ModuleType) -> None:
    rules = L
    r = start(kernel, rules)
    play(r, "dahai 1s by 0")
    r.pos = 108 - 12  # as if the wall had run down to 12 (seat 1 has drawn 2s already)
    assert [str(a) for a in r.legal_actions(1)] == ["dahai 2s by 1"]
    with pytest.raises(IllegalActionError, match="needs more than 12") as e:
        r.play(LeshanAction.parse("baige 2s by 1"))
    assert e.value.rule == "R13.4"


def test_baige_needs_a_ready_hand(kernel: ModuleType) -> None:
    r = start(kernel)
    play(r, "dahai 1s by 0", "dahai 2s by 1", "dahai 3s by 2")
    # Seat 3 (111m 888m 999m 67p 88p + 4s) must discard 4s first (R4.2): with 4s gone it is
    # ready, so only 4s may be laid open with.
    assert [str(a) for a in r.legal_actions(3)] == ["dahai 4s by 3", "baige 4s by 3"]
    play(r, "dahai 4s by 3", "dahai 5p by 0")
    play(r, "none by 3")
    # Seat 1 drew 6s: discarding 5p instead would leave 6s (void) — not ready (R7.3).
    with pytest.raises(IllegalActionError):
        r.play(LeshanAction.parse("baige 5p by 1"))


def test_baige_off_in_rules(kernel: ModuleType) -> None:
    r = start(kernel, L.replace(baige=False))
    play(r, "dahai 1s by 0")
    assert [str(a) for a in r.legal_actions(1)] == ["dahai 2s by 1"]
    with pytest.raises(IllegalActionError, match="option baige"):
        r.play(LeshanAction.parse("baige 2s by 1"))


def test_replay_reproduces_the_events(kernel: ModuleType) -> None:
    r = start(kernel)
    play(r, "dahai 1s by 0", "baige 2s by 1", "baige 3s by 2", "dahai 4s by 3", "dahai 5p by 0")
    play(r, "none by 3", "dahai 6s by 1", "dahai 8p by 2", "none by 3", "dahai 7s by 3")
    play(r, "dahai 8s by 0", "dahai 9s by 1", "dahai 4p by 2", "hora 4p by 1")
    again = new_round(L, r.wall, 0, kernel=kernel)
    for a in actions_of(r.events):
        again.play(a)
    assert again.events == r.events


def test_leshan_action_text() -> None:
    assert str(LeshanAction.parse("piao 0", seat=3)) == "piao 0 by 3"
    assert repr(LeshanAction("baige", 1, parse_tile("9m"))) == "LeshanAction.parse('baige 9m by 1')"
    for bad in ("piao 6 by 1", "piao x by 1", "baige 5z by 1", "baige 55p by 1", "jump 3 by 1"):
        with pytest.raises(ValueError):
            LeshanAction.parse(bad)


def test_bots_rules_of_thumb(kernel: ModuleType) -> None:
    from xzcore.leshan.bots import leshan_chooser

    picks: list[str] = []

    def first(rnd: Round, seat: int, legal: list[Action]) -> Action:
        picks.append(str(legal[0]))
        return legal[0]

    choose = leshan_chooser(first)
    r = new_round(L, arrange_wall(0, HANDS, DRAWS), 0, kernel=kernel)
    play(r, *(f"dingque s by {s}" for s in range(4)))
    # 飘 = 3 − shanten: seats 1-3 are ready (shanten 0) → 3; the dealer holds its void 1s
    # and is further off.
    bets = [choose(r, s, r.legal_actions(s)) for s in range(4)]
    assert [b.amount for b in bets[1:]] == [3, 3, 3]
    for b in bets:
        r.apply(b)
    r.apply(choose(r, 0, r.legal_actions(0)))  # the dealer: the inner bot (dahai 1s)
    # Seat 1 drew 2s: without it the hand waits on 1p and 4p (two kinds) → 摆割.
    assert str(choose(r, 1, r.legal_actions(1))) == "baige 2s by 1"
    assert picks == ["dahai 1s by 0"]


def test_a_malformed_leshan_event_is_refused_naming_its_index() -> None:
    from xzcore.round.actions import InvalidActionError, action_of

    assert action_of({"type": "dahai", "actor": 1, "pai": "5p", "baige": True}) is None
    for ev in (
        {"type": "piao", "actor": 1, "piao": 6},
        {"type": "piao", "actor": 7, "piao": 1},
        {"type": "baige", "actor": 1, "pai": "55p"},
        {"type": "baige", "actor": 1},
    ):
        with pytest.raises(InvalidActionError, match="event #3"):
            action_of(ev, 3)


def test_seat_view_shows_piao_and_the_open_hand(kernel: ModuleType) -> None:
    from xzcore.players.agents import SeatView
    from xzcore.tiles import counts_of, parse_tiles

    r = start(kernel)
    view = SeatView(r, 3)
    assert view.piao() == [0, 2, 3, 1]
    play(r, "dahai 1s by 0", "baige 2s by 1")
    assert view.laid_open(1) == bytes(counts_of(parse_tiles("123456789m2355p")))
    assert view.laid_open(2) is None
    play(r, "baige 3s by 2", "dahai 4s by 3", "dahai 5p by 0", "none by 3")
    # Seat 1 has drawn 6s: the others still see only the 13 laid-open tiles.
    assert view.laid_open(1) == bytes(counts_of(parse_tiles("123456789m2355p")))
