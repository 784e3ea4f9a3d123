"""The cost of an external mjai bot per decision (docs/mjai-bots.md M3): the example bot
(examples/mjai_bot.py) at seat 1 of 20 seeded 血战 games, as a subprocess
(:class:`~xzcore.players.external.ExternalBot`: JSON lines over pipes) and in process through
the Python API (:class:`~xzcore.players.mjai_bot.PythonBot`: the same bot's ``react``), side
by side in one run, with the baseline of the same games, seat 1's decisions replayed from a
list (the games themselves, no bot).

The figure is µs per decision of seat 1: (time of the 20 games − the baseline's) / seat 1's
decisions. The subprocess is started once, before the timing (as ``xz record`` starts it once
a run), and warmed up by one untimed round; its spawn is reported apart.

    python -m pytest benchmarks/bench_external_bot.py --benchmark-only -q
    python benchmarks/bench_external_bot.py      # the figures as a table
"""

from __future__ import annotations

import importlib.util
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from xzcore.players.external import ExternalBot
from xzcore.players.mjai_bot import PythonBot
from xzcore.players.recording import bot_chooser, play_round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "mjai_bot.py"
GAMES = 20
SEAT = 1
RULES = RuleSet()


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mjai_bot_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_games(seat_chooser: Any) -> int:
    """Play the games with ``seat_chooser`` at seat 1; seat 1's decisions."""
    count = 0

    def counting(rnd: Any, seat: int, legal: list[Any]) -> Any:
        nonlocal count
        count += 1
        return seat_chooser(rnd, seat, legal)

    counting.interactive = getattr(seat_chooser, "interactive", False)  # type: ignore[attr-defined]
    for g in range(GAMES):
        choosers = [bot_chooser("greedy", g * 4 + s) for s in range(4)]
        choosers[SEAT] = counting
        play_round(RULES, deal(g), choosers)
    return count


def baseline() -> Callable[[], int]:
    """The same games with seat 1's decisions replayed from a list (the example bot's, taken
    once ahead): what the games cost without any bot at seat 1."""
    module = _example()
    bot = PythonBot(module.ExampleBot(), SEAT)
    taken: list[Any] = []

    def take(rnd: Any, seat: int, legal: list[Any]) -> Any:
        a = bot(rnd, seat, legal)
        taken.append(a)
        return a

    take.interactive = True  # type: ignore[attr-defined]
    run_games(take)

    def replay() -> int:
        moves = iter(taken)

        def again(rnd: Any, seat: int, legal: list[Any]) -> Any:
            return next(moves)

        again.interactive = True  # type: ignore[attr-defined]
        return run_games(again)

    return replay


def in_process() -> Callable[[], int]:
    module = _example()
    return lambda: run_games(PythonBot(module.ExampleBot(), SEAT))


def subprocess_bot() -> tuple[Callable[[], int], Callable[[], None], float]:
    """The runner, its closer, and the seconds the spawn took (the bot's own start-up, its
    imports, falls in the untimed warm-up round)."""
    bot = ExternalBot(shlex.join([sys.executable, str(EXAMPLE)]), SEAT, timeout=60)
    t = time.perf_counter()
    bot.start()
    startup = time.perf_counter() - t

    def run() -> int:
        n = run_games(bot)
        assert bot.reports == [], bot.reports
        return n

    return run, bot.close, startup


@pytest.mark.parametrize("kind", ["baseline", "in_process", "subprocess"])
def test_decisions_of_the_example_bot(benchmark: Any, kind: str) -> None:
    if kind == "subprocess":
        run, close, _ = subprocess_bot()
    else:
        run, close = (baseline() if kind == "baseline" else in_process()), (lambda: None)
    try:
        n = benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    finally:
        close()
    assert n > 0


def _median(run: Callable[[], int], rounds: int = 7) -> tuple[float, int]:
    run()  # warm-up
    times, n = [], 0
    for _ in range(rounds):
        t = time.perf_counter()
        n = run()
        times.append(time.perf_counter() - t)
    return statistics.median(times), n


def main() -> None:
    base, n = _median(baseline())
    inproc, n_in = _median(in_process())
    run, close, startup = subprocess_bot()
    try:
        sub, n_sub = _median(run)
    finally:
        close()
    assert n == n_in == n_sub, (n, n_in, n_sub)
    print(f"{GAMES} games, {n} decisions of seat {SEAT} (the same in each)")
    print(f"{'seat 1 played by':<28}{'ms / 20 games':>14}{'µs / decision':>16}")
    print(f"{'a list (baseline)':<28}{base * 1e3:>14.1f}{'-':>16}")
    for name, t in (("example, in process", inproc), ("example, subprocess", sub)):
        print(f"{name:<28}{t * 1e3:>14.1f}{(t - base) / n * 1e6:>16.1f}")
    print(f"subprocess overhead per decision: {(sub - inproc) / n * 1e6:.1f} µs")
    print(f"subprocess spawn (not timed above): {startup * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
