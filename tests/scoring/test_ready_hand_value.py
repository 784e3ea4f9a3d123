"""The value of a ready hand (R7.3, R10.2), the ``best_fan`` oracle, the brute-force splitter,
and the kernel checked against the brute force on both backends."""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.kernel._handgen import complete_hand
from xzcore.kernel.patterns import patterns_of
from xzcore.rules import RuleSet
from xzcore.scoring import (
    Extra,
    NotAWinError,
    Pattern,
    WinContext,
    best_fan,
    chajiao_multiplier,
    decompositions,
    score_win,
    suit_splits,
    wait_values,
)
from xzcore.scoring.decompose import HandSummary, best_value, shape_of, summarize
from xzcore.scoring.score import _kernel_ready_fan
from xzcore.tiles import KINDS, Meld, MeldKind, counts_of, parse_melds, parse_tiles

XZ = RuleSet.preset("xuezhan")
CD = RuleSet.preset("chengdu-classic")
NINE_GATES = "1112345678999s"


# -- R7.3 / R10.2 -------------------------------------------------------------------------------


def test_r14_nine_gates_waits_on_all_nine() -> None:
    waits = wait_values(NINE_GATES, "", "m", WinContext(), XZ)
    assert [k - 18 + 1 for k, _ in waits] == list(range(1, 10))
    # 1s or 9s makes a fourth copy: 清一色 ×4 × 根 ×2 = 8; the others 清一色 ×4
    values = {k - 17: s.multiplier for k, s in waits}
    assert values == {1: 8, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4, 9: 8}


def test_chajiao_max_and_min() -> None:
    assert chajiao_multiplier(NINE_GATES, "", "m", XZ) == 8
    assert chajiao_multiplier(NINE_GATES, "", "m", XZ.replace(chajiao="min")) == 4
    # chengdu-classic: 清一色 +2 (+1 for the 根 on 1s/9s), cap 3
    assert chajiao_multiplier(NINE_GATES, "", "m", CD) == 8
    assert chajiao_multiplier(NINE_GATES, "", "m", CD.replace(chajiao="min")) == 4


def test_chajiao_is_capped() -> None:
    melds = "gang 1m, gang 3m, angang 5m, bugang 7m"
    assert chajiao_multiplier("9m", melds, "p", XZ) == 64  # 清十八罗汉 ×256, cap 6
    assert chajiao_multiplier("9m", melds, "p", XZ.replace(cap_fan=None)) == 256


def test_chajiao_counts_no_extras() -> None:
    # the waits of a context carry its extras; 查叫 never does
    ctx = WinContext(self_draw=True, after_gang=True)
    waits = wait_values(NINE_GATES, "", "m", ctx, XZ)
    assert all(s.extras == (Extra.GANGSHANGHUA,) for _, s in waits)
    assert max(s.multiplier for _, s in waits) == 16
    assert chajiao_multiplier(NINE_GATES, "", "m", XZ) == 8


def test_not_ready_is_none() -> None:
    assert chajiao_multiplier("1113579m2468p13p", "", "s", XZ) is None
    assert wait_values("1113579m2468p13p", "", "s", WinContext(), XZ) == []


def test_a_void_tile_means_not_ready() -> None:
    # 111234567899s + 1m: the 1m is a tile of the void suit m
    assert chajiao_multiplier("111234567899s1m", "", "m", XZ) is None
    # without the stray tile the hand is ready
    assert chajiao_multiplier("1112345678999s", "", "p", XZ) == 8


def test_a_kind_held_four_times_is_not_a_wait() -> None:
    # a single 5p beside a peng of 5p: its only completion would be a fifth copy
    assert chajiao_multiplier("5p", "peng 5p, peng 1m, peng 2m, peng 3m", "s", XZ) is None
    # beside a peng of 6p it waits on 5p: 金钩钓 ×4
    assert chajiao_multiplier("5p", "peng 6p, peng 1m, peng 2m, peng 3m", "s", XZ) == 4


# -- best_fan: the oracle for the kernel's value search -------------------------------------------


def c14(text: str) -> bytes:
    return counts_of(parse_tiles(text))


