"""Audit: replay every game of a log through the round engine and check every claim.

Per game (docs/audit.md): integrity (the L2 hash chain; with a key, the L3 signature),
legality (the recorded actions through the checked ``Round.play``; a refusal is a finding
citing its rule id) and figures (the engine's events and the L5 claims against the log).
:class:`AuditVisitor` is the collecting visitor of :mod:`xzcore.log.reader`; :func:`audit_file`
yields one :class:`GameReport` per game, streaming.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from xzcore.audit.compare import Finding, compare_claims, compare_events
from xzcore.audit.compare import finding as new_finding
from xzcore.audit.corrections import corrections as fewest_transfers
from xzcore.audit.diff import diff
from xzcore.audit.explain import check_lang as _check_lang
from xzcore.audit.explain import error_text, explanation, finding_text
from xzcore.log.completeness import START, Link, link_before, version_notes
from xzcore.log.reader import BaseVisitor, Header, LogReader
from xzcore.log.records import HEADER_MAGIC, RecordStream, find_game_start
from xzcore.log.scan import claims_of
from xzcore.log.types import (
    GENESIS,
    TAG_HEADER,
    Limits,
    Location,
    LogError,
    LogFormatError,
    LogIntegrityError,
    parse_header,
)
from xzcore.messages import text

__all__ = [
    "CONVERTED_NOTE",
    "AuditVisitor",
    "Finding",
    "GameReport",
    "RangeAudit",
    "ReadState",
    "audit_bytes",
    "audit_file",
    "audit_handle",
    "converted_notes",
    "error_text",
    "finding_text",
    "game_corrections",
    "game_note_text",
    "money_rows",
    "shows_totals",
]


CONVERTED_NOTE = text("audit.converted_note", "en")
"""The note on a game converted from a plain mjai log (docs/mjai.md M4.4): its events are
the engine's replay of the mjai actions, so its money was recomputed, not compared."""


def converted_notes(header: Header) -> list[str]:
    """The notes on a game of this header (M4.4): :data:`CONVERTED_NOTE` when its ``extra``
    says it was converted from plain mjai with the money recomputed."""
    extra = header.extra
    ours = isinstance(extra, dict) and extra.get("converted") == "mjai"
    return [CONVERTED_NOTE] if ours and extra.get("money") == "recomputed" else []


def _game_note_keys() -> dict[str, str]:
    from xzcore.log.completeness import VERSION_NOTE

    return {VERSION_NOTE: "audit.version_note", CONVERTED_NOTE: "audit.converted_note"}


def game_note_text(note: str, lang: str) -> str:
    """A game's note (a ``notes`` entry of :meth:`GameReport.to_dict`: L8.10's, M4.4's) in
    ``lang``; a note the catalogue does not hold as it is.

    >>> game_note_text(CONVERTED_NOTE, "zh")[:17]
    '由不带本项目扩展的 mjai 记录'
    """
    _check_lang(lang)
    key = _game_note_keys().get(note)
    return text(key, lang) if key is not None else note


