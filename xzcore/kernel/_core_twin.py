"""The pure-Python twin of the kernel, written for clarity, not speed.

It answers the same questions as the compiled ``xzcore.kernel._core``, with the same names,
signatures and errors, by a recursive search over the ways of splitting each suit where the
compiled kernel reads precomputed per-suit tables; the differential tests compare the two, so
each checks the other. Conventions and functions: docs/internals.md (the kernel).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from xzcore.kernel._core_twin_value import ready_fan, ready_fan_batch, win_fan
from xzcore.kernel._input import (
    KINDS,
    READY_SIZES,
    SHANTEN_SIZES,
    TILES,
    WIN_SIZES,
    KernelInputError,
    as_batch,
    as_counts,
    check_held,
    check_kind,
    check_void,
    checked_wall,
    size_error,
)
from xzcore.tiles import format_counts

__all__ = [
    "Hand",
    "KernelInputError",
    "check_wall",
    "dealt_hands",
    "is_win",
    "is_win_batch",
    "ready_fan",
    "ready_fan_batch",
    "shanten",
    "shanten_batch",
    "shanten_discards",
    "tile_counts",
    "waits",
    "waits_batch",
    "win_fan",
]

Suit = tuple[int, ...]
"""The nine counts of one suit, ranks 1–9."""


# --- one suit: can it be split into sets (and one pair)? (R7.1) ---------------------------


@lru_cache(maxsize=1 << 17)
def _splits_into_sets(suit: Suit) -> bool:
    """True when ``suit`` splits into sets (triplets and sequences) with nothing left over.

    The lowest rank that holds a tile must start a triplet or a sequence: try both.
    """
    rank = next((r for r in range(9) if suit[r]), None)
    if rank is None:
        return True
    if suit[rank] >= 3:
        rest = list(suit)
        rest[rank] -= 3
        if _splits_into_sets(tuple(rest)):
            return True
    if rank <= 6 and suit[rank + 1] and suit[rank + 2]:
        rest = list(suit)
        for r in (rank, rank + 1, rank + 2):
            rest[r] -= 1
        if _splits_into_sets(tuple(rest)):
            return True
    return False


@lru_cache(maxsize=1 << 17)
def _splits_into_sets_and_pair(suit: Suit) -> bool:
    """True when ``suit`` splits into sets plus exactly one pair."""
    for rank in range(9):
        if suit[rank] >= 2:
            rest = list(suit)
            rest[rank] -= 2
            if _splits_into_sets(tuple(rest)):
                return True
    return False


def _suits(counts: bytes | list[int]) -> list[Suit]:
    return [tuple(counts[9 * s : 9 * s + 9]) for s in range(3)]


def _void_allows(suits: list[Suit], void: int) -> bool:
    """R4.4: no tile of the void suit; with no declaration, at most two suits."""
    if void >= 0:
        return not any(suits[void])
    return sum(1 for suit in suits if any(suit)) <= 2


def _wins(counts: bytes | list[int], void: int) -> bool:
    """R7.1 + R4.4 for checked counts of a win size."""
    suits = _suits(counts)
    if not _void_allows(suits, void):
        return False
    # Seven pairs (R7.1): 14 concealed tiles, every count even (four identical = two pairs).
    if sum(counts) == 14 and all(c % 2 == 0 for c in counts):
        return True
    # Four sets and a pair: exactly one suit holds the pair (3n + 2 tiles), the others 3n.
    sizes = [sum(suit) % 3 for suit in suits]
    if sorted(sizes) != [0, 0, 2]:
        return False
    return all(
        _splits_into_sets_and_pair(suit) if size == 2 else _splits_into_sets(suit)
        for suit, size in zip(suits, sizes, strict=True)
    )


def is_win(counts: object, void: int = -1) -> bool:
    """Is this concealed hand (14/11/8/5/2 tiles, the winning tile included) a win?

    R7.1: four sets and a pair with the melds (sets = sequences or triplets), or seven pairs
    at 14 tiles, four identical tiles counting as two pairs. R4.4/R7.2: no tile of the void
    suit; with ``void = -1`` at most two suits.

    >>> from xzcore.tiles import parse_counts
    >>> is_win(parse_counts("11223344556677m"))
    True
    >>> is_win(parse_counts("11223344556677m"), void=0)
    False
    """
    checked = as_counts(counts)
    void = check_void(void)
    size = sum(checked)
    if size not in WIN_SIZES:
        raise KernelInputError(size_error(size, WIN_SIZES, "is_win"))
    return _wins(checked, void)


def _waits(counts: bytes | list[int], void: int, held: bytes | list[int]) -> int:
    """R7.3 for checked counts of a ready size: bitmask of kinds that complete the hand."""
    suits = _suits(counts)
    if void >= 0 and any(suits[void]):
        return 0  # R7.3: a seat holding a void-suit tile is not ready
    mask = 0
    grown = list(counts)
    for kind in range(KINDS):
        if held[kind] >= 4:
            continue  # R7.3: the seat holds all four copies (hand plus melds)
        grown[kind] += 1
        if _wins(grown, void):
            mask |= 1 << kind
        grown[kind] -= 1
    return mask


def waits(counts: object, void: int = -1, held: object = None) -> int:
    """Bitmask (bit k = kind k) of the kinds that complete a 13/10/7/4/1-tile hand (R7.3).

    ``held`` = counts including the meld tiles (default: ``counts``); a kind held four times
    is not a wait. A hand holding a tile of its void suit waits on nothing.

    >>> from xzcore.tiles import parse_counts
    >>> waits(parse_counts("1112345678999s")) == 0x1FF << 18
    True
    """
    checked = as_counts(counts)
    void = check_void(void)
    size = sum(checked)
    if size not in READY_SIZES:
        raise KernelInputError(size_error(size, READY_SIZES, "waits"))
    if held is None:
        held_checked = checked
    else:
        held_checked = as_counts(held, "held")
        check_held(checked, held_checked)
    return _waits(checked, void, held_checked)


def _row_size_error(name: str, row: int, size: int, allowed: tuple[int, ...], what: str) -> str:
    return size_error(size, allowed, what, f"{name} row {row}")


def _checked_row(flat: memoryview, row: int, name: str) -> bytes:
    return as_counts(bytes(flat[27 * row : 27 * row + 27]), f"{name} row {row}")


def is_win_batch(counts2d: object, voids: object = None) -> bytes:
    """``is_win`` over N rows of 27 counts (a C-contiguous uint8 buffer): N bytes 0/1.

    ``voids``: None (no void suit anywhere) or N ints in -1..2.
    """
    flat, rows, void_list, _ = as_batch(counts2d, voids, None)
    out = bytearray(rows)
    for row in range(rows):
        counts = _checked_row(flat, row, "counts2d")
        size = sum(counts)
        if size not in WIN_SIZES:
            raise KernelInputError(_row_size_error("counts2d", row, size, WIN_SIZES, "is_win"))
        out[row] = _wins(counts, void_list[row])
    return bytes(out)


def waits_batch(counts2d: object, voids: object = None, held2d: object = None) -> array[int]:
    """``waits`` over N rows of 27 counts: an ``array('I')`` of N bitmasks.

    ``held2d``: None (held = counts) or a buffer of the same N×27 shape.
    """
    flat, rows, void_list, held_flat = as_batch(counts2d, voids, held2d)
    out = array("I", bytes(4 * rows))
    for row in range(rows):
        counts = _checked_row(flat, row, "counts2d")
        size = sum(counts)
        if size not in READY_SIZES:
            raise KernelInputError(_row_size_error("counts2d", row, size, READY_SIZES, "waits"))
        held = counts
        if held_flat is not None:
            held = _checked_row(held_flat, row, "held2d")
            check_held(counts, held, f"held2d row {row}")
        out[row] = _waits(counts, void_list[row], held)
    return out


class Hand:
    """An incremental concealed hand: add and remove tiles, ask ``is_win`` and ``waits``.

    The round engine holds one per seat. At most 14 concealed tiles, at most 4 of a kind.

    >>> hand = Hand(void=2)
    >>> for kind in [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]:
    ...     hand.add(kind)
    >>> hand.waits() == 0x1FF
    True
    >>> hand.is_win_with(4), hand.size
    (True, 13)
    """

    __slots__ = ("_counts", "_void")

    def __init__(self, counts: object = None, void: int = -1) -> None:
        self._counts = [0] * KINDS if counts is None else list(as_counts(counts))
        if sum(self._counts) > 14:
            raise KernelInputError(f"counts: {sum(self._counts)} tiles, a hand holds at most 14")
        self._void = check_void(void)

    def add(self, kind: int) -> None:
        """Add one tile of ``kind`` (ValueError on a fifth copy or a fifteenth tile)."""
        kind = check_kind(kind)
        if self._counts[kind] >= 4:
            raise KernelInputError(f"add({kind}): the hand already holds four {_name(kind)}")
        if sum(self._counts) >= 14:
            raise KernelInputError(f"add({kind}): the hand already holds 14 tiles")
        self._counts[kind] += 1

    def remove(self, kind: int) -> None:
        """Remove one tile of ``kind`` (ValueError if the hand holds none)."""
        kind = check_kind(kind)
        if not self._counts[kind]:
            raise KernelInputError(f"remove({kind}): the hand holds no {_name(kind)}")
        self._counts[kind] -= 1

    def count(self, kind: int) -> int:
        """How many tiles of ``kind`` the hand holds."""
        return self._counts[check_kind(kind)]

    def counts(self) -> bytes:
        """The 27 counts as ``bytes``."""
        return bytes(self._counts)

    @property
    def size(self) -> int:
        """Number of concealed tiles."""
        return sum(self._counts)

    @property
    def void(self) -> int:
        """The void suit (0/1/2) or -1."""
        return self._void

    @void.setter
    def void(self, value: int) -> None:
        self._void = check_void(value)

    def is_win(self) -> bool:
        """``is_win(self.counts(), self.void)`` (ValueError unless 14/11/8/5/2 tiles)."""
        size = self.size
        if size not in WIN_SIZES:
            raise KernelInputError(size_error(size, WIN_SIZES, "is_win", "hand"))
        return _wins(self._counts, self._void)

    def is_win_with(self, kind: int) -> bool:
        """Would this hand plus one ``kind`` win? Does not change the hand.

        False when the hand already holds four of ``kind``. ValueError unless the hand has a
        ready size (13/10/7/4/1 tiles).
        """
        kind = check_kind(kind)
        size = self.size
        if size not in READY_SIZES:
            raise KernelInputError(size_error(size, READY_SIZES, "is_win_with", "hand"))
        if self._counts[kind] >= 4:
            return False
        grown = list(self._counts)
        grown[kind] += 1
        return _wins(grown, self._void)

    def claimable(self, kind: int) -> bool:
        """``count(kind) >= 2 or is_win_with(kind)``: could this hand do anything with a
        discarded ``kind`` (peng/gang R5.2, win R7.1; void and lock rules not applied)? One
        call for the round's test on every discard. ValueError when the hand holds fewer than
        two and has no ready size (13/10/7/4/1 tiles)."""
        kind = check_kind(kind)
        return self._counts[kind] >= 2 or self.is_win_with(kind)

    def waits(self, exclude: int = 0) -> int:
        """R7.3 waits bitmask, minus the kinds in ``exclude`` (kinds the caller knows the
        seat holds four of, counting its melds). ValueError unless 13/10/7/4/1 tiles."""
        if (
            isinstance(exclude, bool)
            or not isinstance(exclude, int)
            or not (0 <= exclude < 1 << KINDS)
        ):
            raise KernelInputError(f"exclude: expected a 27-bit mask of kinds, got {exclude!r}")
        size = self.size
        if size not in READY_SIZES:
            raise KernelInputError(size_error(size, READY_SIZES, "waits", "hand"))
        return _waits(self._counts, self._void, self._counts) & ~exclude

    def shanten(self) -> int:
        """``shanten(self.counts(), self.void)`` (ValueError unless 14/13/11/10/8/7/5/4/2/1
        tiles), without building the counts."""
        size = self.size
        if size not in SHANTEN_SIZES:
            raise KernelInputError(size_error(size, SHANTEN_SIZES, "shanten", "hand"))
        return shanten(bytes(self._counts), self._void)

    def shanten_discards(self) -> array[int]:
        """``shanten_discards(self.counts(), self.void)``: an ``array('b')`` of 27, the
        shanten after discarding one tile of each kind (127 for a kind not held); ValueError
        unless 14/11/8/5/2 tiles."""
        size = self.size
        if size not in WIN_SIZES:
            raise KernelInputError(size_error(size, WIN_SIZES, "shanten_discards", "hand"))
        return shanten_discards(bytes(self._counts), self._void)

    def copy(self) -> Hand:
        """An independent copy."""
        return Hand(self._counts, self._void)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.counts() == other.counts() and self.void == other.void

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Hand.parse({format_counts(self._counts)!r}, void={self._void})"

    @classmethod
    def parse(cls, text: str, void: int = -1) -> Hand:
        """A hand from MPSZ text: ``Hand.parse("123m456p", void=2)``."""
        from xzcore.tiles import parse_counts

        return cls(parse_counts(text), void)


def _name(kind: int) -> str:
    from xzcore.tiles import tile_name

    return tile_name(kind)


# --- shanten (向听) -------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _suit_costs(suit: Suit) -> dict[tuple[int, int], int]:
    """For one suit: ``{(sets, pairs): fewest tiles to add}`` so that the suit's tiles, plus
    the added ones, contain ``sets`` sets and ``pairs`` (0/1) pairs (leftovers are discarded).

    A walk over the ranks: at each rank choose how many sequences start there (0–4), whether
    a triplet and whether the pair sit there; a rank's demand above what the hand holds is
    bought. ``started`` carries the sequences still needing this rank and the next.
    """
    # state: (seqs started one rank back, seqs started two ranks back, sets, pairs) -> cost
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for rank in range(9):
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (one_back, two_back, sets, pairs), cost in states.items():
            for new_seqs in range(0, 5 if rank <= 6 else 1):
                for triplet in (0, 1):
                    for pair in (0, 1) if pairs == 0 else (0,):
                        need = one_back + two_back + new_seqs + 3 * triplet + 2 * pair
                        total_sets = sets + new_seqs + triplet
                        if need > 4 or total_sets > 4:
                            continue
                        key = (new_seqs, one_back, total_sets, pairs + pair)
                        bought = cost + max(0, need - suit[rank])
                        if bought < nxt.get(key, 99):
                            nxt[key] = bought
        states = nxt
    result: dict[tuple[int, int], int] = {}
    for (one_back, two_back, sets, pairs), cost in states.items():
        if one_back == 0 and two_back == 0 and cost < result.get((sets, pairs), 99):
            result[(sets, pairs)] = cost
    return result


def _shanten_with_void(counts: bytes, void: int, sets_needed: int, size: int) -> int:
    suits = _suits(counts)
    usable = [s for s in range(3) if s != void]
    best = 99
    # Four sets and a pair (R7.1): split the sets and the pair between the usable suits.
    costs = [_suit_costs(suits[s]) for s in range(3)]
    empty = {(0, 0): 0}
    table = [costs[s] if s != void else empty for s in range(3)]
    for (s0, p0), c0 in table[0].items():
        for (s1, p1), c1 in table[1].items():
            for (s2, p2), c2 in table[2].items():
                if s0 + s1 + s2 == sets_needed and p0 + p1 + p2 == 1:
                    best = min(best, c0 + c1 + c2)
    # Seven pairs (R7.1) when the complete hand has 14 concealed tiles: kinds already paired
    # cost nothing (four identical = two pairs), an odd count costs one tile, a new pair two.
    if size in (13, 14):
        kinds = [k for k in range(KINDS) if k // 9 in usable]
        pairs = sum(counts[k] // 2 for k in kinds)
        odd = sum(1 for k in kinds if counts[k] % 2)
        missing = max(0, 7 - pairs)
        best = min(best, min(missing, odd) + 2 * max(0, missing - odd))
    return best - 1


def shanten(counts: object, void: int = -1) -> int:
    """向听数: how many tile swaps the hand is from ready.

    -1 = complete (a win, R7.1/R4.4), 0 = ready (R7.3), n > 0 = n swaps from ready. Defined
    as ``min |W − H| − 1`` over the complete hands ``W`` of the concealed size rounded up to
    14 − 3k (no count above 4, seven pairs only at 14): tiles of the void suit are tiles to
    discard; with ``void = -1`` the best of the three possible void suits (R4.4: at most two
    suits). Sizes: 14/13, 11/10, 8/7, 5/4, 2/1.

    >>> from xzcore.tiles import parse_counts
    >>> shanten(parse_counts("1112345678999s")), shanten(parse_counts("11123456789999s"))
    (0, -1)
    """
    checked = as_counts(counts)
    void = check_void(void)
    size = sum(checked)
    if size not in SHANTEN_SIZES:
        raise KernelInputError(size_error(size, SHANTEN_SIZES, "shanten"))
    return _shanten(checked, void, size)


def _shanten(checked: bytes, void: int, size: int) -> int:
    """``shanten`` of counts already checked, ``size`` tiles."""
    sets_needed = (size - 1) // 3
    voids = [void] if void >= 0 else [0, 1, 2]
    return min(_shanten_with_void(checked, v, sets_needed, size) for v in voids)


def shanten_batch(counts2d: object, voids: object = None) -> array[int]:
    """``shanten`` over N rows of 27 counts (a C-contiguous uint8 buffer): an
    ``array('b')`` of N shanten numbers (-1 = complete, R7.1; 0 = ready, R7.3).

    Sizes 14/13/11/10/8/7/5/4/2/1; ``voids``: None (no void suit anywhere) or N ints in -1..2.
    """
    flat, rows, void_list, _ = as_batch(counts2d, voids, None)
    out = array("b", bytes(rows))
    for row in range(rows):
        counts = _checked_row(flat, row, "counts2d")
        size = sum(counts)
        if size not in SHANTEN_SIZES:
            raise KernelInputError(_row_size_error("counts2d", row, size, SHANTEN_SIZES, "shanten"))
        out[row] = _shanten(counts, void_list[row], size)
    return out


SHANTEN_NOT_HELD = 127
"""``shanten_discards``' entry for a kind the hand does not hold."""


