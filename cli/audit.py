"""``xz audit LOG... | DIR``: replay every game through the round engine and check it
(docs/audit.md). Exit codes: 0 all verified, 1 some game has findings, 2 usage error,
3 some input unreadable or missing (3 wins over 1; a --verify-key file too), 130 interrupted."""

from __future__ import annotations

import json
import math
import os
import signal
import sys
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from typing import Any, NamedTuple

import click

from xzcore.audit.diff import diff_lines
from xzcore.log.reader import EXTENSION
from xzcore.messages import rule_label, text

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 3
EXIT_WRITE_FAILED = 1
"""An output (stdout, the --summary file) could not be written (3 still wins)."""
MAX_JOBS = 64
"""--jobs above this is a usage error (as ``xz hand --jobs``): a pool of 99,999 processes
would hang the machine."""

_VERIFIER: Any = None  # this process's Verifier: set by audit(), or by _init_worker


def iter_inputs(paths: Iterable[str]) -> Iterator[str]:
    """Each LOG as given (``-``: standard input); each DIR as every ``*.xzlog`` file below
    it, sorted, lazily. A DIR holding no such file is yielded itself: auditing it gives an
    unreadable report naming it (exit 3), never a silent "0 games, exit 0"."""
    for p in paths:
        if os.path.isdir(p):
            found = False
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(EXTENSION):
                        found = True
                        yield os.path.join(root, name)
            if not found:
                yield p
        else:
            yield p  # a missing file becomes an unreadable report; "-" is standard input


def _init_worker(key_pem: bytes | None) -> None:
    """Worker start-up: Ctrl-C is the parent's business; the public key from the bytes the
    parent read and checked (a worker never opens the key file: it may have changed or gone
    since, or be a pipe already read, and a failing initializer would stall the pool)."""
    global _VERIFIER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()
    _VERIFIER = _verifier_for(key_pem)


def _end_with_parent() -> None:
    """On Linux, ask to be ended when the parent dies (killed with SIGKILL itself, it can
    stop no worker): no orphan goes on waiting for tasks that will never come."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


_VERIFIERS: dict[bytes, Any] = {}


def _verifier_for(key_pem: bytes | None) -> Any:
    """The Verifier of these key bytes, built once per process (``None``: no key)."""
    if key_pem is None:
        return None
    if key_pem not in _VERIFIERS:
        from xzcore.log.signing import Verifier

        _VERIFIERS[key_pem] = Verifier.from_pem(key_pem)
    return _VERIFIERS[key_pem]


def audit_one(path: str, verifier: Any = None) -> list[dict[str, Any]]:
    """Audit one file (in a worker or in-process): its games' reports as plain dicts."""
    from xzcore.audit.report import audit_file

    return [r.to_dict() for r in _audit_file(path, audit_file, verifier)]


def _audit_file(path: str, audit_file: Any, verifier: Any) -> Iterator[Any]:
    """``audit_file``, or for a folder (:func:`iter_inputs` yields one only when it holds no
    log) one unreadable report naming it."""
    if path != "-" and os.path.isdir(path):
        return iter([_unreadable_report(path, 0, 0, _NO_LOG_IN_FOLDER)])
    return iter(audit_file(path, verifier=verifier))


_NO_LOG_IN_FOLDER = f"no *{EXTENSION} file in this folder: nothing to audit"


def _unreadable_report(path: str, game: int, offset: int, message: str) -> Any:
    """The report of an input that gives no game: one unreadable error, ``message``."""
    from xzcore.audit.report import GameReport
    from xzcore.log.types import Location, LogFormatError

    report = GameReport(path, game, offset)
    where = Location(path, game if game else None, None, offset if offset else None)
    report.unreadable.append(LogFormatError(message, where))
    return report


def _size(path: str) -> int:
    try:
        return 0 if os.path.isdir(path) else os.path.getsize(path)
    except OSError:
        return 0


SPLIT_BYTES = 4 << 20
"""With --jobs, a log larger than this is cut into parts of GAMES_PER_PART games."""
GAMES_PER_PART = 64


