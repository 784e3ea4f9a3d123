"""Ed25519 signatures of game logs (docs/log-format.md, L3).

A platform signs each game with its private key, so anyone holding the public key can check
that the platform wrote the game and that nothing before the signature changed, even by a
forger who recomputed the whole hash chain. Each signed game carries the signature of its final
hash (``sig``, L2, as in format 1.0); from 1.1 also its ``seal``, the signature of
:func:`signed_message` — the closing record's bytes: the final hash, the last mark and every
other field of that record (L3, L8). Key files (PEM) are read with a bound;
every way one can be wrong is a one-line :class:`KeyFileError` naming the file.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path
from typing import Any

from xzcore.errors import KeyFileError, SigningUnavailableError

__all__ = [
    "KEY_FILE_LIMIT",
    "KEY_ID_SIZE",
    "SEAL_ENTRY",
    "SIGNATURE_CONTEXT",
    "SIGNATURE_SIZE",
    "KeyFileError",
    "Signer",
    "SigningUnavailableError",
    "Verifier",
    "generate_keypair",
    "key_id",
    "read_key_file",
    "signed_message",
    "write_keypair",
]

SIGNATURE_SIZE = 64
"""Bytes in an Ed25519 signature."""
KEY_ID_SIZE = 8
"""Bytes in a key id: BLAKE2b-64 of the raw 32-byte public key (shown in hex)."""
KEY_FILE_LIMIT = 64 * 1024
"""A key file larger than this is refused unparsed (an Ed25519 PEM key is under 200 bytes)."""
SIGNATURE_CONTEXT = b"xzlog 1.1 close\x00"
"""The 16 bytes a 1.1 seal's message starts with (L3): no 1.0 message (32 bytes, a hash) nor
any other use of the key reads the same."""
SEAL_ENTRY = b"\xa4seal\xc4\x40"
"""The bytes that open the ``seal`` entry of a signed 1.1 closing record, its last entry
(L3): the key ``"seal"`` (fixstr 4), then bin 8 of 64 bytes; the signature follows."""


def signed_message(body: bytes | bytearray | memoryview) -> bytes | None:
    r"""The message a 1.1 game's ``seal`` signs (L3): :data:`SIGNATURE_CONTEXT`, then the
    closing record's bytes as they are in the file from its opener ``93`` up to (not
    including) its ``seal`` entry — ``body`` is the record's bytes up to its hash element (L2),
    so the message is ``SIGNATURE_CONTEXT + body[:-71]``. It covers the final hash (and so
    every earlier record, L2), the event count, the last mark, ``sig``, the key id and any
    other field. ``None`` when ``body`` does not end with a seal entry (a 64-byte ``seal``
    last).

    >>> body = b"\x93\x03\x81\xa1x\x01" + SEAL_ENTRY + bytes(64)
    >>> signed_message(body) == SIGNATURE_CONTEXT + b"\x93\x03\x81\xa1x\x01"
    True
    """
    cut = len(body) - SIGNATURE_SIZE - len(SEAL_ENTRY)
    if cut < 0 or bytes(body[cut : cut + len(SEAL_ENTRY)]) != SEAL_ENTRY:
        return None
    return SIGNATURE_CONTEXT + bytes(body[:cut])


def _crypto() -> Any:
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        raise SigningUnavailableError(
            f"signatures need the 'cryptography' package, a dependency of xzcore, which cannot "
            f"be imported ({exc}): the install is broken, reinstall xzcore"
        ) from exc
    return serialization, ed25519


def key_id(public_raw: bytes) -> bytes:
    """The 8-byte id of a raw Ed25519 public key (stored in each signed closing record)."""
    return hashlib.blake2b(public_raw, digest_size=KEY_ID_SIZE).digest()


def _raw_public(public_key: Any) -> bytes:
    serialization, _ = _crypto()
    raw: bytes = public_key.public_bytes(
        encoding=serialization.Encoding.Raw, format=serialization.PublicFormat.Raw
    )
    return raw


def _load_pem(data: bytes, source: str, kind: str) -> Any:
    """The Ed25519 key, ``kind`` ``"private"`` (PKCS#8) or ``"public"``, of PEM ``data``;
    else a :class:`KeyFileError` naming ``source``."""
    source = _name(source)
    serialization, ed25519 = _crypto()
    private = kind == "private"
    try:
        if private:
            key = serialization.load_pem_private_key(data, password=None)
        else:
            key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError, _unsupported()):
        raise KeyFileError(_not_a_key(source, data, kind)) from None
    if not isinstance(key, ed25519.Ed25519PrivateKey if private else ed25519.Ed25519PublicKey):
        raise KeyFileError(f"{source}: the {kind} key is not an Ed25519 key")
    return key


class Signer:
    """Signs final hashes with an Ed25519 private key."""

    def __init__(self, private_key: Any) -> None:
        self._key = private_key
        self.public_raw = _raw_public(private_key.public_key())
        """The raw 32-byte public key."""
        self.key_id = key_id(self.public_raw)
        """:func:`key_id` of the public key."""

    @classmethod
    def from_pem(cls, data: bytes, *, source: str = "<bytes>") -> Signer:
        """Load a PEM (PKCS#8, unencrypted) Ed25519 private key; a public key is refused.

        ``source`` names the data in a :class:`KeyFileError` (the file's name)."""
        return cls(_load_pem(data, source, "private"))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Signer:
        """Load the private key file written by ``xz keygen`` (:func:`read_key_file`)."""
        return cls.from_pem(read_key_file(path), source=os.fspath(path))

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``message``: a game's final hash itself (``sig``),
        or a 1.1 closing record's :func:`signed_message` (``seal``, L3)."""
        sig: bytes = self._key.sign(message)
        return sig

    def verifier(self) -> Verifier:
        """The matching :class:`Verifier`."""
        return Verifier(self._key.public_key())


class Verifier:
    """Checks signatures with an Ed25519 public key."""

    def __init__(self, public_key: Any) -> None:
        self._key = public_key
        self.public_raw = _raw_public(public_key)
        """The raw 32-byte public key."""
        self.key_id = key_id(self.public_raw)
        """:func:`key_id` of the public key."""

    @classmethod
    def from_pem(cls, data: bytes, *, source: str = "<bytes>") -> Verifier:
        """Load a PEM public key (SubjectPublicKeyInfo); a private key file is refused.

        ``source`` names the data in a :class:`KeyFileError` (the file's name)."""
        return cls(_load_pem(data, source, "public"))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Verifier:
        """Load the public key file (``KEY.pub``) written by ``xz keygen``
        (:func:`read_key_file`)."""
        return cls.from_pem(read_key_file(path), source=os.fspath(path))

    def verify(self, message: bytes, signature: bytes) -> bool:
        """Whether ``signature`` is this key's signature of ``message`` (L3)."""
        from cryptography.exceptions import InvalidSignature

        try:
            self._key.verify(signature, message)
        except (InvalidSignature, ValueError, TypeError):
            return False
        return True


def _unsupported() -> type[Exception]:
    from cryptography.exceptions import UnsupportedAlgorithm

    return UnsupportedAlgorithm


def _name(path: str | os.PathLike[str]) -> str:
    """``path`` for a one-line message: as given, or its ``repr`` if it holds a newline, a
    control character or bytes that are not text (surrogate escapes)."""
    name = os.fspath(path)
    return name if name.isprintable() else repr(name)


_PEM_LABEL = re.compile(rb"-----BEGIN ([A-Z0-9 ]{1,40})-----")


def _not_a_key(source: str, data: bytes, want: str) -> str:
    """Why ``data`` is not a PEM key of kind ``want`` ("public" or "private"), as one line."""
    m = _PEM_LABEL.search(data)
    if m is None:
        return f"{source}: not a PEM {want} key (no '-----BEGIN ...-----' line)"
    label = m.group(1).decode("ascii")
    if want == "public" and label.endswith("PRIVATE KEY"):
        return f"{source}: a private key, not a public key (give the public key, KEY.pub)"
    if want == "private" and label.endswith("PUBLIC KEY"):
        return f"{source}: a public key, not a private key (give the private KEY, not KEY.pub)"
    if want == "private" and "ENCRYPTED" in label:
        return f"{source}: not an unencrypted PEM private key (this one is encrypted)"
    kind = "SubjectPublicKeyInfo" if want == "public" else "unencrypted PKCS#8"
    return f"{source}: not a PEM {want} key (its {label} block is no {kind} key)"


def read_key_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a key file, read with a bound: at most :data:`KEY_FILE_LIMIT` + 1 bytes
    are ever read, so ``/dev/zero`` or a huge file is refused at once, unparsed.

    The file is opened with ``O_NONBLOCK`` (then the flag is cleared, and reads block as
    usual), so a FIFO that no process writes to does not hang the open, and reads as empty
    (an error). Pipes (``<(cat KEY)``) and character devices are read like files,
    up to the bound; a folder is refused. Every failure is a :class:`KeyFileError` whose
    one-line message names the file and says what is wrong: cannot read (the system's
    reason: missing, not a directory, permission denied…), a folder, empty, too large.
    """
    name = _name(path)
    nonblock = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFO to wait on
    flags = os.O_RDONLY | nonblock | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise KeyFileError(f"{name}: cannot read key file ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise KeyFileError(f"{name}: is a folder, not a key file")
        if stat.S_ISREG(st.st_mode) and st.st_size > KEY_FILE_LIMIT:
            raise KeyFileError(_too_large(name))
        if nonblock:
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= KEY_FILE_LIMIT:
            chunk = os.read(fd, KEY_FILE_LIMIT + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise KeyFileError(f"{name}: cannot read key file ({exc.strerror})") from None
    finally:
        os.close(fd)
    if size > KEY_FILE_LIMIT:
        raise KeyFileError(_too_large(name))
    if size == 0:
        pipe = " (a pipe that gave no data)" if stat.S_ISFIFO(st.st_mode) else ""
        raise KeyFileError(f"{name}: the key file is empty{pipe}")
    return b"".join(chunks)


def _too_large(name: str) -> str:
    return f"{name}: too large to be a key file (more than {KEY_FILE_LIMIT} bytes)"


def generate_keypair() -> tuple[bytes, bytes]:
    """A fresh Ed25519 key pair as PEM bytes: ``(private PKCS#8, public SPKI)``."""
    serialization, ed25519 = _crypto()
    key = ed25519.Ed25519PrivateKey.generate()
    private_pem: bytes = key.private_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PrivateFormat.PKCS8,
        encryption_algorithm=serialization.NoEncryption(),
    )
    public_pem: bytes = key.public_key().public_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PublicFormat.SubjectPublicKeyInfo,
    )
    return private_pem, public_pem


def write_keypair(path: str | os.PathLike[str], *, overwrite: bool = False) -> tuple[Path, Path]:
    """Write a fresh key pair to ``path`` (mode 0600) and ``path.pub``; return both paths.

    Refuses to replace an existing file unless ``overwrite``.
    """
    private_path = Path(path)
    public_path = private_path.with_name(private_path.name + ".pub")
    if not overwrite:
        for p in (private_path, public_path):
            if p.exists():
                raise FileExistsError(f"{p} exists (use --force to replace it)")
    private_pem, public_pem = generate_keypair()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    fd = os.open(private_path, flags, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(private_pem)
    os.chmod(private_path, 0o600)
    public_path.write_bytes(public_pem)
    return private_path, public_path
