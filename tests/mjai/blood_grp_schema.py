"""blood-grp's mjai events, written for the tests from its ``libblood/src/mjai/event.rs`` and
``libblood/src/arena/board.rs`` alone (mahjong-xpro/blood-grp), not from
``xzcore.mjai.blood_grp``: the tests hold the library's output to this reading, so the two
must be separate. What they share is only the facts (the event and field names).

- :func:`check_event`: one event — its ``type`` one of ``Event``'s variants, its fields
  exactly the variant's (serde's order of declaration), of their types and ranges (an actor
  ``BoundedU8<0, 3>``, ``kyoku`` ``BoundedU8<1, 4>``, ``[i32; 4]``, ``[[Tile; 13]; 4]``, a
  ``Tile`` ``1m``–``9s`` or ``?``, a ``Suit`` ``man``/``pin``/``sou``); a bot's line may carry
  ``EventWithCanAct``'s ``can_act``.
- :class:`Order`: the events of a stream in the arena's order (``board.rs``): ``start_game``,
  per kyoku ``start_kyoku`` (``kyoku`` = ``oya`` + 1), the four ``ding_que`` of actors 0–3,
  the dealer's ``tsumo``, play, a ``ryukyoku`` only when fewer than three have won, each
  seat winning at most once (血战), ``end_kyoku``; ``end_game`` last.

A script imports it too (``blood_grp_bot.py``, run as a bot process), so it needs nothing
but the standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

TILES = frozenset(f"{n}{s}" for s in "mps" for n in range(1, 10))
UNKNOWN = "?"
SUITS = ("man", "pin", "sou")
I32 = range(-(2**31), 2**31)


class SchemaError(ValueError):
    """An event outside blood-grp's schema or order."""


Check = Callable[[Any, "View"], bool]


