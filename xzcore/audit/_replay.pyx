# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The quiet discard, the quiet run and the random bots' quiet turns, compiled: the twin of
``xzcore.audit._replay_twin`` (contract: docs/internals.md, ``xzcore.audit.replay``).

A step checks everything ``Round.play`` would check before it changes anything, then makes
the engine's changes in C — the kernel's ``Hand`` counts and suit keys (``kernel/_core.pxd``),
the rivers, the events (``_replay_events.pxi``) — on the round's step state
(``Round._step_state()``), read once a run; its scalars go back once, after the last step
(``Round._resume``). A round built on another kernel is declined.
"""

from libc.string cimport memset
from cpython.bytearray cimport PyByteArray_AS_STRING
from cpython.dict cimport PyDict_Contains, PyDict_Copy, PyDict_GetItemWithError
from cpython.list cimport PyList_Append, PyList_GET_ITEM, PyList_GET_SIZE, PyList_SetItem
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.set cimport PySet_Add, PySet_GET_SIZE


from xzcore.kernel._core cimport Hand


from xzcore.round.actions import (
    _DAIMINKAN, _DINGQUE as _DINGQUE_L, _HORA, _KIND, _NONE, _PON, _SUIT_INDEX, NOT_ACTIONS,
)
from xzcore.money.settlement import SeatEnd, end_of_round, settle_engine_ends
from xzcore.round.engine import Round
from xzcore.round.base import CLAIM, DINGQUE, END, MELDS, TURN, StepState, transfer_dicts
from xzcore.scoring.engine import chajiao_engine
from xzcore.rules import LastRoundScope, LastRoundWin, RuleSet
from xzcore.log.events import event
from xzcore.tiles import NAMES, SUITS, MeldKind

__all__ = ["quiet_discard", "quiet_run", "random_run"]

cdef object _ROUND = Round
cdef object _RULESET = RuleSet
cdef object _HAND = Hand
cdef tuple _NAMES = NAMES  # interned, as msgpack gives them
cdef tuple _SEATS = (0, 1, 2, 3)
cdef long _TURN = TURN
cdef long _DINGQUE = DINGQUE
cdef long _CLAIM = CLAIM
cdef long _END = END
cdef object _CHAJIAO = chajiao_engine  # R10.2 (RoundBase._seat_end)
cdef object _SETTLE_ENGINE_ENDS = settle_engine_ends  # R10 (RoundBase._settle_end)
cdef object _END_OF_ROUND = end_of_round
cdef object _SEAT_END = SeatEnd
cdef object _TRANSFER_DICTS = transfer_dicts
cdef object _MINUS_ONE = -1
cdef tuple _PENG_MELDS = tuple(MELDS[MeldKind.PENG])  # Round._pon's meld of each kind
cdef dict _SUITS = dict(_SUIT_INDEX)  # R4.1: a dingque event's suit, as action_of reads it
cdef tuple _SUIT_TEXT = tuple(SUITS)  # Round._do_dingque's SUITS[v]
cdef object _FORCED = LastRoundWin.FORCED
cdef object _FORFEIT = LastRoundWin.FORFEIT
cdef object _ANY = LastRoundScope.ANY
cdef tuple _BITS = tuple(1 << k for k in range(27))  # Round._turn_drawn after a draw of k
# The two commonest events, as Round._dahai and Round._draw make them (keys in that order),
# one for each seat, kind and tsumogiri ([(27 * seat + kind) * 2 + tsumogiri]) and for each
# seat and kind ([27 * seat + kind]): a step appends a copy (a draw's "left" set on it).
cdef tuple _DAHAI_EVENTS = tuple(
    event("dahai", actor=s, pai=NAMES[k], tsumogiri=t)
    for s in range(4) for k in range(27) for t in (False, True)
)
cdef tuple _TSUMO_EVENTS = tuple(
    event("tsumo", actor=s, pai=NAMES[k], rinshan=False, left=0)
    for s in range(4) for k in range(27)
)
cdef dict _NONE_EVENT = event("none", actor=0, pai="")  # Round._resolve_claims
cdef dict _PON_EVENT = event("pon", actor=0, target=0, pai="")  # Round._pon
cdef dict _DINGQUE_EVENT = event("dingque", actor=0, suit="")  # Round._do_dingque
cdef tuple _KIND_OBJ = tuple(range(27))  # the kinds, as _KIND's values (small ints)
# _kind_of reads a 'pai' as compare_events does (_KIND.get): the 27 names, nothing else.
assert _KIND == {name: k for k, name in enumerate(NAMES)}
cdef frozenset _SKIPPED = frozenset(NOT_ACTIONS)  # events action_of reads as no action
cdef tuple _PON_T = tuple(tuple(row) for row in _PON)
cdef tuple _KAN_T = tuple(tuple(row) for row in _DAIMINKAN)
cdef tuple _HORA_T = tuple(tuple(row) for row in _HORA)
cdef tuple _NONE_T = tuple(_NONE)
cdef tuple _DINGQUE_T = tuple(tuple(row) for row in _DINGQUE_L)  # [seat][suit]: Round.legal_actions
cdef unsigned int POW5[9]
POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]


cdef inline object _item(dict d, str key):
    """``d[key]``, or None when missing (every attribute read here is never None)."""
    cdef PyObject* p = PyDict_GetItemWithError(d, key)  # str keys: it cannot fail
    if p is NULL:
        return None
    return <object>p


cdef inline bint _small(object x, long lo, long hi, long* out):
    """Is ``x`` an exact ``int`` in [lo, hi)? Stores it in ``out``."""
    cdef int overflow = 0
    cdef long v
    if type(x) is not int:
        return False
    v = PyLong_AsLongAndOverflow(x, &overflow)
    if overflow or v < lo or v >= hi:
        return False
    out[0] = v
    return True


cdef inline object _list4(object x):
    """``x`` when it is a list of four, else None."""
    if type(x) is not list or PyList_GET_SIZE(x) != 4:
        return None
    return x


cdef inline object _at(object lst, Py_ssize_t i):
    return <object>PyList_GET_ITEM(lst, i)


cdef inline object _get(object lst, Py_ssize_t i):
    """``lst[i]`` of the recorded events, or None past their end: the size is read at each
    call, since a key's ``__eq__`` (a look-up in an event that is not msgpack's) may have
    changed the list."""
    if i < PyList_GET_SIZE(lst):
        return <object>PyList_GET_ITEM(lst, i)
    return None


cdef inline void _put(object lst, Py_ssize_t i, object value):
    Py_INCREF(value)  # PyList_SetItem steals a reference
    PyList_SetItem(lst, i, value)


cdef enum:  # StepState's fields, by position (the state is read as a tuple)
    S_PHASE, S_CUR, S_POS, S_DRAWN, S_TURN_NO, S_FINAL, S_CLEAN, S_MUST_DISCARD, S_RINSHAN,
    S_GANG_FROM, S_TURN_DRAWN, S_PENDING, S_DEALER, S_FINAL_FROM, S_DIHU_DISCARD, S_RULES,
    S_WALL, S_EVENTS, S_HANDS, S_WON, S_IN_PLAY, S_VOIDS, S_RIVERS, S_DRAWS, S_LOCKED,
    S_LOCK_VALUE, S_MELDS, S_PENGS, S_N

assert StepState._fields == (
    "phase", "cur", "pos", "drawn", "turn_no", "final", "clean", "must_discard", "rinshan",
    "gang_from", "turn_drawn", "pending", "dealer", "final_from", "dihu_discard", "rules",
    "wall", "events", "hands", "won", "in_play", "voids", "rivers", "draws", "locked",
    "lock_value", "melds", "pengs",
)


cdef class _Run:
    """A round's step state (``Round._step_state()``) read once for a run of steps: the
    containers the steps update in place, the facts that stay put while they run, and the
    scalars they change, kept here and handed back by :func:`_flush` (``Round._resume``; no
    Python code sees the round between two steps: the kernel's ``Hand`` methods and
    ``RuleSet.last_round_n`` are the only calls)."""

    cdef object rnd
    cdef object hands, won, in_play, voids, rivers, draws, locked, lock_values, events, wall
    cdef object melds, pengs, rules, dihu, clean, dealer_obj, pending, gang_from
    cdef bint xueliu, declare_void, r57, final, must_discard, rinshan, dirty
    # what the steps taken changed, for _flush: a turn (a discard, then a draw or a 碰), the
    # 定缺 phase ended (R4.1)
    cdef bint turned, begun
    cdef long phase, cur, pos, drawn, turn_no, final_from, dealer
    cdef object drawn_obj, turn_drawn
    # the last claim window applied: Round._open_claims and Round.apply leave these
    cdef object c_opts, c_dec, c_tile, c_from, c_first, c_after


cdef inline object _field(tuple st, Py_ssize_t i):
    return <object>PyTuple_GET_ITEM(st, i)


cdef object _rules_read = None  # the RuleSet whose facts below were read (kept alive)
cdef bint _xueliu = False, _declare_void = False, _r57 = False


cdef void _read_rules(object rules) except *:
    """The facts of ``rules`` the steps use, kept for the next run on the same rules; only an
    exact, frozen ``RuleSet`` is kept (anything else is read at every load)."""
    global _rules_read, _xueliu, _declare_void, _r57
    _rules_read = None
    _xueliu = rules.xueliu
    _declare_void = rules.declare_void
    # R5.7 with scope ``any``: a self-draw win in hand in the final round is forced, or
    # forfeited by the discard.
    _r57 = rules.last_round_scope is _ANY and (
        rules.last_round_win is _FORCED or rules.last_round_win is _FORFEIT
    )
    if type(rules) is _RULESET:
        _rules_read = rules


cdef _Run _load(object rnd, object rec, bint window=False):
    """The round's step state as a :class:`_Run`, or None when it is not one the steps may
    take (never a subclass; neither on a turn nor in the 定缺 phase, nor, with ``window``,
    in a claim window on a discard; malformed)."""
    cdef _Run r
    cdef tuple st
    cdef long ph = 0
    cdef object x, rules
    if type(rnd) is not _ROUND:  # never a subclass (LeshanRound)
        return None
    x = rnd._step_values()  # Round._step_state()'s values, a plain tuple
    if type(x) is not tuple or PyTuple_GET_SIZE(x) != S_N:
        return None
    st = <tuple>x
    if not _small(_field(st, S_PHASE), 0, 6, &ph) or not (
        ph == _TURN or ph == _DINGQUE or (window and ph == _CLAIM)
    ):
        return None  # a claim window, the exchange or the end (R5.2, R3, R5.6)
    r = _Run.__new__(_Run)
    r.rnd = rnd
    r.phase = ph
    r.hands = _list4(_field(st, S_HANDS))
    r.won = _list4(_field(st, S_WON))
    r.in_play = _list4(_field(st, S_IN_PLAY))
    r.voids = _list4(_field(st, S_VOIDS))
    r.rivers = _list4(_field(st, S_RIVERS))
    r.draws = _list4(_field(st, S_DRAWS))
    r.locked = _list4(_field(st, S_LOCKED))
    r.lock_values = _list4(_field(st, S_LOCK_VALUE))
    r.melds = _list4(_field(st, S_MELDS))
    r.pengs = _list4(_field(st, S_PENGS))
    r.events = _field(st, S_EVENTS)
    r.wall = _field(st, S_WALL)
    rules = r.rules = _field(st, S_RULES)
    if (
        r.hands is None
        or r.won is None
        or r.in_play is None
        or r.voids is None
        or r.rivers is None
        or r.draws is None
        or r.locked is None
        or r.lock_values is None
        or r.melds is None
        or r.pengs is None
        or type(r.events) is not list
        or r.events is rec
        or type(r.wall) is not list
        or PyList_GET_SIZE(r.wall) != 108
        or rules is None
    ):
        return None
    if not _small(_field(st, S_CUR), 0, 4, &r.cur):
        return None
    if not _small(_field(st, S_POS), 0, 109, &r.pos):
        return None
    if not _small(_field(st, S_DRAWN), -1, 27, &r.drawn):
        return None
    if not _small(_field(st, S_TURN_NO), 0, 1 << 20, &r.turn_no):
        return None
    if not _small(_field(st, S_FINAL_FROM), -1, 1 << 20, &r.final_from):
        return None
    x = _field(st, S_FINAL)
    if type(x) is not bool:
        return None
    r.final = x
    x = _field(st, S_MUST_DISCARD)
    if type(x) is not bool:
        return None
    r.must_discard = x
    x = _field(st, S_RINSHAN)
    if type(x) is not bool:
        return None
    r.rinshan = x
    r.dihu = _field(st, S_DIHU_DISCARD)
    r.clean = _field(st, S_CLEAN)
    if type(r.dihu) is not bool or type(r.clean) is not bool:
        return None
    r.dealer_obj = _field(st, S_DEALER)
    r.dealer = -1
    if r.dihu and r.clean and not _small(r.dealer_obj, 0, 4, &r.dealer):
        return None
    r.gang_from = _field(st, S_GANG_FROM)
    r.turn_drawn = _field(st, S_TURN_DRAWN)
    r.pending = _field(st, S_PENDING)
    if rules is not _rules_read:  # (a RuleSet is frozen: its facts read once)
        _read_rules(rules)
    r.xueliu = _xueliu
    r.declare_void = _declare_void
    r.r57 = _r57
    r.drawn_obj = _field(st, S_DRAWN)
    r.dirty = r.turned = r.begun = False
    r.c_opts = None
    return r


cdef void _flush(_Run r) except *:
    """Hand the scalars of the steps taken back to the round (``Round._resume``)."""
    if not r.dirty:
        return
    r.dirty = False
    if r.turned:  # Round._draw (a new turn) or Round._begin_turn (a 碰)
        r.gang_from = _MINUS_ONE
    r.rnd._resume(
        (r.phase, r.cur, r.pos, r.drawn_obj, r.turn_no, r.final, r.clean, r.must_discard,
         r.rinshan, r.gang_from, r.turn_drawn, {} if r.begun else r.pending),  # Round._do_dingque
        None if r.c_opts is None else (r.c_tile, r.c_from, r.c_first, r.c_after, r.c_dec, r.c_opts),
    )


cdef long _pick(object rand, long n) except -1:
    """``int(rand() * n)``, as ``RandomAgent.act`` picks among ``n`` legal actions; the
    number checked as the twin's ``_number`` checks it (a float in [0, 1))."""
    cdef object u = rand()
    cdef double x
    if type(u) is not float:
        raise TypeError(f"random_run: a source gave {type(u).__name__}, not float")
    x = <double>u * n
    if not 0 <= x < n:
        raise ValueError(f"random_run: a source gave {u!r}, not in [0, 1)")
    return <long>x


