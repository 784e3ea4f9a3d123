"""A PettingZoo AEC environment of one round of 血战到底 / 血流成河 (docs/env.md).

Built the way ``pettingzoo.classic.chess`` wraps python-chess: :class:`raw_env` drives the
engine (:func:`xzcore.leshan.round.new_round`: ``to_act``, ``legal_actions``, ``apply``,
``ledger``), :func:`env` adds PettingZoo's standard wrappers. The agents are ``player_0`` …
``player_3`` (seat 0–3); the action space is ``Discrete(N_ACTIONS)`` with the fixed index of
:mod:`xzcore.env.actions`; an observation is ``{"observation": (N_PLANES, 27) float32,
"action_mask": (N_ACTIONS,) int8}`` (:mod:`xzcore.env.observation`), holding only what the
seat may see (:class:`~xzcore.players.agents.SeatView`). The mask is made from
``Round.legal_actions`` and nothing else, so it is the engine's legal set.

The engine asks several seats at once (换三张, 定缺, 飘, and the claims on a discard or a
补杠, R5.2/R5.3); the env asks them one at a time, in the order of ``Round.to_act()``, and
the engine resolves the claims (R5.3) once all asked seats have answered. A seat's answer is
not shown to the seats asked after it.

Rewards are the units each seat won or paid at the step (the ledger's change, R9); over a
round they sum to the round's totals, and over the seats to zero (R9.6). In 血战 a winner is
terminated at its win (never asked again) and leaves ``env.agents`` with its next (dead)
step: at once, or, when the round's end may still pay it (a 花猪 pays winners too under
``huazhu_payees = all``, R10.1; gang money it paid may be refunded to it, R10.3), once the
round is over, so that those units reach it. In 血流 (R11.2) a winner plays on.

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
from xzcore.env.seat import FrozenPolicy
from xzcore.env.single import SeatEnv, observation_space
from xzcore.env.vector import SeatVectorEnv
from xzcore.leshan.round import new_round
from xzcore.round.base import END, TURN
from xzcore.round.wall import Rng, deal
from xzcore.rules import HuazhuPayees, RuleSet

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
        "render_modes": ["ansi"],
        "name": "xzcore_v0",
        "is_parallelizable": False,
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
        if isinstance(rules, str):
            rules = RuleSet.preset(rules)
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet or a preset name, not {type(rules).__name__}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} (expected None or 'ansi')")
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
        self._gone = [False] * 4  # terminated (a 血战 winner, or the round over)
        self._stays = [False] * 4  # terminated, but R10 money may still reach it
        self._dying = 0  # terminated agents still in self.agents (their dead step to come)
        self._wins = rnd.n_won  # the round's winners (Round.won) as last marked
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._mark_terminated()
        self.agent_selection = self._next_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s = _SEAT[agent]
        obs = self._planes.observe(s, self._picks[s])
        if agent == self.agent_selection and not self._gone[s]:
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
            self._dead_step(agent, action)
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
        if rnd.n_won != self._wins or phase == END:  # a new winner, or the round over
            self._wins = rnd.n_won
            self._mark_terminated()
        if phase == TURN and not self._dying:  # _next_agent's answer on a turn
            self.agent_selection = AGENTS[rnd.cur]
        else:
            self.agent_selection = self._next_agent()

    def render(self) -> str:
        """The round's last three events as text, one a line (``render_mode="ansi"``): the
        table's view, for debugging, not a seat's (``start_kyoku``'s wall and dealt hands
        left out for length)."""
        if self.round is None:
            return ""
        tail = self.round.events[-3:]
        return "\n".join(
            " ".join(f"{k}={v}" for k, v in e.items() if k not in ("wall", "tehais")) for e in tail
        )

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

    def _mark_terminated(self) -> None:
        """Terminate each new 血战 winner, and everybody once the round is over."""
        rnd = self.round
        over = rnd.over
        xueliu = self.rules.xueliu
        for s in range(4):
            if not self._gone[s] and (over or (rnd.won[s] and not xueliu)):
                self._gone[s] = True
                self._stays[s] = not over and self._may_be_paid(s)
                self.terminations[AGENTS[s]] = True
                self._dying += 1

    def _dead_step(self, agent: str, action: Any) -> None:
        """A terminated agent's last step (``None``): it leaves ``env.agents``; next comes
        the next agent whose dead step is due, or the seat the engine asks (PettingZoo's
        ``_was_dead_step`` would pick any terminated agent, even one still owed money)."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        for table in (
            self.terminations, self.truncations, self.rewards, self._cumulative_rewards,
            self.infos,
        ):  # fmt: skip
            del table[agent]
        self.agents.remove(agent)
        self._dying -= 1
        self._clear_rewards()
        self._rewarded = False
        if self.agents:
            self.agent_selection = self._next_agent()

    def _may_be_paid(self, s: int) -> bool:
        """Whether the round's end may still pay seat ``s``, a 血战 winner (no longer in
        play): a 花猪 pays winners too under ``huazhu_payees = all`` (R10.1), and a seat
        still in play that received gang money from ``s`` may have to refund it (R10.3)."""
        rules = self.rules
        if rules.huazhu_payees is HuazhuPayees.ALL:
            return True
        in_play = self.round.in_play
        return rules.refund_gang_money and any(
            in_play[g.ganger] for g in self.round.ledger.gang_income() if g.payer == s
        )

    def _next_agent(self) -> str:
        """The next seat the engine asks; before it, any terminated agent whose dead step is
        due (at once, or at the round's end when a late payment may still reach it)."""
        rnd = self.round
        phase = rnd.phase
        if phase == TURN:  # Round.to_act() on a turn: the seat on turn alone
            live: str | None = AGENTS[rnd.cur]
        else:
            ask = rnd.to_act()
            live = AGENTS[ask[0]] if ask else None
        if self._dying:  # some agent's dead step may be due
            over = phase == END  # Round.over
            stays = self._stays
            for a in self.agents:
                if self.terminations[a] and (over or not stays[_SEAT[a]]):
                    return a
        assert live is not None
        return live


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