def test_best_fan() -> None:
    assert best_fan(c14("1133446666m5588p"), [], 2, XZ) == 4  # 龙七对 ×16
    assert best_fan(c14("1133446666m5588p"), [], 2, CD) == 3  # 七对 + 根
    assert best_fan(c14("11p"), parse_melds("gang 3p, angang 9m, bugang 2m, bugang 7p"), 2, XZ) == 6
    assert best_fan(c14("123345789m23456p"), [], 2, XZ) == -1  # R7.1
    assert best_fan(c14("123345789m23466p"), [], 1, XZ) == -1  # R4.4: void p
    assert best_fan(c14("123345789m23466p"), [], 2, XZ) == 0


# -- the splitter ---------------------------------------------------------------------------------


def _naive_splits(counts: tuple[int, ...]) -> set[tuple[tuple[str, int], ...]]:
    """Every split by removing any block anywhere (not only at the lowest rank)."""
    found: set[tuple[tuple[str, int], ...]] = set()

    def walk(c: list[int], blocks: list[tuple[str, int]], pair: bool) -> None:
        if not any(c):
            found.add(tuple(sorted(blocks)))
            return
        for r in range(9):
            if c[r] >= 3:
                c[r] -= 3
                walk(c, [*blocks, ("triplet", r)], pair)
                c[r] += 3
            if r <= 6 and c[r] and c[r + 1] and c[r + 2]:
                for d in (0, 1, 2):
                    c[r + d] -= 1
                walk(c, [*blocks, ("sequence", r)], pair)
                for d in (0, 1, 2):
                    c[r + d] += 1
            if not pair and c[r] >= 2:
                c[r] -= 2
                walk(c, [*blocks, ("pair", r)], True)
                c[r] += 2

    if sum(counts) % 3 != 1:
        walk(list(counts), [], sum(counts) % 3 == 0)
    return found


@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 14))
def test_suit_splits_match_a_naive_search(counts: list[int]) -> None:
    ours = suit_splits(1, tuple(counts))
    as_keys = [tuple(sorted((b.shape, b.tile - 9) for b in split)) for split in ours]
    assert len(as_keys) == len(set(as_keys))  # each split once
    assert set(as_keys) == _naive_splits(tuple(counts))


def test_suit_splits_by_hand() -> None:
    text = [" ".join(map(str, s)) for s in suit_splits(0, (3, 3, 3, 0, 0, 0, 0, 0, 0))]
    assert sorted(text) == ["111m 222m 333m", "123m 123m 123m"]
    assert suit_splits(2, (1, 1, 0, 0, 0, 0, 0, 0, 0)) == ()
    assert [" ".join(map(str, s)) for s in suit_splits(0, (4, 1, 1, 0, 0, 0, 0, 0, 0))] == [
        "111m 123m"
    ]


def test_decompositions_include_seven_pairs() -> None:
    splits = [" ".join(map(str, d)) for d in decompositions(c14("112233m445566p77p"))]
    # 445566 77p is 456 456 + 77 or 44 + 567 567
    assert sorted(splits) == [
        "11m 22m 33m 44p 55p 66p 77p",
        "123m 123m 44p 567p 567p",
        "123m 123m 456p 456p 77p",
    ]


# -- the kernel against the brute force (both backends) ---------------------------------------


