# cython: language_level=3
"""A seat's options in C: the twin of ``xzcore.env._options_twin`` (the contract is there).
A discard of the engine's (``Action("dahai", seat, k)``, seat 0–3, kind 0–26) is indexed by
its kind, as :data:`~xzcore.env.actions.INDEX` maps it, without hashing the action; any other
action is looked up in ``INDEX`` as the twin does."""

from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_FromStringAndSize
from libc.string cimport memset
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE

from xzcore.env.actions import DAHAI, EXCHANGE_PICK, INDEX, N_ACTIONS, pick_mask
from xzcore.round.actions import _DAHAI, Action

__all__ = ["PICK", "discard_options", "options_of"]

PICK = "exchange"

cdef object _ACTION = Action
cdef dict _INDEX = INDEX
cdef Py_ssize_t _N = N_ACTIONS
cdef Py_ssize_t _PICK0 = EXCHANGE_PICK
cdef Py_ssize_t _DAHAI0 = DAHAI
cdef tuple _DAHAI_T = tuple(tuple(row) for row in _DAHAI)
cdef object _DAHAI_WORD = "dahai"
cdef object _EXCHANGE_WORD = "exchange"
cdef tuple _EMPTY = ()


cdef inline long _exact(object x, long lo, long hi):
    """``x`` when it is an exact int in [lo, hi), else lo - 1."""
    cdef long v
    if type(x) is not int:
        return lo - 1
    try:
        v = x
    except OverflowError:
        return lo - 1
    return v if lo <= v < hi else lo - 1


cdef inline object _index(object a):
    """``INDEX[a]``: an engine discard's kind, read off it; else the look-up (KeyError)."""
    cdef long k
    cdef object tiles
    if type(a) is _ACTION and PyTuple_GET_SIZE(a) == 5:
        if <object>PyTuple_GET_ITEM(a, 0) is _DAHAI_WORD:
            tiles = <object>PyTuple_GET_ITEM(a, 3)
            k = _exact(<object>PyTuple_GET_ITEM(a, 2), 0, 27)
            if (
                k >= 0
                and _exact(<object>PyTuple_GET_ITEM(a, 1), 0, 4) >= 0
                and _exact(<object>PyTuple_GET_ITEM(a, 4), -1, 0) == -1
                and type(tiles) is tuple
                and PyTuple_GET_SIZE(tiles) == 0
            ):
                return k
    return _INDEX[a]


cdef inline object _word(object a):
    """``a.word``: an Action's first field, read off it."""
    if type(a) is _ACTION and PyTuple_GET_SIZE(a) == 5:
        return <object>PyTuple_GET_ITEM(a, 0)
    return a.word


def options_of(legal, picks):
    """A seat's legal actions by index and their mask (see the twin)."""
    cdef bytearray mask = PyByteArray_FromStringAndSize(NULL, _N)
    cdef dict options = {}
    cdef char* m = PyByteArray_AS_STRING(mask)
    cdef Py_ssize_t i, j
    memset(m, 0, _N)  # bytearray(N_ACTIONS)
    if legal and _word(legal[0]) == _EXCHANGE_WORD:
        for k in pick_mask(legal, picks):
            options[_PICK0 + k] = PICK
            mask[_PICK0 + k] = 1
        return options, mask
    if type(legal) is not list:
        for a in legal:
            i = _index(a)
            options[i] = a
            mask[i] = 1
        return options, mask
    j = 0
    while j < PyList_GET_SIZE(legal):  # read each time: a look-up's __eq__ may change it
        a = <object>PyList_GET_ITEM(legal, j)
        j += 1
        x = _index(a)
        options[x] = a
        i = x
        if not 0 <= i < _N:
            mask[i] = 1  # the twin's IndexError, or a negative index from the end
        else:
            m[i] = 1
    return options, mask


def discard_options(bytearray discards not None, seat):
    """A turn's options when its legal actions are the discards of the kinds marked in
    ``discards`` (see the twin): each indexed by its kind, as ``INDEX`` maps it."""
    cdef bytearray mask = PyByteArray_FromStringAndSize(NULL, _N)
    cdef dict options = {}
    cdef char* m = PyByteArray_AS_STRING(mask)
    cdef const char* d
    cdef tuple row
    cdef Py_ssize_t k
    if len(discards) != 27:
        raise IndexError("discard_options: 27 kinds")
    row = _DAHAI_T[seat]
    d = PyByteArray_AS_STRING(discards)
    memset(m, 0, _N)
    for k in range(27):
        if d[k]:
            options[_DAHAI0 + k] = <object>PyTuple_GET_ITEM(row, k)
            m[_DAHAI0 + k] = 1
    return options, mask
