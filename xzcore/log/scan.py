"""The log reader's scan: one whole, well-formed game read in one pass.

:func:`scan_game` reads the records of one game (docs/log-format.md L1) from an in-memory
buffer, decodes their payloads and checks the hash chain (L2) within the reader's limits
(L6) — or declines, and :class:`xzcore.log.reader.LogReader` reads the game record by record
and reports exactly what is wrong. It never reports a problem itself.

This module re-exports the compiled ``xzcore.log._scan`` or its pure-Python twin
``xzcore.log._scan_twin`` (same names and results), as :mod:`xzcore.backend` chooses.

The contract::

    NEED_MORE = 0
    def scan_game(data: bytes | bytearray | memoryview, start: int, base: int, prev: bytes,
                  limits: Limits) -> tuple | int | None

``data`` holds part of a log file: a bytes object, or a bytearray or memoryview read as its
bytes (the compiled scanner holds its buffer for the call, so it cannot be resized meanwhile;
the twin copies it); ``data[start]`` is the first byte of a
game's header record; ``base`` is the file offset of ``data[0]`` (so file offset = base +
index); ``prev`` is the 32-byte running hash the header must chain from (L2: the previous
game's final record hash, or GENESIS); ``limits`` an :class:`xzcore.log.types.Limits`.

It walks the records of ONE game: a header record (tag 0), zero or more event records (tag 1),
a claims record (tag 2), a closing record (tag 3). Every record must be exactly
``0x93, <tag as one positive-fixint byte 0x00-0x03>, <payload: one msgpack value>, 0xc4 0x20,
<32 hash bytes>``, and each stored hash must equal BLAKE2b-256(running ‖ body) where body =
the record's bytes before the ``c4 20`` and running starts at ``prev`` and becomes each
record's hash in turn (exactly ``xzcore.log.records.chain``).

Returns, when the whole game is there and everything checks:
``(end, header, events, offsets, claims, claims_at, close, close_at, final, last, bodies,
others)``

- ``end``: index in ``data`` just past the closing record;
- ``header``, ``claims``, ``close``: the decoded payloads (Python objects, as msgpack decodes
  them; the caller validates their fields);
- ``events``: list of the decoded event payloads, in order; ``offsets``: list of the file
  offsets (base + index) of each event record's first byte;
- ``claims_at``, ``close_at``: file offsets of the claims and closing records;
- ``final``: the running hash after the claims record (bytes, 32); ``last``: the closing
  record's hash (bytes, 32) — both as computed (equal to the stored ones, since they check);
- ``bodies``: bytes, the concatenation of every event record's payload bytes (each event
  record's bytes without its 2-byte ``93 01`` prefix and without the 34-byte hash suffix) —
  i.e. exactly what ``msgpack.packb(events)`` gives after its array header when the log was
  written by LogWriter;
- ``others``: list of the indices (into ``events``, ascending) of the events whose payload
  bytes are NOT exactly one of the two template shapes — a ``dahai`` and a ``tsumo`` of
  :data:`xzcore.log.events.SHAPES` as the writer packs them
  (:func:`~xzcore.log.events.packed`), an actor 0-3 as a positive fixint, a tile of
  :data:`xzcore.tiles.NAMES` as a fixstr, the flags as msgpack bools, ``left`` a positive
  fixint — whatever the limits. An event not listed is such a dahai or tsumo, so it has no
  ``transfers``, is no ``hora`` and no ``end_kyoku``: a caller after those (the claims of
  L5) needs to look only at ``others``.

Returns ``NEED_MORE`` (0) when the bytes seen are all well-formed so far but ``data`` ends
before the closing record is complete (the caller reads more and calls again).

Returns ``None`` for ANYTHING else — a hash that does not check, a tag out of order or
unknown, a non-canonical record layout, bytes that do not decode, a declared size past a
limit, more than ``limits.max_events`` events, an event record starting more than
``limits.max_game_bytes`` after the header's first byte, a record longer than
``limits.max_record_bytes``, a msgpack ext type, a map key that is not str/bytes, invalid
UTF-8 in a str. ``None`` means "not handled": the caller then reads the game with the
LogReader record by record, which reports exactly what is wrong. So the rule is: return a tuple
ONLY when reading record by record (LogReader._read_body + RecordStream, same limits) would
read this game with no error and no finding at all, given a header ``prev`` equal to the
``prev`` passed; and then the tuple's values must equal what it reads.

Also ``None`` (checks the scanner makes besides, so that a tuple is self-consistent): a header,
claims or closing payload that is not a map (L4, L5, L2), a header whose ``prev`` field is not
``prev`` (L2), nesting deeper than the decoder's stack, limits that reject the record array or
its 32-byte hash themselves. The caller still checks the header's and closing record's fields
(``parse_header``, ``parse_close``), the closing record's ``final`` and ``events`` against
``final`` and ``len(events)``, and the signature (L3, L4, L7).

``data`` of any other type raises TypeError; ``start`` outside ``0..len(data)`` or a
``prev`` that is not 32 bytes raise ValueError.

The same module holds the audit's type-strict equality::

    def same(a: Any, b: Any) -> bool           # exactly xzcore.log.types.same
    def same_events(a: Sequence, b: Sequence) -> bool
        # len(a) == len(b) and all(map(same, a, b))

compiled over the types msgpack and the engine make (exact str, int, bool, None, float,
bytes, list, tuple, dict with str or bytes keys, up to 100 levels deep); any other value
makes the compiled ``same`` hand the pair to the twin's ``same`` (``xzcore.log.types.same``), which
compares it from the start — so the answer, or the exception, is always the twin's.

And the claims record (L5) an event stream makes, for the audit's check of the recorded one::

    def claims_of(events: Sequence, only: Sequence[int] | None = None) -> dict
        # exactly xzcore.log.types.claims_of (the twin), compiled for lists
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from xzcore.backend import load

_impl = load("scan")

IMPL: ModuleType = _impl
"""The module that provides :func:`scan_game` (``xzcore.log._scan`` or its twin)."""

if TYPE_CHECKING:
    from xzcore.log._scan_twin import (
        NEED_MORE,
        ScanResult,
        claims_of,
        same,
        same_events,
        scan_game,
    )
else:
    claims_of = _impl.claims_of
    NEED_MORE = _impl.NEED_MORE
    ScanResult = _impl.ScanResult
    same = _impl.same
    same_events = _impl.same_events
    scan_game = _impl.scan_game

__all__ = [
    "IMPL",
    "NEED_MORE",
    "ScanResult",
    "claims_of",
    "same",
    "same_events",
    "scan_game",
]
