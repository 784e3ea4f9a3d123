"""The observation planes of :mod:`xzcore.env`: what one seat may see of a round
(:class:`~xzcore.players.agents.SeatView`), as a ``(N_PLANES, 27)`` float32 array, one row a
plane over the 27 tile kinds (docs/env.md, "The observation").

The first five rows are the observing seat's own; then come eight rows for each seat in
*relative* order — the observing seat (i = 0), then the seats after it in play order
(R2.1) — so seat block ``i`` is rows ``5 + 8 * i`` … ``12 + 8 * i``:

==========  ==================================================  ==========================
row         plane                                               SeatView
==========  ==================================================  ==========================
0           own concealed tiles, counts 0–4                     ``counts()``
1           own drawn tile (1 at its kind, on the seat's turn)  ``drawn``
2           the tile on offer to claim (discard or 补杠)        ``offer()``
3           own 换三张 picks so far (counts)                    the env's picks (R3.1)
4           numbers: see :data:`GLOBAL_FIELDS`                  see there
5 + 8i + 0  seat i's discards still on the table (counts)       ``discards(seat)``
5 + 8i + 1  seat i's 碰 (1 at the kind)                         ``melds(seat)``
5 + 8i + 2  seat i's 直杠 and 补杠 (1 at the kind)              ``melds(seat)``
5 + 8i + 3  seat i's 暗杠 (1 at the kind; shown, R6.1)          ``melds(seat)``
5 + 8i + 4  seat i's void suit (1 on its nine kinds, R4.1)      ``voids()``
5 + 8i + 5  seat i's winning tiles (counts; 血流 repeats)       the wins (``hora`` events)
5 + 8i + 6  seat i's hand laid open by 摆割 (counts, R13.4)     ``laid_open(seat)``
5 + 8i + 7  seat i's numbers: see :data:`SEAT_FIELDS`           see there
==========  ==================================================  ==========================

The public rows are kept once, in one table per round (absolute seats), updated as the
round's events arrive (a draw, discard, 碰 or gang changes a few cells; a win, 定缺, 飘,
换三张 or 摆割 rebuilds them from the view); the own rows are kept per seat: the hand
follows the seat's draws and discards and is read again from the view after any other
change, the rest is written when its value changes. The own rows and the table share one
buffer, so an observation is one ``take`` of its rows — the seat's own, then the blocks in
its relative order — into a new array.
"""

from __future__ import annotations

from typing import Any

from xzcore.backend import load
from xzcore.env._extra import np
from xzcore.players.agents import SeatView
from xzcore.round.base import CLAIM, ROB, TURN
from xzcore.tiles import NAMES, MeldKind

__all__ = [
    "ANGANG",
    "BUFFER_SHAPE",
    "DISCARDS",
    "DRAWN",
    "GANG",
    "GLOBAL",
    "GLOBAL_FIELDS",
    "HAND",
    "LAID_OPEN",
    "N_PLANES",
    "OFFER",
    "PENG",
    "PICKS",
    "ROWS",
    "SEATS",
    "SEAT_FIELDS",
    "VOID",
    "WON",
    "Planes",
]

HAND, DRAWN, OFFER, PICKS, GLOBAL = range(5)
"""The observing seat's own rows."""
SEATS = 5
"""The first row of the seat blocks: seat block ``i`` (relative) starts at ``SEATS + 8 * i``."""
DISCARDS, PENG, GANG, ANGANG, VOID, WON, LAID_OPEN, NUMBERS = range(8)
"""The rows of a seat block, from its first row."""
N_PLANES = 37
"""Rows of an observation; each row has 27 columns."""

GLOBAL_FIELDS = (
    "wall_left",  # 0: SeatView.wall_left, tiles still in the wall (R2.2)
    "phase_exchange",  # 1-7: one-hot of the phase (SeatView.phase; 飘 told apart)
    "phase_dingque",
    "phase_turn",
    "phase_claim",
    "phase_rob",
    "phase_end",
    "phase_piao",
    "final_round",  # 8: SeatView.final_round (R5.7)
    "locked",  # 9: SeatView.locked[0], the seat's pass lock (R7.4)
    "lock_value",  # 10: SeatView.locked[1], the largest value passed (R7.4)
)
"""The columns of row :data:`GLOBAL` (the rest are 0)."""
SEAT_FIELDS = (
    "units",  # 0: SeatView.totals(), net units so far this round (R9)
    "piao",  # 1: SeatView.piao(), the 飘 bet (R13.3)
    "hand_size",  # 2: SeatView.hand_size(seat)
    "in_play",  # 3: SeatView.in_play() (R10.4, R11.2)
    "won",  # 4: SeatView.won()
    "dealer",  # 5: SeatView.dealer == seat
    "current",  # 6: SeatView.current == seat (the discarder while claims are open)
    "offering",  # 7: the seat whose tile is on offer (SeatView.offer())
)
"""The columns of each seat block's :data:`NUMBERS` row (the rest are 0)."""

