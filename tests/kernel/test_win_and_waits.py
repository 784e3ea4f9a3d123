"""Kernel win detection and waits (R7.1–R7.3, R4.4) on both backends, by hand-worked cases."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from xzcore.tiles import parse_counts, parse_tile


def c(text: str) -> bytes:
    return parse_counts(text)


def mask(text: str) -> int:
    """Bitmask of the kinds written in ``text`` (e.g. "123s")."""
    out = 0
    for kind, count in enumerate(parse_counts(text)):
        if count:
            out |= 1 << kind
    return out


# R14 winning hands (xuezhan; voids chosen as the suit the hand lacks).
R14_WINS = [
    ("123345789m23466p", 2),  # 平胡
    ("111333444m22266p", 2),  # 对对胡
    ("11123434566688m", 1),  # 清一色
    ("1133446677m5588p", 2),  # 七对
    ("1133446666m5588p", 2),  # 龙七对: four 6m are two pairs (R7.1)
    ("22255588m222888p", 2),  # 将对
    ("12312399m123789s", 1),  # 带幺九
]


@pytest.mark.parametrize(("hand", "void"), R14_WINS)
def test_r14_examples_win(kernel: ModuleType, hand: str, void: int) -> None:
    assert kernel.is_win(c(hand), void) is True
    assert kernel.is_win(c(hand)) is True  # two suits: fine without a declaration


@pytest.mark.parametrize(("hand", "void"), R14_WINS)
def test_r14_examples_lose_with_a_tile_of_the_void_suit(
    kernel: ModuleType, hand: str, void: int
) -> None:
    # R4.4: the same tiles, declared void in a suit they hold, never win.
    held_suits = {k // 9 for k, n in enumerate(c(hand)) if n}
    for suit in held_suits:
        assert kernel.is_win(c(hand), suit) is False


def test_r14_nine_waits(kernel: ModuleType) -> None:
    # R14 / R7.3: 1112345678999s is ready on all nine 条.
    assert kernel.waits(c("1112345678999s")) == mask("123456789s")
    assert kernel.waits(c("1112345678999s"), 0) == mask("123456789s")


def test_void_suit_tile_in_hand_means_not_ready(kernel: ModuleType) -> None:
    # R7.3: a seat holding a tile of its void suit is not ready, whatever its shape.
    assert kernel.waits(c("1112345678999s"), 2) == 0
    assert kernel.waits(c("11123456789s55m"), 0) == 0
    # the same tiles with 筒 void: 111 234 567 + 7s/1s/4s completes the 条 with 55m as the
    # pair, or 555m with 11 123 456 789s.
    assert kernel.waits(c("11123456789s55m"), 1) == mask("147s5m")
    assert kernel.waits(c("11123456789s55m")) == mask("147s5m")


def test_three_suits_without_a_declaration_never_win(kernel: ModuleType) -> None:
    # R4.4 with declare_void off: at most two suits.
    assert kernel.is_win(c("123m456p789s12344s")) is False
    assert kernel.is_win(c("123m456p789s12344s"), 0) is False
    assert kernel.is_win(c("123m456m789s12344s")) is True
    # ready shape in three suits: no wait can drop a suit
    assert kernel.waits(c("123m456p789s1234s")) == 0


def test_seven_pairs_only_at_fourteen(kernel: ModuleType) -> None:
    # R7.1: 11335577m is four pairs, not a win at 8 tiles (no sets).
    assert kernel.is_win(c("11335577m")) is False
    # the 13-tile seven-pairs wait is on the single tile
    assert kernel.waits(c("1133557799m113p")) == mask("3p")


def test_four_identical_are_two_pairs(kernel: ModuleType) -> None:
    # R7.1: 龙七对 shapes with one and two quads.
    assert kernel.is_win(c("1111m2255p778899s")) is False  # three suits
    assert kernel.is_win(c("1111m2255778899p")) is True
    assert kernel.is_win(c("11112222m335577p")) is True
    # 1111 2222m 3355 7p: no split into sets and a pair; 7p makes every count even
    assert kernel.waits(c("11112222m33557p")) == mask("7p")
    # the single is a kind held three times: the fourth copy completes seven pairs
    assert kernel.waits(c("111m2233445566p")) & mask("1m")


def test_triplets_or_sequences(kernel: ModuleType) -> None:
    # 111222333m reads as three triplets or three sequences: either way a win with a pair.
    assert kernel.is_win(c("111222333m55p")) is True
    assert kernel.is_win(c("11122233355m")) is True
    # with a single 5p the only wait is the pair
    assert kernel.waits(c("111222333m5p")) == mask("5p")
    # 1112223334m re-splits for five waits: 1m (11 123 123 234), 2m (33 111 222 234),
    # 3m (22 111 234 333), 4m (111 222 333 44), 5m (33 111 222 345).
    assert kernel.waits(c("1112223334m")) == mask("12345m")


def test_wait_on_a_kind_held_four_times_in_hand(kernel: ModuleType) -> None:
    # R7.3: 1111m + 1m would be 111 + 11, but there is no fifth 1m.
    assert kernel.waits(c("1111m")) == 0
    # 1111m567p: the 万 need a pair from 1111 + x, and only a fifth 1m would do (111 + 11).
    assert kernel.waits(c("1111m567p")) == 0
    # with 1111m as two pairs of seven pairs the single still completes it
    assert kernel.waits(c("1111m22335566p7p")) == mask("7p")


def test_wait_on_a_kind_held_four_times_via_melds(kernel: ModuleType) -> None:
    # 1112m waits on 2m (111 + 22) and 3m (11 + 123).
    assert kernel.waits(c("1112m")) == mask("23m")
    # a gang of 3m elsewhere: the seat holds all four 3m, so only 2m is left (R7.3)
    held = bytearray(c("1112m"))
    held[parse_tile("3m")] = 4
    assert kernel.waits(c("1112m"), -1, bytes(held)) == mask("2m")
    # a peng of 5s plus the single 5s in hand: 5s is no longer a wait of the nine-wait hand
    held = bytearray(c("1112345678999s"))
    held[parse_tile("5s")] = 4
    assert kernel.waits(c("1112345678999s"), 0, bytes(held)) == mask("12346789s")


@pytest.mark.parametrize("size", [2, 5, 8, 11, 14])
def test_small_sizes(kernel: ModuleType, size: int) -> None:
    # a complete hand of each size: (size - 2) / 3 sets and a pair
    hand = {2: "55p", 5: "12355p", 8: "12345655p", 11: "12345678955p", 14: "123456789m12355p"}[size]
    assert kernel.is_win(c(hand)) is True
    assert kernel.is_win(c(hand), 2) is True


def test_single_tile_waits(kernel: ModuleType) -> None:
    assert kernel.waits(c("5p")) == mask("5p")
    assert kernel.waits(c("5p"), 1) == 0


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "match"),
    [
        (b"\x00" * 26, "expected 27 tile counts, got 26"),
        ([0] * 28, "expected 27 tile counts, got 28"),
        ([5] + [0] * 26, r"counts\[0\] \(1m\) = 5: a count must be 0-4"),
        ([0] * 26 + [-1], r"counts\[26\] \(9s\) = -1"),
        ([0.5] + [0] * 26, r"counts\[0\] \(1m\): expected an int count"),
        ("123m", "expected 27 tile counts"),
        (None, "expected 27 tile counts"),
        (b"\x05" + bytes(26), r"counts\[0\] \(1m\) = 5"),
        # the compiled kernel reads exact bytes eight at a time: every position and size
        (bytes(10) + b"\x85" + bytes(16), r"counts\[10\] \(2p\) = 133"),
        (bytes(7) + b"\x80" + bytes(19), r"counts\[7\] \(8m\) = 128"),
        (bytes(23) + b"\x07" + bytes(3), r"counts\[23\] \(6s\) = 7"),
        (bytes(26) + b"\xff", r"counts\[26\] \(9s\) = 255"),
    ],
)
def test_bad_counts(kernel: ModuleType, counts: object, match: str) -> None:
    with pytest.raises(kernel.KernelInputError, match=match):
        kernel.is_win(counts)
    with pytest.raises(ValueError, match=match):
        kernel.waits(counts)


@pytest.mark.parametrize("size", [0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15])
def test_is_win_size_that_can_never_win(kernel: ModuleType, size: int) -> None:
    counts = bytes([min(4, max(0, size - 4 * k)) for k in range(27)])
    assert sum(counts) == size
    with pytest.raises(kernel.KernelInputError, match=f"{size} concealed tiles: is_win needs"):
        kernel.is_win(counts)


@pytest.mark.parametrize("size", [0, 2, 3, 5, 14])
def test_waits_size_that_can_never_be_ready(kernel: ModuleType, size: int) -> None:
    counts = bytes([min(4, max(0, size - 4 * k)) for k in range(27)])
    with pytest.raises(kernel.KernelInputError, match=f"{size} concealed tiles: waits needs"):
        kernel.waits(counts)


@pytest.mark.parametrize("void", [3, -2, "m", 1.0, True, None, 10**30])
def test_bad_void(kernel: ModuleType, void: object) -> None:
    with pytest.raises(kernel.KernelInputError, match="void: expected 0, 1 or 2"):
        kernel.is_win(c("123456789m12355p"), void)


def test_bad_held(kernel: ModuleType) -> None:
    counts = c("1112345678999s")
    held = bytearray(counts)
    held[parse_tile("1s")] = 2
    with pytest.raises(kernel.KernelInputError, match=r"held\[18\] \(1s\) = 2 is below the 3"):
        kernel.waits(counts, -1, bytes(held))
    held[parse_tile("1s")] = 5
    with pytest.raises(kernel.KernelInputError, match=r"held\[18\] \(1s\) = 5"):
        kernel.waits(counts, -1, bytes(held))
    with pytest.raises(kernel.KernelInputError, match="held: expected 27 tile counts, got 3"):
        kernel.waits(counts, -1, b"abc")


def test_keyword_arguments(kernel: ModuleType) -> None:
    assert kernel.is_win(counts=c("123456789m12355p"), void=2) is True
    assert kernel.waits(c("1112m"), void=2, held=c("1112m")) == mask("23m")
    assert kernel.shanten(c("1112m"), void=2) == 0


# --- backend selection --------------------------------------------------------------------


def _backend_in_subprocess(**env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("XZ_")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", "import xzcore; print(xzcore.BACKEND)"],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )


def test_required_compiled_backend_is_cython() -> None:
    # The installed package with XZ_REQUIRE_COMPILED=1 runs on the compiled kernel (or fails
    # to import): it never passes silently on the twin.
    if not os.environ.get("XZ_REQUIRE_COMPILED"):
        try:
            import xzcore.kernel._core  # noqa: F401
        except ImportError:
            pytest.skip("compiled kernel xzcore.kernel._core is not built")
    result = _backend_in_subprocess(XZ_REQUIRE_COMPILED="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "cython"


def test_current_backend_when_compiled_is_required() -> None:
    import xzcore

    if not os.environ.get("XZ_REQUIRE_COMPILED"):
        pytest.skip("XZ_REQUIRE_COMPILED is not set")
    assert xzcore.BACKEND == "cython"


def test_purepython_switch() -> None:
    result = _backend_in_subprocess(XZ_PUREPYTHON="1")
    assert result.stdout.strip() == "python"
    both = _backend_in_subprocess(XZ_PUREPYTHON="1", XZ_REQUIRE_COMPILED="1")
    assert both.returncode != 0
    assert "XZ_PUREPYTHON and XZ_REQUIRE_COMPILED are both set" in both.stderr
