# Included by _logscan.pyx (one extension module): the payload decoder and the template dicts.
#
# _decode(d, first, end) builds the Python value of the msgpack bytes d[first:end] exactly as
# the slow reader's unpacker (xzcore.logread: msgpack with raw=False, use_list=True,
# strict_map_key=True, no ext types) builds it: None, bool, int, float, str (UTF-8, strict),
# bytes, list, dict with str or bytes keys set in order (a repeated key keeps its first place
# and its last value, as PyDict_SetItem does for msgpack). It runs only on bytes the scanner's
# walk (_payload_end) has found to be one whole value within the limits (L6) — sizes,
# nesting, key types and the absence of ext types are the walk's checks — and checks its own
# bounds and nesting besides; anything it cannot build (invalid UTF-8, a value that does not
# end exactly at ``end``, no memory) raises _Declined: the game is not handled, and the slow
# reader reports it.
#
# It recurses once per level of nesting, down to _DEC_DEPTH levels (a few hundred bytes of C
# stack each): a deeper payload (the walk allows 1,023 levels) is decoded by msgpack itself,
# with the slow reader's options and limits.
#
# Short strings (up to _SC_MAX bytes: map keys, event types, tiles, rule values) come from a
# small direct-mapped cache of the str objects already decoded from the same bytes: an equal
# str of the same type, only not a new object (strs are immutable; nothing compares them by
# identity).

from cpython.dict cimport PyDict_Copy, PyDict_SetItem
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_FromLong, PyLong_FromLongLong, PyLong_FromUnsignedLongLong
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint16_t, uint32_t


cdef extern from *:
    """
    /* msgpack's float decoding (PyFloat_Unpack4/8, big-endian): public from 3.11. */
    #if PY_VERSION_HEX >= 0x030B0000
    #define xz_unpack4(p) PyFloat_Unpack4((const char *)(p), 0)
    #define xz_unpack8(p) PyFloat_Unpack8((const char *)(p), 0)
    #else
    #define xz_unpack4(p) _PyFloat_Unpack4((const unsigned char *)(p), 0)
    #define xz_unpack8(p) _PyFloat_Unpack8((const unsigned char *)(p), 0)
    #endif
    """
    double xz_unpack4(const uint8_t *p) except? -1.0
    double xz_unpack8(const uint8_t *p) except? -1.0
    void PyUnicode_InternInPlace(PyObject **p)
    bint _interned "PyUnicode_CHECK_INTERNED"(PyObject *s)


import msgpack


cdef enum:
    _DEC_DEPTH = 32  # levels of nesting decoded here; deeper payloads go to msgpack
    _MEMO_MIN = 16  # pairs a map has at least for _map's memory
    _SC_SIZE = 2048  # cache entries (a power of two)
    _SC_MAX = 24  # longest str kept

cdef struct _SEntry:
    Py_ssize_t n
    uint8_t b[_SC_MAX]
    PyObject *s  # an owned reference, or NULL

cdef _SEntry _scache[_SC_SIZE]  # static: zeroed


cdef inline uint32_t _shash(const uint8_t *p, Py_ssize_t n) noexcept nogil:
    """A quick hash of a short string's bytes (its length, first and last eight bytes)."""
    cdef uint64_t a = 0, b = 0
    if n >= 8:
        memcpy(&a, p, 8)
        memcpy(&b, p + n - 8, 8)
    elif n >= 4:
        memcpy(&a, p, 4)
        memcpy(&b, p + n - 4, 4)
    elif n > 0:
        a = p[0] | (<uint64_t>p[n >> 1] << 8) | (<uint64_t>p[n - 1] << 16)
    a = (a ^ (<uint64_t>n << 56)) * 0x9E3779B97F4A7C15ULL
    a ^= (b * 0xC2B2AE3D27D4EB4FULL)
    return <uint32_t>(a >> 32) ^ <uint32_t>a


