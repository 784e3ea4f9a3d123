"""The 查叫 value kernel (R8.1–R8.4, R10.2) on both backends: hands worked out by hand,
the golden file, and the scoring module's brute force."""

from __future__ import annotations

import json
import random
from array import array
from pathlib import Path
from types import ModuleType

import pytest

from xzcore.kernel._handgen import hand_mix, melds_for, ready_rows
from xzcore.kernel._input import meld_summary
from xzcore.tiles import Meld, MeldKind, parse_counts, parse_melds, parse_suit, parse_tile

TABLE, ADDITIVE, YAOJIU = 0, 1, 2


def fan(
    kernel: ModuleType, hand: str, melds: str = "", void: int = -1, flags: int = TABLE | YAOJIU
) -> int:
    """win_fan of concealed ``hand`` (winning tile included) with ``melds``."""
    counts = parse_counts(hand)
    held, info = meld_summary(counts, parse_melds(melds))
    return int(kernel.win_fan(counts, void, held, info, flags))


def ready(
    kernel: ModuleType, hand: str, melds: str = "", void: int = -1, flags: int = 2, mode: int = 0
) -> int:
    counts = parse_counts(hand)
    held, info = meld_summary(counts, parse_melds(melds))
    return int(kernel.ready_fan(counts, void, held, info, flags, mode))


# (hand, melds, table fan with yaojiu_jiangdui, additive fan with it): worked out from R8.3
# (pattern fan + 根 not used up) and R8.4 (terms + one per 根).
CASES = [
    ("123345789m23466p", "", 0, 0),  # 平胡 (R14)
    ("111333444m22266p", "", 1, 1),  # 对对胡 (R14)
    ("11123434566688m", "", 2, 2),  # 清一色 (R14)
    ("1133446677m5588p", "", 2, 2),  # 七对 (R14)
    ("1133446666m5588p", "", 4, 3),  # 龙七对 ×16, its 根 used up; additive 七对 + 根 (R14)
    ("22255588m222888p", "", 3, 1),  # 将对 ×8 (R14); additive: 对对胡 only
    ("12312399m123789s", "", 2, 2),  # 带幺九 (R14)
    ("123456567m11m", "gang 9m", 3, 3),  # 清一色 + a gang's 根: 3 fan (R14 chengdu-classic)
    ("11133355577799m", "", 3, 3),  # 清对 (R14 chengdu-classic: 3 fan)
    ("11223344557799m", "", 4, 4),  # 清七对 (R14 chengdu-classic: 4 fan)
    ("11112233445577m", "", 5, 5),  # 清龙七对 ×32 uses its 根: 5 - 1 + 1; additive 2+2+1
    ("55p", "peng 1m, peng 2m, peng 3m, peng 4m", 2, 1),  # 金钩钓; additive 对对胡
    ("55m", "peng 1m, peng 2m, peng 3m, peng 4m", 4, 3),  # 清金钩钓; additive 对对 + 清
    ("55p", "peng 2m, peng 5m, peng 8m, peng 2p", 4, 1),  # 将金钩钓 (ⓨ)
    ("55p", "gang 1m, bugang 2m, angang 3m, gang 4m", 6, 5),  # 十八罗汉 uses 4 根: 6 - 4 + 4
    ("55m", "gang 1m, bugang 2m, angang 3m, gang 4m", 8, 7),  # 清十八罗汉: 8 - 4 + 4
    ("11112377889999m", "", 6, 6),  # 清幺九 (111 123 789 789 99) + 根 1m and 9m
    ("123456789m66p", "peng 1m", 1, 1),  # 平胡 + 根: a peng plus the fourth in hand
    ("123456789m66p", "angang 5s", 1, 1),  # a concealed gang is a 根 (R8.2)
    ("11122233399m", "peng 1p", 2, 2),  # split-dependent: 123×3 + 99 is 带幺九, 111 222 333 对对
]


@pytest.mark.parametrize(("hand", "melds", "table", "additive"), CASES)
def test_fan_by_hand(kernel: ModuleType, hand: str, melds: str, table: int, additive: int) -> None:
    assert fan(kernel, hand, melds, flags=TABLE | YAOJIU) == table
    assert fan(kernel, hand, melds, flags=ADDITIVE | YAOJIU) == additive


