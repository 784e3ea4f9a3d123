# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True, embedsignature=True
"""The compiled game scanner: one whole, well-formed game read in one C pass.

Same names and results as the pure-Python twin ``xzcore.log._scan_twin``; the contract is
in docs/internals.md. One loop over the records of a game (docs/log-format.md L1): each
record's layout is checked byte by byte, its payload's end found by a structural walk of the
msgpack value (iterative, declared sizes checked against the L6 limits before anything is
skipped), its L2 hash computed by BLAKE2b-256 in C straight from the buffer
(``_scan_blake2b.h``, from RFC 7693). Each record is checked against the stored hash of
the record before it — the running hash, if all check — so the one-block records (most of
them) are checked eight at a time, one per 64-bit lane of AVX-512 or AVX2 when the CPU has
them (chosen at import); a bad one found late still declines the game. The two commonest
event payloads (``dahai``, ``tsumo``, about 85% of all records) are matched byte for byte
against templates packed at import from ``xzcore.log.events`` and built as copies of prebuilt dicts; every other payload is decoded
by a ``msgpack.Unpacker`` built with the record stream's options (``xzcore.log.records``;
``_scan_decode.pxi``), from exactly the bytes the walk found, which must be one whole value
(the twin uses ``msgpack.unpackb``: same decoder, same limits), and its event's index is
listed in ``others``.

Everything runs with the GIL held (it builds Python objects); nothing in the loop calls back
into Python code but msgpack.

The module also holds the audit's type-strict equality, :func:`same` and :func:`same_events`
(``_scan_same.pxi``): the twin's ``same`` — ``xzcore.log.types.same`` — in C.
"""

from cpython.buffer cimport PyBUF_SIMPLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcmp, memcpy, memset


__all__ = [
    "MAX_DEPTH",
    "NEED_MORE",
    "ScanResult",
    "blake2b_256",
    "chain_hash",
    "claims_of",
    "same",
    "same_events",
    "scan_game",
]


cdef extern from "_scan_blake2b.h":
    enum: XZ_B2B_LANES
    ctypedef struct xz_b2b_batch:
        int n
    void xz_b2b256_two(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                       uint8_t *out) noexcept nogil
    void xz_b2b256_chain(const uint8_t *prev, const uint8_t *body, size_t len,
                         uint8_t *out) noexcept nogil
    void xz_b2b_batch_add(xz_b2b_batch *bt, const uint8_t *prev, const uint8_t *body,
                          size_t len, const uint8_t *want) noexcept nogil
    int xz_b2b_batch_check(xz_b2b_batch *bt, int kind) noexcept nogil
    int xz_b2b_lanes_supported() noexcept nogil


cdef int _LANES_BEST = xz_b2b_lanes_supported()  # 2 AVX-512, 1 AVX2, 0 one lane at a time
cdef int _lanes = _LANES_BEST  # the kernel in use (tests try each)


NEED_MORE = 0
"""The game is not all in ``data`` yet, and nothing seen so far is bad: read more, retry."""

ScanResult = tuple
"""``(end, header, events, offsets, claims, claims_at, close, close_at, final, last,
bodies, others)``: see docs/internals.md."""

MAX_DEPTH = 1023
"""Deepest nesting of arrays and maps a payload may have (as in the twin): msgpack's decoder
holds 1,024 open containers, and the record's own array is one of them."""

cdef enum:
    _NEED = -1  # _payload_end: data ends first
    _BAD = -2  # _payload_end: declined
    _DEPTH = 1023
    _TAIL = 34  # c4 20 and the 32 hash bytes after every payload (L1, L2)
    _HASH = 32

cdef Py_ssize_t _BIG = (<Py_ssize_t>1) << 62


cdef struct Lim:
    Py_ssize_t record  # max_record_bytes
    Py_ssize_t str_cap  # min(max_str_len, max_record_bytes)
    Py_ssize_t bin_cap
    Py_ssize_t array
    Py_ssize_t map
    Py_ssize_t events
    Py_ssize_t game
    bint templates  # the limits let the two template shapes decode


cdef Py_ssize_t _clamp(object value) except? -3:
    """A limit as a C integer: values past 2**62 act as no limit, negative ones as -1 (both
    compare with sizes and counts exactly as the Python integers do)."""
    if value > _BIG:
        return _BIG
    if value < 0:
        return -1
    return value


