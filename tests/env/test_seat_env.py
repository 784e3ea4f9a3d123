"""The single-seat Gymnasium environment (issue 26 item 1): Gymnasium's ``check_env`` on every
registered id, the ``make`` keywords, the opponents (bots by name, bot objects, callables on
the seat's observation, a frozen copy of a model), refused actions, rendering — and, over
seeded episodes on every preset, that the rewards add up to the seat's money for the round
(R9) and that every mask is the seat's ``Round.legal_actions`` and every observation the one
built from scratch."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env

from xzcore.backend import BACKEND
from xzcore.env import PRESET_IDS, FrozenPolicy, SeatEnv
from xzcore.env.actions import EXCHANGE_PICK, HORA, action_at, index_of, pick_mask
from xzcore.env.observation import Planes
from xzcore.round.base import END
from xzcore.rules import RuleSet

# Compiled, 2,000 episodes a preset; the twin backend a smaller share.
EPISODES = 2000 if BACKEND == "cython" else 200


@pytest.mark.parametrize("env_id", list(PRESET_IDS))
def test_gymnasium_check_env(env_id: str) -> None:
    e = gym.make(env_id)
    assert e.unwrapped.rules == RuleSet.preset(PRESET_IDS[env_id])
    check_env(e.unwrapped)  # warnings are errors here (pytest's filterwarnings)


def test_make_takes_rules_seat_and_opponents() -> None:
    rules = RuleSet.preset("xueliu", exchange_three=False)
    e = gym.make(
        "xzcore/Xueliu-v0", rules=rules, seat=2, opponents=["greedy", "random", "careless"]
    )
    u = e.unwrapped
    assert isinstance(u, SeatEnv) and u.rules == rules and u.seat == 2
    assert repr(u) == (
        "SeatEnv(rules='xueliu(exchange_three=False)', seat=2, "
        "opponents=['greedy', 'random', 'careless'], render_mode=None)"
    )
    obs, info = e.reset(seed=5)
    assert info == {} and e.observation_space.contains(obs)
    assert u.round.to_act()[0] == 2 or u.round.cur == 2  # the seat is the one asked
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        SeatEnv(opponents="nobody")
    with pytest.raises(ValueError, match="give one, or three"):
        SeatEnv(opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat: 4"):
        SeatEnv(seat=4)
    with pytest.raises(TypeError, match="a bot's name, a bot"):
        SeatEnv(opponents=3)


def _expected(rnd: Any, seat: int, picks: list[int]) -> set[int]:
    """The indices of ``Round.legal_actions(seat)``, one apiece, each naming its action."""
    legal = rnd.legal_actions(seat)
    if legal and legal[0].word == "exchange":
        return {EXCHANGE_PICK + k for k in pick_mask(legal, picks)}
    out = {index_of(a) for a in legal}
    assert len(out) == len(legal)
    for a in legal:
        assert action_at(index_of(a), seat, a.tile) == a
    return out


def _finish(rnd: Any, rng: random.Random) -> None:
    """Play the rest of a round at random (after a 血战 seat's episode ended at its win)."""
    while rnd.phase != END:
        s = rnd.to_act()[0]
        rnd.apply(rng.choice(rnd.legal_actions(s)))


def _on_observation(seen: list[int]) -> Any:
    """A policy on the seat's observation: any index of its mask, the mask checked."""
    rng = random.Random(7)

    def policy(obs: dict[str, np.ndarray]) -> int:
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal and obs["observation"].shape == (37, 27)
        seen.append(len(legal))
        return int(rng.choice(legal))

    return policy


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
def test_rewards_add_up_to_the_seats_money_and_masks_are_the_legal_sets(preset: str) -> None:
    seen: list[int] = []
    opponents: list[Any] = ["random", "greedy", _on_observation(seen)]
    rng = random.Random(preset)
    ended_at_win = played_out = 0
    envs = [SeatEnv(rules=preset, seat=s, opponents=opponents) for s in range(4)]
    for ep in range(EPISODES):
        e = envs[ep % 4]
        seat = e.seat
        obs, _ = e.reset(seed=ep)
        total = 0
        steps = 0
        done = False
        while not done:
            rnd = e.round
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            assert set(legal) == _expected(rnd, seat, e.game.picks[seat])
            assert (e.action_masks() == obs["action_mask"].astype(bool)).all()
            if ep < 100:  # the planes kept up to date equal planes built from scratch
                fresh = Planes(rnd).observe(seat, e.game.picks[seat])
                np.testing.assert_array_equal(obs["observation"], fresh)
            i = HORA if HORA in legal and rng.random() < 0.8 else rng.choice(legal)
            obs, reward, done, truncated, info = e.step(i)
            assert not truncated and isinstance(reward, int)
            total += reward
            steps += 1
        assert not obs["action_mask"].any() and not e.action_masks().any()
        rnd = e.round
        assert total == info["units"] == rnd.ledger.totals()[seat]
        assert info["round_over"] == rnd.over
        if not rnd.over:  # 血战: the seat won, and nothing at the round's end can pay it
            assert rnd.won[seat] and not e.rules.xueliu
            ended_at_win += 1
            _finish(rnd, rng)
        else:
            played_out += 1
        assert total == rnd.result().totals[seat]  # the seat's money for the round (R9)
    assert seen  # the policy on observations was asked
    rules = RuleSet.preset(preset)
    if preset == "xuezhan":  # both ends of a 血战 episode were reached
        assert ended_at_win and played_out
    elif rules.xueliu or rules.huazhu_payees.value == "all":  # the round's end alone
        assert not ended_at_win


def test_a_xuezhan_winner_owed_money_plays_to_the_round_end() -> None:
    # huazhu_payees = all: a 花猪 pays winners too (R10.1), so the episode goes on (the seat
    # never asked again) to the round's end, and that money is in the rewards.
    e = SeatEnv(rules=RuleSet.preset("xuezhan", huazhu_payees="all"), opponents="greedy")
    rng = random.Random(3)
    won = 0
    for ep in range(60):
        obs, _ = e.reset(seed=ep)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            obs, _r, done, _t, info = e.step(HORA if HORA in legal else rng.choice(legal))
        assert info["round_over"]
        won += e.round.won[0]
    assert won


def test_a_refused_action_plays_nothing_and_strict_raises() -> None:
    e = SeatEnv(rules="xuezhan")
    obs, _ = e.reset(seed=2)
    events = len(e.round.events)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, done, _t, info = e.step(illegal)
    assert (reward, done, info) == (0, False, {"refused": True})
    assert len(e.round.events) == events
    np.testing.assert_array_equal(obs["observation"], obs2["observation"])
    np.testing.assert_array_equal(obs["action_mask"], obs2["action_mask"])
    strict = SeatEnv(rules="xuezhan", strict=True)
    strict.reset(seed=2)
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for seat 0"):
        strict.step(illegal)


def test_action_space_sample_draws_a_legal_index() -> None:
    e = SeatEnv(rules="leshan")
    e.reset(seed=1)
    e.action_space.seed(0)
    for _ in range(200):
        a = e.action_space.sample()
        assert e.action_masks()[a]
        _obs, _r, done, _t, _i = e.step(a)
        if done:
            e.reset()


class _FakeNet:
    """A stand-in for a network with Stable-Baselines3's ``predict``: the highest index."""

    def __init__(self) -> None:
        self.bias = 0

    def predict(self, obs: Any, action_masks: Any = None, deterministic: bool = False) -> Any:
        return int(np.flatnonzero(action_masks)[-1 - self.bias % 2]), None


class _FakeModel:
    def __init__(self) -> None:
        self.policy = _FakeNet()


def test_a_frozen_copy_plays_as_it_was_copied() -> None:
    model = _FakeModel()
    frozen = FrozenPolicy(model)
    model.policy.bias = 1  # the learner trains on; the copy does not change
    assert frozen.predictor is not model.policy and frozen.predictor.bias == 0
    e = SeatEnv(rules="xueliu", opponents=frozen)
    obs, _ = e.reset(seed=4)
    done = False
    while not done:
        obs, _r, done, _t, _i = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.round.over
    e.set_opponents("greedy")
    assert e.game.opponents == ["greedy"] * 3


def test_seeded_resets_replay_and_unseeded_resets_go_on() -> None:
    def trace(e: SeatEnv, seed: int | None, n: int) -> list[bytes]:
        obs, _ = e.reset(seed=seed)
        rng = random.Random(1)
        out = []
        for _ in range(n):
            out.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            obs, _r, done, _t, _i = e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            if done:
                obs, _ = e.reset()
        return out

    a, b = SeatEnv(opponents="random"), SeatEnv(opponents="random")
    assert trace(a, 9, 150) == trace(b, 9, 150)
    assert trace(a, None, 50) == trace(b, None, 50)  # the streams go on alike
    assert trace(a, 9, 20) != trace(a, 10, 20)


def test_render_ansi_and_human(capsys: pytest.CaptureFixture[str]) -> None:
    e = SeatEnv(render_mode="ansi")
    e.reset(seed=1)
    assert e.render().startswith("dingque: 55 tiles in the wall")
    h = SeatEnv(render_mode="human")
    h.reset(seed=1)
    assert capsys.readouterr().out.startswith("dingque: 55 tiles in the wall")
    with pytest.raises(ValueError, match="render_mode 'rgb_array'"):
        SeatEnv(render_mode="rgb_array")
