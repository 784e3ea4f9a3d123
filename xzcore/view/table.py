"""A readable view of a recorded game, event by event, and the table state at any event
(what ``xz replay`` prints). It follows the events as recorded, without judging them — the
audit does that — so it can also show a disputed log as the platform wrote it.

>>> s = TableState()
>>> s.apply({"type": "start_kyoku", "dealer": 0, "tehais": ["123m", "4p", "5s", "9s"]})
>>> s.apply({"type": "dahai", "actor": 0, "pai": "2m", "tsumogiri": False})
>>> s.hand_text(0), s.discards[0]
('13m', [1])
>>> describe({"type": "dahai", "actor": 0, "pai": "2m", "tsumogiri": False}, "zh")
'打 二万'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xzcore.messages import MESSAGES, rule_label, text, word
from xzcore.rules import RuleError, RuleSet
from xzcore.tiles import (
    SUITS,
    Meld,
    TileParseError,
    format_tiles,
    parse_tiles,
    tile_name,
    tile_name_zh,
)

__all__ = [
    "SUIT_NAMES",
    "WORDS",
    "TableState",
    "describe",
    "rules_label",
    "seat_name",
    "seat_ref",
    "tiles_text",
    "totals_text",
]

WORDS: dict[str, tuple[str, str]] = {
    k.removeprefix("event."): pair for k, pair in MESSAGES.items() if k.startswith("event.")
}
"""Each event and action word in the game's words: (Chinese, plain English), from the
message catalogue (:mod:`xzcore.messages`)."""
_LETTERS = tuple(SUITS)


def _kinds(text: Any) -> list[int]:
    if not isinstance(text, str):
        return []
    try:
        return parse_tiles(text)
    except TileParseError:
        return []


def tiles_text(text: Any, lang: str) -> str:
    """Tile text in English (MPSZ) or Chinese names."""
    kinds = _kinds(text)
    if lang == "zh":
        return " ".join(tile_name_zh(k) for k in kinds)
    return format_tiles(kinds) if kinds else str(text)


def rules_label(rules: Any, lang: str) -> str:
    """A log header's rule set by its R12 preset, with the options that differ from it.

    >>> rules_label(RuleSet.preset("leshan").to_dict(), "zh")
    '乐山麻将'
    >>> rules_label(RuleSet.preset("xuezhan", cap_fan=4).to_dict(), "en")
    'xuezhan (with cap_fan=4)'
    """
    try:
        name, changed = RuleSet.from_dict(rules).nearest_preset()
    except RuleError as exc:
        return text("preset.invalid", lang, error=exc)
    label = word("preset", name, lang)
    if changed:
        changes = text("view.list_sep", lang).join(f"{k}={v}" for k, v in changed.items())
        label += text("preset.changes", lang, changes=changes)
    return label


def seat_ref(seat: Any, lang: str, seats: Any = None) -> str:
    """A seat as people read it: its header name with the seat number in brackets
    (``bot2 (seat 2)`` / ``bot2（座2）``), or ``seat 2`` / 座2 without names; a value that
    is not a seat as it is."""
    if type(seat) is not int or not 0 <= seat < 4:
        return str(seat)
    if seats is not None and len(seats) == 4 and isinstance(seats[seat], str):
        return text("view.named", lang, name=seats[seat], seat=seat)
    return text("view.seat", lang, seat=seat)


def seat_name(seat: Any, lang: str, seats: Any = None) -> str:
    """A seat by its header name alone (in a transfer, a total), or ``seat 2`` / 座2
    without names."""
    if type(seat) is int and 0 <= seat < 4:
        if seats is not None and len(seats) == 4 and isinstance(seats[seat], str):
            return str(seats[seat])
        return text("view.seat", lang, seat=seat)
    return str(seat)


def totals_text(totals: Any, lang: str, seats: Any = None) -> str:
    """Four totals by seat (``bot0 +3, bot1 -3, …``); anything else as it is.

    >>> totals_text([3, 2, -6, 1], "en", ["bot0", "bot1", "bot2", "bot3"])
    'bot0 +3, bot1 +2, bot2 -6, bot3 +1'
    """
    if not (isinstance(totals, (list, tuple)) and len(totals) == 4):
        return str(totals)
    sep = text("view.list_sep", lang)
    return sep.join(
        f"{seat_name(s, lang, seats)} {v:+d}"
        if type(v) is int and v
        else f"{seat_name(s, lang, seats)} {v}"
        for s, v in enumerate(totals)
    )


def _money(ev: Mapping[str, Any], lang: str, seats: Any = None) -> str:
    tr = ev.get("transfers")
    if not isinstance(tr, list) or not tr:
        return ""
    parts = []
    for t in tr:
        if isinstance(t, Mapping):
            rule = t.get("rule")
            parts.append(
                text(
                    "view.transfer",
                    lang,
                    payer=seat_name(t.get("payer"), lang, seats),
                    payee=seat_name(t.get("payee"), lang, seats),
                    units=t.get("units"),
                    rule=rule_label(rule, lang) if isinstance(rule, str) else rule,
                )
            )
    return text("view.pays", lang) + text("view.list_sep", lang).join(parts)


def _event_word(t: str, lang: str) -> str:
    """The event in the game's words (碰 / peng); an unknown type as the log has it."""
    return word("event", t, lang)