cdef object _str(const uint8_t *p, Py_ssize_t n, bint key=False):
    """The str of the UTF-8 bytes p[:n] (strict), as msgpack's raw=False decodes it; a
    ``key`` interned, as msgpack interns map keys (lookups by identity then)."""
    cdef uint32_t h
    cdef _SEntry *e
    cdef _SEntry *f
    cdef _SEntry spare
    if n > _SC_MAX:
        return PyUnicode_DecodeUTF8(<const char *>p, n, NULL)
    h = _shash(p, n)
    # two ways: the slot and its neighbour; a hit in the neighbour moves to the slot
    e = &_scache[(h ^ (h >> 15)) & (_SC_SIZE - 1)]
    if e.s != NULL and e.n == n and memcmp(e.b, p, n) == 0:
        if key and not _interned(e.s):
            PyUnicode_InternInPlace(&e.s)
        return <object>e.s
    f = &_scache[((h ^ (h >> 15)) & (_SC_SIZE - 1)) ^ 1]
    if f.s != NULL and f.n == n and memcmp(f.b, p, n) == 0:
        spare = e[0]
        e[0] = f[0]
        f[0] = spare
        if key and not _interned(e.s):
            PyUnicode_InternInPlace(&e.s)
        return <object>e.s
    s = PyUnicode_DecodeUTF8(<const char *>p, n, NULL)
    cdef PyObject *kept = <PyObject *>s
    Py_INCREF(s)  # the cache's reference
    if key:
        PyUnicode_InternInPlace(&kept)
    Py_XDECREF(f.s)  # the neighbour's string goes, the slot's moves there
    f[0] = e[0]
    e.s = kept
    e.n = n
    memcpy(e.b, p, n)
    return <object>kept


cdef inline uint16_t _be16(const uint8_t *p) noexcept nogil:
    return (<uint16_t>p[0] << 8) | p[1]


cdef inline uint32_t _be32(const uint8_t *p) noexcept nogil:
    return ((<uint32_t>p[0] << 24) | (<uint32_t>p[1] << 16) | (<uint32_t>p[2] << 8)
            | <uint32_t>p[3])


cdef inline uint64_t _be64(const uint8_t *p) noexcept nogil:
    return (<uint64_t>_be32(p) << 32) | _be32(p + 4)


