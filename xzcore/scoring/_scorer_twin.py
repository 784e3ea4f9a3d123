"""The pure-Python twin of the compiled scorer ``xzcore.scoring._scorer``: each function is a
call into the Python scorer (:mod:`xzcore.scoring.score`), which the compiled one is held to.
Where the compiled one declines (``None``, ``-1``), the engine makes that same call
(:mod:`xzcore.scoring.engine`); the twin makes it at once, so it never declines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

# A module, not its names: score.py is still loading when it loads this one (through engine.py).
from xzcore.scoring import score as _python

if TYPE_CHECKING:
    from xzcore.rules import RuleSet
    from xzcore.scoring.score import Score
    from xzcore.scoring.vocab import Block, WinContext
    from xzcore.tiles import Meld

__all__ = ["chajiao_or_decline", "decomposition_text", "score_dict", "score_or_decline"]


def score_or_decline(
    concealed: bytes,
    win_tile: int,
    melds: Sequence[Meld],
    void_suit: int,
    ctx: WinContext,
    rules: RuleSet,
) -> Score | None:
    """``score._score_trusted``: the engine's win scored (R8, R13), or its refusal raised."""
    return _python._score_trusted(concealed, win_tile, melds, void_suit, ctx, rules)


def chajiao_or_decline(
    concealed: bytes, melds: Sequence[Meld], void_suit: int, rules: RuleSet
) -> int | None:
    """``score._chajiao_trusted``: the capped multiplier of a ready hand (R10.2), or ``None``."""
    return _python._chajiao_trusted(concealed, melds, void_suit, rules)


def score_dict(score: Score) -> dict[str, Any]:
    """``score._score_dict``: the body of ``Score.to_dict``."""
    return _python._score_dict(score)


def decomposition_text(blocks: Sequence[Block]) -> str:
    """``score._decomposition_text``: the text of a decomposition in ``Score.to_dict``."""
    return _python._decomposition_text(blocks)
