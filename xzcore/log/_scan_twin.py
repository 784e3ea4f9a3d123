"""The pure-Python twin of the game scan ``xzcore.log._scan``: same names and results (the
contract is in docs/internals.md), written for clarity — the oracle the compiled one is tested
against.

It decodes every payload with ``msgpack.unpackb`` (the record stream's decoder) and finds
``others`` by matching each payload's bytes against the two template shapes; both backends find
where a payload ends by the same structural walk (:func:`_payload_end`), so they agree on
``NEED_MORE`` against ``None``. :func:`same` is ``xzcore.log.types.same``, the one definition.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

import msgpack

from xzcore.log.events import event, packed
from xzcore.log.records import FIXED, SIZED, decoder_options
from xzcore.log.types import (
    HASH_SIZE,
    TAG_CLAIMS,
    TAG_CLOSE,
    TAG_EVENT,
    TAG_HEADER,
    Limits,
    claims_of,
    same,
)
from xzcore.tiles import NAMES

__all__ = [
    "MAX_DEPTH",
    "NEED_MORE",
    "ScanResult",
    "blake2b_256",
    "chain_hash",
    "claims_of",
    "same",
    "same_events",
    "scan_game",
]

NEED_MORE = 0
"""The game is not all in ``data`` yet, and nothing seen so far is bad: read more, retry."""

MAX_DEPTH = 1023
"""Deepest nesting of arrays and maps a payload may have. msgpack's decoder holds at most
1,024 open containers, and the record's own array ``[tag, payload, hash]`` is one of them."""

BIG_LIMIT = 1 << 62
"""A str, bin, array or map limit past this is declined (msgpack keeps limits in a C
``Py_ssize_t``)."""

HASH_TAIL = 2 + HASH_SIZE
"""Bytes after a payload: ``c4 20`` (bin 8 of 32 bytes) and the hash itself (L1, L2)."""

ScanResult = tuple[
    int, Any, list[Any], list[int], Any, int, Any, int, bytes, bytes, bytes, list[int]
]
"""``(end, header, events, offsets, claims, claims_at, close, close_at, final, last,
bodies, others)``: see docs/internals.md."""


def _template(event: dict[str, Any], slots: dict[str, bytes]) -> bytes:
    """A pattern of ``event`` as the writer packs it (:func:`xzcore.log.events.packed`), each
    value of ``slots`` matched by its pattern instead of the placeholder's bytes."""
    raw, at = packed(event)
    out, last = [], 0
    for key, pattern in slots.items():
        alone, where = packed({key: event[key]})
        out += [re.escape(raw[last : at[key]]), pattern]
        last = at[key] + len(alone) - where[key]  # past the placeholder value's bytes
    return b"".join([*out, re.escape(raw[last:])])


# The two template event shapes the compiled scanner builds without the decoder, byte for
# byte: a dahai and a tsumo of an actor 0-3, a suited tile, bool flags, a fixint "left".
_ACTOR, _BOOL = rb"[\x00-\x03]", rb"[\xc2\xc3]"
_TILE = b"\\xa2(?:" + b"|".join(re.escape(n.encode()) for n in NAMES) + b")"
_TEMPLATES = re.compile(
    _template(
        event("dahai", actor=0, pai=NAMES[0], tsumogiri=False),
        {"actor": _ACTOR, "pai": _TILE, "tsumogiri": _BOOL},
    )
    + b"|"
    + _template(
        event("tsumo", actor=0, pai=NAMES[0], rinshan=False, left=0),
        {"actor": _ACTOR, "pai": _TILE, "rinshan": _BOOL, "left": rb"[\x00-\x7f]"},
    )
)


class _NeedMore(Exception):
    """``data`` ends before the game does."""


class _Decline(Exception):
    """Anything the scanner does not handle (then reading record by record reports it)."""


# The msgpack first bytes of values of a fixed size (byte -> bytes taken in all) and of sized
# values (byte -> (kind, width of the length)), as the record stream reads them, less the
# extension types.
_FIXED = {0xC0: 1, 0xC2: 1, 0xC3: 1} | {b: n for b, n in FIXED.items() if b < 0xD4}
_SIZED = {b: sized for b, sized in SIZED.items() if sized[0] != "ext"}
# Extension types (c7-c9, d4-d8) and the never-used c1 are in neither table: declined (L1).


def _is_key(b: int) -> bool:
    """L1: map keys are strings (strict_map_key also admits bin): fixstr, str 8/16/32, bin."""
    return 0xA0 <= b <= 0xBF or b in (0xD9, 0xDA, 0xDB, 0xC4, 0xC5, 0xC6)


