"""The pattern table of R8.3 and the terms of R8.4, written once: each pattern's id, names,
multiplier and 根 it uses up, and which patterns a decomposition shows (:func:`patterns_of`).

It lives in the kernel, the lowest layer that needs it: the 查叫 value kernel (R10.2) reads its
fans from :func:`shape_fan` (the compiled one builds its C look-up from it at import), and
:mod:`xzcore.scoring` names, values and explains wins with the same rows.

>>> Pattern.QINGDUI.zh, Pattern.QINGDUI.table, Pattern.QINGDUI.fan
('清对', 8, 3)
>>> [p.id for p in patterns_of(Shape(False, False, True, False, True, False, False, False), True)]
['pinghu', 'duidui', 'qingyise', 'qingdui']
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

__all__ = [
    "Pattern",
    "Shape",
    "additive_fan",
    "additive_name",
    "patterns_of",
    "shape_fan",
    "table_row",
]


class Pattern(enum.Enum):
    """The patterns of R8.3. Value = id (as in the golden data); ``zh``/``en`` names, ``rule``,
    ``table`` (the R8.3 multiplier), ``gen_used`` (根 it uses up), ``needs_yaojiu``
    (a ⓨ row, gated by option ``yaojiu_jiangdui``), ``additive`` (its fan as a term of the
    additive model, R8.4; 0 for a pattern that is no term there)."""

    id: str
    """The pattern's id (``"qingdui"`` …), as used in JSON and the golden data (= value)."""
    zh: str
    en: str
    rule: str
    table: int
    gen_used: int
    needs_yaojiu: bool
    additive: int

    PINGHU = ("pinghu", "平胡", "plain win", 1, 0, False, 0)
    DUIDUI = ("duidui", "对对胡", "all triplets", 2, 0, False, 1)
    QINGYISE = ("qingyise", "清一色", "one suit", 4, 0, False, 2)
    DAIYAOJIU = ("daiyaojiu", "带幺九", "1 or 9 in every set", 4, 0, True, 2)
    QIDUI = ("qidui", "七对", "seven pairs", 4, 0, False, 2)
    JINGOU = ("jingou", "金钩钓", "golden hook", 4, 0, False, 0)
    QINGDUI = ("qingdui", "清对", "one-suit triplets", 8, 0, False, 0)
    JIANGDUI = ("jiangdui", "将对", "2-5-8 triplets", 8, 0, True, 0)
    LONGQIDUI = ("longqidui", "龙七对", "dragon seven pairs", 16, 1, False, 0)
    QING_QIDUI = ("qing_qidui", "清七对", "one-suit seven pairs", 16, 0, False, 0)
    QING_YAOJIU = ("qing_yaojiu", "清幺九", "one-suit 1 or 9 in every set", 16, 0, True, 0)
    JIANG_JINGOU = ("jiang_jingou", "将金钩钓", "2-5-8 golden hook", 16, 0, True, 0)
    QING_JINGOU = ("qing_jingou", "清金钩钓", "one-suit golden hook", 16, 0, False, 0)
    QING_LONGQIDUI = ("qing_longqidui", "清龙七对", "one-suit dragon seven pairs", 32, 1, False, 0)
    LUOHAN = ("luohan", "十八罗汉", "eighteen arhats (four gangs)", 64, 4, False, 0)
    QING_LUOHAN = ("qing_luohan", "清十八罗汉", "one-suit eighteen arhats", 256, 4, False, 0)

    def __new__(cls, *args: Any) -> Pattern:
        obj = object.__new__(cls)
        obj._value_ = args[0]
        return obj

    def __init__(
        self,
        _id: str,
        zh: str,
        en: str,
        table: int,
        gen_used: int,
        needs_yaojiu: bool,
        additive: int,
    ) -> None:
        self.id = _id
        self.zh = zh
        self.en = en
        self.rule = "R8.3"
        self.table = table
        self.gen_used = gen_used
        self.needs_yaojiu = needs_yaojiu
        self.additive = additive

    @property
    def fan(self) -> int:
        """The row's value as fan (R8.3): log2 of ``table`` (清对 ×8 is 3 fan)."""
        return self.table.bit_length() - 1


