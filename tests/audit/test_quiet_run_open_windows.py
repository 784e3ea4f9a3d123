"""The quiet run (xzcore.audit.replay.quiet_run): the claim windows it opens and leaves to the
loop, the ones it leaves whole to the loop (their discard included), and the recorded events
it keeps in the round's events in place of equal ones it would build. Both backends (the
``run`` fixture)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_quiet_discard import VARIANTS
from test_quiet_run_loop import (
    RunFn,
    _asked,
    _window,
    assert_opens,
    assert_stops,
    found,
    kept,
    lockstep,
    loop_step,
    maker,
    new_round,
    offers_a_win,
    recorded,
    round_at,
    run_fn,
)

from xzcore.audit import _replay_twin as twin
from xzcore.log.types import same
from xzcore.round.actions import _KIND
from xzcore.round.base import CLAIM
from xzcore.rules import RuleSet

KEPT = ("dahai", "tsumo", "none", "pon", "dingque")
"""The events a quiet step appends: the ones the run may take from the log."""


def _rules(preset: str, overrides: dict[str, Any]) -> RuleSet:
    return RuleSet.preset(preset, **overrides)


def _window_reasons(
    rules: RuleSet, kernel: Any, bots: str, seeds: range
) -> Iterator[tuple[int, list[Any], int, str | None]]:
    """``(seed, events, i, reason)`` of each recorded discard of the games of ``seeds``
    whose window the twin does not resolve (:data:`xzcore.audit._replay_twin.WINDOW_REASONS`)."""
    for seed in seeds:
        events = recorded(rules, seed, bots)
        rnd = new_round(rules, seed, kernel)
        for i, ev in enumerate(events):
            if ev["type"] == "dahai":
                seat, tile = ev["actor"], _KIND[ev["pai"]]
                if twin.quiet_decline(rnd, seat, tile) == "claimable":
                    yield seed, events, i, twin.window_decline(rnd, seat, tile, events, i)[0]
            assert loop_step(rnd, events, i)


@pytest.mark.parametrize(
    ("preset", "overrides", "reason"),
    [
        ("xuezhan", {}, "win_locked"),
        ("xuezhan", {"last_round_win": "forced", "last_round_tiles": 16}, "win_final"),
        ("xuezhan", {"last_round_win": "forfeit", "last_round_tiles": 16}, "win_final"),
        ("xuezhan", {"declare_void": False}, "win_suits"),
        ("xueliu", {}, "winner_gang"),
    ],
)
def test_leaves_windows_it_cannot_open(
    run: RunFn, preset: str, overrides: dict[str, Any], reason: str
) -> None:
    """A seat offered 胡 while pass-locked (R7.4: the score may decide), in the final round
    (R5.7) or without 定缺 (R4.4: the melds' suits count); a 血流 winner that might gang
    (R11.2): the discard and its window are the loop's, the run stops at the discard."""
    rules = _rules(preset, overrides)
    n = 0
    for seed, events, i, why in _window_reasons(rules, run.kernel, "passive", range(300)):
        if why == reason:
            assert twin.run_decline(round_at(rules, seed, events, i, run.kernel), events, i) == (
                reason,
                0,
            )
            assert_stops(run, round_at(rules, seed, events, i, run.kernel), events, i)
            n += 1
            if n == 3:
                break
    assert n, f"no {reason} window in 300 passive games"


@pytest.mark.parametrize("bots", ["greedy", "passive"])
@pytest.mark.parametrize("overrides", [{}, {"pass_hu": "strict"}, {"multi_ron": False}])
def test_opened_windows_in_lockstep(run: RunFn, overrides: dict[str, Any], bots: str) -> None:
    """Every window the run opens (a 胡 on offer, or answers it does not take) and what the
    loop then does with its answers (wins, R7.4 locks of passive bots' passes, 杠), state
    for state."""
    rules = _rules("xuezhan", overrides)
    opened = 0
    for seed in range(8 if bots == "greedy" else 30):
        events = recorded(rules, seed, bots)
        lockstep(run, rules, seed, events)
        rnd = _replay(run, rules, seed, events, lambda r, j: r.phase == CLAIM)
        opened += rnd.opened
    assert opened > 2


def test_opens_a_window_with_a_claim(run: RunFn) -> None:
    """A 杠/胡 among the answers, a missing answer, a second answer of a seat, an answer by
    a seat not asked, a superseded claim (``claim`` key) or a malformed answer: the run takes
    the discard, leaves its window open (R5.2) and stops at the answer; the loop plays (or
    refuses) it (R5.3). (The 碰 of the seat asked is taken: tests/audit/test_quiet_run_claims.py.)
    """
    rules = RuleSet()
    n = 0
    for seed, events, i in found(run.kernel, _window):
        m = twin.run_decline(round_at(rules, seed, events, i, run.kernel), events, i)[1] - 1
        asked = _asked(events, i, m)
        src, pai = events[i]["actor"], events[i]["pai"]
        first = events[i + 1]
        bad: list[Any] = [
            {"type": "daiminkan", "actor": asked[0], "target": src, "pai": pai},
            {"type": "hora", "actor": asked[0], "target": src, "pai": pai},
            {**first, "claim": "pon"},
            {**first, "claim": None},
            {**first, "actor": True},
            {**first, "actor": float(asked[0])},
            {**first, "actor": str(asked[0])},
            {**first, "actor": 4},
            {**first, "type": "None"},
            {"actor": asked[0], "pai": pai},
            [first],
            None,
        ]
        # R1.1: two seats asked without 胡 would hold two pairs of the discarded kind.
        assert m == 1
        bad += [{**first, "actor": o} for o in range(4) if o not in asked]  # src included
        bad.append(dict(first))  # its second answer, out of window (the loop: illegal)
        for ev in bad[:-1]:
            mutated = [*events[: i + 1], ev, *events[i + 2 :]]
            opened = assert_opens(run, maker(rules, seed, mutated, i, run), mutated, i)
            assert list(opened._claim_opts) == asked
            n += 1
        twice = [*events[: i + 1], bad[-1], *events[i + 1 :]]
        assert_stops(run, round_at(rules, seed, twice, i, run.kernel), twice, i + 2, i + 2)
        missing = [*events[: i + 1], *events[i + 2 :]]
        assert_opens(run, maker(rules, seed, missing, i, run), missing, i)
        cut = events[: i + m]  # the last answer not recorded (yet)
        assert_opens(run, maker(rules, seed, cut, i, run), cut, i)
    assert n > 100


def test_opens_where_a_win_is_offered(run: RunFn) -> None:
    """A seat that can win on the discard is offered 胡 (R7.1): the run takes the discard and
    opens the window with the 胡 among the options, as ``Round._open_claims`` does; the
    answers (a win, R9; or a pass and its R7.4 lock) are the loop's."""
    rules = RuleSet()
    n = 0
    for seed, events, i in found(run.kernel, offers_a_win):
        rnd = assert_opens(run, maker(rules, seed, events, i, run), events, i)
        assert any(opts[0].word == "hora" for opts in rnd._claim_opts.values())
        n += 1
    assert n == 12


class _Replayed:
    """The round after :func:`_replay`, and how often a run left a window open."""

    def __init__(self, rnd: Any, opened: int) -> None:
        self.rnd = rnd
        self.opened = opened


def _replay(
    run: RunFn, rules: RuleSet, seed: int, events: list[Any], opened: Any = None, upto: int = -1
) -> _Replayed:
    """The loop with the run over ``events`` (up to and including ``events[upto]`` when
    given); counts the runs after which ``opened(round, index)`` holds."""
    rnd = new_round(rules, seed, run.kernel)
    n = 0
    i = 0
    end = len(events) if upto < 0 else upto + 1
    while i < end:
        i = run(rnd, events, i)
        if opened is not None and opened(rnd, i):
            n += 1
        if i < end:
            assert loop_step(rnd, events, i)
            i += 1
    return _Replayed(rnd, n)


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS[:4])
def test_recorded_eventskept(preset: str, overrides: dict[str, Any]) -> None:
    """The run appends the recorded event itself where it is exactly the engine's (same
    keys in the same order, same types, equal): both backends at the same indices, and
    every quiet step's event of a bot game's log is kept (the log is the engine's)."""
    rules = _rules(preset, overrides)
    for seed in range(3):
        events = recorded(rules, seed)
        compiled, python = (kept(run_fn(b), rules, seed, events) for b in ("cython", "python"))
        assert compiled == python
        quiet = [t for t, ev in enumerate(events) if ev["type"] in ("dahai", "dingque")]
        assert sum(compiled[t] for t in quiet) > len(quiet) // 2
        assert not compiled[0]  # start_kyoku: the engine's own (never a quiet step's)


