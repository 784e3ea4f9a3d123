"""Key files that cannot be used (xzcore/log/signing.py), each with the message it gives.

``bad_key_file(tmp_path, case, want)`` makes the file of ``case`` for a reader that wants a
``want`` key ("public": ``--verify-key``, "private": ``--sign``) and returns its path and
what :class:`xzcore.log.signing.KeyFileError` says after ``"PATH: "``. Shared by the tests of
the reader (test_log_signing.py) and of every command that takes a key file.
"""

from __future__ import annotations

import os
from pathlib import Path

from xzcore.log.signing import KEY_FILE_LIMIT, write_keypair

TOO_LARGE = f"too large to be a key file (more than {KEY_FILE_LIMIT} bytes)"

CASES = [
    "missing",
    "folder",
    "under_a_file",
    "dev_zero",
    "oversized",
    "empty",
    "garbage",
    "other_half",
]
"""Every case but the FIFO, which needs a subprocess (:func:`fifo_without_writer`)."""


def bad_key_file(tmp_path: Path, case: str, want: str) -> tuple[str, str]:
    """The path of a ``case`` key file and the message a ``want`` reader gives for it."""
    if case == "missing":
        return str(tmp_path / "missing.pub"), "cannot read key file (No such file or directory)"
    if case == "folder":
        (tmp_path / "keys").mkdir()
        return str(tmp_path / "keys"), "is a folder, not a key file"
    if case == "under_a_file":
        (tmp_path / "plain").write_bytes(b"x")
        return str(tmp_path / "plain" / "k.pub"), "cannot read key file (Not a directory)"
    if case == "dev_zero":
        return "/dev/zero", TOO_LARGE
    if case == "oversized":
        big = tmp_path / "big.pub"
        big.write_bytes(b"-----BEGIN PUBLIC KEY-----\n" + b"A" * KEY_FILE_LIMIT)
        return str(big), TOO_LARGE
    if case == "empty":
        (tmp_path / "empty.pub").write_bytes(b"")
        return str(tmp_path / "empty.pub"), "the key file is empty"
    if case == "garbage":
        (tmp_path / "junk.pub").write_bytes(bytes(range(256)))
        return str(tmp_path / "junk.pub"), f"not a PEM {want} key (no '-----BEGIN ...-----' line)"
    if case == "other_half":
        private, public = write_keypair(tmp_path / "k")
        if want == "public":
            return str(private), "a private key, not a public key (give the public key, KEY.pub)"
        return str(public), "a public key, not a private key (give the private KEY, not KEY.pub)"
    raise ValueError(case)


def fifo_without_writer(tmp_path: Path) -> tuple[str, str]:
    """A FIFO nobody writes to, and its message: reading it must not wait for a writer."""
    path = tmp_path / "key.fifo"
    os.mkfifo(path)
    return str(path), "the key file is empty (a pipe that gave no data)"
