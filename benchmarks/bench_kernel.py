"""Kernel benchmarks: compiled and twin side by side, 1,000 distinct realistic hands a round.

Run from the repository root: ``pytest benchmarks/ --benchmark-only``. The summary table at
the end gives ns per hand net of the bare loop, and the twin/compiled ratio.
"""

from __future__ import annotations

import importlib
import random
from array import array
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from xzcore.kernel import _core_twin as twin
from xzcore.kernel._handgen import melds_for, ready_rows, win_rows
from xzcore.kernel._input import meld_summary

try:
    compiled: ModuleType | None = importlib.import_module("xzcore.kernel._core")
except ImportError:  # pragma: no cover - the twin still runs
    compiled = None

pytestmark = pytest.mark.benchmark(warmup=True, warmup_iterations=20, min_rounds=5)

WIN = win_rows(1000, seed=101)
READY = ready_rows(1000, seed=102)
SHANTEN = [row for pair in zip(WIN[:500], READY[:500], strict=True) for row in pair]
BACKENDS = [
    pytest.param("compiled", marks=pytest.mark.skipif(compiled is None, reason="not built")),
    "twin",
]
Timed = Callable[[str, str, Callable[[], object]], Any]


def kernel(name: str) -> ModuleType:
    module = compiled if name == "compiled" else twin
    assert module is not None
    return module


def test_baseline_bare_loop(timed: Timed) -> None:
    rows = WIN

    def loop() -> None:
        for _counts, _void in rows:
            pass

    timed("baseline", "bare loop", loop)


def test_baseline_empty_call(timed: Timed) -> None:
    rows = WIN
    empty = getattr(compiled, "_empty", None) or (lambda counts, void: None)

    def loop() -> None:
        for counts, void in rows:
            empty(counts, void)

    timed("baseline", "empty call", loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_is_win(timed: Timed, backend: str) -> None:
    is_win, rows = kernel(backend).is_win, WIN

    def loop() -> None:
        for counts, void in rows:
            is_win(counts, void)

    timed("is_win (bytes)", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_hand_is_win(timed: Timed, backend: str) -> None:
    hands = [kernel(backend).Hand(counts, void) for counts, void in WIN]

    def loop() -> None:
        for hand in hands:
            hand.is_win()

    timed("Hand.is_win", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_is_win_batch(timed: Timed, backend: str) -> None:
    batch = kernel(backend).is_win_batch
    flat = b"".join(counts for counts, _ in WIN)
    voids = array("b", [void for _, void in WIN])
    result = timed("is_win_batch", backend, lambda: batch(flat, voids))
    assert sum(result) > 250  # about a third of the mix wins


@pytest.mark.parametrize("backend", BACKENDS)
def test_waits(timed: Timed, backend: str) -> None:
    waits, rows = kernel(backend).waits, READY

    def loop() -> None:
        for counts, void in rows:
            waits(counts, void)

    timed("waits (bytes)", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_hand_waits(timed: Timed, backend: str) -> None:
    hands = [kernel(backend).Hand(counts, void) for counts, void in READY]

    def loop() -> None:
        for hand in hands:
            hand.waits()

    timed("Hand.waits", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_waits_batch(timed: Timed, backend: str) -> None:
    batch = kernel(backend).waits_batch
    flat = b"".join(counts for counts, _ in READY)
    voids = array("b", [void for _, void in READY])
    result = timed("waits_batch", backend, lambda: batch(flat, voids))
    assert sum(1 for m in result if m) > 250


@pytest.mark.parametrize("backend", BACKENDS)
def test_shanten(timed: Timed, backend: str) -> None:
    shanten, rows = kernel(backend).shanten, SHANTEN

    def loop() -> None:
        for counts, void in rows:
            shanten(counts, void)

    timed("shanten", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_shanten_discards(timed: Timed, backend: str) -> None:
    # one call answers all of a 14-tile hand's discards (a bot's turn); compare with ~14
    # shanten calls
    shanten_discards, rows = kernel(backend).shanten_discards, WIN

    def loop() -> None:
        for counts, void in rows:
            shanten_discards(counts, void)

    timed("shanten_discards", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_hand_shanten_discards(timed: Timed, backend: str) -> None:
    hands = [kernel(backend).Hand(counts, void) for counts, void in WIN]

    def loop() -> None:
        for hand in hands:
            hand.shanten_discards()

    timed("Hand.shanten_discards", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_hand_claimable(timed: Timed, backend: str) -> None:
    # the round's test on every discard, for each other seat: about one kind in four of the
    # mix is held twice or completes the hand; the waits mask is kept between calls
    hands = [kernel(backend).Hand(counts, void) for counts, void in READY]
    kinds = [(7 * i) % 27 for i in range(len(hands))]
    pairs = list(zip(hands, kinds, strict=True))

    def loop() -> None:
        for hand, kind in pairs:
            hand.claimable(kind)

    timed("Hand.claimable", backend, loop)


def _value_rows() -> tuple[
    list[tuple[bytes, int, bytes, int]], list[tuple[bytes, int, bytes, int]]
]:
    """Ready and complete hands with fitting melds: (counts, void, held, meld_info)."""
    rng = random.Random(103)
    ready = [(c, v, *meld_summary(c, melds_for(c, rng))) for c, v in READY]
    wins = [(c, v, *meld_summary(c, melds_for(c, rng))) for c, v in WIN]
    return ready, wins


VALUE_READY, VALUE_WIN = _value_rows()


@pytest.mark.parametrize("backend", BACKENDS)
def test_ready_fan(timed: Timed, backend: str) -> None:
    ready_fan, rows = kernel(backend).ready_fan, VALUE_READY

    def loop() -> None:
        for counts, void, held, info in rows:
            ready_fan(counts, void, held, info, 2)

    timed("ready_fan (查叫)", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_ready_fan_batch(timed: Timed, backend: str) -> None:
    batch = kernel(backend).ready_fan_batch
    flat = b"".join(r[0] for r in VALUE_READY)
    voids = array("b", [r[1] for r in VALUE_READY])
    held = b"".join(r[2] for r in VALUE_READY)
    infos = array("H", [r[3] for r in VALUE_READY])
    result = timed("ready_fan_batch", backend, lambda: batch(flat, voids, held, infos, 2))
    assert sum(1 for v in result if v >= 0) > 250


@pytest.mark.parametrize("backend", BACKENDS)
def test_win_fan(timed: Timed, backend: str) -> None:
    win_fan, rows = kernel(backend).win_fan, VALUE_WIN

    def loop() -> None:
        for counts, void, held, info in rows:
            win_fan(counts, void, held, info, 2)

    timed("win_fan", backend, loop)
