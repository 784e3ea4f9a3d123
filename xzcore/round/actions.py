"""Actions: what a seat decides in a round, as immutable values that print and parse, and
the one reader of the action an event records (:func:`action_of`, docs/events.md).

The words follow the mjai protocol where it has one and add ``exchange`` (换三张, R3) and
``dingque`` (定缺, R4.1); the Leshan ``piao`` (R13.3) and ``baige`` (R13.4) are
:class:`LeshanAction` values. The text form is ``"<word> [argument] by <seat>"``:

>>> a = Action.parse("dahai 5p by 2")
>>> a.word, a.seat, a.tile
('dahai', 2, 13)
>>> a
Action.parse('dahai 5p by 2')
>>> str(Action.parse("exchange 9m1m2m by 0"))
'exchange 129m by 0'
>>> Action.parse("dingque p", seat=1).suit
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.tiles import NAMES, SUITS, TileParseError, format_tiles, parse_tiles, tile_name

__all__ = [
    "CLAIM_WORDS",
    "LESHAN_WORDS",
    "NOT_ACTIONS",
    "WORDS",
    "Action",
    "AnyAction",
    "IllegalActionError",
    "InvalidActionError",
    "LeshanAction",
    "action_of",
    "actions_of",
]

WORDS = ("exchange", "dingque", "dahai", "pon", "daiminkan", "ankan", "kakan", "hora", "none")
"""Every word of an :class:`Action` (docs/events.md)."""
LESHAN_WORDS = ("piao", "baige")
"""The Leshan action words (R13.3, R13.4): :class:`LeshanAction` values."""
NOT_ACTIONS = frozenset(
    {"start_kyoku", "tsumo", "gang_payment", "call_transfer", "ryukyoku", "settlement", "end_kyoku"}
)
"""The event types that never record an action (docs/events.md)."""
CLAIM_WORDS = frozenset({"hora", "pon", "daiminkan", "none"})
"""Words a seat may answer another seat's discard or added gang with (R5.2, R6.4)."""
_TILE_WORDS = frozenset({"dahai", "pon", "daiminkan", "ankan", "kakan", "hora"})


