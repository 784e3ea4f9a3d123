#!/usr/bin/env python
"""How often each rule fires in games of each built-in bot (four of the same bot a table).

Game ``i`` is ``play_game(rules, seed + i, …)`` (``xzcore.players.agents``), the bot of seat
``s`` seeded ``4 * (seed + i) + s``. Everything is read from the event stream
(docs/events.md), except the two counts a stream does not record — a win passed on another
seat's tile and a win a pass lock withheld (R7.4) — which a thin observer around each bot
notes at the decision:

- ``hora``: each win (R7), self-draw (R9.2) or on a discard (R9.1), 一炮多响 (R5.3), 天胡 /
  地胡 (``first_turn``, R7.5), 抢杠 (``robbed``, R6.4), 杠上花 / 杠上炮 (``after_gang``,
  R8.6), 海底 (``last_tile``, R8.6), the pattern (R8.3/R8.4), 根 (R8.2), the cap (R8.7),
  each extra (R8.6) and, under count scoring, each count item (R13.1);
- gangs by kind (R6.1), 转手杠 paid nothing (R6.3), 呼叫转移 (``call_transfer``, R9.5);
- ``none`` with a ``claim``: a claim superseded by R5.3;
- ``settlement`` (R10): the rounds settled, 花猪 seats (R10.1), active seats not ready
  (R7.3, R10.2), seats that forfeited (R5.7);
- every transfer's ``rule`` id (gang money R6.2, wins R9.x, 花猪 R10.1, 查大叫 R10.2, 退税
  R10.3, 呼叫转移 R9.5, Leshan's R13.x …);
- the observer: a win on another seat's tile passed outside the final round (each sets an
  R7.4 lock unless ``pass_hu = off``), one passed in the final round (R5.7), and a claim
  window in which a locked seat's hand would win on the tile but no win is offered (R7.4).

    nice python scripts/rule_frequency.py --games 10000 --jobs 2
    nice python scripts/rule_frequency.py --games 2000 --rules chengdu-classic
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from xzcore.messages import RULE_NAMES
from xzcore.players.agents import Agent, SeatView, play_game
from xzcore.players.recording import BOT_NAMES
from xzcore.players.roster import bot_agent
from xzcore.round.actions import Action
from xzcore.rules import PRESETS, PassHu, RuleSet


class Observer:
    """Wraps a bot; counts into ``tally`` the R7.4/R5.7 facts that no event records."""

    def __init__(self, inner: Agent, tally: Counter[str]) -> None:
        self.inner = inner
        self.tally = tally

    def act(self, view: SeatView) -> Action:
        """The wrapped bot's choice, noted."""
        legal = view.legal_actions()
        choice = self.inner.act(view)
        offer = view.offer()
        if offer is None or view.on_turn:
            return choice
        if legal and legal[0][0] == "hora":
            if choice[0] != "hora":
                if view.final_round:
                    self.tally["R5.7 win passed in the final round"] += 1
                elif view.rules.pass_hu is not PassHu.OFF:
                    self.tally["R7.4 win passed: seat locked"] += 1
        elif view.locked[0] and _would_win(view, offer[0]):
            self.tally["R7.4 win withheld by a lock"] += 1
        return choice


