"""The vector environment (issue 26 item 2): ``gymnasium.make_vec`` gives our own
:class:`SeatVectorEnv`, whose env ``i`` plays exactly the episodes of a single
:class:`SeatEnv` reset with the same seed — observations, masks, rewards, terminations, the
last observation and the seat's money of each episode — across its same-step autoresets, with
everything stacked in numpy arrays."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
import numpy as np

from xzcore.backend import BACKEND
from xzcore.env import SeatEnv, SeatVectorEnv
from xzcore.rules import RuleSet


def test_make_vec_gives_the_stacked_vector_env() -> None:
    envs = gym.make_vec("xzcore/Leshan-v0", num_envs=3, seat=1, opponents="greedy")
    assert isinstance(envs, SeatVectorEnv) and envs.num_envs == 3
    assert envs.rules == RuleSet.preset("leshan")
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=0)
    assert infos == {} and envs.observation_space.contains(obs)
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (3, 37, 27)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (3, 148)
    assert (envs.action_masks() == obs["action_mask"].astype(bool)).all()
    assert repr(envs) == (
        "SeatVectorEnv(num_envs=3, rules='leshan', seat=1, "
        "opponents=['greedy', 'greedy', 'greedy'])"
    )


def _choices(n: int) -> list[random.Random]:
    return [random.Random(100 + i) for i in range(n)]


def _pick(rng: random.Random, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize(
    ("preset", "opponents"),
    [("xuezhan", "random"), ("xueliu", "greedy"), ("leshan", ["random", "careless", "greedy"])],
)
def test_env_by_env_the_episodes_of_single_envs(preset: str, opponents: Any) -> None:
    n, seed, steps = 5, 11, 300 if BACKEND == "cython" else 100
    envs = SeatVectorEnv(num_envs=n, rules=preset, seat=2, opponents=opponents)
    singles = [SeatEnv(rules=preset, seat=2, opponents=opponents) for _ in range(n)]
    obs, _ = envs.reset(seed=seed)
    single_obs = [e.reset(seed=seed + i)[0] for i, e in enumerate(singles)]
    vrng, srng = _choices(n), _choices(n)
    episodes = 0
    for _ in range(steps):
        for i in range(n):
            np.testing.assert_array_equal(obs["observation"][i], single_obs[i]["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], single_obs[i]["action_mask"])
        actions = np.array([_pick(vrng[i], obs["action_mask"][i]) for i in range(n)])
        obs, rewards, terms, truncs, infos = envs.step(actions)
        assert rewards.dtype == np.float64 and not truncs.any()
        for i, e in enumerate(singles):
            o, r, done, _t, info = e.step(_pick(srng[i], single_obs[i]["action_mask"]))
            assert (rewards[i], terms[i]) == (r, done)
            if done:
                episodes += 1
                assert infos["_final_obs"][i] and infos["_units"][i]
                np.testing.assert_array_equal(
                    infos["final_obs"]["observation"][i], o["observation"]
                )
                assert infos["units"][i] == info["units"]
                assert infos["round_over"][i] == info["round_over"]
                o, _ = e.reset()  # the vector env dealt the next round of the stream
            elif infos:
                assert not infos["_final_obs"][i] and not infos["_units"][i]
            single_obs[i] = o
    assert episodes >= n * steps // 60  # autoresets, several an env


def test_reset_takes_a_seed_per_env() -> None:
    envs = SeatVectorEnv(num_envs=3)
    a, _ = envs.reset(seed=[4, None, 6])
    single = SeatEnv()
    first, _ = single.reset(seed=4)
    np.testing.assert_array_equal(a["observation"][0], first["observation"])
    third, _ = single.reset(seed=6)
    np.testing.assert_array_equal(a["observation"][2], third["observation"])
    with pytest.raises(ValueError, match="2 seeds for 3 envs"):
        envs.reset(seed=[1, 2])


def test_step_takes_one_action_per_env() -> None:
    envs = SeatVectorEnv(num_envs=3)
    obs, _ = envs.reset(seed=1)
    events = [len(g.round.events) for g in envs.games]
    legal = [_pick(random.Random(0), m) for m in obs["action_mask"]]
    for wrong in (legal[:2], [*legal, legal[0]]):
        with pytest.raises(ValueError, match=f"step: {len(wrong)} actions for 3 envs"):
            envs.step(wrong)
    assert [len(g.round.events) for g in envs.games] == events  # nothing was played
    # Whole numbers as floats are taken as ints, e.g. 换三张 picks (R3.1) under 血流.
    floats, ints = SeatVectorEnv(num_envs=3, rules="xueliu"), SeatVectorEnv(3, rules="xueliu")
    obs, _ = floats.reset(seed=1)
    ints.reset(seed=1)
    legal = [_pick(random.Random(0), m) for m in obs["action_mask"]]
    got = floats.step(np.array(legal, dtype=np.float64))
    want = ints.step(legal)
    assert all(type(k) is int for g in floats.games for k in g.picks[0])
    np.testing.assert_array_equal(got[0]["observation"], want[0]["observation"])
    np.testing.assert_array_equal(got[1], want[1])


def test_returned_arrays_are_the_callers() -> None:
    envs = SeatVectorEnv(num_envs=2)
    obs, _ = envs.reset(seed=0)
    kept = obs["observation"].copy()
    obs2, *_ = envs.step([_pick(random.Random(0), m) for m in obs["action_mask"]])
    np.testing.assert_array_equal(obs["observation"], kept)  # not overwritten by the step
    obs2["observation"][:] = -1  # and changing them does not reach the env
    assert (
        envs.step([_pick(random.Random(0), m) for m in envs.action_masks()])[0]["observation"] >= 0
    ).all()


def test_render_ansi_gives_each_envs_table() -> None:
    envs = SeatVectorEnv(num_envs=2, render_mode="ansi")
    envs.reset(seed=3)
    texts = envs.render()
    assert len(texts) == 2 and all(t.startswith("dingque: 55 tiles in the wall") for t in texts)
