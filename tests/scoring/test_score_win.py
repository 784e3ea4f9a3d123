"""Scoring a win (RULES.md R8): every R14 example, every row of the R8.3 table, every term of
R8.4, 根 from each source, decomposition-dependent hands, 天胡/地胡, extras and the cap.

Every expected value below is worked out by hand from RULES.md; the comment next to a case
gives the arithmetic. Hands are written as the concealed tiles before the winning tile.
"""

from __future__ import annotations

import pytest

from xzcore.rules import RuleSet
from xzcore.scoring import Extra, Pattern, Score, WinContext, score_win

XZ = RuleSet.preset("xuezhan")
CD = RuleSet.preset("chengdu-classic")
P = Pattern


def win(
    hand: str, tile: str, melds: str = "", void: str = "s", rules: RuleSet = XZ, **ctx: bool
) -> Score:
    return score_win(hand, tile, melds, void, WinContext(**ctx), rules)


# -- R14: the worked examples -----------------------------------------------------------------

R14_WINS = [
    # (hand, winning tile, void, pattern, multiplier)
    ("123345789m2346p", "6p", "s", P.PINGHU, 1),  # 123 345 789m 234 66p
    ("111333444m2226p", "6p", "s", P.DUIDUI, 2),  # 111 333 444m 222 66p
    ("1112343456668m", "8m", "p", P.QINGYISE, 4),  # 111 234 345 666 88m
    ("1133446677m558p", "8p", "s", P.QIDUI, 4),  # 1133446677m 5588p
    ("1133446666m558p", "8p", "s", P.LONGQIDUI, 16),  # 6666m: its 根 used up
    ("22255588m22288p", "8p", "s", P.JIANGDUI, 8),  # 222 555 88m 222 888p
    ("12312399m12378s", "9s", "p", P.DAIYAOJIU, 4),  # 123 123 99m 123 789s
]


@pytest.mark.parametrize(("hand", "tile", "void", "pattern", "mult"), R14_WINS)
def test_r14_winning_hands(hand: str, tile: str, void: str, pattern: Pattern, mult: int) -> None:
    s = win(hand, tile, void=void)
    assert (s.pattern, s.multiplier, s.capped) == (pattern, mult, mult)
    assert s.extras == ()


def test_r14_longqidui_uses_its_gen() -> None:
    s = win("1133446666m558p", "8p")
    assert (s.gen, s.gen_used, s.gen_left) == (1, 1, 0)
    # seed 003's additive reading, as chengdu-classic: 七对 +2, 根 +1 = 3 fan = ×8
    c = win("1133446666m558p", "8p", rules=CD)
    assert (c.fan, c.multiplier) == (3, 8)


def test_r14_chengdu_examples() -> None:
    # 清一色 with one gang: 123 789 234 11m + [gang 5m] → 清一色 +2, 根 +1 = 3 fan (×8)
    s = win("123789234m1m", "1m", "gang 5m", rules=CD)
    assert (s.fan, s.multiplier, s.capped) == (3, 8, 8)
    # 清对: 111 333 555 777 99m → 对对胡 +1, 清一色 +2 = 3 fan
    s = win("1113335557779m", "9m", rules=CD)
    assert (s.fan, s.multiplier, s.pattern) == (3, 8, P.QINGDUI)
    # 清七对: 11 22 33 44 55 77 99m → 七对 +2, 清一色 +2 = 4 fan, capped to 3 (×8)
    s = win("1122334455779m", "9m", rules=CD)
    assert (s.fan, s.multiplier, s.capped, s.pattern) == (4, 16, 8, P.QING_QIDUI)
    assert s.is_capped


# -- R8.3: one hand per row of the table --------------------------------------------------------

