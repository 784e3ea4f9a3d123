"""The one pattern table (xzcore.kernel.patterns): the rows of R8.3 and the terms of R8.4 as
RULES.md lists them, and the fan of a shape that both kernels and the scorer read from it."""

from __future__ import annotations

import itertools

import pytest

from xzcore.kernel.patterns import (
    Pattern,
    Shape,
    additive_name,
    patterns_of,
    shape_fan,
    table_row,
)

P = Pattern


def shape(**on: bool) -> Shape:
    fields = dict.fromkeys(Shape._fields, False)
    fields.update(on)
    return Shape(**fields)


def test_r8_3_each_row_is_a_power_of_two_and_the_rows_are_in_table_order() -> None:
    for p in Pattern:
        assert p.table == 1 << p.fan and p.rule == "R8.3"
    assert [table_row(p) for p in Pattern] == list(range(len(Pattern)))
    assert [p.table for p in Pattern] == sorted(p.table for p in Pattern)


def test_r8_4_the_additive_terms() -> None:
    terms = {p: p.additive for p in Pattern if p.additive}
    assert terms == {P.DUIDUI: 1, P.QINGYISE: 2, P.QIDUI: 2, P.DAIYAOJIU: 2}


@pytest.mark.parametrize(
    ("on", "fan"),
    [
        ({}, 0),  # 平胡
        ({"duidui": True}, 1),  # 对对胡 ×2
        ({"duidui": True, "one_suit": True}, 3),  # 清对 ×8
        ({"duidui": True, "jiang": True}, 3),  # 将对 ×8
        ({"yaojiu": True, "one_suit": True}, 4),  # 清幺九 ×16
        ({"seven_pairs": True, "long": True}, 3),  # 龙七对 ×16, its 根 used up
        ({"seven_pairs": True, "long": True, "one_suit": True}, 4),  # 清龙七对 ×32 less a 根
        ({"jingou": True, "luohan": True, "duidui": True}, 2),  # 十八罗汉 ×64 less four 根
        ({"jingou": True, "luohan": True, "duidui": True, "one_suit": True}, 4),  # 清十八罗汉
        ({"jingou": True, "jiang": True, "duidui": True}, 4),  # 将金钩钓 ×16
    ],
)
def test_r8_3_shape_fan_is_the_best_row_less_the_gen_it_uses(on: dict[str, bool], fan: int) -> None:
    assert shape_fan(shape(**on), False, True) == fan


def test_r8_3_the_yaojiu_rows_need_the_option() -> None:
    for values in itertools.product((False, True), repeat=len(Shape._fields)):
        s = Shape(*values)
        without = patterns_of(s, False)
        assert not any(p.needs_yaojiu for p in without)
        assert [p for p in patterns_of(s, True) if not p.needs_yaojiu] == without


@pytest.mark.parametrize(
    ("on", "fan", "name"),
    [
        ({"duidui": True, "one_suit": True}, 3, P.QINGDUI),  # seed 001: 清对 = 3
        ({"seven_pairs": True, "one_suit": True, "long": True}, 4, P.QING_QIDUI),  # 清七对 = 4
        ({"yaojiu": True, "one_suit": True}, 4, P.QING_YAOJIU),
        ({"duidui": True, "yaojiu": True}, 3, P.DAIYAOJIU),
        ({"jingou": True, "jiang": True}, 0, P.PINGHU),  # 金钩钓, 将对 add nothing
    ],
)
def test_r8_4_shape_fan_adds_the_terms_and_names_the_sum(
    on: dict[str, bool], fan: int, name: Pattern
) -> None:
    s = shape(**on)
    assert shape_fan(s, True, True) == fan
    assert additive_name(tuple(p for p in patterns_of(s, True) if p.additive)) is name
