"""The incremental ``Hand`` and the batch functions, on both backends."""

from __future__ import annotations

import pickle
import random
from array import array
from types import ModuleType

import pytest

from xzcore.kernel._handgen import held_for, ready_rows, win_rows
from xzcore.tiles import parse_counts, parse_tile


def c(text: str) -> bytes:
    return parse_counts(text)


def test_hand_builds_up_to_the_nine_waits(kernel: ModuleType) -> None:
    hand = kernel.Hand(void=0)
    for kind, count in enumerate(c("1112345678999s")):
        for _ in range(count):
            hand.add(kind)
    assert hand.size == 13
    assert hand.counts() == c("1112345678999s")
    assert hand.waits() == 0x1FF << 18
    # exclude: a peng of 5s elsewhere makes the seat hold all four 5s (R7.3)
    assert hand.waits(exclude=1 << parse_tile("5s")) == (0x1FF << 18) & ~(1 << 22)
    assert hand.is_win_with(parse_tile("5s")) is True
    assert hand.size == 13  # is_win_with does not mutate
    hand.add(parse_tile("5s"))
    assert hand.is_win() is True
    hand.void = 2  # R4.4: the same tiles with 条 void
    assert hand.is_win() is False


def test_hand_remove_and_count(kernel: ModuleType) -> None:
    hand = kernel.Hand(c("123456789m12355p"), 2)
    assert hand.is_win() is True
    assert hand.count(parse_tile("5p")) == 2
    hand.remove(parse_tile("5p"))
    assert hand.count(parse_tile("5p")) == 1
    assert hand.waits() == 1 << parse_tile("5p")
    with pytest.raises(kernel.KernelInputError, match=r"remove\(0\): the hand holds no 1m"):
        kernel.Hand().remove(0)


def test_hand_limits(kernel: ModuleType) -> None:
    hand = kernel.Hand(c("1111m"))
    with pytest.raises(kernel.KernelInputError, match=r"add\(0\): the hand already holds four 1m"):
        hand.add(0)
    full = kernel.Hand(c("123456789m12355p"))
    with pytest.raises(kernel.KernelInputError, match="already holds 14 tiles"):
        full.add(26)
    with pytest.raises(kernel.KernelInputError, match="a hand holds at most 14"):
        kernel.Hand(c("1111222233334444m"))
    with pytest.raises(kernel.KernelInputError, match="expected a tile kind 0-26, got 27"):
        hand.add(27)
    with pytest.raises(kernel.KernelInputError, match="expected a tile kind 0-26"):
        hand.count("1m")
    with pytest.raises(kernel.KernelInputError, match="void: expected 0, 1 or 2"):
        hand.void = 5
    with pytest.raises(kernel.KernelInputError, match="hand: 13 concealed tiles: is_win needs"):
        kernel.Hand(c("1112345678999s")).is_win()
    with pytest.raises(kernel.KernelInputError, match="hand: 14 concealed tiles: waits needs"):
        full.waits()
    with pytest.raises(kernel.KernelInputError, match="is_win_with needs"):
        full.is_win_with(0)
    with pytest.raises(kernel.KernelInputError, match="exclude: expected a 27-bit mask"):
        kernel.Hand(c("1112345678999s")).waits(exclude=1 << 27)


def test_is_win_with_a_fifth_copy_is_false(kernel: ModuleType) -> None:
    hand = kernel.Hand(c("1111m"))
    assert hand.is_win_with(0) is False
    assert hand.waits() == 0


@pytest.mark.parametrize(
    ("hand", "void", "tile", "expected"),
    [
        # 1112345678999m, ready on every 万 (R7.3): any 万 completes it; 1m is held three times
        # (peng/gang, R5.2); a 筒 does nothing.
        ("1112345678999m", -1, "1m", True),
        ("1112345678999m", -1, "5m", True),
        ("1112345678999m", -1, "1p", False),
        # 11m 2345678p 1199s with 万 void: two 1m still allow a peng (the void rule R4.3
        # is the round's concern); a 2p completes nothing while the 万 are held (R4.4).
        ("11m2345678p1199s", 0, "1m", True),
        ("11m2345678p1199s", 0, "2p", False),
        # a seat holding 2 of kind at an odd (not ready) size: still claimable, no size check
        ("11m", -1, "1m", True),
    ],
)
def test_claimable(kernel: ModuleType, hand: str, void: int, tile: str, expected: bool) -> None:
    h = kernel.Hand.parse(hand, void)
    k = parse_tile(tile)
    assert h.claimable(k) is expected
    if h.size % 3 == 1:
        assert expected == (h.count(k) >= 2 or h.is_win_with(k))


def test_claimable_errors(kernel: ModuleType) -> None:
    with pytest.raises(kernel.KernelInputError, match="hand: 2 concealed tiles: is_win_with"):
        kernel.Hand.parse("12m").claimable(0)
    with pytest.raises(kernel.KernelInputError, match="kind"):
        kernel.Hand.parse("1m").claimable(27)


