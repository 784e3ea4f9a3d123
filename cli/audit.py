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
from collections.abc import Iterable, Iterator
from typing import Any

import click

from xzcore.audit.diff import diff_lines
from xzcore.log.reader import EXTENSION
from xzcore.messages import rule_label, text

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 3
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
    _VERIFIER = None
    if key_pem is not None:
        from xzcore.log.signing import Verifier

        _VERIFIER = Verifier.from_pem(key_pem)


def audit_one(path: str) -> list[dict[str, Any]]:
    """Audit one file (in a worker or in-process): its games' reports as plain dicts."""
    from xzcore.audit.report import audit_file

    return [r.to_dict() for r in _audit_file(path, audit_file)]


def _audit_file(path: str, audit_file: Any) -> Iterator[Any]:
    """``audit_file``, or for a folder (:func:`iter_inputs` yields one only when it holds no
    log) one unreadable report naming it."""
    if path != "-" and os.path.isdir(path):
        from xzcore.audit.report import GameReport
        from xzcore.log.types import Location, LogFormatError

        report = GameReport(path, 0, 0)
        report.unreadable.append(
            LogFormatError(
                f"no *{EXTENSION} file in this folder: nothing to audit",
                Location(path, None, None, None),
            )
        )
        return iter([report])
    return iter(audit_file(path, verifier=_VERIFIER))


def _size(path: str) -> int:
    try:
        return 0 if os.path.isdir(path) else os.path.getsize(path)
    except OSError:
        return 0


SPLIT_BYTES = 4 << 20
"""With --jobs, a log larger than this is cut into parts of GAMES_PER_PART games."""
GAMES_PER_PART = 64

Result = tuple[list[dict[str, Any]], int, Any, Any, bool]
"""(report dicts, bytes done, first game's prev, last game's hash, is a part)."""


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


def audit_task(task: Any) -> Result:
    """A worker's job: :func:`audit_one` for a file, :func:`xzcore.audit.report.audit_part` for a
    part (with the hashes the parent needs for the check across parts, L2)."""
    if isinstance(task, str):
        return audit_one(task), _size(task), None, None, False
    from xzcore.audit.report import audit_part

    rep = audit_part(task, verifier=_VERIFIER)
    end = task.end if task.end is not None else _size(task.path)
    return (
        [r.to_dict() for r in rep.reports],
        max(end - task.start, 0),
        rep.first_prev,
        rep.last_hash,
        True,
    )


def _join_parts(results: Iterator[Result]) -> Iterator[tuple[list[dict[str, Any]], int]]:
    """Results in input order, with the L2 check across consecutive parts of one file."""
    from xzcore.audit.report import boundary_finding

    last: Any = None
    last_path: str | None = None
    for reports, nbytes, first_prev, last_hash, is_part in results:
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
        yield reports, nbytes


def audit_games(paths: Iterable[str]) -> Iterator[tuple[list[dict[str, Any]], int]]:
    """In-process: one game at a time, with the bytes it advanced (a finer progress bar)."""
    from xzcore.audit.report import audit_file

    for path in paths:
        done = 0
        for r in _audit_file(path, audit_file):
            yield [r.to_dict()], max(r.offset - done, 0)
            done = max(r.offset, done)
        yield [], max(_size(path) - done, 0)


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
    from xzcore.audit.report import error_text, finding_text

    status = report["status"]
    if quiet and status == "verified":
        return
    head = text(
        "audit.head", lang, path=report["path"], game=report["game"], offset=report["offset"]
    )
    if status == "verified":
        click.echo(text("audit.verified", lang, head=head, events=report["events"]))
        return
    n = len(report["findings"]) + len(report["errors"])
    click.echo(text("audit.status." + status, lang, head=head, n=n))
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
    progress: bool | None,
) -> None:
    """Audit game logs: replay each game through the round engine and check every action
    (rule ids), every claimed figure, the hash chain and, with --verify-key, the signature.

    Exit codes: 0 all verified; 1 some game has findings; 2 usage error (an --html file
    that cannot be written there is one, checked before any log); 3 some input is
    unreadable or missing (3 wins over 1), or the --verify-key file is missing, unreadable,
    too large or not an Ed25519 public key (checked before any log), or the --html page
    could not be written; 130 interrupted.
    """
    global _VERIFIER
    page: PageReport | None = None
    if html is not None:
        from xzcore.cli.html_file import check_page_path

        check_page_path(html)
        page = PageReport(lang)
    verifier, key_pem = None, None
    if verify_key is not None:
        from xzcore.cli.keyfiles import load_verifier
        from xzcore.log.signing import SigningUnavailableError

        try:
            verifier, key_pem = load_verifier(verify_key)
        except SigningUnavailableError as exc:
            raise click.BadParameter(str(exc), param_hint="--verify-key") from None
    if jobs == 0:
        jobs = min(os.cpu_count() or 1, MAX_JOBS)
    if "-" in inputs:
        jobs = 1  # standard input belongs to this process, not to pool workers
    if progress is None:
        progress = sys.stderr.isatty()
    total = sum(_size(p) for p in iter_inputs(inputs)) if progress else 0
    counts = {"verified": 0, "findings": 0, "unreadable": 0}
    n_findings = 0
    money = RunMoney()
    first = True
    if fmt == "json":
        click.echo('{"games": [', nl=False)

    def emit(reports: list[dict[str, Any]]) -> None:
        nonlocal first, n_findings
        for r in reports:
            counts[r["status"]] += 1
            n_findings += len(r["findings"])
            money.add(r)
            if page is not None:
                page.add(r)
            if fmt == "table":
                print_table(r, quiet, lang)
            elif fmt == "jsonl":
                click.echo(to_json(r))
            else:
                click.echo(("" if first else ",") + "\n" + to_json(r), nl=False)
            first = False

    results: Iterator[tuple[list[dict[str, Any]], int]]
    pool = None
    _VERIFIER = verifier  # in-process; pool workers build theirs from key_pem
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
            jobs, initializer=_init_worker, initargs=(key_pem,)
        )
        tasks = iter_tasks(iter_inputs(inputs), jobs)
        results = _join_parts(pool.imap(audit_task, tasks, chunksize=1))
    else:
        results = audit_games(iter_inputs(inputs))
    try:
        if progress:
            with click.progressbar(length=total, label="auditing", file=sys.stderr) as bar:
                for reports, nbytes in results:
                    emit(reports)
                    bar.update(nbytes)
        else:
            for reports, _ in results:
                emit(reports)
    except KeyboardInterrupt:
        if pool is not None:
            pool.terminate()
        raise
    finally:
        if pool is not None:
            pool.close()
            pool.join()
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
    if page is not None and html is not None:
        from xzcore.cli.html_file import write

        write(html, page.render(line, money))
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
    ctx.exit(code)