cdef inline bint _is_key(uint8_t b) noexcept nogil:
    # L1: map keys are strings (strict_map_key admits bin too): fixstr, str 8/16/32, bin.
    return (0xA0 <= b <= 0xBF) or b == 0xD9 or b == 0xDA or b == 0xDB or (0xC4 <= b <= 0xC6)


cdef Py_ssize_t _payload_end(const uint8_t *d, Py_ssize_t n, Py_ssize_t pos,
                             Py_ssize_t rec_start, const Lim *lim) noexcept nogil:
    """Where the msgpack value at ``d[pos]`` ends, or _NEED / _BAD: the twin's
    ``_payload_end``, check for check and in the same order."""
    cdef uint64_t stack[_DEPTH]  # per open container: items left << 1 | is a map
    cdef int depth = 0
    cdef uint8_t b
    cdef Py_ssize_t count, size
    cdef int width, is_map, kind  # kind: 0 str, 1 bin, 2 array, 3 map
    cdef uint64_t top
    while True:
        if pos + _TAIL - rec_start > lim.record:
            return _BAD
        if pos >= n:
            return _NEED
        b = d[pos]
        if depth:
            top = stack[depth - 1]
            if (top & 1) and ((top >> 1) & 1) == 0 and not _is_key(b):
                return _BAD
        count = -1
        is_map = 0
        if b <= 0x7F or b >= 0xE0:  # positive / negative fixint
            pos += 1
        elif b <= 0x8F:  # fixmap 80-8f
            count = b & 0x0F
            is_map = 1
            if count > lim.map:
                return _BAD
            pos += 1
        elif b <= 0x9F:  # fixarray 90-9f
            count = b & 0x0F
            if count > lim.array:
                return _BAD
            pos += 1
        elif b <= 0xBF:  # fixstr a0-bf
            size = b & 0x1F
            if size > lim.str_cap:
                return _BAD
            pos += 1 + size
        elif b == 0xC0 or b == 0xC2 or b == 0xC3:  # nil, false, true
            pos += 1
        elif b == 0xCC or b == 0xD0:
            pos += 2
        elif b == 0xCD or b == 0xD1:
            pos += 3
        elif b == 0xCA or b == 0xCE or b == 0xD2:
            pos += 5
        elif b == 0xCB or b == 0xCF or b == 0xD3:
            pos += 9
        else:
            if b == 0xC4 or b == 0xC5 or b == 0xC6:
                kind = 1
                width = 1 << (b - 0xC4)
            elif b == 0xD9 or b == 0xDA or b == 0xDB:
                kind = 0
                width = 1 << (b - 0xD9)
            elif b == 0xDC or b == 0xDD:
                kind = 2
                width = 2 << (b - 0xDC)
            elif b == 0xDE or b == 0xDF:
                kind = 3
                width = 2 << (b - 0xDE)
            else:  # an extension type (c7-c9, d4-d8) or c1: not in xzlog (L1)
                return _BAD
            if pos + 1 + width > n:
                return _NEED
            if width == 1:
                size = d[pos + 1]
            elif width == 2:
                size = (<Py_ssize_t>d[pos + 1] << 8) | d[pos + 2]
            else:
                size = ((<Py_ssize_t>d[pos + 1] << 24) | (<Py_ssize_t>d[pos + 2] << 16)
                        | (<Py_ssize_t>d[pos + 3] << 8) | d[pos + 4])
            pos += 1 + width
            if kind == 0:
                if size > lim.str_cap:
                    return _BAD
                pos += size
            elif kind == 1:
                if size > lim.bin_cap:
                    return _BAD
                pos += size
            elif kind == 2:
                if size > lim.array:
                    return _BAD
                count = size
            else:
                if size > lim.map:
                    return _BAD
                count = size
                is_map = 1
        if count >= 0:
            if depth + 1 > _DEPTH:
                return _BAD
            if count > 0:
                stack[depth] = ((<uint64_t>count << is_map) << 1) | <uint64_t>is_map
                depth += 1
                continue
        # A value is complete: count it off its container(s).
        while depth:
            stack[depth - 1] -= 2
            if stack[depth - 1] >> 1:
                break
            depth -= 1
        if depth == 0:
            if pos + _TAIL - rec_start > lim.record:
                return _BAD
            return pos


