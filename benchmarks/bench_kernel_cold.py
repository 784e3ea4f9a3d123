"""The kernel's batch functions on hot and cold caches, ns per hand.

hot: one buffer of 1,000 realistic hands (``xzcore.kernel._handgen``), batched again and
again, so that the table entries it reads stay in cache (what ``bench_kernel.py`` measures).
cold: 100,000 distinct realistic hands in one batch, as over a long stretch of play or an
audit of many games: each hand reads its own entries, and a table that does not fit in the
core's cache is read from farther away (docs/internals.md, "The kernel's tables").

    pytest benchmarks/bench_kernel_cold.py --benchmark-only
    python benchmarks/bench_kernel_cold.py --before /path/to/other/xzcore/kernel/_core.*.so

The first runs the compiled build with pytest-benchmark and prints a table of ns per hand.
The second times two builds in one process, alternating them (order swapped every round) so
that a busy spell of a shared machine falls on both alike, and prints both builds' medians
and their ratio (above 1 = this build is faster), and the ratio of the minimums (the least
disturbed round of each, for a busy machine). A build without ``shanten_batch`` is timed
on a loop of ``shanten`` calls instead (marked so in the table).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import time
from array import array
from collections.abc import Callable, Iterator
from functools import cache
from types import ModuleType
from typing import Any

import pytest

from xzcore.kernel._handgen import (
    READY_WEIGHTS,
    WIN_WEIGHTS,
    distinct_rows,
    ready_rows,
    win_rows,
)

try:
    compiled: ModuleType | None = importlib.import_module("xzcore.kernel._core")
except ImportError:  # pragma: no cover - nothing to time
    compiled = None

HOT = 1_000
"""Hands in the hot buffer (the same as ``bench_kernel.py``'s)."""
COLD = 100_000
"""Distinct hands in the cold buffer."""
HOT_REPEATS = COLD // HOT
"""Hot batches per timed call: as many hands as one cold batch."""

Batch = tuple[bytes, "array[int]"]


@cache
def workloads() -> dict[tuple[str, str], Batch]:
    """(operation, "hot"/"cold") -> (rows, voids). Shanten takes wins and ready hands mixed."""

    def batch(rows: list[tuple[bytes, int]]) -> Batch:
        return b"".join(c for c, _ in rows), array("b", [v for _, v in rows])

    wins = distinct_rows(COLD, WIN_WEIGHTS, seed=201)
    ready = distinct_rows(COLD, READY_WEIGHTS, seed=202)
    hot_wins, hot_ready = win_rows(HOT, seed=101), ready_rows(HOT, seed=102)
    mixed = [
        row for pair in zip(wins[: COLD // 2], ready[: COLD // 2], strict=True) for row in pair
    ]
    hot_mixed = [row for pair in zip(hot_wins[:500], hot_ready[:500], strict=True) for row in pair]
    return {
        ("is_win_batch", "hot"): batch(hot_wins),
        ("is_win_batch", "cold"): batch(wins),
        ("waits_batch", "hot"): batch(hot_ready),
        ("waits_batch", "cold"): batch(ready),
        ("shanten_batch", "hot"): batch(hot_mixed),
        ("shanten_batch", "cold"): batch(mixed),
    }


OPERATIONS = ("is_win_batch", "waits_batch", "shanten_batch")


def timed_call(k: ModuleType, op: str, cache_state: str) -> tuple[Callable[[], object], bool]:
    """A call that runs ``op`` of kernel ``k`` over ``COLD`` hands, and whether it is the
    batch itself (False: a loop of single ``shanten`` calls, for a build without the batch)."""
    rows, voids = workloads()[(op, cache_state)]
    fn = getattr(k, op, None)
    native = fn is not None
    if fn is None:  # shanten_batch before it existed: the loop a caller had to write
        shanten = k.shanten
        hands = [(rows[27 * i : 27 * i + 27], voids[i]) for i in range(len(voids))]

        def fn(rows: bytes, voids: array[int]) -> object:
            return [shanten(c, v) for c, v in hands]

    if cache_state == "cold":
        return (lambda: fn(rows, voids)), native

    def hot() -> None:
        for _ in range(HOT_REPEATS):
            fn(rows, voids)

    return hot, native


# --- pytest-benchmark ---------------------------------------------------------------------

_NS: dict[tuple[str, str], float] = {}


class _Summary:
    """A plugin that prints the table at the end of the run (after output capture ends)."""

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        write = terminalreporter.write_line
        write("")
        write(
            f"Batch medians, ns per hand (hot: {HOT} hands again and again; "
            f"cold: {COLD:,} distinct hands)"
        )
        write("| operation | hot | cold | cold / hot |")
        write("|---|---|---|---|")
        for op in OPERATIONS:
            hot, cold = _NS.get((op, "hot")), _NS.get((op, "cold"))
            if hot and cold:
                write(f"| {op} | {hot:.1f} | {cold:.1f} | {cold / hot:.2f} |")


@pytest.fixture(scope="module", autouse=True)
def _report(request: pytest.FixtureRequest) -> Iterator[None]:
    manager = request.config.pluginmanager
    if not manager.has_plugin("bench_kernel_cold_summary"):
        manager.register(_Summary(), "bench_kernel_cold_summary")
    yield


@pytest.mark.skipif(compiled is None, reason="the compiled kernel is not built")
@pytest.mark.parametrize("cache_state", ["hot", "cold"])
@pytest.mark.parametrize("op", OPERATIONS)
def test_batch(benchmark: Any, op: str, cache_state: str) -> None:
    assert compiled is not None
    call, _ = timed_call(compiled, op, cache_state)
    call()  # the tables built, and the shanten cache filled for these hands
    benchmark.group = f"{op} ({cache_state})"
    benchmark.pedantic(call, rounds=15, warmup_rounds=2)
    _NS[(op, cache_state)] = benchmark.stats.stats.median / COLD * 1e9


# --- two builds, alternating --------------------------------------------------------------


def load_other(path: str) -> ModuleType:
    """The extension at ``path`` as a second, separate module (its own tables)."""
    spec = importlib.util.spec_from_file_location("xzcore.kernel._core", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="path of the other _core extension")
    parser.add_argument("--rounds", type=int, default=21, help="rounds per operation (21)")
    args = parser.parse_args(argv)
    import xzcore.kernel._core as after

    builds = {"before": load_other(args.before), "after": after}
    cases = [(op, state) for op in OPERATIONS for state in ("hot", "cold")]
    calls = {w: {c: timed_call(k, *c) for c in cases} for w, k in builds.items()}
    for by_case in calls.values():
        for call, _ in by_case.values():
            call()  # tables built, shanten caches filled
    times: dict[tuple[str, str], dict[str, list[float]]] = {
        c: {"before": [], "after": []} for c in cases
    }
    clock = time.perf_counter_ns
    for rnd in range(args.rounds):
        order = ("before", "after") if rnd % 2 else ("after", "before")
        for case in cases:
            for which in order:
                call, _ = calls[which][case]
                start = clock()
                call()
                times[case][which].append((clock() - start) / COLD)
    print(
        f"{args.rounds} alternating rounds; medians, ns per hand "
        f"(hot: {HOT} hands again and again; cold: {COLD:,} distinct hands)"
    )
    print()
    print("| operation | cache | before | after | before / after | minimums, before / after |")
    print("|---|---|---|---|---|---|")
    for (op, state), by in times.items():
        b, a = statistics.median(by["before"]), statistics.median(by["after"])
        low_b, low_a = min(by["before"]), min(by["after"])
        mark = "" if calls["before"][(op, state)][1] else " (loop of shanten)"
        print(
            f"| {op} | {state} | {b:.1f}{mark} | {a:.1f} | {b / a:.2f} "
            f"| {low_b:.1f} / {low_a:.1f} = {low_b / low_a:.2f} |"
        )


if __name__ == "__main__":
    main()