@dataclass
class GameReport:
    """The audit of one game: ``verified`` when readable and without findings."""

    path: str
    game: int
    offset: int
    findings: list[Finding] = field(default_factory=list)
    unreadable: list[LogError] = field(default_factory=list)
    events: int = 0
    seed: int | None = None
    game_id: int | None = None
    """The game number its header gives (``None``: no readable header): the game's place
    in the file as written, which a removed or moved game no longer matches."""
    seats: tuple[str, ...] | None = None
    """The seat names of the header (``None``: no readable header)."""
    claimed_net: list[int] | None = None
    """Each seat's net units by the log's own events (the sum of their transfers)."""
    claimed_totals: list[int] | None = None
    """Each seat's total as the log's ``end_kyoku`` announces it (``None``: no such event or
    not four integers)."""
    correct_net: list[int] | None = None
    """Each seat's net units by the engine, from the recorded actions (its round result;
    ``None`` when the replay did not reach the end of the round legally)."""
    notes: list[str] = field(default_factory=list)
    """What the audit cannot prove about the game, not findings: a 1.0 log's completeness
    (docs/log-format.md L8.10)."""

    @property
    def verified(self) -> bool:
        """No finding and no unreadable bytes."""
        return not self.findings and not self.unreadable

    @property
    def status(self) -> str:
        """``"verified"``, ``"findings"`` or ``"unreadable"`` (unreadable wins, as exit 3
        wins over 1)."""
        if self.unreadable:
            return "unreadable"
        return "findings" if self.findings else "verified"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Plain data for ``--format json/jsonl`` (docs/audit.md); each finding's
        ``explanation`` in ``lang``."""
        rows = money_rows(self.seats, self.claimed_net, self.claimed_totals, self.correct_net)
        findings = [_finding_dict(f) for f in self.findings]
        for d in findings:
            d["explanation"] = explanation(d, self.seats, lang)
        return {
            "path": self.path,
            "game": self.game,
            "offset": self.offset,
            "status": self.status,
            "seed": self.seed,
            "game_id": self.game_id,
            "events": self.events,
            "findings": findings,
            "errors": [
                {"rule": e.rule, "message": e.message, **e.location.to_dict()}
                for e in self.unreadable
            ],
            "money_per_seat": rows,
            "corrections": game_corrections(rows),
            "notes": list(self.notes),
        }


def _finding_dict(f: Finding) -> dict[str, Any]:
    """:meth:`Finding.to_dict` with ``diff``: what differs between its claimed and correct
    values (:func:`xzcore.audit.diff.diff`; ``None`` unless both are lists or both maps)."""
    d = f.to_dict()
    d["diff"] = diff(d["claimed"], d["correct"])
    return d


def _four(v: Any) -> list[int] | None:
    if isinstance(v, list | tuple) and len(v) == 4 and all(type(x) is int for x in v):
        return list(v)
    return None


def shows_totals(rows: list[dict[str, Any]]) -> bool:
    """Whether a money table needs the column of the log's announced totals: only when some
    seat's total is not the sum of its payments (otherwise it repeats that column)."""
    return any(
        r.get("claimed_totals") is not None and r["claimed_totals"] != r["claimed"] for r in rows
    )


def money_rows(
    seats: tuple[str, ...] | None,
    claimed: list[int] | None,
    claimed_totals: list[int] | None,
    correct: list[int] | None,
) -> list[dict[str, Any]] | None:
    """One row per seat (docs/audit.md, "Money per seat"): ``seat`` (0-3), ``name`` (the
    header's), ``claimed`` (net units by the log's payments), ``claimed_totals`` (the log's
    announced total), ``correct`` (the engine's; ``None`` when unknown) and ``differs`` (the
    log's payments or total is not the correct figure; ``None`` when the correct one is
    unknown). ``None`` for a game without a readable header."""
    if seats is None:
        return None
    rows = []
    for s in range(4):
        name = seats[s] if s < len(seats) and isinstance(seats[s], str) else f"seat {s}"
        a = claimed[s] if claimed is not None else None
        t = claimed_totals[s] if claimed_totals is not None else None
        b = correct[s] if correct is not None else None
        differs = None if b is None else (a != b or (t is not None and t != b))
        rows.append(
            {
                "seat": s,
                "name": name,
                "claimed": a,
                "claimed_totals": t,
                "correct": b,
                "differs": differs,
            }
        )
    return rows