# The events a step appends (the recorded ones when exactly the engine's)
include "_replay_events.pxi"
# Round._pon and the 定缺 phase (Round._do_dingque, Round._begin_play)
include "_replay_claims.pxi"


cdef struct _Draw:  # the next turn's draw, as _next_draw found it
    long n, k, nd, left
    bint final_n, new_final, release


cdef bint _next_draw(_Run r, long s, _Draw* d) except *:
    """``Round._next_turn(s)`` with the wall not empty, then ``Round._draw(n, False)``:
    their checks, nothing changed (True: the draw is one the steps take, read into ``d``).
    The next seat in play after ``s`` (R5.5), its hand a compiled one, the wall's next tile
    one it can take; whether the draw begins the final round (R5.7), ends its pass lock
    (R7.4). Raises what a round's read raises (the callers decline then)."""
    cdef long n = (s + 1) % 4
    cdef object x
    cdef Hand hn
    while not _at(r.in_play, n):
        n = (n + 1) % 4
        if n == s:
            return False
    x = _at(r.hands, n)
    if type(x) is not _HAND:
        return False
    hn = <Hand>x
    if not _small(_at(r.wall, r.pos), 0, 27, &d.k) or hn.c[d.k] >= 4 or hn.n >= 14:
        return False  # Hand.add would refuse it: let the engine say so
    if not _small(_at(r.draws, n), 0, 1 << 20, &d.nd):
        return False
    d.n = n
    d.left = 108 - r.pos
    d.final_n = d.left <= r.final_from and not r.final  # Python code runs (see _emit_dahai)
    d.new_final = d.final_n and d.left <= r.rules.last_round_n(sum(r.in_play))  # R5.7
    d.release = bool(_at(r.locked, n))  # R7.4: the draw ends the seat's pass lock
    return True


