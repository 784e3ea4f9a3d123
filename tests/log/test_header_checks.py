"""The one-pass header and closing checks and the audit's rule-set memory against their
check-by-check versions: ``parse_header`` (its one-pass check of a good header) against
``_parse_header`` (check by check, L4, L7), and ``auditcmp._rules_of`` against
``RuleSet.from_dict`` — same Header, same RuleSet, or the same error."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_scan_properties import NO_DEADLINE

from xzcore.audit import compare as auditcmp
from xzcore.log.types import (
    GENESIS,
    Location,
    LogError,
    _parse_close,
    _parse_header,
    parse_close,
    parse_header,
)
from xzcore.rules import RuleError, RuleSet


def _header() -> dict[str, Any]:
    return {
        "format": "xzlog",
        "version": [1, 0],
        "engine": "xzcore test",
        "game": 3,
        "prev": GENESIS,
        "rules": RuleSet.preset("xuezhan").to_dict(),
        "seats": ["a", "b", "c", "d"],
        "dealer": 2,
        "wall": bytes(k // 4 for k in range(108)),
        "seed": 7,
    }


class _Int(int):
    pass


class _Str(str):
    pass


class _Bytes(bytes):
    pass


ODD = st.sampled_from(
    [
        None, True, False, 0, -1, 1, 3, 4, 2**70, 1.0, "", "xzlog", "x", b"", b"x", [], [1, 0],
        [2, 0], [1], [1, 0, 0], [True, 0], [1.0, 0], (1, 0), {}, {"a": 1}, GENESIS, bytes(31),
        bytearray(GENESIS), _Int(1), _Int(0), _Str("xzlog"), _Bytes(GENESIS),
        ["a", "b", "c", "d"], ["a", "b", "c"], ["a", "b", "c", 4], ("a", "b", "c", "d"),
        [_Str("a"), "b", "c", "d"], bytes(108), bytes([26] * 108), bytes([27] * 108),
        bytes(107), _Bytes(bytes(108)), bytearray(108), bytes([0] * 107 + [255]),
    ]
)  # fmt: skip
FIELDS = st.sampled_from([*_header(), "extra"])


def _outcome(f: Any, payload: Any) -> Any:
    try:
        return ("ok", f(payload, Location("p", 1)))
    except LogError as exc:
        return ("raised", type(exc), exc.rule, exc.message)


@NO_DEADLINE
@given(changes=st.lists(st.tuples(FIELDS, ODD | st.just("<drop>")), max_size=3))
def test_header_one_pass_check_agrees(changes: list[tuple[str, Any]]) -> None:
    """Good headers and headers with fields dropped or of other values and types (subclasses
    included): parse_header answers what the check-by-check parse answers."""
    payload = _header()
    for key, value in changes:
        if value == "<drop>" and type(value) is str:
            payload.pop(key, None)
        else:
            payload[key] = value
    got, want = _outcome(parse_header, payload), _outcome(_parse_header, payload)
    assert got == want
    if got[0] == "ok":
        assert [type(x) for x in vars(got[1]).values()] == [type(x) for x in vars(want[1]).values()]


@pytest.mark.parametrize("payload", [None, [], "x", {"format": "xzlog"}])
def test_header_one_pass_check_declines_non_headers(payload: Any) -> None:
    assert _outcome(parse_header, payload) == _outcome(_parse_header, payload)


def _rules_outcome(f: Any, data: Any) -> Any:
    try:
        return ("ok", f(data))
    except (RuleError, TypeError) as exc:
        return ("raised", type(exc), str(exc))


RULE_VALUES = st.sampled_from([True, False, 0, 1, 2, 6, 6.0, 1.0, None, "table", "x", _Int(1)])


@NO_DEADLINE
@given(changes=st.lists(st.tuples(st.sampled_from(list(_header()["rules"])), RULE_VALUES)))
def test_rule_set_memory_agrees(changes: list[tuple[str, Any]]) -> None:
    """Rule maps differing from a remembered one in a value or only in its type (1 for True,
    6.0 for 6, an int subclass): the remembered answer is from_dict's, or from_dict's error."""
    auditcmp._rules_of(RuleSet.preset("xuezhan").to_dict())
    data = dict(_header()["rules"])
    for key, value in changes:
        data[key] = value
    for _ in range(2):  # the second time from memory, if remembered
        assert _rules_outcome(auditcmp._rules_of, data) == _rules_outcome(RuleSet.from_dict, data)


def test_rule_set_memory_keeps_a_copy() -> None:
    """A map changed after it was remembered does not change what is remembered."""
    data = RuleSet.preset("xuezhan").to_dict()
    data["cap_fan"] = 3
    first = auditcmp._rules_of(data)
    data["cap_fan"] = 1
    assert auditcmp._rules_of(data) == RuleSet.from_dict(data) != first
    data["cap_fan"] = 3
    assert auditcmp._rules_of(data) == first


CLOSE_VALUES = st.sampled_from(
    [None, 0, 1, -1, True, 2**70, 1.0, b"", bytes(8), bytes(32), bytes(64), bytes(31),
     bytearray(32), _Bytes(bytes(32)), _Bytes(bytes(64)), _Int(3), "x", [], {}]
)  # fmt: skip


@NO_DEADLINE
@given(
    changes=st.lists(
        st.tuples(st.sampled_from(["final", "events", "sig", "key", "other"]), CLOSE_VALUES),
        max_size=3,
    ),
    drop=st.sets(st.sampled_from(["final", "events", "sig", "key"])),
)
def test_close_one_pass_check_agrees(changes: list[tuple[str, Any]], drop: set[str]) -> None:
    """Closing records with fields dropped or of other values and types: parse_close
    answers what the check-by-check parse answers (L2, L3)."""
    payload: dict[str, Any] = {"final": bytes(32), "events": 5, "sig": None, "key": None}
    for key, value in changes:
        payload[key] = value
    for key in drop:
        del payload[key]
    got, want = _outcome(parse_close, payload), _outcome(_parse_close, payload)
    assert got == want
    if got[0] == "ok":
        assert [type(x) for x in vars(got[1]).values()] == [type(x) for x in vars(want[1]).values()]
    assert _outcome(parse_close, [payload]) == _outcome(_parse_close, [payload])