cdef object _value(const uint8_t *d, Py_ssize_t *at, Py_ssize_t end, int depth):
    """The value at d[at[0]], ``at[0]`` moved past it; raises _Declined."""
    cdef Py_ssize_t pos = at[0]
    cdef Py_ssize_t size, count, i, width
    cdef uint8_t b
    cdef object key, item, out
    if pos >= end:
        raise _Declined
    b = d[pos]
    if b <= 0x7F:
        at[0] = pos + 1
        return PyLong_FromLong(b)
    if b >= 0xE0:
        at[0] = pos + 1
        return PyLong_FromLong(<int8_t>b)
    if b <= 0x8F:
        count = b & 0x0F
        pos += 1
        return _map(d, at, at[0], pos, end, count, depth)
    if b <= 0x9F:
        count = b & 0x0F
        pos += 1
        return _array(d, at, pos, end, count, depth)
    if b <= 0xBF:
        size = b & 0x1F
        pos += 1
        if pos + size > end:
            raise _Declined
        at[0] = pos + size
        return _str(d + pos, size)
    if b == 0xC0:
        at[0] = pos + 1
        return None
    if b == 0xC2:
        at[0] = pos + 1
        return False
    if b == 0xC3:
        at[0] = pos + 1
        return True
    # the fixed-width numbers
    if b == 0xCC or b == 0xD0:
        width = 1
    elif b == 0xCD or b == 0xD1:
        width = 2
    elif b == 0xCA or b == 0xCE or b == 0xD2:
        width = 4
    elif b == 0xCB or b == 0xCF or b == 0xD3:
        width = 8
    else:
        width = 0
    if width:
        if pos + 1 + width > end:
            raise _Declined
        at[0] = pos + 1 + width
        pos += 1
        if b == 0xCC:
            return PyLong_FromLong(d[pos])
        if b == 0xCD:
            return PyLong_FromLong(_be16(d + pos))
        if b == 0xCE:
            return PyLong_FromUnsignedLongLong(_be32(d + pos))
        if b == 0xCF:
            return PyLong_FromUnsignedLongLong(_be64(d + pos))
        if b == 0xD0:
            return PyLong_FromLong(<int8_t>d[pos])
        if b == 0xD1:
            return PyLong_FromLong(<int16_t>_be16(d + pos))
        if b == 0xD2:
            return PyLong_FromLong(<int32_t>_be32(d + pos))
        if b == 0xD3:
            return PyLong_FromLongLong(<int64_t>_be64(d + pos))
        if b == 0xCA:
            return xz_unpack4(d + pos)
        return xz_unpack8(d + pos)
    # the sized ones: str 8/16/32, bin 8/16/32, array 16/32, map 16/32
    if 0xD9 <= b <= 0xDB:
        width = 1 << (b - 0xD9)
    elif 0xC4 <= b <= 0xC6:
        width = 1 << (b - 0xC4)
    elif b == 0xDC or b == 0xDE:
        width = 2
    elif b == 0xDD or b == 0xDF:
        width = 4
    else:  # c1, ext types: the walk has declined them already
        raise _Declined
    if pos + 1 + width > end:
        raise _Declined
    if width == 1:
        size = d[pos + 1]
    elif width == 2:
        size = _be16(d + pos + 1)
    else:
        size = _be32(d + pos + 1)
    pos += 1 + width
    if b == 0xDC or b == 0xDD:
        return _array(d, at, pos, end, size, depth)
    if b == 0xDE or b == 0xDF:
        return _map(d, at, at[0], pos, end, size, depth)
    if size > end - pos:
        raise _Declined
    at[0] = pos + size
    if b >= 0xD9:
        return _str(d + pos, size)
    return PyBytes_FromStringAndSize(<const char *>d + pos, size)


cdef object _array(const uint8_t *d, Py_ssize_t *at, Py_ssize_t pos, Py_ssize_t end,
                   Py_ssize_t count, int depth):
    cdef Py_ssize_t i
    cdef object item
    if depth >= _DEC_DEPTH:
        raise _Deep
    if count > end - pos:  # every item takes a byte at least
        raise _Declined
    out = PyList_New(count)
    at[0] = pos
    for i in range(count):
        item = _value(d, at, end, depth + 1)
        Py_INCREF(item)
        PyList_SET_ITEM(out, i, item)
    return out


cdef bytes _memo_bytes = None  # the bytes of the last flat map of _MEMO_MIN entries or more
cdef object _memo_map = None  # its value, a private copy


cdef object _map(const uint8_t *d, Py_ssize_t *at, Py_ssize_t start, Py_ssize_t pos,
                 Py_ssize_t end, Py_ssize_t count, int depth):
    """The map whose header starts at ``start`` and whose ``count`` pairs at ``pos``.

    A map of _MEMO_MIN pairs or more whose bytes are exactly those of the last such map of
    scalars (the header's rule set, the same in every game of a log) is a copy of that one's
    value: msgpack bytes decode one way, and the copy is a new dict of the same keys and
    values (strs, ints, bools, floats, nil and bytes: immutable), in the same order."""
    global _memo_bytes, _memo_map
    cdef Py_ssize_t i, size, n
    cdef object key, item
    cdef type t
    cdef bint flat = count >= _MEMO_MIN
    if depth >= _DEC_DEPTH:
        raise _Deep
    if count > (end - pos) // 2:  # every pair takes two bytes at least
        raise _Declined
    if flat and _memo_bytes is not None:
        n = PyBytes_GET_SIZE(_memo_bytes)
        if n <= end - start and memcmp(d + start, PyBytes_AS_STRING(_memo_bytes), n) == 0:
            at[0] = start + n
            return PyDict_Copy(_memo_map)
    out = {}  # PyDict_New: a key table for str keys (a presized one takes any key, slower)
    at[0] = pos
    for i in range(count):
        pos = at[0]
        if pos < end and 0xA0 <= d[pos] <= 0xBF:  # a fixstr key (the walk allows no other
            size = d[pos] & 0x1F  # kind but str 8/16/32 and bin)
            if pos + 1 + size > end:
                raise _Declined
            at[0] = pos + 1 + size
            key = _str(d + pos + 1, size, True)
        else:
            key = _value(d, at, end, depth + 1)
        t = type(key)
        if t is not str and t is not bytes:  # strict_map_key (the walk checks it too)
            raise _Declined
        item = _value(d, at, end, depth + 1)
        if flat:
            t = type(item)
            flat = (t is str or t is int or t is bool or item is None or t is float
                    or t is bytes)
        PyDict_SetItem(out, key, item)
    if flat:
        _memo_bytes = PyBytes_FromStringAndSize(<const char *>d + start, at[0] - start)
        _memo_map = PyDict_Copy(out)
    return out


