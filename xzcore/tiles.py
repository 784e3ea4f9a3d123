"""Tiles and their notation (RULES.md R1).

A tile *kind* is an integer 0–26: 1m–9m are 0–8, 1p–9p are 9–17, 1s–9s are 18–26 (R1.2).
Hands are written MPSZ-style (``123m456p789s``, a single tile ``5p``); the Chinese suit
characters 万/筒/条 are accepted too (R1.3).

>>> parse_tiles("123m5p")
[0, 1, 2, 13]
>>> format_tiles([13, 0, 2, 1])
'123m5p'
>>> tile_name(13), tile_name_zh(13)
('5p', '五筒')
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from xzcore.errors import TileParseError

__all__ = [
    "KINDS",
    "NAMES",
    "SUITS",
    "SUIT_NAMES_EN",
    "SUIT_NAMES_ZH",
    "TILES",
    "Meld",
    "MeldKind",
    "TileParseError",
    "counts_of",
    "format_counts",
    "format_melds",
    "format_tiles",
    "kinds_of",
    "parse_counts",
    "parse_melds",
    "parse_suit",
    "parse_tile",
    "parse_tiles",
    "rank_of",
    "suit_of",
    "tile_name",
    "tile_name_zh",
]

KINDS = 27
"""Number of tile kinds (R1.1)."""
TILES = 108
"""Number of physical tiles (R1.1)."""
SUITS = "mps"
"""Suit letters in index order: 万 m = 0, 筒 p = 1, 条 s = 2."""
SUIT_NAMES_ZH = ("万", "筒", "条")
SUIT_NAMES_EN = ("characters", "dots", "bamboo")
NAMES = tuple(sys.intern(f"{k % 9 + 1}{SUITS[k // 9]}") for k in range(KINDS))
"""Each kind's name, ``NAMES[13] == '5p'``: the one table of tile text — events, walls, the
view and the compiled modules (which take it at import) all use it."""
_RANK_ZH = "一二三四五六七八九"
_SUIT_OF_CHAR = {"m": 0, "p": 1, "s": 2, "万": 0, "筒": 1, "条": 2, "萬": 0, "條": 2}


def suit_of(kind: int) -> int:
    """Suit index (0 m, 1 p, 2 s) of a tile kind."""
    return kind // 9


def rank_of(kind: int) -> int:
    """Rank 1–9 of a tile kind."""
    return kind % 9 + 1


def tile_name(kind: int) -> str:
    """MPSZ name of one kind: ``tile_name(13) == '5p'``."""
    if not 0 <= kind < KINDS:
        raise ValueError(f"tile kind {kind!r} is outside 0..26")
    return NAMES[kind]


def tile_name_zh(kind: int) -> str:
    """Chinese name of one kind: ``tile_name_zh(13) == '五筒'``."""
    if not 0 <= kind < KINDS:
        raise ValueError(f"tile kind {kind!r} is outside 0..26")
    return _RANK_ZH[kind % 9] + SUIT_NAMES_ZH[kind // 9]


def parse_suit(text: str) -> int:
    """Parse a suit letter or character (``m``/``万`` …) to its index 0–2.

    ``-`` or an empty string mean "no suit" and give -1.
    """
    t = text.strip().lower()
    if t in ("", "-", "none"):
        return -1
    if t in _SUIT_OF_CHAR:
        return _SUIT_OF_CHAR[t]
    raise TileParseError(text, 0, f"unknown suit {text!r} (expected m, p or s)")


def parse_tiles(text: str, *, max_copies: int = 4) -> list[int]:
    """Parse MPSZ (or Chinese-suit) text into a list of kinds, in the order written.

    Spaces are ignored. A digit run must be closed by a suit. Raises :class:`TileParseError`
    naming the position for honours (``z``), red fives (``0``), more than ``max_copies``
    copies of a kind, an unknown suit, or a digit run without a suit.
    """
    kinds: list[int] = []
    pending: list[tuple[int, int]] = []  # (rank 1-9, position)
    counts = [0] * KINDS
    for pos, ch in enumerate(text):
        if ch.isspace() or ch == ",":
            continue
        if "1" <= ch <= "9":
            pending.append((int(ch), pos))
            continue
        if ch == "0":
            raise TileParseError(text, pos, "red fives (0) are not used in Sichuan mahjong")
        low = ch.lower()
        if low == "z":
            raise TileParseError(text, pos, "honour tiles (z) are not used in Sichuan mahjong")
        if low not in _SUIT_OF_CHAR:
            raise TileParseError(text, pos, f"unknown character {ch!r} (expected 1-9, m, p, s)")
        if not pending:
            raise TileParseError(text, pos, f"suit {ch!r} has no ranks before it")
        suit = _SUIT_OF_CHAR[low]
        for rank, rpos in pending:
            kind = suit * 9 + rank - 1
            counts[kind] += 1
            if counts[kind] > max_copies:
                raise TileParseError(
                    text, rpos, f"more than {max_copies} copies of {tile_name(kind)}"
                )
            kinds.append(kind)
        pending = []
    if pending:
        raise TileParseError(text, pending[0][1], "ranks without a suit letter after them")
    return kinds


def parse_tile(text: str) -> int:
    """Parse exactly one tile (``'5p'`` → 13)."""
    kinds = parse_tiles(text)
    if len(kinds) != 1:
        raise TileParseError(text, 0, f"expected one tile, found {len(kinds)}")
    return kinds[0]


def counts_of(kinds: Iterable[int]) -> bytes:
    """The 27-count vector (as ``bytes``) of a sequence of kinds."""
    c = bytearray(KINDS)
    for k in kinds:
        c[k] += 1
    return bytes(c)


def parse_counts(text: str) -> bytes:
    """Parse tile text straight to a 27-byte count vector."""
    return counts_of(parse_tiles(text))


def kinds_of(counts: Sequence[int]) -> list[int]:
    """The sorted list of kinds in a count vector."""
    return [k for k in range(KINDS) for _ in range(counts[k])]


def format_tiles(kinds: Iterable[int]) -> str:
    """Canonical MPSZ text: sorted, one suit letter per run (``'123m5p'``)."""
    by_suit: list[list[int]] = [[], [], []]
    for k in sorted(kinds):
        if not 0 <= k < KINDS:
            raise ValueError(f"tile kind {k!r} is outside 0..26")
        by_suit[k // 9].append(k % 9 + 1)
    return "".join(
        "".join(str(r) for r in ranks) + SUITS[s] for s, ranks in enumerate(by_suit) if ranks
    )


def format_counts(counts: Sequence[int]) -> str:
    """Canonical MPSZ text of a count vector."""
    return format_tiles(kinds_of(counts))


class MeldKind(enum.Enum):
    """The four kinds of meld (R5.2, R6.1). The value is the word used in text and logs."""

    PENG = "peng"  # 碰
    GANG = "gang"  # 直杠 / 明杠 / 点杠: direct gang on a discard
    BUGANG = "bugang"  # 补杠 / 巴杠: added gang on one's own peng
    ANGANG = "angang"  # 暗杠: concealed gang

    @property
    def is_gang(self) -> bool:
        return self is not MeldKind.PENG

    @property
    def size(self) -> int:
        """Tiles in the meld: 3 for a peng, 4 for a gang."""
        return 3 if self is MeldKind.PENG else 4

    @property
    def zh(self) -> str:
        return {"peng": "碰", "gang": "直杠", "bugang": "补杠", "angang": "暗杠"}[self.value]


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld: its kind and tile kind. ``Meld.parse("peng 5p")``; ``str()`` gives it back."""

    kind: MeldKind
    tile: int

    @classmethod
    def parse(cls, text: str) -> Meld:
        parts = text.split()
        if len(parts) != 2:
            raise TileParseError(text, 0, "a meld is written '<peng|gang|bugang|angang> <tile>'")
        try:
            mk = MeldKind(parts[0].lower())
        except ValueError:
            raise TileParseError(
                text, 0, f"unknown meld kind {parts[0]!r} (peng, gang, bugang, angang)"
            ) from None
        try:
            tile = parse_tile(parts[1])
        except TileParseError as exc:
            offset = text.index(parts[1])
            raise TileParseError(text, offset + exc.position, exc.reason) from None
        return cls(mk, tile)

    @property
    def size(self) -> int:
        return self.kind.size

    def __str__(self) -> str:
        return f"{self.kind.value} {tile_name(self.tile)}"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"


def parse_melds(text: str) -> list[Meld]:
    """Parse a comma-separated list of melds: ``"peng 5p, gang 3m, angang 7s"``."""
    if not text.strip():
        return []
    return [Meld.parse(part) for part in text.split(",")]


def format_melds(melds: Iterable[Meld]) -> str:
    """Inverse of :func:`parse_melds`."""
    return ", ".join(str(m) for m in melds)
