#!/usr/bin/env python
"""How strong is each built-in bot? Duplicate games between two bots, with a 95% interval.

Each wall (``xzcore.round.wall.deal(seed + i)``: wall, dealer, exchange direction) is played
four times, the two bots A and B seated A A B B rotated by one seat each time, so each bot
sits in every seat of every wall twice and the deal's luck cancels. A bot's result for a wall
is its mean units per seat-game over those eight seat-games; the table gives the mean over
the walls and a 95% confidence interval (1.96 standard errors, computed over walls). The
money is zero-sum (R9.6), so B's mean is minus A's. Every game goes through
``xzcore.players.agents.play_game`` (the bots are ``xzcore.players.roster.bot_agent``;
Leshan's 飘 and 摆割 by ``xzcore.leshan.bots``).

    nice python scripts/duplicate_games.py --walls 2500 --jobs 2            # 10,000 games a pair
    nice python scripts/duplicate_games.py --rules leshan --pairs efficient:greedy
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool

from xzcore.players.agents import play_game
from xzcore.players.recording import BOT_NAMES
from xzcore.players.roster import bot_agent
from xzcore.rules import PRESETS, RuleSet

DEFAULT_PAIRS = ("efficient:greedy", "efficient:random", "greedy:random")
SEATING = ("A", "A", "B", "B")
"""Seat 0-3 of the first game of a wall; the next three games rotate it by one seat."""


def play_wall(rules: RuleSet, seed: int, a: str, b: str) -> tuple[int, int]:
    """The four duplicate games of the wall ``deal(seed)``: (A's units, A's wins) summed
    over its eight seat-games. Each seat's bot is seeded ``4 * seed + seat``."""
    units = wins = 0
    for turn in range(4):
        names = [a if SEATING[(s + turn) % 4] == "A" else b for s in range(4)]
        agents = [bot_agent(n, 4 * seed + s) for s, n in enumerate(names)]
        result, _ = play_game(rules, seed, agents)
        for s in range(4):
            if SEATING[(s + turn) % 4] == "A":
                units += result.totals[s]
        wins += sum(1 for w in result.wins if SEATING[(w.seat + turn) % 4] == "A")
    return units, wins


def _chunk(job: tuple[str, int, int, str, str]) -> list[tuple[int, int]]:
    preset, start, stop, a, b = job
    rules = RuleSet.preset(preset)
    return [play_wall(rules, seed, a, b) for seed in range(start, stop)]


def compare(
    preset: str, a: str, b: str, walls: int, seed: int = 0, jobs: int = 1
) -> dict[str, float]:
    """A against B over ``walls`` walls from ``seed``: A's mean units per game and the 95%
    half-width, A's and B's wins per seat-game, the games played and the seconds taken."""
    t0 = time.perf_counter()
    step = max(1, min(250, walls // (4 * max(1, jobs)) or 1))
    chunks = [
        (preset, s, min(s + step, seed + walls), a, b) for s in range(seed, seed + walls, step)
    ]
    if jobs > 1:
        with Pool(jobs) as pool:
            parts = pool.map(_chunk, chunks)
    else:
        parts = [_chunk(c) for c in chunks]
    rows = [r for part in parts for r in part]
    per_wall = [u / 8 for u, _ in rows]
    mean = statistics.fmean(per_wall)
    half = 1.96 * statistics.stdev(per_wall) / math.sqrt(len(per_wall)) if len(rows) > 1 else 0.0
    wins_a = sum(w for _, w in rows) / (8 * len(rows))
    return {
        "mean": mean,
        "half": half,
        "games": 4 * len(rows),
        "wins_a": wins_a,
        "seconds": time.perf_counter() - t0,
    }


def table(preset: str, results: Sequence[tuple[str, str, dict[str, float]]]) -> str:
    """The markdown table of :func:`compare` results."""
    lines = [
        f"| `{preset}`: A vs B | games | A units/game (95% CI) | B units/game "
        "| A wins/seat-game | seconds |",
        "|---|---|---|---|---|---|",
    ]
    for a, b, r in results:
        lines.append(
            f"| {a} vs {b} | {int(r['games']):,} | {r['mean']:+.3f} ± {r['half']:.3f} "
            f"| {-r['mean']:+.3f} | {r['wins_a']:.3f} | {r['seconds']:.0f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, play every pair, print the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    p.add_argument("--rules", default="xuezhan", choices=sorted(PRESETS))
    p.add_argument("--walls", type=int, default=2500, help="walls per pair (4 games each)")
    p.add_argument("--seed", type=int, default=0, help="the first wall's seed")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--pairs", default=",".join(DEFAULT_PAIRS), help="A:B,A:B,... bot names")
    args = p.parse_args(argv)
    if args.walls < 2:
        p.error("--walls: need at least 2 walls for an interval")
    pairs = []
    for item in args.pairs.split(","):
        a, _, b = item.partition(":")
        for name in (a, b):
            if name not in BOT_NAMES:
                p.error(
                    f"--pairs: unknown bot {name!r} in {item!r} (known: {', '.join(BOT_NAMES)})"
                )
        pairs.append((a, b))
    t0 = time.perf_counter()
    results = [
        (a, b, compare(args.rules, a, b, args.walls, args.seed, args.jobs)) for a, b in pairs
    ]
    print(table(args.rules, results))
    print(
        f"\n{args.walls:,} walls per pair from seed {args.seed}, {args.jobs} job(s), "
        f"{time.perf_counter() - t0:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
