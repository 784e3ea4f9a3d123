"""The audit's fast paths against the plain one: the fast audit must say exactly what the plain one
says (``shortcuts=False``: LogReader, ``Round.play`` for every action).

The fast paths under test: LogReader's scan (readinto into one kept buffer, template events copied
from prebuilt dicts), quiet_run (claim windows it opens and leaves to the loop; recorded
event dicts kept in the round's events when they are exactly the engine's), the one-pass
``parse_header``/``parse_close``, the compiled ``claims_of`` and ``same``, and the audit's
rule-set memory. Each test builds logs the generators of the other tests do not: the same
values in other msgpack encodings (wider ints, str8/str16, map16/array16, bin16), maps with a
repeated key, forged events of every rule preset and option that changes play (Leshan's 摆割
R13.4, 血流 R11.2, the final-round rules R5.7, 过胡 R7.4, one or several winners R5.3),
re-signed so that the hash chain (L2) holds; every report is compared as its JSON text
(type for type: ``1`` is not ``true``, key order included)."""

from __future__ import annotations

import copy
import io
import json
import random
import struct
from functools import cache
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scan_helpers import lay

import xzcore.log.reader
from xzcore.audit.compare import compare_events
from xzcore.audit.report import audit_bytes, audit_handle
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.log.types import GENESIS, claims_of, same
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("xuezhan", {}),
    ("chengdu-classic", {}),
    ("xueliu", {}),
    ("leshan", {}),
    ("leshan", {"xueliu": True}),
    ("xuezhan", {"last_round_win": "forfeit"}),
    ("xuezhan", {"last_round_scope": "discard", "last_round_tiles": 20}),
    ("xueliu", {"last_round_win": "forced", "last_round_tiles": 16}),
    ("xuezhan", {"pass_hu": "strict", "multi_ron": False}),
    ("xuezhan", {"declare_void": False}),
    ("xuezhan", {"exchange_three": True, "qianggang_payer": "all"}),
    ("xuezhan", {"scoring": "count", "cap_fan": None, "zimo_bonus": "none"}),
]
"""Rule sets whose games reach every path of the replay (R4.4, R5.3, R5.7, R6.4, R7.4, R11,
R13)."""

_SHORT = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def _log(config: int, bot: str, seed: int = 5, games: int = 4) -> bytes:
    """``games`` recorded games of ``CONFIGS[config]`` played by four ``bot`` bots."""
    preset, over = CONFIGS[config]
    buf = io.BytesIO()
    rules = RuleSet.preset(preset, **over)
    choosers = [bot_chooser(bot, s) for s in range(4)]
    for _ in record_games(LogWriter(buf), rules, games, seed=seed, choosers=choosers):
        pass
    return buf.getvalue()


def _games(data: bytes) -> list[Any]:
    reader = LogReader(io.BytesIO(data))
    out: list[Any] = []
    while (g := reader.read_game(CollectingBuilder)) is not None:
        out.append(g)
    return out


def _reports(data: bytes, **kw: Any) -> tuple[str, str]:
    """The fast and the plain audit of ``data``, as JSON text (types and key order kept)."""
    fast = [r.to_dict() for r in audit_bytes(data, shortcuts=True, **kw)]
    plain = [r.to_dict() for r in audit_bytes(data, shortcuts=False, **kw)]
    return json.dumps(fast, default=repr), json.dumps(plain, default=repr)


def _statuses(text: str) -> list[str]:
    return [r["status"] for r in json.loads(text)]


# -- the same values in other encodings (re-laid records, L1/L2) ---------------------------