class Action(NamedTuple):
    """One decision of one seat.

    ``word`` is one of :data:`WORDS`; ``seat`` 0–3; ``tile`` the tile kind for the tile
    words (-1 otherwise); ``tiles`` the three kinds of an ``exchange`` (sorted); ``suit`` the
    suit 0–2 of a ``dingque`` (-1 otherwise). Build them with :meth:`parse` or
    :meth:`make` (both check their input), or take them from ``Round.legal_actions``.
    """

    word: str
    seat: int
    tile: int = -1
    tiles: tuple[int, ...] = ()
    suit: int = -1

    @classmethod
    def make(
        cls,
        word: str,
        seat: int,
        tile: int = -1,
        *,
        tiles: Iterable[int] = (),
        suit: int = -1,
    ) -> Action:
        """A checked constructor: raises :class:`InvalidActionError` for a malformed action."""
        if word not in WORDS:
            raise InvalidActionError(f"unknown action word {word!r} (expected {', '.join(WORDS)})")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise InvalidActionError(f"{word}: bad seat {seat!r} (expected 0-3)")
        tt = tuple(sorted(tiles))
        if word in _TILE_WORDS:
            if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < 27:
                raise InvalidActionError(f"{word}: bad tile kind {tile!r} (expected 0-26)")
        elif tile != -1:
            raise InvalidActionError(f"{word}: takes no tile")
        if word == "exchange":
            if len(tt) != 3 or any(
                isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < 27 for k in tt
            ):
                raise InvalidActionError(f"exchange: needs three tile kinds 0-26, got {tt!r}")
        elif tt:
            raise InvalidActionError(f"{word}: takes no tile list")
        if word == "dingque":
            if isinstance(suit, bool) or suit not in (0, 1, 2):
                raise InvalidActionError(f"dingque: bad suit {suit!r} (expected 0, 1 or 2)")
        elif suit != -1:
            raise InvalidActionError(f"{word}: takes no suit")
        return cls(word, seat, tile, tt, suit)

    @classmethod
    def parse(cls, text: str, seat: int | None = None) -> Action:
        """Parse ``"<word> [argument] by <seat>"``; ``by <seat>`` may be left out when
        ``seat`` is given. Raises :class:`InvalidActionError` naming what is wrong."""
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be str, not {type(text).__name__}")
        parts = text.split()
        if len(parts) >= 2 and parts[-2] == "by":
            try:
                text_seat = int(parts[-1])
            except ValueError:
                raise InvalidActionError(f"{text!r}: bad seat {parts[-1]!r} after 'by'") from None
            if seat is not None and seat != text_seat:
                raise InvalidActionError(f"{text!r}: says seat {text_seat}, caller says {seat}")
            seat = text_seat
            parts = parts[:-2]
        if seat is None:
            raise InvalidActionError(f"{text!r}: no seat (write '... by <seat>')")
        if not parts:
            raise InvalidActionError(f"{text!r}: no action word")
        word = parts[0].lower()
        args = parts[1:]
        if word not in WORDS:
            raise InvalidActionError(
                f"{text!r}: unknown action word {parts[0]!r} (expected {', '.join(WORDS)})"
            )
        try:
            if word == "none":
                if args:
                    raise InvalidActionError(f"{text!r}: 'none' takes no argument")
                return cls.make(word, seat)
            if len(args) != 1:
                raise InvalidActionError(f"{text!r}: {word!r} takes exactly one argument")
            if word == "dingque":
                arg = args[0].lower()
                if arg not in ("m", "p", "s", "万", "筒", "条"):
                    raise InvalidActionError(f"{text!r}: bad suit {args[0]!r} (m, p or s)")
                return cls.make(word, seat, suit="mps万筒条".index(arg) % 3)
            kinds = parse_tiles(args[0])
            if word == "exchange":
                return cls.make(word, seat, tiles=kinds)
            if len(kinds) != 1:
                raise InvalidActionError(f"{text!r}: {word!r} takes one tile, got {len(kinds)}")
            return cls.make(word, seat, kinds[0])
        except TileParseError as exc:
            raise InvalidActionError(f"{text!r}: {exc}") from None

    def __str__(self) -> str:
        w = self.word
        if w in _TILE_WORDS:
            arg = " " + tile_name(self.tile)
        elif w == "exchange":
            arg = " " + format_tiles(self.tiles)
        elif w == "dingque":
            arg = " " + SUITS[self.suit]
        else:
            arg = ""
        return f"{w}{arg} by {self.seat}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


class LeshanAction(NamedTuple):
    """A Leshan decision: ``piao`` with ``amount`` 0–5 (R13.3) or ``baige`` with the ``tile``
    discarded as the hand is laid open (R13.4). Prints and parses like :class:`Action`:

    >>> LeshanAction.parse("piao 3 by 1")
    LeshanAction.parse('piao 3 by 1')
    >>> LeshanAction.parse("baige 5p by 2").tile
    13
    """

    word: str
    seat: int
    tile: int = -1
    amount: int = -1

    @classmethod
    def parse(cls, text: str, seat: int | None = None) -> LeshanAction:
        """Parse ``"piao <n> by <seat>"`` or ``"baige <tile> by <seat>"``; raises
        :class:`InvalidActionError` naming what is wrong."""
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be str, not {type(text).__name__}")
        parts = text.split()
        if len(parts) >= 2 and parts[-2] == "by":
            try:
                seat = int(parts[-1])
            except ValueError:
                raise InvalidActionError(f"{text!r}: bad seat {parts[-1]!r} after 'by'") from None
            parts = parts[:-2]
        if seat is None or isinstance(seat, bool) or not 0 <= seat < 4:
            raise InvalidActionError(f"{text!r}: no seat 0-3 (write '... by <seat>')")
        if len(parts) != 2 or parts[0] not in LESHAN_WORDS:
            raise InvalidActionError(f"{text!r}: expected 'piao <0-5>' or 'baige <tile>'")
        if parts[0] == "piao":
            if not parts[1].isdigit() or not 0 <= int(parts[1]) <= 5:
                raise InvalidActionError(f"{text!r}: 飘 is a number 0-5 (R13.3)")
            return cls("piao", seat, -1, int(parts[1]))
        try:
            kinds = parse_tiles(parts[1])
        except ValueError as exc:
            raise InvalidActionError(f"{text!r}: {exc}") from None
        if len(kinds) != 1:
            raise InvalidActionError(f"{text!r}: baige takes one tile")
        return cls("baige", seat, kinds[0])

    def __str__(self) -> str:
        arg = str(self.amount) if self.word == "piao" else tile_name(self.tile)
        return f"{self.word} {arg} by {self.seat}"

    def __repr__(self) -> str:
        return f"LeshanAction.parse({str(self)!r})"