class _Deep(Exception):
    """Internal: the payload nests deeper than _DEC_DEPTH (msgpack decodes it)."""


def _no_ext(code, data):
    raise ValueError(f"msgpack extension type {code} is not used in xzlog")


cdef object _decode(const uint8_t *d, Py_ssize_t first, Py_ssize_t end, object limits):
    """The value of the one msgpack value d[first:end], or raise _Declined."""
    cdef Py_ssize_t at = first
    try:
        value = _value(d, &at, end, 0)
    except _Declined:
        raise
    except _Deep:
        return _decode_deep(PyBytes_FromStringAndSize(<const char *>d + first, end - first),
                            limits)
    except Exception:  # invalid UTF-8, no memory: bad bytes, the slow reader's to report
        raise _Declined from None
    if at != end:
        raise _Declined  # not one whole value (the walk and the decoder disagree)
    return value


cdef object _decode_deep(bytes payload, object limits):
    """A deeply nested payload, decoded by msgpack as the slow reader's unpacker decodes it
    (xzcore.logread: the same options and limits), or raise _Declined."""
    try:
        return msgpack.unpackb(
            payload,
            raw=False,
            use_list=True,
            strict_map_key=True,
            ext_hook=_no_ext,
            max_ext_len=0,
            max_str_len=limits.max_str_len,
            max_bin_len=limits.max_bin_len,
            max_array_len=limits.max_array_len,
            max_map_len=limits.max_map_len,
        )
    except Exception:  # msgpack raises several types; all mean "bad bytes" (ExtraData too)
        raise _Declined from None


# -- the two template event shapes, as copies of prebuilt dicts ----------------------------

cdef list _make_protos():
    """The dicts of every template event but ``left``'s value, at _proto_index."""
    protos = []
    for shape in (1, 2):
        for actor in range(4):
            for tile in _TILE_NAMES:
                for flag in (False, True):
                    if shape == 1:
                        protos.append({_K_TYPE: _S_DAHAI, _K_ACTOR: actor, _K_PAI: tile,
                                       _K_TSUMOGIRI: flag})
                    else:
                        protos.append({_K_TYPE: _S_TSUMO, _K_ACTOR: actor, _K_PAI: tile,
                                       _K_RINSHAN: flag, _K_LEFT: 0})
    return protos


cdef list _PROTOS = _make_protos()


cdef object _template(int shape, const uint8_t *p):
    """The event dict of a payload of template shape ``shape`` (1 or 2, from _shape): equal
    to what the unpacker returns, key order and value types included — a copy of the
    prebuilt one (PyDict_Copy: the key table copied whole), ``left`` set for a tsumo."""
    cdef Py_ssize_t i = (((shape - 1) * 4 + p[18]) * 27 + _tile(p + 24)) * 2
    if shape == 1:
        return PyDict_Copy(_PROTOS[i + (p[36] == 0xC3)])
    ev = PyDict_Copy(_PROTOS[i + (p[34] == 0xC3)])
    PyDict_SetItem(ev, _K_LEFT, PyLong_FromLong(p[40]))
    return ev