# -- the two template event shapes -----------------------------------------------------------

# A dahai or a tsumo exactly as the log writer packs the dicts of xzcore.log.events: the bytes
# around the values are those of the packed template (events.packed), the values an actor
# 0-3 (one positive fixint), a suited tile (fixstr a2, then its two letters, one of NAMES),
# bools (c2/c3) and a tsumo's ``left`` (one positive fixint). All taken here at import.

from xzcore.log.events import event as _event, packed as _packed
from xzcore.tiles import NAMES as _TILE_NAMES

cdef bytes _DAHAI_T, _TSUMO_T  # the packed templates (the values in them are placeholders)
cdef const uint8_t *_DT
cdef const uint8_t *_TT
# where the values start: actor, pai (its a2), the bool; a tsumo's left; the lengths
cdef Py_ssize_t _D_ACTOR, _D_PAI, _D_FLAG, _T_ACTOR, _T_PAI, _T_FLAG, _T_LEFT
cdef Py_ssize_t _DAHAI_LEN, _TSUMO_LEN, _TEMPLATE_MAP, _TEMPLATE_STR
cdef signed char _RANK_OF[256]  # a tile name's first byte -> its row in _KIND_OF, or -1
cdef signed char _SUIT_OF[256]  # a tile name's second byte -> its column, or -1
cdef signed char _KIND_OF[16][16]  # -> the kind (index in NAMES), or -1


cdef _layout():
    """Read the templates' bytes and value offsets from events.packed, checking that every
    value the scan accepts packs as the one-byte or three-byte value it matches."""
    global _DAHAI_T, _TSUMO_T, _DT, _TT, _D_ACTOR, _D_PAI, _D_FLAG
    global _T_ACTOR, _T_PAI, _T_FLAG, _T_LEFT, _DAHAI_LEN, _TSUMO_LEN
    global _TEMPLATE_MAP, _TEMPLATE_STR
    dahai, d = _packed(_event("dahai", actor=0, pai=_TILE_NAMES[0], tsumogiri=False))
    tsumo, t = _packed(_event("tsumo", actor=0, pai=_TILE_NAMES[0], rinshan=False, left=0))
    _DAHAI_T, _TSUMO_T = dahai, tsumo
    _DT = <const uint8_t *>PyBytes_AS_STRING(_DAHAI_T)
    _TT = <const uint8_t *>PyBytes_AS_STRING(_TSUMO_T)
    _D_ACTOR, _D_PAI, _D_FLAG = d["actor"], d["pai"], d["tsumogiri"]
    _T_ACTOR, _T_PAI, _T_FLAG, _T_LEFT = t["actor"], t["pai"], t["rinshan"], t["left"]
    _DAHAI_LEN, _TSUMO_LEN = len(dahai), len(tsumo)
    assert list(d) == ["type", "actor", "pai", "tsumogiri"] and _DAHAI_LEN == _D_FLAG + 1
    assert list(t) == ["type", "actor", "pai", "rinshan", "left"] and _TSUMO_LEN == _T_LEFT + 1
    assert _D_ACTOR == _T_ACTOR and _D_PAI == _T_PAI and dahai[:_D_ACTOR] != tsumo[:_T_ACTOR]
    assert all(_packed({"v": v})[0][3:] == bytes([v]) for v in range(128))  # actor, left
    assert _packed({"v": False})[0][3:] == b"\xc2" and _packed({"v": True})[0][3:] == b"\xc3"
    _TEMPLATE_MAP = max(len(d), len(t))
    _TEMPLATE_STR = max(len(x) for x in (*d, *t, "dahai", "tsumo", *_TILE_NAMES))
    memset(_RANK_OF, -1, 256)
    memset(_SUIT_OF, -1, 256)
    memset(_KIND_OF, -1, 256)
    rows, cols = [], []
    for k, name in enumerate(_TILE_NAMES):
        raw = name.encode()
        assert _packed({"v": name})[0][3:] == b"\xa2" + raw  # fixstr of two ASCII letters
        if raw[0] not in rows:
            rows.append(raw[0])
        if raw[1] not in cols:
            cols.append(raw[1])
        _RANK_OF[raw[0]], _SUIT_OF[raw[1]] = rows.index(raw[0]), cols.index(raw[1])
        _KIND_OF[rows.index(raw[0])][cols.index(raw[1])] = k
    assert len(rows) <= 16 and len(cols) <= 16 and len(rows) * len(cols) == len(_TILE_NAMES)


