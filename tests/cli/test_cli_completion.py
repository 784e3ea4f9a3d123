"""Shell completion as docs/cli.md documents it: each shell's line gives Click's script for
that shell, and the completion it asks for completes ``xz au`` to ``audit``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
XZ = shutil.which("xz")
pytestmark = pytest.mark.skipif(XZ is None, reason="the xz script is not installed")


def _run(env: dict[str, str]) -> str:
    assert XZ is not None
    out = subprocess.run(
        [XZ], env=os.environ | env, capture_output=True, text=True, check=False, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "complete -o nosort -F _xz_completion xz"),
        ("zsh", "#compdef xz"),
        ("fish", "complete --no-files --command xz"),
    ],
)
def test_each_documented_line_gives_its_shells_script(shell: str, marker: str) -> None:
    assert f"_XZ_COMPLETE={shell}_source xz" in DOC
    assert re.search(rf"^\| {shell} \|", DOC, re.M), f"{shell} is not in the table"
    assert marker in _run({"_XZ_COMPLETE": f"{shell}_source"})


def test_the_completion_completes_a_command() -> None:
    reply = _run({"_XZ_COMPLETE": "bash_complete", "COMP_WORDS": "xz au", "COMP_CWORD": "1"})
    assert reply.split() == ["plain,audit"]
    options = _run(
        {"_XZ_COMPLETE": "bash_complete", "COMP_WORDS": "xz audit --la", "COMP_CWORD": "2"}
    )
    assert "plain,--lang" in options.split()
