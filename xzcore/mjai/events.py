"""The mjai event stream (docs/mjai.md, ids M1–M4): our events as mjai events and back, and
an mjai reaction as an :class:`~xzcore.round.actions.Action`.

mjai is the AI community's JSON-lines mahjong stream (Mortal's ``libriichi/src/mjai``); its
Sichuan fork blood-grp (``libblood/src/mjai``) drops chi, dora and riichi, cuts
``start_kyoku`` to ``{kyoku, oya, scores, tehais}`` and adds ``ding_que``. This module is the
one place that knows the mapping, per event (M2):

- events mjai has keep mjai's type and fields (``tsumo``, ``dahai``, ``pon``, ``daiminkan``,
  ``kakan``, ``ankan``, ``hora``, ``ryukyoku``, ``end_kyoku``), ``dingque`` is blood-grp's
  ``ding_que`` byte for byte, and ``start_kyoku`` is blood-grp's with 13 tiles a seat: the
  dealer's 14th dealt tile (R2.3) follows as its ``tsumo``, marked ``meta.xz.dealt``;
- events mjai lacks are namespaced extensions ``xz_<our type>`` with our fields, tiles as
  mjai tile lists (``xz_exchange``, ``xz_none``, ``xz_gang_payment``, ``xz_call_transfer``,
  ``xz_settlement``, ``xz_piao``, ``xz_baige``);
- whatever of our event the mjai fields do not say goes in ``meta.xz`` (M2.2), so the mapping
  is lossless: :meth:`FromMjai.event` gives back the very event, key order included (the L2
  hash covers it). ``meta.rule`` names the event's rule (:data:`xzcore.log.events.RULE`),
but for the commonest three (``tsumo``, ``dahai``, ``ding_que``).

A seat's view (``MjaiStream(seat=…)``, for a bot, M3.1) hides what the seat may not see: the
other seats' dealt tiles and draws (``"?"``), the tiles others exchange unless given to it,
the wall; it carries no ``meta``.

>>> s = MjaiStream()
>>> s.events({"type": "dingque", "actor": 0, "suit": "m"})
[{'type': 'ding_que', 'actor': 0, 'suit': 'man'}]
>>> line({'type': 'ding_que', 'actor': 0, 'suit': 'man'})
'{"type":"ding_que","actor":0,"suit":"man"}'
>>> action_of_mjai({"type": "pon", "actor": 1, "target": 0, "pai": "5p", "consumed": ["5p", "5p"]})
Action.parse('pon 5p by 1')
"""

from __future__ import annotations

import contextlib
import json
import re
import reprlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from xzcore.errors import InvalidActionError
from xzcore.log.events import RULE
from xzcore.log.types import net_of, same
from xzcore.messages import text
from xzcore.round.actions import Action, AnyAction, LeshanAction
from xzcore.tiles import NAMES, SUITS, TileParseError, format_tiles, parse_tiles

__all__ = [
    "EXTENSIONS",
    "HIDDEN",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "SUIT_WORDS",
    "FromMjai",
    "JsonLineError",
    "MjaiStream",
    "action_of_mjai",
    "end_game",
    "line",
    "parse_line",
    "short_repr",
    "start_game",
    "tile_list",
]

