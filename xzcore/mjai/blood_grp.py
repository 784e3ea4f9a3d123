"""The blood-grp dialect of mjai (docs/mjai.md M6): only the events of blood-grp's
``libblood/src/mjai/event.rs`` (mahjong-xpro/blood-grp, the Sichuan fork of Mortal), with
exactly its fields, in its arena's order (``libblood/src/arena/board.rs``), so that its
readers and bots take our games.

- :data:`EVENTS` is the one table of its events and their fields, in order (M6.1): every
  event :class:`BloodGrpStream` writes is made from it.
- :func:`unsayable` says what of a rule set the dialect cannot say (M6.2): 换三张 (R3.1),
  a game without 定缺 (R4.1), 血流成河 (R11.2), Leshan's 飘 (R13.3) and 摆割 (R13.4).
- :class:`BloodGrpStream` turns our events of one round into the dialect's (M6.1), for a
  whole log or as one seat sees it (M6.3): the four ``ding_que`` follow ``start_kyoku`` and
  come before the dealer's 14th dealt tile, its ``tsumo``; a ``hora``'s ``deltas`` hold the
  win's money and the 呼叫转移 paid to that winner (:func:`hora_deltas`); ``ryukyoku``'s hold
  the R10 settlement; gang money, passes and our other extensions have no event.

>>> s = BloodGrpStream()
>>> s.events({"type": "dingque", "actor": 0, "suit": "m"})
[]
>>> unsayable(RuleSet.preset("xueliu"))
('exchange_three=true', 'R3.1')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from xzcore.log.events import RULE
from xzcore.log.types import net_of
from xzcore.mjai.events import HIDDEN, SUIT_WORDS, MjaiStream, short_repr
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES

__all__ = [
    "CONSUMED",
    "DIALECTS",
    "EVENTS",
    "FIELDS",
    "BloodGrpStream",
    "UnsayableError",
    "end_game",
    "hora_deltas",
    "start_game",
    "unsayable",
    "win_deltas",
]

DIALECTS = ("xz", "blood-grp")
"""The mjai dialects written (M6): ours, with every extension (M2), and blood-grp's."""

EVENTS: dict[str, tuple[str, ...]] = {
    "start_game": ("type", "names"),
    "start_kyoku": ("type", "kyoku", "oya", "scores", "tehais"),
    "ding_que": ("type", "actor", "suit"),
    "tsumo": ("type", "actor", "pai"),
    "dahai": ("type", "actor", "pai", "tsumogiri"),
    "pon": ("type", "actor", "target", "pai", "consumed"),
    "daiminkan": ("type", "actor", "target", "pai", "consumed"),
    "kakan": ("type", "actor", "pai", "consumed"),
    "ankan": ("type", "actor", "consumed"),
    "hora": ("type", "actor", "target", "deltas"),
    "ryukyoku": ("type", "deltas"),
    "end_kyoku": ("type",),
    "end_game": ("type",),
}
"""blood-grp's events (``event.rs`` ``Event``) and the fields written, in order (M6.1):
``start_game``'s optional ``seed`` is never written; ``hora`` and ``ryukyoku`` always carry
``deltas`` (its arena always does)."""

_TILES = frozenset((*NAMES, HIDDEN))
"""blood-grp's ``Tile``: ``1m``–``9s`` and ``?`` (a tile not shown)."""
_I32 = range(-(2**31), 2**31)


