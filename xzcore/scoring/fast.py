"""The fast form of the Python scorer's engine entry points (R8, R10.2), chosen by
:func:`xzcore.backend.load`: the compiled ``xzcore.scoring._scorer`` or its twin
``xzcore.scoring._scorer_twin`` (the Python scorer itself). :func:`score_fast` and
:func:`chajiao_fast` answer as ``score._score_trusted`` and ``_chajiao_trusted``, or — the
compiled one only — decline (``None``, ``-1``: the count model R13, a refusal, anything
unusual); :func:`score_dict` is ``Score.to_dict``, :func:`decomposition_text` its text."""

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
