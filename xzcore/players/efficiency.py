"""The efficiency bot: shanten (向听) first, then 有效牌 (ukeire), from what its seat can see.

:class:`EfficientAgent` is stronger than :class:`~xzcore.players.agents.GreedyAgent` (see
docs/bots.md for the measured margin). Its rules, each decision read from a
:class:`~xzcore.players.agents.SeatView` and one of ``view.legal_actions()``:

- always wins when it may (R7);
- void (R4.1): the suit whose voiding leaves the lowest shanten (the kernel's shanten with
  that void counts its tiles as tiles to throw), then the fewest tiles of it;
- exchange (R3.1): three tiles of that same kind of suit — the one whose voiding leaves the
  lowest shanten among the suits holding three — the kinds it holds fewest of first;
- discards the tile that leaves the lowest shanten; among those, when they leave it ready
  (R7.3), the one whose waits are worth most — per wait, its unseen tiles times the win's
  value ``2^fan`` (R8.1–R8.4, the kernel's ``win_fan``, melds included) —; otherwise, with
  :attr:`EfficientAgent.FLUSH_MIN` or more tiles of one suit (every meld in it), a tile of
  another suit (aiming at 清一色, R8.3), and then the one that leaves the most 有效牌
  (:func:`ukeire`: unseen tiles that lower the shanten, counting every tile the seat can see
  — ``SeatView.seen`` — as gone); then the tile with the fewest unseen copies (the least
  likely to complete another seat's hand), then the one with the most tiles left within two
  ranks of it (measured, this last rule moves the margin over greedy by less than its
  noise);
- a concealed or added gang (R6.1) when it leaves the shanten no worse than the best
  discard; a direct gang when the shanten after it is no worse than now;
- a peng (R5.2) when the best discard after it lowers the shanten, or keeps it and leaves
  more 有效牌 than now.

Deterministic: it draws no random numbers (``seed`` is kept for the recording interface).
Leshan's 飘 and 摆割 (R13.3, R13.4) are left to :mod:`xzcore.leshan.bots`, which wraps it.

>>> from xzcore.rules import RuleSet
>>> from xzcore.players.agents import play_game
>>> result, events = play_game(RuleSet(), 7, [EfficientAgent(s) for s in range(4)])
>>> events[-1]["type"], sum(result.totals)
('end_kyoku', 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from xzcore.kernel._input import FLAG_ADDITIVE, FLAG_YAOJIU_JIANGDUI, pack_melds
from xzcore.players.agents import SeatView, _Chooser, _isolation
from xzcore.round.actions import Action
from xzcore.rules import Scoring

__all__ = ["EfficientAgent", "efficient_chooser", "ready_worth", "ukeire", "useful_kinds"]

_NOT_HELD = 127
"""``shanten_discards``' entry for a kind not held."""


def useful_kinds(kernel: ModuleType, counts: bytes, void: int) -> list[int]:
    """The kinds that lower the shanten of ``counts`` (a ready-size hand: 13/10/7/4/1 tiles)
    when drawn: every kind ``k`` outside the void suit, of which the hand holds fewer than
    four, with ``shanten(counts + k) < shanten(counts)``. For a ready hand (shanten 0) these
    are its waits (R7.3, apart from kinds whose four copies the seat holds in melds).

    >>> from xzcore import kernel
    >>> from xzcore.tiles import parse_counts, format_tiles
    >>> format_tiles(useful_kinds(kernel, parse_counts("1112345678999s"), 0))
    '123456789s'
    """
    now = kernel.shanten(counts, void)
    grown = bytearray(counts)
    out = []
    for k in range(27):
        if k // 9 == void or grown[k] >= 4:
            continue
        grown[k] += 1
        if kernel.shanten(bytes(grown), void) < now:
            out.append(k)
        grown[k] -= 1
    return out


def ukeire(kernel: ModuleType, counts: bytes, void: int, unseen: Sequence[int]) -> int:
    """有效牌: how many unseen tiles (``unseen[k]`` of each kind) lower the shanten of the
    ready-size hand ``counts`` (:func:`useful_kinds`)."""
    return sum(unseen[k] for k in useful_kinds(kernel, counts, void))


