"""Gang money (R6.2–R6.3) and paying a win (R9.1–R9.4, R6.4), ledgers worked out by hand.

Unless a test says otherwise the rules are ``xuezhan``: gang units direct 2 / added 1 /
concealed 2, cap 6 fan (×64), ``zimo_bonus = base``.
"""

from __future__ import annotations

import pytest
from settlement_helpers import FakeScore, rows

from xzcore.money.ledger import Ledger
from xzcore.money.settlement import SettlementError, pay_gang, pay_win
from xzcore.rules import RuleSet
from xzcore.tiles import MeldKind

XZ = RuleSet.preset("xuezhan")


# -- R6.2 gang money ------------------------------------------------------------------------


def test_direct_gang_is_paid_by_the_discarder_alone() -> None:
    led = Ledger()
    added = pay_gang(led, XZ, 2, MeldKind.GANG, discarder=0, turn=7)
    assert rows(added) == [(0, 2, 2, "gang_direct", "R6.2")]
    assert led.totals() == [-2, 0, 2, 0]
    (inc,) = led.gang_income()
    assert (inc.ganger, inc.payer, inc.units, inc.turn, inc.unspent) == (2, 0, 2, 7, 2)


def test_added_gang_each_other_in_play_seat_pays_one() -> None:
    led = Ledger()
    added = pay_gang(led, XZ, 1, MeldKind.BUGANG, payers=(2, 3, 0), turn=4)
    assert rows(added) == [
        (2, 1, 1, "gang_added", "R6.2"),
        (3, 1, 1, "gang_added", "R6.2"),
        (0, 1, 1, "gang_added", "R6.2"),
    ]
    assert led.totals() == [-1, 3, -1, -1]


def test_concealed_gang_each_other_in_play_seat_pays_two() -> None:
    led = Ledger()
    added = pay_gang(led, XZ, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)
    assert rows(added) == [
        (1, 0, 2, "gang_concealed", "R6.2"),
        (2, 0, 2, "gang_concealed", "R6.2"),
        (3, 0, 2, "gang_concealed", "R6.2"),
    ]
    assert led.totals() == [6, -2, -2, -2]
    assert led.unspent_gang_income(0) == 6
    assert led.unspent_gang_income(0, turn=1) == 6
    assert led.unspent_gang_income(0, turn=2) == 0


def test_gang_money_with_fewer_in_play_seats_after_wins() -> None:
    # 血战: seats 1 and 3 have won and left; seat 0's gangs are paid by seat 2 only (R6.2).
    led = Ledger()
    pay_gang(led, XZ, 0, MeldKind.ANGANG, payers=(2,), turn=20)
    pay_gang(led, XZ, 0, MeldKind.BUGANG, payers=(2,), turn=24)
    assert rows(led) == [
        (2, 0, 2, "gang_concealed", "R6.2"),
        (2, 0, 1, "gang_added", "R6.2"),
    ]
    assert led.totals() == [3, 0, -3, 0]


def test_gang_units_come_from_the_rule_set() -> None:
    # Seed 003's 1 unit for a direct gang; other units changed too.
    rules = XZ.replace(gang_direct_units=1, gang_added_units=3, gang_concealed_units=4)
    led = Ledger()
    pay_gang(led, rules, 3, MeldKind.GANG, discarder=1, turn=2)
    pay_gang(led, rules, 3, MeldKind.BUGANG, payers=(0,), turn=5)
    pay_gang(led, rules, 3, MeldKind.ANGANG, payers=(0, 1), turn=9)
    assert [t.units for t in led] == [1, 3, 4, 4]
    assert led.totals() == [-7, -5, 0, 12]


def test_zero_gang_units_add_no_transfer() -> None:
    rules = XZ.replace(gang_added_units=0)
    led = Ledger()
    assert pay_gang(led, rules, 0, MeldKind.BUGANG, payers=(1, 2, 3), turn=3) == []
    assert len(led) == 0 and led.gang_income() == ()


# -- R6.3 转手杠 ----------------------------------------------------------------------------


