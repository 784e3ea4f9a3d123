"""Instructions per learner step of the vector env, counted by valgrind's callgrind: a
measure that the load of a shared machine does not move, beside ``bench_env.py``'s CPU
times (docs/env.md, "Speed").

Each count is a child process running ``bench_env.vector_steps(N, steps)`` (random bots,
the learner's random legal index) under ``valgrind --tool=callgrind``; two step counts are
run and their difference divided by the difference in steps, so that start-up (imports,
the kernel's tables) cancels out; string hashing is seeded (``PYTHONHASHSEED=0``). A count
still moves by a per cent or two from run to run (addresses differ): ``--repeats`` gives the
median. ``--before PATH`` counts another checkout (its compiled modules built) the same way.
The children import xzcore from ``PYTHONPATH``; the learner's harness is this file's
``bench_env`` for both, so only the env differs.

    python benchmarks/count_env_instructions.py
    python benchmarks/count_env_instructions.py --before /path/to/main --num-envs 64

A count is of instructions, not time: memory stalls are not in it, and a ``rep stos`` of
glibc's ``memset`` counts once a byte (numpy's zeroed arrays weigh more here than in time).
Read it for before/after ratios of the same code path. Needs valgrind (skipped without).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def instructions(root: Path, num_envs: int, steps: int) -> int:
    """The instructions callgrind counts in a child process stepping ``steps`` learner steps
    of ``num_envs`` envs, xzcore imported from the checkout at ``root``."""
    code = (
        f"import sys; sys.path.insert(0, {str(HERE)!r}); import bench_env; "
        f"bench_env.vector_steps({num_envs}, {steps})()"
    )
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}  # one count a run
    env.pop("XZ_PUREPYTHON", None)
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={tmp}/callgrind.out",
                sys.executable,
                "-c",
                code,
            ],
            capture_output=True,
            text=True,
            env=env,
            cwd=root,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_step(root: Path, num_envs: int, low: int, high: int) -> float:
    """Instructions per learner step: the difference of two runs over their steps' one."""
    a = instructions(root, num_envs, low)
    b = instructions(root, num_envs, high)
    steps = (high // num_envs - low // num_envs) * num_envs
    return (b - a) / steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another checkout, counted the same way")
    parser.add_argument("--num-envs", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=1, help="counts; the median is shown")
    parser.add_argument(
        "--steps", type=int, nargs=2, default=(6400, 25600), metavar=("LOW", "HIGH")
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing counted")
        return 0
    low, high = args.steps
    if not 0 < low < high:
        parser.error("--steps: LOW and HIGH with 0 < LOW < HIGH")
    sides = {"this": ROOT} if args.before is None else {"before": args.before, "this": ROOT}
    if args.repeats < 1:
        parser.error("--repeats: 1 or more")
    counts = {
        name: statistics.median(
            per_step(root, args.num_envs, low, high) for _ in range(args.repeats)
        )
        for name, root in sides.items()
    }
    print(f"| checkout | instructions per learner step (N = {args.num_envs}) |")
    print("|---|---|")
    for name, n in counts.items():
        print(f"| {name} ({sides[name]}) | {n:,.0f} |")
    if "before" in counts:
        print(f"\nthis / before: {counts['this'] / counts['before']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
