# Part of xzcore/audit/_replay.pyx, included there (it uses its _Run, helpers and tables): the
# kernel's answers about a hand, the guard of a run's reads against code run by an event's
# keys, and the steps after a claim window and before play: Round._pon (R5.4) and the 定缺
# phase (R4.1).


cdef int _claimable(Hand h, int i):
    """``h.claimable(i)`` (R5.2: the kernel's, its waits cached in the hand); -1 when the
    kernel refuses the hand (then ``Round.play`` meets the same error)."""
    try:
        return h.claimable_c(i)
    except Exception:
        return -1


cdef int _is_win(Hand h):
    """``h.is_win()``; -1 when the kernel refuses the hand."""
    try:
        return h.win_c()
    except Exception:
        return -1


cdef int _is_win_with(Hand h, object tile):
    """``h.is_win_with(tile)``; -1 when the kernel refuses the hand."""
    try:
        return 1 if h.is_win_with(tile) else 0
    except Exception:
        return -1


cdef bint _intact(_Run r):
    """Are the round's lists still as :func:`_load` found them (four seats, compiled hands,
    the 108 tiles)? A key of a recorded event (never msgpack's: its keys are exact str) may
    run any code while an event is looked up, between two reads of the round."""
    cdef Py_ssize_t s
    if not (
        PyList_GET_SIZE(r.hands) == 4
        and PyList_GET_SIZE(r.won) == 4
        and PyList_GET_SIZE(r.in_play) == 4
        and PyList_GET_SIZE(r.voids) == 4
        and PyList_GET_SIZE(r.rivers) == 4
        and PyList_GET_SIZE(r.draws) == 4
        and PyList_GET_SIZE(r.locked) == 4
        and PyList_GET_SIZE(r.lock_values) == 4
        and PyList_GET_SIZE(r.melds) == 4
        and PyList_GET_SIZE(r.pengs) == 4
        and PyList_GET_SIZE(r.wall) == 108
    ):
        return False
    for s in range(4):
        if type(_at(r.hands, s)) is not _HAND:
            return False
    return True


