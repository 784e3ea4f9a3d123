"""The kernel's round-tile helpers: ``check_wall`` (R1.1, R2.2), ``tile_counts`` (R1.1) and
``dealt_hands`` (R2.3).

Both backends are compared with plain oracles written out here: ``check_wall`` must give the
same list or raise the same ``WallError`` with the same message; ``tile_counts`` must give the
plain tally, or decline (``None``) on anything that is not a list/tuple of the kernel's
``Hand`` and lists of ints 0–26; ``dealt_hands`` must deal the plain deal's hands and texts,
or decline.
"""

from __future__ import annotations

import enum
import importlib
import os
from collections.abc import Callable
from operator import itemgetter
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore import kernel as core
from xzcore.round import wall
from xzcore.round.base import _BYTE_OF, _DEALT_AT, format_kinds
from xzcore.round.wall import WallError, deal

_FOURS = [k // 4 for k in range(108)]


def _plain_check_wall(w: Any) -> list[int]:
    """R1.1 and R2.2 written plainly: the 108 tiles, four of each kind, the first bad position
    named."""
    try:
        kinds = list(w)
    except TypeError:
        raise WallError(
            f"a wall must be a sequence of tile kinds, not {type(w).__name__}"
        ) from None
    if len(kinds) != 108:
        raise WallError(f"a wall holds 108 tiles (R2.2), this one {len(kinds)}")
    counts = [0] * 27
    for pos, k in enumerate(kinds):
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < 27:
            raise WallError(f"wall position {pos}: {k!r} is not a tile kind 0..26 (R1.2)")
        counts[k] += 1
        if counts[k] > 4:
            raise WallError(f"wall position {pos}: a fifth copy of kind {k} (R1.1)")
    return kinds


def _outcome(f: Callable[[Any], list[int]], w: Any) -> tuple[str, Any]:
    try:
        out = f(w)
    except WallError as exc:
        return ("error", str(exc))
    assert type(out) is list
    return ("ok", [(type(k), k) for k in out])


class _Kind(enum.IntEnum):
    ONE_M = 0
    NINE_S = 26


_ODD_ITEMS = [
    -1,
    27,
    255,
    256,
    2**64,
    -(2**70),
    True,
    False,
    0.0,
    3.0,
    "a",
    None,
    _Kind.ONE_M,
    _Kind.NINE_S,
    b"\x00",
]


@st.composite
def walls(draw: st.DrawFn) -> Any:
    """Shuffled walls, some changed: a position replaced by another kind or an odd item,
    tiles dropped or added; as a list, bytes, bytearray, tuple or iterator."""
    w: list[Any] = draw(st.permutations(_FOURS))
    change = draw(st.sampled_from(["none", "kind", "odd", "drop", "add"]))
    if change == "kind":
        w[draw(st.integers(0, 107))] = draw(st.integers(0, 26))
    elif change == "odd":
        w[draw(st.integers(0, 107))] = draw(st.sampled_from(_ODD_ITEMS))
    elif change == "drop":
        del w[draw(st.integers(0, 107))]
    elif change == "add":
        w.insert(draw(st.integers(0, 108)), draw(st.integers(0, 26)))
    shape = draw(st.sampled_from(["list", "bytes", "bytearray", "tuple", "iter"]))
    if shape == "list":
        return w
    if shape == "tuple":
        return tuple(w)
    if shape == "iter":
        return iter(w)
    try:
        return (bytes if shape == "bytes" else bytearray)(w)
    except (TypeError, ValueError):
        return w


@given(walls())
def test_r2_2_check_wall_answers_as_the_plain_check(w: Any) -> None:
    """Compiled, twin and ``xzcore.round.wall.check_wall``: the plain check's answer or its
    error."""
    items = list(w) if not isinstance(w, (list, tuple, bytes, bytearray)) else w
    want = _outcome(_plain_check_wall, items)
    for mod in _backends():
        copy = type(items)(items) if not isinstance(w, type(iter([]))) else iter(items)
        assert _outcome(mod.check_wall, copy) == want, mod.__name__
    assert _outcome(wall.check_wall, items) == want


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (5, "a wall must be a sequence of tile kinds, not int"),
        (None, "a wall must be a sequence of tile kinds, not NoneType"),
        (bytes(107), "a wall holds 108 tiles \\(R2.2\\), this one 107"),
        (bytes(108), "wall position 4: a fifth copy of kind 0 \\(R1.1\\)"),
        (bytes(_FOURS[:-1]) + b"\x1b", "wall position 107: 27 is not a tile kind"),
        ([*_FOURS[:-1], "a"], "wall position 107: 'a' is not a tile kind"),
        (["a", *_FOURS[1:]], "wall position 0: 'a' is not a tile kind"),
        ([None] * 108, "wall position 0: None is not a tile kind"),
        ([*_FOURS[:-1], True], "wall position 107: True is not a tile kind"),
        ([*_FOURS[:-1], 2**64], "wall position 107: 18446744073709551616 is not a tile kind"),
    ],
)
def test_check_wall_errors(kernel: ModuleType, bad: Any, message: str) -> None:
    """The messages name the first bad position. A list holding items that cannot be sorted
    is a WallError too (never a TypeError)."""
    with pytest.raises(WallError, match=message):
        kernel.check_wall(bad)


