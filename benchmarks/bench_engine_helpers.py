"""The round engine's small helpers (``xzcore.round._engine``), compiled and twin side by side:
the text of a winning hand's 27 counts (the ``hand`` of a ``hora`` event) and a win's
transfers as plain data, each over 1,000 distinct values per round (see conftest.py).

    python -m pytest benchmarks/bench_engine_helpers.py --benchmark-only -q
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from xzcore.money.ledger import Transfer
from xzcore.round import _engine_twin as _engine_twin


def _compiled() -> ModuleType | None:
    try:
        return importlib.import_module("xzcore.round._engine")
    except ImportError:
        return None


HANDS = 1000
"""Values per benchmarked call (benchmarks/conftest.py's ``HANDS``)."""

IMPLS = {"twin": _engine_twin}
if (_c := _compiled()) is not None:
    IMPLS["compiled"] = _c


def _hands(n: int = HANDS, seed: int = 5) -> list[bytes]:
    """``n`` distinct concealed hands of 1–13 tiles, as a win leaves them."""
    rng = random.Random(seed)
    seen: set[bytes] = set()
    while len(seen) < n:
        c = bytearray(27)
        size = rng.choice((1, 4, 7, 10, 13))
        while sum(c) < size:
            k = rng.randrange(27)
            if c[k] < 4:
                c[k] += 1
        seen.add(bytes(c))
    return sorted(seen)


def _wins(n: int = HANDS, seed: int = 6) -> list[list[Transfer]]:
    """``n`` wins' transfers: one from a discarder, or three and their units (R9.1, R9.2)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = rng.randrange(4)
        m = 1 << rng.randrange(7)
        if rng.random() < 0.6:
            d = (w + rng.randrange(1, 4)) % 4
            out.append([Transfer._trusted(d, w, m, "win_discard", "R9.1", f"×{m}")])
        else:
            others = [p for p in range(4) if p != w]
            out.append([Transfer._trusted(p, w, m, "self_draw", "R9.2", f"×{m}") for p in others])
    return out


def _loop(fn: Callable[[Any], object], items: list[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            fn(x)

    return run


@pytest.mark.parametrize("backend", ["compiled", "twin"])
def test_bench_counts_text(timed: Any, backend: str) -> None:
    if backend not in IMPLS:
        pytest.skip("xzcore.round._engine is not built")
    hands = _hands()
    timed("engine counts_text", backend, _loop(IMPLS[backend].counts_text, hands))


@pytest.mark.parametrize("backend", ["compiled", "twin"])
def test_bench_transfer_dicts(timed: Any, backend: str) -> None:
    if backend not in IMPLS:
        pytest.skip("xzcore.round._engine is not built")
    wins = _wins()
    timed("engine transfer_dicts", backend, _loop(IMPLS[backend].transfer_dicts, wins))


def test_bench_baseline(timed: Any) -> None:
    hands = _hands()
    timed("baseline", "bare loop", _loop(len, hands))
