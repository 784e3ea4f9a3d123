"""The Leshan count model (RULES.md R13.1, R13.7): hands written out by hand, counts worked
out from R13.1 item by item in the comments."""

from __future__ import annotations

import pytest

from xzcore.rules import RuleSet, Scoring
from xzcore.scoring import HandError, InvalidContextError, NotAWinError, Pattern, WinContext
from xzcore.scoring.count import (
    CountItem,
    CountScore,
    count_chajiao,
    count_wait_values,
    describe,
    score_count,
)
from xzcore.tiles import parse_tile

L = RuleSet.preset("leshan")
C = CountItem


def items(s: CountScore) -> dict[CountItem, int]:
    return dict(s.items)


# -- the seed's worked example (R13.1) ---------------------------------------------------------


def test_worked_example_exposed_gang_is_8() -> None:
    # 234m 234m 55m 678m + exposed gang 9m, all 万: 底 1 + 清一色 5 + 四归一 1 (the gang)
    # + 一般高 1 (234m twice) = 8; no 门清 (an exposed gang), no 缺一门 (one suit).
    s = score_count("2233445678m", "5m", "gang 9m", "p", WinContext(), L)
    assert s.count == 8
    assert items(s) == {C.DI: 1, C.QINGYISE: 5, C.YIBANGAO: 1, C.SIGUIYI: 1}
    assert s.multiplier == s.capped == 8
    assert s.model is Scoring.COUNT
    assert s.pattern is Pattern.QINGYISE


def test_worked_example_concealed_gang_is_9() -> None:
    # The same hand with the gang concealed: 门清 allows a concealed gang, +1 → 9.
    s = score_count("2233445678m", "5m", "angang 9m", "p", WinContext(), L)
    assert s.count == 9
    assert items(s)[C.MENQING] == 1


def test_added_gang_is_not_menqing() -> None:
    s = score_count("2233445678m", "5m", "bugang 9m", "p", WinContext(), L)
    assert s.count == 8 and C.MENQING not in items(s)


# -- one hand for every item -------------------------------------------------------------------


def test_di_and_queyimen_only() -> None:
    # 234m 678m 234p 88p + peng 1p, void 条: 底 1 + 缺一门 1 = 2 (a peng: no 门清).
    s = score_count("234678m2388p", "4p", "peng 1p", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1}
    assert s.count == 2


def test_siguiyi_from_peng_plus_winning_tile() -> None:
    # The same hand won on 1p: 123p and the peng 1p make four 1p → 四归一, count 3.
    s = score_count("234678m2388p", "1p", "peng 1p", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.SIGUIYI: 1}


