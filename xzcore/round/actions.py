"""Actions: what a seat decides in a round, as immutable values that print and parse.

The words follow the mjai protocol where it has one (``dahai``, ``pon``, ``daiminkan``,
``ankan``, ``kakan``, ``hora``, ``none``) and add the two Sichuan phases, ``exchange``
(换三张, R3) and ``dingque`` (定缺, R4.1). The text form is ``"<word> [argument] by <seat>"``:

>>> a = Action.parse("dahai 5p by 2")
>>> a.word, a.seat, a.tile
('dahai', 2, 13)
>>> a
Action.parse('dahai 5p by 2')
>>> str(Action.parse("exchange 9m1m2m by 0"))
'exchange 129m by 0'
>>> Action.parse("dingque p", seat=1).suit
1

The two Leshan decisions (R13.3 飘, R13.4 摆割) are :class:`LeshanAction` values, kept here
with the rest of the vocabulary.

Errors form a small tree of ``ValueError``: :class:`InvalidActionError` for a malformed
action (bad text, a seat outside 0–3, a tile outside 0–26) and :class:`IllegalActionError`
for a well-formed action that a rule forbids now; the latter carries the rule id.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.tiles import SUITS, TileParseError, format_tiles, parse_tiles, tile_name

__all__ = [
    "CLAIM_WORDS",
    "LESHAN_WORDS",
    "WORDS",
    "Action",
    "AnyAction",
    "IllegalActionError",
    "InvalidActionError",
    "LeshanAction",
    "actions_of",
]

WORDS = ("exchange", "dingque", "dahai", "pon", "daiminkan", "ankan", "kakan", "hora", "none")
"""Every word of an :class:`Action` (docs/events.md)."""
LESHAN_WORDS = ("piao", "baige")
"""The Leshan action words (R13.3, R13.4): :class:`LeshanAction` values."""
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


def _tile_of(ev: Mapping[str, Any], index: int) -> int:
    try:
        kinds = parse_tiles(ev["pai"])
    except (KeyError, TypeError, TileParseError) as exc:
        raise InvalidActionError(f"event #{index} ({ev.get('type')}): bad 'pai': {exc}") from None
    if len(kinds) != 1:
        raise InvalidActionError(f"event #{index} ({ev.get('type')}): 'pai' is not one tile")
    return kinds[0]


def actions_of(events: Iterable[Mapping[str, Any]]) -> Iterator[Action]:
    """The actions recorded in an event stream, in order (docs/events.md, "Actions").

    Feeding them in order to a fresh ``Round`` built from the same wall, dealer and exchange
    direction reproduces the stream. Raises :class:`InvalidActionError` naming the event
    index of a malformed action event.
    """
    for i, ev in enumerate(events):
        word = ev.get("type")
        if word not in WORDS:
            continue
        actor = ev.get("actor")
        if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < 4:
            raise InvalidActionError(f"event #{i} ({word}): bad actor {actor!r}")
        if word == "exchange":
            try:
                tiles = parse_tiles(ev["pai"])
            except (KeyError, TypeError, TileParseError) as exc:
                raise InvalidActionError(f"event #{i} (exchange): bad 'pai': {exc}") from None
            yield Action.make("exchange", actor, tiles=tiles)
        elif word == "dingque":
            suit = ev.get("suit")
            if suit not in ("m", "p", "s"):
                raise InvalidActionError(f"event #{i} (dingque): bad suit {suit!r}")
            yield Action.make("dingque", actor, suit=SUITS.index(suit))
        elif word == "none":
            claim = ev.get("claim")
            if claim is None:
                yield Action.make("none", actor)
            elif claim in ("hora", "pon", "daiminkan"):
                yield Action.make(claim, actor, _tile_of(ev, i))
            else:
                raise InvalidActionError(f"event #{i} (none): bad claim {claim!r}")
        else:
            yield Action.make(word, actor, _tile_of(ev, i))


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
