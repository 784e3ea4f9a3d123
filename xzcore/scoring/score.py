"""Scoring a win (R8) and the value of a ready hand (R10.2): the public entry points."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from xzcore import kernel as core
from xzcore.kernel._input import FLAG_ADDITIVE, FLAG_YAOJIU_JIANGDUI, pack_melds
from xzcore.kernel.patterns import additive_fan
from xzcore.rules import Chajiao, RuleSet, Scoring, ZimoBonus
from xzcore.scoring.decompose import (
    SUIT_MASKS,
    YAOJIU_RANKS,
    Best,
    HandSummary,
    best_value,
    summarize,
)
from xzcore.scoring.engine import score_dict
from xzcore.scoring.vocab import (
    _BLOCK_TEXT,
    Block,
    Extra,
    HandError,
    NotAWinError,
    Pattern,
    WinContext,
)
from xzcore.tiles import (
    KINDS,
    SUIT_NAMES_ZH,
    SUITS,
    Meld,
    MeldKind,
    counts_of,
    parse_melds,
    parse_suit,
    parse_tile,
    parse_tiles,
    tile_name,
)

# -- the result -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """The value of one win (R8). ``multiplier`` is the value before the cap, ``capped``
    after R8.7; ``fan`` = log2(multiplier). ``special`` is ``"tianhu"``/``"dihu"`` when the
    R8.3 ×32 of 天胡/地胡 is what counts. ``terms`` lists the patterns that add fan in the
    additive model (R8.4); ``ties`` the other patterns that reach the same value."""

    pattern: Pattern
    replaced: tuple[Pattern, ...]
    gen: int
    gen_used: int
    extras: tuple[Extra, ...]
    fan: int
    multiplier: int
    capped: int
    special: str | None = None
    model: Scoring = Scoring.TABLE
    terms: tuple[Pattern, ...] = ()
    ties: tuple[Pattern, ...] = ()
    decomposition: tuple[Block, ...] = ()
    ordinary: int = 0
    cap_fan: int | None = None

    @property
    def gen_left(self) -> int:
        """根 that still double the value (R8.2, R8.3)."""
        return self.gen - self.gen_used

    @property
    def is_capped(self) -> bool:
        """True when the cap of R8.7 lowered the multiplier."""
        return self.capped < self.multiplier

    def lines(self, lang: str | None = None) -> list[str]:
        """A human explanation, one figure a line, each with its rule id, Chinese and English;
        with ``lang`` (``"zh"`` or ``"en"``), in that language only
        (:func:`xzcore.scoring.explain.score_lines`)."""
        if lang is not None:  # the catalogue is imported only when a language is asked for
            from xzcore.scoring.explain import score_lines

            return score_lines(self, lang)
        out = [f"R8.1  拆牌 decomposition: {' '.join(str(b) for b in self.decomposition)}"]
        if self.model is Scoring.ADDITIVE:
            if not self.terms:
                out.append("R8.4  平胡 plain win: +0 fan")
            for p in self.terms:
                out.append(f"R8.4  {p.zh} {p.en}: +{additive_fan(p)} fan")
            out.append(f"R8.2  根 gen: {self.gen} (+{self.gen} fan)")
        else:
            line = f"R8.3  {self.pattern.zh} {self.pattern.en}: ×{self.pattern.table}"
            if self.replaced:
                line += " (replaces " + ", ".join(f"{p.zh} {p.en}" for p in self.replaced) + ")"
            out.append(line)
            used = f", {self.gen_used} used up by {self.pattern.zh}" if self.gen_used else ""
            out.append(f"R8.2  根 gen: {self.gen}{used}: ×{2**self.gen_left}")
            for p in self.ties:
                left = self.gen - p.gen_used
                out.append(
                    f"R8.3  (same value: {p.zh} {p.en} ×{p.table} with {left} 根 ×{2**left})"
                )
        for e in self.extras:
            out.append(f"{e.rule}  {e.zh} {e.en}: ×2")
        if self.special is not None:
            zh = "天胡" if self.special == "tianhu" else "地胡"
            out.append(
                f"R7.5  {zh} {self.special}: ×32 without 根, extras or self-draw unit "
                f"(ordinary value ×{self.ordinary})"
            )
        out.append(f"R8    番 fan {self.fan}: ×{self.multiplier}")
        cap = "none" if self.cap_fan is None else f"{self.cap_fan} fan (×{2**self.cap_fan})"
        note = " — capped" if self.is_capped else ""
        out.append(f"R8.7  封顶 cap {cap}: ×{self.capped}{note}")
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON/msgpack-able): the pattern's id and names, the ids of the
        replaced patterns, terms and extras, 根, the values, the model and the
        decomposition's text (:func:`_score_dict`, or its compiled form
        ``score_dict`` of :mod:`xzcore.scoring.engine`)."""
        return score_dict(self)


