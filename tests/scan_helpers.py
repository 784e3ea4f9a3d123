"""Shared by the scanner tests: both backends, hand-laid records with a correct hash chain,
and the oracle — reading record by record (LogReader(scan=False) + CollectingBuilder) with
the same limits."""

from __future__ import annotations

import hashlib
import importlib
import io
import os
from dataclasses import dataclass
from itertools import pairwise
from types import ModuleType
from typing import Any

import msgpack
import pytest

from xzcore.log.reader import Close, CollectingBuilder, Game, LogReader
from xzcore.log.types import (
    GENESIS,
    Limits,
    Location,
    LogFormatError,
    Match,
    parse_close,
    parse_header,
)
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games, record_match
from xzcore.rules import RuleSet

SCANNERS = {"cython": "xzcore.log._scan", "python": "xzcore.log._scan_twin"}


def load_scanner(name: str) -> ModuleType:
    """One scanner backend; the compiled one is skipped when not built (unless
    XZ_REQUIRE_COMPILED=1, where a missing extension fails)."""
    try:
        return importlib.import_module(SCANNERS[name])
    except ImportError:
        if name == "cython" and not os.environ.get("XZ_REQUIRE_COMPILED"):
            pytest.skip("compiled scanner xzcore.log._scan is not built")
        raise


# -- recorded logs ---------------------------------------------------------------------------


def _writer(buf: io.BytesIO, games: int, bound: bool, signer: Any) -> LogWriter:
    """A format 1.0 writer, or with ``bound`` a 1.1 one (a match of ``games`` planned, L8)."""
    match = Match(bytes(range(16)), planned=games) if bound else None
    return LogWriter(buf, signer=signer, match=match)


def recorded(
    preset: str,
    games: int,
    bot: str = "greedy",
    seed: int = 1,
    *,
    bound: bool = False,
    signer: Any = None,
) -> bytes:
    """A log of ``games`` games played by seeded bots under ``preset`` (format 1.1 with
    ``bound``: the games of one match)."""
    buf = io.BytesIO()
    choosers = [bot_chooser(bot, seed * 4 + s) for s in range(4)]
    rules = RuleSet.preset(preset)
    writer = _writer(buf, games, bound, signer)
    for _ in record_games(writer, rules, games, seed=seed, choosers=choosers):
        pass
    return buf.getvalue()


def recorded_match(rounds: int, seed: int = 3, *, bound: bool = False) -> bytes:
    """A match (headers with ``extra``), random bots."""
    buf = io.BytesIO()
    writer = _writer(buf, rounds, bound, None)
    for _ in record_match(writer, RuleSet.preset("xuezhan"), rounds, seed=seed):
        pass
    return buf.getvalue()


# -- hand-laid records -----------------------------------------------------------------------


def chain(prev: bytes, body: bytes) -> bytes:
    """L2, as hashlib computes it."""
    return hashlib.blake2b(prev + body, digest_size=32).digest()


def lay(records: list[tuple[bytes, bytes]], prev: bytes = GENESIS) -> bytes:
    """Records ``(opener and tag bytes, payload bytes)`` with correct hashes (c4 20 + 32)."""
    out = bytearray()
    running = prev
    for head, payload in records:
        body = head + payload
        running = chain(running, body)
        out += body + b"\xc4\x20" + running
    return bytes(out)