def _payload_end(data: bytes, pos: int, rec_start: int, limits: Limits) -> int:
    """Where the msgpack value starting at ``data[pos]`` ends, walking only its structure.

    Raises ``_Decline`` for what the record stream's decoder would reject on sight (L1, L6): a
    declared size past a limit, an extension type or ``c1``, a map key that is not a string,
    nesting past :data:`MAX_DEPTH`, or a record (from ``rec_start``, with its hash) past
    ``limits.max_record_bytes``; ``_NeedMore`` when ``data`` ends first. Only sizes and
    types are read here: whether the value decodes (UTF-8 …) is left to ``unpackb``.
    """
    n = len(data)
    caps = {
        "str": min(limits.max_str_len, limits.max_record_bytes),
        "bin": min(limits.max_bin_len, limits.max_record_bytes),
        "array": limits.max_array_len,
        "map": limits.max_map_len,
    }
    # One entry per open container: [items still to walk, is a map].
    stack: list[list[Any]] = []
    while True:
        if pos + HASH_TAIL - rec_start > limits.max_record_bytes:
            raise _Decline("record past max_record_bytes")
        if pos >= n:
            raise _NeedMore
        b = data[pos]
        if stack and stack[-1][1] and stack[-1][0] % 2 == 0 and not _is_key(b):
            raise _Decline("a map key that is not a string")
        count = -1  # items of a container that starts here; -1 for a scalar
        if b <= 0x7F or b >= 0xE0:  # positive / negative fixint
            pos += 1
        elif b in _FIXED:
            pos += _FIXED[b]
        elif 0xA0 <= b <= 0xBF:  # fixstr
            size = b & 0x1F
            if size > caps["str"]:
                raise _Decline("str past max_str_len")
            pos += 1 + size
        elif 0x80 <= b <= 0x9F:  # fixmap, fixarray
            kind = "map" if b <= 0x8F else "array"
            count = b & 0x0F
            if count > caps[kind]:
                raise _Decline(f"{kind} past its limit")
            pos += 1
            is_map = kind == "map"
        elif b in _SIZED:
            kind, width = _SIZED[b]
            if pos + 1 + width > n:
                raise _NeedMore
            size = int.from_bytes(data[pos + 1 : pos + 1 + width], "big")
            if size > caps[kind]:
                raise _Decline(f"{kind} past its limit")
            pos += 1 + width
            if kind in ("str", "bin"):
                pos += size
            else:
                count = size
                is_map = kind == "map"
        else:
            raise _Decline("an extension type, or c1")
        if count >= 0:
            if len(stack) + 1 > MAX_DEPTH:
                raise _Decline("nested too deep")
            if count > 0:
                stack.append([2 * count if is_map else count, is_map])
                continue
        # A value is complete: count it off its container(s).
        while stack:
            stack[-1][0] -= 1
            if stack[-1][0] > 0:
                break
            stack.pop()
        if not stack:
            if pos + HASH_TAIL - rec_start > limits.max_record_bytes:
                raise _Decline("record past max_record_bytes")
            return pos


def _decode(payload: bytes, limits: Limits) -> Any:
    """Decode exactly as the record stream does (xzcore.log.records, L6)."""
    try:
        return msgpack.unpackb(payload, **decoder_options(limits))
    except Exception as exc:  # msgpack raises several types; all mean "bad bytes"
        raise _Decline("undecodable payload") from exc


class _Game:
    """The scan of one game in progress: the cursor and the running hash (L2)."""

    def __init__(self, data: bytes, start: int, prev: bytes, limits: Limits) -> None:
        self.data = data
        self.pos = start
        self.start = start
        self.running = prev
        self.limits = limits

    def tag(self, allowed: tuple[int, ...]) -> int:
        """Check a record's opener ``93`` and its tag byte (one of ``allowed``, L1)."""
        data, pos = self.data, self.pos
        if pos >= len(data):
            raise _NeedMore
        if data[pos] != 0x93:
            raise _Decline("a record is not a fixarray of three")
        if pos + 1 >= len(data):
            raise _NeedMore
        tag = data[pos + 1]
        if tag not in allowed:
            raise _Decline(f"tag byte {tag:#04x} out of order")
        return tag

    def record(self) -> tuple[int, int]:
        """Read the record at the cursor (its tag already checked): walk its payload, check
        the ``c4 20`` hash header and the chained hash (L2). Returns where the payload
        starts and ends; moves the cursor past the record."""
        data, rec_start = self.data, self.pos
        first = rec_start + 2
        end = _payload_end(data, first, rec_start, self.limits)
        n = len(data)
        if end < n and data[end] != 0xC4:
            raise _Decline("no bin 8 after the payload")
        if end + 1 < n and data[end + 1] != HASH_SIZE:
            raise _Decline("the hash is not 32 bytes")
        if end + HASH_TAIL > n:
            raise _NeedMore
        computed = hashlib.blake2b(self.running + data[rec_start:end], digest_size=HASH_SIZE)
        digest = computed.digest()
        if digest != data[end + 2 : end + HASH_TAIL]:
            raise _Decline("hash chain broken")
        self.running = digest
        self.pos = end + HASH_TAIL
        return first, end


