"""Seeded walls: a documented PRNG and the wall shuffle (RULES.md R2.2, R2.4, R3.1).

A round is a pure function of its wall and its seats' choices (R2.2), so one integer seed
must rebuild a game's wall in any language. :mod:`random` may change between Python versions,
so the generator (SplitMix64), the shuffle and the deal's draws are written out here, and
specified exactly in docs/internals.md.

>>> Rng(0).next64()
16294208416658607535
>>> deal(42).wall[:6]
[6, 7, 14, 24, 13, 9]
>>> deal(42) == deal(42)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xzcore import kernel as core
from xzcore.backend import load
from xzcore.errors import WallError
from xzcore.tiles import KINDS, TILES, parse_tiles, tile_name

__all__ = ["Deal", "Rng", "WallError", "arrange_wall", "check_wall", "deal", "shuffled_wall"]

_MASK = (1 << 64) - 1
_SMALL_THRESHOLDS = [0] + [((1 << 64) - n) % n for n in range(1, 128)]
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


class Rng:
    """SplitMix64, exactly as described in the module docstring.

    ``seed`` is any integer; only its low 64 bits matter (negative seeds wrap).
    """

    __slots__ = ("_x",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self._x = seed & _MASK

    @property
    def state(self) -> int:
        """The 64-bit state (for saving and resuming a stream)."""
        return self._x

    def next64(self) -> int:
        """The next 64-bit output."""
        x = (self._x + _GAMMA) & _MASK
        self._x = x
        z = ((x ^ (x >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def bounded(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (Lemire's method with rejection), ``1 <= n < 2**64``."""
        if n < 128:
            threshold = _SMALL_THRESHOLDS[n] if n > 0 else -1
        elif n <= _MASK:
            threshold = ((1 << 64) - n) % n
        else:
            threshold = -1
        if threshold < 0:
            raise ValueError(f"bound {n!r} must be in 1..2**64-1")
        while True:
            m = self.next64() * n
            if (m & _MASK) >= threshold:
                return m >> 64

    def shuffle(self, items: list[int]) -> None:
        """Fisher–Yates in place, from the top, with batched draws (module docstring)."""
        for bound_product, bounds in _batches(len(items)):
            v = self.bounded(bound_product)
            for n in bounds:
                v, j = divmod(v, n)
                i = n - 1
                items[i], items[j] = items[j], items[i]


def _batches(length: int) -> list[tuple[int, tuple[int, ...]]]:
    """The runs of Fisher–Yates bounds ``length, length-1, …, 2``, greedily grouped so that
    each run's product is at most ``2**64``."""
    cached = _BATCH_CACHE.get(length)
    if cached is not None:
        return cached
    out: list[tuple[int, tuple[int, ...]]] = []
    n = length
    while n >= 2:
        product, run = 1, []
        while n >= 2 and product * n <= 1 << 64:
            product *= n
            run.append(n)
            n -= 1
        out.append((product, tuple(run)))
    _BATCH_CACHE[length] = out
    return out


_BATCH_CACHE: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
_KINDS_IN_ID_ORDER = [i >> 2 for i in range(TILES)]


_shuffled_kinds = load("engine").shuffled_kinds


def shuffled_wall(rng: Rng) -> list[int]:
    """The 108 tile kinds in draw order (R2.2): physical ids 0–107 shuffled, then ``id // 4``.

    Shuffling the kinds of the ids in id order moves the same positions, so it is done
    directly, with the generator inlined (this runs once per game): by the round engine's
    compiled helper (``shuffled_kinds``, the same steps; None: declined), else here.
    """
    done = _shuffled_kinds(rng._x, _batches(TILES))
    if done is not None:
        items, rng._x = done
        return items
    items = _KINDS_IN_ID_ORDER.copy()
    x = rng._x
    mask, gamma, m1, m2 = _MASK, _GAMMA, _M1, _M2
    for bound_product, bounds in _batches(TILES):
        threshold = ((1 << 64) - bound_product) % bound_product
        while True:  # bounded(bound_product), SplitMix64 inlined
            x = (x + gamma) & mask
            z = ((x ^ (x >> 30)) * m1) & mask
            z = ((z ^ (z >> 27)) * m2) & mask
            m = (z ^ (z >> 31)) * bound_product
            if (m & mask) >= threshold:
                break
        v = m >> 64
        for n in bounds:
            v, j = divmod(v, n)
            i = n - 1
            items[i], items[j] = items[j], items[i]
    rng._x = x
    return items