AnyAction = Action | LeshanAction
"""An action of any round: the engine's words or a Leshan one."""


# Prebuilt action values: ``legal_actions`` hands them out without building new objects,
# ``Round.play`` finds them by identity (``_DAHAI[seat][kind]`` …).
_DAHAI = [[Action("dahai", s, k) for k in range(27)] for s in range(4)]
_PON = [[Action("pon", s, k) for k in range(27)] for s in range(4)]
_DAIMINKAN = [[Action("daiminkan", s, k) for k in range(27)] for s in range(4)]
_ANKAN = [[Action("ankan", s, k) for k in range(27)] for s in range(4)]
_KAKAN = [[Action("kakan", s, k) for k in range(27)] for s in range(4)]
_HORA = [[Action("hora", s, k) for k in range(27)] for s in range(4)]
_NONE = [Action("none", s) for s in range(4)]
_DINGQUE = [[Action("dingque", s, -1, (), v) for v in range(3)] for s in range(4)]
_TURN_PICKS = [[*_DAHAI[s], *_ANKAN[s], *_KAKAN[s]] for s in range(4)]
"""A turn's discard or gang by number (``_TURN_PICKS[seat][n]``), as ``random_run`` returns a
choice it leaves to the engine: the discard of kind k is k, the 暗杠 of k 27 + k, the 加杠 of k
54 + k."""

_KIND = {name: k for k, name in enumerate(NAMES)}
"""A 'pai' as the reader's quick path takes it: one of the 27 names (``"5p"``), nothing else."""
_SUIT_INDEX = {"m": 0, "p": 1, "s": 2}
"""A ``dingque`` event's 'suit' (R4.1)."""


# -- the reader ----------------------------------------------------------------------------


def action_of(ev: Mapping[str, Any], index: int = 0) -> AnyAction | None:
    """The action event ``ev`` records (docs/events.md "Actions"), or ``None`` when it
    records none: its type is no action word (:data:`NOT_ACTIONS`, another word, or none),
    or it is the ``dahai`` marked ``"baige": true`` that is part of a ``baige`` (R13.4). A
    well-formed event gives the prebuilt value (``Round.play`` finds it by identity).

    A malformed action event raises :class:`InvalidActionError` (the audit's L5 finding
    quotes the message): a 'pai' that is not text, ``"<word>: bad 'pai' …"``; a bad actor,
    'pai', suit, claim or bet, ``"event #<index> (<word>): …"`` (``index``: the event's
    place in its stream); an ``exchange`` not of three tiles, ``Action.make``'s message;
    any other odd field (a ValueError, TypeError or AttributeError while it is read),
    ``"<word>: malformed action: …"``.

    >>> action_of({"type": "none", "actor": 3, "pai": "5p", "claim": "hora"})
    Action.parse('hora 5p by 3')
    >>> action_of({"type": "piao", "actor": 2, "piao": 4})
    LeshanAction.parse('piao 4 by 2')
    >>> action_of({"type": "tsumo", "actor": 1, "pai": "5p"}) is None
    True
    >>> action_of({"type": "dahai", "actor": 7, "pai": "5p"}, 12)
    Traceback (most recent call last):
    ...
    xzcore.errors.InvalidActionError: event #12 (dahai): bad actor 7
    """
    try:
        read = _READ.get(ev.get("type"))
    except TypeError:  # an unhashable type: no action word
        return None
    return None if read is None else read(ev, index)


