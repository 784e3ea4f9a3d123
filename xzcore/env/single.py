"""One seat of a round as a Gymnasium environment (docs/env.md, "One seat: Gymnasium").

The learner plays one seat; the other three are played by the given opponents
(:mod:`xzcore.env.seat`: built-in bots by name, bots, or callables on the seat's
observation). A step is one decision of the learner; its reward is every unit the seat won or
paid since its last decision (R9), so the rewards of an episode add up to the seat's money for
the round, ``info["units"]`` at its last step. The episode ends when the round ends for the
seat: 血战, its win (or, when the round's end may still pay it, R10.1/R10.3, the round's end)
or the round's end; 血流, the round's end (R10.4, R11.2). There is no truncation.

>>> e = SeatEnv(rules="xuezhan", opponents="random")
>>> obs, info = e.reset(seed=3)
>>> obs["observation"].shape, bool((e.action_masks() == obs["action_mask"].astype(bool)).all())
((37, 27), True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xzcore.env._extra import np, require_rl, spaces
from xzcore.env.actions import N_ACTIONS
from xzcore.env.observation import N_PLANES, NUMBERS, SEATS
from xzcore.env.render import table_text
from xzcore.env.seat import Opponent, SeatGame, opponents_of, rules_label, rules_of
from xzcore.rules import RuleSet

__all__ = ["LegalDiscrete", "SeatEnv", "observation_space"]

try:
    from gymnasium import Env
except ImportError:  # without the [rl] extra: the module imports, no env is made
    Env = object  # type: ignore[assignment,misc]


def observation_space() -> Any:
    """One seat's observation: the planes (:mod:`xzcore.env.observation`) and its mask.
    Every plane's cell lies in 0–108 (counts, flags, the wall's tiles) but the seats' units
    (R9), which have no fixed bound: float32's whole range."""
    low = np.zeros((N_PLANES, 27), dtype=np.float32)
    high = np.full((N_PLANES, 27), 108, dtype=np.float32)
    units = [SEATS + 8 * i + NUMBERS for i in range(4)]
    low[units, 0] = np.finfo(np.float32).min
    high[units, 0] = np.finfo(np.float32).max
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
        }
    )


class LegalDiscrete(spaces.Discrete if spaces is not None else object):  # type: ignore[misc]
    """``Discrete(N_ACTIONS)`` whose :meth:`sample` without a mask draws among the legal
    indices of the decision at hand (``legal()``, the environment's mask), so a random agent
    written as ``env.action_space.sample()`` plays legally."""

    def __init__(self, legal: Callable[[], Any], seed: int | None = None) -> None:
        super().__init__(N_ACTIONS, seed=seed)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is None and probability is None:
            legal = self._legal()
            if legal is not None and legal.any():
                mask = legal
        return super().sample(mask=mask, probability=probability)


class SeatEnv(Env):
    """One seat (``seat``, 0–3) of rounds under ``rules`` (a :class:`~xzcore.rules.RuleSet`
    or an R12 preset's name) against ``opponents`` (one for all three seats, or three for the
    seats after ``seat`` in play order; default ``"random"``). Each :meth:`reset` without a
    seed deals the next round of the stream (:func:`xzcore.round.wall.deal`), ``reset(seed=n)``
    starts it again at ``n`` (and the built-in bots' choices with it). An action outside the
    mask is refused: nothing is played, the reward is 0 and the seat is asked again
    (``info["refused"]``; Gymnasium's ``check_env`` steps any index of the space), or, with
    ``strict=True``, ``ValueError``. The round being played is :attr:`round`."""

    # Gymnasium reads the metadata from the class.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: RuleSet | str = "xuezhan",
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        kernel: Any = None,
        strict: bool = False,
    ) -> None:
        require_rl()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} (expected None, 'ansi' or 'human')")
        self.rules = rules_of(rules)
        self.render_mode = render_mode
        self.game = SeatGame(self.rules, seat, opponents_of(opponents), kernel, strict)
        """The driver: the round, the seat's options and the opponents."""
        self.observation_space = observation_space()
        self.action_space = LegalDiscrete(self._legal)
        self._seeded = False

    def __repr__(self) -> str:
        g = self.game
        return (
            f"SeatEnv(rules={rules_label(self.rules)!r}, seat={g.seat}, "
            f"opponents={g.opponents!r}, render_mode={self.render_mode!r})"
        )

    __str__ = __repr__  # Gymnasium's Env.__str__ names only the class

    @property
    def seat(self) -> int:
        """The learning seat."""
        return self.game.seat

    @property
    def round(self) -> Any:
        """The engine's round being played (a ``Round`` or ``LeshanRound``)."""
        return self.game.round

    def _legal(self) -> Any:
        return np.frombuffer(self.game.mask, dtype=np.int8)

    def _obs(self) -> dict[str, Any]:
        g = self.game
        return {"observation": g.observe(), "action_mask": np.frombuffer(bytes(g.mask), np.int8)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal the next round of the stream (``seed``: start the stream again there) and play
        the others up to the seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self.game.seed(seed)
        elif not self._seeded:  # unseeded: a stream of Gymnasium's own random seed
            self.game.seed(int(self.np_random.integers(2**31)))
        self._seeded = True
        self.game.deal()
        if self.render_mode == "human":
            self.render()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], int, bool, bool, dict[str, Any]]:
        """Play the seat's index ``action`` (one of its mask's) and the others up to its next
        decision: the observation, the units won or paid since the last decision, whether
        the seat's round is over, ``False`` (no truncation), and at the end ``units`` (the
        seat's money for the round, the sum of the episode's rewards), ``totals`` (each
        seat's units when the episode ended) and ``round_over``."""
        g = self.game
        reward = g.act(int(action))
        info: dict[str, Any] = {"refused": True} if g.refused else {}
        if g.done:
            rnd = g.round
            info = {"units": g.units, "totals": rnd.ledger.totals(), "round_over": rnd.over}
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, g.done, False, info

    def action_masks(self) -> Any:
        """The legal indices of the decision at hand as booleans (sb3-contrib's
        ``MaskablePPO`` reads it; all False once the episode is over)."""
        return np.frombuffer(self.game.mask, dtype=np.bool_).copy()

    def set_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        """Play against new opponents from the next decision on (e.g. a newer
        :class:`~xzcore.env.seat.FrozenPolicy` in self-play)."""
        self.game.set_opponents(opponents)

    def render(self) -> str | None:
        """The table as text (:func:`~xzcore.env.render.table_text`): returned under
        ``render_mode="ansi"``, printed under ``"human"``."""
        text = "" if self.game.round is None else table_text(self.game.round)
        if self.render_mode == "human":
            print(text)
            return None
        return text
