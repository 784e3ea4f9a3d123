"""Complete bot games per second and events per second (xzcore.round + xzcore.players.agents).

Each benchmarked call plays one complete seeded 血战 game (``play_game``: deal, round, bots,
end-of-round settlement) on one kernel backend, the seeds cycling over a fixed batch, so the
OPS column is games per second (1 / mean; on a shared machine prefer 1 / median);
``extra_info`` adds events per second. Targets (PERF.md, one core): ≥ 2,000 random-bot
games/s and ≥ 1,000 greedy-bot games/s on the compiled kernel.

    python -m pytest benchmarks/bench_round.py --benchmark-only -q
    python benchmarks/bench_round.py            # the same figures as a table (CPU time)
    python benchmarks/bench_round.py --profile  # where the time goes (cProfile, warm, top 15)
    python benchmarks/bench_round.py --sample   # the same by sampling: lines, no call overhead

Games/s depends on game length (random bots rarely win, so most of their games run to the
empty wall and R10): read events/s beside it.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import itertools
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from xzcore.players.agents import GreedyAgent, RandomAgent, play_game
from xzcore.rules import RuleSet

RULES = RuleSet.preset("xuezhan")
BACKENDS = {"compiled": "xzcore.kernel._core", "twin": "xzcore.kernel._core_twin"}
# Games per benchmarked call: the twin is slow (its shanten especially), so fewer.
BATCH = {
    ("random", "compiled"): 100,
    ("greedy", "compiled"): 40,
    ("random", "twin"): 20,
    ("greedy", "twin"): 2,
}


def _agents(bot: str) -> list[Any]:
    """Four bots, made once and reused for every game of a run (as a simulation would)."""
    if bot == "random":
        return [RandomAgent(s) for s in range(4)]
    return [GreedyAgent(s) for s in range(4)]


def _batch(bot: str, kernel: ModuleType, n: int) -> Callable[[], int]:
    """A function playing games 0..n-1 and returning the number of events they emitted."""

    def run() -> int:
        agents = _agents(bot)
        events = 0
        for seed in range(n):
            _, evs = play_game(RULES, seed, agents, kernel=kernel)
            events += len(evs)
        return events

    return run


def _load(backend: str) -> ModuleType:
    try:
        return importlib.import_module(BACKENDS[backend])
    except ImportError:  # pragma: no cover - compiled kernel not built
        pytest.skip(f"{backend} kernel not available")
        raise


@pytest.mark.parametrize("backend", list(BACKENDS))
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_games_per_second(benchmark: Any, bot: str, backend: str) -> None:
    """One benchmarked call = one complete game, the seeds cycling over a fixed batch: the
    table's time is per game and its OPS (1 / mean) is games per second."""
    kernel = _load(backend)
    n = BATCH[(bot, backend)]
    events = _batch(bot, kernel, n)()  # warm caches; the batch's event count
    seeds = itertools.cycle(range(n))
    agents = _agents(bot)

    def one_game() -> None:
        play_game(RULES, next(seeds), agents, kernel=kernel)

    benchmark.group = "round: one complete game"
    benchmark.name = f"{bot}[{backend}]"
    benchmark.pedantic(one_game, rounds=2 * n, warmup_rounds=2, iterations=1)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info.update(games_per_s=1 / mean, events_per_s=events / n / mean)
    assert events > 50 * n  # every game ran to its end


def _cpu_rate(run: Callable[[], int], n: int, repeats: int = 5) -> tuple[float, float]:
    """Median games/s and events/s over ``repeats`` runs, in process CPU time (steadier than
    wall time on a shared machine)."""
    times, events = [], 0
    for _ in range(repeats):
        t = time.process_time()
        events = run()
        times.append(time.process_time() - t)
    med = statistics.median(times)
    return n / med, events / med


def _sample(run: Callable[[], int], repeats: int, top: int = 25) -> None:
    """A statistical profile of ``run``: every ~millisecond of CPU (SIGPROF) the running line
    is counted, and every function on the stack. Unlike cProfile it adds no cost per call, so
    the many small calls of the round loop are not overstated; the time of a call into C is
    counted on the Python line that made it."""
    import collections
    import signal

    lines: collections.Counter[str] = collections.Counter()
    funcs: collections.Counter[str] = collections.Counter()

    def where(frame: Any) -> str:
        return f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"

    def tick(_sig: int, frame: Any) -> None:
        lines[f"{where(frame)}:{frame.f_lineno}"] += 1
        seen = set()
        while frame is not None:
            name = where(frame)
            if name not in seen:
                seen.add(name)
                funcs[name] += 1
            frame = frame.f_back

    run()  # warm caches
    old = signal.signal(signal.SIGPROF, tick)
    signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
    try:
        for _ in range(repeats):
            run()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, old)
    total = sum(lines.values()) or 1
    print(f"{total} samples; inclusive share by function:")
    for name, n in funcs.most_common(top):
        print(f"  {100 * n / total:5.1f}%  {name}")
    print("hottest lines (own share):")
    for name, n in lines.most_common(top):
        print(f"  {100 * n / total:5.1f}%  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="cProfile one batch per bot")
    parser.add_argument("--sample", action="store_true", help="sampling profile per bot")
    args = parser.parse_args(argv)
    if args.sample:
        kernel = importlib.import_module(BACKENDS["compiled"])
        for bot in ("random", "greedy"):
            print(f"\n== {bot} bots, compiled kernel: sampled ==")
            _sample(_batch(bot, kernel, 5 * BATCH[(bot, "compiled")]), repeats=15)
        return 0
    if args.profile:
        kernel = importlib.import_module(BACKENDS["compiled"])
        for bot in ("random", "greedy"):
            run = _batch(bot, kernel, 5 * BATCH[(bot, "compiled")])
            run()  # warm the kernel's caches first: a cold first batch is not the steady state
            prof = cProfile.Profile()
            prof.runcall(run)
            stats = pstats.Stats(prof)
            print(f"\n== {bot} bots, compiled kernel: top 15 by own time ==")
            stats.sort_stats("tottime").print_stats(15)
            print(f"== {bot} bots, compiled kernel: top 15 by cumulative time ==")
            stats.sort_stats("cumulative").print_stats(15)
        return 0
    print("| bots | kernel | games/s | events/s |")
    print("|---|---|---|---|")
    for bot in ("random", "greedy"):
        for backend in BACKENDS:
            kernel = importlib.import_module(BACKENDS[backend])
            n = BATCH[(bot, backend)]
            run = _batch(bot, kernel, n)
            run()  # warm-up
            games, events = _cpu_rate(run, n)
            print(f"| {bot} | {backend} | {games:,.0f} | {events:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
