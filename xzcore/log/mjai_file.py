"""Whole files between ``.xzlog`` and the mjai event stream (docs/mjai.md M2.4, M4).

- :func:`to_mjai` reads a log with the one reader (:class:`~xzcore.log.reader.LogReader`) and
  writes its games as one mjai stream: ``start_game`` (the first game's seats), per game
  ``start_kyoku`` … ``end_kyoku`` of :class:`~xzcore.log.mjai.MjaiStream` with the running
  scores, the game's header (L4) in the first event's ``meta.header`` and its claims (L5) and
  closing record (L2, L3, L8) in the last one's ``meta.claims`` / ``meta.close``, bytes as hex
  text (M2.4); then ``end_game``. A game the reader cannot read whole is left out and
  reported (its :class:`~xzcore.log.types.LogFormatError`, with the byte offset).
- :func:`from_mjai` reads mjai lines back. A game whose opener carries ``meta.header`` is
  rebuilt event by event (:class:`~xzcore.log.mjai.FromMjai`) with its header and claims;
  a *plain* round (Mortal's or blood-grp's, no ``meta.header``) is replayed through the
  engine (M4): the wall rebuilt from the dealt hands and the draws, the actions read by
  :func:`~xzcore.log.mjai.action_of_mjai`, every seat the mjai stream shows no claim for
  passing — the written events are the engine's, the money recomputed. Either way the games
  are written by :class:`~xzcore.log.writer.LogWriter`, which lays the hash chain anew.

Every problem of an mjai input is a :class:`MjaiError` naming its line (from 1).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.log.mjai import FromMjai, MjaiStream, action_of_mjai, end_game, line, start_game
from xzcore.log.reader import CollectingBuilder, Game, LogReader
from xzcore.log.types import (
    FORMAT_VERSION,
    LEGACY_VERSION,
    LogError,
    LogFormatError,
    Match,
    claims_of,
    net_of,
)
from xzcore.log.writer import LogWriter
from xzcore.messages import text
from xzcore.round.actions import Action
from xzcore.round.wall import WallError, arrange_wall
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES

__all__ = [
    "CONVERTED",
    "MAX_LINE",
    "FromMjaiResult",
    "Lines",
    "MjaiError",
    "ToMjaiResult",
    "from_mjai",
    "game_events",
    "header_dict",
    "read_lines",
    "to_mjai",
]

CONVERTED = {"converted": "mjai", "money": "recomputed"}
"""The header ``extra`` of a game converted from a plain mjai round (M4.4): its events are
the engine's, so its money was recomputed from the actions, not compared."""

MAX_LINE = 1 << 20
"""The longest mjai line read (M1.2), in bytes: the reader's record limit (L6)."""

_KIND = {name: k for k, name in enumerate(NAMES)}
_RED = {"5mr": "5m", "5pr": "5p", "5sr": "5s"}
"""Mortal's red fives (M4.2): Sichuan has none, so they read as the plain five."""


class MjaiError(Exception):
    """A problem of an mjai input (M1.3): the phrase ``key`` of :mod:`xzcore.messages` with
    its ``fields``, on which line (1-based; ``None`` for the input as a whole), and the rule
    id when the engine refused an action (M4.3). ``str()`` is the English line;
    :meth:`text` says it in either language."""

    def __init__(
        self, key: str, line_no: int | None = None, rule: str | None = None, **fields: Any
    ) -> None:
        self.key = key
        self.fields = {k: str(v) for k, v in fields.items()}
        self.line = line_no
        self.rule = rule
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The problem in ``lang`` (``"zh"`` or ``"en"``), its line and rule id."""
        msg = text(self.key, lang, **self.fields)
        if self.line is not None:
            msg = text("mjai.line", lang, line=self.line, message=msg)
        return f"{msg} ({self.rule})" if self.rule else msg

    def __str__(self) -> str:
        return self.text("en")


# -- xzlog -> mjai -----------------------------------------------------------------------------


def _hex(value: Any) -> Any:
    return value.hex() if isinstance(value, bytes | bytearray) else value


def header_dict(game: Game) -> dict[str, Any]:
    """A game's header (L4) as JSON data, bytes as hex text: ``meta.header`` (M2.4)."""
    h = game.header
    assert h is not None
    out: dict[str, Any] = {
        "version": list(h.version),
        "engine": h.engine,
        "game": h.game,
        "match": _hex(h.match),
        "planned": h.planned,
        "prev": _hex(h.prev),
        "rules": h.rules,
        "seats": list(h.seats),
        "dealer": h.dealer,
        "wall": _hex(h.wall),
        "seed": h.seed,
    }
    if h.extra:
        out["extra"] = h.extra
    return out


