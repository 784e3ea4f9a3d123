"""The quiet discard and the quiet run (xzcore.audit.replay) against ``Round.play``, compiled and
twin side by side.

The corpus is the actions of 200 seeded greedy-bot 血战 games (as ``xz audit`` replays them).
Two measures:

* one game: replaying every action with ``Round.play`` alone, or with ``quiet_discard`` first
  for each discard (``play`` when it declines) — µs per game, round set-up included;
* one step: each discard that ``quiet_discard`` applies, timed one call at a time inside a
  replay (the round warm in cache, as in an audit; net of an empty timer bracket), by
  ``Round.play`` or by ``quiet_discard`` — ns per discard. Target: compiled ``quiet_discard``
  ≤ 1,200 ns. (Copies of rounds made ahead of a timed loop are cold in cache and read ~3×
  slower: not what an audit sees.)
* the audit's replay loop (``xzcore.audit.compare.compare_events``' loop, without the comparison)
  over the recorded events of the same games: with ``quiet_discard`` for each discard, or
  with ``quiet_run`` taking the runs of events it can (quiet discards, all-pass and 碰
  windows, the discard of a window it leaves open to the loop, the 定缺 phase) and the loop
  the rest — µs per game.

    python -m pytest benchmarks/bench_quiet_steps.py --benchmark-only -q
    python benchmarks/bench_quiet_steps.py      # the same figures as a table (CPU time)
"""

from __future__ import annotations

import functools
import importlib
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from xzcore.audit import _replay_twin as _replay_twin
from xzcore.players.agents import GreedyAgent, SeatView
from xzcore.round.actions import _KIND, Action, action_of
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

RULES = RuleSet.preset("xuezhan")
GAMES = 200
Quiet = Callable[[Round, int, int], bool]
Game = tuple[list[int], int, list[Action]]  # wall, dealer, actions
Run = Callable[[Round, list[Any], int], int]


@functools.cache
def corpus(n: int = GAMES) -> tuple[Game, ...]:
    """The walls, dealers and actions of ``n`` greedy-bot games (seeds 0..n-1)."""
    games = []
    for seed in range(n):
        d = deal(seed)
        rnd = Round(RULES, d.wall, d.dealer)
        agents = [GreedyAgent(seed * 4 + s) for s in range(4)]
        views = [SeatView(rnd, s) for s in range(4)]
        actions = []
        while seats := rnd.to_act():
            a = agents[seats[0]].act(views[seats[0]])
            rnd.apply(a)
            actions.append(a)
        games.append((list(d.wall), d.dealer, actions))
    return tuple(games)


@functools.cache
def recorded() -> tuple[list[Any], ...]:
    """The events of the corpus games (what an audit reads back from their log)."""
    out = []
    for wall, dealer, actions in corpus():
        rnd = Round(RULES, wall, dealer)
        for a in actions:
            rnd.apply(a)
        out.append([dict(e) for e in rnd.events])
    return tuple(out)


def _quiet(backend: str, name: str = "quiet_discard") -> Any:
    if backend == "twin":
        return getattr(_replay_twin, name)
    try:
        module = importlib.import_module("xzcore.audit._replay")
    except ImportError:  # pragma: no cover - not built
        pytest.skip("compiled xzcore.audit._replay is not built")
        raise
    return getattr(module, name)


def _loop_event(rnd: Round, ev: Any, quiet: Quiet) -> None:
    """``compare_events``' loop body for one (well-formed, legal) recorded event, ``quiet``
    for each discard."""
    action = action_of(ev)
    if action is None:
        return
    if action.word == "dahai" and quiet(rnd, action.seat, action.tile):
        return
    rnd.play(action)


def audit_loop(games: tuple[Game, ...], events: tuple[list[Any], ...], quiet: Quiet) -> int:
    """The audit's replay loop over every game's events, ``quiet`` for each discard."""
    for (wall, dealer, _), evs in zip(games, events, strict=True):
        rnd = Round(RULES, wall, dealer)
        for ev in evs:
            _loop_event(rnd, ev, quiet)
    return len(games)