class Shape(NamedTuple):
    """What the patterns of R8.3/R8.4 need to know about one decomposition and its hand."""

    seven_pairs: bool
    long: bool  # seven pairs holding four of a kind (龙)
    duidui: bool  # no sequence among the sets
    yaojiu: bool  # every set and the pair hold a 1 or 9 (never for seven pairs)
    one_suit: bool
    jiang: bool  # every tile of rank 2, 5 or 8
    jingou: bool  # four melds and a pair
    luohan: bool  # four gangs and a pair


def patterns_of(shape: Shape, yaojiu_jiangdui: bool) -> list[Pattern]:
    """Every R8.3 pattern a decomposition of this shape satisfies (平胡 always), in table
    order; the ⓨ rows only with option ``yaojiu_jiangdui`` — the one place it is read."""
    P = Pattern
    found = [P.PINGHU]
    if shape.seven_pairs:
        found.append(P.QIDUI)
        if shape.long:
            found.append(P.LONGQIDUI)
        if shape.one_suit:
            found += [P.QINGYISE, P.QING_QIDUI] + ([P.QING_LONGQIDUI] if shape.long else [])
        return found
    duidui, yaojiu = shape.duidui, yaojiu_jiangdui and shape.yaojiu
    if duidui:
        found.append(P.DUIDUI)
    if shape.one_suit:
        found.append(P.QINGYISE)
    if yaojiu:
        found.append(P.DAIYAOJIU)
        if shape.one_suit:
            found.append(P.QING_YAOJIU)
    if duidui and shape.one_suit:
        found.append(P.QINGDUI)
    if duidui and shape.jiang and yaojiu_jiangdui:
        found.append(P.JIANGDUI)
    if shape.jingou:
        found.append(P.JINGOU)
        if shape.jiang and yaojiu_jiangdui:
            found.append(P.JIANG_JINGOU)
        if shape.one_suit:
            found.append(P.QING_JINGOU)
    if shape.luohan:
        found.append(P.LUOHAN)
        if shape.one_suit:
            found.append(P.QING_LUOHAN)
    return found


def additive_fan(p: Pattern) -> int:
    """R8.4: 对对胡 +1, 清一色 +2, 七对 +2, 带幺九 +2 (0: not a term)."""
    return p.additive


def additive_name(terms: tuple[Pattern, ...]) -> Pattern:
    """The pattern that names a sum of R8.4 terms: 清对, 清七对 or 清幺九 for 清一色 with 对对胡,
    七对 or 带幺九 (seed 001: 清对 = 3, 清七对 = 4), else the highest term, else 平胡."""
    named = _ADDITIVE_NAMES.get(frozenset(terms))
    if named is None:
        return max(terms, key=table_row, default=Pattern.PINGHU)
    return named


def table_row(p: Pattern) -> int:
    """The pattern's row in the R8.3 table, 平胡 0: of two patterns of equal value the later
    row is the one that contains the other."""
    return _ROWS[p]


_ROWS = {p: i for i, p in enumerate(Pattern)}
_ADDITIVE_NAMES = {
    frozenset({Pattern.DUIDUI, Pattern.QINGYISE}): Pattern.QINGDUI,
    frozenset({Pattern.QIDUI, Pattern.QINGYISE}): Pattern.QING_QIDUI,
    frozenset({Pattern.DAIYAOJIU, Pattern.QINGYISE}): Pattern.QING_YAOJIU,
}


def shape_fan(shape: Shape, additive: bool, yaojiu_jiangdui: bool) -> int:
    """The fan of a decomposition of this shape before its 根 (R8.2): the best row of R8.3
    less the 根 it uses up, or the sum of the R8.4 terms (``additive``); one more per 根."""
    found = patterns_of(shape, yaojiu_jiangdui)
    if additive:
        return sum(p.additive for p in found)
    return max(p.fan - p.gen_used for p in found)