cdef void _pon(_Run r, object rec, Hand ho, long o, long src, long k, object tile,
               object melds, object pengs):
    """``Round._pon(o, src, k)`` (R5.4): seat ``o`` takes the discard (the caller left it
    out of the river) and makes the 碰; its turn begins without a draw, discard only."""
    cdef dict ev
    ho.c[k] -= 2
    ho.wmask_ok = 0
    ho.k[k // 9] -= 2 * POW5[k % 9]
    ho.n -= 2
    PyList_Append(melds, _PENG_MELDS[k])
    PySet_Add(pengs, tile)
    r.clean = False  # R7.5: a claim
    r.turned = True
    _emit_pon(r, rec, o, src, k)
    # Round._begin_turn(o), then drawn -1 and _must_discard (R5.4)
    r.cur = o
    r.turn_no += 1
    r.rinshan = False
    r.must_discard = True
    r.drawn = -1
    r.drawn_obj = -1
    r.turn_drawn = 0


cdef Py_ssize_t _dingque(_Run r, object events, Py_ssize_t at):
    """The 定缺 phase's four declarations from ``events[at]``, as the loop plays them and
    ``Round._do_dingque`` and ``Round._begin_play`` apply them (R4.1, R5.1): 4, or -1 when
    declined (nothing changed): not the phase, a seat declared already, or the four events
    not one well-formed ``dingque`` of each seat (``actor`` an int 0-3, ``suit`` m/p/s)."""
    cdef long a = 0, dealer = 0, k52 = 0, s
    cdef Py_ssize_t t
    cdef int seen = 0
    cdef long vs[4]
    cdef object w, wall52
    cdef dict ev
    cdef Hand h
    try:
        if r.phase != _DINGQUE:
            return -1
        w = r.pending
        if type(w) is not dict or len(<dict>w) != 0:
            return -1  # R4.1: a seat declared already: the loop's
        for t in range(4):
            w = _get(events, at + t)  # None past the end: not all declared yet
            if type(w) is not dict:
                return -1
            ev = <dict>w
            w = _item(ev, "type")
            if type(w) is not str or w != "dingque":
                return -1
            if not _small(_item(ev, "actor"), 0, 4, &a) or (seen >> a) & 1:
                return -1
            seen |= 1 << a
            w = _item(ev, "suit")
            if type(w) is not str or not _small(_item(_SUITS, w), 0, 3, &vs[a]):
                return -1
        if not _play_ready(r, &dealer, &k52):
            return -1  # a round on the twin kernel; or changed while the events were read
        wall52 = _at(r.wall, 52)
    except Exception:
        return -1
    _declared(r, events, vs, dealer, k52, wall52)
    return 4


cdef bint _play_ready(_Run r, long* dealer, long* k52) except -1:
    """Whether the round's lists are intact and its dealer and the wall's 53rd tile (the
    dealer's 14th, ``Round._begin_play``) are what the 定缺 phase's end reads."""
    return (
        _intact(r)
        and _small(r.dealer_obj, 0, 4, dealer)
        and _small(_at(r.wall, 52), 0, 27, k52)
    )


cdef int _random_dingques(_Run r, long me, object randoms) except -2:
    """The 定缺 declarations of the seats yet to declare, in seat order as ``Round.to_act``
    asks them, each drawn as ``RandomAgent.act`` draws it (``legal[int(random() * 3)]`` of
    the three suits, R4.1), while the seat has a source in ``randoms`` and is not ``me``;
    after the fourth, ``Round._do_dingque`` and ``Round._begin_play`` (R5.1). 1 when play
    began, 0 at a stop (the declarations so far made, as ``Round.apply`` makes them), -1
    when declined (nothing changed): not a round the steps read."""
    cdef long dealer = 0, k52 = 0, s, v, n = 0
    cdef long vs[4]
    cdef object p = r.pending, a
    cdef tuple row
    if r.phase != _DINGQUE or type(p) is not dict or not _play_ready(r, &dealer, &k52):
        return -1
    for s in range(4):  # the declarations made: the engine's own actions (legal_actions)
        vs[s] = -1
        a = (<dict>p).get(_SEATS[s])
        if a is None:
            continue
        row = <tuple>_DINGQUE_T[s]
        for v in range(3):
            if a is <object>PyTuple_GET_ITEM(row, v):
                vs[s] = v
        if vs[s] < 0:
            return -1
        n += 1
    if len(<dict>p) != n:
        return -1
    for s in range(4):
        if vs[s] >= 0:
            continue
        if s == me or _at(randoms, s) is None:
            return 0
        vs[s] = _pick(_at(randoms, s), 3)
        (<dict>p)[_SEATS[s]] = <object>PyTuple_GET_ITEM(<tuple>_DINGQUE_T[s], vs[s])  # Round.apply
        r.dirty = True
    _declared(r, None, vs, dealer, k52, _at(r.wall, 52))
    return 1


cdef void _declared(_Run r, object rec, long* vs, long dealer, long k52, object wall52) except *:
    """``Round._do_dingque`` of the four declarations ``vs`` and ``Round._begin_play``."""
    cdef long s
    cdef Hand h
    for s in range(4):  # Round._do_dingque: the voids, the hands' voids, the events
        _put(r.voids, s, vs[s])
        h = <Hand>_at(r.hands, s)
        h.v = vs[s]
        h.wmask_ok = 0
        _emit_dingque(r, rec, s, vs[s])
    # Round._begin_play: the dealer's first turn, no draw (R5.1)
    r.phase = _TURN
    r.begun = r.dirty = True
    r.cur = dealer
    r.turn_no = 1
    h = <Hand>_at(r.hands, dealer)
    if h.c[k52]:
        r.drawn = k52
        r.drawn_obj = wall52
    else:
        r.drawn = -1
        r.drawn_obj = -1
