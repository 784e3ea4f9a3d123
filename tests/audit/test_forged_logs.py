"""Forged logs against the audit's quick path (the scanner, quiet_run): crafted logs
a forger could write — valid msgpack, unusual encodings or events, every hash recomputed so
that only the replay and the comparison can catch them — get the same reports from
``audit_bytes(shortcuts=True)`` as from the oracle ``audit_bytes(shortcuts=False)`` (docs/audit.md;
docs/log-format.md L1, L2, L3, L5, L6).

Laid here by hand: each event payload is encoded by :func:`enc` (minimal, or with the longer
msgpack forms a writer may choose: ``cd 00 05`` for 5, str 8 for a fixstr, map 16 …) and the
records are chained again (L2), with closing records that match (and signatures, L3).
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import random
import struct
from functools import cache
from itertools import pairwise
from typing import Any

import msgpack
import pytest

from xzcore.audit.report import audit_bytes
from xzcore.log.scan import scan_game
from xzcore.log.types import GENESIS, Limits
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet

PRESETS = ["xuezhan", "chengdu-classic", "xueliu", "leshan"]


# -- laying crafted logs ---------------------------------------------------------------------


class Dup:
    """A map written with these (key, value) pairs in this order, duplicate keys allowed."""

    def __init__(self, pairs: list[tuple[Any, Any]]) -> None:
        self.pairs = pairs


def _int(v: int, long: bool) -> bytes:
    if not long:
        if 0 <= v < 128:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
    if 0 <= v < 1 << 8:
        return b"\xcc" + bytes([v])
    if 0 <= v < 1 << 16:
        return b"\xcd" + struct.pack(">H", v)
    if 0 <= v < 1 << 64:
        return b"\xcf" + struct.pack(">Q", v)
    return b"\xd3" + struct.pack(">q", v)


def enc(v: Any, long: bool = False) -> bytes:
    """msgpack bytes of ``v``; ``long``: every int, str, array and map in a longer form than
    the minimal one (valid msgpack, decoding to the same values)."""
    if isinstance(v, Dup):
        head = b"\xde" + struct.pack(">H", len(v.pairs)) if long else bytes([0x80 | len(v.pairs)])
        return head + b"".join(enc(k, long) + enc(x, long) for k, x in v.pairs)
    if v is None or isinstance(v, bool | float | bytes):
        return msgpack.packb(v, use_bin_type=True)
    if isinstance(v, int):
        return _int(v, long)
    if isinstance(v, str):
        b = v.encode()
        if long and len(b) < 256:
            return b"\xd9" + bytes([len(b)]) + b
        return msgpack.packb(v)
    if isinstance(v, list):
        head = b"\xdc" + struct.pack(">H", len(v)) if long else msgpack.packb(v)[:1]
        if not long and len(v) >= 16:
            return msgpack.packb(v, use_bin_type=True)
        return head + b"".join(enc(x, long) for x in v)
    if isinstance(v, dict):
        if not long:
            return msgpack.packb(v, use_bin_type=True)
        return enc(Dup(list(v.items())), long)
    raise TypeError(type(v))


def _chain(prev: bytes, body: bytes) -> bytes:
    return hashlib.blake2b(prev + body, digest_size=32).digest()


Game = tuple[dict[str, Any], list[Any], Any]


def lay(games: list[Game], *, signer: Any = None, long: bool = False) -> bytes:
    """A log of ``games`` (header, event payloads — values, or bytes laid as they are —,
    claims) with a correct chain, each header's ``prev`` and matching closing records."""
    out = bytearray()
    prev = GENESIS
    for header, events, claims in games:
        run = prev

        def record(tag: int, payload: bytes) -> None:
            nonlocal run
            body = b"\x93" + bytes([tag]) + payload
            run = _chain(run, body)
            out.extend(body + b"\xc4\x20" + run)

        record(0, msgpack.packb({**header, "prev": prev}, use_bin_type=True))
        for ev in events:
            record(1, ev if isinstance(ev, bytes) else enc(ev, long))
        record(2, enc(claims, long))
        close: dict[str, Any] = {"final": run, "events": len(events), "sig": None, "key": None}
        if signer is not None:
            close["sig"] = signer.sign(run)
            close["key"] = signer.key_id
        record(3, msgpack.packb(close, use_bin_type=True))
        prev = run
    return bytes(out)