TABLE_ROWS = [
    # (hand, winning tile, melds, void, pattern, 根, multiplier)
    ("123345789m2346p", "6p", "", "s", P.PINGHU, 0, 1),
    ("111333444m2226p", "6p", "", "s", P.DUIDUI, 0, 2),
    ("1112343456668m", "8m", "", "p", P.QINGYISE, 0, 4),
    ("12312399m12378s", "9s", "", "p", P.DAIYAOJIU, 0, 4),
    ("1133446677m558p", "8p", "", "s", P.QIDUI, 0, 4),
    # four pengs and a single 4p wait: 金钩钓 ×4 (replaces 对对胡 ×2)
    ("4p", "4p", "peng 2m, peng 5m, peng 3p, peng 7p", "s", P.JINGOU, 0, 4),
    ("1113335557779m", "9m", "", "p", P.QINGDUI, 0, 8),
    ("22255588m22288p", "8p", "", "s", P.JIANGDUI, 0, 8),
    ("1133446666m558p", "8p", "", "s", P.LONGQIDUI, 1, 16),
    # 11 22 33 44 55 77 99m: seven pairs only (no 6m/8m for sequences)
    ("1122334455779m", "9m", "", "p", P.QING_QIDUI, 0, 16),
    # 11 123 789 789 789m: 777 888 999 would be 清一色 ×4; 789×3 keeps a 1/9 in every set
    ("1112378978978m", "9m", "", "p", P.QING_YAOJIU, 0, 16),
    ("5p", "5p", "peng 2m, peng 5m, peng 8m, peng 2p", "s", P.JIANG_JINGOU, 0, 16),
    ("9m", "9m", "peng 1m, peng 3m, peng 5m, peng 7m", "p", P.QING_JINGOU, 0, 16),
    # 11 22 33 55 77 9999m: 32, its one 根 used up
    ("1122335577999m", "9m", "", "p", P.QING_LONGQIDUI, 1, 32),
    ("5p", "5p", "gang 3p, angang 9m, bugang 2m, bugang 7p", "s", P.LUOHAN, 4, 64),
    ("9m", "9m", "gang 1m, gang 3m, angang 5m, bugang 7m", "p", P.QING_LUOHAN, 4, 256),
]


@pytest.mark.parametrize(
    ("hand", "tile", "melds", "void", "pattern", "gen", "mult"),
    TABLE_ROWS,
    ids=[row[4].id for row in TABLE_ROWS],
)
def test_r8_3_table_row(
    hand: str, tile: str, melds: str, void: str, pattern: Pattern, gen: int, mult: int
) -> None:
    s = win(hand, tile, melds, void)
    assert s.pattern is pattern
    assert s.multiplier == mult
    assert s.gen == gen
    assert s.gen_used == pattern.gen_used
    assert s.fan == mult.bit_length() - 1
    assert s.capped == min(mult, 64)  # xuezhan: cap 6 fan


def test_every_table_row_is_covered() -> None:
    assert {row[4] for row in TABLE_ROWS} == set(Pattern)


def test_pattern_vocabulary() -> None:
    # ids as in the golden data; names, rule id and fan of the R8.3 rows
    assert [p.id for p in Pattern][:4] == ["pinghu", "duidui", "qingyise", "daiyaojiu"]
    assert (P.QINGDUI.zh, P.QINGDUI.en, P.QINGDUI.rule, P.QINGDUI.fan) == (
        "清对",
        "one-suit triplets",
        "R8.3",
        3,
    )
    assert P.QING_LUOHAN.fan == 8 and P.PINGHU.fan == 0
    assert {p for p in Pattern if p.needs_yaojiu} == {
        P.DAIYAOJIU,
        P.JIANGDUI,
        P.QING_YAOJIU,
        P.JIANG_JINGOU,
    }
    assert {p.gen_used for p in (P.LONGQIDUI, P.QING_LONGQIDUI)} == {1}
    assert (Extra.ZIMO.zh, Extra.ZIMO.rule, Extra.QIANGGANG.id) == ("自摸", "R8.6", "qiangganghu")


@pytest.mark.parametrize(
    ("hand", "tile", "melds", "void", "with_option", "without"),
    [
        ("12312399m12378s", "9s", "", "p", P.DAIYAOJIU, P.PINGHU),
        ("22255588m22288p", "8p", "", "s", P.JIANGDUI, P.DUIDUI),
        ("1112378978978m", "9m", "", "p", P.QING_YAOJIU, P.QINGYISE),
        ("5p", "5p", "peng 2m, peng 5m, peng 8m, peng 2p", "s", P.JIANG_JINGOU, P.JINGOU),
    ],
)
def test_yaojiu_jiangdui_rows_need_the_option(
    hand: str, tile: str, melds: str, void: str, with_option: Pattern, without: Pattern
) -> None:
    assert win(hand, tile, melds, void).pattern is with_option
    off = XZ.replace(yaojiu_jiangdui=False)
    s = win(hand, tile, melds, void, rules=off)
    assert (s.pattern, s.multiplier) == (without, without.table)


def test_replaced_patterns_are_listed() -> None:
    s = win("1113335557779m", "9m", void="p")  # 清对
    assert set(s.replaced) == {P.DUIDUI, P.QINGYISE}


