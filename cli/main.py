"""Entry point of the ``xz`` command: a Click group whose subcommands load lazily.

Each subcommand lives in its own module of this package; importing only the one that runs
keeps ``xz --help`` and short commands fast.

Exit codes (every command): 0 success / all verified; 1 a game or request has findings or
failed; 2 usage error; 3 an input is unreadable or missing — a key file read by ``--sign``
or ``--verify-key`` too, when it is missing, unreadable, too large or not a key of the
expected kind (``cli/keyfiles.py``); 130 interrupted (Ctrl-C); 141 stdout closed early
(``xz audit … | head``), as for any Unix filter killed by SIGPIPE.
"""

from __future__ import annotations

import importlib
import signal
import sys
from typing import Any

import click

from xzcore._version import __version__
from xzcore.backend import BACKEND

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3
EXIT_INTERRUPTED = 130

# name -> "module:attribute" inside xzcore.cli
_COMMANDS: dict[str, str] = {
    "hand": "hand:hand",
    "record": "record:record",
    "replay": "replay:replay",
    "audit": "audit:audit",
    "keygen": "keygen:keygen",
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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    __version__, "-V", "--version", message=f"xz (xzcore) %(version)s, kernel: {BACKEND}"
)
def cli() -> None:
    """xz — record, replay and audit Sichuan mahjong 血战到底 game logs.

    Exit codes: 0 ok/verified, 1 findings, 2 usage error, 3 unreadable input (a log, a
    request file, a key file), 130 interrupted.
    """


def main(argv: list[str] | None = None) -> None:
    """Run the CLI and exit with a documented code; Ctrl-C exits with 130, no traceback."""
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
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("xz: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    sys.exit(rv if isinstance(rv, int) else EXIT_OK)


if __name__ == "__main__":  # pragma: no cover
    main()
