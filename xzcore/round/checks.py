"""Why an action is illegal: a :class:`~xzcore.refusal.Refusal` — the rule id and the reason
as a catalogue key with raw fields, in Chinese or English when asked (for ``Round.play``).

``Round.play`` calls :func:`diagnose` only for an action not among ``legal_actions``; its
checks go from the general (whose turn, which phase) to the specific (void suit, pass lock,
final round), so the rule named is the most basic one broken. :func:`canonical` (past
``Action.make``) and :func:`quick_legal` (past the legal list) are ``play``'s shortcuts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from xzcore.refusal import Refusal, refuse
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


def diagnose(r: Round, a: Action) -> Refusal:
    """The rule id that forbids ``a`` now, and why (a :class:`Refusal`)."""
    ph = r.phase
    if ph == END:
        return refuse("R5.6", "round_over")
    if ph == EXCHANGE:
        return _exchange(r, a)
    if ph == DINGQUE:
        if a.word != "dingque":
            return refuse("R4.1", "dingque_first")
        return refuse("R4.1", "dingque_done", seat=a.seat)
    if a.word in ("exchange", "dingque"):
        return refuse("R3.1" if a.word == "exchange" else "R4.1", "before_play", word=a.word)
    if ph == TURN:
        return _turn(r, a)
    return _claim(r, a, robbing=ph == ROB)


def _exchange(r: Round, a: Action) -> Refusal:
    if a.word != "exchange":
        return refuse("R3.1", "exchange_first")
    if a.seat in r._pending:
        return refuse("R3.1", "exchange_done", seat=a.seat)
    if len({k // 9 for k in a.tiles}) != 1:
        return refuse("R3.2", "exchange_suits", tiles=tuple(a.tiles))
    c = r.hands[a.seat].counts()
    for k in set(a.tiles):
        if a.tiles.count(k) > c[k]:
            return refuse("R3.2", "exchange_not_held", seat=a.seat, n=a.tiles.count(k), tile=k)
    return refuse("R3.2", "exchange_other")  # pragma: no cover


def _void_tiles(r: Round, s: int) -> bool:
    v = r.voids[s]
    return v >= 0 and any(r.hands[s].counts()[9 * v : 9 * v + 9])


def _turn(r: Round, a: Action) -> Refusal:
    s = a.seat
    if s != r.cur:
        return refuse("R5.1", "not_your_turn", cur=r.cur, seat=s)
    if a.word in ("pon", "daiminkan", "none"):
        return refuse("R5.2", "claim_on_turn", word=a.word, seat=s)
    h = r.hands[s]
    legal = r.legal_actions(s)
    if len(legal) == 1 and legal[0].word == "hora":
        return refuse("R5.7", "forced_self_draw")
    if r._must_discard and a.word != "dahai":
        return refuse("R5.4", "discard_after_peng")
    xueliu_winner = r.rules.xueliu and r.won[s]
    if a.word == "dahai":
        if not h.count(a.tile):
            return refuse("R5.1", "not_held", seat=s, tile=a.tile)
        if xueliu_winner:
            return refuse("R11.2", "winner_discards_drawn", drawn=r.drawn)
        if _void_tiles(r, s):
            return refuse("R4.2", "void_first", seat=s)
        return refuse("R5.1", "bad_discard")  # pragma: no cover
    if a.word == "hora":
        return _hora_turn(r, a)
    if a.word == "ankan":
        if h.count(a.tile) < 4:
            return refuse("R6.5", "ankan_needs_four", tile=a.tile)
    elif a.word == "kakan":
        if a.tile not in r.pengs[s]:
            return refuse("R6.1", "kakan_needs_peng", tile=a.tile)
        if not h.count(a.tile):
            return refuse("R6.5", "kakan_needs_fourth", seat=s, tile=a.tile)
    if a.tile // 9 == r.voids[s]:
        return refuse("R4.3", "gang_void", suit=r.voids[s])
    if r.pos >= 108:
        return refuse("R5.6", "gang_wall_empty")
    if xueliu_winner:
        return refuse("R11.2", "winner_gang_waits")
    return refuse("R6.1", "bad_gang")  # pragma: no cover


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


def _hora_turn(r: Round, a: Action) -> Refusal:
    s = a.seat
    h = r.hands[s]
    if r._must_discard:
        return refuse("R5.4", "win_after_peng")
    if _void_tiles(r, s):
        return refuse("R4.4", "win_holds_void", seat=s)
    if _three_suits(r, s):
        return refuse("R4.4", "three_suits")
    if not h.is_win():
        return refuse("R7.1", "not_a_win")
    if not r._suits_ok(s):
        return refuse("R4.4", "three_suits")
    return refuse("R7.1", "win_tile_drawn", tile=r._win_tile(s))


def _claim(r: Round, a: Action, *, robbing: bool) -> Refusal:
    s = a.seat
    src = r._claim_from
    k = r._claim_tile
    what = "kakan" if robbing else "dahai"  # what is claimed: an added gang or a discard
    if s == src:
        return refuse("R5.2", "own_claim", seat=s, what=what)
    if a.word not in ("hora", "pon", "daiminkan", "none"):
        if s in r._claim_opts:
            return refuse("R5.2", "must_answer", seat=s, src=src, what=what)
        return refuse("R5.2", "waits_for_answers", seat=s, seats=r.to_act(), src=src, what=what)
    if not r.in_play[s]:
        return refuse("R5.2", "out_of_play", seat=s)
    if s in r._claim_dec:
        return refuse("R5.3", "answered", seat=s, what=what)
    if a.word != "none" and a.tile != k:
        return refuse("R5.2", "wrong_tile", offer=k, tile=a.tile)
    opts = r._claim_opts.get(s, [])
    if len(opts) == 1 and opts[0].word == "hora":
        return refuse("R5.7", "forced_win")
    if a.word == "none":
        return refuse("R5.2", "not_asked", seat=s)  # pragma: no cover
    if robbing and a.word != "hora":
        return refuse("R6.4", "rob_by_win")
    if a.word == "hora":
        return _win_on(r, s, k) or _lock(r, s)
    return _meld_on(r, a, k) or refuse("R5.2", "bad_claim")  # pragma: no cover


def _win_on(r: Round, s: int, k: int) -> Refusal | None:
    """Why seat ``s`` cannot win on another seat's tile ``k`` by its hand (R4.4, R7.1);
    ``None`` when the hand wins on it."""
    if _void_tiles(r, s):
        return refuse("R4.4", "win_holds_void", seat=s)
    if _three_suits(r, s, k):
        return refuse("R4.4", "would_three_suits")
    if not r.hands[s].is_win_with(k):
        return refuse("R7.1", "not_complete", tile=k, seat=s)
    if not r._suits_ok(s, k):
        return refuse("R4.4", "would_three_suits")
    return None


def _lock(r: Round, s: int) -> Refusal:
    """R7.4: the pass lock refuses seat ``s`` a win on another seat's tile."""
    if r.rules.pass_hu is PassHu.STRICT:
        return refuse("R7.4", "pass_lock_strict", seat=s)
    return refuse("R7.4", "pass_lock_higher", seat=s, value=r.lock_value[s])


