"""Leshan actions (RULES.md R13.3 飘, R13.4 摆割): reading them back from an event stream for
replay and audit. The value type, :class:`LeshanAction`, is kept with every other action
word in :mod:`xzcore.round.actions` (and importable from here). In the event stream a 摆割
is a ``baige`` event followed by the ``dahai`` it makes, marked ``"baige": true``
(docs/leshan.md); that ``dahai`` is part of the ``baige`` action, not an action of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from xzcore.round.actions import (
    LESHAN_WORDS,
    AnyAction,
    InvalidActionError,
    LeshanAction,
    actions_of,
)
from xzcore.tiles import parse_tiles

__all__ = ["LESHAN_WORDS", "AnyAction", "LeshanAction", "leshan_action_of", "leshan_actions_of"]


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
