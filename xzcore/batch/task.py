"""One task of a batch audit, run where the data is (a worker process, a Dask worker, or in
process): audit a byte range of a file and return its games already rendered in the run's
format and language, with the partial counts the coordinator only adds up
(:mod:`xzcore.batch.merge`). :func:`run_task` is a pure function of picklable arguments,
and its result is small: no per-game object crosses to the coordinator but the full
reports of the games the HTML page shows (findings or unreadable)."""

from __future__ import annotations

import os
import stat
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from xzcore.audit.corrections import corrections
from xzcore.audit.report import GameReport, RangeAudit, ReadState, audit_file
from xzcore.batch.plan import RangeTask, input_size
from xzcore.batch.results import file_hash
from xzcore.log.completeness import VERSION_NOTE
from xzcore.log.reader import EXTENSION
from xzcore.log.types import Location, LogFormatError
from xzcore.view.audit_text import table_lines, to_json

__all__ = [
    "VERIFIED_SHOWN",
    "Options",
    "Tally",
    "TaskResult",
    "lost_line",
    "lost_report",
    "render",
    "run_task",
    "unreadable_report",
    "verifier_for",
]

VERIFIED_SHOWN = 1000
"""The verified games the HTML page names (the rest are counted)."""


@dataclass(frozen=True)
class Options:
    """How a run renders its games: ``fmt`` (``"table"``, ``"json"``, ``"jsonl"``),
    ``lang``, ``quiet`` (the table leaves out verified games), ``key_pem`` (the Ed25519
    public key every game must be signed by, as PEM bytes), ``page`` (keep what the HTML
    page shows), ``hashes`` (each JSON line carries its file's content hash, which stands in
    the text as ``hash_token`` until the coordinator knows it)."""

    fmt: str = "jsonl"
    lang: str = "en"
    quiet: bool = False
    key_pem: bytes | None = None
    page: bool = False
    hashes: bool = False
    hash_token: str = ""


@dataclass
class Tally:
    """Counts a run adds up: games per verdict, findings, games not audited, money per seat
    name (in order of first appearance), findings and unreadable errors per rule id, and
    what the HTML page shows."""

    verified: int = 0
    findings: int = 0
    unreadable: int = 0
    findings_total: int = 0
    not_audited: int = 0
    claimed: dict[str, int] = field(default_factory=dict)
    correct: dict[str, int] = field(default_factory=dict)
    money_left_out: int = 0
    any_findings: bool = False
    rule_findings: Counter[str] = field(default_factory=Counter)
    rule_errors: Counter[str] = field(default_factory=Counter)
    problems: list[dict[str, Any]] = field(default_factory=list)
    """With ``Options.page``: the full reports of the games with findings or unreadable."""
    verified_names: list[tuple[str, int]] = field(default_factory=list)
    """With ``Options.page``: the first :data:`VERIFIED_SHOWN` verified games (path, game)."""
    verified_more: int = 0
    version_notes: int = 0
    """Games of format 1.0, whose completeness cannot be proven (L8.10): the page says so
    once for the run."""

    @property
    def games(self) -> int:
        return self.verified + self.findings + self.unreadable

    def add(self, r: dict[str, Any], page: bool) -> None:
        """Count one game's report."""
        status = r["status"]
        if status == "verified":
            self.verified += 1
        elif status == "findings":
            self.findings += 1
        else:
            self.unreadable += 1
        self.findings_total += len(r["findings"])
        if r.get("not_audited"):
            self.not_audited += 1
        for f in r["findings"]:
            self.rule_findings[str(f["rule"])] += 1
        for e in r["errors"]:
            self.rule_errors[str(e["rule"])] += 1
        if status != "verified":
            self.any_findings = True
        rows = r.get("money_per_seat")
        if rows:
            if any(x["correct"] is None or x["claimed"] is None for x in rows):
                self.money_left_out += 1
            else:
                claimed, correct = self.claimed, self.correct
                for x in rows:
                    name = str(x["name"])
                    claimed[name] = claimed.get(name, 0) + x["claimed"]
                    correct[name] = correct.get(name, 0) + x["correct"]
        if VERSION_NOTE in (r.get("notes") or ()):
            self.version_notes += 1
        if page:
            if status != "verified":
                self.problems.append(r)
            elif len(self.verified_names) < VERIFIED_SHOWN:
                self.verified_names.append((r["path"], r["game"]))
            else:
                self.verified_more += 1

    def merge(self, other: Tally) -> None:
        """Add ``other``, a later part of the run (money names keep their first order)."""
        self.verified += other.verified
        self.findings += other.findings
        self.unreadable += other.unreadable
        self.findings_total += other.findings_total
        self.not_audited += other.not_audited
        for name, v in other.claimed.items():
            self.claimed[name] = self.claimed.get(name, 0) + v
        for name, v in other.correct.items():
            self.correct[name] = self.correct.get(name, 0) + v
        self.money_left_out += other.money_left_out
        self.version_notes += other.version_notes
        self.any_findings = self.any_findings or other.any_findings
        self.rule_findings.update(other.rule_findings)
        self.rule_errors.update(other.rule_errors)
        self.problems.extend(other.problems)
        room = VERIFIED_SHOWN - len(self.verified_names)
        self.verified_names.extend(other.verified_names[:room])
        self.verified_more += other.verified_more + len(other.verified_names[room:])

    def corrections(self) -> list[dict[str, Any]] | None:
        """The fewest transfers per seat name that turn the log's money of the games with
        known figures into the engine's, netted over the run
        (:func:`xzcore.audit.corrections.corrections` of the sums this tally carries);
        ``None`` when the log's money does not add up to the engine's total."""
        names = list(self.claimed)
        try:
            return corrections(
                names, [self.claimed[n] for n in names], [self.correct[n] for n in names]
            )
        except ValueError:
            return None

    def money_rows(self) -> list[dict[str, Any]]:
        """Per name, in order of first appearance: ``name``, ``claimed``, ``correct``,
        ``differs`` (the shape of a game's rows, without ``seat``)."""
        return [
            {
                "name": n,
                "claimed": self.claimed[n],
                "correct": self.correct[n],
                "differs": self.claimed[n] != self.correct[n],
            }
            for n in self.claimed
        ]


