"""Type-strict equality for the audit's comparisons (issue 5 item 8: wrong types are
findings). ``==`` in Python says ``2.0 == 2``, ``True == 1`` and ``False == 0``; a log that
claims a multiplier 2.0 or a 根 count ``False`` where the rules give the int 2 or 0 makes a
wrong claim, and :func:`same` says so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgpack

__all__ = ["equal", "same", "same_events"]


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


def equal(a: Any, b: Any) -> bool:
    """:func:`same`, faster for equal values: ``==`` (C), then both packed with msgpack (C),
    then :func:`same` only where the bytes differ (another key order, or a wrong type)."""
    if a != b:
        return False
    try:
        if _pack(a) == _pack(b):
            return True
    except (TypeError, ValueError, OverflowError):
        pass
    return same(a, b)


def same_events(
    a: Sequence[Any], b: Sequence[Any], raw_a: Sequence[bytes | bytearray] | None = None
) -> bool:
    """:func:`same` for two event lists, fast when they are the same: ``==`` (C) first, then
    the types by msgpack (C), which keeps int, float and bool apart: ``b`` packed is compared
    with ``raw_a``, the records' bytes ``a`` was read from (each ``0x93``, the tag byte, then
    the event: docs/log-format.md L1), or without them with ``a`` packed. Bytes that differ
    (maps written in another key order) fall back to :func:`same`."""
    if a != b:
        return False
    try:
        packed = _pack(b)
        if raw_a is not None and len(raw_a) == len(a):
            body = b"".join([r[2:] for r in raw_a])
            n = len(a)
            head = 1 if n < 16 else 3 if n < 1 << 16 else 5  # the array's header (msgpack)
            if len(packed) == head + len(body) and packed.endswith(body):
                return True
        elif packed == _pack(a):
            return True
    except (TypeError, ValueError, OverflowError):
        pass
    return same(a, b)


def _pack(v: Any) -> bytes:
    packed: bytes = msgpack.packb(v, use_bin_type=True)
    return packed
