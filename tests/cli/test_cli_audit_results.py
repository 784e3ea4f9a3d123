"""``xz audit`` results for machines (docs/audit.md, "Results for machines"): the keys of a
``--format jsonl`` line, ``--summary FILE`` and ``--resume RESULTS``.

The expectations come from how the samples were made (replays/README.md), not from running
the audit.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from pathlib import Path

import pytest
from audit_cli_helpers import run

import xzcore.batch.plan as batch_plan
from xzcore.batch.results import audited_files
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
WRONG = REPLAYS / "wrong-multiplier.xzlog"  # 1 game: R8.3 at event 107, +2 +0 -2 +0
FAIR = REPLAYS / "preset-xuezhan.xzlog"  # 3 games, verified
CUT = REPLAYS / "truncated.xzlog"  # game 0 verified, game 1 unreadable (L1)


def _blake2b(path: Path) -> str:
    return hashlib.blake2b(path.read_bytes(), digest_size=32).hexdigest()


# -- a jsonl line ------------------------------------------------------------------------


def test_jsonl_line_has_file_game_id_verdict_rules_and_money_per_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["--format", "jsonl", str(WRONG)], capsys)
    assert code == 1
    (line,) = out.splitlines()
    r = json.loads(line)
    assert r["path"] == str(WRONG)
    assert r["file_hash"] == _blake2b(WRONG)
    assert (r["game"], r["game_id"], r["status"], r["last_of_file"]) == (0, 0, "findings", True)
    assert [(f["rule"], f["event"], f["offset"]) for f in r["findings"]] == [("R8.3", 107, 9043)]
    assert r["findings"][0]["money"] == [2, 0, -2, 0]
    assert [(m["name"], m["claimed"] - m["correct"]) for m in r["money_per_seat"]] == [
        ("bot0", 2),
        ("bot1", 0),
        ("bot2", -2),
        ("bot3", 0),
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_only_the_last_game_of_each_file_is_marked_last(
    jobs: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch_plan, "PART_BYTES", 1000)  # FAIR is cut into ranges
    _, out, _ = run(["--format", "jsonl", "--jobs", jobs, str(FAIR), str(CUT)], capsys)
    lines = [json.loads(x) for x in out.splitlines()]
    assert [(Path(r["path"]).name, r["game"], r["last_of_file"]) for r in lines] == [
        ("preset-xuezhan.xzlog", 0, False),
        ("preset-xuezhan.xzlog", 1, False),
        ("preset-xuezhan.xzlog", 2, True),
        ("truncated.xzlog", 0, False),
        ("truncated.xzlog", 1, True),
    ]
    assert [r["file_hash"] for r in lines] == [_blake2b(FAIR)] * 3 + [_blake2b(CUT)] * 2


def test_table_output_is_unchanged_and_hashes_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from xzcore.batch import run as batch_run
    from xzcore.batch import task as batch_task

    def no_hash(path: str) -> str:
        raise AssertionError("the table needs no content hash")

    monkeypatch.setattr(batch_run, "hash_and_count", no_hash)
    monkeypatch.setattr(batch_task, "file_hash", no_hash)
    code, out, _ = run([str(WRONG)], capsys)
    assert code == 1
    assert out.splitlines()[0] == f"{WRONG}  game 1  byte 0  FINDINGS (1)"
    assert "file_hash" not in out


# -- --summary ---------------------------------------------------------------------------


def test_summary_counts_verdicts_rule_ids_and_money_per_seat_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "s.json"
    key = str(REPLAYS / "demo-key.pub")
    code, out, _ = run(["--verify-key", key, "--summary", str(summary), str(REPLAYS)], capsys)
    assert code == 3
    assert out.splitlines()[-1] == (
        "25 game(s): 14 verified, 10 with findings (10 in all), 1 unreadable — exit 3"
    )
    doc = json.loads(summary.read_text())
    assert (doc["games"], doc["verified"], doc["findings"], doc["unreadable"]) == (25, 14, 10, 1)
    assert (doc["findings_total"], doc["exit_code"]) == (10, 3)
    planted = [
        "L2",
        "L3",
        "R10.1",
        "R13.3",
        "R13.4",
        "R4.2",
        "R4.3",
        "R5.7",
        "R8.3",
        "R9.5",
    ]  # one each
    assert doc["rules"] == {
        "findings": dict.fromkeys(planted, 1),
        "errors": {"L1": 1},
    }
    assert (doc["not_audited"], doc["skipped_files"], doc["skipped_games"]) == (0, 0, 0)
    assert doc["resumed_files"] == 0
    for row in doc["money_per_seat"]:
        assert row["difference"] == row["claimed"] - row["correct"]
        assert row["differs"] == (row["difference"] != 0)


def test_summary_money_is_the_disputed_units_per_seat_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "s.json"
    assert run(["--summary", str(summary), str(WRONG)], capsys)[0] == 1
    doc = json.loads(summary.read_text())
    assert [(r["name"], r["difference"], r["differs"]) for r in doc["money_per_seat"]] == [
        ("bot0", 2, True),
        ("bot1", 0, False),
        ("bot2", -2, True),
        ("bot3", 0, False),
    ]
    assert doc["exit_code"] == 1


@pytest.mark.parametrize("where", ["folder", "no-such-folder"])
def test_summary_that_cannot_be_written_there_is_a_usage_error_before_any_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    target = tmp_path if where == "folder" else tmp_path / "nope" / "s.json"
    code, out, err = run(["--summary", str(target), str(WRONG)], capsys)
    assert code == 2
    assert out == ""  # no log was audited
    assert "--summary" in err


@pytest.mark.parametrize(("log", "expected"), [(FAIR, 1), (CUT, 3)])
def test_summary_write_failure_is_one_line_exit_1_unless_3(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    log: Path,
    expected: int,
) -> None:
    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("xzcore.cli.output_file.os.replace", full)
    summary = tmp_path / "s.json"
    code, _, err = run(["--summary", str(summary), str(log)], capsys)
    assert code == expected
    assert err == f"xz: --summary {summary}: cannot write (No space left on device)\n"
    assert os.listdir(tmp_path) == []  # no half file, no temporary


# -- --resume ----------------------------------------------------------------------------


def _folder_of_logs(folder: Path, files: int, games: int) -> list[Path]:
    """``files`` logs of ``games`` distinct games each (different seeds: no two alike)."""
    rules = RuleSet.preset("xuezhan")
    paths = []
    for i in range(files):
        p = folder / f"log{i}.xzlog"
        with open(p, "wb") as fh:
            choosers = [bot_chooser("random", 10 * i + s) for s in range(4)]
            for _ in record_games(LogWriter(fh), rules, games, seed=100 * i, choosers=choosers):
                pass
        paths.append(p)
    return paths


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_resume_audits_only_the_rest_and_covers_every_game_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    _folder_of_logs(logs, files=5, games=3)
    code, full_out, _ = run(["--format", "jsonl", str(logs)], capsys)
    assert code == 0
    lines = full_out.splitlines()
    assert len(lines) == 15
    # A run killed in log2's game 1, in the middle of writing that line.
    results = tmp_path / "R.jsonl"
    results.write_text("\n".join(lines[:7]) + "\n" + lines[7][:40])
    code, out, err = run(
        ["--format", "jsonl", "--jobs", jobs, "--resume", str(results), str(logs)], capsys
    )
    assert code == 0
    new = [json.loads(x) for x in out.splitlines()]
    assert [(Path(r["path"]).name, r["game"]) for r in new] == [
        ("log2.xzlog", 1),
        ("log2.xzlog", 2),
        *((f"log{i}.xzlog", g) for i in (3, 4) for g in range(3)),
    ]
    assert (
        f"--resume {results}: 2 file(s) skipped and 1 continued; 7 game(s) taken from "
        f"{results} without being audited again (not counted below)"
    ) in err
    assert err.splitlines()[-1] == (
        "8 game(s): 8 verified, 0 with findings (0 in all), 0 unreadable — exit 0"
    )
    kept = [json.loads(x) for x in lines[:7]]  # R's valid lines
    assert kept + new == [json.loads(x) for x in lines]  # every game once, in order


def test_resume_counts_skipped_files_in_the_summary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results, summary = tmp_path / "R.jsonl", tmp_path / "s.json"
    _, out, _ = run(["--format", "jsonl", str(FAIR)], capsys)
    results.write_text(out)
    code, out, _ = run(
        ["--resume", str(results), "--summary", str(summary), str(FAIR), str(WRONG)], capsys
    )
    assert code == 1
    assert out.splitlines()[-1] == (
        "1 game(s): 0 verified, 1 with findings (1 in all), 0 unreadable — exit 1"
    )
    doc = json.loads(summary.read_text())
    assert (doc["games"], doc["skipped_files"], doc["skipped_games"]) == (1, 1, 3)
    assert doc["resumed_files"] == doc["recounted_files"] == 0


def test_a_file_results_call_done_with_another_count_of_games_is_audited_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand-written RESULTS line with a file's true hash, saying its one game is the
    last: the file holds 3, so RESULTS is not the run's lines for it — audited again, said
    on stderr and in the summary; its forged verdict taken for nothing."""
    results, summary = tmp_path / "R.jsonl", tmp_path / "s.json"
    forged = {"path": str(FAIR), "game": 0, "file_hash": _blake2b(FAIR), "last_of_file": True}
    results.write_text(json.dumps({**forged, "status": "verified"}) + "\n")
    code, out, err = run(
        ["--format", "jsonl", "--resume", str(results), "--summary", str(summary), str(FAIR)],
        capsys,
    )
    assert code == 0
    assert [json.loads(x)["game"] for x in out.splitlines()] == [0, 1, 2]
    assert f"xz audit: --resume: {FAIR}: the results cover 1 game(s), the file holds 3: " in err
    doc = json.loads(summary.read_text())
    assert (doc["recounted_files"], doc["skipped_files"], doc["skipped_games"]) == (1, 0, 0)


