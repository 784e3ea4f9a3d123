"""Helpers for the round scenario tests: build a round from hands written out by hand, play
actions written as text, lay out the draws of a round in which nobody claims."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from xzcore.round.actions import Action
from xzcore.round.engine import Round
from xzcore.round.wall import arrange_wall
from xzcore.rules import RuleSet
from xzcore.tiles import parse_tile, parse_tiles


def make_round(
    rules: RuleSet,
    hands: list[str],
    draws: str | list[int] = "",
    *,
    dealer: int = 0,
    kernel: ModuleType | None = None,
    direction: int | None = None,
) -> Round:
    """A round dealing ``hands`` (R2.3) whose wall then yields ``draws`` in order."""
    wall = arrange_wall(dealer, hands, draws)
    return Round(rules, wall, dealer, exchange_direction=direction, kernel=kernel)


def run(r: Round, *texts: str) -> None:
    """Play each action text with the checked :meth:`Round.play`."""
    for t in texts:
        r.play(Action.parse(t))


def dingque(r: Round, suits: str) -> None:
    """Every seat declares: ``suits`` gives seat 0–3's void suit letters, e.g. ``"mssp"``."""
    for seat, suit in enumerate(suits):
        r.play(Action.parse(f"dingque {suit} by {seat}"))


def pass_to_end(r: Round) -> None:
    """Pass every claim and throw every drawn tile (never win): hands without void tiles stay
    as they are to the end of the wall."""
    while not r.over:
        for s in r.to_act():
            legal = r.legal_actions(s)
            none = [a for a in legal if a.word == "none"]
            if none:
                r.play(none[0])
            else:
                r.play(next(a for a in legal if a.word == "dahai" and a.tile == r.drawn))


def since(r: Round, start: int) -> list[dict[str, Any]]:
    """Events emitted since index ``start``."""
    return r.events[start:]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def last(r: Round, etype: str) -> dict[str, Any]:
    """The last event of a type."""
    return next(e for e in reversed(r.events) if e["type"] == etype)


def strs(actions: list[Action]) -> list[str]:
    return [str(a) for a in actions]


def rotation_draws(
    dealer: int, hands: list[str], fixed: dict[int, str], seat_suit: dict[int, str] | None = None
) -> list[int]:
    """The 55 wall draws, for a round in which nobody claims, gangs or wins: draw ``i`` is
    made by seat ``(dealer + 1 + i) % 4`` (R2.1, R5.1). ``fixed`` pins draw index → tile;
    ``seat_suit`` asks that a seat's other draws be of one suit while the pool lasts; the
    rest is filled in kind order."""
    used = [0] * 27
    for h in hands:
        for k in parse_tiles(h):
            used[k] += 1
    pinned = {i: parse_tile(t) for i, t in fixed.items()}
    for k in pinned.values():
        used[k] += 1
    pool = [k for k in range(27) for _ in range(4 - used[k])]
    want = {s: "mps".index(x) for s, x in (seat_suit or {}).items()}
    out: list[int] = []
    for i in range(55):
        if i in pinned:
            out.append(pinned[i])
            continue
        seat = (dealer + 1 + i) % 4
        pick = None
        if seat in want:
            pick = next((k for k in pool if k // 9 == want[seat]), None)
        if pick is None:
            others = set(want.values())
            pick = next((k for k in pool if k // 9 not in others), pool[0])
        pool.remove(pick)
        out.append(pick)
    assert not pool
    return out
