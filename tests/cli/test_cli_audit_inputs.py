"""``xz audit``'s inputs and options at their edges (docs/audit.md):
a folder with no log, the bounds of --jobs, strict JSON output."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from xzcore.cli.audit import MAX_JOBS
from xzcore.cli.main import cli
from xzcore.view.audit_text import finite, to_json

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FAIR = REPLAYS / "preset-xuezhan.xzlog"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_folder_without_logs_is_an_unreadable_input(tmp_path: Path, jobs: str) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (tmp_path / "good.xzlog").write_bytes(FAIR.read_bytes())
    args = ["audit", "--jobs", jobs, "--format", "jsonl", str(tmp_path / "good.xzlog"), str(empty)]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 3  # missing input wins over verified
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["verified"] * 3 + ["unreadable"]
    assert rows[-1]["path"] == str(empty)
    assert rows[-1]["errors"][0]["message"] == "no *.xzlog file in this folder: nothing to audit"
    assert "3 verified, 0 with findings (0 in all), 1 unreadable — exit 3" in res.stderr


def test_empty_folder_table(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["audit", str(tmp_path)])
    assert res.exit_code == 3
    assert f"{tmp_path}  game 1  byte 0  UNREADABLE (1)" in res.output
    assert "0 verified" in res.output and "1 unreadable — exit 3" in res.output


def test_jobs_bounds() -> None:
    res = CliRunner().invoke(cli, ["audit", "--jobs", str(MAX_JOBS + 1), str(FAIR)])
    assert res.exit_code == 2 and "--jobs" in res.output and "0<=x<=64" in res.output
    res = CliRunner().invoke(cli, ["audit", "--jobs", "-1", str(FAIR)])
    assert res.exit_code == 2


def test_finite_and_to_json() -> None:
    doc = {"a": [float("nan"), 1.5, float("inf"), -math.inf], "b": (2, {"c": math.nan})}
    assert finite(doc) == {"a": ["nan", 1.5, "inf", "-inf"], "b": [2, {"c": "nan"}]}
    assert json.loads(to_json(doc)) == finite(doc)
    plain = {"x": 1, "y": [2.5, None, "n"]}
    assert to_json(plain) == json.dumps(plain)  # finite reports are written as before
