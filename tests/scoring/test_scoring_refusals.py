"""What scoring refuses: R4.4/R7.2 (void suit, three suits), R7.1 (no split), malformed input,
impossible contexts, and the ``count`` model that arrives with R13."""

from __future__ import annotations

from typing import Any

import pytest

from xzcore.rules import RuleError, RuleSet
from xzcore.scoring import (
    HandError,
    InvalidContextError,
    NotAWinError,
    ScoringUnavailableError,
    WinContext,
    best_fan,
    chajiao_multiplier,
    score_win,
)
from xzcore.tiles import Meld, counts_of, parse_tiles

XZ = RuleSet.preset("xuezhan")
CD = RuleSet.preset("chengdu-classic")


def win(hand: Any, tile: Any, melds: Any = "", void: Any = "s", rules: RuleSet = XZ) -> Any:
    return score_win(hand, tile, melds, void, WinContext(), rules)


# -- R4.4 / R7.2 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "tile", "melds", "void", "named"),
    [
        ("123345789m2346p", "6p", "", "p", "2p"),  # void tiles in hand
        ("123345789m2346p", "6p", "", "m", "1m"),
        ("123345789m2344p", "6s", "", "s", "6s"),  # the winning tile itself
        ("123456789m2p", "2p", "peng 5s", "s", "peng 5s"),  # a meld of the void suit
        ("1133446677m558s", "8s", "", "s", "5s"),  # seven pairs too (seed 001 rule 4)
    ],
)
def test_void_suit_refused(hand: str, tile: str, melds: str, void: str, named: str) -> None:
    with pytest.raises(NotAWinError, match=named) as info:
        win(hand, tile, melds, void)
    assert info.value.rule == "R4.4"
    assert "void suit" in str(info.value)


def test_three_suits_refused_without_a_declared_void() -> None:
    # 123m 456p 789s 123m 55p: splits fine, but holds all three suits
    with pytest.raises(NotAWinError, match="three suits") as info:
        win("123m456p789s123m5p", "5p", void=-1)
    assert info.value.rule == "R4.4"


def test_declare_void_off_means_at_most_two_suits() -> None:
    # chengdu-classic: the void argument is not a declaration; two suits win …
    assert win("123345789m2346p", "6p", void="p", rules=CD).multiplier == 1
    # … three suits (melds included) do not
    with pytest.raises(NotAWinError, match="three suits"):
        win("123456789m2p", "2p", "peng 5s", void=-1, rules=CD)


def test_not_a_win() -> None:
    with pytest.raises(NotAWinError, match="does not split") as info:
        win("123345789m2345p", "9p")
    assert info.value.rule == "R7.1"
    assert isinstance(info.value, ValueError)
    with pytest.raises(NotAWinError, match="nor into seven pairs"):
        win("1133446677m559p", "8p")


# -- malformed input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "field", "match"),
    [
        (("123345789m2346p6p", "6p"), "concealed", "14 concealed tiles before"),
        (("123345789m234p", "6p"), "concealed", "12 concealed"),
        (("123456789m2p", "2p", "peng 5p, peng 6p"), "concealed", "expected 7"),
        (("1111m2345678p99p", "1m"), "win_tile", "5 copies of 1m"),
        (("123456789m5p", "2p", "gang 5p"), "concealed", "5 copies of 5p"),
        (("123345789m2346p", "6x"), "win_tile", "unknown character"),
        (("123345789m2346p", 27), "win_tile", "not a tile kind"),
        (("123345789m2346z", "6p"), "concealed", "honour"),
        (([0, 1, 2, 30], "6p"), "concealed", "item 3 is 30"),
        ((bytes(26) + b"\x05", "6p"), "concealed", "count of 9s is 5"),
        (("123345789m2346p", "6p", "pong 5p"), "melds", "unknown meld kind"),
        (("123345789m2346p", "6p", ["peng 5p"]), "melds", "not a Meld"),
        (("123345789m2346p", "6p", "", 3), "void", "not a suit"),
        (("123345789m2346p", "6p", "", "x"), "void", "unknown suit"),
    ],
)
def test_bad_input_names_the_field(args: tuple[Any, ...], field: str, match: str) -> None:
    with pytest.raises(HandError, match=match) as info:
        win(*args)
    assert info.value.field == field
    assert str(info.value).startswith(field)


def test_five_melds_refused() -> None:
    melds = [Meld.parse(t) for t in ("peng 1m", "peng 2m", "peng 3m", "peng 4m", "peng 5m")]
    with pytest.raises(HandError, match="at most four"):
        win("", "6m", melds)


def test_inputs_in_every_form_agree() -> None:
    kinds = parse_tiles("123345789m2346p")
    forms = ["123345789m2346p", kinds, counts_of(kinds), list(counts_of(kinds))]
    assert {win(f, 14).multiplier for f in forms} == {1}
    assert win(kinds, "6p", [], 2).pattern == win(kinds, 14, (), "s").pattern


# -- impossible contexts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ctx", "rule"),
    [
        ({"robbed": True, "self_draw": True}, "R6.4"),
        ({"robbed": True, "after_gang": True}, "R8.6"),
        ({"robbed": True, "last_tile": True}, "R5.6"),
        ({"first_turn": True, "dealer": True}, "R7.5"),
        ({"first_turn": True, "self_draw": True, "after_gang": True}, "R7.5"),
    ],
)
def test_impossible_context(ctx: dict[str, bool], rule: str) -> None:
    with pytest.raises(InvalidContextError) as info:
        score_win("123345789m2346p", "6p", "", "s", WinContext(**ctx), XZ)
    assert info.value.rule == rule


# -- the count model (R13) ----------------------------------------------------------------------


def test_count_scoring_is_answered_by_the_count_model() -> None:
    from xzcore.scoring.count import CountScore, count_chajiao, score_count

    leshan = RuleSet.preset("leshan")
    # the seed's example (R13.1): 清一色 with an exposed gang and 一般高 = 8
    s = win("2233445m678m", "5m", "gang 9m", "p", rules=leshan)
    assert isinstance(s, CountScore) and s.count == 8
    assert s == score_count("2233445m678m", "5m", "gang 9m", "p", WinContext(), leshan)
    cj = chajiao_multiplier("1112345678999s", "", "m", leshan)
    assert cj == count_chajiao("1112345678999s", "", "m", leshan) and cj is not None


def test_best_fan_has_no_meaning_under_count_scoring() -> None:
    with pytest.raises(ScoringUnavailableError, match="R13") as info:
        best_fan(counts_of(parse_tiles("123345789m23466p")), [], 2, RuleSet.preset("leshan"))
    assert isinstance(info.value, RuleError)
