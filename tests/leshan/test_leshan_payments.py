"""Paying a counted win (RULES.md R13.2 penalties, R13.3 飘, R13.4 摆割; payers by R9.1–R9.4).

Amounts are worked out by hand in the comments; the counts come from the hands of
tests/scoring/test_r13_1_count_model.py.
"""

from __future__ import annotations

import pytest

from xzcore.leshan.money import (
    LeshanError,
    Penalty,
    baige_allowed,
    bot_piao,
    bot_wants_baige,
    check_piao,
    discarder_penalties,
    pay_count_win,
    payment_parts,
    payment_units,
)
from xzcore.money.ledger import Ledger
from xzcore.rules import RuleSet
from xzcore.scoring import WinContext
from xzcore.scoring.count import score_count

L = RuleSet.preset("leshan")
NO = (False, False, False, False)
ZERO = (0, 0, 0, 0)
# 123m 456m 789m 234p 55p: 底 + 缺一门 + 门清 = 3.
THREE = score_count("123456789m2345p", "5p", "", "s", WinContext(), L)
SELF3 = score_count("123456789m2345p", "5p", "", "s", WinContext(self_draw=True), L)


def units(transfers: list) -> list[tuple[int, int, int]]:
    """(payer, payee, units) per payer, its parts (count, R13.2, R13.3, R13.4) added up."""
    out: dict[tuple[int, int], int] = {}
    for t in transfers:
        out[t.payer, t.payee] = out.get((t.payer, t.payee), 0) + t.units
    return [(a, b, n) for (a, b), n in out.items()]


def parts(transfers: list) -> list[tuple[int, str]]:
    return [(t.units, t.rule) for t in transfers]


def test_plain_discard_win() -> None:
    led = Ledger()
    tr = pay_count_win(led, L, 0, THREE, discarder=2)
    assert units(tr) == [(2, 0, 3)]
    assert tr[0].reason == "win_discard" and tr[0].rule == "R9.1"
    assert led.totals() == [3, 0, -3, 0]


def test_self_draw_every_in_play_seat_pays_the_count_no_unit() -> None:
    # zimo_bonus = none in leshan: each of the three pays 3.
    led = Ledger()
    tr = pay_count_win(led, L, 1, SELF3, payers=(0, 2, 3))
    assert units(tr) == [(0, 1, 3), (2, 1, 3), (3, 1, 3)]
    assert led.totals() == [-3, 9, -3, -3]


# -- 飘 (R13.3) from both sides -----------------------------------------------------------------


def test_piao_seed_example_discard() -> None:
    # Seed 002: the discarder bets 3, the winner 2 → the winner wins 5 more: 3 + 5 = 8.
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, piao=(2, 3, 0, 0))
    assert units(tr) == [(1, 0, 8)]
    assert parts(tr) == [(3, "R9.1"), (5, "R13.3")] and tr[1].detail == "飘 2+3"


def test_piao_of_the_winner_only() -> None:
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, piao=(4, 0, 0, 0))
    assert units(tr) == [(1, 0, 7)]


def test_piao_on_a_self_draw_per_payer() -> None:
    # Winner 1 bets 1; payers bet 0, 2, 5: they pay 3+1+0, 3+1+2, 3+1+5.
    tr = pay_count_win(Ledger(), L, 1, SELF3, payers=(0, 2, 3), piao=(0, 1, 2, 5))
    assert units(tr) == [(0, 1, 4), (2, 1, 6), (3, 1, 9)]


def test_piao_of_a_seat_not_in_the_payment_is_ignored() -> None:
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, piao=(0, 0, 5, 5))
    assert units(tr) == [(1, 0, 3)]


# -- 摆割 (R13.4) --------------------------------------------------------------------------------


def test_baige_winner_plus_two() -> None:
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, baige=(True, False, False, False))
    assert units(tr) == [(1, 0, 5)]


def test_baige_discarder_pays_two_more() -> None:
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, baige=(False, True, False, False))
    assert units(tr) == [(1, 0, 5)]


def test_baige_against_baige_plus_four() -> None:
    # Seed 002 "摆割家给摆割家点炮还要翻倍（+2+2）": 3 + 2 + 2 = 7.
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, baige=(True, True, False, False))
    assert units(tr) == [(1, 0, 7)]
    assert parts(tr) == [(3, "R9.1"), (4, "R13.4")]
    assert tr[1].detail == "摆割 winner 2 + 摆割 payer 2"


def test_baige_payer_of_a_self_draw_did_not_deal_in() -> None:
    # Seat 2 laid its hand open but a self-draw is not its deal-in: it pays the count only;
    # the winner's 摆割 +2 reaches every payer.
    tr = pay_count_win(Ledger(), L, 1, SELF3, payers=(0, 2, 3), baige=(False, True, True, False))
    assert units(tr) == [(0, 1, 5), (2, 1, 5), (3, 1, 5)]


def test_all_together() -> None:
    # count 3 + 金钩炮 1 + 海底炮 1 + 飘 1+2 + 摆割 2+2 = 12.
    pen = discarder_penalties(L, discarder_melds=4, last_tile=True)
    tr = pay_count_win(
        Ledger(), L, 3, THREE, discarder=0, piao=(2, 0, 0, 1), baige=(True, False, False, True),
        penalties=pen,
    )  # fmt: skip
    assert units(tr) == [(0, 3, 12)]


