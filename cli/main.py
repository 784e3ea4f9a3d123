"""Entry point of the ``xz`` command: a Click group whose subcommands load lazily.

Each subcommand lives in its own module of this package; importing only the one that runs
keeps ``xz --help`` and short commands fast.

Exit codes (every command): 0 success / all verified; 1 a game or request has findings or
failed; 2 usage error; 3 an input is unreadable or missing — a key file read by ``--sign``
or ``--verify-key`` too, when it is missing, unreadable, too large or not a key of the
expected kind (``cli/keyfiles.py``); 130 interrupted (Ctrl-C); 141 stdout closed early
(``xz audit … | head``), as for any Unix filter killed by SIGPIPE.

A write error on standard output (a full disk, ``> /dev/full``) is one line on stderr,
``xz: cannot write to standard output (No space left on device)``, and exit 1 (an output
that could not be written), never a traceback; a command's own output files say the same
with their names (``xz record -o``, ``xz audit --summary``).
"""

from __future__ import annotations

import errno
import importlib
import os
import signal
import sys
from typing import Any

import click

from xzcore._version import __version__
from xzcore.backend import BACKEND
from xzcore.cli.examples import epilog

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3
EXIT_INTERRUPTED = 130
EXIT_PIPE_CLOSED = 141
"""128 + SIGPIPE: what a shell reports for a filter whose reader went away."""


class StdoutClosed(Exception):
    """Standard output's reader went away while SIGPIPE was ignored (``xz audit --jobs``
    stops its workers first): :func:`main` then ends the process as SIGPIPE would. Not an
    ``OSError``, which click would turn into a bare exit 1."""


# name -> "module:attribute" inside xzcore.cli
_COMMANDS: dict[str, str] = {
    "hand": "hand:hand",
    "record": "record:record",
    "replay": "replay:replay",
    "audit": "audit:audit",
    "keygen": "keygen:keygen",
    "convert": "convert:convert",
}


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when that subcommand is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(super().list_commands(ctx))
        names.update(n for n in _COMMANDS if self._load(n) is not None)
        return sorted(names)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        return self._load(cmd_name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = _COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(f"xzcore.cli.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"xzcore.cli.{module_name}":
                return None
            raise
        cmd: Any = getattr(module, attr)
        return cmd


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=epilog("xz"),
)
@click.version_option(
    __version__, "-V", "--version", message=f"xz (xzcore) %(version)s, kernel: {BACKEND}"
)
def cli() -> None:
    """xz — record, replay and audit Sichuan mahjong 血战到底 game logs.

    Exit codes: 0 ok/verified, 1 findings, 2 usage error, 3 unreadable input (a log, a
    request file, a key file), 130 interrupted.

    Rule ids (R5.3, L2) are anchors of the docs site: specification.html#r5-3 for R5.3
    (the rules, docs/specification.md), log-format.html#l2 for L2. Shell completion:
    docs/cli.md.
    """


def main(argv: list[str] | None = None) -> None:
    """Run the CLI and exit with a documented code; Ctrl-C exits with 130, a closed stdout
    with 141 and a write error on stdout with 1 — never a traceback."""
    if hasattr(signal, "SIGPIPE"):
        # A closed pipe ends us quietly (exit 141) instead of a BrokenPipeError traceback,
        # or click's bare exit 1, which would read as "findings".
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    for stream in (sys.stdout, sys.stderr):
        # Chinese names and "—" must not crash a terminal that is not UTF-8: replace instead.
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        rv = cli.main(args=argv, prog_name="xz", standalone_mode=False)
        sys.stdout.flush()  # a late write error is reported here, not by the interpreter's exit
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("xz: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as exc:
        exc.show()
        _discard_unwritable_stdout()
        sys.exit(exc.exit_code)
    except (StdoutClosed, BrokenPipeError):
        _die_of_closed_pipe()
    except OSError as exc:
        if exc.errno not in WRITE_ERRORS:
            raise
        _discard_stdout()
        click.echo(f"xz: cannot write to standard output ({exc.strerror or exc})", err=True)
        sys.exit(EXIT_FINDINGS)
    sys.exit(rv if isinstance(rv, int) else EXIT_OK)


WRITE_ERRORS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE, errno.EROFS}
)
"""The errors of a write that the disk or the reader refused: reported in one line (exit 1)."""


def _discard_stdout() -> None:
    """Point standard output at the null device, so the output still buffered (which can
    never be written) does not make the interpreter's exit print a second error."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no real stdout (tests): nothing is flushed at exit
        pass


def _discard_unwritable_stdout() -> None:
    """After a command's own one-line error: if stdout cannot take what is still buffered
    (a ``-o -`` log to a full device), drop it quietly rather than let the exit report it."""
    try:
        sys.stdout.flush()
    except OSError:
        _discard_stdout()


def _die_of_closed_pipe() -> None:
    """End as every other command does when its reader goes away: killed by SIGPIPE (141)."""
    _discard_stdout()
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGPIPE)
    sys.exit(EXIT_PIPE_CLOSED)


if __name__ == "__main__":  # pragma: no cover
    main()
