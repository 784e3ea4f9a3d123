"""A match: a series of rounds with dealer rotation and cumulative scores (RULES.md R11).

One integer seed reproduces a whole match: the rounds' walls and exchange directions are
drawn in order from one SplitMix64 generator seeded with it (:func:`xzcore.round.wall.deal`
continuing the stream); the first dealer is the first deal's (R2.4), then each round's next
dealer follows R11.1. Scores add up (R11.3).

>>> from xzcore.players.agents import GreedyAgent
>>> from xzcore.rules import RuleSet
>>> m = play_match(RuleSet(), seed=3, rounds=4, agents=[GreedyAgent(s) for s in range(4)])
>>> len(m.rounds), sum(m.scores)
(4, 0)
>>> m.dealers[1] == m.rounds[0].next_dealer
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from xzcore.leshan.bots import LeshanAgent
from xzcore.leshan.round import needs_leshan_round, new_round
from xzcore.players.agents import Agent, play_round
from xzcore.round.engine import RoundResult
from xzcore.round.wall import Rng, deal
from xzcore.rules import RuleSet

__all__ = ["MatchResult", "play_match"]


@dataclass
class MatchResult:
    """A finished match: each round's result, the dealer of each round, the cumulative
    scores after each round and in the end (R11.3)."""

    rules: RuleSet
    seed: int
    rounds: list[RoundResult] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)
    history: list[tuple[int, ...]] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        """Each seat's net over the whole match."""
        return list(self.history[-1]) if self.history else [0, 0, 0, 0]

    def summary(self) -> str:
        """A readable table: one line per round, then the totals (R11.3)."""
        lines = [f"match of {len(self.rounds)} rounds, seed {self.seed}"]
        lines.append(
            "round dealer  ended       winners      " + "  ".join(f"seat{s}" for s in range(4))
        )
        for i, (res, d) in enumerate(zip(self.rounds, self.dealers, strict=True)):
            winners = ",".join(str(w) for w in res.winners) or "-"
            money = " ".join(f"{t:+6d}" for t in res.totals)
            lines.append(f"{i + 1:>5} {d:>6}  {res.reason:<11} {winners:<12} {money}")
        lines.append(f"{'total':<39}" + " ".join(f"{t:+6d}" for t in self.scores))
        return "\n".join(lines)


def play_match(
    rules: RuleSet,
    seed: int,
    rounds: int,
    agents: Sequence[Agent],
    *,
    kernel: ModuleType | None = None,
    keep_events: bool = False,
) -> MatchResult:
    """Play ``rounds`` rounds with one agent per seat; the dealer moves by R11.1."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds: {rounds!r} must be a positive integer")
    if len(agents) != 4:
        raise ValueError(f"agents: need one per seat (4), got {len(agents)}")
    if needs_leshan_round(rules):  # R13: bots bet 飘 and lay open by rule of thumb
        agents = [LeshanAgent(a) for a in agents]
    gen = Rng(seed)
    out = MatchResult(rules, seed)
    scores = [0, 0, 0, 0]
    dealer: int | None = None
    for _ in range(rounds):
        d = deal(seed, gen)
        dealer = d.dealer if dealer is None else dealer
        direction = d.exchange_direction if rules.exchange_three else None
        rnd = new_round(rules, d.wall, dealer, exchange_direction=direction, kernel=kernel)
        res = play_round(rnd, agents)
        scores = [a + b for a, b in zip(scores, res.totals, strict=True)]
        out.rounds.append(res)
        out.dealers.append(dealer)
        out.history.append(tuple(scores))
        if keep_events:
            out.events.append(rnd.events)
        dealer = res.next_dealer
    return out