def describe(ev: Any, lang: str = "en", seats: Any = None) -> str:
    """One line for one event, in the game's words; ``seats``: the header's four names, by
    which seats are named (the number in brackets)."""
    if not isinstance(ev, Mapping):
        try:
            shown = repr(ev)
        except RecursionError:  # a log may nest a value ~1,000 deep (L6 allows it)
            shown = "a value nested too deeply to show"
        return f"<not an event: {shown}>"
    t = str(ev.get("type"))
    w = _event_word(t, lang)
    pai = tiles_text(ev.get("pai"), lang) if "pai" in ev else ""
    if t == "start_kyoku":
        d = ev.get("exchange_direction")
        line = f"{w} " + text("view.dealer", lang, dealer=seat_ref(ev.get("dealer"), lang, seats))
        return line + (text("view.exchange_direction", lang, direction=d) if d else "")
    if t == "dingque":
        return f"{w} {word('suit', str(ev.get('suit')), lang)}"
    if t == "exchange":
        return f"{w} {pai} " + text(
            "view.to_seat", lang, seat=seat_name(ev.get("target"), lang, seats)
        )
    if t == "tsumo":
        extra = text("view.rinshan", lang) if ev.get("rinshan") else ""
        return f"{w} {pai}{extra}" + text("view.left", lang, left=ev.get("left"))
    if t in ("dahai", "ankan", "kakan"):
        return f"{w} {pai}" + (text("view.tsumogiri", lang) if ev.get("tsumogiri") else "")
    if t in ("pon", "daiminkan"):
        return f"{w} {pai}" + text(
            "view.from_seat", lang, seat=seat_name(ev.get("target"), lang, seats)
        )
    if t == "none":
        claim = ev.get("claim")
        if not claim:
            return f"{w} {pai}"
        return f"{w} {pai}" + text("view.superseded", lang, claim=_event_word(str(claim), lang))
    if t == "hora":
        sc = ev.get("score") if isinstance(ev.get("score"), Mapping) else {}
        assert isinstance(sc, Mapping)
        if ev.get("self_draw"):
            how = text("view.self_draw", lang)
        else:
            how = text("view.from_seat_win", lang, seat=seat_name(ev.get("target"), lang, seats))
        pat = sc.get("pattern_zh") if lang == "zh" else sc.get("pattern_en", sc.get("pattern"))
        return f"{w} {pai} {how}: {pat} ×{sc.get('multiplier')} → ×{sc.get('capped')}" + _money(
            ev, lang, seats
        )
    if t == "piao":  # R13.3
        return f"{w} {ev.get('piao')}"
    if t == "baige":  # R13.4
        return f"{w} {pai}" + text("view.shows", lang, hand=tiles_text(ev.get("hand"), lang))
    if t in ("gang_payment", "call_transfer", "settlement"):
        return w + _money(ev, lang, seats)
    if t == "end_kyoku":
        reason = ev.get("reason")
        return text(
            "view.end",
            lang,
            word=w,
            reason=word("reason", reason, lang) if isinstance(reason, str) else reason,
            totals=totals_text(ev.get("totals"), lang, seats),
            next=seat_name(ev.get("next_dealer"), lang, seats),
        )
    return w


