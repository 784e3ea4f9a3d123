"""How the compiled scanner decodes payloads (``_scan_decode.pxi``: the two templates as
copies of prebuilt dicts, everything else by a ``msgpack.Unpacker`` with the record stream's
options) against msgpack as the record stream runs it: every encoding width, floats of both
sizes, short and long strings, repeated and bytes map keys, invalid UTF-8, deep nesting, rule
maps of consecutive games, and the template events as fresh dicts. Each game goes through
both backends and reading record by record (``check_first_game``): same values, type for type, key
order included, or a declined game that reading record by record reports."""

from __future__ import annotations

import math
import struct
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scan_helpers import check_first_game, game_bytes, header_payload, same
from test_scan_properties import BOTH, NO_DEADLINE

from xzcore.log.types import GENESIS, Limits
from xzcore.rules import RuleSet


def _events_of(payloads: list[bytes]) -> list[Any]:
    """The events of a game of these payloads, checked against every reader."""
    res = check_first_game(BOTH, game_bytes(payloads))
    assert isinstance(res, tuple)
    expected = [msgpack.unpackb(p, strict_map_key=True) for p in payloads]
    assert same(res[2], expected)
    return list(res[2])


def _declined(payloads: list[bytes]) -> None:
    """Every backend declines the game (reading record by record reports it)."""
    for scanner in BOTH:
        assert scanner.scan_game(game_bytes(payloads), 0, 0, GENESIS, Limits()) is None


INT_EDGES = [
    0, 1, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1,
    2**63, 2**64 - 1, -1, -32, -33, -128, -129, -32768, -32769, -(2**31), -(2**31) - 1,
    -(2**63),
]  # fmt: skip


def test_every_int_width() -> None:
    """Each msgpack int form at its edges (fixints, uint 8-64, int 8-64)."""
    events = _events_of([msgpack.packb({"n": n}) for n in INT_EDGES])
    assert [e["n"] for e in events] == INT_EDGES


@pytest.mark.parametrize(
    "raw",
    [
        b"\xcc\x05",  # uint 8 holding a fixint's value
        b"\xcd\x00\x05",
        b"\xce\x00\x00\x00\x05",
        b"\xcf\x00\x00\x00\x00\x00\x00\x00\x05",
        b"\xd0\x05",
        b"\xd0\xfb",
        b"\xd1\xff\xfb",
        b"\xd2\xff\xff\xff\xfb",
        b"\xd3\xff\xff\xff\xff\xff\xff\xff\xfb",
        b"\xd9\x02ab",  # str 8 holding a fixstr's value
        b"\xda\x00\x02ab",
        b"\xdb\x00\x00\x00\x02ab",
        b"\xc4\x02ab",
        b"\xc5\x00\x02ab",
        b"\xc6\x00\x00\x00\x02ab",
        b"\xdc\x00\x02\x01\x02",  # array 16 of two
        b"\xdd\x00\x00\x00\x02\x01\x02",
        b"\xde\x00\x01\xa1k\x01",  # map 16 of one
        b"\xdf\x00\x00\x00\x01\xa1k\x01",
        b"\x90",
        b"\x80",
        b"\xa0",
        b"\xc0",
        b"\xc2",
        b"\xc3",
    ],
)
def test_wide_encodings_of_small_values(raw: bytes) -> None:
    """Encodings wider than needed decode to the same values as msgpack gives."""
    _events_of([raw, b"\x81\xa1v" + raw])


FLOATS = [0.0, -0.0, 1.5, -2.25, 1e30, -1e-30, math.inf, -math.inf, math.nan, 3.3]


@pytest.mark.parametrize("single", [False, True])
def test_floats_of_both_sizes(single: bool) -> None:
    """float 64, and float 32 (widened as msgpack widens it), nan and infinities included."""
    payloads = [msgpack.packb({"f": f}, use_single_float=single) for f in FLOATS]
    payloads.append(msgpack.packb({"f": 1e300}))  # past float 32
    events = _events_of(payloads)
    assert events[-1]["f"] == 1e300
    for f, e in zip(FLOATS, events, strict=False):
        want = struct.unpack(">f", struct.pack(">f", f))[0] if single else f
        got = e["f"]
        assert type(got) is float
        assert (math.isnan(got) and math.isnan(want)) or got == want
        assert math.copysign(1, got) == math.copysign(1, want)


def test_strings_of_every_short_length() -> None:
    """Strings of every length from 0 to 40, ASCII and not, as values and as keys, in
    str 8/16/32 forms too."""
    texts = ["x" * n for n in range(41)] + ["é" * n for n in range(20)] + ["麻将", "🀄"]
    payloads = [msgpack.packb({t: t, "v": [t, t]}) for t in texts]
    payloads += [b"\xd9" + bytes([len(t.encode())]) + t.encode() for t in texts[:30]]
    events = _events_of(payloads)
    assert [e[t] for e, t in zip(events, texts, strict=False)] == texts


def test_thousands_of_distinct_short_strings() -> None:
    """Thousands of distinct short strings, then the first ones again: every value is what
    msgpack decodes."""
    many = [f"s{i}" for i in range(6000)]
    chunks = [many[i : i + 500] for i in range(0, len(many), 500)]
    for chunk in [*chunks, chunks[0]]:
        events = _events_of([msgpack.packb({s: s}) for s in chunk])
        assert [next(iter(e)) for e in events] == chunk


@NO_DEADLINE
@given(st.lists(st.text(max_size=30), min_size=1, max_size=30))
def test_any_strings(texts: list[str]) -> None:
    """Any text, as keys and values, twice in one game."""
    payloads = [msgpack.packb({t: [t, {t: t}]}) for t in texts]
    _events_of(payloads + payloads)


