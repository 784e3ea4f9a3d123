"""Wrong types are findings: the audit compares claimed figures with the
recomputed ones type-strictly — bool is not int, float is not int — since Python's ``==``
says ``2.0 == 2`` and ``False == 0`` (xzcore.log.scan.same)."""

from __future__ import annotations

import copy
import hashlib
import io
from typing import Any

import msgpack
import pytest

from xzcore.audit.report import audit_bytes
from xzcore.log.scan import same, same_events
from xzcore.log.types import GENESIS
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet


def test_same_is_type_strict() -> None:
    assert same(2, 2) and same([1, {"a": True}], [1, {"a": True}])
    assert same({"a": 1, "b": 2}, {"b": 2, "a": 1})  # key order is not a difference
    assert not same(2.0, 2) and not same(2, 2.0)
    assert not same(False, 0) and not same(True, 1) and not same(1, True)
    assert not same([0, 0, 0, 0], [0, 0, 0.0, 0])
    assert not same({"gen": 0}, {"gen": False})
    assert not same({"a": 1}, {"a": 1, "b": None})
    assert not same(float("nan"), float("nan"))  # a NaN equals nothing the rules give
    assert not same([1], (1,)) and not same("5p", b"5p")


def test_same_events_agrees_with_same() -> None:
    a = [{"type": "tsumo", "actor": 0, "pai": "5p", "rinshan": False, "left": 55}]
    assert same_events(a, copy.deepcopy(a))
    b = [{"left": 55, "rinshan": False, "pai": "5p", "actor": 0, "type": "tsumo"}]
    assert same_events(a, b)  # packed bytes differ (key order): falls back to same()
    for field, value in (("rinshan", 0), ("left", 55.0), ("actor", False)):
        c = copy.deepcopy(a)
        c[0][field] = value
        assert a == c and not same_events(a, c), field


def _game(seed: int = 7) -> list[list[Any]]:
    """One greedy-bot xuezhan game with a win, as records [tag, payload, hash]."""
    buf = io.BytesIO()
    bots = [bot_chooser("greedy", seed * 4 + s) for s in range(4)]
    [rnd] = record_games(LogWriter(buf), RuleSet.preset("xuezhan"), 1, seed=seed, choosers=bots)
    assert any(e["type"] == "hora" for e in rnd.events)
    up = msgpack.Unpacker(raw=False)
    up.feed(buf.getvalue())
    return [list(r) for r in up]


def _rechained(records: list[list[Any]]) -> bytes:
    """The records with every hash recomputed, as a forger would (one game)."""
    out = bytearray()
    prev = GENESIS
    for tag, payload, _h in records:
        if tag == 3:
            payload = {**payload, "final": prev}
        body = b"\x93" + msgpack.packb(tag) + msgpack.packb(payload, use_bin_type=True)
        prev = hashlib.blake2b(prev + body, digest_size=32).digest()
        out += body + b"\xc4\x20" + prev
    return bytes(out)


def _event(records: list[list[Any]], word: str) -> dict[str, Any]:
    return next(p for t, p, _ in records if t == 1 and p["type"] == word)


def test_control_the_untouched_game_verifies() -> None:
    [rep] = audit_bytes(_rechained(_game()))
    assert rep.status == "verified"


@pytest.mark.parametrize(
    ("where", "field", "convert", "rule"),
    [
        ("score", "multiplier", float, "R8.3"),  # 2.0 for 2 (R8.3: the pattern's multiplier)
        ("score", "gen", bool, "R8.2"),  # 根 False for 0 (R8.2)
        ("score", "capped", float, "R8.7"),
        ("tsumo", "rinshan", int, "R2.2"),  # 0 for False
        ("tsumo", "left", float, "R2.2"),
        ("end_kyoku", "next_dealer", float, "R11.1"),
    ],
)
def test_wrong_number_type_in_an_event_is_a_finding(
    where: str, field: str, convert: type, rule: str
) -> None:
    records = _game()
    target = _event(records, "hora")["score"] if where == "score" else _event(records, where)
    right = target[field]
    target[field] = convert(right)
    assert target[field] == right  # equal by Python's ==, yet the wrong type
    [rep] = audit_bytes(_rechained(records))
    assert rep.status == "findings"
    # the event's figure (its rule) alone: the claims record that repeats it (a win's score,
    # the next dealer) still holds the engine's value, so it is right (issue 13: the correct
    # side is the engine's, not the game's own edited events)
    assert [f.rule for f in rep.findings] == [rule], rep.findings
    assert rep.findings[0].claimed is not None


def test_float_units_in_a_transfer_and_totals_are_findings() -> None:
    records = _game()
    hora = _event(records, "hora")
    hora["transfers"][0]["units"] = float(hora["transfers"][0]["units"])
    [rep] = audit_bytes(_rechained(records))
    assert rep.status == "findings"
    assert any("wrong payments" in f.message or "score" in f.message for f in rep.findings)
    records = _game()
    end = _event(records, "end_kyoku")
    end["totals"] = [float(x) for x in end["totals"]]
    [rep] = audit_bytes(_rechained(records))
    assert [f.rule for f in rep.findings] == ["R9.6"]


def test_wrong_type_in_the_claims_record_is_a_finding() -> None:
    records = _game()
    claims = next(p for t, p, _ in records if t == 2)
    claims["wins"][0]["multiplier"] = float(claims["wins"][0]["multiplier"])
    [rep] = audit_bytes(_rechained(records))
    [f] = rep.findings
    assert f.rule == "L5" and "claims record's wins" in f.message


def test_same_events_tells_types_apart_in_any_key_order() -> None:
    """Equal events in another key order are the same; a float for an int, or 0 for False,
    is not."""
    a = [{"type": "tsumo", "actor": 0, "pai": "5p", "rinshan": False, "left": 55}] * 20
    assert same_events(a, copy.deepcopy(a))
    assert same_events(a, [dict(reversed(e.items())) for e in a])
    b = copy.deepcopy(a)
    b[7]["left"] = 55.0  # what the engine would never emit: the types differ
    assert not same_events(a, b)
    c = copy.deepcopy(a)
    c[3]["rinshan"] = 0
    assert not same_events(c, a)  # recorded 0 where the engine has False
    assert same({"x": [1, 2]}, {"x": [1, 2]}) and not same({"x": [1, 2.0]}, {"x": [1, 2]})
