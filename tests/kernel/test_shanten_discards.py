"""``shanten_discards`` and ``Hand.shanten``/``Hand.shanten_discards`` on both backends: the
shanten (向听) after each possible discard.

Expected values are worked out by hand from the definition in ``_reference.shanten``
(``min |W - H| - 1`` over complete hands W, R7.1; void-suit tiles must go, R4.4).
"""

from __future__ import annotations

import random
import re
from array import array
from types import ModuleType

import pytest

from xzcore.kernel._handgen import hand_mix
from xzcore.tiles import parse_counts, parse_tile

NOT_HELD = 127


def c(text: str) -> bytes:
    return parse_counts(text)


def expect(text: str, values: dict[str, int]) -> list[int]:
    """27 entries: ``values`` for the named tiles, 127 for kinds not held."""
    held = c(text)
    out = [NOT_HELD] * 27
    for name, v in values.items():
        out[parse_tile(name)] = v
    assert all((out[k] != NOT_HELD) == bool(held[k]) for k in range(27)), "fix the test"
    return out


def every_held(text: str, value: int) -> list[int]:
    held = c(text)
    return [value if held[k] else NOT_HELD for k in range(27)]


@pytest.mark.parametrize(
    ("hand", "void", "expected"),
    [
        # A complete hand (R7.1): discarding any tile leaves a hand that draws it back, ready
        # (0) whatever is discarded.
        ("123456789m12355p", -1, every_held("123456789m12355p", 0)),
        ("123456789m12355p", 2, every_held("123456789m12355p", 0)),
        ("1133557799m1133p", 2, every_held("1133557799m1133p", 0)),  # seven pairs
        ("11123456789999s", -1, every_held("11123456789999s", 0)),
        # 123456789m 1234p + a 5s of the void suit (R4.4): dropping the 5s leaves 123 456 789m
        # 123p 4p, ready on 4p (0). Any other discard keeps the 5s, so a complete hand shares
        # at most the 12 other tiles: two to buy (e.g. 1m out: 234 567 + 7m, 89m, 123p + 4p)
        # -> 1.
        (
            "123456789m1234p5s",
            2,
            expect(
                "123456789m1234p5s",
                {**{f"{r}m": 1 for r in range(1, 10)}, **{f"{r}p": 1 for r in (1, 2, 3, 4)}}
                | {"5s": 0},
            ),
        ),
        # Undeclared: the best void is 索 again, the same numbers.
        (
            "123456789m1234p5s",
            -1,
            expect(
                "123456789m1234p5s",
                {**{f"{r}m": 1 for r in range(1, 10)}, **{f"{r}p": 1 for r in (1, 2, 3, 4)}}
                | {"5s": 0},
            ),
        ),
        # 万 void: only the 筒/索 tiles can stay. Dropping a 万 keeps 1234p + 5s (5 tiles), all
        # of which fit one complete hand (123p 44p 555s + two sets): 9 to buy -> 8. Dropping a
        # 筒 or the 5s keeps 4 usable tiles: 10 to buy -> 9.
        (
            "123456789m1234p5s",
            0,
            expect(
                "123456789m1234p5s",
                {**{f"{r}m": 8 for r in range(1, 10)}, **{f"{r}p": 9 for r in (1, 2, 3, 4)}}
                | {"5s": 9},
            ),
        ),
        # Two tiles (four melds): 19m -> a single 1m or 9m waits on its pair: 0 either way.
        ("19m", -1, expect("19m", {"1m": 0, "9m": 0})),
        # 1m 9p with 筒 void: keeping 1m is ready (0); keeping the 9p buys a pair -> 1.
        ("1m9p", 1, expect("1m9p", {"1m": 1, "9p": 0})),
        # 11 tiles, 123 456 789m 1p 9p: dropping 1p or 9p leaves three sets and a single,
        # ready (0). Dropping a 万 breaks a set and keeps both lone 筒, which no one added tile
        # can both place: two to buy (e.g. 1m out: + 1m back and 1p for the pair) -> 1.
        (
            "123456789m19p",
            2,
            expect("123456789m19p", {**{f"{r}m": 1 for r in range(1, 10)}, "1p": 0, "9p": 0}),
        ),
    ],
)
def test_hand_worked_values(kernel: ModuleType, hand: str, void: int, expected: list[int]) -> None:
    got = kernel.shanten_discards(c(hand), void)
    assert isinstance(got, array) and got.typecode == "b"
    assert list(got) == expected