@dataclass
class TaskResult:
    """What a task gives back: its games' ``text`` in the run's format (a JSON line's file
    hash as ``Options.hash_token``), their :class:`Tally`, the bytes of input covered (the
    progress bar), the games left out by ``skip``, and where its reading began and
    stopped (:class:`~xzcore.audit.report.RangeAudit`'s ``first``, ``last`` and
    ``at_end``), for the check where ranges meet. ``file_hash``: the file's, from a file's
    first range when the run shows hashes."""

    text: str
    tally: Tally
    nbytes: int
    skipped: int
    first: ReadState | None
    last: ReadState | None
    at_end: bool
    file_hash: str | None = None


NO_LOG_IN_FOLDER = f"no *{EXTENSION} file in this folder: nothing to audit"


def unreadable_report(path: str, game: int, offset: int, message: str) -> GameReport:
    """The report of an input that gives no game: one unreadable error, ``message``."""
    report = GameReport(path, game, offset)
    where = Location(path, game if game else None, None, offset if offset else None)
    report.unreadable.append(LogFormatError(message, where))
    return report


_VERIFIERS: dict[bytes, Any] = {}


def verifier_for(key_pem: bytes | None) -> Any:
    """The :class:`~xzcore.log.signing.Verifier` of these key bytes, built once per
    process (``None``: no key)."""
    if key_pem is None:
        return None
    if key_pem not in _VERIFIERS:
        from xzcore.log.signing import Verifier

        _VERIFIERS[key_pem] = Verifier.from_pem(key_pem)
    return _VERIFIERS[key_pem]


def render(reports: list[dict[str, Any]], options: Options, last_of_file: bool) -> str:
    """The reports as the run's text: table lines, JSON lines, or the JSON document's
    entries (each ``",\\n"`` and the report; the coordinator drops the run's first comma)."""
    fmt = options.fmt
    if fmt == "table":
        lines: list[str] = []
        for r in reports:
            lines.extend(table_lines(r, options.quiet, options.lang))
        return "".join(line + "\n" for line in lines)
    if options.hashes:
        token = options.hash_token
        for r in reports:
            r["file_hash"] = None if r.get("not_audited") else token
            r["last_of_file"] = False
        if reports and last_of_file:
            reports[-1]["last_of_file"] = True
    if fmt == "jsonl":
        return "".join(to_json(r) + "\n" for r in reports)
    return "".join(",\n" + to_json(r) for r in reports)


def _regular(path: str) -> bool:
    """A regular file (one that can be read from any offset), or one missing: its range
    says it cannot be opened."""
    if path == "-":
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def run_task(task: RangeTask, options: Options) -> TaskResult:
    """Audit one task and render its games (see the module's docstring)."""
    verifier = verifier_for(options.key_pem)
    path = task.path
    audit: RangeAudit | None = None
    if os.path.isdir(path):
        reports = iter([unreadable_report(path, 0, 0, NO_LOG_IN_FOLDER)])
    elif not _regular(path):  # standard input, a pipe: read once, whole, as it comes
        reports = audit_file(path, verifier=verifier)
    else:
        audit = RangeAudit(path, task.start, task.end, state=task.state, verifier=verifier)
        reports = iter(audit)
    dicts: list[dict[str, Any]] = []
    skipped = 0
    tally = Tally()
    for report in reports:
        r = report.to_dict(options.lang)
        if r["game"] < task.skip:
            skipped += 1
            continue
        tally.add(r, options.page)
        dicts.append(r)
    if audit is None:
        first: ReadState | None = ReadState(0, 0, None, None)
        last, at_end = None, True
    else:
        first, last, at_end = audit.first, audit.last, audit.at_end
    end = task.end if task.end is not None else input_size(path)
    digest = task.file_hash
    if options.hashes and task.index == 0 and task.state is None and digest is None:
        digest = file_hash(path)
    return TaskResult(
        render(dicts, options, at_end),
        tally,
        max(end - task.start, 0),
        skipped,
        first,
        last,
        at_end,
        digest,
    )


def lost_report(path: str, game: int, offset: int, whole: bool, reason: str) -> dict[str, Any]:
    """The report of a task not audited because its worker died twice (``reason``: how):
    one unreadable error for the file, or for the games from ``game`` on, saying so."""
    what = "not audited" if whole else f"games from {game} not audited"
    message = f"{what}: the worker process auditing it died twice ({reason})"
    r = unreadable_report(path, game, offset, message).to_dict()
    r["not_audited"] = True
    return r


def lost_line(report: dict[str, Any]) -> str:
    """The one line on stderr for a task not audited."""
    return f"xz audit: {report['path']}: {report['errors'][0]['message']}"