class _Encoder:
    """msgpack as the spec reads it, but not always in the shortest form: each int, str,
    bin, array and map in a wider form with probability ``wide``; with ``repeat``, a map now
    and then holds one of its keys twice (msgpack keeps the last value, in the first key's
    place)."""

    def __init__(self, rng: random.Random, wide: float, repeat: float) -> None:
        self.rng, self.wide, self.repeat = rng, wide, repeat

    def _wide(self) -> bool:
        return self.rng.random() < self.wide

    def __call__(self, v: Any) -> bytes:
        t = type(v)
        if v is None or t is bool or t is float:
            return msgpack.packb(v)
        if t is int:
            if 0 <= v < 256 and self._wide():
                return self.rng.choice(
                    [
                        b"\xcc" + bytes([v]),
                        b"\xcd" + struct.pack(">H", v),
                        b"\xd1" + struct.pack(">h", v),
                    ]
                )
            if -128 <= v < 0 and self._wide():
                return b"\xd1" + struct.pack(">h", v)
            return msgpack.packb(v)
        if t is str:
            b = v.encode()
            if len(b) < 256 and self._wide():
                forms = [b"\xd9" + bytes([len(b)]), b"\xda" + struct.pack(">H", len(b))]
                return self.rng.choice(forms) + b
            return msgpack.packb(v)
        if t is bytes:
            if len(v) < 256 and self._wide():
                return b"\xc5" + struct.pack(">H", len(v)) + v
            return msgpack.packb(v, use_bin_type=True)
        if t is list:
            wide = len(v) >= 16 or self._wide()
            head = b"\xdc" + struct.pack(">H", len(v)) if wide else bytes([0x90 | len(v)])
            return head + b"".join(map(self, v))
        if t is dict:
            items = list(v.items())
            if items and self.rng.random() < self.repeat:
                k, val = self.rng.choice(items)
                twin = (k, self.rng.choice([val, 0, 1, True, None, "1m"]))
                items = [twin, *items] if self.rng.random() < 0.5 else [*items, twin]
            wide = len(items) >= 16 or self._wide()
            head = b"\xde" + struct.pack(">H", len(items)) if wide else bytes([0x80 | len(items)])
            return head + b"".join(self(k) + self(x) for k, x in items)
        raise TypeError(t)


def _relaid(data: bytes, enc: _Encoder) -> bytes:
    """Every game of ``data`` with its records encoded by ``enc``, hashes laid again."""
    out = bytearray()
    prev = GENESIS
    for n, g in enumerate(_games(data)):
        h = g.header
        header: dict[str, Any] = {
            "format": "xzlog",
            "version": list(h.version),
            "engine": h.engine,
            "game": n,
            "prev": prev,
            "rules": h.rules,
            "seats": list(h.seats),
            "dealer": h.dealer,
            "wall": h.wall,
            "seed": h.seed,
        }
        if h.extra:
            header["extra"] = h.extra
        records = [(b"\x93\x00", enc(header))]
        records += [(b"\x93\x01", enc(e)) for e in g.events]
        records.append((b"\x93\x02", enc(g.claims)))
        body = lay(records, prev)
        final = body[-32:]
        close = {"final": final, "events": len(g.events), "sig": None, "key": None}
        game = body + lay([(b"\x93\x03", enc(close))], final)
        out += game
        prev = game[-32:]
    return bytes(out)


@_SHORT
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    bot=st.sampled_from(["greedy", "random"]),
    seed=st.integers(0, 2**32),
    wide=st.sampled_from([0.0, 0.05, 0.3, 1.0]),
)
def test_the_same_values_in_other_encodings_are_verified_both_ways(
    config: int, bot: str, seed: int, wide: float
) -> None:
    """Wider ints, str8/str16, bin16, array16 and map16 hold the same values: the fast
    reader's templates (exact bytes) do not match them, msgpack decodes them, and the audit
    of every game is ``verified`` on both paths, word for word the same report."""
    data = _relaid(_log(config, bot), _Encoder(random.Random(seed), wide, 0.0))
    fast, plain = _reports(data)
    assert fast == plain
    assert set(_statuses(fast)) == {"verified"}


