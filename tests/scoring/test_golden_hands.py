"""The golden cases of tests/golden/scoring.jsonl (a copy of the shared golden file; see its
README): 500 winning hands
valued by an independent brute-force reading of RULES.md, under ``xuezhan`` and
``chengdu-classic``. The multipliers there are capped and leave out the self-draw unit.

One convention differs by name only: on equal value our Score names the table row that
contains the other (十八罗汉 ×64 rather than 金钩钓 ×4 with its four 根), while the golden file
names the other. The value is the same; such a case must then list the golden pattern in
``ties`` with the same 根 left.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from xzcore.rules import RuleSet
from xzcore.scoring import Pattern, Score, WinContext, score_win
from xzcore.tiles import Meld, MeldKind, parse_tile

GOLDEN = Path(__file__).parents[1] / "golden" / "scoring.jsonl"
XZ = RuleSet.preset("xuezhan")
CD = RuleSet.preset("chengdu-classic")


def _cases() -> list[dict[str, Any]]:
    return [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]


CASES = _cases()


def _score(case: dict[str, Any], rules: RuleSet) -> Score:
    melds = [Meld(MeldKind(kind), parse_tile(tile)) for kind, tile in case["melds"]]
    ctx = WinContext(
        self_draw=case["self_draw"],
        after_gang=case["after_gang"],
        robbed=case["robbed"],
        last_tile=case["last_tile"],
    )
    return score_win(case["hand"], case["win_tile"], melds, case["void"], ctx, rules)


def test_golden_file_is_all_there() -> None:
    assert len(CASES) == 500


@pytest.mark.parametrize("case", CASES, ids=[f"line{i + 1}" for i in range(len(CASES))])
def test_golden_xuezhan(case: dict[str, Any]) -> None:
    s = _score(case, XZ)
    want = case["xuezhan"]
    assert s.capped == want["multiplier"]
    assert len(s.extras) == want["extras"]
    pattern = Pattern(want["pattern"])
    if s.pattern is pattern:
        assert s.gen_left == want["gen_left"]
    else:  # the same value named by the other row of a tie
        assert pattern in s.ties
        assert s.gen - pattern.gen_used == want["gen_left"]


@pytest.mark.parametrize("case", CASES, ids=[f"line{i + 1}" for i in range(len(CASES))])
def test_golden_chengdu_classic(case: dict[str, Any]) -> None:
    s = _score(case, CD)
    assert (s.capped, s.fan) == (
        case["chengdu_classic"]["multiplier"],
        case["chengdu_classic"]["fan"],
    )


def test_golden_ties_are_only_the_documented_ones() -> None:
    named = {(Pattern(c["xuezhan"]["pattern"]), _score(c, XZ).pattern) for c in CASES}
    differing = {pair for pair in named if pair[0] is not pair[1]}
    assert differing <= {
        (Pattern.JINGOU, Pattern.LUOHAN),
        (Pattern.QING_JINGOU, Pattern.QING_LUOHAN),
    }
