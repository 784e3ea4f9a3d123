"""The compiled scorer of the engine's wins, or its twin (R8).

:func:`score_fast` ``(concealed, win_tile, melds, void_suit, ctx, rules)`` returns the
:class:`~xzcore.scoring.score.Score` that :func:`xzcore.scoring.engine.score_engine_win`
would return — every field equal, the same types — or ``None`` ("not handled", nothing
changed), and the caller runs the Python path. It answers the table and additive models
(R8.3, R8.4) for the engine's own argument types, and declines the count model (R13), every
refusal (R7.1, R1.1, R4.4/R7.2, an impossible :class:`~xzcore.scoring.vocab.WinContext`)
and anything unusual; see ``xzcore/scoring/_scorer.pyx``. :func:`chajiao_fast` ``(concealed,
melds, void_suit, rules)`` answers :func:`xzcore.scoring.engine.chajiao_engine` (R10.2) the
same way: the capped multiplier or ``None`` (not ready), or ``-1`` when it declines.
:func:`score_dict` is ``Score.to_dict`` and :func:`decomposition_text` the text of its
decomposition.

This module re-exports the compiled ``xzcore.scoring._scorer`` when it is built and the twin
``xzcore.scoring._scorer_twin`` otherwise, by the rule of :func:`xzcore._backend.load`
(``XZ_PUREPYTHON=1`` forces the twin, ``XZ_REQUIRE_COMPILED=1`` makes a missing extension an
ImportError). The twin declines every hand: the Python path is the twin.

"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xzcore.backend import load

__all__ = ["chajiao_fast", "decomposition_text", "score_dict", "score_fast"]

_impl = load("scorer")

if TYPE_CHECKING:
    from xzcore.scoring._scorer_twin import (
        chajiao_fast,
        decomposition_text,
        score_dict,
        score_fast,
    )
else:
    chajiao_fast = _impl.chajiao_fast
    decomposition_text = _impl.decomposition_text
    score_dict = _impl.score_dict
    score_fast = _impl.score_fast
