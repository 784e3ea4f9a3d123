"""Scoring sentences worked out by hand (RULES.md R7.3, R8.1–R8.7, R10.2): the sentences the
existing tests leave open, each with a hand worked out by hand from RULES.md.

Hands are the concealed tiles *before* the winning tile. Every expected figure is derived in
the comment beside it from the R8.3 table (pattern × 2^(根 not used up) × 2^extras), R8.4
(additive fan) or R8.6/R8.7; none was read off the code.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from xzcore.kernel._input import meld_summary
from xzcore.rules import RuleSet
from xzcore.scoring import (
    Extra,
    HandError,
    Pattern,
    Score,
    WinContext,
    chajiao_multiplier,
    score_win,
    wait_values,
)
from xzcore.tiles import parse_counts, parse_melds

XZ = RuleSet.preset("xuezhan")
CD = RuleSet.preset("chengdu-classic")
P = Pattern


def win(
    hand: str, tile: str, melds: str = "", void: str = "s", rules: RuleSet = XZ, **ctx: bool
) -> Score:
    return score_win(hand, tile, melds, void, WinContext(**ctx), rules)


# -- R8.3 rows at their edges ------------------------------------------------------------------

# 2222m 5555m 8888m 2222p as four gangs, pair 55p: every tile is of rank 2/5/8.
JIANG_LUOHAN = ("5p", "5p", "gang 2m, gang 5m, angang 8m, bugang 2p")


def test_jiang_jingou_with_four_gangs_keeps_its_gen() -> None:
    # Rows that hold: 对对胡 ×2, 将对 ×8, 金钩钓 ×4, 将金钩钓 ×16, 十八罗汉 ×64 (uses 4 根).
    # 根 = 4 (each gang). 将金钩钓 uses none: 16 × 2^4 = 256; 十八罗汉 64 × 2^0 = 64;
    # 将对 8 × 16 = 128. Largest: 将金钩钓 ×256 (the same as 清十八罗汉 = 清金钩钓 16 × 2^4),
    # capped to 2^6 = 64 in xuezhan.
    s = win(*JIANG_LUOHAN)
    assert (s.pattern, s.gen, s.gen_used, s.multiplier, s.capped) == (
        P.JIANG_JINGOU,
        4,
        0,
        256,
        64,
    )


def test_jiang_jingou_off_without_yaojiu_jiangdui() -> None:
    # ⓨ rows off: 金钩钓 4 × 2^4 = 64 and 十八罗汉 64 × 2^0 = 64; equal, the containing row
    # (十八罗汉) is named. Not 将金钩钓 ×256, not 将对.
    s = win(*JIANG_LUOHAN, rules=XZ.replace(yaojiu_jiangdui=False, cap_fan=None))
    assert (s.pattern, s.multiplier) == (P.LUOHAN, 64)
    assert P.JIANG_JINGOU not in s.replaced and P.JIANGDUI not in s.replaced


def test_jingou_counts_any_gang_as_a_meld() -> None:
    # [22m] [4444m] [666p] [777p] + 3p, won on 3p: four melds, one a gang → 金钩钓 ×4;
    # the gang is a 根 that 金钩钓 does not use up: 4 × 2 = 8. Not 十八罗汉 (one gang).
    s = win("3p", "3p", "peng 2m, gang 4m, peng 6p, peng 7p")
    assert (s.pattern, s.gen, s.multiplier) == (P.JINGOU, 1, 8)


def test_qing_jingou_with_a_gang() -> None:
    # [111m] [3333m] [555m] [777m] 99m: 清金钩钓 ×16 × 根 ×2 = 32.
    s = win("9m", "9m", "peng 1m, gang 3m, peng 5m, peng 7m", void="p")
    assert (s.pattern, s.multiplier) == (P.QING_JINGOU, 32)


def test_jiang_jingou_needs_the_pair_of_2_5_8_too() -> None:
    # [222m] [555m] [888m] [222p] 33p: a 3 in the pair → not 将金钩钓; 金钩钓 ×4.
    s = win("3p", "3p", "peng 2m, peng 5m, peng 8m, peng 2p")
    assert (s.pattern, s.multiplier) == (P.JINGOU, 4)


def test_jiangdui_only_with_ranks_2_5_8() -> None:
    # 222 555 888m 333p 55p: all triplets but 333p has a 3 → 对对胡 ×2, not 将对.
    s = win("222555888m3335p", "5p", void="s")
    assert (s.pattern, s.multiplier) == (P.DUIDUI, 2)


def test_jiangdui_with_a_gang_doubles_for_its_gen() -> None:
    # 222 555 888m 88p + [2222p]: 将对 ×8, 根 2p: 8 × 2 = 16.
    s = win("222555888m8p", "8p", "gang 2p")
    assert (s.pattern, s.gen, s.multiplier) == (P.JIANGDUI, 1, 16)


def test_daiyaojiu_reads_the_melds() -> None:
    # 123m 789m 789p 99p + [111p]: every set and the pair hold a 1 or 9 → 带幺九 ×4.
    assert win("123789m7899p", "9p", "peng 1p").multiplier == 4
    # the same with [555p]: the meld has no 1 or 9 → 平胡 ×1.
    s = win("123789m7899p", "9p", "peng 5p")
    assert (s.pattern, s.multiplier) == (P.PINGHU, 1)


def test_longqidui_from_the_winning_tile() -> None:
    # 11 33 44 66 66m 55 88p, the fourth 6m is the winning tile (R8.2): 龙七对 ×16, its one
    # 根 used up.
    s = win("113344666m5588p", "6m")
    assert (s.pattern, s.gen, s.gen_used, s.multiplier) == (P.LONGQIDUI, 1, 1, 16)


def test_longqidui_uses_one_gen_of_three() -> None:
    # 1111m 9999m 1111p 99p: seven pairs (four of a kind = two pairs, R7.1), no standard
    # split (no 2m for a sequence). 根 = 3 (1m, 9m, 1p). 龙七对 16 × 2^(3 - 1) = 64.
    s = win("1111m9999m1111p9p", "9p")
    assert (s.pattern, s.gen, s.gen_left, s.multiplier) == (P.LONGQIDUI, 3, 2, 64)


def test_seven_pairs_never_count_daiyaojiu_in_the_additive_model() -> None:
    # chengdu-classic, the same hand: 七对 +2, 3 根 +3 = 5 fan (×32, capped to ×8). If
    # 带幺九 (+2) counted for seven pairs it would be 7.
    s = win("1111m9999m1111p9p", "9p", rules=CD)
    assert (s.fan, s.multiplier, s.capped) == (5, 32, 8)
    assert P.DAIYAOJIU not in s.terms


def test_additive_with_both_replacement_and_last_tile_extras() -> None:
    # R8.4 + R8.6: 清一色 +2, 杠上花 +1, 海底捞月 +1 = 4 fan.
    s = win("1112343456668m", "8m", rules=CD, self_draw=True, after_gang=True, last_tile=True)
    assert s.fan == 4
    assert s.extras == (Extra.GANGSHANGHUA, Extra.HAIDILAOYUE)


# -- R8.6 extras -----------------------------------------------------------------------------

MZ = XZ.replace(menqing_zhongzhang=True)


def test_zhongzhang_reads_the_winning_tile() -> None:
    # 234 345 678m 55p + 78p: won on 6p → 678p, no 1 or 9 anywhere → 门清 + 中张 (×4);
    # won on 9p → 789p holds a 9 → 门清 only (×2).
    assert win("234345678m5578p", "6p", rules=MZ).extras == (Extra.MENQING, Extra.ZHONGZHANG)
    s = win("234345678m5578p", "9p", rules=MZ)
    assert (s.extras, s.multiplier) == ((Extra.MENQING,), 2)


def test_menqing_also_on_a_discard_win() -> None:
    # R8.6 names only melds for 门清: a win on a discard with no 碰/直杠/补杠 keeps it.
    s = win("234345678m5578p", "6p", rules=MZ)  # no self_draw: a discard win
    assert Extra.MENQING in s.extras and s.multiplier == 4


def test_zimo_double_is_not_given_on_a_discard() -> None:
    assert win("234345678m5578p", "6p", rules=XZ.replace(zimo_bonus="double")).extras == ()


# -- R7.5 / R8.3 天胡 and 地胡 ------------------------------------------------------------------


def test_tianhu_is_off_in_the_additive_model() -> None:
    # R8.4: "天胡/地胡 are off" in the additive model, whatever tian_di_hu says. 平胡 on the
    # dealt tiles: 0 fan, ×1 (zimo_bonus base is a unit, not a fan).
    add = XZ.replace(scoring="additive")
    s = win("123345789m2346p", "6p", rules=add, self_draw=True, first_turn=True, dealer=True)
    assert (s.special, s.multiplier) == (None, 1)
    s = win("123345789m2346p", "6p", rules=add, self_draw=True, first_turn=True)
    assert (s.special, s.multiplier) == (None, 1)


def test_tianhu_with_zimo_double_below_32() -> None:
    # 清一色 ×4, 自摸 ×2 (zimo_bonus double) = 8 < 32 → ×32 with no extras.
    s = win(
        "1112343456668m",
        "8m",
        void="p",
        rules=XZ.replace(zimo_bonus="double"),
        self_draw=True,
        first_turn=True,
        dealer=True,
    )
    assert (s.special, s.multiplier, s.extras) == ("tianhu", 32, ())


def test_dihu_extras_lift_the_ordinary_value_above_32() -> None:
    # 22 33 44 55 66 77 88m: 清七对 ×16 (its std split 234 234 567 567 88 is 清一色 ×4).
    # zimo double + 门清 + 中张: 16 × 2 × 2 × 2 = 128 > 32 → the ordinary value counts,
    # capped to 64.
    rules = XZ.replace(zimo_bonus="double", menqing_zhongzhang=True)
    s = win("2233445566778m", "8m", void="p", rules=rules, self_draw=True, first_turn=True)
    assert (s.special, s.pattern, s.multiplier, s.capped) == (None, P.QING_QIDUI, 128, 64)
    assert s.extras == (Extra.ZIMO, Extra.MENQING, Extra.ZHONGZHANG)


# -- R7.3 / R10.2 查叫 values ---------------------------------------------------------------


@pytest.mark.parametrize("brute_force", [False, True])
def test_single_wait_on_a_kind_held_four_times_is_not_ready(brute_force: bool) -> None:
    # [555p] [222m] [333m] [777m] + 5p: the only completing tile is the fourth 5p, which the
    # seat holds itself (R7.3) → not ready.
    rules = XZ
    melds = "peng 5p, peng 2m, peng 3m, peng 7m"
    assert chajiao_multiplier("5p", melds, "s", rules, brute_force=brute_force) is None


@pytest.mark.parametrize("brute_force", [False, True])
def test_chajiao_gen_from_the_wait(brute_force: bool) -> None:
    # 11 33 44 666m 55 88p waits on 6m only (no standard split uses 666m with the rest);
    # winning on it makes 6666m: 龙七对 ×16 (one 根 used up). max = min = 16.
    for mode in ("max", "min"):
        r = XZ.replace(chajiao=mode)
        assert chajiao_multiplier("113344666m5588p", "", "s", r, brute_force=brute_force) == 16


@pytest.mark.parametrize("brute_force", [False, True])
def test_chajiao_counts_no_menqing_or_zhongzhang(brute_force: bool) -> None:
    # 234 345 678m 2345p waits on 2p (22 345p) and 5p (234 55p): 平胡 ×1 each; 门清/中张 are
    # extras (R8.6), which R10.2 leaves out.
    assert chajiao_multiplier("234345678m2345p", "", "s", MZ, brute_force=brute_force) == 1


@pytest.mark.parametrize("brute_force", [False, True])
def test_chajiao_additive_is_capped(brute_force: bool) -> None:
    # chengdu-classic: 11 22 33 44 55 77 9m waits on 9m: 七对 +2, 清一色 +2 = 4 fan (×16),
    # capped to 3 fan (×8).
    assert chajiao_multiplier("1122334455779m", "", "m", CD, brute_force=brute_force) == 8


@pytest.mark.parametrize("brute_force", [False, True])
def test_chajiao_jiang_jingou_four_gangs(brute_force: bool) -> None:
    # Ready on 5p (JIANG_LUOHAN): ×256 as above, capped to 64; uncapped 256.
    melds = JIANG_LUOHAN[2]
    assert chajiao_multiplier("5p", melds, "s", XZ, brute_force=brute_force) == 64
    nocap = XZ.replace(cap_fan=None)
    assert chajiao_multiplier("5p", melds, "s", nocap, brute_force=brute_force) == 256


# -- the kernel against hand-worked values, both backends -------------------------------------

TABLE, ADDITIVE, YAOJIU = 0, 1, 2

KERNEL_WINS = [
    # (concealed with the winning tile, melds, void, table fan, additive fan), with ⓨ on
    ("55p", JIANG_LUOHAN[2], 2, 8, 5),  # 将金钩钓 4 + 4 根; additive 对对胡 1 + 4 根
    ("33p", "peng 2m, gang 4m, peng 6p, peng 7p", 2, 3, 2),  # 金钩钓 2 + 1 根; 对对 + 根
    ("99m", "peng 1m, gang 3m, peng 5m, peng 7m", 1, 5, 4),  # 清金钩钓 4 + 1; 1 + 2 + 1
    ("222555888m88p", "gang 2p", 2, 4, 2),  # 将对 3 + 1 根; additive 对对胡 1 + 1 根
    ("123789m789p99p", "peng 1p", 2, 2, 2),  # 带幺九 with a 1/9 meld
    ("123789m789p99p", "peng 5p", 2, 0, 0),  # the meld spoils 带幺九
    ("1133446666m5588p", "", 2, 4, 3),  # 龙七对, 根 from the winning tile
    ("1111m9999m1111p99p", "", 2, 6, 5),  # 龙七对 4 - 1 + 3 根; additive 七对 2 + 3 根
    ("55p", "peng 2m, peng 5m, peng 8m, peng 2p", 2, 4, 1),  # 将金钩钓
    ("33p", "peng 2m, peng 5m, peng 8m, peng 2p", 2, 2, 1),  # pair of 3: 金钩钓 only
]


@pytest.mark.parametrize(("hand", "melds", "void", "table", "additive"), KERNEL_WINS)
def test_kernel_win_fan_by_hand(
    kernel: ModuleType, hand: str, melds: str, void: int, table: int, additive: int
) -> None:
    counts = parse_counts(hand)
    held, info = meld_summary(counts, parse_melds(melds))
    assert kernel.win_fan(counts, void, held, info, TABLE | YAOJIU) == table
    assert kernel.win_fan(counts, void, held, info, ADDITIVE | YAOJIU) == additive


def test_kernel_win_fan_without_yaojiu_jiangdui(kernel: ModuleType) -> None:
    # four 2/5/8 gangs without ⓨ: 金钩钓 2 + 4 根 = 6 = 十八罗汉 6 - 4 + 4.
    counts = parse_counts("55p")
    held, info = meld_summary(counts, parse_melds(JIANG_LUOHAN[2]))
    assert kernel.win_fan(counts, 2, held, info, TABLE) == 6


KERNEL_READY = [
    # (13 − 3k concealed, melds, void, max fan, min fan), table with ⓨ
    ("113344666m5588p", "", 2, 4, 4),  # wait 6m only: 龙七对 with the 根 of the wait
    ("5p", "peng 5p, peng 2m, peng 3m, peng 7m", 2, -1, -1),  # the wait is held four times
    ("5p", JIANG_LUOHAN[2], 2, 8, 8),  # 将金钩钓 + 4 根
    ("1111m9999m1111p9p", "", 2, 6, 6),  # wait 9p only
]


@pytest.mark.parametrize(("hand", "melds", "void", "high", "low"), KERNEL_READY)
def test_kernel_ready_fan_by_hand(
    kernel: ModuleType, hand: str, melds: str, void: int, high: int, low: int
) -> None:
    counts = parse_counts(hand)
    held, info = meld_summary(counts, parse_melds(melds))
    assert kernel.ready_fan(counts, void, held, info, TABLE | YAOJIU, 0) == high
    assert kernel.ready_fan(counts, void, held, info, TABLE | YAOJIU, 1) == low


def test_three_gangs_and_a_peng_is_jingou_with_three_gen() -> None:
    # [1111m] [3333m] [5555p] [777p] 99p: four melds but one is a peng → not 十八罗汉;
    # 金钩钓 ×4 × 2^3 (three gangs, three 根) = 32. 3m/5p/7p spoil 带幺九.
    s = win("9p", "9p", "gang 1m, angang 3m, bugang 5p, peng 7p")
    assert (s.pattern, s.gen, s.gen_used, s.multiplier) == (P.JINGOU, 3, 0, 32)


@pytest.mark.parametrize("brute_force", [False, True])
def test_the_fourth_tile_of_a_peng_is_a_wait_and_a_gen(brute_force: bool) -> None:
    # 123 789m 46p 99p + [555p]: waits on 5p (the seat holds three, R7.3 allows it); winning
    # on it makes 456p and the fourth 5p with the peng: 平胡 ×1 × 根 ×2 = 2.
    assert chajiao_multiplier("123789m4699p", "peng 5p", "s", XZ, brute_force=brute_force) == 2


def test_kernel_ready_fan_peng_plus_the_fourth(kernel: ModuleType) -> None:
    # The same hand on the kernel: fan 1 (the 根 of the wait), table and additive.
    counts = parse_counts("123789m4699p")
    held, info = meld_summary(counts, parse_melds("peng 5p"))
    assert kernel.ready_fan(counts, 2, held, info, TABLE | YAOJIU, 0) == 1
    assert kernel.ready_fan(counts, 2, held, info, ADDITIVE | YAOJIU, 0) == 1


# -- bad input names the argument (HandError, a ValueError) -----------------------------------


@pytest.mark.parametrize(
    ("args", "field", "needle"),
    [
        ((None, "6p", "", "s", WinContext()), "concealed", "not tile text"),
        (("123345789m2346p", "6p", None, "s", WinContext()), "melds", "not meld text"),
        (("123345789m2346p", "6p", 5, "s", WinContext()), "melds", "not meld text"),
        # five melds written as text: refused as too many, not as a negative tile count
        (
            ("6p", "6p", "peng 1m, peng 2m, peng 3m, peng 4m, peng 5m", "s", WinContext()),
            "melds",
            "at most four",
        ),
        (("123345789m2346p", "6p", "", "s", None), "ctx", "not a WinContext"),
        (("123345789m2346p", "6p", "", "s", {"self_draw": True}), "ctx", "not a WinContext"),
    ],
)
def test_bad_input_names_the_argument(args: tuple, field: str, needle: str) -> None:
    with pytest.raises(HandError) as info:
        score_win(*args, XZ)
    assert info.value.field == field and needle in str(info.value)
    assert isinstance(info.value, ValueError)


def test_wait_values_refuses_a_bad_context() -> None:
    with pytest.raises(HandError, match="ctx"):
        wait_values("123345789m2345p", "", "s", None, XZ)  # type: ignore[arg-type]


# -- the kernel against the brute force on every hand of two tricky families ------------------


def _fan_rules() -> dict[int, RuleSet]:
    return {
        flags: XZ.replace(
            scoring="additive" if flags & ADDITIVE else "table", yaojiu_jiangdui=bool(flags & 2)
        )
        for flags in range(4)
    }


def _four_meld_hands() -> list[tuple[str, str]]:
    """Four melds (peng or any gang) of distinct kinds among 1m 2m 5m 8m 9m 2p, and a pair of
    one of 5p 8p 9p 2m: every 金钩钓 / 将金钩钓 / 清金钩钓 / 十八罗汉 / 带幺九 combination."""
    from itertools import combinations, product

    kinds = ["1m", "2m", "5m", "8m", "9m", "2p"]
    out = []
    for four in combinations(kinds, 4):
        for mk in product(("peng", "gang", "angang"), repeat=4):
            melds = ", ".join(f"{k} {t}" for k, t in zip(mk, four, strict=True))
            for pair in ("5p", "8p", "9p", "2m"):
                if pair not in four:
                    out.append((pair * 2, melds))
    return out


def test_kernel_agrees_on_every_four_meld_hand(kernel: ModuleType) -> None:
    from xzcore.scoring import best_fan

    rules = _fan_rules()
    hands = _four_meld_hands()
    assert len(hands) == 15 * 81 * 3 + 5 * 81  # 2m is a pair only when not melded
    for pair, melds in hands:
        counts = parse_counts(pair)
        ms = parse_melds(melds)
        held, info = meld_summary(counts, ms)
        single = parse_counts(pair[:2])
        single_held, _ = meld_summary(single, ms)
        # Worked from R8.3/R8.4 directly: every meld is a set of one kind, so 对对胡 always;
        # 根 = the gangs; 清 = one suit; 将 = only ranks 2/5/8; 幺九 = only ranks 1/9.
        tiles = [pair[:2]] + [m.split()[1] for m in melds.split(", ")]
        gen = sum(not m.startswith("peng") for m in melds.split(", "))
        qing = len({t[1] for t in tiles}) == 1
        jiang = all(t[0] in "258" for t in tiles)
        yaojiu = all(t[0] in "19" for t in tiles)
        for flags in range(4):
            opt = bool(flags & YAOJIU)
            if flags & ADDITIVE:  # 对对胡 1, 清一色 2, 带幺九 2ⓨ, 根 1 each
                by_hand = 1 + 2 * qing + 2 * (yaojiu and opt) + gen
            else:  # 金钩钓 ×4, 清金钩钓 / 将金钩钓ⓨ / 清幺九ⓨ ×16; 十八罗汉 never more
                by_hand = gen + max(2, 4 * qing, 4 * (jiang and opt), 4 * (qing and yaojiu and opt))
            want = best_fan(list(counts), ms, 2, rules[flags])
            assert want == by_hand, (pair, melds, flags)
            assert kernel.win_fan(counts, 2, held, info, flags) == want, (pair, melds, flags)
            # the single-tile wait (never held four times: the pair's kind is not melded)
            assert kernel.ready_fan(single, 2, single_held, info, flags, 0) == want


def test_kernel_agrees_on_every_one_suit_seven_pairs(kernel: ModuleType) -> None:
    from itertools import product

    from xzcore.scoring import best_fan

    rules = _fan_rules()
    seen = 0
    for row in product((0, 2, 4), repeat=9):
        if sum(row) != 14:
            continue
        counts = list(row) + [0] * 18
        # By hand: 清七对 ×16 with every 根, or 清龙七对 ×32 using one (the same); a standard
        # split of even counts has no all-triplet form and at best 清幺九 ×16: fan 4 + 根.
        # Additive: 七对 2 + 清一色 2 + 根 (a standard split at best 清一色 2 + 带幺九 2).
        by_hand = 4 + row.count(4)
        for flags in range(4):
            want = best_fan(counts, [], 2, rules[flags])
            assert want == by_hand, (row, flags)
            assert kernel.win_fan(bytes(counts), 2, None, 0, flags) == want, (row, flags)
        seen += 1
    assert seen > 300
