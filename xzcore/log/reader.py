"""Reading game logs: the ``.xzlog`` container (docs/log-format.md) read game by game.

Reading is python-chess style: :func:`read_game` drives a visitor (:class:`BaseVisitor`)
through one game; :class:`GameBuilder` builds a :class:`Game` and raises at the first problem,
a collecting visitor records every problem and goes on. :class:`LogReader` is the one reader:
one pass by the scan for a good game, record by record for one that is not (docs/internals.md).

>>> import io
>>> from xzcore.log.writer import LogWriter
>>> buf = io.BytesIO()
>>> w = LogWriter(buf)
>>> w.begin_game(rules={"scoring": "table"}, wall=bytes(k // 4 for k in range(108)), dealer=0)
>>> w.write_event({"type": "none"})
>>> w.write_claims({"totals": [0, 0, 0, 0]})
>>> len(w.end_game())
32
>>> _ = buf.seek(0)
>>> game = read_game(buf)
>>> game.events, game.claims["totals"]
([{'type': 'none'}], [0, 0, 0, 0])
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Generic, TypeVar

from xzcore.log.completeness import (
    LEGACY,
    START,
    Link,
    close_problems,
    end_problem,
    follows_out_of_order,
    is_open,
    link_after,
    link_problem,
)
from xzcore.log.records import RecordStream, chain
from xzcore.log.scan import NEED_MORE, scan_game
from xzcore.log.signing import signed_message
from xzcore.log.types import (
    FORMAT_NAME,
    FORMAT_VERSION,
    GENESIS,
    HASH_SIZE,
    TAG_CLAIMS,
    TAG_CLOSE,
    TAG_EVENT,
    TAG_HEADER,
    Close,
    Header,
    Limits,
    Location,
    LogError,
    LogFormatError,
    LogIntegrityError,
    LogVersionError,
    parse_close,
    parse_header,
)

__all__ = [
    "BLOCK_SIZE",
    "EXTENSION",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "BaseVisitor",
    "Close",
    "CollectingBuilder",
    "Game",
    "GameBuilder",
    "Header",
    "Limits",
    "Link",
    "Location",
    "LogError",
    "LogFormatError",
    "LogIntegrityError",
    "LogReader",
    "LogVersionError",
    "iter_games",
    "read_game",
]

EXTENSION = ".xzlog"
"""File extension of game logs (L1)."""

PREV_MISMATCH = (
    "the header's previous-game hash does not match the game before it in this file (a game "
    "was removed, reordered or edited)"
)
"""L2: the message when a header's ``prev`` is not the final hash of the game before it
(the reader's finding and :func:`xzcore.audit.report.boundary_finding`'s, one text)."""

_HASH_TAIL = 2 + HASH_SIZE
"""Bytes of a record after its body: ``c4 20`` and the hash (L1)."""

_BLAKE = hashlib.blake2b(digest_size=HASH_SIZE)
"""An empty BLAKE2b-256 state: copying it is cheaper than a new hash object."""

BLOCK_SIZE = 1 << 20
"""Bytes read from a seekable handle at a time (a block holds ~90 recorded games)."""

_READS_INTO = (io.BytesIO, io.BufferedReader, io.FileIO)
"""Handle types whose ``readinto(b)`` reads what ``read(len(b))`` reads (the standard
ones, not subclasses: a subclass may change one and not the other)."""


T = TypeVar("T")


class BaseVisitor(Generic[T]):
    """Hooks called by :func:`read_game`, in this order: :meth:`begin_game`,
    :meth:`visit_header`, :meth:`visit_event` per event (or :meth:`visit_events` once, for
    a game read in one scan), :meth:`visit_claims`,
    :meth:`visit_close`, :meth:`end_game`, then :meth:`result`.

    :meth:`handle_error` receives every problem (a :class:`LogError` with its location) and
    raises it by default; override it to collect problems and go on. After a
    :class:`LogFormatError` the rest of that game is unreadable: the reader skips to the next
    game and calls :meth:`end_game` with ``complete=False``.
    """

    def begin_game(self, location: Location) -> None:
        """A game starts at ``location.offset``."""

    def visit_header(self, header: Header, location: Location) -> None:
        """The game's header (L4)."""

    def visit_event(self, index: int, event: Any, location: Location) -> None:
        """Event ``index`` (0-based) of the engine's stream."""

    def visit_events(
        self,
        events: list[Any],
        offsets: list[int],
        bodies: bytes,
        location: Location,
        others: list[int] | None = None,
    ) -> None:
        """All of a game's events at once, from a game read in one scan
        (:func:`xzcore.log.scan.scan_game`): ``offsets`` are their records' byte offsets,
        ``bodies`` their payloads' bytes joined, ``others`` the indices of the events not of
        the two plain shapes (``dahai``, ``tsumo``). By default one :meth:`visit_event`
        each, with the location a game read record by record gives (``location`` is the
        header's)."""
        path, game = location.path, location.game
        for i, (ev, off) in enumerate(zip(events, offsets, strict=True)):
            self.visit_event(i, ev, Location(path, game, i, off, i + 1))

    def visit_claims(self, claims: dict[str, Any], location: Location) -> None:
        """The claimed results (L5)."""

    def visit_close(self, close: Close, location: Location) -> None:
        """The closing record (L2, L3)."""

    def end_game(self, complete: bool) -> None:
        """The game ended; ``complete`` is false when it was cut short by unreadable bytes."""

    def handle_error(self, error: LogError) -> None:
        """Called for every problem; raises it by default (the strict behaviour)."""
        raise error

    def result(self) -> T:
        """What :func:`read_game` returns."""
        raise NotImplementedError


