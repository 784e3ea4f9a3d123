"""``xz audit``: formats, input order with --jobs, directories, keys, and the exit codes
0/1/2/3/130 documented in docs/audit.md."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from audit_cli_helpers import run
from keyfile_helpers import CASES, bad_key_file

from xzcore.cli.main import main

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY = str(REPLAYS / "demo-key.pub")
FAIR = str(REPLAYS / "preset-xuezhan.xzlog")
WRONG = str(REPLAYS / "wrong-multiplier.xzlog")
CUT = str(REPLAYS / "truncated.xzlog")


def test_verified_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([FAIR], capsys)
    assert code == 0
    assert out.count("verified (") == 3
    assert "3 game(s): 3 verified, 0 with findings (0 in all), 0 unreadable — exit 0" in out


EXPECTED = json.loads((REPLAYS / "expected.json").read_text())
[[_, [[_, WRONG_EVENT, WRONG_OFFSET]]]] = EXPECTED["wrong-multiplier.xzlog"]


def test_findings_exit_1_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([FAIR, WRONG], capsys)
    assert code == 1
    assert "wrong-multiplier.xzlog  game 1  byte 0  FINDINGS (1)" in out
    assert f"event {WRONG_EVENT} @ byte {WRONG_OFFSET}  R8.3 table scoring\n" in out
    assert (
        f"      At event {WRONG_EVENT}, the log scores bot0's win at fan 2, multiplier 4, "
        "multiplier after the cap 4; the rules give fan 1, multiplier 2, multiplier after the "
        "cap 2. In table scoring" in out
    )
    assert "      money (log − correct): bot0 +2, bot1 0, bot2 -2, bot3 0\n" in out


def test_unreadable_and_missing_exit_3_over_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run([WRONG, CUT], capsys)
    assert code == 3
    code, out, _ = run([WRONG, str(tmp_path / "missing.xzlog")], capsys)
    assert code == 3
    assert "cannot open: No such file or directory" in out
    empty = tmp_path / "empty.xzlog"
    empty.write_bytes(b"")
    code, out, _ = run([str(empty)], capsys)
    assert code == 3 and "holds no game" in out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([], capsys)[0] == 2
    assert run(["--format", "xml", FAIR], capsys)[0] == 2
    assert run(["--jobs", "-1", FAIR], capsys)[0] == 2


@pytest.mark.parametrize("case", CASES)
def test_unusable_verify_key_is_unreadable_input_exit_3(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    path, message = bad_key_file(tmp_path, case, "public")
    code, out, err = run(["--verify-key", path, FAIR], capsys)
    assert (code, out, err) == (3, "", f"xz: --verify-key {path}: {message}\n")


def test_log_given_as_verify_key_is_unreadable_input_exit_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(["--verify-key", FAIR, FAIR], capsys)
    assert (code, out) == (3, "")
    assert (
        err.startswith(f"xz: --verify-key {FAIR}: not a PEM public key (") and err.count("\n") == 1
    )


def test_missing_verify_key_with_jobs_is_exit_3_before_any_worker_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import multiprocessing

    def no_pool(method: str | None = None) -> None:
        raise AssertionError("a pool was started before the key was checked")

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    missing = str(tmp_path / "missing.pub")
    code, out, err = run(["--jobs", "2", "--verify-key", missing, FAIR, WRONG], capsys)
    assert (code, out) == (3, "")
    assert err == f"xz: --verify-key {missing}: cannot read key file (No such file or directory)\n"


def test_jsonl_in_input_order_with_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in REPLAYS.glob("*.xzlog"))
    code1, out1, err1 = run(["--format", "jsonl", *files], capsys)
    code2, out2, _ = run(["--format", "jsonl", "--jobs", "2", *files], capsys)
    assert code1 == code2 == 3
    assert out1 == out2
    lines = [json.loads(x) for x in out1.splitlines()]
    assert [(d["path"], d["game"]) for d in lines] == sorted((d["path"], d["game"]) for d in lines)
    assert "exit 3" in err1  # the summary goes to stderr, stdout stays one JSON per line


def test_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--format", "json", FAIR, WRONG], capsys)
    doc = json.loads(out)
    assert code == 1
    assert [g["status"] for g in doc["games"]] == ["verified"] * 3 + ["findings"]
    [f] = doc["games"][3]["findings"]
    assert (f["rule"], f["event"], f["offset"]) == ("R8.3", WRONG_EVENT, WRONG_OFFSET)
    assert sum(f["money"]) == 0 and max(f["money"]) > 0
    summary = dict(doc["summary"])
    money = summary.pop("money_per_seat")  # added keys (issue 13 item 3); the rest unchanged
    assert summary.pop("money_games_left_out") == 0
    assert summary == {
        "games": 4,
        "verified": 3,
        "findings": 1,
        "unreadable": 0,
        "findings_total": 1,
        "exit_code": 1,
    }
    assert [r["name"] for r in money] == ["bot0", "bot1", "bot2", "bot3"]
    assert [r["claimed"] - r["correct"] for r in money] == f["money"]


def test_directory_is_searched_recursively(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    shutil.copy(FAIR, tmp_path / "a" / "b" / "x.xzlog")
    shutil.copy(WRONG, tmp_path / "a" / "y.xzlog")
    (tmp_path / "a" / "notes.txt").write_text("not a log")
    code, out, _ = run(["-q", str(tmp_path)], capsys)
    assert code == 1
    assert "4 game(s): 3 verified, 1 with findings" in out
    assert "x.xzlog" not in out  # -q hides verified games


def test_verify_key(capsys: pytest.CaptureFixture[str]) -> None:
    forged = str(REPLAYS / "forged-signature.xzlog")
    assert run([forged], capsys)[0] == 0
    code, out, _ = run(["--verify-key", KEY, forged], capsys)
    assert code == 1 and "L3 signature\n      In this game: bad signature" in out


def test_progress_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["audit", "--progress", "--format", "jsonl", FAIR])
    out, err = capsys.readouterr()
    assert "auditing" in err
    assert all(json.loads(line) for line in out.splitlines())


def test_ctrl_c_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import xzcore.batch.run

    def interrupted(task: object, options: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(xzcore.batch.run, "run_task", interrupted)
    code, _, err = run([FAIR], capsys)
    assert code == 130
    assert "interrupted" in err and "Traceback" not in err


def test_standard_input() -> None:
    from click.testing import CliRunner

    from xzcore.cli.main import cli

    data = Path(WRONG).read_bytes()
    res = CliRunner().invoke(cli, ["audit", "--no-progress", "-j", "2", "-"], input=data)
    assert res.exit_code == 1
    assert "<stdin>  game 1  byte 0  FINDINGS (1)" in res.output


def test_big_logs_are_cut_into_ranges_with_jobs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With --jobs, a big log is audited in byte ranges by several workers: the output is
    the same as the whole file's, damage and the chain across ranges included."""
    from xzcore.log.records import HEADER_MAGIC

    big = tmp_path / "big.xzlog"
    whole = Path(FAIR).read_bytes()
    # game 1 removed (L2 across a part boundary), then garbage, then a truncated log.
    starts = [i - 3 for i in range(len(whole)) if whole.startswith(HEADER_MAGIC, i)]
    assert len(starts) == 3
    blob = whole[: starts[1]] + whole[starts[2] :] + b"\xc1junk" + Path(CUT).read_bytes()
    big.write_bytes(blob)
    import xzcore.batch.plan

    code1, out1, _ = run(["--format", "jsonl", str(big), FAIR], capsys)  # whole
    monkeypatch.setattr(xzcore.batch.plan, "PART_BYTES", 1000)
    code2, out2, _ = run(["--format", "jsonl", "--jobs", "2", str(big), FAIR], capsys)
    assert code1 == code2 == 3
    assert out1 == out2
    rules = [f["rule"] for line in out1.splitlines() for f in json.loads(line)["findings"]]
    assert "L2" in rules
