"""A process tree read from Linux's /proc, for the benchmarks that time a coordinator and its
workers (bench_batch, bench_scale, bench_cluster)."""

from __future__ import annotations

import os

TICK = os.sysconf("SC_CLK_TCK")
"""Clock ticks a second: the unit of /proc's CPU times."""


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (any of its threads), alive now."""
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                out.extend(int(x) for x in fh.read().split())
        except OSError:
            pass
    return out


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``, alive now."""
    seen: list[int] = []
    todo = children(pid)
    while todo:
        p = todo.pop()
        seen.append(p)
        todo.extend(children(p))
    return seen


def cpu_ticks(pid: int) -> tuple[int, int] | None:
    """``(own, reaped)``: the CPU clock ticks of ``pid`` itself (user + system) and of the
    children it has reaped; ``None`` once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            f = fh.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(f[11]) + int(f[12]), int(f[13]) + int(f[14])


def rss_kib(pid: int) -> int:
    """The resident set of ``pid`` in KiB (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
