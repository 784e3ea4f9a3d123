"""``xzcore.env._planes`` (compiled) against its twin ``xzcore.env._planes_twin``: on random
event lists and buffers, the same index returned, the same cells written, the same errors;
over random rounds, the same observations from both forms of ``Planes``; and the twin
against what the observation planes' draws and discards mean (the river, the hand size, the
own hand row)."""

from __future__ import annotations

import importlib
import os
import random
from array import array
from typing import Any

import pytest
from compiled_helpers import compiled_or_skip
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.env import _planes_twin
from xzcore.env._layout import BUFFER_SHAPE, N_PLANES, ROWS
from xzcore.leshan.round import new_round
from xzcore.round.wall import Rng, deal
from xzcore.rules import PRESETS, RuleSet
from xzcore.tiles import NAMES

TABLE = 4 * 8 * 27
OWN = 4 * 5 * 27

actors = st.one_of(st.integers(-2, 5), st.just(True), st.just("0"), st.just(2**70), st.none())
pais = st.one_of(st.sampled_from(NAMES), st.sampled_from(["0m", "5z", "", "1m "]), st.just(3))
kinds = st.sampled_from(["dahai", "tsumo", "none", "pon", "hora", "gang_payment", "", 7])


@st.composite
def an_event(draw: st.DrawFn) -> Any:
    roll = draw(st.integers(0, 30))
    if roll == 0:
        return draw(st.sampled_from([None, [], "dahai", ("dahai", 0)]))
    if roll > 8:  # mostly the engine's own draws, discards and passes, so runs grow long
        kind = draw(st.sampled_from(["dahai", "tsumo", "none"]))
        return {"type": kind, "actor": draw(st.integers(0, 3)), "pai": draw(st.sampled_from(NAMES))}
    e: dict[str, Any] = {}
    if draw(st.integers(0, 5)) == 0:
        e["before"] = 1  # another key first
    fields = draw(st.permutations([("type", kinds), ("actor", actors), ("pai", pais)]))
    for key, values in fields:  # the engine's order, or another
        if draw(st.integers(0, 12)):  # now and then a key is missing
            if draw(st.integers(0, 5)) == 0:
                key = "".join(list(key))  # an equal key, not the interned one
            e[key] = draw(values)
    return e


cells = st.integers(-3, 9).map(float)


def _run(module: Any, events: list[Any], start: int, table: list[float], own: list[float]) -> Any:
    t, o = array("f", table), array("f", own)
    try:
        at: Any = module.plain_events(events, start, memoryview(t), memoryview(o))
    except ValueError as e:
        at = ("ValueError", str(e))
    return at, t.tolist(), o.tolist()


@given(
    st.lists(an_event(), max_size=40),
    st.integers(-2, 45),
    st.lists(cells, min_size=TABLE, max_size=TABLE),
    st.lists(cells, min_size=OWN, max_size=OWN),
)
def test_plain_events_compiled_is_its_twin(
    events: list[Any], start: int, table: list[float], own: list[float]
) -> None:
    compiled = compiled_or_skip("xzcore.env._planes")
    assert _run(compiled, events, start, table, own) == _run(
        _planes_twin, events, start, table, own
    )


@given(st.lists(st.tuples(st.sampled_from(["dahai", "tsumo", "none"]), st.integers(0, 3),
                          st.integers(0, 26)), max_size=30))  # fmt: skip
def test_plain_events_moves_the_river_the_hand_size_and_the_own_hand(
    steps: list[tuple[str, int, int]],
) -> None:
    events = [{"type": w, "actor": s, "pai": NAMES[k]} for w, s, k in steps]
    events.append({"type": "pon", "actor": 0, "target": 1, "pai": "1m"})
    table, own = [0.0] * TABLE, [0.0] * OWN
    want_table, want_own = [0.0] * TABLE, [0.0] * OWN
    for w, s, k in steps:
        if w != "none":
            sign = 1 if w == "tsumo" else -1
            want_table[8 * 27 * s + 7 * 27 + 2] += sign  # the seat's hand size
            want_own[5 * 27 * s + k] += sign  # its own hand row
            if w == "dahai":
                want_table[8 * 27 * s + k] += 1  # its river
    assert _run(_planes_twin, events, 0, table, own) == (len(steps), want_table, want_own)


@pytest.mark.parametrize("size", [(TABLE - 1, OWN), (TABLE, OWN - 1)])
def test_plain_events_refuses_buffers_smaller_than_the_planes(size: tuple[int, int]) -> None:
    assert _run(_planes_twin, [], 0, [0.0] * size[0], [0.0] * size[1])[0][0] == "ValueError"


def _planes_pair(rnd: Any, planes: Any) -> tuple[Any, Any]:
    np = pytest.importorskip("numpy")
    return planes.Planes(rnd), _planes_twin.Planes(rnd, np.zeros(BUFFER_SHAPE, dtype=np.float32))


