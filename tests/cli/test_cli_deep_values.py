"""A log may nest a value ~1,000 deep (L6 allows up to 1,023 open containers a record), past
what the JSON writer and Python's recursion limit take: ``xz audit`` (every format) and
``xz replay`` (table and ``--json``) show such a value as a note, never a traceback.

Found by reasoning alongside fuzz/audit_bytes_target.py: the input is the start of
replays/void-peng.xzlog (its header and start_kyoku) followed by an event that is a list
nested 1,000 deep (``91`` × 1,000 then ``90``), with a correct hash chain; before the fix
``xz audit`` and ``xz replay`` ended in a RecursionError traceback on it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import msgpack
from click.testing import CliRunner, Result
from scan_helpers import game_bytes

from xzcore.audit.compare import MAX_SHOWN_DEPTH
from xzcore.audit.report import audit_bytes
from xzcore.cli.main import cli

VOID_PENG = Path(__file__).resolve().parents[2] / "replays" / "void-peng.xzlog"


def deep_log() -> bytes:
    records = msgpack.Unpacker(io.BytesIO(VOID_PENG.read_bytes()), raw=False)
    header, start = next(records)[1], next(records)[1]
    deep = b"\x91" * 1000 + b"\x90"
    return game_bytes([msgpack.packb(start), deep], header=msgpack.packb(header))


def xz(*args: str) -> Result:
    res = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in res.output
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise AssertionError(f"xz {' '.join(args)} raised {res.exception!r}")
    return res


def test_the_audit_reports_a_deeply_nested_event_with_a_note_as_its_claimed_value() -> None:
    (report,) = audit_bytes(deep_log())
    (finding,) = report.findings
    assert (finding.rule, finding.location.event) == ("L5", 1)
    claimed = report.to_dict()["findings"][0]["claimed"]
    assert claimed == f"(a value nested more than {MAX_SHOWN_DEPTH} deep, not shown)"


def test_xz_audit_writes_every_format_of_a_deeply_nested_event(tmp_path: Path) -> None:
    path = tmp_path / "deep.xzlog"
    path.write_bytes(deep_log())
    for fmt in ("json", "jsonl"):
        res = xz("audit", "--format", fmt, str(path))
        assert res.exit_code == 1
        assert "not shown" in res.output
    table = xz("audit", str(path))
    assert table.exit_code == 1
    assert "L5" in table.output and "an event must be a map" in table.output
    doc = json.loads(xz("audit", "--format", "json", str(path)).stdout)
    assert doc["games"][0]["findings"][0]["rule"] == "L5"


def test_xz_replay_shows_a_deeply_nested_event_as_a_note(tmp_path: Path) -> None:
    path = tmp_path / "deep.xzlog"
    path.write_bytes(deep_log())
    table = xz("replay", str(path))
    assert table.exit_code == 0
    assert "<not an event: a value nested too deeply to show>" in table.output
    res = xz("replay", "--json", str(path))
    assert res.exit_code == 0
    events = json.loads(res.stdout)["events"]
    assert events[0]["type"] == "start_kyoku"
    # The levels above 100 in the document as they are (the event is at depth 2), then a note.
    inner, levels = events[1], 0
    while type(inner) is list:
        assert len(inner) == 1
        inner, levels = inner[0], levels + 1
    assert (levels, inner) == (98, "(nested more than 100 deep, not shown)")
