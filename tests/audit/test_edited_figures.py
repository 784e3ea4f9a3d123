"""The audit (docs/audit.md): fair games verify; every single-field edit of a claimed figure
is caught — by the hash chain when the chain is not rewritten, by the recomputation when a
forger rewrites it, and by the signature as well when the game is signed."""

from __future__ import annotations

import copy
import hashlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from xzcore.audit.compare import claims_of
from xzcore.audit.report import audit_bytes
from xzcore.log.signing import Signer, generate_keypair
from xzcore.log.types import GENESIS
from xzcore.log.writer import LogWriter
from xzcore.players.recording import record_games
from xzcore.rules import RuleSet

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
_SIGNER = Signer.from_pem(generate_keypair()[0])


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
def test_recorded_games_verify(preset: str) -> None:
    buf = io.BytesIO()
    rounds = list(record_games(LogWriter(buf), RuleSet.preset(preset), 30, seed=1000))
    reports = audit_bytes(buf.getvalue())
    assert len(reports) == 30
    assert [r.status for r in reports] == ["verified"] * 30
    assert [r.events for r in reports] == [len(r.events) for r in rounds]


# -- single-field edits of claimed figures ---------------------------------------------------


def _records(data: bytes) -> list[list[Any]]:
    up = msgpack.Unpacker(raw=False)
    up.feed(data)
    return [list(r) for r in up]


def _encode(records: list[list[Any]], rechain: bool) -> bytes:
    """Write records back; with ``rechain`` every hash (and prev/final) is recomputed, as a
    forger would; without, each record keeps its stored hash."""
    out = bytearray()
    prev = GENESIS
    last_close = GENESIS
    n_events = 0
    for tag, payload, h in records:
        n_events = 0 if tag == 0 else n_events + (tag == 1)
        if rechain and tag == 0:
            payload = {**payload, "prev": last_close}
            prev = last_close
        if rechain and tag == 3:
            payload = {**payload, "final": prev, "events": n_events}
        body = b"\x93" + msgpack.packb(tag) + msgpack.packb(payload, use_bin_type=True)
        if rechain:
            prev = hashlib.blake2b(prev + body, digest_size=32).digest()
            h = prev
            if tag == 3:
                last_close = prev
        out += body + b"\xc4\x20" + h
    return bytes(out)


def _bump(v: Any, key: str) -> Any:
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        if key in ("payer", "payee", "seat", "next_dealer", "actor", "target"):
            return (v + 1) % 4
        return v + 1
    if isinstance(v, str):
        return v + "x"
    if isinstance(v, list):
        return [*v, "gangshanghua"] if not v or isinstance(v[0], str) else v[:-1]
    return None if v is not None else 1


def _figure_edits(records: list[list[Any]]) -> Iterator[tuple[str, list[list[Any]]]]:
    """Every claimed figure of every game, edited one at a time: scores and transfers of
    the events, the settlement's seat flags, the totals and next dealer, the claims record."""
    for r, (tag, payload, _h) in enumerate(records):
        if tag == 1 and isinstance(payload, dict):
            ev = payload
            paths: list[tuple[Any, ...]] = []
            if ev["type"] == "hora":
                paths += [
                    ("score", k)
                    for k in (
                        "pattern",
                        "gen",
                        "gen_used",
                        "extras",
                        "fan",
                        "multiplier",
                        "capped",
                        "special",
                    )
                ]
            for i, t in enumerate(ev.get("transfers") or ()):
                paths += [
                    ("transfers", i, k) for k in ("payer", "payee", "units", "reason", "rule")
                ]
                del t
            if ev["type"] == "settlement":
                for i in range(4):
                    paths += [("seats", i, k) for k in ("huazhu", "ready_multiplier")]
            if ev["type"] == "end_kyoku":
                paths += [("totals", i) for i in range(4)] + [("next_dealer",), ("winners",)]
        elif tag == 2:
            paths = [("totals", i) for i in range(4)] + [("transfers",), ("next_dealer",)]
            for i in range(len(payload["wins"])):
                paths += [("wins", i, k) for k in ("pattern", "multiplier", "capped", "gen")]
        else:
            continue
        for path in paths:
            edited = copy.deepcopy(records)
            node = edited[r][1]
            for p in path[:-1]:
                node = node[p]
            node[path[-1]] = _bump(node[path[-1]], str(path[-1]))
            yield f"record {r} {'/'.join(map(str, path))}", edited


