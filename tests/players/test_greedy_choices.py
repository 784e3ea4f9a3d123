"""GreedyAgent's fast paths (one ``shanten_discards`` call, choices read from the array) pick
exactly what the plain per-candidate rule picks, at every decision of seeded games.

The reference below is the bot's rule written the slow, obvious way (one ``shanten`` call per
candidate discard, gang and peng), as the agent was first written. Every decision of seeded
games on every preset is checked against it, on both kernels (the ``kernel`` fixture).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from xzcore.leshan.round import new_round
from xzcore.players.agents import GreedyAgent, SeatView, play_round
from xzcore.round.actions import Action
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet


def _isolation(c: bytes | bytearray, k: int) -> int:
    r = k % 9
    return (r == 0 or r == 8) - sum(c[k - min(r, 2) : k + min(8 - r, 2) + 1])


def reference_turn(view: SeatView, legal: list[Action]) -> Action:
    """On its turn: the discard leaving the lowest shanten; a gang when it keeps the best
    shanten; ties to the most isolated tile, the first among equals."""
    shanten = view.kernel.shanten
    void = view.void
    c = bytearray(view.counts())
    best, ties, gangs = 99, [], []
    for a in legal:
        if a.word != "dahai":
            gangs.append(a)
            continue
        c[a.tile] -= 1
        s = shanten(bytes(c), void)
        c[a.tile] += 1
        if s < best:
            best, ties = s, [a]
        elif s == best:
            ties.append(a)
    for a in gangs:
        n = 4 if a.word == "ankan" else 1
        c[a.tile] -= n
        s = shanten(bytes(c), void)
        c[a.tile] += n
        if s <= best:
            return a
    pick, top = ties[0], -99
    for a in ties:
        v = _isolation(c, a.tile)
        if v > top:
            pick, top = a, v
    return pick


def reference_claim(view: SeatView, legal: list[Action]) -> Action:
    """On another seat's tile: a gang that does not raise the shanten, a peng that lowers it
    (with the best discard after it, not the claimed kind), else pass."""
    shanten = view.kernel.shanten
    void = view.void
    c = bytearray(view.counts())
    now = shanten(bytes(c), void)
    for a in legal:
        k = a.tile
        if a.word == "daiminkan":
            c[k] -= 3
            s = shanten(bytes(c), void)
            c[k] += 3
            if s <= now:
                return a
        elif a.word == "pon":
            c[k] -= 2
            after = []
            for d in range(27):
                if c[d] and d != k:
                    c[d] -= 1
                    after.append(shanten(bytes(c), void))
                    c[d] += 1
            c[k] += 2
            if min(after) < now:
                return a
    return legal[-1]


class CheckedGreedy:
    """A GreedyAgent whose every turn and claim decision is compared with the reference."""

    def __init__(self, seat: int, seen: dict[str, int]) -> None:
        self.inner = GreedyAgent(seat)
        self.seen = seen

    def act(self, view: SeatView) -> Action:
        choice = self.inner.act(view)
        legal = view.legal_actions()
        w = legal[0].word
        if len(legal) > 1 and w not in ("hora", "dingque", "exchange", "piao"):
            if view.on_turn:
                assert choice == reference_turn(view, legal), (view.counts(), legal)
                self.seen["turn"] += 1
            else:
                assert choice == reference_claim(view, legal), (view.counts(), legal)
                self.seen["claim"] += 1
        return choice


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_greedy_matches_the_per_candidate_rule(kernel: ModuleType, preset: str) -> None:
    rules = RuleSet.preset(preset)
    seen = {"turn": 0, "claim": 0}
    games = 12 if kernel.__name__.endswith("_core") else 3
    for seed in range(games):
        d = deal(seed)
        direction = d.exchange_direction if rules.exchange_three else None
        rnd: Any = new_round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel)
        agents: list[Any] = [CheckedGreedy(s, seen) for s in range(4)]
        if preset == "leshan":
            from xzcore.leshan.bots import LeshanAgent

            agents = [LeshanAgent(a) for a in agents]
        play_round(rnd, agents)
    assert seen["turn"] > 20 * games  # the checks really ran, on turns and on claims
    assert seen["claim"] > 0
