"""Compiled kernel vs pure-Python twin: the same answer for every function on random hands.

The twin splits suits by recursive search, the compiled kernel reads tables: agreement over
random hands of every size and void suit checks both (scripts/differential.py runs the same
comparison over millions of hands).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import random
from pathlib import Path
from types import ModuleType

import pytest
from compiled_helpers import compiled_or_skip
from hypothesis import given
from hypothesis import strategies as st

from xzcore.kernel import _core_twin as twin
from xzcore.kernel._handgen import hand_mix, held_for, melds_for
from xzcore.kernel._input import meld_summary


def _compiled() -> ModuleType:
    return compiled_or_skip("xzcore.kernel._core")


SIZES = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]


@st.composite
def hands(draw: st.DrawFn) -> tuple[bytes, int, bytes]:
    """(counts, void, held): a realistic mix, or tiles drawn straight from 1-3 suits."""
    size = draw(st.sampled_from(SIZES))
    if draw(st.booleans()):
        rng = random.Random(draw(st.integers(0, 2**32)))
        mixed, void = hand_mix(size, rng)
        return mixed, void, held_for(mixed, rng)
    suits = draw(st.sets(st.integers(0, 2), min_size=1, max_size=3))
    kinds = [k for k in range(27) if k // 9 in suits]
    counts = [0] * 27
    while sum(counts) < size:
        kind = draw(st.sampled_from(kinds))
        if counts[kind] < 4:
            counts[kind] += 1
    void = draw(st.integers(-1, 2))
    held = [min(4, n + draw(st.sampled_from([0, 0, 0, 3, 4]))) for n in counts]
    return bytes(counts), void, bytes(held)


@given(hands())
def test_is_win_waits_shanten_agree(hand: tuple[bytes, int, bytes]) -> None:
    compiled = _compiled()
    counts, void, held = hand
    if sum(counts) % 3 == 2:
        assert compiled.is_win(counts, void) == twin.is_win(counts, void)
        assert compiled.is_win(list(counts), void) == twin.is_win(counts, void)
        assert compiled.shanten_discards(counts, void) == twin.shanten_discards(counts, void)
    else:
        assert compiled.waits(counts, void) == twin.waits(counts, void)
        assert compiled.waits(counts, void, held) == twin.waits(counts, void, held)
    assert compiled.shanten(counts, void) == twin.shanten(counts, void)


@given(st.lists(hands(), min_size=1, max_size=20))
def test_batches_agree(rows: list[tuple[bytes, int, bytes]]) -> None:
    compiled = _compiled()
    wins = [r for r in rows if sum(r[0]) % 3 == 2]
    ready = [r for r in rows if sum(r[0]) % 3 == 1]
    flat = b"".join(r[0] for r in wins)
    voids = [r[1] for r in wins]
    assert compiled.is_win_batch(flat, voids) == twin.is_win_batch(flat, voids)
    flat = b"".join(r[0] for r in ready)
    voids = [r[1] for r in ready]
    held = b"".join(r[2] for r in ready)
    assert compiled.waits_batch(flat, voids, held) == twin.waits_batch(flat, voids, held)


@given(st.randoms(use_true_random=False), st.integers(-1, 2))
def test_hand_sequences_agree(rng: random.Random, void: int) -> None:
    compiled = _compiled()
    a, b = compiled.Hand(void=void), twin.Hand(void=void)
    for _ in range(60):
        size = a.size
        if size < 14 and (size == 0 or rng.random() < 0.6):
            kind = rng.randrange(27)
            if a.count(kind) == 4:
                continue
            a.add(kind)
            b.add(kind)
        else:
            kind = rng.choice([k for k in range(27) if a.count(k)])
            a.remove(kind)
            b.remove(kind)
        assert a.counts() == b.counts()
        if a.size % 3:  # a ready or a win size
            assert a.shanten() == b.shanten()
        if a.size % 3 == 2:
            assert a.is_win() == b.is_win()
            assert a.shanten_discards() == b.shanten_discards()
        elif a.size % 3 == 1:
            exclude = rng.getrandbits(27) & rng.getrandbits(27)
            assert a.waits(exclude) == b.waits(exclude)
            kind = rng.randrange(27)
            assert a.is_win_with(kind) == b.is_win_with(kind)
            assert a.claimable(kind) == b.claimable(kind)


@pytest.mark.parametrize(
    ("call", "args"),
    [
        ("is_win", (b"\x07" + bytes(26),)),
        ("is_win", ([0] * 5,)),
        ("is_win", (bytes(27),)),
        ("waits", (bytes(27), 9)),
        ("waits", (b"\x01" + bytes(26), -1, b"\x00" * 27)),
        ("shanten", (bytes(27),)),
        ("shanten_discards", (b"\x01" * 13 + bytes(14),)),
        ("shanten_discards", (b"\x02" + bytes(26), 5)),
        ("shanten_discards", (b"\x06" + bytes(26),)),
        ("is_win_batch", (b"\x02" + bytes(26), [5])),
        ("waits_batch", (b"\x01" + bytes(26) + b"\x00", None)),
    ],
)
def test_same_errors(call: str, args: tuple[object, ...]) -> None:
    compiled = _compiled()
    with pytest.raises(twin.KernelInputError) as from_twin:
        getattr(twin, call)(*args)
    with pytest.raises(twin.KernelInputError) as from_compiled:
        getattr(compiled, call)(*args)
    assert str(from_compiled.value) == str(from_twin.value)


@given(st.integers(0, 2**32), st.sampled_from(SIZES), st.integers(0, 3))
def test_value_kernel_agrees(seed: int, size: int, flags: int) -> None:
    compiled = _compiled()
    rng = random.Random(seed)
    counts, void = hand_mix(size, rng)
    held, info = meld_summary(counts, melds_for(counts, rng))
    if size % 3 == 2:
        assert compiled.win_fan(counts, void, held, info, flags) == twin.win_fan(
            counts, void, held, info, flags
        )
    else:
        for mode in (0, 1):
            assert compiled.ready_fan(counts, void, held, info, flags, mode) == twin.ready_fan(
                counts, void, held, info, flags, mode
            )


def _parameters(fn: object) -> list[tuple[str, object]]:
    return [(p.name, p.default) for p in inspect.signature(fn).parameters.values()]  # type: ignore[arg-type]


def test_same_names_signatures_and_docstrings() -> None:
    # cytoolz habit: the compiled twin offers the same names, parameters and defaults.
    compiled = _compiled()
    assert set(twin.__all__) <= set(dir(compiled))
    for name in twin.__all__:
        ours, theirs = getattr(compiled, name), getattr(twin, name)
        assert ours.__doc__ and theirs.__doc__, name
        if inspect.isclass(theirs):
            continue
        assert _parameters(ours) == _parameters(theirs), name
    for method in (
        "add",
        "remove",
        "count",
        "counts",
        "is_win",
        "is_win_with",
        "claimable",
        "waits",
        "shanten",
        "shanten_discards",
        "copy",
    ):
        ours, theirs = getattr(compiled.Hand, method), getattr(twin.Hand, method)
        assert ours.__doc__ and theirs.__doc__, method
        assert _parameters(ours) == _parameters(theirs), method
    assert compiled.KernelInputError is twin.KernelInputError
    assert issubclass(twin.KernelInputError, ValueError)


def test_differential_script_small_sample() -> None:
    # CI's small sample of scripts/differential.py (run by hand over 1,000,000 hands).
    _compiled()
    path = Path(__file__).resolve().parents[2] / "scripts" / "differential.py"
    spec = importlib.util.spec_from_file_location("xz_differential_script", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    stats = script.run(3000, seed=7, every=10)
    assert stats["hands"] == 3000
    assert stats["wins"] > 300 and stats["ready"] > 600
    assert stats["shanten"] == stats["value"] == 300