def test_copy_and_equality(kernel: ModuleType) -> None:
    hand = kernel.Hand(c("1112345678999s"), 0)
    twin = hand.copy()
    assert twin == hand
    twin.remove(parse_tile("1s"))
    assert twin != hand
    assert hand.size == 13 and twin.size == 12
    assert repr(hand) == "Hand.parse('1112345678999s', void=0)"
    assert kernel.Hand.parse("1112345678999s", void=0) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_hand_agrees_with_the_functions_over_random_play(kernel: ModuleType) -> None:
    # Add/remove at random; after every step the hand's answers equal the stateless ones.
    rng = random.Random(7)
    hand = kernel.Hand(void=1)
    counts = [0] * 27
    for _ in range(3000):
        if (sum(counts) < 14 and rng.random() < 0.55) or sum(counts) == 0:
            # mostly 万 and 条, and one 筒 kind: a void-suit tile now and then
            kind = rng.choice([k for k in range(27) if counts[k] < 4 and (k // 9 != 1 or k == 9)])
            hand.add(kind)
            counts[kind] += 1
        else:
            kind = rng.choice([k for k in range(27) if counts[k]])
            hand.remove(kind)
            counts[kind] -= 1
        assert hand.counts() == bytes(counts)
        assert hand.size == sum(counts)
        size = sum(counts)
        if size % 3 == 2:
            assert hand.is_win() == kernel.is_win(bytes(counts), 1)
        elif size % 3 == 1:
            assert hand.waits() == kernel.waits(bytes(counts), 1)
            for kind in range(27):
                expected = counts[kind] < 4 and bool(hand.waits() >> kind & 1)
                assert hand.is_win_with(kind) == expected


# --- batches --------------------------------------------------------------------------------


def test_is_win_batch_equals_single_calls(kernel: ModuleType) -> None:
    rows = win_rows(600, seed=11)
    flat = b"".join(counts for counts, _ in rows)
    voids = [void for _, void in rows]
    expected = bytes(kernel.is_win(counts, void) for counts, void in rows)
    assert 100 < sum(expected) < 500  # the mix holds wins and non-wins
    assert kernel.is_win_batch(flat, voids) == expected
    assert kernel.is_win_batch(bytearray(flat), array("b", voids)) == expected
    assert kernel.is_win_batch(flat) == bytes(kernel.is_win(counts) for counts, _ in rows)


def test_batches_take_numpy_rows(kernel: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    rows = ready_rows(200, seed=12)
    grid = np.frombuffer(b"".join(r for r, _ in rows), dtype=np.uint8).reshape(200, 27)
    voids = np.array([v for _, v in rows], dtype=np.int8)
    expected = array("I", [kernel.waits(r, v) for r, v in rows])
    assert kernel.waits_batch(grid, voids) == expected
    assert kernel.waits_batch(grid, voids.tolist()) == expected


def test_waits_batch_equals_single_calls_with_held(kernel: ModuleType) -> None:
    rng = random.Random(13)
    rows = ready_rows(600, seed=13)
    helds = [held_for(counts, rng) for counts, _ in rows]
    flat = b"".join(counts for counts, _ in rows)
    voids = [void for _, void in rows]
    expected = array("I", [kernel.waits(r, v, h) for (r, v), h in zip(rows, helds, strict=True)])
    assert sum(1 for m in expected if m) > 150
    assert kernel.waits_batch(flat, voids, b"".join(helds)) == expected


def test_empty_batches(kernel: ModuleType) -> None:
    assert kernel.is_win_batch(b"") == b""
    assert kernel.waits_batch(b"") == array("I")


def test_batch_errors_name_the_row(kernel: ModuleType) -> None:
    good = c("123456789m12355p")
    bad_size = c("1112345678999s")
    with pytest.raises(kernel.KernelInputError, match="counts2d row 1: 13 concealed tiles"):
        kernel.is_win_batch(good + bad_size)
    with pytest.raises(kernel.KernelInputError, match=r"counts2d row 1\[0\] \(1m\) = 9"):
        kernel.is_win_batch(good + b"\x09" + good[1:])
    with pytest.raises(kernel.KernelInputError, match="not a whole number of 27-count rows"):
        kernel.is_win_batch(good + b"\x00")
    with pytest.raises(kernel.KernelInputError, match="expected 2 void suits, got 1"):
        kernel.is_win_batch(good + good, [0])
    with pytest.raises(kernel.KernelInputError, match=r"voids\[1\]: expected 0, 1 or 2"):
        kernel.is_win_batch(good + good, [0, 7])
    with pytest.raises(kernel.KernelInputError, match=r"voids\[1\]: expected 0, 1 or 2"):
        kernel.is_win_batch(good + good, array("b", [0, 7]))
    with pytest.raises(kernel.KernelInputError, match="C-contiguous uint8 buffer"):
        kernel.is_win_batch([list(good)])
    held = bytearray(bad_size)
    held[parse_tile("1s")] = 1
    with pytest.raises(kernel.KernelInputError, match=r"held2d row 0\[18\] \(1s\) = 1 is below"):
        kernel.waits_batch(bad_size, None, bytes(held))
    with pytest.raises(kernel.KernelInputError, match="held2d: 2 rows, counts2d has 1"):
        kernel.waits_batch(bad_size, None, bad_size + bad_size)