class TaskResult(NamedTuple):
    """What :func:`audit_task` gives back for one task: plain, picklable data."""

    reports: list[dict[str, Any]]
    """The games' reports (``GameReport.to_dict``), in file order."""
    nbytes: int
    """Bytes of input the task covered (the progress bar)."""
    first_prev: Any
    """A part's first game's ``prev``, for the L2 check across parts (``None``: a file)."""
    last_hash: Any
    """The final hash of the part's last game read cleanly (``None``: a file, or unknown)."""
    is_part: bool
    ends_file: bool
    """The last report is the last of its file (a whole file, or a file's last part)."""


def iter_tasks(paths: Iterable[str], jobs: int | None = None) -> Iterator[Any]:
    """The pool's work: a whole file, or the parts of a big one (found by reading it, in the
    parent, lazily, while the workers replay).

    With ``jobs``, a big file is cut only when fewer than ``jobs`` files follow it: until
    then whole files keep every worker busy, and the parent's reading pass that finds the
    parts (about a quarter of an audit's CPU time) is saved. Parts report exactly what the
    whole file does, so the output is the same either way."""
    from xzcore.audit.report import split_file

    it = iter(paths)
    ahead: deque[str] = deque()
    while True:
        while jobs is not None and len(ahead) <= jobs and (nxt := next(it, None)) is not None:
            ahead.append(nxt)  # look ahead: how many files follow this one?
        if not ahead:
            nxt = next(it, None)
            if nxt is None:
                return
            ahead.append(nxt)
        p = ahead.popleft()
        if p == "-" or _size(p) <= SPLIT_BYTES or (jobs is not None and len(ahead) >= jobs):
            yield p
            continue
        parts = split_file(p, GAMES_PER_PART)
        try:
            first = next(parts, None)
        except OSError:  # vanished or unreadable since: the whole-file task reports it
            first = None
        if first is None:
            yield p
            continue
        yield first
        yield from parts


def audit_task(task: Any, key_pem: bytes | None = None) -> TaskResult:
    """One task of a parallel audit — a file's path or a :class:`xzcore.audit.report.Part`
    (from :func:`iter_tasks`) — audited with the public key ``key_pem`` (PEM bytes, or
    ``None``): :func:`audit_one` for a file, :func:`xzcore.audit.report.audit_part` for a
    part, with the hashes the parent needs for the check across parts (L2).

    A pure function of its arguments, which are picklable, as is its result: any pool of
    processes (``--jobs``) or cluster may run it, anywhere the files can be read, and
    :func:`join_results` puts the results back together in task order."""
    verifier = _verifier_for(key_pem)
    if isinstance(task, str):
        return TaskResult(audit_one(task, verifier), _size(task), None, None, False, True)
    from xzcore.audit.report import audit_part

    rep = audit_part(task, verifier=verifier)
    end = task.end if task.end is not None else _size(task.path)
    return TaskResult(
        [r.to_dict() for r in rep.reports],
        max(end - task.start, 0),
        rep.first_prev,
        rep.last_hash,
        True,
        task.end is None,
    )


def lost_task_result(task: Any, reason: str) -> TaskResult:
    """The result of a task that could not be audited because its worker died twice
    (``reason``: how): one unreadable report for the file, or for the part's first game,
    saying so — so the run reports the input as not audited (exit 3) rather than hang."""
    if isinstance(task, str):
        path, game, offset, end = task, 0, 0, None
        what = "not audited"
    else:
        path, game, offset, end = task.path, task.first_game, task.start, task.end
        what = f"games from {game} not audited"
    message = f"{what}: the worker process auditing it died twice ({reason})"
    size = _size(path)
    nbytes = max((end if end is not None else size) - offset, 0)
    report = _unreadable_report(path, game, offset, message).to_dict()
    report["not_audited"] = True
    return TaskResult([report], nbytes, None, None, not isinstance(task, str), end is None)


def outcomes(pairs: Iterable[tuple[Any, Any]]) -> Iterator[TaskResult]:
    """The results of ``(task, result or WorkerDied)`` pairs (a pool's or a cluster's): a
    task whose workers died is reported not audited, with one line on stderr."""
    from xzcore.cli.audit_pool import WorkerDied

    for task, outcome in pairs:
        if isinstance(outcome, WorkerDied):
            result = lost_task_result(task, outcome.reason)
            r = result.reports[0]
            click.echo(f"xz audit: {r['path']}: {r['errors'][0]['message']}", err=True)
            yield result
        else:
            yield outcome


