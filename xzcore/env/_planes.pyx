# cython: language_level=3
"""The observation planes in C: the twin of ``xzcore.env._planes_twin`` (the contract is
there): :class:`Planes`, one round's observations kept up to date from its events, and its
commonest updates, :func:`plain_events`. ``xzcore.env.observation`` selects this module or
the twin (``xzcore.backend.load``)."""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_GetItemWithError, PyDict_Next
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE

from xzcore._tile_names cimport kind_of_name
from xzcore.kernel._core cimport Hand

from xzcore.tiles import NAMES

__all__ = ["Planes", "plain_events"]

cdef dict _KIND = {name: k for k, name in enumerate(NAMES)}
cdef object _TYPE = "type"
cdef object _ACTOR = "actor"
cdef object _PAI = "pai"
cdef object _NONE = "none"
cdef object _DAHAI = "dahai"
cdef object _TSUMO = "tsumo"
cdef enum:
    TOP = 5 * 27  # cells of one seat's own rows
    BLOCK = 8 * 27  # cells of one seat block of the table
    SIZE = 7 * 27 + 2  # a seat block's hand-size cell from its start


cdef inline object _get(dict d, object key):
    """``d.get(key)`` (what a key's ``__eq__`` raises, if anything, is raised)."""
    cdef PyObject* v = PyDict_GetItemWithError(d, key)
    return None if v is NULL else <object>v


cdef inline long _small(object x, long hi):
    """``x`` when it is an exact int in [0, hi), else -1."""
    cdef long v
    if type(x) is not int:
        return -1
    try:
        v = x
    except OverflowError:
        return -1
    return v if 0 <= v < hi else -1


def plain_events(list events, Py_ssize_t start, float[::1] table, float[::1] own):
    """Take ``events[start:]`` into the planes while each is a plain event; the index of the
    first that is not (see the twin)."""
    return _plain(events, start, table, own)


cdef inline bint _leading(dict e, PyObject** kind, PyObject** actor, PyObject** pai):
    """Whether the first three entries of ``e`` are its ``type``, ``actor`` and ``pai`` (the
    keys themselves, as the engine and the compiled run write them), read into ``kind``,
    ``actor`` and ``pai`` without a look-up; else False (``e`` is read by key)."""
    cdef Py_ssize_t pos = 0
    cdef PyObject* k
    return (
        PyDict_Next(e, &pos, &k, kind) and k == <PyObject*>_TYPE
        and PyDict_Next(e, &pos, &k, actor) and k == <PyObject*>_ACTOR
        and PyDict_Next(e, &pos, &k, pai) and k == <PyObject*>_PAI
    )


cdef Py_ssize_t _plain(list events, Py_ssize_t start, float[::1] table, float[::1] own) except -1:
    cdef Py_ssize_t i = start
    cdef long s, k
    cdef bint dahai, leading
    cdef object e, kind, pai, actor
    cdef PyObject* pk
    cdef PyObject* pa
    cdef PyObject* pp
    if start < 0:
        raise ValueError(f"plain_events: start {start} (expected 0 or more)")
    if table.shape[0] < 4 * BLOCK or own.shape[0] < 4 * TOP:
        raise ValueError("plain_events: the planes' buffers are too small")
    while i < PyList_GET_SIZE(events):  # read each time: a key's __eq__ may change the list
        e = <object>PyList_GET_ITEM(events, i)
        if type(e) is not dict:
            return i
        leading = _leading(<dict>e, &pk, &pa, &pp)
        kind = <object>pk if leading else _get(<dict>e, _TYPE)
        # the engine's words are the interned ones: one pointer compare each, else compared
        if kind is _DAHAI:
            dahai = True
        elif kind is _TSUMO:
            dahai = False
        elif kind is _NONE:
            i += 1
            continue
        elif type(kind) is not str:
            return i
        elif kind == _NONE:
            i += 1
            continue
        elif kind == _DAHAI or kind == _TSUMO:
            dahai = kind == _DAHAI
        else:
            return i
        if leading:
            actor = <object>pa
            pai = <object>pp
        else:
            actor = _get(<dict>e, _ACTOR)
            pai = _get(<dict>e, _PAI)
        s = _small(actor, 4)
        if s < 0 or type(pai) is not str:
            return i
        k = kind_of_name(<str>pai)  # _KIND.get(pai)
        if k < 0:
            return i
        if dahai:
            table[BLOCK * s + k] += 1
            table[BLOCK * s + SIZE] -= 1
            own[TOP * s + k] -= 1
        else:
            table[BLOCK * s + SIZE] += 1
            own[TOP * s + k] += 1
        i += 1
    return i


