"""The round engine's state, result types and bookkeeping helpers (used by xzcore.round.engine).

The engine is three modules along two seams: this one holds *what a round is* (its state,
its result, the invariants of R1.1/R9.6, the end-of-round settlement R10 and the next dealer
R11.1); :mod:`xzcore.round.claims` how other seats answer an offered tile (R5.2, R5.3, R6.4,
R7.4); :mod:`xzcore.round.engine` the turn itself and the public
:class:`~xzcore.round.engine.Round`.
"""

from __future__ import annotations

import enum
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import add, itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from xzcore.backend import load
from xzcore.errors import TileConservationError
from xzcore.log.events import event
from xzcore.money.ledger import Ledger, Transfer
from xzcore.money.settlement import SeatEnd, end_of_round, settle_engine_ends
from xzcore.round.actions import _DAHAI, Action
from xzcore.rules import Scoring
from xzcore.scoring import Score, WinContext
from xzcore.scoring.engine import chajiao_engine
from xzcore.tiles import NAMES, Meld, MeldKind, tile_name

if TYPE_CHECKING:
    from xzcore.rules import RuleSet

__all__ = [
    "MELDS",
    "Phase",
    "RoundBase",
    "RoundResult",
    "StepState",
    "TileConservationError",
    "Win",
    "format_count_bytes",
    "format_kinds",
    "format_meld_list",
    "format_wall",
    "transfer_dicts",
    "win_context",
]

_DIGITS = tuple(name[0] for name in NAMES)


_helpers = load("engine")
"""The engine's small compiled helpers, or their twin (:mod:`xzcore.backend`)."""
transfer_dicts = _helpers.transfer_dicts
"""``[t.to_dict() for t in transfers]`` for the engine's own transfers, or ``None`` (then
the caller builds them so): see :mod:`xzcore.round._engine_twin`."""
_counts_text = _helpers.counts_text
_wall_text = _helpers.wall_text
_tiles_conserved = _helpers.tiles_conserved


def format_count_bytes(counts: bytes) -> str:
    """Canonical MPSZ text of 27 counts (the compiled helper's; else each suit's text,
    cached)."""
    quick = _counts_text(counts)
    if quick is not None:
        return quick
    text = _suit_text
    return text(counts[:9], "m") + text(counts[9:18], "p") + text(counts[18:], "s")


_WALL_DIGITS = bytes(ord(_DIGITS[k]) if k < 27 else 0 for k in range(256))
_WALL_SUITS = bytes(ord(NAMES[k][1]) if k < 27 else 0 for k in range(256))


def format_wall(wall: Sequence[int]) -> str:
    """The text of a wall of kinds 0–26: each tile's name (``NAMES``), one after the other
    (the 216 characters of ``start_kyoku``), built as rank digits and suit letters taken
    in turn."""
    quick = _wall_text(wall)  # the compiled helper's, for a list of 108 kinds
    if quick is not None:
        return quick
    kinds = bytes(wall)
    text = bytearray(2 * len(kinds))
    text[0::2] = kinds.translate(_WALL_DIGITS)
    text[1::2] = kinds.translate(_WALL_SUITS)
    return text.decode("ascii")


def format_kinds(kinds: Sequence[int]) -> str:
    """Canonical MPSZ text of a few kinds 0–26 (as :func:`format_count_bytes` of their
    counts), built from the sorted kinds' rank digits and the two suit boundaries, without
    a cache (a dealt hand is seen once)."""
    ordered = bytes(sorted(kinds))
    digits = ordered.translate(_WALL_DIGITS).decode("ascii")
    m = bisect_left(ordered, 9)  # the first p tile
    p = bisect_left(ordered, 18)  # the first s tile
    text = digits[:m] + "m" if m else ""
    if p > m:
        text += digits[m:p] + "p"
    if len(ordered) > p:
        text += digits[p:] + "s"
    return text