_UNITS, _PIAO, _SIZE, _IN_PLAY, _WON, _DEALER, _CURRENT, _OFFERING = range(8)
_KIND = {name: k for k, name in enumerate(NAMES)}
_MELD_ROW = {MeldKind.PENG: PENG, MeldKind.GANG: GANG, MeldKind.BUGANG: GANG}
_TOP = 5 * 27
"""Cells of one seat's own rows."""
_MONEY = frozenset({"gang_payment", "call_transfer", "settlement"})
"""Events that move money (a win's money comes with the rebuild after its ``hora``)."""
_MONEY_ONLY = _MONEY | {"dingque", "piao", "ryukyoku", "end_kyoku"}
"""Events that change no hand (besides draws, discards and passes)."""
_ALL_STALE = [True] * 4
_MELDS = frozenset({"pon", "daiminkan", "ankan", "kakan"})
_REBUILD = frozenset({"start_kyoku", "exchange", "dingque", "piao", "baige", "hora"})
"""Events after which the public rows are read again from the view (once a batch)."""


def _cell(seat: int, row: int, col: int) -> int:
    """The flat index of a cell of seat ``seat``'s block (absolute seat) in the table.
    The tables are written through flat memoryviews: a scalar write there costs a fraction
    of numpy's item assignment."""
    return 27 * (8 * seat + row) + col


plain_events = load("planes").plain_events  # the draws, discards and passes (a run at once)

_NOBODY = (False, False, False, False)
_SIZE_AT = [_cell(s, NUMBERS, _SIZE) for s in range(4)]
_DISCARDS_AT = [_cell(s, DISCARDS, 0) for s in range(4)]
_CURRENT_AT = [_cell(s, NUMBERS, _CURRENT) for s in range(4)]
_OFFERING_AT = [_cell(s, NUMBERS, _OFFERING) for s in range(4)]
_GLOBALS_AT = (27 * GLOBAL, 27 * GLOBAL + _TOP, 27 * GLOBAL + 2 * _TOP, 27 * GLOBAL + 3 * _TOP)
_G0, _G1, _G2, _G3 = _GLOBALS_AT
_OFFER_AT = (27 * OFFER, 27 * OFFER + _TOP, 27 * OFFER + 2 * _TOP, 27 * OFFER + 3 * _TOP)
_OWN_ROWS = 4 * 5
"""Rows of the four seats' own rows, ahead of the table in one buffer."""
_ROWS: list[Any] = [
    [*range(5 * s, 5 * s + 5), *(_OWN_ROWS + (8 * s + r) % 32 for r in range(32))] for s in range(4)
]
"""The buffer's rows of seat ``s``'s observation: its own rows, then the seat blocks in its
relative order (block ``s`` first, then the seats after it in play order)."""
if np is not None:  # without the [rl] extra the module imports, and no Planes is made
    _ROWS = [np.array(rows, dtype=np.intp) for rows in _ROWS]
ROWS: list[Any] = _ROWS
"""Seat ``s``'s observation is ``buffer[ROWS[s]]`` of a :class:`Planes` buffer."""
BUFFER_SHAPE = (_OWN_ROWS + 32, 27)
"""The shape of a :class:`Planes` buffer."""