def test_yaojiu_jiangdui_off(kernel: ModuleType) -> None:
    # the ⓨ rows need the option (R8.3; R8.4 带幺九)
    assert fan(kernel, "22255588m222888p", flags=TABLE) == 1  # 将对 -> 对对胡
    assert fan(kernel, "12312399m123789s", flags=TABLE) == 0  # 带幺九 -> 平胡
    assert fan(kernel, "12312399m123789s", flags=ADDITIVE) == 0
    assert fan(kernel, "55p", "peng 2m, peng 5m, peng 8m, peng 2p", flags=TABLE) == 2
    assert fan(kernel, "11122233399m", "peng 1p", flags=TABLE) == 1  # only 对对胡 is left
    assert fan(kernel, "11112377889999m", flags=TABLE) == 2 + 2  # 清一色 + 2 根


def test_additive_triplets_and_yaojiu_in_one_split(kernel: ModuleType) -> None:
    # 111m 99p + pengs of 9m, 1p, 1s: one split is both 对对胡 and 带幺九 -> 1 + 2 (R8.4). Three
    # suits: R4.4 over the melds is the caller's concern, the kernel still values the split.
    assert fan(kernel, "111m99p", "peng 9m, peng 1p, peng 1s", flags=ADDITIVE | YAOJIU) == 3
    assert fan(kernel, "111m99p", "peng 9m, peng 1p, peng 1s", flags=TABLE | YAOJIU) == 2


def test_not_a_win(kernel: ModuleType) -> None:
    assert fan(kernel, "123345789m23467p") == -1
    assert fan(kernel, "123345789m23466p", void=0) == -1  # R4.4
    assert fan(kernel, "123m345p789s23466p") == -1  # three suits, no declaration


def test_ready_max_and_min(kernel: ModuleType) -> None:
    # R10.2: 1112345678999s is 清一色 on every wait, and a 根 on 1s or 9s.
    assert ready(kernel, "1112345678999s") == 3
    assert ready(kernel, "1112345678999s", mode=1) == 2
    assert ready(kernel, "1112345678999s", flags=ADDITIVE | YAOJIU) == 3
    assert ready(kernel, "1112345678999s", void=2) == -1  # R7.3: holds a void-suit tile
    assert ready(kernel, "123m456p789s1234s") == -1  # not ready


def test_ready_skips_kinds_held_four_times(kernel: ModuleType) -> None:
    # 1112m waits on 2m (111 22) and 3m (11 123); a gang of 3m removes 3m (R7.3). Winning on
    # 2m: 111m 22m + gang 3m, pengs 5m 7m = 清对 3 + the gang's 根 = 4.
    melds = "gang 3m, peng 5m, peng 7m"
    assert ready(kernel, "1112m", melds) == 4
    assert ready(kernel, "1112m", melds, mode=1) == 4
    # with a peng of 3m instead: 2m gives 清对 3; 3m gives 清一色 2 + 根 (3m held four) = 3
    assert ready(kernel, "1112m", "peng 3m, peng 5m, peng 7m") == 3
    assert ready(kernel, "1112m", "peng 3m, peng 5m, peng 7m", mode=1) == 3


def test_value_errors(kernel: ModuleType) -> None:
    error = kernel.KernelInputError
    with pytest.raises(error, match="meld_info: 0 melds, but 2 concealed tiles mean 4"):
        kernel.win_fan(parse_counts("55p"))
    with pytest.raises(error, match="held: 0 tiles beyond the concealed ones, but 4 melds"):
        kernel.win_fan(parse_counts("55p"), -1, None, 4 | 1 << 6)
    with pytest.raises(error, match="meld_info: 2 gangs among 1 melds"):
        kernel.win_fan(parse_counts("123456789m55p"), -1, None, 1 | 2 << 3 | 1 << 6)
    with pytest.raises(error, match="meld suit mask 000 does not fit 1 melds"):
        kernel.win_fan(parse_counts("123456789m55p"), -1, None, 1)
    with pytest.raises(error, match="flags: expected an int 0-3, got 4"):
        kernel.win_fan(parse_counts("123456789m12355p"), -1, None, 0, 4)
    with pytest.raises(error, match="meld_info: expected an int 0-2047"):
        kernel.ready_fan(parse_counts("1112345678999s"), -1, None, "x")
    with pytest.raises(error, match="mode: expected 0"):
        kernel.ready_fan(parse_counts("1112345678999s"), -1, None, 0, 0, 2)
    with pytest.raises(error, match="win_fan needs"):
        kernel.win_fan(parse_counts("1112345678999s"))
    with pytest.raises(error, match="ready_fan needs"):
        kernel.ready_fan(parse_counts("11123456789999s"))


