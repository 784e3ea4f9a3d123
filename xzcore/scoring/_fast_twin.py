"""The pure-Python twin of the compiled scorer ``xzcore._scorefast`` (see
:mod:`xzcore.scoring.fast`): :func:`score_fast` and :func:`chajiao_fast` decline every hand,
so the Python path — ``xzcore.scoring.score._score`` and ``_chajiao`` — answers, and
:func:`decomposition_text` is the text ``Score.to_dict`` has always given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xzcore.scoring.vocab import _BLOCK_TEXT, Block

if TYPE_CHECKING:
    from xzcore.scoring.score import Score

__all__ = ["chajiao_fast", "decomposition_text", "score_fast"]


def score_fast(
    concealed: Any, win_tile: Any, melds: Any, void_suit: Any, ctx: Any, rules: Any
) -> Score | None:
    """``None``: the Python path scores the win (it is the twin)."""
    return None


def chajiao_fast(concealed: Any, melds: Any, void_suit: Any, rules: Any) -> int | None:
    """``-1``: the Python path answers (it is the twin)."""
    return -1


def decomposition_text(blocks: Sequence[Block]) -> str:
    """``" ".join(map(str, blocks))``: the texts ``Block.__str__`` keeps, read in one pass
    (``str`` is called only when a block's text is not kept yet, which then keeps it)."""
    texts = list(map(_BLOCK_TEXT_GET, blocks))
    if None in texts:
        return " ".join(map(str, blocks))
    return " ".join(texts)  # type: ignore[arg-type]  # no None in texts


_BLOCK_TEXT_GET = _BLOCK_TEXT.get