def _mutations(ev: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Events the loop reads as ``ev`` (the same action, or skipped alike) that are not
    exactly the engine's: keys in another order, an extra key, a value of another type or
    (where the loop does not read it) another value."""
    yield dict(reversed(ev.items()))
    yield {**ev, "extra": 1}
    read = ("type",) if ev["type"] == "tsumo" else ("type", "actor", "pai", "suit")
    for key, value in ev.items():
        if key in read:
            continue
        if type(value) is bool:
            yield {**ev, key: int(value)}
        elif type(value) is int:
            yield {**ev, key: float(value)}
            yield {**ev, key: value + 1}
        elif type(value) is str:
            yield {**ev, key: value + "x"}


def test_events_not_exactly_the_engines_are_notkept(run: RunFn) -> None:
    """A recorded event the loop reads alike but that differs from the engine's (key order,
    an extra key, a value's type or value): the run builds the engine's own, so the
    comparison still sees the difference; the round is the loop's."""
    rules = RuleSet()
    events = recorded(rules, 1)
    n = 0
    for t, ev in enumerate(events):
        if ev["type"] not in KEPT or t % 5:
            continue  # every 5th: enough of each kind
        for bad in _mutations(ev):
            mutated = [*events[:t], bad, *events[t + 1 :]]
            lockstep(run, rules, 1, mutated)
            built = _replay(run, rules, 1, mutated, upto=t).rnd.events[t]
            assert built is not bad
            assert list(built) != list(bad) or not same(built, bad)
            assert same(built, ev)  # the engine's own event
            n += 1
    assert n > 30


@pytest.mark.parametrize(
    "pai", ["0m", "10m", "1z", "m1", "1M", "１m", "1ｍ", "1m ", " 1m", "", "1", "1mm", "1😀", "9s"]
)
def test_tile_names_read_as_the_loop_does(pai: str) -> None:
    """A discard's or a 碰's ``pai`` is read as the loop reads it (``_KIND.get``): one of the
    27 names, nothing else (another str of two characters, wide characters included, is
    no tile): the run stops where the loop reports it, the compiled run and the twin alike
    (on the compiled kernel's rounds), and the twin on the kernel ``xzcore.kernel`` selects."""
    rules = RuleSet()
    events = recorded(rules, 2)
    marks = [t for t, ev in enumerate(events) if ev["type"] in ("dahai", "pon")][3::9]
    assert len(marks) > 3
    compiled = run_fn("cython")
    for t in marks:
        mutated = [*events[:t], {**events[t], "pai": pai}, *events[t + 1 :]]
        lockstep(compiled, rules, 2, mutated, other=twin.quiet_run)
        lockstep(run_fn("python"), rules, 2, mutated)
