"""Why an action is illegal: the rule id and a readable reason (for ``Round.play``).

``Round.play`` calls :func:`diagnose` only for an action not among ``legal_actions``; its
checks go from the general (whose turn, which phase) to the specific (void suit, pass lock,
final round), so the rule named is the most basic one broken. :func:`canonical` (past
``Action.make``) and :func:`quick_legal` (past the legal list) are ``play``'s shortcuts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from xzcore.round.actions import (
    _ANKAN,
    _DAHAI,
    _DAIMINKAN,
    _DINGQUE,
    _HORA,
    _KAKAN,
    _NONE,
    _PON,
    Action,
)
from xzcore.round.base import (
    _NO_TILES,
    CLAIM,
    DINGQUE,
    END,
    EXCHANGE,
    ROB,
    TURN,
    _helpers,
)
from xzcore.rules import PassHu
from xzcore.tiles import SUITS, format_tiles, tile_name

if TYPE_CHECKING:
    from xzcore.round.engine import Round

__all__ = ["canonical", "diagnose", "diagnose_claim", "quick_legal"]

_CANON: dict[Action, Action] = {
    a: a
    for table in (_DAHAI, _PON, _DAIMINKAN, _ANKAN, _KAKAN, _HORA, _DINGQUE)
    for row in table
    for a in row
}
_CANON.update((a, a) for a in _NONE)


_QUICK: dict[type, bool] = {}


def _quick_ok(cls: type) -> bool:
    """Whether ``cls`` answers ``legal_actions`` as :class:`~xzcore.round.engine.Round` does (a
    subclass that overrides it or its turn options, as ``LeshanRound``, never takes the
    shortcut)."""
    ok = _QUICK.get(cls)
    if ok is None:
        from xzcore.round.engine import Round

        ok = (
            cls.legal_actions is Round.legal_actions  # type: ignore[attr-defined]
            and cls._turn_actions is Round._turn_actions  # type: ignore[attr-defined]
            and cls._discards is Round._discards  # type: ignore[attr-defined]
            and cls._forced is Round._forced  # type: ignore[attr-defined]
        )
        _QUICK[cls] = ok
    return ok


_CHECKS = _helpers.PlayChecks(_CANON, _quick_ok, TURN, CLAIM, ROB, _NO_TILES, Action)
"""The two shortcuts, compiled (``xzcore.round._engine``) or their twin
(``xzcore.round._engine_twin.PlayChecks``, the Python they were written as)."""

canonical: Callable[[object], Action | None] = _CHECKS.canonical
"""The prebuilt action equal to ``a`` when ``a`` is an :class:`Action` of exactly the
field types :meth:`Action.make` produces (so ``Action.make`` would accept it and return
an equal value); ``None`` otherwise (then ``Action.make`` decides). Exchanges are not
prebuilt and always give ``None``. ``True`` or ``1.0`` in place of an int compare equal
to ``1`` but are not well formed: the exact type test sends them to ``Action.make``,
which refuses them."""

quick_legal: Callable[[Round, Action], bool] = _CHECKS.quick_legal
"""True when ``a`` (a value from :func:`canonical` or ``Action.make``) is certainly among
``r.legal_actions(a.seat)``, decided without building that list; False means "not
decided here" (the caller asks ``legal_actions``).

It decides two cases, as ``Round.legal_actions`` does:

* a discard on the seat's own turn (R5.1) of a held tile, when no win can be forced on
  the seat (R5.7) and it is not a 血流 winner whose hand is locked (R11.2); if the seat
  holds tiles of its void suit, the discard must be one of them (R4.2). The same holds
  after a 碰 (R5.4: discards only).
* an answer to a discard or an added gang (R5.2, R6.4) that the seat was offered and
  has not given yet.