_layout()
cdef Py_ssize_t _N_TILES = len(_TILE_NAMES)
cdef str _K_TYPE = "type"  # for claims_of (_scan_claims.pxi)
cdef str _K_ACTOR = "actor"


cdef inline int _tile(const uint8_t *p) noexcept nogil:
    """Index in NAMES of the two letters at ``p``, or -1."""
    cdef int row = _RANK_OF[p[0]], col = _SUIT_OF[p[1]]
    if row < 0 or col < 0:
        return -1
    return _KIND_OF[row][col]


cdef inline bint _is_bool(uint8_t b) noexcept nogil:
    return b == 0xC2 or b == 0xC3


cdef inline bint _equal(const uint8_t *p, const uint8_t *t, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    """``p[a:b] == t[a:b]``."""
    return memcmp(p + a, t + a, b - a) == 0


cdef int _shape(const uint8_t *p, Py_ssize_t avail) noexcept nogil:
    """Which template shape the payload at ``p`` is exactly (``avail`` bytes at hand): 1
    dahai, 2 tsumo, 0 neither. A template payload is one whole msgpack map of
    ``_DAHAI_LEN`` or ``_TSUMO_LEN`` bytes; any other bytes at ``p`` are not one (the walk
    decides where they end)."""
    if avail >= _DAHAI_LEN and _equal(p, _DT, 0, _D_ACTOR):
        if (p[_D_ACTOR] <= 3 and _equal(p, _DT, _D_ACTOR + 1, _D_PAI + 1)
                and _equal(p, _DT, _D_PAI + 3, _D_FLAG) and _is_bool(p[_D_FLAG])
                and _tile(p + _D_PAI + 1) >= 0):
            return 1
        return 0
    if avail >= _TSUMO_LEN and _equal(p, _TT, 0, _T_ACTOR):
        if (p[_T_ACTOR] <= 3 and _equal(p, _TT, _T_ACTOR + 1, _T_PAI + 1)
                and _equal(p, _TT, _T_PAI + 3, _T_FLAG) and _is_bool(p[_T_FLAG])
                and _equal(p, _TT, _T_FLAG + 1, _T_LEFT) and p[_T_LEFT] <= 0x7F
                and _tile(p + _T_PAI + 1) >= 0):
            return 2
    return 0


# -- decoding everything else ----------------------------------------------------------------

class _Declined(Exception):
    """Internal: the game is not handled (scan_game returns None)."""


include "_scan_decode.pxi"


# -- the scan ---------------------------------------------------------------------------------

cdef Py_ssize_t _check_hash(const uint8_t *d, Py_ssize_t n, Py_ssize_t rec_start,
                            Py_ssize_t end, const uint8_t *prev,
                            xz_b2b_batch *batch) noexcept nogil:
    """After a payload ending at ``end``: check the ``c4 20`` hash header, then that the stored
    hash is BLAKE2b-256(prev ‖ record bytes before it) (L2), ``prev`` being the stored hash of
    the record before (or the game's ``prev``). Returns ``end``, or _NEED / _BAD (the twin's
    ``_Game.record``, in the same order). A one-block record is only queued in ``batch``:
    its check is done with seven others (or by the final batch check) and may fail later."""
    cdef uint8_t out[_HASH]
    cdef size_t size = <size_t>(end - rec_start)
    if end < n and d[end] != 0xC4:
        return _BAD
    if end + 1 < n and d[end + 1] != _HASH:
        return _BAD
    if end + _TAIL > n:
        return _NEED
    if size <= 128 - _HASH:
        xz_b2b_batch_add(batch, prev, d + rec_start, size, d + end + 2)
        if batch.n == XZ_B2B_LANES and not xz_b2b_batch_check(batch, _lanes):
            return _BAD
        return end
    xz_b2b256_chain(prev, d + rec_start, size, out)
    if memcmp(out, d + end + 2, _HASH) != 0:
        return _BAD
    return end


cdef inline Py_ssize_t _record(const uint8_t *d, Py_ssize_t n, Py_ssize_t rec_start,
                               const Lim *lim, const uint8_t *prev,
                               xz_b2b_batch *batch) noexcept nogil:
    """A record whose payload is walked (not a template): its payload's end, _NEED or _BAD."""
    cdef Py_ssize_t end = _payload_end(d, n, rec_start + 2, rec_start, lim)
    if end < 0:
        return end
    return _check_hash(d, n, rec_start, end, prev, batch)


cdef object _stop(Py_ssize_t why, xz_b2b_batch *batch):
    """What scan_game returns when a record cannot be read (``why``: _NEED or _BAD):
    NEED_MORE only if every hash queued so far checks — as the twin, which checks each record
    as it reads it, would have returned None at a bad one."""
    if why == _NEED and xz_b2b_batch_check(batch, _lanes):
        return NEED_MORE
    return None


cdef inline Py_ssize_t _tag(const uint8_t *d, Py_ssize_t n, Py_ssize_t pos) noexcept nogil:
    """The tag byte of the record at ``pos`` (L1: opener 93, then the tag), _NEED or _BAD."""
    if pos >= n:
        return _NEED
    if d[pos] != 0x93:
        return _BAD
    if pos + 1 >= n:
        return _NEED
    return d[pos + 1]


def scan_game(object data not None, Py_ssize_t start, Py_ssize_t base, bytes prev not None,
              limits):
    """Read the game whose header record starts at ``data[start]``: a tuple when it is all
    there and checks, NEED_MORE when ``data`` ends first, else None (the full contract is in
    docs/internals.md). ``data``: bytes, or a bytearray or memoryview (held, so not
    resized, for the call)."""
    cdef Py_buffer view
    if type(data) is bytes:
        return _scan_game(<const uint8_t *>PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data),
                          start, base, prev, limits)
    if type(data) is not bytearray and type(data) is not memoryview:
        raise TypeError(f"data must be bytes, bytearray or memoryview, not {type(data).__name__}")
    PyObject_GetBuffer(data, &view, PyBUF_SIMPLE)  # C-contiguous, read as bytes
    try:
        return _scan_game(<const uint8_t *>view.buf, view.len, start, base, prev, limits)
    finally:
        PyBuffer_Release(&view)


