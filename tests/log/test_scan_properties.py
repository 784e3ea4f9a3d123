"""Property tests of the game scan (xzcore.log.scan) against reading record by record:
damaged logs, damaged payloads under a recomputed hash chain (L2), arbitrary msgpack values
and bytes as events. Whatever the input, both backends give the same answer, and a tuple the
caller accepts is exactly what LogReader(scan=False) + CollectingBuilder read with no error
and no finding."""

from __future__ import annotations

import importlib
import os
from functools import cache
from itertools import pairwise
from types import ModuleType
from typing import Any

import msgpack
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from scan_helpers import (
    SCANNERS,
    check_first_game,
    game_bytes,
    lay,
    recorded,
    same,
)

from xzcore.log.types import GENESIS, Limits


def _backends() -> list[ModuleType]:
    out = []
    for module in SCANNERS.values():
        try:
            out.append(importlib.import_module(module))
        except ImportError:
            if os.environ.get("XZ_REQUIRE_COMPILED"):
                raise
    return out


BOTH = _backends()
"""Both scanners (the twin alone when the extension is not built)."""

NO_DEADLINE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def small_log() -> bytes:
    """Two recorded games (random bots: short, varied events)."""
    return recorded("xuezhan", 2, "random", seed=5)


@cache
def first_game_records() -> list[tuple[bytes, bytes]]:
    """The first game of :func:`small_log` as (opener and tag, payload) pairs, close left out
    (the tests lay a fresh one)."""
    data = small_log()
    res = BOTH[0].scan_game(data, 0, 0, GENESIS, Limits())
    assert isinstance(res, tuple)
    starts = [0, *res[3], res[5], res[7], res[0]]
    records = [(data[s : s + 2], data[s + 2 : e - 34]) for s, e in pairwise(starts)]
    return records[:-1]


def relay(records: list[tuple[bytes, bytes]]) -> bytes:
    """A game laid with a correct chain and a closing record that matches it (L2)."""
    body = lay(records)
    close = {
        "final": body[-32:],
        "events": sum(1 for head, _ in records if head == b"\x93\x01"),
        "sig": None,
        "key": None,
    }
    return body + lay([(b"\x93\x03", msgpack.packb(close))], body[-32:])


def _mutate(data: bytes, ops: list[tuple[str, int, int]]) -> bytes:
    out = bytearray(data)
    for kind, at, value in ops:
        if not out:
            break
        i = at % len(out)
        if kind == "flip":
            out[i] ^= value or 1
        elif kind == "set":
            out[i] = value
        elif kind == "insert":
            out[i:i] = bytes([value]) * (1 + value % 3)
        else:
            del out[i : i + 1 + value % 4]
    return bytes(out)


OPS = st.lists(
    st.tuples(
        st.sampled_from(["flip", "set", "insert", "delete"]),
        st.integers(0, 1 << 20),
        st.integers(0, 255),
    ),
    min_size=1,
    max_size=3,
)


def _answer_kind(res: Any) -> str:
    """The kind of answer (for hypothesis's statistics): tuple, None or NEED_MORE."""
    assert res is None or res == 0 or isinstance(res, tuple)
    kind = "tuple" if isinstance(res, tuple) else "None" if res is None else "NEED_MORE"
    event(kind)
    return kind


@NO_DEADLINE
@given(ops=OPS)
def test_damaged_logs(ops: list[tuple[str, int, int]]) -> None:
    """Bytes changed, inserted or deleted anywhere in a recorded log (the chain then breaks
    unless the damage is in the second game)."""
    data = _mutate(small_log(), ops)
    _answer_kind(check_first_game(BOTH, data))


@NO_DEADLINE
@given(record=st.integers(0, 1 << 16), ops=OPS, head=st.booleans())
def test_damaged_records_under_a_recomputed_chain(
    record: int, ops: list[tuple[str, int, int]], head: bool
) -> None:
    """A forger's edit: one record's bytes changed and every hash recomputed, so the decoder,
    the walk, the templates and the limits decide — never the hash."""
    records = list(first_game_records())
    i = record % len(records)
    opener, payload = records[i]
    if head:
        opener = _mutate(opener, ops[:1])
    else:
        payload = _mutate(payload, ops)
    records[i] = (opener, payload)
    _answer_kind(check_first_game(BOTH, relay(records)))


@NO_DEADLINE
@given(
    ops=OPS,
    limit=st.sampled_from(["max_events", "max_game_bytes", "max_record_bytes"]),
    delta=st.integers(-3, 3),
)
def test_recomputed_chain_under_tight_limits(
    ops: list[tuple[str, int, int]], limit: str, delta: int
) -> None:
    """The same with a limit set within a few units of what the game needs (L6)."""
    records = list(first_game_records())
    events = [len(p) for head, p in records if head == b"\x93\x01"]
    need = {
        "max_events": len(events),
        "max_game_bytes": sum(2 + n + 34 for n in events[:-1]) + 36 + len(records[0][1]),
        "max_record_bytes": max(2 + len(p) + 34 for _, p in records),
    }
    i = ops[0][1] % len(records)
    records[i] = (records[i][0], _mutate(records[i][1], ops))
    limits = Limits(**{limit: need[limit] + delta})
    _answer_kind(check_first_game(BOTH, relay(records), limits))


KEYS = st.text(max_size=6)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(1 << 63), (1 << 64) - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.binary(max_size=20)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=20,
)


@NO_DEADLINE
@given(events=st.lists(VALUES, max_size=6))
def test_any_msgpack_values_as_events(events: list[Any]) -> None:
    """Events are any msgpack value (L5): all decoded as reading record by record decodes them."""
    payloads = [msgpack.packb(e, use_bin_type=True) for e in events]
    res = check_first_game(BOTH, game_bytes(payloads))
    assert isinstance(res, tuple)
    assert same(res[2], [msgpack.unpackb(p) for p in payloads])
    assert res[10] == b"".join(payloads)


@NO_DEADLINE
@given(payload=st.binary(max_size=48), cut=st.integers(0, 400))
def test_any_bytes_as_an_event(payload: bytes, cut: int) -> None:
    """Arbitrary bytes where an event's payload goes, whole or cut short."""
    data = game_bytes([payload, payload])
    for d in (data, data[: len(data) - cut]):
        _answer_kind(check_first_game(BOTH, d))