@lru_cache(maxsize=1 << 16)
def _suit_text(nine: bytes, letter: str) -> str:
    if not any(nine):
        return ""
    return "".join(_DIGITS[r] * n for r, n in enumerate(nine)) + letter


_new_object = object.__new__
_new_tuple = tuple.__new__
_set_attr = object.__setattr__


def _copy_ledger(ledger: Ledger) -> Ledger:
    """An independent copy of a round's ledger (its transfers and gang-income records are
    frozen values: new lists of the same values; R9.6's bookkeeping as it stands)."""
    new = _new_object(Ledger)
    _set_attr(new, "_transfers", ledger._transfers[:])
    _set_attr(new, "_income", ledger._income[:])
    _set_attr(new, "_totals", ledger._totals[:])
    _set_attr(new, "_checked", ledger._checked)
    _set_attr(new, "_transfer_problems", ledger._transfer_problems[:])
    return new


def _dicts(transfers: list[Transfer]) -> list[dict[str, Any]]:
    """The ``transfers`` of an event: each transfer's ``to_dict()``."""
    out = transfer_dicts(transfers)
    return [t.to_dict() for t in transfers] if out is None else out


_CONTEXTS: dict[tuple[bool, ...], WinContext] = {}


def win_context(
    self_draw: bool, after_gang: bool, robbed: bool, last_tile: bool, first_turn: bool, dealer: bool
) -> WinContext:
    """``WinContext(self_draw, after_gang, robbed, last_tile, first_turn, dealer)`` for the
    engine's own flags (bools), one shared (frozen) value per combination: a win builds none."""
    key = (self_draw, after_gang, robbed, last_tile, first_turn, dealer)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = WinContext(*key)
    return ctx


MELDS = {kind: tuple(Meld(kind, k) for k in range(27)) for kind in MeldKind}
"""One shared (immutable) :class:`Meld` per kind and tile: a 碰 or 杠 builds no new value."""
_MELD_TEXT = {m: str(m) for row in MELDS.values() for m in row}


_MELD_TEXT_BY_ID = {id(m): text for m, text in _MELD_TEXT.items()}
"""The text of each shared meld by identity (``MELDS`` keeps them alive, so their ids stay
theirs): no ``Meld.__hash__`` (a Python-level hash of an enum and an int) per look-up."""


def format_meld_list(melds: Sequence[Meld]) -> str:
    """:func:`xzcore.tiles.format_melds` by table look-up (the same text)."""
    try:  # the engine's shared melds, by identity
        return ", ".join(map(_MELD_TEXT_BY_ID.__getitem__, map(id, melds)))
    except KeyError:  # another Meld value: by equality
        return ", ".join(map(_MELD_TEXT.__getitem__, melds))


def _dealt_positions(i: int) -> tuple[int, ...]:
    """R2.3: the wall positions dealt to the ``i``-th seat from the dealer (4 tiles each, three
    times; then one each; then one more to the dealer)."""
    a = 4 * i
    rest = (52,) if i == 0 else ()
    return (*range(a, a + 4), *range(16 + a, 20 + a), *range(32 + a, 36 + a), 48 + i, *rest)


_BYTE_OF = (tuple(1 << 8 * k for k in range(27))).__getitem__
"""Kind k → 256**k: byte k of a little-endian 27-byte count vector."""

_DEALT_AT = tuple(
    tuple(itemgetter(*_dealt_positions((s - dealer) % 4)) for s in range(4)) for dealer in range(4)
)
"""``_DEALT_AT[dealer][seat](wall)``: the tiles seat ``seat`` is dealt (R2.3)."""

EXCHANGE, DINGQUE, TURN, CLAIM, ROB, END = range(6)
_PENG = MeldKind.PENG
_KIND_WORD = {kind: kind.value for kind in MeldKind}
"""Each meld kind's word (``kind.value`` is a Python-level property of the enum)."""
_FOURS = [4] * 27

_NO_TILES = bytes(9)
_DAHAI_SUIT = [[row[9 * v : 9 * v + 9] for v in range(3)] for row in _DAHAI]


