"""Conversion speed between .xzlog and mjai (docs/mjai.md), side by side in one run:
xzlog → mjai lines (``to_mjai``), mjai with our meta → xzlog (``from_mjai``, M2.4: events
rebuilt from their meta), and plain mjai → xzlog (M4: every round replayed through the
engine, the money recomputed).

    python -m pytest benchmarks/bench_mjai.py --benchmark-only
    ... --benchmark-timer time.process_time     # CPU time: steadier on shared cores

The corpus is bench_audit's: 500 games recorded with the greedy bots, seeds from 1, preset
``xuezhan`` (no 换三张, so its plain mjai needs no extension). Each round converts all 500
games; ``extra_info["games_per_s"]`` is 500 over the median round.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from bench_audit import _corpus

from xzcore.mjai.file import read_lines, to_mjai
from xzcore.mjai.replay import from_mjai
from xzcore.rules import RuleSet

GAMES = 500


@pytest.fixture(scope="module")
def corpus() -> bytes:
    return _corpus(GAMES)


@pytest.fixture(scope="module")
def mjai(corpus: bytes) -> bytes:
    return ("\n".join(to_mjai(io.BytesIO(corpus)).lines) + "\n").encode()


@pytest.fixture(scope="module")
def plain(mjai: bytes) -> bytes:
    """The corpus as plain mjai (M4): no meta, no extension."""
    out = []
    for text in mjai.decode().splitlines():
        m = json.loads(text)
        m.pop("meta", None)
        if not m["type"].startswith("xz_"):
            out.append(json.dumps(m, separators=(",", ":")))
    return ("\n".join(out) + "\n").encode()


def _games_per_s(benchmark: Any) -> None:
    benchmark.extra_info["games_per_s"] = round(GAMES / benchmark.stats.stats.median)


def test_xzlog_to_mjai(benchmark: Any, corpus: bytes) -> None:
    """Every game read (L1–L6 checked) and written as mjai lines (M1, M2)."""

    def run() -> int:
        return to_mjai(io.BytesIO(corpus)).games

    benchmark.group = f"convert {GAMES} games"
    assert benchmark.pedantic(run, rounds=5, warmup_rounds=1) == GAMES
    _games_per_s(benchmark)


def test_mjai_with_meta_to_xzlog(benchmark: Any, mjai: bytes, corpus: bytes) -> None:
    """Every game rebuilt from its meta and written (M2.4): the same bytes."""

    def run() -> bytes:
        out = io.BytesIO()
        from_mjai(read_lines(io.BytesIO(mjai)), out)
        return out.getvalue()

    benchmark.group = f"convert {GAMES} games"
    assert benchmark.pedantic(run, rounds=5, warmup_rounds=1) == corpus
    _games_per_s(benchmark)


def test_plain_mjai_to_xzlog(benchmark: Any, plain: bytes) -> None:
    """Every plain round replayed through the engine (M4.3) and written."""
    rules = RuleSet.preset("xuezhan")

    def run() -> int:
        return from_mjai(read_lines(io.BytesIO(plain)), io.BytesIO(), rules=rules).replayed

    benchmark.group = f"convert {GAMES} games"
    assert benchmark.pedantic(run, rounds=3, warmup_rounds=1) == GAMES
    _games_per_s(benchmark)