SAMPLE_SEEDS = (212, 1897)
"""xuezhan games of ``record_games`` that hold, between them, a win, gang money, a 杠上炮
with 呼叫转移, and an end-of-round settlement with a 花猪."""


def _sample_with_figures() -> list[list[Any]]:
    buf = io.BytesIO()
    writer = LogWriter(buf, signer=_SIGNER)
    kinds: set[str] = set()
    for seed in SAMPLE_SEEDS:
        [rnd] = record_games(writer, RuleSet.preset("xuezhan"), 1, seed=seed)
        kinds |= {e["type"] for e in rnd.events if e.get("transfers")}
        kinds |= {t["reason"] for e in rnd.events for t in e.get("transfers") or ()}
    assert {"hora", "gang_payment", "call_transfer", "settlement", "huazhu"} <= kinds
    return _records(buf.getvalue())


def test_every_figure_edit_is_caught() -> None:
    records = _sample_with_figures()
    assert {r.status for r in audit_bytes(_encode(records, rechain=False))} == {"verified"}
    verifier = _SIGNER.verifier()
    n = 0
    for what, edited in _figure_edits(records):
        n += 1
        # 1. Edited in place: the hash chain breaks at that record (L2).
        plain = audit_bytes(_encode(edited, rechain=False))
        rules = [f.rule for r in plain for f in r.findings]
        assert "L2" in rules, what
        # 2. A forger rewrites the chain: the replay finds the wrong figure.
        forged = _encode(edited, rechain=True)
        reports = audit_bytes(forged)
        rules = [f.rule for r in reports for f in r.findings]
        assert rules and not {"L2", "L3"} & set(rules), (what, rules)
        # 3. ...and the signature no longer matches (L3).
        signed = audit_bytes(forged, verifier=verifier)
        assert "L3" in [f.rule for r in signed for f in r.findings], what
    assert n > 100


def test_findings_carry_money_per_seat() -> None:
    records = _sample_with_figures()
    for r, (tag, payload, _h) in enumerate(records):
        if tag == 1 and payload["type"] == "hora":
            edited = copy.deepcopy(records)
            edited[r][1]["transfers"][0]["units"] += 3
            payer = edited[r][1]["transfers"][0]["payer"]
            payee = edited[r][1]["transfers"][0]["payee"]
            [f] = [
                f
                for rep in audit_bytes(_encode(edited, rechain=True))
                for f in rep.findings
                if f.location.event is not None and f.rule.startswith("R9")
            ]
            expected = [0, 0, 0, 0]
            expected[payer] = -3
            expected[payee] = 3
            assert f.money == tuple(expected)
            return
    pytest.fail("no win in the sample")


def test_claims_record_checked_against_its_events() -> None:
    records = _sample_with_figures()
    for tag, payload, _h in records:
        if tag == 2:
            payload["totals"] = [
                t + d for t, d in zip(payload["totals"], [5, -5, 0, 0], strict=True)
            ]
            break
    reports = audit_bytes(_encode(records, rechain=True))
    [f] = [f for r in reports for f in r.findings]
    assert f.rule == "L5" and f.money == (5, -5, 0, 0) and f.location.event is None


def test_event_stream_edits_that_change_play() -> None:
    """A discard changed to a tile the seat does not hold, a missing draw, an extra event."""
    records = _records((REPLAYS / "preset-xuezhan.xzlog").read_bytes())
    game0 = [r for r in records[: next(i for i, r in enumerate(records) if r[0] == 3) + 1]]
    events = [p for t, p, _ in game0 if t == 1]
    i = next(i for i, e in enumerate(events) if e["type"] == "dahai" and i > 10)
    cases = []
    held = copy.deepcopy(game0)
    held[1 + i][1]["pai"] = "9s" if events[i]["pai"] != "9s" else "9m"
    cases.append(held)
    dropped = copy.deepcopy(game0)
    j = next(j for j, e in enumerate(events) if e["type"] == "tsumo" and j > 10)
    del dropped[1 + j]
    cases.append(dropped)
    for case in cases:
        [rep] = audit_bytes(_encode(case, rechain=True))
        assert rep.status == "findings"
        # each finding names its event, but the claims record's (L5): deleting an event moves
        # the event index its wins name (the sample games hold wins)
        on_events = [f for f in rep.findings if "claims record" not in f.message]
        assert on_events and all(f.location.event is not None for f in on_events), rep.findings
        assert all(f.rule == "L5" for f in rep.findings if f not in on_events)


