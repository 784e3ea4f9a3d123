"""Two installs of xzcore side by side in one run: ``xz audit --jobs 1`` throughput and the
kernel's hot calls, for comparing a commit with the one before it.

    python benchmarks/bench_installs.py --python OLD/bin/python --python NEW/bin/python

Each interpreter runs the same work in turns (ABBA…: the first of a turn is favoured, so
the order alternates), so the machine's load falls on both alike; the table gives medians
of CPU time (the child's own, not the wall clock) and the ratio of each install to the
first. Only the CLI and the kernel's public names are used,
so installs of different layouts compare (the kernel is ``xzcore.kernel``, or
``xzcore.core`` before the package had subpackages).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

KERNEL_SNIPPET = r"""
import json, random, time
try:
    import xzcore.kernel as k
except ImportError:
    import xzcore.core as k
rng = random.Random(5)
def hand(n):
    c = [0] * 27
    for _ in range(n):
        while True:
            t = rng.randrange(18)  # two suits: a void of 条
            if c[t] < 4:
                c[t] += 1
                break
    return bytes(c)
wins = []
while len(wins) < 1000:
    h = hand(14)
    if k.is_win(h, void=2):
        wins.append(h)
ready = [hand(13) for _ in range(1000)]
hands = [k.Hand(h) for h in ready]
def per_call(fn, items, reps):
    best = float("inf")
    for _ in range(reps):
        t = time.process_time()
        for x in items:
            fn(x)
        best = min(best, time.process_time() - t)
    return best / len(items) * 1e9
out = {
    "is_win": per_call(lambda h: k.is_win(h, void=2), wins, 30),
    "waits": per_call(lambda h: k.waits(h, void=2), ready, 30),
    "ready_fan": per_call(lambda h: k.ready_fan(h, void=2), ready, 10),
    "Hand.waits": per_call(lambda h: h.waits(), hands, 30),
}
print(json.dumps(out))
"""


def child_cpu(cmd: list[str], cwd: Path) -> float:
    """CPU seconds (user + system) of ``cmd`` and its children, which must succeed or exit 1."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {done.returncode}: {done.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", action="append", required=True, help="an interpreter (repeat)")
    ap.add_argument("--games", type=int, default=2000, help="greedy-bot games in the corpus")
    ap.add_argument("--turns", type=int, default=5, help="runs of each install, interleaved")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("XZ_")}
    env["XZ_REQUIRE_COMPILED"] = "1"
    os.environ.clear()
    os.environ.update(env)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        first = args.python[0]
        subprocess.run(
            [
                *(first, "-m", "xzcore.cli", "record", "-n", str(args.games), "--seed", "1"),
                *("-o", "games.xzlog", "--no-progress"),
            ],
            cwd=work,
            check=True,
            stderr=subprocess.DEVNULL,
        )
        audit: dict[str, list[float]] = {py: [] for py in args.python}
        kernel: dict[str, list[dict[str, float]]] = {py: [] for py in args.python}
        for turn in range(args.turns):
            # ABBA…: the install that runs first in a turn is favoured (~8% measured here),
            # so the order alternates and the bias cancels.
            for py in args.python if turn % 2 == 0 else args.python[::-1]:
                audit[py].append(
                    child_cpu([py, "-m", "xzcore.cli", "audit", "--jobs", "1", "games.xzlog"], work)
                )
                got = subprocess.run(
                    [py, "-c", KERNEL_SNIPPET], capture_output=True, text=True, check=True
                )
                kernel[py].append(json.loads(got.stdout))
    rows = [("`xz audit --jobs 1`, games per CPU-second", "games/s")]
    names = list(kernel[args.python[0]][0])
    print(f"| measure | {' | '.join(args.python)} | ratio to the first |")
    print(f"|---|{'---|' * len(args.python)}---|")
    speeds = [args.games / statistics.median(audit[py]) for py in args.python]
    ratio = " / ".join(f"{s / speeds[0]:.3f}" for s in speeds)
    print(f"| {rows[0][0]} | {' | '.join(f'{s:,.0f}' for s in speeds)} | {ratio} |")
    for name in names:
        ns = [statistics.median(r[name] for r in kernel[py]) for py in args.python]
        ratio = " / ".join(f"{ns[0] / n:.3f}" for n in ns)  # speed ratio: old time / new time
        print(f"| kernel `{name}`, ns a call | {' | '.join(f'{n:.1f}' for n in ns)} | {ratio} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
