"""The learning seat's opponents and the rules of a seat env, as the envs take them
(docs/env.md, "One seat: Gymnasium"): :func:`opponents_of` checks what is given,
:class:`FrozenPolicy` is a frozen copy of a trained model for self-play.

An opponent is one of:

- the name of a built-in bot (:data:`xzcore.players.roster.BOT_NAMES`: ``"random"``,
  ``"greedy"``, ``"efficient"``, ``"careless"``), deciding on its seat's
  :class:`~xzcore.players.agents.SeatView` (under Leshan rules through
  :class:`~xzcore.leshan.bots.LeshanAgent`, as :func:`~xzcore.players.agents.play_game`
  plays them);
- a bot object (``act(view) -> Action``);
- any callable on the seat's observation, ``policy({"observation", "action_mask"}) -> index``
  (an exchange as its three picks, like the learner's), e.g. :class:`FrozenPolicy`, a frozen
  copy of the learner for self-play.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from xzcore.players.roster import BOT_NAMES
from xzcore.rules import RuleSet

__all__ = ["BOT_NAMES", "FrozenPolicy", "Opponent", "opponents_of", "rules_label", "rules_of"]

Opponent = Any  # str | a bot | Callable[[dict[str, Any]], int]
"""A built-in bot's name, a bot (``act(view) -> Action``), or a policy on observations."""


def rules_of(rules: RuleSet | str) -> RuleSet:
    """``rules`` as a :class:`~xzcore.rules.RuleSet` (a preset's name taken as R12 names it)."""
    if isinstance(rules, str):
        return RuleSet.preset(rules)
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet or a preset name, not {type(rules).__name__}")
    return rules


def rules_label(rules: RuleSet) -> str:
    """A short name of ``rules`` for reprs: its R12 preset, and the options that differ.

    >>> rules_label(RuleSet.preset("xueliu", exchange_three=False))
    'xueliu(exchange_three=False)'
    """
    name, changed = rules.nearest_preset()
    if not changed:
        return name
    return f"{name}({', '.join(f'{k}={v!r}' for k, v in changed.items())})"


def opponents_of(opponents: Opponent | Sequence[Opponent]) -> list[Opponent]:
    """The three opponents of ``opponents``: one for all three seats, or a sequence of three,
    for the seats after the learning seat in play order (the order of its observation's seat
    blocks). A name is checked here (ValueError naming the known bots)."""
    if isinstance(opponents, (list, tuple)):
        if len(opponents) != 3:
            raise ValueError(f"opponents: give one, or three (got {len(opponents)})")
        out = list(opponents)
    else:
        out = [opponents] * 3
    for o in out:
        if isinstance(o, str):
            if o not in BOT_NAMES:
                raise ValueError(f"unknown bot {o!r} (known: {', '.join(BOT_NAMES)})")
        elif not (hasattr(o, "act") or callable(o)):
            raise TypeError(
                f"an opponent is a bot's name, a bot (act(view)) or a callable on the "
                f"observation, not {type(o).__name__}"
            )
    return out


class FrozenPolicy:
    """A frozen copy of a trained model as an opponent (self-play): ``policy(obs)`` is the
    index the copy picks on the seat's observation, within its mask. ``model`` is anything
    with Stable-Baselines3's ``predict(obs, action_masks=..., deterministic=...)`` (e.g.
    sb3-contrib's ``MaskablePPO``); its ``policy`` (the network) is deep-copied, so the
    learner's later training does not change the opponent."""

    def __init__(self, model: Any, *, deterministic: bool = False) -> None:
        net = getattr(model, "policy", None)
        self.predictor: Any = copy.deepcopy(net if net is not None else model)
        """The copied network (or model) that predicts."""
        self.deterministic = deterministic

    def __call__(self, obs: dict[str, Any]) -> int:
        action, _state = self.predictor.predict(
            obs, action_masks=obs["action_mask"].astype(bool), deterministic=self.deterministic
        )
        return int(action)