Chunk = tuple[list[dict[str, Any]], int, bool]
"""Reports to emit in order, the bytes of input they advanced, and whether the last of them
ends its file."""


def join_results(results: Iterable[TaskResult]) -> Iterator[Chunk]:
    """Task results in task order, with the L2 check across consecutive parts of one file."""
    from xzcore.audit.report import boundary_finding

    last: Any = None
    last_path: str | None = None
    for reports, nbytes, first_prev, last_hash, is_part, ends_file in results:
        if is_part and reports and reports[0]["path"] == last_path and reports[0]["game"] > 0:
            r = reports[0]
            f = boundary_finding(last, first_prev, r["path"], r["game"], r["offset"])
            if f is not None:
                r["findings"].insert(0, f.to_dict())
                if r["status"] == "verified":
                    r["status"] = "findings"
        if reports:
            last_path = reports[-1]["path"] if is_part else None
        last = last_hash
        yield reports, nbytes, ends_file


def audit_games(paths: Iterable[str]) -> Iterator[Chunk]:
    """In-process (with this process's verifier): one game at a time, with the bytes it
    advanced (a finer progress bar); each report waits for the next, so the last of a file
    is known as such."""
    from xzcore.audit.report import audit_file

    for path in paths:
        done = 0
        held: dict[str, Any] | None = None
        held_bytes = 0
        for r in _audit_file(path, audit_file, _VERIFIER):
            if held is not None:
                yield [held], held_bytes, False
            held = r.to_dict()
            held_bytes = max(r.offset - done, 0)
            done = max(r.offset, done)
        rest = max(_size(path) - done, 0)
        yield ([held] if held is not None else []), held_bytes + rest, True


def _money(m: list[int] | None, lang: str) -> str:
    if m is None:
        return ""
    return text("audit.money", lang) + " ".join(f"{x:+d}" for x in m)


def _units(v: int | None, lang: str) -> str:
    return text("audit.unknown", lang) if v is None else f"{v:+d}" if v else "0"


def _width(cell: str, lang: str) -> int:
    """A cell's width: in Chinese, terminal columns (a CJK character takes two)."""
    if lang != "zh":
        return len(cell)
    return sum(2 if "\u2e80" <= ch <= "\uffef" else 1 for ch in cell)


def _pad(cell: str, width: int, right: bool, lang: str) -> str:
    fill = " " * max(width - _width(cell, lang), 0)
    return fill + cell if right else cell + fill


def money_table(rows: list[dict[str, Any]], indent: str = "    ", lang: str = "en") -> list[str]:
    """Seat rows (``money_per_seat`` of a game, or the run's per name) as aligned text: the
    name, the log's payments, its announced totals (only when some differ from the
    payments), the correct figure and the difference, and a mark on each seat that
    differs."""
    from xzcore.audit.report import shows_totals

    totals = shows_totals(rows)
    head = [text("audit.col_name", lang), text("audit.col_claimed", lang)]
    if totals:
        head.append(text("audit.col_totals", lang))
    head += [text("audit.col_correct", lang), text("audit.col_diff", lang)]
    table = [head]
    for r in rows:
        cells = [str(r["name"]), _units(r["claimed"], lang)]
        if totals:
            cells.append(_units(r.get("claimed_totals"), lang))
        cells.append(_units(r["correct"], lang))
        d = None
        if r["correct"] is not None and r["claimed"] is not None:
            d = r["claimed"] - r["correct"]
        cells.append("" if d is None else _units(d, lang))
        if r["differs"]:
            cells.append(text("audit.differs", lang))
        table.append(cells)
    widths = [max(_width(row[i], lang) for row in table if i < len(row)) for i in range(len(head))]
    lines = []
    for row in table:
        parts = [_pad(row[0], widths[0], False, lang)]
        parts += [
            _pad(c, w, True, lang) for c, w in zip(row[1 : len(head)], widths[1:], strict=True)
        ]
        parts += row[len(head) :]
        lines.append((indent + "  ".join(parts)).rstrip())
    return lines


