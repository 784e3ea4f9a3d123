"""Trusted entry points for the round engine (xzcore.round.engine): :func:`score_engine_win` and
:func:`chajiao_engine` answer as :func:`~xzcore.scoring.score_win` (R8) and
:func:`~xzcore.scoring.chajiao_multiplier` (R10.2) for arguments the engine built itself.
The fast form (:mod:`xzcore.scoring.fast`) answers first; when the compiled one declines,
the Python scorer does. Anything from outside the engine goes through the checked functions."""

from __future__ import annotations

from collections.abc import Sequence

from xzcore.rules import RuleSet
from xzcore.scoring.fast import chajiao_fast, score_fast
from xzcore.scoring.score import Score, _chajiao_trusted, _score_trusted
from xzcore.scoring.vocab import WinContext
from xzcore.tiles import Meld

__all__ = ["chajiao_engine", "score_engine_win"]


def score_engine_win(
    concealed: bytes,
    win_tile: int,
    melds: Sequence[Meld],
    void: int,
    ctx: WinContext,
    rules: RuleSet,
) -> Score:
    """:func:`score_win` for arguments the round engine built itself: ``concealed`` the 27
    counts of the kernel's ``Hand.counts()``, ``win_tile`` a kind, ``melds`` the seat's own
    :class:`Meld` list, ``void`` -1..2 and ``ctx`` a :class:`WinContext` it made.

    Same answer and same refusals (:class:`NotAWinError` R7.1/R4.4) as :func:`score_win`;
    only the type checks of each argument are skipped (the engine's values are of the right
    types by construction). The tile-count checks stay (R7.1: 13 − 3k tiles; R1.1: at most
    four of a kind), as does the context check (:meth:`WinContext.check`)."""
    score = score_fast(concealed, win_tile, melds, void, ctx, rules)
    if score is None:  # the compiled scorer declined: R13, a refusal, anything unusual
        score = _score_trusted(concealed, win_tile, melds, void, ctx, rules)
    return score


def chajiao_engine(
    concealed: bytes, melds: Sequence[Meld], void: int, rules: RuleSet
) -> int | None:
    """:func:`chajiao_multiplier` (R10.2) for arguments the round engine built itself (the
    kernel's 27 counts, the seat's own melds, its void -1..2): the same answer, without the
    per-argument type checks; the tile-count check (R7.1, R1.1) stays."""
    answer = chajiao_fast(concealed, melds, void, rules)
    if answer == -1:  # the compiled scorer declined: R13, a wrong count, anything unusual
        answer = _chajiao_trusted(concealed, melds, void, rules)
    return answer
