"""Game scanner speed (xzcore.log.scan): the games of a 1,000-game greedy corpus read by the
compiled scanner, by its pure-Python twin and record by record (``LogReader(scan=False)`` +
CollectingBuilder), side by side in one run. Also the audit's type-strict comparison of each
game's recorded events with the engine's replay of them: the compiled ``same_events`` and its
twin; and the claims record (L5) of each game's events, compiled ``claims_of`` and its twin.

    python -m pytest benchmarks/bench_log_scan.py --benchmark-only
    ... --benchmark-timer time.process_time     # CPU time: steadier on shared cores

Each round reads all 1,000 games, so the table's times in milliseconds are microseconds per
game (also kept as ``extra_info["us_per_game"]``). The corpus is bench_audit's: recorded with
the greedy bots, seeds from 1, preset ``xuezhan`` (about 118 events and 11.5 KB a game).
"""

from __future__ import annotations

import importlib
import io
import os
from collections.abc import Callable
from typing import Any

import pytest
from bench_audit import _corpus

from xzcore.audit.compare import _make_round
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.log.types import GENESIS, Limits, Location, parse_header
from xzcore.round.actions import action_of

GAMES = 1000

_READERS = {"compiled": "xzcore.log._scan", "twin": "xzcore.log._scan_twin"}


@pytest.fixture(scope="module")
def corpus() -> bytes:
    return _corpus(GAMES)


def _scan_all(scan_game: Callable[..., Any], data: bytes) -> int:
    """Every game, each from where the last ended and chained from its last hash (L2)."""
    limits = Limits()
    start, prev, games = 0, GENESIS, 0
    while start < len(data):
        res = scan_game(data, start, 0, prev, limits)
        assert isinstance(res, tuple)
        start, prev = res[0], res[9]
        games += 1
    return games


def _read_all(data: bytes) -> int:
    reader = LogReader(io.BytesIO(data), scan=False)
    games = 0
    while (game := reader.read_game(CollectingBuilder)) is not None:
        assert not game.errors
        games += 1
    return games


@pytest.mark.parametrize("reader", ["compiled", "twin", "records"])
def test_read_games(benchmark: Any, corpus: bytes, reader: str) -> None:
    """All games of the corpus: decoded, hash chain checked (L2), within the limits (L6)."""
    if reader == "records":

        def run() -> int:
            return _read_all(corpus)

    else:
        try:
            module = importlib.import_module(_READERS[reader])
        except ImportError:
            if os.environ.get("XZ_REQUIRE_COMPILED"):
                raise
            pytest.skip("compiled scanner xzcore.log._scan is not built")
        scan_game = module.scan_game
        if reader == "compiled":  # the hash-check kernel in use: 2 AVX-512, 1 AVX2, 0 scalar
            benchmark.extra_info["lanes"] = module._use_lanes(9)

        def run() -> int:
            return _scan_all(scan_game, corpus)

    benchmark.group = f"read {GAMES} recorded games (ms per round = µs per game)"
    rounds = 3 if reader == "twin" else 10
    games = benchmark.pedantic(run, rounds=rounds, warmup_rounds=1)
    assert games == GAMES
    median = benchmark.stats.stats.median
    benchmark.extra_info["us_per_game"] = round(median / GAMES * 1e6, 1)


def _compiled_or_skip() -> Any:
    try:
        return importlib.import_module(_READERS["compiled"])
    except ImportError:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
        pytest.skip("compiled scanner xzcore.log._scan is not built")