def test_seed_menqing_queyimen_is_3() -> None:
    # Seed 002: "门清、缺一门，则个数就有底+缺一门+门清=3个". 123m 456m 789m 234p 55p won on 5p:
    # the 5p does not complete a 4-5-6 (456m is another suit): no 卡心五.
    s = score_count("123456789m2345p", "5p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1}
    assert s.count == 3


def test_kaxinwu() -> None:
    # 123m 789m 234p 456p 99p won on 5p between 4p and 6p: 底 + 缺一门 + 门清 + 卡心五 = 4.
    s = score_count("123789m23446p99p", "5p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.KAXINWU: 1}


def test_kaxinwu_needs_the_5_in_a_456() -> None:
    # 34p waiting on 2p/5p, won on 5p: the 5 completes 3-4-5, not 4-5-6.
    s = score_count("123789m23499p34p", "5p", "", "s", WinContext(), L)
    assert C.KAXINWU not in items(s) and s.count == 3


def test_yibangao_and_the_largest_split() -> None:
    # 111222333m 456p 77p: as 123m×3 it holds one pair of identical sequences (一般高 1;
    # a third 123m makes no second pair); as 111 222 333 none. R8.1: the larger count counts:
    # 底 + 缺一门 + 门清 + 一般高 = 4.
    s = score_count("111222333m4567p", "7p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.YIBANGAO: 1}
    assert [str(b) for b in s.decomposition].count("123m") == 3


def test_two_yibangao_against_seven_pairs() -> None:
    # 112233m 112233p 55p: seven pairs (七对 4) or 123m×2 123p×2 55p (一般高 ×2).
    # 底 + 缺一门 + 门清 = 3, then 七对 4 → 7 against 一般高 2 → 5: seven pairs counts.
    s = score_count("112233m112233p5p", "5p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.QIDUI: 4}
    # With 七对 worth 1 (R13.7 option) the sequences win: 3 + 2 = 5 > 3 + 1.
    low = L.replace(count_qidui=1)
    s = score_count("112233m112233p5p", "5p", "", "s", WinContext(), low)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.YIBANGAO: 2}


def test_siguiyi_four_concealed() -> None:
    # 111m 123m 456m 678p 99p won on 9p: four 1m in hand (no gang) → 四归一.
    # 底 + 缺一门 + 门清 + 四归一 = 4.
    s = score_count("111123456m6789p", "9p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.SIGUIYI: 1}


def test_jingou_with_duidui() -> None:
    # Four pengs and a single 8p won on 8p (金钩吊); all triplets, so 对对胡 too (R13.7 = 2):
    # 底 1 + 缺一门 1 + 对对胡 2 + 金钩吊 1 = 5.
    s = score_count("8p", "8p", "peng 2m, peng 5m, peng 3p, peng 7p", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.DUIDUI: 2, C.JINGOU: 1}
    assert s.count == 5


def test_duidui_concealed() -> None:
    # 222m 555m 333p 777p 88p: 底 + 缺一门 + 门清 + 对对胡 2 = 5.
    s = score_count("222555m3337778p", "8p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.DUIDUI: 2}
    assert s.pattern is Pattern.DUIDUI


def test_qidui_and_its_option() -> None:
    # 11 33m 22 44 55 77 99p: 底 + 缺一门 + 门清 + 七对 4 = 7; with count_qidui = 6, 9.
    s = score_count("1133m224455779p", "9p", "", "s", WinContext(), L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, C.MENQING: 1, C.QIDUI: 4}
    s = score_count("1133m224455779p", "9p", "", "s", WinContext(), L.replace(count_qidui=6))
    assert s.count == 9


def test_long_qidui_gets_siguiyi() -> None:
    # 11 33m 22 44 44 77 99p (four 4p as two pairs): 七对 4 + 四归一 1 → 3 + 5 = 8.
    s = score_count("1133m224444779p", "9p", "", "s", WinContext(), L)
    assert items(s)[C.QIDUI] == 4 and items(s)[C.SIGUIYI] == 1 and s.count == 8


BASE2 = ("234678m2388p", "4p", "peng 1p", "s")  # count 2, as test_di_and_queyimen_only


@pytest.mark.parametrize(
    ("ctx", "item"),
    [
        (WinContext(robbed=True), C.QIANGGANG),
        (WinContext(after_gang=True), C.GANGSHANGPAO),
        (WinContext(self_draw=True, after_gang=True), C.GANGSHANGHUA),
        (WinContext(self_draw=True, last_tile=True), C.HAIDILAO),
    ],
)
def test_situational_items_add_one(ctx: WinContext, item: CountItem) -> None:
    s = score_count(*BASE2, ctx, L)
    assert items(s) == {C.DI: 1, C.QUEYIMEN: 1, item: 1}
    assert s.count == 3


def test_gangshanghua_and_haidilao_together() -> None:
    s = score_count(*BASE2, WinContext(self_draw=True, after_gang=True, last_tile=True), L)
    assert s.count == 4


def test_haidipao_is_not_the_winners_item() -> None:
    # R13.2: 海底炮 is a penalty on the discarder (xzcore.leshan.money), not part of the count.
    s = score_count(*BASE2, WinContext(last_tile=True), L)
    assert s.count == 2


def test_self_draw_adds_nothing() -> None:
    assert score_count(*BASE2, WinContext(self_draw=True), L).count == 2


def test_tianhu_and_dihu() -> None:
    # 天胡 (dealer, dealt 14): the seed-3 hand + count_tianhu (R13.7, 5) = 8.
    tian = WinContext(self_draw=True, first_turn=True, dealer=True)
    s = score_count("123456789m2345p", "5p", "", "s", tian, L)
    assert items(s)[C.TIANHU] == 5 and s.count == 8 and s.special == "tianhu"
    di = WinContext(self_draw=True, first_turn=True)
    s = score_count("123456789m2345p", "5p", "", "s", di, L)
    assert items(s)[C.DIHU] == 5 and s.special == "dihu"
    off = L.replace(tian_di_hu=False)
    s = score_count("123456789m2345p", "5p", "", "s", tian, off)
    assert s.count == 3 and s.special is None


def test_cap_applies_when_set() -> None:
    s = score_count("2233445678m", "5m", "angang 9m", "p", WinContext(), L.replace(cap_fan=3))
    assert (s.multiplier, s.capped) == (9, 8)
    assert s.is_capped


# -- refusals ----------------------------------------------------------------------------------


def test_void_suit_refused() -> None:
    with pytest.raises(NotAWinError) as e:
        score_count("123456789m2345p", "5p", "", "p", WinContext(), L)
    assert e.value.rule == "R4.4"


def test_not_a_win() -> None:
    with pytest.raises(NotAWinError) as e:
        score_count("123456789m2345p", "9p", "", "s", WinContext(), L)
    assert e.value.rule == "R7.1"


def test_bad_input() -> None:
    with pytest.raises(HandError) as e:
        score_count("123456789m234p", "5p", "", "s", WinContext(), L)
    assert e.value.field == "concealed"
    with pytest.raises(HandError):
        score_count("123456789m2345p", "5z", "", "s", WinContext(), L)
    with pytest.raises(InvalidContextError):
        score_count(*BASE2, WinContext(robbed=True, self_draw=True), L)


# -- 查叫 by the maximum count (R13.1 with R10.2) ------------------------------------------------


def test_chajiao_max_and_min() -> None:
    # 234m 678m 23p 88p + peng 1p waits on 1p (count 3, 四归一) and 4p (count 2).
    assert count_chajiao("234678m2388p", "peng 1p", "s", L) == 3
    assert count_chajiao("234678m2388p", "peng 1p", "s", L.replace(chajiao="min")) == 2


def test_chajiao_kaxinwu_counts_per_wait() -> None:
    # 123m 789m 234p 46p 99p waits on 5p only: 卡心五 counts, 4.
    assert count_chajiao("123789m23446p99p", "", "s", L) == 4


def test_chajiao_not_ready() -> None:
    assert count_chajiao("234678m2389p", "peng 1p", "s", L) is None
    # Holding a void tile is not ready (R7.3).
    assert count_chajiao("234678m238p1s", "peng 1p", "s", L) is None


def test_wait_values_situational() -> None:
    out = count_wait_values("234678m2388p", "peng 1p", "s", WinContext(self_draw=True), L)
    assert [(k, s.count) for k, s in out] == [(parse_tile("1p"), 3), (parse_tile("4p"), 2)]


def test_lines_and_dict() -> None:
    s = score_count("2233445678m", "5m", "gang 9m", "p", WinContext(), L)
    text = "\n".join(s.lines())
    assert "R13.1 清一色 one suit: +5" in text and "个数 count: 8" in text
    d = s.to_dict()
    assert d["count"] == 8 and d["model"] == "count"
    assert d["items"] == [["di", 1], ["qingyise", 5], ["yibangao", 1], ["siguiyi", 1]]
    assert describe(s.items) == "底 1 + 清一色 5 + 一般高 1 + 四归一 1"


def test_chajiao_agrees_with_trying_every_tile() -> None:
    """count_chajiao takes its candidate waits from the kernel; trying all 27 kinds with
    score_count (R7.3: not a kind the seat holds four of) must give the same maximum."""
    import random

    from xzcore.kernel._handgen import hand_mix

    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        counts, void = hand_mix(13, rng)
        c = list(counts)
        best = None
        for k in range(27):
            if c[k] >= 4:
                continue
            try:
                s = score_count(c, k, "", void, WinContext(), L)
            except (NotAWinError, HandError):
                continue
            best = s.count if best is None else max(best, s.count)
        assert count_chajiao(c, "", void, L) == best
        checked += best is not None
    assert checked > 30  # enough ready hands in the mix