def _score_dict(score: Score) -> dict[str, Any]:
    """The body of :meth:`Score.to_dict`."""
    pattern = score.pattern
    return {
        "pattern": pattern.id,
        "pattern_zh": pattern.zh,
        "pattern_en": pattern.en,
        "replaced": [p.id for p in score.replaced],
        "terms": [p.id for p in score.terms],
        "gen": score.gen,
        "gen_used": score.gen_used,
        "gen_left": score.gen - score.gen_used,
        "extras": [e.id for e in score.extras],
        "fan": score.fan,
        "multiplier": score.multiplier,
        "capped": score.capped,
        "special": score.special,
        "model": score.model.value,
        "decomposition": _decomposition_text(score.decomposition),
    }


def _decomposition_text(blocks: Sequence[Block]) -> str:
    """``" ".join(map(str, blocks))``: the texts ``Block.__str__`` keeps, read in one pass
    (``str`` is called only when a block's text is not kept yet, which then keeps it)."""
    texts = list(map(_BLOCK_TEXT_GET, blocks))
    if None in texts:
        return " ".join(map(str, blocks))
    return " ".join(texts)  # type: ignore[arg-type]  # no None in texts


_BLOCK_TEXT_GET = _BLOCK_TEXT.get


# -- input checks -----------------------------------------------------------------------------


def _concealed(concealed: str | bytes | Sequence[int]) -> list[int]:
    """Counts of the concealed tiles: MPSZ text, 27 counts, or a sequence of kinds."""
    if isinstance(concealed, str):
        try:
            return list(counts_of(parse_tiles(concealed)))
        except ValueError as exc:
            raise HandError("concealed", str(exc)) from None
    try:
        seq = list(concealed)
    except TypeError:
        raise HandError(
            "concealed", f"{concealed!r} is not tile text, 27 counts or a sequence of kinds"
        ) from None
    if len(seq) == KINDS:
        for k, n in enumerate(seq):
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 4:
                raise HandError("concealed", f"count of {tile_name(k)} is {n!r} (expected 0-4)")
        return seq
    counts = [0] * KINDS
    try:
        for k in seq:
            counts[k] += 1
    except (IndexError, TypeError):
        pass  # reported below
    else:
        if all(type(k) is int and k >= 0 for k in seq):
            return counts
    for i, k in enumerate(seq):
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < KINDS:
            raise HandError("concealed", f"item {i} is {k!r}, not a tile kind 0-26")
    raise AssertionError("unreachable")  # pragma: no cover


def _kind(value: int | str, name: str) -> int:
    if isinstance(value, str):
        try:
            return parse_tile(value)
        except ValueError as exc:
            raise HandError(name, str(exc)) from None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < KINDS:
        raise HandError(name, f"{value!r} is not a tile kind 0-26")
    return value


def _melds(melds: str | Sequence[Meld]) -> tuple[Meld, ...]:
    if isinstance(melds, str):
        try:
            out = tuple(parse_melds(melds))
        except ValueError as exc:
            raise HandError("melds", str(exc)) from None
    else:
        try:
            out = tuple(melds)
        except TypeError:
            raise HandError("melds", f"{melds!r} is not meld text or a sequence of Meld") from None
    for i, m in enumerate(out):
        if not isinstance(m, Meld):
            raise HandError("melds", f"item {i} is {m!r}, not a Meld")
    if len(out) > 4:
        raise HandError("melds", f"{len(out)} melds; a hand holds at most four")
    return out


def _void(void: int | str) -> int:
    if isinstance(void, str):
        try:
            return parse_suit(void)
        except ValueError as exc:
            raise HandError("void", str(exc)) from None
    if not isinstance(void, int) or isinstance(void, bool) or not -1 <= void <= 2:
        raise HandError("void", f"{void!r} is not a suit 0-2 (m, p, s) or -1")
    return void


