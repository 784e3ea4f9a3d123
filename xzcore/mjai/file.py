"""Whole files between ``.xzlog`` and the mjai event stream (docs/mjai.md M1, M2.4).

- :func:`to_mjai` reads a log with the one reader (:class:`~xzcore.log.reader.LogReader`) and
  writes its games as one mjai stream: ``start_game`` (the first game's seats), per game
  ``start_kyoku`` … ``end_kyoku`` of :class:`~xzcore.mjai.events.MjaiStream` with the running
  scores, the game's header (L4) in the first event's ``meta.header`` and its claims (L5) and
  closing record (L2, L3, L8) in the last one's ``meta.claims`` / ``meta.close``, bytes as hex
  text (M2.4); then ``end_game``. A game the reader cannot read whole is left out and
  reported (its :class:`~xzcore.log.types.LogFormatError`, with the byte offset). With
  ``dialect="blood-grp"`` it writes blood-grp's events only
  (:class:`~xzcore.mjai.blood_grp.BloodGrpStream`, M6), no ``meta``, and refuses a log
  whose rules or events that dialect cannot say (:class:`DialectRefusal`, M6.2).
- :func:`read_lines` reads mjai lines (M1.2), :func:`split_rounds` cuts them into rounds
  (M1.3), and :func:`rebuild_game` gives back a game whose first event carries
  ``meta.header`` — its header, events (:class:`~xzcore.mjai.events.FromMjai`) and claims.
  Writing them, and replaying a *plain* round through the engine (M4), is
  :func:`xzcore.mjai.replay.from_mjai`'s.

Every problem of an mjai input is a :class:`MjaiError` naming its line (from 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from xzcore.log.reader import CollectingBuilder, Game, LogReader
from xzcore.log.types import (
    FORMAT_VERSION,
    LEGACY_VERSION,
    Limits,
    LogError,
    LogFormatError,
)
from xzcore.messages import rule_label, text
from xzcore.mjai import blood_grp
from xzcore.mjai.blood_grp import BloodGrpStream, UnsayableError, unsayable
from xzcore.mjai.events import (
    Explain,
    FromMjai,
    JsonLineError,
    MjaiStream,
    end_game,
    line,
    parse_line,
    short_repr,
    start_game,
)
from xzcore.rules import RuleError, RuleSet

__all__ = [
    "CONVERTED",
    "MAX_LINE",
    "DialectRefusal",
    "Lines",
    "MjaiError",
    "MjaiLines",
    "RebuiltGame",
    "Rounds",
    "ToMjaiResult",
    "game_events",
    "header_dict",
    "read_lines",
    "rebuild_game",
    "short_repr",
    "split_rounds",
    "to_mjai",
]

CONVERTED = {"converted": "mjai", "money": "recomputed"}
"""The header ``extra`` of a game converted from a plain mjai round (M4.4): its events are
the engine's, so its money was recomputed from the actions, not compared."""

MAX_LINE = 1 << 20
"""The longest mjai line read (M1.2), in bytes: the reader's record limit (L6)."""


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


def game_events(
    game: Game, scores: Sequence[int], explain: Explain | None = None
) -> list[dict[str, Any]]:
    """The mjai events of one whole game (M2.4): its round through :class:`MjaiStream` with
    ``scores`` before it, the header on the first event (an ``xz_game`` opener when the
    round does not start with ``start_kyoku``), the claims and close on the last (an
    ``xz_game_end`` when it does not end with ``end_kyoku``)."""
    stream = MjaiStream(scores=scores, explain=explain)
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


class DialectRefusal(Exception):
    """A log the blood-grp dialect cannot say (M6.2): its game ``game`` (the header's index,
    said counted from 1), at ``where`` (the file, or ``""``), under rules or with an event
    that dialect has no word for (``what``, and the rule id ``rule`` that makes it).
    :meth:`text` says it in either language."""

    def __init__(self, where: str, game: int, what: str, rule: str) -> None:
        self.where, self.game, self.what, self.rule = where, game, what, rule
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The refusal in ``lang`` (``"zh"`` or ``"en"``), with its rule's name."""
        rule = rule_label(self.rule, lang)
        game = text("mjai.unsayable_game", lang, game=self.game + 1)
        where = f"{self.where}, {game}" if self.where else game
        return text("mjai.unsayable", lang, where=where, what=self.what, rule=rule)