@_SHORT
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    bot=st.sampled_from(["greedy", "random"]),
    seed=st.integers(0, 2**32),
    repeat=st.sampled_from([0.01, 0.05, 0.2]),
)
def test_maps_with_a_repeated_key_same_report(
    config: int, bot: str, seed: int, repeat: float
) -> None:
    """A map that names a key twice (msgpack: the last value, the first key's place) in any
    record: the fast and the plain audit give the same report."""
    data = _relaid(_log(config, bot), _Encoder(random.Random(seed), 0.1, repeat))
    fast, plain = _reports(data)
    assert fast == plain


# -- forged events, re-signed by the writer ------------------------------------------------

ODD: list[Any] = [0, 1, -1, 4, 2.0, True, False, None, "", "1m", "9s", [], {}, 2**64 - 1, b"x"]
WORDS = ["dahai", "none", "pon", "daiminkan", "kakan", "hora", "tsumo", "gang_payment"]


def _mutate(events: list[Any], rng: random.Random) -> list[Any]:
    """One edit of a copy of ``events``: an event's key order, a key added, removed or
    retyped, another tile, actor or type, an event removed, repeated or moved, a transfer's
    units at int64's limits, a score's field, a claim word, a 摆割 mark."""
    ev = copy.deepcopy(events)
    i = rng.randrange(len(ev))
    e = ev[i]
    k = rng.choice(list(e))
    op = rng.randrange(16)
    if op == 0:
        ev[i] = dict(reversed(list(e.items())))
    elif op == 1:
        e[rng.choice(["extra", "baige", "claim", "rinshan"])] = rng.choice(ODD)
    elif op == 2:
        v = e[k]
        e[k] = int(v) if type(v) is bool else float(v) if type(v) is int else v
    elif op == 3:
        del e[k]
    elif op == 4 and "pai" in e:
        e["pai"] = rng.choice(NAMES)
    elif op == 5 and "actor" in e:
        e["actor"] = rng.randrange(4)
    elif op == 6:
        del ev[i]
    elif op == 7:
        ev.insert(i, copy.deepcopy(e))
    elif op == 8 and i + 1 < len(ev):
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
    elif op == 9:
        e["type"] = rng.choice(WORDS)
    elif op == 10:
        e[k] = rng.choice(ODD)
    elif op == 11 and "tsumogiri" in e:
        e["tsumogiri"] = not e["tsumogiri"]
    elif op == 12 and e.get("transfers"):
        t = rng.choice(e["transfers"])
        t["units"] = rng.choice([t["units"] + 1, 2**63 - 1, -(2**63), 2**64 - 1, True])
    elif op == 13 and type(e.get("score")) is dict and e["score"]:
        s = e["score"]
        key = rng.choice(list(s))
        s[key] = rng.choice([*ODD, s[key]])
    elif op == 14:
        e["type"] = "dahai"
        e["baige"] = rng.choice([True, False, 0, 1])
    else:
        e["claim"] = rng.choice(["pon", "hora", None, "none"])
    return ev


def _packs(value: Any) -> bool:
    try:
        msgpack.packb(value)
    except (OverflowError, TypeError, ValueError):
        return False
    return True


def _forged(data: bytes, rng: random.Random, edits: int) -> bytes:
    """Each game of ``data`` with ``edits`` edits, its claims record as recorded or as the
    edited events make it, re-signed (LogWriter)."""
    out = io.BytesIO()
    w = LogWriter(out)
    for g in _games(data):
        h = g.header
        events = g.events
        for _ in range(edits):
            events = _mutate(events, rng)
        claims = g.claims if rng.random() < 0.5 else claims_of(events)
        if not _packs(claims):
            claims = g.claims
        w.begin_game(rules=h.rules, wall=h.wall, dealer=h.dealer, seats=list(h.seats), seed=h.seed)
        for e in events:
            w.write_event(e)
        w.write_claims(claims)
        w.end_game()
    return out.getvalue()


@_SHORT
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    bot=st.sampled_from(["greedy", "random"]),
    seed=st.integers(0, 2**32),
    edits=st.integers(1, 2),
)
def test_forged_logs_same_report(config: int, bot: str, seed: int, edits: int) -> None:
    """Forged games of every preset and option, re-signed: the same report both ways."""
    data = _forged(_log(config, bot), random.Random(seed), edits)
    fast, plain = _reports(data)
    assert fast == plain