def _would_win(view: SeatView, tile: int) -> bool:
    """Would the seat's hand win on ``tile`` (R7.1), void and suits allowing (R4.4)?"""
    c = view.counts()
    if c[tile] >= 4 or view.kernel.Hand(c, view.void).is_win_with(tile) is False:
        return False
    suits = {k // 9 for k in range(27) if c[k]} | {m.tile // 9 for m in view.melds(view.seat)}
    return len(suits | {tile // 9}) <= 2


ALWAYS = (
    "R5.7 seat forfeited 查大叫",
    "R6.4 抢杠胡",
    "R7.4 win passed: seat locked",
    "R7.5 天胡",
    "R7.5 地胡",
    "R8.7 capped wins",
    "R10.1 花猪 seat",
    "transfer R10.1",
    "transfer R10.2",
    "transfer R10.3",
)
"""Rows the table always shows, zero or not: the rules the careless bot is there to reach."""


def count_game(events: list[dict[str, Any]], tally: Counter[str]) -> None:
    """Add one game's rule facts (module docstring) to ``tally``."""
    last_dahai = -1
    wins_on: Counter[int] = Counter()
    for i, e in enumerate(events):
        t = e["type"]
        for tr in e.get("transfers") or ():
            tally[f"transfer {tr['rule']}"] += 1
        if t == "dahai":
            last_dahai = i
        elif t == "hora":
            _count_win(e, events[0]["dealer"], tally)
            if not e["self_draw"] and not e["robbed"]:
                wins_on[last_dahai] += 1
        elif t == "gang_payment":
            tally[f"R6.1 gang: {e['kind']}"] += 1
            if not e["transfers"]:
                tally["R6.3 gang paid nothing (转手杠)"] += 1
        elif t == "call_transfer":
            tally["R9.5 呼叫转移"] += 1
        elif t == "none" and "claim" in e:
            tally[f"R5.3 claim superseded: {e['claim']}"] += 1
        elif t == "settlement":
            tally["R10 settlement"] += 1
            for seat in e["seats"]:
                if seat["huazhu"]:
                    tally["R10.1 花猪 seat"] += 1
                if seat["active"] and not seat["huazhu"] and seat["ready_multiplier"] is None:
                    tally["R10.2 active seat not ready"] += 1
                if seat["forfeited"]:
                    tally["R5.7 seat forfeited 查大叫"] += 1
        elif t == "end_kyoku":
            tally[f"end: {e['reason']}"] += 1
    tally["R5.3 一炮多响 (one discard, several wins)"] += sum(1 for n in wins_on.values() if n > 1)
    tally["games"] += 1


def _count_win(e: dict[str, Any], dealer: int, tally: Counter[str]) -> None:
    tally["R7 wins"] += 1
    tally["R9.2 self-draw wins" if e["self_draw"] else "R9.1 wins on a discard"] += 1
    if e["first_turn"]:
        tally["R7.5 天胡" if e["actor"] == dealer else "R7.5 地胡"] += 1
    if e["robbed"]:
        tally["R6.4 抢杠胡"] += 1
    if e["after_gang"]:
        tally["R8.6 杠上花" if e["self_draw"] else "R8.6 杠上炮"] += 1
    if e["last_tile"]:
        tally["R8.6 海底捞月" if e["self_draw"] else "R8.6 海底炮"] += 1
    score = e["score"]
    if score.get("model") == "count":
        for item, n in score.get("items", ()):
            tally[f"R13.1 count item: {item}"] += n
        return
    tally[f"pattern: {score['pattern']}"] += 1
    if score.get("gen"):
        tally["R8.2 wins with 根"] += 1
    for x in score.get("extras", ()):
        tally[f"R8.6 extra: {x}"] += 1
    if score.get("capped", 0) < score.get("multiplier", 0):
        tally["R8.7 capped wins"] += 1


def play_and_count(preset: str, bot: str, start: int, stop: int) -> Counter[str]:
    """Play games ``start`` … ``stop - 1`` with four ``bot`` bots; their tally."""
    rules = RuleSet.preset(preset)
    tally: Counter[str] = Counter()
    for seed in range(start, stop):
        agents = [Observer(bot_agent(bot, 4 * seed + s), tally) for s in range(4)]
        _, events = play_game(rules, seed, agents)
        count_game(events, tally)
    return tally


def _job(job: tuple[str, str, int, int]) -> Counter[str]:
    return play_and_count(*job)


def frequencies(
    preset: str, bots: Sequence[str], games: int, seed: int = 0, jobs: int = 1
) -> dict[str, tuple[Counter[str], float]]:
    """Per bot: its tally over ``games`` games from ``seed`` and the seconds taken."""
    out: dict[str, tuple[Counter[str], float]] = {}
    step = max(1, min(500, games // (4 * max(1, jobs)) or 1))
    for bot in bots:
        t0 = time.perf_counter()
        chunks = [
            (preset, bot, s, min(s + step, seed + games)) for s in range(seed, seed + games, step)
        ]
        if jobs > 1:
            with Pool(jobs) as pool:
                parts = pool.map(_job, chunks)
        else:
            parts = [_job(c) for c in chunks]
        total: Counter[str] = Counter()
        for part in parts:
            total.update(part)
        out[bot] = (total, time.perf_counter() - t0)
    return out


def _rule_key(row: str) -> tuple[int, list[int], str]:
    head = row.split()[0]
    if head.startswith("R") and head[1:2].isdigit():
        return 0, [int(x) for x in head[1:].split(".") if x.isdigit()], row
    if row.startswith("transfer R"):
        return 1, [int(x) for x in row.split()[1][1:].split(".") if x.isdigit()], row
    return 2, [], row


def _label(row: str) -> str:
    if row.startswith("transfer "):
        rule = row.split()[1]
        zh, en = RULE_NAMES.get(rule, ("", ""))
        return f"transfers {rule} {zh} ({en})" if en else row
    return row


def table(preset: str, results: dict[str, tuple[Counter[str], float]]) -> str:
    """The markdown table: per row, each bot's count and its rate per game."""
    bots = list(results)
    rows = sorted(
        {r for tally, _ in results.values() for r in tally if r != "games"} | set(ALWAYS),
        key=_rule_key,
    )
    head = f"| `{preset}` | " + " | ".join(bots) + " |"
    lines = [head, "|---" * (len(bots) + 1) + "|"]
    games = [results[b][0]["games"] for b in bots]
    lines.append("| games | " + " | ".join(f"{g:,}" for g in games) + " |")
    for row in rows:
        cells = []
        for b, g in zip(bots, games, strict=True):
            n = results[b][0][row]
            cells.append(f"{n:,} ({n / g:.4f})" if n else "0")
        lines.append(f"| {_label(row)} | " + " | ".join(cells) + " |")
    lines.append("| seconds | " + " | ".join(f"{results[b][1]:.0f}" for b in bots) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, play, print the table (count and rate per game)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    p.add_argument("--rules", default="xuezhan", choices=sorted(PRESETS))
    p.add_argument("--games", type=int, default=10000, help="games per bot")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--bots", default=",".join(BOT_NAMES), help="bot names, comma-separated")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games: need at least one game")
    bots = args.bots.split(",")
    for name in bots:
        if name not in BOT_NAMES:
            p.error(f"--bots: unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
    t0 = time.perf_counter()
    results = frequencies(args.rules, bots, args.games, args.seed, args.jobs)
    print(table(args.rules, results))
    print(
        f"\n{args.games:,} games per bot from seed {args.seed}, {args.jobs} job(s), "
        f"{time.perf_counter() - t0:.0f} s in all; a cell is count (per game)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
