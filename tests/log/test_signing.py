"""Keys, key files and ``xz keygen`` (docs/log-format.md L3)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from keyfile_helpers import CASES, TOO_LARGE, bad_key_file

from xzcore.cli.main import cli
from xzcore.log import signing
from xzcore.log.signing import (
    KEY_FILE_LIMIT,
    KeyFileError,
    Signer,
    SigningUnavailableError,
    Verifier,
    key_id,
    read_key_file,
    write_keypair,
)


def test_keygen_writes_a_usable_pair(tmp_path: Path) -> None:
    key = tmp_path / "platform"
    res = CliRunner().invoke(cli, ["keygen", str(key)])
    assert res.exit_code == 0, res.output
    pub = tmp_path / "platform.pub"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert key.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert pub.read_bytes().startswith(b"-----BEGIN PUBLIC KEY-----")
    signer, verifier = Signer.load(key), Verifier.load(pub)
    assert verifier.verify(b"\x01" * 32, signer.sign(b"\x01" * 32))
    assert signer.key_id == verifier.key_id == key_id(verifier.public_raw)
    assert verifier.key_id.hex() in res.output


def test_keygen_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    key = tmp_path / "k"
    assert CliRunner().invoke(cli, ["keygen", str(key)]).exit_code == 0
    before = key.read_bytes()
    res = CliRunner().invoke(cli, ["keygen", str(key)])
    assert res.exit_code == 1 and "exists (use --force" in res.output
    assert key.read_bytes() == before
    assert CliRunner().invoke(cli, ["keygen", "--force", str(key)]).exit_code == 0
    assert key.read_bytes() != before


def test_keygen_usage_and_unwritable(tmp_path: Path) -> None:
    assert CliRunner().invoke(cli, ["keygen"]).exit_code == 2
    res = CliRunner().invoke(cli, ["keygen", str(tmp_path / "no" / "dir" / "k")])
    assert res.exit_code == 1 and "cannot write" in res.output


@pytest.mark.parametrize("want", ["public", "private"])
@pytest.mark.parametrize("case", CASES)
def test_key_file_errors_name_the_file_and_say_what_is_wrong(
    tmp_path: Path, case: str, want: str
) -> None:
    path, message = bad_key_file(tmp_path, case, want)
    load = Verifier.load if want == "public" else Signer.load
    with pytest.raises(KeyFileError) as info:
        load(path)
    assert str(info.value) == f"{path}: {message}"


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch ``os.read`` as the key reader sees it: the sizes of what each call returned."""
    sizes: list[int] = []
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        sizes.append(len(data))
        return data

    monkeypatch.setattr(signing.os, "read", counting_read)
    return sizes


def test_read_key_file_never_reads_more_than_the_limit_plus_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sizes = _count_reads(monkeypatch)
    with pytest.raises(KeyFileError) as info:
        read_key_file("/dev/zero")  # endless: only the bound ends the read
    monkeypatch.undo()
    assert str(info.value) == f"/dev/zero: {TOO_LARGE}"
    assert sum(sizes) == KEY_FILE_LIMIT + 1


def test_oversized_regular_key_file_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.pub"
    big.write_bytes(b"x" * (KEY_FILE_LIMIT + 1))
    sizes = _count_reads(monkeypatch)
    with pytest.raises(KeyFileError, match="too large to be a key file"):
        read_key_file(big)
    monkeypatch.undo()
    assert sizes == []  # its size says it all


def test_key_file_of_exactly_the_limit_is_read_and_parsed(tmp_path: Path) -> None:
    edge = tmp_path / "edge.pub"
    edge.write_bytes(b"x" * KEY_FILE_LIMIT)
    assert read_key_file(edge) == b"x" * KEY_FILE_LIMIT
    with pytest.raises(KeyFileError, match="not a PEM public key"):
        Verifier.load(edge)


def test_key_read_from_a_pipe_loads(tmp_path: Path) -> None:
    _, pub = write_keypair(tmp_path / "k")
    r, w = os.pipe()
    try:
        os.write(w, pub.read_bytes())
        os.close(w)
        verifier = Verifier.load(f"/dev/fd/{r}")  # as `--verify-key <(cat KEY.pub)` gives
    finally:
        os.close(r)
    assert verifier.key_id == Verifier.load(pub).key_id


def test_key_that_is_not_ed25519_is_refused(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    ec_key = ec.generate_private_key(ec.SECP256R1())
    private = ec_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    public = ec_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    (tmp_path / "ec").write_bytes(private)
    (tmp_path / "ec.pub").write_bytes(public)
    with pytest.raises(KeyFileError) as info:
        Signer.load(tmp_path / "ec")
    assert str(info.value) == f"{tmp_path / 'ec'}: the private key is not an Ed25519 key"
    with pytest.raises(KeyFileError) as info:
        Verifier.load(tmp_path / "ec.pub")
    assert str(info.value) == f"{tmp_path / 'ec.pub'}: the public key is not an Ed25519 key"


def test_encrypted_private_key_is_refused_as_encrypted(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization

    key = Signer.load(write_keypair(tmp_path / "k")[0])._key
    encrypted = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(b"secret"),
    )
    (tmp_path / "enc").write_bytes(encrypted)
    with pytest.raises(KeyFileError) as info:
        Signer.load(tmp_path / "enc")
    assert str(info.value) == (
        f"{tmp_path / 'enc'}: not an unencrypted PEM private key (this one is encrypted)"
    )


def test_pem_block_of_another_kind_is_named(tmp_path: Path) -> None:
    cert = tmp_path / "cert.pem"
    cert.write_bytes(b"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
    with pytest.raises(KeyFileError) as info:
        Verifier.load(cert)
    assert str(info.value) == (
        f"{cert}: not a PEM public key (its CERTIFICATE block is no SubjectPublicKeyInfo key)"
    )


def test_key_file_name_with_a_newline_stays_one_line(tmp_path: Path) -> None:
    odd = tmp_path / "two\nlines.pub"
    with pytest.raises(KeyFileError) as info:
        Verifier.load(odd)
    assert "\n" not in str(info.value)
    assert str(info.value) == f"{str(odd)!r}: cannot read key file (No such file or directory)"


def test_broken_install_says_to_reinstall_xzcore(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cryptography.hazmat.primitives", None)
    with pytest.raises(SigningUnavailableError) as info:
        Verifier.from_pem(b"-----BEGIN PUBLIC KEY-----")
    assert "reinstall xzcore" in str(info.value)
    assert "xzcore[sign]" not in str(info.value) and "optional" not in str(info.value)
