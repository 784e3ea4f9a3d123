# cython: language_level=3
# A tile's name read in C (``xzcore.tiles.NAMES``: "1m" … "9s"), for the compiled modules
# that read events (``cimport``ed: inline functions only, no module of its own).

from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR


cdef extern from "Python.h":
    int PyUnicode_READY(object o) except -1


cdef inline long kind_of_name(str v) except -2:
    """The kind whose name (``NAMES[k]``) ``v`` is, read from its two characters, or -1 for
    any other str: ``{name: k for k, name in enumerate(NAMES)}.get(v, -1)``."""
    cdef long rank, suit
    PyUnicode_READY(v)
    if PyUnicode_GET_LENGTH(v) != 2:
        return -1
    rank = <long>PyUnicode_READ_CHAR(v, 0)
    suit = <long>PyUnicode_READ_CHAR(v, 1)
    if rank < 49 or rank > 57:  # "1".."9"
        return -1
    if suit == 109:  # "m"
        return rank - 49
    if suit == 112:  # "p"
        return rank - 40
    if suit == 115:  # "s"
        return rank - 31
    return -1
