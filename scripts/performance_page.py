"""Write docs/performance.md from a benchmark run: the page's numbers come from here only.

    python scripts/performance_page.py run                # run the benchmarks, save, write
    python scripts/performance_page.py page RUN.json      # write the page from a saved run

``run`` runs :data:`BENCHMARKS` with pytest-benchmark (``--benchmark-json``), adds what the
JSON lacks (the load average over the run, ``xz --version``), saves it as
``docs/performance.json`` and writes ``docs/performance.md`` from it; ``page`` writes the
page again from a saved run, so the page always is what this script makes of its JSON
(tests/test_performance_page.py checks the committed pair). The machine, the date and the
commit are those the run recorded.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SAVED = ROOT / "docs" / "performance.json"
PAGE = ROOT / "docs" / "performance.md"

BENCHMARKS = {
    "benchmarks/bench_kernel.py": "The kernel: a call is 1,000 hands (µs a call: ns a hand)",
    "benchmarks/bench_kernel_cold.py": "The kernel's batches over 100,000 distinct hands",
    "benchmarks/bench_scoring.py": "Scoring a win: a call is 1,000 hands",
    "benchmarks/bench_settlement.py": "Settlement",
    "benchmarks/bench_round.py": "Whole bot games: one call is one game",
    "benchmarks/bench_log_scan.py": "Reading logs",
    "benchmarks/bench_audit.py": "The audit",
    "benchmarks/bench_mjai.py": "mjai conversion",
    "benchmarks/bench_env.py": "The environments",
}
"""The benchmark files run, in page order, with each one's heading."""


