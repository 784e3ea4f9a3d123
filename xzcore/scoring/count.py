"""The 乐山 (Leshan) count model (RULES.md R13.1, R13.2, R13.7; option ``scoring = count``).

A win's count (个数) is 1 (底) plus one for each listed item, 5 for 清一色, and the R13.7
option values for 对对胡, 七对 and 天和, the largest over every split of the hand (R8.1). It
is what each payer pays, in units; 飘, 摆割 and the R13.2 penalties are added per payer when
the win is paid (:mod:`xzcore.leshan.money`).

The seed's worked example, 清一色 with an exposed gang and 一般高 (R13.1):

>>> from xzcore.rules import RuleSet
>>> s = score_count("2233445m 678m", "5m", "gang 9m", "p", WinContext(), RuleSet.preset("leshan"))
>>> s.count, [f"{i.zh}{n:+d}" for i, n in s.items]
(8, ['底+1', '清一色+5', '一般高+1', '四归一+1'])
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xzcore.rules import RuleSet, Scoring
from xzcore.scoring.decompose import HandSummary, decompositions, shape_of, summarize
from xzcore.scoring.score import (
    Score,
    _args,
    _check_sizes,
    _concealed,
    _melds,
    _no_split,
    _pick,
    _quick_is_win,
    _refuse_void,
    _special,
    _void,
    _waits,
)
from xzcore.scoring.vocab import Block, Pattern, WinContext
from xzcore.tiles import Meld, MeldKind

__all__ = [
    "CountItem",
    "CountScore",
    "count_chajiao",
    "count_wait_values",
    "describe",
    "score_count",
]


class CountItem(enum.Enum):
    """The items of R13.1 (and R13.7's option-valued ones). Value = id; ``zh``, ``en``,
    ``rule``; ``fixed`` is the count of one occurrence, or ``None`` when an option of R13.7
    gives it (``option`` names that option)."""

    zh: str
    en: str
    rule: str
    fixed: int | None
    option: str | None

    DI = ("di", "底", "base", "R13.1", 1, None)
    QINGYISE = ("qingyise", "清一色", "one suit", "R13.1", 5, None)
    QUEYIMEN = ("queyimen", "缺一门", "exactly two suits", "R13.1", 1, None)
    MENQING = ("menqing", "门清", "no peng, direct or added gang", "R13.1", 1, None)
    KAXINWU = ("kaxinwu", "卡心五", "won on a 5 completing 4-5-6", "R13.1", 1, None)
    YIBANGAO = ("yibangao", "一般高", "two identical sequences", "R13.1", 1, None)
    SIGUIYI = ("siguiyi", "四归一", "four of a kind", "R13.1", 1, None)
    JINGOU = ("jingou", "金钩吊", "single wait after four melds", "R13.1", 1, None)
    QIANGGANG = ("qianggang", "抢杠", "robbing an added gang", "R13.1", 1, None)
    GANGSHANGPAO = ("gangshangpao", "杠上炮", "win on the discard after a gang", "R13.1", 1, None)
    GANGSHANGHUA = ("gangshanghua", "杠上花", "self-draw on a gang's replacement", "R13.1", 1, None)
    HAIDILAO = ("haidilao", "海底捞", "self-draw of the last wall tile", "R13.1", 1, None)
    DUIDUI = ("duidui", "对对胡", "all triplets", "R13.7", None, "count_duidui")
    QIDUI = ("qidui", "七对", "seven pairs", "R13.7", None, "count_qidui")
    TIANHU = ("tianhu", "天胡", "dealer wins on the dealt hand", "R13.7", None, "count_tianhu")
    DIHU = ("dihu", "地胡", "non-dealer wins on its first draw", "R13.7", None, "count_tianhu")

    def __new__(cls, *args: Any) -> CountItem:
        obj = object.__new__(cls)
        obj._value_ = args[0]
        return obj

    def __init__(
        self, _id: str, zh: str, en: str, rule: str, fixed: int | None, option: str | None
    ) -> None:
        self.zh = zh
        self.en = en
        self.rule = rule
        self.fixed = fixed
        self.option = option

    @property
    def id(self) -> str:
        """The item's id (``"yibangao"`` …), as used in JSON."""
        return str(self.value)

    def unit(self, rules: RuleSet) -> int:
        """The count of one occurrence under ``rules`` (R13.1, or the R13.7 option)."""
        if self.fixed is not None:
            return self.fixed
        assert self.option is not None
        return int(getattr(rules, self.option))


@dataclass(frozen=True)
class CountScore(Score):
    """A :class:`~xzcore.scoring.Score` of the count model (R13.1).

    ``items`` lists each item with what it adds (an item that occurs twice — two 四归一 —
    adds twice its unit); ``count`` is their sum. ``multiplier`` is the count, ``capped`` the
    count after ``cap_fan`` (``None`` in the ``leshan`` preset); ``fan`` is 0 (no fan in this
    model); ``pattern`` names the nearest R8.3 pattern for display only.
    """

    items: tuple[tuple[CountItem, int], ...] = ()
    count: int = 0

    def lines(self, lang: str | None = None) -> list[str]:
        """One item a line with its rule id, Chinese and English, then the total; with
        ``lang`` (``"zh"`` or ``"en"``), in that language only
        (:func:`xzcore.scoring.explain.count_lines`)."""
        if lang is not None:  # the catalogue is imported only when a language is asked for
            from xzcore.scoring.explain import count_lines

            return count_lines(self, lang)
        out = [f"R8.1  拆牌 decomposition: {' '.join(str(b) for b in self.decomposition)}"]
        for item, n in self.items:
            out.append(f"{item.rule} {item.zh} {item.en}: +{n}")
        out.append(f"R13.1 个数 count: {self.count}")
        if self.is_capped:
            out.append(f"R8.7  封顶 cap {self.cap_fan} fan: {self.capped}")
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the :class:`Score` fields plus ``count`` and ``items``."""
        d = super().to_dict()
        d["count"] = self.count
        d["items"] = [[item.id, n] for item, n in self.items]
        return d


# -- the count of a decomposition ----------------------------------------------------------------


def _suits(h: HandSummary) -> int:
    return sum(1 for s in range(3) if any(h.all_counts[9 * s : 9 * s + 9]))


def _hand_items(
    h: HandSummary, blocks: tuple[Block, ...], win: int, rules: RuleSet
) -> list[tuple[CountItem, int]]:
    """The R13.1/R13.7 items a hand shows in decomposition ``blocks``, won on ``win``
    (-1: any wait, for 查叫 — then 卡心五 is judged by the caller's wait)."""
    out: list[tuple[CountItem, int]] = [(CountItem.DI, 1)]
    if h.one_suit:
        out.append((CountItem.QINGYISE, CountItem.QINGYISE.unit(rules)))
    elif _suits(h) == 2:
        out.append((CountItem.QUEYIMEN, 1))
    if all(m.kind is MeldKind.ANGANG for m in h.melds):
        out.append((CountItem.MENQING, 1))
    shape = shape_of(h, blocks)
    seqs = Counter(b.tile for b in blocks if b.shape == "sequence")
    if win >= 0 and win % 9 == 4 and seqs.get(win - 1):
        out.append((CountItem.KAXINWU, 1))
    same = sum(n // 2 for n in seqs.values())
    if same:
        out.append((CountItem.YIBANGAO, same))
    if shape.seven_pairs:
        out.append((CountItem.QIDUI, rules.count_qidui))
    elif shape.duidui:
        out.append((CountItem.DUIDUI, rules.count_duidui))
    if h.gen:
        out.append((CountItem.SIGUIYI, h.gen))
    if shape.jingou:
        out.append((CountItem.JINGOU, 1))
    return [(i, n) for i, n in out if n]


def _best(
    h: HandSummary, win: int, rules: RuleSet
) -> tuple[int, list[tuple[CountItem, int]], tuple[Block, ...]] | None:
    """The largest count over every decomposition (R8.1), or None if the tiles do not split."""
    best: tuple[int, list[tuple[CountItem, int]], tuple[Block, ...]] | None = None
    for blocks in decompositions(h.counts, h.melds):
        items = _hand_items(h, blocks, win, rules)
        total = sum(n for _, n in items)
        if best is None or total > best[0]:
            best = (total, items, blocks)
    return best


def _situation(ctx: WinContext, rules: RuleSet) -> list[tuple[CountItem, int]]:
    """R13.1's items that depend on how the win came about (not on the tiles)."""
    out: list[tuple[CountItem, int]] = []
    if ctx.robbed:
        out.append((CountItem.QIANGGANG, 1))
    if ctx.after_gang:
        out.append((CountItem.GANGSHANGHUA if ctx.self_draw else CountItem.GANGSHANGPAO, 1))
    if ctx.last_tile and ctx.self_draw and rules.haidi:
        out.append((CountItem.HAIDILAO, 1))
    special = _special(ctx, rules)
    if special is not None and rules.count_tianhu:
        item = CountItem.TIANHU if special == "tianhu" else CountItem.DIHU
        out.append((item, rules.count_tianhu))
    return out


def _display_pattern(h: HandSummary, blocks: tuple[Block, ...]) -> Pattern:
    """The nearest R8.3 pattern, for display: the shape of ``blocks`` read by the table."""
    shape = shape_of(h, blocks)
    if shape.seven_pairs:
        return Pattern.QING_QIDUI if shape.one_suit else Pattern.QIDUI
    if shape.duidui:
        return Pattern.QINGDUI if shape.one_suit else Pattern.DUIDUI
    return Pattern.QINGYISE if shape.one_suit else Pattern.PINGHU


def _count_score(
    counts: list[int], melds: tuple[Meld, ...], void: int, win: int, ctx: WinContext, rules: RuleSet
) -> CountScore:
    _refuse_void(counts, melds, void, rules)
    if not _quick_is_win(counts):
        raise _no_split(counts, melds)
    h = summarize(counts, melds)
    best = _best(h, win, rules)
    if best is None:
        raise _no_split(counts, melds)
    _, items, blocks = best
    items = items + _situation(ctx, rules)
    count = sum(n for _, n in items)
    special = _special(ctx, rules)
    return CountScore(
        pattern=_display_pattern(h, blocks),
        replaced=(),
        gen=h.gen,
        gen_used=0,
        extras=(),
        fan=0,
        multiplier=count,
        capped=rules.cap(count),
        special=special,
        model=Scoring.COUNT,
        decomposition=blocks,
        ordinary=count,
        cap_fan=rules.cap_fan,
        items=tuple(items),
        count=count,
    )


# -- public entry points ------------------------------------------------------------------------


def score_count(
    concealed: str | bytes | Sequence[int],
    win_tile: int | str,
    melds: str | Sequence[Meld],
    void: int | str,
    ctx: WinContext,
    rules: RuleSet,
) -> CountScore:
    """Count a win (R13.1): the same arguments and errors as
    :func:`~xzcore.scoring.score_win` (``concealed`` = the 13 − 3k tiles before the winning
    tile). The discarder's penalties (R13.2), 飘 (R13.3) and 摆割 (R13.4) are not part of the
    count: they are per payer (:func:`xzcore.leshan.money.win_payments`)."""
    counts, win, ms, v = _args(concealed, melds, void, win_tile)
    ctx.check()
    return _count_score(counts, ms, v, win, ctx, rules)


def _wait_counts(counts: list[int], ms: tuple[Meld, ...], v: int, rules: RuleSet) -> dict[int, int]:
    """kind → count (tiles only: no situational item) of each wait of a 13 − 3k hand (R7.3);
    the kernel's waits pick the kinds worth counting."""
    return _waits(counts, ms, v, rules, lambda h, k: _total(_best(h, k, rules)), kernel=True)


def _total(best: tuple[int, object, object] | None) -> int | None:
    return None if best is None else best[0]


def count_chajiao(
    concealed: str | bytes | Sequence[int],
    melds: str | Sequence[Meld],
    void: int | str,
    rules: RuleSet,
) -> int | None:
    """查叫 under count scoring (R13.1 with R10.2; seed 002 "可能割牌的最大的个数"): the
    largest (``chajiao = max``) or smallest count over the hand's waits, counting the tiles
    only — no 抢杠/杠上/海底/天和, no 飘 or 摆割 — after ``cap_fan``; ``None`` when the hand
    is not ready (R7.3)."""
    counts = _concealed(concealed)
    ms = _melds(melds)
    _check_sizes(counts, ms, 0, "concealed")
    return _pick(_wait_counts(counts, ms, _void(void), rules), rules)


def count_wait_values(
    concealed: str | bytes | Sequence[int],
    melds: str | Sequence[Meld],
    void: int | str,
    ctx: WinContext,
    rules: RuleSet,
) -> list[tuple[int, CountScore]]:
    """Each wait of a 13 − 3k hand (R7.3) with the :class:`CountScore` of winning on it in
    ``ctx``, in kind order; empty when the hand is not ready."""
    counts, _, ms, v = _args(concealed, melds, void)
    ctx.check()
    out = []
    for k in _wait_counts(counts, ms, v, rules):
        counts[k] += 1
        out.append((k, _count_score(list(counts), ms, v, k, ctx, rules)))
        counts[k] -= 1
    return out


def describe(items: Sequence[tuple[CountItem, int]]) -> str:
    """``"底 1 + 清一色 5 + …"``: the items of a count as one line."""
    return " + ".join(f"{i.zh} {n}" for i, n in items)