@cache
def _recorded(preset: str, games: int, bot: str, seed: int) -> bytes:
    buf = io.BytesIO()
    choosers = [bot_chooser(bot, seed * 4 + s) for s in range(4)]
    for _ in record_games(
        LogWriter(buf), RuleSet.preset(preset), games, seed=seed, choosers=choosers
    ):
        pass
    return buf.getvalue()


def games(preset: str, n: int = 2, bot: str = "greedy", seed: int = 1) -> list[Game]:
    """The games of a recorded log, decoded (fresh copies)."""
    out: list[Game] = []
    cur: list[Any] = []
    data = _recorded(preset, n, bot, seed)
    for tag, payload, _ in msgpack.Unpacker(io.BytesIO(data), raw=False):
        if tag == 0:
            cur = [payload, [], None]
        elif tag == 1:
            cur[1].append(payload)
        elif tag == 2:
            cur[2] = payload
        else:
            out.append((cur[0], cur[1], cur[2]))
    return copy.deepcopy(out)


def both(data: bytes, **kw: Any) -> list[dict[str, Any]]:
    """The reports of the fast audit, asserted equal to the oracle's."""
    fast = [r.to_dict() for r in audit_bytes(data, shortcuts=True, **kw)]
    slow = [r.to_dict() for r in audit_bytes(data, shortcuts=False, **kw)]
    assert fast == slow
    return fast


def statuses(reports: list[dict[str, Any]]) -> list[str]:
    return [r["status"] for r in reports]


def first(events: list[Any], word: str, after: int = 0) -> int:
    return next(i for i, e in enumerate(events) if i >= after and e.get("type") == word)


# -- layouts and encodings -------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_relaid_log_is_the_recorded_one(preset: str) -> None:
    """The harness itself: laid again, a recorded log is byte for byte the same, verified."""
    data = _recorded(preset, 2, "greedy", 1)
    assert lay(games(preset)) == data
    assert statuses(both(data)) == ["verified", "verified"]


@pytest.mark.parametrize("preset", PRESETS)
def test_longer_encodings_of_the_same_values(preset: str) -> None:
    """Every event and claims record in longer msgpack forms (``cd 00 05``, str 8, map 16,
    array 16), chained again: the same values, so the same verdict both ways — none of the
    events matches the scanner's templates, all go through msgpack."""
    assert statuses(both(lay(games(preset), long=True))) == ["verified", "verified"]


@pytest.mark.parametrize(
    "form",
    [
        b"\xcc\x01",  # uint 8
        b"\xcd\x00\x01",  # uint 16
        b"\xd0\x01",  # int 8
        b"\xcf" + bytes(7) + b"\x01",  # uint 64
    ],
)
def test_template_near_misses_with_long_ints(form: bytes) -> None:
    """A dahai's actor and a tsumo's ``left`` in a longer int form: not the template's
    bytes, decoded by msgpack to the same int: verified both ways."""
    gs = games("xuezhan", 1)
    evs = gs[0][1]
    d, t = first(evs, "dahai"), first(evs, "tsumo")
    dahai, tsumo = evs[d], evs[t]
    evs[d] = enc(dahai).replace(
        b"\xa5actor" + bytes([dahai["actor"]]),
        b"\xa5actor" + form[:-1] + bytes([form[-1] * dahai["actor"]]),
    )
    left = tsumo["left"]
    evs[t] = enc(tsumo).replace(b"\xa4left" + bytes([left]), b"\xa4left\xcc" + bytes([left]))
    assert msgpack.unpackb(evs[d]) == dahai and msgpack.unpackb(evs[t]) == tsumo
    assert statuses(both(lay(gs))) == ["verified"]


# -- crafted events ---------------------------------------------------------------------------