def _close_dict(game: Game) -> dict[str, Any]:
    c = game.close
    assert c is not None
    out: dict[str, Any] = {"final": _hex(c.final), "events": c.events}
    if c.last is not None:
        out["last"] = c.last
    out |= {"sig": _hex(c.sig), "key": _hex(c.key), "seal": _hex(c.seal)}
    return out


def game_events(game: Game, scores: Sequence[int]) -> list[dict[str, Any]]:
    """The mjai events of one whole game (M2.4): its round through :class:`MjaiStream` with
    ``scores`` before it, the header on the first event (an ``xz_game`` opener when the
    round does not start with ``start_kyoku``), the claims and close on the last (an
    ``xz_game_end`` when it does not end with ``end_kyoku``)."""
    stream = MjaiStream(scores=scores)
    out: list[dict[str, Any]] = []
    for ev in game.events:
        if type(ev) is dict and type(ev.get("type")) is str:
            out.extend(stream.events(ev))
        else:  # not an event of any shape: kept whole (M2.3)
            out.append({"type": "xz_value", "meta": {"xz": {"value": ev}}})
    if out and out[0]["type"] == "start_kyoku":
        out[0].setdefault("meta", {})["header"] = header_dict(game)
    else:
        out.insert(0, {"type": "xz_game", "meta": {"header": header_dict(game)}})
    end = {"claims": game.claims, "close": _close_dict(game)}
    if len(out) > 1 and out[-1]["type"] == "end_kyoku":
        out[-1].setdefault("meta", {}).update(end)
    else:
        out.append({"type": "xz_game_end", "meta": end})
    return out


@dataclass
class ToMjaiResult:
    """What :func:`to_mjai` made: the mjai lines (M1.1), how many games they hold, and the
    reader's problems (each with its location; format errors left a game out)."""

    lines: list[str] = field(default_factory=list)
    games: int = 0
    problems: list[LogError] = field(default_factory=list)
    unconvertible: list[str] = field(default_factory=list)
    """Games whose values mjai's JSON cannot hold (bytes in an event: M2.5), as messages."""

    @property
    def unreadable(self) -> bool:
        """A game was left out: unreadable bytes (L1, L6) or a value JSON cannot hold."""
        return bool(self.unconvertible) or any(isinstance(p, LogFormatError) for p in self.problems)


def _totals(claims: Any) -> list[int] | None:
    t = claims.get("totals") if isinstance(claims, dict) else None
    if type(t) is list and len(t) == 4 and all(type(x) is int for x in t):
        return t
    return None


def to_mjai(handle: IO[bytes], *, path: str = "") -> ToMjaiResult:
    """Every whole game of the log in ``handle`` as one mjai stream (M2.4)."""
    res = ToMjaiResult()
    reader = LogReader(handle, path=path)
    scores = [0, 0, 0, 0]
    names: list[str] | None = None
    body: list[str] = []
    while True:
        game = reader.read_game(CollectingBuilder)
        if game is None:
            break
        res.problems.extend(game.errors)
        if not game.complete or game.header is None or game.claims is None or game.close is None:
            continue
        try:
            lines = [line(m) for m in game_events(game, scores)]
        except (TypeError, ValueError, RecursionError) as exc:
            where = f"{path}, game {game.header.game}" if path else f"game {game.header.game}"
            res.unconvertible.append(
                text("mjai.unconvertible", "en", where=where, reason=str(exc)[:200])
            )
            continue
        if names is None:
            names = list(game.header.seats)
        body.extend(lines)
        res.games += 1
        t = _totals(game.claims)
        if t is not None:
            scores = [a + b for a, b in zip(scores, t, strict=True)]
    if res.games:
        first = start_game(names or [], xz={"format": "xzlog", "games": res.games})
        res.lines = [line(first), *body, line(end_game())]
    return res


