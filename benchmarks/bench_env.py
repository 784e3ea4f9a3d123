"""Steps per second of the environments of xzcore.env with random legal actions — the mask
and the observation of every step included — side by side with RLCard's mahjong environment
(``rlcard.make("mahjong")``, its random agents) in the same run.

The PettingZoo env: a step is one agent decision (the dead steps of terminated agents are not
counted; a 换三张 pick is one step), the unwrapped ``raw_env`` and ``env()`` with
PettingZoo's wrappers, on the compiled kernel and on its twin. Target (issue 16): ≥ 50,000
steps/s on one core (stretch 100,000) and ≥ 20× RLCard. The vector env
(``gymnasium.make_vec("xzcore/Xuezhan-v0", num_envs=N)``, random bots in the other seats): a
step is one decision of the learning seat in one env (N a batched step), the learner's index
drawn uniformly from each mask at once, at N = 1, 16, 64, 256; its rows count learner steps,
so they are not compared with RLCard's agent steps. Target (issue 26): ≥ 50,000 learner
steps/s at N = 64. The RLCard part is skipped when rlcard is not installed.

    python benchmarks/bench_env.py                  # the table: medians of CPU time
    python benchmarks/bench_env.py --games 400 --repeats 7
    python benchmarks/bench_env.py --before /path/to/main   # the vector env, before/after
    python -m pytest benchmarks/bench_env.py --benchmark-only -q

``--before PATH`` (the root of another checkout with its compiled modules built, e.g. a
worktree of main) adds, in the same run, the vector env of that checkout beside this one's:
each run is a child process importing one checkout or the other (``PYTHONPATH``), timing its
own CPU, the two taking turns (the order swapped every round) so that a busy spell of the
shared machine falls on both alike; the ratio of the medians is what to read.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium as gym

from xzcore.env import PRESET_IDS, env, raw_env

KERNELS = {"compiled": "xzcore.kernel._core", "twin": "xzcore.kernel._core_twin"}
PRESET = "xuezhan"
PRESET_ID = {preset: env_id for env_id, preset in PRESET_IDS.items()}


def xz_games(
    n: int, *, wrapped: bool, kernel: Any = None, preset: str = PRESET
) -> Callable[[], tuple[int, int]]:
    """A function playing ``n`` episodes (seeds 0..n-1) with random legal actions, the agent
    reading its observation and mask at every step (``env.last()``); returns (steps, games)."""

    def run() -> tuple[int, int]:
        e = env(rules=preset, kernel=kernel) if wrapped else raw_env(rules=preset, kernel=kernel)
        rng = random.Random(0)
        steps = 0
        for g in range(n):
            e.reset(seed=g)
            for _agent in e.agent_iter():
                obs, _reward, terminated, truncated, _info = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = obs["action_mask"].nonzero()[0]
                e.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps, n

    return run


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One index per row of ``mask`` (``num_envs`` rows of 0/1), uniform over the row's legal
    ones: one random number a row (the ``k``-th legal index, ``k`` uniform below the row's
    count), not one a cell, so that the batched policy's share of the run stays small."""
    counts = mask.cumsum(axis=1, dtype=np.int32)
    k = (rng.random(len(mask)) * counts[:, -1]).astype(np.int32)
    return (counts > k[:, None]).argmax(axis=1)


