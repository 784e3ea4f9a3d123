"""The quiet discard (xzcore.audit.replay): exactly ``Round.play`` of the discard, or a decline
that changes nothing — on both backends (compiled ``xzcore.audit._replay`` and the twin)."""

from __future__ import annotations

import importlib
import os
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore import kernel as core
from xzcore.audit import _replay_twin as twin
from xzcore.leshan import round as leshan_round
from xzcore.leshan.bots import LeshanAgent
from xzcore.leshan.round import LeshanRound
from xzcore.players.agents import GreedyAgent, RandomAgent, SeatView
from xzcore.round.actions import Action
from xzcore.round.base import CLAIM, DINGQUE, END, EXCHANGE, TURN
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

_MODULES = {"cython": "xzcore.audit._replay", "python": "xzcore.audit._replay_twin"}
_KERNELS = {"cython": "xzcore.kernel._core", "python": "xzcore.kernel._core_twin"}


class QuietFn:
    """One backend's ``quiet_discard``, with the kernel its rounds are built on (the compiled
    step works on the compiled kernel's hands; the twin on either)."""

    def __init__(self, fn: Callable[[Round, int, int], bool], kernel: ModuleType) -> None:
        self.fn = fn
        self.kernel = kernel

    def __call__(self, rnd: Round, seat: Any, tile: Any) -> bool:
        return self.fn(rnd, seat, tile)


# Every non-Leshan preset, and option variants of R12 that touch the discard/draw step.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("xuezhan", {}),
    ("chengdu-classic", {}),
    ("xueliu", {}),
    ("xuezhan", {"last_round_win": "off"}),
    ("xuezhan", {"last_round_win": "forced", "last_round_scope": "discard"}),
    ("xuezhan", {"last_round_win": "forced", "last_round_tiles": 12}),
    ("xuezhan", {"last_round_win": "forfeit", "last_round_scope": "any"}),
    ("xuezhan", {"last_round_win": "forfeit", "last_round_tiles": 16}),
    ("xuezhan", {"pass_hu": "strict"}),
    ("xuezhan", {"pass_hu": "off", "multi_ron": False}),
    ("xuezhan", {"exchange_three": True}),
    ("xuezhan", {"declare_void": False}),
    ("xuezhan", {"tian_di_hu": True, "dihu_on_dealer_discard": True}),
    ("xuezhan", {"tian_di_hu": False}),
    ("chengdu-classic", {"last_round_win": "forced", "last_round_tiles": 8}),
    ("xueliu", {"pass_hu": "strict", "last_round_scope": "discard"}),
    ("xueliu", {"last_round_win": "forfeit", "exchange_three": False}),
    ("xueliu", {"declare_void": False, "last_round_win": "off"}),
]


def _quiet_module(name: str) -> ModuleType:
    try:
        return importlib.import_module(_MODULES[name])
    except ImportError:
        if name == "cython" and not os.environ.get("XZ_REQUIRE_COMPILED"):
            pytest.skip("compiled xzcore.audit._replay is not built")
        raise


@pytest.fixture(params=list(_MODULES))
def quiet(request: pytest.FixtureRequest) -> QuietFn:
    """``quiet_discard`` of one backend: compiled (on the compiled kernel) or twin (on the
    kernel ``xzcore.kernel`` selects)."""
    fn = _quiet_module(request.param).quiet_discard
    name = "cython" if request.param == "cython" else core.BACKEND
    return QuietFn(fn, importlib.import_module(_KERNELS[name]))


# -- comparing states ------------------------------------------------------------------------


def _hand_state(h: Any) -> tuple[Any, ...]:
    """What a hand holds, and the kernel's answers from its incremental keys."""
    n = h.size
    answers: tuple[Any, ...] = ()
    if n % 3 == 1:
        answers = (h.waits(0),)
    elif n % 3 == 2:
        answers = (h.is_win(),)
    return (type(h), h.counts(), h.void, n, *answers)


def state(rnd: Round) -> dict[str, Any]:
    """Every attribute of the round, hands by their contents (a snapshot: copies)."""
    out: dict[str, Any] = {}
    for key, value in vars(rnd).items():
        if key == "hands":
            out[key] = [_hand_state(h) for h in value]
        elif key == "events":
            out[key] = [dict(e) for e in value]
        elif isinstance(value, list):
            out[key] = [v.copy() if isinstance(v, list | set) else v for v in value]
        elif isinstance(value, dict):
            out[key] = dict(value)
        else:
            out[key] = value
    return out