def check_wall(wall: Sequence[int]) -> list[int]:
    """Return ``wall`` as a list of kinds after checking it holds each of the 27 kinds exactly
    four times (R1.1, R2.2); raise :class:`WallError` otherwise, naming the first bad position.

    The kernel's ``check_wall`` (``xzcore.kernel``): compiled, ``bytes`` and lists of ints are
    checked in C; the message of a bad wall comes from ``xzcore.kernel._input.checked_wall``.
    """
    return core.check_wall(wall)


@dataclass(frozen=True)
class Deal:
    """What one seed decides before play: the wall (R2.2), the dealer (R2.4) and the
    exchange direction (R3.1, a seat offset 1–3; used only with ``exchange_three``)."""

    seed: int
    wall: list[int]
    dealer: int
    exchange_direction: int


def deal(seed: int, rng: Rng | None = None) -> Deal:
    """The wall, dealer and exchange direction of ``seed`` (or drawn from ``rng``, continuing
    its stream — a match draws all its rounds from one generator)."""
    gen = Rng(seed) if rng is None else rng
    wall = shuffled_wall(gen)
    dealer = gen.bounded(4)
    direction = 1 + gen.bounded(3)
    return Deal(seed, wall, dealer, direction)


def arrange_wall(
    dealer: int, hands: Sequence[str | Sequence[int]], draws: str | Sequence[int] = ""
) -> list[int]:
    """A wall that deals ``hands`` (seat 0–3; 14 tiles for the dealer, 13 for the others)
    by R2.3 and then draws ``draws`` in order; the remaining tiles follow in kind order.

    For scenarios written by hand (tests, examples). Tiles may be text (``"123m55p"``) or
    lists of kinds. Raises :class:`WallError` if the tiles do not fit in one set of 108.

    >>> hands = ["11122233344455m", "6667778889999m", "1112223334445p", "1112223334445s"]
    >>> w = arrange_wall(0, hands, draws="9s8s")
    >>> w[:4], w[52], w[53:55]
    ([0, 0, 0, 1], 4, [26, 25])
    """
    if not 0 <= dealer < 4:
        raise WallError(f"dealer: bad seat {dealer!r}")
    if len(hands) != 4:
        raise WallError(f"need the hands of 4 seats, got {len(hands)}")
    kinds = [parse_tiles(h) if isinstance(h, str) else list(h) for h in hands]
    for s, h in enumerate(kinds):
        want = 14 if s == dealer else 13
        if len(h) != want:
            raise WallError(f"seat {s} is dealt {want} tiles (R2.3), not {len(h)}")
    order = parse_tiles(draws, max_copies=4) if isinstance(draws, str) else list(draws)
    used = [0] * KINDS
    for k in [*(k for h in kinds for k in h), *order]:
        used[k] += 1
        if used[k] > 4:
            raise WallError(f"more than four {tile_name(k)} in hands and draws (R1.1)")
    wall: list[int] = []
    for r in range(3):
        for i in range(4):
            wall.extend(kinds[(dealer + i) % 4][4 * r : 4 * r + 4])
    for i in range(4):
        wall.append(kinds[(dealer + i) % 4][12])
    wall.append(kinds[dealer][13])
    wall.extend(order)
    for k in range(KINDS):
        wall.extend([k] * (4 - used[k]))
    return check_wall(wall)