def test_repeated_keys_keep_the_first_place_and_the_last_value() -> None:
    """A map with a key twice: as msgpack decodes it (PyDict_SetItem, in order)."""
    raw = b"\x83\xa1a\x01\xa1b\x02\xa1a\x03"
    (event,) = _events_of([raw])
    assert list(event.items()) == [("a", 3), ("b", 2)]


def test_bytes_keys() -> None:
    """bin map keys are bytes (strict_map_key admits str and bytes)."""
    (event,) = _events_of([msgpack.packb({b"k": 1, "k": 2}, use_bin_type=True)])
    assert list(event.items()) == [(b"k", 1), ("k", 2)]


@pytest.mark.parametrize(
    "raw",
    [
        b"\xa2\xff\xfe",  # invalid UTF-8
        b"\x81\xa1\xffv",  # invalid UTF-8 in a key
        b"\xd9\x03a\xc3\x28",
        b"\xa1\xed",  # a cut multi-byte sequence
        b"\xa3\xed\xa0\x80",  # a surrogate
    ],
)
def test_invalid_utf8_is_declined(raw: bytes) -> None:
    """A str that is not UTF-8: declined (reading record by record cannot decode it either)."""
    with pytest.raises(ValueError):
        msgpack.unpackb(raw)
    _declined([raw])
    check_first_game(BOTH, game_bytes([raw]))


def test_template_events_are_fresh_dicts() -> None:
    """The template events are copies: changing one changes no other event, and no event
    of a later scan."""
    dahai = msgpack.packb({"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": True})
    tsumo = msgpack.packb({"type": "tsumo", "actor": 2, "pai": "9s", "rinshan": False, "left": 40})
    first = _events_of([dahai, dahai, tsumo, tsumo])
    assert first[0] is not first[1] and first[2] is not first[3]
    for e in first:
        e["actor"] = 3
        e["extra"] = 1
        del e["pai"]
    again = _events_of([dahai, tsumo])
    assert again == [msgpack.unpackb(dahai), msgpack.unpackb(tsumo)]


@pytest.mark.parametrize("depth", [1, 30, 31, 32, 33, 34, 100, 1000])
@pytest.mark.parametrize("shape", ["list", "map", "mixed"])
def test_nesting_shallow_and_deep(depth: int, shape: str) -> None:
    """Values nested from 1 to 1,000 levels: the same values as msgpack gives."""
    value: Any = ["leaf", 1.5, {"k": None}]
    for level in range(depth):
        as_map = shape == "map" or (shape == "mixed" and level % 2)
        value = {"v": value, "n": level} if as_map else [value, level]
    _events_of([msgpack.packb(value)])  # as msgpack decodes it, type for type


@pytest.mark.parametrize("depth", [33, 200])
@pytest.mark.parametrize("leaf", [b"\xa2\xff\xfe", b"\xd4\x01\x00", b"\x81\x01\x02"])
def test_bad_bytes_deep_down_are_declined(depth: int, leaf: bytes) -> None:
    """Invalid UTF-8, an ext type, an int map key deep inside a payload: declined."""
    raw = b"\x91" * depth + leaf
    _declined([raw])
    check_first_game(BOTH, game_bytes([raw]))


def test_an_event_type_of_another_type() -> None:
    """A ``type`` that is a list or a map (unhashable): an event like any other (found by a
    long fuzz run: the oracle of ``others`` hashed it)."""
    _events_of([msgpack.packb({"type": [1, 2], "actor": 1}), msgpack.packb({"type": {}})])


def _game_with_rules(rules: dict[str, Any], events: list[bytes] | None = None) -> Any:
    """A game whose header holds ``rules``: scanned by every reader (same values, type for
    type, key order included); its header map."""
    data = game_bytes(events or [], header=header_payload(rules=rules))
    res = check_first_game(BOTH, data)
    assert isinstance(res, tuple)
    assert same(res[1]["rules"], rules)
    return res[1]


def test_rule_maps_of_consecutive_games() -> None:
    """The header's rule map as msgpack decodes it, game after game: the same one again, one
    value of another type (1 for True, 6.0 for 6), another order, another rule set, nested
    values, a map of 15 pairs."""
    good = RuleSet.preset("xuezhan").to_dict()
    other = RuleSet.preset("chengdu-classic").to_dict()
    retyped = {**good, "declare_void": 1, "cap_fan": 6.0}
    reordered = dict(reversed(list(good.items())))
    nested = {**good, "extra": [1, {"a": None}]}
    small = dict(list(good.items())[:15])
    for rules in [good, good, retyped, good, reordered, good, other, nested, nested, small, good]:
        _game_with_rules(rules)


def test_a_repeated_rule_map_is_a_fresh_dict() -> None:
    """Changing a header's rule map read before changes no later game's."""
    good = RuleSet.preset("xuezhan").to_dict()
    first = _game_with_rules(good)
    first["rules"]["declare_void"] = "changed"
    first["rules"]["added"] = 1
    again = _game_with_rules(good)
    assert again["rules"] is not first["rules"]


def test_big_flat_maps_as_events() -> None:
    """Maps of 16 pairs or more in events, repeated, differing in their last byte only, and
    holding a map of the same bytes inside."""
    big = {f"k{i}": i for i in range(20)}
    near = {**big, "k19": 18}
    payloads = [msgpack.packb(v) for v in (big, big, near, {"in": big}, [big, near], big)]
    _events_of(payloads)
