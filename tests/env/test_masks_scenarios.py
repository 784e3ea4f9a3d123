"""The mask in the cases it must get exactly right, on walls written by hand (the scenarios
of tests/round and tests/leshan, asked through the environment): claim priority (R5.3), 一炮多响
(R5.3 with multi_ron), the 抢杠 window (R6.4), no gang from the empty wall (R5.6), pass-locked
seats (R7.4), forced final-round wins (R5.7) and 摆割's limits (R13.4). In each, the mask is
the index set of ``Round.legal_actions`` and the seats are asked one at a time in the order of
``Round.to_act()``."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from env_helpers import expected_indices, mask_indices
from round_helpers import dingque, make_round, run

from xzcore.env import raw_env
from xzcore.env.actions import (
    BAIGE,
    DAHAI,
    HORA,
    NONE,
    PIAO,
    PON,
)
from xzcore.leshan.round import new_round
from xzcore.round.base import ROB
from xzcore.round.wall import arrange_wall
from xzcore.rules import RuleSet
from xzcore.tiles import parse_tile

XUEZHAN = RuleSet.preset("xuezhan")
P5 = parse_tile("5p")

DEALER_5P = "5p111s222s333s444s5s"  # dealer 0, void m, discards its one 5p
WAIT_5P = {1: "123456789m11p46p", 2: "123456789m33p46p", 3: "123456789m77p46p"}
NO_5P = {1: "123456789m11p68p", 2: "123456789m33p68p", 3: "123456789m77p68p"}
PENG_5P = "123456789m55p68p"  # may peng 5p, cannot win on it


def _env(rnd: object) -> raw_env:
    e = raw_env(rules=rnd.rules)  # type: ignore[attr-defined]
    e.start(rnd)
    return e


def _asked(e: raw_env) -> tuple[str, set[int]]:
    """The agent asked and its mask, checked against the engine's legal set."""
    agent = e.agent_selection
    got = mask_indices(e.observe(agent))
    assert got == expected_indices(e, int(agent[-1]))
    return agent, got


def _after_5p(hands: list[str], rules: RuleSet = XUEZHAN) -> raw_env:
    r = make_round(rules, hands)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    return _env(r)


# -- R5.3: 胡 over 碰, whichever answers first ---------------------------------------------------


def test_r5_3_a_later_win_cancels_an_earlier_peng() -> None:
    e = _after_5p([DEALER_5P, NO_5P[1], PENG_5P, WAIT_5P[3]])
    assert _asked(e) == ("player_2", {PON, NONE})
    seen_by_3 = e.observe("player_3")["observation"]
    e.step(PON)
    # Seat 2's answer is not shown to seat 3, asked next (the engine resolves when all did).
    np.testing.assert_array_equal(e.observe("player_3")["observation"], seen_by_3)
    assert _asked(e) == ("player_3", {HORA, NONE})
    e.step(HORA)
    assert e.round.melds[2] == [] and e.round.won[3]
    assert {"type": "none", "actor": 2, "pai": "5p", "claim": "pon"} in e.round.events


def test_r5_3_a_later_peng_never_cancels_an_earlier_win() -> None:
    e = _after_5p([DEALER_5P, WAIT_5P[1], PENG_5P, NO_5P[3]])
    assert _asked(e) == ("player_1", {HORA, NONE})
    e.step(HORA)
    assert _asked(e) == ("player_2", {PON, NONE})
    e.step(PON)
    assert e.round.won[1] and e.round.melds[2] == []  # the peng is superseded (R5.3)


# -- 一炮多响 (R5.3, multi_ron) ---------------------------------------------------------------


@pytest.mark.parametrize("multi_ron", [True, False])
def test_three_seats_asked_about_one_discard_in_play_order(multi_ron: bool) -> None:
    rules = XUEZHAN.replace(multi_ron=multi_ron)
    e = _after_5p([DEALER_5P, WAIT_5P[1], WAIT_5P[2], WAIT_5P[3]], rules)
    for agent in ("player_1", "player_2", "player_3"):
        assert _asked(e) == (agent, {HORA, NONE})
        e.step(HORA)
    r = e.round
    if multi_ron:  # all three win: the round ends (R10.4); the discarder pays each 1
        assert r.over and r.result().winners == [1, 2, 3]
        assert [e._cumulative_rewards[a] for a in e.agents] == [-3, 1, 1, 1]
    else:  # only the first claimant from the discarder wins
        assert [w.seat for w in r.wins] == [1]


# -- 抢杠 (R6.4): only 胡 or pass on an added gang ----------------------------------------------

ROB_HANDS = ["5p111p222p888p99p4s6s", "55p111s222s333s99s", "123456789m33p46p", "123456789m77p46p"]


def test_r6_4_the_rob_window_offers_only_a_win() -> None:
    r = make_round(XUEZHAN, ROB_HANDS, "7s7s8s5p")
    dingque(r, "mmss")
    run(r, "dahai 5p by 0", "pon 5p by 1", "none by 2", "none by 3", "dahai 9s by 1")
    run(r, "dahai 7s by 2", "dahai 7s by 3", "dahai 8s by 0")
    e = _env(r)
    agent, mask = _asked(e)
    assert agent == "player_1" and 56 + P5 in mask  # kakan 5p
    e.step(56 + P5)
    assert e.round.phase == ROB
    assert _asked(e) == ("player_2", {HORA, NONE})
    e.step(NONE)
    assert _asked(e) == ("player_3", {HORA, NONE})
    e.step(HORA)
    w = e.round.wins[0]
    assert (w.seat, w.discarder, w.ctx.robbed) == (3, 1, True)


