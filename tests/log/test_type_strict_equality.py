"""The compiled type-strict equality (``xzcore.log._scan.same``, ``same_events``) against its
twin, ``xzcore.log._scan_twin.same`` — itself ``xzcore.log.types.same``, the
audit's (a wrong type is a finding). Whatever the values, the three give the
same answer, or raise the same exception; on recorded and replayed events too."""

from __future__ import annotations

import copy
import importlib
import io
import math
import os
from collections import OrderedDict
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scan_helpers import load_scanner

from xzcore.audit.compare import _make_round
from xzcore.log import _scan_twin as twin
from xzcore.log import scan
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.log.types import Location
from xzcore.log.types import same as defined_same
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.round.actions import action_of
from xzcore.rules import RuleSet


@pytest.fixture(params=["cython", "python"])
def eq(request: pytest.FixtureRequest) -> ModuleType:
    """One backend's ``same`` and ``same_events``."""
    return load_scanner(request.param)


def _compiled() -> ModuleType | None:
    try:
        return importlib.import_module("xzcore.log._scan")
    except ImportError:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
        return None


COMPILED = _compiled()


def answers(a: Any, b: Any) -> list[Any]:
    """``same(a, b)`` by its definition (xzcore.log.types), the twin and (when built) the
    compiled module: each a bool, or the type of the exception raised."""
    out: list[Any] = []
    fns = [defined_same, twin.same] + ([COMPILED.same] if COMPILED else [])
    for fn in fns:
        try:
            got = fn(a, b)
            assert type(got) is bool
            out.append(got)
        except Exception as exc:
            out.append(type(exc))
    return out


def agree(a: Any, b: Any) -> Any:
    """All backends give one answer (returned)."""
    got = answers(a, b)
    assert got.count(got[0]) == len(got), got
    return got[0]


# -- values of mixed types ---------------------------------------------------------------------


class Sub(dict[Any, Any]):
    """A dict subclass: not a dict to ``same``, compared by ``==``."""


class SubList(list[Any]):
    """A list subclass: compared by ``==``."""


SCALARS = (
    st.integers(-3, 300)
    | st.integers()
    | st.booleans()
    | st.floats(allow_nan=True)
    | st.sampled_from([0.0, -0.0, math.nan, math.inf, 1.0, 2.0])
    | st.text(max_size=4)
    | st.sampled_from(["dahai", "5p", "", "é", "😀", "x" * 40])
    | st.binary(max_size=4)
    | st.none()
)
KEYS = st.sampled_from(["type", "actor", "pai", "a", "b", "é"]) | st.binary(max_size=2)


def _containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=5)
        | st.dictionaries(st.integers(0, 2) | st.booleans(), inner, max_size=2)
        | st.dictionaries(KEYS, inner, max_size=3).map(Sub)
        | st.dictionaries(KEYS, inner, max_size=3).map(OrderedDict)
        | st.lists(inner, max_size=3).map(SubList)
    )


VALUES = st.recursive(SCALARS, _containers, max_leaves=20)