class Planes:
    """The observations of one round, kept up to date from its events."""

    def __init__(self, rnd: Any, buffer: np.ndarray | None = None) -> None:
        self.round = rnd
        self.views = [SeatView(rnd, s) for s in range(4)]
        if buffer is None:
            buffer = np.zeros(BUFFER_SHAPE, dtype=np.float32)
        else:  # a row of the vector env's stacked buffers, cleared for this round
            buffer[:] = 0
        self._buf = buffer
        """Every seat's own rows, then the table: an observation is one ``take`` of it
        (:data:`ROWS`); a given ``buffer`` (float32, C-contiguous, :data:`BUFFER_SHAPE`) is
        used in place, so many rounds' buffers can be taken from at once."""
        self.table = self._buf[_OWN_ROWS:]
        """The four seat blocks (absolute seats)."""
        self.own = self._buf[:_OWN_ROWS].reshape(4, 5, 27)
        """Each seat's own rows."""
        flat = self._buf.reshape(-1)
        self._m = flat[_OWN_ROWS * 27 :].data
        self._o = flat[: _OWN_ROWS * 27].data
        self._left = self._phase = self._cur = self._offering = self._offer_tile = -1
        self._final = False
        self._stale = [True] * 4  # own hand rows to read again from the view
        self._drawn = [-1] * 4
        self._picks: list[list[int]] = [[], [], [], []]
        self._lock = [-1] * 4  # the pass lock's value shown (-1: no lock)
        self._rebuild()
        self._seen = len(rnd.events)  # the table holds them all; the hands are read anew

    def _rebuild(self) -> None:
        """Every public row from the view (after a rarer event)."""
        t = self.table
        t[:] = 0
        m = self._m
        v = self.views[0]  # public facts: any seat's view gives the same
        voids = v.voids()
        piao = v.piao()
        in_play = v.in_play()
        won = v.won()
        totals = v.totals()
        for s in range(4):
            row = _cell(s, DISCARDS, 0)
            for k in v.discards(s):
                m[row + k] += 1
            for meld in v.melds(s):
                kind = meld.kind
                m[_cell(s, ANGANG if kind is MeldKind.ANGANG else _MELD_ROW[kind], meld.tile)] = 1
            if voids[s] >= 0:
                t[8 * s + VOID, 9 * voids[s] : 9 * voids[s] + 9] = 1
            shown = self.views[(s + 1) % 4].laid_open(s)  # as another seat sees it
            if shown is not None:
                t[8 * s + LAID_OPEN] = np.frombuffer(shown, dtype=np.uint8)
            row = _cell(s, NUMBERS, 0)
            m[row + _UNITS] = totals[s]
            m[row + _PIAO] = piao[s]
            m[row + _IN_PLAY] = in_play[s]
            m[row + _WON] = won[s]
            m[row + _SIZE] = v.hand_size(s)
            m[row + _DEALER] = s == v.dealer
            m[row + _CURRENT] = s == self._cur
            m[row + _OFFERING] = s == self._offering
        for w in self.round.wins:  # the hora events, public
            m[_cell(w.seat, WON, w.tile)] += 1

    def _sync(self) -> None:
        """Take in the events since the last observation, and the public numbers that
        changed (the wall, the phase, the final round, whose turn, the tile on offer)."""
        r = self.round
        events = r.events
        n = len(events)
        m = self._m
        if n != self._seen:
            dirty = money = False
            o = self._o
            stale = self._stale
            at = self._seen
            while True:
                at = plain_events(events, at, m, o)  # the plain events, at once
                if at >= n:
                    break
                e = events[at]  # one it did not take (or a malformed one, refused below)
                at += 1
                kind = e["type"]
                if kind == "dahai":
                    s = e["actor"]
                    k = _KIND[e["pai"]]
                    i = _DISCARDS_AT[s] + k
                    m[i] += 1
                    i = _SIZE_AT[s]
                    m[i] -= 1
                    o[s * _TOP + k] -= 1  # its own hand row (HAND)
                    continue
                if kind == "tsumo":
                    s = e["actor"]
                    i = _SIZE_AT[s]
                    m[i] += 1
                    o[s * _TOP + _KIND[e["pai"]]] += 1
                    continue
                if kind == "none":
                    continue
                if kind not in _MONEY_ONLY:  # a meld, win, exchange …: read the hands again
                    stale[:] = _ALL_STALE
                if kind in _MONEY:
                    money = True
                if kind == "gang_payment" and e["kind"] == "bugang":
                    s = e["actor"]
                    for k in self.round.pengs[s] ^ self._pengs(s):
                        i = _cell(s, PENG, k)
                        m[i] = 0
                        i = _cell(s, GANG, k)
                        m[i] = 1
                elif kind in _MELDS and getattr(r, "baige", _NOBODY)[e["actor"]]:
                    # a 摆割 seat's meld changes the hand it shows (R13.4)
                    dirty = True
                elif kind in ("pon", "daiminkan"):  # the claimed tile leaves the river
                    s = e["actor"]
                    k = _KIND[e["pai"]]
                    i = _cell(e["target"], DISCARDS, k)
                    m[i] -= 1
                    i = _cell(s, PENG if kind == "pon" else GANG, k)
                    m[i] = 1
                    i = _cell(s, NUMBERS, _SIZE)
                    m[i] -= 2 if kind == "pon" else 3
                elif kind == "ankan":
                    s = e["actor"]
                    i = _cell(s, ANGANG, _KIND[e["pai"]])
                    m[i] = 1
                    i = _cell(s, NUMBERS, _SIZE)
                    m[i] -= 4
                elif kind == "kakan":  # the 碰 becomes a 补杠 once it stands (R6.4)
                    i = _cell(e["actor"], NUMBERS, _SIZE)
                    m[i] -= 1
                elif kind in _REBUILD:
                    dirty = True
            self._seen = n
            if dirty:
                self._rebuild()
            if money and not dirty:
                for s, units in enumerate(r.ledger.totals()):
                    i = _cell(s, NUMBERS, _UNITS)
                    m[i] = units
        # The public numbers, read from the round's fields as SeatView reads them.
        o = self._o
        left = 108 - r.pos  # SeatView.wall_left
        if left != self._left:
            self._left = left
            o[_G0] = o[_G1] = o[_G2] = o[_G3] = left
            final = r.final  # SeatView.final_round (R5.7: the final round begins with a draw)
            if final != self._final:
                self._final = final
                o[_G0 + 8] = o[_G1 + 8] = o[_G2 + 8] = o[_G3 + 8] = final
        phase = r.phase  # SeatView.phase, with 飘 (phase 6) told apart from 定缺
        if phase != self._phase:
            old = self._phase
            if old >= 0:
                old += 1
                o[_G0 + old] = o[_G1 + old] = o[_G2 + old] = o[_G3 + old] = 0
            new = phase + 1
            o[_G0 + new] = o[_G1 + new] = o[_G2 + new] = o[_G3 + new] = 1
            self._phase = phase
        cur = r.cur  # SeatView.current
        if cur != self._cur:
            if self._cur >= 0:
                i = _CURRENT_AT[self._cur]
                m[i] = 0
            i = _CURRENT_AT[cur]
            m[i] = 1
            self._cur = cur
        if phase in (CLAIM, ROB) or self._offering >= 0:
            # SeatView.offer(): the tile on offer and its seat while claims are open
            src, tile = (r._claim_from, r._claim_tile) if phase in (CLAIM, ROB) else (-1, -1)
            if src != self._offering or tile != self._offer_tile:
                if self._offering >= 0:
                    i = _OFFERING_AT[self._offering]
                    m[i] = 0
                    for base in _OFFER_AT:
                        o[base + self._offer_tile] = 0
                if src >= 0:
                    i = _OFFERING_AT[src]
                    m[i] = 1
                    for base in _OFFER_AT:
                        o[base + tile] = 1
                self._offering = src
                self._offer_tile = tile

    def _pengs(self, s: int) -> set[int]:
        """The kinds the table shows as seat ``s``'s 碰."""
        row = _cell(s, PENG, 0)
        m = self._m
        return {k for k in range(27) if m[row + k]}

    def observe(self, seat: int, picks: list[int], out: np.ndarray | None = None) -> np.ndarray:
        """Seat ``seat``'s observation (a new array, or written into ``out``, a float32
        ``(N_PLANES, 27)`` array), ``picks`` its 换三张 picks so far."""
        self.refresh(seat, picks)
        return self._buf.take(_ROWS[seat], axis=0, out=out)  # rows in that order

    def refresh(self, seat: int, picks: list[int]) -> None:
        """Bring the buffer's rows of seat ``seat``'s observation up to date (``picks``: its
        换三张 picks so far); :meth:`observe` then takes them (:data:`ROWS`)."""
        self._sync()
        if self._stale[seat]:  # else kept up to date by the draws and discards (_sync)
            self._stale[seat] = False
            self.own[seat, HAND] = np.frombuffer(self.views[seat].counts(), dtype=np.uint8)
        r = self.round
        drawn = r.drawn if r.phase == TURN and r.cur == seat else -1  # SeatView.drawn
        if drawn != self._drawn[seat]:
            o = self._o
            base = seat * _TOP + 27 * DRAWN
            if self._drawn[seat] >= 0:
                o[base + self._drawn[seat]] = 0
            if drawn >= 0:
                o[base + drawn] = 1
            self._drawn[seat] = drawn
        if picks != self._picks[seat]:
            self._picks[seat] = picks[:]
            own = self.own
            own[seat, PICKS] = 0
            for k in picks:
                own[seat, PICKS, k] += 1
        value = r.lock_value[seat] if r.locked[seat] else -1  # SeatView.locked
        if value != self._lock[seat]:
            self._lock[seat] = value
            self.own[seat, GLOBAL, 9] = value >= 0
            self.own[seat, GLOBAL, 10] = max(value, 0)
