"""The quiet run (xzcore.audit.replay.quiet_run) through a claim window that ends in a 碰
(R5.2-R5.4) and through the 定缺 phase (R4.1): taken exactly as the audit's loop plays it, or
not at all — stopped at the discard (or the first declaration), nothing changed. Both backends
(the ``run`` fixture); the lockstep and mutation tests of tests/audit/test_quiet_run_loop.py cover
these steps on every non-Leshan variant too."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from test_quiet_discard import assert_same, state
from test_quiet_run_loop import (
    RunFn,
    assert_opens,
    assert_stops,
    found,
    give_a_pair,
    lockstep,
    loop_step,
    maker,
    new_round,
    offers_a_win,
    recorded,
    round_at,
)

from xzcore.audit import _replay_twin as twin
from xzcore.round.actions import _KIND
from xzcore.round.base import DINGQUE, TURN
from xzcore.rules import RuleSet


def _pon_window(rnd: Any, events: list[Any], i: int) -> bool:
    """A discard the run takes with the 碰 that ends its window."""
    reason, n = twin.run_decline(rnd, events, i)
    return reason is None and events[i]["type"] == "dahai" and events[i + n - 1]["type"] == "pon"


def _paired(rules: RuleSet, seed: int, events: list[Any], i: int, run: RunFn, o1: int) -> Any:
    """:func:`round_at` with :func:`give_a_pair` applied (``o1`` the seat that answers)."""
    rnd = round_at(rules, seed, events, i, run.kernel)
    assert give_a_pair(rnd, events, i, o1) is not None
    return rnd


def _replaced(events: list[Any], at: int, *new: Any) -> list[Any]:
    return [*events[:at], *new, *events[at + 1 :]]


# -- a window that ends in a 碰 ------------------------------------------------------------------


def test_pon_windows_are_taken(run: RunFn) -> None:
    """The discard, the 碰 and what follows (the claimer's discard, R5.4) in one run; the
    round as the loop leaves it: the meld, the peng, the hand, the claimer's turn without a
    draw (``_must_discard``, ``drawn`` -1, ``_turn_drawn`` 0), the window's state."""
    rules = RuleSet()
    n = 0
    for seed, events, i in found(run.kernel, _pon_window):
        a = round_at(rules, seed, events, i, run.kernel)
        b = round_at(rules, seed, events, i, run.kernel)
        assert loop_step(a, events, i) and loop_step(a, events, i + 1)
        cut = events[: i + 2]  # the run ends with the 碰
        assert run(b, cut, i) == i + 2
        assert_same(state(b), state(a))
        o = events[i + 1]["actor"]
        assert b.phase == TURN and b.cur == o and b._must_discard and b.drawn == -1
        pon = {"type": "pon", "actor": o, "target": events[i]["actor"], "pai": events[i]["pai"]}
        assert b.events[-1] == pon
        assert _KIND[events[i]["pai"]] in b.pengs[o] and not b.clean
        assert run(b, events, i + 2) > i + 2  # the claimer's discard goes on in a run
        n += 1
    assert n == 12


def test_pon_recorded_with_other_keys(run: RunFn) -> None:
    """The loop reads a 碰 by its type, actor and pai (``target`` or a ``claim`` key change
    nothing it plays; the comparison reports them): the run takes it alike."""
    rules = RuleSet()
    for seed, events, i in found(run.kernel, _pon_window, 4):
        pon = events[i + 1]
        for ev in ({**pon, "target": (pon["target"] + 1) % 4}, {**pon, "claim": "none"}):
            mutated = _replaced(events, i + 1, ev)
            lockstep(run, rules, seed, mutated)
            assert run(round_at(rules, seed, mutated, i, run.kernel), mutated, i) > i + 2


def test_opens_at_a_pon_by_a_seat_not_asked(run: RunFn) -> None:
    """R5.2: only the asked seat may claim (the discarder itself included): the run opens
    the window and stops at the 碰, which the loop finds illegal."""
    rules = RuleSet()
    n = 0
    for seed, events, i in found(run.kernel, _pon_window, 6):
        pon = events[i + 1]
        for o in range(4):
            if o != pon["actor"]:
                mutated = _replaced(events, i + 1, {**pon, "actor": o})
                assert_opens(run, maker(rules, seed, mutated, i, run), mutated, i)
                n += 1
    assert n == 18


def test_opens_at_a_malformed_pon(run: RunFn) -> None:
    """What ``action_of`` reads otherwise (or the loop plays as another action): the run
    opens the window and leaves the answer to the loop."""
    rules = RuleSet()
    for seed, events, i in found(run.kernel, _pon_window, 4):
        pon = events[i + 1]
        other = next(p for p in _KIND if p != pon["pai"])
        bad: list[Any] = [
            {**pon, "pai": other},  # R5.2: not the discarded tile
            {**pon, "pai": "0m"},
            {**pon, "pai": "1z"},
            {**pon, "pai": 5},
            {**pon, "pai": None},
            {k: v for k, v in pon.items() if k != "pai"},
            {k: v for k, v in pon.items() if k != "actor"},
            {**pon, "actor": True},
            {**pon, "actor": float(pon["actor"])},
            {**pon, "actor": str(pon["actor"])},
            {**pon, "actor": 4},
            {**pon, "type": "Pon"},
            {**pon, "type": "chi"},
            {**pon, "type": b"pon"},
        ]
        for ev in bad:
            mutated = _replaced(events, i + 1, ev)
            assert_opens(run, maker(rules, seed, mutated, i, run), mutated, i)
        twice = [*events[: i + 2], dict(pon), *events[i + 2 :]]  # a second 碰: out of window
        lockstep(run, rules, seed, twice)
        rnd = round_at(rules, seed, twice, i, run.kernel)
        assert run(rnd, twice, i) == i + 2
        assert not loop_step(rnd, twice, i + 2)


def _passive_pons_with_a_win_on_offer(kernel: ModuleType) -> Iterator[tuple[int, list[Any], int]]:
    """``(seed, events, i)``: a discard in a passive-bot 血战 game on which some seat was
    offered 胡 and the window ended in a 碰."""
    rules = RuleSet()
    for seed in range(200):
        events = recorded(rules, seed, "passive")
        rnd = new_round(rules, seed, kernel)
        for i in range(len(events)):
            if offers_a_win(rnd, events, i) and any(
                events[t]["type"] == "pon" for t in range(i + 1, min(i + 4, len(events)))
            ):
                yield seed, events, i
            assert loop_step(rnd, events, i)


def test_opens_at_a_pon_with_a_win_on_offer(run: RunFn) -> None:
    """R7.1/R5.3: with a seat offered 胡 the run opens the window and leaves the answers to
    the loop (R7.4 locks, R5.3), even when the window ends in a 碰."""
    rules = RuleSet()
    n = 0
    for seed, events, i in itertools.islice(_passive_pons_with_a_win_on_offer(run.kernel), 4):
        assert_opens(run, maker(rules, seed, events, i, run), events, i)
        n += 1
    assert n > 0


def test_opens_at_a_pon_when_two_seats_are_asked(run: RunFn) -> None:
    """Two seats asked (a round holding five of a kind, R1.1 broken here by hand): a 碰 then
    has R5.3 to go through; the run opens the window and leaves the answers to the loop, in
    either order."""
    rules = RuleSet()
    n = 0
    for seed, events, i in found(run.kernel, _pon_window, 8):
        k = _KIND[events[i]["pai"]]
        rnd = round_at(rules, seed, events, i, run.kernel)
        o2 = give_a_pair(rnd, events, i)
        if o2 is None or rnd.hands[o2].is_win_with(k):
            continue
        pon, pass_ = events[i + 1], {"type": "none", "actor": o2, "pai": events[i]["pai"]}
        for answers in ((pon, pass_), (pass_, pon)):
            window = [*events[: i + 1], *answers, *events[i + 2 :]]
            make = functools.partial(_paired, rules, seed, window, i, run, pon["actor"])
            assert_opens(run, make, window, i)
            n += 1
    assert n >= 2


# -- the 定缺 phase ------------------------------------------------------------------------------


def _dingque_at(events: list[Any]) -> int:
    return next(t for t, ev in enumerate(events) if ev["type"] == "dingque")


@pytest.mark.parametrize("exchange", [False, True])
def test_dingque_phase_is_taken(run: RunFn, exchange: bool) -> None:
    """The four declarations in one step (in any order of seats): the voids, the hands'
    voids, the four events in seat order, the dealer's first turn (R4.1, R5.1)."""
    rules = RuleSet.preset("xuezhan", exchange_three=exchange)
    for seed in range(3):
        events = recorded(rules, seed)
        d = _dingque_at(events)
        for order in ((0, 1, 2, 3), (3, 1, 0, 2)):
            shuffled = [*events[:d], *(events[d + o] for o in order), *events[d + 4 :]]
            a = round_at(rules, seed, shuffled, d, run.kernel)
            b = round_at(rules, seed, shuffled, d, run.kernel)
            assert a.phase == DINGQUE
            for t in range(d, d + 4):
                assert loop_step(a, shuffled, t)
            assert run(b, shuffled[: d + 4], d) == d + 4
            assert_same(state(b), state(a))
            assert b.phase == TURN and b.cur == b.dealer and b.turn_no == 1
            voids = ["mps".index(e["suit"]) for e in events[d : d + 4]]
            assert [h.void for h in b.hands] == b.voids == voids
            assert [e["actor"] for e in b.events[-4:]] == [0, 1, 2, 3]
        rnd = round_at(rules, seed, events, d, run.kernel)
        assert run(rnd, events, d) > d + 4  # then the turns


def test_stops_at_a_malformed_dingque(run: RunFn) -> None:
    """A declaration the loop reads otherwise (or refuses): the run stops at the first of the
    four, nothing changed, whichever of them is wrong."""
    rules = RuleSet()
    for seed in range(2):
        events = recorded(rules, seed)
        d = _dingque_at(events)
        for t in range(d, d + 4):
            ev = events[t]
            bad: list[Any] = [
                {**ev, "suit": "z"},
                {**ev, "suit": "M"},
                {**ev, "suit": "mp"},
                {**ev, "suit": ""},
                {**ev, "suit": 0},
                {**ev, "suit": None},
                {k: v for k, v in ev.items() if k != "suit"},
                {**ev, "actor": events[d + (t - d + 1) % 4]["actor"]},  # a seat twice
                {**ev, "actor": 4},
                {**ev, "actor": -1},
                {**ev, "actor": True},
                {**ev, "actor": str(ev["actor"])},
                {**ev, "actor": float(ev["actor"])},
                {**ev, "type": "Dingque"},
                None,
            ]
            for b in bad:
                mutated = _replaced(events, t, b)
                assert_stops(run, round_at(rules, seed, mutated, d, run.kernel), mutated, d)
                lockstep(run, rules, seed, mutated)
            if t > d:  # an event the loop skips, but between two declarations
                between = [*events[:t], {"type": "tsumo", "actor": 0, "pai": "1m"}, *events[t:]]
                assert_stops(run, round_at(rules, seed, between, d, run.kernel), between, d)
                lockstep(run, rules, seed, between)
        three = [*events[: d + 3], *events[d + 4 :]]  # one seat never declares
        assert_stops(run, round_at(rules, seed, three, d, run.kernel), three, d)
        cut = events[: d + 3]  # the fourth not read yet
        assert_stops(run, round_at(rules, seed, cut, d, run.kernel), cut, d)


def test_stops_at_a_dingque_out_of_phase(run: RunFn) -> None:
    """R4.1: a fifth declaration, one in the middle of play, one after the loop has taken a
    seat's declaration, one in a game without the 定缺 phase: the loop's (it finds them
    illegal, or plays the rest)."""
    rules = RuleSet()
    events = recorded(rules, 0)
    d = _dingque_at(events)
    fifth = [*events[: d + 4], dict(events[d]), *events[d + 4 :]]
    rnd = round_at(rules, 0, fifth, d, run.kernel)
    assert run(rnd, fifth, d) == d + 4
    assert not loop_step(rnd, fifth, d + 4)
    lockstep(run, rules, 0, fifth)
    for t in (d + 10, d + 40):
        late = [*events[:t], dict(events[d]), *events[t:]]
        rnd = round_at(rules, 0, late, t, run.kernel)
        assert_stops(run, rnd, late, t)
        assert not loop_step(rnd, late, t)
    rnd = round_at(rules, 0, events, d + 1, run.kernel)  # seat 0 declared by the loop
    assert_stops(run, rnd, events, d + 1)
    lockstep(run, rules, 0, events, stride=2)  # the run cut between declarations
    no_void = RuleSet.preset("xuezhan", declare_void=False)
    plain = recorded(no_void, 0)
    with_dingque = [plain[0], *events[d : d + 4], *plain[1:]]
    rnd = new_round(no_void, 0, run.kernel)
    assert_stops(run, rnd, with_dingque, 1)
    assert not loop_step(rnd, with_dingque, 1)


def test_stops_at_dingque_on_a_leshan_round(run: RunFn) -> None:
    """LeshanRound (R13.3: 飘 follows the declarations): the loop's."""
    rules = RuleSet.preset("leshan")
    events = recorded(rules, 0)
    d = _dingque_at(events)
    assert_stops(run, round_at(rules, 0, events, d, run.kernel), events, d)


# -- events whose keys run code ------------------------------------------------------------------

_EMPTYING_KEYS = """
import sys
sys.path.insert(0, {tests!r})
from test_quiet_run_loop import found, round_at, run_fn, _window
from xzcore.rules import RuleSet

victim = None  # the list a key empties when compared


class Emptying:
    # a key that hashes as 'type' (or 'claim') and empties victim when compared

    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        if victim is not None:
            victim.clear()
        return False


rules = RuleSet()
for backend in ("cython", "python"):
    run = run_fn(backend)
    seed, recorded_events, i = next(found(run.kernel, _window, 1))
    d = next(t for t, ev in enumerate(recorded_events) if ev["type"] == "dingque")
    cases = [(i - 1, "type", "events"), (i + 1, "type", "events"), (i + 1, "claim", "events"),
             (d, "type", "events"), (i, "type", "hands"), (i + 1, "type", "hands"),
             (i + 1, "claim", "draws"), (i, "type", "wall"), (d + 1, "type", "voids")]
    for at, name, what in cases:
        events = list(recorded_events)
        events[at] = {{Emptying(name): 0, **events[at]}}
        start = min(at, i) if at > d + 3 else d
        rnd = round_at(rules, seed, events, start, run.kernel)
        victim = events if what == "events" else getattr(rnd, what)
        print(backend, at, run(rnd, events, start))
        victim = None
"""


def test_a_key_that_empties_a_list() -> None:
    """quiet_run raises nothing and reads no freed memory (compiled: the events' size is read
    at each item, the round's lists checked again after an event was looked into) when a key
    of an event empties the events or one of the round's lists while it is looked up (never
    from a log: msgpack's keys are exact str). In a subprocess: a crash must not end the
    test run."""
    import subprocess
    import sys
    from pathlib import Path

    code = _EMPTYING_KEYS.format(tests=str(Path(__file__).parent))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (done.returncode, done.stderr[-800:])
    lines = done.stdout.split()
    assert len(lines) == 54 and all(w.isdigit() for w in lines[2::3]), done.stdout