def test_matches_shanten_of_each_discard(kernel: ModuleType) -> None:
    # The definition: entry k is shanten(hand minus one k), on a realistic mix of every size.
    rng = random.Random(5)
    for size in (2, 5, 8, 11, 14):
        for _ in range(40):
            counts, void = hand_mix(size, rng)
            got = kernel.shanten_discards(counts, void)
            for k in range(27):
                if counts[k]:
                    after = bytearray(counts)
                    after[k] -= 1
                    assert got[k] == kernel.shanten(bytes(after), void), (counts, void, k)
                else:
                    assert got[k] == NOT_HELD


def test_accepts_sequences_like_shanten(kernel: ModuleType) -> None:
    hand = c("123456789m12355p")
    assert kernel.shanten_discards(list(hand), 2) == kernel.shanten_discards(hand, 2)
    assert kernel.shanten_discards(bytearray(hand)) == kernel.shanten_discards(hand)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((c("123456789m1235p"),), "counts: 13 concealed tiles: shanten_discards needs 2, 5, 8"),
        ((bytes(27),), "counts: 0 concealed tiles: shanten_discards needs"),
        ((b"\x05" + bytes(26),), "counts[0] (1m) = 5: a count must be 0-4"),
        ((bytes(26),), "counts: expected 27 tile counts, got 26"),
        ((c("123456789m12355p"), 3), "void"),
        ((c("123456789m12355p"), "s"), "void"),
    ],
)
def test_bad_input(kernel: ModuleType, args: tuple[object, ...], message: str) -> None:
    with pytest.raises(kernel.KernelInputError, match=re.escape(message)):
        kernel.shanten_discards(*args)


@pytest.mark.parametrize(
    ("hand", "void", "expected"),
    [
        # the worked values above, through an incremental hand
        ("123456789m1234p5s", 2, 0),  # discard the void 5s: ready on 4p
        ("123456789m1234p5s", 0, 8),  # 万 void: a 万 out keeps 5 usable tiles -> 8
        ("19m", -1, 0),
    ],
)
def test_hand_methods_match_the_functions(
    kernel: ModuleType, hand: str, void: int, expected: int
) -> None:
    h = kernel.Hand.parse(hand, void)
    after = h.shanten_discards()
    assert after == kernel.shanten_discards(c(hand), void)
    assert min(after) == expected
    assert h.shanten() == kernel.shanten(c(hand), void)
    k = after.index(expected)
    h.remove(k)  # the hand after its best discard
    assert h.shanten() == expected


def test_hand_shanten_follows_the_void(kernel: ModuleType) -> None:
    # 123456789m 1234p + 5s, undeclared: the best void is 索; swapping the 5s for a 4p
    # completes it, so it is one swap from complete: 0 (ready after the right discard).
    h = kernel.Hand.parse("123456789m1234p5s")
    assert h.shanten() == 0
    # 万 void: only 1234p and 5s can stay; a complete hand holds all five (123p 44p 555s +
    # two sets), so 9 tiles to buy -> 8, and a 万 discard keeps it at 8.
    h.void = 0
    assert h.shanten() == 8
    assert h.shanten_discards()[0] == 8


@pytest.mark.parametrize(
    ("tiles", "call", "message"),
    [
        ("123456789m1235p", "shanten_discards", "hand: 13 concealed tiles: shanten_discards"),
        ("", "shanten_discards", "hand: 0 concealed tiles: shanten_discards"),
        ("", "shanten", "hand: 0 concealed tiles: shanten needs"),
        ("123m", "shanten", "hand: 3 concealed tiles: shanten needs"),
    ],
)
def test_hand_bad_sizes(kernel: ModuleType, tiles: str, call: str, message: str) -> None:
    h = kernel.Hand.parse(tiles) if tiles else kernel.Hand()
    with pytest.raises(kernel.KernelInputError, match=re.escape(message)):
        getattr(h, call)()