def game_corrections(rows: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """The fewest transfers ``{"from", "to", "units"}`` (by seat name) that turn the log's
    payments per seat (``claimed`` of :func:`money_rows`) into the engine's (``correct``):
    :func:`xzcore.audit.corrections.corrections`; ``[]`` when they agree, ``None`` when
    either side is unknown."""
    if not rows or any(
        type(r["claimed"]) is not int or type(r["correct"]) is not int for r in rows
    ):
        return None
    names = [str(r["name"]) for r in rows]
    claimed = [r["claimed"] for r in rows]
    correct = [r["correct"] for r in rows]
    if sum(claimed) != sum(correct):  # a log whose payments create money: no transfer fits
        return None
    return fewest_transfers(names, claimed, correct)


class AuditVisitor(BaseVisitor[GameReport]):
    """Collects one game's header, events and claims, turns every log problem into a
    finding (integrity, L2/L3) or an unreadable mark (format, L1/L4/L6/L7), and at the end of
    a readable game replays it (:func:`xzcore.audit.compare.compare_events`)."""

    def __init__(self, path: str = "", *, shortcuts: bool = True) -> None:
        self.path = path
        self.shortcuts = shortcuts
        """False: replay every action through ``Round.play`` (see :func:`compare_events`)."""
        self.report = GameReport(path, 0, 0)
        self.header: Header | None = None
        self.events: list[Any] = []
        self.offsets: list[int] = []
        self.claims: dict[str, Any] | None = None
        self.claims_loc: Location | None = None
        self.others: list[int] | None = None
        """From a game read in one scan: the events that are not plain dahai/tsumo
        (claims_of's)."""

    def begin_game(self, location: Location) -> None:
        self.report = GameReport(self.path, location.game or 0, location.offset or 0)
        self.header = None
        self.events = []
        self.offsets = []
        self.others = None
        self.claims = None

    def visit_header(self, header: Header, location: Location) -> None:
        self.header = header
        self.report.seed = header.seed
        self.report.game_id = header.game
        self.report.seats = tuple(header.seats)
        self.report.notes = version_notes(header) + converted_notes(header)  # L8.10, M4.4

    def visit_event(self, index: int, event: Any, location: Location) -> None:
        self.events.append(event)
        self.offsets.append(location.offset or 0)

    def visit_events(
        self,
        events: list[Any],
        offsets: list[int],
        bodies: bytes,
        location: Location,
        others: list[int] | None = None,
    ) -> None:
        self.events = events
        self.offsets = offsets
        self.others = others

    def visit_claims(self, claims: dict[str, Any], location: Location) -> None:
        self.claims = claims
        self.claims_loc = location

    def handle_error(self, error: LogError) -> None:
        if isinstance(error, LogIntegrityError):
            self.report.findings.append(
                Finding(
                    rule=error.rule,
                    message=error.message,
                    location=error.location,
                    claimed=error.claimed,
                    correct=error.correct,
                )
            )
        else:
            self.report.unreadable.append(error)

    def end_game(self, complete: bool) -> None:
        self.report.events = len(self.events)
        if not complete or self.header is None or self.report.unreadable:
            return
        try:
            findings = compare_events(
                self.path,
                self.report.game,
                self.header,
                self.events,
                self.offsets,
                shortcuts=self.shortcuts,
            )
        except Exception as exc:  # never a traceback for one bad game
            self.report.findings.append(
                new_finding(
                    "L5",
                    "finding.replay_failed",
                    Location(self.path, self.report.game, None, self.report.offset),
                    {"kind": type(exc).__name__, "detail": str(exc)},
                )
            )
            return
        if self.claims is not None and self.claims_loc is not None:
            findings.findings.extend(
                compare_claims(
                    self.claims, self.events, self.claims_loc, self.others, replay=findings
                )
            )
        self.report.findings.extend(findings.findings)
        self._money(findings.totals)

    def _money(self, totals: tuple[int, ...] | None) -> None:
        """Money per seat: the engine's net (``totals``) and, for a game with findings, the
        log's own — its payments and its announced totals (a verified game's are the
        engine's)."""
        r = self.report
        r.correct_net = _four(totals)
        if not r.findings and r.correct_net is not None:
            r.claimed_net = list(r.correct_net)
            r.claimed_totals = list(r.correct_net)
            return
        r.claimed_net = _four(claims_of(self.events, None).get("totals"))
        last = self.events[-1] if self.events else None
        if type(last) is dict and last.get("type") == "end_kyoku":
            r.claimed_totals = _four(last.get("totals"))

    def result(self) -> GameReport:
        return self.report


def audit_handle(
    handle: IO[bytes],
    *,
    path: str = "",
    verifier: Any = None,
    limits: Limits | None = None,
    shortcuts: bool = True,
) -> Iterator[GameReport]:
    """Audit every game read from a binary handle, one report per game, streaming.
    ``shortcuts=False`` reads every game record by record (``LogReader(scan=False)``) and
    replays every action through ``Round.play`` (same reports, slower: the oracle of the
    tests)."""
    reader = LogReader(handle, path=path, limits=limits, verifier=verifier, scan=shortcuts)
    visitor = AuditVisitor(path, shortcuts=shortcuts)
    while True:
        try:
            report = reader.read_game(visitor)
        except LogError as exc:  # the input failed (an I/O error) where no game could go on
            yield _unreadable(path, exc)
            return
        if report is None:
            return
        yield report


def audit_file(
    path: str | os.PathLike[str],
    *,
    verifier: Any = None,
    limits: Limits | None = None,
    shortcuts: bool = True,
) -> Iterator[GameReport]:
    """Audit every game of a log file (``"-"``: standard input); a file that cannot be
    opened, or holds no game, gives one unreadable report (game 0)."""
    name = os.fspath(path)
    if name == "-":  # standard input
        yield from _audit_stream(sys.stdin.buffer, "<stdin>", verifier, limits, shortcuts)
        return
    try:
        fh = open(name, "rb")  # noqa: SIM115 - closed below, after streaming
    except OSError as exc:
        yield _unreadable(
            name, LogFormatError(f"cannot open: {exc.strerror}", Location(name, None, None, None))
        )
        return
    with fh:
        yield from _audit_stream(fh, name, verifier, limits, shortcuts)


def _audit_stream(
    fh: IO[bytes], name: str, verifier: Any, limits: Limits | None, shortcuts: bool
) -> Iterator[GameReport]:
    empty = True
    for report in audit_handle(
        fh, path=name, verifier=verifier, limits=limits, shortcuts=shortcuts
    ):
        empty = False
        yield report
    if empty:
        yield _unreadable(
            name, LogFormatError("the log holds no game", Location(name, None, None, 0))
        )


def _unreadable(path: str, error: LogError) -> GameReport:
    """The report of a file (or the rest of one) that gives no game: ``error``, at its game
    and offset (0 when unknown)."""
    report = GameReport(path, error.location.game or 0, error.location.offset or 0)
    report.unreadable.append(error)
    return report


@dataclass(frozen=True)
class ReadState:
    """Where a reader reading a file in order stands at a game start: its byte ``offset``,
    the number of the game starting there, the final hash of the game before (``None``:
    unknown, after unreadable bytes; L2) and what it knows of that game's match (L8).
    Two readers in the same state read the same games from there the same way."""

    offset: int
    game: int
    prev: bytes | None
    link: Link | None


class RangeAudit:
    """The audit of the games of one file that start in the byte range ``[start, end)``
    (``end`` ``None``: to the end of the file), each read to its end, past ``end`` too, so
    that the ranges of a file, audited apart, give every game once (Hadoop's input splits).

    Given the reader's ``state`` at ``start`` (``start`` is then a game start, or the
    file's start), the reports are exactly those of reading the whole file in order. Without
    it (``start`` > 0), reading begins at the first game start at or after ``start``
    (:func:`xzcore.log.records.find_game_start`) in the state a whole file in order would
    have there (the header's ``game`` and ``prev``, :func:`xzcore.log.completeness.
    link_before`): :attr:`first` says what was assumed, and whoever read the range before
    checks it against that range's :attr:`last`; where they differ (a damaged or doctored
    file) the range is audited again from :attr:`last` (:mod:`xzcore.batch`).

    Iterate to get the reports; then :attr:`first` (``None``: no game starts in the range),
    :attr:`last` (the state where reading stopped: the first game start at or past ``end``,
    or the end of the file) and :attr:`at_end` (nothing of the file is left to read)."""

    def __init__(
        self,
        path: str,
        start: int = 0,
        end: int | None = None,
        *,
        state: ReadState | None = None,
        verifier: Any = None,
        limits: Limits | None = None,
        shortcuts: bool = True,
    ) -> None:
        self.path = path
        self.start = state.offset if state is not None else start
        self.end = end
        self.state = state
        self.verifier = verifier
        self.limits = limits or Limits()
        self.shortcuts = shortcuts
        self.first: ReadState | None = None
        self.last: ReadState | None = None
        self.at_end = False

    def __iter__(self) -> Iterator[GameReport]:
        path = self.path
        try:
            fh = open(path, "rb")  # noqa: SIM115 - closed below, after streaming
        except OSError as exc:
            yield from self._cannot_open(exc)
            return
        with fh:
            state = self.state
            if state is None and self.start == 0:
                state = ReadState(0, 0, GENESIS, START)
            if state is None:
                state = self._assumed(fh)
                if state is None or state.game < 0:
                    self.first = state
                    return
            self.first = state
            yield from self._read(fh, state)

    def _read(self, fh: IO[bytes], state: ReadState) -> Iterator[GameReport]:
        path, end = self.path, self.end
        fh.seek(state.offset)
        reader = LogReader(
            fh,
            path=path,
            limits=self.limits,
            verifier=self.verifier,
            start=state.offset,
            first_game=state.game,
            prev=state.prev,
            link=state.link,
            scan=self.shortcuts,
        )
        visitor = AuditVisitor(path, shortcuts=self.shortcuts)
        fd = fh.fileno()
        empty = True
        while True:
            offset = reader.offset
            if end is not None and offset >= end and _starts_game(fd, offset):
                break
            try:
                report = reader.read_game(visitor)
            except LogError as exc:  # the input failed (an I/O error): nothing more is read
                yield _unreadable(path, exc)
                self.at_end = True
                break
            if report is None:
                self.at_end = True
                break
            empty = False
            yield report
        self.last = ReadState(reader.offset, reader.next_game, reader.last_hash, reader.last_link)
        if empty and self.at_end and state.offset == 0:
            yield _unreadable(
                path, LogFormatError("the log holds no game", Location(path, None, None, 0))
            )

    def _assumed(self, fh: IO[bytes]) -> ReadState | None:
        """The first game start in the range and the state assumed there (game ``-1``: its
        header is unreadable, so nothing can be assumed), or ``None``: none in the range."""
        end = self.end
        offset = _find_start(fh, self.start, end)
        if offset is None or (end is not None and offset >= end):
            return None
        fh.seek(offset)
        stream = RecordStream(fh, self.limits, self.path, start=offset)
        try:
            rec = stream.next_record()
            if rec is None or rec.tag != TAG_HEADER:
                return ReadState(offset, -1, None, None)
            header = parse_header(rec.payload, Location(self.path, None, None, offset, 0))
        except LogError:
            return ReadState(offset, -1, None, None)
        if type(header.game) is not int or header.game < 0:
            return ReadState(offset, -1, None, None)
        return ReadState(offset, header.game, header.prev, link_before(header))

    def _cannot_open(self, exc: OSError) -> Iterator[GameReport]:
        """A file that cannot be opened: one unreadable report where its reading starts
        (at its start, as :func:`audit_file`; elsewhere nothing is assumed)."""
        self.at_end = True
        state = self.state
        if state is None and self.start > 0:
            self.first = ReadState(self.start, -1, None, None)
            return
        game, offset = (state.game, state.offset) if state is not None else (0, 0)
        where = Location(self.path, game or None, None, offset or None)
        self.first = ReadState(offset, game, None, None)
        self.last = self.first
        yield _unreadable(self.path, LogFormatError(f"cannot open: {exc.strerror}", where))


_PEEK = 3 + len(HEADER_MAGIC)


def _starts_game(fd: int, offset: int) -> bool:
    """Whether a game starts at ``offset`` of the open file ``fd`` (L1)."""
    try:
        head = os.pread(fd, _PEEK, offset)
    except OSError:
        return False
    return len(head) == _PEEK and find_game_start(head) == 0


_FIND_BLOCK = 1 << 16


def _find_start(fh: IO[bytes], start: int, end: int | None) -> int | None:
    """The offset of the first game start at or after ``start`` (before ``end``, if given),
    reading forward in blocks; ``None`` if there is none."""
    fh.seek(start)
    base, window = start, b""
    while True:
        block = fh.read(_FIND_BLOCK)
        if not block:
            return None
        window += block
        i = find_game_start(window)
        if i != -1:
            return base + i
        if end is not None and base + len(window) >= end + _PEEK:
            return None
        cut = max(len(window) - _PEEK, 0)
        base += cut
        window = window[cut:]


def audit_bytes(data: bytes, **kw: Any) -> list[GameReport]:
    """Audit a log held in memory (tests, tools)."""
    import io

    return list(audit_handle(io.BytesIO(data), **kw))