cdef void _draw(_Run r, object rec, _Draw* d) except *:
    """The draw :func:`_next_draw` found, made (its scalars written by _flush): the new
    turn of seat ``d.n`` (``Round._draw`` inlines ``Round._begin_turn``), its tile taken."""
    cdef Hand hn = <Hand>_at(r.hands, d.n)
    cdef object k2obj = _at(r.wall, r.pos)
    if d.new_final:
        r.final = True
    r.turned = True
    r.phase = _TURN
    r.cur = d.n
    r.turn_no += 1
    r.rinshan = False
    r.must_discard = False
    r.pos += 1
    hn.c[d.k] += 1
    hn.wmask_ok = 0
    hn.k[d.k // 9] += POW5[d.k % 9]
    hn.n += 1
    r.drawn = d.k
    r.drawn_obj = k2obj
    r.turn_drawn = _BITS[d.k]
    _put(r.draws, d.n, d.nd + 1)
    if d.release:
        _put(r.locked, d.n, False)
        _put(r.lock_values, d.n, 0)
    _emit_tsumo(r, rec, d.n, d.k, d.left - 1)


cdef bint _end_ready(_Run r) except *:
    """Whether :func:`_wall_end` can read the round's end: the rules declare voids (R4.1:
    a 花猪 is then a seat holding its void suit, R10.1), every seat yet to win holds a
    compiled hand and a void -1..2, and the forfeits (R5.7) are four."""
    cdef long s, v
    if not r.declare_void or not _list4(r.rnd.forfeited):
        return False
    for s in range(4):
        if not _at(r.won, s):
            if type(_at(r.hands, s)) is not _HAND or not _small(_at(r.voids, s), -1, 3, &v):
                return False
    return True


cdef void _wall_end(_Run r) except *:
    """``Round._end_on_empty_wall`` after the last discard (R5.6): the ``ryukyoku`` event;
    ``RoundBase._settle_end`` (R10): each seat's facts as ``_seat_end`` reads them, the
    transfers of ``settle_engine_ends`` when there is anything to move (a 花猪, a ready
    seat, gang money), the ``settlement`` event; then the scalars handed back and
    ``Round._finish`` (R1.1 and R9.6 checked, the result, ``end_kyoku``). Checked first by
    :func:`_end_ready`."""
    cdef object rnd = r.rnd, rules = r.rules, ledger, tr, ready, forfeited, out
    cdef list ends
    cdef long s, v = -1, i, n_won
    cdef bint settle = False, huazhu
    cdef Hand h
    PyList_Append(r.events, {"type": "ryukyoku", "reason": "wall_empty"})
    n_won = rnd.n_won
    if not (n_won > 2 and (n_won == 4 or not r.xueliu)):  # RoundBase._settle_end
        forfeited = rnd.forfeited
        ends = []
        for s in range(4):
            if _at(r.won, s):
                ends.append((_SEATS[s], False, False, None, False))
                continue
            h = <Hand>_at(r.hands, s)
            _small(_at(r.voids, s), -1, 3, &v)
            huazhu = False  # R10.1: still holding its void suit
            if v >= 0:
                for i in range(9 * v, 9 * v + 9):
                    if h.c[i]:
                        huazhu = True
                        break
            ready = None  # R10.2: ready, and for how much (the kernel's "not ready" first)
            if not huazhu and h.waits(0):
                ready = _CHAJIAO(h.counts(), _at(r.melds, s), _at(r.voids, s), rules)
            ends.append((_SEATS[s], True, huazhu, ready, _at(forfeited, s)))
            if huazhu or ready is not None:
                settle = True
        ledger = rnd.ledger
        if settle or ledger.gang_income():  # else nothing for R10 to move (R10.1-R10.3)
            tr = _SETTLE_ENGINE_ENDS(ledger, rules, ends)
            if tr is None:
                tr = _END_OF_ROUND(ledger, rules, [_SEAT_END(*e) for e in ends])
        else:
            tr = []
        out = _TRANSFER_DICTS(tr)
        if out is None:
            out = [t.to_dict() for t in tr]
        PyList_Append(r.events, {
            "type": "settlement",
            "seats": [
                {
                    "seat": e[0],
                    "active": e[1],
                    "huazhu": e[2],
                    "ready_multiplier": e[3],
                    "forfeited": e[4],
                }
                for e in ends
            ],
            "transfers": out,
        })
    r.phase = _END
    _flush(r)
    rnd._finish("wall_empty")


cdef Py_ssize_t _step(_Run r, object seat, object tile, object rec, Py_ssize_t at,
                     bint looked, object read=None, PyObject* read_tsumogiri=NULL,
                     object randoms=None, long me=-1, bint offers=False):
    """The discard of ``tile`` by ``seat`` and what follows it, as ``Round.play`` would
    apply it: -1 when declined (nothing changed); else the number of recorded answers after
    ``rec[at]`` applied with it (0: nobody was asked). ``rec`` None: the quiet discard only
    (a discard another seat can claim is declined), unless ``randoms`` (random_run's four
    sources) is given: then also a discard whose window offers one seat, not ``me`` and
    with a source, 碰 or pass, that seat answering as ``RandomAgent.act`` does (one number
    drawn once nothing can decline; 1 returned); and with ``offers``, one whose window
    offers ``me`` alone 碰 or pass, the window left open (0 returned, phase CLAIM)."""
    cdef long s = 0, k = 0, void_suit = 0, k2 = 0, nd = 0, a = 0, vo = 0, ds = 0
    cdef long n = -1, i, o, left = 0, pos = r.pos, taker = -1
    cdef Py_ssize_t j, n_asked = 0
    cdef long order[3]
    cdef int asked = 0, answered = 0, cnt, c
    cdef dict ev, opts = None, dec
    cdef Hand h, ho, ht = None
    cdef object hands = r.hands, in_play = r.in_play, w, river, mine
    cdef object first = False, melds = None, pengs = None
    cdef bint opened = False, winner, last = False
    cdef int hora
    cdef long rand_seat = -1
    cdef _Draw d
    d.final_n = False

    # -- check everything, change nothing -------------------------------------------------
    try:
        if rec is not None and looked and not _intact(r):
            return -1  # the caller looked into an event (see _intact)
        if r.phase != _TURN:
            return -1  # the 定缺 phase (R4.1)
        if not _small(seat, 0, 4, &s) or not _small(tile, 0, 27, &k):
            return -1
        if r.cur != s:
            return -1  # R5.1
        if type(_at(hands, s)) is not _HAND:
            return -1  # a round on the twin kernel
        h = <Hand>_at(hands, s)
        if not h.c[k]:
            return -1  # R5.1: not held
        if r.final and not r.must_discard and r.r57 and _is_win(h) != 0:
            return -1  # R5.7 (scope any): forced, or forfeited by the discard
        if _at(r.won, s) and not r.must_discard and r.xueliu:
            if k != r.drawn:
                return -1  # R11.2: a 血流 winner discards the tile it drew
        else:
            if not _small(_at(r.voids, s), -1, 3, &void_suit):
                return -1
            if void_suit >= 0 and k // 9 != void_suit:  # R4.2: the void suit goes first
                for i in range(9 * void_suit, 9 * void_suit + 9):
                    if h.c[i]:
                        return -1
        if pos >= 108:  # R5.6: the last discard ends the round
            if randoms is None or not _end_ready(r):
                return -1
            last = True  # random_run: the round's end too (see _wall_end)
        for i in range(1, 4):  # Round._dahai's order, then Round._open_claims (R5.2)
            o = (s + i) % 4
            if not _at(in_play, o):
                continue
            if type(_at(hands, o)) is not _HAND or _at(hands, o) is h:
                return -1
            ho = <Hand>_at(hands, o)
            c = _claimable(ho, k)
            if c == 0:
                continue
            if c < 0 or (rec is None and randoms is None):
                return -1  # an error; or quiet_discard: another seat may be offered the tile
            if last:  # nothing but 胡 on the last tile (R5.6); a win on offer is the engine's
                if ho.c[k] < 2 or _is_win_with(ho, tile) != 0:
                    return -1
                continue
            if opts is None:
                opts = {}
            cnt = ho.c[k]
            hora = 1 if cnt < 2 else _is_win_with(ho, tile)
            if hora < 0:
                return -1
            mine = []
            if hora:  # R7.1: 胡 on offer (Round._open_claims), unless a rule says otherwise
                if randoms is not None:
                    return -1  # random_run: a win on offer is the engine's
                if _at(r.locked, o) or r.final or not r.declare_void:
                    return -1  # R7.4 (the score may decide), R5.7, R4.4 (the melds' suits)
                opened = True
                mine.append(_HORA_T[o][k])
            if not _small(_at(r.voids, o), -1, 3, &vo):
                return -1
            winner = r.xueliu and _at(r.won, o)
            if vo != k // 9:  # R4.3: no 碰/杠 of the void suit (the wall is not empty, R5.6)
                if cnt == 3:
                    if winner:
                        return -1  # R11.2: a winner's gang must keep its waits: the engine's
                    if randoms is not None:
                        return -1  # random_run: a 直杠 on offer is the engine's
                    mine.append(_KAN_T[o][k])
                if cnt >= 2 and not winner:  # R11.2: a winner may not 碰
                    mine.append(_PON_T[o][k])
            if not mine:
                continue
            if randoms is not None:  # random_run: a random bot answers, nobody else
                if n_asked:
                    return -1
                if o == me and offers:
                    opened = True  # the window stays open: seat me's decision (R5.2)
                elif o == me or _at(randoms, o) is None:
                    return -1
                else:
                    rand_seat = o
            mine.append(_NONE_T[o])
            opts[o] = mine
            asked |= 1 << o
            n_asked += 1
        if opts is not None:
            if randoms is not None:
                order[0] = rand_seat  # its answer is drawn below, once nothing can decline
            elif not opened and not _answers(rec, at, n_asked, asked, k, order, &taker):
                opened = True  # the window opens; the loop takes the answers
            if not _intact(r):
                return -1  # the answers were looked into (see _intact)
            # Round._dahai: R7.5 地胡 on the dealer's first discard, as an option.
            first = r.dihu and r.clean
            if first:
                if not _small(_at(r.draws, s), 0, 1 << 20, &ds):
                    return -1
                first = s == r.dealer and ds == 0
        river = _at(r.rivers, s)
        if type(river) is not list:
            return -1
        if opened:
            pass  # the window stays open (Round._dahai: phase CLAIM)
        elif taker >= 0 or rand_seat >= 0:  # Round._pon: the claimer's hand, melds and pengs
            ht = <Hand>_at(hands, taker if taker >= 0 else rand_seat)  # compiled: _intact
            melds = _at(r.melds, taker if taker >= 0 else rand_seat)
            pengs = _at(r.pengs, taker if taker >= 0 else rand_seat)
            if type(melds) is not list or type(pengs) is not set:
                return -1
        if not (opened or taker >= 0 or last) and not _next_draw(r, s, &d):
            return -1
    except Exception:  # a damaged round: the engine reports it
        return -1
    if rand_seat >= 0:  # RandomAgent.act: legal[int(random() * len(legal))], legal [pon, none]
        if _pick(_at(randoms, rand_seat), 2) == 0:
            taker = rand_seat

    # -- apply: Round._dahai (and the window: _open_claims, apply, _resolve_claims), then
    # -- Round._draw(n, False) or Round._pon; the scalar attributes are written by _flush --
    h.c[k] -= 1
    h.wmask_ok = 0
    h.k[k // 9] -= POW5[k % 9]
    h.n -= 1
    if taker < 0:
        PyList_Append(river, tile)  # (Round._pon takes it back: rivers[src].pop())
    _emit_dahai(r, rec, s, k, k == r.drawn, at, read if opts is None and not d.final_n else None,
                read_tsumogiri)
    r.dirty = True
    if last:
        r.drawn = -1
        r.drawn_obj = _MINUS_ONE
        _wall_end(r)
        return 0
    if opts is not None:
        r.c_tile = tile
        r.c_from = seat
        r.c_first = first
        r.c_after = r.rinshan  # _rinshan and not robbing
        if opened:  # Round._dahai: the window is open, nobody has answered (R5.2)
            r.c_dec = {}
            r.c_opts = opts
            r.phase = _CLAIM
            r.drawn = -1
            r.drawn_obj = _MINUS_ONE
            return 0
        dec = {}
        for j in range(n_asked):  # Round.apply: the answers in the order given
            o = order[j]
            dec[o] = _PON_T[o][k] if o == taker else _NONE_T[o]
        r.c_dec = dec
        r.c_opts = opts
        for i in range(1, 4):  # Round._resolve_claims: the passes in play order (R5.3)
            o = (s + i) % 4
            if (asked >> o) & 1 and o != taker:
                _emit_none(r, rec, o, k)
        # _note_passes: nobody was offered 胡, so no lock (R7.4) and no forfeit (R5.7).
    if taker >= 0:
        _pon(r, rec, ht, taker, s, k, tile, melds, pengs)
        return n_asked
    _draw(r, rec, &d)
    return n_asked


def quiet_discard(rnd, seat, tile):
    """Apply the discard of ``tile`` by ``seat`` and the next seat's draw exactly as
    ``rnd.play(Action("dahai", seat, tile))`` would and return True, when the discard is
    legal, nobody can claim it and the next seat draws; else return False and change
    nothing. See ``xzcore.audit._replay_twin.quiet_decline`` for the cases declined. A hand
    the kernel refuses while checking (a damaged round) makes it decline, not raise:
    ``Round.play`` then meets the same error where the caller reports it."""
    cdef _Run r
    try:
        r = _load(rnd, None)
    except Exception:
        return False
    if r is None or _step(r, seat, tile, None, 0, False) < 0:
        return False
    _flush(r)
    return True


def quiet_run(rnd, events, i):
    """Do what ``xzcore.audit.compare.compare_events``' loop does for ``events[i]``,
    ``events[i + 1]``, … while each is an event it skips, a quiet discard, a discard whose
    claim window offers nobody 胡 and ends with every asked seat passing (the recorded
    answers exactly one plain ``none`` per asked seat) or with the 碰 of the one seat asked,
    a discard whose window it opens and leaves to the loop (a 胡 on offer, or other
    answers), or the 定缺 phase's four declarations; return the index of the first event not
    consumed (``len(events)`` at the end). See ``xzcore.audit._replay_twin.run_decline``.
    Raises nothing; a stop changes nothing. The recorded events exactly the engine's are
    kept in the round's events (``_replay_events.pxi``)."""
    cdef long start = 0
    cdef Py_ssize_t j, m
    cdef object ev, word, k, actor
    cdef PyObject* pa
    cdef PyObject* pp
    cdef PyObject* pt = NULL
    cdef object read
    cdef _Run r = None
    cdef bint loaded = False, looked = True
    cdef long kind
    if type(events) is not list or not _small(i, 0, PyList_GET_SIZE(events) + 1, &start):
        return i
    j = start
    try:
        while j < PyList_GET_SIZE(events):
            ev = _at(events, j)
            # compare_events: a map with a str 'type'; the events it skips.
            if type(ev) is not dict:
                break
            word = _type_word(<dict>ev, &looked)
            if type(word) is not str:
                break
            if <PyObject*>word != <PyObject*>_DAHAI:  # (the commonest action: no compare)
                if <PyObject*>word == <PyObject*>_TSUMO or word in _SKIPPED:
                    j += 1
                    continue
                if word == "dingque":
                    if not loaded:
                        loaded = True
                        r = _load(rnd, events)
                    if r is None or _dingque(r, events, j) < 0:
                        break
                    j += 4
                    continue
                if word != "dahai":
                    break
            read = None
            if _dahai_layout(<dict>ev, &pa, &pp, &pt):
                actor = <object>pa
                word = <object>pp
                read = ev
            else:  # read as the loop does
                looked = True  # a key's __eq__ may run (see _intact)
                if PyDict_Contains(ev, "baige"):
                    break
                word = _item(<dict>ev, "pai")
                actor = _item(<dict>ev, "actor")
            if type(word) is not str:
                break
            kind = _kind_of(<str>word)  # _KIND.get(pai)
            if kind < 0:
                break
            if not loaded:
                loaded = True
                r = _load(rnd, events)
            if r is None:
                break
            m = _step(r, actor, _KIND_OBJ[kind], events, j, looked, read, pt)
            if m < 0:
                break
            looked = False
            j += 1 + m
    except Exception:  # only while checking (a key whose comparison raises, a bad round)
        pass
    if r is not None:
        _flush(r)
    return j if j != start else i


cdef bint _holds_four(Hand h):
    cdef int k
    for k in range(27):
        if h.c[k] == 4:
            return True
    return False


cdef bint _holds_a_peng_kind(Hand h, object pengs) except -1:
    """Whether ``h`` holds a kind of ``pengs`` (a set of kinds); True for anything else."""
    cdef long k
    if type(pengs) is not set:
        return True
    if PySet_GET_SIZE(pengs) == 0:  # the common case: no 碰 (no iterator made)
        return False
    for t in pengs:
        if not _small(t, 0, 27, &k) or h.c[k]:
            return True
    return False


cdef inline bint _discards_only(_Run r, long s, Hand h) except -1:
    """Whether the turn of seat ``s`` (holding ``h``) offers only discards: the twin's
    ``_discards_only``, ``Round._turn_actions``' common case (R5.4; R6, R5.6)."""
    if r.must_discard:
        return True
    if _at(r.won, s) or _is_win(h) != 0:
        return False
    return not (r.pos < 108 and (_holds_four(h) or _holds_a_peng_kind(h, _at(r.pengs, s))))


cdef inline long _discard_kinds(_Run r, long s, Hand h, long* held) except -2:
    """The kinds seat ``s`` may discard, in kind order, into ``held``; their number, or -1
    for a void the step does not read. ``Round._discards``: the void suit's kinds while one
    is held (R4.2), else all."""
    cdef long n = 0, v = -1, k
    if not _small(_at(r.voids, s), -1, 3, &v):
        return -1
    if v >= 0:
        for k in range(9 * v, 9 * v + 9):
            if h.c[k]:
                held[n] = k
                n += 1
    if n == 0:
        for k in range(27):
            if h.c[k]:
                held[n] = k
                n += 1
    return n


cdef inline long _gang_picks(_Run r, long s, Hand h, long* out) except -2:
    """The gangs of seat ``s``'s turn (holding ``h``), by their numbers (``_TURN_PICKS``), in
    ``Round._turn_actions``' order before the discards (R6): 27 + k for the 暗杠 of each kind
    k held four times, not of its void suit (R6.5), then 54 + k for the 加杠 of each kind of
    its 碰s held, both in kind order; their count, or -1 for a turn the run does not play
    (the twin's ``_plays``: a winner's, R11.2, a win in hand, R7.1) or does not read."""
    cdef long n = 0, v = -1, k, bits = 0
    cdef object pengs
    if r.must_discard or _at(r.won, s) or _is_win(h) != 0 or r.pos >= 108:
        return -1  # (the discard after a 碰 and the empty wall offer discards only)
    if not _small(_at(r.voids, s), -1, 3, &v):
        return -1
    for k in range(27):
        if h.c[k] == 4 and k // 9 != v:
            out[n] = 27 + k
            n += 1
    pengs = _at(r.pengs, s)
    if type(pengs) is not set:
        return -1
    for t in pengs:
        if not _small(t, 0, 27, &k):
            return -1
        bits |= 1 << k
    for k in range(27):
        if (bits >> k) & 1 and h.c[k]:
            out[n] = 54 + k
            n += 1
    return n


cdef long _answer(_Run r, long m, long answer) except -2:
    """Seat ``m``'s ``answer`` (0 pass, 1 碰) to the claim window open in the round, taken
    as the twin's ``_answer`` takes it: when the window offers ``m`` alone exactly 碰 or
    pass of the tile on offer (the engine's own actions; nothing answered yet) and the
    answer is a 碰 (``Round._pon``, R5.4) or a pass with the wall not empty (the only seat
    asked: ``Round._resolve_claims``, then ``Round._next_turn``, R5.5): 1; else 0, nothing
    changed."""
    cdef object rnd = r.rnd, opts, dec, mine, tile, src_obj, river, melds = None, pengs = None
    cdef long k = 0, src = 0, last = 0
    cdef Hand ho = None
    cdef _Draw d
    try:
        opts = rnd._claim_opts
        dec = rnd._claim_dec
        if type(opts) is not dict or len(<dict>opts) != 1 or type(dec) is not dict or len(<dict>dec):
            return 0
        if rnd._robbing is not False:
            return 0
        tile = rnd._claim_tile
        src_obj = rnd._claim_from
        if not _small(tile, 0, 27, &k) or not _small(src_obj, 0, 4, &src) or src == m:
            return 0
        mine = (<dict>opts).get(_SEATS[m])
        if (
            type(mine) is not list
            or PyList_GET_SIZE(mine) != 2
            or <object>PyList_GET_ITEM(mine, 0) is not <object>PyTuple_GET_ITEM(_PON_T[m], k)
            or <object>PyList_GET_ITEM(mine, 1) is not _NONE_T[m]
        ):
            return 0  # not the engine's own 碰 or pass
        river = _at(r.rivers, src)
        if type(river) is not list or PyList_GET_SIZE(river) == 0:
            return 0
        if not _small(<object>PyList_GET_ITEM(river, PyList_GET_SIZE(river) - 1), 0, 27, &last):
            return 0
        if last != k:
            return 0  # (Round._pon takes the tile back from the discarder's river)
        if answer == 1:
            if type(_at(r.hands, m)) is not _HAND:
                return 0
            ho = <Hand>_at(r.hands, m)
            melds = _at(r.melds, m)
            pengs = _at(r.pengs, m)
            if ho.c[k] < 2 or type(melds) is not list or type(pengs) is not set:
                return 0
        elif r.pos >= 108 or not _next_draw(r, src, &d):
            return 0  # the last tile's pass ends the round (R5.6): the engine's
    except Exception:  # a damaged round: the engine reports it
        return 0
    r.dirty = True
    dec[_SEATS[m]] = <object>PyList_GET_ITEM(mine, 1 - answer)  # Round.apply: the answer
    if answer == 1:
        river.pop()
        r.phase = _TURN
        _pon(r, None, ho, m, src, k, tile, melds, pengs)
    else:
        _emit_none(r, None, m, k)  # R5.3: nobody else was asked; no 胡 passed (R7.4)
        _draw(r, None, &d)
    return 1


def random_run(rnd, me, randoms, first=-1, discards=None, offers=False, answer=-1):
    """Take seat ``me``'s discard of ``first`` (a kind, or -1: none) when it is quiet, then
    play the decisions of the seats that ``randoms`` names (a list of four: seat ``s``'s
    random number source, ``random.Random.random``, or None) as
    ``xzcore.players.agents.RandomAgent`` plays them: the 定缺 declarations of the seats yet
    to declare, in seat order (R4.1); the turns, while each is a turn of discards, or of a
    seat that has not won and holds no win (its gangs, then its discards), and the action
    drawn is a discard, quiet (see ``quiet_discard``) or whose claim window offers one seat,
    not ``me`` and with a source, 碰 or pass (nobody 胡 or 直杠): that seat answers as
    ``RandomAgent.act`` does; stop at seat ``me``'s decision, a seat without a source, any
    other turn or phase. Return the number (``_TURN_PICKS``) of an action chosen but not
    taken (a gang; a discard that is claimable, the last tile someone may win on …: the
    caller applies it; the last one nobody may win on is played, the round's end after it), or
    -1; with ``discards`` (a bytearray of 27), -2 at a stop at ``me``'s turn that offers only
    discards, their kinds marked there; with ``offers`` too, -3 at a stop at ``me``'s claim
    window offering it alone 碰 or pass, left open (the tile's kind the only mark).
    ``answer`` (0 pass, 1 碰): ``me``'s answer to such a window, taken first (-4 when it is
    not taken: nothing changed). See ``xzcore.audit._replay_twin.random_run``."""
    cdef _Run r
    cdef long m = -1, f = -1, s, v = -1, n, g, j, k, pending = -1, a = -1
    cdef long held[27]
    cdef long gangs[54]
    cdef Hand h
    cdef object rand, p
    cdef char* marks
    if (
        not _small(me, 0, 4, &m)
        or type(randoms) is not list
        or PyList_GET_SIZE(randoms) != 4
        or not _small(first, -1, 27, &f)
        or not (discards is None or (type(discards) is bytearray and len(discards) == 27))
        or type(offers) is not bool
        or (offers and discards is None)
        or not _small(answer, -1, 2, &a)
        or (a >= 0 and f >= 0)
    ):
        raise ValueError(
            "random_run: me a seat 0-3, randoms a list of four, first a kind or -1, "
            "discards None or a bytearray of 27 (given with offers), answer 0, 1 or -1 "
            "(not with first)"
        )
    try:
        r = _load(rnd, None, a >= 0)
    except Exception:
        return -4 if a >= 0 else f
    if r is None:
        return -4 if a >= 0 else f
    if a >= 0:
        if r.phase != _CLAIM or _answer(r, m, a) != 1:
            return -4  # not the seat's window alone, or an answer the engine plays
    elif f >= 0 and (
        r.phase != _TURN
        or r.cur != m
        or _step(r, m, _KIND_OBJ[f], None, 0, False, None, NULL, randoms, m, offers) < 0
    ):
        _flush(r)
        return f  # not quiet (or not the seat's turn): the engine takes it
    try:
        # R4.1: the declarations of the seats yet to declare, while each is a random seat's
        if r.phase == _DINGQUE and _random_dingques(r, m, randoms) != 1:
            return pending  # a stop at a seat's declaration (or declined): -1
        while r.phase == _TURN:
            s = r.cur
            rand = _at(randoms, s)
            if type(_at(r.hands, s)) is not _HAND:
                break
            h = <Hand>_at(r.hands, s)
            if s == m:  # the seat's own decision: its discards marked, when only those
                if discards is not None and _discards_only(r, s, h):
                    n = _discard_kinds(r, s, h, held)
                    if n > 0:
                        marks = PyByteArray_AS_STRING(discards)
                        memset(marks, 0, 27)
                        for j in range(n):
                            marks[held[j]] = 1
                        pending = -2
                break
            if rand is None:
                break
            g = 0
            if not _discards_only(r, s, h):
                g = _gang_picks(r, s, h, gangs)
                if g < 0:
                    break
            n = _discard_kinds(r, s, h, held)
            if n <= 0:
                break
            j = _pick(rand, g + n)  # RandomAgent.act: legal[int(random() * len(legal))]
            if j < g:
                pending = gangs[j]  # a gang: the engine takes it
                break
            k = held[j - g]
            if _step(r, s, _KIND_OBJ[k], None, 0, False, None, NULL, randoms, m, offers) < 0:
                pending = k  # not quiet: the engine takes it
                break
            if r.phase == _CLAIM:  # seat m's window, open: its decision (R5.2)
                marks = PyByteArray_AS_STRING(discards)
                memset(marks, 0, 27)
                marks[k] = 1
                pending = -3
                break
    finally:
        _flush(r)
    return pending
