"""Running ``xz audit`` in-process for the CLI tests (tests/cli)."""

from __future__ import annotations

import pytest

from xzcore.cli.main import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``xz audit --no-progress ARGS``: its exit code, stdout and stderr."""
    with pytest.raises(SystemExit) as info:
        main(["audit", "--no-progress", *args])
    out, err = capsys.readouterr()
    code = info.value.code
    assert isinstance(code, int)
    return code, out, err
