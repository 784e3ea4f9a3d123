"""``shanten_batch``: the shanten (docs/internals.md, "Shanten"; complete = R7.1, ready =
R7.3, void = R4.4) of every row of a buffer, on both backends, as ``shanten`` row by row."""

from __future__ import annotations

import importlib
import os
import random
from array import array
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.kernel._handgen import READY_WEIGHTS, distinct_rows, hand_mix
from xzcore.tiles import parse_counts

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def c(text: str) -> bytes:
    return parse_counts(text)


# (hand, void, shanten), worked out by hand in tests/kernel/test_shanten.py
WORKED = [
    ("123456789m12355p", 2, -1),  # complete (R7.1)
    ("1133557799m1122p", 2, -1),  # seven pairs complete (R7.1)
    ("1112345678999s", 0, 0),  # ready on nine (R7.3)
    ("1133557799m112p", 2, 0),  # seven pairs ready
    ("123456789m159p4s", 2, 2),
    ("123456789m159p4s", 1, 3),  # 筒 void (R4.4): the 筒 tiles are discards
    ("1112223334445m", 0, 13),  # every tile in the void suit
    ("11335577m1123p5s", -1, 1),
    ("5p", 1, 1),
    ("5p", -1, 0),
    ("55p", -1, -1),
    ("1111m", -1, 1),  # no fifth 1m
]


def test_worked_rows_in_one_batch(kernel: ModuleType) -> None:
    flat = b"".join(c(hand) for hand, _, _ in WORKED)
    voids = [void for _, void, _ in WORKED]
    out = kernel.shanten_batch(flat, voids)
    assert out == array("b", [expected for _, _, expected in WORKED])
    assert out.typecode == "b"


def test_without_voids_every_row_takes_the_best_void_suit(kernel: ModuleType) -> None:
    # R4.4: with no declared void, the best of the three possible void suits
    rows = [c("123456789m159p4s"), c("5p"), c("1112223334445m")]
    assert kernel.shanten_batch(b"".join(rows)) == array("b", [2, 0, 0])
    assert kernel.shanten_batch(b"".join(rows), None) == array("b", [2, 0, 0])


def test_buffers_of_every_kind(kernel: ModuleType) -> None:
    rows = [hand_mix(random.Random(seed).choice(SIZES), random.Random(seed)) for seed in range(50)]
    flat = b"".join(counts for counts, _ in rows)
    voids = [void for _, void in rows]
    expected = array("b", [kernel.shanten(counts, void) for counts, void in rows])
    assert kernel.shanten_batch(flat, voids) == expected
    assert kernel.shanten_batch(bytearray(flat), array("b", voids)) == expected
    assert kernel.shanten_batch(memoryview(flat), tuple(voids)) == expected
    assert kernel.shanten_batch(array("B", flat), voids) == expected


def test_batches_take_numpy_rows(kernel: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    rows = [c(hand) for hand, _, _ in WORKED]
    grid = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), 27)
    voids = np.array([void for _, void, _ in WORKED], dtype=np.int8)
    assert list(kernel.shanten_batch(grid, voids)) == [e for _, _, e in WORKED]


def test_empty_batch(kernel: ModuleType) -> None:
    assert kernel.shanten_batch(b"") == array("b")
    assert kernel.shanten_batch(b"", []) == array("b")


def test_errors_name_the_row(kernel: ModuleType) -> None:
    good = c("123456789m12355p")
    with pytest.raises(
        kernel.KernelInputError, match="counts2d row 1: 12 concealed tiles: shanten needs"
    ):
        kernel.shanten_batch(good + c("123456789m123p"))
    with pytest.raises(kernel.KernelInputError, match="counts2d row 2: 0 concealed tiles"):
        kernel.shanten_batch(good + good + bytes(27))
    with pytest.raises(kernel.KernelInputError, match=r"counts2d row 1\[0\] \(1m\) = 9"):
        kernel.shanten_batch(good + b"\x09" + good[1:])
    with pytest.raises(kernel.KernelInputError, match="not a whole number of 27-count rows"):
        kernel.shanten_batch(good + b"\x00")
    with pytest.raises(kernel.KernelInputError, match="expected 2 void suits, got 1"):
        kernel.shanten_batch(good + good, [0])
    with pytest.raises(kernel.KernelInputError, match=r"voids\[1\]: expected 0, 1 or 2"):
        kernel.shanten_batch(good + good, array("b", [0, 7]))
    with pytest.raises(kernel.KernelInputError, match="C-contiguous uint8 buffer"):
        kernel.shanten_batch([list(good)])