def _twist(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """A copy of ``value`` that hypothesis may change anywhere: a leaf for an equal value of
    another type (2 -> 2.0, 1 -> True, list -> tuple) or any other value, a dict's keys
    shuffled, an item dropped."""
    choice = data.draw(st.integers(0, 9), label=f"twist@{depth}")
    t = type(value)
    if choice == 0:
        return data.draw(VALUES, label="other")
    if choice == 1 and t in (int, bool, float) and math.isfinite(value) and abs(value) < 1e300:
        return data.draw(st.sampled_from([int, float, bool]))(value)
    if choice == 2 and t in (list, tuple):
        return (tuple if t is list else list)(value)
    if t in (dict, Sub, OrderedDict):
        items = [(k, _twist(v, data, depth + 1)) for k, v in value.items()]
        if choice == 3 and items:
            items = data.draw(st.permutations(items))
        if choice == 4 and items:
            items.pop()
        return t(items)
    if t in (list, tuple, SubList):
        return t(_twist(v, data, depth + 1) for v in value)
    return value


@given(VALUES, st.data())
def test_mixed_values_against_the_twin(a: Any, data: st.DataObject) -> None:
    b = _twist(a, data)
    agree(a, b)
    agree(b, a)
    agree(a, a)
    agree(a, copy.deepcopy(a))


@given(st.lists(VALUES, max_size=4), st.data())
def test_same_events_against_the_twin(a: list[Any], data: st.DataObject) -> None:
    b = [_twist(v, data) for v in a] if data.draw(st.booleans()) else copy.deepcopy(a)
    want = defined_same(a, b)
    assert twin.same_events(a, b) is want
    if COMPILED:
        assert COMPILED.same_events(a, b) is want
        assert COMPILED.same_events(a, b[:-1]) is (not a)


NAN = math.nan


@pytest.mark.parametrize(
    ("a", "b", "want"),
    [
        (1, 1, True),
        (1, True, False),
        (True, 1, False),
        (2, 2.0, False),
        (0.0, -0.0, True),
        (NAN, NAN, False),  # the same object: == still says no
        ([NAN], [NAN], False),
        ({"a": NAN}, {"a": NAN}, False),
        ((1, 2), [1, 2], False),
        ((1, [2]), (1, [2]), True),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}, True),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1.0}, False),
        ({"a": 1}, {"b": 1}, False),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        ({1: "x"}, {True: "x"}, True),  # dict keys compare by ==, as the definition's keys() do
        ({b"k": 1}, {"k": 1}, False),
        (Sub(a=1), {"a": 1}, False),
        (Sub(a=1), Sub(a=1.0), True),  # a subclass: ==
        (OrderedDict(a=1, b=2), OrderedDict(b=2, a=1), False),  # OrderedDict == minds order
        (SubList([1]), SubList([True]), True),
        ("5p", "5p", True),
        ("5p", "5s", False),
        ("é", "e", False),
        (b"\x00", b"\x00", True),
        (None, None, True),
        (None, 0, False),
        (10**30, 10**30, True),
        (10**30, 10**30 + 1, False),
        (1j, 1j, True),
    ],
)
def test_cases(eq: ModuleType, a: Any, b: Any, want: bool) -> None:
    assert eq.same(a, b) is want
    assert eq.same(copy.deepcopy(a), copy.deepcopy(b)) is want
    assert defined_same(a, b) is want


def _nested(depth: int, leaf: Any) -> Any:
    value = leaf
    for i in range(depth):
        value = [value] if i % 3 else {"a": value}
    return value


@pytest.mark.parametrize("depth", [99, 100, 101, 150, 400])
def test_deep_values_are_the_twins_to_compare(depth: int) -> None:
    """Past the compiled walk's depth the twin compares the pair, with the same answer."""
    assert agree(_nested(depth, 1), _nested(depth, 1)) is True
    assert agree(_nested(depth, 1), _nested(depth, 1.0)) is False
    assert agree(_nested(depth, 1), _nested(depth, NAN)) is False


def test_too_deep_for_the_twin_raises_as_the_twin() -> None:
    assert agree(_nested(20_000, 1), _nested(20_000, 1)) is RecursionError


class Loud:
    """A value whose == Python code sees: logs each call."""

    def __init__(self, log: list[str], name: str, result: Any = True) -> None:
        self.log, self.name, self.result = log, name, result

    def __eq__(self, other: object) -> Any:
        self.log.append(self.name)
        if isinstance(self.result, Exception):
            raise self.result
        return self.result

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.parametrize("result", [True, False, 0, [1], ValueError("no")])
def test_values_with_their_own_eq_see_the_twins_calls(eq: ModuleType, result: Any) -> None:
    """Types the compiled walk does not know (their ``==`` runs Python code) are compared by
    the twin from the start: the same calls, the same answer or exception."""

    def run(fn: Any) -> tuple[list[str], Any]:
        log: list[str] = []
        a = {"x": [1, Loud(log, "first", result)], "y": ("s", Loud(log, "second", result))}
        b = {"x": [1, Loud(log, "b-first")], "y": ("s", Loud(log, "b-second"))}
        try:
            return log, fn(a, b)
        except ValueError:
            return log, "raised"

    want = run(defined_same)
    assert run(eq.same) == want
    assert run(lambda a, b: eq.same_events([a, a], [b, b])) == run(
        lambda a, b: defined_same([a, a], [b, b])
    )


