"""A demanding user's pass over ``xz``: bad input gets a clear error naming what and where, a
documented exit code (0 ok, 1 findings / failed line, 2 usage, 3 unreadable or missing input,
130 Ctrl-C), never a traceback and never unbounded memory."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from keyfile_helpers import fifo_without_writer

from xzcore.audit.report import audit_file
from xzcore.cli.hand import _RulesCache
from xzcore.cli.hand_lines import MAX_LINE_BYTES, OverlongLine, bounded_lines
from xzcore.cli.main import cli
from xzcore.log.reader import Game, LogReader
from xzcore.log.writer import LogWriter
from xzcore.rules import RuleSet

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
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


def test_hand_tiles_in_several_words_are_one_hand() -> None:
    # was "Got unexpected extra arguments (345m 789m 2346p)"
    split = xz("hand", "123m", "345m", "789m", "2346p", "--win-tile", "6p", "--void", "s")
    whole = xz("hand", "123345789m2346p", "--win-tile", "6p", "--void", "s")
    assert split.exit_code == whole.exit_code == 0
    assert split.output == whole.output and "R8.3  平胡 plain win: ×1" in split.output
    res = xz("hand", "123万", "345万", "789万", "2346筒", "--void", "s")  # R1.3 Chinese suits
    # 123m 345m 789m 234p + 6p: the single wait (2346p + 1p/4p/5p leaves no pair)
    assert res.exit_code == 0 and res.output.splitlines()[1] == "R7.3  听牌 ready on 1 kind(s): 6p"


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


def test_jsonl_refuses_options_of_one_hand() -> None:
    # They used to be silently ignored: every line was scored as a discard win, no void.
    line = json.dumps({"hand": "123345789m2346p", "win_tile": "6p"}) + "\n"
    res = xz("hand", "--jsonl", "-", "--self-draw", "--void", "s", input=line)
    assert res.exit_code == 2
    assert "--self-draw, --void: with --jsonl each request line carries its own" in res.output
    res = xz("hand", "--jsonl", "-", "-m", "peng 5p", "-w", "6p", input=line)
    assert res.exit_code == 2 and "--win-tile, --melds: " in res.output
    # --rules and --set do apply to every line.
    res = xz("hand", "--jsonl", "-", "--set", "cap_fan=4", input=line)
    assert res.exit_code == 0 and answers(res.output)[0]["ok"] is True


def test_jsonl_rule_sets_of_many_lines_stay_bounded() -> None:
    cache = _RulesCache("xuezhan", {})
    flags = ("multi_ron", "haidi", "haidi_pao", "tian_di_hu")
    for cap in range(1, 41):  # a file in which every line sets its own rules: 640 sets
        for bits in range(16):
            sets = {"cap_fan": cap, **{f: bool(bits >> i & 1) for i, f in enumerate(flags)}}
            got = cache.get(None, sets)
            assert got.cap_fan == cap and got.haidi_pao == bool(bits & 4)
            assert len(cache._cache) <= 256
    # the cleared entries come back right, the default one included
    assert cache.get(None, {"cap_fan": 3}).cap_fan == 3
    assert cache.get(None, None) == RuleSet.preset("xuezhan")


def test_jsonl_directory_and_missing_file_exit_3(tmp_path: Path) -> None:
    res = xz("hand", "--jsonl", str(tmp_path))
    assert res.exit_code == 3 and "Is a directory" in res.output
    res = xz("hand", "--jsonl", str(tmp_path / "nope.jsonl"))
    assert res.exit_code == 3 and "No such file" in res.output


def test_jsonl_empty_input_is_no_request_and_exit_0() -> None:
    res = xz("hand", "--jsonl", "-", input="")
    assert res.exit_code == 0 and res.output == ""


# -- xz keygen --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["", "keys/"])
def test_keygen_key_without_a_file_name_is_a_usage_error(key: str) -> None:
    res = xz("keygen", key)
    assert res.exit_code == 2 and f"{key!r} is not a file name" in res.output


def test_keygen_under_a_file_is_not_written(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_bytes(b"x")
    res = xz("keygen", str(plain / "k"))
    assert res.exit_code == 1 and "cannot write" in res.output and "Not a directory" in res.output


def test_keygen_public_key_that_does_not_read_back_is_exit_1(tmp_path: Path) -> None:
    (tmp_path / "k.pub").symlink_to(os.devnull)  # written "successfully", reads back empty
    res = xz("keygen", "--force", str(tmp_path / "k"))
    assert res.exit_code == 1
    assert res.stderr == (
        f"Error: {tmp_path / 'k.pub'} was written but does not read back: "
        f"{tmp_path / 'k.pub'}: the key file is empty\n"
    )


def test_keygen_force_never_leaves_half_a_pair(tmp_path: Path) -> None:
    key = tmp_path / "k"
    assert xz("keygen", str(key)).exit_code == 0
    before = key.read_bytes()
    (tmp_path / "k.pub").unlink()
    (tmp_path / "k.pub").mkdir()
    res = xz("keygen", "--force", str(key))
    assert res.exit_code == 2 and "k.pub is a folder" in res.output
    assert key.read_bytes() == before  # was replaced, then KEY.pub failed


def test_help_texts_state_the_exit_codes() -> None:
    for command in ("hand", "record", "replay", "keygen", "audit"):
        res = xz(command, "--help")
        assert res.exit_code == 0 and "Exit codes: 0 " in res.output, command
        assert "2 usage" in res.output, command


@pytest.mark.parametrize(("command", "option"), [("audit", "--verify-key"), ("record", "--sign")])
def test_help_says_an_unusable_key_file_is_exit_3(command: str, option: str) -> None:
    text = " ".join(xz(command, "--help").output.split())  # as click wraps it
    code_3 = text[text.index("; 3 ") : text.index("; 130 interrupted")]
    assert f"the {option} file is missing, unreadable, too large or not an Ed25519" in code_3


# -- key files (--verify-key, --sign) ---------------------------------------------------------


def _xz_process(*args: str, pass_fds: tuple[int, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``xz ARGS`` in a process of its own, killed (and the test failed) if it hangs."""
    return subprocess.run(
        [sys.executable, "-m", "xzcore.cli", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
        pass_fds=pass_fds,
    )


@pytest.mark.parametrize(
    ("option", "args"),
    [("--verify-key", ["audit", str(FAIR)]), ("--sign", ["record", "-o", "OUT"])],
)
def test_fifo_key_file_without_a_writer_is_unreadable_input_exit_3(
    tmp_path: Path, option: str, args: list[str]
) -> None:
    path, message = fifo_without_writer(tmp_path)
    out = tmp_path / "s.xzlog"
    args = [str(out) if a == "OUT" else a for a in args]
    done = _xz_process(args[0], option, path, *args[1:])  # a hang is a TimeoutExpired
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr == f"xz: {option} {path}: {message}\n"
    assert not out.exists()


def test_audit_jobs_take_the_verify_key_from_a_pipe() -> None:
    # As `xz audit --jobs 2 --verify-key <(cat KEY.pub)`: the file is read once, by the
    # parent; the workers get its bytes (a pipe cannot be read again).
    r, w = os.pipe()
    try:
        os.write(w, (REPLAYS / "demo-key.pub").read_bytes())
        os.close(w)
        done = _xz_process(
            "audit", "--jobs", "2", "--format", "jsonl", "--verify-key", f"/dev/fd/{r}",
            str(FAIR), pass_fds=(r,),
        )  # fmt: skip
    finally:
        os.close(r)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["status"] for line in done.stdout.splitlines()] == ["verified"] * 3


