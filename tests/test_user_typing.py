"""A user's mypy sees xzcore's types under the README's install (``pip install -e .``):
setuptools' editable install of this layout is an import hook that static tools cannot
follow, so setup.py adds a typing path (``xzcore-stubs`` links). The user's script lives
outside the source tree, where the local ``xzcore/`` folder cannot stand in for the install.
The wheel gets the same check in scripts/check_install.sh."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent / "typing_user" / "uses_xzcore.py"


def _editable() -> bool:
    """Whether the installed xzcore is an editable install (its direct_url.json says so; a
    build's xzcore.egg-info in the source tree, also on sys.path, has none)."""
    for dist in importlib.metadata.distributions(name="xzcore"):
        direct = dist.read_text("direct_url.json")
        if direct and json.loads(direct).get("dir_info", {}).get("editable"):
            return True
    return False


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
@pytest.mark.skipif(not _editable(), reason="xzcore is not installed editable here")
def test_mypy_in_a_users_project_sees_the_editable_install(tmp_path: Path) -> None:
    script = tmp_path / "uses_xzcore.py"
    shutil.copy(SCRIPT, script)
    options = ["--strict", "--cache-dir", str(tmp_path / "cache")]
    out = subprocess.run(
        [sys.executable, "-m", "mypy", *options, script.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    errors = re.findall(r"^uses_xzcore\.py:(\d+): error: (.*)$", out.stdout, re.M)
    last = len(SCRIPT.read_text(encoding="utf-8").splitlines())
    assert errors == [
        (
            str(last),
            'Incompatible types in assignment (expression has type "int", variable has type '
            '"str")  [assignment]',
        )
    ], out.stdout + out.stderr