def assert_same(a: Any, b: Any, where: str = "state") -> None:
    """Equal, type for type and (for dicts) key order for key order."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, dict):
        assert list(a) == list(b), f"{where}: keys {list(a)} != {list(b)}"
        for key in a:
            assert_same(a[key], b[key], f"{where}[{key!r}]")
    elif isinstance(a, list | tuple) and not hasattr(a, "_fields"):
        assert len(a) == len(b), f"{where}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            assert_same(x, y, f"{where}[{i}]")
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


# -- the lockstep replay ---------------------------------------------------------------------


def _new_round(rules: RuleSet, seed: int, kernel: ModuleType | None = None) -> Round:
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    return Round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel)


def _agents(kind: str, seed: int) -> list[Any]:
    """``greedy``, ``random`` (takes every win) or ``passive`` (random, wins included: it
    passes wins, which brings R7.4 locks and R5.7 forfeits)."""
    if kind == "greedy":
        return [GreedyAgent(seed * 4 + s) for s in range(4)]
    return [RandomAgent(seed * 4 + s, take_wins=kind == "random") for s in range(4)]


def _actions(rnd: Round, agents: list[Any]) -> Iterator[Action]:
    """The bots' actions, one at a time, each chosen on ``rnd`` as it stands."""
    views = [SeatView(rnd, s) for s in range(4)]
    while seats := rnd.to_act():
        yield agents[seats[0]].act(views[seats[0]])


def lockstep(quiet: QuietFn, rules: RuleSet, seed: int, bots: str = "greedy") -> Counter[str]:
    """Play one bot game on round A with ``play`` and, in lockstep, on round B with ``quiet``
    for every discard (``play`` when it declines); after every action A and B must be in
    the same state. Returns how often ``quiet`` applied (``"applied"``) or declined (by the
    twin's reason, plus ``"claimable_quiet"`` when a claimable discard opened no window)."""
    a = _new_round(rules, seed, quiet.kernel)
    b = _new_round(rules, seed, quiet.kernel)
    seen: Counter[str] = Counter()
    for action in _actions(a, _agents(bots, seed)):
        a.play(action)
        if action.word == "dahai":
            reason = twin.quiet_decline(b, action.seat, action.tile)
            before = state(b)
            done = quiet(b, action.seat, action.tile)
            assert done is (reason is None), (reason, done)
            if done:
                seen["applied"] += 1
            else:
                assert_same(state(b), before, "declined")
                b.play(action)
                seen[reason or "?"] += 1
                if reason == "claimable" and a.phase != CLAIM:
                    seen["claimable_quiet"] += 1
        else:
            b.play(action)
        assert_same(state(b), state(a))
    assert a.phase == END
    return seen


def _rules(preset: str, overrides: dict[str, Any]) -> RuleSet:
    return RuleSet.preset(preset, **overrides)


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_lockstep_greedy(quiet: QuietFn, preset: str, overrides: dict[str, Any]) -> None:
    rules = _rules(preset, overrides)
    seen: Counter[str] = Counter()
    for seed in range(6):
        seen += lockstep(quiet, rules, seed, "greedy")
    discards = sum(v for k, v in seen.items() if k != "claimable_quiet")
    assert seen["applied"] > discards // 2, seen  # the common step is taken, not declined


@pytest.mark.parametrize("bots", ["random", "passive"])
@pytest.mark.parametrize(("preset", "overrides"), VARIANTS[:8])
def test_lockstep_random(quiet: QuietFn, preset: str, overrides: dict[str, Any], bots: str) -> None:
    rules = _rules(preset, overrides)
    seen: Counter[str] = Counter()
    for seed in range(100, 104):
        seen += lockstep(quiet, rules, seed, bots)
    assert seen["applied"] > 0, seen


def test_twin_hands_also_work() -> None:
    """The twin applies the step on rounds of either kernel."""
    ref = importlib.import_module("xzcore.kernel._core_twin")
    seen = lockstep(QuietFn(twin.quiet_discard, ref), RuleSet(), 7)
    assert seen["applied"] > 0


