"""``xzcore.env._seat`` (compiled) against its twin ``xzcore.env._seat_twin``: the same
episodes from both drivers — the same rounds (event for event), rewards, units, refusals,
masks and observations — over random seeds, presets, opponents (random and other bots, a
policy on observations, a mix) and learner choices that include indices outside the mask;
``play_steps`` over many games the same stacked masks, rewards and ended games; the same
errors."""

from __future__ import annotations

import random
from typing import Any

import pytest
from compiled_helpers import compiled_or_skip
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.env import _seat_twin
from xzcore.env.actions import N_ACTIONS
from xzcore.env.opponents import opponents_of
from xzcore.rules import PRESETS, RuleSet

np = pytest.importorskip("numpy")


def _first_legal(obs: dict[str, Any]) -> int:
    """A policy seat that plays its mask's last legal index (an exchange: three picks)."""
    return int(np.flatnonzero(obs["action_mask"])[-1])


OPPONENTS: list[Any] = [
    "random",
    "greedy",
    ["random", "careless", "random"],
    ["random", _first_legal, "efficient"],
]


def _game(module: Any, preset: str, seat: int, opponents: Any, strict: bool = False) -> Any:
    return module.SeatGame(RuleSet.preset(preset), seat, opponents_of(opponents), None, strict)


def _state(g: Any, look: bool) -> tuple[Any, ...]:
    """What a user of the driver sees after a step (``look``: its options too, which the
    compiled driver builds only when asked on a turn of discards only)."""
    rnd = g.round
    return (
        g.done,
        g.units,
        g.refused,
        bytes(g.mask),
        sorted(g.options.items()) if look else None,
        [list(p) for p in g.picks],
        list(rnd.events),
        list(rnd.ledger.totals()),
        g.observe().tobytes(),
    )


def _index(rng: random.Random, mask: bytearray) -> Any:
    """The learner's index: one of the mask's, now and then any index, or a legal one as
    numpy's int, which a dict look-up finds all the same."""
    legal = [k for k in range(N_ACTIONS) if mask[k]]
    roll = rng.random()
    if roll < 0.05:
        return rng.randrange(N_ACTIONS)
    k = rng.choice(legal)
    if roll < 0.1:
        return np.int64(k)
    return k


def _episodes(module: Any, preset: str, seat: int, opp: Any, seed: int, steps: int) -> list[Any]:
    """Episodes of one driver: the learner's index drawn from its mask, every step's reward
    and state."""
    g = _game(module, preset, seat, opp)
    g.seed(seed)
    rng = random.Random(seed)
    seen: list[Any] = []
    g.deal()
    seen.append(_state(g, True))
    for _ in range(steps):
        if g.done:
            g.deal()
            seen.append(("deal", _state(g, rng.random() < 0.3)))
            continue
        index = _index(rng, g.mask)
        seen.append((index, g.act(index), _state(g, rng.random() < 0.3)))
    return seen


@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 3),
    st.sampled_from(range(len(OPPONENTS))),
    st.integers(0, 2**32 - 1),
)
@settings(max_examples=40, deadline=None)
def test_both_drivers_play_the_same_episodes(preset: str, seat: int, opp: int, seed: int) -> None:
    compiled = compiled_or_skip("xzcore.env._seat")
    twin = _episodes(_seat_twin, preset, seat, OPPONENTS[opp], seed, 200)
    fast = _episodes(compiled, preset, seat, OPPONENTS[opp], seed, 200)
    assert fast == twin


def _stepped(module: Any, preset: str, n: int, seed: int, batches: int) -> list[Any]:
    """``play_steps`` over ``n`` games on one stacked buffer of masks; an ended game is
    dealt its next round by the caller, as the vector env does."""
    games = [_game(module, preset, 0, "random") for _ in range(n)]
    masks = bytearray(n * N_ACTIONS)
    for i, g in enumerate(games):
        g.seed(seed + i)
        g.deal()
        masks[i * N_ACTIONS : (i + 1) * N_ACTIONS] = g.mask
    rng = random.Random(seed)
    seen: list[Any] = []
    for _ in range(batches):
        actions = [_index(rng, masks[i * N_ACTIONS : (i + 1) * N_ACTIONS]) for i in range(n)]
        rewards = [0] * n
        ended = module.play_steps(games, actions, rewards, memoryview(masks))
        seen.append((actions, rewards, ended, bytes(masks), [g.units for g in games]))
        for i in ended:
            games[i].deal()
            masks[i * N_ACTIONS : (i + 1) * N_ACTIONS] = games[i].mask
    return seen


@given(st.sampled_from(sorted(PRESETS)), st.integers(1, 6), st.integers(0, 2**32 - 1))
@settings(max_examples=20, deadline=None)
def test_play_steps_steps_many_games_as_the_twin(preset: str, n: int, seed: int) -> None:
    compiled = compiled_or_skip("xzcore.env._seat")
    assert _stepped(compiled, preset, n, seed, 40) == _stepped(_seat_twin, preset, n, seed, 40)


def _error(call: Any, *args: Any) -> Any:
    try:
        call(*args)
    except Exception as e:
        return type(e), str(e)
    return None


@pytest.mark.parametrize("preset", ["xuezhan", "leshan"])
def test_both_drivers_refuse_alike(preset: str) -> None:
    """A seat outside 0-3, a step after the episode, an illegal index under ``strict``, or a
    mask buffer too short: the same error from both."""
    compiled = compiled_or_skip("xzcore.env._seat")
    rules = RuleSet.preset(preset)
    for module in (_seat_twin, compiled):
        for seat in (-1, 4, True, "0"):
            assert _error(module.SeatGame, rules, seat, ["random"] * 3) == (
                ValueError,
                f"seat: {seat!r} (expected 0-3)",
            )
    outcomes = []
    for module in (_seat_twin, compiled):
        g = _game(module, preset, 1, "random", strict=True)
        seen = [_error(g.act, 0)]  # before any round: the episode is over
        g.seed(7)
        g.deal()
        illegal = next(k for k in range(N_ACTIONS) if not g.mask[k])
        seen.append(_error(g.act, illegal))
        short = memoryview(bytearray(3))
        seen.append(_error(module.play_steps, [g], [min(g.options)], [0], short))
        outcomes.append(seen)
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == (ValueError, "the episode is over: reset() deals the next round")
    assert outcomes[0][1] == (
        ValueError,
        f"action {illegal} is not legal for seat 1 now (see its action_mask)",
    )
    assert outcomes[0][2][0] is ValueError  # the memoryview's own error