def test_late_added_gang_earns_nothing_when_the_option_is_off() -> None:
    off = XZ.replace(late_added_gang_pays=False)
    led = Ledger()
    assert pay_gang(led, off, 2, MeldKind.BUGANG, payers=(0, 1, 3), turn=6, late=True) == []
    assert len(led) == 0


def test_late_added_gang_pays_when_the_option_is_on() -> None:
    led = Ledger()
    added = pay_gang(led, XZ, 2, MeldKind.BUGANG, payers=(0, 1, 3), turn=6, late=True)
    assert [t.units for t in added] == [1, 1, 1]
    assert led.totals() == [-1, -1, 3, -1]


def test_option_off_still_pays_an_added_gang_with_the_tile_just_drawn() -> None:
    off = XZ.replace(late_added_gang_pays=False)
    led = Ledger()
    added = pay_gang(led, off, 2, MeldKind.BUGANG, payers=(0, 1, 3), turn=6, late=False)
    assert led.totals() == [-1, -1, 3, -1] and len(added) == 3


def test_option_off_does_not_touch_concealed_gangs() -> None:
    off = XZ.replace(late_added_gang_pays=False)
    led = Ledger()
    pay_gang(led, off, 2, MeldKind.ANGANG, payers=(0, 1, 3), turn=6, late=True)
    assert led.totals() == [-2, -2, 6, -2]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ganger": 0, "kind": MeldKind.GANG, "turn": 1}, "needs its discarder"),
        ({"ganger": 0, "kind": MeldKind.GANG, "discarder": 0, "turn": 1}, "cannot pay itself"),
        (
            {"ganger": 0, "kind": MeldKind.GANG, "discarder": 1, "payers": (2,), "turn": 1},
            "discarder alone",
        ),
        ({"ganger": 0, "kind": MeldKind.ANGANG, "payers": (1, 1), "turn": 1}, "appears twice"),
        ({"ganger": 0, "kind": MeldKind.ANGANG, "payers": (0, 1), "turn": 1}, "cannot pay"),
        ({"ganger": 4, "kind": MeldKind.ANGANG, "payers": (1,), "turn": 1}, "ganger: bad seat"),
        ({"ganger": 0, "kind": MeldKind.ANGANG, "payers": (5,), "turn": 1}, "payers: bad seat"),
        (
            {"ganger": 0, "kind": MeldKind.BUGANG, "discarder": 1, "payers": (1,), "turn": 1},
            "no discarder",
        ),
        ({"ganger": 0, "kind": MeldKind.PENG, "payers": (1,), "turn": 1}, "not a gang"),
        ({"ganger": 0, "kind": MeldKind.ANGANG, "payers": (1,), "turn": "3"}, "turn"),
    ],
)
def test_bad_gang_calls_raise_and_add_nothing(kwargs: dict, message: str) -> None:
    led = Ledger()
    with pytest.raises(SettlementError, match=message):
        pay_gang(led, XZ, **kwargs)
    assert len(led) == 0


# -- R9.1 a win on a discard ----------------------------------------------------------------


def test_win_on_a_discard_is_paid_by_the_discarder() -> None:
    led = Ledger()
    added = pay_win(led, XZ, 1, FakeScore(8), discarder=3)
    assert rows(added) == [(3, 1, 8, "win_discard", "R9.1")]
    assert led.totals() == [0, 8, 0, -8]


def test_win_on_a_discard_gets_no_self_draw_unit() -> None:
    led = Ledger()
    pay_win(led, XZ, 0, FakeScore(1), discarder=2)
    assert led.totals() == [1, 0, -1, 0]


# -- R9.2 self-draw and zimo_bonus ----------------------------------------------------------


def test_self_draw_base_adds_one_unit_per_payer_after_the_cap() -> None:
    led = Ledger()
    added = pay_win(led, XZ, 0, FakeScore(4), payers=(1, 2, 3))
    assert rows(added) == [
        (1, 0, 4, "self_draw", "R9.2"),
        (2, 0, 4, "self_draw", "R9.2"),
        (3, 0, 4, "self_draw", "R9.2"),
        (1, 0, 1, "zimo_unit", "R9.2"),
        (2, 0, 1, "zimo_unit", "R9.2"),
        (3, 0, 1, "zimo_unit", "R9.2"),
    ]
    assert led.totals() == [15, -5, -5, -5]


