"""The quiet run (xzcore.fastforward.quiet_run): the audit's replay loop over recorded events,
with ``quiet_run`` taking every run of events it can, leaves the round exactly as the loop
alone does — on both backends (compiled ``xzcore._replay`` and the twin); and wherever it
stops, it changed nothing of the event it stopped at."""

from __future__ import annotations

import importlib
import io
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import msgpack
import pytest
from test_fastforward import (
    _KERNELS,
    VARIANTS,
    _actions,
    _agents,
    _quiet_module,
    assert_same,
    state,
)

from xzcore import _replay_reference as twin
from xzcore import core, fastforward, leshan_round
from xzcore.actions import IllegalActionError, InvalidActionError
from xzcore.auditactions import _KIND, _NOT_ACTIONS, _TILE_ACTIONS, action_of
from xzcore.leshan_bots import LeshanAgent
from xzcore.leshan_round import LeshanRound
from xzcore.log import CollectingBuilder, LogReader, LogWriter
from xzcore.recording import bot_chooser, record_games
from xzcore.rules import RuleSet
from xzcore.wall import deal

Run = Callable[[Any, Any, Any], Any]


class RunFn:
    """One backend's ``quiet_run``, with the kernel its rounds are built on."""

    def __init__(self, fn: Run, kernel: ModuleType) -> None:
        self.fn = fn
        self.kernel = kernel

    def __call__(self, rnd: Any, events: Any, i: Any) -> Any:
        return self.fn(rnd, events, i)


@pytest.fixture(params=["cython", "python"])
def run(request: pytest.FixtureRequest) -> RunFn:
    """``quiet_run`` of one backend: compiled (on the compiled kernel) or twin (on the
    kernel ``xzcore.core`` selects)."""
    fn = _quiet_module(request.param).quiet_run
    name = "cython" if request.param == "cython" else core.BACKEND
    return RunFn(fn, importlib.import_module(_KERNELS[name]))


# -- the audit's loop, one event at a time ----------------------------------------------------


def loop_step(rnd: Any, events: list[Any], i: int) -> bool:
    """What one iteration of ``xzcore.auditcmp.compare_events``' loop does with ``events[i]``
    (with ``fast=False``: every action through ``Round.play``); False where the loop stops
    with a finding. Kept to that loop's checks, word for word."""
    ev = events[i]
    if type(ev) is not dict or type(word := ev.get("type")) is not str:
        return False
    if word in _NOT_ACTIONS:
        return True
    action = None
    row = _TILE_ACTIONS.get(word)
    if row is not None and (word != "dahai" or not ev.get("baige")):
        actor = ev.get("actor")
        pai = ev.get("pai")
        if type(actor) is int and 0 <= actor < 4 and type(pai) is str:
            k = _KIND.get(pai)
            if k is not None:
                action = row[actor][k]
    if action is None:
        try:
            action = action_of(ev)
        except InvalidActionError:
            return False
        if action is None:
            return True
    try:
        rnd.play(action)
    except (IllegalActionError, InvalidActionError, ValueError):
        return False
    return True


def new_round(rules: RuleSet, seed: int, kernel: ModuleType | None = None) -> Any:
    """The round of ``deal(seed)`` (a LeshanRound under R13 rules)."""
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    return leshan_round.new_round(
        rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel
    )


def recorded(rules: RuleSet, seed: int, bots: str = "greedy") -> list[Any]:
    """The events of one bot game, as a log reader gives them back (a msgpack round trip)."""
    rnd = new_round(rules, seed)
    agents = _agents(bots, seed)
    if isinstance(rnd, LeshanRound):
        agents = [LeshanAgent(a) for a in agents]
    for action in _actions(rnd, agents):
        rnd.play(action)
    events: list[Any] = msgpack.unpackb(msgpack.packb(rnd.events), raw=False)
    return events