# -- the planes of one round (the twin's Planes, the same steps) ---------------------------

cimport cython

from xzcore.env._extra import np
from xzcore.env._layout import (
    _MELD_ROW as _MELD_ROW_MAP,
    _MELDS as _MELDS_SET,
    _MONEY as _MONEY_SET,
    _MONEY_ONLY as _MONEY_ONLY_SET,
    _REBUILD as _REBUILD_SET,
    _VOID_SUIT as _VOID_SUIT_MAP,
    _ROWS as _ROWS_LIST,
    BUFFER_SHAPE as _BUFFER_SHAPE,
)
from xzcore.players.agents import SeatView
from xzcore.round.base import CLAIM as _CLAIM_PY, ROB as _ROB_PY, TURN as _TURN_PY
from xzcore.round.engine import Round
from xzcore.tiles import MeldKind

cdef enum:
    OWN_ROWS = 4 * 5  # the four seats' own rows, ahead of the table
    # a seat's own rows
    HAND = 0
    DRAWN = 1
    OFFER = 2
    PICKS = 3
    GLOBAL = 4
    # a seat block's rows
    DISCARDS = 0
    PENG = 1
    GANG = 2
    ANGANG = 3
    VOID = 4
    WON = 5
    LAID_OPEN = 6
    NUMBERS = 7
    # a NUMBERS row's columns
    UNITS = 0
    PIAO = 1
    SIZE_COL = 2
    IN_PLAY = 3
    WON_COL = 4
    DEALER = 5
    CURRENT = 6
    OFFERING = 7

cdef long _TURN_C = _TURN_PY
cdef object _ROUND = Round  # the engine's round, exactly (not a LeshanRound)
cdef long _CLAIM_C = _CLAIM_PY
cdef long _ROB_C = _ROB_PY
cdef frozenset _MELDS_F = _MELDS_SET
cdef frozenset _MONEY_F = _MONEY_SET
cdef frozenset _MONEY_ONLY_F = _MONEY_ONLY_SET
cdef frozenset _REBUILD_F = _REBUILD_SET
cdef dict _MELD_ROW = dict(_MELD_ROW_MAP)
cdef object _ANGANG_KIND = MeldKind.ANGANG
cdef tuple _NOBODY = (False, False, False, False)
cdef list _ROWS = list(_ROWS_LIST)
cdef object _PON_WORD = "pon"
cdef object _DAIMINKAN_WORD = "daiminkan"
cdef object _ANKAN_WORD = "ankan"
cdef object _KAKAN_WORD = "kakan"
cdef object _GANG_PAYMENT = "gang_payment"
cdef object _BUGANG = "bugang"
cdef object _DINGQUE_WORD = "dingque"
cdef dict _VOID_SUIT = dict(_VOID_SUIT_MAP)

assert (OWN_ROWS + 32, 27) == tuple(_BUFFER_SHAPE)


cdef inline Py_ssize_t _cell(long seat, long row, long col):
    """The flat index of a cell of seat ``seat``'s block (absolute seat) in the table."""
    return 27 * (8 * seat + row) + col


cdef enum:  # RoundBase._view_values()'s fields, by position
    V_EVENTS, V_POS, V_FINAL, V_PHASE, V_CUR, V_DRAWN, V_LOCKED, V_LOCK_VALUE, V_CLAIM_FROM,
    V_CLAIM_TILE, V_N