def test_self_draw_double_is_already_in_the_multiplier() -> None:
    # zimo_bonus = double: 自摸 is an extra (R8.6), so a 对对胡 ×2 self-draw scores ×4; no unit.
    rules = XZ.replace(zimo_bonus="double")
    led = Ledger()
    added = pay_win(led, rules, 2, FakeScore(4), payers=(0, 1, 3))
    assert rows(added) == [
        (0, 2, 4, "self_draw", "R9.2"),
        (1, 2, 4, "self_draw", "R9.2"),
        (3, 2, 4, "self_draw", "R9.2"),
    ]
    assert led.totals() == [-4, -4, 12, -4]


def test_self_draw_none_pays_the_multiplier_only() -> None:
    rules = XZ.replace(zimo_bonus="none")
    led = Ledger()
    pay_win(led, rules, 3, FakeScore(2), payers=(0, 1, 2))
    assert led.totals() == [-2, -2, -2, 6]
    assert {t.reason for t in led} == {"self_draw"}


def test_self_draw_with_fewer_in_play_seats() -> None:
    # Seats 1 and 2 have won (血战): only seat 3 pays seat 0's self-draw, ×2 + 1 unit.
    led = Ledger()
    added = pay_win(led, XZ, 0, FakeScore(2), payers=(3,))
    assert rows(added) == [(3, 0, 2, "self_draw", "R9.2"), (3, 0, 1, "zimo_unit", "R9.2")]
    assert led.totals() == [3, 0, 0, -3]


def test_the_cap_comes_before_the_self_draw_unit() -> None:
    # A 清龙七对 ×32 with a 根 and 杠上花 would be ×128; capped at 2**6 = 64 (R8.7);
    # the unit of R9.2 comes after the cap: each payer pays 64 + 1 = 65.
    led = Ledger()
    pay_win(led, XZ, 1, FakeScore(64), payers=(0, 2, 3))
    assert led.totals() == [-65, 195, -65, -65]
    low = XZ.replace(cap_fan=3)
    led = Ledger()
    pay_win(led, low, 1, FakeScore(8), payers=(0, 2, 3))
    assert led.totals() == [-9, 27, -9, -9]


def test_a_multiplier_above_the_cap_is_refused() -> None:
    led = Ledger()
    with pytest.raises(SettlementError, match=r"above the cap 2\*\*6"):
        pay_win(led, XZ, 1, FakeScore(128), discarder=0)
    assert len(led) == 0
    # With no cap any multiplier goes.
    pay_win(led, XZ.replace(cap_fan=None), 1, FakeScore(128), discarder=0)
    assert led.totals() == [-128, 128, 0, 0]


@pytest.mark.parametrize("special", ["tianhu", "dihu"])
def test_tianhu_and_dihu_get_no_self_draw_unit(special: str) -> None:
    # R8.3: 天胡/地胡 ×32; R9.2: no unit even with zimo_bonus = base.
    led = Ledger()
    added = pay_win(led, XZ, 2, FakeScore(32, special), payers=(0, 1, 3))
    assert rows(added) == [
        (0, 2, 32, "self_draw", "R9.2"),
        (1, 2, 32, "self_draw", "R9.2"),
        (3, 2, 32, "self_draw", "R9.2"),
    ]
    assert led.totals() == [-32, -32, 96, -32]


# -- R9.3 点杠花 -----------------------------------------------------------------------------


def test_dianganghua_discarder_pays_alone_without_unit() -> None:
    # Seat 2 gangs seat 0's discard (turn 4), draws its replacement and wins ×4 (杠上花 in it).
    led = Ledger()
    pay_gang(led, XZ, 2, MeldKind.GANG, discarder=0, turn=4)
    added = pay_win(led, XZ, 2, FakeScore(4), payers=(0, 1, 3), dianganghua_discarder=0)
    assert rows(added) == [(0, 2, 4, "dianganghua", "R9.3")]
    assert rows(led) == [(0, 2, 2, "gang_direct", "R6.2"), (0, 2, 4, "dianganghua", "R9.3")]
    assert led.totals() == [-6, 0, 6, 0]


