"""The cost of ``Round.copy()`` (for search: MCTS and the like expand a state by copying
the round and playing on the copy), in µs per copy, on the compiled kernel and on its twin,
over rounds taken at many points of random games (early: short event lists; late: long ones)
— beside the cost of one engine step, for scale.

    python benchmarks/bench_round_copy.py           # the table: medians of CPU time
    python -m pytest benchmarks/bench_round_copy.py --benchmark-only -q
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from typing import Any

import pytest

from xzcore.leshan.round import new_round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

KERNELS = {"compiled": "xzcore.kernel._core", "twin": "xzcore.kernel._core_twin"}


def positions(kernel: Any, preset: str = "xuezhan", games: int = 20) -> list[Any]:
    """Rounds at every tenth decision of ``games`` random games."""
    rules = RuleSet.preset(preset)
    out = []
    for g in range(games):
        d = deal(g)
        ex = d.exchange_direction if rules.exchange_three else None
        r = new_round(rules, d.wall, d.dealer, exchange_direction=ex, kernel=kernel)
        rng = random.Random(g)
        i = 0
        while not r.over:
            if i % 10 == 0:
                out.append(r.copy())
            r.apply(rng.choice(r.legal_actions(r.to_act()[0])))
            i += 1
    return out


def _copy_all(rounds: list[Any]) -> None:
    for r in rounds:
        r.copy()


def _load(name: str) -> Any:
    try:
        return importlib.import_module(KERNELS[name])
    except ImportError:  # pragma: no cover - compiled kernel not built
        pytest.skip(f"{name} kernel not available")


@pytest.mark.parametrize("kernel", list(KERNELS))
@pytest.mark.parametrize("preset", ["xuezhan", "leshan"])
def test_round_copy(benchmark: Any, kernel: str, preset: str) -> None:
    rounds = positions(_load(kernel), preset)
    benchmark.group = "Round.copy(): one call per position"
    benchmark.name = f"{preset}[{kernel}]"
    benchmark(_copy_all, rounds)
    benchmark.extra_info.update(us_per_copy=benchmark.stats.stats.median / len(rounds) * 1e6)


def _us_per(fn: Any, arg: Any, n: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.process_time()
        fn(arg)
        times.append(time.process_time() - t)
    return statistics.median(times) / n * 1e6


def _steps(rounds: list[Any]) -> None:
    """One random engine step on a copy of each round (the copy's cost subtracted below)."""
    rng = random.Random(0)
    for r in rounds:
        c = r.copy()
        if not c.over:
            c.apply(rng.choice(c.legal_actions(c.to_act()[0])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args(argv)
    print("| rules | kernel | positions | Round.copy() µs | one engine step µs |")
    print("|---|---|---|---|---|")
    for preset in ("xuezhan", "leshan"):
        for name in KERNELS:
            rounds = positions(importlib.import_module(KERNELS[name]), preset)
            n = len(rounds)
            _copy_all(rounds)  # warm
            copy = _us_per(_copy_all, rounds, n, args.repeats)
            step = _us_per(_steps, rounds, n, args.repeats) - copy
            print(f"| {preset} | {name} | {n} | {copy:.2f} | {step:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
