"""Hostile mjai files against the real ``xz convert --from mjai`` process (issue 23;
docs/mjai.md M1.2, M1.3; docs/log-format.md L4, L6): a 5,000-digit integer, nesting 30,000
deep, a file of no round, a header the reader would refuse (a wall tile 99, a seat name over
4,096 bytes, a 900 KB string), a round past the log's limits (20,000 events), a long run of
empty rounds. Each is refused in one line naming its line, exit 3, nothing written, no
traceback, in bounded time and memory; a file of many games converts as a stream."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hostile_helpers import run_xz

from xzcore.audit.report import audit_file

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
PEAK_MB = 150
"""Peak memory allowed to ``xz convert`` (MB): the interpreter and the engine take about 30."""
START = '{"type":"start_game","names":["a","b","c","d"]}\n'
END = '{"type":"end_game"}\n'


def ours(tmp_path: Path) -> list[dict[str, Any]]:
    """A recorded game as mjai lines with our meta (M2.4)."""
    log, out = tmp_path / "g.xzlog", tmp_path / "g.jsonl"
    assert run_xz("record", "-n", "1", "--seed", "3", "-o", str(log), cwd=tmp_path).code == 0
    assert run_xz("convert", str(log), "--to", "mjai", "-o", str(out), cwd=tmp_path).code == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def header(lines: list[dict[str, Any]]) -> dict[str, Any]:
    return next(m["meta"]["header"] for m in lines if "header" in m.get("meta", {}))


def refused(tmp_path: Path, text: str, says: str, timeout: float = 60) -> None:
    src, out = tmp_path / "in.jsonl", tmp_path / "out.xzlog"
    src.write_text(text)
    ran = run_xz(
        "convert", str(src), "--from", "mjai", "-o", str(out), cwd=tmp_path, timeout=timeout
    )
    assert ran.code == 3, ran.stderr[-2000:]
    assert len(ran.lines) == 1 and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    assert ran.lines[0].startswith(f"xz convert: {src}: ") and says in ran.lines[0], ran.lines[0]
    assert len(ran.lines[0]) < 400
    assert not out.exists()
    assert ran.peak_mb < PEAK_MB


def test_an_integer_of_5000_digits_is_refused_in_one_line(tmp_path: Path) -> None:
    """M1.2: was a ValueError traceback (the interpreter's 4,300-digit limit)."""
    refused(
        tmp_path,
        START + '{"type":"start_kyoku","oya":' + "9" * 5000 + "}\n" + END,
        "line 2: an integer of more than 4300 digits in the JSON",
    )


def test_nesting_30000_deep_is_refused_in_one_line(tmp_path: Path) -> None:
    refused(
        tmp_path,
        START + '{"type":"start_kyoku","x":' + "[" * 30000 + "]" * 30000 + "}\n" + END,
        "line 2: JSON nested too deeply",
    )


def test_a_file_of_no_round_is_refused(tmp_path: Path) -> None:
    """M1.3: was a 0-byte log and exit 0."""
    refused(tmp_path, START + END, "the input holds no round: no game to write (M1.3)")


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        ("wall", "wall"),
        ("seat", "a str of 5000 bytes, over the limit of 4096"),
        ("string", "a str of 900000 bytes"),
    ],
)
def test_a_header_the_reader_would_refuse_is_not_written(
    tmp_path: Path, edit: str, says: str
) -> None:
    """L4, L6: was written, exit 0, and then unreadable to ``xz audit``."""
    lines = ours(tmp_path)
    h = header(lines)
    if edit == "wall":
        h["wall"] = "63" + h["wall"][2:]  # tile kind 99
    elif edit == "seat":
        h["seats"][0] = "x" * 5000
    else:
        h["extra"] = {"note": "y" * 900_000}
    text = "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in lines)
    refused(tmp_path, text, says)


def test_a_round_past_the_events_a_game_holds_is_refused_as_it_is_read(tmp_path: Path) -> None:
    """L6: a round of 30,000 lines is refused at its 20,001st line (line 20,002), past the
    log's 20,000 events (its rest is never held)."""
    sk = {"type": "start_kyoku", "oya": 0, "tehais": [["1m"] * 13] * 4}
    body = '{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}\n' * 30_000
    text = START + json.dumps(sk) + "\n" + body + '{"type":"end_kyoku"}\n' + END
    refused(
        tmp_path,
        text,
        "line 20002: a round of more than 20000 lines (the most events a logged game holds) (L6)",
    )


def test_a_long_run_of_empty_rounds_is_refused_at_the_first(tmp_path: Path) -> None:
    """M4.2: the first round is replayed as soon as it is read (was: all read first)."""
    text = START + '{"type":"start_kyoku"}\n{"type":"end_kyoku"}\n' * 300_000 + END
    refused(tmp_path, text, "line 2: start_kyoku oya: not a seat 0-3: None")


def test_many_games_convert_as_a_stream_and_audit(tmp_path: Path) -> None:
    """What ``xz convert`` writes, ``xz audit`` reads: 40 games there and back, in the
    memory of about one."""
    log, mjai, back = tmp_path / "m.xzlog", tmp_path / "m.jsonl", tmp_path / "b.xzlog"
    assert run_xz("record", "-n", "40", "-o", str(log), cwd=tmp_path).code == 0
    assert run_xz("convert", str(log), "--to", "mjai", "-o", str(mjai), cwd=tmp_path).code == 0
    ran = run_xz("convert", str(mjai), "--from", "mjai", "-o", str(back), cwd=tmp_path)
    assert ran.code == 0, ran.stderr
    assert ran.peak_mb < PEAK_MB
    assert back.read_bytes() == log.read_bytes()
    assert [r.status for r in audit_file(back)] == ["verified"] * 40
