"""The fast audit path against the slow one: speed without a different verdict.

``audit_*(shortcuts=True)`` reads games with :class:`xzcore.log.reader.LogReader` (a whole game per
scan, a game with any problem read again record by record) and replays discards nobody can
claim with :func:`xzcore.audit.replay.quiet_discard`; ``shortcuts=False`` reads every record
(``LogReader(scan=False)``) and plays every action through ``Round.play``. Every report —
status, findings with their rule, message, location, claimed/correct values and money, and
unreadable errors — must be the same, on the bundled replays, on fresh games of every preset,
on mutated logs, across block boundaries, on unseekable input and on the parts of ``--jobs``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from range_helpers import by_ranges
from test_mutated_logs import SAMPLE, SMALL, mutate, mutation  # the fuzz test's mutations

import xzcore.log.reader
from xzcore.audit.report import (
    AuditVisitor,
    audit_bytes,
    audit_file,
)
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.log.types import Limits
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet
from xzcore.view.audit_text import to_json

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
LOGS = sorted(REPLAYS.glob("*.xzlog"))


def _reports(data: bytes, **kw: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    fast = [r.to_dict() for r in audit_bytes(data, shortcuts=True, **kw)]
    slow = [r.to_dict() for r in audit_bytes(data, shortcuts=False, **kw)]
    return fast, slow


def _record(preset: str, games: int, seed: int, bot: str = "greedy") -> bytes:
    buf = io.BytesIO()
    choosers = [bot_chooser(bot, s) for s in range(4)]
    for _ in record_games(
        LogWriter(buf), RuleSet.preset(preset), games, seed=seed, choosers=choosers
    ):
        pass
    return buf.getvalue()


@pytest.mark.parametrize("log", LOGS, ids=[p.name for p in LOGS])
def test_replays_same_reports(log: Path) -> None:
    """Every bundled sample, fair or disputed, gets the same reports both ways."""
    from xzcore.log.signing import Verifier

    verifier = Verifier.load(REPLAYS / "demo-key.pub")
    fast = [r.to_dict() for r in audit_file(log, verifier=verifier, shortcuts=True)]
    slow = [r.to_dict() for r in audit_file(log, verifier=verifier, shortcuts=False)]
    assert fast == slow
    assert fast  # a report per game, or one for an unreadable file


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_fresh_games_verified_both_ways(preset: str, bot: str) -> None:
    data = _record(preset, 25, seed=11, bot=bot)
    fast, slow = _reports(data)
    assert fast == slow
    assert [r["status"] for r in fast] == ["verified"] * 25


def test_a_scanned_game_visits_what_records_read_one_by_one_visit() -> None:
    """The same Game values (header, events, offsets, claims, close) through the default
    visit_events, game by game, across a file of several presets."""
    data = _record("xueliu", 4, 5)  # one file, one chain
    fast = LogReader(io.BytesIO(data))
    slow = LogReader(io.BytesIO(data), scan=False)
    n = 0
    while True:
        a = fast.read_game(CollectingBuilder)
        b = slow.read_game(CollectingBuilder)
        assert a == b
        assert fast.offset == slow.offset and fast.last_hash == slow.last_hash
        if a is None:
            break
        n += 1
    assert n == 4


def test_small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games cut by block boundaries anywhere are read whole (NEED_MORE, then more bytes)."""
    data = _record("xuezhan", 6, 21)
    for size in (1, 7, 100, 4096):
        monkeypatch.setattr(xzcore.log.reader, "BLOCK_SIZE", size)
        fast, slow = _reports(data)
        assert fast == slow
        assert [r["status"] for r in fast] == ["verified"] * 6


class _ReadOnly(io.BytesIO):
    """A handle of another type than the standard ones: read with read(), not readinto."""


@pytest.mark.parametrize("kind", ["BytesIO", "BufferedReader", "FileIO", "subclass"])
@pytest.mark.parametrize("size", [1, 100, 5000, 1 << 20])
def test_every_kind_of_handle_across_blocks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, kind: str, size: int
) -> None:
    """The standard handles read into one buffer kept for the file (readinto), any other
    with read(): the same games, the same offsets and hashes, whatever the block size."""
    from xzcore.audit.report import audit_handle

    data = _record("xuezhan", 5, 31)
    path = tmp_path / "log.xzlog"
    path.write_bytes(data)
    monkeypatch.setattr(xzcore.log.reader, "BLOCK_SIZE", size)
    opened: Any = {
        "BytesIO": lambda: io.BytesIO(data),
        "BufferedReader": lambda: open(path, "rb"),  # noqa: SIM115
        "FileIO": lambda: open(path, "rb", buffering=0),  # noqa: SIM115
        "subclass": lambda: _ReadOnly(data),
    }[kind]
    with opened() as handle:
        reader = LogReader(handle)
        assert reader._into is (kind != "subclass")
        games = []
        while (g := reader.read_game(CollectingBuilder)) is not None:
            games.append((g, reader.offset, reader.last_hash))
    slow = LogReader(io.BytesIO(data), scan=False)
    for g, offset, last in games:
        assert g == slow.read_game(CollectingBuilder)
        assert (offset, last) == (slow.offset, slow.last_hash)
    assert len(games) == 5 and slow.read_game(CollectingBuilder) is None
    with opened() as handle:
        reports = [r.to_dict() for r in audit_handle(handle, path="f")]
    assert reports == [
        r.to_dict() for r in audit_handle(io.BytesIO(data), path="f", shortcuts=False)
    ]