def _edit(evs: list[Any], how: str) -> None:
    """One forger's edit of a game's events."""
    d = first(evs, "dahai")
    n = first(evs, "none") if any(e.get("type") == "none" for e in evs) else d
    p = first(evs, "pon") if any(e.get("type") == "pon" for e in evs) else d
    q = first(evs, "dingque") if any(e.get("type") == "dingque" for e in evs) else d
    if how == "dup-actor":
        e = evs[d]
        evs[d] = Dup([*e.items(), ("actor", (e["actor"] + 1) % 4)])
    elif how == "dup-actor-first":
        e = evs[d]
        evs[d] = Dup([("actor", (e["actor"] + 1) % 4), *e.items()])
    elif how == "dup-type":
        evs[n] = Dup([*evs[n].items(), ("type", "pon")])
    elif how == "keys-reversed":
        for i in (d, n, p, q):
            evs[i] = dict(reversed(list(evs[i].items())))
    elif how == "baige-false":
        evs[d] = {**evs[d], "baige": False}
    elif how == "baige-true":
        evs[d] = {**evs[d], "baige": True}
    elif how == "none-extra":
        evs[n] = {**evs[n], "zz": 1}
    elif how == "none-claim-nil":
        evs[n] = {**evs[n], "claim": None}
    elif how == "none-other-tile":
        evs[n] = {**evs[n], "pai": "9s" if evs[n]["pai"] != "9s" else "1m"}
    elif how == "pon-extra":
        evs[p] = {**evs[p], "target": 9, "zz": [1]}
    elif how == "pon-other-seat":
        evs[p] = {**evs[p], "actor": (evs[p]["actor"] + 1) % 4}
    elif how == "dingque-z":
        evs[q] = {**evs[q], "suit": "z"}
    elif how == "dingque-extra":
        evs[q] = {**evs[q], "baige": False, "zz": None}
    elif how == "dingque-bin":
        evs[q] = {**evs[q], "suit": str(evs[q].get("suit", "m")).encode()}
    elif how == "actor-true":
        evs[d] = {**evs[d], "actor": True} if evs[d]["actor"] == 1 else {**evs[d], "actor": 1.0}
    elif how == "actor-negative":
        evs[d] = {**evs[d], "actor": evs[d]["actor"] - 4}
    elif how == "actor-huge":
        evs[d] = {**evs[d], "actor": evs[d]["actor"] + (1 << 64) - 4}
    elif how == "tsumogiri-int":
        evs[d] = {**evs[d], "tsumogiri": int(evs[d]["tsumogiri"])}
    elif how == "pai-bin":
        evs[d] = {**evs[d], "pai": evs[d]["pai"].encode()}
    elif how == "swap-answers":
        evs[n], evs[n - 1] = evs[n - 1], evs[n]
    elif how == "type-bin":
        evs[d] = {**evs[d], "type": b"dahai"}
    else:
        raise AssertionError(how)


EDITS = [
    "dup-actor",
    "dup-actor-first",
    "dup-type",
    "keys-reversed",
    "baige-false",
    "baige-true",
    "none-extra",
    "none-claim-nil",
    "none-other-tile",
    "pon-extra",
    "pon-other-seat",
    "dingque-z",
    "dingque-extra",
    "dingque-bin",
    "actor-true",
    "actor-negative",
    "actor-huge",
    "tsumogiri-int",
    "pai-bin",
    "swap-answers",
    "type-bin",
]

# Edits that change a value or a type the replay checks: never verified.
# Not among them: another key order (the same map), a duplicate key msgpack overrides with
# the right value (msgpack keeps the last), and a nil ``claim`` on a ``none`` (the
# comparison reads a missing key as nil) — on those only the two paths' agreement is asserted.
CAUGHT = set(EDITS) - {"keys-reversed", "dup-actor-first", "none-claim-nil"}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("how", EDITS)
def test_crafted_events_same_reports(preset: str, how: str) -> None:
    """One edited event in the second of two games (the first stays fair), every hash
    recomputed: the same reports both ways, and an edit of a value or a type is caught."""
    gs = games(preset, 2, "random", 2)
    _edit(gs[1][1], how)
    reports = both(lay(gs))
    assert reports[0]["status"] == "verified"
    if how in CAUGHT:
        assert reports[1]["status"] == "findings", reports[1]


