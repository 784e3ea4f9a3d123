"""The pure-Python twin of ``xzcore.env._planes``: the observation planes' commonest
updates (:class:`xzcore.env.observation.Planes`), written for clarity; the compiled module
is tested against it (tests/env/test_compiled_planes.py).

A round's events are mostly draws, discards and passes; each changes a few cells of the
public table and of the actor's own hand row. :func:`plain_events` takes a run of them in
one call and stops at the first event it does not take, which ``Planes`` reads itself.
"""

from __future__ import annotations

from typing import Any

from xzcore.tiles import NAMES

__all__ = ["plain_events"]

_KIND = {name: k for k, name in enumerate(NAMES)}
_TOP = 5 * 27
"""Cells of one seat's own rows (``observation._TOP``)."""
_BLOCK = 8 * 27
"""Cells of one seat block of the table."""
_SIZE = 7 * 27 + 2
"""A seat block's hand-size cell (row ``NUMBERS``, column ``hand_size``) from its start."""


def _seat(e: dict[Any, Any]) -> int:
    """The event's ``actor`` when it is an exact int 0–3, else -1."""
    s = e.get("actor")
    return s if type(s) is int and 0 <= s < 4 else -1


def _kind(e: dict[Any, Any]) -> int:
    """The kind of the event's ``pai`` when it is one of the 27 names (exact str), else -1."""
    pai = e.get("pai")
    return _KIND.get(pai, -1) if type(pai) is str else -1


def plain_events(events: list[Any], start: int, table: Any, own: Any) -> int:
    """Take ``events[start:]`` into the planes while each is a plain event, and return the
    index of the first that is not (``len(events)`` when all are). ``table`` is the four seat
    blocks and ``own`` the four seats' own rows, each a flat, writable float32 buffer
    (``Planes``' memoryviews). A plain event is an exact ``dict`` whose ``type`` is
    ``"none"`` (a pass: nothing changes), ``"dahai"`` or ``"tsumo"`` with an exact int
    ``actor`` 0–3 and a ``pai`` that names a kind: a discard adds the kind to the actor's
    river, takes one from its hand size and from its own hand row; a draw adds one to both.
    ``ValueError`` for a negative ``start`` or a buffer smaller than the planes'."""
    if start < 0:
        raise ValueError(f"plain_events: start {start} (expected 0 or more)")
    if len(table) < 4 * _BLOCK or len(own) < 4 * _TOP:
        raise ValueError("plain_events: the planes' buffers are too small")
    i = start
    while i < len(events):  # read each time, as the compiled loop reads it
        e = events[i]
        if type(e) is not dict:
            return i
        kind = e.get("type")
        if kind == "none" and type(kind) is str:
            i += 1
            continue
        if type(kind) is not str or kind not in ("dahai", "tsumo"):
            return i
        s = _seat(e)
        k = _kind(e)
        if s < 0 or k < 0:
            return i
        if kind == "dahai":
            table[_BLOCK * s + k] += 1  # its river (row DISCARDS)
            table[_BLOCK * s + _SIZE] -= 1
            own[_TOP * s + k] -= 1  # its own hand row (HAND)
        else:
            table[_BLOCK * s + _SIZE] += 1
            own[_TOP * s + k] += 1
        i += 1
    return i