def _blood_grp_events(game: Game, scores: Sequence[int], path: str) -> list[dict[str, Any]]:
    """One whole game in the blood-grp dialect (M6.1), or :class:`DialectRefusal`."""
    assert game.header is not None
    index = game.header.game
    try:
        rules = RuleSet.from_dict(game.header.rules)
    except (RuleError, TypeError, ValueError) as exc:
        raise DialectRefusal(path, index, f"rules: {str(exc)[:200]}", "R12") from None
    refused = unsayable(rules)
    if refused is not None:
        raise DialectRefusal(path, index, *refused)
    stream = BloodGrpStream(scores=scores)
    out: list[dict[str, Any]] = []
    try:
        for ev in game.events:
            if type(ev) is not dict:
                raise UnsayableError(f"value {short_repr(ev)}", "M6.2")
            out.extend(stream.events(ev))
        out.extend(stream.flush())
    except UnsayableError as exc:
        raise DialectRefusal(path, index, exc.what, exc.rule) from None
    return out


def to_mjai(
    handle: IO[bytes],
    *,
    path: str = "",
    explain: Explain | None = None,
    dialect: str = "xz",
) -> ToMjaiResult:
    """Every whole game of the log in ``handle`` as one mjai stream (M2.4); ``explain`` says
    each money event in ``meta.explain`` (:class:`~xzcore.mjai.events.MjaiStream`).
    ``dialect``: ``"xz"`` (ours, M2) or ``"blood-grp"`` (M6; ``explain`` unused), which
    raises :class:`DialectRefusal` at the first game it cannot say."""
    if dialect not in blood_grp.DIALECTS:
        raise ValueError(f"unknown mjai dialect {dialect!r} (known: xz, blood-grp)")
    theirs = dialect == "blood-grp"
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
            if theirs:
                events = _blood_grp_events(game, scores, path)
            else:
                events = game_events(game, scores, explain)
            lines = [line(m) for m in events]
        except (TypeError, ValueError, RecursionError) as exc:
            number = game.header.game + 1  # counted from 1, as people read it
            where = f"{path}, game {number}" if path else f"game {number}"
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
    if res.games and theirs:
        first, last = blood_grp.start_game(names or []), blood_grp.end_game()
        res.lines = [line(first), *body, line(last)]
    elif res.games:
        first = start_game(names or [], xz={"format": "xzlog", "games": res.games})
        res.lines = [line(first), *body, line(end_game())]
    return res


# -- mjai -> xzlog -----------------------------------------------------------------------------


class Lines(Protocol):
    """What :func:`read_lines` reads: a binary handle's ``readline`` with a size bound."""

    def readline(self, size: int = -1, /) -> bytes: ...


class MjaiLines:
    """The mjai events of a binary handle with their line numbers (M1), read one line at a
    time as it is iterated; :attr:`bytes_read` counts the bytes read so far (a round's bytes
    are bounded by it, L6: :class:`Rounds`)."""

    def __init__(self, handle: Lines) -> None:
        self._fh = handle
        self.bytes_read = 0
        """Bytes read from the handle so far."""

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        no = 0
        while True:
            raw = self._fh.readline(MAX_LINE + 1)
            if not raw:
                return
            self.bytes_read += len(raw)
            no += 1
            if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                raise MjaiError("mjai.long_line", no, limit=MAX_LINE)
            if not raw.strip():
                continue
            try:
                m = parse_line(raw)
            except JsonLineError as exc:
                raise MjaiError(exc.key, no, **exc.fields) from None
            if type(m) is not dict:
                raise MjaiError("mjai.not_object", no, kind=type(m).__name__)
            if type(m.get("type")) is not str:
                raise MjaiError("mjai.no_type", no)
            yield no, m


def read_lines(handle: Lines) -> MjaiLines:
    """The mjai events of a binary handle with their line numbers (M1): one JSON object per
    line, UTF-8, blank lines skipped; a line past :data:`MAX_LINE` bytes, bad UTF-8, bad
    JSON (:func:`~xzcore.mjai.events.parse_line`: nesting past 100, an integer past 4,300
    digits), a value that is not an object or has no string ``type`` is a
    :class:`MjaiError`. Read lazily, one line at a time."""
    return MjaiLines(handle)


def _bytes(value: Any, size: int, what: str, no: int) -> bytes:
    try:
        out = bytes.fromhex(value) if type(value) is str else None
    except ValueError:
        out = None
    if out is None or len(out) != size:
        raise MjaiError("mjai.header_bytes", no, field=what, size=size, value=short_repr(value))
    return out


def _opt_bytes(value: Any, size: int, what: str, no: int) -> bytes | None:
    return None if value is None else _bytes(value, size, what, no)