def shanten_discards(counts: object, void: int = -1) -> array[int]:
    """The shanten (向听) after each possible discard of a hand that must discard.

    ``counts`` holds 14/11/8/5/2 concealed tiles (a win size, R7.1: the hand just drew or
    claimed); the result is an ``array('b')`` of 27 entries: entry ``k`` is
    ``shanten(counts minus one k, void)``, or 127 for a kind the hand does not hold. For a bot
    this is every discard's effect in one call.

    >>> from xzcore.tiles import parse_counts, parse_tile
    >>> after = shanten_discards(parse_counts("11123456789999s"))
    >>> after[parse_tile("9s")], after[parse_tile("1s")], after[parse_tile("1m")]
    (0, 0, 127)
    """
    checked = as_counts(counts)
    void = check_void(void)
    size = sum(checked)
    if size not in WIN_SIZES:
        raise KernelInputError(size_error(size, WIN_SIZES, "shanten_discards"))
    out = array("b", [SHANTEN_NOT_HELD] * KINDS)
    after = bytearray(checked)
    for kind in range(KINDS):
        if checked[kind]:
            after[kind] -= 1
            out[kind] = _shanten(bytes(after), void, size - 1)
            after[kind] += 1
    return out


# --- the round's tiles (R1.1, R2.2) --------------------------------------------------------


