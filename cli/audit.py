"""``xz audit LOG... | DIR``: replay every game through the round engine and check it
(docs/audit.md). Exit codes: 0 all verified, 1 some game has findings, 2 usage error,
3 some input unreadable or missing (3 wins over 1; a --verify-key file too), 130 interrupted."""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any

import click

from xzcore.batch import (
    EXIT_UNREADABLE,
    BatchAudit,
    Executor,
    InProcess,
    Options,
    ProcessPool,
    iter_inputs,
)
from xzcore.batch.plan import input_size
from xzcore.cli.examples import epilog
from xzcore.cli.options import lang_option
from xzcore.messages import text
from xzcore.view.audit_text import correction_lines, money_table, table_lines

EXIT_WRITE_FAILED = 1
"""An output (stdout, the --summary file) could not be written (3 still wins)."""
MAX_JOBS = 64
"""--jobs above this is a usage error (as ``xz hand --jobs``): a pool of 99,999 processes
would hang the machine."""


def print_table(report: dict[str, Any], quiet: bool, lang: str = "en") -> None:
    """A game's lines of the table (:func:`xzcore.view.audit_text.table_lines`)."""
    for line in table_lines(report, quiet, lang):
        click.echo(line)


@click.command(epilog=epilog("audit"))
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
@lang_option(
    "Language of the table and the summary line: English or Chinese (JSON keys and ids "
    "stay as they are)."
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
    if dask_address is not None:
        from xzcore.batch.dask import DaskUnavailableError, parse_address, require_dask

        try:
            require_dask()
            parse_address(dask_address)
        except (DaskUnavailableError, ValueError) as exc:
            raise click.BadParameter(str(exc), param_hint="--dask") from None
        if jobs != 1:
            raise click.UsageError("--dask runs on the cluster's workers: it takes no --jobs")
        if "-" in inputs:
            raise click.UsageError("--dask cannot read standard input: give files")
    if html is not None:
        from xzcore.cli.html_file import check_page_path

        check_page_path(html)
    if summary_path is not None:
        from xzcore.cli.output_file import check_output_path

        check_output_path(summary_path, "--summary")
    key_pem = None
    if verify_key is not None:
        from xzcore.cli.keyfiles import load_verifier
        from xzcore.log.signing import SigningUnavailableError

        try:
            _, key_pem = load_verifier(verify_key)
        except SigningUnavailableError as exc:
            raise click.BadParameter(str(exc), param_hint="--verify-key") from None
    done: dict[str, tuple[int, bool]] | None = None
    if resume is not None:
        from xzcore.batch import ResumeError, load_resume

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
    options = Options(
        fmt=fmt,
        lang=lang,
        quiet=quiet,
        key_pem=key_pem,
        page=html is not None,
        hashes=fmt != "table" or done is not None,
    )
    total = sum(input_size(p) for p in iter_inputs(inputs)) if progress else 0
    pipe_signal = None
    executor: Executor
    if dask_address is not None:
        from xzcore.batch import DaskCluster
        from xzcore.batch.dask import DaskUnavailableError

        try:
            executor = DaskCluster(dask_address)
        except DaskUnavailableError as exc:
            click.echo(f"xz audit: {exc}", err=True)
            ctx.exit(EXIT_UNREADABLE)
        pipe_signal = _ignore_sigpipe()
    elif jobs > 1:

        def lost(n: int, reason: str) -> None:
            click.echo(
                f"xz audit: a worker process died ({reason}); auditing its {n} unfinished "
                "task(s) again, one at a time",
                err=True,
            )

        executor = ProcessPool(jobs, key_pem=key_pem, on_lost=lost)
        pipe_signal = _ignore_sigpipe()
    else:
        executor = InProcess()
    run = BatchAudit(
        inputs,
        options,
        executor=executor,
        resume=done,
        on_notice=lambda line: click.echo(line, err=True),
    )
    out = sys.stdout
    if fmt == "json":
        click.echo('{"games": [', nl=False)
    try:
        if progress:
            with click.progressbar(length=total, label="auditing", file=sys.stderr) as bar:
                for piece in run:
                    if piece.text:
                        out.write(piece.text)
                    bar.update(piece.nbytes)
        else:
            for piece in run:
                if piece.text:
                    out.write(piece.text)
        out.flush()
    except BrokenPipeError:
        from xzcore.cli.main import StdoutClosed

        raise StdoutClosed from None  # after the workers are stopped (below)
    finally:
        executor.close()  # stops the workers, on an error or Ctrl-C too
        if pipe_signal is not None:
            signal.signal(signal.SIGPIPE, pipe_signal)
    summary = run.summary()
    tally = run.tally
    code = summary["exit_code"]
    line = text(
        "audit.summary",
        lang,
        games=summary["games"],
        verified=summary["verified"],
        findings=summary["findings"],
        total=summary["findings_total"],
        unreadable=summary["unreadable"],
        code=code,
    )
    if done is not None:
        click.echo(
            f"xz audit: --resume {resume}: {run.skipped_files} file(s) skipped and "
            f"{run.resumed_files} continued; {run.skipped_games} game(s) taken from "
            f"{resume} without being audited again (not counted below)",
            err=True,
        )
    if fmt == "json":
        click.echo('\n], "summary": ' + json.dumps(summary) + "}")
        click.echo(line, err=True)
    elif fmt == "jsonl":
        click.echo(line, err=True)
    else:
        if tally.any_findings:
            money_lines = run_money_lines(
                tally.money_rows(), tally.money_left_out, lang, tally.corrections()
            )
            for money_line in money_lines:
                click.echo(money_line)
        click.echo(line)
    if html is not None:
        from xzcore.batch.page import render_page
        from xzcore.cli.html_file import write

        if not write(html, render_page(tally, line, lang)):
            code = EXIT_UNREADABLE if code == EXIT_UNREADABLE else EXIT_WRITE_FAILED
    if summary_path is not None:
        from xzcore.batch import summary_document
        from xzcore.cli.output_file import UnwritableOutput, write_whole

        doc = summary_document(
            summary,
            tally.rule_findings,
            tally.rule_errors,
            tally.money_rows(),
            tally.not_audited,
            (run.skipped_files, run.resumed_files, run.skipped_games, run.recounted_files),
            corrections=tally.corrections(),
        )
        try:
            write_whole(summary_path, doc, ".json")
        except OSError as exc:
            UnwritableOutput("--summary", summary_path, exc).show()
            code = EXIT_UNREADABLE if code == EXIT_UNREADABLE else EXIT_WRITE_FAILED
    ctx.exit(code)


def _ignore_sigpipe() -> Any:
    """Ignore SIGPIPE while workers run: a closed stdout must stop them first (the pool's
    processes, a LocalCluster's, their semaphores), then cli/main.py exits as SIGPIPE
    would; no orphan keeps auditing for nobody. The handler before, to put back."""
    if not hasattr(signal, "SIGPIPE"):
        return None
    return signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def run_money_lines(
    rows: list[dict[str, Any]],
    left_out: int,
    lang: str = "en",
    fix: list[dict[str, Any]] | None = None,
) -> list[str]:
    """The run's money per seat name under the table (when any game has findings), and
    the transfers that correct it, netted over the run (``fix``)."""
    if not rows:
        return []
    out = [text("audit.run_head", lang), *money_table(rows, "  ", lang)]
    if left_out:
        out.append(text("audit.left_out", lang, n=left_out))
    if fix:
        out.append(text("audit.run_corrections", lang))
        out.extend(correction_lines(fix, "  ", lang))
    return out
