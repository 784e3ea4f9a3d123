"""The log reader's scan: one whole, well-formed game read in one pass, or declined.

:func:`scan_game` reads the records of one game (docs/log-format.md L1) from an in-memory
buffer, decodes their payloads and checks the hash chain (L2) within the reader's limits
(L6) — or declines, and :class:`xzcore.log.reader.LogReader` reads the game record by record
and reports exactly what is wrong. The compiled ``xzcore.log._scan`` or its twin
``xzcore.log._scan_twin``, as :mod:`xzcore.backend` chooses; the contract (and that of
``same``, ``same_events`` and ``claims_of``, held here too) is in docs/internals.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xzcore.backend import load

if TYPE_CHECKING:
    from xzcore.log._scan_twin import NEED_MORE, claims_of, same, same_events, scan_game
else:
    _impl = load("scan")
    claims_of = _impl.claims_of
    NEED_MORE = _impl.NEED_MORE
    same = _impl.same
    same_events = _impl.same_events
    scan_game = _impl.scan_game

__all__ = ["NEED_MORE", "claims_of", "same", "same_events", "scan_game"]