@pytest.fixture(scope="module")
def replayed(corpus: bytes) -> list[tuple[list[Any], list[Any], bytes]]:
    """Per game: the recorded events (as the scanner reads them), the engine's events
    replaying them, and the events' bytes (``bodies``)."""
    scan_game = importlib.import_module(_READERS["twin"]).scan_game
    out = []
    start, prev = 0, GENESIS
    while start < len(corpus):
        res = scan_game(corpus, start, 0, prev, Limits())
        assert isinstance(res, tuple)
        rnd, problem = _make_round(parse_header(res[1], Location()), res[2], Location())
        assert problem is None
        for event in res[2]:
            action = action_of(event)
            if action is not None:
                rnd.play(action)
        out.append((res[2], list(rnd.events), res[10]))
        start, prev = res[0], res[9]
    return out


@pytest.mark.parametrize("how", ["compiled", "twin"])
def test_same_events(benchmark: Any, replayed: list[Any], how: str) -> None:
    """Every game's recorded events against the engine's: the same, type for type."""
    module = _compiled_or_skip() if how == "compiled" else importlib.import_module(_READERS[how])
    same_events = module.same_events

    def run() -> int:
        return sum(same_events(a, b) for a, b, _ in replayed)

    benchmark.group = f"same_events, {GAMES} games (ms per round = µs per game)"
    games = benchmark.pedantic(run, rounds=3 if how == "twin" else 10, warmup_rounds=1)
    assert games == GAMES
    benchmark.extra_info["us_per_game"] = round(benchmark.stats.stats.median / GAMES * 1e6, 1)


@pytest.fixture(scope="module")
def scanned(corpus: bytes) -> list[tuple[Any, ...]]:
    """Every game as the audit reads it: by the compiled scanner when built (its dicts, its
    strings), else by the twin."""
    try:
        scan_game = importlib.import_module(_READERS["compiled"]).scan_game
    except ImportError:
        scan_game = importlib.import_module(_READERS["twin"]).scan_game
    out = []
    start, prev = 0, GENESIS
    while start < len(corpus):
        res = scan_game(corpus, start, 0, prev, Limits())
        assert isinstance(res, tuple)
        out.append(res)
        start, prev = res[0], res[9]
    return out


@pytest.mark.parametrize("how", ["compiled", "twin"])
def test_claims_of(benchmark: Any, scanned: list[tuple[Any, ...]], how: str) -> None:
    """The claims record (L5) each game's events make, from the scanner's ``others`` (what
    the audit's compare_claims computes)."""
    module = _compiled_or_skip() if how == "compiled" else importlib.import_module(_READERS[how])
    claims_of = module.claims_of

    def run() -> int:
        return sum(claims_of(res[2], res[11]) == res[4] for res in scanned)

    benchmark.group = f"claims_of, {GAMES} games (ms per round = µs per game)"
    games = benchmark.pedantic(run, rounds=10, warmup_rounds=1)
    assert games == GAMES
    benchmark.extra_info["us_per_game"] = round(benchmark.stats.stats.median / GAMES * 1e6, 1)


class _ReadOnly(io.BytesIO):
    """Not a standard handle type: LogReader reads it with read() (a new block each time)."""


@pytest.mark.parametrize("handle", ["BytesIO (readinto)", "subclass (read)"])
def test_log_reader(benchmark: Any, corpus: bytes, handle: str) -> None:
    """Every game through LogReader and a visitor that keeps nothing: the scan, the header
    and closing checks, the blocks read from the handle."""
    from xzcore.log.reader import BaseVisitor

    class Nothing(BaseVisitor[int]):
        def visit_events(self, *args: Any) -> None:
            pass

        def result(self) -> int:
            return 1

    kind = io.BytesIO if handle.startswith("BytesIO") else _ReadOnly

    def run() -> int:
        reader = LogReader(kind(corpus))
        visitor = Nothing()
        games = 0
        while reader.read_game(visitor) is not None:
            games += 1
        return games

    benchmark.group = f"LogReader, {GAMES} games (ms per round = µs per game)"
    games = benchmark.pedantic(run, rounds=10, warmup_rounds=1)
    assert games == GAMES
    benchmark.extra_info["us_per_game"] = round(benchmark.stats.stats.median / GAMES * 1e6, 1)
