"""Batch verification on a many-core machine, end to end (docs/scale.md): record a corpus
with every core, then time ``xz audit --jobs 1`` on one file against ``--jobs N`` and
``--dask local:N`` on all of them.

    python benchmarks/bench_scale.py --games 1000000 --files 16 --workers 16 --out DIR

Each audit is a real ``xz`` process writing JSON lines to /dev/null. Reported: wall seconds,
games per second, the speedup over one core (games/s against ``--jobs 1``'s), and the
coordinator's own CPU seconds (the ``xz`` process alone, read from /proc while it runs)
against its workers' (every process below it). The three runs must report the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from proc_tree import TICK, cpu_ticks, descendants

PRESETS = ("xuezhan", "chengdu-classic", "xueliu", "leshan")


def xz(*args: str) -> list[str]:
    return [sys.executable, "-m", "xzcore.cli", *args]


def timed(cmd: list[str]) -> dict[str, float]:
    """Wall seconds, the process's own CPU and its whole tree's (own + workers), sampled
    until it ends; the summary line it printed on stderr."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    own = tree = 0
    seen: dict[int, int] = {}
    while proc.poll() is None:
        s = cpu_ticks(proc.pid)
        if s is not None:
            own = s[0]
        for p in descendants(proc.pid):
            st = cpu_ticks(p)
            if st is not None:
                seen[p] = max(seen.get(p, 0), st[0])
        time.sleep(0.2)
    _, err = proc.communicate()
    wall = time.perf_counter() - start
    tree = sum(seen.values())
    return {
        "wall_s": wall,
        "coordinator_cpu_s": own / TICK,
        "workers_cpu_s": tree / TICK,
        "exit": proc.returncode,
        "summary": err.strip().splitlines()[-1] if err.strip() else "",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--files", type=int, default=16)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", required=True, help="folder for the logs and results.json")
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument(
        "--curve",
        default="",
        help="also --jobs at these worker counts (e.g. 4,8): where the per-worker rate falls",
    )
    ap.add_argument("--format", default="jsonl", choices=["jsonl", "table"])
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    per = args.games // args.files
    files = [out / f"corpus-{i:02d}.xzlog" for i in range(args.files)]
    t0 = time.perf_counter()

    def record(i: int) -> None:
        if not files[i].exists():
            cmd = xz(
                "record",
                "-n",
                str(per),
                "--seed",
                str(1000 * i),
                "--rules",
                PRESETS[i % 4],
                "-o",
                str(files[i]),
            )
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    with ThreadPoolExecutor(args.workers) as pool:
        list(pool.map(record, range(args.files)))
    size = sum(f.stat().st_size for f in files)
    results: dict[str, object] = {
        "games": per * args.files,
        "files": args.files,
        "bytes": size,
        "cores": os.cpu_count(),
        "record_s": time.perf_counter() - t0,
    }
    print(
        f"recorded {per * args.files:,} games in {args.files} files, {size / 1e9:.1f} GB, "
        f"{results['record_s']:.0f} s",
        flush=True,
    )
    fmt = ["--format", args.format]
    runs = {"jobs 1 (one file)": xz("audit", *fmt, "--jobs", "1", str(files[0]))}
    for n in [int(x) for x in args.curve.split(",") if x] + [args.workers]:
        runs[f"jobs {n}"] = xz("audit", *fmt, "--jobs", str(n), *map(str, files))
    if not args.skip_dask:
        runs[f"dask local:{args.workers}"] = xz(
            "audit", *fmt, "--dask", f"local:{args.workers}", *map(str, files)
        )
    one = None
    for name, cmd in runs.items():
        r = timed(cmd)
        games = per if name.startswith("jobs 1 ") else per * args.files
        r["games_per_s"] = games / r["wall_s"]
        if one is None:
            one = r["games_per_s"]
        r["speedup"] = r["games_per_s"] / one
        busy = r["workers_cpu_s"] or r["coordinator_cpu_s"]
        r["coordinator_share"] = r["coordinator_cpu_s"] / busy if busy else 0.0
        r["games_per_worker_cpu_s"] = games / busy if busy else 0.0
        results[name] = r
        print(
            f"{name:22} {r['wall_s']:7.1f} s {r['games_per_s']:>10,.0f} games/s "
            f"x{r['speedup']:5.1f}  coordinator {r['coordinator_cpu_s']:6.1f} CPU-s "
            f"({r['coordinator_share']:.1%} of workers')  "
            f"{r['games_per_worker_cpu_s']:,.0f} games/worker-CPU-s  exit {r['exit']}",
            flush=True,
        )
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
