"""Audit speed (PERF.md): audited games/s and events/s on one core, and — as a
script — ``xz audit --jobs N`` over many games with the peak memory of the process tree.

    python -m pytest benchmarks/bench_audit.py --benchmark-only      # one core, in-process
        (also stage by stage: reading, replay + compare, the engine's apply / play alone)
    python benchmarks/bench_audit.py --games 100000 --jobs 2         # CLI, RSS sampled

The corpus is recorded once with the greedy bots (``xz record``), seeds from 1, preset
``xuezhan``; the script audits copies of one recorded file (auditing replays every game, so
copies cost the same as fresh games) laid out as many files.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from xzcore.audit.compare import compare_events
from xzcore.audit.report import audit_bytes
from xzcore.leshan.round import new_round
from xzcore.log.reader import CollectingBuilder, Game, LogReader
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.round.actions import action_of
from xzcore.round.engine import Round
from xzcore.rules import RuleSet

GAMES = 200


def _corpus(n: int, preset: str = "xuezhan", bot: str = "greedy") -> bytes:
    buf = io.BytesIO()
    choosers = [bot_chooser(bot, s) for s in range(4)]
    for _ in record_games(LogWriter(buf), RuleSet.preset(preset), n, seed=1, choosers=choosers):
        pass
    return buf.getvalue()


@pytest.fixture(scope="module")
def corpus() -> bytes:
    return _corpus(GAMES)


def _events(data: bytes) -> int:
    reader = LogReader(io.BytesIO(data))
    n = 0
    while (g := reader.read_game(CollectingBuilder)) is not None:
        n += len(g.events)
    return n


PATHS = ["compiled", "twin", "slow"]
"""``compiled``: the fast path on the compiled scanner, replay run and comparison (what
``xz audit`` runs); ``twin``: the same path on their pure-Python twins; ``slow``:
``shortcuts=False``, every record through LogReader and every action through ``Round.play`` (the
tests' oracle)."""


@pytest.fixture(params=PATHS)
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    name: str = request.param
    if name == "compiled":
        import xzcore.backend

        if xzcore.backend.BACKEND != "cython":
            pytest.skip("the compiled modules are not built")
    if name == "twin":
        import xzcore.audit._replay_twin
        import xzcore.audit.compare
        import xzcore.log._scan_twin
        import xzcore.log.reader
        import xzcore.log.scan

        monkeypatch.setattr(xzcore.log.reader, "scan_game", xzcore.log._scan_twin.scan_game)
        monkeypatch.setattr(xzcore.audit.compare, "quiet_run", xzcore.audit._replay_twin.quiet_run)
        for name in ("same", "same_events"):  # the Python comparison
            monkeypatch.setattr(xzcore.log.scan, name, getattr(xzcore.log._scan_twin, name))
    return name


def test_audit_one_core(benchmark: pytest.FixtureRequest, corpus: bytes, path: str) -> None:
    """Full audit (read, chain, replay, compare) of GAMES games, on one core, by each path."""
    shortcuts = path != "slow"
    reports = benchmark.pedantic(  # type: ignore[attr-defined]
        audit_bytes, args=(corpus,), kwargs={"shortcuts": shortcuts}, rounds=5, warmup_rounds=1
    )
    assert [r.status for r in reports] == ["verified"] * GAMES
    stats = benchmark.stats.stats  # type: ignore[attr-defined]
    events = _events(corpus)
    benchmark.extra_info["games_per_s"] = round(GAMES / stats.median)  # type: ignore[attr-defined]
    benchmark.extra_info["us_per_game"] = round(stats.median / GAMES * 1e6, 1)  # type: ignore[attr-defined]
    benchmark.extra_info["events_per_s"] = round(events / stats.median)  # type: ignore[attr-defined]
    benchmark.extra_info["events_per_game"] = round(events / GAMES, 1)  # type: ignore[attr-defined]


@pytest.mark.parametrize("scan", [True, False], ids=["scan", "records"])
def test_read_and_chain_only(benchmark: pytest.FixtureRequest, corpus: bytes, scan: bool) -> None:
    """The container alone: decoding within limits and the hash chain (no replay), a game
    per scan (compiled when built) and record by record."""

    def read() -> int:
        r = LogReader(io.BytesIO(corpus), scan=scan)
        n = 0
        while (g := r.read_game(CollectingBuilder)) is not None:
            n += len(g.events)
        return n

    assert benchmark.pedantic(read, rounds=5, warmup_rounds=1) == _events(corpus)  # type: ignore[attr-defined]
    stats = benchmark.stats.stats  # type: ignore[attr-defined]
    benchmark.extra_info["games_per_s"] = round(GAMES / stats.median)  # type: ignore[attr-defined]
    benchmark.extra_info["us_per_game"] = round(stats.median / GAMES * 1e6, 1)  # type: ignore[attr-defined]


# -- where the time goes: the same games, one stage at a time --------------------------------


@pytest.fixture(scope="module")
def games(corpus: bytes) -> list[Game]:
    reader = LogReader(io.BytesIO(corpus))
    out: list[Game] = []
    while (g := reader.read_game(CollectingBuilder)) is not None:
        out.append(g)
    return out


def _new_rounds(games: list[Game]) -> list[Round]:
    return [
        new_round(
            RuleSet.from_dict(g.header.rules),  # type: ignore[union-attr]
            list(g.header.wall),  # type: ignore[union-attr]
            g.header.dealer,  # type: ignore[union-attr]
            exchange_direction=g.events[0].get("exchange_direction"),
        )
        for g in games
    ]


def test_replay_and_compare(benchmark: pytest.FixtureRequest, games: list[Game]) -> None:
    """The audit without the container: replay through the checked ``Round.play`` and
    compare the events (games already read)."""

    def run() -> None:
        for g in games:
            assert g.header is not None
            out = compare_events("", 0, g.header, g.events, g.event_offsets)
            assert out.replayed and not out.findings

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)  # type: ignore[attr-defined]
    stats = benchmark.stats.stats  # type: ignore[attr-defined]
    benchmark.extra_info["games_per_s"] = round(len(games) / stats.median)  # type: ignore[attr-defined]