class RunMoney:
    """The run's money per seat name: the sums of the games whose correct figures are
    known (a game without them is counted, and left out of both columns)."""

    def __init__(self) -> None:
        self.claimed: dict[str, int] = {}
        self.correct: dict[str, int] = {}
        self.left_out = 0
        self.any_findings = False

    def add(self, report: dict[str, Any]) -> None:
        rows = report.get("money_per_seat")
        if report["status"] != "verified":
            self.any_findings = True
        if not rows:
            return
        if any(r["correct"] is None or r["claimed"] is None for r in rows):
            self.left_out += 1
            return
        for r in rows:
            name = str(r["name"])
            self.claimed[name] = self.claimed.get(name, 0) + r["claimed"]
            self.correct[name] = self.correct.get(name, 0) + r["correct"]

    def rows(self) -> list[dict[str, Any]]:
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

    def lines(self, lang: str = "en") -> list[str]:
        if not self.claimed:
            return []
        out = [text("audit.run_head", lang), *money_table(self.rows(), "  ", lang)]
        if self.left_out:
            out.append(text("audit.left_out", lang, n=self.left_out))
        return out


class PageReport:
    """What ``--html`` keeps of a run: every game with findings or unreadable bytes in full
    (its replay is read again from its file at the end), and the first
    :attr:`VERIFIED_SHOWN` verified games by name."""

    VERIFIED_SHOWN = 1000

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.problems: list[dict[str, Any]] = []
        self.verified: list[str] = []
        self.verified_more = 0

    def add(self, report: dict[str, Any]) -> None:
        if report["status"] != "verified":
            self.problems.append(report)
        elif len(self.verified) < self.VERIFIED_SHOWN:
            self.verified.append(
                text("html.game_of", self.lang, path=report["path"], game=report["game"])
            )
        else:
            self.verified_more += 1

    def render(self, summary: str, money: RunMoney) -> str:
        from xzcore.view.html import audit_game, audit_page

        games = [
            audit_game(r, *_game_at(r, self.lang), i, self.lang)
            for i, r in enumerate(self.problems)
        ]
        return audit_page(
            games,
            self.verified,
            self.verified_more,
            summary,
            money.rows() if money.any_findings else [],
            money.left_out,
            self.lang,
        )


def _game_at(report: dict[str, Any], lang: str) -> tuple[Any, str | None]:
    """The game a report is of, read again from its file at its offset for the page's
    replay, with what the page says when it cannot be: ``(game or None, reason)``."""
    from xzcore.log.reader import CollectingBuilder, read_game
    from xzcore.log.types import LogError

    path = report["path"]
    if path == "-" or not os.path.isfile(path):
        return None, text("html.no_source", lang, path=path)
    try:
        with open(path, "rb") as fh:
            fh.seek(report["offset"])
            return read_game(fh, CollectingBuilder), None
    except (OSError, LogError):
        return None, text("html.no_source", lang, path=path)


def finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float as its text (``"nan"``, ``"inf"``): JSON
    (RFC 8259) has no such numbers, and a log may claim one (as ``xz replay --json``)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def to_json(report: dict[str, Any]) -> str:
    """One report as strict JSON: ``allow_nan=False`` is tried first (the common case costs
    nothing more); a report holding a NaN or infinite float is written with it as a string."""
    try:
        return json.dumps(report, ensure_ascii=False, allow_nan=False, default=str)
    except ValueError:
        return json.dumps(finite(report), ensure_ascii=False, allow_nan=False, default=str)


def _json(v: Any) -> str:
    return json.dumps(finite(v), ensure_ascii=False, default=str)


def _short(v: Any) -> str:
    s = _json(v)
    return s if len(s) <= 200 else s[:197] + "..."