def ready_worth(view: SeatView, counts: bytes, unseen: Sequence[int]) -> int:
    """A ready hand's worth to the seat of ``view``: over the waits of ``counts`` (its
    concealed tiles after a discard), the unseen tiles times the win's value (``2^fan`` of
    the kernel's ``win_fan``, R8.1–R8.4, the seat's melds included; under count scoring,
    R13, the table's fan stands in for the count)."""
    kernel = view.kernel
    void = view.void
    melds = list(view.melds(view.seat))
    rules = view.rules
    flags = (FLAG_ADDITIVE if rules.scoring is Scoring.ADDITIVE else 0) | (
        FLAG_YAOJIU_JIANGDUI if rules.yaojiu_jiangdui else 0
    )
    held, info = pack_melds(counts, melds)
    grown = bytearray(counts)
    held_grown = bytearray(held)
    total = 0
    for k in useful_kinds(kernel, counts, void):
        if not unseen[k]:
            continue
        grown[k] += 1
        held_grown[k] += 1
        fan = kernel.win_fan(bytes(grown), void, bytes(held_grown), info, flags)
        grown[k] -= 1
        held_grown[k] -= 1
        if fan >= 0:
            total += unseen[k] << fan
    return total


def _flush_suit(view: SeatView, c: bytes, least: int) -> int:
    """The suit a 清一色 (R8.3) is worth aiming at: the one holding ``least`` or more of
    the seat's tiles (concealed and melds) with every meld in it; -1 if none."""
    melds = view.melds(view.seat)
    for s in range(3):
        n = sum(c[9 * s : 9 * s + 9]) + sum(m.kind.size for m in melds if m.tile // 9 == s)
        if n >= least and all(m.tile // 9 == s for m in melds):
            return s
    return -1


def _unseen(view: SeatView) -> list[int]:
    """Per kind, the copies this seat cannot see (4 minus ``view.seen()``)."""
    return [4 - n for n in view.seen()]


class EfficientAgent:
    """Shanten first, then 有效牌 (see the module docstring for every rule)."""

    FLUSH_MIN = 10
    """Tiles of one suit (concealed and melds, every meld in it) from which the bot keeps
    that suit for a 清一色 (R8.3) among its equally good discards."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        """The efficient choice among ``view.legal_actions()``."""
        return self.choose(view, view.legal_actions())

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        """The efficient choice among ``legal`` (a subset of ``view.legal_actions()``; other
        bots built on this one pass a narrowed list). Leshan's ``baige`` entries are never
        picked here: :mod:`xzcore.leshan.bots` decides those."""
        plain = [a for a in legal if a[0] != "baige"]
        if plain:
            legal = plain
        first = legal[0]
        w = first[0]
        if w == "hora" or len(legal) == 1:
            return first
        if w == "dingque":
            return self._dingque(view, legal)
        if w == "exchange":
            return self._exchange(view, legal)
        if w == "piao":  # 飘 (R13.3) is the Leshan wrapper's; without it, bet nothing
            return first
        if view.on_turn:
            return self._turn(view, legal)
        return self._claim(view, legal)

    # -- before play ----------------------------------------------------------------------
    @staticmethod
    def _void_key(view: SeatView, c: bytes, suit: int) -> tuple[int, int]:
        return view.kernel.shanten(c, suit), sum(c[9 * suit : 9 * suit + 9])

    def _dingque(self, view: SeatView, legal: list[Action]) -> Action:
        c = view.counts()
        return min(legal, key=lambda a: self._void_key(view, c, a.suit))

    def _exchange(self, view: SeatView, legal: list[Action]) -> Action:
        c = view.counts()
        suits = {a.tiles[0] // 9 for a in legal}
        suit = min(sorted(suits), key=lambda s: self._void_key(view, c, s))
        kinds = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(c[k])]
        kinds.sort(key=lambda k: (c[k], _isolation(c, k)))
        want = tuple(sorted(kinds[:3]))
        return next(a for a in legal if a.tiles == want)

    # -- own turn -------------------------------------------------------------------------
    def best_discard(
        self, view: SeatView, discards: list[Action], after: Sequence[int] | None = None
    ) -> Action:
        """Among ``discards`` (``dahai`` actions of the seat on its turn): the lowest shanten
        after it, then the most valuable waits when ready (:func:`ready_worth`), else the
        flush suit kept and the most 有效牌, then the fewest unseen copies, then the most
        tiles left within two ranks of it (the first in kind order among equals). ``after`` is the
        ``shanten_discards`` array of the seat's hand when the caller has it."""
        kernel = view.kernel
        void = view.void
        c = view.counts()
        if after is None:
            after = kernel.shanten_discards(c, void)
        best = min(after[a[2]] for a in discards)
        ties = [a for a in discards if after[a[2]] == best]
        if len(ties) == 1:
            return ties[0]
        unseen = _unseen(view)
        rest = bytearray(c)
        top: tuple[int, ...] | None = None
        pick = ties[0]
        value = best == 0
        flush = _flush_suit(view, c, self.FLUSH_MIN)
        if flush >= 0 and not value:
            off = [a for a in ties if a[2] // 9 != flush]
            if off:
                ties = off
                if len(ties) == 1:
                    return ties[0]
        for a in ties:
            k = a[2]
            rest[k] -= 1
            if value:
                key: tuple[int, ...] = (
                    ready_worth(view, bytes(rest), unseen),
                    -unseen[k],
                    -_isolation(rest, k),
                )
            else:
                key = (ukeire(kernel, bytes(rest), void, unseen), -unseen[k], -_isolation(rest, k))
            rest[k] += 1
            if top is None or key > top:
                top, pick = key, a
        return pick

    def _turn(self, view: SeatView, legal: list[Action]) -> Action:
        kernel = view.kernel
        void = view.void
        c = view.counts()
        discards = [a for a in legal if a[0] == "dahai"]
        gangs = [a for a in legal if a[0] in ("ankan", "kakan")]
        after = kernel.shanten_discards(c, void)
        if not discards:
            return gangs[0] if gangs else legal[0]
        pick = self.best_discard(view, discards, after)
        best = after[pick[2]]
        for a in gangs:
            k = a[2]
            if a[0] == "ankan":
                rest = bytearray(c)
                rest[k] -= 4
                s = kernel.shanten(bytes(rest), void)
            else:  # an added gang gives up one tile, as a discard does
                s = after[k]
            if s <= best:  # no worse: take the gang money and the 根 (R6.2, R8.2)
                return a
        return pick

    # -- another seat's tile --------------------------------------------------------------
    def _claim(self, view: SeatView, legal: list[Action]) -> Action:
        kernel = view.kernel
        void = view.void
        c = view.counts()
        now = kernel.shanten(c, void)
        unseen: list[int] | None = None
        for a in legal:
            w, k = a[0], a[2]
            if w == "daiminkan":
                rest = bytearray(c)
                rest[k] -= 3
                if kernel.shanten(bytes(rest), void) <= now:
                    return a
            elif w == "pon":
                rest = bytearray(c)
                rest[k] -= 2
                after = kernel.shanten_discards(bytes(rest), void)
                after[k] = _NOT_HELD  # not the kind just claimed
                best = min(after)
                if best < now:
                    return a
                if best == now:
                    if unseen is None:
                        unseen = _unseen(view)  # the tile on offer is in its river: seen
                    base = ukeire(kernel, c, void, unseen)
                    for d in range(27):
                        if after[d] == best:
                            rest[d] -= 1
                            gain = ukeire(kernel, bytes(rest), void, unseen)
                            rest[d] += 1
                            if gain > base:
                                return a
        return legal[-1]


def efficient_chooser(seed: int = 0) -> _Chooser:
    """An :class:`EfficientAgent` as a recording chooser (xzcore.players.recording)."""
    return _Chooser(EfficientAgent(seed))