class Phase(enum.IntEnum):
    """Where a round stands."""

    EXCHANGE = EXCHANGE
    """换三张: every seat chooses three tiles (R3)."""
    DINGQUE = DINGQUE
    """定缺: every seat declares its void suit (R4.1)."""
    TURN = TURN
    """One seat's turn (R5.1): win, gang or discard."""
    CLAIM = CLAIM
    """Other seats answer a discard (R5.2, R5.3)."""
    ROB = ROB
    """Other seats may rob an added gang (R6.4)."""
    END = END
    """The round is over (R5.6, R10.4)."""


class Win(NamedTuple):
    """One win: ``seat`` won ``tile``; ``discarder`` is the seat that dealt in (the robbed
    seat for 抢杠) or ``None`` for a self-draw; ``multiple`` when it was one of several wins
    on one discard (R5.3, R11.1)."""

    seat: int
    tile: int
    discarder: int | None
    ctx: WinContext
    score: Score
    transfers: tuple[Transfer, ...]
    multiple: bool


@dataclass(frozen=True)
class RoundResult:
    """The outcome of a round: the wins in order, the ledger, each seat's net, the next
    dealer (R11.1) and why it ended (``"three_won"`` R10.4 or ``"wall_empty"`` R5.6)."""

    wins: tuple[Win, ...]
    ledger: Ledger
    totals: tuple[int, ...]
    next_dealer: int
    reason: str
    dealer: int

    @classmethod
    def _trusted(
        cls,
        wins: tuple[Win, ...],
        ledger: Ledger,
        totals: tuple[int, ...],
        next_dealer: int,
        reason: str,
        dealer: int,
    ) -> RoundResult:
        """``RoundResult(...)`` without the frozen dataclass's field-by-field ``__init__``
        (the round's end builds one from its own values; the dataclass checks nothing)."""
        r = _new_object(cls)
        _set_attr(
            r,
            "__dict__",
            {
                "wins": wins,
                "ledger": ledger,
                "totals": totals,
                "next_dealer": next_dealer,
                "reason": reason,
                "dealer": dealer,
            },
        )
        return r

    @property
    def winners(self) -> list[int]:
        """The winning seats in win order (a seat may repeat in 血流成河)."""
        return [w.seat for w in self.wins]

    def summary(self) -> str:
        """A few readable lines."""
        lines = [f"dealer {self.dealer}; ended: {self.reason}; next dealer {self.next_dealer}"]
        for w in self.wins:
            how = "self-draw" if w.discarder is None else f"from seat {w.discarder}"
            if w.score.model is Scoring.COUNT:  # R13.1: a count, not a multiplier
                value = f"个数 count {w.score.capped}"
            else:
                value = f"{w.score.pattern.zh} ×{w.score.multiplier} → ×{w.score.capped}"
            lines.append(f"  seat {w.seat} wins on {tile_name(w.tile)} ({how}): {value}")
        lines.append("  totals: " + " ".join(f"{t:+d}" for t in self.totals))
        return "\n".join(lines)


class StepState(NamedTuple):
    """The part of a round's state that a discard, a draw, a claim window answered by passes
    or a 碰, and the 定缺 declarations read and change, in one value: what the audit's
    quiet steps (:mod:`xzcore.audit.replay`) read of a round once a run, through
    :meth:`RoundBase._step_state`, and hand back with :meth:`RoundBase._resume`
    (docs/internals.md, "The round's step state"). The first twelve fields are the ones a
    step replaces; the rest are fixed for the round or the round's own containers, which a
    step updates in place."""

    phase: int
    cur: int
    pos: int
    drawn: int
    turn_no: int
    final: bool
    clean: bool
    must_discard: bool
    rinshan: bool
    gang_from: int
    turn_drawn: int
    pending: dict[int, Action]
    dealer: int
    final_from: int
    dihu_discard: bool
    rules: RuleSet
    wall: list[int]
    events: list[dict[str, Any]]
    hands: list[Any]
    won: list[bool]
    in_play: list[bool]
    voids: list[int]
    rivers: list[list[int]]
    draws: list[int]
    locked: list[bool]
    lock_value: list[int]
    melds: list[list[Meld]]
    pengs: list[set[int]]


