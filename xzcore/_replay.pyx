# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The quiet discard, compiled: the twin of ``xzcore._replay_reference`` (see it, and
``xzcore.fastforward``, for the contract).

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
"""

from cpython.dict cimport PyDict_Copy, PyDict_GetItemWithError
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
from xzcore.round import Round
from xzcore.round_base import NAMES, TURN
from xzcore.rules import LastRoundScope, LastRoundWin

__all__ = ["quiet_discard"]

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


def quiet_discard(rnd, seat, tile):
    """Apply the discard of ``tile`` by ``seat`` and the next seat's draw exactly as
    ``rnd.play(Action("dahai", seat, tile))`` would and return True, when the discard is
    legal, nobody can claim it and the next seat draws; else return False and change
    nothing. See ``xzcore._replay_reference.quiet_decline`` for the cases declined. A hand
    the kernel refuses while checking (a damaged round) makes it decline, not raise:
    ``Round.play`` then meets the same error where the caller reports it."""
    cdef long s = 0, k = 0, ph = 0, cur = 0, pos = 0, drawn = 0, final_from = 0, turn_no = 0
    cdef long void_suit = 0, k2 = 0, nd = 0, n, i, o, left
    cdef dict d, ev
    cdef Hand h, hn, ho
    cdef object hands, voids, in_play, won, rivers, river, events, draws, locked, wall
    cdef object rules, final, must_discard, lock_values, k2obj
    cdef bint locked_winner, release, new_final = False
    cdef int lo

    # -- check everything, change nothing -------------------------------------------------
    if type(rnd) is not _ROUND:  # never a subclass (LeshanRound)
        return False
    if not _engine_intact():  # nor a Round whose step a test has patched
        return False
    if not _small(seat, 0, 4, &s) or not _small(tile, 0, 27, &k):
        return False
    d = rnd.__dict__
    if not _small(_item(d, "phase"), 0, 6, &ph) or ph != _TURN:
        return False
    if not _small(_item(d, "cur"), 0, 4, &cur) or cur != s:
        return False  # R5.1
    hands = _list4(d, "hands")
    won = _list4(d, "won")
    in_play = _list4(d, "in_play")
    voids = _list4(d, "voids")
    if hands is None or won is None or in_play is None or voids is None:
        return False
    final = _item(d, "final")
    must_discard = _item(d, "_must_discard")
    rules = _item(d, "rules")
    if final is None or must_discard is None or rules is None:
        return False
    if type(_at(hands, s)) is not _HAND:
        return False  # a round on the twin kernel
    h = <Hand>_at(hands, s)
    if not h.c[k]:
        return False  # R5.1: not held
    locked_winner = _at(won, s) and not must_discard and rules.xueliu  # R11.2
    if final and not must_discard:
        # R5.7: a self-draw win in hand in the final round is forced or forfeited by the
        # discard (scope ``any``): left to the engine.
        if rules.last_round_scope is _ANY and (
            rules.last_round_win is _FORCED or rules.last_round_win is _FORFEIT
        ) and _is_win(h) != 0:
            return False
    if not _small(_item(d, "drawn"), -1, 27, &drawn):
        return False
    if locked_winner:
        if k != drawn:
            return False  # R11.2: a 血流 winner discards the tile it drew
    else:
        if not _small(_at(voids, s), -1, 3, &void_suit):
            return False
        if void_suit >= 0 and k // 9 != void_suit:  # R4.2: the void suit goes first
            lo = 9 * void_suit
            for i in range(9):
                if h.c[lo + i]:
                    return False
    if not _small(_item(d, "pos"), 0, 108, &pos):
        return False  # R5.6: the wall is empty (or a position out of range)
    for i in range(1, 4):  # Round._dahai's order
        o = (s + i) % 4
        if not _at(in_play, o):
            continue
        if type(_at(hands, o)) is not _HAND or _at(hands, o) is h:
            return False
        ho = <Hand>_at(hands, o)
        if _claimable(ho, tile, k) != 0:
            return False  # R5.2: another seat may be offered the tile (or an error)
    # Round._next_turn: the next seat in play (R5.5).
    n = (s + 1) % 4
    while not _at(in_play, n):
        n = (n + 1) % 4
        if n == s:
            return False
    hn = <Hand>_at(hands, n)
    wall = _item(d, "wall")
    if type(wall) is not list or PyList_GET_SIZE(wall) != 108:
        return False
    k2obj = _at(wall, pos)
    if not _small(k2obj, 0, 27, &k2) or hn.c[k2] >= 4 or hn.n >= 14:
        return False  # Hand.add would refuse it: let the engine say so
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
    ):
        return False
    river = _at(rivers, s)
    if type(river) is not list:
        return False
    if not _small(_at(draws, n), 0, 1 << 20, &nd):
        return False
    if not _small(_item(d, "turn_no"), 0, 1 << 20, &turn_no):
        return False
    if not _small(_item(d, "_final_from"), -1, 1 << 20, &final_from):
        return False
    left = 108 - pos
    if left <= final_from and not final:
        try:
            new_final = left <= rules.last_round_n(sum(in_play))  # R5.7: the final round
        except Exception:
            return False
    release = _at(locked, n)  # R7.4: the draw ends the seat's pass lock

    # -- apply: Round._dahai, then Round._draw(n, False) ----------------------------------
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
    return True
