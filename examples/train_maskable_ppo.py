"""Train one seat of 血战到底 with sb3-contrib's MaskablePPO, then measure it against the
random and greedy bots over duplicate walls (docs/env.md, "Training a seat").

sb3-contrib (and torch) are not dependencies of xzcore: ``pip install sb3-contrib`` first.

    python examples/train_maskable_ppo.py                      # 5 minutes, then 500 games a test
    python examples/train_maskable_ppo.py --minutes 1 --eval-games 500
    python examples/train_maskable_ppo.py --steps 256 --eval-games 20   # what CI runs

The learner plays ``xzcore/Xuezhan-v0`` (one seat, :class:`xzcore.env.SeatEnv`; sixteen envs,
four a seat) against random bots, the mask given to MaskablePPO by the env's
``action_masks()``. The test, against random bots and against greedy bots: on each wall
(seed), the trained policy plays the seat, then a uniformly random player and the greedy bot
play the same seat on the same wall against the same opponents (the same seeds); each
difference of units is one paired sample (duplicate play takes out the luck of the deal). The
seat turns with the seed. Printed: means a game with their 95% confidence intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np

import xzcore.env  # noqa: F401  (registers the xzcore/... ids)
from xzcore.env import SeatEnv
from xzcore.env.actions import indices_of
from xzcore.players.agents import GreedyAgent, SeatView

Policy = Callable[[dict[str, Any], SeatEnv], int]


def play(policy: Policy, rules: str, seat: int, opponents: str, seed: int) -> int:
    """The seat's units for the round of ``seed``, ``policy`` deciding for it."""
    env = SeatEnv(rules=rules, seat=seat, opponents=opponents, strict=True)
    obs, _ = env.reset(seed=seed)
    done = False
    info: dict[str, Any] = {}
    while not done:
        obs, _reward, done, _truncated, info = env.step(policy(obs, env))
    return int(info["units"])


def uniform(seed: int) -> Policy:
    """A uniformly random player of the seat."""
    rng = random.Random(seed)
    return lambda obs, env: int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def greedy() -> Policy:
    """The greedy bot (xzcore.players.agents.GreedyAgent) playing the seat itself."""
    bot, pending = GreedyAgent(0), []

    def policy(obs: dict[str, Any], env: SeatEnv) -> int:
        if not pending:  # an exchange is three picks (R3.1): the bot's, one a step
            pending.extend(indices_of(bot.act(SeatView(env.round, env.seat))))
        return pending.pop(0)

    return policy


def mean_ci(xs: list[int]) -> str:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(n - 1, 1)
    return f"{mean:+.2f} ± {1.96 * math.sqrt(var / n):.2f}"


def duplicate(learner: Policy, rules: str, opponents: str, games: int) -> None:
    """The learner's units a game, and its difference to a random and a greedy player of the
    same seat on the same walls (the same opponents' seeds): duplicate play."""
    mine, over_random, over_greedy = [], [], []
    others = {"random": uniform(0), "greedy": greedy()}
    for g in range(games):
        seed, seat = 1_000_000 + g, g % 4  # walls the training's streams did not start at
        units = play(learner, rules, seat, opponents, seed)
        mine.append(units)
        over_random.append(units - play(others["random"], rules, seat, opponents, seed))
        over_greedy.append(units - play(others["greedy"], rules, seat, opponents, seed))
    print(
        f"against {opponents} bots, {games} duplicate games: the learner {mean_ci(mine)} "
        f"units a game; over a random player of its seat {mean_ci(over_random)}, over the "
        f"greedy bot {mean_ci(over_greedy)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="Xuezhan", help="Xuezhan|ChengduClassic|Xueliu|Leshan")
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--steps", type=int, default=None, help="training steps instead of time")
    parser.add_argument("--eval-games", type=int, default=500, help="duplicate games a test")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError:
        print("this example needs sb3-contrib: pip install sb3-contrib", file=sys.stderr)
        return 2

    torch.set_num_threads(1)
    env_id = f"xzcore/{args.rules}-v0"
    rules = gym.spec(env_id).kwargs["rules"]
    # Sixteen envs, four a seat, so the learner sees every seat (and dealer) position and one
    # batched forward pass of the network serves sixteen decisions.
    envs = DummyVecEnv(
        [lambda s=s: gym.make(env_id, seat=s % 4, opponents="random").unwrapped for s in range(16)]
    )
    envs.seed(args.seed)
    small = args.steps is not None and args.steps < 2048
    model = MaskablePPO(
        "MultiInputPolicy",
        envs,
        n_steps=16 if small else 256,
        batch_size=64 if small else 512,
        gamma=0.995,
        seed=args.seed,
        verbose=0,
    )

    class Clock(BaseCallback):
        """Stops the training once the time is up."""

        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.deadline = time.monotonic() + seconds

        def _on_step(self) -> bool:
            return time.monotonic() < self.deadline

    start = time.monotonic()
    if args.steps is not None:
        model.learn(total_timesteps=args.steps)
    else:
        model.learn(total_timesteps=10**9, callback=Clock(60 * args.minutes))
    trained = time.monotonic() - start
    print(f"trained {model.num_timesteps:,} steps in {trained:.0f} s on {env_id}")

    def learner(obs: dict[str, Any], env: SeatEnv) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    for opponents in ("random", "greedy"):
        duplicate(learner, rules, opponents, args.eval_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