def _args(
    concealed: str | bytes | Sequence[int],
    melds: str | Sequence[Meld],
    void: int | str,
    win_tile: int | str | None = None,
) -> tuple[list[int], int, tuple[Meld, ...], int]:
    """Checked (R7.1, R1.1) counts (plus the winning tile), winning tile (or -1), melds, void."""
    counts = _concealed(concealed)
    win = -1 if win_tile is None else _kind(win_tile, "win_tile")
    ms = _melds(melds)
    v = _void(void)
    _check_sizes(counts, ms, 0, "concealed", win)
    if win >= 0:
        counts[win] += 1
    return counts, win, ms, v


def _check_sizes(
    counts: Sequence[int], melds: Sequence[Meld], extra: int, name: str, win: int = -1
) -> None:
    """``counts`` must hold 13 − 3k (+ ``extra``) tiles (R7.1); no kind more than four
    copies, hand, melds and the winning tile ``win`` together (R1.1)."""
    want = 13 - 3 * len(melds) + extra
    have = sum(counts)
    if have != want:
        when = "with the winning tile" if extra else "before the winning tile"
        raise HandError(
            name, f"{have} concealed tiles {when} beside {len(melds)} meld(s); expected {want}"
        )
    if max(counts) >= 4 or melds:
        total = list(counts)
        for m in melds:
            total[m.tile] += m.size
        if win >= 0:
            total[win] += 1
        for k, n in enumerate(total):
            if n > 4:
                where = "win_tile" if k == win else name
                raise HandError(where, f"{n} copies of {tile_name(k)} (hand and melds); at most 4")


def _sizes_ok(counts: Sequence[int], melds: Sequence[Meld], win: int = -1) -> bool:
    """A quick yes for :func:`_check_sizes` with ``extra = 0``: True only when it would pass
    (13 − 3k tiles, R7.1; no kind past four copies with the melds and ``win``, R1.1). A kind
    in two melds holds at least six copies, so melds must name distinct kinds."""
    if sum(counts) != 13 - 3 * len(melds) or max(counts) > 4:
        return False
    if win >= 0 and counts[win] >= 4:
        return False
    seen = 0
    for m in melds:
        t = m.tile
        if seen >> t & 1 or counts[t] + (3 if m.kind is _PENG else 4) + (t == win) > 4:
            return False
        seen |= 1 << t
    return True


_PENG = MeldKind.PENG