cdef object _scan_game(const uint8_t *d, Py_ssize_t n, Py_ssize_t start, Py_ssize_t base,
                       bytes prev, object limits):
    """scan_game over the ``n`` bytes at ``d``."""
    if not 0 <= start <= n:
        raise ValueError(f"start {start} is outside data (length {n})")
    if PyBytes_GET_SIZE(prev) != _HASH:
        raise ValueError("prev must be 32 bytes")
    for value in (limits.max_str_len, limits.max_bin_len, limits.max_array_len,
                  limits.max_map_len):
        if not 0 <= value <= _BIG:
            return None  # unpackb would read a negative limit as "derive one" (the twin too)
    if limits.max_array_len < 3 or limits.max_bin_len < _HASH:
        return None  # the limits reject [tag, payload, hash] itself
    cdef Lim lim
    lim.record = _clamp(limits.max_record_bytes)
    lim.str_cap = min(_clamp(limits.max_str_len), lim.record)
    lim.bin_cap = min(_clamp(limits.max_bin_len), lim.record)
    lim.array = _clamp(limits.max_array_len)
    lim.map = _clamp(limits.max_map_len)
    lim.events = _clamp(limits.max_events)
    lim.game = _clamp(limits.max_game_bytes)
    lim.templates = lim.map >= _TEMPLATE_MAP and lim.str_cap >= _TEMPLATE_STR
    # the L2 chain: each record checked against the stored hash of the one before (see
    # _scan_blake2b.h: if all check, that is the running hash at every step)
    cdef const uint8_t *chained = <const uint8_t *>PyBytes_AS_STRING(prev)
    cdef xz_b2b_batch batch
    batch.n = 0
    cdef Py_ssize_t *spans = NULL  # per event: payload start, payload end
    cdef Py_ssize_t *grown
    cdef Py_ssize_t cap = 0, n_events = 0, pos = start, rec_start, end, tag, total, i
    cdef object event
    cdef _Decoder decoder = _Decoder(limits)
    cdef list events = [], offsets = [], others = []
    cdef int shape
    cdef bytes bodies, final
    cdef char *out
    try:
        # the header (tag 0, L4)
        tag = _tag(d, n, pos)
        if tag != 0:
            return _stop(tag if tag < 0 else _BAD, &batch)
        end = _record(d, n, pos, &lim, chained, &batch)
        if end < 0:
            return _stop(end, &batch)
        chained = d + end + 2
        header = decoder.decode(d, pos + 2, end)
        if type(header) is not dict or header.get("prev") != prev:
            return None  # L4, L2
        pos = end + _TAIL
        # the events (tag 1, L5), then the claims record (tag 2)
        while True:
            rec_start = pos
            tag = _tag(d, n, pos)
            if tag == 2:
                break
            if tag != 1:
                return _stop(tag if tag < 0 else _BAD, &batch)
            if n_events >= lim.events or rec_start - start > lim.game:
                return None  # L6
            shape = _shape(d + pos + 2, n - pos - 2)
            if shape and lim.templates:
                end = pos + 2 + (_DAHAI_LEN if shape == 1 else _TSUMO_LEN)
                end = _BAD if end + _TAIL - pos > lim.record else _check_hash(
                    d, n, pos, end, chained, &batch)
            else:
                end = _record(d, n, pos, &lim, chained, &batch)
            if end < 0:
                return _stop(end, &batch)
            chained = d + end + 2
            if shape and lim.templates:
                event = _template(shape, d + pos + 2)
            else:
                event = decoder.decode(d, pos + 2, end)
            if not shape:
                others.append(n_events)
            events.append(event)
            offsets.append(base + rec_start)
            if n_events == cap:
                cap = cap * 2 if cap else 256
                grown = <Py_ssize_t *>PyMem_Realloc(spans, 2 * cap * sizeof(Py_ssize_t))
                if grown is NULL:
                    raise MemoryError
                spans = grown
            spans[2 * n_events] = pos + 2
            spans[2 * n_events + 1] = end
            n_events += 1
            pos = end + _TAIL
        claims_at = base + pos
        end = _record(d, n, pos, &lim, chained, &batch)
        if end < 0:
            return _stop(end, &batch)
        chained = d + end + 2
        claims = decoder.decode(d, pos + 2, end)
        if type(claims) is not dict:
            return None  # L5
        final = PyBytes_FromStringAndSize(<const char *>chained, _HASH)
        pos = end + _TAIL
        # the closing record (tag 3, L2, L3)
        close_at = base + pos
        tag = _tag(d, n, pos)
        if tag != 3:
            return _stop(tag if tag < 0 else _BAD, &batch)
        end = _record(d, n, pos, &lim, chained, &batch)
        if end < 0:
            return _stop(end, &batch)
        chained = d + end + 2
        close = decoder.decode(d, pos + 2, end)
        if type(close) is not dict:
            return None  # L2
        if not xz_b2b_batch_check(&batch, _lanes):
            return None  # L2: a queued record's hash does not check
        pos = end + _TAIL
        total = 0
        for i in range(n_events):
            total += spans[2 * i + 1] - spans[2 * i]
        bodies = PyBytes_FromStringAndSize(NULL, total)
        out = PyBytes_AS_STRING(bodies)
        for i in range(n_events):
            memcpy(out, d + spans[2 * i], spans[2 * i + 1] - spans[2 * i])
            out += spans[2 * i + 1] - spans[2 * i]
        return (pos, header, events, offsets, claims, claims_at, close, close_at, final,
                PyBytes_FromStringAndSize(<const char *>chained, _HASH), bodies, others)
    except _Declined:
        return None
    finally:
        PyMem_Free(spans)


# -- the hash functions for tests (blake2b_256, chain_hash, _use_lanes, _check_batch) --------

include "_scan_hash.pxi"


# -- the audit's type-strict equality (same, same_events) -------------------------------------

include "_scan_same.pxi"


# -- the claims record of an event stream (claims_of, L5) ---------------------------------------

include "_scan_claims.pxi"
