"""The compiled scanner's payload decoder (``_logscan_decode.pxi``) against msgpack itself:
whatever it builds is what ``msgpack.unpackb`` (the slow reader's options, L6) builds — type
for type, key order, repeated keys and interned keys included — and what it leaves to msgpack
(floats, bad UTF-8, bin or long keys, deep nesting) it leaves untouched."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st
from logscan_helpers import load_scanner, recorded, same

from xzcore.logtypes import GENESIS, Limits


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    return load_scanner("cython")


def unpack(payload: bytes) -> Any:
    """The slow reader's decoding (xzcore.logread) of one payload."""
    return msgpack.unpackb(payload, raw=False, use_list=True, strict_map_key=True)


def keys_interned(value: Any) -> bool:
    """Every str map key is the interned string (msgpack interns them)."""
    if type(value) is dict:
        return all(
            (type(k) is not str or sys.intern(k) is k) and keys_interned(v)
            for k, v in value.items()
        )
    if type(value) is list:
        return all(keys_interned(v) for v in value)
    return True


def check(compiled: ModuleType, payload: bytes) -> bool:
    """The decoder builds exactly msgpack's value, or leaves the payload alone; whether it
    built it is returned."""
    handled, value = compiled._decode_payload(payload)
    try:
        want = unpack(payload)
    except Exception:  # bytes msgpack refuses: never built
        assert not handled
        return False
    if handled:
        assert same(value, want)
        assert keys_interned(value)
    return bool(handled)


INTS = [0, 1, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1]
INTS += [-(v + 1) for v in INTS if v < 2**63] + [-32, -33]
TEXT = st.text(st.characters(codec="utf-8"), max_size=40)
KEYS = TEXT | st.sampled_from(["type", "actor", "pai", "transfers", "score", "x" * 31, "y" * 32])
PLAIN = (
    st.none()
    | st.booleans()
    | st.sampled_from(INTS)
    | st.integers(-(2**63), 2**64 - 1)
    | TEXT
    | st.binary(max_size=40)
)
NESTED = st.recursive(
    PLAIN,
    lambda inner: st.lists(inner, max_size=20) | st.dictionaries(KEYS, inner, max_size=20),
    max_leaves=60,
)


@given(NESTED)
def test_values_without_floats_are_built_as_msgpack_builds_them(
    compiled: ModuleType, value: Any
) -> None:
    payload = msgpack.packb(value, use_bin_type=True)
    assert check(compiled, payload)


ANY = st.recursive(
    PLAIN | st.floats(),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(KEYS | st.binary(max_size=3), inner, max_size=5)
    ),
    max_leaves=20,
)


@given(ANY)
def test_any_value_is_msgpacks_or_left_alone(compiled: ModuleType, value: Any) -> None:
    check(compiled, msgpack.packb(value, use_bin_type=True))


@given(st.binary(max_size=60))
def test_any_bytes_are_msgpacks_or_left_alone(compiled: ModuleType, payload: bytes) -> None:
    """Whatever the bytes (cut short, trailing bytes, ext types …): msgpack's value, or
    nothing."""
    check(compiled, payload)


@pytest.mark.parametrize(
    ("payload", "handled"),
    [
        (b"\x82\xa1a\x01\xa1a\x02", True),  # a repeated key: first place, last value
        (b"\x82\xa1a\x01\xa1b\x02", True),
        (b"\xa2\xff\xfe", False),  # not UTF-8
        (b"\x81\xa2\xff\xfe\x01", False),  # a key that is not UTF-8
        (b"\xa3\xed\xa0\x80", False),  # a surrogate
        (b"\x81\xc4\x01k\x01", False),  # a bin key: msgpack's
        (b"\x81\xda\x00\x01k\x01", False),  # a str 16 key: msgpack's
        (b"\xca\x3f\xc0\x00\x00", False),  # float 32
        (b"\xcb\x3f\xf8\x00\x00\x00\x00\x00\x00", False),  # float 64
        (b"\x91\x01\x02", False),  # a byte after the value
        (b"\x92\x01", False),  # cut short
        (b"\xd4\x01\x00", False),  # fixext
        (b"\xc1", False),
        (b"\x91" * 63 + b"\x90", True),  # 64 deep
        (b"\x91" * 64 + b"\x90", False),  # deeper: msgpack's
        (b"\xd9\x03abc", True),
        (b"\xdb\x00\x00\x00\x01a", True),
        (b"\xc6\x00\x00\x00\x01a", True),
        (b"\xdd\x00\x00\x00\x01\x01", True),
        (b"\xdf\x00\x00\x00\x01\xa1a\xc0", True),
        (b"\xdc\xff\xff", False),  # 65,535 items declared, none there
    ],
)
def test_payloads(compiled: ModuleType, payload: bytes, handled: bool) -> None:
    assert check(compiled, payload) is handled


def test_the_key_cache_keeps_keys_apart(compiled: ModuleType) -> None:
    """Keys of every length up to 64 and past, near misses of one another, many more than
    the cache holds: each comes back as itself."""
    keys = [f"k{i}" for i in range(3000)] + ["a" * n for n in range(70)] + ["ab", "ba", "é"]
    for _ in range(2):
        for key in keys:
            handled, value = compiled._decode_payload(msgpack.packb({key: 1}))
            assert handled and list(value) == [key]


def test_recorded_games_are_built_without_msgpack(compiled: ModuleType) -> None:
    """Every payload of recorded games is built by the decoder (none left to msgpack)."""
    data = recorded("xuezhan", 2, "random", seed=11)
    start, prev = 0, GENESIS
    while start < len(data):
        res = compiled.scan_game(data, start, 0, prev, Limits())
        assert isinstance(res, tuple)
        for i in res[11]:
            payload = msgpack.packb(res[2][i])
            assert check(compiled, payload)
        start, prev = res[0], res[9]