def _tile_list(n: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is list and len(v) == n and all(t in _TILES for t in v)


def _i32x4(v: Any) -> bool:
    return type(v) is list and len(v) == 4 and all(type(x) is int and x in _I32 for x in v)


def _actor(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 3


FIELDS: dict[str, Callable[[Any], bool]] = {
    "names": lambda v: type(v) is list and len(v) == 4 and all(type(n) is str for n in v),
    "kyoku": lambda v: type(v) is int and 1 <= v <= 4,
    "oya": _actor,
    "actor": _actor,
    "target": _actor,
    "scores": _i32x4,
    "deltas": _i32x4,
    "tehais": lambda v: type(v) is list and len(v) == 4 and all(map(_tile_list(13), v)),
    "suit": lambda v: v in SUIT_WORDS,
    "pai": lambda v: v in _TILES,
    "tsumogiri": lambda v: type(v) is bool,
}
"""Each field's type and range in ``event.rs`` (``BoundedU8<0, 3>`` actors, ``kyoku``
``BoundedU8<1, 4>``, ``[i32; 4]``, ``[[Tile; 13]; 4]``, ``Suit``); ``consumed`` is
:data:`CONSUMED` tiles."""

CONSUMED = {"pon": 2, "daiminkan": 3, "kakan": 3, "ankan": 4}
"""The tiles of each meld's ``consumed`` (``[Tile; n]``)."""

_UNSAID = frozenset({"none", "gang_payment"})
"""Our events the dialect leaves out without loss to its reader: a pass (its arena logs
none) and gang money (its arena pays it without an event; the next ``start_kyoku``'s
``scores`` include it)."""


class UnsayableError(ValueError):
    """What the blood-grp dialect cannot say (M6.2): ``what`` (a rule option or our event
    type) and the rule id that makes it."""

    def __init__(self, what: str, rule: str) -> None:
        self.what = what
        self.rule = rule
        super().__init__(f"{what} ({rule})")


def unsayable(rules: RuleSet) -> tuple[str, str] | None:
    """The first rule option of ``rules`` the dialect has no event for, with its rule id
    (M6.2), or ``None``: 换三张 (``exchange_three``, R3.1), no 定缺 (``declare_void`` off,
    R4.1: blood-grp's arena always asks for ``ding_que``), 血流成河 (``xueliu``, R11.2: its
    arena takes a winner out of play, so no seat wins twice), 飘 (``piao_max``, R13.3),
    摆割 (``baige``, R13.4)."""
    if rules.exchange_three:
        return "exchange_three=true", "R3.1"
    if not rules.declare_void:
        return "declare_void=false", "R4.1"
    if rules.xueliu:
        return "xueliu=true", "R11.2"
    if rules.piao_max:
        return f"piao_max={rules.piao_max}", "R13.3"
    if rules.baige:
        return "baige=true", "R13.4"
    return None


def _event(kind: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The dialect's event ``kind`` with exactly its fields of :data:`EVENTS`, each of its
    type and range (:data:`FIELDS`), else :class:`UnsayableError` (a doctored log's)."""
    out: dict[str, Any] = {"type": kind}
    for k in EVENTS[kind][1:]:
        v = values.get(k)
        ok = _tile_list(CONSUMED[kind])(v) if k == "consumed" else FIELDS[k](v)
        if not ok:
            raise UnsayableError(f"{kind} {k} {short_repr(v)}", "M6.1")
        out[k] = v
    return out


def start_game(names: Sequence[str]) -> dict[str, Any]:
    """blood-grp's ``start_game``: the seats' names."""
    return _event("start_game", {"names": [str(n) for n in names]})


def end_game() -> dict[str, Any]:
    """blood-grp's ``end_game``."""
    return _event("end_game", {})


def hora_deltas(
    hora: Mapping[str, Any], call_transfer: Mapping[str, Any] | None = None
) -> list[int] | None:
    """A blood-grp ``hora``'s ``deltas`` (M6.1): each seat's net units of our win's
    ``transfers``, plus the 呼叫转移 (R9.5) of ``call_transfer`` paid to this winner, as
    blood-grp's arena adds it to the win; ``None`` when a transfer is malformed.

    >>> t = lambda a, b, n: {"payer": a, "payee": b, "units": n}
    >>> hora_deltas({"actor": 2, "transfers": [t(1, 2, 4)]}, {"transfers": [t(1, 2, 2)]})
    [0, -6, 6, 0]
    """
    net = net_of(hora.get("transfers"))
    if net is None or call_transfer is None:
        return net
    moved = call_transfer.get("transfers")
    if type(moved) is not list:
        return None
    extra = net_of([t for t in moved if type(t) is not dict or t.get("payee") == hora.get("actor")])
    if extra is None:
        return None
    return [a + b for a, b in zip(net, extra, strict=True)]


def win_deltas(events: Sequence[Mapping[str, Any]]) -> list[list[int] | None]:
    """The blood-grp ``deltas`` (:func:`hora_deltas`) of each ``hora`` among our events of a
    round, in order: the 呼叫转移 that follows a run of wins on one discard is theirs."""
    out: list[list[int] | None] = []
    run: list[Mapping[str, Any]] = []
    for ev in [*events, {}]:
        kind = ev.get("type")
        if kind == "hora":
            run.append(ev)
            continue
        transfer = ev if kind == "call_transfer" else None
        out.extend(hora_deltas(h, transfer) for h in run)
        run = []
    return out


class BloodGrpStream:
    """Our events of one round as the blood-grp dialect's (M6.1), in its arena's order: for
    the whole log (``seat=None``) or as seat ``seat`` sees them (M6.3: the others' tiles
    ``"?"``, as :class:`~xzcore.mjai.events.MjaiStream` hides them). ``scores``: the seats'
    money before the round (``start_kyoku.scores``, units).

    :meth:`events` holds back what blood-grp says later than we do: the dealer's dealt
    ``tsumo`` until the four ``ding_que``, a ``hora`` until its 呼叫转移 is known, a
    ``ryukyoku`` until its settlement; :meth:`flush` gives what is held at a round's end.
    An event the dialect cannot say raises :class:`UnsayableError`.
    """

    __slots__ = ("_dealt", "_horas", "_kyoku", "_ques", "_ryukyoku", "_std")

    def __init__(self, *, seat: int | None = None, scores: Sequence[int] = (0, 0, 0, 0)) -> None:
        self._std = MjaiStream(seat=seat, scores=scores, meta=False)
        self._dealt: dict[str, Any] | None = None
        self._ques: list[dict[str, Any]] = []
        self._horas: list[Mapping[str, Any]] = []
        self._ryukyoku: dict[str, Any] | None = None
        self._kyoku = False

    def events(self, ev: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The dialect's events that our event ``ev`` completes (often none or one)."""
        kind = ev.get("type")
        if kind in _UNSAID:
            return []
        if self._dealt is not None and kind != "dingque":
            # blood-grp's arena deals the dealer's 14th tile once all four have declared
            raise UnsayableError(f"event {kind} before the four ding_que", "R4.1")
        if kind == "call_transfer":
            return self._flush_horas(ev)
        out = self._flush_horas(None) if kind != "hora" else []
        if kind == "hora":
            self._horas.append(ev)
            return out
        if kind == "settlement":
            if self._ryukyoku is None:
                if any(net_of(ev.get("transfers")) or ()):
                    raise UnsayableError("event settlement", "R10")
                return out
            self._ryukyoku["deltas"] = net_of(ev.get("transfers"))
            return out
        if kind == "ryukyoku":
            self._ryukyoku = {"deltas": [0, 0, 0, 0]}
            return out
        if kind == "end_kyoku":
            return out + self.flush()
        std = self._std.events(ev)
        first = std[0]
        t = first["type"]
        if t == "start_kyoku":
            self._dealt = _event("tsumo", std[1])
            self._kyoku = True
            return [*out, _event("start_kyoku", first)]
        if t == "ding_que":
            self._ques.append(_event("ding_que", first))
            if len(self._ques) < 4:
                return out
            ques, self._ques = sorted(self._ques, key=lambda q: q["actor"]), []
            dealt, self._dealt = self._dealt, None
            return out + ques + ([dealt] if dealt is not None else [])
        if t not in EVENTS or t in ("start_game", "end_game", "hora", "ryukyoku"):
            raise UnsayableError(f"event {kind}", RULE.get(str(kind), "M6.2"))
        return [*out, _event(t, first)]

    def _flush_horas(self, call_transfer: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        out = []
        for h in self._horas:
            deltas = hora_deltas(h, call_transfer)
            out.append(_event("hora", {**h, "deltas": deltas}))
        self._horas = []
        return out

    def flush(self) -> list[dict[str, Any]]:
        """What is held at the round's end: its wins, its ``ryukyoku``, then ``end_kyoku``
        (nothing when the round never began)."""
        out = self._flush_horas(None)
        if self._ryukyoku is not None:
            out.append(_event("ryukyoku", self._ryukyoku))
            self._ryukyoku = None
        if self._kyoku:
            out.append(_event("end_kyoku", {}))
            self._kyoku = False
        return out