def run(max_time: float) -> dict[str, Any]:
    """Run :data:`BENCHMARKS` and return pytest-benchmark's JSON with an ``xzcore`` part."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.json"
        load = os.getloadavg()[0]
        started = time.monotonic()
        options = ["--benchmark-only", f"--benchmark-max-time={max_time}"]
        options += ["-q", "-p", "no:cacheprovider", f"--benchmark-json={out}"]
        subprocess.run(
            [sys.executable, "-m", "pytest", *BENCHMARKS, *options],
            cwd=ROOT,
            check=True,
        )
        data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    version = subprocess.run(
        [sys.executable, "-m", "xzcore", "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    data = slim(data)
    data["xzcore"] = {
        "version": version,
        "load_before": round(load, 2),
        "load_after": round(os.getloadavg()[0], 2),
        "seconds": round(time.monotonic() - started),
        "max_time": max_time,
    }
    return data


KEPT_STATS = ("median", "min", "max", "mean", "stddev", "iqr", "rounds", "iterations")
"""What a saved run keeps of each benchmark's statistics (not every round's time)."""


def slim(data: dict[str, Any]) -> dict[str, Any]:
    """pytest-benchmark's JSON without the rounds' raw times (megabytes): the statistics
    the page reads and a few more, the machine, the commit and the date."""
    benches = [
        {
            "name": b["name"],
            "fullname": b["fullname"],
            "group": b.get("group"),
            "extra_info": b.get("extra_info", {}),
            "stats": {k: b["stats"][k] for k in KEPT_STATS if k in b["stats"]},
        }
        for b in data["benchmarks"]
    ]
    names = ("machine_info", "commit_info", "datetime", "version", "xzcore")
    kept = {k: data.get(k) for k in names}
    return {**{k: v for k, v in kept.items() if v is not None}, "benchmarks": benches}


def _duration(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:,.3g} {unit}"
    return f"{seconds / 1e-9:,.3g} ns"


def _file_of(bench: dict[str, Any]) -> str:
    return str(bench["fullname"]).split("::")[0]


def page(data: dict[str, Any]) -> str:
    """The Markdown page of a run (pytest-benchmark's JSON with its ``xzcore`` part)."""
    machine = data["machine_info"]
    commit = data.get("commit_info", {})
    ours = data.get("xzcore", {})
    cpu = machine.get("cpu", {})
    lines = [
        "# Performance",
        "",
        "This page is written by `python scripts/performance_page.py run` from one run of the",
        "benchmarks below, saved as [`performance.json`](performance.json); do not edit it by",
        "hand. Medians of each benchmark's rounds; read the ratios within a table rather than",
        "the absolute figures when the machine was shared (its load is given).",
        "",
        f"- date: {data['datetime'][:16].replace('T', ' ')} UTC",
        f"- machine: {cpu.get('brand_raw', machine.get('processor') or 'unknown CPU')}, "
        f"{cpu.get('count', '?')} logical cores, {machine['system']} {machine['release']}",
        f"- Python: {machine['python_implementation']} {machine['python_version']}",
        f"- xzcore: {ours.get('version', '?')}"
        + (f", commit {str(commit['id'])[:10]}" if commit.get("id") else "")
        + (" (uncommitted changes)" if commit.get("dirty") else ""),
    ]
    if "load_before" in ours:
        lines.append(
            f"- load average: {ours['load_before']} before the run, {ours['load_after']} after;"
            f" {ours['seconds']} s in all, each benchmark at most {ours['max_time']} s"
        )
    lines += [
        "",
        "The command of each table runs its benchmarks alone (`--benchmark-only`); OPS is calls",
        "per second, 1 / median. A call's work can differ between rows (a compiled run plays",
        "more games than its twin's): where a benchmark records it, the last column is the work",
        "done per second of the median call, the figure to compare.",
    ]
    by_file: dict[str, list[dict[str, Any]]] = {}
    for bench in data["benchmarks"]:
        by_file.setdefault(_file_of(bench), []).append(bench)
    for path, heading in BENCHMARKS.items():
        benches = by_file.pop(path, [])
        if benches:
            lines += _table(heading, path, benches)
    for path, benches in sorted(by_file.items()):
        lines += _table(path, path, benches)
    return "\n".join(lines) + "\n"


def _table(heading: str, path: str, benches: list[dict[str, Any]]) -> list[str]:
    lines = [
        "",
        f"## {heading}",
        "",
        f"`python -m pytest {path} --benchmark-only`",
        "",
        "| benchmark | median | min | OPS | rounds | work per second |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for b in benches:
        s = b["stats"]
        lines.append(
            f"| `{b['name']}` | {_duration(s['median'])} | {_duration(s['min'])} "
            f"| {1 / s['median']:,.0f} | {s['rounds']:,} | {_rate(b.get('extra_info', {}))} |"
        )
    return lines


RATES = ("steps_per_s", "games_per_s", "events_per_s")
"""The rates a benchmark may record (its ``extra_info``), the first found shown: calls of
two benchmarks may hold different amounts of work (a compiled run more games than its
twin's), so their rates, not their medians, compare."""


def _rate(extra: dict[str, Any]) -> str:
    """``48,200 steps`` from a benchmark's ``extra_info``; ``""`` when it records none.

    >>> _rate({"games_per_s": 1234.5, "events_per_s": 9.0})
    '1,234 games'
    >>> _rate({"lanes": 2})
    ''
    """
    for key in RATES:
        if isinstance(extra.get(key), (int, float)):
            return f"{extra[key]:,.0f} {key.removesuffix('_per_s')}"
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="run the benchmarks, save their JSON and write the page")
    r.add_argument("--max-time", type=float, default=1.0, help="seconds per benchmark at most")
    p = sub.add_parser("page", help="write the page from a saved run")
    p.add_argument("json", type=Path, nargs="?", default=SAVED)
    for s in (r, p):
        s.add_argument("-o", "--output", type=Path, default=PAGE)
    args = parser.parse_args(argv)
    if args.command == "run":
        data = run(args.max_time)
        SAVED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    else:
        data = json.loads(args.json.read_text(encoding="utf-8"))
    args.output.write_text(page(data), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