# -- xz record --------------------------------------------------------------------------------


def test_record_seed_beyond_the_log_integer_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "a.xzlog"
    res = xz("record", "-o", str(out), "--seed", str(2**80))
    assert res.exit_code == 2 and "--seed" in res.output  # was an OverflowError traceback
    res = xz("record", "-n", "2", "-o", str(out), "--seed", str(2**64 - 1))
    assert res.exit_code == 2 and "+ 2 games passes" in res.output
    assert not out.exists()
    res = xz("record", "-n", "2", "-o", str(out), "--seed", str(2**64 - 2))
    assert res.exit_code == 0
    [a, b] = audit_file(out)
    assert (a.status, b.status) == ("verified", "verified")


def test_record_games_and_rounds_together_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "m.xzlog"
    res = xz("record", "-n", "3", "--rounds", "2", "-o", str(out))  # -n was silently ignored
    assert res.exit_code == 2 and "not both" in res.output and not out.exists()


def test_record_to_a_terminal_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from xzcore.cli import record as record_cmd

    monkeypatch.setattr(record_cmd, "_stdout_is_terminal", lambda: True)
    res = xz("record", "-o", "-")
    assert res.exit_code == 2 and "refusing to write a binary log to a terminal" in res.output
    monkeypatch.setattr(record_cmd, "_stdout_is_terminal", lambda: False)
    res = CliRunner().invoke(cli, ["record", "-o", "-"])
    assert res.exit_code == 0 and res.stdout_bytes[:1] == b"\x93"  # a record: [tag, payload, hash]


