"""Start-up time of short commands, whole process, side by side for one or more interpreters.

    python benchmarks/bench_startup.py --python /tmp/venv-base/bin/python \\
        --python /tmp/venv-startup/bin/python --runs 30 [--importtime 12]

Each command runs ``--runs`` times per interpreter as a fresh subprocess, the interpreters
taking turns (so that a slow spell of the machine falls on all of them alike), after one
untimed warm-up run each. Printed as markdown: the median wall time (``time.perf_counter``
around the subprocess) and the median CPU time (user + system from the child's rusage), and
for each interpreter after the first its ratio to the first (first / this: above 1 = faster).
``--python LABEL=PATH`` names a column; otherwise the path is the label.

The commands: ``xz --version`` and ``xz hand 1112345678999s --void m`` (the ``xz`` script
beside the interpreter, else ``python -m xzcore.cli``) and ``python -c "import xzcore.kernel"``;
and ``python -c pass``, the interpreter's own start-up, for reference.
``--importtime N`` also prints, per command and interpreter, the N modules with the largest
self time under ``python -X importtime`` (median over a few runs). The environment is passed
through (``XZ_PUREPYTHON=1`` times the twin) less ``PYTHONDONTWRITEBYTECODE``: the warm-up run
writes the ``.pyc`` files that an installed package has, instead of every run compiling every
module from source again. Not a pytest benchmark: it times processes.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("xz --version", ("xz", "--version")),
    ("xz hand 1112345678999s --void m", ("xz", "hand", "1112345678999s", "--void", "m")),
    # the kernel's module: xzcore.kernel, or xzcore.core in installs before the subpackages
    (
        'python -c "import xzcore.kernel"',
        ("-c", "try:\n import xzcore.kernel\nexcept ImportError:\n import xzcore.core"),
    ),
    ("python -c pass (the interpreter alone)", ("-c", "pass")),
)

_IMPORTTIME = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


@dataclass(frozen=True)
class Interpreter:
    label: str
    python: str

    def argv(self, args: tuple[str, ...], *options: str) -> list[str]:
        """The command line of ``args`` (``("xz", ...)`` or python arguments)."""
        if args[0] != "xz":
            return [self.python, *options, *args]
        script = Path(self.python).parent / "xz"
        if script.is_file():
            return [self.python, *options, str(script), *args[1:]]
        return [self.python, *options, "-m", "xzcore.cli", *args[1:]]


def _parse_python(text: str) -> Interpreter:
    label, sep, path = text.partition("=")
    if not sep:
        label, path = text, text
    return Interpreter(label, path)


# Every run starts in an empty folder: ``python -c`` puts the current folder first on
# sys.path, and a checkout's xzcore/ there would be imported instead of the interpreter's.
_CWD = tempfile.mkdtemp(prefix="bench_startup_")
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the child's user + system time) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=_CWD, env=_ENV
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} exited {proc.returncode}:\n{proc.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def time_commands(
    interpreters: list[Interpreter], runs: int
) -> dict[tuple[str, str], tuple[list[float], list[float]]]:
    """``(command, label) -> (walls, cpus)``, the interpreters taking turns run by run."""
    out: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
    for name, args in COMMANDS:
        for interp in interpreters:
            run_once(interp.argv(args))  # warm-up: page cache, pyc files
            out[name, interp.label] = ([], [])
        for _ in range(runs):
            for interp in interpreters:
                wall, cpu = run_once(interp.argv(args))
                out[name, interp.label][0].append(wall)
                out[name, interp.label][1].append(cpu)
    return out


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f}"


def timing_table(
    interpreters: list[Interpreter],
    results: dict[tuple[str, str], tuple[list[float], list[float]]],
    runs: int,
) -> str:
    first = interpreters[0].label
    head = ["command"]
    for interp in interpreters:
        head += [f"{interp.label} wall ms", f"{interp.label} CPU ms"]
    for interp in interpreters[1:]:
        head += [f"ratio wall {first} / {interp.label}", f"ratio CPU {first} / {interp.label}"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, _args in COMMANDS:
        medians = {
            interp.label: tuple(statistics.median(v) for v in results[name, interp.label])
            for interp in interpreters
        }
        row = [f"`{name}`"]
        for interp in interpreters:
            wall, cpu = medians[interp.label]
            row += [_ms(wall), _ms(cpu)]
        for interp in interpreters[1:]:
            wall, cpu = medians[interp.label]
            row += [f"{medians[first][0] / wall:.2f}", f"{medians[first][1] / cpu:.2f}"]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append(f"Medians of {runs} runs each (wall: perf_counter; CPU: child user + system).")
    return "\n".join(lines)


def importtime_table(interp: Interpreter, name: str, args: tuple[str, ...], top: int) -> str:
    """The ``top`` modules by median self time under ``-X importtime`` (5 runs)."""
    # keyed by (nesting level, module): `import xzcore.kernel` reports the name twice, as the
    # top-level import and as the submodule that the package xzcore imports first
    selfs: dict[tuple[int, str], list[int]] = defaultdict(list)
    cumulative: dict[tuple[int, str], list[int]] = defaultdict(list)
    total: list[int] = []
    for _ in range(5):
        proc = subprocess.run(
            interp.argv(args, "-X", "importtime"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=_CWD,
            env=_ENV,
        )
        run_total = 0
        for line in proc.stderr.decode(errors="replace").splitlines():
            m = _IMPORTTIME.match(line)
            if m:
                key = ((len(m[3]) - 1) // 2, m[4])
                selfs[key].append(int(m[1]))
                cumulative[key].append(int(m[2]))
                if key[0] == 0:  # a top-level import
                    run_total += int(m[2])
        total.append(run_total)
    ranked = sorted(selfs, key=lambda mod: statistics.median(selfs[mod]), reverse=True)
    lines = [
        f"`{name}` on {interp.label}: all imports {statistics.median(total) / 1e3:.1f} ms",
        "",
        "| module | level | self ms | cumulative ms |",
        "|---|---|---|---|",
    ]
    for key in ranked[:top]:
        lines.append(
            f"| {key[1]} | {key[0]} | {statistics.median(selfs[key]) / 1e3:.1f} "
            f"| {statistics.median(cumulative[key]) / 1e3:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--python",
        action="append",
        type=_parse_python,
        help="an interpreter with xzcore installed, or LABEL=PATH (repeat to compare)",
    )
    parser.add_argument("--runs", type=int, default=30, help="timed runs per command (30)")
    parser.add_argument(
        "--importtime", type=int, default=0, metavar="N", help="also list N modules by self time"
    )
    args = parser.parse_args(argv)
    interpreters: list[Interpreter] = args.python or [Interpreter("python", sys.executable)]
    print(f"{os.cpu_count()} CPUs, {sys.platform}; interpreters:")
    for interp in interpreters:
        print(f"- {interp.label}: {interp.python}")
    print()
    results = time_commands(interpreters, args.runs)
    print(timing_table(interpreters, results, args.runs))
    if args.importtime:
        for name, cmd in COMMANDS[:3]:
            for interp in interpreters:
                print()
                print(importtime_table(interp, name, cmd, args.importtime))


if __name__ == "__main__":
    main()
