# cython: language_level=3
"""Small helpers of the round engine (its setup, ``Round.play``'s shortcuts, wins, gangs and
the round's end), in C.

The pure-Python twin is ``xzcore.round._engine_twin`` (the contract is there): each
helper gives exactly what the engine's plain code gives, or ``None`` and the caller runs the
plain code. ``xzcore.round.base`` selects this module or the twin (``xzcore._backend.load``).
It cimports the kernel's ``Hand`` (``xzcore/kernel/_core.pxd``) to count R1.1 without a call.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_GetItem, PyDict_SetItem
from cpython.list cimport PyList_Append, PyList_GET_ITEM, PyList_GET_SIZE
from cpython.object cimport PyObject
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport uint8_t, uint64_t

cimport cython

from xzcore.kernel._core cimport Hand

from xzcore.money.ledger import Transfer
from xzcore.tiles import NAMES

__all__ = [
    "PlayChecks",
    "counts_text",
    "shuffled_kinds",
    "tiles_conserved",
    "transfer_dicts",
    "wall_text",
]

cdef object _TRANSFER = Transfer
cdef object _HAND = Hand
cdef object _PAYER = "payer"
cdef object _PAYEE = "payee"
cdef object _UNITS = "units"
cdef object _REASON = "reason"
cdef object _RULE = "rule"
cdef object _DETAIL = "detail"
cdef object _TURN = "turn"


def counts_text(counts):
    """The canonical MPSZ text of 27 counts, or ``None`` (see the twin)."""
    cdef const uint8_t* c
    cdef char buf[120]  # 27 kinds of at most 4, three letters
    cdef int n = 0, s, r, j, held
    if type(counts) is not bytes or PyBytes_GET_SIZE(counts) != 27:
        return None
    c = <const uint8_t*> PyBytes_AS_STRING(counts)
    for j in range(27):
        if c[j] > 4:
            return None
    for s in range(3):
        held = 0
        for r in range(9):
            for j in range(c[9 * s + r]):
                buf[n] = XZ_DIGIT_OF[r]  # the rank digit
                n += 1
                held = 1
        if held:
            buf[n] = XZ_SUIT_OF[9 * s]
            n += 1
    return PyUnicode_DecodeASCII(buf, n, NULL)


cdef inline object _field(dict fields, object name):
    cdef PyObject* v = PyDict_GetItem(fields, name)
    if v is NULL:
        return None
    return <object> v


def transfer_dicts(transfers):
    """``[t.to_dict() for t in transfers]`` for exact ``Transfer`` values, or ``None`` (see
    the twin)."""
    cdef list out = []
    cdef dict fields, d
    cdef object t, turn
    cdef PyObject* v
    if type(transfers) is not list and type(transfers) is not tuple:
        return None
    for t in transfers:
        if type(t) is not _TRANSFER:
            return None
        fields = t.__dict__
        d = {}
        for name in (_PAYER, _PAYEE, _UNITS, _REASON, _RULE, _DETAIL):
            v = PyDict_GetItem(fields, name)
            if v is NULL:
                return None
            PyDict_SetItem(d, name, <object> v)
        v = PyDict_GetItem(fields, _TURN)
        if v is NULL:
            return None
        turn = <object> v
        if turn is not None:
            PyDict_SetItem(d, _TURN, turn)
        PyList_Append(out, d)
    return out


cdef char XZ_DIGIT_OF[27]  # each kind's rank digit and suit letter, from tiles.NAMES
cdef char XZ_SUIT_OF[27]
for _k, _name in enumerate(NAMES):
    XZ_DIGIT_OF[_k] = ord(_name[0])
    XZ_SUIT_OF[_k] = ord(_name[1])


def wall_text(wall):
    """The names of a wall's tiles one after the other, or ``None`` (see the twin)."""
    cdef char buf[216]
    cdef Py_ssize_t i
    cdef long k
    cdef object item
    if type(wall) is not list or PyList_GET_SIZE(wall) != 108:
        return None
    for i in range(108):
        item = <object> PyList_GET_ITEM(wall, i)
        if type(item) is not int:
            return None
        try:
            k = item  # Cython's conversion: quick for the small ints a wall holds
        except OverflowError:
            return None
        if k < 0 or k > 26:
            return None
        buf[2 * i] = XZ_DIGIT_OF[k]
        buf[2 * i + 1] = XZ_SUIT_OF[k]
    return PyUnicode_DecodeASCII(buf, 216, NULL)