def print_table(report: dict[str, Any], quiet: bool, lang: str = "en") -> None:
    """One line per game; each finding (and unreadable error) indented under it, its rule id
    with the rule's name beside it, its message and notes in ``lang``
    (:func:`xzcore.audit.report.finding_text`, :func:`~xzcore.audit.report.error_text`)."""
    from xzcore.audit.report import error_text, finding_text, game_note_text
    from xzcore.log.completeness import VERSION_NOTE

    status = report["status"]
    if quiet and status == "verified":
        return
    head = text(
        "audit.head", lang, path=report["path"], game=report["game"], offset=report["offset"]
    )
    # A game's notes under its line (M4.4's money recomputed); not L8.10's, which every 1.0
    # game carries (it is in the JSON and on the page).
    game_notes = [
        text("audit.game_note", lang) + game_note_text(str(n), lang)
        for n in report.get("notes") or ()
        if n != VERSION_NOTE
    ]
    if status == "verified":
        click.echo(text("audit.verified", lang, head=head, events=report["events"]))
        for line in game_notes:
            click.echo(line)
        return
    n = len(report["findings"]) + len(report["errors"])
    click.echo(text("audit.status." + status, lang, head=head, n=n))
    for line in game_notes:
        click.echo(line)
    for e in report["errors"]:
        where = text("audit.event", lang, event=e["event"]) if e["event"] is not None else ""
        at = text("audit.at_byte", lang, offset=e["offset"]) if e["offset"] is not None else ""
        rule = rule_label(e["rule"], lang)
        message = error_text(e, lang)
        click.echo(f"  {where}{at}{rule}  {text('audit.unreadable', lang)}{message}")
    for f in report["findings"]:
        where = text("audit.event", lang, event=f["event"]) if f["event"] is not None else ""
        at = text("audit.at_byte", lang, offset=f["offset"])
        message, notes = finding_text(f, lang)
        click.echo(f"  {where}{at}{rule_label(f['rule'], lang)}  {message}")
        d = f.get("diff")
        cut = {k for k in ("claimed", "correct") if _short(f[k]) != _json(f[k])}
        shown = d is not None and (bool(cut) or "list" in d)
        for key in ("claimed", "correct"):
            if f[key] is not None and not (shown and key in cut):
                click.echo(text("audit." + key, lang, value=_short(f[key])))
        if shown and d is not None:
            # The changed items in full: claimed and correct above may be cut short.
            click.echo(text("audit.list_changes", lang))
            for line in diff_lines(d, "        ", lang):
                click.echo(line)
        if f["money"] is not None:
            click.echo("   " + _money(f["money"], lang))
        for note in notes:
            click.echo(text("audit.note", lang) + note)
    rows = report.get("money_per_seat")
    if rows:
        click.echo(text("audit.seats_head", lang))
        for line in money_table(rows, lang=lang):
            click.echo(line)
        if all(r["correct"] is None for r in rows):
            click.echo("  " + text("audit.no_correct", lang))


