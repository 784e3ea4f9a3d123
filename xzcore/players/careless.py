"""The careless bot: the efficiency bot with three seeded mistakes, so that recorded games
reach the rules a careful bot rarely meets.

:class:`CarelessAgent` plays as :class:`~xzcore.players.efficiency.EfficientAgent`, except:

- ``keep_void`` — with this probability per round it keeps its void suit as long as it can:
  it declares the suit with the most tiles as its void (R4.1; with 换三张 it passes three
  tiles of another suit, R3.1) and pengs nothing while it holds one (a peng is a turn
  without a draw), so R4.2 makes it throw that suit turn after turn and it may still hold
  one when the wall runs out: a 花猪 (R10.1). Without
  ``declare_void`` (R4.1, seed 001) it instead keeps a tile of every suit as long as some
  other discard is legal, which is the 花猪 of that reading (all three suits, R10.1).
- ``pass_win`` — with this probability it passes each win it may decline (R5.1 self-draw,
  R5.2 on a discard, R6.4 on an added gang): a pass on another seat's tile locks it (R7.4
  过手胡); in the final round under ``last_round_win = forfeit`` it forfeits 查大叫 (R5.7,
  R10.2). A forced win (R5.7 ``forced``) is the only option and is taken.
- ``break_ready`` — on a turn where its chosen discard would leave it ready (R7.3), with this
  probability it throws instead the best discard that leaves it not ready; at the end of
  the wall such a seat pays 查大叫 (R10.2) and refunds its gang money (退税, R10.3).

With every probability 0 it makes exactly the efficiency bot's choices (it then draws no
random numbers). The random numbers come from ``random.Random(seed).random()``, drawn only
at a decision where a mistake is possible, so a seed reproduces a game.

>>> from xzcore.rules import RuleSet
>>> from xzcore.players.agents import play_game
>>> result, events = play_game(RuleSet(), 7, [CarelessAgent(s) for s in range(4)])
>>> events[-1]["type"], sum(result.totals)
('end_kyoku', 0)
"""

from __future__ import annotations

import random

from xzcore.players.agents import SeatView, _Chooser
from xzcore.players.efficiency import EfficientAgent
from xzcore.round.actions import Action

__all__ = ["CARELESS_DEFAULTS", "CarelessAgent", "careless_chooser"]

CARELESS_DEFAULTS = {"keep_void": 0.3, "pass_win": 0.3, "break_ready": 0.15}
"""The probabilities of ``xz record --bot careless`` (docs/bots.md gives how often each rule
then fires)."""


def _probability(name: str, p: float) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
        raise ValueError(f"{name}: {p!r} is not a probability (0 to 1)")
    return float(p)


class CarelessAgent:
    """The efficiency bot with three mistakes, each with its probability (module
    docstring): ``keep_void`` per round, ``pass_win`` per win it may decline,
    ``break_ready`` per turn whose discard would leave it ready."""

    def __init__(
        self,
        seed: int = 0,
        *,
        keep_void: float = CARELESS_DEFAULTS["keep_void"],
        pass_win: float = CARELESS_DEFAULTS["pass_win"],
        break_ready: float = CARELESS_DEFAULTS["break_ready"],
    ) -> None:
        self.seed = seed
        self.keep_void = _probability("keep_void", keep_void)
        self.pass_win = _probability("pass_win", pass_win)
        self.break_ready = _probability("break_ready", break_ready)
        self.base = EfficientAgent(seed)
        self._random = random.Random(seed).random
        self._keeper = False  # this round: keep the void suit (or all three suits)
        self._keeper_decided: object = None  # the round the choice was made for

    def _chance(self, p: float) -> bool:
        """True with probability ``p``; no number is drawn when ``p`` is 0 or 1."""
        if p <= 0.0:
            return False
        if p >= 1.0:
            return True
        return self._random() < p

    def _round_keeper(self, view: SeatView) -> bool:
        """Is this seat keeping its void suit this round? Decided once per round, at its
        first decision."""
        rnd = view._r
        if self._keeper_decided is not rnd:
            self._keeper_decided = rnd
            self._keeper = self._chance(self.keep_void)
        return self._keeper

    def act(self, view: SeatView) -> Action:
        """The careless choice among ``view.legal_actions()`` (class docstring)."""
        legal = [a for a in view.legal_actions() if a[0] != "baige"]
        first = legal[0]
        w = first[0]
        if w == "piao":
            return self.base.choose(view, legal)
        keeper = self._round_keeper(view)
        if keeper and w in ("exchange", "dingque"):
            c = view.counts()
            sizes = [sum(c[9 * s : 9 * s + 9]) for s in range(3)]
            longest = sizes.index(max(sizes))
            if w == "dingque":  # R4.1: the longest suit, so R4.2 keeps it throwing that suit
                return next(a for a in legal if a.suit == longest)
            others = [a for a in legal if a.tiles[0] // 9 != longest]  # R3: keep that suit
            return self.base.choose(view, others or legal)
        if w in ("exchange", "dingque"):
            return self.base.choose(view, legal)
        if keeper and not view.on_turn and _holds_void(view):
            # a peng is a turn without a draw: one void tile fewer (R4.2, R5.4)
            legal = [a for a in legal if a[0] != "pon"]
        if w == "hora" and len(legal) > 1 and self._chance(self.pass_win):
            legal = legal[1:]  # pass the win (R7.4 lock, or R5.7 forfeit in the final round)
            if not view.on_turn:
                return legal[-1]  # ``none``
        if not view.on_turn or legal[0][0] == "hora":
            return self.base.choose(view, legal)
        if keeper and not view.rules.declare_void:
            legal = self._keep_three_suits(view, legal)
        pick = self.base.choose(view, legal)
        if pick[0] != "dahai" or self.break_ready <= 0.0:
            return pick
        kernel = view.kernel
        after = kernel.shanten_discards(view.counts(), view.void)
        if after[pick[2]] != 0:
            return pick
        breaking = [a for a in legal if a[0] == "dahai" and after[a[2]] > 0]
        if breaking and self._chance(self.break_ready):
            return self.base.best_discard(view, breaking, after)  # R7.3: no longer ready
        return pick

    @staticmethod
    def _keep_three_suits(view: SeatView, legal: list[Action]) -> list[Action]:
        """Without ``declare_void``: the legal actions minus the discards of the last tile
        of a suit (while another discard remains), so the hand keeps all three suits."""
        c = view.counts()
        sizes = [sum(c[9 * s : 9 * s + 9]) for s in range(3)]
        if 0 in sizes:
            return legal
        kept = [a for a in legal if a[0] != "dahai" or sizes[a[2] // 9] > 1]
        return kept if any(a[0] == "dahai" for a in kept) else legal


def _holds_void(view: SeatView) -> bool:
    """Does the seat hold a tile of its declared void suit (R4.2)?"""
    v = view.void
    return v >= 0 and any(view.counts()[9 * v : 9 * v + 9])


def careless_chooser(seed: int = 0) -> _Chooser:
    """A :class:`CarelessAgent` with :data:`CARELESS_DEFAULTS` as a recording chooser."""
    return _Chooser(CarelessAgent(seed))