"""


def diagnose(r: Round, a: Action) -> tuple[str, str]:
    """The rule id that forbids ``a`` now, and why."""
    ph = r.phase
    if ph == END:
        return "R5.6", "the round is over"
    if ph == EXCHANGE:
        return _exchange(r, a)
    if ph == DINGQUE:
        if a.word != "dingque":
            return "R4.1", "every seat declares its void suit first (dingque)"
        return "R4.1", f"seat {a.seat} has already declared its void suit"
    if a.word in ("exchange", "dingque"):
        return ("R3.1" if a.word == "exchange" else "R4.1"), f"{a.word} happens before play"
    if ph == TURN:
        return _turn(r, a)
    return _claim(r, a, robbing=ph == ROB)


def _exchange(r: Round, a: Action) -> tuple[str, str]:
    if a.word != "exchange":
        return "R3.1", "every seat chooses its three tiles first (exchange)"
    if a.seat in r._pending:
        return "R3.1", f"seat {a.seat} has already chosen its three tiles"
    if len({k // 9 for k in a.tiles}) != 1:
        return "R3.2", f"{format_tiles(a.tiles)} mixes suits: the three tiles are of one suit"
    c = r.hands[a.seat].counts()
    for k in set(a.tiles):
        if a.tiles.count(k) > c[k]:
            return "R3.2", f"seat {a.seat} does not hold {a.tiles.count(k)}× {tile_name(k)}"
    return "R3.2", "not a choice of three held tiles of one suit"  # pragma: no cover


def _void_tiles(r: Round, s: int) -> bool:
    v = r.voids[s]
    return v >= 0 and any(r.hands[s].counts()[9 * v : 9 * v + 9])


def _turn(r: Round, a: Action) -> tuple[str, str]:
    s = a.seat
    if s != r.cur:
        return "R5.1", f"it is seat {r.cur}'s turn, not seat {s}'s"
    if a.word in ("pon", "daiminkan", "none"):
        return "R5.2", f"{a.word} answers another seat's discard; seat {s} is on its turn"
    h = r.hands[s]
    legal = r.legal_actions(s)
    if len(legal) == 1 and legal[0].word == "hora":
        return "R5.7", "final round (forced): the seat must take its self-draw win"
    if r._must_discard and a.word != "dahai":
        return "R5.4", "after a 碰 the claimer discards (no draw, no gang first)"
    xueliu_winner = r.rules.xueliu and r.won[s]
    if a.word == "dahai":
        if not h.count(a.tile):
            return "R5.1", f"seat {s} does not hold {tile_name(a.tile)}"
        if xueliu_winner:
            return "R11.2", f"a winner's hand is locked: it discards the drawn {_drawn(r)}"
        if _void_tiles(r, s):
            return "R4.2", f"seat {s} holds void-suit tiles and must discard one of them"
        return "R5.1", "not a legal discard"  # pragma: no cover
    if a.word == "hora":
        return _hora_turn(r, a)
    if a.word == "ankan":
        if h.count(a.tile) < 4:
            return "R6.5", f"a concealed gang needs four {tile_name(a.tile)} in hand"
    elif a.word == "kakan":
        if a.tile not in r.pengs[s]:
            return "R6.1", f"an added gang needs a 碰 of {tile_name(a.tile)}"
        if not h.count(a.tile):
            return "R6.5", f"seat {s} does not hold the fourth {tile_name(a.tile)}"
    if a.tile // 9 == r.voids[s]:
        return "R4.3", f"no gang on the void suit {SUITS[r.voids[s]]}"
    if r.pos >= 108:
        return "R5.6", "no gang may be declared when the wall is empty"
    if xueliu_winner:
        return "R11.2", "a winner may gang only if its waits stay the same"
    return "R6.1", "not a legal gang"  # pragma: no cover


def _drawn(r: Round) -> str:
    return tile_name(r.drawn) if r.drawn >= 0 else "tile"


def _three_suits(r: Round, s: int, extra: int = -1) -> bool:
    """R4.4 without ``declare_void``: do the hand, the melds (and ``extra``) span three suits?

    Asked before the R7.1 shape check, because the kernel refuses a three-suit hand as "not a
    win" and the refusal must cite the rule that really forbids it."""
    if r.rules.declare_void:
        return False
    c = r.hands[s].counts()
    suits = {m.tile // 9 for m in r.melds[s]}
    suits.update(su for su in range(3) if any(c[9 * su : 9 * su + 9]))
    if extra >= 0:
        suits.add(extra // 9)
    return len(suits) == 3


def _hora_turn(r: Round, a: Action) -> tuple[str, str]:
    s = a.seat
    h = r.hands[s]
    if r._must_discard:
        return "R5.4", "after a 碰 the claimer discards"
    if _void_tiles(r, s):
        return "R4.4", f"seat {s} holds a tile of its void suit"
    if _three_suits(r, s):
        return "R4.4", "hand and melds hold all three suits (缺一门)"
    if not h.is_win():
        return "R7.1", "the hand is not a winning hand"
    if not r._suits_ok(s):
        return "R4.4", "hand and melds hold all three suits (缺一门)"
    return "R7.1", f"the winning tile is the one drawn, {tile_name(r._win_tile(s))}"


def _claim(r: Round, a: Action, *, robbing: bool) -> tuple[str, str]:
    s = a.seat
    src = r._claim_from
    k = r._claim_tile
    what = "added gang" if robbing else "discard"
    if s == src:
        return "R5.2", f"seat {s} cannot claim its own {what}"
    if a.word not in ("hora", "pon", "daiminkan", "none"):
        if s in r._claim_opts:
            return "R5.2", f"seat {s} must answer seat {src}'s {what} (hora, pon, daiminkan, none)"
        return "R5.2", f"seat {s} waits while seats {r.to_act()} answer seat {src}'s {what}"
    if not r.in_play[s]:
        return "R5.2", f"seat {s} has won and is out of play"
    if s in r._claim_dec:
        return "R5.3", f"seat {s} has already answered this {what}"
    if a.word != "none" and a.tile != k:
        return "R5.2", f"the tile on offer is {tile_name(k)}, not {tile_name(a.tile)}"
    opts = r._claim_opts.get(s, [])
    if len(opts) == 1 and opts[0].word == "hora":
        return "R5.7", "final round (forced): the seat must take this win"
    if a.word == "none":
        return "R5.2", f"seat {s} has nothing to claim and is not asked"  # pragma: no cover
    if robbing and a.word != "hora":
        return "R6.4", "an added gang can only be robbed by a win"
    if a.word == "hora":
        return _win_on(r, s, k) or _lock(r, s)
    return _meld_on(r, a, k) or ("R5.2", "not a legal claim")  # pragma: no cover


def _win_on(r: Round, s: int, k: int) -> tuple[str, str] | None:
    """Why seat ``s`` cannot win on another seat's tile ``k`` by its hand (R4.4, R7.1);
    ``None`` when the hand wins on it."""
    if _void_tiles(r, s):
        return "R4.4", f"seat {s} holds a tile of its void suit"
    if _three_suits(r, s, k):
        return "R4.4", "hand and melds would hold all three suits (缺一门)"
    if not r.hands[s].is_win_with(k):
        return "R7.1", f"{tile_name(k)} does not complete seat {s}'s hand"
    if not r._suits_ok(s, k):
        return "R4.4", "hand and melds would hold all three suits (缺一门)"
    return None


def _lock(r: Round, s: int) -> tuple[str, str]:
    """R7.4: the pass lock refuses seat ``s`` a win on another seat's tile."""
    if r.rules.pass_hu is PassHu.STRICT:
        return "R7.4", f"seat {s} passed a win and is locked until its next draw (strict)"
    return "R7.4", (
        f"seat {s} passed a win worth ×{r.lock_value[s]} and is locked until its next "
        "draw: it may win on another seat's tile only for more (higher_only)"
    )


def _meld_on(r: Round, a: Action, k: int) -> tuple[str, str] | None:
    """Why seat ``a.seat`` cannot 碰/杠 another seat's tile ``k`` (R5.2, R4.3, R5.6, R11.2);
    ``None`` when it could."""
    s = a.seat
    need = 2 if a.word == "pon" else 3
    if r.hands[s].count(k) < need:
        return "R5.2", f"{a.word} needs {need} {tile_name(k)} in hand"
    if k // 9 == r.voids[s]:
        return "R4.3", f"seat {s} may not {a.word} a tile of its void suit {SUITS[k // 9]}"
    if r.pos >= 108:
        return "R5.6", "the wall is empty: the last discard may only be claimed by 胡"
    if r.rules.xueliu and r.won[s]:
        if a.word == "pon":
            return "R11.2", "a winner's hand is locked: it may not peng"
        return "R11.2", "a winner may gang only if its waits stay the same"
    return None


def diagnose_claim(
    r: Round,
    a: Action,
    src: int,
    k: int,
    *,
    won_by: Sequence[int] = (),
    answered: bool = False,
    robbing: bool = False,
) -> tuple[str, str]:
    """The rule that forbids ``a`` — a 胡, 碰 or 杠 of the tile ``k`` that seat ``src``
    discarded (``robbing``: added to its 碰 as a gang, R6.4) — when the engine never
    offered it, and why (for the audit).

    ``Round.play`` judges a claim only inside its claim window, and the engine asks no seat
    that may not claim (a pass lock, a void-suit tile, a tile already won), so such a claim
    reaches a replay after the window and ``play`` can only call it out of turn. ``r`` is
    the round as it stood when ``src`` made that discard (the claimer's hand, melds, void
    suit and lock as they were then); ``won_by``: the seats that won that tile first;
    ``answered``: the claimer had already answered that discard. The checks are those of a
    claim inside the window (:func:`diagnose`), from the general to the specific."""
    s = a.seat
    tile = tile_name(k)
    what = "added gang" if robbing else "discard"
    if s == src:
        return "R5.2", f"seat {s} cannot claim its own {what}"
    if answered:
        return "R5.3", f"seat {s} has already answered this {what}"
    if robbing and a.word != "hora":
        return "R6.4", "an added gang can only be robbed by a win"
    if won_by and (a.word != "hora" or not r.rules.multi_ron or s in won_by):
        who = ", ".join(map(str, won_by))
        if a.word != "hora":
            return "R5.3", f"seat {who} won this {tile}: nobody pengs or gangs it"
        if s in won_by:
            return "R5.3", f"seat {s} has already won this {tile}"
        return "R5.3", f"multi_ron is off: only the first claimant, seat {won_by[0]}, wins"
    if not r.in_play[s]:
        return "R5.2", f"seat {s} has won and is out of play"
    if a.tile != k:
        return "R5.2", f"the tile on offer is {tile}, not {tile_name(a.tile)}"
    if a.word == "hora":
        why = _win_on(r, s, k)
        if why is not None:
            return why
        if r.locked[s] and not r._no_lock_now():
            return _lock(r, s)
        return "R5.2", f"seat {s} was not offered a win on {tile}"
    return _meld_on(r, a, k) or ("R5.2", f"seat {s} was not offered {a.word} on {tile}")
