"""The kernel's round-tile helpers, compiled and twin side by side: ``check_wall`` (R1.1,
R2.2; bytes as a log holds it, a list as the round passes it), ``dealt_hands`` (R2.3) and
``tile_counts`` (R1.1, the round's ``check_tiles``), over 1,000 distinct seeded walls.

    pytest benchmarks/bench_kernel_tiles.py --benchmark-only
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from xzcore.kernel import _core_twin as twin
from xzcore.round.wall import deal

try:
    compiled: ModuleType | None = importlib.import_module("xzcore.kernel._core")
except ImportError:  # pragma: no cover - the twin still runs
    compiled = None

pytestmark = pytest.mark.benchmark(warmup=True, warmup_iterations=5, min_rounds=5)

WALLS = [deal(seed).wall for seed in range(1000)]
BACKENDS = [
    pytest.param("compiled", marks=pytest.mark.skipif(compiled is None, reason="not built")),
    "twin",
]
Timed = Callable[[str, str, Callable[[], object]], Any]


def kernel(name: str) -> ModuleType:
    module = compiled if name == "compiled" else twin
    assert module is not None
    return module


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shape", ["bytes", "list"])
def test_check_wall(timed: Timed, backend: str, shape: str) -> None:
    check_wall = kernel(backend).check_wall
    walls = [bytes(w) for w in WALLS] if shape == "bytes" else WALLS

    def loop() -> None:
        for w in walls:
            check_wall(w)

    timed(f"check_wall ({shape})", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_dealt_hands(timed: Timed, backend: str) -> None:
    dealt_hands = kernel(backend).dealt_hands
    rows = [(w, i % 4) for i, w in enumerate(WALLS)]

    def loop() -> None:
        for w, dealer in rows:
            dealt_hands(w, dealer)

    timed("dealt_hands", backend, loop)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tile_counts(timed: Timed, backend: str) -> None:
    """A mid-round state: four hands of 13, rivers of 10, the rest of the wall."""
    k = kernel(backend)
    states = []
    for i, w in enumerate(WALLS):
        hands, _ = k.dealt_hands(w, i % 4)
        hands[i % 4].remove(w[52])
        rivers = [w[53 + 10 * s : 63 + 10 * s] for s in range(4)]
        states.append((hands, (*rivers, [w[52]], w[93:])))
    tile_counts = k.tile_counts
    assert tile_counts(*states[0]) == [4] * 27

    def loop() -> None:
        for hands, lists in states:
            tile_counts(hands, lists)

    timed("tile_counts", backend, loop)
