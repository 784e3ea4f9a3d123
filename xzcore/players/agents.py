"""Agents: what a seat may see (:class:`SeatView`), two bots, and a helper to play a game.

An *agent* has one method, ``act(view) -> Action``, called whenever its seat must decide
(``Round.to_act``); ``view.legal_actions()`` lists its options. :class:`RandomAgent` picks
uniformly (taking wins by default); :class:`GreedyAgent` picks its void suit and exchange
sensibly, discards to lower its shanten (向听), pengs and gangs when that does not hurt, and
always takes a win.

>>> from xzcore.rules import RuleSet
>>> result, events = play_game(RuleSet(), 7, [GreedyAgent(s) for s in range(4)])
>>> events[0]["type"], events[-1]["type"], sum(result.totals)
('start_kyoku', 'end_kyoku', 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from itertools import accumulate
from types import ModuleType
from typing import Any, Protocol

from xzcore.round.actions import Action
from xzcore.round.base import CLAIM, ROB, TURN, Phase
from xzcore.round.engine import Round, RoundResult
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.tiles import Meld

__all__ = [
    "Agent",
    "GreedyAgent",
    "RandomAgent",
    "SeatView",
    "greedy_chooser",
    "play_game",
    "play_round",
    "random_chooser",
]


class SeatView:
    """Exactly what one seat may see of a round: its own concealed tiles, everything public
    (melds — concealed gangs are shown, R6.1 —, discards, void suits once declared, wins,
    money, the wall's length) and its own options. Never another seat's concealed tiles or
    the wall's order. The view is live: it reads the round as it is now."""

    __slots__ = {
        "_r": "The round seen.",
        "legal_actions": "``view.legal_actions()``: what the seat may do now, i.e.\n"
        "``Round.legal_actions(seat)`` (bound once: bots call it at every decision).",
        "seat": "The seat whose view this is.",
    }
    legal_actions: Callable[[], list[Action]]

    def __init__(self, rnd: Round, seat: int) -> None:
        self._r = rnd
        self.seat = seat
        self.legal_actions = partial(rnd.legal_actions, seat)

    # -- own ------------------------------------------------------------------------------
    def counts(self) -> bytes:
        """The seat's concealed tiles as 27 counts."""
        return bytes(self._r.hands[self.seat].counts())

    @property
    def drawn(self) -> int:
        """The tile the seat just drew on its turn (-1 otherwise)."""
        r = self._r
        return r.drawn if r.phase == TURN and r.cur == self.seat else -1

    @property
    def locked(self) -> tuple[bool, int]:
        """The seat's pass lock (R7.4): (locked, largest value passed)."""
        return self._r.locked[self.seat], self._r.lock_value[self.seat]

    @property
    def void(self) -> int:
        """The seat's void suit (-1 before the declaration or without ``declare_void``)."""
        return self._r.voids[self.seat]

    @property
    def on_turn(self) -> bool:
        """True when it is this seat's own turn (draw done; win, gang or discard, R5.1)."""
        r = self._r
        return r.phase == TURN and r.cur == self.seat

    @property
    def kernel(self) -> ModuleType:
        """The kernel module the round uses (``shanten``, ``waits`` … for the seat's own
        calculations)."""
        return self._r.kernel

    # -- public ---------------------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        """The round's rule set."""
        return self._r.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._r.dealer

    @property
    def phase(self) -> Phase:
        """Where the round stands (Leshan's 飘 bets read as ``DINGQUE``, R13.3)."""
        return self._r.stage

    @property
    def current(self) -> int:
        """Whose turn it is (the discarder while claims are open)."""
        return self._r.cur

    @property
    def wall_left(self) -> int:
        """Tiles still in the wall (its order stays hidden)."""
        return 108 - self._r.pos

    @property
    def final_round(self) -> bool:
        """R5.7: the final round has begun."""
        return self._r.final

    def voids(self) -> list[int]:
        """Every seat's declared void suit (public once all have declared, R4.1)."""
        return list(self._r.voids)

    def piao(self) -> list[int]:
        """Every seat's 飘 (R13.3; public once all have bet; zeros outside Leshan)."""
        return list(getattr(self._r, "piao", (0, 0, 0, 0)))

    def laid_open(self, seat: int) -> bytes | None:
        """The concealed counts of a seat that laid its hand open (摆割, R13.4: shown to every
        seat, and it only discards what it draws), or ``None``."""
        r = self._r
        if not getattr(r, "baige", (False,) * 4)[seat]:
            return None
        c = bytearray(r.hands[seat].counts())
        if seat == r.cur and r.phase == TURN and r.drawn >= 0 and seat != self.seat:
            c[r.drawn] -= 1  # the tile it just drew is not shown until discarded
        return bytes(c)

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """A seat's melds, concealed gangs included (they are shown, R6.1)."""
        return tuple(self._r.melds[seat])

    def discards(self, seat: int) -> tuple[int, ...]:
        """A seat's discards still on the table (claimed tiles leave it)."""
        return tuple(self._r.rivers[seat])

    def hand_size(self, seat: int) -> int:
        """How many concealed tiles a seat holds (public)."""
        return int(self._r.hands[seat].size)

    def won(self) -> list[bool]:
        """Which seats have won."""
        return list(self._r.won)

    def in_play(self) -> list[bool]:
        """Which seats still take turns (R11.2: all four in 血流)."""
        return list(self._r.in_play)

    def totals(self) -> list[int]:
        """Each seat's net money so far this round."""
        return self._r.ledger.totals()

    def seen(self) -> bytes:
        """How many tiles of each kind (27 counts) this seat can see: its own concealed
        tiles, every seat's melds (a concealed gang is shown, R6.1) and discards still on the
        table, the winning tiles (set aside or in a winner's hand), the concealed hands of
        seats that won and left play (血战: shown by their ``hora``, and fixed since), and
        hands laid open (摆割, R13.4). ``4 - seen()[k]`` tiles of ``k`` are unseen: in the
        wall or another seat's hidden tiles."""
        r = self._r
        c = bytearray(r.hands[self.seat].counts())
        for s in range(4):
            for m in r.melds[s]:
                c[m.tile] += m.kind.size
            for k in r.rivers[s]:
                c[k] += 1
            if s == self.seat:
                continue
            shown = r.hands[s].counts() if not r.in_play[s] else self.laid_open(s)
            if shown is not None:
                for k, n in enumerate(shown):
                    c[k] += n
        for k in r.won_tiles:
            c[k] += 1
        return bytes(c)

    def offer(self) -> tuple[int, int] | None:
        """While claims are open: (tile, from seat) on offer (a discard or an added gang)."""
        r = self._r
        if r.phase in (CLAIM, ROB):
            return r._claim_tile, r._claim_from
        return None

    def events(self) -> list[dict[str, Any]]:
        """The public event stream so far. ``start_kyoku`` carries the wall and every dealt
        hand, so it is replaced by a copy without them."""
        evs = list(self._r.events)
        if evs and evs[0]["type"] == "start_kyoku":
            first = {k: v for k, v in evs[0].items() if k not in ("wall", "tehais")}
            evs[0] = first
        return [e if e["type"] != "exchange" or e["actor"] == self.seat else _hide(e) for e in evs]


def _hide(e: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in e.items() if k != "pai"}


class Agent(Protocol):
    """Anything with ``act(view) -> Action``."""

    def act(self, view: SeatView) -> Action:
        """The seat's decision, one of ``view.legal_actions()``."""
        ...


class RandomAgent:
    """Uniformly random among the legal actions; takes every win offered unless
    ``take_wins`` is False.

    It draws from ``random.Random(seed).random()``: for an integer seed Python guarantees that
    sequence across versions (the wall's own generator, xzcore.round.wall, is written out because
    shuffles are not so guaranteed), and it costs a fraction of a Python-level generator in
    the bot's hot loop. ``int(u * n)`` with 53-bit ``u`` is uniform to within 2**-45.
    """

    def __init__(self, seed: int = 0, *, take_wins: bool = True) -> None:
        self._random = random.Random(seed).random
        self.take_wins = take_wins

    def act(self, view: SeatView) -> Action:
        """A win if offered (and ``take_wins``), else a uniformly random legal action."""
        legal = view.legal_actions()
        if self.take_wins and legal[0][0] == "hora":
            return legal[0]  # a win is listed first
        return legal[int(self._random() * len(legal))]


class GreedyAgent:
    """A simple greedy player (shanten = 向听, ``xzcore.kernel.shanten``):

    - exchange (R3): three tiles of its shortest suit that holds three;
    - void (R4.1): the suit with the fewest tiles;
    - always wins when it may;
    - discards the tile that leaves the lowest shanten (ties: the void suit, then terminals,
      then isolated tiles);
    - gangs when the gang does not raise its shanten; pengs when the peng lowers it.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        """The greedy choice (see the class docstring)."""
        legal = view.legal_actions()
        first = legal[0]
        w = first[0]
        if w == "hora" or len(legal) == 1:
            return first
        if w == "dahai":  # only ever offered on the seat's own turn (R5.1)
            return self._turn(view, legal)
        if w == "dingque":
            c = view.counts()
            sizes = [sum(c[9 * s : 9 * s + 9]) for s in range(3)]
            return legal[sizes.index(min(sizes))]
        if w == "exchange":
            return self._exchange(view, legal)
        if view.on_turn:
            return self._turn(view, legal)
        return self._claim(view, legal)

    @staticmethod
    def _exchange(view: SeatView, legal: list[Action]) -> Action:
        c = view.counts()
        sizes = [sum(c[9 * s : 9 * s + 9]) for s in range(3)]
        suit = min((s for s in range(3) if sizes[s] >= 3), key=lambda s: sizes[s])
        kinds = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(c[k])]
        kinds.sort(key=lambda k: (c[k], _isolation(c, k)), reverse=False)
        want = tuple(sorted(kinds[:3]))
        return next(a for a in legal if a.tiles == want)

    def _turn(self, view: SeatView, legal: list[Action]) -> Action:
        hand = view._r.hands[view.seat]  # the seat's own kernel Hand (its void is set)
        # One kernel call for every discard's shanten (a turn's hand has a win size, R7.1).
        # After a discard the hand has a ready size, so every entry is 0-13 or 127 (not held):
        # as bytes, count/index/min run in C.
        after = hand.shanten_discards().tobytes()
        first, last = legal[0], legal[-1]
        if first[0] == "dahai" == last[0]:
            # Discards only (the common case): Round lists one per held kind in kind order
            # (R4.2: only void-suit kinds while one is held), so the legal kinds are the held
            # kinds from the first to the last. Read the shanten straight from the array.
            lo = first[2]
            seg = after[lo : last[2] + 1]
            if len(seg) - seg.count(_NOT_HELD) == len(legal):
                best = min(seg)
                i = seg.index(best)
                if seg.count(best) == 1:
                    return legal[i - seg[:i].count(_NOT_HELD)]
                ties_at = [i]
                for _ in range(seg.count(best) - 1):
                    i = seg.index(best, i + 1)
                    ties_at.append(i)
                i = ties_at[_most_isolated(hand.counts(), [lo + i for i in ties_at])]
                return legal[i - seg[:i].count(_NOT_HELD)]
            shantens = [after[a[2]] for a in legal]
            best = min(shantens)
            if shantens.count(best) == 1:
                return legal[shantens.index(best)]
            ties = [a for a, s in zip(legal, shantens, strict=True) if s == best]
        else:
            best = 99
            ties = []
            gangs: list[Action] = []
            for a in legal:
                if a[0] != "dahai":
                    gangs.append(a)
                    continue
                s = after[a[2]]
                if s < best:
                    best, ties = s, [a]
                elif s == best:
                    ties.append(a)
            for a in gangs:
                k = a[2]
                if a[0] == "ankan":
                    c = bytearray(hand.counts())
                    c[k] -= 4
                    s = view.kernel.shanten(bytes(c), hand.void)
                else:  # an added gang gives up one tile, as a discard does
                    s = after[k]
                if s <= best:  # the gang keeps the hand as good: take the money
                    return a
            if len(ties) == 1:
                return ties[0]
        return ties[_most_isolated(hand.counts(), [a[2] for a in ties])]

    @staticmethod
    def _claim(view: SeatView, legal: list[Action]) -> Action:
        kernel = view.kernel
        void = view.void
        c = view.counts()
        now = kernel.shanten(c, void)
        for a in legal:
            w, k = a[0], a[2]
            if w == "daiminkan":
                hand = bytearray(c)
                hand[k] -= 3
                if kernel.shanten(bytes(hand), void) <= now:
                    return a
            elif w == "pon":
                hand = bytearray(c)
                hand[k] -= 2
                # the best discard after the peng, other than the claimed kind
                after = kernel.shanten_discards(bytes(hand), void)
                after[k] = _NOT_HELD
                if min(after) < now:
                    return a
        return legal[-1]


_NOT_HELD = 127
"""``shanten_discards``' entry for a kind not held."""

# Per kind: the kinds within two ranks of it in its suit are lo..hi-1; 1 for a terminal.
_NEAR_LO = tuple(k - min(k % 9, 2) for k in range(27))
_NEAR_HI = tuple(k + min(8 - k % 9, 2) + 1 for k in range(27))
_TERMINAL = tuple(int(k % 9 in (0, 8)) for k in range(27))


def _most_isolated(c: bytes, kinds: list[int]) -> int:
    """The discard among equally good ``kinds`` (in kind order): the most isolated tile (the
    fewest tiles within two ranks, a terminal counting one less), the first among equals.
    R4.2 already limits the choice to void-suit tiles while any is held. Returns its index
    in ``kinds``."""
    cs = [0, *accumulate(c)]  # prefix sums: a window's tiles in two reads
    isolation = [_TERMINAL[k] + cs[_NEAR_LO[k]] - cs[_NEAR_HI[k]] for k in kinds]
    return isolation.index(max(isolation))  # index() finds the first maximum


def _isolation(c: bytes | bytearray, k: int) -> int:
    """How alone a tile is: minus the tiles within two ranks of it (itself included beyond
    the first copy), plus one for a terminal (1 or 9)."""
    r = k % 9
    lo = k - min(r, 2)
    hi = k + min(8 - r, 2)
    return 1 - sum(c[lo : hi + 1]) + (r == 0 or r == 8)


# -- playing --------------------------------------------------------------------------------


def play_round(rnd: Round, agents: Sequence[Agent]) -> RoundResult:
    """Drive ``rnd`` to its end with one agent per seat (trusted: ``Round.apply``)."""
    views = [SeatView(rnd, s) for s in range(4)]
    to_act = rnd.to_act
    apply = rnd.apply
    while True:
        if rnd.phase == TURN:  # one seat on its turn: the common case
            s = rnd.cur
            apply(agents[s].act(views[s]))
            continue
        seats = to_act()
        if not seats:
            return rnd.result()
        for s in seats:
            apply(agents[s].act(views[s]))


def play_game(
    rules: RuleSet, seed: int, agents: Sequence[Agent], *, kernel: Any = None
) -> tuple[RoundResult, list[dict[str, Any]]]:
    """Play one round on the wall, dealer and exchange direction of ``deal(seed)``
    (xzcore.round.wall); returns the result and the event stream. Under Leshan rules (R13) the
    round is a ``LeshanRound`` and each agent bets 飘 and lays its hand open (摆割) by the
    rules of thumb of :mod:`xzcore.leshan.bots`."""
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    from xzcore.leshan.round import needs_leshan_round, new_round

    rnd = new_round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel)
    if needs_leshan_round(rules):
        from xzcore.leshan.bots import LeshanAgent

        agents = [LeshanAgent(a) for a in agents]
    return play_round(rnd, agents), rnd.events


class _Chooser:
    """Adapter to the ``(round, seat, legal) -> Action`` chooser of xzcore.players.recording."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent

    def __call__(self, rnd: Round, seat: int, legal: list[Action]) -> Action:
        return self.agent.act(SeatView(rnd, seat))


def greedy_chooser(seed: int = 0) -> _Chooser:
    """A :class:`GreedyAgent` as a recording chooser."""
    return _Chooser(GreedyAgent(seed))


def random_chooser(seed: int = 0) -> _Chooser:
    """A :class:`RandomAgent` as a recording chooser."""
    return _Chooser(RandomAgent(seed))
