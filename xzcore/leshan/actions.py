"""Leshan actions (RULES.md R13.3 飘, R13.4 摆割): the value type, and reading them back from
an event stream for replay and audit.

The round's own words are :class:`xzcore.round.actions.Action`; the two Leshan decisions are
:class:`LeshanAction` values that print and parse the same way (``"piao 3 by 1"``,
``"baige 5p by 2"``). In the event stream a 摆割 is a ``baige`` event followed by the
``dahai`` it makes, marked ``"baige": true`` (docs/leshan.md); that ``dahai`` is part of the
``baige`` action, not an action of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from xzcore.round.actions import Action, InvalidActionError, actions_of
from xzcore.tiles import parse_tiles, tile_name

__all__ = ["LESHAN_WORDS", "AnyAction", "LeshanAction", "leshan_action_of", "leshan_actions_of"]

LESHAN_WORDS = ("piao", "baige")
"""The Leshan action words (event types)."""


class LeshanAction(NamedTuple):
    """A Leshan decision: ``piao`` with ``amount`` 0–5 (R13.3) or ``baige`` with the ``tile``
    discarded as the hand is laid open (R13.4). Prints and parses like
    :class:`~xzcore.round.actions.Action`:

    >>> LeshanAction.parse("piao 3 by 1")
    LeshanAction.parse('piao 3 by 1')
    >>> LeshanAction.parse("baige 5p by 2").tile
    13
    """

    word: str
    seat: int
    tile: int = -1
    amount: int = -1

    @classmethod
    def parse(cls, text: str, seat: int | None = None) -> LeshanAction:
        """Parse ``"piao <n> by <seat>"`` or ``"baige <tile> by <seat>"``; raises
        :class:`~xzcore.round.actions.InvalidActionError` naming what is wrong."""
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be str, not {type(text).__name__}")
        parts = text.split()
        if len(parts) >= 2 and parts[-2] == "by":
            try:
                seat = int(parts[-1])
            except ValueError:
                raise InvalidActionError(f"{text!r}: bad seat {parts[-1]!r} after 'by'") from None
            parts = parts[:-2]
        if seat is None or isinstance(seat, bool) or not 0 <= seat < 4:
            raise InvalidActionError(f"{text!r}: no seat 0-3 (write '... by <seat>')")
        if len(parts) != 2 or parts[0] not in ("piao", "baige"):
            raise InvalidActionError(f"{text!r}: expected 'piao <0-5>' or 'baige <tile>'")
        if parts[0] == "piao":
            if not parts[1].isdigit() or not 0 <= int(parts[1]) <= 5:
                raise InvalidActionError(f"{text!r}: 飘 is a number 0-5 (R13.3)")
            return cls("piao", seat, -1, int(parts[1]))
        try:
            kinds = parse_tiles(parts[1])
        except ValueError as exc:
            raise InvalidActionError(f"{text!r}: {exc}") from None
        if len(kinds) != 1:
            raise InvalidActionError(f"{text!r}: baige takes one tile")
        return cls("baige", seat, kinds[0])

    def __str__(self) -> str:
        arg = str(self.amount) if self.word == "piao" else tile_name(self.tile)
        return f"{self.word} {arg} by {self.seat}"

    def __repr__(self) -> str:
        return f"LeshanAction.parse({str(self)!r})"


AnyAction = Action | LeshanAction
"""An action of a Leshan round: the engine's words or a Leshan one."""


def _actor(ev: Mapping[str, Any], where: str) -> int:
    actor = ev.get("actor")
    if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < 4:
        raise InvalidActionError(f"{where}: bad actor {actor!r}")
    return actor


def leshan_action_of(ev: Mapping[str, Any], index: int = 0) -> LeshanAction | None:
    """The Leshan action a ``piao`` or ``baige`` event records; ``None`` for the ``dahai``
    that belongs to a ``baige`` (and for any other event). Raises
    :class:`~xzcore.round.actions.InvalidActionError` naming event ``index`` when malformed.

    >>> leshan_action_of({"type": "piao", "actor": 2, "piao": 4})
    LeshanAction.parse('piao 4 by 2')
    """
    t = ev.get("type")
    where = f"event #{index} ({t})"
    if t == "piao":
        actor = _actor(ev, where)
        n = ev.get("piao")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 5:
            raise InvalidActionError(f"{where}: bad bet {n!r} (R13.3: 0-5)")
        return LeshanAction("piao", actor, -1, n)
    if t == "baige":
        actor = _actor(ev, where)
        try:
            kinds = parse_tiles(ev["pai"])
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidActionError(f"{where}: bad 'pai': {exc}") from None
        if len(kinds) != 1:
            raise InvalidActionError(f"{where}: 'pai' is not one tile")
        return LeshanAction("baige", actor, kinds[0])
    return None


def leshan_actions_of(events: Iterable[Mapping[str, Any]]) -> Iterator[AnyAction]:
    """The actions of a Leshan event stream, in order: :func:`xzcore.round.actions.actions_of`
    plus ``piao`` and ``baige`` (whose ``dahai``, marked ``"baige": true``, is part of it).
    Feeding them to a fresh ``LeshanRound`` on the same wall reproduces the stream."""
    for i, ev in enumerate(events):
        t = ev.get("type")
        if t in LESHAN_WORDS:
            a = leshan_action_of(ev, i)
            assert a is not None
            yield a
            continue
        if t == "dahai" and ev.get("baige"):
            continue
        try:
            yield from actions_of([ev])
        except InvalidActionError as exc:
            raise InvalidActionError(str(exc).replace("event #0", f"event #{i}", 1)) from None
