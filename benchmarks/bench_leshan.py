"""Leshan (R13) costs: count scoring against table scoring on the same 1,000 winning hands,
查叫 by count, and Leshan bot games (飘, 摆割) against 血战 games.

    python -m pytest benchmarks/bench_leshan.py --benchmark-only -q
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from xzcore import BACKEND
from xzcore.kernel._handgen import complete_hand
from xzcore.leshan.bots import LeshanAgent
from xzcore.leshan.round import new_round
from xzcore.players.agents import RandomAgent, SeatView
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.scoring import WinContext, chajiao_multiplier, score_win
from xzcore.scoring.count import count_chajiao, score_count
from xzcore.tiles import Meld, MeldKind, kinds_of

pytestmark = pytest.mark.benchmark(warmup=True, warmup_iterations=3, min_rounds=5)

KERNEL = "compiled" if BACKEND == "cython" else "twin"
LESHAN = RuleSet.preset("leshan")
XZ = RuleSet.preset("xuezhan")
Timed = Callable[[str, str, Callable[[], object]], Any]
_CTX = [WinContext(), WinContext(self_draw=True), WinContext(after_gang=True)]


def winning_rows(n: int, seed: int = 11) -> list[tuple[list[int], int, list[Meld], int, Any]]:
    """``n`` winning hands (concealed kinds before the winning tile, tile, melds, void, ctx)
    over one or two suits, with 0–4 pengs/gangs."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2, 2]))
        n_melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
        counts = complete_hand(n_melds, rng, suits)
        held = list(counts)
        melds: list[Meld] = []
        while len(melds) < n_melds:
            kind = 9 * rng.choice(suits) + rng.randrange(9)
            mk = rng.choice([MeldKind.PENG, MeldKind.GANG, MeldKind.ANGANG])
            if held[kind] + mk.size <= 4:
                held[kind] += mk.size
                melds.append(Meld(mk, kind))
        tiles = kinds_of(counts)
        win = rng.choice(tiles)
        tiles.remove(win)
        void = next(s for s in (0, 1, 2) if s not in suits)
        out.append((tiles, win, melds, void, rng.choice(_CTX)))
    return out


ROWS = winning_rows(1000)


def test_score_count(timed: Timed) -> None:
    def loop() -> None:
        for hand, win, melds, void, ctx in ROWS:
            score_count(hand, win, melds, void, ctx, LESHAN)

    timed("score_count (leshan, R13.1)", KERNEL, loop)


def test_score_win_same_hands(timed: Timed) -> None:
    def loop() -> None:
        for hand, win, melds, void, ctx in ROWS:
            score_win(hand, win, melds, void, ctx, XZ)

    timed("score_win (xuezhan, same hands)", KERNEL, loop)


def test_count_chajiao(timed: Timed) -> None:
    rows = [(h, m, v) for h, _, m, v, _ in ROWS]

    def loop() -> None:
        for hand, melds, void in rows:
            count_chajiao(hand, melds, void, LESHAN)

    timed("count_chajiao (leshan)", KERNEL, loop)


def test_chajiao_same_hands(timed: Timed) -> None:
    rows = [(h, m, v) for h, _, m, v, _ in ROWS]

    def loop() -> None:
        for hand, melds, void in rows:
            chajiao_multiplier(hand, melds, void, XZ)

    timed("chajiao_multiplier (xuezhan, same hands)", KERNEL, loop)


def _games(rules: RuleSet, n: int) -> Callable[[], int]:
    def run() -> int:
        events = 0
        for seed in range(n):
            d = deal(seed)
            r = new_round(rules, d.wall, d.dealer)
            agents = [LeshanAgent(RandomAgent(seed * 4 + s)) for s in range(4)]
            views = [SeatView(r, s) for s in range(4)]
            while not r.over:
                for s in r.to_act():
                    r.apply(agents[s].act(views[s]))
            events += len(r.events)
        return events

    return run


@pytest.mark.parametrize("preset", ["leshan", "xuezhan"])
def test_random_bot_games(benchmark: Any, preset: str) -> None:
    """20 random-bot games per call (LeshanAgent wraps RandomAgent; a no-op in 血战)."""
    benchmark.group = "random-bot games (20 per call)"
    events = benchmark(_games(RuleSet.preset(preset), 20))
    benchmark.extra_info["events"] = events
