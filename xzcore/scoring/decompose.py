"""Decompositions (R7.1, R8.1) and the best pattern-and-根 value over them (R8.2–R8.4).

Plain brute force, written to be read: every split of each suit into sets and at most one
pair (:func:`suit_splits`, memoized per suit), combined across suits with exactly one pair,
plus seven pairs. This is the oracle the kernel's table-driven value search is tested against.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from xzcore.kernel.patterns import (
    Pattern,
    Shape,
    additive_fan,
    additive_name,
    patterns_of,
    table_row,
)
from xzcore.rules import RuleSet, Scoring
from xzcore.scoring.vocab import Block, ScoringUnavailableError
from xzcore.tiles import KINDS, Meld, MeldKind

# -- decompositions (R7.1, R8.1) --------------------------------------------------------------

_Split = tuple[Block, ...]


@lru_cache(maxsize=1 << 18)  # distinct suit shapes of ≤ 14 tiles: ~405k
def suit_splits(suit: int, counts: tuple[int, ...]) -> tuple[_Split, ...]:
    """Every way to split one suit's nine counts into sets plus at most one pair (R7.1).

    Ranks are consumed from the lowest: the tiles of a rank are all used by the triplet, pair
    and sequences that start there, so each multiset of blocks is produced exactly once.

    >>> [" ".join(map(str, s)) for s in suit_splits(0, (3, 1, 1, 0, 0, 0, 0, 0, 0))]
    ['11m 123m']
    >>> len(suit_splits(0, (3, 3, 3, 0, 0, 0, 0, 0, 0)))
    2
    """
    base = suit * 9
    out: list[_Split] = []
    c = list(counts)

    def walk(r: int, blocks: list[Block], pair: bool) -> None:
        while r < 9 and c[r] == 0:
            r += 1
        if r == 9:
            out.append(tuple(blocks))
            return
        n = c[r]
        # Every tile of rank r is used by blocks that start at r: t triplets, p pairs and
        # q sequences with 3t + 2p + q = n. Choosing (t, p, q) makes each split unique.
        for t in (0, 1) if n >= 3 else (0,):
            for p in (0, 1) if not pair and n - 3 * t >= 2 else (0,):
                q = n - 3 * t - 2 * p
                if q and (r > 6 or c[r + 1] < q or c[r + 2] < q):
                    continue
                added = [Block("triplet", base + r)] * t + [Block("pair", base + r)] * p
                added += [Block("sequence", base + r)] * q
                c[r] = 0
                if q:
                    c[r + 1] -= q
                    c[r + 2] -= q
                walk(r + 1, blocks + added, pair or p == 1)
                c[r] = n
                if q:
                    c[r + 1] += q
                    c[r + 2] += q

    if sum(counts) % 3 != 1:
        walk(0, [], sum(counts) % 3 == 0)
    return tuple(out)


def decompositions(counts: Sequence[int], melds: Sequence[Meld] = ()) -> Iterator[_Split]:
    """Every decomposition of a winning hand (R7.1): concealed ``counts`` (27, winning tile
    included) into sets and one pair, followed by the melds; then seven pairs when there are
    no melds and the 14 tiles form seven pairs (four of a kind counting as two pairs)."""
    per_suit = [suit_splits(s, tuple(counts[9 * s : 9 * s + 9])) for s in range(3)]
    tail = tuple(Block("meld", m.tile, m.kind) for m in melds)
    # A suit of 3n tiles splits into sets only, one of 3n + 2 into sets and a pair, one of
    # 3n + 1 not at all; 14 − 3k tiles in all therefore leave exactly one pair.
    if all(per_suit):
        for a in per_suit[0]:
            for b in per_suit[1]:
                for c in per_suit[2]:
                    yield a + b + c + tail
    if not melds and sum(counts) == 14 and all(n % 2 == 0 for n in counts):
        pairs = [Block("pair", k) for k in range(KINDS) for _ in range(counts[k] // 2)]
        yield tuple(pairs)


# -- evaluation (R8.2–R8.4) -------------------------------------------------------------------

YAOJIU_RANKS = (0, 8)
_JIANG_RANKS = (1, 4, 7)


def _has_yaojiu(b: Block) -> bool:
    r = b.tile % 9
    if b.shape == "sequence":
        return r == 0 or r == 6
    return r in YAOJIU_RANKS


class HandSummary(NamedTuple):
    counts: tuple[int, ...]  # concealed, winning tile included
    melds: tuple[Meld, ...]
    all_counts: tuple[int, ...]  # concealed + melds
    gen: int
    one_suit: bool
    jiang: bool  # every tile of rank 2, 5 or 8
    held: int  # bit k set when kind k is held (hand or melds)


def summarize(counts: Sequence[int], melds: Sequence[Meld]) -> HandSummary:
    """The decomposition-independent facts of a hand: 根 (R8.2), one suit, 2/5/8 only."""
    allc = list(counts)
    for m in melds:
        allc[m.tile] += 3 if m.kind is _PENG else 4  # Meld.size
    # bit k set when kind k is held: the counts as "0"/"1" digits, kind 26 first, in base 2
    held = int(bytes(allc).translate(_HELD_DIGIT)[::-1], 2)
    one_suit = (
        held == held & SUIT_MASKS[0]
        or held == held & SUIT_MASKS[1]
        or (held == held & SUIT_MASKS[2])
    )
    jiang = not held & _NOT_JIANG_MASK
    return HandSummary(
        tuple(counts), tuple(melds), tuple(allc), allc.count(4), one_suit, jiang, held
    )


_PENG = MeldKind.PENG
_HELD_DIGIT = b"0" + b"1" * 255
"""Count → digit of the held-kinds mask: "0" for none, "1" for any."""

SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
"""Bits of the held-kinds mask that belong to m, p and s."""
_NOT_JIANG_MASK = sum(1 << k for k in range(KINDS) if k % 9 not in _JIANG_RANKS)


def shape_of(h: HandSummary, blocks: _Split) -> Shape:
    """The :class:`Shape` of one decomposition ``blocks`` of the hand ``h``."""
    jingou = len(h.melds) == 4
    return Shape(
        seven_pairs=len(blocks) == 7,
        long=len(blocks) == 7 and 4 in h.counts,
        duidui=all(b.shape != "sequence" for b in blocks),
        yaojiu=len(blocks) != 7 and all(_has_yaojiu(b) for b in blocks),
        one_suit=h.one_suit,
        jiang=h.jiang,
        jingou=jingou,
        luohan=jingou and all(m.kind.is_gang for m in h.melds),
    )


class Best(NamedTuple):
    value: int  # pattern × 2^(根 left), or 2^(pattern fan + 根) in the additive model
    pattern: Pattern
    replaced: tuple[Pattern, ...]
    gen_used: int
    terms: tuple[Pattern, ...]
    ties: tuple[Pattern, ...]
    blocks: _Split


@lru_cache(maxsize=4096)
def choose(shape: Shape, gen: int, scoring: Scoring, yaojiu_opt: bool) -> Best:
    """The value of a decomposition of this shape with ``gen`` 根, and how it is made up
    (``blocks`` left empty). Shapes are few, so this is memoized."""
    found = patterns_of(shape, yaojiu_opt)
    if scoring is Scoring.ADDITIVE:
        # R8.4: the terms add up, every 根 adds one; 金钩钓 and 将对 add nothing.
        terms = tuple(p for p in found if p.additive)
        fan = sum(additive_fan(p) for p in terms) + gen
        return Best(1 << fan, additive_name(terms), (), 0, terms, (), ())
    # R8.3: one pattern counts. On equal value the higher row — the pattern that contains the
    # other — is named (清龙七对 ×32 = 清七对 ×16 with the 根; 十八罗汉 ×64 = 金钩钓 ×4 with its
    # four 根); the other goes into ``ties``.
    scored = sorted(
        ((p.table << (gen - p.gen_used), p.table, table_row(p), p) for p in found), reverse=True
    )
    value, _, _, top = scored[0]
    ties = tuple(p for v, _, _, p in scored[1:] if v == value)
    replaced = tuple(p for p in found if p is not top and p is not Pattern.PINGHU)
    return Best(value, top, replaced, top.gen_used, (), ties, ())


@lru_cache(maxsize=1 << 18)
def _suit_shapes(suit: int, counts: tuple[int, ...]) -> tuple[tuple[_Split, bool, bool], ...]:
    """Each split of :func:`suit_splits` with "no sequence" and "a 1 or 9 in every block"."""
    return tuple(
        (split, all(b.shape != "sequence" for b in split), all(_has_yaojiu(b) for b in split))
        for split in suit_splits(suit, counts)
    )


@lru_cache(maxsize=4096)
def _meld_facts(melds: tuple[Meld, ...]) -> tuple[tuple[Block, ...], bool, bool, bool]:
    """The melds' part of every decomposition: their blocks; four melds (金钩钓, R8.3); four
    gangs (十八罗汉); a 1 or 9 in every meld (带幺九) — the R8.3 table.
    Memoized: hands repeat their melds far more often than their concealed tiles."""
    tail = tuple(Block("meld", m.tile, m.kind) for m in melds)
    jingou = len(melds) == 4
    luohan = jingou and all(m.kind.is_gang for m in melds)
    melds_yaojiu = all(m.tile % 9 in YAOJIU_RANKS for m in melds)
    return tail, jingou, luohan, melds_yaojiu


def best_value(h: HandSummary, rules: RuleSet) -> Best | None:
    """The largest pattern-and-根 value over every decomposition (R8.1), or None if none.

    Same result as scoring the patterns (:func:`patterns_of` of :func:`shape_of`) of each of
    :func:`decompositions`; the per-suit facts and the choice per shape are memoized."""
    if rules.scoring is Scoring.COUNT:
        raise ScoringUnavailableError(
            "option scoring: the count model (R13) has no pattern fan; see xzcore.scoring.count"
        )
    yaojiu_opt, scoring, gen, counts, melds = (
        rules.yaojiu_jiangdui,
        rules.scoring,
        h.gen,
        h.counts,
        h.melds,
    )
    best: Best | None = None
    blocks: _Split = ()
    tail, jingou, luohan, melds_yaojiu = _meld_facts(melds)
    one_suit, jiang, additive = h.one_suit, h.jiang, scoring is Scoring.ADDITIVE
    per_suit = [
        _suit_shapes(0, counts[0:9]),
        _suit_shapes(1, counts[9:18]),
        _suit_shapes(2, counts[18:27]),
    ]
    if all(per_suit):
        for a, a_tri, a_yj in per_suit[0]:
            for b, b_tri, b_yj in per_suit[1]:
                for c, c_tri, c_yj in per_suit[2]:
                    # choose() of this Shape, looked up by its fields (no Shape is built)
                    key = (
                        a_tri and b_tri and c_tri,
                        melds_yaojiu and a_yj and b_yj and c_yj,
                        one_suit,
                        jiang,
                        jingou,
                        luohan,
                        gen,
                        additive,
                        yaojiu_opt,
                    )
                    pick = _CHOICES.get(key)
                    if pick is None:
                        shape = Shape(False, False, *key[:6])
                        pick = _CHOICES[key] = choose(shape, gen, scoring, yaojiu_opt)
                    if best is None or pick.value > best.value:
                        best, blocks = pick, a + b + c + tail
    if not melds and sum(counts) == 14 and not counts.count(1) and not counts.count(3):
        shape = Shape(True, 4 in counts, False, False, one_suit, jiang, False, False)
        pick = choose(shape, gen, scoring, yaojiu_opt)
        if best is None or pick.value > best.value:
            pairs = tuple(Block("pair", k) for k in range(KINDS) for _ in range(counts[k] // 2))
            best, blocks = pick, pairs
    if best is None:
        return None
    return Best(*best[:6], blocks)


_CHOICES: dict[tuple[bool | int, ...], Best] = {}
"""choose() by the fields of a (not seven pairs) Shape, gen, additive model and the ⓨ option:
at most 64 shapes × 根 0–7 × 2 × 2 entries, a few dozen in practice."""
