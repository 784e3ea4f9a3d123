"""Many rounds of one seat stepped together in one process: a Gymnasium vector environment
(docs/env.md, "Many games at once"), what ``gymnasium.make_vec("xzcore/Xuezhan-v0",
num_envs=N)`` returns.

Env ``i`` is a :class:`~xzcore.env.single.SeatEnv`'s episodes exactly — the same rounds,
opponents' choices, observations, masks and rewards as a single env reset with the same seed
(``reset(seed=s)`` seeds env ``i`` with ``s + i``) — but the observations and masks of all N
come stacked in numpy arrays, so one batched policy call serves N games. An env whose episode
ended deals its next round in the same step (Gymnasium's ``SAME_STEP`` autoreset): the
returned row is the new episode's first observation; the last one is in
``infos["final_obs"]`` (stacked, valid where ``infos["_final_obs"]``), and the seat's money
for the round in ``infos["units"]`` (where ``infos["_units"]``).

>>> envs = SeatVectorEnv(num_envs=4, rules="xueliu")
>>> obs, infos = envs.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape, envs.action_masks().shape
((4, 37, 27), (4, 148), (4, 148))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xzcore.env._extra import np, require_rl, spaces
from xzcore.env.actions import N_ACTIONS
from xzcore.env.observation import BUFFER_SHAPE, N_PLANES, ROWS
from xzcore.env.render import table_text
from xzcore.env.seat import (
    Opponent,
    SeatGame,
    opponents_of,
    play_steps,
    rules_label,
    rules_of,
)
from xzcore.env.single import observation_space
from xzcore.rules import RuleSet

__all__ = ["SeatVectorEnv"]

try:
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError:  # without the [rl] extra: the module imports, no env is made
    VectorEnv = object  # type: ignore[assignment,misc]
    AutoresetMode = None  # type: ignore[assignment,misc]


class SeatVectorEnv(VectorEnv):
    """``num_envs`` rounds of one seat, stepped together; the keywords are
    :class:`~xzcore.env.single.SeatEnv`'s. ``step(actions)`` takes one index per env (one
    outside its env's mask is refused, as by ``SeatEnv``) and returns the stacked observations, the
    rewards (float64, whole units), the terminations, the truncations (never) and the infos."""

    # Gymnasium reads the metadata from the class.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
        "autoreset_mode": None if AutoresetMode is None else AutoresetMode.SAME_STEP,
    }

    def __init__(
        self,
        num_envs: int = 1,
        rules: RuleSet | str = "xuezhan",
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        kernel: Any = None,
        strict: bool = False,
    ) -> None:
        require_rl()
        if num_envs < 1:
            raise ValueError(f"num_envs: {num_envs} (expected at least 1)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} (expected None, 'ansi' or 'human')")
        self.rules = rules_of(rules)
        self.render_mode = render_mode
        self.num_envs = num_envs
        specs = opponents_of(opponents)
        self.games = [SeatGame(self.rules, seat, specs, kernel, strict) for _ in range(num_envs)]
        """One driver per env (:class:`~xzcore.env.seat.SeatGame`)."""
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        # Every env's planes in one array, each game's round writing its own row in place:
        # the N observations are then one take (the learning seat's rows), not N.
        self._planes = np.zeros((num_envs, *BUFFER_SHAPE), dtype=np.float32)
        for g, buffer in zip(self.games, self._planes, strict=True):
            g.buffer = buffer
        self._rows = ROWS[seat]
        self._mask = np.zeros((num_envs, N_ACTIONS), dtype=np.int8)
        self._masks = self._mask.view(np.uint8).reshape(-1).data.cast("B")  # flat bytes
        self._seeded = False

    def __repr__(self) -> str:
        g = self.games[0]
        return (
            f"SeatVectorEnv(num_envs={self.num_envs}, rules={rules_label(self.rules)!r}, "
            f"seat={g.seat}, opponents={g.opponents!r})"
        )

    def _show(self, i: int) -> None:
        """Bring env ``i``'s planes up to date and write its mask (its bytes) into the
        stacked masks."""
        g = self.games[i]
        g.refresh()
        self._masks[i * N_ACTIONS : (i + 1) * N_ACTIONS] = g.mask

    def _stacked(self) -> dict[str, Any]:
        """The observations (the learning seat's rows of every env's planes, new arrays)."""
        obs = self._planes.take(self._rows, axis=1)
        return {"observation": obs, "action_mask": self._mask.copy()}

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every env its next round: ``seed`` an int (env ``i`` starts its stream at
        ``seed + i``), one seed per env (``None``: that env's stream goes on), or ``None``."""
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"reset: {len(seeds)} seeds for {n} envs")
        if not self._seeded:  # unseeded envs: streams of a random seed
            fresh = np.random.SeedSequence().generate_state(n)
            seeds = [int(fresh[i]) if s is None else s for i, s in enumerate(seeds)]
            self._seeded = True
        for i, g in enumerate(self.games):
            if seeds[i] is not None:
                g.seed(int(seeds[i]))  # type: ignore[arg-type]
            g.deal()
            self._show(i)
        if self.render_mode == "human":
            self.render()
        return self._stacked(), {}

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """One decision in every env (``actions[i]`` for env ``i``); an env whose episode
        ends deals its next round at once (its last observation in ``infos``)."""
        n = self.num_envs
        rewards = [0] * n
        games = self.games
        masks = self._masks
        chosen = np.asarray(actions).astype(np.int64, copy=False).reshape(-1).tolist()
        if len(chosen) != n:
            raise ValueError(f"step: {len(chosen)} actions for {n} envs")
        ended = play_steps(games, chosen, rewards, masks)
        units: list[int] = []
        over: list[bool] = []
        final: dict[str, Any] = {}
        if ended:
            final = self._final_obs()
            for i in ended:  # the last observation, then the next round
                g = games[i]
                units.append(g.units)
                over.append(g.round.over)
                g.observe(final["observation"][i])
                g.deal()
                g.refresh()
                masks[i * N_ACTIONS : (i + 1) * N_ACTIONS] = g.mask
        terminations = np.zeros(n, dtype=np.bool_)
        terminations[ended] = True
        infos: dict[str, Any] = {}
        if ended:
            done = terminations.copy()
            infos["final_obs"] = final
            infos["_final_obs"] = done
            infos["units"] = np.zeros(n, dtype=np.int64)
            infos["units"][ended] = units
            infos["_units"] = done
            infos["round_over"] = np.zeros(n, dtype=np.bool_)
            infos["round_over"][ended] = over
            infos["_round_over"] = done
        if self.render_mode == "human":
            self.render()
        return (
            self._stacked(),
            np.array(rewards, dtype=np.float64),
            terminations,
            np.zeros(n, dtype=np.bool_),
            infos,
        )

    def _final_obs(self) -> dict[str, Any]:
        n = self.num_envs
        return {
            "observation": np.zeros((n, N_PLANES, 27), dtype=np.float32),
            "action_mask": np.zeros((n, N_ACTIONS), dtype=np.int8),
        }

    def action_masks(self) -> Any:
        """The legal indices of every env's decision at hand, ``(num_envs, N_ACTIONS)`` bool."""
        return self._mask.astype(bool)

    def set_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        """New opponents in every env from the next decision on (self-play's newer copy)."""
        for g in self.games:
            g.set_opponents(opponents)

    def render(self) -> tuple[str, ...] | None:
        """Each env's table as text (:func:`~xzcore.env.render.table_text`): returned under
        ``render_mode="ansi"``, printed under ``"human"``."""
        texts = tuple("" if g.round is None else table_text(g.round) for g in self.games)
        if self.render_mode == "human":
            for i, text in enumerate(texts):
                print(f"-- env {i}\n{text}")
            return None
        return texts