def test_check_wall_returns_a_new_list(kernel: ModuleType) -> None:
    w = deal(7).wall
    out = kernel.check_wall(w)
    assert out == w and out is not w
    assert kernel.check_wall(bytes(w)) == w
    assert kernel.check_wall([_Kind(k) if k in (0, 26) else k for k in w]) == w


def test_xzcore_wall_uses_the_selected_kernel() -> None:
    assert wall.check_wall is not None
    assert core.check_wall is core.IMPL.check_wall


# --- tile_counts ----------------------------------------------------------------------------


def _tally(hands: list[Any], lists: list[list[int]]) -> list[int]:
    c = [0] * 27
    for h in hands:
        for k, n in enumerate(h.counts()):
            c[k] += n
    for tiles in lists:
        for k in tiles:
            c[k] += 1
    return c


hand_counts = st.lists(st.integers(0, 4), min_size=27, max_size=27).filter(lambda c: sum(c) <= 14)


@given(
    st.lists(hand_counts, max_size=5),
    st.lists(st.lists(st.integers(0, 26), max_size=60), max_size=7),
    st.booleans(),
)
def test_tile_counts_is_the_tally(
    counts: list[list[int]], lists: list[list[int]], tup: bool
) -> None:
    for mod in _backends():
        hands = [mod.Hand(bytes(c)) for c in counts]
        got = mod.tile_counts(tuple(hands) if tup else hands, tuple(lists) if tup else lists)
        assert got == _tally(hands, lists), mod.__name__


@given(
    st.lists(st.lists(st.integers(0, 26), max_size=20), min_size=1, max_size=4),
    st.sampled_from(_ODD_ITEMS),
    st.data(),
)
def test_tile_counts_declines_odd_entries(lists: list[list[Any]], odd: Any, data: Any) -> None:
    """An entry that is not an exact int 0–26, anywhere: ``None`` from both backends."""
    where = data.draw(st.integers(0, len(lists) - 1))
    lists[where].insert(data.draw(st.integers(0, len(lists[where]))), odd)
    for mod in _backends():
        assert mod.tile_counts([mod.Hand()], lists) is None, mod.__name__


def test_tile_counts_declines_other_shapes(kernel: ModuleType, twin: ModuleType) -> None:
    h = kernel.Hand(bytes([1] * 14 + [0] * 13))
    other = (twin if kernel is not twin else _compiled_or_skip()).Hand()
    declined = [
        ([h], [(0, 1)]),  # a tuple of kinds, not a list
        ([h], [range(3)]),
        ([h], iter([[0]])),
        (iter([h]), [[0]]),
        ([h, other], [[0]]),  # the other backend's Hand
        ([h, h.counts()], [[0]]),
        (None, [[0]]),
        ([h], None),
    ]
    for hands, lists in declined:
        assert kernel.tile_counts(hands, lists) is None, (hands, lists)
    assert kernel.tile_counts([], []) == [0] * 27
    assert kernel.tile_counts((h,), ([0, 0], [])) == [3] + [1] * 13 + [0] * 13