# -- recorded and replayed events --------------------------------------------------------------


@cache
def recorded_and_replayed() -> list[tuple[list[Any], list[Any]]]:
    """Games of greedy bots as LogReader reads them, and each replayed by the engine."""
    buf = io.BytesIO()
    choosers = [bot_chooser("greedy", s) for s in range(4)]
    writer = LogWriter(buf)
    for _ in record_games(writer, RuleSet.preset("xuezhan"), 4, seed=9, choosers=choosers):
        pass
    reader = LogReader(io.BytesIO(buf.getvalue()))
    out: list[tuple[list[Any], list[Any]]] = []
    while (game := reader.read_game(CollectingBuilder)) is not None:
        rnd, problem = _make_round(game.header, game.events, Location())
        assert problem is None
        for ev in game.events:
            action = action_of(ev)
            if action is not None:
                rnd.play(action)
        out.append((game.events, list(rnd.events)))
    return out


def test_recorded_events_are_the_replayed_ones(eq: ModuleType) -> None:
    for recorded, replayed in recorded_and_replayed():
        assert recorded is not replayed and len(recorded) > 50
        assert eq.same_events(recorded, replayed)
        assert eq.same(recorded, replayed)
        assert not eq.same_events(recorded, replayed[:-1])


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if type(value) is dict:
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if type(value) is list:
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _set(value: Any, path: tuple[Any, ...], leaf: Any) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = leaf


def test_one_wrong_leaf_in_the_replay_is_found(eq: ModuleType) -> None:
    """Every leaf of a game's events, once turned into an equal value of another type (int
    2 into 2.0 or True, a str into bytes …) or reordered (a map's keys): found, or not, as
    the twin finds it."""
    recorded, replayed = recorded_and_replayed()[0]
    paths = [(i, *p) for i, ev in enumerate(replayed) for p in _leaves(ev)]
    other: dict[type, Any] = {
        int: float,
        bool: int,
        str: str.encode,
        float: int,
        type(None): lambda _: False,
    }
    for path in paths[::3]:
        changed = copy.deepcopy(replayed)
        leaf = changed
        for key in path:
            leaf = leaf[key]
        _set(changed, path, other[type(leaf)](leaf))
        assert eq.same_events(recorded, changed) is False, path
        assert scan.same_events(recorded, changed) is False
    reordered = copy.deepcopy(replayed)
    for i, ev in enumerate(reordered):
        reordered[i] = dict(reversed(list(ev.items())))
    assert eq.same_events(recorded, reordered) and scan.same_events(recorded, reordered)


@pytest.mark.parametrize(
    "value",
    [
        {"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": False},
        {"a": NAN},
        {"a": [NAN]},
        {"a": {"b": NAN}},
        {"a": 1.5, "b": [1, {"c": None}]},
        {1: "x", "a": 2},  # a key that is no str: the look-up path
        {b"k": 1, "k": (1, 2)},
        {"a": Sub(b=NAN)},
        {"a": 1j},
        {},
    ],
)
def test_an_event_compared_with_itself(eq: ModuleType, value: Any) -> None:
    """The replay may hand back the recorded dict itself: the same object on both sides is
    the same only if it equals itself all the way down (a nan does not), as the twin says."""
    want = defined_same(value, value)
    assert eq.same(value, value) is want
    assert eq.same_events([value, value], [value, value]) is want
    assert eq.same_events([value], [copy.deepcopy(value)]) is defined_same(
        value, copy.deepcopy(value)
    )
