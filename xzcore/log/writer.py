"""Writing game logs: the ``.xzlog`` container (docs/log-format.md), game by game, each
record chained to the one before (L2) and each game optionally signed (L3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

import msgpack

from xzcore._version import __version__
from xzcore.log.records import HASH_BIN, chain
from xzcore.log.types import (
    FORMAT_NAME,
    FORMAT_VERSION,
    GENESIS,
    TAG_CLAIMS,
    TAG_CLOSE,
    TAG_EVENT,
    TAG_HEADER,
)

__all__ = ["LogWriter"]


class LogWriter:
    """Writes games to a binary handle, keeping the hash chain across games (L2).

    ``signer`` (an :class:`xzcore.log.signing.Signer`) signs each game's final hash (L3).
    Call :meth:`begin_game`, then :meth:`write_event` per engine event, :meth:`write_claims`
    once, and :meth:`end_game`.
    """

    def __init__(self, handle: IO[bytes], *, signer: Any = None) -> None:
        self._fh = handle
        self._signer = signer
        self._packer = msgpack.Packer(use_bin_type=True)
        self._prev = GENESIS
        self._hash = GENESIS
        self._state = "idle"
        self._events = 0
        self.games = 0
        """Games completed so far."""

    def _record(self, tag: int, payload: Any) -> None:
        body = b"\x93" + self._packer.pack(tag) + self._packer.pack(payload)
        self._hash = chain(self._hash, body)
        self._fh.write(body + HASH_BIN + self._hash)

    def begin_game(
        self,
        *,
        rules: Any,
        wall: bytes | bytearray | list[int],
        dealer: int,
        seats: list[str] | None = None,
        seed: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """Write a game's header (L4). ``rules`` is a :class:`~xzcore.rules.RuleSet` or its
        resolved dict; ``wall`` the 108 tile kinds in draw order (R2.2)."""
        if self._state != "idle":
            raise RuntimeError("begin_game() while a game is open")
        rules_dict = rules.to_dict() if hasattr(rules, "to_dict") else dict(rules)
        header: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": list(FORMAT_VERSION),
            "engine": f"xzcore {__version__}",
            "game": self.games,
            "prev": self._prev,
            "rules": rules_dict,
            "seats": list(seats) if seats is not None else [f"seat{i}" for i in range(4)],
            "dealer": dealer,
            "wall": bytes(wall),
            "seed": seed,
        }
        if extra:
            header["extra"] = dict(extra)
        self._hash = self._prev
        self._events = 0
        self._record(TAG_HEADER, header)
        self._state = "events"

    def write_event(self, event: Any) -> None:
        """Write one event of the engine's stream, exactly as emitted."""
        if self._state != "events":
            raise RuntimeError("write_event() outside a game's events")
        self._record(TAG_EVENT, event)
        self._events += 1

    def write_claims(self, claims: Mapping[str, Any]) -> None:
        """Write the claimed results of the game (L5): what an audit checks."""
        if self._state != "events":
            raise RuntimeError("write_claims() outside a game")
        self._record(TAG_CLAIMS, dict(claims))
        self._state = "claims"

    def end_game(self) -> bytes:
        """Write the closing record (signed if a signer was given) and flush the handle;
        return the final hash."""
        if self._state != "claims":
            raise RuntimeError("end_game() before write_claims()")
        final = self._hash
        close: dict[str, Any] = {"final": final, "events": self._events, "sig": None, "key": None}
        if self._signer is not None:
            close["sig"] = self._signer.sign(final)
            close["key"] = self._signer.key_id
        self._record(TAG_CLOSE, close)
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
