"""The round engine's way into scoring (xzcore.round): :func:`score_engine_win` (R8) and
:func:`chajiao_engine` (R10.2) answer as :func:`~xzcore.scoring.score_win` and
:func:`~xzcore.scoring.chajiao_multiplier` for arguments the engine built itself;
:func:`score_dict` is the body of ``Score.to_dict``.

Each asks the scorer the seam picked (:func:`xzcore.backend.load`): the compiled
``_scorer``, the same function as the Python scorer for the usual cases, which declines the
rest (``None``, ``-1``: the count model R13, every refusal, anything unusual), or its twin
``_scorer_twin``, the Python scorer itself. On a decline the Python scorer answers. Anything
from outside the engine goes through the checked functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xzcore.backend import load

# A module, not its names: score.py is still loading when it loads this one (for score_dict).
from xzcore.scoring import score as _python

if TYPE_CHECKING:
    from xzcore.rules import RuleSet
    from xzcore.scoring._scorer_twin import (
        chajiao_or_decline,
        decomposition_text,
        score_dict,
        score_or_decline,
    )
    from xzcore.scoring.score import Score
    from xzcore.scoring.vocab import WinContext
    from xzcore.tiles import Meld
else:
    _scorer = load("scorer")
    chajiao_or_decline = _scorer.chajiao_or_decline
    decomposition_text = _scorer.decomposition_text
    score_dict = _scorer.score_dict
    score_or_decline = _scorer.score_or_decline

__all__ = ["chajiao_engine", "score_dict", "score_engine_win"]


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
    score = score_or_decline(concealed, win_tile, melds, void, ctx, rules)
    if score is None:  # the compiled scorer declined: R13, a refusal, anything unusual
        score = _python._score_trusted(concealed, win_tile, melds, void, ctx, rules)
    return score


def chajiao_engine(
    concealed: bytes, melds: Sequence[Meld], void: int, rules: RuleSet
) -> int | None:
    """:func:`chajiao_multiplier` (R10.2) for arguments the round engine built itself (the
    kernel's 27 counts, the seat's own melds, its void -1..2): the same answer, without the
    per-argument type checks; the tile-count check (R7.1, R1.1) stays."""
    answer = chajiao_or_decline(concealed, melds, void, rules)
    if answer == -1:  # the compiled scorer declined: R13, a wrong count, anything unusual
        answer = _python._chajiao_trusted(concealed, melds, void, rules)
    return answer