@pytest.mark.parametrize("method", ["apply", "play"])
def test_engine_only(benchmark: pytest.FixtureRequest, games: list[Game], method: str) -> None:
    """The round engine alone on the recorded actions: ``apply`` (trusted, the floor of any
    audit) or ``play`` (checked). Rounds are built outside the timing (``setup``)."""
    actions = [[a for e in g.events if (a := action_of(e)) is not None] for g in games]

    def setup() -> tuple[tuple[list[Round]], dict[str, Any]]:
        return (_new_rounds(games),), {}

    def run(rounds: list[Round]) -> None:
        for r, acts in zip(rounds, actions, strict=True):
            step = getattr(r, method)
            for a in acts:
                step(a)

    benchmark.pedantic(run, setup=setup, rounds=5, warmup_rounds=1)  # type: ignore[attr-defined]
    stats = benchmark.stats.stats  # type: ignore[attr-defined]
    benchmark.extra_info["games_per_s"] = round(len(games) / stats.median)  # type: ignore[attr-defined]


# -- script: the CLI over many games, with the process tree's peak RSS -----------------------


def _tree_rss_kib(pid: int) -> int:
    """Sum of VmRSS over ``pid`` and all its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo.extend(children.get(p, []))
        try:
            with open(f"/proc/{p}/status") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def run_cli(paths: list[str], jobs: int) -> tuple[float, float, int, int]:
    """Run ``xz audit --jobs N``; return (wall seconds, CPU seconds of the whole process
    tree, peak tree RSS KiB, exit code). CPU time is what to compare on a busy machine."""
    cmd = [
        sys.executable,
        "-m",
        "xzcore.cli",
        "audit",
        "-q",
        "--no-progress",
        "--jobs",
        str(jobs),
        *paths,
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss_kib(proc.pid))
        time.sleep(0.05)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # includes the reaped pool workers
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, peak, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10_000, help="games to audit in all")
    ap.add_argument("--per-file", type=int, default=1000, help="games per log file")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--dir", default=None, help="work directory (default: a temporary one)")
    ap.add_argument(
        "--bot", choices=["greedy", "random"], default="greedy", help="bots of the corpus"
    )
    args = ap.parse_args()
    work = Path(args.dir or tempfile.mkdtemp(prefix="xzbench-"))
    work.mkdir(parents=True, exist_ok=True)
    one = work / "corpus.xzlog.src"
    if not one.exists():
        t0 = time.perf_counter()
        one.write_bytes(_corpus(args.per_file, bot=args.bot))
        print(f"recorded {args.per_file} games in {time.perf_counter() - t0:.1f}s")
    n_files = max(1, args.games // args.per_file)
    paths = []
    for i in range(n_files):
        p = work / f"log{i:05d}.xzlog"
        if not p.exists():
            shutil.copyfile(one, p)
        paths.append(str(p))
    games = n_files * args.per_file
    events = _events(one.read_bytes()) * n_files
    for jobs in args.jobs:
        secs, cpu, peak, code = run_cli(paths, jobs)
        print(
            f"--jobs {jobs}: {games} games in {secs:.1f}s wall = {games / secs:,.0f} games/s, "
            f"{events / secs:,.0f} events/s; {cpu:.1f}s CPU = {games / cpu:,.0f} games per "
            f"CPU-second; peak RSS of the process tree {peak / 1024:.0f} MiB; exit {code}"
        )
    if args.dir is None:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