class _Unseekable(io.RawIOBase):
    def __init__(self, data: bytes) -> None:
        self._b = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        chunk = self._b.read(len(buf))
        buf[: len(chunk)] = chunk
        return len(chunk)


def test_unseekable_input_is_read_slowly() -> None:
    from xzcore.audit.report import audit_handle

    data = _record("xuezhan", 3, 4)
    handle = io.BufferedReader(_Unseekable(data))
    reports = [r.to_dict() for r in audit_handle(handle, path="<pipe>")]
    assert reports == [r.to_dict() for r in audit_handle(io.BytesIO(data), path="<pipe>")]


def test_bad_game_in_the_middle() -> None:
    """A broken game between good ones: the slow reader takes over from there, and the
    reports after it are the same as a slow audit's (the chain after unreadable bytes)."""
    games = [_record("xuezhan", 1, s) for s in (1, 2, 3)]
    whole = _record("xuezhan", 5, 8)
    start = whole.index(b"\x93\x00", len(whole) // 3)  # near a record start in game 1 or 2
    for edit in (
        whole[:start] + whole[start + 40 :],  # bytes removed
        whole[:start] + b"\xc1" + whole[start + 1 :],  # a never-used msgpack byte
        whole[: start + 60] + bytes([whole[start + 60] ^ 0x20]) + whole[start + 61 :],
    ):
        fast, slow = _reports(edit)
        assert fast == slow
    fast, slow = _reports(b"".join(games))  # three files glued: chains do not join (L2)
    assert fast == slow
    assert any(r["status"] == "findings" for r in fast)


@pytest.mark.parametrize("part_bytes", [1000, 7000, 30000])
def test_ranges_give_the_whole_files_reports(tmp_path: Path, part_bytes: int) -> None:
    """--jobs: a file cut into byte ranges, each audited from the first game start in it
    and checked where it meets the range before, gives the whole file's reports (read
    record by record, the oracle), a file with one byte changed in its middle game too."""
    data = _record("xuezhan", 10, 31)
    edited = bytearray(data)
    edited[len(edited) // 2] ^= 0x01
    for blob in (data, bytes(edited)):
        path = tmp_path / "m.xzlog"
        path.write_bytes(blob)
        got, _ = by_ranges(path, part_bytes)
        oracle = [json.loads(to_json(r.to_dict())) for r in audit_file(path, shortcuts=False)]
        assert got == oracle
    assert any(r["status"] != "verified" for r in got)


def test_visitor_default_visit_events_matches_visit_event() -> None:
    """BaseVisitor.visit_events hands each event to visit_event with LogReader's location."""
    seen: list[Any] = []

    class V(AuditVisitor):
        def visit_events(
            self, events: Any, offsets: Any, bodies: Any, location: Any, others: Any = None
        ) -> None:
            CollectingBuilder.visit_events(self, events, offsets, bodies, location)  # type: ignore[arg-type]

        def visit_event(self, index: int, event: Any, location: Any) -> None:
            seen.append((index, location))
            super().visit_event(index, event, location)

    data = _record("xuezhan", 1, 2)
    LogReader(io.BytesIO(data)).read_game(V(""))
    fast_seen = list(seen)
    seen.clear()
    LogReader(io.BytesIO(data), scan=False).read_game(V(""))
    assert fast_seen == seen and len(seen) > 50


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(mutation, min_size=1, max_size=3))
def test_mutated_logs_same_reports(ops: list[tuple[str, int, int]]) -> None:
    data = mutate(SAMPLE, ops)
    fast, slow = _reports(data, limits=SMALL)
    assert fast == slow


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu", "leshan"])
def test_claims_of_the_others_alone(preset: str) -> None:
    """claims_of over the scanner's ``others`` equals claims_of over every event (the plain
    dahai/tsumo events carry no transfers, win or end)."""
    from xzcore.audit.compare import claims_of
    from xzcore.log.scan import scan_game
    from xzcore.log.types import GENESIS

    data = _record(preset, 6, 9)
    pos, prev, n = 0, GENESIS, 0
    while pos < len(data):
        got = scan_game(data, pos, 0, prev, Limits())
        assert type(got) is tuple
        events, others = got[2], got[11]
        assert len(others) < len(events) / 2
        assert claims_of(events, others) == claims_of(events)
        assert claims_of(events)["wins"] or claims_of(events)["transfers"]
        pos, prev, n = got[0], got[9], n + 1
    assert n == 6


@pytest.mark.parametrize(
    ("option", "value"), [("declare_void", 1), ("cap_fan", 6.0), ("multi_ron", 1)]
)
def test_rule_set_of_a_later_game_is_checked_type_strictly(option: str, value: object) -> None:
    """A rule value equal to a good one but of the wrong type (1 for on, 6.0 for 6) is an L4
    finding even after a game with the good value was audited (the rule-set cache must not
    answer for it)."""
    rules = RuleSet.preset("xuezhan")
    good = rules.to_dict()
    assert good[option] == value and type(good[option]) is not type(value)
    bad = dict(good)
    bad[option] = value
    buf = io.BytesIO()
    writer = LogWriter(buf)
    for rules_dict in (good, bad):
        game = io.BytesIO()
        for _ in record_games(LogWriter(game), rules, 1, seed=3):
            pass
        from xzcore.log.reader import read_game

        g = read_game(io.BytesIO(game.getvalue()))
        assert g is not None and g.header is not None and g.claims is not None
        writer.begin_game(rules=rules_dict, wall=g.header.wall, dealer=g.header.dealer)
        for ev in g.events:
            writer.write_event(ev)
        writer.write_claims(g.claims)
        writer.end_game()
    for shortcuts in (True, False):
        reports = audit_bytes(buf.getvalue(), shortcuts=shortcuts)
        assert reports[0].status == "verified"
        assert [f.rule for f in reports[1].findings] == ["L4"], reports[1].findings


def test_same_events_on_recorded_and_replayed_events() -> None:
    """same_events holds recorded events equal to the replayed ones, and not once one value's
    type is changed (2 → 2.0, False → 0): a wrong type is a finding."""
    from xzcore.audit.compare import _make_round
    from xzcore.log.scan import same_events, scan_game
    from xzcore.log.types import GENESIS, Location, parse_header

    data = _record("xuezhan", 4, 17)
    pos, prev = 0, GENESIS
    while pos < len(data):
        got = scan_game(data, pos, 0, prev, Limits())
        assert type(got) is tuple
        header = parse_header(got[1], Location())
        events = got[2]
        rnd, problem = _make_round(header, events, Location())
        assert problem is None
        from xzcore.round.actions import action_of

        for ev in events:
            a = action_of(ev)
            if a is not None:
                rnd.play(a)
        engine = rnd.events
        assert same_events(events, engine)
        hora = next(i for i, e in enumerate(events) if e["type"] == "hora")
        for field, wrong in (("multiplier", float), ("gen", bool)):
            edited = [dict(e) for e in events]
            score = dict(edited[hora]["score"])
            score[field] = wrong(score[field])
            edited[hora]["score"] = score
            assert not same_events(edited, engine)
        pos, prev = got[0], got[9]


def test_an_extra_nil_field_is_a_finding() -> None:
    """An event with a field the engine does not write is not the engine's event, even when
    the field is nil ("claim": null on a none event); both paths say so."""
    rules = RuleSet.preset("xuezhan")
    game = io.BytesIO()
    for _ in record_games(LogWriter(game), rules, 1, seed=4):
        pass
    from xzcore.log.reader import read_game

    g = read_game(io.BytesIO(game.getvalue()))
    assert g is not None and g.header is not None and g.claims is not None
    i = next(k for k, e in enumerate(g.events) if e["type"] == "none")
    events = [dict(e) for e in g.events]
    events[i]["claim"] = None
    buf = io.BytesIO()
    w = LogWriter(buf)
    w.begin_game(rules=g.header.rules, wall=g.header.wall, dealer=g.header.dealer)
    for ev in events:
        w.write_event(ev)
    w.write_claims(g.claims)
    w.end_game()
    fast, slow = _reports(buf.getvalue())
    assert fast == slow
    (finding,) = fast[0]["findings"]
    assert finding["event"] == i and "claim" in finding["message"]
    assert finding["claimed"] == {"claim": None} and finding["correct"] == {"claim": "(absent)"}


class _FailsAt(io.BytesIO):
    """A file whose reads fail (EIO) once they reach byte ``at``."""

    def __init__(self, data: bytes, at: int) -> None:
        super().__init__(data)
        self.at = at

    def read(self, n: int | None = -1) -> bytes:
        if self.tell() + (n if n is not None and n >= 0 else 1 << 62) > self.at:
            raise OSError(5, "Input/output error")
        return super().read(n)


@pytest.mark.parametrize("where", [0.1, 0.5, 0.9])
def test_a_read_error_is_met_as_the_plain_reader_meets_it(where: float) -> None:
    """A handle that fails part-way: the fast reader hands the rest to LogReader, so both
    paths give the same reports before the failure and the same outcome at it."""
    from xzcore.audit.report import audit_handle

    data = _record("xuezhan", 6, 12)
    at = int(len(data) * where)
    outcomes = []
    for shortcuts in (True, False):
        got: list[Any] = []
        try:
            for r in audit_handle(_FailsAt(data, at), path="f", shortcuts=shortcuts):
                got.append(r.to_dict())
        except Exception as exc:  # the outcome itself is compared
            got.append((type(exc).__name__, str(exc)))
        outcomes.append(got)
    assert outcomes[0] == outcomes[1]
    last = outcomes[0][-1]
    assert last["status"] == "unreadable" and "read error" in last["errors"][0]["message"]
