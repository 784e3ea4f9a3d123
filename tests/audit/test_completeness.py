"""The audit of a log's completeness and provenance (docs/log-format.md L8, format 1.1):
the three attacks that passed as "verified" with genuine signed games — a file cut after a
whole game, one game of another file presented alone, a match cut down to its first rounds —
and the rest of L8, as findings of the games they concern, the same in-process, by the plain
oracle and in ``--jobs`` parts; a 1.0 log audited as before, with its note (L8.10)."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path
from typing import Any

import msgpack
import pytest
from range_helpers import by_ranges, whole

from xzcore.audit.report import (
    audit_bytes,
    audit_file,
)
from xzcore.log.completeness import VERSION_NOTE
from xzcore.log.reader import LogReader
from xzcore.log.signing import Signer, Verifier, generate_keypair
from xzcore.log.types import Match
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games, record_match
from xzcore.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"
_PRIVATE_PEM, KEY_PEM = generate_keypair()
SIGNER = Signer.from_pem(_PRIVATE_PEM)
VERIFIER = SIGNER.verifier()

_LOGS: dict[tuple[str, int], bytes] = {}


def signed(kind: str = "games", n: int = 4) -> bytes:
    """A signed 1.1 log as ``xz record`` writes it: ``n`` games (``-n``) or rounds
    (``--rounds``), one match, the last marked."""
    if (kind, n) not in _LOGS:
        buf = io.BytesIO()
        writer = LogWriter(buf, signer=SIGNER, match=Match.new(planned=n))
        rules = RuleSet.preset("xuezhan")
        if kind == "games":
            choosers = [bot_chooser("random", s) for s in range(4)]
            it = record_games(writer, rules, n, seed=7, choosers=choosers)
        else:
            it = record_match(writer, rules, n, seed=7)
        for _ in it:
            pass
        _LOGS[kind, n] = buf.getvalue()
    return _LOGS[kind, n]


def games_of(data: bytes) -> list[bytes]:
    reader = LogReader(io.BytesIO(data))
    at = [0]
    while reader.read_game() is not None:
        at.append(reader.offset)
    return [data[a:b] for a, b in itertools.pairwise(at)]


def audited(data: bytes, verifier: Any = VERIFIER) -> list[tuple[str, list[str]]]:
    """(status, finding rules) per game; the plain oracle reports exactly the same."""
    fast = [r.to_dict() for r in audit_bytes(data, verifier=verifier)]
    plain = [r.to_dict() for r in audit_bytes(data, verifier=verifier, shortcuts=False)]
    assert fast == plain
    return [(r["status"], [f["rule"] for f in r["findings"]]) for r in fast]


VERIFIED: tuple[str, list[str]] = ("verified", [])


def test_a_complete_signed_match_is_verified_without_notes() -> None:
    for kind in ("games", "rounds"):
        data = signed(kind)
        assert audited(data) == [VERIFIED] * 4
        assert all(r.notes == [] for r in audit_bytes(data))


def test_attack_a_file_cut_after_a_whole_game() -> None:
    """(a) The last games withheld: the last game left has an L8.2 finding (exit 1)."""
    g = games_of(signed())
    assert audited(b"".join(g[:3])) == [VERIFIED, VERIFIED, ("findings", ["L8.2"])]
    [report] = [r for r in audit_bytes(b"".join(g[:3]), verifier=VERIFIER) if r.findings]
    [f] = report.findings
    assert f.location.event is None and f.location.offset == _close_offset(b"".join(g[:3]))
    assert "4 planned, 1 not in the log" in f.message
    assert report.claimed_net == report.correct_net  # the money is right: no money finding


def _close_offset(data: bytes) -> int:
    up = msgpack.Unpacker(raw=False)
    up.feed(data)
    at = last = 0
    for tag, _p, _h in up:
        if tag == 3:
            last = at
        at = up.tell()
    return last


def test_attack_one_game_of_another_file_alone() -> None:
    """(b) A game presented alone: the first is cut short (L8.2); a later one is no file's
    first (L8.8, instead of L2) — the last, marked last, has nothing else."""
    g = games_of(signed())
    assert audited(g[0]) == [("findings", ["L8.2"])]
    assert audited(g[1]) == [("findings", ["L8.8", "L8.2"])]
    assert audited(g[3]) == [("findings", ["L8.8"])]


def test_attack_a_match_cut_down_to_its_first_rounds() -> None:
    """(c) ``xz record --rounds 4`` cut to its first two rounds."""
    g = games_of(signed("rounds"))
    assert audited(b"".join(g[:2])) == [VERIFIED, ("findings", ["L8.2"])]


def test_a_duplicated_game() -> None:
    g = games_of(signed())
    assert audited(g[0] + g[1] + g[1] + g[2] + g[3]) == [
        VERIFIED,
        VERIFIED,
        ("findings", ["L8.4"]),
        VERIFIED,
        VERIFIED,
    ]


def test_two_games_swapped() -> None:
    g = games_of(signed())
    assert audited(g[0] + g[2] + g[1] + g[3]) == [
        VERIFIED,
        ("findings", ["L8.3"]),
        ("findings", ["L8.5"]),
        VERIFIED,
    ]


def test_a_game_appended_after_the_last() -> None:
    other = games_of(signed("rounds"))
    assert audited(signed() + other[0])[-1] == ("findings", ["L8.6", "L8.2"])
    assert audited(signed() + signed("rounds"))[4:] == [("findings", ["L8.6"])] + [VERIFIED] * 3


def test_a_game_of_another_match_in_between() -> None:
    mine, other = games_of(signed()), games_of(signed("rounds"))
    assert audited(mine[0] + other[1] + other[2] + other[3]) == [
        VERIFIED,
        ("findings", ["L8.7"]),
        VERIFIED,
        VERIFIED,
    ]


def test_an_extra_field_in_the_last_closing_record() -> None:
    """The closing record is covered by the 1.1 signature: an added field is L8.9, and with
    the key L3 too (the record's bytes changed, and its hash: re-laid here)."""
    data = signed()
    head = data[: len(data) - len(games_of(data)[-1])]
    last = games_of(data)[-1]
    up = msgpack.Unpacker(raw=False)
    up.feed(last)
    records = list(up)
    _tag, close, _h = records[-1]
    close = {**close, "paid": True}
    body = b"\x93\x03" + msgpack.packb(close, use_bin_type=True)
    prev = records[-2][2]
    import hashlib

    digest = hashlib.blake2b(prev + body, digest_size=32).digest()
    cut_at = len(last) - len(_record_bytes(last))
    forged = head + last[:cut_at] + body + b"\xc4\x20" + digest
    assert audited(forged, None)[-1] == ("findings", ["L8.9"])
    assert audited(forged)[-1] == ("findings", ["L3", "L8.9"])


def _record_bytes(game: bytes) -> bytes:
    """The last record of ``game`` (its closing record), as it is in the file."""
    up = msgpack.Unpacker(raw=False)
    up.feed(game)
    at = 0
    start = 0
    for _ in up:
        start, at = at, up.tell()
    return game[start:at]


# -- format 1.0: as before, with a note ---------------------------------------------------------


def test_a_1_0_log_audits_as_before_with_its_note() -> None:
    """The bundled replays are 1.0: each game carries the L8.10 note (JSON ``notes``), its
    status and findings are unchanged (tests/audit/test_bundled_replays.py), and a 1.0 log
    cut after a whole game is still verified — its completeness cannot be proven."""
    for path in sorted(REPLAYS.glob("*.xzlog")):
        for report in audit_file(path):
            if report.seats is not None:  # a readable header
                assert report.notes == [VERSION_NOTE], path
                assert report.to_dict()["notes"] == [VERSION_NOTE]
    data = (REPLAYS / "preset-xuezhan.xzlog").read_bytes()
    first = games_of(data)[0]
    [report] = audit_bytes(first, verifier=Verifier.load(REPLAYS / "demo-key.pub"))
    assert report.verified and report.notes == [VERSION_NOTE]


def test_the_note_never_changes_a_verdict() -> None:
    statuses = [r.status for p in sorted(REPLAYS.glob("*.xzlog")) for r in audit_file(p)]
    assert (statuses.count("verified"), statuses.count("findings")) == (15, 9)


# -- in parts (--jobs): the same reports as the whole file ---------------------------------------


@pytest.mark.parametrize("part_bytes", [700, 2500, 9000])
def test_ranges_report_what_the_whole_file_reports(tmp_path: Path, part_bytes: int) -> None:
    g = games_of(signed())
    other = games_of(signed("rounds"))
    blobs = [
        signed(),
        b"".join(g[:3]),  # cut
        g[0] + g[2] + g[1] + g[3],  # swapped
        g[0] + g[1] + g[1] + g[3],  # duplicated, then a gap
        g[0] + other[1] + other[2],  # another match
        signed() + other[0],  # appended
        g[0] + b"\xc1junk" + g[2] + g[3],  # garbage: the match unknown after it
    ]
    for blob in blobs:
        path = tmp_path / "x.xzlog"
        path.write_bytes(blob)
        assert by_ranges(path, part_bytes, KEY_PEM)[0] == whole(path, VERIFIER)


# -- end to end: xz record, then xz audit ------------------------------------------------------


def test_xz_record_then_audit_a_cut_copy(tmp_path: Path) -> None:
    """``xz record -n 3 --sign`` writes one signed 1.1 match; its copy cut after game 1 is
    exit 1 for ``xz audit --verify-key`` (it was exit 0, "verified")."""
    from click.testing import CliRunner

    from xzcore.cli.main import cli
    from xzcore.log.signing import write_keypair

    key, pub = write_keypair(tmp_path / "k")
    log = tmp_path / "a.xzlog"
    runner = CliRunner()
    res = runner.invoke(cli, ["record", "-n", "3", "--sign", str(key), "-o", str(log)])
    assert res.exit_code == 0, res.output
    data = log.read_bytes()
    reader = LogReader(io.BytesIO(data))
    headers = [g.header for g in reader]
    assert [(h.version, h.game, h.planned) for h in headers] == [((1, 1), i, 3) for i in range(3)]
    assert len({h.match for h in headers}) == 1
    audit = ["audit", "--no-progress", "--verify-key", str(pub)]
    assert runner.invoke(cli, [*audit, str(log)]).exit_code == 0
    short = tmp_path / "short.xzlog"
    short.write_bytes(b"".join(games_of(data)[:2]))
    res = runner.invoke(cli, [*audit, str(short)])
    assert res.exit_code == 1 and "L8.2" in res.output


def test_jobs_parts_across_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``xz audit --jobs 2`` cuts big logs into parts audited by worker processes (their
    Parts pickled, what the reader knew of the match with them): the same report, line for
    line, as in-process, for a cut, a swap and a log of another match joined."""
    import xzcore.batch.plan
    from xzcore.cli.main import main

    g = games_of(signed())
    other = games_of(signed("rounds"))
    paths = []
    for name, blob in {
        "whole": signed(),
        "cut": b"".join(g[:3]),
        "swapped": g[0] + g[2] + g[1] + g[3],
        "joined": g[0] + g[1] + other[2] + other[3],
    }.items():
        paths.append(tmp_path / f"{name}.xzlog")
        paths[-1].write_bytes(blob)
    monkeypatch.setattr(xzcore.batch.plan, "PART_BYTES", 1000)

    def run(*extra: str) -> tuple[Any, str]:
        with pytest.raises(SystemExit) as info:
            main(["audit", "--no-progress", "--format", "jsonl", *extra, *map(str, paths)])
        return info.value.code, capsys.readouterr().out

    code, out = run()
    assert (code, out) == run("--jobs", "2")
    found = [[f["rule"] for f in json.loads(line)["findings"]] for line in out.splitlines()]
    assert code == 1 and found == [[]] * 4 + [[], [], ["L8.2"]] + [[], ["L8.3"], ["L8.5"], []] + [
        [],
        [],
        ["L8.7"],
        [],
    ]
