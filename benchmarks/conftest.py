"""Benchmark setup: collect ``bench_*.py``, keep per-hand medians, print them as a table.

Each benchmark times a loop over 1,000 distinct hands inside the benchmarked function (see
../shared/PERF.md: pytest-benchmark's own per-call overhead would swamp a 30 ns call), so the
per-hand figure is the median round time divided by 1,000. Loops that call a kernel function
are reported net of the bare loop (``baseline``) measured in the same run.

    pytest benchmarks/ --benchmark-only
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

HANDS = 1000
"""Hands per benchmarked call."""

_MEDIANS: dict[tuple[str, str], float] = {}
"""(group, backend) -> median seconds per round (1,000 hands)."""


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    # A file named on the command line is collected by pytest itself.
    if (
        file_path.suffix == ".py"
        and file_path.name.startswith("bench_")
        and not parent.session.isinitpath(file_path)
    ):
        return pytest.Module.from_parent(parent, path=file_path)
    return None


@pytest.fixture
def timed(benchmark: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``timed(group, backend, fn)``: benchmark ``fn`` (one loop over 1,000 hands), with
    warm-up, and keep its median for the summary table."""
    seen: list[tuple[str, str]] = []

    def run(group: str, backend: str, fn: Callable[[], object]) -> object:
        benchmark.group = group
        benchmark.name = f"{group}[{backend}]"
        seen.append((group, backend))
        return benchmark(fn)

    yield run
    stats = getattr(benchmark, "stats", None)
    if stats is not None and seen:
        _MEDIANS[seen[0]] = stats.stats.median


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _MEDIANS:
        return
    write = terminalreporter.write_line
    write("")
    write(f"Kernel medians, ns per hand ({HANDS} distinct hands per round; net of the bare loop)")
    write("| operation | compiled | twin | twin / compiled |")
    write("|---|---|---|---|")
    groups = sorted({g for g, _ in _MEDIANS if not g.startswith("baseline")})
    for group in groups:
        cells: list[float | None] = []
        for backend in ("compiled", "twin"):
            median = _MEDIANS.get((group, backend))
            if median is None:
                cells.append(None)
                continue
            base = _MEDIANS.get(("baseline", "bare loop"), 0.0)
            net = median if "batch" in group else median - base
            cells.append(net / HANDS * 1e9)
        ratio = f"{cells[1] / cells[0]:,.0f}×" if cells[0] and cells[1] else "-"
        shown = [f"{v:,.1f}" if v is not None else "-" for v in cells]
        write(f"| {group} | {shown[0]} | {shown[1]} | {ratio} |")
    for (group, backend), median in sorted(_MEDIANS.items()):
        if group.startswith("baseline"):
            write(f"{group} [{backend}]: {median / HANDS * 1e9:,.1f} ns per hand")
