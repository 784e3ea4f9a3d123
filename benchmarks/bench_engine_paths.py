"""The round engine's replay of recorded games, by area: setup, claims, wins, the end.

An audit replays each recorded game through the round engine (``Round.apply`` on the logged
actions). This benchmark records a fixed batch of greedy-bot 血战 games in-process, then times
the replay on each kernel backend, and, run as a script, splits the replay by area: every
``apply`` call is timed and classed by what it did (a quiet discard, a discard that opened
claims, a claim answer resolving into a pass / peng / gang / win, a self-draw win, the end of
round), plus the setup (``new_round``). The quiet discard is the step a compiled fast path
takes over; everything else is this benchmark's business.

    python -m pytest benchmarks/bench_engine_paths.py --benchmark-only -q
    python benchmarks/bench_engine_paths.py [games]   # µs per game by area (compiled kernel)
"""

from __future__ import annotations

import importlib
import io
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from xzcore.leshan.round import new_round
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.round.actions import action_of
from xzcore.round.base import CLAIM, DINGQUE, END, TURN
from xzcore.rules import RuleSet

BACKENDS = {"compiled": "xzcore.kernel._core", "twin": "xzcore.kernel._core_twin"}
GAMES = {"compiled": 100, "twin": 10}

Game = tuple[RuleSet, list[int], int, Any, list[Any]]
"""rules, wall, dealer, exchange direction, the actions in log order."""


def recorded_games(n: int, seed: int = 11) -> list[Game]:
    """``n`` greedy-bot 血战 games, as an audit would replay them."""
    rules = RuleSet.preset("xuezhan")
    choosers = [bot_chooser("greedy", s) for s in range(4)]
    out = []
    for r in record_games(LogWriter(io.BytesIO()), rules, n, seed=seed, choosers=choosers):
        actions = [a for ev in r.events if (a := action_of(ev)) is not None]
        out.append((r.rules, list(r.wall), r.dealer, r.exchange_direction, actions))
    return out


def replay(games: list[Game], kernel: ModuleType | None = None) -> int:
    """Set up and replay every game (trusted actions); returns the events made."""
    events = 0
    for rules, wall, dealer, direction, actions in games:
        r = new_round(rules, wall, dealer, exchange_direction=direction, kernel=kernel)
        for a in actions:
            r.apply(a)
        events += len(r.events)
    return events


def _load(backend: str) -> ModuleType:
    try:
        return importlib.import_module(BACKENDS[backend])
    except ImportError:  # pragma: no cover - compiled kernel not built
        pytest.skip(f"{backend} kernel not available")
        raise


@pytest.mark.parametrize("backend", list(BACKENDS))
def test_replay(benchmark: Any, backend: str) -> None:
    """One benchmarked call = the setup and replay of a fixed batch of games."""
    kernel = _load(backend)
    games = recorded_games(GAMES[backend])
    benchmark.extra_info["games_per_call"] = len(games)
    events = benchmark(replay, games, kernel)
    assert events > 100 * len(games)


@pytest.mark.parametrize("backend", list(BACKENDS))
def test_setup(benchmark: Any, backend: str) -> None:
    """One benchmarked call = ``new_round`` for each game of the batch (R2.3 and the wall)."""
    kernel = _load(backend)
    games = recorded_games(GAMES[backend])

    def setup() -> int:
        return sum(
            len(new_round(g[0], g[1], g[2], exchange_direction=g[3], kernel=kernel).events)
            for g in games
        )

    assert benchmark(setup) == len(games)


# -- the split by area (run as a script) -----------------------------------------------------


def _area(before: int, after: int, word: str, new_events: list[dict[str, Any]]) -> str:
    types = {e["type"] for e in new_events}
    end = " + end" if "end_kyoku" in types else ""
    if before == DINGQUE:
        return "dingque"
    if before == TURN:
        if word != "dahai":
            return f"turn {word}{end}"
        if after == CLAIM:
            return "discard opening claims"
        return "discard + wall end" if after == END else "quiet discard (+ draw)"
    if before == CLAIM and after != CLAIM:
        for what in ("hora", "pon", "daiminkan"):
            if what in types:
                return f"claim -> {what}{end}"
        return "claim -> pass (+ draw)"
    return "other"


def by_area(games: list[Game], repeat: int = 3) -> dict[str, tuple[float, float]]:
    """µs per game and calls per game of each area (best of ``repeat`` runs)."""
    clock: Callable[[], int] = time.perf_counter_ns
    best: dict[str, float] = {}
    calls: dict[str, int] = defaultdict(int)
    for _ in range(repeat):
        spent: dict[str, int] = defaultdict(int)
        calls.clear()
        for rules, wall, dealer, direction, actions in games:
            t = clock()
            r = new_round(rules, wall, dealer, exchange_direction=direction)
            spent["setup"] += clock() - t
            calls["setup"] += 1
            for a in actions:
                before, n = r.phase, len(r.events)
                t = clock()
                r.apply(a)
                dt = clock() - t
                key = _area(before, r.phase, a[0], r.events[n:])
                spent[key] += dt
                calls[key] += 1
        for k, v in spent.items():
            best[k] = min(best.get(k, v), v)
    n = len(games)
    return {k: (v / n / 1000, calls[k] / n) for k, v in best.items()}


def main(argv: list[str]) -> None:
    games = recorded_games(int(argv[0]) if argv else 300)
    table = by_area(games)
    total = sum(us for us, _ in table.values())
    print(f"{'area':32} {'us/game':>8} {'calls/game':>11}")
    for k, (us, n) in sorted(table.items(), key=lambda kv: -kv[1][0]):
        print(f"{k:32} {us:8.1f} {n:11.2f}")
    print(f"{'total (apply + setup)':32} {total:8.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