@dataclass
class Game:
    """A game as read from a log (what :class:`GameBuilder` returns)."""

    header: Header | None
    """``None`` when the header itself was unreadable (then ``errors`` says why)."""
    events: list[Any] = field(default_factory=list)
    event_offsets: list[int] = field(default_factory=list)
    claims: dict[str, Any] | None = None
    claims_offset: int | None = None
    close: Close | None = None
    offset: int = 0
    errors: list[LogError] = field(default_factory=list)
    complete: bool = True


class GameBuilder(BaseVisitor[Game]):
    """The default, strict visitor: builds a :class:`Game`, raises at the first problem."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self._offset = 0

    def begin_game(self, location: Location) -> None:
        self.game = None
        self._offset = location.offset or 0

    def visit_header(self, header: Header, location: Location) -> None:
        if self.game is None:
            self.game = Game(header=header, offset=self._offset)
        else:  # problems were reported before the header was read
            self.game.header = header

    def visit_event(self, index: int, event: Any, location: Location) -> None:
        assert self.game is not None
        self.game.events.append(event)
        self.game.event_offsets.append(location.offset or 0)

    def visit_claims(self, claims: dict[str, Any], location: Location) -> None:
        assert self.game is not None
        self.game.claims = claims
        self.game.claims_offset = location.offset

    def visit_close(self, close: Close, location: Location) -> None:
        assert self.game is not None
        self.game.close = close

    def end_game(self, complete: bool) -> None:
        if self.game is not None:
            self.game.complete = complete

    def handle_error(self, error: LogError) -> None:
        if self.game is not None:
            self.game.errors.append(error)
        raise error

    def result(self) -> Game:
        if self.game is None:
            raise LogFormatError("no game was read", Location())
        return self.game


class CollectingBuilder(GameBuilder):
    """Like :class:`GameBuilder`, but collects every problem in ``Game.errors`` and goes on;
    a game cut short by unreadable bytes has ``complete == False``."""

    def handle_error(self, error: LogError) -> None:
        if self.game is None:
            self.game = Game(header=None, offset=self._offset)
        self.game.errors.append(error)


class LogReader:
    """Reads games one after another from a binary handle, streaming (L6 limits).

    It checks the container (L1), the hash chain within and across games (L2), given a
    ``verifier`` (:class:`xzcore.log.signing.Verifier`) each game's signature (L3), and the
    completeness of a 1.1 log (L8: each game the next of its match, the last marked as last
    where the input ends). ``start`` is the file offset the handle is at (a game's first
    byte) and ``first_game`` that game's number, for reading part of a file; ``prev``, when
    known, the final hash of the game before ``start`` (checked against the first header's
    ``prev``, L2) and ``link`` what was known of its match (:attr:`last_link` of a reader
    that read it, L8); ``end``, when given, the offset of a game start where reading stops
    (more games follow it: the input does not end there).

    How: a seekable handle is read in blocks of :data:`BLOCK_SIZE`, and each game is read in
    one pass by :func:`xzcore.log.scan.scan_game` (compiled, or its twin: layout, limits and
    hash chain of the whole game); the header, claims, closing record and signature are then
    checked here. A game with any problem at all — or one the scan declines — is read again
    from its first byte record by record (:class:`~xzcore.log.records.RecordStream`), which
    reports exactly what is wrong, so the two ways of reading give the same visits, errors,
    offsets and event indices. Once the chain is unknown (unreadable bytes, a read error, a
    start mid-file without ``prev``), for a handle that cannot seek, or with
    ``scan=False`` (the tests' oracle), every game is read record by record.

    A block holds at most one game beyond ``Limits.max_game_bytes`` plus one record (a
    longer game is declined and reported, L6). A handle of a standard type (``io.BytesIO``,
    ``io.BufferedReader``, ``io.FileIO``) is read with ``readinto`` into one bytearray kept
    for the whole file; any other with ``read()``, as it defines it.
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
        scan: bool = True,
        link: Link | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.path = path
        self._fh = handle
        self._verifier = verifier
        self._end = end
        self._game = first_game  # the number of the game that starts at ``offset``
        # The previous game's final record hash; None when unknown (the reader started
        # mid-file or skipped unreadable bytes), and then a header's ``prev`` is trusted.
        self._prev: bytes | None = GENESIS if start == 0 else prev
        # The match of the game before (L8); None when unknown, as ``_prev``.
        self._link: Link | None = START if start == 0 else link if prev is not None else None
        self._event: int | None = None
        # The bytes read and not yet delivered: _buf[_pos:_len], _buf[0] at file offset _base.
        self._into = type(handle) in _READS_INTO
        self._buf: bytes | bytearray = bytearray() if self._into else b""
        self._len = 0
        self._base = start
        self._pos = 0
        self._eof = False
        self._failed = False  # a block read raised OSError: the rest is read record by record
        # Not None while games are read record by record (then ``offset`` is the stream's).
        self._stream: RecordStream | None = None
        try:
            seekable = handle.seekable()
        except (AttributeError, OSError, ValueError):
            seekable = False
        if not scan or not seekable or self._prev is None:
            self._stream = RecordStream(handle, self.limits, path, start=start)
        # The most a block may hold past a game's start before the game is declined.
        self._cap = self.limits.max_game_bytes + self.limits.max_record_bytes

    def __iter__(self) -> Iterator[Game]:
        return iter_games(self)

    @property
    def offset(self) -> int:
        """Byte offset where the next game starts."""
        if self._stream is not None:
            return self._stream.offset
        return self._base + self._pos

    @property
    def last_hash(self) -> bytes | None:
        """The last game's final record hash, or ``None`` when it was unreadable (L2)."""
        return self._prev

    @property
    def last_link(self) -> Link | None:
        """What the reader knows of the last game's match (L8), or ``None`` when unknown."""
        return self._link

    @property
    def next_game(self) -> int:
        """The number of the game that starts at :attr:`offset`."""
        return self._game

    def read_game(self, Visitor: type[BaseVisitor[T]] | Any = GameBuilder) -> T | None:
        """Read the next game through a new ``Visitor()`` (or a visitor instance); ``None``
        at the end of the log (or of the part)."""
        visitor: BaseVisitor[T] = Visitor() if isinstance(Visitor, type) else Visitor
        if self._end is not None and self.offset >= self._end:
            return None
        if self._stream is not None:
            return self._read_records(visitor)
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
                break  # a truncated or overlong game: read record by record, it says which
            if type(got) is not tuple or not self._deliver(got, visitor):
                break
            self._game += 1
            self._prev = got[9]
            return visitor.result()
        return self._reread(visitor)

    # -- a whole game in one scan ------------------------------------------------------------

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
                # Read record by record from here: the stream meets (and reports) the error.
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
        """Check what the scan leaves to Python and visit the game; False (nothing visited,
        the buffer still at the game's start) when any check fails, so that reading record
        by record reports it. On success the buffer is past the game."""
        end, header_p, events, offsets, claims, claims_at, close_p, close_at, final, _last = got[
            :10
        ]
        path, game = self.path, self._game
        start = self._base + self._pos
        loc = Location(path, game, None, start, 0)
        try:
            header = parse_header(header_p, loc)
            close = parse_close(close_p, loc, header)
        except LogFormatError:
            return False
        n = len(events)
        if (
            header.prev != self._prev
            or type(claims) is not dict
            or close.final != final
            or close.events != n
        ):
            return False
        if self._verifier is not None:
            body = self._buf[close_at - self._base : end - _HASH_TAIL]
            if signature_problem(self._verifier, close, header, body) is not None:
                return False
        before = self._link
        if header.match is None and (before is None or before.match is None):
            # a game bound to no match after another (or first): nothing to link (L8.10)
            if close.unknown and close_problems(header, close):
                return False  # L8.9
            link = LEGACY
        else:
            if link_problem(before, header) is not None or close_problems(header, close):
                return False
            link = link_after(before, header, close)
        end += self._base  # from here, a file offset: _fill may move the buffer
        if is_open(link) and self._ends_at(end):
            return False  # L8.2
        self._pos = end - self._base
        self._link = link
        visitor.begin_game(loc)
        visitor.visit_header(header, loc)
        visitor.visit_events(events, offsets, got[10], loc, got[11])
        visitor.visit_claims(claims, Location(path, game, None, claims_at, n + 1))
        visitor.visit_close(close, Location(path, game, None, close_at, n + 2))
        visitor.end_game(True)
        return True

    def _ends_at(self, end: int) -> bool:
        """Whether the input ends at file offset ``end``, the end of the game just scanned
        (its start still at ``_pos``): reads the next block when all of the buffer is read.
        Not where a part's ``end`` stops the reading (more games follow), nor after a read
        error (unknown: the next read reports it)."""
        if end - self._base < self._len or (self._end is not None and end >= self._end):
            return False
        return not self._fill() and not self._failed

    def _reread(self, visitor: BaseVisitor[T]) -> T | None:
        """Read the game at :attr:`offset` record by record, then go on scanning when the
        chain is still known."""
        start = self._base + self._pos
        self._fh.seek(start)
        self._stream = RecordStream(self._fh, self.limits, self.path, start=start)
        result = self._read_records(visitor)
        if self._prev is None or self._failed:  # unknown chain, or a handle that failed
            return result
        offset = self._stream.offset
        self._stream = None
        self._fh.seek(offset)
        self._len = 0
        self._base = offset
        self._pos = 0
        self._eof = False
        return result

    # -- a game record by record -------------------------------------------------------------

    def _read_records(self, visitor: BaseVisitor[T]) -> T | None:
        """Read the next game from the record stream, reporting every problem."""
        stream = self._stream
        assert stream is not None
        game_no = self._game
        self._event = None
        try:
            rec = stream.next_record()
        except LogFormatError as exc:
            self._game += 1
            visitor.begin_game(Location(self.path, game_no, None, exc.location.offset, 0))
            self._fail(visitor, exc, game_no)
            visitor.end_game(False)
            return visitor.result()
        if rec is None:
            return None
        self._game += 1
        visitor.begin_game(Location(self.path, game_no, None, rec.offset, 0))
        try:
            complete = self._read_body(visitor, rec, game_no)
        except LogFormatError as exc:
            self._fail(visitor, exc, game_no)
            complete = False
        visitor.end_game(complete)
        return visitor.result()

    def _fail(self, visitor: BaseVisitor[Any], exc: LogFormatError, game_no: int) -> None:
        """Report unreadable bytes with the game and event they belong to, then skip to the
        next game header with a fresh unpacker (the chain across games is then unknown)."""
        loc = exc.location
        if loc.game is None:
            loc = Location(loc.path, game_no, self._event, loc.offset, loc.record)
            err = type(exc)(exc.message, loc, rule=exc.rule)
        else:
            err = exc
        try:
            visitor.handle_error(err)
        finally:
            assert self._stream is not None
            self._stream.resync()
            self._prev = None
            self._link = None

    def _read_body(self, visitor: BaseVisitor[Any], rec: Any, game_no: int) -> bool:
        stream = self._stream
        assert stream is not None
        path = self.path
        loc = Location(path, game_no, None, rec.offset, 0)
        if rec.tag != TAG_HEADER:
            raise LogFormatError(
                f"expected a game header (tag {TAG_HEADER}), found tag {rec.tag}", loc, rule="L1"
            )
        header = parse_header(rec.payload, loc)
        visitor.visit_header(header, loc)
        before = self._link
        problem = link_problem(before, header)
        if problem is not None:  # L8: it explains a prev that is not the game before's
            visitor.handle_error(LogIntegrityError(problem[1], loc, rule=problem[0]))
        elif (
            self._prev is not None
            and header.prev != self._prev
            and not follows_out_of_order(before, header)
        ):
            visitor.handle_error(LogIntegrityError(PREV_MISMATCH, loc, rule="L2"))
        running = header.prev
        running = self._check_hash(visitor, running, rec, loc)
        n_events = 0
        record_no = 1
        max_events = self.limits.max_events
        max_bytes = self.limits.max_game_bytes
        game_start = rec.offset
        visit_event = visitor.visit_event
        next_record = stream.next_record
        new_loc = tuple.__new__  # a Location per event, without the named tuple's __new__
        new_hash = _BLAKE.copy
        # The hot loop, one pass per event: records are indexed as plain tuples
        # (tag, payload, hash, body, offset) and the L2 hash computed inline (as chain).
        while True:
            self._event = n_events
            rec = next_record()
            if rec is None:
                raise LogFormatError(
                    "the log ends inside a game (truncated file)",
                    Location(path, game_no, n_events, stream.offset, record_no),
                    rule="L1",
                )
            tag = rec[0]
            if tag == TAG_EVENT:
                offset = rec[4]
                loc = new_loc(Location, (path, game_no, n_events, offset, record_no))
                h = new_hash()  # chain, inline
                h.update(running)
                h.update(rec[3])
                computed = h.digest()
                if computed == rec[2]:
                    running = computed
                else:
                    running = self._check_hash(visitor, running, rec, loc)
                visit_event(n_events, rec[1], loc)
                n_events += 1
                record_no += 1
                if n_events > max_events:
                    raise LogFormatError(
                        f"more than {max_events} events in one game", loc, rule="L6"
                    )
                if offset - game_start > max_bytes:
                    raise LogFormatError(f"a game longer than {max_bytes} bytes", loc, rule="L6")
                continue
            loc = Location(path, game_no, None, rec.offset, record_no)
            if tag != TAG_CLAIMS:
                raise LogFormatError(
                    f"expected an event or the claims record, found tag {tag}", loc, rule="L1"
                )
            if not isinstance(rec.payload, dict):
                raise LogFormatError("the claims record must be a map", loc, rule="L5")
            running = self._check_hash(visitor, running, rec, loc)
            visitor.visit_claims(rec.payload, loc)
            break
        final = running
        self._event = None
        rec = stream.next_record()
        record_no += 1
        if rec is None:
            raise LogFormatError(
                "the log ends before the game's closing record (truncated file)",
                Location(path, game_no, None, stream.offset, record_no),
                rule="L1",
            )
        loc = Location(path, game_no, None, rec.offset, record_no)
        if rec.tag != TAG_CLOSE:
            raise LogFormatError(
                f"expected the closing record (tag {TAG_CLOSE}), found tag {rec.tag}",
                loc,
                rule="L1",
            )
        close = parse_close(rec.payload, loc, header)
        running = self._check_hash(visitor, running, rec, loc)
        if close.final != final:
            visitor.handle_error(
                LogIntegrityError(
                    "the closing record's final hash is not the running hash of the claims record",
                    loc,
                    rule="L2",
                    claimed=close.final.hex(),
                    correct=final.hex(),
                )
            )
        if close.events != n_events:
            visitor.handle_error(
                LogIntegrityError(
                    f"the closing record counts {close.events} events, the game has {n_events}",
                    loc,
                    rule="L2",
                    claimed=close.events,
                    correct=n_events,
                )
            )
        self._check_signature(visitor, close, loc, header, rec.body)
        for rule, message in close_problems(header, close):
            visitor.handle_error(LogIntegrityError(message, loc, rule=rule))
        link = link_after(before, header, close)
        problem = end_problem(link) if is_open(link) and self._stream_ends() else None
        if problem is not None:
            visitor.handle_error(LogIntegrityError(problem[1], loc, rule=problem[0]))
        visitor.visit_close(close, loc)
        self._prev = running
        self._link = link
        return True

    def _stream_ends(self) -> bool:
        """Whether the input ends after the record just read (L8.2), as :meth:`_ends_at`."""
        stream = self._stream
        assert stream is not None
        if self._end is not None and stream.offset >= self._end:
            return False
        return stream.at_end()

    def _check_hash(
        self, visitor: BaseVisitor[Any], running: bytes, rec: Any, loc: Location
    ) -> bytes:
        """L2: recompute the running hash; report a mismatch and go on from the stored one
        (so one edited record gives one finding, not one per later record)."""
        computed = chain(running, rec.body)
        if computed != rec.hash:
            visitor.handle_error(
                LogIntegrityError(
                    "hash chain broken: this record's bytes were changed (or a record before "
                    "it was inserted or removed)",
                    loc,
                    rule="L2",
                    claimed=rec.hash.hex(),
                    correct=computed.hex(),
                )
            )
            return bytes(rec.hash)
        return computed

    def _check_signature(
        self,
        visitor: BaseVisitor[Any],
        close: Close,
        loc: Location,
        header: Header,
        body: bytes | bytearray,
    ) -> None:
        """L3: with a verifier, every game must be signed by that key."""
        if self._verifier is None:
            return
        problem = signature_problem(self._verifier, close, header, body)
        if problem is not None:
            visitor.handle_error(LogIntegrityError(problem, loc, rule="L3"))


def signature_problem(
    verifier: Any,
    close: Close,
    header: Header | None = None,
    body: bytes | bytearray | memoryview | None = None,
) -> str | None:
    """L3: why ``close`` is not signed by ``verifier``'s key, or ``None`` when it is (or
    there is no verifier). What is checked: a 1.0 game's ``sig``, of its final hash; a 1.1
    game's ``seal``, of :func:`~xzcore.log.signing.signed_message` of ``body``, the closing
    record's bytes up to its hash (``header`` says the version) — the seal covers ``sig``.
    The one check of a game read record by record (which reports it) and of a scanned one
    (which is then read record by record)."""
    if verifier is None:
        return None
    if close.sig is None:
        return "the game is not signed"
    if close.key is not None and close.key != verifier.key_id:
        return f"signed by another key (key id {close.key.hex()}, expected {verifier.key_id.hex()})"
    if header is not None and header.version[1] >= 1:
        if close.seal is None:
            return "the closing record is not sealed (format 1.1 signs the whole record: 'seal')"
        message = signed_message(body) if body is not None else None
        if message is None:
            return "the closing record's 'seal' is not its last entry: it cannot be checked"
        if not verifier.verify(message, close.seal):
            return (
                "bad signature: the closing record was not sealed by this key (records were "
                "changed and the chain recomputed, or the closing record edited)"
            )
        return None
    if not verifier.verify(close.final, close.sig):
        return (
            "bad signature: the final hash was not signed by this key (records were "
            "changed and the chain recomputed)"
        )
    return None


def read_game(
    handle: IO[bytes] | LogReader,
    Visitor: type[BaseVisitor[T]] | Any = GameBuilder,
) -> T | None:
    """Read one game from ``handle`` (a binary file or a :class:`LogReader`) through
    ``Visitor`` and return ``visitor.result()``, or ``None`` at the end of the log.

    A plain seekable handle is left positioned just after the game, so repeated calls read
    the games in turn (the cross-game chain check of L2 then starts afresh with each call;
    use one :class:`LogReader` to keep it).
    """
    if isinstance(handle, LogReader):
        return handle.read_game(Visitor)
    seekable = handle.seekable()
    start = handle.tell() if seekable else 0
    reader = LogReader(handle, start=start)
    result = reader.read_game(Visitor)
    if seekable:
        handle.seek(reader.offset)
    return result


def iter_games(reader: LogReader) -> Iterator[Game]:
    """Every game of a log, read by :class:`GameBuilder` (strict)."""
    while True:
        game = reader.read_game(GameBuilder)
        if game is None:
            return
        yield game