class Rounds:
    """The rounds of mjai lines (M1.3), one at a time as they are iterated, each a list of
    (line, event): ``start_game`` first (its names in :attr:`names`), ``end_game`` last,
    every round ``start_kyoku``/``xz_game`` … its end. Memory holds one round: a round of
    more lines than a game may hold events, or more bytes than a game may take (the log's
    own limits, L6: :class:`~xzcore.log.types.Limits`), is refused at the line that passes
    it (the bytes when ``lines`` counts them, :class:`MjaiLines`)."""

    def __init__(
        self, lines: Iterable[tuple[int, dict[str, Any]]], limits: Limits | None = None
    ) -> None:
        self._lines = lines
        self.limits = limits or Limits()
        self.names: list[str] | None = None
        """``start_game``'s seat names, once read."""

    def __iter__(self) -> Iterator[list[tuple[int, dict[str, Any]]]]:
        lines = self._lines
        max_lines, max_bytes = self.limits.max_events, self.limits.max_game_bytes
        cur: list[tuple[int, dict[str, Any]]] | None = None
        began = 0  # bytes read when the round began
        ended: int | None = None
        last = 0
        for no, m in lines:
            last = no
            t = m["type"]
            if ended is not None:
                raise MjaiError("mjai.after_end", no, type=short_repr(t), end=ended)
            if self.names is None:
                if t != "start_game":
                    raise MjaiError("mjai.no_start_game", no, type=short_repr(t))
                got = m.get("names", ["", "", "", ""])
                if type(got) is not list or len(got) != 4 or any(type(n) is not str for n in got):
                    raise MjaiError("mjai.names", no, value=short_repr(got))
                self.names = got
                continue
            meta = m.get("meta")
            if cur is None:
                if t == "end_game":
                    ended = no
                    continue
                if t not in ("start_kyoku", "xz_game"):
                    raise MjaiError("mjai.outside_round", no, type=short_repr(t))
                cur = [(no, m)]
                began = getattr(lines, "bytes_read", 0)
                continue
            if t in ("start_kyoku", "xz_game", "start_game", "end_game"):
                raise MjaiError("mjai.inside_round", no, type=short_repr(t))
            cur.append((no, m))
            if len(cur) > max_lines:
                raise MjaiError("mjai.long_round", no, "L6", limit=max_lines)
            if getattr(lines, "bytes_read", 0) - began > max_bytes:
                raise MjaiError("mjai.big_round", no, "L6", limit=max_bytes)
            closes = "close" in meta if isinstance(meta, dict) else False
            opened = cur[0][1].get("meta")
            if closes if isinstance(opened, dict) and "header" in opened else t == "end_kyoku":
                done, cur = cur, None
                yield done
        if self.names is None:
            raise MjaiError("mjai.empty", last or None)
        if cur is not None:
            raise MjaiError("mjai.ends_in_round", last)
        if ended is None:
            raise MjaiError("mjai.no_end_game", last)


def split_rounds(
    lines: Iterable[tuple[int, dict[str, Any]]],
) -> tuple[list[str], list[list[tuple[int, dict[str, Any]]]]]:
    """The file's seat names and all its rounds at once (:class:`Rounds`, M1.3)."""
    reader = Rounds(lines)
    rounds = list(reader)
    assert reader.names is not None
    return reader.names, rounds


@dataclass
class RebuiltGame:
    """A game as its mjai events with our ``meta`` give it back (M2.4): what
    :class:`~xzcore.log.writer.LogWriter` is given to write it again."""

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
    engine: str
    """The program the game was played by (L4): written again as it was."""
    events: list[Any]
    claims: dict[str, Any]
    last: bool | None


def _seat(value: int, what: str, no: int) -> int:
    if not 0 <= value < 4:
        raise MjaiError("mjai.header_field", no, field=what, value=short_repr(value))
    return value


def rebuild_game(rnd: list[tuple[int, dict[str, Any]]]) -> RebuiltGame:
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
        raise MjaiError("mjai.header_field", no, field=key, value=short_repr(v))

    if need("version", list) not in (list(FORMAT_VERSION), list(LEGACY_VERSION)):
        raise MjaiError("mjai.header_version", no, value=short_repr(h.get("version")))
    seats = need("seats", list)
    if len(seats) != 4 or any(type(s) is not str for s in seats):
        raise MjaiError("mjai.header_seats", no, value=short_repr(seats))
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
        raise MjaiError("mjai.close_last", end_no, value=short_repr(last))
    return RebuiltGame(
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
        engine=need("engine", str),
        events=events,
        claims=claims,
        last=last,
    )