def audit_run(
    games: tuple[Game, ...], events: tuple[list[Any], ...], run: Run, quiet: Quiet
) -> int:
    """The same loop, ``run`` first from each index (the loop takes the event it stops
    at); returns how many times ``run`` stopped."""
    stops = 0
    for (wall, dealer, _), evs in zip(games, events, strict=True):
        rnd = Round(RULES, wall, dealer)
        n = len(evs)
        i = 0
        while (i := run(rnd, evs, i)) < n:
            _loop_event(rnd, evs[i], quiet)
            stops += 1
            i += 1
    return stops


def replay_play(games: tuple[Game, ...]) -> int:
    """Replay every game with ``Round.play`` alone; returns the number of actions."""
    n = 0
    for wall, dealer, actions in games:
        play = Round(RULES, wall, dealer).play
        for a in actions:
            play(a)
        n += len(actions)
    return n


def replay_quiet(games: tuple[Game, ...], quiet: Quiet) -> int:
    """Replay every game with ``quiet`` for each discard, ``Round.play`` when it declines;
    returns how many discards ``quiet`` applied."""
    applied = 0
    for wall, dealer, actions in games:
        rnd = Round(RULES, wall, dealer)
        play = rnd.play
        for a in actions:
            if a[0] == "dahai" and quiet(rnd, a[1], a[2]):
                applied += 1
            else:
                play(a)
    return applied


@functools.cache
def quiet_indices() -> tuple[frozenset[int], ...]:
    """For each game, the indices of the discards that ``quiet_discard`` applies (found on a
    separate replay, so that the timed replays start from the same state)."""
    out = []
    for wall, dealer, actions in corpus():
        rnd = Round(RULES, wall, dealer)
        found = set()
        for i, a in enumerate(actions):
            if a.word == "dahai" and _replay_twin.quiet_decline(rnd, a.seat, a.tile) is None:
                found.add(i)
            rnd.play(a)
        out.append(frozenset(found))
    return tuple(out)


def step_times(quiet: Quiet | None) -> list[int]:
    """The ns of each quiet discard, timed one by one inside a replay of the corpus (the
    round warm in cache, as in an audit) by ``quiet`` or, for ``None``, by ``Round.play``;
    net of an empty timer bracket (its median)."""
    clock = time.perf_counter_ns
    times, empty = [], []
    for (wall, dealer, actions), quiet_at in zip(corpus(), quiet_indices(), strict=True):
        rnd = Round(RULES, wall, dealer)
        play = rnd.play
        for i, a in enumerate(actions):
            if i not in quiet_at:
                play(a)
                t0 = clock()
                empty.append(clock() - t0)
            elif quiet is None:
                t0 = clock()
                play(a)
                times.append(clock() - t0)
            else:
                t0 = clock()
                done = quiet(rnd, a[1], a[2])
                times.append(clock() - t0)
                assert done
    base = int(statistics.median(empty))
    return [t - base for t in times]


# -- pytest-benchmark ------------------------------------------------------------------------


@pytest.mark.parametrize("way", ["play", "compiled", "twin"])
def test_replay_per_game(benchmark: Any, way: str) -> None:
    """One benchmarked call replays all 200 games: divide by 200 for µs per game."""
    games = corpus()
    if way == "play":
        benchmark.group = "quiet steps: replay 200 greedy games"
        benchmark.pedantic(replay_play, args=(games,), rounds=5, warmup_rounds=1)
        return
    quiet = _quiet(way)
    benchmark.group = "quiet steps: replay 200 greedy games"
    applied = benchmark.pedantic(replay_quiet, args=(games, quiet), rounds=5, warmup_rounds=1)
    assert applied > 30 * GAMES  # most discards take the quiet step


@pytest.mark.parametrize("backend", ["compiled", "twin"])
@pytest.mark.parametrize("way", ["quiet_discard", "quiet_run"])
def test_audit_loop_per_game(benchmark: Any, way: str, backend: str) -> None:
    """The audit's replay loop over all 200 games' events: divide by 200 for µs per game."""
    games, events = corpus(), recorded()
    quiet = _quiet(backend)
    benchmark.group = "quiet steps: the audit's replay loop, 200 greedy games"
    if way == "quiet_discard":
        benchmark.pedantic(audit_loop, args=(games, events, quiet), rounds=5, warmup_rounds=1)
        return
    run = _quiet(backend, "quiet_run")
    stops = benchmark.pedantic(
        audit_run, args=(games, events, run, quiet), rounds=5, warmup_rounds=1
    )
    assert stops < 10 * GAMES  # most events are taken in runs