@click.command()
@click.argument("inputs", nargs=-1, required=True, metavar="LOG... | DIR")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "jsonl"]),
    default="table",
    show_default=True,
    help="Report format on stdout.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=0, max=MAX_JOBS),
    default=1,
    show_default=True,
    help=f"Worker processes, 0-{MAX_JOBS} (0: one per core); output stays in input order.",
)
@click.option(
    "--verify-key",
    type=click.Path(readable=False),  # any problem with the file is exit 3 (cli/keyfiles.py)
    metavar="KEY.pub",
    help="Ed25519 public key (KEY.pub): every game must carry its signature (L3).",
)
@click.option("-q", "--quiet", is_flag=True, help="Table: list only games with problems.")
@click.option(
    "--lang",
    type=click.Choice(["en", "zh"]),
    default="en",
    show_default=True,
    help="Language of the table and the summary line: English or Chinese (JSON keys and "
    "ids stay as they are).",
)
@click.option(
    "--html",
    "html",
    metavar="REPORT.html",
    default=None,
    help="Also write the report as one self-contained page: the findings with their rules "
    "and money per seat, each linked to its moment in the game's replay (needs the extra "
    "xzcore[html]).",
)
@click.option(
    "--summary",
    "summary_path",
    metavar="FILE",
    default=None,
    help="Also write the run's counts (per verdict, per rule id), the money per seat name "
    "and the exit code to FILE as JSON, at the end, whole or not at all.",
)
@click.option(
    "--resume",
    "resume",
    metavar="RESULTS",
    default=None,
    help="Skip the inputs that RESULTS (a previous run's --format jsonl output) already "
    "covers whole, by content hash: a killed run continues where it stopped.",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    default=None,
    help="Run the audit on a Dask cluster: a scheduler's address (tcp://host:8786) or "
    "local:N, a LocalCluster of N worker processes; the same report as --jobs (needs the "
    "extra xzcore[dask]; docs/scale.md).",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar on stderr (default: on when stderr is a terminal).",
)
@click.pass_context
def audit(
    ctx: click.Context,
    inputs: tuple[str, ...],
    fmt: str,
    jobs: int,
    verify_key: str | None,
    quiet: bool,
    lang: str,
    html: str | None,
    summary_path: str | None,
    resume: str | None,
    dask_address: str | None,
    progress: bool | None,
) -> None:
    """Audit game logs: replay each game through the round engine and check every action
    (rule ids), every claimed figure, the hash chain and, with --verify-key, the signature.

    Exit codes: 0 all verified; 1 some game has findings; 2 usage error (an --html file
    that cannot be written there is one, checked before any log); 3 some input is
    unreadable or missing (3 wins over 1), or the --verify-key file is missing, unreadable,
    too large or not an Ed25519 public key (checked before any log), or the --html page
    could not be written, or an input was not audited because its worker process died
    twice; 1 also (unless 3) when the --summary file or stdout could not be written (a
    --summary file that cannot be written there is a usage error, checked first);
    130 interrupted.
    """
    global _VERIFIER
    if dask_address is not None:
        from xzcore.cli.audit_dask import DaskUnavailableError, parse_address, require_dask

        try:
            require_dask()
            parse_address(dask_address)
        except (DaskUnavailableError, ValueError) as exc:
            raise click.BadParameter(str(exc), param_hint="--dask") from None
        if jobs != 1:
            raise click.UsageError("--dask runs on the cluster's workers: it takes no --jobs")
        if "-" in inputs:
            raise click.UsageError("--dask cannot read standard input: give files")
    page: PageReport | None = None
    if html is not None:
        from xzcore.cli.html_file import check_page_path

        check_page_path(html)
        page = PageReport(lang)
    if summary_path is not None:
        from xzcore.cli.output_file import check_output_path

        check_output_path(summary_path, "--summary")
    verifier, key_pem = None, None
    if verify_key is not None:
        from xzcore.cli.keyfiles import load_verifier
        from xzcore.log.signing import SigningUnavailableError

        try:
            verifier, key_pem = load_verifier(verify_key)
        except SigningUnavailableError as exc:
            raise click.BadParameter(str(exc), param_hint="--verify-key") from None
    done: dict[str, tuple[int, bool]] | None = None
    if resume is not None:
        from xzcore.cli.audit_results import ResumeError, load_resume

        try:
            done = load_resume(resume)
        except ResumeError as exc:
            click.echo(f"xz: {exc}", err=True)
            ctx.exit(EXIT_UNREADABLE)
    if jobs == 0:
        jobs = min(os.cpu_count() or 1, MAX_JOBS)
    if "-" in inputs:
        jobs = 1  # standard input belongs to this process, not to pool workers
    if progress is None:
        progress = sys.stderr.isatty()
    hashes = None
    inputs_iter: Iterable[str] = iter_inputs(inputs)
    if fmt != "table" or done is not None:
        from xzcore.cli.audit_results import Hashes

        hashes = Hashes(done)
        inputs_iter = hashes.inputs(inputs_iter)
    total = sum(_size(p) for p in iter_inputs(inputs)) if progress else 0
    counts = {"verified": 0, "findings": 0, "unreadable": 0}
    n_findings = 0
    not_audited = 0
    money = RunMoney()
    rule_counts = None
    if summary_path is not None:
        from xzcore.cli.audit_results import RuleCounts

        rule_counts = RuleCounts()
    first = True
    if fmt == "json":
        click.echo('{"games": [', nl=False)

    def emit(reports: list[dict[str, Any]], ends_file: bool) -> None:
        nonlocal first, n_findings, not_audited
        for i, r in enumerate(reports):
            if hashes is not None and hashes.already_there(r):
                continue
            counts[r["status"]] += 1
            n_findings += len(r["findings"])
            money.add(r)
            if r.get("not_audited"):
                not_audited += 1
            if rule_counts is not None:
                rule_counts.add(r)
            if page is not None:
                page.add(r)
            if hashes is not None:
                r["file_hash"] = None if r.get("not_audited") else hashes.current()
                r["last_of_file"] = ends_file and i == len(reports) - 1
            if fmt == "table":
                print_table(r, quiet, lang)
            elif fmt == "jsonl":
                click.echo(to_json(r))
            else:
                click.echo(("" if first else ",") + "\n" + to_json(r), nl=False)
            first = False
        if ends_file and hashes is not None:
            hashes.file_done()

    results: Iterator[Chunk]
    _VERIFIER = verifier  # in-process; pool workers build theirs from key_pem
    pipe_signal = None
    pool_results: Generator[Any, None, None] | None = None
    client, cluster = None, None
    if dask_address is not None:
        from xzcore.cli.audit_dask import DaskUnavailableError, connect, run_on_dask

        try:
            client, cluster = connect(dask_address)
        except DaskUnavailableError as exc:
            click.echo(f"xz audit: {exc}", err=True)
            ctx.exit(EXIT_UNREADABLE)
        pool_results = run_on_dask(
            iter_tasks(inputs_iter, sum(client.nthreads().values()) or 1),
            audit_task,
            client=client,
            args=(key_pem,),
        )
        results = join_results(outcomes(pool_results))
    elif jobs > 1:
        from xzcore.cli.audit_pool import run_tasks

        def lost(n: int, reason: str) -> None:
            click.echo(
                f"xz audit: a worker process died ({reason}); auditing its {n} unfinished "
                "task(s) again, one at a time",
                err=True,
            )

        pool_results = run_tasks(
            iter_tasks(inputs_iter, jobs),
            audit_task,
            jobs=jobs,
            initializer=_init_worker,
            initargs=(key_pem,),
            args=(key_pem,),
            on_lost=lost,
        )
        results = join_results(outcomes(pool_results))
        if hasattr(signal, "SIGPIPE"):
            # A closed stdout must stop the workers first (cli/main.py then exits as SIGPIPE
            # would): no orphan keeps auditing for nobody.
            pipe_signal = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    else:
        results = audit_games(inputs_iter)
    try:
        if progress:
            with click.progressbar(length=total, label="auditing", file=sys.stderr) as bar:
                for reports, nbytes, ends_file in results:
                    emit(reports, ends_file)
                    bar.update(nbytes)
        else:
            for reports, _, ends_file in results:
                emit(reports, ends_file)
    except BrokenPipeError:
        from xzcore.cli.main import StdoutClosed

        raise StdoutClosed from None  # after the workers are stopped (below)
    finally:
        if pool_results is not None:
            pool_results.close()  # stops the workers, on an error or Ctrl-C too
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        if pipe_signal is not None:
            signal.signal(signal.SIGPIPE, pipe_signal)
    games = sum(counts.values())
    summary: dict[str, Any] = {"games": games, **counts, "findings_total": n_findings}
    code = EXIT_OK
    if counts["findings"]:
        code = EXIT_FINDINGS
    if counts["unreadable"]:
        code = EXIT_UNREADABLE
    summary["exit_code"] = code
    summary["money_per_seat"] = money.rows()
    summary["money_games_left_out"] = money.left_out
    line = text(
        "audit.summary",
        lang,
        games=games,
        verified=counts["verified"],
        findings=counts["findings"],
        total=n_findings,
        unreadable=counts["unreadable"],
        code=code,
    )
    if hashes is not None and done is not None:
        click.echo(
            f"xz audit: --resume {resume}: {hashes.skipped_files} file(s) skipped and "
            f"{hashes.resumed_files} continued, their {hashes.skipped_games} game(s) already "
            "there (not counted below)",
            err=True,
        )
    if fmt == "json":
        click.echo('\n], "summary": ' + json.dumps(summary) + "}")
        click.echo(line, err=True)
    elif fmt == "jsonl":
        click.echo(line, err=True)
    else:
        if money.any_findings:
            for money_line in money.lines(lang):
                click.echo(money_line)
        click.echo(line)
    if page is not None and html is not None:
        from xzcore.cli.html_file import write

        if not write(html, page.render(line, money)):
            code = EXIT_UNREADABLE if code == EXIT_UNREADABLE else EXIT_WRITE_FAILED
    if summary_path is not None and rule_counts is not None:
        from xzcore.cli.audit_results import summary_document
        from xzcore.cli.output_file import UnwritableOutput, write_whole

        doc = summary_document(summary, rule_counts, money.rows(), not_audited, hashes)
        try:
            write_whole(summary_path, doc, ".json")
        except OSError as exc:
            UnwritableOutput("--summary", summary_path, exc).show()
            code = EXIT_UNREADABLE if code == EXIT_UNREADABLE else EXIT_WRITE_FAILED
    ctx.exit(code)
