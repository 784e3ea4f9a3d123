"""The person at ``xz record --human SEAT``: what just happened at the table, in the game's
words (打 碰 杠 胡, with English), and their choice — a number, a tile (``5p``) or a word.

Only what the seat may see is told (no other seat's drawn or passed tiles). Enter takes the
quiet choice (pass, or discard the drawn tile), never a gang or a win.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import click

from xzcore import kernel as core
from xzcore.messages import text
from xzcore.round.engine import Round
from xzcore.tiles import (
    SUITS,
    TileParseError,
    format_counts,
    format_melds,
    parse_tile,
    tile_name,
    tile_name_zh,
)
from xzcore.view.table import WORDS, describe, seat_name, seat_ref, tiles_text, totals_text

__all__ = [
    "HumanInputEnded",
    "HumanSeat",
    "action_label",
    "parse_choice",
    "quiet_default",
    "waits_line",
    "win_why",
]

BOLD_WORDS = frozenset({"hora", "daiminkan", "ankan", "kakan"})
"""A win and the gangs: never what Enter picks."""

ALIASES = {
    **{word: word for word in ("dahai", "pon", "hora", "none", "baige", "piao")},
    **{"打": "dahai", "discard": "dahai", "碰": "pon", "peng": "pon", "胡": "hora", "hu": "hora"},
    **{"过": "none", "pass": "none", "杠": "gang", "gang": "gang", "摆割": "baige", "飘": "piao"},
}
"""A typed word → the action word it names (``gang``: any of the three gangs)."""
GANGS = ("daiminkan", "ankan", "kakan")


_PLAIN = {"view.tsumogiri": "human.as_drawn", "view.rinshan": "human.rinshan"}
"""The view's English words → the person's, with the Chinese term."""

SUIT_WORDS = {"m": 0, "p": 1, "s": 2, "万": 0, "筒": 1, "条": 2}
"""A typed suit (定缺): its letter or its Chinese name."""


class HumanInputEnded(Exception):
    """Standard input ended (EOF) while the person at ``--human`` was to choose."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


_MELD_WORDS = {"peng": "event.pon", "gang": "event.daiminkan"}
_MELD_WORDS |= {"bugang": "event.kakan", "angang": "event.ankan"}
"""A meld's kind → the event word that names it."""


def _tile(kind: int, lang: str) -> str:
    return tile_name_zh(kind) if lang == "zh" else tile_name(kind)


def _tiles(kinds: Iterable[int], lang: str) -> str:
    return " ".join(_tile(k, lang) for k in kinds)


def _hand(counts: Sequence[int], lang: str) -> str:
    """A hand: ``3579m11127p`` in English, the tiles' Chinese names in Chinese."""
    if lang != "zh":
        return format_counts(counts)
    return _tiles((k for k in range(27) for _ in range(counts[k])), lang)


def _melds(melds: Sequence[Any], lang: str) -> str:
    if lang != "zh":
        return format_melds(melds)
    return "，".join(
        f"{text(_MELD_WORDS[m.kind.value], 'zh')} {_tile(m.tile, 'zh')}" for m in melds
    )


def action_label(a: Any, lang: str = "en") -> str:
    """``打 discard 5p``, ``胡 win 5p``, ``过 pass``, ``定缺 declares void m``, ``飘 piao bet (飘)
    2`` …: in English the word with its Chinese term (which may be typed); in Chinese the
    word alone (``打 五筒``)."""
    zh, en = WORDS.get(a.word, (a.word, a.word))
    if a.word == "dingque":
        arg = SUITS[a.suit] if lang != "zh" else text(f"suit.{SUITS[a.suit]}", "zh")
    elif a.word == "exchange":
        arg = _tiles(a.tiles, lang)
    elif a.word == "piao":
        arg = str(a.amount)
    elif a.word == "none":
        arg = ""
    else:
        arg = _tile(a.tile, lang)
    label = f"{zh} {arg}" if lang == "zh" else f"{zh} {en} {arg}"
    return label.rstrip()


def quiet_default(legal: Sequence[Any], drawn: int) -> int | None:
    """The index Enter picks: a pass, else the discard of the tile just drawn, else the
    first choice that is neither a win, a gang nor 摆割; ``None`` when there is none."""
    words = [a.word for a in legal]
    if "none" in words:
        return words.index("none")
    for i, a in enumerate(legal):
        if a.word == "dahai" and a.tile == drawn:
            return i
    for i, a in enumerate(legal):
        if a.word not in BOLD_WORDS and a.word != "baige":
            return i
    return None


