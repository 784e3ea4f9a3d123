# Included by _scan.pyx (one extension module): the compiled type-strict equality.
#
# same(a, b) answers exactly what the Python twin ``xzcore.log._scan_twin.same`` (that is
# ``xzcore.log.types.same``) answers: equal and of the same types all the way down (a wrong type is a finding). It walks, in C and in the twin's order, only values of
# the types msgpack decodes to and the engine builds — exact str, int, bool, None, float,
# bytes, list, tuple and dict with str or bytes keys — where ``==`` runs no Python code and
# has no side effects. Anything else (another type, a subclass, a dict with other keys,
# nesting past _SAME_DEPTH) declines the pair: the twin then compares it from the start, so
# the answer, or the exception (RecursionError …), is the twin's.

from cpython.object cimport PyTypeObject
from cpython.ref cimport PyObject


cdef extern from "Python.h":
    PyTypeObject *_type_of "Py_TYPE"(PyObject *o) noexcept nogil
    PyTypeObject _T_STR "PyUnicode_Type"
    PyTypeObject _T_INT "PyLong_Type"
    PyTypeObject _T_BOOL "PyBool_Type"
    PyTypeObject _T_FLOAT "PyFloat_Type"
    PyTypeObject _T_BYTES "PyBytes_Type"
    PyTypeObject _T_LIST "PyList_Type"
    PyTypeObject _T_TUPLE "PyTuple_Type"
    PyTypeObject _T_DICT "PyDict_Type"
    Py_ssize_t _list_size "PyList_GET_SIZE"(PyObject *o) noexcept nogil
    PyObject *_list_item "PyList_GET_ITEM"(PyObject *o, Py_ssize_t i) noexcept nogil
    Py_ssize_t _tuple_size "PyTuple_GET_SIZE"(PyObject *o) noexcept nogil
    PyObject *_tuple_item "PyTuple_GET_ITEM"(PyObject *o, Py_ssize_t i) noexcept nogil
    Py_ssize_t _dict_size "PyDict_GET_SIZE"(PyObject *o) noexcept nogil
    bint _dict_next "PyDict_Next"(PyObject *d, Py_ssize_t *pos, PyObject **key,
                                  PyObject **value) noexcept nogil
    PyObject *_dict_get "PyDict_GetItemWithError"(PyObject *d, PyObject *key) except? NULL
    int _eq "PyObject_RichCompareBool"(PyObject *a, PyObject *b, int op) except -1
    double _float_of "PyFloat_AS_DOUBLE"(PyObject *o) noexcept nogil
    enum:
        Py_EQ


cdef extern from *:
    """
    /* str == str as CPython's unicode_compare_eq decides it (same length, same kind, same
       bytes); -1 for a string not in the canonical form (only before 3.12): ask ==. */
    static inline int xz_str_eq(PyObject *a, PyObject *b) {
    #if PY_VERSION_HEX < 0x030C0000
        if (!PyUnicode_IS_READY(a) || !PyUnicode_IS_READY(b)) return -1;
    #endif
        Py_ssize_t n = PyUnicode_GET_LENGTH(a);
        if (n != PyUnicode_GET_LENGTH(b) || PyUnicode_KIND(a) != PyUnicode_KIND(b)) return 0;
        return memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)n * PyUnicode_KIND(a)) == 0;
    }
    """
    int xz_str_eq(PyObject *a, PyObject *b) noexcept nogil


cdef enum:
    _SAME_DEPTH = 100  # containers deeper than this are the twin's to compare
    _DECLINE = 2  # _same: not handled here (the twin answers)

cdef PyTypeObject *_T_NONE = _type_of(<PyObject *>None)


cdef inline bint _plain_key(PyObject *k) noexcept nogil:
    """A key whose hash and ``==`` run no Python code: exact str or bytes (L1: map keys)."""
    cdef PyTypeObject *t = _type_of(k)
    return t == &_T_STR or t == &_T_BYTES


cdef inline bint _reflexive(PyTypeObject *t) noexcept nogil:
    """A type whose ``==`` says an object equals itself (not float: nan)."""
    return t == &_T_STR or t == &_T_INT or t == &_T_BOOL or t == _T_NONE or t == &_T_BYTES


cdef int _same(PyObject *a, PyObject *b, int depth) except -1:
    """1 same, 0 not, _DECLINE: as the twin's ``same(a, b)``, check for check in its order."""
    cdef PyTypeObject *t = _type_of(a)
    cdef Py_ssize_t n, i
    cdef int r
    if t != _type_of(b):
        return 0
    if a == b and (t == &_T_STR or t == &_T_INT or t == &_T_BYTES):  # reflexive ==
        return 1
    if t == &_T_STR:
        r = xz_str_eq(a, b)
        return r if r >= 0 else _eq(a, b, Py_EQ)
    if t == &_T_INT or t == &_T_BYTES:
        return _eq(a, b, Py_EQ)
    if t == &_T_BOOL or t == _T_NONE:  # singletons
        return a == b
    if t == &_T_FLOAT:  # float.__eq__ compares the doubles: nan != nan, -0.0 == 0.0
        return _float_of(a) == _float_of(b)
    if depth >= _SAME_DEPTH:
        return _DECLINE
    if t == &_T_DICT:
        return _same_dict(a, b, depth + 1)
    if t == &_T_LIST:
        n = _list_size(a)
        if n != _list_size(b):
            return 0
        for i in range(n):
            r = _same(_list_item(a, i), _list_item(b, i), depth + 1)
            if r != 1:
                return r
        return 1
    if t == &_T_TUPLE:
        n = _tuple_size(a)
        if n != _tuple_size(b):
            return 0
        for i in range(n):
            r = _same(_tuple_item(a, i), _tuple_item(b, i), depth + 1)
            if r != 1:
                return r
        return 1
    return _DECLINE