def lockstep(
    run: RunFn, rules: RuleSet, seed: int, events: list[Any], stride: int | None = None
) -> Counter[str]:
    """Round A runs the loop alone over ``events``; round B calls ``run`` from each index
    (over ``events[:i + stride]`` when ``stride`` is given, so that runs are cut short),
    then takes the event it stopped at through the loop. A and B must agree after every
    run and every event; ``run`` never consumes an event the loop stops at. Returns counts
    of the events ``run`` consumed by type, and of its stops."""
    a = new_round(rules, seed, run.kernel)
    b = new_round(rules, seed, run.kernel)
    seen: Counter[str] = Counter()
    n = len(events)
    i = 0
    while i < n:
        limit = n if stride is None else min(n, i + stride)
        view = events if limit == n else events[:limit]
        j = run(b, view, i)
        assert type(j) is int and i <= j <= limit, (i, j, limit)
        for t in range(i, j):
            assert loop_step(a, events, t), f"consumed event {t}, where the loop stops"
            seen[str(events[t]["type"])] += 1
        assert_same(state(b), state(a), f"after the run {i}..{j}")
        if j == limit < n:
            i = j  # cut short by the view: go on from there
            continue
        if j == n:
            break
        seen["stops"] += 1
        go_a = loop_step(a, events, j)
        assert loop_step(b, events, j) is go_a
        assert_same(state(b), state(a), f"after the loop's event {j}")
        if not go_a:
            break
        i = j + 1
    return seen


def _rules(preset: str, overrides: dict[str, Any]) -> RuleSet:
    return RuleSet.preset(preset, **overrides)


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_lockstep_greedy(run: RunFn, preset: str, overrides: dict[str, Any]) -> None:
    rules = _rules(preset, overrides)
    seen: Counter[str] = Counter()
    for seed in range(4):
        seen += lockstep(run, rules, seed, recorded(rules, seed))
    assert seen["dahai"] > 100, seen  # the runs are taken
    assert seen["stops"] > 0, seen


@pytest.mark.parametrize("stride", [1, 2, 3])
@pytest.mark.parametrize(("preset", "overrides"), VARIANTS[:4])
def test_lockstep_cut_short(
    run: RunFn, preset: str, overrides: dict[str, Any], stride: int
) -> None:
    """Runs over a list that ends early: a window whose answers are not all there yet is
    left to the loop."""
    rules = _rules(preset, overrides)
    for seed in range(2):
        lockstep(run, rules, seed, recorded(rules, seed), stride)


@pytest.mark.parametrize("bots", ["random", "passive"])
@pytest.mark.parametrize(("preset", "overrides"), VARIANTS[:10])
def test_lockstep_random(run: RunFn, preset: str, overrides: dict[str, Any], bots: str) -> None:
    rules = _rules(preset, overrides)
    for seed in range(100, 103):
        lockstep(run, rules, seed, recorded(rules, seed, bots))


def test_windows_are_taken(run: RunFn) -> None:
    """Greedy bots pass many a 碰 they do not need: all-pass windows are consumed."""
    rules = RuleSet()
    seen: Counter[str] = Counter()
    for seed in range(8):
        seen += lockstep(run, rules, seed, recorded(rules, seed))
    assert seen["none"] > 5, seen


def test_recorded_log(run: RunFn) -> None:
    """Games written by ``record_games`` and read back by ``LogReader``, as the audit sees
    them."""
    for preset in ("xuezhan", "xueliu", "chengdu-classic"):
        rules = RuleSet.preset(preset)
        buf = io.BytesIO()
        choosers = [bot_chooser("greedy", s) for s in range(4)]
        for _ in record_games(LogWriter(buf), rules, 3, seed=40, choosers=choosers):
            pass
        reader = LogReader(io.BytesIO(buf.getvalue()))
        seed = 40
        while (game := reader.read_game(CollectingBuilder)) is not None:
            assert not game.errors
            seen = lockstep(run, rules, seed, game.events)
            assert seen["dahai"] > 20
            seed += 1
        assert seed == 43


def test_twin_on_twin_hands_and_compiled_declines() -> None:
    """The twin runs on rounds of either kernel; the compiled run takes no discard of a
    round on the twin kernel (it still skips the events the loop skips)."""
    ref = importlib.import_module("xzcore._reference")
    rules = RuleSet()
    seen = lockstep(RunFn(twin.quiet_run, ref), rules, 3, recorded(rules, 3))
    assert seen["dahai"] > 20
    compiled = _quiet_module("cython").quiet_run
    seen = lockstep(RunFn(compiled, ref), rules, 3, recorded(rules, 3))
    assert seen["dahai"] == 0 and seen["none"] == 0, seen
    assert seen["tsumo"] > 20 and seen["start_kyoku"] == 1, seen


def test_selector() -> None:
    mod = "xzcore._replay" if fastforward.BACKEND == "cython" else "xzcore._replay_reference"
    assert fastforward.quiet_run is importlib.import_module(mod).quiet_run
