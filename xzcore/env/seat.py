"""One round played from one seat: the learner's decisions, the other three seats played by
given policies (docs/env.md, "One seat: Gymnasium").

:class:`SeatGame` is the driver both :class:`~xzcore.env.single.SeatEnv` and
:class:`~xzcore.env.vector.SeatVectorEnv` step: it plays the other seats until the learning
seat is asked (in the order of ``Round.to_act()``, as :class:`~xzcore.env.raw_env` asks them)
or its round is over, and counts the units the seat won or paid on the way (R9);
:func:`play_steps` is one decision in each of many games. Both are the compiled module's or
their twin's (``xzcore.env._seat_twin``), as :mod:`xzcore.backend` serves them.

The opponents (:mod:`xzcore.env.opponents`) are one of: the name of a built-in bot
(``"random"``, ``"greedy"``, ``"efficient"``, ``"careless"``), a bot object
(``act(view) -> Action``), or any callable on the seat's observation (e.g.
:class:`FrozenPolicy`, a frozen copy of the learner for self-play).
"""

from __future__ import annotations

from xzcore import backend
from xzcore.env.opponents import (
    BOT_NAMES,
    FrozenPolicy,
    Opponent,
    opponents_of,
    rules_label,
    rules_of,
)

_seat = backend.load("seat")
SeatGame = _seat.SeatGame
"""The rounds of one learning seat, one at a time (``xzcore.env._seat_twin.SeatGame``)."""
play_steps = _seat.play_steps
"""One decision in each of many games (``xzcore.env._seat_twin.play_steps``)."""
options_of = _seat.options_of
"""A seat's legal actions by index and their mask (``xzcore.env._options_twin``)."""
discard_options = _seat.discard_options
"""The same, of a turn that offers only the discards ``random_run`` marked."""

__all__ = [
    "BOT_NAMES",
    "FrozenPolicy",
    "Opponent",
    "SeatGame",
    "discard_options",
    "opponents_of",
    "options_of",
    "play_steps",
    "rules_label",
    "rules_of",
]
