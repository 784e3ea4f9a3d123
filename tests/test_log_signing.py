"""Keys and ``xz keygen`` (docs/log-format.md L3)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from xzcore.cli.main import cli
from xzcore.signing import KeyFileError, Signer, Verifier, key_id


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


def test_bad_key_files(tmp_path: Path) -> None:
    with pytest.raises(KeyFileError, match="cannot read key file"):
        Verifier.load(tmp_path / "missing.pub")
    junk = tmp_path / "junk.pub"
    junk.write_bytes(b"not a key")
    with pytest.raises(KeyFileError, match="not a PEM public key"):
        Verifier.load(junk)
    big = tmp_path / "big.pub"
    big.write_bytes(b"x" * 100_000)
    with pytest.raises(KeyFileError, match="too large"):
        Verifier.load(big)