cdef class PlayChecks:
    """``Round.play``'s shortcuts ``canonical`` and ``quick_legal`` (see the twin): the same
    Python operations in the same order, without the interpreter's dispatch (indexing with
    Python's bounds and negative indices, whatever the build's directives)."""

    cdef object _canon, _quick_ok, _turn, _claims, _no_tiles, _action

    def __init__(self, canon, quick_ok, turn, claim, rob, no_tiles, action):
        self._canon = canon
        self._quick_ok = quick_ok
        self._turn = turn
        self._claims = (claim, rob)
        self._no_tiles = no_tiles
        self._action = action

    @cython.boundscheck(True)
    @cython.wraparound(True)
    def canonical(self, a):
        """The prebuilt action equal to ``a``, or ``None`` (see the twin)."""
        if type(a) is not self._action:
            return None
        try:
            c = self._canon.get(a)
        except TypeError:
            return None
        if c is None or c is a:
            return c
        if (
            type(a[0]) is str
            and type(a[1]) is int
            and type(a[2]) is int
            and type(a[3]) is tuple
            and type(a[4]) is int
        ):
            return c
        return None

    @cython.boundscheck(True)
    @cython.wraparound(True)
    def quick_legal(self, r, a):
        """True when ``a`` is certainly legal now, False when not decided (see the twin)."""
        ph = r.phase
        s = a[1]
        if ph == self._turn:
            if a[0] != "dahai" or s != r.cur or not self._quick_ok(type(r)):
                return False
            if r.rules.xueliu and r.won[s]:
                return False
            if not r._must_discard and r._forced(False):
                return False
            c = r.hands[s].counts()
            k = a[2]
            if not c[k]:
                return False
            void = r.voids[s]
            lo = 9 * void
            return bool(void < 0 or k // 9 == void or c[lo : lo + 9] == self._no_tiles)
        if ph in self._claims:
            if not self._quick_ok(type(r)) or s in r._claim_dec:
                return False
            return a in r._claim_opts.get(s, ())
        return False


cdef inline int _add_kinds(object tiles, Py_ssize_t start, long* c) except -2:
    """Add the kinds of ``tiles[start:]`` (an exact list of exact ints 0..26) to ``c``;
    0 if it is not one (``c`` is then partly added to: the caller drops it)."""
    cdef Py_ssize_t i
    cdef long k
    cdef object item
    if type(tiles) is not list:
        return 0
    for i in range(start, PyList_GET_SIZE(tiles)):
        item = <object> PyList_GET_ITEM(tiles, i)
        if type(item) is not int:
            return 0
        try:
            k = item
        except OverflowError:
            return 0
        if k < 0 or k > 26:
            return 0
        c[k] += 1
    return 1


def tiles_conserved(hands, melds, rivers, won_tiles, wall, pos, peng):
    """Whether every kind is held exactly four times (R1.1), or ``None`` (see the twin)."""
    cdef long c[27]
    cdef Py_ssize_t i, j, n
    cdef long k
    cdef Hand h
    cdef object ms, m, tile
    for j in range(27):
        c[j] = 0
    if type(hands) is not list or PyList_GET_SIZE(hands) != 4:
        return None
    if type(melds) is not list or PyList_GET_SIZE(melds) != 4:
        return None
    if type(rivers) is not list or PyList_GET_SIZE(rivers) != 4:
        return None
    if type(pos) is not int or not 0 <= pos <= 108:
        return None
    if type(wall) is not list or PyList_GET_SIZE(wall) != 108:
        return None
    for i in range(4):
        if type(<object> PyList_GET_ITEM(hands, i)) is not _HAND:
            return None
        h = <Hand> PyList_GET_ITEM(hands, i)
        for j in range(27):
            c[j] += h.c[j]
    for i in range(4):
        ms = <object> PyList_GET_ITEM(melds, i)
        if type(ms) is not list:
            return None
        for m in ms:  # a meld of the engine's: its tile, and three for a 碰, else four
            tile = m.tile
            if type(tile) is not int:
                return None
            try:
                k = tile
            except OverflowError:
                return None
            if k < 0 or k > 26:
                return None
            c[k] += 3 if m.kind is peng else 4
    for i in range(4):
        if not _add_kinds(<object> PyList_GET_ITEM(rivers, i), 0, c):
            return None
    if not _add_kinds(won_tiles, 0, c) or not _add_kinds(wall, pos, c):
        return None
    for j in range(27):
        if c[j] != 4:
            return False
    return True


cdef uint64_t _GAMMA = 0x9E3779B97F4A7C15ULL
cdef uint64_t _M1 = 0xBF58476D1CE4E5B9ULL
cdef uint64_t _M2 = 0x94D049BB133111EBULL

cdef extern from *:  # GCC's and Clang's 128-bit product (Lemire's method)
    ctypedef unsigned long long uint128_t "unsigned __int128"


def shuffled_kinds(x, batches):
    """R2.2's shuffle of the kinds from the SplitMix64 state ``x``, and the state after it,
    or ``None`` (see the twin)."""
    cdef uint64_t s, z, product, threshold, v, lo, n
    cdef uint128_t m
    cdef uint64_t products[107]
    cdef long nbounds[107]
    cdef Py_ssize_t nb = 0, i, j
    cdef long expected = 108
    cdef long items[108]
    cdef object pair, p, bounds, b
    if type(x) is not int or type(batches) is not list or PyList_GET_SIZE(batches) > 107:
        return None
    if not 0 <= x <= 0xFFFFFFFFFFFFFFFF:
        return None
    s = x
    for pair in batches:
        if type(pair) is not tuple or len(pair) != 2:
            return None
        p, bounds = pair
        if type(p) is not int or not 2 <= p <= 0xFFFFFFFFFFFFFFFF or type(bounds) is not tuple:
            return None
        products[nb] = p
        nbounds[nb] = len(bounds)
        for b in bounds:
            if type(b) is not int or b != expected or expected < 2:
                return None
            expected -= 1
        nb += 1
    if expected != 1:
        return None
    for i in range(108):
        items[i] = i >> 2
    n = 108
    for i in range(nb):
        product = products[i]
        threshold = (0 - product) % product  # (2**64 - product) % product
        while True:  # bounded(product): SplitMix64's next output times the bound
            s += _GAMMA
            z = (s ^ (s >> 30)) * _M1
            z = (z ^ (z >> 27)) * _M2
            z = z ^ (z >> 31)
            m = <uint128_t>z * product
            lo = <uint64_t>m
            if lo >= threshold:
                break
        v = <uint64_t>(m >> 64)
        for j in range(nbounds[i]):
            lo = v % n
            v = v // n
            items[n - 1], items[lo] = items[lo], items[n - 1]
            n -= 1
    return [items[i] for i in range(108)], s
