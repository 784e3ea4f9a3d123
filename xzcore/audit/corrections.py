"""The correction that settles a disputed game, or a whole run: the fewest transfers
``{"from": NAME, "to": NAME, "units": N}`` that turn the log's money per seat into the
engine's (docs/audit.md, "Corrections").

A seat whose log's money is above the engine's (it was paid too much, or paid too little)
gives; a seat below it receives. The differences add up to zero, and the transfers are the
fewest that settle them: the seats are split into the most groups whose differences add up
to zero each (a group of ``k`` seats needs ``k - 1`` transfers, and no fewer), and each
group is settled largest giver to largest receiver. Exact up to :data:`EXACT_UP_TO` names
with a difference (a game has four seats; a run, one per seat name); past that, the whole
is settled in one group (at most one transfer fewer than the names with a difference).

>>> corrections(["bot0", "bot1", "bot2", "bot3"], [-1, -128, 65, 64], [63, -128, 1, 64])
[{'from': 'bot2', 'to': 'bot0', 'units': 64}]
>>> apply_corrections({"a": 5, "b": -5}, [{"from": "a", "to": "b", "units": 5}])
{'a': 0, 'b': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["EXACT_UP_TO", "apply_corrections", "corrections", "net_differences"]

EXACT_UP_TO = 16
"""Up to this many names with a difference, the transfers are provably the fewest (a search
over the 2^n subsets); a run with more uses one group."""


def net_differences(
    names: Sequence[str], claimed: Sequence[int], correct: Sequence[int]
) -> dict[str, int]:
    """The log's money minus the engine's, per name (a name on several seats adds up), in
    order of first appearance."""
    out: dict[str, int] = {}
    for name, a, b in zip(names, claimed, correct, strict=True):
        out[name] = out.get(name, 0) + a - b
    return out


def corrections(
    names: Sequence[str], claimed: Sequence[int], correct: Sequence[int]
) -> list[dict[str, Any]]:
    """The fewest transfers turning ``claimed`` (the log's money per seat or name) into
    ``correct`` (the engine's); ``[]`` when they agree. Each transfer: ``from`` (a name
    that gives), ``to`` (one that receives), ``units`` (> 0). The differences must add up
    to zero (money is conserved on both sides, R9.6); otherwise ``ValueError``."""
    diffs = net_differences(names, claimed, correct)
    return settle(diffs)


def settle(diffs: Mapping[str, int]) -> list[dict[str, Any]]:
    """The fewest transfers that bring every name's difference (``diffs``: the log's money
    minus the engine's) to zero; ``ValueError`` if they do not add up to zero."""
    if sum(diffs.values()) != 0:
        raise ValueError(f"the differences do not add up to zero: {dict(diffs)}")
    live = [(name, d) for name, d in diffs.items() if d]
    if not live:
        return []
    groups = _groups(live) if len(live) <= EXACT_UP_TO else [live]
    out: list[dict[str, Any]] = []
    for group in groups:
        out.extend(_settle_group(group))
    return out


def _groups(live: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """``live`` split into the most groups that add up to zero each: an order of the names
    with the most zero-sum prefixes (dynamic programming over subsets), cut there."""
    n = len(live)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + live[low][1]
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        top = 0
        m = mask
        while m:
            bit = m & -m
            m ^= bit
            v = best[mask ^ bit]
            if v > top:
                top = v
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    # Walk back from the full set: each step removes one name keeping the count reachable.
    order: list[int] = []
    mask = full
    while mask:
        need = best[mask] - (1 if sums[mask] == 0 else 0)
        for i in range(n):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] == need:
                order.append(i)
                mask ^= bit
                break
    order.reverse()
    groups: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    running = 0
    for i in order:
        current.append(live[i])
        running += live[i][1]
        if running == 0:
            groups.append(sorted(current, key=live.index))
            current = []
    groups.sort(key=lambda g: min(live.index(x) for x in g))
    return groups


def _settle_group(group: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """A zero-sum group settled largest giver to largest receiver (each transfer settles at
    least one of the two, the last both: at most ``len(group) - 1`` transfers)."""
    rank = {name: i for i, (name, _) in enumerate(group)}
    give = {name: d for name, d in group if d > 0}
    take = {name: -d for name, d in group if d < 0}
    out: list[dict[str, Any]] = []
    while give:
        g = max(give, key=lambda x: (give[x], -rank[x]))
        r = max(take, key=lambda x: (take[x], -rank[x]))
        units = min(give[g], take[r])
        out.append({"from": g, "to": r, "units": units})
        for pot, name in ((give, g), (take, r)):
            pot[name] -= units
            if not pot[name]:
                del pot[name]
    return out


def apply_corrections(
    money: Mapping[str, int], transfers: Sequence[Mapping[str, Any]]
) -> dict[str, int]:
    """``money`` per name after the ``transfers`` (each ``from`` gives ``units`` to
    ``to``): applied to the log's money, a game's or run's ``corrections`` give the
    engine's."""
    out = dict(money)
    for t in transfers:
        out[t["from"]] = out.get(t["from"], 0) - t["units"]
        out[t["to"]] = out.get(t["to"], 0) + t["units"]
    return out
