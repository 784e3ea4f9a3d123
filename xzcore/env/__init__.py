"""The environments of one round of 血战到底 / 血流成河 (docs/env.md): a PettingZoo AEC
environment of the four seats (:class:`raw_env`, :func:`env`, here), and for one seat
against given opponents a Gymnasium environment (:class:`~xzcore.env.single.SeatEnv`) and
a vector environment of N rounds at once (:class:`~xzcore.env.vector.SeatVectorEnv`),
registered on import as the ids of :data:`PRESET_IDS` (``gymnasium.make`` and
``gymnasium.make_vec``). All share the action index, the observation and the engine.

The AEC env is built the way ``pettingzoo.classic.chess`` wraps python-chess:
:class:`raw_env` drives the engine (:func:`xzcore.leshan.round.new_round`: ``to_act``,
``legal_actions``, ``apply``, ``ledger``), :func:`env` adds PettingZoo's standard wrappers.
The agents are ``player_0`` … ``player_3`` (seat 0–3); the action space is
``Discrete(N_ACTIONS)`` with the fixed index of :mod:`xzcore.env.actions`; an observation is
``{"observation": (N_PLANES, 27) float32, "action_mask": (N_ACTIONS,) int8}``
(:mod:`xzcore.env.observation`), holding only what the seat may see
(:class:`~xzcore.players.agents.SeatView`). The mask is made from ``Round.legal_actions``
and nothing else, so it is the engine's legal set.

The engine asks several seats at once (换三张, 定缺, 飘, and the claims on a discard or a
补杠, R5.2/R5.3); the env asks them one at a time, in the order of ``Round.to_act()``, and
the engine resolves the claims (R5.3) once all asked seats have answered. A seat's answer is
not shown to the seats asked after it.

Rewards are the units each seat won or paid at the step (the ledger's change, R9); over a
round they sum to the round's totals, and over the seats to zero (R9.6). Every agent is
terminated at once, when the round ends, as in PettingZoo's classic environments (a 血战
winner is like a folded player of ``texas_holdem``: never asked again, R10.4, but in
``env.agents`` until the hand is over, so the round's end may still pay it, R10.1/R10.3);
the dead steps then come in seat order (PettingZoo's ``_deads_step_first`` and
``_was_dead_step``). In 血流 (R11.2) a winner plays on.

>>> e = raw_env(rules="xuezhan", seed=3)
>>> e.reset()
>>> e.agent_selection, int(e.action_space(e.agent_selection).n)
('player_0', 148)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, [int(i) for i in obs["action_mask"].nonzero()[0]]
((37, 27), [85, 86, 87])
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from xzcore.env._extra import AECEnv, np, require_rl, spaces, wrappers
from xzcore.env.actions import EXCHANGE_PICK, INDEX, N_ACTIONS, indices_of, pick_mask
from xzcore.env.observation import N_PLANES, Planes
from xzcore.env.render import table_text
from xzcore.env.seat import FrozenPolicy, rules_label, rules_of
from xzcore.env.single import SeatEnv, observation_space
from xzcore.env.vector import SeatVectorEnv
from xzcore.leshan.round import new_round
from xzcore.round.base import END, TURN
from xzcore.round.wall import Rng, deal
from xzcore.rules import RuleSet

__all__ = [
    "AGENTS",
    "N_ACTIONS",
    "N_PLANES",
    "PRESET_IDS",
    "BotPolicy",
    "FrozenPolicy",
    "SeatEnv",
    "SeatVectorEnv",
    "env",
    "raw_env",
]

AGENTS = ("player_0", "player_1", "player_2", "player_3")
"""The agents, seat 0–3."""
_SEAT = {name: s for s, name in enumerate(AGENTS)}
_EXCHANGE = "exchange"
_INT8: Any = None if np is None else np.dtype(np.int8)  # None without the [rl] extra


def _mask_of(options: dict[int, Any]) -> bytearray:
    """The mask of the indices ``options`` holds (1 at each), as a new buffer."""
    mask = bytearray(N_ACTIONS)
    for i in options:
        mask[i] = 1
    return mask


class BotPolicy:
    """A bot of :mod:`xzcore.players` (anything with ``act(view) -> Action``, e.g.
    :class:`~xzcore.players.agents.GreedyAgent`) as a policy of the environment:
    ``policy(env, agent)`` is the next index for ``agent`` — the bot decides on the seat's
    :class:`~xzcore.players.agents.SeatView`, and an ``exchange`` (R3.1) is played as its
    three picks (:func:`~xzcore.env.actions.indices_of`) over the agent's next three steps.
    ``env`` is a :class:`raw_env` or :func:`env`'s wrapper of one."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        """The bot that decides."""
        self._pending: dict[str, list[int]] = {}

    def __call__(self, environment: Any, agent: str) -> int:
        """The index ``agent`` plays now (one of the mask's)."""
        from xzcore.players.agents import SeatView

        pending = self._pending.get(agent)
        if not pending:
            rnd = environment.unwrapped.round
            pending = indices_of(self.bot.act(SeatView(rnd, _SEAT[agent])))
            self._pending[agent] = pending
        return pending.pop(0)


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` in PettingZoo's ``OrderEnforcingWrapper`` (the order of calls
    checked). An index outside the mask — out of range included — is refused by
    :class:`raw_env` itself (``ValueError``), so ``AssertOutOfBoundsWrapper`` would only
    check it twice."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """One round per episode. ``rules``: a :class:`~xzcore.rules.RuleSet` or the name of an
    R12 preset; ``seed``: the round generator's seed — each :meth:`reset` without a seed
    deals the next round of its stream (:func:`xzcore.round.wall.deal`), ``reset(seed=n)``
    starts the stream again at ``n``; ``kernel``: the kernel module of the rounds' hands
    (default ``xzcore.kernel.IMPL``). The engine's round is :attr:`round` (a ``Round`` or
    ``LeshanRound``)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "xzcore_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: RuleSet | str = "xuezhan",
        seed: int = 0,
        render_mode: str | None = None,
        kernel: ModuleType | None = None,
    ) -> None:
        require_rl()
        super().__init__()
        rules = rules_of(rules)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} (expected None, 'ansi' or 'human')")
        self.rules = rules
        self.kernel = kernel
        self.render_mode = render_mode
        self._rng = Rng(seed)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        action = spaces.Discrete(N_ACTIONS)
        obs = observation_space()
        self.action_spaces = dict.fromkeys(AGENTS, action)
        self.observation_spaces = dict.fromkeys(AGENTS, obs)
        self.round: Any = None

    def __repr__(self) -> str:
        return (
            f"raw_env(rules={rules_label(self.rules)!r}, render_mode={self.render_mode!r}, "
            f"round={self.round!r})"
        )

    # -- PettingZoo's API -----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the next round of the stream (``seed``: restart the stream there)."""
        if seed is not None:
            self._rng = Rng(seed)
        d = deal(0, self._rng)
        ex = d.exchange_direction if self.rules.exchange_three else None
        self.start(
            new_round(self.rules, d.wall, d.dealer, exchange_direction=ex, kernel=self.kernel)
        )

    def start(self, rnd: Any) -> None:
        """Begin an episode on a given round (a fresh one, or one already under way, e.g. a
        hand-arranged wall or a search's copy): the agents as the round stands."""
        self.round = rnd
        self._planes = Planes(rnd)
        self._picks: list[list[int]] = [[], [], [], []]
        self._asked = -1  # the seat whose options are cached in _options
        self._options: dict[int, Any] = {}
        self._mask = np.zeros(N_ACTIONS, dtype=_INT8)
        self._mask_shown = False
        self._paid = len(rnd.ledger)
        self._rewarded = False  # some reward of the last step is not zero
        self._totals = rnd.ledger.totals()
        self._skip_agent_selection: str | None = None  # PettingZoo's, for its dead steps
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        if rnd.over:
            self.agent_selection = AGENTS[0]
            self._end()
        else:
            self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s = _SEAT[agent]
        obs = self._planes.observe(s, self._picks[s])
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            if self._asked != s:
                self._options_of(s)
            if self._mask_shown:  # asked again at the same decision: a new one
                mask = np.frombuffer(_mask_of(self._options), _INT8)
            else:
                mask = self._mask
                self._mask_shown = True
        else:
            mask = np.zeros(N_ACTIONS, dtype=_INT8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # PettingZoo's: the next dead agent, in seat order
            return
        s = _SEAT[agent]
        if self._asked != s:
            self._options_of(s)
        i = int(action)
        chosen = self._options.get(i)
        if chosen is None:
            raise ValueError(f"action {i} is not legal for {agent} now (see its action_mask)")
        self._cumulative_rewards[agent] = 0
        rnd = self.round
        self._asked = -1
        if chosen is _EXCHANGE:  # one of the three 换三张 picks (R3.1)
            picks = self._picks[s]
            picks.append(i - EXCHANGE_PICK)
            if len(picks) < 3:
                if self._rewarded:
                    self._clear_rewards()
                    self._rewarded = False
                return  # the same seat picks again
            t = tuple(picks)
            chosen = next(a for a in rnd.legal_actions(s) if a.tiles == t)
            picks.clear()
        rnd.apply(chosen)
        ledger = rnd.ledger
        if len(ledger) != self._paid:  # money moved (R9): the ledger's change
            self._paid = len(ledger)
            totals = ledger.totals()
            old = self._totals
            self._totals = totals
            rewards = self.rewards
            for a in self.agents:
                seat = _SEAT[a]
                rewards[a] = totals[seat] - old[seat]
            if any(totals[x] != old[x] for x in range(4) if AGENTS[x] not in rewards):
                raise AssertionError("money reached a seat that has left the episode (R9.6)")
            self._accumulate_rewards()
            self._rewarded = True
        elif self._rewarded:  # the last step's rewards are spent: zeros
            self._clear_rewards()
            self._rewarded = False
        phase = rnd.phase
        if phase == TURN:  # _next_agent's answer on a turn
            self.agent_selection = AGENTS[rnd.cur]
        elif phase == END:
            self._end()
        else:
            self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (:func:`~xzcore.env.render.table_text`: every seat's tiles,
        melds, discards and units, then the round's last three events, one a line): the
        table's view, for debugging, not a seat's. Returned under ``render_mode="ansi"``,
        printed under ``"human"``."""
        text = "" if self.round is None else table_text(self.round)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- the engine behind it -------------------------------------------------------------

    def _options_of(self, s: int) -> tuple[dict[int, Any], np.ndarray]:
        """Seat ``s``'s legal actions by index and the mask of them (cached per decision)."""
        if self._asked != s:
            legal = self.round.legal_actions(s)
            options: dict[int, Any]
            if legal and legal[0].word == "exchange":
                options = {EXCHANGE_PICK + k: _EXCHANGE for k in pick_mask(legal, self._picks[s])}
                mask = _mask_of(options)
            else:  # the options and their mask (_mask_of) in one pass
                options = {}
                mask = bytearray(N_ACTIONS)
                index = INDEX
                for a in legal:
                    i = index[a]
                    options[i] = a
                    mask[i] = 1
            self._mask = np.frombuffer(mask, _INT8)  # a new array per decision
            self._mask_shown = False
            self._options = options
            self._asked = s
        return self._options, self._mask

    def _end(self) -> None:
        """The round is over: every agent is terminated, and the first in seat order takes
        its dead step first (PettingZoo's ``_deads_step_first``, as its classic envs do)."""
        for a in self.agents:
            self.terminations[a] = True
        self._deads_step_first()

    def _next_agent(self) -> str:
        """The next seat the engine asks (the round is not over)."""
        rnd = self.round
        if rnd.phase == TURN:  # Round.to_act() on a turn: the seat on turn alone
            return AGENTS[rnd.cur]
        return AGENTS[rnd.to_act()[0]]


PRESET_IDS = {
    "xzcore/Xuezhan-v0": "xuezhan",
    "xzcore/ChengduClassic-v0": "chengdu-classic",
    "xzcore/Xueliu-v0": "xueliu",
    "xzcore/Leshan-v0": "leshan",
}
"""The Gymnasium ids registered on import (R12 presets): ``gymnasium.make(id, seat=,
opponents=, rules=)`` gives a :class:`~xzcore.env.single.SeatEnv`, ``gymnasium.make_vec(id,
num_envs=N)`` a :class:`~xzcore.env.vector.SeatVectorEnv`."""


def _register() -> None:
    """Register :data:`PRESET_IDS` with Gymnasium (once; nothing without the [rl] extra)."""
    try:
        import gymnasium
    except ImportError:
        return
    for env_id, preset in PRESET_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="xzcore.env.single:SeatEnv",
                vector_entry_point="xzcore.env.vector:SeatVectorEnv",
                kwargs={"rules": preset},
            )


_register()