def actions_of(events: Iterable[Mapping[str, Any]]) -> Iterator[AnyAction]:
    """The actions recorded in an event stream, in order: :func:`action_of` of each event,
    ``index`` its place in the stream. Feeding them in order to a fresh round (a
    ``LeshanRound`` for a Leshan stream) built from the same wall, dealer and exchange
    direction reproduces the stream."""
    for i, ev in enumerate(events):
        a = action_of(ev, i)
        if a is not None:
            yield a


_Reader = Callable[[Mapping[str, Any], int], AnyAction | None]


def _tile_reader(word: str, table: list[list[Action]]) -> _Reader:
    """The reader of a tile word: a well-formed event from ``table``, else :func:`_slow`."""

    def read(ev: Mapping[str, Any], index: int) -> AnyAction | None:
        actor = ev.get("actor")
        pai = ev.get("pai")
        if type(actor) is int and 0 <= actor < 4 and type(pai) is str:
            k = _KIND.get(pai)
            if k is not None:
                return table[actor][k]
        return _slow(word, ev, index)

    return read


def _read_dahai(ev: Mapping[str, Any], index: int) -> AnyAction | None:
    if ev.get("baige"):
        return None  # the discard of a 摆割, part of its baige action (R13.4)
    actor = ev.get("actor")
    pai = ev.get("pai")
    if type(actor) is int and 0 <= actor < 4 and type(pai) is str:
        k = _KIND.get(pai)
        if k is not None:
            return _DAHAI[actor][k]
    return _slow("dahai", ev, index)


def _read_none(ev: Mapping[str, Any], index: int) -> AnyAction | None:
    actor = ev.get("actor")
    if type(actor) is int and 0 <= actor < 4 and "claim" not in ev:
        return _NONE[actor]
    return _slow("none", ev, index)


def _read_dingque(ev: Mapping[str, Any], index: int) -> AnyAction | None:
    actor = ev.get("actor")
    if type(actor) is int and 0 <= actor < 4:
        suit = ev.get("suit")
        if type(suit) is str and suit in _SUIT_INDEX:
            return _DINGQUE[actor][_SUIT_INDEX[suit]]
    return _slow("dingque", ev, index)


def _slow(word: str, ev: Mapping[str, Any], index: int) -> AnyAction | None:
    """Any event of an action word the quick paths do not take: the action, or the
    :class:`InvalidActionError` naming what is malformed."""
    if word in _PAI_WORDS or (word == "none" and ev.get("claim") is not None):
        _check_pai(word, ev)
    try:
        return _FIELDS[word](word, ev, f"event #{index} ({word})")
    except InvalidActionError:
        raise
    except (ValueError, TypeError, AttributeError) as exc:  # an odd field: never a crash
        raise InvalidActionError(f"{word}: malformed action: {exc}") from None


def _check_pai(word: str, ev: Mapping[str, Any]) -> None:
    """docs/events.md: every 'pai' is tile text such as ``"5p"`` (R1.3); a list, map, number
    or bytes is a malformed action. A missing 'pai' is the field readers' to report."""
    pai = ev.get("pai")
    if "pai" in ev and type(pai) is not str:
        s = repr(pai)
        raise InvalidActionError(
            f"{word}: bad 'pai' {s if len(s) <= 60 else s[:57] + '...'}: tile text such as "
            f"'5p' was expected, not a {type(pai).__name__}"
        )


