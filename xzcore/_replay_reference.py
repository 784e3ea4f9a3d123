"""The quiet discard, in plain Python: the twin of the compiled ``xzcore._replay``.

A game is ~65 actions, and ~50 of them are the same step: the seat on its turn discards a tile
that no other seat can do anything with, and the next seat in play draws. :func:`quiet_discard`
recognises exactly that step and applies it, or declines and changes nothing, so that the
caller falls back to ``Round.play``. It is a pure optimisation: when it returns True the round
is in the state ``Round.play(Action("dahai", seat, tile))`` would have left it in.

This module decides in the most direct words (:func:`quiet_decline` names the reason for
every decline, for tests and measurements) and then lets the engine apply the step itself.
The compiled module decides the same way and applies the step in C; the differential tests
hold the two to this module and both to ``Round.play``.
"""

from __future__ import annotations

from typing import Any

from xzcore.round import Round
from xzcore.round_base import TURN
from xzcore.rules import LastRoundScope, LastRoundWin

__all__ = ["REASONS", "STEP_METHODS", "engine_intact", "quiet_decline", "quiet_discard"]

STEP_METHODS = (
    ("play", "xzcore.round", "Round.play"),
    ("apply", "xzcore.round", "Round.apply"),
    ("legal_actions", "xzcore.round", "Round.legal_actions"),
    ("_turn_actions", "xzcore.round", "Round._turn_actions"),
    ("_discards", "xzcore.round", "Round._discards"),
    ("_forced", "xzcore.round_claims", "ClaimsMixin._forced"),
    ("_dahai", "xzcore.round", "Round._dahai"),
    ("_open_claims", "xzcore.round_claims", "ClaimsMixin._open_claims"),
    ("_next_turn", "xzcore.round", "Round._next_turn"),
    ("_draw", "xzcore.round", "Round._draw"),
    ("_in_play_count", "xzcore.round_base", "RoundBase._in_play_count"),
    ("_note_forfeit_self_draw", "xzcore.round_base", "RoundBase._note_forfeit_self_draw"),
)
"""The methods of ``Round`` that ``Round.play`` runs for this step, and where the engine
defines them: the step is taken only while they are the engine's own (a test may patch one
to make the engine fail; then every action goes through ``Round.play``)."""


def engine_intact() -> bool:
    """Are the :data:`STEP_METHODS` of ``Round`` the engine's own?"""
    for name, module, qualname in STEP_METHODS:
        fn = getattr(Round, name, None)
        where = (getattr(fn, "__module__", None), getattr(fn, "__qualname__", None))
        if where != (module, qualname):
            return False
    return True


REASONS = (
    "round_type",
    "round_patched",
    "arguments",
    "phase",
    "turn",
    "not_held",
    "final_win",
    "locked",
    "void",
    "wall_end",
    "claimable",
)
"""Every reason :func:`quiet_decline` may give, in the order it checks them."""


def quiet_decline(rnd: Any, seat: object, tile: object) -> str | None:
    """Why :func:`quiet_discard` declines the discard of ``tile`` by ``seat`` (one of
    :data:`REASONS`), or ``None`` when it applies the step. Changes nothing (it may let a
    seat's hand cache its waits, as ``Hand.claimable`` does)."""
    if type(rnd) is not Round:  # a subclass (LeshanRound) may play a discard differently
        return "round_type"
    if not engine_intact():
        return "round_patched"
    if type(seat) is not int or type(tile) is not int or not (0 <= seat < 4 and 0 <= tile < 27):
        return "arguments"  # Round.play reports it (Action.make)
    if rnd.phase != TURN:
        return "phase"  # a claim window, the setup phases or the end (R5.2, R3, R4.1, R5.6)
    if seat != rnd.cur:
        return "turn"  # R5.1
    rules = rnd.rules
    # R11.2: a 血流 winner's hand is locked: on its turn it discards the tile it drew (after
    # a 碰 a seat discards as anyone does, R5.4, but a winner may not 碰).
    locked = rules.xueliu and rnd.won[seat] and not rnd._must_discard
    hand = rnd.hands[seat]
    if not hand.count(tile):
        return "not_held"  # R5.1
    if (
        rnd.final
        and not rnd._must_discard
        and rules.last_round_scope is LastRoundScope.ANY
        and rules.last_round_win is not LastRoundWin.OFF
        and hand.is_win()
    ):
        # R5.7: with a self-draw win in hand in the final round, the win is forced (the
        # discard is illegal) or the discard forfeits it (bookkeeping left to the engine).
        return "final_win"
    void = rnd.voids[seat]
    if locked:
        if tile != rnd.drawn:
            return "locked"  # R11.2: the winner's only discard is the drawn tile
    elif void >= 0 and tile // 9 != void and any(hand.counts()[9 * void : 9 * void + 9]):
        return "void"  # R4.2: while the seat holds its void suit, a void tile goes first
    if rnd.pos >= 108:
        return "wall_end"  # R5.6: the last discard ends the round
    in_play = rnd.in_play
    for i in (1, 2, 3):  # the engine's order (Round._dahai)
        o = (seat + i) % 4
        if in_play[o] and rnd.hands[o].claimable(tile):
            return "claimable"  # R5.2: another seat may be offered the tile
    return None


def quiet_discard(rnd: Round, seat: int, tile: int) -> bool:
    """Apply the quiet discard of ``tile`` by ``seat`` and the next seat's draw, as
    ``rnd.play(Action("dahai", seat, tile))`` would, and return True; or return False and
    change nothing (then ``Round.play`` decides). See :func:`quiet_decline`. It raises
    nothing: if the kernel refuses a hand while checking, it declines, and ``Round.play``
    meets the same error where the caller reports it."""
    try:
        if quiet_decline(rnd, seat, tile) is not None:
            return False
    except Exception:  # a damaged round: the engine reports it
        return False
    # Legal (R5.1, R4.2, R5.7, R11.2) and nobody can claim: the engine's own discard step,
    # which finds nobody to ask and draws for the next seat in play (R5.5, R7.4, R5.7).
    rnd._dahai(tile)
    return True
