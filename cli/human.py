"""The person at ``xz record --human SEAT``: what just happened at the table, in the game's
words (打 碰 杠 胡, with English), and their choice — a number, a tile (``5p``) or a word.

Only what the seat may see is told (no other seat's drawn or passed tiles). Enter takes the
quiet choice (pass, or discard the drawn tile), never a gang or a win.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import click

from xzcore import kernel as core
from xzcore.round.engine import Round
from xzcore.tiles import SUITS, TileParseError, format_counts, format_melds, parse_tile, tile_name
from xzcore.view.table import WORDS, describe, seat_name, seat_ref, totals_text

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


_PLAIN = {
    " (as drawn)": " (摸切 the tile just drawn)",
    " (replacement draw)": " (杠上 after a gang)",
}
"""The view's words, with the Chinese term, for the person at the table."""

SUIT_WORDS = {"m": 0, "p": 1, "s": 2, "万": 0, "筒": 1, "条": 2}
"""A typed suit (定缺): its letter or its Chinese name."""


class HumanInputEnded(Exception):
    """Standard input ended (EOF) while the person at ``--human`` was to choose."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


def action_label(a: Any) -> str:
    """``打 discard 5p``, ``胡 hu 5p``, ``过 pass``, ``定缺 void m``, ``飘 piao 2`` …"""
    zh, en = WORDS.get(a.word, (a.word, a.word))
    if a.word == "dingque":
        arg = SUITS[a.suit]
    elif a.word == "exchange":
        arg = " ".join(tile_name(k) for k in a.tiles)
    elif a.word == "piao":
        arg = str(a.amount)
    elif a.word == "none":
        arg = ""
    else:
        arg = tile_name(a.tile)
    return f"{zh} {en} {arg}".rstrip()


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


def parse_choice(text: str, legal: Sequence[Any]) -> int | str:
    """The index ``text`` names among ``legal`` — a number, a tile (its discard, or the one
    choice on it) or a word (the one choice of it) — or the reason it names none."""
    n = len(legal)
    if text.isascii() and text.isdigit():
        if int(text) < n:
            return int(text)
        return f"{text!r} is not a choice from 0 to {n - 1}"
    try:
        kind = parse_tile(text)
    except TileParseError:
        kind = -1
    if kind >= 0:
        on = [i for i, a in enumerate(legal) if getattr(a, "tile", -1) == kind]
        discards = [i for i in on if legal[i].word == "dahai"]
        pick = discards or on
        if len(pick) == 1:
            return pick[0]
        if not pick:
            return f"{text!r}: no choice on that tile"
        return f"{text!r}: more than one choice on that tile: type its number"
    suit = SUIT_WORDS.get(text.lower())
    if suit is not None:
        idx = [i for i, a in enumerate(legal) if a.word == "dingque" and a.suit == suit]
        if idx:
            return idx[0]
        return f"{text!r}: not a choice now"
    word = ALIASES.get(text.lower())
    if word is not None:
        if word == "gang":
            idx = [i for i, a in enumerate(legal) if a.word in GANGS]
        else:
            idx = [i for i, a in enumerate(legal) if a.word == word]
        if len(idx) == 1:
            return idx[0]
        if idx:
            return f"{text!r}: more than one such choice: type its number"
        return f"{text!r}: not a choice now"
    return (
        f"{text!r} is not a choice: type 0-{n - 1}, a tile such as 5p, or a word (打 碰 杠 胡 过)"
    )


def narrate(ev: Mapping[str, Any], seat: int, names: Sequence[str] | None = None) -> str | None:
    """One line for one event, as ``seat`` may see it (``None``: nothing to tell); the other
    seats by their ``names`` (the log header's), the number in brackets.

    >>> narrate({"type": "dahai", "actor": 2, "pai": "5p"}, 0, ["human", "a", "b", "c"])
    'b (seat 2): 打 discard 5p'
    """
    t = ev.get("type")
    if t in ("start_kyoku", "none"):
        return None
    zh, en = WORDS.get(str(t), (str(t), str(t)))
    actor = ev.get("actor")
    who = "you" if actor == seat else seat_ref(actor, "en", names)
    if t == "tsumo" and actor != seat:
        return f"{who}: {zh} {en}"  # another seat's draw is hidden
    if t == "exchange" and actor != seat:
        return f"{who}: {zh} {en} → {seat_name(ev.get('target'), 'en', names)}"
    detail = describe(ev, "en", names)[len(en) :]
    for word, plain in _PLAIN.items():
        detail = detail.replace(word, plain)
    return f"{who}: {zh} {en}{detail}" if actor is not None else f"{zh} {en}{detail}"


def seen_counts(rnd: Any, seat: int) -> list[int]:
    """How many of each kind ``seat`` can see: its own hand, every river and every meld."""
    seen = list(rnd.hands[seat].counts())
    for o in range(4):
        for k in rnd.rivers[o]:
            seen[k] += 1
        for m in rnd.melds[o]:
            seen[m.tile] += 3 if m.kind.value == "peng" else 4
    return seen


def waits_line(counts: Sequence[int], void: int, seen: Sequence[int]) -> str:
    """Whether a hand of 3n+1 tiles is ready (R7.3), on which tiles, and which of them are
    dead — all four copies already in sight (听牌 on 3p 6p; 6p dead: all four seen)."""
    mask = core.waits(list(counts), void)
    kinds = [k for k in range(27) if mask >> k & 1]
    if not kinds:
        return "not ready 未听牌"
    dead = [k for k in kinds if seen[k] >= 4]
    line = "ready 听牌 on " + " ".join(tile_name(k) for k in kinds)
    if dead and len(dead) == len(kinds):
        return line + " — every wait is dead 死听 (all four of each seen)"
    if dead:
        line += "; dead 死张 (all four seen): " + " ".join(tile_name(k) for k in dead)
    return line


def win_why(score: Any) -> str:
    """Why a win is worth what it is: ``×4: 七对 seven pairs ×4``, ``×8: 平胡 plain win ×1,
    2 根 ×4, 杠上花 … ×2``, or a count's items (R13.1)."""
    items = getattr(score, "items", None)
    if items:
        parts = [f"{item.zh} +{n}" for item, n in items]
        return f"×{score.capped}: count 个数 {score.count} = " + " + ".join(parts)
    parts = [f"{score.pattern.zh} {score.pattern.en} ×{score.pattern.table}"]
    if score.gen_left:
        parts.append(f"{score.gen_left} 根 gen ×{2**score.gen_left}")
    parts += [f"{e.zh} {e.en} ×2" for e in score.extras]
    if score.special is not None:
        parts = ["天胡 heavenly win ×32" if score.special == "tianhu" else "地胡 earthly win ×32"]
    why = f"×{score.capped}: " + ", ".join(parts)
    if score.is_capped:
        why += f" (capped 封顶 from ×{score.multiplier})"
    return why


class HumanSeat:
    """A chooser for ``seat`` that asks the person at the terminal (standard error), telling
    them first what happened since their last decision."""

    interactive = True  # decides 飘/摆割 too (R13)

    def __init__(self, seat: int, names: Sequence[str] | None = None) -> None:
        self.seat = seat
        self.names = names
        """The seats' names in the log's header: how the others are called."""
        self._round: Round | None = None
        self._seen = 0

    def _tell(self, rnd: Round) -> None:
        if rnd is not self._round:
            self._round, self._seen = rnd, 0
        for ev in rnd.events[self._seen :]:
            line = narrate(ev, self.seat, self.names)
            if line is not None:
                click.echo("  " + line, err=True)
        self._seen = len(rnd.events)

    def __call__(self, rnd: Round, s: int, legal: list[Any]) -> Any:
        self._tell(rnd)
        out = sys.stderr
        click.echo("", file=out)
        for o in range(4):
            void = SUITS[rnd.voids[o]] if rnd.voids[o] >= 0 else "-"
            melds = format_melds(rnd.melds[o]) or "-"
            river = " ".join(tile_name(k) for k in rnd.rivers[o]) or "-"
            mark = "you" if o == self.seat else "   "
            won = " (won 胡了)" if rnd.won[o] else ""
            who = seat_ref(o, "en", self.names)
            click.echo(f"{mark} {who}{won}: void {void}; melds {melds}; discards {river}", file=out)
        hand = format_counts(rnd.hands[self.seat].counts())
        last = rnd.events[-1] if rnd.events else {}
        drew = ""
        if last.get("type") == "tsumo" and last.get("actor") == self.seat:
            drew = f"   drew: {last.get('pai')}"
        scores = totals_text(rnd.ledger.totals(), "en", self.names)
        click.echo(f"your hand: {hand}{drew}   wall: {108 - rnd.pos} left", file=out)
        click.echo(f"scores 分数: {scores}", file=out)
        counts = list(rnd.hands[self.seat].counts())
        own_void: int = rnd.voids[self.seat]
        seen = seen_counts(rnd, self.seat)
        if sum(counts) % 3 == 1 and own_void >= 0:
            click.echo(waits_line(counts, own_void, seen), file=out)
        default = quiet_default(legal, rnd.drawn if rnd.cur == self.seat else -1)
        for i, a in enumerate(legal):
            mark = "  (Enter)" if i == default else ""
            after = ""
            if a.word == "dahai" and own_void >= 0 and sum(counts) % 3 == 2:
                left = list(counts)
                left[a.tile] -= 1
                told = waits_line(left, own_void, seen)
                after = "" if told.startswith("not ready") else f"  → {told}"
            click.echo(f"  [{i}] {action_label(a)}{mark}{after}", file=out)
        try:
            return legal[self._ask(legal, default)]
        except EOFError:
            raise HumanInputEnded(self.seat) from None

    def _ask(self, legal: Sequence[Any], default: int | None) -> int:
        """Read a choice until one is valid. Unlike ``click.prompt``, which turns EOF into
        the same Abort as Ctrl-C, an ended input is told apart (EOFError, then exit 3)."""
        n = len(legal)
        enter = "" if default is None else f", Enter: {default}"
        while True:
            click.echo(f"your choice [0-{n - 1}, a tile or a word{enter}]: ", nl=False, err=True)
            line = sys.stdin.readline()
            if not line:
                click.echo("", err=True)
                raise EOFError
            text = line.strip()
            if not text:
                if default is not None:
                    return default
                click.echo("Error: no default here (a win or a gang): choose one.", err=True)
                continue
            got = parse_choice(text[:40], legal)
            if isinstance(got, int):
                return got
            click.echo(f"Error: {got}.", err=True)

    def finish(self, rnd: Round) -> None:
        """Tell the end of ``rnd``: what happened since the last decision, who won on which
        tile for how much, every payment and the scores."""
        self._tell(rnd)
        res = rnd.result()
        for w in res.wins:
            who = "you" if w.seat == self.seat else seat_name(w.seat, "en", self.names)
            if w.discarder is None:
                how = "self-draw 自摸"
            else:
                how = f"from {seat_name(w.discarder, 'en', self.names)}"
            click.echo(f"{who} 胡 won on {tile_name(w.tile)} ({how}) {win_why(w.score)}", err=True)
        totals = totals_text(res.totals, "en", self.names)
        click.echo(f"round over 结束 — scores 分数: {totals}", err=True)
