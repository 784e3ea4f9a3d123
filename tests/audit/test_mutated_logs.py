"""Fuzzing the reader and the audit with mutated real logs: whatever the
bytes, the audit returns reports — verified, findings or unreadable — and never raises.

The CI budget is small (``max_examples`` below); a longer run:
``HYPOTHESIS_PROFILE=dev python -m pytest tests/audit/test_mutated_logs.py --hypothesis-seed=0 -q``
with ``XZ_FUZZ_EXAMPLES=20000`` (see the report in docs/audit.md)."""

from __future__ import annotations

import os
from pathlib import Path

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xzcore.audit.report import audit_bytes
from xzcore.log.types import Limits

SAMPLE = (Path(__file__).resolve().parents[2] / "replays" / "preset-xuezhan.xzlog").read_bytes()
EXAMPLES = int(os.environ.get("XZ_FUZZ_EXAMPLES", "60"))
SMALL = Limits(max_record_bytes=64 * 1024, chunk_size=4096)

mutation = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, len(SAMPLE) - 1), st.integers(1, 255)),
    st.tuples(st.just("cut"), st.integers(0, len(SAMPLE) - 1), st.just(0)),
    st.tuples(st.just("insert"), st.integers(0, len(SAMPLE) - 1), st.integers(0, 255)),
    st.tuples(st.just("delete"), st.integers(0, len(SAMPLE) - 1), st.integers(1, 64)),
    st.tuples(
        st.just("huge"), st.integers(0, len(SAMPLE) - 1), st.sampled_from([0xC6, 0xDD, 0xDF, 0xDB])
    ),
)


def mutate(data: bytes, ops: list[tuple[str, int, int]]) -> bytes:
    b = bytearray(data)
    for op, pos, arg in ops:
        pos = min(pos, max(len(b) - 1, 0))
        if op == "flip" and b:
            b[pos] ^= arg
        elif op == "cut":
            del b[pos:]
        elif op == "insert":
            b[pos:pos] = bytes([arg])
        elif op == "delete":
            del b[pos : pos + arg]
        elif op == "huge":
            b[pos:pos] = bytes([arg]) + b"\xff\xff\xff\xf0"
    return bytes(b)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(mutation, min_size=1, max_size=4))
def test_mutated_logs_never_crash_the_audit(ops: list[tuple[str, int, int]]) -> None:
    data = mutate(SAMPLE, ops)
    reports = audit_bytes(data, limits=SMALL)
    for r in reports:
        assert r.status in ("verified", "findings", "unreadable")
        for f in r.findings:
            assert f.rule and f.location.game is not None
        for e in r.unreadable:
            assert e.location.game is not None and e.location.offset is not None


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.integers(0, len(SAMPLE) - 1), st.integers(1, 255))
def test_any_single_byte_change_is_noticed(pos: int, xor: int) -> None:
    """Every byte of a log is inside a hashed record or a hash: no change goes unnoticed."""
    data = mutate(SAMPLE, [("flip", pos, xor)])
    reports = audit_bytes(data, limits=SMALL)
    assert any(r.status != "verified" for r in reports)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.binary(max_size=2048))
def test_random_bytes_are_unreadable_or_empty(data: bytes) -> None:
    reports = audit_bytes(data, limits=SMALL)
    assert all(r.status == "unreadable" for r in reports)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**64 - 1)
        | st.text(max_size=8)
        | st.binary(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_wrong_types_in_any_record_position(payload: object) -> None:
    """A well-formed msgpack record [tag, payload, hash] with any payload, in any tag."""
    for tag in (0, 1, 2, 3):
        rec = msgpack.packb([tag, payload, b"h" * 32], use_bin_type=True)
        reports = audit_bytes(rec, limits=SMALL)
        assert [r.status for r in reports] == ["unreadable"]
