"""A score explained in one language: :meth:`Score.lines(lang) <xzcore.scoring.Score.lines>`
with ``lang`` ``"zh"`` or ``"en"`` (the phrases ``hand.*`` of :mod:`xzcore.messages`;
pattern, extra and count-item names from beside their codes). Without a language, ``lines()``
keeps each line in Chinese and English together.

>>> from xzcore.rules import RuleSet
>>> from xzcore.scoring import WinContext, score_win
>>> s = score_win("123345789m2346p", "6p", [], "s", WinContext(), RuleSet())
>>> s.lines("zh")[1], s.lines("en")[1]
('R8.3  平胡：×1', 'R8.3  plain win: ×1')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xzcore.kernel.patterns import additive_fan
from xzcore.messages import text
from xzcore.rules import Scoring
from xzcore.scoring.vocab import Block
from xzcore.tiles import tile_name

if TYPE_CHECKING:
    from xzcore.scoring.count import CountScore
    from xzcore.scoring.score import Score

__all__ = ["block_text", "count_lines", "name", "score_lines"]


def name(thing: Any, lang: str) -> str:
    """The name of a pattern, an extra or a count item in ``lang`` (its ``zh`` or ``en``)."""
    return str(thing.zh if lang == "zh" else thing.en)


def block_text(blocks: Sequence[Block], lang: str) -> str:
    """A decomposition as text: ``123m 55p [gang 3m]`` (a meld's kind in ``lang``)."""
    if lang != "zh":
        return " ".join(str(b) for b in blocks)
    return " ".join(
        f"[{b.meld.zh} {tile_name(b.tile)}]" if b.meld is not None else str(b) for b in blocks
    )


def _line(rule: str, key: str, lang: str, **fields: Any) -> str:
    return f"{rule:<4}  " + text(key, lang, **fields)


def score_lines(score: Score, lang: str) -> list[str]:
    """The figures of a win (R8), one a line with its rule id, in ``lang``."""
    out = [_line("R8.1", "hand.decomposition", lang, blocks=block_text(score.decomposition, lang))]
    if score.model is Scoring.ADDITIVE:
        if not score.terms:
            out.append(_line("R8.4", "hand.plain_additive", lang))
        for p in score.terms:
            out.append(
                _line("R8.4", "hand.additive_term", lang, name=name(p, lang), fan=additive_fan(p))
            )
        out.append(_line("R8.2", "hand.gen_additive", lang, gen=score.gen))
    else:
        line = _line(
            "R8.3", "hand.pattern", lang, name=name(score.pattern, lang), table=score.pattern.table
        )
        if score.replaced:
            names = text("view.list_sep", lang).join(name(p, lang) for p in score.replaced)
            line += text("hand.replaces", lang, names=names)
        out.append(line)
        used = ""
        if score.gen_used:
            used = text("hand.gen_used", lang, n=score.gen_used, name=name(score.pattern, lang))
        out.append(
            _line("R8.2", "hand.gen", lang, gen=score.gen, used=used, value=2**score.gen_left)
        )
        for p in score.ties:
            left = score.gen - p.gen_used
            out.append(
                _line(
                    "R8.3",
                    "hand.tie",
                    lang,
                    name=name(p, lang),
                    table=p.table,
                    left=left,
                    value=2**left,
                )
            )
    for e in score.extras:
        out.append(_line(e.rule, "hand.extra", lang, name=name(e, lang)))
    if score.special is not None:
        special = text("special." + score.special, lang)
        out.append(_line("R7.5", "hand.special", lang, name=special, ordinary=score.ordinary))
    out.append(_line("R8", "hand.fan", lang, fan=score.fan, multiplier=score.multiplier))
    if score.cap_fan is None:
        cap = text("hand.cap_none", lang)
    else:
        cap = text("hand.cap_fan", lang, fan=score.cap_fan, value=2**score.cap_fan)
    note = text("hand.capped", lang) if score.is_capped else ""
    out.append(_line("R8.7", "hand.cap", lang, cap=cap, capped=score.capped, note=note))
    return out


def count_lines(score: CountScore, lang: str) -> list[str]:
    """The items of a counted win (R13.1), one a line with its rule id, then the count."""
    out = [_line("R8.1", "hand.decomposition", lang, blocks=block_text(score.decomposition, lang))]
    for item, n in score.items:
        out.append(f"{item.rule} " + text("hand.count_item", lang, name=name(item, lang), n=n))
    out.append("R13.1 " + text("hand.count", lang, count=score.count))
    if score.is_capped:
        out.append(_line("R8.7", "hand.count_cap", lang, cap=score.cap_fan, capped=score.capped))
    return out