def test_record_into_a_missing_folder(tmp_path: Path) -> None:
    res = xz("record", "-o", str(tmp_path / "no" / "a.xzlog"))
    assert res.exit_code == 1 and "cannot write" in res.output and "No such file" in res.output


def _choices_of_one_game(tmp_path: Path) -> int:
    res = xz(
        "record",
        "--human",
        "1",
        "--seed",
        "3",
        "-o",
        str(tmp_path / "one.xzlog"),
        input="\n" * 1000,
    )
    assert res.exit_code == 0
    return res.output.count("your choice [")


def test_record_human_eof_before_any_game_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "h.xzlog"
    res = xz("record", "--human", "0", "-o", str(out), input="")
    assert res.exit_code == 3  # input ended: not 130 "interrupted", not a traceback
    assert "standard input ended while seat 0 was to choose" in res.output
    assert "0 finished game(s) written" in res.output
    assert not out.exists()  # a 0-byte file is no log


def test_record_human_eof_leaves_what_was_there(tmp_path: Path) -> None:
    # Only a file this run created is removed (so never /dev/null, not tried here as root).
    old = tmp_path / "old.xzlog"
    old.write_bytes(b"x")
    res = xz("record", "--human", "0", "-o", str(old), input="")
    assert res.exit_code == 3 and old.exists()


def test_record_human_eof_in_game_2_keeps_game_1(tmp_path: Path) -> None:
    k = _choices_of_one_game(tmp_path)
    out = tmp_path / "h.xzlog"
    res = xz("record", "--human", "1", "--seed", "3", "-n", "2", "-o", str(out), input="\n" * k)
    assert res.exit_code == 3 and "1 finished game(s) written" in res.output
    [game] = audit_file(out)
    # game 1 replays clean; the match of -n 2 is cut short after it (format 1.1, L8.2)
    assert [f.rule for f in game.findings] == ["L8.2"] and not game.unreadable


def test_record_human_bad_choice_is_asked_again(tmp_path: Path) -> None:
    k = _choices_of_one_game(tmp_path)
    out = tmp_path / "h.xzlog"
    bad = "abc\n999\n-1\n²\n"
    res = xz("record", "--human", "1", "--seed", "3", "-o", str(out), input=bad + "\n" * k)
    assert res.exit_code == 0
    assert "'abc' is not a choice: type 0-" in res.output
    assert "'999' is not a choice from 0 to" in res.output
    assert "'-1' is not a choice: type 0-" in res.output
    assert "'²' is not a choice: type 0-" in res.output  # str.isdigit() is true for it
    # the four bad answers changed nothing: same log as pressing Enter throughout
    assert out.read_bytes() == (tmp_path / "one.xzlog").read_bytes()


def test_record_human_is_told_the_tile_it_drew(tmp_path: Path) -> None:
    out = tmp_path / "h.xzlog"
    res = xz("record", "--human", "1", "--seed", "3", "-o", str(out), input="\n" * 1000)
    assert res.exit_code == 0
    shown = [
        line.split("drew: ")[1].split()[0]
        for line in res.output.splitlines()
        if line.startswith("your hand:") and "drew: " in line
    ]
    with open(out, "rb") as fh:
        [game] = list(LogReader(fh))
    drawn = [ev["pai"] for ev in game.events if ev["type"] == "tsumo" and ev["actor"] == 1]
    # after every draw seat 1 decides (discard, gang or win), so every draw is shown, in order
    assert shown == drawn and len(drawn) > 5


# -- xz audit: bad inputs end to end (the former strict xfails are fixed: a folder without
# logs, --jobs bounds, wrong number types, strict JSON, a 4 GiB declared str) -----------------


