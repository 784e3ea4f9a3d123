"""The fast game reader: whole, well-formed games through the compiled scanner, anything else
through :class:`xzcore.log.reader.LogReader`.

:class:`FastReader` has :class:`~xzcore.log.reader.LogReader`'s ``read_game(Visitor)`` and drives
the same visitor hooks with the same values, so a visitor cannot tell the two apart — except
that a game read fast arrives through one :meth:`~xzcore.log.reader.BaseVisitor.visit_events` call.

How: the file is read in large blocks; for each game :func:`xzcore.log.scan.scan_game`
decodes every record, checks the layout, the limits (L6) and the hash chain (L2) in one C
pass, and either returns the whole game or declines. Here the header (L4, L7), the claims
record's shape (L5), the closing record (L2: final hash and event count) and, with a
verifier, the signature (L3) are checked as :class:`~xzcore.log.reader.LogReader` checks them; a
game with any problem at all — or one the scanner declines — is read again from its first
byte by a :class:`~xzcore.log.reader.LogReader` that knows the game's number and the hash before
it, and so reports exactly what a reader of the whole file reports. The fast path is only
ever taken for games that reader would read without a single error or finding.

Memory stays bounded: a block holds at most one game beyond ``Limits.max_game_bytes`` plus
one record (a longer game is declined, and the slow reader reports it, L6).

A handle of a standard type (``io.BytesIO``, ``io.BufferedReader``, ``io.FileIO``) is read
with ``readinto`` into one bytearray kept for the whole file — the unread tail of a block
moved to its front, the next block read after it — so no block is a new allocation (fresh
pages to fault in); any other handle is read with ``read()``, as it defines it.
"""

from __future__ import annotations

import io
from typing import IO, Any, TypeVar

from xzcore.log.reader import BaseVisitor, GameBuilder, LogReader, signature_problem
from xzcore.log.scan import NEED_MORE, scan_game
from xzcore.log.types import (
    GENESIS,
    Limits,
    Location,
    LogFormatError,
    parse_close,
    parse_header,
)

__all__ = ["BLOCK_SIZE", "FastReader"]

T = TypeVar("T")

BLOCK_SIZE = 1 << 20
"""Bytes read from the handle at a time (a block holds ~90 recorded games)."""

_READS_INTO = (io.BytesIO, io.BufferedReader, io.FileIO)
"""Handle types whose ``readinto(b)`` reads what ``read(len(b))`` reads (the standard
ones, not subclasses: a subclass may change one and not the other)."""