# -- penalties (R13.2) -------------------------------------------------------------------------


def test_penalties() -> None:
    assert discarder_penalties(L, discarder_melds=3, last_tile=False) == []
    jg = discarder_penalties(L, discarder_melds=4, last_tile=False)
    assert [p.zh for p in jg] == ["金钩炮"]
    hd = discarder_penalties(L, discarder_melds=0, last_tile=True)
    assert [p.zh for p in hd] == ["海底炮"]
    assert discarder_penalties(L.replace(haidi_pao=False), discarder_melds=0, last_tile=True) == []
    tr = pay_count_win(Ledger(), L, 0, THREE, discarder=1, penalties=jg + hd)
    assert units(tr) == [(1, 0, 5)]
    assert parts(tr) == [(3, "R9.1"), (2, "R13.2")] and tr[1].detail == "金钩炮 1 + 海底炮 1"


def test_penalties_only_on_a_discard() -> None:
    pen = [Penalty("金钩炮", "x", 1)]
    tr = pay_count_win(Ledger(), L, 0, SELF3, payers=(1, 2, 3), penalties=pen)
    assert [t.units for t in tr] == [3, 3, 3]  # no R13.2 part


# -- who pays (R9.3, R9.4) ---------------------------------------------------------------------


def test_qianggang_robbed_seat_pays_and_counts_as_dealing_in() -> None:
    s = score_count("123456789m2345p", "5p", "", "s", WinContext(robbed=True), L)
    assert s.count == 4
    tr = pay_count_win(
        Ledger(), L, 0, s, discarder=2, robbed=True, baige=(False, False, True, False)
    )
    assert units(tr) == [(2, 0, 6)] and {t.reason for t in tr} == {"qianggang"}


def test_dianganghua_discarder_pays_alone() -> None:
    s = score_count(
        "123456789m2345p", "5p", "", "s", WinContext(self_draw=True, after_gang=True), L
    )
    tr = pay_count_win(
        Ledger(), L, 0, s, payers=(1, 2, 3), dianganghua_discarder=3, piao=(0, 0, 0, 1)
    )
    assert units(tr) == [(3, 0, 5)] and {t.reason for t in tr} == {"dianganghua"}
    every = L.replace(dianganghua="all")
    tr = pay_count_win(Ledger(), every, 0, s, payers=(1, 2, 3), dianganghua_discarder=3)
    assert units(tr) == [(1, 0, 4), (2, 0, 4), (3, 0, 4)]


def test_zimo_unit_outside_leshan() -> None:
    r = L.replace(zimo_bonus="base")
    tr = pay_count_win(Ledger(), r, 0, SELF3, payers=(1, 2))
    assert [(t.reason, t.units) for t in tr] == [
        ("self_draw", 3), ("self_draw", 3), ("zimo_unit", 1), ("zimo_unit", 1)
    ]  # fmt: skip


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"discarder": 1, "piao": (0, 6, 0, 0)}, "seat 1 bets 6"),
        ({"discarder": 1, "piao": (0, 0, 0)}, "one per seat"),
        ({"discarder": 1, "baige": (True,)}, "four booleans"),
        ({"discarder": 0}, "bad payer 0"),
        ({"payers": ()}, "needs its payers"),
        ({"payers": (1, 1)}, "appears twice"),
        ({"discarder": 1, "payers": (2,)}, "discarder alone"),
        ({"robbed": True}, "robbed seat"),
    ],
)
def test_errors(kwargs: dict, words: str) -> None:
    led = Ledger()
    with pytest.raises(LeshanError, match=words):
        pay_count_win(led, L, 0, THREE, **kwargs)
    assert len(led) == 0


def test_check_piao_against_the_option() -> None:
    assert check_piao(L, (0, 5, 1, 2)) == (0, 5, 1, 2)
    with pytest.raises(LeshanError, match="0-0"):
        check_piao(RuleSet(), (0, 1, 0, 0))


def test_payment_units_plain() -> None:
    assert payment_units(4, 0, 1, dealt_in=True, piao=ZERO, baige=NO) == 4
    assert payment_parts(4, 0, 1, dealt_in=True, piao=ZERO, baige=NO, rule="R9.2") == [
        (4, "R9.2", "个数 4 (R13.1)")
    ]


# -- choices -----------------------------------------------------------------------------------


def test_baige_allowed() -> None:
    assert baige_allowed(L, wall_left=13, waits=1)
    assert not baige_allowed(L, wall_left=12, waits=1)  # seed: "小于或等于6墩" → no
    assert not baige_allowed(L, wall_left=40, waits=0)  # not ready
    assert not baige_allowed(RuleSet(), wall_left=40, waits=1)  # option off


def test_bot_rules_of_thumb() -> None:
    assert [bot_piao(L, s) for s in (0, 1, 2, 3)] == [3, 2, 1, 0]
    assert bot_piao(L.replace(piao_max=1), 0) == 1
    assert bot_piao(RuleSet(), 0) == 0
    assert bot_wants_baige(0b11) and not bot_wants_baige(0b1000)