def _refuse_void(counts: Sequence[int], melds: Sequence[Meld], void: int, rules: RuleSet) -> None:
    """R4.4/R7.2: no tile of the void suit in hand or melds; at most two suits in all."""
    if rules.declare_void and void >= 0:
        for k in range(9 * void, 9 * void + 9):
            if counts[k]:
                raise NotAWinError(
                    "R4.4",
                    f"the hand holds {tile_name(k)} of its void suit "
                    f"{SUITS[void]} ({SUIT_NAMES_ZH[void]})",
                    key="notwin.void_tile",
                    fields={"pai": tile_name(k), "suit": void},
                )
        for m in melds:
            if m.tile // 9 == void:
                raise NotAWinError(
                    "R4.4",
                    f"meld '{m}' is of the void suit {SUITS[void]} ({SUIT_NAMES_ZH[void]})",
                    key="notwin.void_meld",
                    fields={"meld": str(m), "suit": void},
                )
    suits = {k // 9 for k in range(KINDS) if counts[k]} | {m.tile // 9 for m in melds}
    if len(suits) == 3:
        raise NotAWinError(
            "R4.4",
            "the hand and melds hold all three suits (缺一门: at most two)",
            key="notwin.three_suits",
        )


_KERNEL_IS_WIN = core.is_win
_KERNEL_READY_FAN = core.ready_fan


def _quick_is_win(counts: Sequence[int]) -> bool:
    """The kernel's check (R7.1): a quick no before the brute-force search."""
    return bool(_KERNEL_IS_WIN(bytes(counts), -1))


# -- public entry points ----------------------------------------------------------------------


def score_win(
    concealed: str | bytes | Sequence[int],
    win_tile: int | str,
    melds: str | Sequence[Meld],
    void: int | str,
    ctx: WinContext,
    rules: RuleSet,
) -> Score:
    """Score a win (R8): ``concealed`` are the 13 − 3k tiles *before* the winning tile.

    Raises :class:`NotAWinError` when the tiles do not win (R7.1, R4.4/R7.2),
    :class:`HandError` on malformed input, :class:`InvalidContextError` on impossible flags.
    With ``declare_void`` off the ``void`` argument is ignored and R4.4 means "at most two
    suits, melds included". ``scoring = count`` (R13) is answered by
    :func:`xzcore.scoring.count.score_count` (a :class:`Score` subclass with the count).
    """
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import score_count  # R13; imports this module

        return score_count(concealed, win_tile, melds, void, ctx, rules)
    counts, _, ms, v = _args(concealed, melds, void, win_tile)
    _check_ctx(ctx)
    return _score(counts, ms, v, ctx, rules)


def _score_trusted(
    concealed: bytes,
    win_tile: int,
    melds: Sequence[Meld],
    void: int,
    ctx: WinContext,
    rules: RuleSet,
) -> Score:
    """:func:`score_win` for arguments the round engine built itself (see
    :func:`xzcore.scoring.engine.score_engine_win`): the same answer and refusals, without
    the type checks of each argument; the tile counts (R7.1, R1.1) and the context are
    checked."""
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import score_count  # R13; imports this module

        return score_count(concealed, win_tile, melds, void, ctx, rules)
    counts = list(concealed)
    ms = tuple(melds)
    if not _sizes_ok(counts, ms, win_tile):
        _check_sizes(counts, ms, 0, "concealed", win_tile)  # raises, saying what is wrong
    counts[win_tile] += 1
    ctx.check()
    return _score(counts, ms, void, ctx, rules)


def _check_ctx(ctx: WinContext) -> None:
    """``ctx`` must be a :class:`WinContext` whose flags can happen together."""
    if not isinstance(ctx, WinContext):
        raise HandError("ctx", f"{ctx!r} is not a WinContext")
    ctx.check()


def _score(
    counts: list[int], melds: tuple[Meld, ...], void: int, ctx: WinContext, rules: RuleSet
) -> Score:
    h = summarize(counts, melds)
    held = h.held
    void_held = rules.declare_void and void >= 0 and held & SUIT_MASKS[void]
    if void_held or (held & SUIT_MASKS[0] and held & SUIT_MASKS[1] and held & SUIT_MASKS[2]):
        _refuse_void(counts, melds, void, rules)  # raises, naming the tile or the meld
    if not _quick_is_win(counts):
        raise _no_split(counts, melds)
    best = best_value(h, rules)
    if best is None:
        raise _no_split(counts, melds)
    extras = _extras(ctx, h, rules)
    ordinary = best.value << len(extras)
    special = _special(ctx, rules)
    multiplier = ordinary
    if special is not None and ordinary <= 32:
        multiplier = 32  # R8.3: ×32 with no 根, extras or unit, or the ordinary if larger
        extras = ()
    else:
        special = None
    # Every field is set here, each of its declared type: build the frozen value directly
    # (the same value as Score(...), without the dataclass __init__'s per-field setattr).
    score = _new_object(Score)
    _set_attr(
        score,
        "__dict__",
        {
            "pattern": best.pattern,
            "replaced": best.replaced,
            "gen": h.gen,
            "gen_used": best.gen_used,
            "extras": extras,
            "fan": multiplier.bit_length() - 1,
            "multiplier": multiplier,
            "capped": rules.cap(multiplier),
            "special": special,
            "model": rules.scoring,
            "terms": best.terms,
            "ties": best.ties,
            "decomposition": best.blocks,
            "ordinary": ordinary,
            "cap_fan": rules.cap_fan,
        },
    )
    return score


_new_object = object.__new__
_set_attr = object.__setattr__


def _no_split(counts: Sequence[int], melds: Sequence[Meld]) -> NotAWinError:
    """R7.1: the tiles split neither into sets and a pair nor (without melds) seven pairs."""
    sets = 4 - len(melds)
    text = "".join(f"{tile_name(k)}" * n for k, n in enumerate(counts) if n)
    message = f"{text} does not split into {sets} set(s) and a pair" + (
        "" if melds else ", nor into seven pairs"
    )
    key = "notwin.no_split" if melds else "notwin.no_split_pairs"
    return NotAWinError("R7.1", message, key=key, fields={"pai": text, "sets": sets})


def _extras(ctx: WinContext, h: HandSummary, rules: RuleSet) -> tuple[Extra, ...]:
    """The extras of R8.6 that apply, in table order."""
    out: list[Extra] = []
    if ctx.after_gang:
        out.append(Extra.GANGSHANGHUA if ctx.self_draw else Extra.GANGSHANGPAO)
    if ctx.robbed:
        out.append(Extra.QIANGGANG)
    if ctx.last_tile:
        if ctx.self_draw and rules.haidi:
            out.append(Extra.HAIDILAOYUE)
        elif not ctx.self_draw and rules.haidi_pao:
            out.append(Extra.HAIDIPAO)
    if ctx.self_draw and rules.zimo_bonus is ZimoBonus.DOUBLE:
        out.append(Extra.ZIMO)
    if rules.menqing_zhongzhang:
        if all(m.kind is MeldKind.ANGANG for m in h.melds):
            out.append(Extra.MENQING)
        if not any(h.all_counts[k] for k in range(KINDS) if k % 9 in YAOJIU_RANKS):
            out.append(Extra.ZHONGZHANG)
    return tuple(out)


def _special(ctx: WinContext, rules: RuleSet) -> str | None:
    """R7.5: 天胡 (dealer, dealt tiles) or 地胡 (non-dealer, first draw; or the dealer's
    first discard with ``dihu_on_dealer_discard``), when ``tian_di_hu`` is on; never in the
    additive model (R8.4: "天胡/地胡 are off")."""
    if not (ctx.first_turn and rules.tian_di_hu) or rules.scoring is Scoring.ADDITIVE:
        return None
    if ctx.dealer:
        return "tianhu"
    if ctx.self_draw or rules.dihu_on_dealer_discard:
        return "dihu"
    return None


def best_fan(counts14: Sequence[int], melds: Sequence[Meld], void: int, rules: RuleSet) -> int:
    """Oracle for the kernel: the fan of pattern + 根 (no extras, no cap) of the best
    decomposition of ``counts14`` (the 14 − 3k concealed tiles, winning tile included), or
    -1 when the tiles do not win (R7.1, R4.4)."""
    counts = _concealed(counts14)
    ms = _melds(melds)
    _check_sizes(counts, ms, 1, "counts14")
    try:
        _refuse_void(counts, ms, _void(void), rules)
    except NotAWinError:
        return -1
    best = best_value(summarize(counts, ms), rules)
    return -1 if best is None else best.value.bit_length() - 1


def _waits(
    counts: list[int],
    ms: tuple[Meld, ...],
    v: int,
    rules: RuleSet,
    value: Callable[[HandSummary, int], int | None],
    kernel: bool = False,
) -> dict[int, int]:
    """kind → ``value(hand, kind)`` (not ``None``, not refused by R4.4) of each wait of a 13 − 3k
    hand (R7.3); ``kernel``: try only the kernel's waits (R7.3 without the void, a superset)."""
    out: dict[int, int] = {}
    if rules.declare_void and v >= 0 and any(counts[9 * v : 9 * v + 9]):
        return out  # R7.3: a seat holding a void tile is not ready
    held = list(counts)
    for m in ms:
        held[m.tile] += m.size
    mask = int(core.waits(bytes(counts), -1, bytes(held))) if kernel else -1
    for k in range(KINDS):
        if held[k] >= 4 or not mask >> k & 1:
            continue  # R7.3: all four copies held by the seat itself (or not a kernel wait)
        counts[k] += 1
        try:
            _refuse_void(counts, ms, v, rules)
            n = value(summarize(counts, ms), k)
        except NotAWinError:
            n = None
        finally:
            counts[k] -= 1
        if n is not None:
            out[k] = n
    return out


def _wait_values(counts: list[int], ms: tuple[Meld, ...], v: int, rules: RuleSet) -> dict[int, int]:
    """kind → pattern-and-根 value (uncapped) of each wait of a 13 − 3k hand (R7.3)."""
    return _waits(counts, ms, v, rules, lambda h, _: _value(best_value(h, rules)))


def _value(best: Best | None) -> int | None:
    return None if best is None else best.value


def _pick(values: dict[int, int], rules: RuleSet) -> int | None:
    """R10.2: the capped largest (``chajiao = max``) or smallest value; None when empty."""
    pick = max if rules.chajiao.value == "max" else min
    return rules.cap(pick(values.values())) if values else None


def chajiao_multiplier(
    concealed: str | bytes | Sequence[int],
    melds: str | Sequence[Meld],
    void: int | str,
    rules: RuleSet,
    *,
    brute_force: bool = False,
) -> int | None:
    """R10.2: the capped multiplier a 13 − 3k hand could win with — pattern and 根 only —
    the largest (``chajiao = max``) or smallest (``min``) over its waits; ``None`` when the
    hand is not ready (R7.3, including a hand that holds a void-suit tile).

    The kernel's ``ready_fan`` answers; ``brute_force=True`` scores every wait by the
    brute-force search of this package instead, which is the kernel's test oracle.
    ``scoring = count``: the largest/smallest count (:func:`xzcore.scoring.count.count_chajiao`)."""
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import count_chajiao  # R13 with R10.2

        return count_chajiao(concealed, melds, void, rules)
    counts, _, ms, v = _args(concealed, melds, void)
    return _chajiao(counts, ms, v, rules, brute_force)


def _chajiao_trusted(
    concealed: bytes, melds: Sequence[Meld], void: int, rules: RuleSet
) -> int | None:
    """:func:`chajiao_multiplier` (R10.2) for arguments the round engine built itself (see
    :func:`xzcore.scoring.engine.chajiao_engine`): the same answer, without the type checks
    of each argument; the tile counts (R7.1, R1.1) are checked."""
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import count_chajiao  # R13 with R10.2

        return count_chajiao(concealed, melds, void, rules)
    counts = list(concealed)
    ms = tuple(melds)
    if not _sizes_ok(counts, ms):
        _check_sizes(counts, ms, 0, "concealed")  # raises, saying what is wrong
    return _chajiao(counts, ms, void, rules, False)


def _chajiao(
    counts: list[int], ms: tuple[Meld, ...], v: int, rules: RuleSet, brute_force: bool
) -> int | None:
    if not brute_force:
        fan = _kernel_ready_fan(_KERNEL_READY_FAN, counts, ms, v, rules)
        return None if fan < 0 else rules.cap(1 << fan)
    return _pick(_wait_values(counts, ms, v, rules), rules)


def _kernel_ready_fan(
    ready_fan: Callable[..., int], counts: list[int], ms: Sequence[Meld], void: int, rules: RuleSet
) -> int:
    """Call the kernel's ``ready_fan`` (documented in ``xzcore.kernel._core_twin_value``)."""
    if rules.declare_void and void >= 0:
        if any(m.tile // 9 == void for m in ms):
            return -1  # R4.4: a meld of the void suit never wins
    else:
        # R4.4 without a declared void: at most two suits, melds included. The kernel checks
        # the concealed tiles only, so the suits of the melds are folded in here: with two
        # suits already held the third one acts as the void.
        suits = {m.tile // 9 for m in ms} | {k // 9 for k in range(KINDS) if counts[k]}
        if len(suits) == 3:
            return -1
        void = 3 - sum(suits) if len(suits) == 2 else -1
    held, meld_info = pack_melds(counts, ms)
    flags = (FLAG_ADDITIVE if rules.scoring is Scoring.ADDITIVE else 0) | (
        FLAG_YAOJIU_JIANGDUI if rules.yaojiu_jiangdui else 0
    )
    mode = 0 if rules.chajiao is Chajiao.MAX else 1
    return ready_fan(bytes(counts), void, held, meld_info, flags, mode)


def wait_values(
    concealed: str | bytes | Sequence[int],
    melds: str | Sequence[Meld],
    void: int | str,
    ctx: WinContext,
    rules: RuleSet,
) -> list[tuple[int, Score]]:
    """Each wait of a 13 − 3k hand (R7.3) with the :class:`Score` of winning on it in
    ``ctx``, in kind order; empty when the hand is not ready."""
    if rules.scoring is Scoring.COUNT:
        from xzcore.scoring.count import count_wait_values  # R13

        return list(count_wait_values(concealed, melds, void, ctx, rules))
    counts, _, ms, v = _args(concealed, melds, void)
    _check_ctx(ctx)
    out = []
    for k in _wait_values(counts, ms, v, rules):
        counts[k] += 1
        out.append((k, _score(list(counts), ms, v, ctx, rules)))
        counts[k] -= 1
    return out
