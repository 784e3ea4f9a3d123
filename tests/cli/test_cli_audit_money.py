"""``xz audit``'s money per seat and diffs (docs/audit.md; issue 13 items 3 and 4): a log
with one payment pointed at another seat shows that transfer and only it, the per-seat nets
under the header's names with a mark on the seats that differ, and the run's totals per
seat name before the unchanged summary line; the JSON carries the same."""

from __future__ import annotations

import copy
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import msgpack
import pytest
from audit_cli_helpers import run

from xzcore.log.types import GENESIS
from xzcore.log.writer import LogWriter
from xzcore.players.recording import record_games
from xzcore.rules import RuleSet

NAMES = ["alice", "bob", "human", "dora"]
SEED = 230
"""A xuezhan game of ``record_games`` with a self-drawn win (three payers)."""


def _records() -> tuple[list[list[Any]], list[int]]:
    buf = io.BytesIO()
    [rnd] = record_games(LogWriter(buf), RuleSet.preset("xuezhan"), 1, seed=SEED, seat_names=NAMES)
    up = msgpack.Unpacker(raw=False)
    up.feed(buf.getvalue())
    return [list(r) for r in up], list(rnd.result().totals)


def _forge(records: list[list[Any]]) -> bytes:
    """The records with the hash chain rewritten, as a forger would (no signature)."""
    out = bytearray()
    prev = GENESIS
    n = 0
    for tag, payload, _h in records:
        n = 0 if tag == 0 else n + (tag == 1)
        if tag == 0:
            payload = {**payload, "prev": GENESIS}
        if tag == 3:
            payload = {**payload, "final": prev, "events": n}
        body = b"\x93" + msgpack.packb(tag) + msgpack.packb(payload, use_bin_type=True)
        prev = hashlib.blake2b(prev + body, digest_size=32).digest()
        out += body + b"\xc4\x20" + prev
    return bytes(out)


def _edited(tmp_path: Path) -> tuple[Path, dict[str, Any], int, int, list[int]]:
    """A log whose self-draw's second transfer is paid to another seat; the transfer, the
    seat it should go to, the seat it goes to, and the engine's totals."""
    records, totals = _records()
    r = next(
        i
        for i, (tag, p, _h) in enumerate(records)
        if tag == 1 and p["type"] == "hora" and len(p["transfers"]) >= 3
    )
    edited = copy.deepcopy(records)
    t = edited[r][1]["transfers"][1]
    payee = t["payee"]
    other = next(s for s in range(4) if s not in (t["payer"], payee))
    t["payee"] = other
    path = tmp_path / "edited.xzlog"
    path.write_bytes(_forge(edited))
    return path, t, payee, other, totals


def _seat_line(out: str, name: str) -> str:
    # A seat's row of a money table (not a correction line, "alice gives 4 to human").
    [line] = [x for x in out.splitlines() if x.split()[:1] == [name] and " gives " not in x]
    return line


def test_table_shows_the_changed_transfer_and_money_per_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, t, payee, other, totals = _edited(tmp_path)
    code, out, _ = run([str(path)], capsys)
    assert code == 1
    lines = out.splitlines()
    # The changed transfer in a sentence, seats by name; no unchanged transfer listed, and
    # no JSON for the reader.
    payer, units = NAMES[t["payer"]], t["units"]
    said = (
        f"the log has {payer} paying {NAMES[other]} {units} (self-draw); the rules have "
        f"{payer} paying {NAMES[payee]} {units} (self-draw) instead"
    )
    assert sum(said in x for x in lines) == 1
    assert sum(" paying " in x for x in lines) == 1
    assert not any('{"' in x or "[" in x for x in lines)
    # Money per seat under the header's names, the differing seats marked.
    assert "  money per seat (units):" in lines
    for s, name in enumerate(NAMES):
        line = _seat_line(out.split("money per seat name")[0], name)
        claimed = totals[s] + (t["units"] if s == other else -t["units"] if s == payee else 0)
        cells = line.split()
        assert cells[1] == (f"{claimed:+d}" if claimed else "0")
        assert cells[2] == (f"{totals[s]:+d}" if totals[s] else "0")
        assert line.endswith("<< differs") == (s in (payee, other))
    # The run's totals per name, then the summary line, unchanged and last.
    assert "money per seat name, all games (units):" in lines
    assert lines[-1] == "1 game(s): 0 verified, 1 with findings (1 in all), 0 unreadable — exit 1"
    assert lines.index("money per seat name, all games (units):") < len(lines) - 1


