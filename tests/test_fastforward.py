"""The quiet discard (xzcore.fastforward): exactly ``Round.play`` of the discard, or a decline
that changes nothing — on both backends (compiled ``xzcore._replay`` and the twin)."""

from __future__ import annotations

import importlib
import os
from collections import Counter
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from xzcore import _replay_reference as twin
from xzcore import fastforward
from xzcore.actions import Action
from xzcore.agents import GreedyAgent, RandomAgent, SeatView
from xzcore.round import Round
from xzcore.round_base import CLAIM, END
from xzcore.rules import RuleSet
from xzcore.wall import deal

QuietFn = Callable[[Round, int, int], bool]

_MODULES = {"cython": "xzcore._replay", "python": "xzcore._replay_reference"}

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
            pytest.skip("compiled xzcore._replay is not built")
        raise


@pytest.fixture(params=list(_MODULES))
def quiet(request: pytest.FixtureRequest) -> QuietFn:
    """``quiet_discard`` of one backend: compiled or twin."""
    fn: QuietFn = _quiet_module(request.param).quiet_discard
    return fn


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
    if kind == "greedy":
        return [GreedyAgent(seed * 4 + s) for s in range(4)]
    return [RandomAgent(seed * 4 + s) for s in range(4)]


def _actions(rnd: Round, agents: list[Any]) -> Iterator[Action]:
    """The bots' actions, one at a time, each chosen on ``rnd`` as it stands."""
    views = [SeatView(rnd, s) for s in range(4)]
    while seats := rnd.to_act():
        yield agents[seats[0]].act(views[seats[0]])


def lockstep(
    quiet: QuietFn, rules: RuleSet, seed: int, bots: str = "greedy", kernel: Any = None
) -> Counter[str]:
    """Play one bot game on round A with ``play`` and, in lockstep, on round B with ``quiet``
    for every discard (``play`` when it declines); after every action A and B must be in
    the same state. Returns how often ``quiet`` applied (``"applied"``) or declined (by the
    twin's reason, plus ``"claimable_quiet"`` when a claimable discard opened no window)."""
    a = _new_round(rules, seed, kernel)
    b = _new_round(rules, seed, kernel)
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


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS[:6])
def test_lockstep_random(quiet: QuietFn, preset: str, overrides: dict[str, Any]) -> None:
    rules = _rules(preset, overrides)
    seen: Counter[str] = Counter()
    for seed in range(100, 104):
        seen += lockstep(quiet, rules, seed, "random")
    assert seen["applied"] > 0, seen


def test_twin_hands_also_work() -> None:
    """The twin applies the step on rounds of either kernel."""
    ref = importlib.import_module("xzcore._reference")
    seen = lockstep(twin.quiet_discard, RuleSet(), 7, kernel=ref)
    assert seen["applied"] > 0


def test_selector_backend() -> None:
    """The selector takes the compiled step unless told not to, or it is not built."""
    try:
        importlib.import_module("xzcore._replay")
        built = True
    except ImportError:
        built = False
    want = "cython" if built and not os.environ.get("XZ_PUREPYTHON") else "python"
    assert want == fastforward.BACKEND
    mod = "xzcore._replay" if want == "cython" else "xzcore._replay_reference"
    assert fastforward.quiet_discard is importlib.import_module(mod).quiet_discard
    if os.environ.get("XZ_REQUIRE_COMPILED"):
        assert fastforward.BACKEND == "cython"