check_wall = checked_wall
"""``check_wall(wall) -> list[int]``: the shared check (``xzcore.kernel._input``)."""


def tile_counts(hands: object, lists: object) -> list[int] | None:
    """R1.1's tally: the 27 counts of the tiles in ``hands`` (a list or tuple of this
    kernel's ``Hand``) plus one per entry of each list of kinds in ``lists`` (a list or tuple
    of lists). ``None``, and nothing counted, when an argument is not of that shape or an
    entry is not an int 0–26: the caller then counts its own way.

    >>> tile_counts([Hand(bytes([2] + [0] * 26))], [[0, 26]])[::26]
    [3, 1]
    >>> tile_counts([Hand()], [[27]]) is None
    True
    """
    if type(hands) not in (list, tuple) or type(lists) not in (list, tuple):
        return None
    c = [0] * KINDS
    for h in hands:  # type: ignore[attr-defined]
        if type(h) is not Hand:
            return None
        for k, n in enumerate(h.counts()):
            c[k] += n
    for tiles in lists:  # type: ignore[attr-defined]
        if type(tiles) is not list:
            return None
        for k in tiles:
            if type(k) is not int or not 0 <= k < KINDS:
                return None
            c[k] += 1
    return c


def dealt_hands(wall: object, dealer: object) -> tuple[list[Hand], list[str]] | None:
    """R2.3's deal (4 tiles to each seat from the dealer, three times; one each; one more to
    the dealer): the seats' ``Hand`` (void -1) and the canonical MPSZ texts of their tiles.
    ``None`` when ``wall`` is not a list of 108 whose dealt 53 are ints 0–26 giving no seat a
    fifth copy, or ``dealer`` is not an int 0–3: the caller then deals its own way.

    >>> hands, texts = dealt_hands([k // 4 for k in range(108)], 1)
    >>> texts[1], hands[1].size, hands[0].size
    ('111155559999m45p', 14, 13)
    """
    if type(wall) is not list or len(wall) != TILES or type(dealer) is not int:
        return None
    if not 0 <= dealer < 4:
        return None
    hands, texts = [], []
    for seat in range(4):
        kinds = [wall[p] for p in _DEALT_POSITIONS[(seat - dealer) % 4]]
        if set(map(type, kinds)) != {int} or min(kinds) < 0 or max(kinds) >= KINDS:
            return None
        kinds.sort()
        counts = [0] * KINDS
        for k in kinds:
            counts[k] += 1
        if max(counts) > 4:
            return None
        hands.append(Hand(bytes(counts)))
        text = ""
        for su, letter in enumerate("mps"):
            ranks = "".join([str(k - 9 * su + 1) for k in kinds if k // 9 == su])
            text += ranks + letter if ranks else ""
        texts.append(text)
    return hands, texts


_DEALT_POSITIONS = tuple(
    [16 * r + 4 * i + j for r in range(3) for j in range(4)] + [48 + i] + [52] * (i == 0)
    for i in range(4)
)
"""The wall positions dealt to the seat ``i`` turns after the dealer (R2.3)."""