def test_ties_name_the_containing_pattern() -> None:
    # 十八罗汉 ×64 = 金钩钓 ×4 × 2^4 根: the table row that contains the other is named
    s = win("5p", "5p", "gang 3p, angang 9m, bugang 2m, bugang 7p")
    assert s.pattern is P.LUOHAN and s.ties == (P.JINGOU,)
    # 清龙七对 ×32 = 清七对 ×16 × 2 (its 根)
    s = win("1122335577999m", "9m", void="p")
    assert s.pattern is P.QING_LONGQIDUI and s.ties == (P.QING_QIDUI,)


# -- R8.2: 根 from each source ------------------------------------------------------------------

GEN_SOURCES = [
    # 123 456 789m 22p + a gang of 5p: 平胡 ×1 × 根 ×2
    ("direct gang", "123456789m2p", "2p", "gang 5p"),
    ("added gang", "123456789m2p", "2p", "bugang 5p"),
    ("concealed gang", "123456789m2p", "2p", "angang 5p"),
    # 123 456m 345 66p + [peng 5p]: the fourth 5p sits in the 345p sequence
    ("peng plus the fourth in hand", "123456m3456p", "6p", "peng 5p"),
    # 111 123m 456 789 55p: four 1m concealed
    ("four concealed", "111123m456789p5p", "5p", ""),
    # the same hand won on the fourth 1m
    ("the winning tile makes the fourth", "11123m45678955p", "1m", ""),
]


@pytest.mark.parametrize(("source", "hand", "tile", "melds"), GEN_SOURCES, ids=lambda x: str(x))
def test_gen_from_each_source(source: str, hand: str, tile: str, melds: str) -> None:
    s = win(hand, tile, melds)
    assert (s.pattern, s.gen, s.gen_used, s.multiplier) == (P.PINGHU, 1, 0, 2), source


def test_gen_in_the_additive_model_adds_one_fan_each() -> None:
    s = win("123456789m2p", "2p", "gang 5p", rules=CD)
    assert (s.fan, s.multiplier) == (1, 2)
    # 十八罗汉 in chengdu-classic: 对对胡 +1, 4 根 +4 = 5 fan (no row uses them up)
    s = win("5p", "5p", "gang 3p, angang 9m, bugang 2m, bugang 7p", rules=CD)
    assert (s.fan, s.multiplier, s.capped) == (5, 32, 8)


def test_two_gen_beside_longqidui() -> None:
    # 11 11 22 22 33 55 77m: 清龙七对 uses one 根, the other doubles: 32 × 2 = 64
    s = win("1111222233557m", "7m", void="p")
    assert (s.pattern, s.gen, s.gen_left, s.multiplier) == (P.QING_LONGQIDUI, 2, 1, 64)


# -- R8.1: the best decomposition ----------------------------------------------------------------


def test_sequences_beat_triplets_when_they_hold_yaojiu() -> None:
    # 111 222 333m 999 11p: as triplets 对对胡 ×2; as 123 123 123m 999 11p 带幺九 ×4
    s = win("111222333m9991p", "1p")
    assert (s.pattern, s.multiplier) == (P.DAIYAOJIU, 4)
    assert [str(b) for b in s.decomposition] == ["123m", "123m", "123m", "11p", "999p"]


def test_triplets_beat_sequences() -> None:
    # 111 222 333m 777 99p: 对对胡 ×2 beats 123 123 123m 777 99p 平胡 ×1
    s = win("111222333m7779p", "9p")
    assert (s.pattern, s.multiplier) == (P.DUIDUI, 2)


def test_seven_pairs_beat_the_standard_split() -> None:
    # 112233m 445566p 77p: 123 123m 456 456p 77p 平胡 ×1 or seven pairs 七对 ×4
    s = win("112233m445566p7p", "7p")
    assert (s.pattern, s.multiplier) == (P.QIDUI, 4)
    # in chengdu-classic too: 七对 +2 against nothing
    assert win("112233m445566p7p", "7p", rules=CD).fan == 2


def test_qing_yaojiu_depends_on_the_split() -> None:
    s = win("1112378978978m", "9m", void="p")
    assert [str(b) for b in s.decomposition] == ["11m", "123m", "789m", "789m", "789m"]


# -- R8.4: the additive model, term by term -----------------------------------------------------

