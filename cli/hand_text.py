"""The text answer of ``xz hand``: the request on one line, then the win with its score or the
waits with their values, each line with its rule id (R7, R8, R10.2, R13.1) —
:func:`render_text` in Chinese and English together, :func:`render_text_in` in one language
(``--lang``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xzcore.messages import text, word
from xzcore.rules import Scoring
from xzcore.scoring import NotAWinError, chajiao_multiplier, score_win, wait_values
from xzcore.scoring.explain import name
from xzcore.tiles import SUIT_NAMES_ZH, SUITS, format_melds, format_tiles, tile_name

if TYPE_CHECKING:
    from xzcore.cli.hand import Request

WIN_FLAGS = ("self_draw", "after_gang", "robbed", "last_tile", "first_turn", "dealer")
"""The win-context flags of a request, in :class:`xzcore.scoring.WinContext` order."""


def _why_not_ready(req: Request) -> str:
    """R7.3: a seat holding a tile of its void suit is not ready (R4.4) — say so, since no
    tile completing the shape would make a win either."""
    void = req.void
    if void >= 0 and req.rules.declare_void:
        held = [k for k in req.concealed if k // 9 == void]
        held += [m.tile for m in req.melds if m.tile // 9 == void]
        if held:
            return (
                f"the hand holds {tile_name(held[0])} of its void suit {SUITS[void]} "
                f"({SUIT_NAMES_ZH[void]}; R4.4)"
            )
    return "no tile completes this hand"


def _describe(req: Request, preset: str) -> str:
    parts = [format_tiles(req.concealed)]
    if req.win_tile is not None:
        parts[0] += f" + {tile_name(req.win_tile)}"
    if req.melds:
        parts.append(f"melds: {format_melds(req.melds)}")
    if req.void >= 0:
        parts.append(f"void {SUITS[req.void]} ({SUIT_NAMES_ZH[req.void]})")
    flags = [f.replace("_", "-") for f in WIN_FLAGS if getattr(req.ctx, f)]
    if flags:
        parts.append(" ".join(flags))
    parts.append(f"rules {preset}")
    return "  ·  ".join(parts)


def render_text(req: Request, preset: str) -> list[str]:
    """The human explanation of one request."""
    lines = [_describe(req, preset)]
    rules = req.rules
    if req.win_tile is not None:
        try:
            score = score_win(req.concealed, req.win_tile, req.melds, req.void, req.ctx, rules)
        except NotAWinError as exc:
            return [*lines, f"{exc.rule}  不胡 not a win: {str(exc).split(': ', 1)[1]}"]
        return [*lines, "R7.1  胡 a win", *score.lines()]
    waits = wait_values(req.concealed, req.melds, req.void, req.ctx, rules)
    if not waits:
        return [*lines, f"R7.3  不听 not ready: {_why_not_ready(req)}"]
    tiles = " ".join(tile_name(k) for k, _ in waits)
    lines.append(f"R7.3  听牌 ready on {len(waits)} kind(s): {tiles}")
    count_model = rules.scoring is Scoring.COUNT
    for k, s in waits:
        if count_model:  # R13.1: a count, not a multiplier
            lines.append(f"  {tile_name(k)}  个数 count {s.multiplier}")
            continue
        name = s.pattern.zh + " " + s.pattern.en
        gen = f" · 根 {s.gen_left} ×{2**s.gen_left}" if s.gen_left else ""
        extras = "".join(f" · {e.zh} ×2" for e in s.extras)
        cap = f" (capped ×{s.capped})" if s.is_capped else ""
        lines.append(
            f"  {tile_name(k)}  {name} ×{s.pattern.table}{gen}{extras}"
            f" → fan {s.fan} ×{s.multiplier}{cap}"
        )
    cj = chajiao_multiplier(req.concealed, req.melds, req.void, rules)
    word = "查大叫 (max)" if rules.chajiao.value == "max" else "查小叫 (min)"
    if count_model:
        lines.append(f"R10.2 {word} chajiao count, tiles only (R13.1): {cj}")
    else:
        lines.append(f"R10.2 {word} chajiao value, pattern and 根 only, capped: ×{cj}")
    return lines


# -- one language a line: xz hand --lang zh|en -------------------------------------------------


def _why_not_ready_in(req: Request, lang: str) -> str:
    """:func:`_why_not_ready` in ``lang``."""
    void = req.void
    if void >= 0 and req.rules.declare_void:
        held = [k for k in req.concealed if k // 9 == void]
        held += [m.tile for m in req.melds if m.tile // 9 == void]
        if held:
            suit = SUIT_NAMES_ZH[void] if lang == "zh" else SUITS[void]
            return text("hand.void_held", lang, tile=tile_name(held[0]), suit=suit)
    return text("hand.no_completion", lang)


def _melds_in(req: Request, lang: str) -> str:
    if lang != "zh":
        return format_melds(req.melds)
    return text("view.list_sep", lang).join(f"{m.kind.zh} {tile_name(m.tile)}" for m in req.melds)


def _describe_in(req: Request, preset: str, lang: str) -> str:
    """:func:`_describe` in ``lang``: the hand, melds, void, flags and preset."""
    hand = format_tiles(req.concealed)
    if req.win_tile is not None:
        hand = text("hand.with_win", lang, hand=hand, tile=tile_name(req.win_tile))
    parts = [hand]
    if req.melds:
        parts.append(text("hand.melds", lang, melds=_melds_in(req, lang)))
    if req.void >= 0:
        suit = SUIT_NAMES_ZH[req.void] if lang == "zh" else SUITS[req.void]
        parts.append(text("hand.void", lang, suit=suit))
    flags = [text("flag." + f, lang) for f in WIN_FLAGS if getattr(req.ctx, f)]
    if flags:
        parts.append(" ".join(flags))
    parts.append(text("hand.rules", lang, preset=word("preset", preset, lang)))
    return text("hand.sep", lang).join(parts)


def render_text_in(req: Request, preset: str, lang: str) -> list[str]:
    """:func:`render_text` with every word in ``lang`` (``"zh"`` or ``"en"``): the phrases
    ``hand.*`` of the message catalogue, pattern and extra names in that language; tiles stay
    in their notation (``5p``), rule ids as they are."""
    lines = [_describe_in(req, preset, lang)]
    rules = req.rules
    if req.win_tile is not None:
        try:
            score = score_win(req.concealed, req.win_tile, req.melds, req.void, req.ctx, rules)
        except NotAWinError as exc:
            why = exc.text(lang)
            return [*lines, f"{exc.rule}  " + text("hand.not_win", lang, why=why)]
        return [*lines, "R7.1  " + text("hand.win", lang), *score.lines(lang)]
    waits = wait_values(req.concealed, req.melds, req.void, req.ctx, rules)
    if not waits:
        return [*lines, "R7.3  " + text("hand.not_ready", lang, why=_why_not_ready_in(req, lang))]
    tiles = " ".join(tile_name(k) for k, _ in waits)
    lines.append("R7.3  " + text("hand.ready", lang, n=len(waits), tiles=tiles))
    count_model = rules.scoring is Scoring.COUNT
    for k, s in waits:
        if count_model:  # R13.1: a count, not a multiplier
            lines.append(text("hand.wait_count", lang, tile=tile_name(k), count=s.multiplier))
            continue
        gen = text("hand.wait_gen", lang, n=s.gen_left, value=2**s.gen_left) if s.gen_left else ""
        extras = "".join(text("hand.wait_extra", lang, name=name(e, lang)) for e in s.extras)
        cap = text("hand.wait_cap", lang, capped=s.capped) if s.is_capped else ""
        lines.append(
            text(
                "hand.wait",
                lang,
                tile=tile_name(k),
                name=name(s.pattern, lang),
                table=s.pattern.table,
                gen=gen,
                extras=extras,
                fan=s.fan,
                multiplier=s.multiplier,
                cap=cap,
            )
        )
    cj = chajiao_multiplier(req.concealed, req.melds, req.void, rules)
    how = text("hand.chajiao." + rules.chajiao.value, lang)
    key = "hand.chajiao_count" if count_model else "hand.chajiao_value"
    lines.append("R10.2 " + text(key, lang, word=how, value=cj))
    return lines
