"""Helpers for the environment tests: the indices the engine's legal set maps to, the
checks made at every decision, and a driver that plays an episode at random."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from xzcore.env import AGENTS, raw_env
from xzcore.env.actions import EXCHANGE_PICK, HORA, action_at, index_of, pick_mask
from xzcore.env.observation import Planes
from xzcore.leshan.bots import LeshanAgent
from xzcore.players.agents import GreedyAgent, SeatView


def seat_of(agent: str) -> int:
    return AGENTS.index(agent)


def mask_indices(obs: dict[str, np.ndarray]) -> set[int]:
    return {int(i) for i in np.flatnonzero(obs["action_mask"])}


def expected_indices(e: raw_env, seat: int) -> set[int]:
    """The indices of ``Round.legal_actions(seat)``, checked to be one apiece (a bijection on
    the legal set) and to map back to the same action; for 换三张, the next pick's kinds."""
    legal = e.round.legal_actions(seat)
    if legal and legal[0].word == "exchange":
        picks = e._picks[seat]
        return {EXCHANGE_PICK + k for k in pick_mask(legal, picks)}
    indices = [index_of(a) for a in legal]
    assert len(set(indices)) == len(indices), f"two legal actions share an index: {legal}"
    for a, i in zip(legal, indices, strict=True):
        assert action_at(i, seat, a.tile) == a
    return set(indices)


def check_decision(e: raw_env) -> dict[str, np.ndarray]:
    """At the agent's decision: its mask is the legal set's indices, and its observation
    equals one rebuilt from scratch (the incremental planes agree with the view)."""
    agent = e.agent_selection
    seat = seat_of(agent)
    obs = e.observe(agent)
    assert mask_indices(obs) == expected_indices(e, seat)
    fresh = Planes(e.round).observe(seat, e._picks[seat])
    np.testing.assert_array_equal(obs["observation"], fresh)
    for other in AGENTS:  # nobody else may act: their masks are empty
        if other != agent:
            assert not e.observe(other)["action_mask"].any()
    return obs


Chooser = Callable[[random.Random, raw_env, list[int]], int]


def uniform(rng: random.Random, e: raw_env, legal: list[int]) -> int:
    return rng.choice(legal)


_BOT = LeshanAgent(GreedyAgent(0))


def mixed(rng: random.Random, e: raw_env, legal: list[int]) -> int:
    """Mostly the greedy bot's choice (so hands get ready and win), sometimes any legal
    index; a win on offer is passed three times in ten (so seats get pass-locked, R7.4)."""
    if HORA in legal and len(legal) > 1:
        return HORA if rng.random() < 0.7 else rng.choice([i for i in legal if i != HORA])
    if rng.random() < 0.15:
        return rng.choice(legal)
    seat = seat_of(e.agent_selection)
    a = _BOT.act(SeatView(e.round, seat))
    if a.word == "exchange":
        picks = e._picks[seat]
        i = EXCHANGE_PICK + a.tiles[len(picks)]
        return i if list(a.tiles[: len(picks)]) == picks and i in legal else rng.choice(legal)
    return index_of(a)


def play_episode(
    e: raw_env,
    rng: random.Random,
    *,
    check: bool = True,
    choose: Chooser = uniform,
    on_decision: Callable[[raw_env, set[int]], None] | None = None,
) -> dict[str, int]:
    """Play the episode at random; returns each agent's summed rewards. With ``check``,
    every decision is checked (:func:`check_decision`) and every step is checked to be the
    engine's action: the same events as a copy of the round given that action."""
    got = dict.fromkeys(AGENTS, 0)
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        if check:
            obs = check_decision(e)
        legal = sorted(mask_indices(obs))
        if on_decision is not None:
            on_decision(e, set(legal))
        i = choose(rng, e, legal)
        seat = seat_of(agent)
        before = e.round.copy() if check else None
        action: Any = e._options_of(seat)[0][i]
        if action == "exchange":  # a pick: the third makes the engine's exchange (R3.1)
            tiles = (*e._picks[seat], i - EXCHANGE_PICK)
            action = None
            if len(tiles) == 3:
                action = next(a for a in e.round.legal_actions(seat) if a.tiles == tiles)
        mark = len(e.round.events)
        e.step(i)
        if before is not None and action is not None:
            before.apply(action)
            assert before.events[mark:] == e.round.events[mark:]
        for a, r in e.rewards.items():
            got[a] += r
        assert sum(e.rewards.values()) == 0  # R9.6 at every step
    return got
