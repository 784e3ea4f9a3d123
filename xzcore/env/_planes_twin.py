"""The pure-Python twin of ``xzcore.env._planes``: the observation planes
(:class:`Planes`, what :class:`xzcore.env.observation.Planes` names) and their commonest
updates, written for clarity; the compiled module is tested against it
(tests/env/test_compiled_planes.py).

A round's events are mostly draws, discards and passes; each changes a few cells of the
public table and of the actor's own hand row. :func:`plain_events` takes a run of them in
one call and stops at the first event it does not take, which ``Planes`` reads itself.
"""

from __future__ import annotations

from typing import Any

from xzcore.env._extra import np
from xzcore.env._layout import (
    _ALL_STALE,
    _CURRENT,
    _CURRENT_AT,
    _DEALER,
    _DISCARDS_AT,
    _G0,
    _G1,
    _G2,
    _G3,
    _IN_PLAY,
    _MELD_ROW,
    _MELDS,
    _MONEY,
    _MONEY_ONLY,
    _NOBODY,
    _OFFER_AT,
    _OFFERING,
    _OFFERING_AT,
    _OWN_ROWS,
    _PIAO,
    _REBUILD,
    _ROWS,
    _SIZE,
    _SIZE_AT,
    _UNITS,
    _VOID_SUIT,
    _WON,
    ANGANG,
    BUFFER_SHAPE,
    DISCARDS,
    DRAWN,
    GANG,
    GLOBAL,
    HAND,
    LAID_OPEN,
    NUMBERS,
    PENG,
    PICKS,
    VOID,
    WON,
    _cell,
)
from xzcore.players.agents import SeatView
from xzcore.round.base import CLAIM, ROB, TURN
from xzcore.tiles import NAMES, MeldKind

__all__ = ["Planes", "plain_events"]

_KIND = {name: k for k, name in enumerate(NAMES)}
_TOP = 5 * 27
"""Cells of one seat's own rows (``observation._TOP``)."""
_BLOCK = 8 * 27
"""Cells of one seat block of the table."""
_SIZE_CELL = 7 * 27 + 2
"""A seat block's hand-size cell (row ``NUMBERS``, column ``hand_size``) from its start."""


def _seat(e: dict[Any, Any]) -> int:
    """The event's ``actor`` when it is an exact int 0–3, else -1."""
    s = e.get("actor")
    return s if type(s) is int and 0 <= s < 4 else -1


def _kind(e: dict[Any, Any]) -> int:
    """The kind of the event's ``pai`` when it is one of the 27 names (exact str), else -1."""
    pai = e.get("pai")
    return _KIND.get(pai, -1) if type(pai) is str else -1


def plain_events(events: list[Any], start: int, table: Any, own: Any) -> int:
    """Take ``events[start:]`` into the planes while each is a plain event, and return the
    index of the first that is not (``len(events)`` when all are). ``table`` is the four seat
    blocks and ``own`` the four seats' own rows, each a flat, writable float32 buffer
    (``Planes``' memoryviews). A plain event is an exact ``dict`` whose ``type`` is
    ``"none"`` (a pass: nothing changes), ``"dahai"`` or ``"tsumo"`` with an exact int
    ``actor`` 0–3 and a ``pai`` that names a kind: a discard adds the kind to the actor's
    river, takes one from its hand size and from its own hand row; a draw adds one to both.
    ``ValueError`` for a negative ``start`` or a buffer smaller than the planes'."""
    if start < 0:
        raise ValueError(f"plain_events: start {start} (expected 0 or more)")
    if len(table) < 4 * _BLOCK or len(own) < 4 * _TOP:
        raise ValueError("plain_events: the planes' buffers are too small")
    i = start
    while i < len(events):  # read each time, as the compiled loop reads it
        e = events[i]
        if type(e) is not dict:
            return i
        kind = e.get("type")
        if kind == "none" and type(kind) is str:
            i += 1
            continue
        if type(kind) is not str or kind not in ("dahai", "tsumo"):
            return i
        s = _seat(e)
        k = _kind(e)
        if s < 0 or k < 0:
            return i
        if kind == "dahai":
            table[_BLOCK * s + k] += 1  # its river (row DISCARDS)
            table[_BLOCK * s + _SIZE_CELL] -= 1
            own[_TOP * s + k] -= 1  # its own hand row (HAND)
        else:
            table[_BLOCK * s + _SIZE_CELL] += 1
            own[_TOP * s + k] += 1
        i += 1
    return i


class Planes:
    """The observations of one round, kept up to date from its events."""

    def __init__(self, rnd: Any, buffer: np.ndarray | None = None) -> None:
        if buffer is None:
            buffer = np.zeros(BUFFER_SHAPE, dtype=np.float32)
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
        self.reset(rnd)

    def reset(self, rnd: Any) -> None:
        """Follow round ``rnd`` from now on, as a new ``Planes(rnd, buffer)`` on this one's
        buffer would: the buffer cleared (a given one is a row of the vector env's stacked
        buffers), new views, every public row rebuilt from them. A driver dealing round
        after round keeps one ``Planes`` (and its buffer's views) this way."""
        self.round = rnd
        self.views = [SeatView(rnd, s) for s in range(4)]
        self._buf[:] = 0
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
                elif kind == "dingque":  # R4.1: the declared suit, shown (VOID)
                    s = e["actor"]
                    v = _VOID_SUIT[e["suit"]]
                    for j in range(9 * v, 9 * v + 9):
                        i = _cell(s, VOID, j)
                        m[i] = 1
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