class RoundBase:
    """State shared by the round engine's parts (see :class:`xzcore.round.engine.Round`)."""

    rules: RuleSet
    wall: list[int]
    dealer: int
    hands: list[Any]
    kernel: Any  # the kernel module whose Hand the seats use (Round's ``kernel``)
    _final_from: int  # R5.7: the wall count from which the final round may begin
    _dihu_discard: bool  # R7.5: 地胡 on the dealer's first discard

    def _init_state(self) -> None:
        self.pos = 0
        """Index of the next wall tile to draw (R2.2)."""
        self.events: list[dict[str, Any]] = []
        """The event stream (docs/events.md)."""
        self.ledger = Ledger()
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.pengs: list[set[int]] = [set(), set(), set(), set()]
        self.rivers: list[list[int]] = [[], [], [], []]
        self.voids = [-1, -1, -1, -1]
        self.won = [False] * 4
        self.in_play = [True] * 4
        self.n_won = 0
        self.wins: list[Win] = []
        self.won_tiles: list[int] = []
        self.draws = [0, 0, 0, 0]
        self.locked = [False] * 4
        self.lock_value = [0, 0, 0, 0]
        self.forfeited = [False] * 4
        self.final = False
        self.clean = True  # R7.5: no claim or gang yet
        self.phase = EXCHANGE
        self.cur = self.dealer
        self.turn_no = 0
        self.drawn = -1
        self._rinshan = False
        self._gang_from = -1
        self._must_discard = False
        self._kakan_late = False
        self._turn_drawn = 0  # R6.3: bitmask of the kinds drawn in this turn (any draw)
        self._pending: dict[int, Action] = {}
        self._claim_opts: dict[int, list[Action]] = {}
        self._claim_dec: dict[int, Action] = {}
        self._claim_scores: dict[int, Score] = {}
        self._claim_tile = -1
        self._claim_from = -1
        self._robbing = False
        self._claim_first = False
        self._claim_after_gang = False
        self._result: Any = None

    # -- the step state (docs/internals.md, "The round's step state") ---------------------

    def _step_state(self) -> StepState:
        """The round's :class:`StepState` (its containers themselves, not copies)."""
        return _new_tuple(StepState, self._step_values())  # without its Python-level __new__

    def _step_values(self) -> tuple[Any, ...]:
        """The values of :class:`StepState`'s fields, in its order, as a plain tuple (what
        the compiled quiet run reads: no NamedTuple made)."""
        return (
            self.phase,
            self.cur,
            self.pos,
            self.drawn,
            self.turn_no,
            self.final,
            self.clean,
            self._must_discard,
            self._rinshan,
            self._gang_from,
            self._turn_drawn,
            self._pending,
            self.dealer,
            self._final_from,
            self._dihu_discard,
            self.rules,
            self.wall,
            self.events,
            self.hands,
            self.won,
            self.in_play,
            self.voids,
            self.rivers,
            self.draws,
            self.locked,
            self.lock_value,
            self.melds,
            self.pengs,
        )

    def _resume(self, changed: tuple[Any, ...], window: tuple[Any, ...] | None) -> None:
        """Take back the first twelve fields of a :class:`StepState` (``changed``, in its
        order) after steps taken outside the engine, and ``window`` — ``(tile, src, first,
        after_gang, answers, options)`` — when the last of them left a claim window on a
        discard open or answered (as ``_open_claims`` and :meth:`apply` of each answer do)."""
        (
            self.phase, self.cur, self.pos, self.drawn, self.turn_no, self.final, self.clean,
            self._must_discard, self._rinshan, self._gang_from, self._turn_drawn, self._pending,
        ) = changed  # fmt: skip
        if window is not None:
            (
                self._claim_tile, self._claim_from, self._claim_first, self._claim_after_gang,
                self._claim_dec, self._claim_opts,
            ) = window  # fmt: skip
            self._robbing = False
            self._claim_scores = {}

    def _view_values(self) -> tuple[Any, ...]:
        """What the compiled observation planes (``xzcore.env._planes``) read of the round at
        each refresh, in one call, as a plain tuple: ``(events, pos, final, phase, cur,
        drawn, locked, lock_value, claim_from, claim_tile)`` (a C attribute read of this
        many-attributed object costs more than this call)."""
        return (
            self.events,
            self.pos,
            self.final,
            self.phase,
            self.cur,
            self.drawn,
            self.locked,
            self.lock_value,
            self._claim_from,
            self._claim_tile,
        )

    # -- copies (for search: docs/env.md, "Search") ---------------------------------------

    _LIST_FIELDS: tuple[str, ...] = (
        "voids", "won", "in_play", "draws", "locked", "lock_value", "forfeited",
        "won_tiles", "events", "wins",
    )  # fmt: skip
    """Flat lists of the round's state (of immutable values) that :meth:`copy` copies."""

    def copy(self) -> Any:
        """An independent copy of the round as it stands, for search (MCTS and the like):
        playing on either never changes the other. The hands are the kernel's copies, the
        lists, sets and maps of the state new ones; what never changes in a round is shared
        (the rule set, the kernel, the wall, whose order the engine only reads, R2.2) and so
        are the immutable values inside (events once recorded, melds, wins, transfers)."""
        new = _new_object(type(self))
        d = self.__dict__.copy()
        for name in self._LIST_FIELDS:
            d[name] = d[name][:]
        d["hands"] = [h.copy() for h in self.hands]
        d["melds"] = [m[:] for m in self.melds]
        d["rivers"] = [r[:] for r in self.rivers]
        d["pengs"] = [set(p) for p in self.pengs]
        d["ledger"] = _copy_ledger(self.ledger)
        d["_pending"] = self._pending.copy()
        d["_claim_dec"] = self._claim_dec.copy()
        d["_claim_scores"] = self._claim_scores.copy()
        d["_claim_opts"] = {s: opts[:] for s, opts in self._claim_opts.items()}
        new.__dict__ = d
        return new

    # -- small facts ----------------------------------------------------------------------

    def __repr__(self) -> str:
        """Where the round stands, for a debugger or a log line (not code that rebuilds it:
        the events are the record).

        >>> from xzcore.round.engine import Round
        >>> from xzcore.round.wall import deal
        >>> from xzcore.rules import RuleSet
        >>> Round(RuleSet(), deal(3).wall, 1)
        Round(rules='xuezhan', dealer=1, phase=dingque, wall_left=55, won=[], totals=[0, 0, 0, 0])
        """
        name, changed = self.rules.nearest_preset()
        if changed:
            name += "(" + ", ".join(f"{k}={v!r}" for k, v in changed.items()) + ")"
        phase = Phase(self.phase).name.lower() if self.phase in Phase._value2member_map_ else "piao"
        if self.phase in (TURN, CLAIM, ROB):
            phase += f" of seat {self.cur}"
        won = [s for s in range(4) if self.won[s]]
        return (
            f"{type(self).__name__}(rules={name!r}, dealer={self.dealer}, phase={phase}, "
            f"wall_left={self.wall_left}, won={won}, totals={self.ledger.totals()})"
        )

    @property
    def wall_left(self) -> int:
        """Tiles still in the wall."""
        return 108 - self.pos

    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self.phase == END

    @property
    def stage(self) -> Phase:
        """The current :class:`Phase`."""
        return Phase(self.phase)

    def _in_play_count(self) -> int:
        return sum(self.in_play)

    def _suits_ok(self, s: int, extra: int = -1) -> bool:
        """R4.4 without ``declare_void``: at most two suits, melds included (the kernel checks
        the concealed tiles; this adds the melds)."""
        ms = self.melds[s]
        if self.rules.declare_void or not ms:
            return True
        c = self.hands[s].counts()
        suits = {m.tile // 9 for m in ms}
        for su in range(3):
            if any(c[9 * su : 9 * su + 9]):
                suits.add(su)
        if extra >= 0:
            suits.add(extra // 9)
        return len(suits) <= 2

    def _win_tile(self, s: int) -> int:
        """The tile a self-draw win is on: the tile just drawn; on the dealer's first turn
        the 14th dealt tile (R2.3) — or, if the exchange passed it on, the highest kind."""
        k = self.drawn
        if k >= 0 and self.hands[s].count(k):
            return k
        c = self.hands[s].counts()
        return max(i for i in range(27) if c[i])

    def _held4(self, s: int) -> int:
        """Bitmask of kinds the seat holds four of, hand plus melds (R7.3)."""
        c = bytearray(self.hands[s].counts())
        for m in self.melds[s]:
            c[m.tile] += m.size
        return sum(1 << k for k in range(27) if c[k] >= 4)

    def _waits_after(self, s: int, remove: dict[int, int], excl: int) -> int:
        h = self.hands[s].copy()
        for k, n in remove.items():
            for _ in range(n):
                h.remove(k)
        return int(h.waits(excl))

    def _gang_keeps_waits(self, s: int, a: Action) -> bool:
        """R11.2: a 血流 winner may gang on its turn only if its waits stay the same.

        Waits by R7.3 on each side: before, the hand without the drawn tile, in which the
        drawn kind was held only three times (so it may be a wait: a gang of a kind the seat
        waits on changes its waits); after, the gang's kind is held four times."""
        k = a.tile
        held = self._held4(s)
        before = self._waits_after(s, {self.drawn: 1}, held & ~(1 << self.drawn))
        excl = held | (1 << k)
        if a.word == "ankan":
            after = self._waits_after(s, {k: 4}, excl)
        else:
            after = self._waits_after(s, {k: 1}, excl)
        return before == after

    def _kan_keeps_waits(self, s: int, k: int) -> bool:
        """R11.2 (as for 摆割, R13.4): a 血流 winner's direct gang must keep its waits. Before
        the gang the seat holds three ``k`` (a wait, if it completes the hand, R7.3); after
        it, four."""
        held = self._held4(s)
        return self._waits_after(s, {}, held) == self._waits_after(s, {k: 3}, held | (1 << k))

    def _note_forfeit_self_draw(self, s: int) -> None:
        """R5.7 forfeit with scope ``any``: declining a self-draw win in the final round."""
        from xzcore.rules import LastRoundScope, LastRoundWin

        rules = self.rules
        if (
            self.final
            and rules.last_round_win is LastRoundWin.FORFEIT
            and rules.last_round_scope is LastRoundScope.ANY
            and not self._must_discard
            and self.hands[s].is_win()
            and self._suits_ok(s)
        ):
            self.forfeited[s] = True

    _note_gang_pass = _note_forfeit_self_draw

    # -- invariants -----------------------------------------------------------------------

    def check_tiles(self) -> None:
        """R1.1: every kind is accounted for exactly four times — hands, melds, discards,
        won tiles and the rest of the wall. Raises :class:`TileConservationError`."""
        rivers = self.rivers
        # The compiled helper's answer over the usual state (True: conserved); False or None
        # (another shape) and the count below says what is wrong.
        if _tiles_conserved(
            self.hands, self.melds, rivers, self.won_tiles, self.wall, self.pos, _PENG
        ):
            return
        lists = (*rivers, self.won_tiles, self.wall[self.pos :])
        tally = getattr(self.kernel, "tile_counts", None)
        # The kernel's tally of the hands and the lists (in C when compiled); None when it
        # declines an entry it does not count, and then the sum in Python.
        c = None if tally is None else tally(self.hands, lists)
        if c is None:
            h0, h1, h2, h3 = [h.counts() for h in self.hands]
            c = list(map(add, map(add, h0, h1), map(add, h2, h3)))
            self._count_melds(c)
            for tiles in lists:
                for k in tiles:
                    c[k] += 1
        elif any(self.melds):
            self._count_melds(c)
        if c != _FOURS:
            bad = {tile_name(k): n for k, n in enumerate(c) if n != 4}
            raise TileConservationError(f"tiles not conserved (R1.1): {bad}")

    def _count_melds(self, c: list[int]) -> None:
        """Add every meld's tiles to the counts ``c`` (R1.1)."""
        for ms in self.melds:
            for m in ms:
                c[m.tile] += 3 if m.kind is _PENG else 4  # Meld.size

    def _check_ledger(self) -> None:
        """R9.6: the ledger is sound and sums to zero (at every round's end, over every
        transfer of the round)."""
        self.ledger.check()

    # -- end of round ---------------------------------------------------------------------

    def _seat_end(self, s: int) -> tuple[int, bool, bool, int | None, bool]:
        """One seat's R10 facts: (seat, active, 花猪, ready multiplier or None, forfeited)."""
        if self.won[s]:
            return (s, False, False, None, False)
        rules = self.rules
        h = self.hands[s]
        c = h.counts()
        v = self.voids[s]
        if rules.declare_void:  # R10.1: still holding its void suit
            huazhu = v >= 0 and c[9 * v : 9 * v + 9] != _NO_TILES
        else:  # R10.1 without 定缺: all three suits in hand and melds
            suits = {m.tile // 9 for m in self.melds[s]}
            suits.update(su for su in range(3) if c[9 * su : 9 * su + 9] != _NO_TILES)
            huazhu = len(suits) == 3
        ready = None
        if not huazhu and h.waits(0):  # the kernel's quick "not ready" first (R7.3)
            ready = chajiao_engine(c, self.melds[s], v, rules)  # the engine's own values
        return (s, True, huazhu, ready, self.forfeited[s])

    def _settle_end(self) -> None:
        """R10.1–R10.3 via :func:`xzcore.money.settlement.end_of_round`: in 血战 only with two
        or more active seats (R10 header, R10.4); in 血流 over every seat that never won, even
        a lone one (R11.2). With no such seat there is nobody to settle and no event."""
        n = self.n_won
        if n > 2 and (n == 4 or not self.rules.xueliu):  # 血战 never gets here with n > 2
            return
        seat_end = self._seat_end
        ends = [seat_end(0), seat_end(1), seat_end(2), seat_end(3)]
        ledger = self.ledger
        if ledger.gang_income() or any(e[2] or e[3] is not None for e in ends):
            # The engine's own facts as tuples; SeatEnd values only if they are refused (R10).
            tr = settle_engine_ends(ledger, self.rules, ends)
            if tr is None:
                tr = end_of_round(ledger, self.rules, [SeatEnd(*e) for e in ends])
        else:
            # Nothing for R10 to move: no 花猪 (R10.1), no ready seat to pay (R10.2), no gang
            # money to refund (R10.3). This is most random-bot rounds; skip the call.
            tr = []
        self.events.append(
            event(
                "settlement",
                seats=[
                    {
                        "seat": e[0],
                        "active": e[1],
                        "huazhu": e[2],
                        "ready_multiplier": e[3],
                        "forfeited": e[4],
                    }
                    for e in ends
                ],
                transfers=_dicts(tr),
            )
        )  # the round's end checks the ledger next (R9.6)

    def next_dealer(self) -> int:
        """R11.1: the first winner; the discarder if that first win was a multiple win on
        one discard; the same dealer if nobody won."""
        if not self.wins:
            return self.dealer
        first = self.wins[0]
        if first.multiple and first.discarder is not None:
            return first.discarder
        return first.seat

    # -- what a seat may see (agents.SeatView reads these) ---------------------------------

    def melds_of(self, s: int) -> tuple[Meld, ...]:
        """Seat ``s``'s melds (public)."""
        return tuple(self.melds[s])
