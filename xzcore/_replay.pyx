# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The quiet discard and the quiet run, compiled: the twin of ``xzcore._replay_reference``
(see it, and ``xzcore.fastforward``, for the contract).

One call checks everything the engine would check for the discard of ``tile`` by ``seat`` —
``Round.play``'s legality (``quick_legal``: R5.1, R4.2, R5.7, R11.2), that no other seat in
play can claim the tile (``Round._dahai``: ``Hand.claimable``, R5.2) and that the next seat in
play draws an ordinary tile (``Round._draw``: R2.2, R5.5, R5.7, R7.4) — before it changes
anything, then makes the same assignments as ``Round._dahai`` and ``Round._draw``, reading and
writing the round's instance dictionary once per attribute, and appends the same two events.

The seats' hands are the compiled kernel's ``Hand`` (declared in ``xzcore/_core.pxd``); its
counts and suit keys are updated here as ``Hand.add``/``Hand.remove`` do (a key is the suit's
nine counts in base 5, so one tile of rank r moves it by 5**r), and a round built on another
kernel is declined.

``quiet_run`` walks a recorded event list as the audit's loop does and, at a discard some
seat could claim, also applies the claim window when nobody is offered 胡 and the recorded
answers are exactly one plain ``none`` per asked seat: the same ``_claim_*`` state as
``Round._open_claims`` and ``Round.apply`` leave, the ``none`` events ``Round._resolve_claims``
writes (in play order from the discarder), then the same draw.
"""

from cpython.dict cimport PyDict_Contains, PyDict_Copy, PyDict_GetItemWithError
from cpython.list cimport PyList_Append, PyList_GET_ITEM, PyList_GET_SIZE, PyList_SetItem
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF

from xzcore._core cimport Hand


cdef extern from "Python.h":
    ctypedef struct _TypeObject "PyTypeObject":
        # CPython gives a type a new tag (or 0) whenever it or a base class is modified.
        unsigned int tp_version_tag

from xzcore._replay_reference import engine_intact
from xzcore.auditactions import _KIND, _NOT_ACTIONS
from xzcore.round import Round
from xzcore.round_base import _DAIMINKAN, _NONE, _PON, NAMES, TURN
from xzcore.rules import LastRoundScope, LastRoundWin

__all__ = ["quiet_discard", "quiet_run"]

cdef object _ROUND = Round
cdef object _HAND = Hand
cdef object _CLAIMABLE = Hand.claimable  # the method itself: no attribute look-up per call
cdef tuple _NAMES = tuple(NAMES)
cdef long _TURN = TURN
cdef object _FORCED = LastRoundWin.FORCED
cdef object _FORFEIT = LastRoundWin.FORFEIT
cdef object _ANY = LastRoundScope.ANY
cdef tuple _BITS = tuple(1 << k for k in range(27))  # Round._turn_drawn after a draw of k
# The two events, as Round._dahai and Round._draw make them (keys in that order): a copy of
# a template with its values replaced builds each in one step.
cdef dict _DAHAI_EVENT = {"type": "dahai", "actor": 0, "pai": "", "tsumogiri": False}
cdef dict _TSUMO_EVENT = {"type": "tsumo", "actor": 0, "pai": "", "rinshan": False, "left": 0}
cdef dict _NONE_EVENT = {"type": "none", "actor": 0, "pai": ""}  # Round._resolve_claims
cdef dict _KINDS = dict(_KIND)  # tile text -> kind, as compare_events reads 'pai'
cdef frozenset _SKIPPED = frozenset(_NOT_ACTIONS)  # events compare_events skips
cdef tuple _PON_T = tuple(tuple(row) for row in _PON)
cdef tuple _KAN_T = tuple(tuple(row) for row in _DAIMINKAN)
cdef tuple _NONE_T = tuple(_NONE)
cdef unsigned int POW5[9]
POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]


cdef unsigned int _intact_tag = 0  # Round's version tag when its step was last found intact


cdef bint _engine_intact() except -1:
    """``engine_intact()`` of the twin, asked again only when ``Round`` (or a base) has
    been modified since it last said yes (one integer compare per call otherwise)."""
    global _intact_tag
    cdef unsigned int tag = (<_TypeObject*>_ROUND).tp_version_tag
    if tag != 0 and tag == _intact_tag:
        return True
    if not engine_intact():
        return False
    getattr(_ROUND, "play")  # a look-up gives the type a valid tag again
    _intact_tag = (<_TypeObject*>_ROUND).tp_version_tag
    return True


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


cdef inline object _list4(dict d, str key):
    """``d[key]`` when it is a list of four, else None."""
    cdef object x = _item(d, key)
    if type(x) is not list or PyList_GET_SIZE(x) != 4:
        return None
    return x


cdef inline object _at(object lst, Py_ssize_t i):
    return <object>PyList_GET_ITEM(lst, i)


cdef inline void _put(object lst, Py_ssize_t i, object value):
    Py_INCREF(value)  # PyList_SetItem steals a reference
    PyList_SetItem(lst, i, value)


cdef int _claimable(Hand h, object kind, int i):
    """``h.claimable(kind)`` (R5.2), answered in C while the hand's waits are cached; -1
    when the kernel refuses the hand (then ``Round.play`` meets the same error)."""
    if h.c[i] >= 2:
        return 1
    if h.wmask_ok and h.n % 3 == 1 and h.n <= 13:
        return (h.wmask >> i) & 1
    try:
        return 1 if _CLAIMABLE(h, kind) else 0  # computes and caches the waits
    except Exception:
        return -1


cdef int _is_win(Hand h):
    """``h.is_win()``; -1 when the kernel refuses the hand."""
    try:
        return 1 if h.is_win() else 0
    except Exception:
        return -1



cdef int _is_win_with(Hand h, object tile):
    """``h.is_win_with(tile)``; -1 when the kernel refuses the hand."""
    try:
        return 1 if h.is_win_with(tile) else 0
    except Exception:
        return -1


cdef Py_ssize_t _step(object rnd, object seat, object tile, object rec, Py_ssize_t at):
    """The discard of ``tile`` by ``seat`` and what follows it, as ``Round.play`` would
    apply it: -1 when declined (nothing changed); else the number of recorded answers after
    ``rec[at]`` applied with it (0: nobody was asked). ``rec`` None: the quiet discard only
    (a discard another seat can claim is declined)."""
    cdef long s = 0, k = 0, ph = 0, cur = 0, pos = 0, drawn = 0, final_from = 0, turn_no = 0
    cdef long void_suit = 0, k2 = 0, nd = 0, a = 0, vo = 0, dealer = 0, ds = 0, n, i, o, left
    cdef Py_ssize_t j, n_asked = 0
    cdef long order[3]
    cdef int asked = 0, answered = 0, cnt, c
    cdef dict d, ev, opts = None, dec = None
    cdef Hand h, hn, ho
    cdef object hands, voids, in_play, won, rivers, river, events, draws, locked, wall
    cdef object rules, final, must_discard, lock_values, k2obj, w, mine, rinshan
    cdef object first = False
    cdef bint locked_winner, release, xueliu, new_final = False

    # -- check everything, change nothing -------------------------------------------------
    try:
        if type(rnd) is not _ROUND:  # never a subclass (LeshanRound)
            return -1
        if not _engine_intact():  # nor a Round whose step a test has patched
            return -1
        if not _small(seat, 0, 4, &s) or not _small(tile, 0, 27, &k):
            return -1
        d = rnd.__dict__
        if not _small(_item(d, "phase"), 0, 6, &ph) or ph != _TURN:
            return -1
        if not _small(_item(d, "cur"), 0, 4, &cur) or cur != s:
            return -1  # R5.1
        hands = _list4(d, "hands")
        won = _list4(d, "won")
        in_play = _list4(d, "in_play")
        voids = _list4(d, "voids")
        if hands is None or won is None or in_play is None or voids is None:
            return -1
        final = _item(d, "final")
        must_discard = _item(d, "_must_discard")
        rules = _item(d, "rules")
        if final is None or must_discard is None or rules is None:
            return -1
        if type(_at(hands, s)) is not _HAND:
            return -1  # a round on the twin kernel
        h = <Hand>_at(hands, s)
        if not h.c[k]:
            return -1  # R5.1: not held
        xueliu = rules.xueliu
        locked_winner = _at(won, s) and not must_discard and xueliu  # R11.2
        if final and not must_discard:
            # R5.7: a self-draw win in hand in the final round is forced or forfeited by
            # the discard (scope ``any``): left to the engine.
            if rules.last_round_scope is _ANY and (
                rules.last_round_win is _FORCED or rules.last_round_win is _FORFEIT
            ) and _is_win(h) != 0:
                return -1
        if not _small(_item(d, "drawn"), -1, 27, &drawn):
            return -1
        if locked_winner:
            if k != drawn:
                return -1  # R11.2: a 血流 winner discards the tile it drew
        else:
            if not _small(_at(voids, s), -1, 3, &void_suit):
                return -1
            if void_suit >= 0 and k // 9 != void_suit:  # R4.2: the void suit goes first
                for i in range(9 * void_suit, 9 * void_suit + 9):
                    if h.c[i]:
                        return -1
        if not _small(_item(d, "pos"), 0, 108, &pos):
            return -1  # R5.6: the wall is empty (or a position out of range)
        for i in range(1, 4):  # Round._dahai's order, then Round._open_claims (R5.2)
            o = (s + i) % 4
            if not _at(in_play, o):
                continue
            if type(_at(hands, o)) is not _HAND or _at(hands, o) is h:
                return -1
            ho = <Hand>_at(hands, o)
            c = _claimable(ho, tile, k)
            if c == 0:
                continue
            if c < 0 or rec is None:
                return -1  # an error; or quiet_discard: another seat may be offered the tile
            cnt = ho.c[k]
            if cnt < 2 or _is_win_with(ho, tile) != 0:
                return -1  # R7.1: 胡 may be on offer (R7.4 locks, R5.7, R5.3): the engine's
            if opts is None:
                opts = {}
            if not _small(_at(voids, o), -1, 3, &vo):
                return -1
            if vo == k // 9:
                continue  # R4.3: no 碰/杠 of the void suit (the wall is not empty, R5.6)
            if xueliu and _at(won, o):
                if cnt == 3:
                    return -1  # R11.2: a winner's gang must keep its waits: the engine's
                continue  # R11.2: a winner may not 碰
            if cnt == 3:
                mine = [_KAN_T[o][k], _PON_T[o][k], _NONE_T[o]]
            else:
                mine = [_PON_T[o][k], _NONE_T[o]]
            opts[o] = mine
            asked |= 1 << o
            n_asked += 1
        if opts is not None:
            # The recorded answers: one plain none (no 'claim') from each asked seat, in
            # any order, each as compare_events reads it (action_of: _NONE[actor]) and as
            # Round.play accepts it (R5.2: asked; R5.3: not answered yet).
            if at + n_asked >= PyList_GET_SIZE(rec):
                return -1
            for j in range(n_asked):
                w = _at(rec, at + 1 + j)
                if type(w) is not dict:
                    return -1
                ev = <dict>w
                w = _item(ev, "type")
                if type(w) is not str or w != "none" or PyDict_Contains(ev, "claim"):
                    return -1
                if not _small(_item(ev, "actor"), 0, 4, &a):
                    return -1
                if not (asked >> a) & 1 or (answered >> a) & 1:
                    return -1
                answered |= 1 << a
                order[j] = a
            # Round._dahai: R7.5 地胡 on the dealer's first discard, as an option.
            first = _item(d, "_dihu_discard")
            rinshan = _item(d, "_rinshan")
            if type(first) is not bool or type(rinshan) is not bool:
                return -1
            if first:
                first = _item(d, "clean")
                if type(first) is not bool:
                    return -1
                if first:
                    if not _small(_item(d, "dealer"), 0, 4, &dealer):
                        return -1
                    if not _small(_at(_list4(d, "draws"), s), 0, 1 << 20, &ds):
                        return -1
                    first = s == dealer and ds == 0
        # Round._next_turn: the next seat in play (R5.5).
        n = (s + 1) % 4
        while not _at(in_play, n):
            n = (n + 1) % 4
            if n == s:
                return -1
        hn = <Hand>_at(hands, n)
        wall = _item(d, "wall")
        if type(wall) is not list or PyList_GET_SIZE(wall) != 108:
            return -1
        k2obj = _at(wall, pos)
        if not _small(k2obj, 0, 27, &k2) or hn.c[k2] >= 4 or hn.n >= 14:
            return -1  # Hand.add would refuse it: let the engine say so
        rivers = _list4(d, "rivers")
        draws = _list4(d, "draws")
        locked = _list4(d, "locked")
        lock_values = _list4(d, "lock_value")
        events = _item(d, "events")
        if (
            rivers is None
            or draws is None
            or locked is None
            or lock_values is None
            or type(events) is not list
            or events is rec
        ):
            return -1
        river = _at(rivers, s)
        if type(river) is not list:
            return -1
        if not _small(_at(draws, n), 0, 1 << 20, &nd):
            return -1
        if not _small(_item(d, "turn_no"), 0, 1 << 20, &turn_no):
            return -1
        if not _small(_item(d, "_final_from"), -1, 1 << 20, &final_from):
            return -1
        left = 108 - pos
        if left <= final_from and not final:
            new_final = left <= rules.last_round_n(sum(in_play))  # R5.7: the final round
        release = _at(locked, n)  # R7.4: the draw ends the seat's pass lock
    except Exception:  # a damaged round: the engine reports it
        return -1

    # -- apply: Round._dahai (and the window: _open_claims, apply, _resolve_claims), then
    # -- Round._draw(n, False) -----------------------------------------------------------
    h.c[k] -= 1
    h.wmask_ok = 0
    h.k[k // 9] -= POW5[k % 9]
    h.n -= 1
    PyList_Append(river, tile)
    ev = PyDict_Copy(_DAHAI_EVENT)
    ev["actor"] = seat
    ev["pai"] = _NAMES[k]
    ev["tsumogiri"] = k == drawn
    PyList_Append(events, ev)
    if opts is not None:
        d["_claim_tile"] = tile
        d["_claim_from"] = seat
        d["_robbing"] = False
        d["_claim_first"] = first
        d["_claim_after_gang"] = rinshan
        d["_claim_scores"] = {}
        dec = {}
        for j in range(n_asked):  # Round.apply: the answers in the order given
            dec[order[j]] = _NONE_T[order[j]]
        d["_claim_dec"] = dec
        d["_claim_opts"] = opts
        for i in range(1, 4):  # Round._resolve_claims: the passes in play order (R5.3)
            o = (s + i) % 4
            if (asked >> o) & 1:
                ev = PyDict_Copy(_NONE_EVENT)
                ev["actor"] = o
                ev["pai"] = _NAMES[k]
                PyList_Append(events, ev)
        # _note_passes: nobody was offered 胡, so no lock (R7.4) and no forfeit (R5.7).
    if new_final:
        d["final"] = True
    d["cur"] = n
    d["turn_no"] = turn_no + 1
    d["_rinshan"] = False
    d["_gang_from"] = -1
    d["_must_discard"] = False
    # phase: already TURN (checked above), as Round._draw sets it
    d["pos"] = pos + 1
    hn.c[k2] += 1
    hn.wmask_ok = 0
    hn.k[k2 // 9] += POW5[k2 % 9]
    hn.n += 1
    d["drawn"] = k2obj
    d["_turn_drawn"] = _BITS[k2]
    _put(draws, n, nd + 1)
    if release:
        _put(locked, n, False)
        _put(lock_values, n, 0)
    ev = PyDict_Copy(_TSUMO_EVENT)
    ev["actor"] = n
    ev["pai"] = _NAMES[k2]
    ev["left"] = left - 1
    PyList_Append(events, ev)
    return n_asked


def quiet_discard(rnd, seat, tile):
    """Apply the discard of ``tile`` by ``seat`` and the next seat's draw exactly as
    ``rnd.play(Action("dahai", seat, tile))`` would and return True, when the discard is
    legal, nobody can claim it and the next seat draws; else return False and change
    nothing. See ``xzcore._replay_reference.quiet_decline`` for the cases declined. A hand
    the kernel refuses while checking (a damaged round) makes it decline, not raise:
    ``Round.play`` then meets the same error where the caller reports it."""
    return _step(rnd, seat, tile, None, 0) >= 0


def quiet_run(rnd, events, i):
    """Do what ``xzcore.auditcmp.compare_events``' loop does for ``events[i]``,
    ``events[i + 1]``, … while each is an event it skips, a quiet discard, or a discard
    whose claim window ends with every asked seat passing (nobody offered 胡; the recorded
    answers exactly one plain ``none`` per asked seat); return the index of the first
    event not consumed (``len(events)`` at the end). See
    ``xzcore._replay_reference.run_decline``. Raises nothing; a stop changes nothing."""
    cdef long start = 0
    cdef Py_ssize_t j, n, r
    cdef object ev, word, k
    if type(events) is not list or not _small(i, 0, PyList_GET_SIZE(events) + 1, &start):
        return i
    n = PyList_GET_SIZE(events)
    j = start
    try:
        while j < n:
            ev = _at(events, j)
            # compare_events: a map with a str 'type'; the events it skips.
            if type(ev) is not dict:
                break
            word = _item(<dict>ev, "type")
            if type(word) is not str:
                break
            if word in _SKIPPED:
                j += 1
                continue
            if word != "dahai" or PyDict_Contains(ev, "baige"):
                break
            word = _item(<dict>ev, "pai")
            if type(word) is not str:
                break
            k = _item(_KINDS, word)
            if k is None:
                break
            r = _step(rnd, _item(<dict>ev, "actor"), k, events, j)
            if r < 0:
                break
            j += 1 + r
    except Exception:  # only while checking an event (a key whose comparison raises)
        pass
    return j if j != start else i