cdef int _same_dict(PyObject *a, PyObject *b, int depth) except -1:
    """Two exact dicts: as ``a.keys() == b.keys() and all(same(v, b[k]) for k, v in
    a.items())``. While the two hold the very same key objects in the same order (msgpack
    interns map keys, the engine's are literals: the usual case) the values are compared as
    the keys are checked, with no look-up: a 0 found so is the twin's False too (the keys
    differ, or they agree so far and this is the first value that differs), and a
    _DECLINE sends the pair to the twin anyway. From the first key that differs, the keys are
    compared as sets, then the values looked up by key."""
    cdef Py_ssize_t pa = 0, pb = 0
    cdef PyObject *ka
    cdef PyObject *va
    cdef PyObject *kb
    cdef PyObject *vb
    cdef int r
    if a == b:  # one dict (the replay may append the recorded event itself): the loop below
        while _dict_next(a, &pa, &ka, &va):  # with kb, vb being ka, va
            if not _plain_key(ka):
                return _same_dict_by_key(a, b, depth)
            if _reflexive(_type_of(va)):
                continue
            r = _same(va, va, depth)
            if r != 1:
                return r
        return 1
    if _dict_size(a) != _dict_size(b):
        return 0
    while _dict_next(a, &pa, &ka, &va):
        _dict_next(b, &pb, &kb, &vb)
        if ka != kb or not _plain_key(ka):
            return _same_dict_by_key(a, b, depth)
        if va == vb and _reflexive(_type_of(va)):
            continue  # the same str, int, bool or None (most values: no call)
        r = _same(va, vb, depth)
        if r != 1:
            return r
    return 1


cdef int _same_dict_by_key(PyObject *a, PyObject *b, int depth) except -1:
    """Two exact dicts of the same size whose keys are not the same objects in the same
    order: the key sets (str and bytes keys only, else _DECLINE), then a's values against
    b's in a's order."""
    cdef Py_ssize_t pa = 0, pb = 0
    cdef PyObject *ka
    cdef PyObject *va
    cdef PyObject *kb
    cdef PyObject *vb
    cdef int r
    while _dict_next(b, &pb, &kb, &vb):
        if not _plain_key(kb):
            return _DECLINE
    while _dict_next(a, &pa, &ka, &va):
        if not _plain_key(ka):
            return _DECLINE
        if _dict_get(b, ka) == NULL:
            return 0  # sizes equal, a key of a not in b: the key sets differ
    pa = 0
    while _dict_next(a, &pa, &ka, &va):
        r = _same(va, _dict_get(b, ka), depth)
        if r != 1:
            return r
    return 1


cdef object _twin_same = None


cdef bint _declined(object a, object b) except -1:
    """The twin's answer for a pair the C walk declines."""
    global _twin_same
    if _twin_same is None:
        from xzcore.log._scan_twin import same as twin

        _twin_same = twin
    return bool(_twin_same(a, b))


def same(a, b):
    """Equal and of the same types all the way down: bool is not int, float
    is not int, list is not tuple, a dict subclass is not a dict; dicts equal by key set and
    values whatever their order, lists and tuples item by item, anything else by ``==``
    (a nan is not itself). Exactly ``xzcore.log.types.same`` (the twin's), in C."""
    cdef int r = _same(<PyObject *>a, <PyObject *>b, 0)
    if r == _DECLINE:
        return _declined(a, b)
    return r == 1


def same_events(a, b):
    """``len(a) == len(b) and all(map(same, a, b))``: two event lists (recorded, replayed)
    the same, type for type. In C for two exact lists; the twin's expression otherwise."""
    cdef Py_ssize_t i = 0
    cdef int r
    cdef object x, y
    if type(a) is not list or type(b) is not list:
        return len(a) == len(b) and all(map(same, a, b))
    if _list_size(<PyObject *>a) != _list_size(<PyObject *>b):
        return False
    while i < _list_size(<PyObject *>a) and i < _list_size(<PyObject *>b):
        r = _same(_list_item(<PyObject *>a, i), _list_item(<PyObject *>b, i), 1)
        if r == _DECLINE:
            x = (<list>a)[i]
            y = (<list>b)[i]
            r = _declined(x, y)  # may run Python code: the sizes are read again
        if r == 0:
            return False
        i += 1
    return True
