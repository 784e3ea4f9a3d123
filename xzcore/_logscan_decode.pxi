# Included by _logscan.pyx: the payload decoder for what xzlog holds (L1).
#
# _decode_fast(d, first, end) builds the value of the msgpack bytes d[first:end] — a payload
# the walk (_payload_end) has already measured and checked against the limits (L6) — with
# the very calls msgpack's unpacker makes for it (raw=False, use_list=True, strict_map_key):
# PyLong from the integer formats, None/False/True, PyUnicode_DecodeUTF8 for str, bytes for
# bin, a list per array, a dict per map filled by PyDict_SetItem in order (so a repeated key
# keeps its first place and its last value, as in msgpack), each str key interned. The keys
# come from a small cache of interned keys (a key is one of a few dozen words in xzlog):
# no decoding, hashing or interning again.
#
# It answers _NOPE — "not handled", nothing built — for anything else: floats (msgpack has
# its own float32 conversion), bytes that do not decode as UTF-8 (msgpack then raises, and
# the game is declined), nesting past _FAST_DEPTH, or a value that does not end exactly at
# ``end``. The caller then decodes the payload with msgpack, as before.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint16_t, uint32_t


cdef extern from *:
    """
    /* Interned str keys by their UTF-8 bytes (ASCII keys of up to 64 bytes only). */
    static PyObject *xz_key_cache[512];

    /* The interned str of the UTF-8 key p[0:n], a new reference; NULL with UnicodeDecodeError
       (or MemoryError) set when it does not decode. */
    static PyObject *xz_key(const unsigned char *p, Py_ssize_t n) {
        uint32_t h = 2166136261u;
        unsigned char high = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            h = (h ^ p[i]) * 16777619u;
            high |= p[i];
        }
        int cached = high < 0x80 && n <= 64;
        PyObject **slot = &xz_key_cache[(h ^ (h >> 16)) & 511];
        PyObject *k = *slot;
        if (cached && k != NULL && PyUnicode_GET_LENGTH(k) == n
                && memcmp(PyUnicode_DATA(k), p, (size_t)n) == 0) {
            Py_INCREF(k);
            return k;
        }
        k = PyUnicode_DecodeUTF8((const char *)p, n, NULL);
        if (k == NULL)
            return NULL;
        PyUnicode_InternInPlace(&k);
        if (cached && PyUnicode_IS_COMPACT_ASCII(k)) {
            Py_INCREF(k);
            Py_XSETREF(*slot, k);
        }
        return k;
    }
    """
    object xz_key(const uint8_t *p, Py_ssize_t n)


cdef enum:
    _FAST_DEPTH = 64  # deeper values are msgpack's to build

cdef object _NOPE = object()  # _value: not handled


cdef inline uint16_t _be16(const uint8_t *p) noexcept nogil:
    return (<uint16_t>p[0] << 8) | p[1]


cdef inline uint32_t _be32(const uint8_t *p) noexcept nogil:
    return (<uint32_t>p[0] << 24) | (<uint32_t>p[1] << 16) | (<uint32_t>p[2] << 8) | p[3]


cdef inline uint64_t _be64(const uint8_t *p) noexcept nogil:
    return (<uint64_t>_be32(p) << 32) | _be32(p + 4)


