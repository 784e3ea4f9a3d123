# cython: language_level=3
"""The observation planes' commonest updates, in C: the twin of
``xzcore.env._planes_twin`` (the contract is there). ``xzcore.env.observation`` selects this
module or the twin (``xzcore.backend.load``)."""

from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.object cimport PyObject

from xzcore.tiles import NAMES

__all__ = ["plain_events"]

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
    cdef PyObject* v = PyDict_GetItem(d, key)  # str keys: it cannot fail
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
    cdef Py_ssize_t i = start
    cdef long s, k
    cdef object e, kind, pai, v
    if start < 0:
        raise ValueError(f"plain_events: start {start} (expected 0 or more)")
    if table.shape[0] < 4 * BLOCK or own.shape[0] < 4 * TOP:
        raise ValueError("plain_events: the planes' buffers are too small")
    while i < PyList_GET_SIZE(events):  # read each time: a key's __eq__ may change the list
        e = <object>PyList_GET_ITEM(events, i)
        if type(e) is not dict:
            return i
        kind = _get(<dict>e, _TYPE)
        if type(kind) is not str:
            return i
        if kind == _NONE:
            i += 1
            continue
        if kind != _DAHAI and kind != _TSUMO:
            return i
        s = _small(_get(<dict>e, _ACTOR), 4)
        pai = _get(<dict>e, _PAI)
        if s < 0 or type(pai) is not str:
            return i
        v = _get(_KIND, pai)
        if v is None:
            return i
        k = <long>v
        if kind == _DAHAI:
            table[BLOCK * s + k] += 1
            table[BLOCK * s + SIZE] -= 1
            own[TOP * s + k] -= 1
        else:
            table[BLOCK * s + SIZE] += 1
            own[TOP * s + k] += 1
        i += 1
    return i