# -- declines: False, and nothing changed ------------------------------------------------------


def _states(
    rules: RuleSet, seeds: range, bots: str = "greedy", kernel: Any = None
) -> Iterator[tuple[Round, Action]]:
    """Every state of the bot games of ``seeds`` (played with ``play``) with the action about
    to be played; the round is the live one: copy what you need before going on."""
    for seed in seeds:
        d = deal(seed)
        direction = d.exchange_direction if rules.exchange_three else None
        rnd = leshan_round.new_round(  # a LeshanRound under R13 rules
            rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel
        )
        agents = _agents(bots, seed)
        if isinstance(rnd, LeshanRound):
            agents = [LeshanAgent(a) for a in agents]
        for action in _actions(rnd, agents):
            yield rnd, action
            rnd.play(action)
        yield rnd, _NO_ACTION


_NO_ACTION = Action("none", 0)


def assert_declines(quiet: QuietFn, rnd: Round, seat: Any, tile: Any) -> None:
    before = state(rnd)
    assert quiet(rnd, seat, tile) is False
    assert_same(state(rnd), before, "declined")


def _first(
    pred: Callable[[Round, Action], bool], kernel: ModuleType, limit: int = 60
) -> Iterator[tuple[Round, Action]]:
    """The first ``limit`` states of the greedy games of seeds 0-39 where ``pred`` holds."""
    found = 0
    for rnd, action in _states(RuleSet(), range(40), "greedy", kernel):
        if pred(rnd, action):
            found += 1
            yield rnd, action
            if found == limit:
                return
    assert found, "no such state in 40 games"


def _quiet_discard(rnd: Round, a: Action) -> bool:
    return a.word == "dahai" and twin.quiet_decline(rnd, a.seat, a.tile) is None


def test_declines_subclass(quiet: QuietFn) -> None:
    """LeshanRound (R13) overrides the turn: never the quiet step, even for a quiet discard."""
    rules = RuleSet.preset("leshan")
    n = 0
    for rnd, a in _states(rules, range(3), kernel=quiet.kernel):
        if a.word == "dahai":
            assert type(rnd) is LeshanRound
            assert_declines(quiet, rnd, a.seat, a.tile)
            n += 1
    assert n > 50


def test_declines_bad_arguments(quiet: QuietFn) -> None:
    rnd, a = next(_first(_quiet_discard, quiet.kernel))
    for seat, tile in [
        (True, a.tile),
        (a.seat, True),
        (float(a.seat), a.tile),
        (a.seat, float(a.tile)),
        (a.seat + 4, a.tile),
        (a.seat - 4, a.tile),
        (a.seat, a.tile + 27),
        (a.seat, -1),
        (a.seat, 1 << 70),
        (-(1 << 70), a.tile),
        (None, a.tile),
        (a.seat, "1m"),
    ]:
        assert_declines(quiet, rnd, seat, tile)
    assert quiet(rnd, a.seat, a.tile) is True  # the right one is taken


def test_declines_out_of_turn_and_not_held(quiet: QuietFn) -> None:
    for n, (rnd, a) in enumerate(_first(_quiet_discard, quiet.kernel)):
        c = rnd.hands[a.seat].counts()
        for other in range(4):
            if other != a.seat:
                assert_declines(quiet, rnd, other, a.tile)  # R5.1
        for k in range(27):
            if not c[k]:
                assert_declines(quiet, rnd, a.seat, k)  # R5.1: not held
        if n == 20:
            break