def test_same_errors_on_both_backends(kernel: ModuleType, twin: ModuleType) -> None:
    good = c("123456789m12355p")
    for args in [
        (good + c("123456789m123p"),),
        (good + b"\x05" + good[1:],),
        (good * 2, [1, 3]),
        (good * 2, [1]),
        (good[:20],),
    ]:
        with pytest.raises(twin.KernelInputError) as theirs:
            twin.shanten_batch(*args)
        with pytest.raises(kernel.KernelInputError) as ours:
            kernel.shanten_batch(*args)
        assert str(ours.value) == str(theirs.value)


@st.composite
def batches(draw: st.DrawFn) -> tuple[list[bytes], list[int]]:
    """1-40 rows of every shanten size: realistic hands, or tiles drawn from 1-3 suits."""
    rows: list[bytes] = []
    voids: list[int] = []
    for _ in range(draw(st.integers(1, 40))):
        size = draw(st.sampled_from(SIZES))
        if draw(st.booleans()):
            counts, void = hand_mix(size, random.Random(draw(st.integers(0, 2**32))))
        else:
            suits = draw(st.sets(st.integers(0, 2), min_size=1, max_size=3))
            kinds = [k for k in range(27) if k // 9 in suits]
            grid = [0] * 27
            while sum(grid) < size:
                kind = draw(st.sampled_from(kinds))
                if grid[kind] < 4:
                    grid[kind] += 1
            counts, void = bytes(grid), draw(st.integers(-1, 2))
        rows.append(counts)
        voids.append(void)
    return rows, voids


def _module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
        pytest.skip(f"{name} is not built")


@pytest.mark.parametrize("name", ["xzcore.kernel._core", "xzcore.kernel._core_twin"])
@given(batch=batches())
def test_equals_shanten_row_by_row(name: str, batch: tuple[list[bytes], list[int]]) -> None:
    kernel = _module(name)
    rows, voids = batch
    out = kernel.shanten_batch(b"".join(rows), array("b", voids))
    assert list(out) == [kernel.shanten(r, v) for r, v in zip(rows, voids, strict=True)]


@given(batches())
def test_compiled_equals_twin(batch: tuple[list[bytes], list[int]]) -> None:
    compiled = _module("xzcore.kernel._core")
    twin = _module("xzcore.kernel._core_twin")
    rows, voids = batch
    flat = b"".join(rows)
    assert compiled.shanten_batch(flat, voids) == twin.shanten_batch(flat, voids)
    assert compiled.shanten_batch(flat) == twin.shanten_batch(flat)


def test_distinct_rows_for_the_cold_benchmark() -> None:
    # the cold-cache workload of benchmarks/bench_kernel_cold.py: n different hands of the
    # given sizes, the same for the same seed
    rows = distinct_rows(3000, READY_WEIGHTS, seed=9)
    assert len({counts for counts, _ in rows}) == 3000
    assert {sum(counts) for counts, _ in rows} == set(READY_WEIGHTS)
    assert all(-1 <= void <= 2 for _, void in rows)
    assert rows == distinct_rows(3000, READY_WEIGHTS, seed=9)
    assert rows != distinct_rows(3000, READY_WEIGHTS, seed=10)
    sizes = [sum(counts) for counts, _ in distinct_rows(600, (14, 2), seed=1)]
    assert set(sizes) == {14, 2}