def test_dianganghua_all_is_paid_as_a_self_draw() -> None:
    rules = XZ.replace(dianganghua="all")
    led = Ledger()
    pay_gang(led, rules, 2, MeldKind.GANG, discarder=0, turn=4)
    added = pay_win(led, rules, 2, FakeScore(4), payers=(3, 0, 1), dianganghua_discarder=0)
    assert rows(added) == [
        (3, 2, 4, "dianganghua", "R9.3"),
        (0, 2, 4, "dianganghua", "R9.3"),
        (1, 2, 4, "dianganghua", "R9.3"),
        (3, 2, 1, "zimo_unit", "R9.2"),
        (0, 2, 1, "zimo_unit", "R9.2"),
        (1, 2, 1, "zimo_unit", "R9.2"),
    ]
    assert led.totals() == [-7, -5, 17, -5]


def test_dianganghua_all_without_payers_is_refused() -> None:
    rules = XZ.replace(dianganghua="all")
    with pytest.raises(SettlementError, match="needs its payers"):
        pay_win(Ledger(), rules, 2, FakeScore(4), dianganghua_discarder=0)


# -- R6.4 / R9.4 抢杠胡 ----------------------------------------------------------------------


def test_qianggang_robbed_seat_pays_as_a_discarder() -> None:
    # Seat 1 adds a 7p to its pung; seat 3 robs it, ×4 (对对胡 ×2, 抢杠 ×2). The gang is void:
    # no gang money; seat 1 pays alone.
    led = Ledger()
    added = pay_win(led, XZ, 3, FakeScore(4), discarder=1, robbed=True, payers=(0, 1, 2))
    assert rows(added) == [(1, 3, 4, "qianggang", "R9.4")]
    assert led.totals() == [0, -4, 0, 4]


def test_qianggang_all_is_paid_as_a_self_draw() -> None:
    rules = XZ.replace(qianggang_payer="all")
    led = Ledger()
    added = pay_win(led, rules, 3, FakeScore(4), discarder=1, robbed=True, payers=(0, 1, 2))
    assert rows(added) == [
        (0, 3, 4, "qianggang", "R9.4"),
        (1, 3, 4, "qianggang", "R9.4"),
        (2, 3, 4, "qianggang", "R9.4"),
        (0, 3, 1, "zimo_unit", "R9.2"),
        (1, 3, 1, "zimo_unit", "R9.2"),
        (2, 3, 1, "zimo_unit", "R9.2"),
    ]
    assert led.totals() == [-5, -5, -5, 15]


def test_qianggang_all_with_zimo_none_has_no_unit() -> None:
    rules = XZ.replace(qianggang_payer="all", zimo_bonus="none")
    led = Ledger()
    pay_win(led, rules, 0, FakeScore(2), discarder=2, robbed=True, payers=(1, 2))
    assert led.totals() == [4, -2, -2, 0]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"robbed": True, "payers": (0, 2)}, "robbed seat as discarder"),
        ({"robbed": True, "discarder": 0, "dianganghua_discarder": 2}, "both"),
        ({"discarder": 0, "dianganghua_discarder": 2}, "dianganghua_discarder only"),
        ({}, "needs its payers"),
        ({"discarder": 0, "payers": (2,)}, "discarder alone"),
        ({"discarder": 1}, "cannot pay itself"),
        ({"payers": (0, 1)}, "cannot pay itself"),
        ({"dianganghua_discarder": 1}, "cannot pay itself"),
        ({"discarder": 7}, "discarder: bad seat"),
    ],
)
def test_bad_win_calls_raise_and_add_nothing(kwargs: dict, message: str) -> None:
    led = Ledger()
    with pytest.raises(SettlementError, match=message):
        pay_win(led, XZ, 1, FakeScore(2), **kwargs)
    assert len(led) == 0


@pytest.mark.parametrize(
    ("score", "message"),
    [
        (FakeScore(0), "must be an int"),
        (FakeScore(True), "must be an int"),
        (FakeScore(2, "renhu"), "special"),
    ],
)
def test_bad_scores_are_refused(score: FakeScore, message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        pay_win(Ledger(), XZ, 1, score, discarder=0)