@cython.boundscheck(True)
@cython.wraparound(True)
cdef class Planes:
    """The observations of one round, kept up to date from its events (see the twin)."""

    cdef readonly object round
    cdef readonly list views
    cdef readonly object table
    cdef readonly object own
    cdef object _buf
    cdef float[::1] _m
    cdef float[::1] _o
    cdef Py_ssize_t _seen
    cdef long _left, _phase, _cur, _offering, _offer_tile
    cdef bint _final
    cdef bint _stale[4]
    cdef long _drawn[4]
    cdef list _picks
    cdef list _lock
    cdef tuple _vals  # the round's _view_values() at the last _sync

    def __init__(self, rnd, buffer=None):
        if buffer is None:
            buffer = np.zeros(_BUFFER_SHAPE, dtype=np.float32)
        self._buf = buffer
        self.table = buffer[OWN_ROWS:]
        self.own = buffer[:OWN_ROWS].reshape(4, 5, 27)
        flat = buffer.reshape(-1)
        self._m = flat[OWN_ROWS * 27 :]
        self._o = flat[: OWN_ROWS * 27]
        self._start(rnd)

    def reset(self, rnd):
        """Follow round ``rnd`` from now on, as a new ``Planes(rnd, buffer)`` on this one's
        buffer would (see the twin): the buffer cleared, new views, every public row rebuilt."""
        self._start(rnd)

    cdef void _start(self, rnd) except *:
        """The buffer cleared (a given one is a row of the vector env's stacked buffers) and
        filled for ``rnd``."""
        cdef long s
        self.round = rnd
        self.views = [SeatView(rnd, s) for s in range(4)]
        self._o[:] = 0
        self._m[:] = 0
        self._left = self._phase = self._cur = self._offering = self._offer_tile = -1
        self._final = False
        for s in range(4):
            self._stale[s] = True  # own hand rows to read again from the view
            self._drawn[s] = -1
        self._picks = [[], [], [], []]
        self._lock = [-1, -1, -1, -1]  # the pass lock's value shown (-1: no lock)
        events = rnd.events
        if type(rnd) is _ROUND and type(events) is list and PyList_GET_SIZE(events) == 1:
            self._dealt()  # a round just dealt: its public rows are known
        else:
            self._rebuild(False)
        self._seen = len(events)  # the table holds them all; the hands are read anew

    cdef void _dealt(self) except *:
        """The public rows of a round of the engine (``Round``: no 飘, no 摆割) whose only
        event is ``start_kyoku`` (R2.3), on a cleared buffer, as :meth:`_rebuild` fills them:
        nothing discarded, melded, declared (R4.1), won or paid yet, every seat in play; each
        seat's hand size, the dealer."""
        cdef float[::1] m = self._m
        cdef long s, row
        v = self.views[0]
        dealer = v.dealer
        for s in range(4):
            row = _cell(s, NUMBERS, 0)
            m[row + IN_PLAY] = 1
            m[row + SIZE_COL] = v.hand_size(s)
            m[row + DEALER] = s == dealer

    cdef void _rebuild(self, bint clear=True) except *:
        """Every public row from the view (after a rarer event); ``clear``: the table's rows
        cleared first (not when the whole buffer was just cleared)."""
        cdef float[::1] m = self._m
        cdef long s, row, vs, j
        cdef object k
        t = self.table
        if clear:
            m[:] = 0
        v = self.views[0]  # public facts: any seat's view gives the same
        voids = v.voids()
        piao = v.piao()
        in_play = v.in_play()
        won = v.won()
        totals = v.totals()
        for s in range(4):
            row = _cell(s, DISCARDS, 0)
            for k in v.discards(s):
                m[row + <long>k] += 1
            for meld in v.melds(s):
                kind = meld.kind
                m[_cell(s, ANGANG if kind is _ANGANG_KIND else <long>_MELD_ROW[kind], meld.tile)] = 1
            if voids[s] >= 0:
                vs = voids[s]
                if vs < 3:
                    for j in range(9 * vs, 9 * vs + 9):
                        m[_cell(s, VOID, j)] = 1
                else:  # (not a suit: numpy clips the slice, as the twin's)
                    t[8 * s + VOID, 9 * vs : 9 * vs + 9] = 1
            shown = self.views[(s + 1) % 4].laid_open(s)  # as another seat sees it
            if shown is not None:
                t[8 * s + LAID_OPEN] = np.frombuffer(shown, dtype=np.uint8)
            row = _cell(s, NUMBERS, 0)
            m[row + UNITS] = totals[s]
            m[row + PIAO] = piao[s]
            m[row + IN_PLAY] = in_play[s]
            m[row + WON_COL] = won[s]
            m[row + SIZE_COL] = v.hand_size(s)
            m[row + DEALER] = s == v.dealer
            m[row + CURRENT] = s == self._cur
            m[row + OFFERING] = s == self._offering
        for w in self.round.wins:  # the hora events, public
            m[_cell(w.seat, WON, w.tile)] += 1

    cdef void _sync(self) except *:
        """Take in the events since the last observation, and the public numbers that
        changed (the wall, the phase, the final round, whose turn, the tile on offer)."""
        cdef float[::1] m = self._m
        cdef float[::1] o = self._o
        cdef Py_ssize_t n, at, i
        cdef long s, k, j, left, phase, old, new, cur, src, tile
        cdef bint dirty, money, final
        cdef object e, kind
        cdef tuple vals
        r = self.round
        x = r._view_values()  # (events, pos, final, phase, cur, drawn, locked, lock_value, …)
        if type(x) is not tuple or PyTuple_GET_SIZE(x) != V_N:
            raise TypeError("Planes: the round's _view_values() is not a tuple of ten")
        vals = self._vals = <tuple>x
        events = <object>PyTuple_GET_ITEM(vals, V_EVENTS)
        n = len(events)
        if n != self._seen:
            dirty = money = False
            at = self._seen
            while True:
                at = _plain(events, at, m, o)  # the plain events, at once
                if at >= n:
                    break
                e = events[at]  # one it did not take (or a malformed one, refused below)
                at += 1
                kind = e["type"]
                if kind == _DAHAI:
                    s = e["actor"]
                    k = _KIND[e["pai"]]
                    m[_cell(s, DISCARDS, k)] += 1
                    m[_cell(s, NUMBERS, SIZE_COL)] -= 1
                    o[s * TOP + k] -= 1  # its own hand row (HAND)
                    continue
                if kind == _TSUMO:
                    s = e["actor"]
                    m[_cell(s, NUMBERS, SIZE_COL)] += 1
                    o[s * TOP + <long>_KIND[e["pai"]]] += 1
                    continue
                if kind == _NONE:
                    continue
                if kind not in _MONEY_ONLY_F:  # a meld, win, exchange …: read the hands again
                    for s in range(4):
                        self._stale[s] = True
                if kind in _MONEY_F:
                    money = True
                if kind == _GANG_PAYMENT and e["kind"] == _BUGANG:
                    s = e["actor"]
                    for k in self.round.pengs[s] ^ self._pengs(s):
                        m[_cell(s, PENG, k)] = 0
                        m[_cell(s, GANG, k)] = 1
                elif kind in _MELDS_F and getattr(r, "baige", _NOBODY)[e["actor"]]:
                    # a 摆割 seat's meld changes the hand it shows (R13.4)
                    dirty = True
                elif kind == _PON_WORD or kind == _DAIMINKAN_WORD:  # the claimed tile leaves the river
                    s = e["actor"]
                    k = _KIND[e["pai"]]
                    m[_cell(e["target"], DISCARDS, k)] -= 1
                    m[_cell(s, PENG if kind == _PON_WORD else GANG, k)] = 1
                    m[_cell(s, NUMBERS, SIZE_COL)] -= 2 if kind == _PON_WORD else 3
                elif kind == _ANKAN_WORD:
                    s = e["actor"]
                    m[_cell(s, ANGANG, _KIND[e["pai"]])] = 1
                    m[_cell(s, NUMBERS, SIZE_COL)] -= 4
                elif kind == _KAKAN_WORD:  # the 碰 becomes a 补杠 once it stands (R6.4)
                    m[_cell(e["actor"], NUMBERS, SIZE_COL)] -= 1
                elif kind == _DINGQUE_WORD:  # R4.1: the declared suit, shown (VOID)
                    s = e["actor"]
                    k = _VOID_SUIT[e["suit"]]
                    for j in range(9 * k, 9 * k + 9):
                        m[_cell(s, VOID, j)] = 1
                elif kind in _REBUILD_F:
                    dirty = True
            self._seen = n
            if dirty:
                self._rebuild()
            if money and not dirty:
                for s, units in enumerate(r.ledger.totals()):
                    m[_cell(s, NUMBERS, UNITS)] = units
        # The public numbers, read from the round's fields as SeatView reads them.
        left = 108 - <long><object>PyTuple_GET_ITEM(vals, V_POS)  # SeatView.wall_left
        if left != self._left:
            self._left = left
            for s in range(4):
                o[s * TOP + 27 * GLOBAL] = left
            # SeatView.final_round (R5.7: the final round begins with a draw)
            final = <object>PyTuple_GET_ITEM(vals, V_FINAL)
            if final != self._final:
                self._final = final
                for s in range(4):
                    o[s * TOP + 27 * GLOBAL + 8] = final
        # SeatView.phase, with 飘 (phase 6) told apart from 定缺
        phase = <object>PyTuple_GET_ITEM(vals, V_PHASE)
        if phase != self._phase:
            old = self._phase
            if old >= 0:
                old += 1
                for s in range(4):
                    o[s * TOP + 27 * GLOBAL + old] = 0
            new = phase + 1
            for s in range(4):
                o[s * TOP + 27 * GLOBAL + new] = 1
            self._phase = phase
        cur = <object>PyTuple_GET_ITEM(vals, V_CUR)  # SeatView.current
        if cur != self._cur:
            if self._cur >= 0:
                m[_cell(self._cur, NUMBERS, CURRENT)] = 0
            m[_cell(cur, NUMBERS, CURRENT)] = 1
            self._cur = cur
        if phase == _CLAIM_C or phase == _ROB_C or self._offering >= 0:
            # SeatView.offer(): the tile on offer and its seat while claims are open
            if phase == _CLAIM_C or phase == _ROB_C:
                src = <object>PyTuple_GET_ITEM(vals, V_CLAIM_FROM)
                tile = <object>PyTuple_GET_ITEM(vals, V_CLAIM_TILE)
            else:
                src = tile = -1
            if src != self._offering or tile != self._offer_tile:
                if self._offering >= 0:
                    m[_cell(self._offering, NUMBERS, OFFERING)] = 0
                    for s in range(4):
                        o[s * TOP + 27 * OFFER + self._offer_tile] = 0
                if src >= 0:
                    m[_cell(src, NUMBERS, OFFERING)] = 1
                    for s in range(4):
                        o[s * TOP + 27 * OFFER + tile] = 1
                self._offering = src
                self._offer_tile = tile

    cdef set _pengs(self, long s):
        """The kinds the table shows as seat ``s``'s 碰."""
        cdef Py_ssize_t row = _cell(s, PENG, 0)
        cdef float[::1] m = self._m
        return {k for k in range(27) if m[row + k]}

    def observe(self, seat, picks, out=None):
        """Seat ``seat``'s observation (a new array, or written into ``out``, a float32
        ``(N_PLANES, 27)`` array), ``picks`` its 换三张 picks so far."""
        self.refresh(seat, picks)
        return self._buf.take(_ROWS[seat], axis=0, out=out)  # rows in that order

    def refresh(self, seat, picks):
        """Bring the buffer's rows of seat ``seat``'s observation up to date (``picks``: its
        换三张 picks so far); :meth:`observe` then takes them (:data:`ROWS`)."""
        cdef float[::1] o
        cdef long s = seat, drawn, base, value, k
        cdef const unsigned char* counts
        cdef tuple vals
        self._sync()
        if not 0 <= s < 4:
            raise IndexError(f"seat {seat!r} (expected 0-3)")
        o = self._o
        if self._stale[s]:  # else kept up to date by the draws and discards (_sync)
            self._stale[s] = False
            h = None
            hands = self.round.hands
            if type(hands) is list and PyList_GET_SIZE(hands) == 4:
                h = <object>PyList_GET_ITEM(hands, s)
            base = s * TOP + 27 * HAND
            if type(h) is Hand:  # SeatView.counts(), read from the compiled hand itself
                for k in range(27):
                    o[base + k] = (<Hand>h).c[k]
            else:
                c = self.views[s].counts()
                if type(c) is bytes and PyBytes_GET_SIZE(c) == 27:
                    counts = <const unsigned char*>PyBytes_AS_STRING(c)
                    for k in range(27):
                        o[base + k] = counts[k]
                else:
                    self.own[s, HAND] = np.frombuffer(c, dtype=np.uint8)
        vals = self._vals  # (read by _sync)
        drawn = (  # SeatView.drawn
            <object>PyTuple_GET_ITEM(vals, V_DRAWN)
            if <object>PyTuple_GET_ITEM(vals, V_PHASE) == _TURN_C
            and <object>PyTuple_GET_ITEM(vals, V_CUR) == s
            else -1
        )
        if drawn != self._drawn[s]:
            base = s * TOP + 27 * DRAWN
            if self._drawn[s] >= 0:
                o[base + self._drawn[s]] = 0
            if drawn >= 0:
                o[base + drawn] = 1
            self._drawn[s] = drawn
        if picks != self._picks[s]:
            self._picks[s] = picks[:]
            base = s * TOP + 27 * PICKS
            for k in range(27):
                o[base + k] = 0
            for k in picks:
                if not 0 <= k < 27:
                    raise IndexError(f"pick {k!r} (expected a kind 0-26)")
                o[base + k] += 1
        value = (  # SeatView.locked
            (<object>PyTuple_GET_ITEM(vals, V_LOCK_VALUE))[s]
            if (<object>PyTuple_GET_ITEM(vals, V_LOCKED))[s]
            else -1
        )
        if value != self._lock[s]:
            self._lock[s] = value
            base = s * TOP + 27 * GLOBAL
            o[base + 9] = value >= 0
            o[base + 10] = max(value, 0)