SUIT_WORDS = ("man", "pin", "sou")
"""blood-grp's suit words for 定缺 (M2.1): suit 0 ``m`` is ``man``, 1 ``p`` ``pin``, 2 ``s``
``sou``."""
HIDDEN = "?"
"""A tile a seat may not see, as mjai writes it (M3.1)."""
EXTENSIONS = {
    "exchange": "xz_exchange",
    "none": "xz_none",
    "gang_payment": "xz_gang_payment",
    "call_transfer": "xz_call_transfer",
    "settlement": "xz_settlement",
    "piao": "xz_piao",
    "baige": "xz_baige",
}
"""Our event types mjai has no word for → their extension type (M2.3)."""
_OURS = {v: k for k, v in EXTENSIONS.items()}
_SAME_NAME = ("tsumo", "dahai", "pon", "daiminkan", "kakan", "ankan", "hora", "ryukyoku")
_PLAIN = frozenset({"tsumo", "dahai", "dingque"})
"""Our commonest events, written without ``meta.rule`` (their rules are R2.2, R5.1, R4.1;
M2.2): a turn's lines stay plain mjai, and ``ding_que`` is blood-grp's byte for byte."""
_EXPLAINED = frozenset({"hora", "gang_payment", "call_transfer", "settlement"})
"""The events whose ``meta.explain`` says their figures (M2.2): the money events."""
Explain = Callable[[Mapping[str, Any], str], str]
"""``explain(event, lang) -> text``: an event said in ``"zh"`` or ``"en"``."""
_DEALT_LAST = 52
"""The wall position of the dealer's 14th dealt tile (R2.3: the last of the 53 dealt)."""
_KIND = {name: k for k, name in enumerate(NAMES)}
_TILE_FIELDS = {"pai", "hand", "waits"}
"""Our fields holding tile text that an extension event writes as an mjai tile list."""


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""``json.dumps`` with these options, its encoder made once (not once a line)."""


def line(event: Mapping[str, Any]) -> str:
    """One mjai line: compact JSON, keys in order, UTF-8 text kept as is (M1.1)."""
    return _ENCODE(event)


MAX_DEPTH = 100
"""The deepest nesting of arrays and objects read on an mjai line (M1.2): an mjai event nests
five deep at most, and a log's value past this cannot be written (L6) anyway."""
MAX_INT_DIGITS = 4300
"""The most digits of an integer read on an mjai line (M1.2), whatever the interpreter's own
limit: Python's default, far past the 20 digits msgpack holds (L6)."""
_LONG_DIGITS = re.compile(rb"[0-9]{%d}" % (MAX_INT_DIGITS + 1))


class JsonLineError(ValueError):
    """A line that is no JSON value we read (M1.2): the catalogue's phrase ``key`` with its
    ``fields``; ``str()`` is the English text, :meth:`text` either language."""

    def __init__(self, key: str, **fields: Any) -> None:
        self.key = key
        self.fields = fields
        super().__init__(text(key, "en", **fields))

    def text(self, lang: str) -> str:
        """The problem in ``lang`` (``"zh"`` or ``"en"``)."""
        return text(self.key, lang, **self.fields)