@pytest.mark.parametrize(
    "hostile",
    [b"[" * 200_000 + b"]" * 200_000, b'{"game": ' + b"9" * 5000 + b"}", b"\xff\xfe", b"{"],
    ids=["nested-200000", "int-5000-digits", "not-utf8", "torn"],
)
def test_a_hostile_results_line_is_skipped_whatever_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hostile: bytes
) -> None:
    _, out, _ = run(["--format", "jsonl", str(FAIR)], capsys)
    results = tmp_path / "R.jsonl"
    results.write_bytes(hostile + b"\n" + out.encode())
    code, out2, err = run(["--format", "jsonl", "--resume", str(results), str(FAIR)], capsys)
    assert code == 0 and out2 == "" and "Traceback" not in err
    assert "1 file(s) skipped and 0 continued; 3 game(s) taken from" in err


def test_resume_file_that_cannot_be_read_is_exit_3_before_any_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "R.jsonl"
    code, out, err = run(["--resume", str(missing), str(FAIR)], capsys)
    assert code == 3
    assert out == ""
    assert err == f"xz: --resume {missing}: cannot read (No such file or directory)\n"


def _line(path: str, game: int, h: str | None = "h1", last: bool = False) -> str:
    return json.dumps({"path": path, "game": game, "file_hash": h, "last_of_file": last})


def test_what_results_cover_per_file_hash() -> None:
    assert audited_files([_line("a", 0), _line("a", 1, last=True)]) == {"h1": (2, True)}
    assert audited_files([_line("a", 0), _line("a", 1)]) == {"h1": (2, False)}  # stopped
    assert audited_files([_line("a", 0), _line("a", 2, last=True)]) == {"h1": (1, False)}
    assert audited_files([_line("a", 1, last=True)]) == {}  # no game 0
    assert audited_files([_line("a", 0, h=None, last=True)]) == {}  # a dead worker's report
    torn = _line("a", 0, last=True)[:-5]
    assert audited_files([torn, "", "[1, 2]", "not json"]) == {}
    # Two copies of one file under other names: the copy covering most counts.
    two = [_line("a", 0), _line("b", 0), _line("b", 1, last=True), _line("a", 1)]
    assert audited_files(two) == {"h1": (2, True)}
    # A file run again from game 0 after a torn first run (R + new output appended).
    again = [_line("a", 0), _line("a", 0), _line("a", 1, last=True)]
    assert audited_files(again) == {"h1": (2, True)}