# -- mjai -> xzlog -----------------------------------------------------------------------------


class Lines(Protocol):
    """What :func:`read_lines` reads: a binary handle's ``readline`` with a size bound."""

    def readline(self, size: int = -1, /) -> bytes: ...


def read_lines(handle: Lines) -> Iterator[tuple[int, dict[str, Any]]]:
    """The mjai events of a binary handle with their line numbers (M1): one JSON object per
    line, UTF-8, blank lines skipped; a line past :data:`MAX_LINE` bytes, bad UTF-8, bad
    JSON, a value that is not an object or has no string ``type`` is a :class:`MjaiError`."""
    no = 0
    while True:
        raw = handle.readline(MAX_LINE + 1)
        if not raw:
            return
        no += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            raise MjaiError("mjai.long_line", no, limit=MAX_LINE)
        if not raw.strip():
            continue
        try:
            m = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise MjaiError("mjai.not_utf8", no) from None
        except json.JSONDecodeError as exc:
            raise MjaiError("mjai.not_json", no, reason=exc.msg, column=exc.colno) from None
        except RecursionError:
            raise MjaiError("mjai.too_deep", no) from None
        if type(m) is not dict:
            raise MjaiError("mjai.not_object", no, kind=type(m).__name__)
        if type(m.get("type")) is not str:
            raise MjaiError("mjai.no_type", no)
        yield no, m


@dataclass
class FromMjaiResult:
    """What :func:`from_mjai` wrote: games rebuilt from our ``meta`` (M2), games replayed
    from plain mjai (M4), and notes (a plain ``deltas`` that differs from the engine's)."""

    games: int = 0
    rebuilt: int = 0
    replayed: int = 0
    notes: list[str] = field(default_factory=list)


def _bytes(value: Any, size: int, what: str, no: int) -> bytes:
    try:
        out = bytes.fromhex(value) if type(value) is str else None
    except ValueError:
        out = None
    if out is None or len(out) != size:
        raise MjaiError("mjai.header_bytes", no, field=what, size=size, value=_short(value))
    return out


def _opt_bytes(value: Any, size: int, what: str, no: int) -> bytes | None:
    return None if value is None else _bytes(value, size, what, no)


def _split(lines: Iterable[tuple[int, dict[str, Any]]]) -> tuple[list[str], list[Any]]:
    """The file's seat names and its rounds, each a list of (line, event): ``start_game``
    first, ``end_game`` last, every round ``start_kyoku``/``xz_game`` … its end (M1.3)."""
    names: list[str] | None = None
    rounds: list[list[tuple[int, dict[str, Any]]]] = []
    cur: list[tuple[int, dict[str, Any]]] | None = None
    ended: int | None = None
    last = 0
    for no, m in lines:
        last = no
        t = m["type"]
        if ended is not None:
            raise MjaiError("mjai.after_end", no, type=repr(t), end=ended)
        if names is None:
            if t != "start_game":
                raise MjaiError("mjai.no_start_game", no, type=repr(t))
            got = m.get("names", ["", "", "", ""])
            if type(got) is not list or len(got) != 4 or any(type(n) is not str for n in got):
                raise MjaiError("mjai.names", no, value=_short(got))
            names = got
            continue
        meta = m.get("meta")
        if cur is None:
            if t == "end_game":
                ended = no
                continue
            if t not in ("start_kyoku", "xz_game"):
                raise MjaiError("mjai.outside_round", no, type=repr(t))
            cur = [(no, m)]
            rounds.append(cur)
            continue
        if t in ("start_kyoku", "xz_game", "start_game", "end_game"):
            raise MjaiError("mjai.inside_round", no, type=repr(t))
        cur.append((no, m))
        closes = "close" in meta if isinstance(meta, dict) else False
        opened = cur[0][1].get("meta")
        if isinstance(opened, dict) and "header" in opened:
            if closes:
                cur = None
        elif t == "end_kyoku":
            cur = None
    if names is None:
        raise MjaiError("mjai.empty", last or None)
    if cur is not None:
        raise MjaiError("mjai.ends_in_round", last)
    if ended is None:
        raise MjaiError("mjai.no_end_game", last)
    return names, rounds


