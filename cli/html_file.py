"""The page file of ``xz replay --html GAME.html`` and ``xz audit --html REPORT.html``: one rule.

Before any work, the option is checked: Jinja2 (the extra ``xzcore[html]``) must be
installed, and the file must be one that can be written (not a folder, in a folder that
exists and is writable) — otherwise a usage error, exit 2, naming the option. The page is
written at the end whole or not at all (:func:`xzcore.view.html.write_page`); a failure then
is one line on stderr and exit 3, ``xz: --html out/report.html: cannot write (No space left
on device)``.
"""

from __future__ import annotations

import os
from typing import IO, Any

import click

from xzcore.cli.main import EXIT_UNREADABLE


class UnwritablePage(click.ClickException):
    """The page could not be written: exit 3, one line on stderr."""

    exit_code = EXIT_UNREADABLE

    def __init__(self, path: str, error: OSError) -> None:
        super().__init__(f"--html {path}: cannot write ({error.strerror or error})")

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"xz: {self.format_message()}", err=True)


def check_page_path(path: str) -> None:
    """A usage error (exit 2) unless a page can be rendered and written to ``path``."""
    from xzcore.view.html import HtmlUnavailableError, require_jinja2

    try:
        require_jinja2()
    except HtmlUnavailableError as exc:
        raise click.BadParameter(str(exc), param_hint="--html") from None
    if os.path.isdir(path):
        raise click.BadParameter(f"{path} is a folder; give a file name", param_hint="--html")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter(f"no such folder: {folder}", param_hint="--html")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.BadParameter(f"cannot write in {folder}", param_hint="--html")


def write(path: str, page: str) -> None:
    """Write the page; :class:`UnwritablePage` if that fails."""
    from xzcore.view.html import write_page

    try:
        write_page(path, page)
    except OSError as exc:
        raise UnwritablePage(path, exc) from None
