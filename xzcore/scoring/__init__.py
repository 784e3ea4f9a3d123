"""Scoring a win (RULES.md R7.1–R7.3, R7.5, R8) and the value of a ready hand (R10.2).

The best decomposition (R8.1) is found by brute force: every split of each suit into sets and
at most one pair (:func:`suit_splits`, memoized per suit), combined with exactly one pair, and
seven pairs when the hand qualifies; the largest value is kept. It is deliberately the plain
reading of the rules, and the test oracle for the kernel's table-driven value search.

>>> from xzcore.rules import RuleSet
>>> s = score_win("123345789m2346p", "6p", [], "s", WinContext(), RuleSet())
>>> s.pattern.zh, s.multiplier, " ".join(str(b) for b in s.decomposition)
('平胡', 1, '123m 345m 789m 234p 66p')
"""

from __future__ import annotations

from xzcore.scoring.decompose import decompositions, suit_splits
from xzcore.scoring.score import (
    Score,
    best_fan,
    chajiao_multiplier,
    score_win,
    wait_values,
)
from xzcore.scoring.vocab import (
    Block,
    Extra,
    HandError,
    InvalidContextError,
    NotAWinError,
    Pattern,
    ScoringError,
    ScoringUnavailableError,
    WinContext,
)

__all__ = [
    "Block",
    "Extra",
    "HandError",
    "InvalidContextError",
    "NotAWinError",
    "Pattern",
    "Score",
    "ScoringError",
    "ScoringUnavailableError",
    "WinContext",
    "best_fan",
    "chajiao_multiplier",
    "decompositions",
    "score_win",
    "suit_splits",
    "wait_values",
]
