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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from xzcore.audit.compare import Finding, compare_claims, compare_events
from xzcore.audit.compare import finding as new_finding
from xzcore.audit.diff import diff
from xzcore.log.completeness import Link, version_notes
from xzcore.log.reader import PREV_MISMATCH, BaseVisitor, Header, LogReader
from xzcore.log.scan import claims_of
from xzcore.log.types import Limits, Location, LogError, LogFormatError, LogIntegrityError
from xzcore.messages import LANGS, MESSAGES, from_english, phrase, text

__all__ = [
    "CONVERTED_NOTE",
    "AuditVisitor",
    "Finding",
    "GameReport",
    "Part",
    "PartReport",
    "audit_bytes",
    "audit_file",
    "audit_handle",
    "audit_part",
    "boundary_finding",
    "check_parts",
    "converted_notes",
    "error_text",
    "finding_text",
    "game_note_text",
    "money_rows",
    "shows_totals",
    "split_file",
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

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--format json/jsonl`` (docs/audit.md)."""
        return {
            "path": self.path,
            "game": self.game,
            "offset": self.offset,
            "status": self.status,
            "seed": self.seed,
            "game_id": self.game_id,
            "events": self.events,
            "findings": [_finding_dict(f) for f in self.findings],
            "errors": [
                {"rule": e.rule, "message": e.message, **e.location.to_dict()}
                for e in self.unreadable
            ],
            "money_per_seat": money_rows(
                self.seats, self.claimed_net, self.claimed_totals, self.correct_net
            ),
            "notes": list(self.notes),
        }


def _finding_dict(f: Finding) -> dict[str, Any]:
    """:meth:`Finding.to_dict` with ``diff``: what differs between its claimed and correct
    values (:func:`xzcore.audit.diff.diff`; ``None`` unless both are lists or both maps)."""
    d = f.to_dict()
    d["diff"] = diff(d["claimed"], d["correct"])
    return d


def finding_text(finding: dict[str, Any], lang: str) -> tuple[str, list[str]]:
    """A finding's message and notes in ``lang`` (``"zh"`` or ``"en"``), from its dict alone
    (:meth:`GameReport.to_dict`, also after a JSON round trip): the phrase ``message_key``
    with its ``fields`` (and the finding's ``claimed`` and ``correct``, for a phrase that
    quotes them), each note by its ``note_keys``. In English, or for a finding without a
    phrase (a log reader's integrity message: :func:`error_text`'s translation, else as it
    is), its ``message`` and ``notes``.

    >>> f = {"message": "wrong round totals", "notes": [], "message_key": "finding.wrong_totals"}
    >>> finding_text(f, "zh")
    ('本局总分有误', [])
    """
    message = str(finding.get("message", ""))
    notes = [str(n) for n in finding.get("notes") or ()]
    _check_lang(lang)
    if lang == "en":
        return message, notes
    key = finding.get("message_key")
    if isinstance(key, str) and key in MESSAGES:
        fields = dict(finding.get("fields") or {})
        for quoted in ("claimed", "correct"):
            if "{" + quoted + "}" in MESSAGES[key][1]:
                fields[quoted] = finding.get(quoted)
        message = phrase(key, lang, fields)
    else:
        message = _log_text(message, lang)
    keyed = finding.get("note_keys")
    if isinstance(keyed, list) and len(keyed) == len(notes):
        notes = [
            phrase(n["key"], lang, n.get("fields")) if _phrase_of(n) else old
            for n, old in zip(keyed, notes, strict=True)
        ]
    return message, notes


def _phrase_of(note: Any) -> bool:
    return (
        isinstance(note, Mapping) and isinstance(note.get("key"), str) and note["key"] in MESSAGES
    )


def error_text(error: dict[str, Any], lang: str) -> str:
    """An unreadable-log error's message (an ``errors`` entry of :meth:`GameReport.to_dict`)
    in ``lang``. The log reader writes its messages in English; one that matches a ``log.*``
    phrase of the catalogue is shown in Chinese with the values it quotes; any other (a
    rarer message, or one quoting a library's text) stays in English.

    >>> error_text({"message": "the log holds no game"}, "zh")
    '记录里没有对局'
    """
    message = str(error.get("message", ""))
    _check_lang(lang)
    return message if lang == "en" else _log_text(message, lang)


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected {' or '.join(LANGS)})")


def _log_text(message: str, lang: str) -> str:
    """``message`` of the log reader in ``lang``, when it is a ``log.*`` phrase's English."""
    return from_english(message, "log", lang)


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


class _Starts(BaseVisitor[int]):
    """Notes where each game starts and nothing else (for :func:`split_file`); the result
    is that offset."""

    def __init__(self) -> None:
        self.offset = 0

    def begin_game(self, location: Location) -> None:
        self.offset = location.offset or 0

    def visit_events(
        self,
        events: list[Any],
        offsets: list[int],
        bodies: bytes,
        location: Location,
        others: list[int] | None = None,
    ) -> None:
        pass

    def handle_error(self, error: LogError) -> None:
        pass

    def result(self) -> int:
        return self.offset


@dataclass(frozen=True)
class Part:
    """A run of consecutive games of one file: from byte ``start`` (game ``first_game``) to
    the game starting at byte ``end`` (``None``: the end of the file)."""

    path: str
    start: int
    end: int | None
    first_game: int
    prev: bytes | None = None
    """The final hash of the game before ``start`` as the sequential reader knows it
    (``None``: unknown, e.g. after unreadable bytes)."""
    link: Link | None = None
    """What the sequential reader knows of the match of the game before ``start`` (L8;
    ``None``: unknown)."""


def split_file(
    path: str, games_per_part: int = 64, *, limits: Limits | None = None
) -> Iterator[Part]:
    """Cut a log into parts of ``games_per_part`` games, at the game starts the sequential
    reader itself finds (the same reader, hashing but not replaying), with the hash chain
    as it stands at each cut, so auditing the parts one by one reports exactly what
    auditing the file does (see :func:`audit_part`)."""
    with open(path, "rb") as fh:
        reader = LogReader(fh, path=path, limits=limits)
        visitor = _Starts()
        starts: list[tuple[int, bytes | None, Link | None]] = []
        first = 0
        prev, link = reader.last_hash, reader.last_link
        while (offset := reader.read_game(visitor)) is not None:
            starts.append((offset, prev, link))
            prev, link = reader.last_hash, reader.last_link
            if len(starts) > games_per_part:
                yield Part(path, starts[0][0], starts[-1][0], first, *starts[0][1:])
                first += len(starts) - 1
                starts = starts[-1:]
        if starts:
            yield Part(path, starts[0][0], None, first, *starts[0][1:])


@dataclass
class PartReport:
    """The reports of a :class:`Part`, and what the cross-part chain check needs (L2)."""

    reports: list[GameReport]
    first_prev: bytes | None
    """The ``prev`` of the part's first game header, if it was readable and the part was
    read without knowing the hash before it (else its reader checked it: ``None``)."""
    last_hash: bytes | None
    """The final record hash of the part's last game, if it was read cleanly."""


def audit_part(part: Part, *, verifier: Any = None, limits: Limits | None = None) -> PartReport:
    """Audit the games of one part. The check of a part's first ``prev`` against the game
    before it is the caller's (:func:`check_parts`): this reader starts mid-file."""
    reports: list[GameReport] = []
    first_prev: bytes | None = None
    with open(part.path, "rb") as fh:
        fh.seek(part.start)
        reader = LogReader(
            fh,
            path=part.path,
            limits=limits,
            verifier=verifier,
            start=part.start,
            first_game=part.first_game,
            prev=part.prev,
            end=part.end,
            link=part.link,
        )
        visitor = AuditVisitor(part.path)
        while part.end is None or reader.offset < part.end:
            report = reader.read_game(visitor)
            if report is None:
                break
            if not reports and visitor.header is not None and part.prev is None:
                first_prev = visitor.header.prev
            reports.append(report)
        return PartReport(reports, first_prev, reader.last_hash)


def boundary_finding(
    last_hash: bytes | None, first_prev: bytes | None, path: str, game: int, offset: int
) -> Finding | None:
    """The L2 check across a part boundary, as the sequential reader makes it: a game's
    ``prev`` must be the final hash of the game before it (when both are known)."""
    if last_hash is None or first_prev is None or first_prev == last_hash:
        return None
    return Finding(
        rule="L2",
        message=PREV_MISMATCH,
        location=Location(path, game, None, offset, 0),
    )


def check_parts(before: PartReport | None, part: PartReport) -> None:
    """Add :func:`boundary_finding` to the part's first game (first, as the sequential
    reader reports it at the header)."""
    if before is None or not part.reports:
        return
    r = part.reports[0]
    f = boundary_finding(before.last_hash, part.first_prev, r.path, r.game, r.offset)
    if f is not None:
        r.findings.insert(0, f)


def audit_bytes(data: bytes, **kw: Any) -> list[GameReport]:
    """Audit a log held in memory (tests, tools)."""
    import io

    return list(audit_handle(io.BytesIO(data), **kw))