class TableState:
    """Hands, melds, discards, void suits, wall count and scores, following the events."""

    def __init__(self) -> None:
        self.hands: list[list[int]] = [[0] * 27 for _ in range(4)]
        self.melds: list[list[str]] = [[], [], [], []]
        self.discards: list[list[int]] = [[], [], [], []]
        self.voids: list[int] = [-1, -1, -1, -1]
        self.won: list[bool] = [False] * 4
        self.scores: list[int] = [0, 0, 0, 0]
        self.wall_left = 108
        self.dealer = 0
        self.events = 0
        # The discard still on offer (seat, kind): a win on it takes it out of that river
        # once, however many seats win on it (R5.3 一炮多响).
        self._on_offer: tuple[int, int] | None = None

    def _take(self, seat: int, kind: int, n: int = 1) -> None:
        h = self.hands[seat]
        h[kind] = max(0, h[kind] - n)

    def apply(self, ev: Any) -> None:
        """Follow one event (unknown or malformed ones change nothing)."""
        self.events += 1
        if not isinstance(ev, Mapping):
            return
        t = ev.get("type")
        a = ev.get("actor")
        seat = a if type(a) is int and 0 <= a < 4 else None
        kinds = _kinds(ev.get("pai"))
        k = kinds[0] if len(kinds) == 1 else None
        tr = ev.get("transfers")
        if isinstance(tr, list):
            for x in tr:
                if (
                    isinstance(x, Mapping)
                    and all(type(x.get(f)) is int for f in ("payer", "payee", "units"))
                    and 0 <= x["payer"] < 4
                    and 0 <= x["payee"] < 4
                ):
                    self.scores[x["payer"]] -= x["units"]
                    self.scores[x["payee"]] += x["units"]
        if t == "start_kyoku":
            d = ev.get("dealer")
            self.dealer = d if type(d) is int else 0
            tehais = ev.get("tehais")
            if isinstance(tehais, list):
                for s, text in enumerate(tehais[:4]):
                    for kk in _kinds(text):
                        self.hands[s][kk] += 1
            self.wall_left = 55
            return
        if seat is None:
            return
        if t == "exchange":
            target = ev.get("target")
            for kk in kinds:
                self._take(seat, kk)
                if type(target) is int and 0 <= target < 4:
                    self.hands[target][kk] += 1
        elif t == "dingque":
            suit = ev.get("suit")
            self.voids[seat] = SUITS.index(suit) if suit in _LETTERS else -1
        elif k is None:
            if t == "hora":
                self.won[seat] = True
        elif t == "tsumo":
            self.hands[seat][k] += 1
            left = ev.get("left")
            if type(left) is int:
                self.wall_left = left
        elif t == "dahai":
            self._take(seat, k)
            self.discards[seat].append(k)
            self._on_offer = (seat, k)
        elif t in ("pon", "daiminkan"):
            self._take(seat, k, 2 if t == "pon" else 3)
            self.melds[seat].append(("peng " if t == "pon" else "gang ") + tile_name(k))
            target = ev.get("target")
            if type(target) is int and 0 <= target < 4 and self.discards[target][-1:] == [k]:
                self.discards[target].pop()
        elif t == "ankan":
            self._take(seat, k, 4)
            self.melds[seat].append("angang " + tile_name(k))
        elif t == "kakan":
            self._take(seat, k)
            name = "peng " + tile_name(k)
            if name in self.melds[seat]:
                self.melds[seat][self.melds[seat].index(name)] = "bugang " + tile_name(k)
        elif t == "hora":
            self.won[seat] = True
            if ev.get("self_draw"):
                self._take(seat, k)
            elif not ev.get("robbed"):
                offer = self._on_offer
                if offer == (ev.get("target"), k) and self.discards[offer[0]][-1:] == [k]:
                    self.discards[offer[0]].pop()
                    self._on_offer = None
            elif ev.get("robbed"):
                target = ev.get("target")
                if type(target) is int and 0 <= target < 4:
                    name = "bugang " + tile_name(k)
                    if name in self.melds[target]:
                        self.melds[target][self.melds[target].index(name)] = "peng " + tile_name(k)

    def hand_text(self, seat: int, lang: str = "en") -> str:
        """A seat's concealed tiles."""
        kinds = [k for k in range(27) for _ in range(self.hands[seat][k])]
        if lang == "zh":
            return " ".join(tile_name_zh(k) for k in kinds)
        return format_tiles(kinds)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "events": self.events,
            "dealer": self.dealer,
            "wall_left": self.wall_left,
            "seats": [
                {
                    "seat": s,
                    "hand": self.hand_text(s),
                    "melds": list(self.melds[s]),
                    "discards": [tile_name(k) for k in self.discards[s]],
                    "void": SUITS[self.voids[s]] if self.voids[s] >= 0 else None,
                    "won": self.won[s],
                    "score": self.scores[s],
                }
                for s in range(4)
            ],
        }

    def lines(self, lang: str = "en", seats: Any = None) -> list[str]:
        """The state as text, one seat a line (``seats``: the header's names)."""
        dealer = seat_ref(self.dealer, lang, seats)
        out = [text("view.wall", lang, left=self.wall_left, dealer=dealer)]
        nothing = text("view.nothing", lang)
        for s in range(4):
            v = self.voids[s]
            void = SUIT_NAMES[lang][v] if v >= 0 else nothing
            tiles = (
                (lambda ks: " ".join(tile_name_zh(k) for k in ks))
                if lang == "zh"
                else (lambda ks: " ".join(tile_name(k) for k in ks))
            )
            melds = text("view.list_sep", lang).join(_meld_text(m, lang) for m in self.melds[s])
            out.append(
                text(
                    "view.seat_line",
                    lang,
                    seat=seat_ref(s, lang, seats),
                    won=text("view.won", lang) if self.won[s] else "",
                    score=f"{self.scores[s]:+d}",
                    void=void,
                    hand=self.hand_text(s, lang) or nothing,
                    melds=melds or nothing,
                    discards=tiles(self.discards[s]) or nothing,
                )
            )
        return out


SUIT_NAMES = {lang: tuple(word("suit", x, lang) for x in SUITS) for lang in ("en", "zh")}
"""Suit names by language, from the message catalogue."""


def _meld_text(text: str, lang: str) -> str:
    """``"peng 5p"`` as is, or in Chinese (``"碰 五筒"``)."""
    if lang != "zh":
        return text
    try:
        m = Meld.parse(text)
    except TileParseError:
        return text
    return f"{m.kind.zh} {tile_name_zh(m.tile)}"