def _scan(data: bytes, start: int, base: int, prev: bytes, limits: Limits) -> ScanResult:
    decode_limits = (limits.max_str_len, limits.max_bin_len, limits.max_array_len)
    if not all(0 <= value <= BIG_LIMIT for value in (*decode_limits, limits.max_map_len)):
        raise _Decline("unpackb reads a negative limit as 'derive one'")
    if limits.max_array_len < 3 or limits.max_bin_len < HASH_SIZE:
        raise _Decline("the limits reject every record")  # [tag, payload, hash] itself
    g = _Game(data, start, prev, limits)
    g.tag((TAG_HEADER,))
    first, end = g.record()
    header = _decode(data[first:end], limits)
    if type(header) is not dict or header.get("prev") != prev:
        raise _Decline("not a map, or not chained from prev")  # L4, L2
    events: list[Any] = []
    offsets: list[int] = []
    bodies: list[bytes] = []
    others: list[int] = []
    while True:
        rec_start = g.pos
        tag = g.tag((TAG_EVENT, TAG_CLAIMS))
        if tag == TAG_CLAIMS:
            break
        if len(events) >= limits.max_events:
            raise _Decline("more than max_events events")  # L6
        if rec_start - start > limits.max_game_bytes:
            raise _Decline("a game past max_game_bytes")  # L6
        first, end = g.record()
        body = data[first:end]
        if _TEMPLATES.fullmatch(body) is None:
            others.append(len(events))
        events.append(_decode(body, limits))
        offsets.append(base + rec_start)
        bodies.append(body)
    claims_at = base + g.pos
    first, end = g.record()
    claims = _decode(data[first:end], limits)
    if type(claims) is not dict:
        raise _Decline("the claims record is not a map")  # L5
    final = g.running
    close_at = base + g.pos
    g.tag((TAG_CLOSE,))
    first, end = g.record()
    close = _decode(data[first:end], limits)
    if type(close) is not dict:
        raise _Decline("the closing record is not a map")  # L2
    return (
        g.pos,
        header,
        events,
        offsets,
        claims,
        claims_at,
        close,
        close_at,
        final,
        g.running,
        b"".join(bodies),
        others,
    )


def scan_game(
    data: bytes | bytearray | memoryview, start: int, base: int, prev: bytes, limits: Limits
) -> ScanResult | int | None:
    """Read the game whose header record starts at ``data[start]``: a tuple when it is all
    there and checks, :data:`NEED_MORE` when ``data`` ends first, else ``None`` (the full
    contract is in docs/internals.md)."""
    if type(data) is bytearray or type(data) is memoryview:
        data = bytes(data)  # its bytes, as they are now
    if type(data) is not bytes:
        raise TypeError(f"data must be bytes, bytearray or memoryview, not {type(data).__name__}")
    if not 0 <= start <= len(data):
        raise ValueError(f"start {start} is outside data (length {len(data)})")
    if type(prev) is not bytes:
        raise TypeError(f"prev must be bytes, not {type(prev).__name__}")
    if len(prev) != HASH_SIZE:
        raise ValueError("prev must be 32 bytes")
    try:
        return _scan(data, start, base, prev, limits)
    except _NeedMore:
        return NEED_MORE
    except _Decline:
        return None


def blake2b_256(data: bytes) -> bytes:
    """BLAKE2b-256 of ``data`` (hashlib; the compiled scanner has its own, tested against it)."""
    return hashlib.blake2b(data, digest_size=HASH_SIZE).digest()


def chain_hash(prev: bytes, body: bytes) -> bytes:
    """One L2 chain step, BLAKE2b-256(prev ‖ body), as ``xzcore.log.records.chain`` computes it."""
    return hashlib.blake2b(prev + body, digest_size=HASH_SIZE).digest()


def same_events(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """Two event lists (recorded, replayed) the same, item by item, type for type."""
    return len(a) == len(b) and all(map(same, a, b))