def from_mjai(
    lines: Iterable[tuple[int, dict[str, Any]]],
    out: IO[bytes],
    *,
    rules: RuleSet | None = None,
    signer: Any = None,
    digest: Callable[[], bytes] | bytes = b"",
) -> FromMjaiResult:
    """Write the games of mjai ``lines`` (:func:`read_lines`) to ``out`` as an ``.xzlog``.

    Games with our ``meta.header`` are rebuilt as they were (M2.4); plain rounds are replayed
    through the engine under ``rules`` (default ``xuezhan``; M4). The writer is bound to the
    first rebuilt game's match (format 1.1, or 1.0 when it had none); a file of plain rounds
    only is one match of as many games, its id BLAKE2b-128 of ``digest`` (the input's bytes'
    hash, or a function giving it once the lines are read: one input converts to the same
    bytes). ``signer`` signs every game (L3).
    Raises :class:`MjaiError` at the first problem; nothing complete is promised of ``out``
    then (the CLI writes it whole or not at all)."""
    names, rounds = _split(lines)
    res = FromMjaiResult()
    plans: list[Any] = []
    for rnd in rounds:
        meta = rnd[0][1].get("meta")
        if isinstance(meta, dict) and "header" in meta:
            plans.append(("xz", _rebuild(rnd)))
        else:
            plans.append(("plain", _replay(rnd, rules or RuleSet.preset("xuezhan"), res)))
    match: Match | None = None
    first = next((p for k, p in plans if k == "xz"), None)
    if first is not None:
        if first.match is not None:
            match = Match(first.match, first.planned)
    elif plans:
        seen = digest() if callable(digest) else digest
        ident = hashlib.blake2b(b"xz convert mjai\0" + seen, digest_size=16).digest()
        match = Match(ident, planned=len(plans))
    writer = LogWriter(out, signer=signer, match=match)
    for kind, p in plans:
        try:
            if kind == "xz":
                writer.games = p.game  # the header's own index (L4, L8.1)
                writer.begin_game(
                    rules=p.rules,
                    wall=p.wall,
                    dealer=p.dealer,
                    seats=p.seats,
                    seed=p.seed,
                    extra=p.extra,
                )
                for ev in p.events:
                    writer.write_event(ev)
                writer.write_claims(p.claims)
                writer.end_game(last=p.last if match is not None else None)
                res.rebuilt += 1
            else:
                writer.begin_game(
                    rules=p.rules, wall=p.wall, dealer=p.dealer, seats=names, extra=CONVERTED
                )
                for ev in p.events:
                    writer.write_event(ev)
                writer.write_claims(claims_of(p.events))
                writer.end_game()
                res.replayed += 1
        except (RuntimeError, ValueError, TypeError, OverflowError) as exc:
            # a game after the match's last (L8.6), or a value msgpack cannot hold (an int
            # past 64 bits, nesting past its limit): the log cannot be written so
            game = p.game if kind == "xz" else res.games
            raise MjaiError("mjai.unwritable_game", p.line, game=game, reason=exc) from None
        res.games += 1
    return res


@dataclass
class _Rebuilt:
    line: int
    game: int
    match: bytes | None
    planned: int | None
    rules: dict[str, Any]
    seats: list[str]
    dealer: int
    wall: bytes
    seed: int | None
    extra: dict[str, Any] | None
    events: list[Any]
    claims: dict[str, Any]
    last: bool | None