cdef object _value(const uint8_t *d, Py_ssize_t *at, Py_ssize_t end, int depth):
    """The value at ``d[at[0]]`` (``at[0]`` moved past it), or _NOPE; never past ``end``."""
    cdef Py_ssize_t pos = at[0], size, count, i
    cdef uint8_t b
    cdef int width, kind  # kind: 0 str, 1 bin, 2 array, 3 map
    cdef list items
    cdef dict mapping
    cdef object key, item
    if pos >= end:
        return _NOPE
    b = d[pos]
    if b <= 0x7F:
        at[0] = pos + 1
        return <long>b
    if b >= 0xE0:
        at[0] = pos + 1
        return <long><int8_t>b
    if b <= 0x8F:
        kind, size, pos = 3, b & 0x0F, pos + 1
    elif b <= 0x9F:
        kind, size, pos = 2, b & 0x0F, pos + 1
    elif b <= 0xBF:
        kind, size, pos = 0, b & 0x1F, pos + 1
    elif b == 0xC0:
        at[0] = pos + 1
        return None
    elif b == 0xC2 or b == 0xC3:
        at[0] = pos + 1
        return b == 0xC3
    elif 0xCC <= b <= 0xD3:  # uint 8/16/32/64, int 8/16/32/64
        width = 1 << ((b - 0xCC) & 3)
        if pos + 1 + width > end:
            return _NOPE
        at[0] = pos + 1 + width
        if b == 0xCC:
            return <long>d[pos + 1]
        if b == 0xCD:
            return <long>_be16(d + pos + 1)
        if b == 0xCE:
            return <long long>_be32(d + pos + 1)
        if b == 0xCF:
            return _be64(d + pos + 1)  # unsigned long long
        if b == 0xD0:
            return <long><int8_t>d[pos + 1]
        if b == 0xD1:
            return <long><int16_t>_be16(d + pos + 1)
        if b == 0xD2:
            return <long><int32_t>_be32(d + pos + 1)
        return <long long><int64_t>_be64(d + pos + 1)
    else:
        if b == 0xD9 or b == 0xDA or b == 0xDB:
            kind, width = 0, 1 << (b - 0xD9)
        elif b == 0xC4 or b == 0xC5 or b == 0xC6:
            kind, width = 1, 1 << (b - 0xC4)
        elif b == 0xDC or b == 0xDD:
            kind, width = 2, 2 << (b - 0xDC)
        elif b == 0xDE or b == 0xDF:
            kind, width = 3, 2 << (b - 0xDE)
        else:  # floats (and what the walk declines: ext types, c1)
            return _NOPE
        if pos + 1 + width > end:
            return _NOPE
        size = (d[pos + 1] if width == 1 else _be16(d + pos + 1) if width == 2
                else _be32(d + pos + 1))
        pos += 1 + width
    if kind <= 1:  # str, bin
        if size > end - pos:
            return _NOPE
        at[0] = pos + size
        if kind == 1:
            return PyBytes_FromStringAndSize(<const char *>d + pos, size)
        try:
            return PyUnicode_DecodeUTF8(<char *>d + pos, size, NULL)
        except UnicodeDecodeError:
            return _NOPE  # msgpack raises too: it says so, and the game is declined
    if depth >= _FAST_DEPTH or size > end - pos:  # each item takes a byte at least
        return _NOPE
    at[0] = pos
    if kind == 2:
        items = PyList_New(size)
        for i in range(size):
            item = _value(d, at, end, depth + 1)
            if item is _NOPE:
                return _NOPE
            Py_INCREF(item)
            PyList_SET_ITEM(items, i, item)
        return items
    mapping = {}
    for i in range(size):
        key = _key(d, at, end)
        if key is _NOPE:
            return _NOPE
        item = _value(d, at, end, depth + 1)
        if item is _NOPE:
            return _NOPE
        mapping[key] = item
    return mapping


cdef object _key(const uint8_t *d, Py_ssize_t *at, Py_ssize_t end):
    """A map key (L1: str, or bin under strict_map_key) at ``d[at[0]]``, or _NOPE."""
    cdef Py_ssize_t pos = at[0], size
    cdef uint8_t b
    if pos >= end:
        return _NOPE
    b = d[pos]
    if 0xA0 <= b <= 0xBF:
        size, pos = b & 0x1F, pos + 1
    elif b == 0xD9 and pos + 2 <= end:
        size, pos = d[pos + 1], pos + 2
    else:  # longer keys, bin keys: msgpack's
        return _NOPE
    if size > end - pos:
        return _NOPE
    at[0] = pos + size
    try:
        return xz_key(d + pos, size)
    except UnicodeDecodeError:
        return _NOPE


cdef object _decode_fast(const uint8_t *d, Py_ssize_t first, Py_ssize_t end):
    """The value of the payload ``d[first:end]``, built as msgpack builds it, or _NOPE."""
    cdef Py_ssize_t at = first
    cdef object value = _value(d, &at, end, 0)
    if value is _NOPE or at != end:
        return _NOPE
    return value


def _decode_payload(bytes payload not None):
    """For tests: ``(True, value)`` when the fast decoder builds the value of the msgpack
    bytes ``payload`` (all of them), ``(False, None)`` when it leaves them to msgpack."""
    cdef const uint8_t *d = <const uint8_t *>PyBytes_AS_STRING(payload)
    value = _decode_fast(d, 0, PyBytes_GET_SIZE(payload))
    return (False, None) if value is _NOPE else (True, value)