def _bounded_int(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise JsonLineError("mjai.big_int", limit=MAX_INT_DIGITS)
    return int(digits)


def parse_line(raw: bytes) -> Any:
    """The JSON value of one line's bytes (M1.2), as a bot's reaction (M3.5) and an mjai
    file's line are read: UTF-8, JSON, integers of at most :data:`MAX_INT_DIGITS` digits,
    nesting at most :data:`MAX_DEPTH` deep, else :class:`JsonLineError` — in time linear in
    the line, whatever it holds.

    >>> parse_line(b'{"type":"none"}')
    {'type': 'none'}
    >>> parse_line(b"[" * 5000)
    Traceback (most recent call last):
    ...
    xzcore.mjai.events.JsonLineError: JSON nested too deeply
    """
    try:
        s = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonLineError("mjai.not_utf8") from None
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _deep_text(raw):
        raise JsonLineError("mjai.too_deep")
    try:
        if _LONG_DIGITS.search(raw) is None:
            value = json.loads(s)
        else:  # an integer this long would take time (or the interpreter's limit) to read
            value = json.loads(s, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise JsonLineError("mjai.not_json", reason=exc.msg, column=exc.colno) from None
    except RecursionError:
        raise JsonLineError("mjai.too_deep") from None
    return value


def _deep_text(raw: bytes) -> bool:
    """Whether the brackets of ``raw`` alone (strings aside) open past :data:`MAX_DEPTH`
    before they close: caught before the decoder recurses that deep."""
    depth = 0
    for m in _NESTING_OR_CLOSE.finditer(raw):
        c = m.group()
        if c in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif c in (b"]", b"}"):
            depth -= 1
    return False


_NESTING_OR_CLOSE = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlong = 40


def short_repr(value: Any) -> str:
    """``repr(value)`` cut to 80 characters, in bounded time and depth: an error line names a
    bad value, not a page (a value nested 1,000 deep or an integer of 4,000 digits included).

    >>> short_repr([[[[[1]]]]])
    '[[[[...]]]]'
    """
    try:
        r = _SHORT.repr(value)
    except (ValueError, RecursionError):  # an int past the interpreter's digits
        r = f"<{type(value).__name__}>"
    return r if len(r) <= 80 else r[:77] + "..."


def tile_list(text: str) -> list[str]:
    """Our tile text as an mjai tile list, in its order: ``"5p5p"`` → ``["5p", "5p"]``;
    ``"123m"`` → ``["1m", "2m", "3m"]``. Suited tiles are named alike in both (R1.3)."""
    return [NAMES[k] for k in parse_tiles(text)]


def _tiles_text(tiles: Any, where: str) -> str:
    if type(tiles) is not list or any(type(t) is not str or t not in _KIND for t in tiles):
        raise InvalidActionError(f"{where}: bad tile list {tiles!r} (mjai tiles such as '5p')")
    return format_tiles(_KIND[t] for t in tiles)


def start_game(names: Sequence[str], *, xz: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``start_game`` event: the seats' names (M2.1) and, for a converted log, what the
    file says of itself in ``meta.xz`` (M2.4)."""
    ev: dict[str, Any] = {"type": "start_game", "names": [str(n) for n in names]}
    if xz:
        ev["meta"] = {"xz": dict(xz)}
    return ev


def end_game(*, xz: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``end_game`` event (M2.1)."""
    ev: dict[str, Any] = {"type": "end_game"}
    if xz:
        ev["meta"] = {"xz": dict(xz)}
    return ev


class MjaiStream:
    """Our events of one round as mjai events (M2), in order, for the whole log
    (``seat=None``: every field, lossless through ``meta.xz``) or as one seat sees them
    (``seat``: hidden tiles ``"?"``, no ``meta``; M3.1).

    ``scores``: each seat's money before the round (``start_kyoku.scores``; units, 0 at a
    log's start). ``meta=False``: the whole log without ``meta`` (the blood-grp dialect's
    events are made from these, M6.1).

    >>> s = MjaiStream(seat=1)
    >>> s.events({"type": "tsumo", "actor": 0, "pai": "5p", "rinshan": False, "left": 54})
    [{'type': 'tsumo', 'actor': 0, 'pai': '?'}]
    """

    __slots__ = ("_draws", "_prev", "explain", "meta", "scores", "seat")

    def __init__(
        self,
        *,
        seat: int | None = None,
        scores: Sequence[int] = (0, 0, 0, 0),
        explain: Explain | None = None,
        meta: bool = True,
    ) -> None:
        self.seat = seat
        """The seat whose view this is, or ``None`` for the whole log."""
        self.scores = list(scores)
        """The seats' money before the round."""
        self.explain = explain
        """Says an event in a language (e.g. :func:`xzcore.view.table.describe`): for the
        whole log, each money event (a win's score and payments, gang money, 呼叫转移, the
        R10 settlement) carries it in ``meta.explain`` as ``{"zh": …, "en": …}`` (M2.2)."""
        self.meta = meta
        """Whether the whole log's events carry ``meta`` (M2.2)."""
        self._draws = 0  # draws from the wall so far (the dealt tiles are not draws, R2.3)
        self._prev: str | None = None  # the type of the previous event

    def events(self, ev: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The mjai events of our event ``ev`` (one, or two for ``start_kyoku``)."""
        kind = ev.get("type")
        prev = self._prev
        out = self._standard(ev)
        self._prev = str(kind)
        if self.seat is not None or not self.meta:
            return out
        first = out[0]
        extra = _extra(ev, _restore(first, _State(self._draws, prev)))
        meta: dict[str, Any] = {}
        if extra:
            meta["xz"] = extra
        rule = None if kind in _PLAIN else RULE.get(str(kind))
        if rule is not None:
            meta["rule"] = rule
        if self.explain is not None and kind in _EXPLAINED:
            meta["explain"] = {lang: self.explain(ev, lang) for lang in ("zh", "en")}
        if meta:
            first["meta"] = meta
        return out

    def _standard(self, ev: Mapping[str, Any]) -> list[dict[str, Any]]:
        kind = ev.get("type")
        seat = self.seat
        if kind == "start_kyoku":
            return self._start_kyoku(ev)
        if kind == "tsumo":
            self._draws += 1
            pai = ev.get("pai")
            if seat is not None and ev.get("actor") != seat:
                pai = HIDDEN
            return [{"type": "tsumo", "actor": ev.get("actor"), "pai": pai}]
        if kind == "dahai":
            return [_pick(ev, "type", "actor", "pai", "tsumogiri")]
        if kind in ("pon", "daiminkan", "kakan"):
            n = {"pon": 2, "daiminkan": 3, "kakan": 3}[kind]
            keys = (
                ("type", "actor", "target", "pai") if kind != "kakan" else ("type", "actor", "pai")
            )
            out = _pick(ev, *keys)
            out["consumed"] = [ev.get("pai")] * n
            return [out]
        if kind == "ankan":
            return [{"type": "ankan", "actor": ev.get("actor"), "consumed": [ev.get("pai")] * 4}]
        if kind == "hora":
            out = _pick(ev, "type", "actor", "target")
            deltas = net_of(ev.get("transfers"))
            if deltas is not None:
                out["deltas"] = deltas
            return [out]
        if kind == "ryukyoku":
            return [{"type": "ryukyoku"}]
        if kind == "end_kyoku":
            return [{"type": "end_kyoku"}]
        if kind == "dingque":
            suit = ev.get("suit")
            word = SUIT_WORDS[SUITS.index(suit)] if type(suit) is str and suit in SUITS else suit
            return [{"type": "ding_que", "actor": ev.get("actor"), "suit": word}]
        if kind in EXTENSIONS:
            out = {"type": EXTENSIONS[str(kind)]}
            for k, v in ev.items():
                if k == "type":
                    continue
                if k in _TILE_FIELDS and type(v) is str:
                    # odd text is kept as it is: the restore gives it back through meta.xz
                    with contextlib.suppress(TileParseError):
                        v = tile_list(v)
                out[k] = v
            if (
                kind == "exchange"
                and seat is not None
                and seat not in (ev.get("actor"), ev.get("target"))
            ):
                out["pai"] = [HIDDEN] * 3
            net = net_of(ev.get("transfers"))
            if net is not None:
                out["deltas"] = net
            return [out]
        # an event type of no known shape: kept whole in an extension of its own name
        return [{"type": f"xz_{kind}", "meta": {"xz": {"event": dict(ev)}}}]

    def _start_kyoku(self, ev: Mapping[str, Any]) -> list[dict[str, Any]]:
        dealer = ev.get("dealer")
        tehais = ev.get("tehais")
        wall = ev.get("wall")
        hands: list[list[str]] = []
        dealt = HIDDEN
        ok = type(dealer) is int and 0 <= dealer < 4 and type(tehais) is list and len(tehais) == 4
        if ok:
            assert isinstance(tehais, list)
            try:
                hands = [tile_list(t) for t in tehais]
            except (TileParseError, TypeError):
                ok = False
        if ok and isinstance(dealer, int) and hands[dealer]:
            last = _dealt_last(wall)
            dealt = last if last in hands[dealer] else hands[dealer][-1]
            hands[dealer].remove(dealt)
        if not ok:
            hands = [[] for _ in range(4)]
        seat = self.seat
        if seat is not None:
            hands = [h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(hands)]
            if dealer != seat:
                dealt = HIDDEN
        first = {
            "type": "start_kyoku",
            "kyoku": dealer + 1 if type(dealer) is int and 0 <= dealer < 4 else 1,
            "oya": dealer,
            "scores": list(self.scores),
            "tehais": hands,
        }
        tsumo = {"type": "tsumo", "actor": dealer, "pai": dealt}
        if seat is None and self.meta:
            tsumo["meta"] = {"xz": {"dealt": True}}
        return [first, tsumo]


def _dealt_last(wall: Any) -> str | None:
    if type(wall) is str and len(wall) == 216:
        return wall[2 * _DEALT_LAST : 2 * _DEALT_LAST + 2]
    return None


def _pick(ev: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    return {k: ev.get(k) for k in keys}


class _State:
    __slots__ = ("draws", "prev")

    def __init__(self, draws: int, prev: str | None) -> None:
        self.draws = draws
        self.prev = prev


def _restore(m: Mapping[str, Any], st: _State) -> dict[str, Any]:
    """Our event as far as the mjai event ``m`` (without its meta) says it, given the stream
    so far (M2.2): the fields ``meta.xz`` does not need to carry."""
    t = m.get("type")
    if t == "start_kyoku":
        return {"type": "start_kyoku", "dealer": m.get("oya")}
    if t == "tsumo":
        # the wall held 55 after the deal (R2.3); a gang's replacement follows its payment
        return {
            "type": "tsumo",
            "actor": m.get("actor"),
            "pai": m.get("pai"),
            "rinshan": st.prev == "gang_payment",
            "left": 55 - st.draws,
        }
    if t == "dahai":
        return _pick(m, "type", "actor", "pai", "tsumogiri")
    if t in ("pon", "daiminkan"):
        return _pick(m, "type", "actor", "target", "pai")
    if t == "kakan":
        return _pick(m, "type", "actor", "pai")
    if t == "ankan":
        consumed = m.get("consumed")
        pai = consumed[0] if type(consumed) is list and consumed else None
        return {"type": "ankan", "actor": m.get("actor"), "pai": pai}
    if t == "hora":
        return _pick(m, "type", "actor", "target")
    if t == "ryukyoku":
        return {"type": "ryukyoku", "reason": "wall_empty"}
    if t == "end_kyoku":
        return {"type": "end_kyoku"}
    if t == "ding_que":
        suit = m.get("suit")
        ours = SUITS[SUIT_WORDS.index(suit)] if suit in SUIT_WORDS else suit
        return {"type": "dingque", "actor": m.get("actor"), "suit": ours}
    if type(t) is str and t in _OURS:
        out: dict[str, Any] = {"type": _OURS[t]}
        for k, v in m.items():
            if k in ("type", "meta", "deltas"):
                continue
            if k in _TILE_FIELDS and type(v) is list:
                with contextlib.suppress(InvalidActionError):
                    v = _tiles_text(v, t)
            out[k] = v
        return out
    return {"type": t}


def _extra(ev: Mapping[str, Any], restored: Mapping[str, Any]) -> dict[str, Any]:
    """What ``meta.xz`` must carry so that ``restored`` plus it is ``ev`` exactly (M2.2): the
    fields that differ or are missing, in ``ev``'s order; the whole event when the keys'
    order could not be rebuilt so."""
    keys, rkeys = list(ev), list(restored)
    if keys[: len(rkeys)] != rkeys:
        return {"event": dict(ev)}
    out = {k: ev[k] for k in rkeys if not same(ev[k], restored[k])}
    out.update((k, ev[k]) for k in keys[len(rkeys) :])
    return out


class FromMjai:
    """Our events back from the mjai events of one round that carry our ``meta.xz``
    (:meth:`MjaiStream.events` with ``seat=None``): :meth:`event` gives each mjai event's
    event, or ``None`` for the dealer's dealt ``tsumo`` (part of ``start_kyoku``, R2.3)."""

    __slots__ = ("_draws", "_prev")

    def __init__(self) -> None:
        self._draws = 0
        self._prev: str | None = None

    def event(self, m: Mapping[str, Any]) -> dict[str, Any] | None:
        """Our event of the mjai event ``m``."""
        meta = m.get("meta")
        xz = meta.get("xz") if isinstance(meta, Mapping) else None
        xz = xz if isinstance(xz, Mapping) else {}
        if m.get("type") == "tsumo" and xz.get("dealt") is True:
            return None
        if m.get("type") == "tsumo":
            self._draws += 1
        if "event" in xz and isinstance(xz["event"], Mapping):
            ev = dict(xz["event"])
        else:
            ev = _restore(m, _State(self._draws, self._prev))
            ev.update(xz)
        self._prev = str(ev.get("type"))
        return ev


# -- reactions -------------------------------------------------------------------------------


def _actor(m: Mapping[str, Any], seat: int | None, where: str) -> int:
    actor = m.get("actor", seat)
    if type(actor) is not int or not 0 <= actor < 4:
        raise InvalidActionError(f"{where}: bad actor {short_repr(actor)}")
    if seat is not None and actor != seat:
        raise InvalidActionError(f"{where}: actor {actor} is not the seat deciding ({seat})")
    return actor


def _kind(pai: Any, where: str) -> int:
    if type(pai) is not str or pai not in _KIND:
        raise InvalidActionError(
            f"{where}: bad 'pai' {short_repr(pai)} (an mjai tile such as '5p')"
        )
    return _KIND[pai]


def action_of_mjai(m: Any, *, seat: int | None = None, tile: int | None = None) -> AnyAction | None:
    """The action an mjai event or reaction ``m`` records (M3.2), or ``None`` for one that
    records none (``tsumo``, ``start_kyoku``, an extension that is not a decision …).

    ``seat``: the seat deciding — it fills a missing ``actor`` (mjai's ``{"type":"none"}``)
    and must equal a given one. ``tile``: the tile a ``hora`` without ``pai`` wins on (the
    tile on offer, or the one just drawn). Raises :class:`InvalidActionError` naming what is
    malformed: not a JSON object, an unknown type, a bad actor, tile, ``consumed``, suit or
    bet.

    >>> action_of_mjai({"type": "none"}, seat=2)
    Action.parse('none by 2')
    >>> action_of_mjai({"type": "hora", "actor": 3, "target": 1}, tile=13)
    Action.parse('hora 5p by 3')
    >>> action_of_mjai({"type": "ding_que", "actor": 0, "suit": "sou"})
    Action.parse('dingque s by 0')
    """
    if not isinstance(m, Mapping):
        raise InvalidActionError(f"not a JSON object: {short_repr(m)}")
    t = m.get("type")
    where = f"mjai {short_repr(t)}"
    if t in ("tsumo", "start_kyoku", "start_game", "end_kyoku", "end_game", "ryukyoku"):
        return None
    if t in ("xz_gang_payment", "xz_call_transfer", "xz_settlement"):
        return None
    if t == "none" or t == "xz_none":
        actor = _actor(m, seat, where)
        claim = m.get("claim")
        if t == "xz_none" and claim is not None:
            if claim not in ("hora", "pon", "daiminkan"):
                raise InvalidActionError(f"{where}: bad claim {short_repr(claim)}")
            pai = m.get("pai")
            if type(pai) is list and len(pai) == 1:  # the extension's tile list (M2.3)
                pai = pai[0]
            return Action.make(claim, actor, _kind(pai, where))
        return Action.make("none", actor)
    if t == "dahai":
        if m.get("baige") is True:
            return None  # the discard of a 摆割, part of its xz_baige (R13.4)
        return Action.make("dahai", _actor(m, seat, where), _kind(m.get("pai"), where))
    if t in ("pon", "daiminkan", "kakan"):
        return Action.make(str(t), _actor(m, seat, where), _kind(m.get("pai"), where))
    if t == "ankan":
        consumed = m.get("consumed")
        pai = m.get("pai", consumed[0] if type(consumed) is list and consumed else None)
        if type(consumed) is list and any(c != pai for c in consumed):
            raise InvalidActionError(
                f"{where}: 'consumed' {short_repr(consumed)} is not four of one tile"
            )
        return Action.make("ankan", _actor(m, seat, where), _kind(pai, where))
    if t == "hora":
        actor = _actor(m, seat, where)
        if "pai" in m:
            return Action.make("hora", actor, _kind(m.get("pai"), where))
        if tile is None:
            raise InvalidActionError(f"{where}: no 'pai' and no tile on offer or drawn")
        return Action.make("hora", actor, tile)
    if t == "ding_que":
        suit = m.get("suit")
        if suit not in SUIT_WORDS:
            raise InvalidActionError(f"{where}: bad suit {short_repr(suit)} (man, pin or sou)")
        return Action.make("dingque", _actor(m, seat, where), suit=SUIT_WORDS.index(suit))
    if t == "xz_exchange":
        tiles = m.get("pai")
        if type(tiles) is not list or len(tiles) != 3:
            raise InvalidActionError(
                f"{where}: 'pai' must list three tiles, not {short_repr(tiles)}"
            )
        kinds = [_kind(p, where) for p in tiles]
        return Action.make("exchange", _actor(m, seat, where), tiles=kinds)
    if t == "xz_piao":
        n = m.get("piao")
        if type(n) is not int or not 0 <= n <= 5:
            raise InvalidActionError(f"{where}: bad bet {short_repr(n)} (R13.3: 0-5)")
        return LeshanAction("piao", _actor(m, seat, where), -1, n)
    if t == "xz_baige":
        pai = m.get("pai")
        if type(pai) is list and len(pai) == 1:  # the extension's tile list (M2.3)
            pai = pai[0]
        return LeshanAction("baige", _actor(m, seat, where), _kind(pai, where))
    raise InvalidActionError(f"unknown mjai type {short_repr(t)}")


def reaction_of(
    action: AnyAction,
    *,
    target: int | None = None,
    drawn: int | None = None,
) -> dict[str, Any]:
    """The mjai reaction of ``action`` (M3.2): the inverse of :func:`action_of_mjai`, so that
    ``action_of_mjai(reaction_of(a), seat=a.seat) == a`` for every action.

    ``target``: the seat whose discard or added gang a ``pon``, ``daiminkan`` or ``hora`` takes
    (mjai's ``target``; a self-drawn ``hora`` has ``target`` = ``actor``), left out when not
    given. ``drawn``: the tile the seat just drew; given, a ``dahai`` says ``tsumogiri``. A
    pass is mjai's bare ``{"type": "none"}`` (its actor is the seat deciding).

    >>> reaction_of(Action.parse("pon 5p by 1"), target=0)
    {'type': 'pon', 'actor': 1, 'target': 0, 'pai': '5p', 'consumed': ['5p', '5p']}
    >>> reaction_of(Action.parse("dahai 9s by 2"), drawn=26)
    {'type': 'dahai', 'actor': 2, 'pai': '9s', 'tsumogiri': True}
    >>> reaction_of(Action.parse("none by 3"))
    {'type': 'none'}
    """
    w, s = action.word, action.seat
    if isinstance(action, LeshanAction):
        if w == "piao":
            return {"type": "xz_piao", "actor": s, "piao": action.amount}
        return {"type": "xz_baige", "actor": s, "pai": NAMES[action.tile]}
    if w == "none":
        return {"type": "none"}
    if w == "dingque":
        return {"type": "ding_que", "actor": s, "suit": SUIT_WORDS[action.suit]}
    if w == "exchange":
        return {"type": "xz_exchange", "actor": s, "pai": [NAMES[k] for k in action.tiles]}
    pai = NAMES[action.tile]
    out: dict[str, Any] = {"type": w, "actor": s}
    if w in ("pon", "daiminkan", "hora") and target is not None:
        out["target"] = target
    if w != "ankan":
        out["pai"] = pai
    if w == "dahai":
        if drawn is not None:
            out["tsumogiri"] = action.tile == drawn
    elif w != "hora":
        out["consumed"] = [pai] * {"pon": 2, "daiminkan": 3, "kakan": 3, "ankan": 4}[w]
    return out
