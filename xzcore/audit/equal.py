"""Type-strict equality for the audit's comparisons (wrong types are
findings). ``==`` in Python says ``2.0 == 2``, ``True == 1`` and ``False == 0``; a log that
claims a multiplier 2.0 or a 根 count ``False`` where the rules give the int 2 or 0 makes a
wrong claim, and :func:`same` says so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xzcore.log import scan
from xzcore.log.types import same

__all__ = ["equal", "same", "same_events"]


def equal(a: Any, b: Any) -> bool:
    """:func:`same` (type-strict ``==``), by the selected scanner (:func:`xzcore.log.scan.same`)."""
    return bool(scan.same(a, b))


def same_events(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """:func:`same` for two event lists, by the selected scanner
    (:func:`xzcore.log.scan.same_events`)."""
    return bool(scan.same_events(a, b))
