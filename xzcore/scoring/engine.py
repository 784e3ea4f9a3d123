"""Trusted entry points for the round engine (xzcore.round.engine): :func:`score_engine_win` and
:func:`chajiao_engine` answer as :func:`~xzcore.scoring.score_win` (R8) and
:func:`~xzcore.scoring.chajiao_multiplier` (R10.2) for arguments the engine built itself,
without re-checking each argument's type; the tile-count checks (R7.1, R1.1) and the win
context check stay. Anything from outside the engine goes through the checked functions."""

from __future__ import annotations

from collections.abc import Sequence

from xzcore.rules import RuleSet, Scoring
from xzcore.scoring.fast import chajiao_fast, score_fast
from xzcore.scoring.score import Score, _chajiao, _check_sizes, _score
from xzcore.scoring.vocab import WinContext
from xzcore.tiles import Meld, MeldKind

__all__ = ["chajiao_engine", "score_engine_win"]

_PENG = MeldKind.PENG


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
    four of a kind), as does the context check (:meth:`WinContext.check`).

    The compiled scorer (:func:`xzcore.scoring.fast.score_fast`) answers first; when it
    declines (a refusal, the count model, anything unusual) the Python path below does."""
    score = score_fast(concealed, win_tile, melds, void, ctx, rules)  # declines R13
    if score is not None:
        return score
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import score_count  # R13 (imported late, as in score_win)

        return score_count(concealed, win_tile, melds, void, ctx, rules)
    counts = list(concealed)
    ms = tuple(melds)
    if not _sizes_ok(counts, ms, win_tile):
        _check_sizes(counts, ms, 0, "concealed", win_tile)  # raises, saying what is wrong
    counts[win_tile] += 1
    ctx.check()
    return _score(counts, ms, void, ctx, rules)


def chajiao_engine(
    concealed: bytes, melds: Sequence[Meld], void: int, rules: RuleSet
) -> int | None:
    """:func:`chajiao_multiplier` (R10.2) for arguments the round engine built itself (the
    kernel's 27 counts, the seat's own melds, its void -1..2): the same answer, without the
    per-argument type checks; the tile-count check (R7.1, R1.1) stays. The compiled
    :func:`xzcore.scoring.fast.chajiao_fast` answers first unless it declines (-1)."""
    answer = chajiao_fast(concealed, melds, void, rules)  # declines R13
    if answer != -1:
        return answer
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import count_chajiao  # R13 with R10.2

        return count_chajiao(concealed, melds, void, rules)
    counts = list(concealed)
    ms = tuple(melds)
    if not _sizes_ok(counts, ms):
        _check_sizes(counts, ms, 0, "concealed")  # raises, saying what is wrong
    return _chajiao(counts, ms, void, rules, False)


def _sizes_ok(counts: Sequence[int], melds: Sequence[Meld], win: int = -1) -> bool:
    """A quick yes for :func:`_check_sizes` with ``extra = 0``: True only when it would pass
    (13 − 3k tiles, R7.1; no kind past four copies with the melds and ``win``, R1.1). A kind
    in two melds holds at least six copies, so melds must name distinct kinds."""
    if sum(counts) != 13 - 3 * len(melds) or max(counts) > 4:
        return False
    if win >= 0 and counts[win] >= 4:
        return False
    seen = 0
    for m in melds:
        t = m.tile
        if seen >> t & 1 or counts[t] + (3 if m.kind is _PENG else 4) + (t == win) > 4:
            return False
        seen |= 1 << t
    return True