# -- the recorded events the replay keeps --------------------------------------------------


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_the_replay_leaves_the_recorded_events_as_they_were(config: int) -> None:
    """quiet_run appends recorded event dicts themselves to the round's events: the replay
    must change none of them (nor any other), and find what the plain replay finds."""
    for bot in ("greedy", "random"):
        for g in _games(_log(config, bot)):
            before = copy.deepcopy(g.events)
            events = copy.deepcopy(g.events)
            got = compare_events("f", 0, g.header, events, [0] * len(events), shortcuts=True)
            assert same(events, before)
            plain = compare_events("f", 0, g.header, before, [0] * len(before), shortcuts=False)
            assert got.findings == plain.findings == []
            assert got.replayed and plain.replayed


def test_a_baige_discard_without_its_mark_is_found_both_ways() -> None:
    """R13.4: the engine marks the discard of a 摆割 (``"baige": True``, the one event it
    edits after appending it). A log whose discard lacks the mark — now a plain discard's
    exact shape, the fast reader's template — must not be verified on either path."""
    config = CONFIGS.index(("leshan", {}))
    data = _log(config, "greedy", seed=3, games=6)
    out = io.BytesIO()
    w = LogWriter(out)
    edited = 0
    for g in _games(data):
        h = g.header
        events = copy.deepcopy(g.events)
        at = [i + 1 for i, e in enumerate(events) if e["type"] == "baige"]
        for i in at:
            assert events[i]["type"] == "dahai" and events[i].pop("baige") is True
            edited += 1
        w.begin_game(rules=h.rules, wall=h.wall, dealer=h.dealer, seats=list(h.seats), seed=h.seed)
        for e in events:
            w.write_event(e)
        w.write_claims(g.claims)
        w.end_game()
    assert edited
    fast, plain = _reports(out.getvalue())
    assert fast == plain
    games = _games(data)
    touched = [any(e["type"] == "baige" for e in g.events) for g in games]
    assert [s != "verified" for s in _statuses(fast)] == touched


# -- a handle that returns short reads -----------------------------------------------------


class _ShortReads(io.RawIOBase):
    """A raw stream whose ``readinto`` returns fewer bytes than asked, at random."""

    def __init__(self, data: bytes, seed: int) -> None:
        self._data = data
        self._pos = 0
        self._rng = random.Random(seed)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        want = self._rng.choice([1, 7, 100, 4096, 50_000, len(buf)])
        n = min(len(buf), want, len(self._data) - self._pos)
        buf[:n] = self._data[self._pos : self._pos + n]
        self._pos += n
        return n

    def seek(self, offset: int, whence: int = 0) -> int:
        base = (0, self._pos, len(self._data))[whence]
        self._pos = base + offset
        return self._pos

    def tell(self) -> int:
        return self._pos


@pytest.mark.parametrize("block", [4096, 20_000, 1 << 20])
@pytest.mark.parametrize("config", [0, 3])
def test_short_reads_into_the_kept_buffer(
    monkeypatch: pytest.MonkeyPatch, block: int, config: int
) -> None:
    """A standard BufferedReader over a stream of short reads (LogReader reads into its
    kept bytearray, a game spanning several reads and blocks), edited games among them: the
    same reports as the plain reader over the whole bytes."""
    data = _forged(_log(config, "random"), random.Random(block), 1) + _log(config, "greedy")
    monkeypatch.setattr(xzcore.log.reader, "BLOCK_SIZE", block)
    plain = [r.to_dict() for r in audit_handle(io.BytesIO(data), path="f", shortcuts=False)]
    for seed in range(3):
        handle = io.BufferedReader(_ShortReads(data, seed), buffer_size=3000)
        fast = [r.to_dict() for r in audit_handle(handle, path="f")]
        assert json.dumps(fast, default=repr) == json.dumps(plain, default=repr)
