"""The engine's win scoring (``score_engine_win``, R8), ``Score.to_dict`` and the end of
round's 查叫 (``chajiao_engine``, R10.2): the compiled scorer (``xzcore.scoring._scorer``) and the
Python path (its twin) side by side.

The corpus is the first 1,000 calls the round engine makes to ``score_engine_win`` and to
``chajiao_engine`` in seeded greedy-bot games (``xuezhan`` and ``chengdu-classic``
alternately: the table and additive models), with the engine's own arguments; the Python
path is the same call with the compiled scorer switched off. The summary table gives ns per
call net of the bare loop.

    python -m pytest benchmarks/bench_compiled_scorer.py --benchmark-only -q
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import xzcore.round.base as round_base
import xzcore.round.claims as claims_mod
import xzcore.round.engine as round_mod
from xzcore.players.agents import GreedyAgent, play_game
from xzcore.rules import RuleSet
from xzcore.scoring import _scorer_twin as twin
from xzcore.scoring import engine
from xzcore.scoring import score as score_module

try:
    compiled: ModuleType | None = importlib.import_module("xzcore.scoring._scorer")
except ImportError:  # pragma: no cover - the twin still runs
    compiled = None

pytestmark = pytest.mark.benchmark(warmup=True, warmup_iterations=20, min_rounds=5)

CALLS = 1000
BACKENDS = [
    pytest.param("compiled", marks=pytest.mark.skipif(compiled is None, reason="not built")),
    "twin",
]
Timed = Callable[[str, str, Callable[[], object]], Any]


@functools.cache
def corpus() -> tuple[tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...]]:
    """The arguments of the engine's first ``CALLS`` calls to ``score_engine_win`` and to
    ``chajiao_engine``."""
    wins: list[tuple[Any, ...]] = []
    ready: list[tuple[Any, ...]] = []
    real_win, real_chajiao = engine.score_engine_win, engine.chajiao_engine

    def record_win(*args: Any) -> Any:
        wins.append(args)
        return real_win(*args)

    def record_chajiao(*args: Any) -> Any:
        ready.append(args)
        return real_chajiao(*args)

    saved = round_mod.score_engine_win, claims_mod.score_engine_win, round_base.chajiao_engine
    setattr(round_mod, "score_engine_win", record_win)  # noqa: B010 (a recording stand-in)
    setattr(claims_mod, "score_engine_win", record_win)  # noqa: B010
    setattr(round_base, "chajiao_engine", record_chajiao)  # noqa: B010
    try:
        seed = 0
        while len(wins) < CALLS or len(ready) < CALLS:
            rules = RuleSet.preset("xuezhan" if seed % 2 == 0 else "chengdu-classic")
            play_game(rules, seed, [GreedyAgent(4 * seed + i) for i in range(4)])
            seed += 1
    finally:
        round_mod.score_engine_win, claims_mod.score_engine_win = saved[:2]
        round_base.chajiao_engine = saved[2]
    return tuple(wins[:CALLS]), tuple(ready[:CALLS])


def _using(backend: str) -> ModuleType:
    """The module of one backend: ``score_or_decline``, ``score_dict``, ``chajiao_or_decline``."""
    module = compiled if backend == "compiled" else twin
    assert module is not None
    return module


def test_baseline_bare_loop(timed: Timed) -> None:
    calls = corpus()[0]

    def loop() -> None:
        for _args in calls:
            pass

    timed("baseline", "bare loop", loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_score_engine_win(timed: Timed, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = corpus()[0]
    monkeypatch.setattr(engine, "score_or_decline", _using(backend).score_or_decline)
    score = engine.score_engine_win

    def loop() -> None:
        for args in calls:
            score(*args)

    timed("score_engine_win", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_score_to_dict(timed: Timed, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scores = [engine.score_engine_win(*args) for args in corpus()[0]]
    monkeypatch.setattr(score_module, "score_dict", _using(backend).score_dict)

    def loop() -> None:
        for s in scores:
            s.to_dict()

    timed("Score.to_dict", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_chajiao_engine(timed: Timed, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = corpus()[1]
    monkeypatch.setattr(engine, "chajiao_or_decline", _using(backend).chajiao_or_decline)
    chajiao = engine.chajiao_engine

    def loop() -> None:
        for args in calls:
            chajiao(*args)

    timed("chajiao_engine", backend, loop)
