"""Game scanner speed (xzcore.logscan): the games of a 1,000-game greedy corpus read by the
compiled scanner, by its pure-Python twin and by the reader it speeds up (LogReader +
CollectingBuilder), side by side in one run.

    python -m pytest benchmarks/bench_logscan.py --benchmark-only
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

from xzcore.log import CollectingBuilder, LogReader
from xzcore.logtypes import GENESIS, Limits

GAMES = 1000

_READERS = {"compiled": "xzcore._logscan", "twin": "xzcore._logscan_reference"}


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
    reader = LogReader(io.BytesIO(data))
    games = 0
    while (game := reader.read_game(CollectingBuilder)) is not None:
        assert not game.errors
        games += 1
    return games


@pytest.mark.parametrize("reader", ["compiled", "twin", "LogReader"])
def test_read_games(benchmark: Any, corpus: bytes, reader: str) -> None:
    """All games of the corpus: decoded, hash chain checked (L2), within the limits (L6)."""
    if reader == "LogReader":

        def run() -> int:
            return _read_all(corpus)

    else:
        try:
            module = importlib.import_module(_READERS[reader])
        except ImportError:
            if os.environ.get("XZ_REQUIRE_COMPILED"):
                raise
            pytest.skip("compiled scanner xzcore._logscan is not built")
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