@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 2**32 - 1),
    st.integers(0, 2**32 - 1),
)
@settings(max_examples=40, deadline=None)
def test_planes_compiled_observe_as_its_twin_over_a_random_round(
    preset: str, seed: int, choices: int
) -> None:
    """Both forms of ``Planes`` follow one round played at random (any preset), asked
    for the observations of random seats with random 换三张 picks at random points, and
    at each ask give the same array; a ``Planes`` made in the middle of the round agrees."""
    compiled = compiled_or_skip("xzcore.env._planes")
    rules = RuleSet.preset(preset)
    d = deal(0, Rng(seed))
    ex = d.exchange_direction if rules.exchange_three else None
    rnd = new_round(rules, d.wall, d.dealer, exchange_direction=ex)
    rng = random.Random(choices)
    fast, twin = _planes_pair(rnd, compiled)
    for step in range(400):
        seats = rnd.to_act()
        if not seats:
            break
        for _ in range(rng.randrange(3)):  # asked now and then, any seat
            s = rng.randrange(4)
            picks = sorted(rng.sample(range(27), rng.randrange(3)))
            assert (fast.observe(s, picks) == twin.observe(s, picks)).all()
        if step % 97 == 13:  # one made under way agrees with the ones that followed it
            s = rng.randrange(4)
            late, late_twin = _planes_pair(rnd, compiled)
            assert (late.observe(s, []) == fast.observe(s, [])).all()
            assert (late_twin.observe(s, []) == twin.observe(s, [])).all()
        s = seats[0]
        rnd.apply(rng.choice(rnd.legal_actions(s)))
    for s in range(4):
        assert (fast.observe(s, []) == twin.observe(s, [])).all()


def test_planes_compiled_writes_into_a_given_buffer_and_out() -> None:
    """A given buffer is the one written (the vector env's stacked rows), and ``out``
    receives the observation, as the twin's."""
    np = pytest.importorskip("numpy")
    compiled = compiled_or_skip("xzcore.env._planes")
    d = deal(0, Rng(5))
    rnd = new_round(RuleSet.preset("xuezhan"), d.wall, d.dealer, exchange_direction=None)
    bufs = [np.full(BUFFER_SHAPE, 7.0, dtype=np.float32) for _ in range(2)]
    outs = [np.zeros((N_PLANES, 27), dtype=np.float32) for _ in range(2)]
    for module, buf, out in zip((compiled, _planes_twin), bufs, outs, strict=True):
        p = module.Planes(rnd, buf)
        assert p.observe(1, [], out) is out
    np.testing.assert_array_equal(bufs[0], bufs[1])
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(outs[0], bufs[0][ROWS[1]])


def _played(preset: str, seed: int, rng: random.Random, steps: int) -> Any:
    """A round of ``preset`` dealt from ``seed`` and played ``steps`` random actions on."""
    rules = RuleSet.preset(preset)
    d = deal(0, Rng(seed))
    ex = d.exchange_direction if rules.exchange_three else None
    rnd = new_round(rules, d.wall, d.dealer, exchange_direction=ex)
    for _ in range(steps):
        seats = rnd.to_act()
        if not seats:
            break
        rnd.apply(rng.choice(rnd.legal_actions(seats[0])))
    return rnd


@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 2**32 - 1),
    st.integers(0, 2**32 - 1),
    st.integers(0, 120),
)
@settings(max_examples=30, deadline=None)
def test_planes_reset_to_another_round_observe_as_new_planes(
    preset: str, seed: int, choices: int, steps: int
) -> None:
    """``Planes.reset(rnd)`` after following another round (its buffer full of that round)
    observes ``rnd`` as a new ``Planes(rnd, buffer)`` does, in both forms, and keeps its
    buffer (the vector env's rows)."""
    np = pytest.importorskip("numpy")
    rng = random.Random(choices)
    first = _played(preset, seed, rng, 200)
    second = _played(preset, seed ^ 1, rng, steps)
    modules: list[Any] = [_planes_twin]
    try:
        modules.append(importlib.import_module("xzcore.env._planes"))
    except ImportError:  # the twin alone (CI's XZ_REQUIRE_COMPILED run has both)
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
    for module in modules:
        buf = np.zeros(BUFFER_SHAPE, dtype=np.float32)
        kept = module.Planes(first, buf)
        for s in range(4):
            kept.observe(s, [])
        kept.reset(second)
        new = module.Planes(second, np.full(BUFFER_SHAPE, 3.0, dtype=np.float32))
        assert kept.round is second and [v.seat for v in kept.views] == [0, 1, 2, 3]
        for s in range(4):
            np.testing.assert_array_equal(kept.observe(s, []), new.observe(s, []))
        assert np.shares_memory(kept.table, buf)  # still the given buffer
