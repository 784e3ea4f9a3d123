"""Values and errors of the ``.xzlog`` format (docs/log-format.md): constants, limits,
locations, the error tree, and the checked header and closing records.

Kept apart from :mod:`xzcore.log.reader` (writer, reader, visitors) so that both the reader and the
record stream can use them without importing each other.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from xzcore.errors import LogError, LogFormatError, LogIntegrityError, LogVersionError

__all__ = [
    "CLOSE_FIELDS",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "GENESIS",
    "HASH_SIZE",
    "LEGACY_VERSION",
    "MATCH_ID_SIZE",
    "TAG_CLAIMS",
    "TAG_CLOSE",
    "TAG_EVENT",
    "TAG_HEADER",
    "Close",
    "Header",
    "Limits",
    "Location",
    "LogError",
    "LogFormatError",
    "LogIntegrityError",
    "LogVersionError",
    "Match",
    "claims_of",
    "net_of",
    "parse_close",
    "parse_header",
    "same",
]

FORMAT_NAME = "xzlog"
"""The ``format`` field of every header (L4)."""
FORMAT_VERSION = (1, 1)
"""(major, minor) of the newest format this version reads and writes (L7): a log of a newer
minor is read too, its unknown fields ignored."""
LEGACY_VERSION = (1, 0)
"""The version :class:`xzcore.log.writer.LogWriter` writes when it is given no
:class:`Match` (L7, L8.10): no match, no last mark, the signature of the final hash alone."""
KNOWN_MAJORS = (1,)
MATCH_ID_SIZE = 16
"""Bytes of a match id (L8.1): random, written by the writer."""
HASH_SIZE = 32
"""BLAKE2b digest size of the running hash (L2)."""
GENESIS = bytes(HASH_SIZE)
"""The ``prev`` of a file's first game: 32 zero bytes (L2)."""

TAG_HEADER = 0
TAG_EVENT = 1
TAG_CLAIMS = 2
TAG_CLOSE = 3
TAG_NAMES = {TAG_HEADER: "header", TAG_EVENT: "event", TAG_CLAIMS: "claims", TAG_CLOSE: "close"}


@dataclass(frozen=True)
class Limits:
    """Bounds on what the reader accepts (L6): memory stays bounded whatever the input."""

    max_record_bytes: int = 1 << 20
    """Largest record (bytes); also bounds the unpacker's buffer."""
    max_array_len: int = 4096
    max_map_len: int = 256
    max_str_len: int = 4096
    max_bin_len: int = 4096
    max_events: int = 20_000
    """Events in one game (a real round has a few hundred at most)."""
    max_game_bytes: int = 16 << 20
    """Bytes in one game (a real round takes about 12 KB): bounds what a visitor holds."""
    chunk_size: int = 1 << 16
    """Bytes read from the handle at a time."""

    def __post_init__(self) -> None:
        """Every limit an exact int from 0 to 2**62 (the compiled scan's integers), and
        ``chunk_size`` at least 1: anything else is refused here, so the scan and the record
        stream never meet a limit they would read differently."""
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= _LIMIT_MAX:
                raise ValueError(f"Limits.{name} must be an int from 0 to 2**62, not {value!r}")
        if self.chunk_size < 1:
            raise ValueError("Limits.chunk_size must be at least 1")


_LIMIT_MAX = 1 << 62


class Location(NamedTuple):
    """Where something is in a log: file, game (0-based), event index (0-based, ``None`` for
    the header/claims/closing records), byte offset of the record, record index in the game.

    Said to people, the game is counted from 1, as ``xz audit`` and ``xz replay --game``
    count them; :meth:`to_dict` keeps the index.

    >>> str(Location("a.xzlog", 0, 66, 17932))
    'a.xzlog, game 1, event 66, byte 17932'

    A named tuple: the reader makes one per record, so it must be cheap.
    """

    path: str = ""
    game: int | None = None
    event: int | None = None
    offset: int | None = None
    record: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.path:
            parts.append(self.path)
        if self.game is not None:
            parts.append(f"game {self.game + 1}")
        if self.event is not None:
            parts.append(f"event {self.event}")
        if self.offset is not None:
            parts.append(f"byte {self.offset}")
        return ", ".join(parts) or "<log>"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON reports."""
        return {
            "path": self.path,
            "game": self.game,
            "event": self.event,
            "offset": self.offset,
        }


@dataclass(frozen=True)
class Header:
    """A game's header record (L4), checked for types and shapes."""

    version: tuple[int, int]
    engine: str
    game: int
    prev: bytes
    rules: dict[str, Any]
    seats: tuple[str, ...]
    dealer: int
    wall: bytes
    seed: int | None
    extra: dict[str, Any] = field(default_factory=dict)
    match: bytes | None = None
    """Format 1.1 (L8.1): the id of the match the game belongs to, the game's index in it
    being ``game``; ``None`` for a game bound to no match (a 1.0 log)."""
    planned: int | None = None
    """Format 1.1 (L8.1): how many games the match is planned to hold, when the writer knows."""


