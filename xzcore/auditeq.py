"""Type-strict equality for the audit's comparisons (issue 5 item 8: wrong types are
findings). ``==`` in Python says ``2.0 == 2``, ``True == 1`` and ``False == 0``; a log that
claims a multiplier 2.0 or a 根 count ``False`` where the rules give the int 2 or 0 makes a
wrong claim, and :func:`same` says so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgpack

__all__ = ["same", "same_events"]


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (issue 5 item 8: a wrong type is a
    finding). Python's ``==`` says ``2.0 == 2`` and ``False == 0``, so a claimed multiplier
    2.0 or 根 ``False`` would pass for the int the rules give; here bool is not int and float
    is not int. Maps compare by keys and values whatever their order."""
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if ta is list or ta is tuple:
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def same_events(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """:func:`same` for two event lists, fast when they are the same: ``==`` (C) first, then
    the types by packing both with msgpack (C), which keeps int, float and bool apart. Packed
    bytes that differ (maps written in another key order) fall back to :func:`same`."""
    if a != b:
        return False
    try:
        if _pack(a) == _pack(b):
            return True
    except (TypeError, ValueError, OverflowError):
        pass
    return same(a, b)


def _pack(v: Any) -> bytes:
    packed: bytes = msgpack.packb(v, use_bin_type=True)
    return packed