def header_payload(prev: bytes = GENESIS, **fields: Any) -> bytes:
    """A valid header (L4) packed, chained from ``prev``."""
    header: dict[str, Any] = {
        "format": "xzlog",
        "version": [1, 0],
        "engine": "xzcore test",
        "game": 0,
        "prev": prev,
        "rules": {"scoring": "table"},
        "seats": ["a", "b", "c", "d"],
        "dealer": 0,
        "wall": bytes(k // 4 for k in range(108)),
        "seed": None,
    }
    header.update(fields)
    return msgpack.packb(header, use_bin_type=True)


def game_bytes(
    events: list[bytes],
    prev: bytes = GENESIS,
    *,
    event_head: bytes = b"\x93\x01",
    header: bytes | None = None,
) -> bytes:
    """A whole game with these raw event payloads, every hash and the closing record's
    ``final`` and ``events`` correct."""
    head = lay([(b"\x93\x00", header if header is not None else header_payload(prev))], prev)
    running = head[-32:]
    body = lay([(event_head, e) for e in events], running) if events else b""
    running = body[-32:] if events else running
    claims = lay([(b"\x93\x02", msgpack.packb({"totals": [0, 0, 0, 0]}))], running)
    final = claims[-32:]
    close = {"final": final, "events": len(events), "sig": None, "key": None}
    return head + body + claims + lay([(b"\x93\x03", msgpack.packb(close))], final)


# -- the oracle ------------------------------------------------------------------------------


@dataclass
class RecordRead:
    """One game as reading record by record reads it, with where it ends and its last hash."""

    game: Game
    close_at: int | None
    end: int
    last: bytes | None


class _Recorder(CollectingBuilder):
    def __init__(self) -> None:
        super().__init__()
        self.close_at: int | None = None

    def visit_close(self, close: Close, location: Location) -> None:
        super().visit_close(close, location)
        self.close_at = location.offset


def read_records(data: bytes, limits: Limits | None = None) -> list[RecordRead]:
    """Every game of ``data`` read by LogReader + CollectingBuilder."""
    reader = LogReader(io.BytesIO(data), limits=limits or Limits(), scan=False)
    out: list[RecordRead] = []
    while True:
        visitor = _Recorder()
        game = reader.read_game(visitor)
        if game is None:
            return out
        out.append(RecordRead(game, visitor.close_at, reader.offset, reader.last_hash))


def same(a: Any, b: Any) -> bool:
    """Equal, type for type (a bool is not an int), map key order included. Iterative: the
    payloads under test nest a thousand deep."""
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            if len(x) != len(y):
                return False
            todo.extend(zip(list(x), list(y), strict=True))
            todo.extend(zip(x.values(), y.values(), strict=True))
        elif isinstance(x, list | tuple):
            if len(x) != len(y):
                return False
            todo.extend(zip(x, y, strict=True))
        elif isinstance(x, float) and x != x:
            if y == y:
                return False
        elif x != y:
            return False
    return True


def caller_accepts(res: tuple[Any, ...]) -> bool:
    """The checks the contract leaves to the caller: the header's and the closing record's
    fields (L4, L7, L2, L3) and the closing record's ``final`` and ``events``."""
    try:
        header = parse_header(res[1], Location())
        close = parse_close(res[6], Location(), header)
    except LogFormatError:
        return False
    return close.final == res[8] and close.events == len(res[2])


def expected_bodies(data: bytes, base: int, offsets: list[int], claims_at: int) -> bytes:
    """The event payload bytes, cut from ``data`` by the record offsets (L1 layout)."""
    return b"".join(event_payloads(data, base, offsets, claims_at))


TEMPLATES = {  # key -> value type, in the order of the template
    "dahai": {"type": str, "actor": int, "pai": str, "tsumogiri": bool},
    "tsumo": {"type": str, "actor": int, "pai": str, "rinshan": bool, "left": int},
}
TILES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]


def is_template(payload: bytes) -> bool:
    """The oracle of ``others``, by what the payload decodes to: a dahai or tsumo with
    exactly the template's keys in order and values of its types, actor 0-3, a suited tile,
    ``left`` 0-127 — that msgpack packs into exactly these bytes (no wider encoding)."""
    try:
        event = msgpack.unpackb(payload)
    except Exception:  # msgpack raises several types
        return False
    if type(event) is not dict or type(event.get("type")) is not str:
        return False
    if event["type"] not in TEMPLATES:
        return False
    kinds = TEMPLATES[event["type"]]
    return (
        list(event) == list(kinds)
        and all(type(event[k]) is t for k, t in kinds.items())
        and event["actor"] in range(4)
        and event["pai"] in TILES
        and event.get("left", 0) in range(128)
        and msgpack.packb(event) == payload
    )


def event_payloads(data: bytes, base: int, offsets: list[int], claims_at: int) -> list[bytes]:
    """Each event's payload bytes, cut from ``data`` by the record offsets (L1 layout)."""
    starts = [o - base for o in offsets] + [claims_at - base]
    return [data[s + 2 : nxt - 34] for s, nxt in pairwise(starts)]


def assert_matches(
    res: tuple[Any, ...], by_records: RecordRead, data: bytes, base: int = 0
) -> None:
    """A tuple the caller accepts: reading record by record read the same game, with no
    error, no finding and equal values; ``others`` lists exactly the events not of a
    template shape."""
    (end, header, events, offsets, claims, claims_at, close, close_at, final, last, bodies) = res[
        :11
    ]
    others = res[11]
    g = by_records.game
    assert g.complete and not g.errors, g.errors
    assert parse_header(header, Location()) == g.header
    assert same(events, g.events)
    assert offsets == g.event_offsets
    assert same(claims, g.claims) and claims_at == g.claims_offset
    assert g.close is not None and parse_close(close, Location(), g.header) == g.close
    assert close_at == by_records.close_at
    assert final == g.close.final and type(final) is bytes
    assert last == by_records.last and type(last) is bytes
    assert base + end == by_records.end
    assert type(bodies) is bytes and bodies == expected_bodies(data, base, offsets, claims_at)
    payloads = event_payloads(data, base, offsets, claims_at)
    assert type(others) is list and len(res) == 12
    assert others == [i for i, p in enumerate(payloads) if not is_template(p)]


def check_first_game(scanners: list[ModuleType], data: bytes, limits: Limits | None = None) -> Any:
    """Scan the first game of ``data`` with every backend: all give the same answer (type for
    type); a tuple the caller accepts is what reading record by record reads, a tuple it
    rejects is a game that reading reports a problem in. Returns the answer."""
    limits = limits or Limits()
    answers = [s.scan_game(data, 0, 0, GENESIS, limits) for s in scanners]
    for other in answers[1:]:
        assert same(answers[0], other)
    res = answers[0]
    if isinstance(res, tuple):
        by_records = read_records(data, limits)
        if caller_accepts(res):
            assert_matches(res, by_records[0], data)
        else:
            assert by_records[0].game.errors
    return res