@dataclass(frozen=True)
class Close:
    """A game's closing record: its final hash, event count and optional signature (L2, L3);
    in format 1.1 also whether the game is its match's last (L8.1)."""

    final: bytes
    events: int
    sig: bytes | None
    key: bytes | None
    last: bool | None = None
    """Format 1.1: the game is marked as the last of its match; ``None`` in a 1.0 log."""
    seal: bytes | None = None
    """Format 1.1: the signature of the whole closing record (L3); ``None`` when unsigned."""
    unknown: tuple[str, ...] = ()
    """Fields of the record that its format version does not define, in order (L8.9)."""


@dataclass(frozen=True)
class Match:
    """What a writer binds each game of a log to (format 1.1, L8): the match's random id and,
    when known, how many games it is planned to hold.

    >>> Match(bytes(16), planned=3).planned
    3
    >>> len(Match.new().id)
    16
    """

    id: bytes
    planned: int | None = None

    def __post_init__(self) -> None:
        if type(self.id) is not bytes or len(self.id) != MATCH_ID_SIZE:
            raise ValueError(f"a match id is {MATCH_ID_SIZE} bytes, not {self.id!r}")
        if self.planned is not None and not (_int(self.planned) and self.planned >= 1):
            raise ValueError(f"planned must be an int >= 1 or None, not {self.planned!r}")

    @classmethod
    def new(cls, planned: int | None = None) -> Match:
        """A match with a fresh random id (``os.urandom``)."""
        return cls(os.urandom(MATCH_ID_SIZE), planned)


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (a wrong type is a
    finding). Python's ``==`` says ``2.0 == 2`` and ``False == 0``, so a claimed multiplier
    2.0 or 根 ``False`` would pass for the int the rules give; here bool is not int and float
    is not int. Maps compare by keys and values whatever their order.

    The one definition: the twin of the compiled ``same`` that :mod:`xzcore.log.scan` selects
    for the audit."""
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if ta is list or ta is tuple:
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(
    payload: Mapping[str, Any], key: str, ok: bool, what: str, loc: Location, rule: str = "L4"
) -> None:
    if not ok:
        got = payload.get(key, "<missing>")
        shown = repr(got)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        raise LogFormatError(f"header field {key!r} must be {what}, found {shown}", loc, rule=rule)


_WALL_KINDS = bytes(range(27))
"""The byte values of a wall's tile kinds (L4): deleting them from a good wall leaves nothing."""


def parse_header(payload: Any, loc: Location) -> Header:
    """Check a header payload (L4, L7) and return it as a :class:`Header`."""
    header = _good_header(payload)
    if header is not None:
        return header
    return _parse_header(payload, loc)


def _good_header(p: Any) -> Header | None:
    """The :class:`Header` of a payload every check of :func:`_parse_header` passes, each
    field of the exact type the decoder makes (one pass, no error built); else ``None``, and
    :func:`_parse_header` checks it field by field, giving the same Header or the error."""
    if type(p) is not dict:
        return None
    fmt, v, engine, game = p.get("format"), p.get("version"), p.get("engine"), p.get("game")
    prev, rules, seats, dealer = p.get("prev"), p.get("rules"), p.get("seats"), p.get("dealer")
    wall, seed, extra = p.get("wall"), p.get("seed"), p.get("extra", {})
    if not (
        type(fmt) is str
        and fmt == FORMAT_NAME
        and type(v) is list
        and len(v) == 2
        and type(v[0]) is int
        and type(v[1]) is int
        and v[0] in KNOWN_MAJORS
        and type(engine) is str
        and type(game) is int
        and game >= 0
        and type(prev) is bytes
        and len(prev) == HASH_SIZE
        and type(rules) is dict
        and type(seats) is list
        and len(seats) == 4
        and all(type(s) is str for s in seats)
        and type(dealer) is int
        and 0 <= dealer <= 3
        and type(wall) is bytes
        and len(wall) == 108
        and not wall.translate(None, _WALL_KINDS)
        and (seed is None or type(seed) is int)
        and type(extra) is dict
    ):
        return None
    match = planned = None
    if v[1] >= 1:  # format 1.1 (L8.1)
        match, planned = p.get("match"), p.get("planned")
        if not (
            (match is None or (type(match) is bytes and len(match) == MATCH_ID_SIZE))
            and (planned is None or (type(planned) is int and planned >= 1))
        ):
            return None
    return Header(
        version=(v[0], v[1]),
        engine=engine,
        game=game,
        prev=prev,
        rules=rules,
        seats=tuple(seats),
        dealer=dealer,
        wall=wall,
        seed=seed,
        extra=extra,
        match=match,
        planned=planned,
    )