def _meld_on(r: Round, a: Action, k: int) -> Refusal | None:
    """Why seat ``a.seat`` cannot 碰/杠 another seat's tile ``k`` (R5.2, R4.3, R5.6, R11.2);
    ``None`` when it could."""
    s = a.seat
    need = 2 if a.word == "pon" else 3
    if r.hands[s].count(k) < need:
        return refuse("R5.2", "meld_needs", word=a.word, need=need, tile=k)
    if k // 9 == r.voids[s]:
        return refuse("R4.3", "meld_void", seat=s, word=a.word, suit=k // 9)
    if r.pos >= 108:
        return refuse("R5.6", "last_discard")
    if r.rules.xueliu and r.won[s]:
        if a.word == "pon":
            return refuse("R11.2", "winner_no_peng")
        return refuse("R11.2", "winner_gang_waits")
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
) -> Refusal:
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
    what = "kakan" if robbing else "dahai"  # what is claimed: an added gang or a discard
    if s == src:
        return refuse("R5.2", "own_claim", seat=s, what=what)
    if answered:
        return refuse("R5.3", "answered", seat=s, what=what)
    if robbing and a.word != "hora":
        return refuse("R6.4", "rob_by_win")
    if won_by and (a.word != "hora" or not r.rules.multi_ron or s in won_by):
        if a.word != "hora":
            return refuse("R5.3", "tile_won", who=tuple(won_by), tile=k)
        if s in won_by:
            return refuse("R5.3", "already_won", seat=s, tile=k)
        return refuse("R5.3", "no_multi_ron", first=won_by[0])
    if not r.in_play[s]:
        return refuse("R5.2", "out_of_play", seat=s)
    if a.tile != k:
        return refuse("R5.2", "wrong_tile", offer=k, tile=a.tile)
    if a.word == "hora":
        why = _win_on(r, s, k)
        if why is not None:
            return why
        if r.locked[s] and not r._no_lock_now():
            return _lock(r, s)
        return refuse("R5.2", "not_offered_win", seat=s, tile=k)
    return _meld_on(r, a, k) or refuse("R5.2", "not_offered", seat=s, word=a.word, tile=k)
