"""Masks exact over seeded games (issue 16 item 2): at every decision of thousands of
random episodes, on every preset and on the options that change the legal sets, the mask is
exactly the indices of ``Round.legal_actions`` (a bijection on each legal set), the step
taken is the engine's action, the observation equals one rebuilt from the view, and the
rewards add up to the round's totals (R9.6). The runs must also reach the cases the mask has
to get right — claims on one discard by several seats (R5.3, 一炮多响), the 抢杠 window
(R6.4), pass-locked seats (R7.4), forced final-round wins (R5.7), 摆割 (R13.4), gangs
refused on the empty wall (R5.6) — or the test fails for want of them."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

pytest.importorskip("pettingzoo")

from env_helpers import mixed, play_episode, seat_of, uniform

from xzcore.backend import BACKEND
from xzcore.env import raw_env
from xzcore.env.actions import (
    ANKAN,
    BAIGE,
    DAHAI,
    HORA,
    KAKAN,
    NONE,
    PON,
)
from xzcore.round.base import CLAIM, ROB, TURN
from xzcore.rules import LastRoundWin, PassHu, RuleSet

CONFIGS = {
    "xuezhan": RuleSet.preset("xuezhan"),
    "xuezhan-single-ron": RuleSet.preset("xuezhan", multi_ron=False),
    "xuezhan-exchange": RuleSet.preset("xuezhan", exchange_three=True),
    "chengdu-classic": RuleSet.preset("chengdu-classic"),
    "xueliu": RuleSet.preset("xueliu"),
    "xueliu-no-exchange": RuleSet.preset("xueliu", exchange_three=False),
    "leshan": RuleSet.preset("leshan"),
    "leshan-no-piao-no-baige": RuleSet.preset("leshan", piao_max=0, baige=False),
}
# Compiled, the default run plays 8 x 250 episodes; the twin backend a smaller share.
GAMES = 250 if BACKEND == "cython" else 40


def _run(name: str, games: int) -> Counter[str]:
    seen: Counter[str] = Counter()

    def note(e: raw_env, legal: set[int]) -> None:
        r = e.round
        seat = seat_of(e.agent_selection)
        if r.phase == CLAIM and len(r._claim_opts) > 1:
            seen["several asked"] += 1
            if sum(o[0].word == "hora" for o in r._claim_opts.values()) > 1:
                seen["several may win"] += 1
        if r.phase == ROB:
            seen["rob window"] += 1
        if r.locked[seat] and r.phase == CLAIM:
            seen["locked seat asked"] += 1
        if legal == {HORA}:
            seen["forced win"] += 1
        if (
            r.phase == TURN
            and r.pos >= 108
            and len(r.hands[seat].counts())
            and (4 in r.hands[seat].counts() or any(r.hands[seat].count(k) for k in r.pengs[seat]))
        ):
            seen["gang refused on the empty wall"] += 1
            assert not legal & set(range(ANKAN, HORA))  # R5.6
        if legal & set(range(BAIGE, BAIGE + 27)):
            seen["baige offered"] += 1
        if legal & set(range(KAKAN, HORA)):
            seen["added gang offered"] += 1
        if PON in legal and NONE in legal:
            seen["peng offered"] += 1
        assert legal, "an agent asked with nothing to do"
        assert not legal & set(range(DAHAI, DAHAI + 27)) or r.phase == TURN

    rules = CONFIGS[name]
    e = raw_env(rules=rules, seed=0)
    for g in range(games):
        e.reset(seed=g)
        choose = mixed if g % 4 else uniform  # one episode in four wholly at random
        got = play_episode(e, random.Random(g), choose=choose, on_decision=note)
        assert not e.agents  # every agent has left by the round's end
        assert [got[a] for a in sorted(got)] == list(e.round.result().totals)  # R9.6
        seen["episodes"] += 1
    return seen


@pytest.mark.parametrize("name", list(CONFIGS))
def test_masks_equal_the_legal_actions(name: str) -> None:
    rules = CONFIGS[name]
    seen = _run(name, GAMES)
    assert seen["episodes"] == GAMES
    assert seen["several asked"] and seen["peng offered"]
    if BACKEND == "cython":  # enough episodes to reach the rarer cases
        assert seen["added gang offered"] and seen["gang refused on the empty wall"]
        if rules.last_round_win is LastRoundWin.FORCED:
            assert seen["forced win"]
        if rules.pass_hu is not PassHu.STRICT:
            assert seen["locked seat asked"]
        if rules.baige:
            assert seen["baige offered"]


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("XZ_LONG_TESTS"), reason="the long run: XZ_LONG_TESTS=1")
@pytest.mark.parametrize("name", list(CONFIGS))
def test_masks_equal_the_legal_actions_long(name: str) -> None:
    seen = _run(name, 2000)
    assert seen["rob window"]
    if CONFIGS[name].multi_ron and CONFIGS[name].declare_void:
        assert seen["several may win"]