def _parse_header(payload: Any, loc: Location) -> Header:
    """:func:`parse_header` check by check: the first that fails raises its error."""
    if not isinstance(payload, dict):
        raise LogFormatError("the header must be a map", loc, rule="L4")
    p = payload
    if p.get("format") != FORMAT_NAME:
        raise LogVersionError(
            f"not an xzlog header (format {p.get('format')!r}, expected {FORMAT_NAME!r})",
            loc,
            rule="L7",
        )
    v: Any = p.get("version")
    if not (isinstance(v, list) and len(v) == 2 and all(_int(x) for x in v)):
        raise LogVersionError(f"bad version field {v!r} (expected [major, minor])", loc, rule="L7")
    if v[0] not in KNOWN_MAJORS:
        raise LogVersionError(
            f"unsupported format version {v[0]}.{v[1]} (this reader knows major "
            f"{', '.join(map(str, KNOWN_MAJORS))})",
            loc,
            rule="L7",
        )
    _need(p, "engine", isinstance(p.get("engine"), str), "a string", loc)
    _need(p, "game", _int(p.get("game")) and p["game"] >= 0, "an integer >= 0", loc)
    prev: Any = p.get("prev")
    _need(p, "prev", isinstance(prev, bytes) and len(prev) == HASH_SIZE, "32 bytes", loc)
    _need(p, "rules", isinstance(p.get("rules"), dict), "a map of rule options", loc)
    seats: Any = p.get("seats")
    _need(
        p,
        "seats",
        isinstance(seats, list) and len(seats) == 4 and all(isinstance(s, str) for s in seats),
        "a list of 4 names",
        loc,
    )
    dealer: Any = p.get("dealer")
    _need(p, "dealer", _int(dealer) and 0 <= dealer <= 3, "a seat 0-3", loc)
    wall: Any = p.get("wall")
    _need(
        p,
        "wall",
        isinstance(wall, bytes) and len(wall) == 108 and max(wall, default=0) <= 26,
        "108 tile kinds 0-26 as bytes",
        loc,
    )
    seed: Any = p.get("seed")
    _need(p, "seed", seed is None or _int(seed), "an integer or nil", loc)
    extra: Any = p.get("extra", {})
    _need(p, "extra", isinstance(extra, dict), "a map", loc)
    match: Any = None
    planned: Any = None
    if v[1] >= 1:  # format 1.1 (L8.1)
        match, planned = p.get("match"), p.get("planned")
        ok = match is None or (isinstance(match, bytes) and len(match) == MATCH_ID_SIZE)
        _need(p, "match", ok, f"{MATCH_ID_SIZE} bytes or nil (format 1.1)", loc, rule="L8.1")
        ok = planned is None or (_int(planned) and planned >= 1)
        _need(p, "planned", ok, "an integer >= 1 or nil (format 1.1)", loc, rule="L8.1")
    return Header(
        version=(v[0], v[1]),
        engine=p["engine"],
        game=p["game"],
        prev=prev,
        rules=p["rules"],
        seats=tuple(seats),
        dealer=dealer,
        wall=wall,
        seed=seed,
        extra=extra,
        match=match,
        planned=planned,
    )


CLOSE_FIELDS = {
    (1, 0): frozenset({"final", "events", "sig", "key"}),
    (1, 1): frozenset({"final", "events", "last", "sig", "key", "seal"}),
}
"""The fields of a closing record by format version (L2, L3, L8.1); anything else in the
record of a version up to :data:`FORMAT_VERSION` is reported (L8.9)."""
_FIELDS_10, _FIELDS_11 = CLOSE_FIELDS[(1, 0)], CLOSE_FIELDS[(1, 1)]


def parse_close(payload: Any, loc: Location, header: Header | None = None) -> Close:
    """Check a closing record's payload (L2, L3; from format 1.1, L8.1) and return it as a
    :class:`Close`. ``header`` is the game's (``None``: a 1.0 game): from version 1.1 the
    record may hold ``last``, which a game bound to a match must."""
    if type(payload) is dict:  # one pass over a good one, fields of the decoder's exact types
        final, events = payload.get("final"), payload.get("events")
        sig, key = payload.get("sig"), payload.get("key")
        if (
            type(final) is bytes
            and len(final) == HASH_SIZE
            and type(events) is int
            and events >= 0
            and (sig is None or (type(sig) is bytes and len(sig) == 64))
            and (key is None or (type(key) is bytes and len(key) == 8))
        ):
            # every field present (final and events are, by their types) and no other
            n = len(payload) - ("sig" in payload) - ("key" in payload)
            if header is None or header.version[1] < 1:
                if n == 2:
                    return Close(final=final, events=events, sig=sig, key=key)
            else:
                last, seal = payload.get("last"), payload.get("seal")
                if (
                    type(last) is bool
                    and n == 4
                    and "seal" in payload
                    and (seal is None or (type(seal) is bytes and len(seal) == 64))
                ):
                    return Close(final=final, events=events, sig=sig, key=key, last=last, seal=seal)
    return _parse_close(payload, loc, header)


