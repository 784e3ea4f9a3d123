"""Matches: seeded series of rounds, dealer rotation (R11.1), cumulative scores (R11.3)."""

from __future__ import annotations

from types import ModuleType

import pytest

from xzcore.players.agents import GreedyAgent, RandomAgent
from xzcore.players.match import play_match
from xzcore.round.wall import Rng, deal
from xzcore.rules import RuleSet


def _greedy() -> list[GreedyAgent]:
    return [GreedyAgent(s) for s in range(4)]


def _bots(kernel: ModuleType) -> list[GreedyAgent] | list[RandomAgent]:
    """Greedy bots on the compiled kernel; random ones on the twin (its shanten is slow)."""
    if kernel.__name__.endswith("_core"):
        return _greedy()
    return [RandomAgent(s) for s in range(4)]


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu"])
def test_match_rotates_the_dealer_and_adds_up(kernel: ModuleType, preset: str) -> None:
    rules = RuleSet.preset(preset)
    m = play_match(rules, seed=21, rounds=8, agents=_bots(kernel), kernel=kernel)
    assert len(m.rounds) == len(m.dealers) == len(m.history) == 8
    # R2.4: the first dealer comes from the seed (the first deal of the generator).
    assert m.dealers[0] == deal(21, Rng(21)).dealer
    for prev, nxt in zip(m.rounds, m.dealers[1:], strict=False):
        assert nxt == prev.next_dealer  # R11.1
    running = [0, 0, 0, 0]
    for res, after in zip(m.rounds, m.history, strict=True):
        running = [a + b for a, b in zip(running, res.totals, strict=True)]
        assert tuple(running) == after
    assert m.scores == running and sum(m.scores) == 0  # R11.3, R9.6
    text = m.summary()
    assert text.splitlines()[0] == "match of 8 rounds, seed 21"
    assert text.splitlines()[-1].split()[1:] == [f"{t:+d}" for t in m.scores]


def test_match_is_reproducible_from_its_seed(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xuezhan")
    a = play_match(rules, seed=4, rounds=5, agents=_bots(kernel), kernel=kernel, keep_events=True)
    b = play_match(rules, seed=4, rounds=5, agents=_bots(kernel), kernel=kernel, keep_events=True)
    assert a.events == b.events and a.scores == b.scores
    c = play_match(rules, seed=5, rounds=5, agents=_bots(kernel), kernel=kernel, keep_events=True)
    assert c.events != a.events
    # Each round's wall is the next deal of the match's generator.
    gen = Rng(4)
    for evs in a.events:
        d = deal(4, gen)
        assert evs[0]["wall"] == "".join(f"{k % 9 + 1}{'mps'[k // 9]}" for k in d.wall)


def test_dealer_stays_after_a_draw_and_passes_after_a_multiple_win(kernel: ModuleType) -> None:
    # Random bots that never take wins make 荒庄 common: the dealer stays (R11.1).
    agents = [RandomAgent(s, take_wins=False) for s in range(4)]
    m = play_match(RuleSet(), seed=2, rounds=6, agents=agents, kernel=kernel)
    for res, d in zip(m.rounds, m.dealers, strict=True):
        assert res.dealer == d
        if not res.wins:
            assert res.next_dealer == d
        elif res.wins[0].multiple:
            assert res.next_dealer == res.wins[0].discarder
        else:
            assert res.next_dealer == res.wins[0].seat


def test_match_argument_checks() -> None:
    with pytest.raises(ValueError, match="rounds"):
        play_match(RuleSet(), 1, 0, _greedy())
    with pytest.raises(ValueError, match="one per seat"):
        play_match(RuleSet(), 1, 1, _greedy()[:3])