def _seat(value: int, what: str, no: int) -> int:
    if not 0 <= value < 4:
        raise MjaiError("mjai.header_field", no, field=what, value=_short(value))
    return value


def _rebuild(rnd: list[tuple[int, dict[str, Any]]]) -> _Rebuilt:
    """One game from its mjai events with our ``meta`` (M2.4)."""
    no, opener = rnd[0]
    h = opener["meta"]["header"]
    if not isinstance(h, dict):
        raise MjaiError("mjai.header_object", no)

    def need(
        key: str, kind: type | tuple[type, ...], none: bool = False, least: int | None = None
    ) -> Any:
        v = h.get(key)
        if v is None and none:
            return v
        fits = least is None or (type(v) is int and v >= least)
        if isinstance(v, kind) and type(v) is not bool and fits:
            return v
        raise MjaiError("mjai.header_field", no, field=key, value=_short(v))

    if need("version", list) not in (list(FORMAT_VERSION), list(LEGACY_VERSION)):
        raise MjaiError("mjai.header_version", no, value=_short(h.get("version")))
    seats = need("seats", list)
    if len(seats) != 4 or any(type(s) is not str for s in seats):
        raise MjaiError("mjai.header_seats", no, value=_short(seats))
    extra = need("extra", dict, none=True)
    events: list[Any] = []
    back = FromMjai()
    end_no, closer = rnd[-1]
    for n, m in rnd:
        if m["type"] in ("xz_game", "xz_game_end"):
            continue
        if m["type"] == "xz_value":
            meta = m.get("meta")
            if not (isinstance(meta, dict) and isinstance(meta.get("xz"), dict)):
                raise MjaiError("mjai.xz_value", n)
            events.append(meta["xz"].get("value"))
            continue
        ev = back.event(m)
        if ev is not None:
            events.append(ev)
    cmeta = closer.get("meta")
    claims = cmeta.get("claims") if isinstance(cmeta, dict) else None
    close = cmeta.get("close") if isinstance(cmeta, dict) else None
    if not isinstance(claims, dict) or not isinstance(close, dict):
        raise MjaiError("mjai.claims_close", end_no)
    last = close.get("last")
    if last is not None and type(last) is not bool:
        raise MjaiError("mjai.close_last", end_no, value=_short(last))
    return _Rebuilt(
        line=no,
        game=need("game", int, least=0),
        match=_opt_bytes(h.get("match"), 16, "match", no),
        planned=need("planned", int, none=True, least=1),
        rules=need("rules", dict),
        seats=seats,
        dealer=_seat(need("dealer", int), "dealer", no),
        wall=_bytes(h.get("wall"), 108, "wall", no),
        seed=need("seed", int, none=True),
        extra=extra,
        events=events,
        claims=claims,
        last=last,
    )


@dataclass
class _Replayed:
    line: int
    rules: RuleSet
    wall: list[int]
    dealer: int
    events: list[dict[str, Any]]


def _short(value: Any) -> str:
    """``repr(value)``, cut to 80 characters: an error line names a bad value, not a page."""
    r = repr(value)
    return r if len(r) <= 80 else r[:77] + "..."


def _tile(pai: Any, no: int) -> int:
    pai = _RED.get(pai, pai) if type(pai) is str else pai
    if type(pai) is not str or pai not in _KIND:
        raise MjaiError("mjai.not_tile", no, tile=_short(pai))
    return _KIND[pai]


def _plain(m: dict[str, Any], no: int) -> dict[str, Any]:
    """``m`` with Mortal's red fives as plain fives (M4.2)."""
    out = dict(m)
    for key in ("pai",):
        if key in out and type(out[key]) is str:
            out[key] = _RED.get(out[key], out[key])
    if type(out.get("consumed")) is list:
        out["consumed"] = [_RED.get(c, c) if type(c) is str else c for c in out["consumed"]]
    return out