class FastReader:
    """Reads games one after another like :class:`~xzcore.log.reader.LogReader` (same arguments,
    same visitor calls, same errors and findings), fast for well-formed games.

    The handle must be seekable (a declined game is read again from its first byte); for
    any other handle every game goes through :class:`~xzcore.log.reader.LogReader`. ``end``, when
    given, is the offset of a game start where reading stops (a part of a file).
    """

    def __init__(
        self,
        handle: IO[bytes],
        *,
        path: str = "",
        limits: Limits | None = None,
        verifier: Any = None,
        start: int = 0,
        first_game: int = 0,
        prev: bytes | None = None,
        end: int | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.path = path
        self._fh = handle
        self._verifier = verifier
        self._end = end
        self._game = first_game
        self._prev: bytes | None = GENESIS if start == 0 else prev
        # The bytes read and not yet delivered: _buf[_pos:_len], _buf[0] at file offset _base.
        # A handle of a standard type reads into one bytearray kept for the whole file (no
        # new block, no page faults per block); any other is read with read() into bytes.
        self._into = type(handle) in _READS_INTO
        self._buf: bytes | bytearray = bytearray() if self._into else b""
        self._len = 0
        self._base = start
        self._pos = 0
        self._eof = False
        self._failed = False  # a read raised OSError: the rest goes through LogReader
        self._slow: LogReader | None = None  # once the chain is unknown, the rest goes slow
        try:
            seekable = handle.seekable()
        except (AttributeError, OSError, ValueError):
            seekable = False
        if not seekable or self._prev is None:
            self._slow = self._slow_reader(start)
        # The most a block may hold past a game's start before the game is declined.
        self._cap = self.limits.max_game_bytes + self.limits.max_record_bytes

    @property
    def offset(self) -> int:
        """Byte offset where the next game starts."""
        if self._slow is not None:
            return self._slow.offset
        return self._base + self._pos

    @property
    def last_hash(self) -> bytes | None:
        """The last game's final record hash, or ``None`` when unknown (L2)."""
        if self._slow is not None:
            return self._slow.last_hash
        return self._prev

    def _slow_reader(self, start: int) -> LogReader:
        return LogReader(
            self._fh,
            path=self.path,
            limits=self.limits,
            verifier=self._verifier,
            start=start,
            first_game=self._game,
            prev=self._prev,
        )

    def read_game(self, Visitor: type[BaseVisitor[T]] | Any = GameBuilder) -> T | None:
        """Read the next game through a new ``Visitor()`` (or a visitor instance); ``None``
        at the end of the log (or of the part)."""
        visitor: BaseVisitor[T] = Visitor() if isinstance(Visitor, type) else Visitor
        if self._end is not None and self.offset >= self._end:
            return None
        if self._slow is not None:
            return self._slow.read_game(visitor)
        while True:
            pos = self._pos
            if pos >= self._len:
                if self._fill():
                    continue
                if self._failed:
                    break
                return None  # a clean end of input
            got = self._scan()
            if type(got) is int and got == NEED_MORE:
                if self._len - pos <= self._cap and self._fill():
                    continue
                break  # a truncated or overlong game: the slow reader says which
            if type(got) is not tuple or not self._deliver(got, visitor):
                break
            self._game += 1
            self._pos = got[0]
            self._prev = got[9]
            return visitor.result()
        return self._read_slowly(visitor)

    def _scan(self) -> Any:
        """:func:`~xzcore.log.scan.scan_game` of the game at ``_pos``."""
        assert self._prev is not None
        buf = self._buf
        if type(buf) is bytes:
            return scan_game(buf, self._pos, self._base, self._prev, self.limits)
        with memoryview(buf) as whole, whole[: self._len] as data:
            return scan_game(data, self._pos, self._base, self._prev, self.limits)

    def _fill(self) -> bool:
        """Keep the unread bytes and read a block after them; False at the end of input."""
        if self._eof:
            return False
        buf, pos = self._buf, self._pos
        keep = self._len - pos
        size = max(BLOCK_SIZE, keep)
        if type(buf) is bytearray:
            # The unread bytes to the front of the buffer (its size never shrinks: no new
            # allocation), then the block read into the buffer after them.
            if pos:
                buf[:keep] = buf[pos : self._len]
            self._base += pos
            self._pos = 0
            self._len = keep
            if len(buf) < keep + size:
                buf.extend(bytes(keep + size - len(buf)))
            try:
                handle: Any = self._fh  # one of _READS_INTO (see __init__)
                with memoryview(buf) as whole, whole[keep : keep + size] as into:
                    got = handle.readinto(into)
            except OSError:
                # The plain reader reads from here and meets (and reports) the error itself.
                self._failed = self._eof = True
                return False
            if not got:
                self._eof = True
                return False
            self._len = keep + got
            return True
        try:
            block = self._fh.read(size)
        except OSError:
            self._failed = self._eof = True
            return False
        if not block:
            self._eof = True
            return False
        self._base += pos
        self._pos = 0
        self._buf = buf[pos : self._len] + block
        self._len = len(self._buf)
        return True

    def _deliver(self, got: tuple[Any, ...], visitor: BaseVisitor[Any]) -> bool:
        """Check what the scanner leaves to Python and visit the game; False (nothing
        visited) when any check fails, so that the slow reader reports it."""
        _end, header_p, events, offsets, claims, claims_at, close_p, close_at, final, _last = got[
            :10
        ]
        path, game = self.path, self._game
        start = self._base + self._pos
        loc = Location(path, game, None, start, 0)
        try:
            header = parse_header(header_p, loc)
            close = parse_close(close_p, loc)
        except LogFormatError:
            return False
        n = len(events)
        if (
            header.prev != self._prev
            or type(claims) is not dict
            or close.final != final
            or close.events != n
            or signature_problem(self._verifier, close) is not None
        ):
            return False
        visitor.begin_game(loc)
        visitor.visit_header(header, loc)
        visitor.visit_events(events, offsets, got[10], loc, got[11])
        visitor.visit_claims(claims, Location(path, game, None, claims_at, n + 1))
        visitor.visit_close(close, Location(path, game, None, close_at, n + 2))
        visitor.end_game(True)
        return True

    def _read_slowly(self, visitor: BaseVisitor[T]) -> T | None:
        """Read the game at :attr:`offset` with :class:`LogReader`, then go on fast when the
        chain is still known."""
        start = self._base + self._pos
        self._fh.seek(start)
        reader = self._slow_reader(start)
        result = reader.read_game(visitor)
        self._game = reader.next_game
        self._prev = reader.last_hash
        if self._prev is None or self._failed:  # unknown chain, or a handle that failed
            self._slow = reader
            return result
        self._fh.seek(reader.offset)
        self._len = 0
        self._base = reader.offset
        self._pos = 0
        self._eof = False
        return result
