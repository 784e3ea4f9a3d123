"""A demanding user's pass over ``xz``: bad input gets a clear error naming what and where, a
documented exit code (0 ok, 1 findings / failed line, 2 usage, 3 unreadable or missing input,
130 Ctrl-C), never a traceback and never unbounded memory (issues 3 and 5)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from xzcore.cli.hand_lines import MAX_LINE_BYTES, OverlongLine, bounded_lines
from xzcore.cli.main import cli

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
FAIR = REPLAYS / "preset-xuezhan.xzlog"
READY_9 = "1112345678999s"  # 九莲 shape: ready on 1s-9s (R7.3)


def xz(*args: str, input: str | bytes | None = None) -> Result:
    res = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in res.output
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise AssertionError(f"xz {' '.join(args)} raised {res.exception!r}")
    return res


def answers(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


# -- xz hand ----------------------------------------------------------------------------------


def test_hand_void_and_melds_errors_name_the_option() -> None:
    res = xz("hand", READY_9, "--void", "z")
    assert res.exit_code == 2 and "--void: " in res.output and "'z'" in res.output
    res = xz("hand", READY_9, "--melds", "pong 5p")
    assert res.exit_code == 2 and "--melds: " in res.output and "pong" in res.output


def test_hand_huge_tile_text_is_refused_before_parsing() -> None:
    res = xz("hand", "1" * 100_000)
    assert res.exit_code == 2
    assert "hand: 100000 characters" in res.output
    assert len(res.output) < 1000  # the text is not echoed back


def test_hand_not_ready_because_of_the_void_suit_says_so() -> None:
    # R7.3/R4.4: all tiles are 万 and 万 is the void suit — the reason is the void, not the shape.
    res = xz("hand", "1112223334445m", "--void", "m")
    assert res.exit_code == 0
    assert "R7.3  不听 not ready: the hand holds 1m of its void suit m" in res.output
    # With another void the same shape is ready: 2m (111 22 234 234 345), 3m, 4m, 5m (pair
    # 55), 6m (111 222 333 44 456).
    res = xz("hand", "1112223334445m", "--void", "p")
    assert res.exit_code == 0 and "听牌 ready on 5 kind(s): 2m 3m 4m 5m 6m" in res.output


def test_jsonl_junk_lines_each_get_their_own_error() -> None:
    lines = [
        json.dumps({"hand": READY_9, "void": "m"}),
        "junk",
        "",
        json.dumps({"hand": READY_9, "void": "z"}),
        json.dumps({"hand": READY_9, "melds": "pong 5p"}),
        json.dumps({"hand": READY_9, "melds": ["peng 5p, gang 3m"]}),
        json.dumps({"hand": "1" * 5000}),
    ]
    res = xz("hand", "--jsonl", "-", input="\n".join(lines) + "\n")
    assert res.exit_code == 1
    got = answers(res.output)
    assert [a["line"] for a in got] == [1, 2, 4, 5, 6, 7]  # the blank line 3 gets no answer
    assert got[0]["ok"] is True and got[0]["ready"] is True
    assert got[1]["error"]["type"] == "JSONDecodeError"
    assert got[2]["error"]["message"].startswith("void: ")
    assert got[3]["error"]["message"].startswith("melds: ")
    assert got[4]["error"]["message"].startswith("melds[0]: expected one meld")
    assert got[5]["error"]["message"].startswith("hand: 5000 characters")
    assert "5 request(s) failed" in res.output


def test_jsonl_bytes_that_are_not_utf8_name_the_byte() -> None:
    data = b"\xff\xfe\n" + json.dumps({"hand": READY_9, "void": "m"}).encode() + b"\n"
    res = xz("hand", "--jsonl", "-", input=data)
    assert res.exit_code == 1
    bad, good = answers(res.output)
    assert bad["error"]["message"] == "line is not UTF-8 text: byte 0xff at column 1"
    assert good["ok"] is True and good["line"] == 2


def test_jsonl_utf8_bom_on_the_first_line_is_allowed() -> None:
    data = b"\xef\xbb\xbf" + json.dumps({"hand": READY_9, "void": "m"}).encode() + b"\n"
    res = xz("hand", "--jsonl", "-", input=data)
    assert res.exit_code == 0 and answers(res.output)[0]["ok"] is True


def test_jsonl_overlong_line_fails_alone_and_the_file_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    size = 3 * MAX_LINE_BYTES + 17
    with open(path, "wb") as fh:
        fh.write(b"{" + b" " * (size - 1) + b"\n")
        fh.write(json.dumps({"hand": READY_9, "void": "m"}).encode() + b"\n")
    res = xz("hand", "--jsonl", str(path))
    assert res.exit_code == 1
    bad, good = answers(res.output)
    assert (
        bad["line"] == 1
        and f"line of {size} bytes is longer than the limit" in (bad["error"]["message"])
    )
    assert good["line"] == 2 and good["ok"] is True


def test_jsonl_overlong_line_with_jobs_keeps_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    good = json.dumps({"hand": READY_9, "void": "m"})
    path.write_text(good + "\n" + "x" * (MAX_LINE_BYTES + 1) + "\n" + good + "\n")
    res = xz("hand", "--jsonl", str(path), "--jobs", "2")
    assert res.exit_code == 1
    got = answers(res.output)
    assert [(a["line"], a["ok"]) for a in got] == [(1, True), (2, False), (3, True)]


def test_bounded_lines_never_reads_a_line_whole() -> None:
    class Spy(io.BytesIO):
        biggest = 0

        def readline(self, size: int | None = -1) -> bytes:
            line = super().readline(size)
            Spy.biggest = max(Spy.biggest, len(line))
            return line

    data = b"a\n" + b"x" * 1_000_000 + b"\nb\n" + b"y" * 10  # last line without newline
    out = list(bounded_lines(Spy(data), limit=100))
    assert out[0] == b"a\n" and out[2] == b"b\n" and out[3] == b"y" * 10
    assert isinstance(out[1], OverlongLine) and out[1].size == 1_000_000
    assert Spy.biggest <= 1 << 16
    # Exactly at the limit is a line; one byte more is not.
    assert list(bounded_lines(io.BytesIO(b"z" * 100 + b"\n"), limit=100)) == [b"z" * 100 + b"\n"]
    [over] = list(bounded_lines(io.BytesIO(b"z" * 101 + b"\n"), limit=100))
    assert isinstance(over, OverlongLine) and over.size == 101


def test_jsonl_directory_and_missing_file_exit_3(tmp_path: Path) -> None:
    res = xz("hand", "--jsonl", str(tmp_path))
    assert res.exit_code == 3 and "Is a directory" in res.output
    res = xz("hand", "--jsonl", str(tmp_path / "nope.jsonl"))
    assert res.exit_code == 3 and "No such file" in res.output


def test_jsonl_empty_input_is_no_request_and_exit_0() -> None:
    res = xz("hand", "--jsonl", "-", input="")
    assert res.exit_code == 0 and res.output == ""
