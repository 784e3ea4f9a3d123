"""Realistic random hands for the kernel's tests, differential script and benchmarks.

Uniform random hands almost never win (../shared/PERF.md), so the mix here is built from
complete hands: about a third complete (or ready), a third one tile off, a third random,
over every concealed size and every void suit. Deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random

from xzcore.tiles import Meld, MeldKind

KINDS = 27


def _sets_for(suits: list[int], rng: random.Random) -> list[int]:
    """One set (triplet or sequence) in one of ``suits``, as kinds."""
    suit = rng.choice(suits)
    if rng.random() < 0.4:
        return [9 * suit + rng.randrange(9)] * 3
    start = 9 * suit + rng.randrange(7)
    return [start, start + 1, start + 2]


def complete_hand(melds: int, rng: random.Random, suits: list[int] | None = None) -> list[int]:
    """Counts (27) of a complete concealed hand of 14 − 3·melds tiles over one or two suits
    (R7.1): sets and a pair, or seven pairs when ``melds == 0`` (sometimes)."""
    if suits is None:
        suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2, 2]))
    while True:
        counts = [0] * KINDS
        if melds == 0 and rng.random() < 0.15:
            for _ in range(7):
                kind = 9 * rng.choice(suits) + rng.randrange(9)
                counts[kind] += 2
        else:
            pair = 9 * rng.choice(suits) + rng.randrange(9)
            counts[pair] += 2
            for _ in range(4 - melds):
                for kind in _sets_for(suits, rng):
                    counts[kind] += 1
        if max(counts) <= 4:
            return counts


def hand_mix(size: int, rng: random.Random) -> tuple[bytes, int]:
    """A concealed hand of ``size`` tiles (1–14, not 3, 6, 9, 12) and a void suit.

    Win sizes: 1/3 complete, 1/3 a complete hand with one tile swapped, 1/3 random.
    Ready sizes: a complete hand minus one tile (often ready), or random.
    """
    win_size = size if size % 3 == 2 else size + 1
    melds = (14 - win_size) // 3
    roll = rng.random()
    if roll < 2 / 3:
        counts = complete_hand(melds, rng)
        if size != win_size:
            kinds = [k for k in range(KINDS) for _ in range(counts[k])]
            counts[rng.choice(kinds)] -= 1
        elif roll > 1 / 3:
            kinds = [k for k in range(KINDS) for _ in range(counts[k])]
            counts[rng.choice(kinds)] -= 1
            new = rng.randrange(KINDS)
            while counts[new] >= 4:
                new = rng.randrange(KINDS)
            counts[new] += 1
    else:
        suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2, 3]))
        pool = [k for k in range(KINDS) if k // 9 in suits for _ in range(4)]
        counts = [0] * KINDS
        for kind in rng.sample(pool, size):
            counts[kind] += 1
    used = [s for s in range(3) if any(counts[9 * s : 9 * s + 9])]
    free = [s for s in range(3) if s not in used]
    void = rng.choice(free) if free and rng.random() < 0.8 else rng.choice([-1, 0, 1, 2])
    return bytes(counts), void


def held_for(counts: bytes, rng: random.Random) -> bytes:
    """``held`` counts: ``counts`` plus meld tiles (a few kinds raised, often to four)."""
    held = list(counts)
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        kind = rng.randrange(KINDS)
        held[kind] = rng.choice([max(held[kind], 3), 4])
    return bytes(held)


WIN_SIZES = (2, 5, 8, 11, 14)
READY_SIZES = (1, 4, 7, 10, 13)


WIN_WEIGHTS = (14,) * 6 + (11,) * 2 + (8, 5, 2)
"""Win sizes weighted as in play (``win_rows``)."""
READY_WEIGHTS = (13,) * 6 + (10,) * 2 + (7, 4, 1)
"""Ready sizes weighted as in play (``ready_rows``)."""


def win_rows(n: int, seed: int = 1) -> list[tuple[bytes, int]]:
    """``n`` (counts, void) of win sizes, sizes weighted toward 14 as in play."""
    rng = random.Random(seed)
    return [hand_mix(rng.choice(WIN_WEIGHTS), rng) for _ in range(n)]


def ready_rows(n: int, seed: int = 2) -> list[tuple[bytes, int]]:
    """``n`` (counts, void) of ready sizes, sizes weighted toward 13 as in play."""
    rng = random.Random(seed)
    return [hand_mix(rng.choice(READY_WEIGHTS), rng) for _ in range(n)]


def melds_for(counts: bytes, rng: random.Random) -> list[Meld]:
    """Melds that fit a concealed hand: (14 − size) // 3 of them for a win size, (13 − size)
    // 3 for a ready size, pengs and gangs of kinds with room, mostly in the hand's suits
    (so that 清一色, 带幺九 and 将对 shapes come up)."""
    size = sum(counts)
    number = (14 - size) // 3 if size % 3 == 2 else (13 - size) // 3
    used = [s for s in range(3) if any(counts[9 * s : 9 * s + 9])] or [rng.randrange(3)]
    held = list(counts)
    melds: list[Meld] = []
    while len(melds) < number:
        suit = rng.choice(used) if rng.random() < 0.8 else rng.randrange(3)
        rank = rng.choice([0, 8, 1, 4, 7]) if rng.random() < 0.5 else rng.randrange(9)
        kind = 9 * suit + rank
        meld_kind = rng.choice(list(MeldKind))
        if held[kind] + meld_kind.size <= 4:
            held[kind] += meld_kind.size
            melds.append(Meld(meld_kind, kind))
    return melds


def distinct_rows(n: int, sizes: tuple[int, ...], seed: int) -> list[tuple[bytes, int]]:
    """``n`` (counts, void) of ``hand_mix`` with ``n`` different counts, sizes drawn from
    ``sizes`` (repeat a size to weight it): the cold-cache workload of the benchmarks, where
    every hand reads its own table entries as over a long stretch of real play."""
    rng = random.Random(seed)
    seen: set[bytes] = set()
    rows: list[tuple[bytes, int]] = []
    while len(rows) < n:
        counts, void = hand_mix(rng.choice(sizes), rng)
        if counts not in seen:
            seen.add(counts)
            rows.append((counts, void))
    return rows
