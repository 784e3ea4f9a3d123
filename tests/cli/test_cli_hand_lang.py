"""``xz hand --lang zh|en``: every word in one language (tiles stay in their notation, rule ids
as they are); without ``--lang`` each line keeps Chinese and English side by side."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from xzcore.cli.main import cli


def hand(*args: str) -> list[str]:
    r = CliRunner().invoke(cli, ["hand", *args])
    assert r.exit_code == 0, r.output
    return r.output.splitlines()


WAITS = ("1112345678999s", "--void", "m")
WAITS_ZH = [
    "1112345678999s  ·  缺 万  ·  规则 血战到底",
    "R7.3  听牌：9 种：1s 2s 3s 4s 5s 6s 7s 8s 9s",
    "  1s  清一色 ×4 · 根 1 ×2 → 3 番 ×8",
    *[f"  {r}s  清一色 ×4 → 2 番 ×4" for r in range(2, 9)],
    "  9s  清一色 ×4 · 根 1 ×2 → 3 番 ×8",
    "R10.2 查大叫（取最大）：只计牌型和根，封顶：×8",
]
WAITS_EN = [
    "1112345678999s  ·  void m  ·  rules xuezhan",
    "R7.3  ready on 9 kind(s): 1s 2s 3s 4s 5s 6s 7s 8s 9s",
    "  1s  one suit ×4 · gen 1 ×2 → fan 3 ×8",
    *[f"  {r}s  one suit ×4 → fan 2 ×4" for r in range(2, 9)],
    "  9s  one suit ×4 · gen 1 ×2 → fan 3 ×8",
    "R10.2 not-ready check (max): the value of pattern and gen only, capped: ×8",
]
WAITS_BOTH = [  # the long-standing lines, unchanged
    "1112345678999s  ·  void m (万)  ·  rules xuezhan",
    "R7.3  听牌 ready on 9 kind(s): 1s 2s 3s 4s 5s 6s 7s 8s 9s",
    "  1s  清一色 one suit ×4 · 根 1 ×2 → fan 3 ×8",
    *[f"  {r}s  清一色 one suit ×4 → fan 2 ×4" for r in range(2, 9)],
    "  9s  清一色 one suit ×4 · 根 1 ×2 → fan 3 ×8",
    "R10.2 查大叫 (max) chajiao value, pattern and 根 only, capped: ×8",
]

GANG_WIN = ("22255588m22288p", "--win-tile", "8p", "--void", "s", "--after-gang")
GANG_WIN_ZH = [
    "22255588m22288p + 8p  ·  缺 条  ·  杠上  ·  规则 血战到底",
    "R7.1  胡",
    "R8.1  拆牌：222m 555m 88m 222p 888p",
    "R8.3  将对：×8（取代对对胡）",
    "R8.2  根：0：×1",
    "R8.6  杠上炮：×2",
    "R8    番 4：×16",
    "R8.7  封顶 6 番（×64）：×16",
]
GANG_WIN_EN = [
    "22255588m22288p + 8p  ·  void s  ·  after-gang  ·  rules xuezhan",
    "R7.1  a win",
    "R8.1  decomposition: 222m 555m 88m 222p 888p",
    "R8.3  2-5-8 triplets: ×8 (replaces all triplets)",
    "R8.2  gen: 0: ×1",
    "R8.6  win on the discard made after a gang: ×2",
    "R8    fan 4: ×16",
    "R8.7  cap 6 fan (×64): ×16",
]
GANG_WIN_BOTH = [
    "22255588m22288p + 8p  ·  void s (条)  ·  after-gang  ·  rules xuezhan",
    "R7.1  胡 a win",
    "R8.1  拆牌 decomposition: 222m 555m 88m 222p 888p",
    "R8.3  将对 2-5-8 triplets: ×8 (replaces 对对胡 all triplets)",
    "R8.2  根 gen: 0: ×1",
    "R8.6  杠上炮 win on the discard made after a gang: ×2",
    "R8    番 fan 4: ×16",
    "R8.7  封顶 cap 6 fan (×64): ×16",
]

LUOHAN = ("9m", "--melds", "gang 1m, gang 3m, angang 5m, bugang 7m", "-w", "9m", "-v", "p")
LUOHAN_ZH = [
    "9m + 9m  ·  副露：直杠 1m，直杠 3m，暗杠 5m，补杠 7m  ·  缺 筒  ·  规则 血战到底",
    "R7.1  胡",
    "R8.1  拆牌：99m [直杠 1m] [直杠 3m] [暗杠 5m] [补杠 7m]",
    "R8.3  清十八罗汉：×256（取代对对胡，清一色，清对，金钩钓，清金钩钓，十八罗汉）",
    "R8.2  根：4，其中 4 个算在清十八罗汉里：×1",
    "R8.3  （同值：清金钩钓 ×16，根 4 ×16）",
    "R8    番 8：×256",
    "R8.7  封顶 6 番（×64）：×64——已封顶",
]

HEAVENLY = ("123345789m2346p", "-w", "6p", "-v", "s", "--self-draw", "--first-turn", "--dealer")
HEAVENLY_EN = [
    "123345789m2346p + 6p  ·  void s  ·  self-draw first-turn dealer  ·  rules xuezhan",
    "R7.1  a win",
    "R8.1  decomposition: 123m 345m 789m 234p 66p",
    "R8.3  plain win: ×1",
    "R8.2  gen: 0: ×1",
    "R7.5  heavenly win: ×32 without gen, extras or self-draw unit (ordinary value ×1)",
    "R8    fan 5: ×32",
    "R8.7  cap 6 fan (×64): ×32",
]

COUNTED = ("2233445m678m", "-w", "5m", "-m", "gang 9m", "-v", "p", "--rules", "leshan")
COUNTED_ZH = [
    "2233445678m + 5m  ·  副露：直杠 9m  ·  缺 筒  ·  规则 乐山麻将",
    "R7.1  胡",
    "R8.1  拆牌：234m 234m 55m 678m [直杠 9m]",
    "R13.1 底：+1",
    "R13.1 清一色：+5",
    "R13.1 一般高：+1",
    "R13.1 四归一：+1",
    "R13.1 个数：8",
]


@pytest.mark.parametrize(
    ("args", "lang", "lines"),
    [
        (WAITS, "zh", WAITS_ZH),
        (WAITS, "en", WAITS_EN),
        (GANG_WIN, "zh", GANG_WIN_ZH),
        (GANG_WIN, "en", GANG_WIN_EN),
        (LUOHAN, "zh", LUOHAN_ZH),
        (HEAVENLY, "en", HEAVENLY_EN),
        (COUNTED, "zh", COUNTED_ZH),
    ],
    ids=["waits-zh", "waits-en", "win-zh", "win-en", "capped-zh", "tianhu-en", "count-zh"],
)
def test_a_hand_in_one_language(args: tuple[str, ...], lang: str, lines: list[str]) -> None:
    assert hand(*args, "--lang", lang) == lines


@pytest.mark.parametrize(("args", "lines"), [(WAITS, WAITS_BOTH), (GANG_WIN, GANG_WIN_BOTH)])
def test_without_lang_each_line_keeps_both_languages(
    args: tuple[str, ...], lines: list[str]
) -> None:
    assert hand(*args) == lines


NOT_A_WIN = [
    (
        ("123345789m2346p", "--win-tile", "6p", "--void", "p"),
        "R4.4  不胡：手里有缺门筒的 2p",
        "R4.4  not a win: the hand holds 2p of its void suit p",
    ),
    (
        ("123345789m2347p", "--win-tile", "6p", "--void", "s"),
        "R7.1  不胡：1m2m3m3m4m5m7m8m9m2p3p4p6p7p 拆不成 4 组加一对，也拆不成七对",
        "R7.1  not a win: 1m2m3m3m4m5m7m8m9m2p3p4p6p7p does not split into 4 set(s) and a "
        "pair, nor into seven pairs",
    ),
    (
        ("1m", "--melds", "peng 2m, peng 3p, peng 4s, peng 5s", "-w", "1m"),
        "R4.4  不胡：手牌和副露三门都有（缺一门：最多两门）",
        "R4.4  not a win: the hand and melds hold all three suits (at most two)",
    ),
    (
        ("1113579m2468p13p", "--void", "s"),
        "R7.3  不听：没有能让这手牌胡的牌",
        "R7.3  not ready: no tile completes this hand",
    ),
    (
        ("123456789m1235p", "--void", "m"),
        "R7.3  不听：手里有缺门万的 1m（R4.4）",
        "R7.3  not ready: the hand holds 1m of its void suit m (R4.4)",
    ),
]


@pytest.mark.parametrize(
    ("args", "zh", "en"), NOT_A_WIN, ids=["void", "shape", "suits", "waits", "void-waits"]
)
def test_why_not_in_one_language(args: tuple[str, ...], zh: str, en: str) -> None:
    assert hand(*args, "--lang", "zh")[-1] == zh
    assert hand(*args, "--lang", "en")[-1] == en


_NOTATION = re.compile(r"[1-9]+[mps]|R\d+(?:\.\d+)?")


@pytest.mark.parametrize(
    "args", [WAITS, GANG_WIN, LUOHAN, HEAVENLY, COUNTED, *[c[0] for c in NOT_A_WIN]]
)
def test_chinese_has_no_english_word_and_english_no_chinese(args: tuple[str, ...]) -> None:
    for line in hand(*args, "--lang", "zh"):
        assert re.findall(r"[A-Za-z]+", _NOTATION.sub(" ", line)) == [], line
    for line in hand(*args, "--lang", "en"):
        assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", line), line


def test_json_lines_follow_the_language() -> None:
    args = ("22255588m22288p", "--win-tile", "8p", "--void", "s", "--after-gang", "--json")
    assert json.loads("\n".join(hand(*args, "--lang", "zh")))["lines"] == GANG_WIN_ZH[2:]
    assert json.loads("\n".join(hand(*args)))["lines"] == GANG_WIN_BOTH[2:]


def test_an_unknown_language_is_a_usage_error() -> None:
    r = CliRunner().invoke(cli, ["hand", *WAITS, "--lang", "fr"])
    assert r.exit_code == 2 and "--lang" in r.output
