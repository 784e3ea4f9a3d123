"""Writing game logs: the ``.xzlog`` container (docs/log-format.md), game by game, each
record chained to the one before (L2), each game optionally signed (L3) and, given a
:class:`~xzcore.log.types.Match`, bound to it (format 1.1, L8).

The writer refuses what the reader refuses, by the reader's own checks: a header that
:func:`~xzcore.log.types.parse_header` rejects (L4, L7), a record that the reader's decoder
(:func:`~xzcore.log.records.decoder_options`) or its size limits reject, more events or bytes
in a game than :class:`~xzcore.log.types.Limits` allows (L6). It raises
:class:`~xzcore.errors.LogFormatError` before writing the record: every game written
before is whole, the refused one is left open (and unreadable, L1) behind them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any, NoReturn

import msgpack

from xzcore._version import __version__
from xzcore.errors import LogFormatError
from xzcore.log.records import HASH_BIN, chain, declared_over_limit, decoder_options
from xzcore.log.signing import SIGNATURE_SIZE, signed_message
from xzcore.log.types import (
    FORMAT_NAME,
    FORMAT_VERSION,
    GENESIS,
    LEGACY_VERSION,
    TAG_CLAIMS,
    TAG_CLOSE,
    TAG_EVENT,
    TAG_HEADER,
    Limits,
    Location,
    Match,
    parse_header,
)

__all__ = ["ENGINE", "LogWriter"]

ENGINE = f"xzcore {__version__}"
"""What a header written by this install names as its engine (L4)."""


class LogWriter:
    """Writes games to a binary handle, keeping the hash chain across games (L2).

    ``signer`` (an :class:`xzcore.log.signing.Signer`) signs each game (L3). Given a
    ``match`` (:class:`~xzcore.log.types.Match`, e.g. ``Match.new(planned=8)``) the log is
    format 1.1: every game names the match and its index in it, the planned count, and the
    last game is marked (L8) — at the planned count, or where :meth:`end_game` is told
    ``last=True``. Without one it is format 1.0 (L8.10: its completeness cannot be proven).
    Call :meth:`begin_game`, then :meth:`write_event` per engine event, :meth:`write_claims`
    once, and :meth:`end_game`.
    """

    def __init__(
        self,
        handle: IO[bytes],
        *,
        signer: Any = None,
        match: Match | None = None,
        limits: Limits | None = None,
    ) -> None:
        self._fh = handle
        self.limits = limits or Limits()
        """What the reader accepts (L6): the writer refuses a record or game past it."""
        self._decode = decoder_options(self.limits)
        self._decoder = msgpack.Unpacker(**self._decode)  # the reader's way, made once
        self._signer = signer
        self.match = match
        """The match the games are bound to (format 1.1), or ``None`` (format 1.0)."""
        self.version = FORMAT_VERSION if match is not None else LEGACY_VERSION
        """The format version written."""
        self._ended = False  # a game marked last was written
        self._packer = msgpack.Packer(use_bin_type=True)
        self._prev = GENESIS
        self._hash = GENESIS
        self._state = "idle"
        self._events = 0
        self._game_bytes = 0  # bytes of the open game written so far
        self.games = 0
        """Games completed so far."""

    def _record(self, tag: int, payload: Any) -> None:
        try:
            packed = self._packer.pack(payload)
        except (ValueError, TypeError, OverflowError) as exc:  # an int past 64 bits, …
            self._packer.reset()
            self._reject(f"a value msgpack cannot hold ({exc})", "L1")
        self._check(packed)
        self._write(b"\x93" + self._packer.pack(tag) + packed)

    def _check(self, packed: bytes) -> None:
        """Refuse a payload the reader would not read back (L6): decoded as the reader
        decodes, within its limits, its record within the record size."""
        lim = self.limits
        size = 1 + 1 + len(packed) + len(HASH_BIN) + 32  # the record: array, tag, payload, hash
        if size > lim.max_record_bytes:
            self._reject(f"record larger than {lim.max_record_bytes} bytes", "L6")
        try:
            self._decoder.feed(packed)
            self._decoder.unpack()
        except Exception as exc:  # msgpack raises several types; all mean "not readable"
            self._decoder = msgpack.Unpacker(**self._decode)  # nothing of it left behind
            over = declared_over_limit(packed, lim)
            self._reject(over or f"a value the reader refuses ({exc})", "L6")

    def _reject(self, message: str, rule: str) -> NoReturn:
        event = self._events if self._state == "events" else None
        raise LogFormatError(message, Location(game=self.games, event=event), rule=rule)

    def _write(self, body: bytes) -> None:
        self._hash = chain(self._hash, body)
        self._fh.write(body + HASH_BIN + self._hash)
        self._game_bytes += len(body) + len(HASH_BIN) + len(self._hash)

    def begin_game(
        self,
        *,
        rules: Any,
        wall: bytes | bytearray | list[int],
        dealer: int,
        seats: list[str] | None = None,
        seed: int | None = None,
        extra: Mapping[str, Any] | None = None,
        engine: str | None = None,
    ) -> None:
        """Write a game's header (L4). ``rules`` is a :class:`~xzcore.rules.RuleSet` or its
        resolved dict; ``wall`` the 108 tile kinds in draw order (R2.2). ``engine`` names the
        program that played the game (default: this one, ``xzcore <version>``); a game written
        again from its record (``xz convert --from mjai``) keeps the name it was played by."""
        if self._state != "idle":
            raise RuntimeError("begin_game() while a game is open")
        match = self.match
        if match is not None and (
            self._ended or (match.planned is not None and self.games >= match.planned)
        ):
            raise RuntimeError("begin_game() after the match's last game (L8.6)")
        rules_dict = rules.to_dict() if hasattr(rules, "to_dict") else dict(rules)
        header: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": list(self.version),
            "engine": ENGINE if engine is None else engine,
            "game": self.games,
        }
        if match is not None:  # format 1.1 (L8.1)
            header["match"] = match.id
            header["planned"] = match.planned
        header |= {
            "prev": self._prev,
            "rules": rules_dict,
            "seats": list(seats) if seats is not None else [f"seat{i}" for i in range(4)],
            "dealer": dealer,
            "wall": bytes(wall),
            "seed": seed,
        }
        if extra:
            header["extra"] = dict(extra)
        parse_header(header, Location(game=self.games))  # the reader's own check (L4, L7)
        self._hash = self._prev
        self._events = 0
        self._game_bytes = 0
        self._record(TAG_HEADER, header)
        self._state = "events"

    def write_event(self, event: Any) -> None:
        """Write one event of the engine's stream, exactly as emitted."""
        if self._state != "events":
            raise RuntimeError("write_event() outside a game's events")
        lim = self.limits
        if self._events >= lim.max_events:  # the reader's L6 checks, as it makes them
            self._reject(f"more than {lim.max_events} events in one game", "L6")
        if self._game_bytes > lim.max_game_bytes:
            self._reject(f"a game longer than {lim.max_game_bytes} bytes", "L6")
        self._record(TAG_EVENT, event)
        self._events += 1

    def write_claims(self, claims: Mapping[str, Any]) -> None:
        """Write the claimed results of the game (L5): what an audit checks."""
        if self._state != "events":
            raise RuntimeError("write_claims() outside a game")
        self._record(TAG_CLAIMS, dict(claims))
        self._state = "claims"

    def end_game(self, *, last: bool | None = None) -> bytes:
        """Write the closing record (signed if a signer was given) and flush the handle;
        return the final hash.

        ``last`` (format 1.1): the game is the match's last; by default it is when it is the
        planned count's last. A 1.0 log has no last mark (``last`` must be left out)."""
        if self._state != "claims":
            raise RuntimeError("end_game() before write_claims()")
        final = self._hash
        signer = self._signer
        match = self.match
        if match is None:
            if last is not None:
                raise ValueError("a format 1.0 log has no last mark: give the writer a Match")
            close: dict[str, Any] = {
                "final": final,
                "events": self._events,
                "sig": None,
                "key": None,
            }
            if signer is not None:
                close["sig"] = signer.sign(final)  # L3, 1.0: the final hash itself
                close["key"] = signer.key_id
            self._record(TAG_CLOSE, close)
        else:
            if last is None:
                last = match.planned is not None and self.games + 1 == match.planned
            signed = signer is not None
            close = {
                "final": final,
                "events": self._events,
                "last": bool(last),
                "sig": signer.sign(final) if signed else None,  # L3, as in 1.0
                "key": signer.key_id if signed else None,
                "seal": bytes(SIGNATURE_SIZE) if signed else None,
            }
            body = b"\x93" + self._packer.pack(TAG_CLOSE) + self._packer.pack(close)
            if signer is not None:  # L3, 1.1: the record's bytes up to its seal entry
                message = signed_message(body)
                assert message is not None
                body = body[:-SIGNATURE_SIZE] + signer.sign(message)
            self._write(body)
            self._ended = bool(last)
        # Each finished game leaves the buffer: a later write error (a full disk) or a crash
        # can tear only the game being written, and a reader of a pipe sees whole games.
        flush = getattr(self._fh, "flush", None)
        if flush is not None:
            flush()
        self._prev = self._hash
        self._state = "idle"
        self.games += 1
        return final


# -- reading: visitors ------------------------------------------------------------------------