def parse_choice(typed: str, legal: Sequence[Any], lang: str = "en") -> int | str:
    """The index ``typed`` names among ``legal`` — a number, a tile (its discard, or the one
    choice on it) or a word (the one choice of it) — or the reason it names none."""
    n = len(legal)
    shown = repr(typed)
    if typed.isascii() and typed.isdigit():
        if int(typed) < n:
            return int(typed)
        return text("human.out_of_range", lang, typed=shown, last=n - 1)
    try:
        kind = parse_tile(typed)
    except TileParseError:
        kind = -1
    if kind >= 0:
        on = [i for i, a in enumerate(legal) if getattr(a, "tile", -1) == kind]
        discards = [i for i in on if legal[i].word == "dahai"]
        pick = discards or on
        if len(pick) == 1:
            return pick[0]
        if not pick:
            return text("human.no_choice_on_tile", lang, typed=shown)
        return text("human.many_on_tile", lang, typed=shown)
    suit = SUIT_WORDS.get(typed.lower())
    if suit is not None:
        idx = [i for i, a in enumerate(legal) if a.word == "dingque" and a.suit == suit]
        if idx:
            return idx[0]
        return text("human.not_now", lang, typed=shown)
    word = ALIASES.get(typed.lower())
    if word is not None:
        if word == "gang":
            idx = [i for i, a in enumerate(legal) if a.word in GANGS]
        else:
            idx = [i for i, a in enumerate(legal) if a.word == word]
        if len(idx) == 1:
            return idx[0]
        if idx:
            return text("human.many_such", lang, typed=shown)
        return text("human.not_now", lang, typed=shown)
    return text("human.not_a_choice", lang, typed=shown, last=n - 1)


def narrate(
    ev: Mapping[str, Any], seat: int, names: Sequence[str] | None = None, lang: str = "en"
) -> str | None:
    """One line for one event, as ``seat`` may see it (``None``: nothing to tell); the other
    seats by their ``names`` (the log header's), the number in brackets.

    >>> narrate({"type": "dahai", "actor": 2, "pai": "5p"}, 0, ["human", "a", "b", "c"])
    'b (seat 2): 打 discard 5p'
    >>> narrate({"type": "dahai", "actor": 0, "pai": "5p"}, 0, lang="zh")
    '你：打 五筒'
    """
    t = ev.get("type")
    if t in ("start_kyoku", "none"):
        return None
    zh, en = WORDS.get(str(t), (str(t), str(t)))
    actor = ev.get("actor")
    who = text("human.you", lang) if actor == seat else seat_ref(actor, lang, names)
    if t == "tsumo" and actor != seat:
        what = zh if lang == "zh" else f"{zh} {en}"  # another seat's draw is hidden
    elif t == "exchange" and actor != seat:
        to = text("view.to_seat", lang, seat=seat_name(ev.get("target"), lang, names))
        what = f"{zh} {to}" if lang == "zh" else f"{zh} {en} {to}"
    elif lang == "zh":
        what = describe(ev, "zh", names)
    else:
        detail = describe(ev, "en", names)[len(en) :]
        for view_key, human_key in _PLAIN.items():
            detail = detail.replace(text(view_key, "en"), text(human_key, "en"))
        what = f"{zh} {en}{detail}"
    return text("human.said", lang, who=who, what=what) if actor is not None else what


def seen_counts(rnd: Any, seat: int) -> list[int]:
    """How many of each kind ``seat`` can see: its own hand, every river and every meld."""
    seen = list(rnd.hands[seat].counts())
    for o in range(4):
        for k in rnd.rivers[o]:
            seen[k] += 1
        for m in rnd.melds[o]:
            seen[m.tile] += 3 if m.kind.value == "peng" else 4
    return seen


def waits_line(counts: Sequence[int], void: int, seen: Sequence[int], lang: str = "en") -> str:
    """Whether a hand of 3n+1 tiles is ready (R7.3), on which tiles, and which of them are
    dead — all four copies already in sight (听牌 on 3p 6p; 6p dead: all four seen)."""
    mask = core.waits(list(counts), void)
    kinds = [k for k in range(27) if mask >> k & 1]
    if not kinds:
        return text("human.not_ready", lang)
    dead = [k for k in kinds if seen[k] >= 4]
    line = text("human.ready", lang, tiles=_tiles(kinds, lang))
    if dead and len(dead) == len(kinds):
        return line + text("human.all_dead", lang)
    if dead:
        line += text("human.some_dead", lang, tiles=_tiles(dead, lang))
    return line


def win_why(score: Any, lang: str = "en") -> str:
    """Why a win is worth what it is: ``×4: 七对 seven pairs ×4``, ``×8: 平胡 plain win ×1,
    2 根 gen ×4, 杠上花 … ×2``, or a count's items (R13.1)."""
    items = getattr(score, "items", None)
    if items:
        parts = " + ".join(f"{item.zh} +{n}" for item, n in items)
        why = text("human.why_count", lang, count=score.count, items=parts)
        return text("human.why", lang, capped=score.capped, parts=why)
    sep = text("view.list_sep", lang)

    def named(thing: Any) -> str:
        return thing.zh if lang == "zh" else f"{thing.zh} {thing.en}"

    factors = [f"{named(score.pattern)} ×{score.pattern.table}"]
    if score.gen_left:
        factors.append(text("human.gen", lang, n=score.gen_left, times=2**score.gen_left))
    factors += [f"{named(e)} ×2" for e in score.extras]
    if score.special is not None:
        factors = [text("human.tianhu" if score.special == "tianhu" else "human.dihu", lang)]
    why = text("human.why", lang, capped=score.capped, parts=sep.join(factors))
    if score.is_capped:
        why += text("human.capped", lang, multiplier=score.multiplier)
    return why


