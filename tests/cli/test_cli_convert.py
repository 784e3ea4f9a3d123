"""``xz convert``: both directions, plain mjai, unreadable input, usage errors and exit codes
(docs/mjai.md M5)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from xzcore.audit.report import CONVERTED_NOTE, audit_file
from xzcore.cli.main import main
from xzcore.mjai.file import MAX_LINE

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"
FAIR = REPLAYS / "preset-leshan.xzlog"

PLAIN = """\
{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","kyoku":1,"oya":0,"scores":[0,0,0,0],"tehais":[["2p","2p","4p","6p","1s","1s","1s","7s","7s","7s","9s","9s","9s"],["1m","2m","3m","5m","7m","9m","9m","1p","3p","5p","7p","8p","9p"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","1p","4p","6p"],["3p","3p","4p","6p","2s","3s","4s","5s","6s","7s","8s","8s","8s"]]}
{"type":"ding_que","actor":0,"suit":"man"}
{"type":"ding_que","actor":1,"suit":"sou"}
{"type":"ding_que","actor":2,"suit":"sou"}
{"type":"ding_que","actor":3,"suit":"man"}
{"type":"tsumo","actor":0,"pai":"9m"}
{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true}
{"type":"pon","actor":1,"target":0,"pai":"9m","consumed":["9m","9m"]}
{"type":"dahai","actor":1,"pai":"5p","tsumogiri":false}
{"type":"hora","actor":2,"target":1,"deltas":[0,-1,1,0]}
{"type":"hora","actor":3,"target":1}
{"type":"hora","actor":0,"target":1}
{"type":"end_kyoku"}
{"type":"end_game"}
"""
"""A blood-grp round written by hand (M4): seat 1 pons the dealer's void 9m and deals in to
the other three (R5.3, R10.4)."""


def xz(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``xz ARGS`` in-process: its exit code, stdout and stderr."""
    with pytest.raises(SystemExit) as info:
        main(args)
    out, err = capsys.readouterr()
    code = info.value.code
    assert isinstance(code, int)
    return code, out, err


def test_a_log_goes_to_mjai_and_back_to_the_same_bytes_unsigned_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M2.4: --to mjai then --from mjai; the log comes back with the same events, claims and
    audit verdicts, unsigned (its signatures aside), and --sign signs it again."""
    jsonl, back = tmp_path / "a.jsonl", tmp_path / "b.xzlog"
    code, _, err = xz(["convert", str(FAIR), "--to", "mjai", "-o", str(jsonl)], capsys)
    assert code == 0
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    assert err.strip() == f"xz convert: wrote 3 game(s) ({len(lines)} mjai lines) to {jsonl}"
    assert json.loads(lines[0])["type"] == "start_game"
    assert json.loads(lines[-1]) == {"type": "end_game"}
    code, _, err = xz(["convert", str(jsonl), "--from", "mjai", "-o", str(back)], capsys)
    assert code == 0
    assert "(3 rebuilt from their meta, 0 replayed through the engine)" in err
    original, converted = list(audit_file(FAIR)), list(audit_file(back))
    assert [r.status for r in converted] == [r.status for r in original] == ["verified"] * 3
    assert [r.events for r in converted] == [r.events for r in original]
    assert back.read_bytes() != FAIR.read_bytes()  # the samples are signed; this is not


def test_standard_output_takes_the_mjai_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """M5: -o - writes the lines to stdout and says nothing else."""
    code, out, err = xz(["convert", str(FAIR), "--to", "mjai", "-o", "-"], capsys)
    assert code == 0 and err == ""
    assert [json.loads(x)["type"] for x in out.splitlines()[:3]] == [
        "start_game",
        "start_kyoku",
        "tsumo",
    ]


def test_a_truncated_log_converts_what_is_readable_and_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M5, L1: the cut game is named with its byte offset and left out; the whole one is
    written; exit 3."""
    out = tmp_path / "t.jsonl"
    code, _, err = xz(
        ["convert", str(REPLAYS / "truncated.xzlog"), "--to", "mjai", "-o", str(out)], capsys
    )
    assert code == 3
    assert "game 2, event 66, byte 17932: truncated record" in err
    kyoku = [x for x in out.read_text().splitlines() if '"start_kyoku"' in x]
    assert len(kyoku) == 1


