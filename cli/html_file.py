"""The page file of ``xz replay --html GAME.html`` and ``xz audit --html REPORT.html``: one rule.

Before any work, the option is checked: Jinja2 (the extra ``xzcore[html]``) must be
installed, and the file must be one that can be written (not a folder, in a folder that
exists and is writable) — otherwise a usage error, exit 2, naming the option. The page is
written at the end whole or not at all (:func:`xzcore.cli.output_file.write_whole`); a
failure then is one line on stderr, ``xz: --html out/report.html: cannot write (No space
left on device)``, and exit 1 (3 when the command's own verdict is 3), as for every output
file.
"""

from __future__ import annotations

import click

from xzcore.cli.output_file import UnwritableOutput, check_output_path, write_whole


def check_page_path(path: str) -> None:
    """A usage error (exit 2) unless a page can be rendered and written to ``path``."""
    from xzcore.view.html import HtmlUnavailableError, require_jinja2

    try:
        require_jinja2()
    except HtmlUnavailableError as exc:
        raise click.BadParameter(str(exc), param_hint="--html") from None
    check_output_path(path, "--html")


def write(path: str, page: str) -> bool:
    """Write the page whole or not at all; on failure say so in one line on stderr and
    return ``False`` (the command then exits 1, or 3 when its own verdict is 3)."""
    try:
        write_whole(path, page, ".html")
    except OSError as exc:
        UnwritableOutput("--html", path, exc).show()
        return False
    return True