def test_run_totals_per_seat_name_across_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, t, payee, other, totals = _edited(tmp_path)
    records, _ = _records()
    fair = tmp_path / "fair.xzlog"
    fair.write_bytes(_forge(records))
    code, out, _ = run([str(fair), str(path)], capsys)
    assert code == 1
    run_part = out.split("money per seat name, all games (units):")[1]
    for s, name in enumerate(NAMES):
        line = _seat_line(run_part, name)
        delta = t["units"] if s == other else -t["units"] if s == payee else 0
        want_claimed, want_correct = 2 * totals[s] + delta, 2 * totals[s]
        cells = line.split()
        assert cells[1:3] == [
            f"{want_claimed:+d}" if want_claimed else "0",
            f"{want_correct:+d}" if want_correct else "0",
        ]
        assert line.endswith("<< differs") == (delta != 0)

    code, out, _ = run(["--format", "json", str(fair), str(path)], capsys)
    doc = json.loads(out)
    rows = doc["summary"]["money_per_seat"]
    assert [r["name"] for r in rows] == NAMES
    assert [r["correct"] for r in rows] == [2 * x for x in totals]
    assert [r["differs"] for r in rows] == [s in (payee, other) for s in range(4)]
    assert doc["summary"]["money_games_left_out"] == 0
    games = doc["games"]
    assert [r["differs"] for r in games[0]["money_per_seat"]] == [False] * 4
    [f] = [f for f in games[1]["findings"] if f["rule"] == "R9.2"]
    assert [i["change"] for i in f["diff"]["list"]] == ["changed"]


def test_jsonl_carries_money_and_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, t, _payee, _other, totals = _edited(tmp_path)
    code, out, _ = run(["--format", "jsonl", str(path)], capsys)
    assert code == 1
    [game] = [json.loads(x) for x in out.splitlines()]
    assert [r["name"] for r in game["money_per_seat"]] == NAMES
    assert [r["correct"] for r in game["money_per_seat"]] == totals
    [f] = [f for f in game["findings"] if f["rule"] == "R9.2"]
    [item] = f["diff"]["list"]
    assert item["claimed"] == t and item["fields"][0]["field"] == "payee"


def test_bundled_summary_line_is_still_last(capsys: pytest.CaptureFixture[str]) -> None:
    replays = Path(__file__).resolve().parents[2] / "replays"
    code, out, _ = run(["--verify-key", str(replays / "demo-key.pub"), str(replays)], capsys)
    assert code == 3
    lines = out.splitlines()
    assert lines[-1].startswith("25 game(s): ")
    assert "money per seat name, all games (units):" in lines


def test_a_long_diverging_event_shows_its_changed_field(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """claimed/correct maps past the 200-character cut: the differing field is still said,
    never lost in a cut, and the long field that agrees is not repeated."""
    from xzcore.audit.compare import Finding
    from xzcore.audit.report import _finding_dict
    from xzcore.cli.audit import print_table
    from xzcore.log.types import Location

    long = {"type": "hora", "detail": "x" * 300, "pai": "5p"}
    f = Finding("R7.1", "diverges", Location("f", 0, 3, 99), long, {**long, "pai": "6p"})
    report = {
        "path": "f",
        "game": 0,
        "offset": 0,
        "status": "findings",
        "events": 4,
        "errors": [],
        "findings": [_finding_dict(f)],
        "money_per_seat": None,
    }
    print_table(report, quiet=False)
    lines = capsys.readouterr().out.splitlines()
    assert any("the log has tile 5p; the rules give tile 6p" in x for x in lines)
    assert not any("xxx" in x for x in lines)
    assert not any(x.lstrip().startswith(("claimed:", "correct:")) for x in lines)