def _write(events: list[dict[str, Any]], rules: RuleSet, wall: bytes, dealer: int) -> bytes:
    buf = io.BytesIO()
    w = LogWriter(buf)
    w.begin_game(rules=rules, wall=wall, dealer=dealer)
    for e in events:
        w.write_event(e)
    w.write_claims(claims_of(events))
    w.end_game()
    return buf.getvalue()


def test_bad_headers_and_events_are_findings_not_crashes() -> None:
    [rnd] = record_games(LogWriter(io.BytesIO()), RuleSet(), 1, seed=3)
    wall = bytes(rnd.wall)
    # A rule set with an unknown option.
    [rep] = audit_bytes(_write(rnd.events, {"no_such_option": 1}, wall, rnd.dealer))  # type: ignore[arg-type]
    assert [f.rule for f in rep.findings] == ["L4"]
    # A wall with five copies of one kind (R1.1/R2.2).
    bad_wall = bytes([0] * 5 + list(wall[5:]))
    [rep] = audit_bytes(_write(rnd.events, RuleSet(), bad_wall, rnd.dealer))
    assert [f.rule for f in rep.findings] == ["R2.2"]
    # Events that are not maps, or malformed actions.
    for bad in (7, {"type": "dahai", "actor": 9, "pai": "5p"}, {"type": "pon", "actor": 1}):
        events = [*rnd.events[:8], bad, *rnd.events[8:]]
        [rep] = audit_bytes(_write(events, RuleSet(), wall, rnd.dealer))
        assert rep.status == "findings"
        assert any(f.rule == "L5" and f.location.event == 8 for f in rep.findings)
    # A log that stops before the round is over.
    [rep] = audit_bytes(_write(rnd.events[:40], RuleSet(), wall, rnd.dealer))
    assert [f.rule for f in rep.findings] == ["R5.6"]


def test_audit_visitor_with_read_game() -> None:
    """python-chess style: ``read_game(handle, Visitor=AuditVisitor)``, game after game."""
    from xzcore.audit.report import AuditVisitor
    from xzcore.log.reader import read_game

    with open(REPLAYS / "edited-record.xzlog", "rb") as fh:
        first = read_game(fh, Visitor=AuditVisitor)
        second = read_game(fh, Visitor=AuditVisitor)
        assert read_game(fh, Visitor=AuditVisitor) is None
    assert first is not None and second is not None
    assert [f.rule for f in first.findings] == ["L2"]
    assert second.verified and second.offset > 0


def test_an_engine_failure_is_a_finding_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    from xzcore.round.engine import Round

    def broken(self: Round, action: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(Round, "play", broken)
    [rep] = audit_bytes((REPLAYS / "preset-xuezhan.xzlog").read_bytes())[:1]
    [f] = rep.findings
    assert f.rule == "L5" and "RuntimeError: boom" in f.message and f.location.event is not None


@pytest.mark.parametrize("part_bytes", [600, 3000, 20000])
def test_a_log_audited_in_ranges_reports_what_it_reports_whole(
    tmp_path: Path, part_bytes: int
) -> None:
    """--jobs cuts big logs into byte ranges; the ranges must add up to the sequential
    audit, also across damage: a game removed (L2 across a boundary), garbage, a truncated
    end."""
    from range_helpers import by_ranges, whole

    data = (REPLAYS / "preset-xuezhan.xzlog").read_bytes()
    recs = _records(data)
    starts = [i for i, r in enumerate(recs) if r[0] == 0]
    cut = _encode(recs[: starts[1]] + recs[starts[2] :], rechain=False)  # game 1 removed
    garbage = cut + b"\xc1\xc1 junk" + (REPLAYS / "preset-xueliu.xzlog").read_bytes()
    damaged = garbage + (REPLAYS / "truncated.xzlog").read_bytes()
    for blob in (data, cut, garbage, damaged):
        path = tmp_path / "x.xzlog"
        path.write_bytes(blob)
        expected = whole(path)
        assert by_ranges(path, part_bytes)[0] == expected
    assert any(f["rule"] == "L2" for r in expected for f in r["findings"])