def test_audit_mixed_good_and_bad_inputs(tmp_path: Path) -> None:
    (tmp_path / "zero.xzlog").write_bytes(b"")
    (tmp_path / "rand.xzlog").write_bytes(bytes(range(256)))
    (tmp_path / "good.xzlog").write_bytes(FAIR.read_bytes())
    (tmp_path / "notes.txt").write_bytes(b"not a log: skipped in a folder")
    res = CliRunner().invoke(cli, ["audit", "--format", "jsonl", str(tmp_path)])
    assert res.exit_code == 3  # unreadable wins over verified
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    by_file = {(Path(r["path"]).name, r["status"]) for r in rows}
    assert by_file == {
        ("good.xzlog", "verified"),
        ("rand.xzlog", "unreadable"),
        ("zero.xzlog", "unreadable"),
    }
    zero = next(r for r in rows if r["path"].endswith("zero.xzlog"))
    assert zero["errors"][0]["message"] == "the log holds no game"
    rand = next(r for r in rows if r["path"].endswith("rand.xzlog"))
    assert rand["errors"][0]["offset"] == 0 and rand["errors"][0]["rule"] == "L1"


def test_audit_usage_errors(tmp_path: Path) -> None:
    log = str(FAIR)
    assert xz("audit", "--format", "bad", log).exit_code == 2
    assert xz("audit").exit_code == 2


def test_audit_jobs_0_and_another_platforms_key(tmp_path: Path) -> None:
    from xzcore.log.signing import write_keypair

    res = CliRunner().invoke(cli, ["audit", "--jobs", "0", "--format", "jsonl", str(FAIR)])
    assert res.exit_code == 0  # 0: one worker per core (documented)
    assert {json.loads(line)["status"] for line in res.stdout.splitlines()} == {"verified"}
    _, other = write_keypair(tmp_path / "other.key")
    res = CliRunner().invoke(cli, ["audit", "--verify-key", str(other), str(FAIR)])
    assert res.exit_code == 1  # a finding per game (L3), not a usage error
    assert "L3 signature\n      In this game: signed by another key" in res.stdout


