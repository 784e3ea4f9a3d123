"""Input checks shared by both kernel backends (``_core`` and ``_core_twin``).

Both backends must raise the same errors with the same messages, so the slow-path checks live
here once. The compiled kernel only calls into this module off its fast paths (an exact
27-byte ``bytes`` argument is checked in C) or to build an error message.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

from xzcore.errors import KernelInputError, WallError
from xzcore.tiles import Meld, MeldKind, tile_name

KINDS = 27
"""Number of tile kinds (R1.2)."""

WIN_SIZES = (2, 5, 8, 11, 14)
"""Concealed sizes that can be a complete hand: 14 − 3k with k melds (R7.1)."""

READY_SIZES = (1, 4, 7, 10, 13)
"""Concealed sizes that can be ready (听牌): 13 − 3k with k melds (R7.3)."""

SHANTEN_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
"""Concealed sizes that ``shanten`` accepts: a ready-size or a win-size hand."""


def as_counts(obj: object, name: str = "counts") -> bytes:
    """Return ``obj`` (27 tile counts, any sequence or byte buffer) as checked ``bytes``.

    Raises ``KernelInputError`` when the length is not 27 or a count is not an int in 0–4.

    >>> as_counts([0] * 26 + [2])[-1]
    2
    """
    if isinstance(obj, (str, int, float)) or obj is None:
        raise KernelInputError(
            f"{name}: expected 27 tile counts (bytes or a sequence of ints), "
            f"got {type(obj).__name__}"
        )
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        raise KernelInputError(
            f"{name}: expected 27 tile counts (bytes or a sequence of ints), "
            f"got {type(obj).__name__}"
        ) from None
    if len(items) != KINDS:
        raise KernelInputError(f"{name}: expected 27 tile counts, got {len(items)}")
    for kind, count in enumerate(items):
        if isinstance(count, bool) or not isinstance(count, int):
            try:
                as_int = int(count)
            except (TypeError, ValueError):
                as_int = None
            if as_int is None or as_int != count:
                raise KernelInputError(
                    f"{name}[{kind}] ({tile_name(kind)}): expected an int count, got {count!r}"
                )
            count = as_int
        if not 0 <= count <= 4:
            raise KernelInputError(
                f"{name}[{kind}] ({tile_name(kind)}) = {count}: a count must be 0-4 (R1.1)"
            )
    return bytes(int(c) for c in items)


def check_void(void: object, name: str = "void") -> int:
    """Return ``void`` as an int in -1..2 (m/p/s, or -1 for none), else raise."""
    if isinstance(void, bool) or not isinstance(void, int) or not -1 <= void <= 2:
        raise KernelInputError(
            f"{name}: expected 0, 1 or 2 (m/p/s) or -1 (no void suit), got {void!r}"
        )
    return void


def check_kind(kind: object, name: str = "kind") -> int:
    """Return ``kind`` as an int in 0..26, else raise."""
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < KINDS:
        raise KernelInputError(f"{name}: expected a tile kind 0-26, got {kind!r}")
    return kind


def size_error(size: int, allowed: tuple[int, ...], what: str, name: str = "counts") -> str:
    """The message for a concealed size ``what`` can never accept."""
    sizes = ", ".join(str(s) for s in allowed)
    return f"{name}: {size} concealed tiles: {what} needs {sizes} tiles"


def check_held(counts: bytes, held: bytes, name: str = "held") -> None:
    """``held`` counts the concealed tiles too, so it can never be below ``counts``."""
    for kind in range(KINDS):
        if held[kind] < counts[kind]:
            raise KernelInputError(
                f"{name}[{kind}] ({tile_name(kind)}) = {held[kind]} is below the "
                f"{counts[kind]} concealed: held must count the concealed tiles and the melds"
            )


def as_rows(obj: object, name: str) -> memoryview:
    """View ``obj`` (a C-contiguous buffer of uint8, N×27) as one flat byte view."""
    try:
        view = memoryview(obj)  # type: ignore[arg-type]
    except TypeError:
        raise KernelInputError(
            f"{name}: expected a C-contiguous uint8 buffer of N×27 counts "
            f"(bytes, bytearray, array('B'), NumPy uint8), got {type(obj).__name__}"
        ) from None
    if view.itemsize != 1 or view.format not in ("B", "b", "c"):
        raise KernelInputError(
            f"{name}: expected a buffer of uint8 counts, got item format {view.format!r}"
        )
    if not view.c_contiguous:
        raise KernelInputError(f"{name}: the buffer is not C-contiguous")
    flat = view.cast("B") if view.ndim != 1 or view.format != "B" else view
    if len(flat) % KINDS:
        raise KernelInputError(f"{name}: {len(flat)} bytes is not a whole number of 27-count rows")
    return flat


def as_voids(obj: object, rows: int, name: str = "voids") -> list[int]:
    """``voids`` for a batch: None (all -1) or ``rows`` ints in -1..2."""
    if obj is None:
        return [-1] * rows
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        raise KernelInputError(
            f"{name}: expected {rows} void suits (-1..2), got {type(obj).__name__}"
        ) from None
    if len(items) != rows:
        raise KernelInputError(f"{name}: expected {rows} void suits, got {len(items)}")
    out = []
    for row, void in enumerate(items):
        if not isinstance(void, (bool, int)) and hasattr(void, "__index__"):
            void = operator.index(void)  # NumPy integers
        out.append(check_void(void, f"{name}[{row}]"))
    return out


def as_batch(
    counts2d: object, voids: object, held2d: object
) -> tuple[memoryview, int, list[int], memoryview | None]:
    """A batch's checked arguments: the rows of ``counts2d``, their number, each row's void,
    and the rows of ``held2d`` (``None``: held = counts), as many as ``counts2d`` has."""
    flat = as_rows(counts2d, "counts2d")
    rows = len(flat) // KINDS
    void_list = as_voids(voids, rows)
    held_flat = None
    if held2d is not None:
        held_flat = as_rows(held2d, "held2d")
        if len(held_flat) != len(flat):
            raise KernelInputError(f"held2d: {len(held_flat) // KINDS} rows, counts2d has {rows}")
    return flat, rows, void_list, held_flat


MELD_COUNT_MASK = 0x7
"""meld_info bits 0–2: number of melds (碰 and 杠)."""
GANG_SHIFT = 3
"""meld_info bits 3–5: number of gangs among them."""
MELD_SUITS_SHIFT = 6
"""meld_info bits 6–8: suit mask of the melds (bit s = suit s)."""
MELDS_ALL_YAOJIU = 1 << 9
"""meld_info bit 9: every meld is of rank 1 or 9 (ignored when there are no melds)."""
MELDS_ALL_258 = 1 << 10
"""meld_info bit 10: every meld is of rank 2, 5 or 8 (ignored when there are no melds)."""
FLAG_ADDITIVE = 1
"""flags bit 0: the additive model (R8.4); else the table model (R8.3)."""
FLAG_YAOJIU_JIANGDUI = 2
"""flags bit 1: option ``yaojiu_jiangdui`` (the ⓨ rows of R8.3, 带幺九 in R8.4)."""


def check_value_args(
    counts: bytes, held: bytes, meld_info: object, flags: object, melds: int, where: str = ""
) -> int:
    """Check the value kernel's ``meld_info``, ``flags`` and ``held`` against ``counts`` of a
    hand that has ``melds`` melds; return ``meld_info`` as an int."""
    for name, value, limit in (("meld_info", meld_info, 1 << 11), ("flags", flags, 4)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
            raise KernelInputError(f"{where}{name}: expected an int 0-{limit - 1}, got {value!r}")
    assert isinstance(meld_info, int)
    count = meld_info & MELD_COUNT_MASK
    gangs = (meld_info >> GANG_SHIFT) & 7
    suits = (meld_info >> MELD_SUITS_SHIFT) & 7
    if count != melds:
        raise KernelInputError(
            f"{where}meld_info: {count} melds, but {sum(counts)} concealed tiles mean {melds}"
        )
    if gangs > count:
        raise KernelInputError(f"{where}meld_info: {gangs} gangs among {count} melds")
    if (suits == 0) != (count == 0) or bin(suits).count("1") > count:
        raise KernelInputError(
            f"{where}meld_info: meld suit mask {suits:03b} does not fit {count} melds"
        )
    check_held(counts, held, f"{where}held")
    extra = sum(held) - sum(counts)
    if extra != 3 * count + gangs:
        raise KernelInputError(
            f"{where}held: {extra} tiles beyond the concealed ones, but {count} melds with "
            f"{gangs} gangs hold {3 * count + gangs}"
        )
    return meld_info


def meld_summary(counts: object, melds: Iterable[Meld]) -> tuple[bytes, int]:
    """``(held, meld_info)`` for the value kernel from concealed ``counts`` and ``melds``.

    ``held`` = ``counts`` plus every meld's tiles (a gang counts four, R8.2); ``meld_info``
    packs the meld count, gang count, suit mask and the rank bits (see ``check_value_args``).

    >>> from xzcore.tiles import parse_counts, parse_melds
    >>> held, info = meld_summary(parse_counts("55p"), parse_melds("gang 1m, peng 9s"))
    >>> info == 2 | 1 << 3 | 0b101 << 6 | MELDS_ALL_YAOJIU
    True
    """
    held, info = pack_melds(as_counts(counts), list(melds))
    if max(held) > 4:
        kind = max(range(KINDS), key=lambda k: held[k])
        raise KernelInputError(
            f"melds: {held[kind]} tiles of {tile_name(kind)} with the concealed ones (R1.1)"
        )
    return held, info


def pack_melds(counts: bytes | Sequence[int], melds: Sequence[Meld]) -> tuple[bytes, int]:
    """:func:`meld_summary` of counts its caller has checked (27 counts, at most four of a
    kind with the melds): the same ``(held, meld_info)``, without the checks."""
    held = bytearray(counts)
    info = len(melds) | MELDS_ALL_YAOJIU | MELDS_ALL_258  # the rank bits, cleared as need be
    for m in melds:
        t = m.tile
        if m.kind is _PENG:
            held[t] += 3
        else:
            held[t] += 4
            info += 1 << GANG_SHIFT
        info |= 1 << (MELD_SUITS_SHIFT + t // 9)
        if t % 9 not in (0, 8):
            info &= ~MELDS_ALL_YAOJIU
        if t % 9 not in (1, 4, 7):
            info &= ~MELDS_ALL_258
    return bytes(held), info


_PENG = MeldKind.PENG


TILES = 108
"""Number of physical tiles, four of each kind (R1.1)."""


def checked_wall(wall: object) -> list[int]:
    """``wall`` as a list of kinds after checking it holds each of the 27 kinds exactly four
    times (R1.1, R2.2); raise ``xzcore.round.wall.WallError`` at the first position that breaks it.

    The kernels' ``check_wall`` (the compiled one off its fast path) and
    ``xzcore.round.wall.check_wall`` give this answer and these errors.
    """
    try:
        kinds = list(wall)  # type: ignore[call-overload]
    except TypeError:
        what = type(wall).__name__
        raise WallError(f"a wall must be a sequence of tile kinds, not {what}") from None
    if len(kinds) != TILES:
        raise WallError(f"a wall holds {TILES} tiles (R2.2), this one {len(kinds)}")
    counts = [0] * KINDS
    for pos, k in enumerate(kinds):
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < KINDS:
            raise WallError(f"wall position {pos}: {k!r} is not a tile kind 0..26 (R1.2)")
        counts[k] += 1
        if counts[k] > 4:
            raise WallError(f"wall position {pos}: a fifth copy of kind {k} (R1.1)")
    return kinds
