"""Output files named by an option (``--html``, ``--summary``): one rule for all of them.

Before any work the path is checked (:func:`check_output_path`): not a folder, in a folder
that exists and can be written — otherwise a usage error, exit 2, naming the option, so a
long run never ends unable to write its result. At the end the file is written whole or
not at all (:func:`write_whole`: a temporary file beside it, renamed over it), and a failure
then is one line on stderr, ``xz: --summary out/s.json: cannot write (No space left on
device)``, with the command's documented exit code (:class:`UnwritableOutput`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from typing import IO, Any

import click


def check_output_path(path: str, option: str) -> None:
    """A usage error (exit 2, naming ``option``) unless a file can be written at ``path``."""
    if os.path.isdir(path):
        raise click.BadParameter(f"{path} is a folder; give a file name", param_hint=option)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter(f"no such folder: {folder}", param_hint=option)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.BadParameter(f"cannot write in {folder}", param_hint=option)


class UnwritableOutput(click.ClickException):
    """An option's output file could not be written: one line on stderr, exit 1 (a
    subclass sets its command's code)."""

    exit_code = 1

    def __init__(self, option: str, path: str, error: OSError) -> None:
        super().__init__(f"{option} {path}: cannot write ({error.strerror or error})")

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"xz: {self.format_message()}", err=True)


def write_whole(path: str, text: str | bytes, suffix: str = ".tmp") -> None:
    """Write ``text`` (UTF-8; bytes as they are) to ``path`` whole or not at all: a
    temporary file beside it, renamed over it (a reader never sees half a file; a failure
    leaves the old one). A
    path that is not a regular file (``/dev/stdout``, a FIFO, a device) is written into,
    never replaced."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        special = False
    if special:
        if isinstance(text, bytes):
            with open(path, "wb") as raw:
                raw.write(text)
        else:
            with open(path, "w", encoding="utf-8") as out:
                out.write(text)
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".xz-", suffix=suffix, dir=folder)
    try:
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as bfh:
                bfh.write(text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def whole_file(path: str, suffix: str = ".tmp") -> Iterator[IO[bytes]]:
    """A binary handle whose bytes become ``path`` whole when the block ends, or not at all
    (an exception in the block leaves ``path`` as it was): :func:`write_whole` for output
    made as a stream, its size bounded by the disk, not by memory. ``"-"`` is standard
    output, written once the block ends; a path that is not a regular file is written into
    then, never replaced."""
    import sys

    try:
        special = path == "-" or not stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        special = False
    if special:
        with tempfile.TemporaryFile(prefix="xz-") as tmp:
            yield tmp
            tmp.seek(0)
            if path == "-":
                shutil.copyfileobj(tmp, sys.stdout.buffer)
                sys.stdout.buffer.flush()
            else:
                with open(path, "wb") as raw:
                    shutil.copyfileobj(tmp, raw)
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, name = tempfile.mkstemp(prefix=".xz-", suffix=suffix, dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(name, 0o666 & ~mask)
        os.replace(name, path)
    except BaseException:
        if os.path.exists(name):
            os.unlink(name)
        raise
