"""The page file of ``xz replay --html GAME.html`` and ``xz audit --html REPORT.html``: one rule.

Before any work, the option is checked: Jinja2 (the extra ``xzcore[html]``) must be
installed, and the file must be one that can be written (not a folder, in a folder that
exists and is writable) — otherwise a usage error, exit 2, naming the option. The page is
written at the end whole or not at all (:func:`xzcore.view.html.write_page`); a failure then
is one line on stderr and exit 3, ``xz: --html out/report.html: cannot write (No space left
on device)``.
"""

from __future__ import annotations

import click

from xzcore.cli.main import EXIT_UNREADABLE
from xzcore.cli.output_file import UnwritableOutput, check_output_path


class UnwritablePage(UnwritableOutput):
    """The page could not be written: exit 3, one line on stderr."""

    exit_code = EXIT_UNREADABLE

    def __init__(self, path: str, error: OSError) -> None:
        super().__init__("--html", path, error)


def check_page_path(path: str) -> None:
    """A usage error (exit 2) unless a page can be rendered and written to ``path``."""
    from xzcore.view.html import HtmlUnavailableError, require_jinja2

    try:
        require_jinja2()
    except HtmlUnavailableError as exc:
        raise click.BadParameter(str(exc), param_hint="--html") from None
    check_output_path(path, "--html")


def write(path: str, page: str) -> None:
    """Write the page; :class:`UnwritablePage` if that fails."""
    from xzcore.view.html import write_page

    try:
        write_page(path, page)
    except OSError as exc:
        raise UnwritablePage(path, exc) from None
