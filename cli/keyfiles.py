"""Key files of ``xz record --sign KEY`` and ``xz audit --verify-key KEY.pub``: one rule.

A key file that is missing, unreadable, too large or not an Ed25519 key of the expected kind
is an unreadable input: exit code 3, and one line on stderr naming the option and the file,
``xz: --verify-key KEY.pub: cannot read key file (No such file or directory)`` — no
traceback, no usage block. The file is read with a bound (:func:`xzcore.log.signing.read_key_file`).
"""

from __future__ import annotations

from typing import IO, Any

import click

from xzcore.cli.main import EXIT_UNREADABLE
from xzcore.log.signing import KeyFileError, Signer, Verifier, read_key_file


class UnreadableKeyFile(click.ClickException):
    """A key file given to ``option`` that cannot be used: exit 3, one line on stderr."""

    exit_code = EXIT_UNREADABLE

    def __init__(self, option: str, error: KeyFileError) -> None:
        super().__init__(f"{option} {error}")

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"xz: {self.format_message()}", err=True)


def load_verifier(path: str, option: str = "--verify-key") -> tuple[Verifier, bytes]:
    """The public key in ``path`` and the file's bytes (for worker processes, which then
    never read the file again); :class:`UnreadableKeyFile` if it cannot be used."""
    try:
        pem = read_key_file(path)
        return Verifier.from_pem(pem, source=path), pem
    except KeyFileError as exc:
        raise UnreadableKeyFile(option, exc) from None


def load_signer(path: str, option: str = "--sign") -> Signer:
    """The private key in ``path``; :class:`UnreadableKeyFile` if it cannot be used."""
    try:
        return Signer.load(path)
    except KeyFileError as exc:
        raise UnreadableKeyFile(option, exc) from None
