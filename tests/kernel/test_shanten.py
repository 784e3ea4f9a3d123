"""Shanten (向听) on both backends: hand-worked values and its defining properties."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from xzcore.kernel._handgen import hand_mix
from xzcore.tiles import parse_counts


def c(text: str) -> bytes:
    return parse_counts(text)


@pytest.mark.parametrize(
    ("hand", "void", "expected"),
    [
        ("123456789m12355p", 2, -1),  # complete (R7.1)
        ("1133557799m1122p", 2, -1),  # seven pairs complete
        ("1112345678999s", 0, 0),  # ready on nine
        ("1133557799m112p", 2, 0),  # seven pairs ready
        # 123456789m + 1p 5p 9p (+ 4s): three sets; the last set and the pair need all three
        # 筒 and two more tiles, which no set + pair holds -> 3 tiles to buy -> 2
        ("123456789m159p4s", 2, 2),
        ("123456789m159p4s", -1, 2),
        # 筒 void instead: 123456789m + 4s; 44s + 456s buys 4s 5s 6s and one more -> 3
        ("123456789m159p4s", 1, 3),
        # every tile in the void suit: all 14 tiles of a complete hand are bought -> 13
        ("1112223334445m", 0, 13),
        # 11 33 55 77m 11p + 2p 3p (+5s): seven pairs needs 2 tiles (2p, 3p) -> 1
        ("11335577m1123p5s", 2, 1),
        ("11335577m1123p5s", -1, 1),
        ("5p", 1, 1),  # a void single: buy a pair's two tiles -> 1
        ("5p", -1, 0),
        ("55p", -1, -1),
        ("59p", -1, 0),
        ("1111m", -1, 1),  # no fifth 1m: 111m + 22m (or 11m + 123m) buys two tiles -> 1
    ],
)
def test_hand_worked_values(kernel: ModuleType, hand: str, void: int, expected: int) -> None:
    assert kernel.shanten(c(hand), void) == expected


def test_shanten_errors(kernel: ModuleType) -> None:
    with pytest.raises(kernel.KernelInputError, match="12 concealed tiles: shanten needs"):
        kernel.shanten(c("123456789m123p"))
    with pytest.raises(kernel.KernelInputError, match="0 concealed tiles"):
        kernel.shanten(bytes(27))
    with pytest.raises(kernel.KernelInputError, match="void: expected"):
        kernel.shanten(c("5p"), 4)


def _mix(n: int, seed: int) -> list[tuple[bytes, int]]:
    rng = random.Random(seed)
    sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]
    return [hand_mix(rng.choice(sizes), rng) for _ in range(n)]


def test_complete_and_ready_match_is_win_and_waits(kernel: ModuleType) -> None:
    # -1 exactly for wins (R7.1, R4.4), 0 exactly for ready hands (R7.3, held = counts).
    for counts, void in _mix(400, seed=21):
        value = kernel.shanten(counts, void)
        if sum(counts) % 3 == 2:
            assert (value == -1) == kernel.is_win(counts, void)
            assert value >= -1
        else:
            assert (value == 0) == (kernel.waits(counts, void) != 0)
            assert value >= 0


def test_one_draw_moves_one_step(kernel: ModuleType) -> None:
    # For a 13 - 3k hand H: shanten(H) = 1 + min over a drawn kind k of shanten(H + k).
    # For a 14 - 3k hand that is not complete: shanten(H) = min over a discard of shanten(H - t).
    for counts, void in _mix(120, seed=22):
        value = kernel.shanten(counts, void)
        grown = []
        if sum(counts) % 3 == 1:
            for kind in range(27):
                if counts[kind] < 4:
                    bigger = bytearray(counts)
                    bigger[kind] += 1
                    grown.append(kernel.shanten(bytes(bigger), void))
            assert value == 1 + min(grown)
        elif value >= 0:
            for kind in range(27):
                if counts[kind]:
                    smaller = bytearray(counts)
                    smaller[kind] -= 1
                    grown.append(kernel.shanten(bytes(smaller), void))
            assert value == min(grown)


def _complete_hands(sets: int) -> list[list[int]]:
    """Every complete hand of ``sets`` sets and one pair (R7.1), as counts, no count above 4."""
    blocks = [[k] * 3 for k in range(27)]
    blocks += [[k, k + 1, k + 2] for k in range(27) if k % 9 <= 6]
    hands: list[list[int]] = []

    def grow(start: int, left: int, counts: list[int]) -> None:
        if left == 0:
            for pair in range(27):
                if counts[pair] <= 2:
                    done = list(counts)
                    done[pair] += 2
                    hands.append(done)
            return
        for i in range(start, len(blocks)):
            nxt = list(counts)
            for k in blocks[i]:
                nxt[k] += 1
            if max(nxt) <= 4:
                grow(i, left - 1, nxt)

    grow(0, sets, [0] * 27)
    return hands


COMPLETE = {sets: _complete_hands(sets) for sets in (0, 1, 2)}


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8])
def test_small_hands_against_brute_force(kernel: ModuleType, size: int) -> None:
    # The definition itself: min |W - H| - 1 over complete W (R7.1) within two suits and off
    # the void suit (R4.4). Independent of both backends' rank walk.
    rng = random.Random(size)
    sets = (size - 1) // 3
    for _ in range(25 if size < 7 else 6):
        counts, void = hand_mix(size, rng)
        best = 99
        for whole in COMPLETE[sets]:
            suits = {k // 9 for k in range(27) if whole[k]}
            if (void >= 0 and void in suits) or len(suits) > 2:
                continue
            best = min(best, sum(max(0, w - h) for w, h in zip(whole, counts, strict=True)))
        assert kernel.shanten(counts, void) == best - 1, (counts, void)