# -- a table in CPU time ---------------------------------------------------------------------


def _cpu(fn: Callable[[], object], repeats: int) -> float:
    """Median CPU seconds of ``fn()`` over ``repeats`` runs (steadier than wall time)."""
    times = []
    for _ in range(repeats):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def main() -> int:
    games = corpus()
    ways: dict[str, Quiet | None] = {"play": None, "twin": _replay_twin.quiet_discard}
    try:
        ways["compiled"] = importlib.import_module("xzcore.audit._replay").quiet_discard
    except ImportError:
        print("(compiled xzcore.audit._replay is not built)")
    discards = sum(a.word == "dahai" for _, _, acts in games for a in acts)
    reasons: Counter[str] = Counter()
    for wall, dealer, actions in games:
        rnd = Round(RULES, wall, dealer)
        for a in actions:
            if a.word == "dahai":
                reasons[_replay_twin.quiet_decline(rnd, a.seat, a.tile) or "applied"] += 1
            rnd.play(a)
    print(f"{len(games)} greedy games, {discards} discards ({discards / len(games):.1f} a game)")
    print(
        "quiet_discard: " + ", ".join(f"{k} {v / discards:.1%}" for k, v in reasons.most_common())
    )
    print("| way | replay µs/game | quiet discard ns: median | mean |")
    print("|---|---|---|---|")
    for name, quiet in ways.items():
        if quiet is None:
            per_game = _cpu(functools.partial(replay_play, games), 5)
        else:
            per_game = _cpu(functools.partial(replay_quiet, games, quiet), 5)
        each = [t for _ in range(3) for t in step_times(quiet)]
        print(
            f"| {name} | {per_game / len(games) * 1e6:,.0f} "
            f"| {statistics.median(each):,.0f} | {statistics.mean(each):,.0f} |"
        )
    _loop_table(games)
    return 0


def _opens(rnd: Round, ev: dict[str, Any]) -> bool:
    """Is the discard ``ev`` one another seat can claim (the run then opens its window)?"""
    seat, tile = ev["actor"], _KIND[ev["pai"]]
    return _replay_twin.quiet_decline(rnd, seat, tile) == "claimable"


def _loop_table(games: tuple[Game, ...]) -> None:
    """Where quiet_run stops on the corpus, and the audit loop's µs per game both ways."""
    events = recorded()
    stops: Counter[str] = Counter()
    for (wall, dealer, _), evs in zip(games, events, strict=True):
        rnd = Round(RULES, wall, dealer)
        step_end = 0  # the events of a step taken are counted with its first
        for i, ev in enumerate(evs):
            reason, n = _replay_twin.run_decline(rnd, evs, i)
            if i < step_end:
                pass
            elif ev["type"] == "dahai":
                last = evs[i + n - 1]["type"] if n > 1 else ""
                if not reason and n == 1 and _opens(rnd, ev):
                    last = "open"
                kinds = {"": "quiet", "none": "all-pass window", "open": "window opened"}
                stops[reason or kinds.get(last, "碰 window")] += 1
            elif ev["type"] == "dingque":
                stops[f"dingque: {reason or 'the four taken'}"] += 1
            step_end = max(step_end, i + n)
            _loop_event(rnd, ev, _replay_twin.quiet_discard)
    print()
    print(
        "discards (and declarations) by quiet_run: "
        + ", ".join(f"{k} {v / len(games):.2f}/game" for k, v in stops.most_common())
    )
    print("| backend | audit loop, quiet_discard µs/game | audit loop, quiet_run µs/game |")
    print("|---|---|---|")
    for backend in ("compiled", "twin"):
        try:
            quiet, run = _quiet(backend), _quiet(backend, "quiet_run")
        except BaseException:  # pytest.skip outside pytest: not built
            continue
        old = _cpu(functools.partial(audit_loop, games, events, quiet), 5)
        new = _cpu(functools.partial(audit_run, games, events, run, quiet), 5)
        print(f"| {backend} | {old / len(games) * 1e6:,.0f} | {new / len(games) * 1e6:,.0f} |")


if __name__ == "__main__":
    sys.exit(main())
