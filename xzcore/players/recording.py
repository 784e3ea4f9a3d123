"""Recording games to ``.xzlog`` files (docs/log-format.md).

A *chooser* decides for one seat: ``chooser(round, seat, legal) -> Action`` where ``legal`` is
``round.legal_actions(seat)``. :func:`play_round` drives a :class:`~xzcore.round.engine.Round` with
one chooser per seat and writes the game — header, every event, the claims record (L5) and
the closing record — to a :class:`~xzcore.log.writer.LogWriter`.

Walls come from :func:`xzcore.round.wall.deal` (a documented PRNG): game ``i`` of
``record_games(seed=S)`` is ``deal(S + i)``; the rounds of a match (:func:`record_match`)
are drawn from one generator seeded with ``S``, the dealer moving by R11.1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from xzcore.log.types import claims_of
from xzcore.log.writer import LogWriter
from xzcore.round.actions import Action
from xzcore.round.engine import Round
from xzcore.round.wall import Deal, Rng, deal
from xzcore.rules import RuleSet

__all__ = [
    "BOT_NAMES",
    "Chooser",
    "bot_chooser",
    "play_round",
    "record_games",
    "record_match",
]

Chooser = Callable[[Round, int, list[Action]], Action]
"""Decides one seat's action: ``(round, seat, legal actions) -> action``. A chooser with a
true ``interactive`` attribute (a person) makes every decision itself."""


BOT_NAMES: tuple[str, ...] = ("greedy", "random", "efficient", "careless")
"""Every built-in bot's name, for ``xz record --bot NAME`` (docs/bots.md): the greedy and
random bots of :mod:`xzcore.players.agents`, the efficiency bot
(:mod:`xzcore.players.efficiency`) and the careless one (:mod:`xzcore.players.careless`)."""


def bot_chooser(kind: str, seed: int) -> Chooser:
    """A seeded built-in bot by name (one of :data:`BOT_NAMES`) as a chooser: ``"greedy"``
    (:class:`~xzcore.players.agents.GreedyAgent`), ``"random"``
    (:class:`~xzcore.players.agents.RandomAgent`: takes every win, else uniform),
    ``"efficient"`` (:class:`~xzcore.players.efficiency.EfficientAgent`) or ``"careless"``
    (:class:`~xzcore.players.careless.CarelessAgent`). ValueError naming the known bots for
    any other name."""
    if kind not in BOT_NAMES:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOT_NAMES)})")
    from xzcore.players.agents import _Chooser
    from xzcore.players.roster import bot_agent

    return _Chooser(bot_agent(kind, seed))


def play_round(
    rules: RuleSet,
    d: Deal,
    choosers: Sequence[Chooser],
    *,
    dealer: int | None = None,
) -> Round:
    """Play one round of the deal ``d`` to its end (dealer overridden in a match). Under
    Leshan rules (R13) the round is a ``LeshanRound`` and each chooser is wrapped by
    :func:`xzcore.leshan.bots.leshan_chooser` for the 飘 bets and 摆割."""
    from xzcore.leshan.bots import leshan_chooser
    from xzcore.leshan.round import needs_leshan_round, new_round

    direction = d.exchange_direction if rules.exchange_three else None
    first = d.dealer if dealer is None else dealer
    rnd = new_round(rules, d.wall, first, exchange_direction=direction)  # R13: LeshanRound
    if needs_leshan_round(rules):  # bots bet 飘 and lay open (摆割) by rules of thumb
        choosers = [c if getattr(c, "interactive", False) else leshan_chooser(c) for c in choosers]
    while True:
        seats = rnd.to_act()
        if not seats:
            return rnd
        for s in seats:
            legal = rnd.legal_actions(s)
            action = choosers[s](rnd, s, legal)
            if action not in legal:  # a human's or a buggy bot's choice: check it
                rnd.play(action)
            else:
                rnd.apply(action)


def write_round(
    writer: LogWriter,
    rnd: Round,
    *,
    seed: int | None,
    seats: Sequence[str],
    extra: dict[str, Any] | None = None,
) -> None:
    """Write a finished round as one game (header, events, claims, close)."""
    writer.begin_game(
        rules=rnd.rules,
        wall=bytes(rnd.wall),
        dealer=rnd.dealer,
        seats=list(seats),
        seed=seed,
        extra=extra,
    )
    for ev in rnd.events:
        writer.write_event(ev)
    writer.write_claims(claims_of(rnd.events))
    writer.end_game()


def record_games(
    writer: LogWriter,
    rules: RuleSet,
    n: int,
    *,
    seed: int = 0,
    choosers: Sequence[Chooser] | None = None,
    seat_names: Sequence[str] | None = None,
) -> Iterator[Round]:
    """Play and write ``n`` independent games; game ``i`` uses ``deal(seed + i)`` and is
    yielded after it is written (for progress bars)."""
    names = list(seat_names or ["bot0", "bot1", "bot2", "bot3"])
    for i in range(n):
        ch = (
            list(choosers)
            if choosers
            else [bot_chooser("random", seed * 4 + i * 4 + s) for s in range(4)]
        )
        rnd = play_round(rules, deal(seed + i), ch)
        write_round(writer, rnd, seed=seed + i, seats=names)
        yield rnd


def record_match(
    writer: LogWriter,
    rules: RuleSet,
    rounds: int,
    *,
    seed: int = 0,
    choosers: Sequence[Chooser] | None = None,
    seat_names: Sequence[str] | None = None,
) -> Iterator[Round]:
    """Play and write a match of ``rounds`` rounds (R11.3): walls drawn from one generator
    seeded with ``seed``; the first dealer from the seed (R2.4), then R11.1. Each game's
    header ``extra.match`` holds the round number and the scores before it."""
    names = list(seat_names or ["bot0", "bot1", "bot2", "bot3"])
    gen = Rng(seed)
    ch = list(choosers) if choosers else [bot_chooser("random", seed * 4 + s) for s in range(4)]
    scores = [0, 0, 0, 0]
    dealer: int | None = None
    for k in range(rounds):
        d = deal(seed, gen)
        rnd = play_round(rules, d, ch, dealer=dealer)
        extra = {"match": {"round": k, "of": rounds, "scores": list(scores)}}
        write_round(writer, rnd, seed=seed, seats=names, extra=extra)
        res = rnd.result()
        scores = [a + b for a, b in zip(scores, res.totals, strict=True)]
        dealer = res.next_dealer
        yield rnd
