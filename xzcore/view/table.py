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

from xzcore.tiles import (
    SUIT_NAMES_ZH,
    SUITS,
    Meld,
    TileParseError,
    format_tiles,
    parse_tiles,
    tile_name,
    tile_name_zh,
)

__all__ = ["WORDS", "TableState", "describe", "tiles_text"]

WORDS: dict[str, tuple[str, str]] = {
    "start_kyoku": ("开局", "deal"),
    "exchange": ("换三张", "exchange"),
    "dingque": ("定缺", "void"),
    "tsumo": ("摸", "draw"),
    "dahai": ("打", "discard"),
    "pon": ("碰", "peng"),
    "daiminkan": ("直杠", "gang"),
    "ankan": ("暗杠", "concealed gang"),
    "kakan": ("补杠", "added gang"),
    "none": ("过", "pass"),
    "hora": ("胡", "hu"),
    "gang_payment": ("杠钱", "gang money"),
    "call_transfer": ("呼叫转移", "call transfer"),
    "ryukyoku": ("流局", "wall empty"),
    "settlement": ("查花猪/查大叫/退税", "end-of-round settlement"),
    "end_kyoku": ("结束", "round over"),
    "piao": ("飘", "piao"),
    "baige": ("摆割", "baige"),
}
"""Each event and action word in the game's words: (Chinese, plain English)."""
_EVENT_ZH = {t: zh for t, (zh, _) in WORDS.items()}
_LETTERS = tuple(SUITS)
_SUIT_ZH = dict(zip(SUITS, SUIT_NAMES_ZH, strict=True))


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


def _money(ev: Mapping[str, Any]) -> str:
    tr = ev.get("transfers")
    if not isinstance(tr, list) or not tr:
        return ""
    parts = []
    for t in tr:
        if isinstance(t, Mapping):
            parts.append(f"{t.get('payer')}→{t.get('payee')} {t.get('units')} ({t.get('rule')})")
    return "; pays " + ", ".join(parts)


def describe(ev: Any, lang: str = "en") -> str:
    """One line for one event."""
    if not isinstance(ev, Mapping):
        return f"<not an event: {ev!r}>"
    t = str(ev.get("type"))
    word = _EVENT_ZH.get(t, t) if lang == "zh" else t
    pai = tiles_text(ev.get("pai"), lang) if "pai" in ev else ""
    if t == "start_kyoku":
        d = ev.get("exchange_direction")
        return f"{word} dealer {ev.get('dealer')}" + (f", exchange +{d}" if d else "")
    if t == "dingque":
        suit = str(ev.get("suit"))
        return f"{word} {_SUIT_ZH.get(suit, suit) if lang == 'zh' else suit}"
    if t == "exchange":
        return f"{word} {pai} → seat {ev.get('target')}"
    if t == "tsumo":
        extra = " (rinshan)" if ev.get("rinshan") else ""
        return f"{word} {pai}{extra}, {ev.get('left')} left"
    if t in ("dahai", "ankan", "kakan"):
        return f"{word} {pai}" + (" (tsumogiri)" if ev.get("tsumogiri") else "")
    if t in ("pon", "daiminkan"):
        return f"{word} {pai} from seat {ev.get('target')}"
    if t == "none":
        claim = ev.get("claim")
        return f"{word} {pai}" + (f" (claimed {claim}, superseded)" if claim else "")
    if t == "hora":
        sc = ev.get("score") if isinstance(ev.get("score"), Mapping) else {}
        assert isinstance(sc, Mapping)
        how = "self-draw" if ev.get("self_draw") else f"from seat {ev.get('target')}"
        pat = sc.get("pattern_zh") if lang == "zh" else sc.get("pattern_en", sc.get("pattern"))
        return f"{word} {pai} {how}: {pat} ×{sc.get('multiplier')} → ×{sc.get('capped')}" + _money(
            ev
        )
    if t == "piao":  # R13.3
        return f"{word} {ev.get('piao')}"
    if t == "baige":  # R13.4
        return f"{word} {pai}: shows {tiles_text(ev.get('hand'), lang)}"
    if t in ("gang_payment", "call_transfer", "settlement"):
        return word + _money(ev)
    if t == "end_kyoku":
        totals, nxt = ev.get("totals"), ev.get("next_dealer")
        return f"{word} {ev.get('reason')}; totals {totals}; next dealer {nxt}"
    return word


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

    def lines(self, lang: str = "en") -> list[str]:
        """The state as text, one seat a line."""
        out = [f"wall: {self.wall_left} tiles left; dealer: seat {self.dealer}"]
        for s in range(4):
            v = self.voids[s]
            void = SUIT_NAMES[lang][v] if v >= 0 else "-"
            tiles = (
                (lambda ks: " ".join(tile_name_zh(k) for k in ks))
                if lang == "zh"
                else (lambda ks: " ".join(tile_name(k) for k in ks))
            )
            melds = ", ".join(_meld_text(m, lang) for m in self.melds[s])
            out.append(
                f"seat {s}{' (won)' if self.won[s] else ''}: score {self.scores[s]:+d}; "
                f"void {void}; hand {self.hand_text(s, lang) or '-'}; "
                f"melds {melds or '-'}; "
                f"discards {tiles(self.discards[s]) or '-'}"
            )
        return out


SUIT_NAMES = {"en": _LETTERS, "zh": SUIT_NAMES_ZH}


def _meld_text(text: str, lang: str) -> str:
    """``"peng 5p"`` as is, or in Chinese (``"碰 五筒"``)."""
    if lang != "zh":
        return text
    try:
        m = Meld.parse(text)
    except TileParseError:
        return text
    return f"{m.kind.zh} {tile_name_zh(m.tile)}"