def test_a_plain_blood_grp_log_converts_and_audits_with_the_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M4: --from mjai of a plain log under --set exchange_three=false; the audit verifies
    the game and notes that its money was recomputed (M4.4)."""
    src, out = tmp_path / "p.jsonl", tmp_path / "p.xzlog"
    src.write_text(PLAIN)
    args = ["convert", str(src), "--from", "mjai", "-o", str(out), "--rules", "xuezhan"]
    code, _, err = xz([*args, "--set", "exchange_three=false"], capsys)
    assert code == 0, err
    assert "(0 rebuilt from their meta, 1 replayed through the engine)" in err
    code, out_json, _ = xz(["audit", "--no-progress", "--format", "json", str(out)], capsys)
    assert code == 0
    game = json.loads(out_json)["games"][0]
    assert game["status"] == "verified" and CONVERTED_NOTE in game["notes"]
    # the table, xz audit's default, says it under the game's line, in either language
    code, table, _ = xz(["audit", "--no-progress", str(out)], capsys)
    first, note = table.splitlines()[:2]
    assert code == 0 and "verified" in first and note == "  note: " + CONVERTED_NOTE
    code, table_zh, _ = xz(["audit", "--no-progress", "--lang", "zh", str(out)], capsys)
    assert table_zh.splitlines()[1].startswith("  注：由不带本项目扩展的 mjai 记录转换而来")


def test_a_wrong_delta_is_a_note_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M4.5: the engine's money is written; the log's differing deltas are a note."""
    src, out = tmp_path / "p.jsonl", tmp_path / "p.xzlog"
    src.write_text(PLAIN.replace("[0,-1,1,0]", "[0,-9,9,0]"))
    code, _, err = xz(["convert", str(src), "--from", "mjai", "-o", str(out)], capsys)
    assert code == 0
    assert (
        "xz convert: note: line 11: hora deltas [0, -9, 9, 0] recorded, [0, -1, 1, 0] "
        "recomputed (M4.5)" in err
    )


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("[0,0,0,0],", "[0,0,0,0]"), "line 2: not JSON"),
        (('"pai":"5p","tsumogiri"', '"pai":"2p","tsumogiri"'), "line 10: the engine refuses"),
        (('"pai":"9m","tsumogiri":true', '"pai":"2p","tsumogiri":true'), "(R4.2)"),
        (('{"type":"end_game"}\n', ""), "the input ends without end_game"),
    ],
)
def test_bad_mjai_is_one_line_exit_3_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: tuple[str, str],
    message: str,
) -> None:
    """M1.3, M5: one line on stderr naming the file and the line; nothing is written."""
    src, out = tmp_path / "bad.jsonl", tmp_path / "bad.xzlog"
    src.write_text(PLAIN.replace(*edit))
    code, _, err = xz(["convert", str(src), "--from", "mjai", "-o", str(out)], capsys)
    assert code == 3
    assert len(err.splitlines()) == 1 and err.startswith(f"xz convert: {src}: ")
    assert message in err
    assert not out.exists()


def test_errors_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """M5: --lang zh says the problem in Chinese."""
    src = tmp_path / "bad.jsonl"
    src.write_text(PLAIN.replace('"pai":"9m","tsumogiri":true', '"pai":"2p","tsumogiri":true'))
    args = ["convert", str(src), "--from", "mjai", "-o", str(tmp_path / "x"), "--lang", "zh"]
    code, _, err = xz(args, capsys)
    assert code == 3
    assert f"xz convert: {src}: 第 8 行：引擎拒绝 dahai 2p by 0" in err


def test_an_overlong_line_is_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """M1.2: a line past the bound is refused unread."""
    src = tmp_path / "long.jsonl"
    src.write_bytes(b'{"type":"start_game"}\n' + b" " * (MAX_LINE + 5) + b"\n")
    code, _, err = xz(["convert", str(src), "--from", "mjai", "-o", str(tmp_path / "x")], capsys)
    assert code == 3 and "line 2: a line longer than" in err


@pytest.mark.parametrize(
    "args",
    [
        ["convert", str(FAIR), "-o", "x.jsonl"],
        ["convert", str(FAIR), "--to", "mjai", "--from", "mjai", "-o", "x"],
        ["convert", str(FAIR), "--to", "mjai", "--rules", "xueliu", "-o", "x"],
        ["convert", str(FAIR), "--to", "mjai", "-o", "/no/such/folder/x.jsonl"],
        ["convert", str(FAIR), "--from", "mjai", "--set", "nonsense", "-o", "x"],
    ],
    ids=["no direction", "both directions", "rules with --to", "no such folder", "bad --set"],
)
def test_usage_errors_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """M5: a usage error is exit 2, checked before any input is read."""
    code, _, _ = xz(args, capsys)
    assert code == 2


@pytest.mark.parametrize("what", ["missing", "folder", "empty"])
def test_unreadable_input_exits_3(
    what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M5: a missing input, a folder, an empty log: exit 3, one line."""
    src = {"missing": tmp_path / "none.xzlog", "folder": tmp_path, "empty": tmp_path / "e"}[what]
    if what == "empty":
        src.write_bytes(b"")
    code, _, err = xz(["convert", str(src), "--to", "mjai", "-o", str(tmp_path / "o")], capsys)
    assert code == 3 and err.startswith("xz convert: ")
    assert not (tmp_path / "o").exists()


def test_a_signed_conversion_verifies_and_a_bad_key_is_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M5, L3: --sign KEY signs every game (xz audit --verify-key verifies them); a key file
    that is not a private key is exit 3 and nothing is written."""
    key = tmp_path / "k"
    assert xz(["keygen", str(key)], capsys)[0] == 0
    jsonl, out = tmp_path / "a.jsonl", tmp_path / "s.xzlog"
    assert xz(["convert", str(FAIR), "--to", "mjai", "-o", str(jsonl)], capsys)[0] == 0
    args = ["convert", str(jsonl), "--from", "mjai", "-o", str(out)]
    assert xz([*args, "--sign", str(key)], capsys)[0] == 0
    audit = ["audit", "--no-progress", "--verify-key", f"{key}.pub", str(out)]
    assert xz(audit, capsys)[0] == 0
    os.remove(out)
    code, _, err = xz([*args, "--sign", f"{key}.pub"], capsys)
    assert code == 3 and "--sign" in err and not out.exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_device_is_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    """M5: the output could not be written: one line, exit 1."""
    code, _, err = xz(["convert", str(FAIR), "--to", "mjai", "-o", "/dev/full"], capsys)
    assert code == 1
    assert err.strip().endswith("cannot write (No space left on device)")