def _actor(ev: Mapping[str, Any], where: str) -> int:
    actor = ev.get("actor")
    if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < 4:
        raise InvalidActionError(f"{where}: bad actor {actor!r}")
    return actor


def _tiles(ev: Mapping[str, Any], where: str) -> list[int]:
    try:
        return parse_tiles(ev["pai"])
    except (KeyError, TypeError, TileParseError) as exc:
        raise InvalidActionError(f"{where}: bad 'pai': {exc}") from None


def _tile(ev: Mapping[str, Any], where: str) -> int:
    kinds = _tiles(ev, where)
    if len(kinds) != 1:
        raise InvalidActionError(f"{where}: 'pai' is not one tile")
    return kinds[0]


def _tile_fields(word: str, ev: Mapping[str, Any], where: str) -> AnyAction:
    actor = _actor(ev, where)
    return Action.make(word, actor, _tile(ev, where))


def _exchange_fields(word: str, ev: Mapping[str, Any], where: str) -> AnyAction:
    actor = _actor(ev, where)
    return Action.make("exchange", actor, tiles=_tiles(ev, where))


def _dingque_fields(word: str, ev: Mapping[str, Any], where: str) -> AnyAction:
    actor = _actor(ev, where)
    suit = ev.get("suit")
    if suit not in ("m", "p", "s"):
        raise InvalidActionError(f"{where}: bad suit {suit!r}")
    return Action.make("dingque", actor, suit=SUITS.index(suit))


def _none_fields(word: str, ev: Mapping[str, Any], where: str) -> AnyAction:
    actor = _actor(ev, where)
    claim = ev.get("claim")
    if claim is None:
        return Action.make("none", actor)
    if claim in ("hora", "pon", "daiminkan"):  # a claim R5.3 set aside (R5.2)
        return Action.make(claim, actor, _tile(ev, where))
    raise InvalidActionError(f"{where}: bad claim {claim!r}")


def _piao_fields(word: str, ev: Mapping[str, Any], where: str) -> AnyAction:
    actor = _actor(ev, where)
    n = ev.get("piao")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 5:
        raise InvalidActionError(f"{where}: bad bet {n!r} (R13.3: 0-5)")
    return LeshanAction("piao", actor, -1, n)


def _baige_fields(word: str, ev: Mapping[str, Any], where: str) -> AnyAction:
    actor = _actor(ev, where)
    return LeshanAction("baige", actor, _tile(ev, where))


_PAI_WORDS = frozenset({*_TILE_WORDS, "exchange", "baige"})
"""The words whose 'pai' is read (and ``none`` with a claim)."""
_FIELDS = {
    **dict.fromkeys(_TILE_WORDS, _tile_fields),
    "exchange": _exchange_fields,
    "dingque": _dingque_fields,
    "none": _none_fields,
    "piao": _piao_fields,
    "baige": _baige_fields,
}
"""Each action word's full reading of its fields."""


def _read_slow(word: str) -> _Reader:
    return lambda ev, index: _slow(word, ev, index)


_READ: dict[object, _Reader] = {
    "dahai": _read_dahai,
    "pon": _tile_reader("pon", _PON),
    "daiminkan": _tile_reader("daiminkan", _DAIMINKAN),
    "ankan": _tile_reader("ankan", _ANKAN),
    "kakan": _tile_reader("kakan", _KAKAN),
    "hora": _tile_reader("hora", _HORA),
    "none": _read_none,
    "dingque": _read_dingque,
    "exchange": _read_slow("exchange"),
    "piao": _read_slow("piao"),
    "baige": _read_slow("baige"),
}
"""Every action word's reader (the dispatch of :func:`action_of`)."""
assert set(_READ) == {*WORDS, *LESHAN_WORDS} == set(_FIELDS)