ADDITIVE = [
    # (hand, tile, melds, fan): chengdu-classic, cap 3
    ("123345789m2346p", "6p", "", 0),  # 平胡
    ("111333444m2226p", "6p", "", 1),  # 对对胡 +1
    ("1112343456668m", "8m", "", 2),  # 清一色 +2
    ("1133446677m558p", "8p", "", 2),  # 七对 +2
    ("12312399m12378s", "9s", "", 2),  # 带幺九 +2
    ("123456789m2p", "2p", "gang 5p", 1),  # 根 +1
    ("1133446666m558p", "8p", "", 3),  # 龙七对 = 七对 + its 根
    ("4p", "4p", "peng 2m, peng 5m, peng 3p, peng 7p", 1),  # 金钩钓 adds nothing: 对对胡 only
    ("22255588m22288p", "8p", "", 1),  # 将对 adds nothing: 对对胡 only
    ("1113335557779m", "9m", "", 3),  # 清对 = 对对胡 +1, 清一色 +2
]


@pytest.mark.parametrize(("hand", "tile", "melds", "fan"), ADDITIVE)
def test_r8_4_terms(hand: str, tile: str, melds: str, fan: int) -> None:
    s = win(hand, tile, melds, rules=CD)
    assert (s.fan, s.multiplier, s.capped) == (fan, 2**fan, min(2**fan, 8))


def test_r8_4_terms_are_listed() -> None:
    s = win("1113335557779m", "9m", rules=CD)
    assert set(s.terms) == {P.DUIDUI, P.QINGYISE}


def test_r8_4_yaojiu_needs_the_option() -> None:
    s = win("12312399m12378s", "9s", rules=CD.replace(yaojiu_jiangdui=False))
    assert s.fan == 0


def test_r8_4_extras_add_one_fan() -> None:
    s = win("1112343456668m", "8m", rules=CD, self_draw=True, after_gang=True)
    assert (s.fan, s.extras) == (3, (Extra.GANGSHANGHUA,))


# -- R8.6: extras ------------------------------------------------------------------------------

PINGHU = ("123345789m2346p", "6p")


@pytest.mark.parametrize(
    ("ctx", "rules", "extras"),
    [
        ({"self_draw": True, "after_gang": True}, XZ, (Extra.GANGSHANGHUA,)),
        ({"after_gang": True}, XZ, (Extra.GANGSHANGPAO,)),
        ({"robbed": True}, XZ, (Extra.QIANGGANG,)),
        ({"self_draw": True, "last_tile": True}, XZ, (Extra.HAIDILAOYUE,)),
        ({"self_draw": True, "last_tile": True}, XZ.replace(haidi=False), ()),
        ({"last_tile": True}, XZ, ()),  # haidi_pao is off in xuezhan
        ({"last_tile": True}, XZ.replace(haidi_pao=True), (Extra.HAIDIPAO,)),
        ({"self_draw": True}, XZ, ()),  # zimo_bonus = base: a unit in settlement, not a fan
        ({"self_draw": True}, XZ.replace(zimo_bonus="double"), (Extra.ZIMO,)),
        ({"self_draw": True}, XZ.replace(zimo_bonus="none"), ()),
        # 杠上花 and 海底捞月 both when a replacement draw takes the last tile
        (
            {"self_draw": True, "after_gang": True, "last_tile": True},
            XZ,
            (Extra.GANGSHANGHUA, Extra.HAIDILAOYUE),
        ),
        (
            {"after_gang": True, "last_tile": True},
            XZ.replace(haidi_pao=True),
            (Extra.GANGSHANGPAO, Extra.HAIDIPAO),
        ),
    ],
)
def test_r8_6_extras(ctx: dict[str, bool], rules: RuleSet, extras: tuple[Extra, ...]) -> None:
    s = win(*PINGHU, rules=rules, **ctx)
    assert s.extras == extras
    assert s.multiplier == 2 ** len(extras)


def test_menqing_and_zhongzhang() -> None:
    mz = XZ.replace(menqing_zhongzhang=True)
    # 123 345 789m 234 66p holds 1m and 9m: 门清 only
    assert win(*PINGHU, rules=mz).extras == (Extra.MENQING,)
    # 234 345 678m 234 55p: no 1 or 9 and no meld: 门清 + 中张 = ×4
    s = win("234345678m2345p", "5p", rules=mz)
    assert (s.extras, s.multiplier) == ((Extra.MENQING, Extra.ZHONGZHANG), 4)
    # a concealed gang keeps 门清; a peng or a direct/added gang loses it
    s = win("123456789m2p", "2p", "angang 5p", rules=mz)
    assert Extra.MENQING in s.extras
    for meld in ("peng 5p", "gang 5p", "bugang 5p"):
        hand = "123456m3456p" if meld == "peng 5p" else "123456789m2p"
        tile = "6p" if meld == "peng 5p" else "2p"
        assert Extra.MENQING not in win(hand, tile, meld, rules=mz).extras, meld
    # a 9 in a meld spoils 中张
    s = win("234345678m2p", "2p", "peng 9p", rules=mz)
    assert Extra.ZHONGZHANG not in s.extras
    # the option off: neither
    assert win("234345678m2345p", "5p").extras == ()