def _wall(
    rnd: list[tuple[int, dict[str, Any]]],
) -> tuple[int, list[int], int | None, int]:
    """The dealer, the wall (M4.3) and the exchange direction of a plain round, and the
    index in ``rnd`` of the dealer's dealt 14th tile."""
    no, sk = rnd[0]
    dealer = sk.get("oya")
    if type(dealer) is not int or not 0 <= dealer < 4:
        raise MjaiError("mjai.oya", no, value=_short(dealer))
    tehais = sk.get("tehais")
    if type(tehais) is not list or len(tehais) != 4:
        raise MjaiError("mjai.tehais", no)
    hands: list[list[int]] = []
    for s, h in enumerate(tehais):
        if type(h) is not list or len(h) != 13:
            n = len(h) if type(h) is list else h
            raise MjaiError("mjai.tehai", no, seat=s, count=_short(n))
        hands.append([_tile(t, no) for t in h])
    dealt_at: int | None = None
    draws: list[int] = []
    direction: int | None = None
    for i, (n, m) in enumerate(rnd[1:], 1):
        t = m["type"]
        if t == "tsumo":
            if dealt_at is None:
                if m.get("actor") != dealer:
                    raise MjaiError(
                        "mjai.first_tsumo", n, seat=_short(m.get("actor")), dealer=dealer
                    )
                dealt_at = i
                hands[dealer].append(_tile(m.get("pai"), n))
            else:
                draws.append(_tile(m.get("pai"), n))
        elif t in ("dahai", "pon", "daiminkan", "kakan", "ankan", "hora") and dealt_at is None:
            raise MjaiError("mjai.before_dealt", n, type=repr(t))
        elif t == "xz_exchange" and direction is None:
            actor, target = m.get("actor"), m.get("target")
            if type(actor) is int and type(target) is int and (target - actor) % 4 in (1, 2, 3):
                direction = (target - actor) % 4
    if dealt_at is None:
        raise MjaiError("mjai.no_dealt", no)
    try:
        wall = arrange_wall(dealer, hands, draws)
    except WallError as exc:
        raise MjaiError("mjai.no_wall", no, reason=exc) from None
    return dealer, wall, direction, dealt_at


