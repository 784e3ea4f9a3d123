"""``xz audit --jobs``: which big logs the parent cuts into parts (cli/audit.py iter_tasks).

A big log is cut only when fewer than ``jobs`` files follow it; either way the output is
the sequential audit's (docs/audit.md: memory flat, output in input order).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from xzcore.audit.report import Part
from xzcore.cli import audit as audit_cmd
from xzcore.cli.main import main

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FAIR = REPLAYS / "preset-xuezhan.xzlog"  # 3 games
WRONG = REPLAYS / "wrong-multiplier.xzlog"


def _shape(tasks: list[object]) -> list[str]:
    return [
        f"part:{Path(t.path).name}" if isinstance(t, Part) else Path(str(t)).name for t in tasks
    ]


@pytest.fixture
def logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(audit_cmd, "SPLIT_BYTES", 1000)  # every sample is "big"
    monkeypatch.setattr(audit_cmd, "GAMES_PER_PART", 1)
    paths = []
    for i, src in enumerate([FAIR, WRONG, FAIR, FAIR]):
        p = tmp_path / f"log{i}.xzlog"
        shutil.copyfile(src, p)
        paths.append(str(p))
    return paths


def test_without_jobs_every_big_log_is_cut(logs: list[str]) -> None:
    shape = _shape(list(audit_cmd.iter_tasks(logs)))
    for name in ("log0.xzlog", "log2.xzlog", "log3.xzlog"):
        assert shape.count(f"part:{name}") == 3  # one part per game
    assert "log0.xzlog" not in shape


def test_with_jobs_only_the_last_logs_are_cut(logs: list[str]) -> None:
    shape = _shape(list(audit_cmd.iter_tasks(logs, 2)))
    # log0 and log1 are followed by two files or more: whole; log2 by one, log3 by none.
    assert shape[:2] == ["log0.xzlog", "log1.xzlog"]
    assert shape[2:] == ["part:log2.xzlog"] * 3 + ["part:log3.xzlog"] * 3
    assert (
        _shape(list(audit_cmd.iter_tasks(logs, 4)))
        == ["part:log0.xzlog"] * 3
        + ["part:log1.xzlog"]
        + ["part:log2.xzlog"] * 3
        + ["part:log3.xzlog"] * 3
    )
    assert list(audit_cmd.iter_tasks([], 2)) == []


def test_same_output_with_and_without_jobs(
    logs: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    outs = []
    for extra in ([], ["--jobs", "2"], ["--jobs", "3"]):
        with pytest.raises(SystemExit) as info:
            main(["audit", "--no-progress", "--format", "jsonl", *extra, *logs])
        out, _ = capsys.readouterr()
        outs.append((info.value.code, out))
    assert outs[0][0] == 1
    assert outs[0] == outs[1] == outs[2]
    games = [json.loads(line) for line in outs[0][1].splitlines()]
    assert [g["status"] for g in games].count("findings") == 1
    assert len(games) == 3 + 1 + 3 + 3
