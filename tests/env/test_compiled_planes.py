"""``xzcore.env._planes`` (compiled) against its twin ``xzcore.env._planes_twin`` on random
event lists and buffers: the same index returned, the same cells written, the same errors;
and the twin against what the observation planes' draws and discards mean (the river, the
hand size, the own hand row)."""

from __future__ import annotations

from array import array
from typing import Any

import pytest
from compiled_helpers import compiled_or_skip
from hypothesis import given
from hypothesis import strategies as st

from xzcore.env import _planes_twin
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
    for key, values in (("type", kinds), ("actor", actors), ("pai", pais)):
        if draw(st.integers(0, 12)):  # now and then a key is missing
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