def _backends() -> list[ModuleType]:
    """The twin and, when built, the compiled kernel (a failure without it under
    XZ_REQUIRE_COMPILED=1)."""
    mods = [importlib.import_module("xzcore.kernel._core_twin")]
    try:
        mods.append(importlib.import_module("xzcore.kernel._core"))
    except ImportError:  # pragma: no cover - compiled kernel not built
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
    return mods


def _compiled_or_skip() -> ModuleType:
    mods = _backends()
    if len(mods) < 2:  # pragma: no cover
        pytest.skip("compiled kernel not built")
    return mods[1]


# --- dealt_hands ------------------------------------------------------------------------------


def _plain_deal(w: list[int], dealer: int) -> tuple[list[bytes], list[str]]:
    """R2.3 written plainly: each seat's tiles by position in the wall."""
    by_seat = [itemgetter(*_dealt_positions(dealer, s))(w) for s in range(4)]
    return (
        [sum(map(_BYTE_OF, t)).to_bytes(27, "little") for t in by_seat],
        [format_kinds(t) for t in by_seat],
    )


def _dealt_positions(dealer: int, seat: int) -> list[int]:
    i = (seat - dealer) % 4
    return [16 * r + 4 * i + j for r in range(3) for j in range(4)] + [48 + i] + [52] * (i == 0)


@given(st.permutations(_FOURS), st.integers(0, 3))
def test_r2_3_dealt_hands_is_the_plain_deal(w: list[int], dealer: int) -> None:
    counts, texts = _plain_deal(w, dealer)
    for mod in _backends():
        got = mod.dealt_hands(w, dealer)
        assert got is not None
        hands, got_texts = got
        assert type(hands) is list and type(got_texts) is list
        assert [type(h) for h in hands] == [mod.Hand] * 4
        assert [h.counts() for h in hands] == counts, mod.__name__
        assert got_texts == texts, mod.__name__
        assert [h.size for h in hands] == [14 if s == dealer else 13 for s in range(4)]
        assert [h.void for h in hands] == [-1] * 4
        assert hands == [mod.Hand(c) for c in counts]  # the same state as a fresh Hand


def test_dealt_hands_matches_the_round_table() -> None:
    for dealer in range(4):
        for seat in range(4):
            positions = _DEALT_AT[dealer][seat](list(range(108)))
            assert list(positions) == _dealt_positions(dealer, seat)


@given(st.permutations(_FOURS), st.sampled_from(_ODD_ITEMS), st.integers(0, 107))
def test_dealt_hands_declines_odd_entries(w: list[Any], odd: Any, pos: int) -> None:
    """An entry that is not an exact int 0–26 among the dealt 53: None; past them the
    entries are not read (nor are they by the plain deal)."""
    w[pos] = odd
    for mod in _backends():
        got = mod.dealt_hands(w, 0)
        if pos < 53:
            assert got is None, mod.__name__
        else:
            assert got is not None and got[1] == _plain_deal(w, 0)[1], mod.__name__


def test_dealt_hands_declines_other_shapes(kernel: ModuleType) -> None:
    w = deal(3).wall
    five = w[:]
    for pos in (0, 1, 2, 3, 16):  # five 1m among the dealer's tiles
        five[pos] = 0
    for wall_arg, dealer in [
        (tuple(w), 0),
        (bytes(w), 0),
        (w[:107], 0),
        ([*w, 0], 0),
        (w, 4),
        (w, -1),
        (w, True),
        (w, 0.0),
        (w, None),
        (five, 0),
        ([0] * 108, 1),
    ]:
        assert kernel.dealt_hands(wall_arg, dealer) is None, (wall_arg, dealer)
