"""Ed25519 signatures of game logs (docs/log-format.md, L3).

A platform that writes logs keeps a private key; each game's closing record carries the
Ed25519 signature of that game's final hash (the running BLAKE2b hash of its last record
before the closing one, L2). Anyone holding the public key can check that the platform wrote
the game and that nothing before the signature was changed, even by a forger who recomputed
the whole hash chain.

Keys are PEM files: the private key as unencrypted PKCS#8, the public key as
SubjectPublicKeyInfo (what ``openssl pkey -pubout`` prints). The ``cryptography`` package is
an optional dependency (``pip install 'xzcore[sign]'``); without it, signing and verifying
raise :class:`SigningUnavailableError` with that advice, and everything else still works.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

__all__ = [
    "KEY_ID_SIZE",
    "SIGNATURE_SIZE",
    "KeyFileError",
    "Signer",
    "SigningUnavailableError",
    "Verifier",
    "generate_keypair",
    "key_id",
    "write_keypair",
]

SIGNATURE_SIZE = 64
"""Bytes in an Ed25519 signature."""
KEY_ID_SIZE = 8
"""Bytes in a key id: BLAKE2b-64 of the raw 32-byte public key (shown in hex)."""


class SigningUnavailableError(RuntimeError):
    """The optional ``cryptography`` package is not installed."""


class KeyFileError(ValueError):
    """A key file is missing, unreadable, or not an Ed25519 key of the expected kind."""


def _crypto() -> Any:
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        raise SigningUnavailableError(
            "signatures need the optional 'cryptography' package: pip install 'xzcore[sign]'"
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
        """Load a PEM (PKCS#8, unencrypted) Ed25519 private key."""
        serialization, ed25519 = _crypto()
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError) as exc:
            raise KeyFileError(f"{source}: not an unencrypted PEM private key ({exc})") from None
        if not isinstance(key, ed25519.Ed25519PrivateKey):
            raise KeyFileError(f"{source}: the private key is not an Ed25519 key")
        return cls(key)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Signer:
        """Load the private key file written by ``xz keygen``."""
        return cls.from_pem(_read_key_file(path), source=str(path))

    def sign(self, final_hash: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``final_hash`` (the message is the hash itself)."""
        sig: bytes = self._key.sign(final_hash)
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
        """Load a PEM public key (SubjectPublicKeyInfo); a private key file is refused."""
        serialization, ed25519 = _crypto()
        try:
            key = serialization.load_pem_public_key(data)
        except (ValueError, TypeError) as exc:
            raise KeyFileError(f"{source}: not a PEM public key ({exc})") from None
        if not isinstance(key, ed25519.Ed25519PublicKey):
            raise KeyFileError(f"{source}: the public key is not an Ed25519 key")
        return cls(key)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Verifier:
        """Load the public key file (``KEY.pub``) written by ``xz keygen``."""
        return cls.from_pem(_read_key_file(path), source=str(path))

    def verify(self, final_hash: bytes, signature: bytes) -> bool:
        """Whether ``signature`` is this key's signature of ``final_hash``."""
        from cryptography.exceptions import InvalidSignature

        try:
            self._key.verify(signature, final_hash)
        except (InvalidSignature, ValueError, TypeError):
            return False
        return True


def _read_key_file(path: str | os.PathLike[str]) -> bytes:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise KeyFileError(f"{path}: cannot read key file ({exc.strerror})") from None
    if len(data) > 64 * 1024:
        raise KeyFileError(f"{path}: too large to be a key file")
    return data


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
