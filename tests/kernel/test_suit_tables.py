"""The compiled kernel's compact suit tables, key by key, against the twin's rules.

The tables hold only the 405,350 suits of at most 14 tiles, at a dense index computed from
the base-5 key (docs/internals.md, "The kernel's tables"). Every one of them is checked here:
the split bits against the twin's recursive search (R7.1), the completing ranks against that
search on the suit plus each rank (R7.3), the fan-shape bits against the twin value kernel's
splits (R8.1-R8.3), and the wait class against its definition.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest
from compiled_helpers import compiled_or_skip

from xzcore.kernel import _core_twin as twin
from xzcore.kernel import _core_twin_value as twin_value

# bits of one entry (xzcore/kernel/_core.pxd)
SETS, SETS_PAIR, EVEN, TRIPLETS, YAOJIU, ONLY_258, ONLY_19, HAS_FOUR = (1 << b for b in range(8))
SIZE_SHIFT, WSETS_SHIFT, WPAIR_SHIFT = 8, 14, 23
# wait classes (xzcore/kernel/_core_tables.pxi)
W_EMPTY, W_SETS, W_SETS_NO, W_ONE, W_PAIR, W_PAIR_NO = range(6)


def _compiled() -> ModuleType:
    return compiled_or_skip("xzcore.kernel._core")


def suits_of_at_most_14() -> Iterator[tuple[int, ...]]:
    """Every nine counts 0-4 holding at most 14 tiles, rank 1 first."""

    def fill(prefix: tuple[int, ...], room: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == 9:
            yield prefix
            return
        for n in range(min(4, room) + 1):
            yield from fill((*prefix, n), room - n)

    return fill((), 14)


def _shape_bits(suit: tuple[int, ...], size: int) -> int:
    """TRIPLETS and YAOJIU from every split of the suit (the twin value kernel's splits)."""
    if size % 3 == 1:
        return 0
    counts = [*suit, *[0] * 18]
    bits = 0
    for blocks in twin_value._splits(counts, have_pair=size % 3 == 0):
        if all(name != "sequence" for name, _ in blocks):
            bits |= TRIPLETS
        if all({1, 9} & set(twin_value._ranks(block)) for block in blocks):
            bits |= YAOJIU
    return bits


def expected_entry(suit: tuple[int, ...]) -> tuple[int, int]:
    """The uint32 entry (_core.pxd layout) and the wait class the rules give ``suit``."""
    size = sum(suit)
    sets = size % 3 == 0 and twin._splits_into_sets(suit)
    pair = size % 3 == 2 and twin._splits_into_sets_and_pair(suit)
    entry = size << SIZE_SHIFT
    entry |= SETS if sets else 0
    entry |= SETS_PAIR if pair else 0
    entry |= EVEN if all(n % 2 == 0 for n in suit) else 0
    entry |= ONLY_258 if all(n == 0 or r in (1, 4, 7) for r, n in enumerate(suit)) else 0
    entry |= ONLY_19 if all(n == 0 or r in (0, 8) for r, n in enumerate(suit)) else 0
    entry |= HAS_FOUR if 4 in suit else 0
    if sets or pair:
        entry |= _shape_bits(suit, size)
    if size < 14 and size % 3 in (1, 2):
        for r in range(9):
            if suit[r] < 4:
                plus = (*suit[:r], suit[r] + 1, *suit[r + 1 :])
                if size % 3 == 2 and twin._splits_into_sets(plus):
                    entry |= 1 << (WSETS_SHIFT + r)
                if size % 3 == 1 and twin._splits_into_sets_and_pair(plus):
                    entry |= 1 << (WPAIR_SHIFT + r)
    if size == 0:
        wait_class = W_EMPTY
    elif size % 3 == 0:
        wait_class = W_SETS if sets else W_SETS_NO
    elif size % 3 == 1:
        wait_class = W_ONE
    else:
        wait_class = W_PAIR if pair else W_PAIR_NO
    return entry, wait_class


@pytest.mark.parametrize(
    ("suit", "entry"),
    [
        # empty: splits into (no) sets, all triplets, 带幺九, every count even, both "only"s
        ("", SETS | TRIPLETS | YAOJIU | EVEN | ONLY_258 | ONLY_19),
        # 123: one sequence holding a 1 (带幺九), not triplets
        ("123", (3 << SIZE_SHIFT) | SETS | YAOJIU),
        # 55: a pair of 5s (all triplets and the pair, 将对 shape); 3n + 2 tiles, and
        # 55 + 5 = 555 splits into sets: rank 5 completes it into sets (R7.3)
        ("55", (2 << SIZE_SHIFT) | SETS_PAIR | TRIPLETS | EVEN | ONLY_258 | 1 << (WSETS_SHIFT + 4)),
        # 1 (3n + 1): 1 + 1 = 11, a pair; ranks 1 completes into sets and a pair
        ("1", (1 << SIZE_SHIFT) | ONLY_19 | 1 << (WPAIR_SHIFT + 0)),
        # 1111: four 1s, 3n + 1 tiles; no rank completes it into sets and a pair (11112,
        # 11113 ... do not split; a fifth 1 is no tile): no ranks
        ("1111", (4 << SIZE_SHIFT) | EVEN | ONLY_19 | HAS_FOUR),
    ],
)
def test_worked_suits(suit: str, entry: int) -> None:
    counts = [0] * 9
    for ch in suit:
        counts[int(ch) - 1] += 1
    ours = _compiled()._suit_entry(tuple(counts))[0]
    assert ours == entry
    assert expected_entry(tuple(counts))[0] == entry  # the oracle below agrees by hand


def test_every_suit_of_at_most_14_tiles() -> None:
    compiled = _compiled()
    suit_entry = compiled._suit_entry
    count = 0
    wrong = []
    for suit in suits_of_at_most_14():
        count += 1
        entry, wait_class = suit_entry(suit)
        expected, expected_class = expected_entry(suit)
        if (entry, wait_class) != (expected, expected_class):
            wrong.append((suit, hex(entry), hex(expected), wait_class, expected_class))
            if len(wrong) > 5:
                break
    assert wrong == []
    assert count == 405_350


def test_suit_entry_checks_its_argument() -> None:
    compiled = _compiled()
    with pytest.raises(compiled.KernelInputError, match="expected 9 counts, got 8"):
        compiled._suit_entry((0,) * 8)
    with pytest.raises(compiled.KernelInputError, match="count 5 at rank 3"):
        compiled._suit_entry((0, 0, 5, 0, 0, 0, 0, 0, 0))
    with pytest.raises(compiled.KernelInputError, match="15 tiles, the tables hold at most 14"):
        compiled._suit_entry((4, 4, 4, 3, 0, 0, 0, 0, 0))


def test_tables_are_compact() -> None:
    # 405,350 keys (plus a guard of 625), one byte of shape bits and two of waits each, and
    # the 14 KB index: not 5**9 uint32 entries (7.8 MB)
    assert _compiled()._table_bytes() == (405_350 + 625) * 3 + 3125 * 4 + 625 * 2