def vector_steps(num_envs: int, steps: int, preset: str = PRESET) -> Callable[[], tuple[int, int]]:
    """A function stepping ``gymnasium.make_vec(id, num_envs)`` (our ``SeatVectorEnv``, random
    opponents) for about ``steps`` learner steps in all, one uniformly random legal index per
    env at each batched step (:func:`random_legal`); returns (learner steps, episodes ended)."""

    def run() -> tuple[int, int]:
        envs = gym.make_vec(PRESET_ID[preset], num_envs=num_envs, opponents="random")
        rng = np.random.default_rng(0)
        obs, _ = envs.reset(seed=0)
        done = 0
        for _ in range(max(steps // num_envs, 1)):
            actions = random_legal(obs["action_mask"], rng)
            obs, _rewards, terminations, _truncations, _infos = envs.step(actions)
            done += int(terminations.sum())
        return max(steps // num_envs, 1) * num_envs, done

    return run


def rlcard_games(n: int) -> Callable[[], tuple[int, int]]:
    """``n`` games of RLCard's mahjong environment with its random agents (``env.run``)."""
    import rlcard
    from rlcard.agents import RandomAgent

    def run() -> tuple[int, int]:
        e = rlcard.make("mahjong", config={"seed": 0})
        e.set_agents([RandomAgent(num_actions=e.num_actions) for _ in range(e.num_players)])
        steps = 0
        for _ in range(n):
            before = e.timestep
            e.run(is_training=False)
            steps += e.timestep - before
        return steps, n

    return run


def _rates(
    runs: dict[str, Callable[[], tuple[int, int]]], repeats: int
) -> dict[str, tuple[float, float]]:
    """Median steps/s and games/s of each run over ``repeats`` rounds, in process CPU time
    (one core, and steadier than wall time on a shared machine). The runs take turns within
    each round, so a change in the machine's load falls on all of them alike."""
    for run in runs.values():
        run()  # warm caches
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            t = time.process_time()
            steps, games = run()
            dt = time.process_time() - t
            seen[name].append((steps / dt, games / dt))
    return {
        name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
        for name, rs in seen.items()
    }


def _kernel(name: str) -> Any:
    try:
        return importlib.import_module(KERNELS[name])
    except ImportError:  # pragma: no cover - compiled kernel not built
        pytest.skip(f"{name} kernel not available")


@pytest.mark.parametrize("kernel", list(KERNELS))
@pytest.mark.parametrize("wrapped", [False, True], ids=["raw_env", "env"])
def test_xzcore_env_steps(benchmark: Any, kernel: str, wrapped: bool) -> None:
    n = 20 if kernel == "compiled" else 4
    run = xz_games(n, wrapped=wrapped, kernel=_kernel(kernel))
    steps, _ = run()
    benchmark.group = "env: episodes with random legal actions"
    benchmark.name = f"xzcore {'env' if wrapped else 'raw_env'}[{kernel}]"
    benchmark.pedantic(run, rounds=5, warmup_rounds=1, iterations=1)
    benchmark.extra_info.update(steps_per_s=steps / benchmark.stats.stats.median)
    assert steps > 50 * n


@pytest.mark.parametrize("num_envs", [1, 64])
def test_vector_env_learner_steps(benchmark: Any, num_envs: int) -> None:
    run = vector_steps(num_envs, 2048)
    steps, _ = run()
    benchmark.group = "env: the vector env's learner steps (random opponents)"
    benchmark.name = f"SeatVectorEnv N={num_envs}"
    benchmark.pedantic(run, rounds=3, warmup_rounds=1, iterations=1)
    benchmark.extra_info.update(steps_per_s=steps / benchmark.stats.stats.median)


def test_rlcard_mahjong_steps(benchmark: Any) -> None:
    pytest.importorskip("rlcard")
    run = rlcard_games(5)
    steps, _ = run()
    benchmark.group = "env: episodes with random legal actions"
    benchmark.name = "rlcard mahjong"
    benchmark.pedantic(run, rounds=3, warmup_rounds=1, iterations=1)
    benchmark.extra_info.update(steps_per_s=steps / benchmark.stats.stats.median)


ROOT = Path(__file__).resolve().parents[1]


def child_rate(root: Path, num_envs: int, steps: int) -> float:
    """Learner steps per CPU-second of one vector env run in a child process that imports
    xzcore from the checkout at ``root`` (its own CPU time, imports and warm-up excluded)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("XZ_PUREPYTHON", None)
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(num_envs), str(steps)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=root,
    )
    return float(out.stdout.split()[-1])


def _child(num_envs: int, steps: int) -> int:
    import xzcore

    if xzcore.BACKEND != "cython":
        raise SystemExit(f"{xzcore.__file__}: the compiled modules are not built")
    run = vector_steps(num_envs, steps)
    run()  # warm caches
    t = time.process_time()
    done, _ = run()
    print(done / (time.process_time() - t))
    return 0


def before_after(before: Path, repeats: int, steps: int) -> None:
    """The vector env of ``before`` and of this checkout, in alternating child processes."""
    sides = {"before": before, "after": ROOT}
    print(f"\nvector env, before ({before}) and after ({ROOT}), alternating child processes:")
    print("| N | before: learner steps/s (CPU) | after | after / before |")
    print("|---|---|---|---|")
    for n in (1, 16, 64, 256):
        seen: dict[str, list[float]] = {side: [] for side in sides}
        for r in range(repeats):
            order = list(sides) if r % 2 == 0 else list(sides)[::-1]
            for side in order:
                seen[side].append(child_rate(sides[side], n, steps))
        b, a = (statistics.median(seen[side]) for side in sides)
        print(f"| {n} | {b:,.0f} | {a:,.0f} | {a / b:.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="episodes per run (ours)")
    parser.add_argument("--repeats", type=int, default=5, help="runs; the median is shown")
    parser.add_argument(
        "--learner-steps", type=int, default=20480, help="learner steps per vector env run"
    )
    parser.add_argument(
        "--before", type=Path, help="another checkout's root: its vector env beside this one's"
    )
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(*args.child)
    runs: dict[str, Callable[[], tuple[int, int]]] = {}
    learner_rows = set()
    for n in (1, 16, 64, 256):
        label = f"SeatVectorEnv N={n} (make_vec), compiled kernel"
        runs[label] = vector_steps(n, args.learner_steps)
        learner_rows.add(label)
    for name in KERNELS:
        kernel = importlib.import_module(KERNELS[name])
        n = args.games if name == "compiled" else max(args.games // 10, 5)
        for wrapped in (False, True):
            label = f"xzcore.env {'env()' if wrapped else 'raw_env'}, {name} kernel"
            runs[label] = xz_games(n, wrapped=wrapped, kernel=kernel)
    rlcard_label = "RLCard mahjong (random agents)"
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("(rlcard not installed: its part skipped)")
    else:
        runs[rlcard_label] = rlcard_games(max(args.games // 20, 5))
    rates = _rates(runs, args.repeats)
    rl = rates.get(rlcard_label)
    print(
        f"| environment ({PRESET}; random legal actions) | step | steps/s (CPU) | games/s "
        "| × RLCard per step |"
    )
    print("|---|---|---|---|---|")
    for label, (steps, games) in rates.items():
        learner = label in learner_rows
        ratio = f"{steps / rl[0]:.1f}" if rl and not learner else "–"
        kind = "learner" if learner else "agent"
        print(f"| {label} | {kind} | {steps:,.0f} | {games:,.1f} | {ratio} |")
    if args.before is not None:
        before_after(args.before.resolve(), args.repeats, args.learner_steps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
