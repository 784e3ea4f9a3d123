"""Type-strict equality for the audit's comparisons (issue 5 item 8: wrong types are
findings). ``==`` in Python says ``2.0 == 2``, ``True == 1`` and ``False == 0``; a log that
claims a multiplier 2.0 or a 根 count ``False`` where the rules give the int 2 or 0 makes a
wrong claim, and :func:`same` says so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgpack

from xzcore.logscan import BACKEND as _SCAN_BACKEND
from xzcore.logscan import same as _compiled_same
from xzcore.logscan import same_events as _compiled_same_events
from xzcore.logtypes import same

__all__ = ["equal", "same", "same_events"]


def equal(a: Any, b: Any) -> bool:
    """:func:`same`, faster: the compiled walk (:func:`xzcore.logscan.same`) when it is
    built; else ``==`` (C), then both packed with msgpack (C), then :func:`same` only where
    the bytes differ (another key order, or a wrong type). The audit's values hold no tuples
    (msgpack gives lists, the claims are built as lists), so the two say the same."""
    if _COMPILED:
        return bool(_compiled_same(a, b))
    if a != b:
        return False
    try:
        if _pack(a) == _pack(b):
            return True
    except (TypeError, ValueError, OverflowError):
        pass
    return same(a, b)


def same_events(
    a: Sequence[Any], b: Sequence[Any], raw_a: Sequence[bytes | bytearray] | bytes | None = None
) -> bool:
    """:func:`same` for two event lists: the compiled walk (:func:`xzcore.logscan.same_events`,
    C over the types msgpack and the engine make) when it is built, else :func:`_same_events`.
    The two agree: the engine's events hold only dicts, lists, str, int, bool and None
    (docs/events.md), so equal bytes and :func:`same` say the same of them."""
    if _COMPILED:
        return bool(_compiled_same_events(a, b))
    return _same_events(a, b, raw_a)


def _same_events(
    a: Sequence[Any], b: Sequence[Any], raw_a: Sequence[bytes | bytearray] | bytes | None = None
) -> bool:
    """:func:`same` for two event lists, fast when they are the same.

    With ``raw_a`` — the bytes ``a`` was read from: each event record's bytes (``0x93``, the
    tag byte, then the event: docs/log-format.md L1), or all the event payloads joined — ``b``
    is packed with msgpack (C) and compared with them first: equal bytes are equal values of
    equal types (msgpack keeps int, float and bool apart), i.e. the log holds exactly what
    the engine's events are written as. Otherwise ``==`` (C), then both packed, and where the
    bytes differ (maps in another key order, a wrong type) :func:`same`."""
    if raw_a is not None and len(a) == len(b):
        body: bytes | None
        if isinstance(raw_a, bytes):  # the payloads already joined (xzcore.logfast)
            body = raw_a
        elif len(raw_a) == len(a):
            body = b"".join([r[2:] for r in raw_a])
        else:
            body = None
        if body is not None:
            try:
                packed = _pack(b)
            except (TypeError, ValueError, OverflowError):
                packed = b""
            n = len(b)
            head = 1 if n < 16 else 3 if n < 1 << 16 else 5  # the array's header (msgpack)
            if len(packed) == head + len(body) and packed.endswith(body):
                return True
    if a != b:
        return False
    if raw_a is None:
        try:
            if _pack(a) == _pack(b):
                return True
        except (TypeError, ValueError, OverflowError):
            pass
    return same(a, b)


_PACKER = msgpack.Packer(use_bin_type=True)
_COMPILED = _SCAN_BACKEND == "cython"


def _pack(v: Any) -> bytes:
    packed: bytes = _PACKER.pack(v)
    return packed