# -- R5.6: no gang from the empty wall ------------------------------------------------------

GANG_HANDS = [
    "1111m234m567m789p9p",
    "222m333m444m555m6m",
    "111s222s333s444s5s",
    "555s666s777s888s9s",
]


def test_r5_6_no_concealed_gang_when_the_wall_is_empty() -> None:
    r = make_round(XUEZHAN, GANG_HANDS)
    dingque(r, "sppp")
    e = _env(r)
    assert 29 in _asked(e)[1]  # ankan 1m, with tiles in the wall
    r.pos = 108  # as if the wall had run out (the dealer's turn stands)
    e = _env(r)
    _agent, mask = _asked(e)
    assert 29 not in mask and mask <= set(range(DAHAI, DAHAI + 27)) | {HORA}


# -- R7.4: the pass lock -------------------------------------------------------------------

PENG_HANDS = [
    "5p111s222s333s444s5s",
    "123456789m11p68p",
    "111m456m789m55p46p",
    "22m33m5m66m7m99s678s",
]


@pytest.mark.parametrize(("pass_hu", "asked"), [("strict", False), ("higher_only", True)])
def test_r7_4_a_locked_seat_is_asked_only_for_a_higher_win(pass_hu: str, asked: bool) -> None:
    r = make_round(XUEZHAN.replace(pass_hu=pass_hu), PENG_HANDS, "5p9p9p1p")
    dingque(r, "mssp")
    run(r, "dahai 5p by 0")
    e = _env(r)
    assert _asked(e) == ("player_2", {HORA, PON, NONE})
    e.step(PON)  # a peng instead of the win is a pass: locked (R7.4)
    e.step(DAHAI + parse_tile("1m"))
    assert e.round.locked[2]
    assert _asked(e)[0] == "player_3"
    e.step(DAHAI + P5)  # seat 3 throws the last 5p (R4.2)
    if asked:  # ×2 beats the ×1 passed
        assert _asked(e) == ("player_2", {HORA, NONE})
    else:  # strict: nobody is asked; the dealer draws
        assert _asked(e)[0] == "player_0"


# -- R5.7: forced final-round wins -----------------------------------------------------------

LOCK_GANG_HANDS = [
    "5p111s222s333s444s5s",
    "123456789m6789s",
    "111p456m789m46p55m",
    "11m22m33m66m789s99s",
]


def test_r5_7_a_forced_final_round_win_is_the_only_index() -> None:
    rules = XUEZHAN.replace(pass_hu="strict", last_round_win="forced", last_round_tiles=55)
    r = make_round(rules, LOCK_GANG_HANDS, "5p")
    dingque(r, "mpsp")
    run(r, "dahai 5p by 0", "none by 2", "dahai 5p by 1")
    assert r.final
    e = _env(r)
    assert _asked(e) == ("player_2", {HORA})


# -- 摆割 (R13.4) and 飘 (R13.3) ----------------------------------------------------------------

LESHAN = RuleSet.preset("leshan")
L_HANDS = ["23345677m2233p7p1s", "123456789m2355p", "234567m34578p99p", "111888999m6788p"]
L_DRAWS = "2s3s4s5p6s8p7s8s9s4p"


def _leshan() -> raw_env:
    r = new_round(LESHAN, arrange_wall(0, L_HANDS, L_DRAWS), 0)
    e = _env(r)
    for s in range(4):
        assert _asked(e) == (f"player_{s}", {85, 86, 87})  # 定缺 m, p, s
        e.step(87)
    for s, n in enumerate((0, 2, 3, 1)):
        assert _asked(e) == (f"player_{s}", set(range(PIAO, PIAO + 6)))  # 飘 0-5
        e.step(PIAO + n)
    return e


def test_r13_4_baige_offered_with_the_tiles_that_leave_the_hand_ready() -> None:
    e = _leshan()
    e.step(DAHAI + parse_tile("1s"))
    s2 = parse_tile("2s")
    assert _asked(e) == ("player_1", {DAHAI + s2, BAIGE + s2})
    e.step(BAIGE + s2)
    assert e.round.baige[1]
    e.step(BAIGE + parse_tile("3s"))  # seat 2 lays open too
    e.step(DAHAI + parse_tile("4s"))
    e.step(DAHAI + P5)  # seat 1, laid open with 55p, may not peng: only seat 3 is asked
    assert _asked(e) == ("player_3", {HORA, NONE})
    e.step(NONE)
    assert _asked(e) == ("player_1", {DAHAI + parse_tile("6s")})  # it discards its draw


def test_r13_4_baige_not_offered_in_the_last_12() -> None:
    e = _leshan()
    e.step(DAHAI + parse_tile("1s"))
    e.round.pos = 108 - 12
    e.start(e.round)
    assert _asked(e) == ("player_1", {DAHAI + parse_tile("2s")})