def test_declines_kept_suit_while_holding_void(quiet: QuietFn) -> None:
    """R4.2: while the seat holds its void suit, a tile of another suit may not go."""

    def holds_void(rnd: Round, a: Action) -> bool:
        if a.word != "dahai":
            return False
        v = rnd.voids[a.seat]
        c = rnd.hands[a.seat].counts()
        return v >= 0 and any(c[9 * v : 9 * v + 9])

    n = 0
    for rnd, a in _first(holds_void, quiet.kernel):
        v = rnd.voids[a.seat]
        c = rnd.hands[a.seat].counts()
        kept = [k for k in range(27) if c[k] and k // 9 != v]
        for k in kept:
            assert_declines(quiet, rnd, a.seat, k)
        n += len(kept)
    assert n > 0


def test_declines_outside_a_turn(quiet: QuietFn) -> None:
    """During the exchange and void phases, in a claim window and after the end."""
    rules = RuleSet.preset("xuezhan", exchange_three=True)
    phases: Counter[int] = Counter()
    for rnd, _ in _states(rules, range(4), kernel=quiet.kernel):
        if rnd.phase == TURN:
            continue
        phases[rnd.phase] += 1
        for seat in range(4):
            c = rnd.hands[seat].counts()
            for k in {k for k in range(27) if c[k]}:
                assert_declines(quiet, rnd, seat, k)
    assert {EXCHANGE, DINGQUE, CLAIM, END} <= set(phases), phases


def test_declines_a_claimable_discard(quiet: QuietFn) -> None:
    """R5.2: another seat holds a pair of the tile, or wins on it: the engine opens claims
    (or works out that it need not); never the quiet step."""
    n = 0
    for rnd, a in _first(
        lambda r, a: a.word == "dahai" and twin.quiet_decline(r, a.seat, a.tile) == "claimable",
        quiet.kernel,
    ):
        assert any(
            rnd.in_play[o] and rnd.hands[o].claimable(a.tile) for o in range(4) if o != a.seat
        )
        assert_declines(quiet, rnd, a.seat, a.tile)
        n += 1
    assert n > 20


def test_declines_the_last_discard(quiet: QuietFn) -> None:
    """R5.6: the discard after the wall's last tile ends the round (then R10)."""
    n = 0
    for rnd, a in _first(lambda r, a: a.word == "dahai" and r.pos >= 108, quiet.kernel):
        assert_declines(quiet, rnd, a.seat, a.tile)
        n += 1
    assert n > 0


def test_declines_final_round_win_in_hand(quiet: QuietFn) -> None:
    """R5.7 with scope ``any``: holding a self-draw win in the final round, the discard is
    illegal (forced) or forfeits the win (forfeit): left to the engine either way."""
    n = 0
    for lrw in ("forced", "forfeit"):
        rules = RuleSet.preset("xuezhan", last_round_win=lrw, last_round_tiles=30)
        for rnd, _ in _states(rules, range(30), "passive", quiet.kernel):
            if rnd.phase == TURN and rnd.final and rnd.hands[rnd.cur].is_win():
                c = rnd.hands[rnd.cur].counts()
                for k in {k for k in range(27) if c[k]}:
                    assert_declines(quiet, rnd, rnd.cur, k)
                    n += 1
    assert n > 0


def test_declines_a_locked_winner_keeping_the_drawn_tile(quiet: QuietFn) -> None:
    """R11.2: a 血流 winner discards the tile it drew; any other discard is illegal."""
    rules = RuleSet.preset("xueliu")
    n = 0
    for rnd, _ in _states(rules, range(10), kernel=quiet.kernel):
        s = rnd.cur
        if rnd.phase == TURN and rnd.won[s] and not rnd._must_discard:
            c = rnd.hands[s].counts()
            for k in range(27):
                if c[k] and k != rnd.drawn:
                    assert_declines(quiet, rnd, s, k)
                    n += 1
    assert n > 0


def _prime(quiet: QuietFn, rules: RuleSet) -> None:
    """One quiet discard taken on a round of ``rules`` (the step reads its rules' facts)."""
    for rnd, a in _states(rules, range(1), "greedy", quiet.kernel):
        if _quiet_discard(rnd, a):
            assert quiet(rnd, a.seat, a.tile) is True
            return


def test_declines_by_each_rounds_own_rules_after_a_round_of_other_rules(quiet: QuietFn) -> None:
    """The facts read of a round's rules are that round's, not the last round's: R11.2 (a
    血流 winner keeps to its drawn tile) after a 血战 round, R5.7 forced after a 血流 one."""
    n = 0
    for rnd, _ in _states(RuleSet.preset("xueliu"), range(10), kernel=quiet.kernel):
        s = rnd.cur
        if rnd.phase == TURN and rnd.won[s] and not rnd._must_discard:
            c = rnd.hands[s].counts()
            for k in range(27):
                if c[k] and k != rnd.drawn:
                    _prime(quiet, RuleSet.preset("xuezhan"))
                    assert_declines(quiet, rnd, s, k)
                    n += 1
    rules = RuleSet.preset("xuezhan", last_round_win="forced", last_round_tiles=30)
    for rnd, _ in _states(rules, range(30), "passive", quiet.kernel):
        if rnd.phase == TURN and rnd.final and rnd.hands[rnd.cur].is_win():
            for k in {k for k, m in enumerate(rnd.hands[rnd.cur].counts()) if m}:
                _prime(quiet, RuleSet.preset("xueliu"))
                assert_declines(quiet, rnd, rnd.cur, k)
                n += 1
    assert n > 0


def test_compiled_declines_rounds_on_the_twin_kernel() -> None:
    """The compiled step updates the compiled kernel's hands only."""
    replay = _quiet_module("cython")
    ref = importlib.import_module("xzcore.kernel._core_twin")
    n = 0
    for rnd, a in _states(RuleSet(), range(2), kernel=ref):
        if _quiet_discard(rnd, a):
            assert_declines(replay.quiet_discard, rnd, a.seat, a.tile)
            n += 1
    assert n > 50


# -- both backends, on probes of every kind -----------------------------------------------------


@given(
    seed=st.integers(0, 10**6),
    variant=st.sampled_from(VARIANTS),
    bots=st.sampled_from(["greedy", "random", "passive"]),
    probes=st.lists(st.tuples(st.integers(0, 9), st.integers(-1, 4), st.integers(-1, 27))),
)
def test_backends_agree(
    seed: int,
    variant: tuple[str, dict[str, Any]],
    bots: str,
    probes: list[tuple[int, int, int]],
) -> None:
    """Compiled and twin on two rounds in lockstep: at each of the game's first turns a probe
    (mostly the bot's discard, else another held tile, else any seat and tile) must get the
    same answer from both and leave the same state; then the bot's action goes on."""
    compiled = _quiet_module("cython").quiet_discard
    rules = _rules(*variant)
    kernel = importlib.import_module(_KERNELS["cython"])
    a = _new_round(rules, seed, kernel)
    b = _new_round(rules, seed, kernel)
    todo = list(probes)
    for action in _actions(a, _agents(bots, seed)):
        if todo and a.phase == TURN:
            how, seat, tile = todo.pop()
            held = [k for k, n in enumerate(a.hands[a.cur].counts()) if n]
            if how < 6 and action.word == "dahai":
                seat, tile = action.seat, action.tile
            elif how < 9:
                seat, tile = a.cur, held[tile % len(held)]
            done = compiled(a, seat, tile)
            assert twin.quiet_discard(b, seat, tile) is done
            assert_same(state(b), state(a))
            if done:
                continue  # the bot decides again, on the new state
        a.play(action)
        b.play(action)
    assert_same(state(b), state(a))


def test_the_kernel_hand_holds_what_the_compiled_step_updates() -> None:
    """xzcore/audit/_replay.pyx updates a Hand's counts, suit keys, size and waits cache as
    ``Hand.add``/``Hand.remove`` do: if the kernel's Hand gains state (xzcore/kernel/_core.pxd), the
    compiled step must learn to keep it too. This test names the state it knows."""
    pxd = (Path(core.__file__).parent / "_core.pxd").read_text()
    block = pxd.split("cdef class Hand:", 1)[1]
    declared = [line.split("#")[0] for line in block.splitlines() if line.strip()]
    fields = [d.split()[-1] for d in declared if "(" not in d]  # not its methods
    assert fields == ["c[27]", "k[3]", "n", "v", "wmask", "wmask_ok"]


def test_declines_a_hand_the_kernel_refuses(quiet: QuietFn) -> None:
    """A damaged round (a hand of a size no turn leaves) is the engine's to report: the quiet
    step declines without raising or changing anything, and ``play`` meets the error."""
    n = 0
    for rnd, a in _first(_quiet_discard, quiet.kernel):
        o = (a.seat + 1) % 4
        h = rnd.hands[o]
        if h.count(a.tile) >= 2:
            continue
        h.remove(next(k for k, c in enumerate(h.counts()) if c and k != a.tile))
        assert_declines(quiet, rnd, a.seat, a.tile)
        with pytest.raises(ValueError, match="is_win_with"):
            rnd.play(a)
        n += 1
        break
    assert n == 1
