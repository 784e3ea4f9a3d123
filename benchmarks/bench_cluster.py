"""``xz audit --jobs N`` next to ``xz audit --dask local:N`` on the same logs, in one run
(docs/scale.md): wall time, games per second, and the peak memory of the client (the ``xz``
process) and of its workers (every other process of its tree), sampled from /proc.

    python benchmarks/bench_cluster.py --games 100000 --files 100 --workers 2 --rounds 3

The logs are recorded once (``xz record``, over the four presets) into a temporary folder
(``--keep DIR`` to reuse one). Each round runs both ways in turn (ABAB…), so the machine's
load falls on both alike; the table gives medians and the ratio. Both must print the same
report; the script checks it.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from proc_tree import descendants, rss_kib

PRESETS = ("xuezhan", "chengdu-classic", "xueliu", "leshan")


def run(cmd: list[str]) -> tuple[float, int, int, str]:
    """Wall seconds, the client's and the workers' peak RSS (MiB), and stdout."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    peaks = {"client": 0, "workers": 0}

    def sample() -> None:
        while proc.poll() is None:
            tree = [proc.pid, *descendants(proc.pid)]
            peaks["client"] = max(peaks["client"], rss_kib(proc.pid))
            peaks["workers"] = max(peaks["workers"], sum(rss_kib(p) for p in tree[1:]))
            time.sleep(0.05)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    out, _ = proc.communicate()
    t.join()
    return time.perf_counter() - start, peaks["client"] // 1024, peaks["workers"] // 1024, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--keep", type=Path, default=None, help="record into (or reuse) DIR")
    args = ap.parse_args()
    xz = [sys.executable, "-m", "xzcore.cli"]
    folder = args.keep or Path(tempfile.mkdtemp(prefix="xz-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    per_file = args.games // args.files
    for i in range(args.files):
        f = folder / f"g{i:04d}.xzlog"
        if not f.exists():
            preset = PRESETS[i % len(PRESETS)]
            cmd = [*xz, "record", "-n", str(per_file), "--seed", str(i), "--rules", preset]
            subprocess.run([*cmd, "-o", str(f)], check=True)
    games = per_file * args.files
    ways = {
        f"--jobs {args.workers}": [*xz, "audit", "-q", "--jobs", str(args.workers), str(folder)],
        f"--dask local:{args.workers}": [
            *xz,
            "audit",
            "-q",
            "--dask",
            f"local:{args.workers}",
            str(folder),
        ],
    }
    times: dict[str, list[float]] = {k: [] for k in ways}
    client: dict[str, list[int]] = {k: [] for k in ways}
    workers: dict[str, list[int]] = {k: [] for k in ways}
    outputs: dict[str, str] = {}
    for _ in range(args.rounds):
        for name, cmd in ways.items():
            wall, c, w, out = run(cmd)
            times[name].append(wall)
            client[name].append(c)
            workers[name].append(w)
            outputs.setdefault(name, out)
            if outputs[name] != out:
                sys.exit(f"{name}: the report changed between rounds")
    first, second = ways
    if outputs[first] != outputs[second]:
        sys.exit("the two ways gave different reports")
    print(f"{games:,} games in {args.files} files, {args.workers} workers, {args.rounds} rounds")
    print(f"last line: {outputs[first].splitlines()[-1]}")
    print("| way | wall (median) | games/s | client peak RSS | workers' peak RSS |")
    print("|---|---|---|---|---|")
    base = statistics.median(times[first])
    for name in ways:
        t = statistics.median(times[name])
        print(
            f"| `{name}` | {t:.1f} s (×{t / base:.2f}) | {games / t:,.0f} | "
            f"{max(client[name])} MiB | {max(workers[name])} MiB |"
        )
    for name in ways:
        rate = games / statistics.median(times[name])
        print(f"projected for 1,000,000 games with `{name}`: {1_000_000 / rate / 60:.1f} min")


if __name__ == "__main__":
    main()