def test_audit_folder_without_logs_is_not_verified(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("no logs here")
    res = xz("audit", str(tmp_path))
    assert res.exit_code == 3
    assert str(tmp_path) in res.output and "no" in res.output and ".xzlog" in res.output


def test_audit_jobs_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    real = multiprocessing.get_context
    asked: list[int] = []

    class GuardedContext:
        def __init__(self, method: str | None = None) -> None:
            self.ctx = real(method)

        def Pool(self, processes: int, *args: Any, **kw: Any) -> Any:
            asked.append(processes)
            if processes > 256:
                raise AssertionError(f"a pool of {processes} processes")
            return self.ctx.Pool(processes, *args, **kw)

    monkeypatch.setattr(multiprocessing, "get_context", GuardedContext)
    res = CliRunner().invoke(cli, ["audit", "--jobs", "99999", str(FAIR)])
    assert all(n <= 256 for n in asked)
    assert res.exit_code in (0, 2) and not isinstance(res.exception, AssertionError)


def test_audit_huge_declared_str_names_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.xzlog"
    path.write_bytes(b"\xdb\xff\xff\xff\xff" + b"\x00" * 64)
    res = CliRunner().invoke(cli, ["audit", "--format", "jsonl", str(path)])
    assert res.exit_code == 3
    [row] = [json.loads(line) for line in res.stdout.splitlines()]
    assert "truncated" not in row["errors"][0]["message"]
    assert row["errors"][0]["rule"] == "L6"


def _game_with_a_win(tmp_path: Path) -> Game:
    fair = tmp_path / "fair.xzlog"
    if not fair.exists():
        assert xz("record", "--seed", "7", "-o", str(fair)).exit_code == 0
    with open(fair, "rb") as fh:
        [game] = list(LogReader(fh))
    assert any(e["type"] == "hora" for e in game.events)
    return game


def _edited_win(tmp_path: Path, field: str, value: Any) -> Path:
    """A greedy-bot game with a win (seed 7, xuezhan), its first win's claimed
    ``score[field]`` (and the claims record's, where it has that field) set to ``value``, the
    hash chain recomputed as a forger would."""
    game = _game_with_a_win(tmp_path)
    h = game.header
    assert h is not None
    path = tmp_path / f"{field}.xzlog"
    with open(path, "wb") as fh:
        w = LogWriter(fh)
        w.begin_game(rules=h.rules, wall=h.wall, dealer=h.dealer, seats=list(h.seats), seed=h.seed)
        done = False
        for ev in game.events:
            if ev["type"] == "hora" and not done:
                ev = {**ev, "score": {**ev["score"], field: value}}
                done = True
            w.write_event(ev)
        claims = dict(game.claims or {})
        wins = claims.get("wins") or []
        if wins and field in wins[0]:
            claims["wins"] = [{**wins[0], field: value}, *wins[1:]]
        w.write_claims(claims)
        w.end_game()
    return path


def test_audit_catches_an_edited_multiplier(tmp_path: Path) -> None:
    # the control for the type test below: a different number is caught (R8.3)
    res = xz("audit", str(_edited_win(tmp_path, "multiplier", 3)))
    assert (
        res.exit_code == 1
        and "the log scores greedy3's win at multiplier 3; the rules give multiplier 2"
        in res.output
    )


@pytest.mark.parametrize(("field", "as_other_type"), [("multiplier", float), ("gen", bool)])
def test_audit_wrong_number_types_are_findings(
    tmp_path: Path, field: str, as_other_type: type
) -> None:
    game = _game_with_a_win(tmp_path)
    right = next(e for e in game.events if e["type"] == "hora")["score"][field]
    res = xz("audit", str(_edited_win(tmp_path, field, as_other_type(right))))
    assert res.exit_code == 1


def test_audit_json_is_strict_json(tmp_path: Path) -> None:
    path = _edited_win(tmp_path, "multiplier", float("nan"))
    res = CliRunner().invoke(cli, ["audit", "--format", "jsonl", str(path)])
    assert res.exit_code == 1

    def refuse(constant: str) -> None:
        raise AssertionError(f"bare {constant} is not JSON")

    for line in res.stdout.splitlines():
        json.loads(line, parse_constant=refuse)


# -- the installed entry point, end to end: exit codes and no traceback -----------------------


def test_entry_point_bad_inputs_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "zero.xzlog").write_bytes(b"")
    (tmp_path / "rand.xzlog").write_bytes(bytes(range(256)) * 4)
    cases: list[tuple[list[str], int, str]] = [
        (["hand", ""], 2, "hand: 0 tiles"),
        (["hand", READY_9, "--void", "x"], 2, "--void: "),
        (["hand", "--jsonl", str(tmp_path)], 3, "Is a directory"),
        (["record", "--seed", str(2**80), "-o", str(tmp_path / "s.xzlog")], 2, "--seed"),
        (["record", "--human", "0", "-o", str(tmp_path / "h.xzlog")], 3, "standard input ended"),
        (["replay", str(tmp_path / "rand.xzlog")], 3, "game 1, byte 0: "),
        (["replay", str(tmp_path / "zero.xzlog")], 3, "holds no game"),
        (["replay", str(tmp_path)], 3, "is a folder"),
        (["keygen", ""], 2, "is not a file name"),
        (["audit", str(tmp_path / "zero.xzlog")], 3, "the log holds no game"),
        (["audit", str(tmp_path / "missing.xzlog")], 3, "No such file"),
        (
            ["audit", "--jobs", "2", "--verify-key", str(tmp_path / "k.pub"), str(FAIR)],
            3,
            f"xz: --verify-key {tmp_path / 'k.pub'}: cannot read key file (No such file",
        ),
        (
            ["record", "--sign", str(tmp_path / "k"), "-o", str(tmp_path / "k.xzlog")],
            3,
            f"xz: --sign {tmp_path / 'k'}: cannot read key file (No such file",
        ),
        (["record", "--sign", "/dev/zero", "-o", str(tmp_path / "z.xzlog")], 3, "too large"),
    ]
    for args, code, text in cases:
        done = subprocess.run(
            [sys.executable, "-m", "xzcore.cli", *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
            timeout=60,
        )
        both = done.stdout.decode() + done.stderr.decode()
        assert (done.returncode, "Traceback" in both) == (code, False), (args, both)
        assert text in both, (args, both)
