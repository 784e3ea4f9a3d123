"""The pure-Python twin of the compiled scorer ``xzcore.scoring._scorer`` (see
:mod:`xzcore.scoring.fast`): :func:`score_fast` and :func:`chajiao_fast` decline every hand,
so the Python path — ``xzcore.scoring.score._score`` and ``_chajiao`` — answers;
:func:`score_dict` is the body of ``Score.to_dict`` and :func:`decomposition_text` the text
of its decomposition."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xzcore.scoring.vocab import _BLOCK_TEXT, Block

if TYPE_CHECKING:
    from xzcore.scoring.score import Score

__all__ = ["chajiao_fast", "decomposition_text", "score_dict", "score_fast"]


def score_fast(
    concealed: Any, win_tile: Any, melds: Any, void_suit: Any, ctx: Any, rules: Any
) -> Score | None:
    """``None``: the Python path scores the win (it is the twin)."""
    return None


def chajiao_fast(concealed: Any, melds: Any, void_suit: Any, rules: Any) -> int | None:
    """``-1``: the Python path answers (it is the twin)."""
    return -1


def score_dict(score: Score) -> dict[str, Any]:
    """``Score.to_dict``: plain data (JSON/msgpack-able)."""
    pattern = score.pattern
    return {
        "pattern": pattern.id,
        "pattern_zh": pattern.zh,
        "pattern_en": pattern.en,
        "replaced": [p.id for p in score.replaced],
        "terms": [p.id for p in score.terms],
        "gen": score.gen,
        "gen_used": score.gen_used,
        "gen_left": score.gen - score.gen_used,
        "extras": [e.id for e in score.extras],
        "fan": score.fan,
        "multiplier": score.multiplier,
        "capped": score.capped,
        "special": score.special,
        "model": score.model.value,
        "decomposition": decomposition_text(score.decomposition),
    }


def decomposition_text(blocks: Sequence[Block]) -> str:
    """``" ".join(map(str, blocks))``: the texts ``Block.__str__`` keeps, read in one pass
    (``str`` is called only when a block's text is not kept yet, which then keeps it)."""
    texts = list(map(_BLOCK_TEXT_GET, blocks))
    if None in texts:
        return " ".join(map(str, blocks))
    return " ".join(texts)  # type: ignore[arg-type]  # no None in texts


_BLOCK_TEXT_GET = _BLOCK_TEXT.get