class HumanSeat:
    """A chooser for ``seat`` that asks the person at the terminal (standard error), telling
    them first what happened since their last decision, in ``lang`` (``zh`` or ``en``)."""

    interactive = True  # decides 飘/摆割 too (R13)

    def __init__(self, seat: int, names: Sequence[str] | None = None, lang: str = "en") -> None:
        self.seat = seat
        self.names = names
        """The seats' names in the log's header: how the others are called."""
        self.lang = lang
        self._round: Round | None = None
        self._seen = 0

    def _say(self, line: str, nl: bool = True) -> None:
        click.echo(line, nl=nl, err=True)

    def _tell(self, rnd: Round) -> None:
        if rnd is not self._round:
            self._round, self._seen = rnd, 0
        for ev in rnd.events[self._seen :]:
            line = narrate(ev, self.seat, self.names, self.lang)
            if line is not None:
                self._say("  " + line)
        self._seen = len(rnd.events)

    def __call__(self, rnd: Round, s: int, legal: list[Any]) -> Any:
        lang = self.lang
        self._tell(rnd)
        self._say("")
        for o in range(4):
            void = text(f"suit.{SUITS[rnd.voids[o]]}", lang) if rnd.voids[o] >= 0 else "-"
            if lang != "zh" and rnd.voids[o] >= 0:
                void = SUITS[rnd.voids[o]]
            mark = text("human.mark_you" if o == self.seat else "human.mark_other", lang)
            self._say(
                text(
                    "human.seat_line",
                    lang,
                    mark=mark,
                    who=seat_ref(o, lang, self.names),
                    won=text("human.won", lang) if rnd.won[o] else "",
                    void=void,
                    melds=_melds(rnd.melds[o], lang) or "-",
                    river=_tiles(rnd.rivers[o], lang) or "-",
                )
            )
        counts = list(rnd.hands[self.seat].counts())
        last = rnd.events[-1] if rnd.events else {}
        drew = ""
        if last.get("type") == "tsumo" and last.get("actor") == self.seat:
            drew = text("human.drew", lang, tile=tiles_text(last.get("pai"), lang))
        self._say(text("human.hand", lang, hand=_hand(counts, lang), drew=drew, left=108 - rnd.pos))
        scores = totals_text(rnd.ledger.totals(), lang, self.names)
        self._say(text("human.scores", lang, scores=scores))
        own_void: int = rnd.voids[self.seat]
        seen = seen_counts(rnd, self.seat)
        if sum(counts) % 3 == 1 and own_void >= 0:
            self._say(waits_line(counts, own_void, seen, lang))
        default = quiet_default(legal, rnd.drawn if rnd.cur == self.seat else -1)
        not_ready = text("human.not_ready", lang)
        for i, a in enumerate(legal):
            mark = text("human.enter_mark", lang) if i == default else ""
            after = ""
            if a.word == "dahai" and own_void >= 0 and sum(counts) % 3 == 2:
                left = list(counts)
                left[a.tile] -= 1
                told = waits_line(left, own_void, seen, lang)
                after = "" if told == not_ready else text("human.after_discard", lang, waits=told)
            self._say(f"  [{i}] {action_label(a, lang)}{mark}{after}")
        try:
            return legal[self._ask(legal, default)]
        except EOFError:
            raise HumanInputEnded(self.seat) from None

    def _ask(self, legal: Sequence[Any], default: int | None) -> int:
        """Read a choice until one is valid. Unlike ``click.prompt``, which turns EOF into
        the same Abort as Ctrl-C, an ended input is told apart (EOFError, then exit 3)."""
        lang = self.lang
        n = len(legal)
        enter = "" if default is None else text("human.prompt_enter", lang, default=default)
        while True:
            self._say(text("human.prompt", lang, last=n - 1, enter=enter), nl=False)
            line = sys.stdin.readline()
            if not line:
                self._say("")
                raise EOFError
            typed = line.strip()
            if not typed:
                if default is not None:
                    return default
                self._say(text("human.no_default", lang))
                continue
            got = parse_choice(typed[:40], legal, lang)
            if isinstance(got, int):
                return got
            self._say(text("human.error", lang, reason=got))

    def finish(self, rnd: Round) -> None:
        """Tell the end of ``rnd``: what happened since the last decision, who won on which
        tile for how much, every payment and the scores."""
        lang = self.lang
        self._tell(rnd)
        res = rnd.result()
        for w in res.wins:
            if w.seat == self.seat:
                who = text("human.you", lang)
            else:
                who = seat_name(w.seat, lang, self.names)
            if w.discarder is None:
                how = text("human.self_draw", lang)
            else:
                how = text("human.from", lang, seat=seat_name(w.discarder, lang, self.names))
            why = win_why(w.score, lang)
            self._say(text("human.win", lang, who=who, tile=_tile(w.tile, lang), how=how, why=why))
        totals = totals_text(res.totals, lang, self.names)
        self._say(text("human.round_over", lang, totals=totals))