def _hands(seed: int, n: int) -> list[bytes]:
    """A fixed mix: about half complete hands built from sets and a pair, the rest random."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        c = Counter[int]()
        if rng.random() < 0.5:
            suits = rng.sample(range(3), 2)
            for _ in range(4):
                s = rng.choice(suits) * 9
                if rng.random() < 0.6:
                    r = rng.randrange(7)
                    c.update([s + r, s + r + 1, s + r + 2])
                else:
                    c.update([s + rng.randrange(9)] * 3)
            c.update([rng.choice(suits) * 9 + rng.randrange(9)] * 2)
        else:
            c.update(rng.randrange(KINDS) for _ in range(14))
        if max(c.values()) <= 4:
            out.append(bytes(c[k] for k in range(KINDS)))
    return out


def test_kernel_is_win_agrees_with_the_brute_force(kernel: ModuleType) -> None:
    hands = _hands(1, 1500)
    wins = 0
    for h in hands:
        brute = next(iter(decompositions(h)), None) is not None
        assert kernel.is_win(h) == brute, h
        wins += brute
    assert 300 < wins < 1200  # the mix really holds both kinds


def test_kernel_waits_agree_with_the_brute_force(kernel: ModuleType) -> None:
    for h in _hands(2, 400):
        counts = bytearray(h)
        counts[max(range(KINDS), key=lambda k: counts[k])] -= 1  # a 13-tile hand
        mask = 0
        for k in range(KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if next(iter(decompositions(counts)), None) is not None:
                    mask |= 1 << k
                counts[k] -= 1
        assert kernel.waits(bytes(counts)) == mask, bytes(counts)


@pytest.mark.parametrize("rules", [XZ, CD], ids=["xuezhan", "chengdu-classic"])
def test_chajiao_agrees_with_best_fan_over_the_waits(rules: RuleSet) -> None:
    for h in _hands(3, 150):
        counts = bytearray(h)
        counts[max(range(KINDS), key=lambda k: counts[k])] -= 1
        fans = []
        for k in range(KINDS):
            if counts[k] < 4:
                counts[k] += 1
                f = best_fan(bytes(counts), [], -1, rules)
                counts[k] -= 1
                if f >= 0:
                    fans.append(f)
        expected = rules.cap(2 ** max(fans)) if fans else None
        assert chajiao_multiplier(bytes(counts), [], -1, rules) == expected


def _ready_hands_with_melds(seed: int, n: int) -> list[tuple[list[int], list[Meld], int]]:
    """Hands of 13 − 3k tiles with 0–4 melds of every kind: a complete hand minus a tile
    (often ready), sometimes with one tile swapped (often not), voids mostly respected."""
    rng = random.Random(seed)
    kinds = list(MeldKind)
    out = []
    while len(out) < n:
        suits = rng.sample(range(3), rng.choice([1, 2, 2]))
        n_melds = rng.choice([0, 1, 2, 3, 4])
        counts = complete_hand(n_melds, rng, suits)
        melds: list[Meld] = []
        held = list(counts)
        while len(melds) < n_melds:
            kind, mk = 9 * rng.choice(suits) + rng.randrange(9), rng.choice(kinds)
            if held[kind] + mk.size <= 4:
                held[kind] += mk.size
                melds.append(Meld(mk, kind))
        tiles = [k for k in range(KINDS) for _ in range(counts[k])]
        counts[rng.choice(tiles)] -= 1
        new = rng.randrange(KINDS)
        others = [k for k in range(KINDS) if counts[k] and k != new]
        if rng.random() < 0.3 and held[new] < 4 and others:
            counts[new] += 1
            counts[rng.choice(others)] -= 1
        free = [s for s in range(3) if s not in suits]
        void = rng.choice(free) if rng.random() < 0.8 else rng.choice([-1, 0, 1, 2])
        out.append((counts, melds, void))
    return out


@pytest.mark.parametrize(
    "rules",
    [
        XZ,
        XZ.replace(chajiao="min"),
        XZ.replace(yaojiu_jiangdui=False),
        CD,
        CD.replace(cap_fan=None),
    ],
    ids=["xuezhan", "min", "no-yaojiu", "chengdu-classic", "additive-uncapped"],
)
def test_kernel_ready_fan_agrees_with_the_brute_force(kernel: ModuleType, rules: RuleSet) -> None:
    ready_fan = getattr(kernel, "ready_fan", None)
    if ready_fan is None:
        pytest.skip(f"{kernel.__name__} has no ready_fan yet")
    ready = 0
    for counts, melds, void in _ready_hands_with_melds(4, 300):
        brute = chajiao_multiplier(counts, melds, void, rules, brute_force=True)
        fan = _kernel_ready_fan(ready_fan, list(counts), melds, void, rules)
        assert (None if fan < 0 else rules.cap(1 << fan)) == brute, (counts, melds, void)
        ready += brute is not None
    assert ready > 100


ADDITIVE_FAN = {Pattern.DUIDUI: 1, Pattern.QINGYISE: 2, Pattern.QIDUI: 2, Pattern.DAIYAOJIU: 2}


def _plain_best(h: HandSummary, rules: RuleSet) -> tuple[int, Pattern] | None:
    """R8.1 read literally: score every decomposition by its patterns, keep the largest."""
    best: tuple[int, Pattern] | None = None
    for blocks in decompositions(h.counts, h.melds):
        found = patterns_of(shape_of(h, blocks), rules.yaojiu_jiangdui)
        if rules.scoring.value == "additive":
            fan = h.gen + sum(
                {
                    Pattern.DUIDUI: 1,
                    Pattern.QINGYISE: 2,
                    Pattern.QIDUI: 2,
                    Pattern.DAIYAOJIU: 2,
                }.get(p, 0)
                for p in found
            )
            cand = (1 << fan, Pattern.PINGHU)
        else:
            cand = max(((p.table << (h.gen - p.gen_used), p) for p in found), key=lambda x: x[0])
        if best is None or cand[0] > best[0]:
            best = cand
    return best


@pytest.mark.parametrize(
    "rules", [XZ, XZ.replace(yaojiu_jiangdui=False), CD], ids=["xuezhan", "no-yaojiu", "chengdu"]
)
def test_best_value_equals_the_plain_reading(rules: RuleSet) -> None:
    rng = random.Random(5)
    kinds = list(MeldKind)
    for _ in range(400):
        suits = rng.sample(range(3), rng.choice([1, 2, 2]))
        n_melds = rng.choice([0, 0, 1, 2, 3, 4])
        counts = complete_hand(n_melds, rng, suits)
        melds: list[Meld] = []
        held = list(counts)
        while len(melds) < n_melds:
            kind, mk = 9 * rng.choice(suits) + rng.randrange(9), rng.choice(kinds)
            if held[kind] + mk.size <= 4:
                held[kind] += mk.size
                melds.append(Meld(mk, kind))
        h = summarize(counts, melds)
        got = best_value(h, rules)
        want = _plain_best(h, rules)
        assert got is not None and want is not None
        assert got.value == want[0], (counts, melds)
        if rules.scoring.value == "table":
            assert got.pattern.table << (h.gen - got.gen_used) == got.value
            assert want[1] is got.pattern or want[1] in got.ties
        assert sorted(got.blocks) in [sorted(d) for d in decompositions(h.counts, h.melds)]


@given(st.integers(0, 2**32 - 1), st.sampled_from(["xuezhan", "chengdu-classic", "xueliu"]))
def test_score_win_is_consistent(seed: int, preset: str) -> None:
    """Properties of every score (R8.1–R8.7): the value is the best pattern-and-根 value times
    2 per extra, fan = log2(value), the cap comes last, and calling another tile of the same
    14 the winning one changes nothing (R8.1 values the whole hand)."""
    rules = RuleSet.preset(preset)
    rng = random.Random(seed)
    ((counts, melds, void),) = _ready_hands_with_melds(seed, 1)
    held = list(counts)
    for m in melds:
        held[m.tile] += m.size
    k = rng.choice([t for t in range(KINDS) if held[t] < 4])
    counts14 = list(counts)
    counts14[k] += 1
    fan = best_fan(bytes(counts14), melds, void, rules)
    ctx = rng.choice(
        [WinContext(), WinContext(self_draw=True), WinContext(self_draw=True, after_gang=True)]
    )
    if fan < 0:
        with pytest.raises(NotAWinError):
            score_win(bytes(counts), k, melds, void, ctx, rules)
        return
    s = score_win(bytes(counts), k, melds, void, ctx, rules)
    assert s.multiplier == (1 << fan) << len(s.extras)
    assert s.fan == s.multiplier.bit_length() - 1
    assert s.capped == rules.cap(s.multiplier)
    other = rng.choice([t for t in range(KINDS) if counts14[t]])
    rest = list(counts14)
    rest[other] -= 1
    assert score_win(bytes(rest), other, melds, void, ctx, rules).multiplier == s.multiplier
