"""The coordinator's share of a batch audit's CPU (docs/scale.md): how many workers it can
feed before it, not they, bounds the speed.

    python benchmarks/bench_batch.py --games 1500 --files 8 --big 12000 --rounds 3

For ``--jobs 2`` (:class:`xzcore.batch.ProcessPool`) and ``--dask local:2``
(:class:`xzcore.batch.DaskCluster`), on many files and on one big file, each run is timed in
this process through the library API: the coordinator's CPU time (this process's own:
planning, merging, writing the output; with ``local:2`` the in-process scheduler too) and
the workers' (every process below it, read from /proc; a Dask scheduler in a process of its
own is shown apart), from the run's first output to its last: start-up and shut-down left
out, so the share is what the games cost the coordinator
against what they cost the workers; the coordinator saturates at about 1/share workers. Runs
take turns (ABAB…) so the machine's load falls on all alike; medians over ``--rounds``.
The logs are recorded once into a temporary folder (``--keep DIR`` to reuse one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from proc_tree import TICK, cpu_ticks, descendants

PRESETS = ("xuezhan", "chengdu-classic", "xueliu", "leshan")


def record(folder: Path, name: str, games: int, preset: str, seed: int) -> Path:
    path = folder / name
    if not path.exists():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "xzcore.cli",
                "record",
                "-n",
                str(games),
                "--seed",
                str(seed),
                "--rules",
                preset,
                "-o",
                str(path),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return path


def tree_cpu() -> tuple[float, float]:
    """The CPU seconds of the processes below this one, read live from /proc: a Dask
    scheduler's (its command line names it), and all the others' (workers, nannies)."""
    scheduler = workers = 0
    for pid in descendants(os.getpid()):
        ticks = cpu_ticks(pid)
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                cmdline = fh.read()
        except OSError:
            continue
        if ticks is None:
            continue
        if b"Scheduler" in cmdline:
            scheduler += ticks[0]
        else:
            workers += ticks[0]
    return scheduler / TICK, workers / TICK


def one_run(
    paths: list[str], executor: Callable[[], Any], fmt: str
) -> tuple[float, float, float, int]:
    """The CPU seconds of the coordinator, of a Dask scheduler in a process of its own, and
    of the workers, from a run's first output to its last (start-up and shut-down left out),
    and the run's games."""
    from xzcore.batch import BatchAudit, Options

    run = BatchAudit(paths, Options(fmt=fmt, hashes=fmt != "table"), executor=executor())
    tasks = sum(1 for _ in run.tasks())
    if tasks < 4:
        raise SystemExit(
            f"{tasks} task(s): too few for a steady state to measure (record more games)"
        )
    first: tuple[float, float, float] | None = None
    last = (0.0, 0.0, 0.0)
    with open(os.devnull, "w") as sink:
        for i, out in enumerate(run, 1):
            sink.write(out.text)
            if first is None or i == tasks:
                now = (time.process_time(), *tree_cpu())
                if first is None:
                    first = now
                if i == tasks:
                    last = now
    assert first is not None
    return last[0] - first[0], last[1] - first[1], last[2] - first[2], run.tally.games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1500, help="games per file of the many")
    ap.add_argument("--files", type=int, default=8, help="how many files")
    ap.add_argument("--big", type=int, default=12000, help="games of the one big file")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--format", default="jsonl", choices=["jsonl", "table", "json"])
    ap.add_argument("--keep", metavar="DIR", help="record the logs here (or reuse them)")
    ap.add_argument("--json", metavar="FILE", help="also write the medians as JSON")
    args = ap.parse_args()

    from xzcore.batch import DaskCluster, ProcessPool

    folder = Path(args.keep or tempfile.mkdtemp(prefix="bench-batch-"))
    folder.mkdir(parents=True, exist_ok=True)
    many = [
        str(record(folder, f"many-{i}-{args.games}.xzlog", args.games, PRESETS[i % 4], 100 + i))
        for i in range(args.files)
    ]
    big = [str(record(folder, f"big-{args.big}.xzlog", args.big, "xuezhan", 7))]
    executors: dict[str, Callable[[], Any]] = {
        "--jobs 2": lambda: ProcessPool(2),
        "--dask local:2": lambda: DaskCluster("local:2"),
    }
    corpora = {f"{args.files} files of {args.games}": many, f"1 file of {args.big}": big}
    shares: dict[tuple[str, str], list[float]] = {}
    rates: dict[tuple[str, str], list[float]] = {}
    scheds: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for ename, make in executors.items():
            for cname, paths in corpora.items():
                c, sched, w, games = one_run(paths, make, args.format)
                shares.setdefault((ename, cname), []).append(c / max(w, 1e-9))
                scheds.setdefault((ename, cname), []).append(sched / max(w, 1e-9))
                rates.setdefault((ename, cname), []).append(games / max(w, 1e-9))
    print(f"format {args.format}; {os.cpu_count()} cores; medians of {args.rounds} rounds")
    print(
        f"{'executor':16} {'input':22} {'coordinator share':>18} {'saturates at':>13} "
        f"{'games/worker-CPU-s':>19} {'scheduler share':>16}"
    )
    doc = []
    for (ename, cname), values in shares.items():
        s = statistics.median(values)
        r = statistics.median(rates[(ename, cname)])
        sat = 1 / s if s > 0 else float("inf")
        sc = statistics.median(scheds[(ename, cname)])
        print(f"{ename:16} {cname:22} {s:>17.2%} {sat:>10.0f} workers {r:>12,.0f} {sc:>16.2%}")
        doc.append(
            {
                "executor": ename,
                "input": cname,
                "share": s,
                "saturates_at": sat,
                "games_per_worker_cpu_s": r,
                "scheduler_share": sc,
            }
        )
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n")


if __name__ == "__main__":
    main()