def test_ready_fan_batch_equals_single_calls(kernel: ModuleType) -> None:
    rng = random.Random(31)
    rows = ready_rows(300, seed=31)
    helds, infos = [], []
    for counts, _ in rows:
        held, info = meld_summary(counts, melds_for(counts, rng))
        helds.append(held)
        infos.append(info)
    flat = b"".join(counts for counts, _ in rows)
    voids = [void for _, void in rows]
    for flags in range(4):
        for mode in (0, 1):
            expected = array(
                "b",
                [
                    kernel.ready_fan(c, v, h, i, flags, mode)
                    for (c, v), h, i in zip(rows, helds, infos, strict=True)
                ],
            )
            got = kernel.ready_fan_batch(flat, voids, b"".join(helds), infos, flags, mode)
            assert got == expected
            assert (
                kernel.ready_fan_batch(
                    flat, array("b", voids), b"".join(helds), array("H", infos), flags, mode
                )
                == expected
            )
    assert sum(1 for v in expected if v >= 0) > 100


def test_ready_fan_batch_errors(kernel: ModuleType) -> None:
    error = kernel.KernelInputError
    row = parse_counts("1112m")
    with pytest.raises(error, match="row 0 meld_info: 0 melds, but 4 concealed tiles mean 3"):
        kernel.ready_fan_batch(row)
    with pytest.raises(error, match="meld_infos: expected 1 ints, got 2"):
        kernel.ready_fan_batch(row, None, None, [0, 0])
    with pytest.raises(error, match="mode: expected 0"):
        kernel.ready_fan_batch(b"", None, None, None, 0, 5)


# --- the golden file and the scoring module's brute force ----------------------------------

GOLDEN = Path(__file__).parents[1] / "golden" / "scoring.jsonl"
PATTERN_FAN = {
    "pinghu": 0, "duidui": 1, "qingyise": 2, "daiyaojiu": 2, "qidui": 2, "jingou": 2,
    "qingdui": 3, "jiangdui": 3, "longqidui": 4, "qing_qidui": 4, "qing_yaojiu": 4,
    "jiang_jingou": 4, "qing_jingou": 4, "qing_longqidui": 5, "luohan": 6, "qing_luohan": 8,
}  # fmt: skip


def test_golden_file(kernel: ModuleType) -> None:
    # golden xuezhan: pattern fan + 根 left = our table fan; chengdu-classic: fan before the
    # cap minus the extras (the same extras in both presets) = our additive fan.
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 500
    for line in lines:
        case = json.loads(line)
        counts = bytearray(parse_counts(case["hand"]))
        counts[parse_tile(case["win_tile"])] += 1
        melds = [Meld(MeldKind(kind), parse_tile(tile)) for kind, tile in case["melds"]]
        held, info = meld_summary(bytes(counts), melds)
        void = parse_suit(case["void"])
        xz, cd = case["xuezhan"], case["chengdu_classic"]
        table = PATTERN_FAN[xz["pattern"]] + xz["gen_left"]
        additive = cd["fan"] - xz["extras"]
        assert kernel.win_fan(bytes(counts), void, held, info, TABLE | YAOJIU) == table, case
        assert kernel.win_fan(bytes(counts), void, held, info, ADDITIVE | YAOJIU) == additive


def test_against_scoring_brute_force(kernel: ModuleType) -> None:
    scoring = pytest.importorskip("xzcore.scoring")
    from xzcore.rules import RuleSet

    rules = {
        flags: RuleSet.preset("xuezhan").replace(
            scoring="additive" if flags & ADDITIVE else "table", yaojiu_jiangdui=bool(flags & 2)
        )
        for flags in range(4)
    }
    rng = random.Random(41)
    compared = 0
    while compared < 300:
        counts, void = hand_mix(rng.choice([14, 14, 11, 8, 5, 2]), rng)
        melds = melds_for(counts, rng)
        if void < 0 or any(m.tile // 9 == void for m in melds):
            continue  # R4.4 over melds is the caller's concern in the kernel
        held, info = meld_summary(counts, melds)
        for flags in range(4):
            expected = scoring.best_fan(list(counts), melds, void, rules[flags])
            assert kernel.win_fan(counts, void, held, info, flags) == expected, (counts, melds)
        compared += 1
