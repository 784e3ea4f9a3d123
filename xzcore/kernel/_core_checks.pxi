# The round's tiles (R1.1, R2.2, R2.3): included by _core.pyx. check_wall, dealt_hands and
# tile_counts run in C over exact bytes, lists of exact ints and this module's Hand; anything
# else goes to the shared slow path (check_wall) or is declined (the others return None).

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.ref cimport PyObject
from cpython.unicode cimport PyUnicode_DecodeASCII


cdef inline long _tile_kind(PyObject* item) noexcept:
    """An exact int 0..26 as itself; -1 for anything else (no Python code runs)."""
    cdef int overflow = 0
    cdef long v
    if type(<object> item) is not int:
        return -1
    v = PyLong_AsLongAndOverflow(<object> item, &overflow)
    if overflow or v < 0 or v >= 27:
        return -1
    return v


def check_wall(wall):
    """``wall`` as a list of kinds after checking it holds each of the 27 kinds exactly four
    times (R1.1, R2.2); ``xzcore.round.wall.WallError`` otherwise. See
    ``xzcore.kernel._core_twin.check_wall``: a ``bytes`` or a list of exact ints is checked here,
    and whatever this loop does not accept goes through the twin's checks (same errors)."""
    cdef uint8_t seen[27]
    cdef const uint8_t* p
    cdef Py_ssize_t i
    cdef long k
    memset(seen, 0, 27)
    if type(wall) is bytes and PyBytes_GET_SIZE(wall) == 108:
        p = <const uint8_t*> PyBytes_AS_STRING(wall)
        for i in range(108):
            if p[i] >= 27 or seen[p[i]] >= 4:
                break
            seen[p[i]] += 1
        else:
            return list(<bytes> wall)
    elif type(wall) is list and PyList_GET_SIZE(wall) == 108:
        for i in range(108):
            k = _tile_kind(PyList_GET_ITEM(wall, i))
            if k < 0 or seen[k] >= 4:
                break
            seen[k] += 1
        else:
            return (<list> wall)[:]
    return checked_wall(wall)  # raises at the first bad position, as the twin


cdef inline bint _count_list(object tiles, long* c) noexcept:
    """Add the kinds of ``tiles`` (an exact list of exact ints 0..26) to ``c``; 0 if it is
    not one (``c`` is then partly added to: the caller drops it)."""
    cdef Py_ssize_t i
    cdef long k
    if type(tiles) is not list:
        return 0
    for i in range(PyList_GET_SIZE(tiles)):
        k = _tile_kind(PyList_GET_ITEM(tiles, i))
        if k < 0:
            return 0
        c[k] += 1
    return 1


def tile_counts(hands, lists):
    """R1.1's tally: the 27 counts of the tiles in ``hands`` (a list or tuple of ``Hand``)
    plus one per entry of each list of kinds in ``lists``; ``None`` when an argument is not
    of that shape (see ``xzcore.kernel._core_twin.tile_counts``)."""
    cdef long c[27]
    cdef Py_ssize_t i, n
    cdef int j
    cdef Hand h
    cdef object item
    memset(c, 0, sizeof(c))
    if type(hands) is list:
        n = PyList_GET_SIZE(hands)
    elif type(hands) is tuple:
        n = PyTuple_GET_SIZE(hands)
    else:
        return None
    for i in range(n):
        if type(hands) is list:
            item = <object> PyList_GET_ITEM(hands, i)
        else:
            item = <object> PyTuple_GET_ITEM(hands, i)
        if type(item) is not Hand:
            return None
        h = <Hand> item
        for j in range(27):
            c[j] += h.c[j]
    if type(lists) is list:
        for i in range(PyList_GET_SIZE(lists)):
            if not _count_list(<object> PyList_GET_ITEM(lists, i), c):
                return None
    elif type(lists) is tuple:
        for i in range(PyTuple_GET_SIZE(lists)):
            if not _count_list(<object> PyTuple_GET_ITEM(lists, i), c):
                return None
    else:
        return None
    return [c[j] for j in range(27)]


cdef extern from *:
    """
    static const char XZ_SUIT_LETTER[3] = {'m', 'p', 's'};
    """
    const char* XZ_SUIT_LETTER


cdef object _counts_text(const uint8_t* c):
    """The canonical MPSZ text of 27 counts of at most 14 tiles (``tiles.format_counts``)."""
    cdef char buf[32]
    cdef int n = 0, s, r, j, held
    for s in range(3):
        held = 0
        for r in range(9):
            for j in range(c[9 * s + r]):
                buf[n] = <char> (49 + r)  # the rank digit
                n += 1
                held = 1
        if held:
            buf[n] = XZ_SUIT_LETTER[s]
            n += 1
    return PyUnicode_DecodeASCII(buf, n, NULL)


def dealt_hands(wall, dealer):
    """R2.3's deal: the four seats' ``Hand`` (void -1) and the canonical texts of their
    tiles, in seat order; ``None`` when ``wall`` is not a list of 108 whose first 53 entries
    are ints 0–26 dealing at most four of a kind to a seat, or ``dealer`` not a seat 0–3.
    See ``xzcore.kernel._core_twin.dealt_hands``."""
    cdef uint8_t kinds[53]
    cdef Py_ssize_t i
    cdef int off, r, j, seat, size
    cdef long k, d
    cdef Hand h
    if type(wall) is not list or PyList_GET_SIZE(wall) != 108:
        return None
    d = _tile_kind(<PyObject*> dealer)  # an exact int 0..26, or -1
    if d < 0 or d > 3:
        return None
    for i in range(53):
        k = _tile_kind(PyList_GET_ITEM(wall, i))
        if k < 0:
            return None
        kinds[i] = <uint8_t> k
    hands = [None, None, None, None]
    texts = [None, None, None, None]
    for off in range(4):
        seat = (d + off) % 4
        h = Hand.__new__(Hand)  # empty, void -1
        for r in range(3):  # four tiles to each seat from the dealer, three times
            for j in range(4):
                h.c[kinds[16 * r + 4 * off + j]] += 1
        h.c[kinds[48 + off]] += 1  # then one each
        if off == 0:
            h.c[kinds[52]] += 1  # and one more to the dealer
        size = _keys_of(h.c, h.k)
        if size < 0:  # a fifth copy: not a wall of the 108 tiles
            return None
        h.n = size
        hands[seat] = h
        texts[seat] = _counts_text(h.c)
    return hands, texts