@pytest.mark.parametrize("seed", range(6))
def test_random_edits_with_long_forms(seed: int) -> None:
    """A few random edits from the list above, in random games, some records in long forms."""
    rng = random.Random(seed)
    preset = PRESETS[seed % 4]
    gs = games(preset, 2, "random", seed + 3)
    for _ in range(3):
        evs = gs[rng.randrange(2)][1]
        # an edit that does not apply to what an earlier edit left is skipped
        with contextlib.suppress(StopIteration, AttributeError, KeyError, TypeError):
            _edit(evs, rng.choice(EDITS))
    both(lay(gs, long=seed % 2 == 1))


# -- limits, signatures, the scanner's arguments ------------------------------------------------


def _sizes(data: bytes) -> tuple[int, int, int]:
    """(events, offset of the last event from the game's start, largest record) of game 0."""
    res = scan_game(data, 0, 0, GENESIS, Limits())
    assert isinstance(res, tuple)
    starts = [0, *res[3], res[5], res[7], res[0]]
    largest = max(b - a for a, b in pairwise(starts))
    return len(res[2]), res[3][-1], largest


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic"])
def test_limits_exactly_at_and_one_below(preset: str) -> None:
    """L6 limits at exactly what the game needs (verified) and one below (unreadable)."""
    data = lay(games(preset, 1))
    n, last, largest = _sizes(data)
    at = [Limits(max_events=n), Limits(max_game_bytes=last), Limits(max_record_bytes=largest)]
    below = [
        Limits(max_events=n - 1),
        Limits(max_game_bytes=last - 1),
        Limits(max_record_bytes=largest - 1),
    ]
    for lim in at:
        assert statuses(both(data, limits=lim)) == ["verified"], lim
    for lim in below:
        assert statuses(both(data, limits=lim)) == ["unreadable"], lim
    for lim in (Limits(max_str_len=8), Limits(max_str_len=9), Limits(max_map_len=4)):
        both(data, limits=lim)


class _Stale:
    """Signs each game's final hash as ``finals`` lists it (the hash before an edit), or the
    final hash given where it lists None."""

    def __init__(self, signer: Any, finals: list[bytes | None]) -> None:
        self.key_id = signer.key_id
        self._signer = signer
        self._finals = iter(finals)

    def sign(self, final: bytes) -> bytes:
        return bytes(self._signer.sign(next(self._finals) or final))


def test_signed_games_one_edited() -> None:
    """Signed games (L3); one edited and chained again, its signature left as it was (it no
    longer checks); a game signed by another key: the same reports with a verifier."""
    from xzcore.log.signing import Signer, generate_keypair

    signer = Signer.from_pem(generate_keypair()[0])
    gs = games("xuezhan", 3, "random", 4)
    data = lay(gs, signer=signer)
    assert statuses(both(data, verifier=signer.verifier())) == ["verified"] * 3
    finals: list[bytes | None] = [r[8] for r in _scan_all(data)]
    edited = copy.deepcopy(gs)
    _edit(edited[1][1], "none-other-tile")
    stale = lay(edited, signer=_Stale(signer, [*finals[:2], None]))
    assert statuses(both(stale, verifier=signer.verifier())) == ["verified", "findings", "verified"]
    other = Signer.from_pem(generate_keypair()[0])
    assert statuses(both(lay(gs, signer=other), verifier=signer.verifier())) == ["findings"] * 3
    assert statuses(both(data)) == ["verified"] * 3  # no verifier: signatures are not read


def _scan_all(data: bytes) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    pos, prev = 0, GENESIS
    while pos < len(data):
        res = scan_game(data, pos, 0, prev, Limits())
        assert isinstance(res, tuple)
        out.append(res)
        pos, prev = res[0], res[9]
    return out
