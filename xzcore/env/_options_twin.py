"""A seat's options at a decision, by action index, and their mask: :func:`options_of`, what
:class:`~xzcore.env.seat.SeatGame` asks at every decision of the learner and of a policy
seat. ``xzcore.env._options`` is its compiled form (``xzcore.backend.load("options")``), held
to it by tests/env/test_compiled_options.py."""

from __future__ import annotations

from typing import Any

from xzcore.env.actions import EXCHANGE_PICK, INDEX, N_ACTIONS, pick_mask
from xzcore.round.actions import _DAHAI

__all__ = ["PICK", "discard_options", "options_of"]

PICK = "exchange"
"""The option of a 换三张 pick index (R3.1): the pick itself is the index."""


def options_of(legal: list[Any], picks: list[int]) -> tuple[dict[int, Any], bytearray]:
    """A seat's legal actions by index and their mask (a buffer of ``N_ACTIONS`` bytes); for
    换三张, the next pick's kinds (R3.1), each option :data:`PICK`."""
    mask = bytearray(N_ACTIONS)
    options: dict[int, Any] = {}
    if legal and legal[0].word == "exchange":
        for k in pick_mask(legal, picks):
            options[EXCHANGE_PICK + k] = PICK
            mask[EXCHANGE_PICK + k] = 1
        return options, mask
    index = INDEX
    for a in legal:
        i = index[a]
        options[i] = a
        mask[i] = 1
    return options, mask


def discard_options(discards: bytearray, seat: int) -> tuple[dict[int, Any], bytearray]:
    """:func:`options_of` of a turn of ``seat`` whose legal actions are the discards of the
    kinds marked in ``discards`` (27 bytes, as :func:`xzcore.audit.replay.random_run` marks
    them), in kind order."""
    if type(discards) is not bytearray:
        raise TypeError(f"discard_options: a bytearray, not {type(discards).__name__}")
    if len(discards) != 27:
        raise IndexError("discard_options: 27 kinds")
    row = _DAHAI[seat]
    return options_of([row[k] for k in range(27) if discards[k]], [])
