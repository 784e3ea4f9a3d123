"""The vocabulary of scoring: errors, :class:`Extra` (R8.6), :class:`Block` (one part of a
decomposition) and :class:`WinContext` (R7.5, R8.6); :class:`Pattern` (R8.3) is the kernel's
table (:mod:`xzcore.kernel.patterns`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NamedTuple

from xzcore.errors import HandError as HandError
from xzcore.errors import InvalidContextError
from xzcore.errors import NotAWinError as NotAWinError
from xzcore.errors import ScoringError as ScoringError
from xzcore.errors import ScoringUnavailableError as ScoringUnavailableError
from xzcore.kernel.patterns import Pattern as Pattern
from xzcore.tiles import SUITS, MeldKind, tile_name


class Extra(enum.Enum):
    """The extras of R8.6, each one more fan (×2). Value = id; ``zh``, ``en``, ``rule``."""

    id: str
    """The extra's id (``"gangshanghua"`` …) (= value)."""
    zh: str
    en: str
    rule: str

    GANGSHANGHUA = ("gangshanghua", "杠上花", "self-draw on a gang's replacement draw")
    GANGSHANGPAO = ("gangshangpao", "杠上炮", "win on the discard made after a gang")
    QIANGGANG = ("qiangganghu", "抢杠胡", "robbing an added gang")
    HAIDILAOYUE = ("haidilaoyue", "海底捞月", "self-draw of the last wall tile")
    HAIDIPAO = ("haidipao", "海底炮", "win on the discard after the last draw")
    ZIMO = ("zimo", "自摸", "self-draw (zimo_bonus = double)")
    MENQING = ("menqing", "门清", "no peng, direct or added gang")
    ZHONGZHANG = ("zhongzhang", "中张", "no 1 or 9 anywhere")

    def __new__(cls, *args: Any) -> Extra:
        obj = object.__new__(cls)
        obj._value_ = args[0]
        return obj

    def __init__(self, _id: str, zh: str, en: str) -> None:
        self.id = _id
        self.zh = zh
        self.en = en
        self.rule = "R8.6"


class Block(NamedTuple):
    """One part of a decomposition: ``shape`` is ``"pair"``, ``"sequence"``, ``"triplet"``
    (concealed) or ``"meld"``; ``tile`` the lowest kind; ``meld`` the meld kind for melds."""

    shape: str
    tile: int
    meld: MeldKind | None = None

    def __str__(self) -> str:
        text = _BLOCK_TEXT.get(self)
        if text is None:
            text = _BLOCK_TEXT[self] = self._text()
        return text

    def _text(self) -> str:
        if self.meld is not None:
            return f"[{self.meld.value} {tile_name(self.tile)}]"
        r, s = self.tile % 9 + 1, SUITS[self.tile // 9]
        if self.shape == "sequence":
            return f"{r}{r + 1}{r + 2}{s}"
        return f"{r}" * (2 if self.shape == "pair" else 3) + s


_BLOCK_TEXT: dict[Block, str] = {}  # at most a few hundred distinct blocks


@dataclass(frozen=True)
class WinContext:
    """How a win came about (R7.5, R8.6).

    ``after_gang``: 杠上花 with ``self_draw``, else 杠上炮. ``robbed``: 抢杠胡 (R6.4).
    ``last_tile``: 海底捞月 with ``self_draw``, else 海底炮. ``first_turn`` (R7.5): no claim
    or gang yet and this is the winner's first draw — the dealer's dealt 14 tiles with
    ``dealer`` (天胡); for a discard win it means the dealer's first discard
    (``dihu_on_dealer_discard``).
    """

    self_draw: bool = False
    after_gang: bool = False
    robbed: bool = False
    last_tile: bool = False
    first_turn: bool = False
    dealer: bool = False

    def check(self) -> None:
        """Raise :class:`InvalidContextError` if the flags cannot happen together."""
        if self.robbed and self.self_draw:
            raise InvalidContextError("R6.4", "a robbed gang is won on another seat's tile")
        if self.robbed and self.after_gang:
            raise InvalidContextError(
                "R8.6", "杠上炮 is a win on a discard, 抢杠胡 on an added gang: not both"
            )
        if self.robbed and self.last_tile:
            raise InvalidContextError("R5.6", "no gang may be declared when the wall is empty")
        if self.first_turn and self.dealer and not self.self_draw:
            raise InvalidContextError(
                "R7.5", "the dealer's first turn is a win on its dealt tiles (self_draw)"
            )
        if self.first_turn and (self.after_gang or self.robbed):
            raise InvalidContextError("R7.5", "天胡/地胡 need that no gang was declared")