def test_extras_double_the_pattern_value() -> None:
    # 清对 ×8, 杠上炮 ×2 → ×16
    s = win("1113335557779m", "9m", void="p", after_gang=True)
    assert (s.multiplier, s.fan) == (16, 4)


# -- R7.5 / R8.3: 天胡 and 地胡 -------------------------------------------------------------------


def test_tianhu_is_32_without_extras() -> None:
    s = win(*PINGHU, self_draw=True, first_turn=True, dealer=True)
    assert (s.special, s.multiplier, s.extras, s.ordinary) == ("tianhu", 32, (), 1)


def test_tianhu_against_a_larger_ordinary_value() -> None:
    # 11 11 22 22 33 55 77m: 清龙七对 ×32 × 根 ×2 = 64 > 32: the ordinary value counts
    s = win("1111222233557m", "7m", void="p", self_draw=True, first_turn=True, dealer=True)
    assert (s.special, s.multiplier, s.capped) == (None, 64, 64)
    # equal (清龙七对 ×32): the ×32 of 天胡 is named
    s = win("1122335577999m", "9m", void="p", self_draw=True, first_turn=True, dealer=True)
    assert (s.special, s.multiplier) == ("tianhu", 32)


def test_dihu() -> None:
    s = win(*PINGHU, self_draw=True, first_turn=True)
    assert (s.special, s.multiplier) == ("dihu", 32)
    # on the dealer's first discard only with dihu_on_dealer_discard
    assert win(*PINGHU, first_turn=True).special is None
    on = XZ.replace(dihu_on_dealer_discard=True)
    assert win(*PINGHU, rules=on, first_turn=True).multiplier == 32


def test_tian_di_hu_off() -> None:
    off = XZ.replace(tian_di_hu=False)
    s = win(*PINGHU, rules=off, self_draw=True, first_turn=True, dealer=True)
    assert (s.special, s.multiplier) == (None, 1)
    # chengdu-classic has it off (R8.4)
    assert win(*PINGHU, rules=CD, self_draw=True, first_turn=True).multiplier == 1


# -- R8.7: the cap ---------------------------------------------------------------------------


def test_cap() -> None:
    melds = "gang 1m, gang 3m, angang 5m, bugang 7m"
    s = win("9m", "9m", melds, void="p")
    assert (s.multiplier, s.capped, s.fan) == (256, 64, 8)
    assert win("9m", "9m", melds, void="p", rules=XZ.replace(cap_fan=None)).capped == 256
    s = win("1113335557779m", "9m", void="p", rules=XZ.replace(cap_fan=2))  # 清对 ×8
    assert (s.multiplier, s.capped) == (8, 4)


def test_cap_leaves_the_self_draw_unit_to_settlement() -> None:
    # zimo_bonus = base: the unit is paid after the cap (R9.2), so it is not in the Score
    s = win("9m", "9m", "gang 1m, gang 3m, angang 5m, bugang 7m", void="p", self_draw=True)
    assert (s.capped, s.extras) == (64, ())


# -- explanations -------------------------------------------------------------------------------


def test_lines_cite_rule_ids_in_both_languages() -> None:
    s = win("22255588m22288p", "8p", after_gang=True)
    text = "\n".join(s.lines())
    for needle in ("R8.1", "R8.3", "将对", "2-5-8 triplets", "R8.6", "杠上炮", "R8.7", "×16"):
        assert needle in text
    cd = "\n".join(win("1133446666m558p", "8p", rules=CD).lines())
    assert "R8.4" in cd and "七对" in cd and "R8.2" in cd and "+1 fan" in cd


def test_to_dict() -> None:
    d = win("1133446666m558p", "8p").to_dict()
    assert d["pattern"] == "longqidui" and d["pattern_zh"] == "龙七对"
    assert (d["gen"], d["gen_used"], d["gen_left"], d["multiplier"], d["capped"]) == (
        1,
        1,
        0,
        16,
        16,
    )
    assert d["decomposition"] == "11m 33m 44m 66m 66m 55p 88p"
