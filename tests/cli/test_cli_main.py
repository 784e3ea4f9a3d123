"""The `xz` group: version, help, usage errors and the documented exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import xzcore
from xzcore.cli.main import EXIT_USAGE, cli


def test_version_names_the_kernel() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert xzcore.__version__ in result.output
    assert f"kernel: {xzcore.BACKEND}" in result.output


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in ("audit", "hand", "keygen", "record", "replay"):
        assert name in result.output


@pytest.mark.parametrize("module", ["xzcore", "xzcore.cli"])
def test_python_dash_m_runs_the_cli(module: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", module, "--version"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"xz (xzcore) {xzcore.__version__}, kernel: ")
    hand = subprocess.run(
        [sys.executable, "-m", module, "hand", "1112345678999s", "--void", "m"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert hand.returncode == 0
    assert "ready on 9 kind" in hand.stdout


def test_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["frobnicate"])
    assert result.exit_code == EXIT_USAGE
    assert "No such command" in result.output


def _xz(*args: str, **kw: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "xzcore.cli", *args], capture_output=True, check=False, **kw
    )


def test_module_entry_point_exit_codes() -> None:
    assert _xz("--version").returncode == 0
    bad = _xz("hand", "--no-such-option")
    assert bad.returncode == EXIT_USAGE
    assert b"Traceback" not in bad.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="SIGPIPE is POSIX")
def test_closed_stdout_ends_quietly_with_141(tmp_path: Path) -> None:
    log = f"{tmp_path}/g.xzlog"
    assert _xz("record", "-n", "40", "--seed", "3", "-o", log, "--no-progress").returncode == 0
    # `xz replay LOG | head -1`: the reader goes away after one line, long before the
    # replay (far more than a pipe buffer of text) is written.
    proc = subprocess.Popen(
        [sys.executable, "-m", "xzcore.cli", "replay", log],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate()
    assert proc.returncode == -13  # killed by SIGPIPE, the exit status 141 of a shell
    assert b"Traceback" not in err
    assert b"BrokenPipe" not in err


def test_non_utf8_terminal_gets_replacements_not_a_traceback() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    r = _xz("hand", "1112345678999s", "--void", "m", env=env)
    assert r.returncode == 0
    assert b"Traceback" not in r.stderr
    assert b"1s 2s 3s 4s 5s 6s 7s 8s 9s" in r.stdout