def _replay(
    rnd: list[tuple[int, dict[str, Any]]], rules: RuleSet, res: FromMjaiResult
) -> _Replayed:
    """One plain mjai round through the engine (M4.3): its actions in order, every seat
    asked that the stream shows nothing for passing; the events are the engine's."""
    from xzcore.leshan.round import new_round

    dealer, wall, direction, dealt_at = _wall(rnd)
    no0 = rnd[0][0]
    if rules.exchange_three and direction is None:
        raise MjaiError("mjai.exchange", no0)
    g: Any = new_round(  # a Round or a LeshanRound (R13), whose play() takes LeshanActions
        rules, wall, dealer, exchange_direction=direction if rules.exchange_three else None
    )
    seen_draws = 0  # the mjai tsumo events read (the dealt one aside)
    made: list[Any] = []  # the engine's draws so far: the actors of its tsumo events
    looked = 0  # the engine's events looked at for draws
    horas: list[tuple[int, dict[str, Any]]] = []
    settled: tuple[int, list[int]] | None = None
    baige: tuple[int, int] | None = None  # the 摆割 whose discard follows (R13.4)

    def close_window() -> None:
        """Every seat asked on a discard or added gang that the stream shows no claim for
        passes (M4.3); a seat on its own turn is not asked, and nothing is done then."""
        while True:
            seats = g.to_act()
            nones = [Action.make("none", s) for s in seats]
            if not seats or any(n not in g.legal_actions(n.seat) for n in nones):
                return
            for n in nones:
                g.play(n)

    for i, (no, raw) in enumerate(rnd[1:], 1):
        if i == dealt_at:
            continue
        m = _plain(raw, no)
        t = m["type"]
        if t == "tsumo":
            close_window()
            seen_draws += 1
            made.extend(e["actor"] for e in g.events[looked:] if e["type"] == "tsumo")
            looked = len(g.events)
            seat = _short(m.get("actor"))
            if len(made) < seen_draws:
                raise MjaiError("mjai.tsumo_early", no, seat=seat)
            if made[seen_draws - 1] != m.get("actor"):
                raise MjaiError("mjai.tsumo_other", no, seat=seat, engine=made[seen_draws - 1])
            continue
        if t in ("ryukyoku", "end_kyoku"):
            close_window()
            if t == "ryukyoku" and "deltas" in m:
                settled = (no, m["deltas"])
            continue
        tile = None
        if t == "hora" and "pai" not in m:
            actor = m.get("actor")
            if type(actor) is int and 0 <= actor < 4:
                if actor not in g.to_act():
                    close_window()
                wins = []
                if actor in g.to_act():
                    wins = [a for a in g.legal_actions(actor) if a.word == "hora"]
                if not wins:
                    raise MjaiError("mjai.no_win", no, seat=actor)
                tile = wins[0].tile
        try:
            a = action_of_mjai(m, tile=tile)
        except InvalidActionError as exc:
            raise MjaiError("mjai.bad_action", no, reason=exc) from None
        if a is None:
            continue
        if t == "dahai" and baige == (a.seat, a.tile):
            baige = None  # the discard of a 摆割, part of its xz_baige (R13.4)
            continue
        baige = (a.seat, a.tile) if t == "xz_baige" else None
        if a.seat not in g.to_act():
            close_window()
        if a.seat not in g.to_act():
            if g.over:
                raise MjaiError("mjai.after_over", no, action=a)
            waits = ", ".join(str(s) for s in g.to_act())
            raise MjaiError("mjai.out_of_turn", no, action=a, seats=waits)
        try:
            g.play(a)
        except IllegalActionError as exc:
            raise MjaiError("mjai.refused", no, exc.rule, action=a, reason=exc.reason) from None
        except InvalidActionError as exc:
            raise MjaiError("mjai.refused", no, action=a, reason=exc) from None
        if t == "hora":
            horas.append((no, m))
    end_no = rnd[-1][0]
    if not g.over:
        waits = ", ".join(str(s) for s in g.to_act())
        raise MjaiError("mjai.not_over", end_no, seats=waits)
    drawn = sum(1 for e in g.events if e["type"] == "tsumo")
    if drawn != seen_draws:
        raise MjaiError("mjai.draw_count", end_no, shown=seen_draws, made=drawn)
    _compare_money(g.events, horas, settled, res)
    return _Replayed(no0, rules, wall, dealer, list(g.events))


def _compare_money(
    events: list[dict[str, Any]],
    horas: list[tuple[int, dict[str, Any]]],
    settled: tuple[int, list[int]] | None,
    res: FromMjaiResult,
) -> None:
    """A plain log's ``deltas`` against the engine's (M4.5): a difference is a note."""
    wins = [e for e in events if e.get("type") == "hora"]
    for (no, m), ev in zip(horas, wins, strict=False):
        if m.get("target") != ev.get("target"):
            raise MjaiError(
                "mjai.hora_target",
                no,
                seat=ev.get("actor"),
                target=_short(m.get("target")),
                engine=ev.get("target"),
            )
        if "deltas" in m:
            net = net_of(ev.get("transfers"))
            if m["deltas"] != net:
                res.notes.append(
                    text(
                        "mjai.deltas_note",
                        "en",
                        line=no,
                        what="hora",
                        recorded=_short(m["deltas"]),
                        recomputed=net,
                    )
                )
    if settled is not None:
        no, deltas = settled
        net = [0, 0, 0, 0]
        for e in events:
            if e.get("type") == "settlement":
                net = net_of(e.get("transfers")) or net
        if deltas != net:
            res.notes.append(
                text(
                    "mjai.deltas_note",
                    "en",
                    line=no,
                    what="ryukyoku",
                    recorded=_short(deltas),
                    recomputed=net,
                )
            )
