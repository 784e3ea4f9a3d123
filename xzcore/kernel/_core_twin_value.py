"""The 查叫 value kernel, pure-Python twin: pattern + 根 fan of a win and of a ready hand.

Written for clarity: every way of splitting the concealed tiles is matched against the
patterns of R8.3 (or the terms of R8.4) by :func:`xzcore.kernel.patterns.shape_fan`, and the
best is kept (R8.1). The compiled kernel answers from per-suit shape bits and the same table;
the differential tests compare. Signatures and arguments: docs/internals.md (the kernel).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import NamedTuple

from xzcore.kernel._input import (
    FLAG_ADDITIVE,
    FLAG_YAOJIU_JIANGDUI,
    GANG_SHIFT,
    KINDS,
    MELD_COUNT_MASK,
    MELD_SUITS_SHIFT,
    MELDS_ALL_258,
    MELDS_ALL_YAOJIU,
    READY_SIZES,
    WIN_SIZES,
    KernelInputError,
    as_batch,
    as_counts,
    check_value_args,
    check_void,
    size_error,
)
from xzcore.kernel.patterns import Shape, shape_fan

Block = tuple[str, int]
"""One block of a split: ("pair" | "triplet" | "sequence", lowest kind)."""


def _splits(counts: list[int], have_pair: bool = False) -> Iterator[list[Block]]:
    """Every way to split ``counts`` into sets and exactly one pair (R7.1)."""
    kind = next((k for k in range(KINDS) if counts[k]), None)
    if kind is None:
        if have_pair:
            yield []
        return
    options: list[tuple[str, list[int]]] = []
    if not have_pair and counts[kind] >= 2:
        options.append(("pair", [kind, kind]))
    if counts[kind] >= 3:
        options.append(("triplet", [kind, kind, kind]))
    if kind % 9 <= 6 and counts[kind + 1] and counts[kind + 2]:
        options.append(("sequence", [kind, kind + 1, kind + 2]))
    for name, tiles in options:
        for k in tiles:
            counts[k] -= 1
        for rest in _splits(counts, have_pair or name == "pair"):
            yield [(name, kind), *rest]
        for k in tiles:
            counts[k] += 1


def _ranks(block: Block) -> list[int]:
    """Ranks 1–9 of the tiles of a block."""
    name, kind = block
    rank = kind % 9 + 1
    return [rank, rank + 1, rank + 2] if name == "sequence" else [rank]


class Melds(NamedTuple):
    """The meld summary decoded from ``meld_info``."""

    number: int
    gangs: int
    suits: int
    all_yaojiu: bool
    all_258: bool

    @classmethod
    def decode(cls, meld_info: int) -> Melds:
        count = meld_info & MELD_COUNT_MASK
        return cls(
            number=count,
            gangs=(meld_info >> GANG_SHIFT) & 7,
            suits=(meld_info >> MELD_SUITS_SHIFT) & 7,
            all_yaojiu=count == 0 or bool(meld_info & MELDS_ALL_YAOJIU),
            all_258=count == 0 or bool(meld_info & MELDS_ALL_258),
        )


def _shapes(counts: list[int], melds: Melds) -> Iterator[Shape]:
    """Every split of a winning hand (R8.1), as the shapes the patterns read."""
    suits = {k // 9 for k in range(KINDS) if counts[k]}
    suits |= {s for s in range(3) if melds.suits >> s & 1}
    one_suit = len(suits) == 1
    if melds.number == 0 and sum(counts) == 14 and all(n % 2 == 0 for n in counts):
        yield Shape(True, 4 in counts, False, False, one_suit, False, False, False)
    jiang = melds.all_258 and all(k % 9 + 1 in (2, 5, 8) for k in range(KINDS) if counts[k])
    for blocks in _splits(list(counts)):
        yield Shape(
            seven_pairs=False,
            long=False,
            duidui=all(name != "sequence" for name, _ in blocks),
            yaojiu=melds.all_yaojiu and all({1, 9} & set(_ranks(b)) for b in blocks),
            one_suit=one_suit,
            jiang=jiang,
            jingou=melds.number == 4,
            luohan=melds.gangs == 4,
        )


def _fan(counts: list[int], void: int, held: bytes | list[int], melds: Melds, flags: int) -> int:
    """Best fan of checked ``counts`` (a win size), or -1 when they do not win."""
    from xzcore.kernel._core_twin import _wins

    if not _wins(counts, void):
        return -1
    gen = sum(1 for n in held if n == 4)  # R8.2
    additive, yaojiu_jiangdui = bool(flags & FLAG_ADDITIVE), bool(flags & FLAG_YAOJIU_JIANGDUI)
    return max(shape_fan(s, additive, yaojiu_jiangdui) for s in _shapes(counts, melds)) + gen


def _check_mode(mode: object) -> int:
    if type(mode) is not int or mode not in (0, 1):
        raise KernelInputError(f"mode: expected 0 (max, 查大) or 1 (min, 查小), got {mode!r}")
    assert isinstance(mode, int)
    return mode


def win_fan(
    counts: object, void: int = -1, held: object = None, meld_info: int = 0, flags: int = 0
) -> int:
    """Fan (pattern + 根, R8.1–R8.4) of a complete hand of 14 − 3k concealed tiles, winning
    tile included; -1 when the tiles do not win. See the module docstring.

    >>> from xzcore.tiles import parse_counts
    >>> win_fan(parse_counts("1133446666m5588p"))  # 龙七对: 4, its 根 used up
    4
    >>> win_fan(parse_counts("1133446666m5588p"), flags=1)  # additive: 七对 2 + 根 1
    3
    """
    checked = as_counts(counts)
    void = check_void(void)
    size = sum(checked)
    if size not in WIN_SIZES:
        raise KernelInputError(size_error(size, WIN_SIZES, "win_fan"))
    held_checked = checked if held is None else as_counts(held, "held")
    check_value_args(checked, held_checked, meld_info, flags, (14 - size) // 3)
    return _fan(list(checked), void, held_checked, Melds.decode(meld_info), flags)


def _ready_fan(counts: bytes, void: int, held: bytes, melds: Melds, flags: int, mode: int) -> int:
    from xzcore.kernel._core_twin import _waits

    values = []
    wait_mask = _waits(counts, void, held)  # R7.3, kinds held four times excluded
    for kind in range(KINDS):
        if wait_mask >> kind & 1:
            grown, grown_held = list(counts), list(held)
            grown[kind] += 1
            grown_held[kind] += 1
            values.append(_fan(grown, void, grown_held, melds, flags))
    if not values:
        return -1
    return min(values) if mode else max(values)


def ready_fan(
    counts: object,
    void: int = -1,
    held: object = None,
    meld_info: int = 0,
    flags: int = 0,
    mode: int = 0,
) -> int:
    """The 查叫 value (R10.2) of a 13 − 3k hand: the largest (``mode = 0``) or smallest
    (``mode = 1``) ``win_fan`` over its waits; -1 when not ready (R7.3).

    >>> from xzcore.tiles import parse_counts
    >>> nine = parse_counts("1112345678999s")  # 清一色 2, +1 根 on 1s or 9s
    >>> ready_fan(nine), ready_fan(nine, mode=1)
    (3, 2)
    """
    checked = as_counts(counts)
    void = check_void(void)
    size = sum(checked)
    if size not in READY_SIZES:
        raise KernelInputError(size_error(size, READY_SIZES, "ready_fan"))
    held_checked = checked if held is None else as_counts(held, "held")
    check_value_args(checked, held_checked, meld_info, flags, (13 - size) // 3)
    mode = _check_mode(mode)
    return _ready_fan(checked, void, held_checked, Melds.decode(meld_info), flags, mode)


def ready_fan_batch(
    counts2d: object,
    voids: object = None,
    held2d: object = None,
    meld_infos: object = None,
    flags: int = 0,
    mode: int = 0,
) -> array[int]:
    """``ready_fan`` over N rows of 27 counts: an ``array('b')`` of N fans (-1 = not ready).

    ``voids``, ``held2d`` as for ``waits_batch``; ``meld_infos``: None (no melds) or N ints.
    """
    flat, rows, void_list, held_flat = as_batch(counts2d, voids, held2d)
    infos = [0] * rows if meld_infos is None else list(meld_infos)  # type: ignore[call-overload]
    if len(infos) != rows:
        raise KernelInputError(f"meld_infos: expected {rows} ints, got {len(infos)}")
    mode = _check_mode(mode)
    out = array("b", bytes(rows))
    for row in range(rows):
        where = f"counts2d row {row}"
        counts = as_counts(bytes(flat[27 * row : 27 * row + 27]), where)
        size = sum(counts)
        if size not in READY_SIZES:
            raise KernelInputError(size_error(size, READY_SIZES, "ready_fan", where))
        held = counts
        if held_flat is not None:
            held = as_counts(bytes(held_flat[27 * row : 27 * row + 27]), f"held2d row {row}")
        info = check_value_args(counts, held, infos[row], flags, (13 - size) // 3, f"row {row} ")
        out[row] = _ready_fan(counts, void_list[row], held, Melds.decode(info), flags, mode)
    return out