class View:
    """Whose events these are: ``seat`` None for a whole log (every tile shown), else the
    seat a bot plays (the others' tiles may be ``?``)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat


def _actor(v: Any, _: View) -> bool:
    return type(v) is int and 0 <= v <= 3


def _kyoku(v: Any, _: View) -> bool:
    return type(v) is int and 1 <= v <= 4


def _bool(v: Any, _: View) -> bool:
    return type(v) is bool


def _tile(v: Any, view: View) -> bool:
    return type(v) is str and (v in TILES or (view.seat is not None and v == UNKNOWN))


def _known_tile(v: Any, _: View) -> bool:
    return type(v) is str and v in TILES


def _tiles(n: int) -> Check:
    return lambda v, view: type(v) is list and len(v) == n and all(_known_tile(t, view) for t in v)


def _i32x4(v: Any, _: View) -> bool:
    return type(v) is list and len(v) == 4 and all(type(x) is int and x in I32 for x in v)


def _names(v: Any, _: View) -> bool:
    return type(v) is list and len(v) == 4 and all(type(n) is str for n in v)


def _tehais(v: Any, view: View) -> bool:
    if type(v) is not list or len(v) != 4:
        return False
    for seat, hand in enumerate(v):
        if type(hand) is not list or len(hand) != 13:
            return False
        hidden = view.seat is not None and seat != view.seat
        if not all(t == UNKNOWN if hidden else _known_tile(t, view) for t in hand):
            return False
    return True


def _suit(v: Any, _: View) -> bool:
    return v in SUITS


def _seed(v: Any, _: View) -> bool:
    return type(v) is list and len(v) == 2 and all(type(x) is int and 0 <= x < 2**64 for x in v)


# type → [(field, check, required)], in event.rs's order of declaration
SCHEMA: dict[str, list[tuple[str, Check, bool]]] = {
    "start_game": [("names", _names, False), ("seed", _seed, False)],
    "start_kyoku": [
        ("kyoku", _kyoku, True),
        ("oya", _actor, True),
        ("scores", _i32x4, True),
        ("tehais", _tehais, True),
    ],
    "tsumo": [("actor", _actor, True), ("pai", _tile, True)],
    "dahai": [("actor", _actor, True), ("pai", _known_tile, True), ("tsumogiri", _bool, True)],
    "pon": [
        ("actor", _actor, True),
        ("target", _actor, True),
        ("pai", _known_tile, True),
        ("consumed", _tiles(2), True),
    ],
    "daiminkan": [
        ("actor", _actor, True),
        ("target", _actor, True),
        ("pai", _known_tile, True),
        ("consumed", _tiles(3), True),
    ],
    "kakan": [("actor", _actor, True), ("pai", _known_tile, True), ("consumed", _tiles(3), True)],
    "ankan": [("actor", _actor, True), ("consumed", _tiles(4), True)],
    "ding_que": [("actor", _actor, True), ("suit", _suit, True)],
    "hora": [("actor", _actor, True), ("target", _actor, True), ("deltas", _i32x4, False)],
    "ryukyoku": [("deltas", _i32x4, False)],
    "end_kyoku": [],
    "end_game": [],
}


def check_event(ev: Any, view: View, *, can_act: bool = False) -> None:
    """``ev`` as blood-grp reads it, or :class:`SchemaError` (``can_act``: the bot stream's
    ``EventWithCanAct`` field is allowed last)."""
    if not isinstance(ev, Mapping):
        raise SchemaError(f"not an object: {ev!r}")
    keys = list(ev)
    if can_act and keys and keys[-1] == "can_act":
        if type(ev["can_act"]) is not bool:
            raise SchemaError(f"can_act: {ev['can_act']!r}")
        keys.pop()
    if not keys or keys[0] != "type":
        raise SchemaError(f"'type' is not the first field: {keys}")
    t = ev["type"]
    if t not in SCHEMA:
        raise SchemaError(f"no such event in event.rs: {t!r}")
    fields = SCHEMA[t]
    declared = [f for f, _, _ in fields]
    if keys[1:] != [f for f in declared if f in keys]:
        raise SchemaError(f"{t}: fields {keys[1:]} are not event.rs's {declared}")
    for name, check, required in fields:
        if name not in ev:
            if required:
                raise SchemaError(f"{t}: no {name!r}")
            continue
        if not check(ev[name], view):
            raise SchemaError(f"{t}: bad {name} {ev[name]!r}")
    if t in ("hora", "ryukyoku") and "deltas" in ev and sum(ev["deltas"]) != 0:
        raise SchemaError(f"{t}: deltas {ev['deltas']} do not sum to 0")


class Order:
    """Feeds :meth:`take` the events of a stream one by one; raises :class:`SchemaError` at
    the first out of board.rs's order (after :func:`check_event`)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.state = "before_game"
        self.oya = -1
        self.ques = 0
        self.winners: set[int] = set()
        self.kyokus = 0

    def _fail(self, ev: Mapping[str, Any]) -> None:
        raise SchemaError(f"{ev['type']} out of order (after {self.state})")

    def take(self, ev: Mapping[str, Any], *, can_act: bool = False) -> None:
        check_event(ev, self.view, can_act=can_act)
        t, s = ev["type"], self.state
        if t == "start_game":
            if s != "before_game":
                self._fail(ev)
            self.state = "game"
        elif t == "end_game":
            if s != "game":
                self._fail(ev)
            self.state = "before_game"
        elif t == "start_kyoku":
            if s != "game" or ev["kyoku"] != ev["oya"] + 1:
                self._fail(ev)
            self.state, self.oya, self.ques, self.winners = "ding_que", ev["oya"], 0, set()
        elif t == "ding_que":
            if s != "ding_que" or ev["actor"] != self.ques:
                self._fail(ev)
            self.ques += 1
            if self.ques == 4:
                self.state = "dealt"
        elif t == "tsumo" and s == "dealt":
            if ev["actor"] != self.oya:
                self._fail(ev)
            self.state = "play"
        elif t == "end_kyoku":
            if s not in ("play", "drawn"):
                self._fail(ev)
            self.state = "game"
            self.kyokus += 1
        elif t == "ryukyoku":
            if s != "play" or len(self.winners) >= 3:
                self._fail(ev)
            self.state = "drawn"
        elif s != "play" or (t == "tsumo" and len(self.winners) >= 3):
            self._fail(ev)
        elif t == "hora":
            if ev["actor"] in self.winners or len(self.winners) >= 3:
                raise SchemaError(f"hora: seat {ev['actor']} wins again (血战: one win a seat)")
            self.winners.add(ev["actor"])

    def end(self) -> None:
        """The stream has ended: it must be between games."""
        if self.state != "before_game":
            raise SchemaError(f"the stream ends inside a game ({self.state})")