def _parse_close(payload: Any, loc: Location, header: Header | None = None) -> Close:
    """:func:`parse_close` check by check: the first that fails raises its error."""
    if not isinstance(payload, dict):
        raise LogFormatError("the closing record must be a map", loc, rule="L2")
    final: Any = payload.get("final")
    events: Any = payload.get("events")
    sig: Any = payload.get("sig")
    key: Any = payload.get("key")
    if not (isinstance(final, bytes) and len(final) == HASH_SIZE):
        raise LogFormatError("closing record: 'final' must be 32 bytes", loc, rule="L2")
    if not (_int(events) and events >= 0):
        raise LogFormatError("closing record: 'events' must be an integer >= 0", loc, rule="L2")
    if not (sig is None or (isinstance(sig, bytes) and len(sig) == 64)):
        raise LogFormatError("closing record: 'sig' must be 64 bytes or nil", loc, rule="L3")
    if not (key is None or (isinstance(key, bytes) and len(key) == 8)):
        raise LogFormatError("closing record: 'key' must be 8 bytes or nil", loc, rule="L3")
    last: Any = None
    seal: Any = None
    known = _FIELDS_10
    if header is not None and header.version[1] >= 1:
        known = _FIELDS_11
        seal = payload.get("seal")
        if not (seal is None or (isinstance(seal, bytes) and len(seal) == 64)):
            raise LogFormatError("closing record: 'seal' must be 64 bytes or nil", loc, rule="L3")
        last = payload.get("last")
        if last is None and header.match is None:
            pass  # a game bound to no match need not say (L8.10)
        elif type(last) is not bool:
            raise LogFormatError(
                f"closing record: 'last' must be true or false (format 1.1), found {last!r}",
                loc,
                rule="L8.1",
            )
    unknown = tuple(k if type(k) is str else repr(k) for k in payload if k not in known)
    return Close(
        final=final,
        events=events,
        sig=sig,
        key=key,
        last=last,
        seal=seal,
        unknown=unknown,
    )


def net_of(transfers: Any) -> list[int] | None:
    """Net units per seat of a list of transfer maps; ``None`` if any is malformed."""
    net = [0, 0, 0, 0]
    if type(transfers) is not list:
        return None
    for t in transfers:
        if type(t) is not dict:
            return None
        payer, payee, units = t.get("payer"), t.get("payee"), t.get("units")
        if not (type(payer) is int and type(payee) is int and type(units) is int) or not (
            0 <= payer < 4 and 0 <= payee < 4
        ):
            return None
        net[payer] -= units
        net[payee] += units
    return net


def claims_of(events: Sequence[Any], only: Sequence[int] | None = None) -> dict[str, Any]:
    """The claims record (L5) of an event stream: each win's figures, the number of
    transfers, each seat's total and the next dealer. Entries that are not events, or
    malformed transfers and scores, count for nothing (the replay reports them).

    ``only``: the indices of the events to look at, in order, when the others are known to
    hold no transfers and to be neither a win nor the round's end — a scanned game's
    ``dahai``/``tsumo`` events of their exact recorded shape (``others`` of
    :func:`xzcore.log.scan.scan_game`).

    The one definition, and the twin of the compiled ``claims_of`` of
    :mod:`xzcore.log.scan` that the audit uses."""
    wins = []
    transfers = 0
    totals = [0, 0, 0, 0]
    next_dealer = None
    for i in range(len(events)) if only is None else only:
        ev = events[i]
        if type(ev) is not dict:
            continue
        tr = ev.get("transfers")
        if tr and type(tr) is list:
            transfers += len(tr)
            net = net_of(tr)
            if net is not None:
                totals = [a + b for a, b in zip(totals, net, strict=True)]
        t = ev.get("type")
        if t == "hora":
            sc = ev.get("score")
            if not isinstance(sc, Mapping):
                sc = {}
            wins.append(
                {
                    "seat": ev.get("actor"),
                    "event": i,
                    "pattern": sc.get("pattern"),
                    "gen": sc.get("gen"),
                    "extras": sc.get("extras"),
                    "multiplier": sc.get("multiplier"),
                    "capped": sc.get("capped"),
                }
            )
        elif t == "end_kyoku":
            next_dealer = ev.get("next_dealer")
    return {"wins": wins, "transfers": transfers, "totals": totals, "next_dealer": next_dealer}
