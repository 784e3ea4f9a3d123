# The 查叫 value kernel, compiled (included by _core.pyx): pattern + 根 fan of a win and the
# best / worst over the waits of a ready hand (R8.1-R8.4, R10.2). Signatures and meaning: see
# xzcore/kernel/_core_twin_value.py. Every shape is read from the per-suit shape bits (a property
# holds for some split of the hand exactly when it holds for some split of every suit), its fan
# from the pattern table of xzcore.kernel.patterns.

from libc.stdint cimport uint16_t

cdef enum:
    INFO_ALL_YAOJIU = 512
    INFO_ALL_258 = 1024
    INFO_LIMIT = 2048


cdef inline int _imax(int a, int b) noexcept nogil:
    return a if a > b else b


# The fan of a shape before its 根, read from the one table (xzcore.kernel.patterns.shape_fan)
# at import, by seven pairs | 龙 << 1 | no sequence << 2 | a 1 or 9 in every set << 3
# | one suit << 4 | 2/5/8 only << 5 | 金钩钓 << 6 | 十八罗汉 << 7 | flags << 8 (-1: no shape).
cdef enum:
    SH_SEVEN = 1
    SH_LONG = 2
    SH_DUIDUI = 4
    SH_YAOJIU = 8
    SH_ONE_SUIT = 16
    SH_JIANG = 32
    SH_JINGOU = 64
    SH_LUOHAN = 128
    SH_KEYS = 1024

cdef int8_t _SHAPE_FAN[SH_KEYS]


cdef int _read_pattern_table() except -1:
    cdef int key
    from xzcore.kernel.patterns import Shape, shape_fan

    for key in range(SH_KEYS):
        _SHAPE_FAN[key] = -1
        if key & SH_SEVEN:
            if key & (SH_DUIDUI | SH_YAOJIU | SH_JIANG | SH_JINGOU | SH_LUOHAN):
                continue  # seven pairs reads 龙 and one suit only
        elif key & SH_LONG:
            continue
        shape = Shape(*[bool(key >> bit & 1) for bit in range(8)])
        _SHAPE_FAN[key] = shape_fan(shape, bool(key >> 8 & 1), bool(key >> 9 & 1))
    return 0


_read_pattern_table()


cdef int _value3(uint32_t e0, uint32_t e1, uint32_t e2, int info, int flags, int gen,
                 int size) noexcept nogil:
    """Fan of a winning hand from its _win_entry of each suit (R4.4 already checked); -1 if no win."""
    cdef int melds = info & 7
    cdef int gangs = (info >> 3) & 7
    cdef int suits = (info >> 6) & 7
    cdef uint32_t every = e0 & e1 & e2
    cdef uint32_t a = e0 & 3, b = e1 & 3, c = e2 & 3
    cdef bint std = a != 0 and b != 0 and c != 0 and a + b + c == 4
    cdef bint qidui = melds == 0 and size == 14 and (every & SUIT_EVEN) != 0
    cdef bint melds19 = melds == 0 or (info & INFO_ALL_YAOJIU) != 0
    cdef bint melds258 = melds == 0 or (info & INFO_ALL_258) != 0
    cdef bint trip = std and (every & SUIT_TRIPLETS) != 0
    cdef bint yaojiu = std and (every & SUIT_YAOJIU) != 0 and melds19
    cdef bint only258 = (every & SUIT_ONLY_258) != 0 and melds258
    cdef bint only19 = (every & SUIT_ONLY_19) != 0 and melds19
    cdef int key, best = -1
    if not std and not qidui:
        return -1
    if _nonempty(e0):
        suits |= 1
    if _nonempty(e1):
        suits |= 2
    if _nonempty(e2):
        suits |= 4
    key = (flags & 3) << 8
    if suits == 1 or suits == 2 or suits == 4:
        key |= SH_ONE_SUIT  # 清一色, melds included
    if std:
        key |= (SH_JIANG if only258 else 0) | (SH_JINGOU if melds == 4 else 0)
        key |= SH_LUOHAN if gangs == 4 else 0
        if trip and yaojiu and not only19:
            # Each property holds for some split, but no split has both: the all-triplet
            # split holds a 1 or 9 in every set exactly when every tile is a 1 or a 9.
            best = _imax(_SHAPE_FAN[key | SH_DUIDUI], _SHAPE_FAN[key | SH_YAOJIU])
        else:
            best = _SHAPE_FAN[key | (SH_DUIDUI if trip else 0) | (SH_YAOJIU if yaojiu else 0)]
    if qidui:
        key = (key & ~(SH_JIANG | SH_JINGOU | SH_LUOHAN)) | SH_SEVEN
        if (e0 | e1 | e2) & SUIT_HAS_FOUR:
            key |= SH_LONG
        best = _imax(best, _SHAPE_FAN[key])
    return best + gen


cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil


cdef extern from *:
    """
    #include <stdint.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* One pass over `held` (27 counts) against the concealed counts `p`: kinds held four
       and three times, tiles beyond the concealed ones, and whether any count is above 4 or
       below the concealed count. SSE2: two overlapping 16-byte loads (bytes 0-15, 11-26)
       stay inside the 27 bytes. */
    typedef struct { uint32_t fours; uint32_t threes; int extra; int bad; } xz_held_scan;
    static inline void xz_scan_held(const uint8_t* p, const uint8_t* h, xz_held_scan* s) {
    #if defined(__SSE2__)
        const __m128i four = _mm_set1_epi8(4), three = _mm_set1_epi8(3);
        const __m128i zero = _mm_setzero_si128();
        const __m128i tail = _mm_setr_epi8(0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        __m128i h0 = _mm_loadu_si128((const __m128i*) h);
        __m128i h1 = _mm_loadu_si128((const __m128i*) (h + 11));
        __m128i p0 = _mm_loadu_si128((const __m128i*) p);
        __m128i p1 = _mm_loadu_si128((const __m128i*) (p + 11));
        __m128i ok0 = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(h0, four), four),
                                    _mm_cmpeq_epi8(_mm_max_epu8(h0, p0), h0));
        __m128i ok1 = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(h1, four), four),
                                    _mm_cmpeq_epi8(_mm_max_epu8(h1, p1), h1));
        __m128i sh = _mm_add_epi64(_mm_sad_epu8(h0, zero), _mm_sad_epu8(_mm_and_si128(h1, tail), zero));
        __m128i sp = _mm_add_epi64(_mm_sad_epu8(p0, zero), _mm_sad_epu8(_mm_and_si128(p1, tail), zero));
        s->fours = (uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(h0, four))
                   | ((uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(h1, four)) << 11);
        s->threes = (uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(h0, three))
                    | ((uint32_t) _mm_movemask_epi8(_mm_cmpeq_epi8(h1, three)) << 11);
        s->bad = (_mm_movemask_epi8(ok0) & _mm_movemask_epi8(ok1)) != 0xFFFF;
        s->extra = (_mm_cvtsi128_si32(sh) + _mm_extract_epi16(sh, 4))
                   - (_mm_cvtsi128_si32(sp) + _mm_extract_epi16(sp, 4));
    #else
        uint32_t fours = 0, threes = 0;
        int i, extra = 0, bad = 0;
        for (i = 0; i < 27; i++) {
            bad |= (h[i] > 4) | (h[i] < p[i]);
            extra += h[i] - p[i];
            fours |= (uint32_t) (h[i] == 4) << i;
            threes |= (uint32_t) (h[i] == 3) << i;
        }
        s->fours = fours; s->threes = threes; s->extra = extra; s->bad = bad;
    #endif
    }
    """
    ctypedef struct HeldScan "xz_held_scan":
        uint32_t fours    # kinds held four times: not waits (R7.3), each a 根 (R8.2)
        uint32_t threes   # kinds held three times: a 根 when the winning tile is one of them
        int extra         # tiles held beyond the concealed ones (the melds)
        int bad           # some held count above 4 or below the concealed count
    void _scan_held "xz_scan_held"(const uint8_t* p, const uint8_t* h, HeldScan* s) nogil


cdef inline bint _value_args_ok(const HeldScan* s, long info, long flags,
                                int melds) noexcept nogil:
    """The fast check of what check_value_args checks (it raises when this says no)."""
    cdef int count, gangs, suits
    if info < 0 or info >= INFO_LIMIT or flags < 0 or flags > 3 or s.bad:
        return 0
    count = info & 7
    gangs = (info >> 3) & 7
    suits = (info >> 6) & 7
    if count != melds or gangs > count or (suits == 0) != (count == 0):
        return 0
    if (suits & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1) > count:
        return 0
    return s.extra == 3 * count + gangs


cdef inline long _long_arg(object value) except? -3:
    """An int argument as a C long, or -1 when it is not a plain int in range."""
    if type(value) is int:
        try:
            return value
        except OverflowError:
            return -1
    return -1


cdef int _ready3(const uint8_t* p, const HeldScan* held, const uint32_t* k, int void,
                 int size, int info, int flags, int mode) noexcept nogil:
    """ready_fan on checked arguments."""
    cdef uint32_t mask = _waits_keys(p, k, void, size)
    cdef uint32_t kk[3]
    cdef int gen0, w, best = -1, value
    mask &= ~held.fours  # R7.3: kinds held four times
    if not mask:
        return -1
    gen0 = __builtin_popcount(held.fours)
    while mask:
        w = __builtin_ctz(mask)
        mask &= mask - 1
        kk[0] = k[0]
        kk[1] = k[1]
        kk[2] = k[2]
        kk[w // 9] += POW5[w % 9]
        value = _value3(_win_entry(kk[0]), _win_entry(kk[1]), _win_entry(kk[2]), info, flags,
                        gen0 + ((held.threes >> w) & 1), size + 1)
        if best < 0 or (value < best if mode else value > best):
            best = value
    return best


def win_fan(counts, object void=-1, held=None, meld_info=0, flags=0):
    """Fan (pattern + 根, R8.1-R8.4) of a complete 14 - 3k hand, winning tile included;
    -1 when the tiles do not win. See ``xzcore.kernel._core_twin_value.win_fan``."""
    cdef bytes b = _as_bytes(counts, "counts")
    cdef bytes hb
    cdef uint32_t k[3]
    cdef int size = _checked_keys(b, "counts", k)
    cdef int v = _void_arg(void)
    cdef long info, flg
    if not WIN_SIZE[size]:
        raise KernelInputError(size_error(size, WIN_SIZES, "win_fan"))
    hb = b if held is None else _as_bytes(held, "held")
    info = _long_arg(meld_info)
    flg = _long_arg(flags)
    cdef const uint8_t* p = <const uint8_t*> PyBytes_AS_STRING(b)
    cdef HeldScan scan
    _scan_held(p, <const uint8_t*> PyBytes_AS_STRING(hb), &scan)
    if not _value_args_ok(&scan, info, flg, (14 - size) // 3):
        check_value_args(b, as_counts(hb, "held"), meld_info, flags, (14 - size) // 3)
        raise AssertionError("unreachable: value arguments reported bad")  # pragma: no cover
    cdef uint32_t e0 = _win_entry(k[0]), e1 = _win_entry(k[1]), e2 = _win_entry(k[2])
    if not _win3(e0, e1, e2, v, size):
        return -1
    return _value3(e0, e1, e2, <int> info,
                   <int> flg, __builtin_popcount(scan.fours), size)


def ready_fan(counts, object void=-1, held=None, meld_info=0, flags=0, mode=0):
    """查叫 value (R10.2) of a 13 - 3k hand: the largest (mode 0) or smallest (mode 1)
    ``win_fan`` over its waits; -1 when not ready. See ``xzcore.kernel._core_twin_value``."""
    cdef bytes b = _as_bytes(counts, "counts")
    cdef bytes hb
    cdef uint32_t k[3]
    cdef int size = _checked_keys(b, "counts", k)
    cdef int v = _void_arg(void)
    cdef long info, flg
    if not READY_SIZE[size]:
        raise KernelInputError(size_error(size, READY_SIZES, "ready_fan"))
    hb = b if held is None else _as_bytes(held, "held")
    info = _long_arg(meld_info)
    flg = _long_arg(flags)
    cdef const uint8_t* p = <const uint8_t*> PyBytes_AS_STRING(b)
    cdef HeldScan scan
    _scan_held(p, <const uint8_t*> PyBytes_AS_STRING(hb), &scan)
    if not _value_args_ok(&scan, info, flg, (13 - size) // 3):
        check_value_args(b, as_counts(hb, "held"), meld_info, flags, (13 - size) // 3)
        raise AssertionError("unreachable: value arguments reported bad")  # pragma: no cover
    return _ready3(p, &scan, k, v, size, <int> info, <int> flg, _mode_arg(mode))


cdef carray.array _INT8_TEMPLATE = array("b")


def ready_fan_batch(counts2d, voids=None, held2d=None, meld_infos=None, flags=0, mode=0):
    """``ready_fan`` over N rows of 27 counts: an ``array('b')`` of N fans (-1 = not ready).
    ``meld_infos``: None (no melds) or N ints (an ``array('H')`` is read in place)."""
    _need_tables()  # before the loop below releases the GIL
    flat = as_rows(counts2d, "counts2d")
    cdef const uint8_t[::1] data = flat
    cdef Py_ssize_t rows = data.shape[0] // 27, row, bad = -1
    cdef const int8_t[::1] vview
    cdef const uint8_t[::1] hview
    cdef const uint16_t[::1] iview
    cdef bint has_voids = voids is not None
    cdef bint has_held = held2d is not None
    cdef bint has_infos = meld_infos is not None
    cdef long flg = _long_arg(flags)
    cdef int md
    held_flat = None
    if has_voids:
        voids = _voids_view(voids, rows)
        vview = voids
    if has_held:
        held_flat = as_rows(held2d, "held2d")
        hview = held_flat
        if hview.shape[0] != data.shape[0]:
            raise KernelInputError(f"held2d: {hview.shape[0] // 27} rows, counts2d has {rows}")
    if has_infos:
        meld_infos = _infos_view(meld_infos, rows)
        iview = meld_infos
    if flg < 0 or flg > 3:
        raise KernelInputError(f"flags: expected an int 0-3, got {flags!r}")
    md = _mode_arg(mode)
    cdef carray.array out = carray.clone(_INT8_TEMPLATE, rows, False)
    cdef int8_t* o = <int8_t*> out.data.as_schars
    cdef uint32_t k[3]
    cdef int size, v = -1, info = 0
    cdef const uint8_t* p
    cdef const uint8_t* h
    cdef HeldScan scan
    cdef const int8_t* vp = &vview[0] if has_voids and rows > 0 else NULL
    with nogil:
        for row in range(rows):
            p = &data[27 * row]
            size = _batch_row(p, k, READY_SIZE, vp, row, &v)
            if size < 0:
                bad = row
                break
            h = &hview[27 * row] if has_held else p
            if has_infos:
                info = iview[row]
            _scan_held(p, h, &scan)
            if not _value_args_ok(&scan, info, flg, (13 - size) // 3):
                bad = row
                break
            o[row] = <int8_t> _ready3(p, &scan, k, v, size, info, <int> flg, md)
    if bad >= 0:
        _raise_value_row(flat, bad, voids, held_flat, meld_infos, flags)
    return out


cdef object _infos_view(object infos, Py_ssize_t rows):
    """A typed view of `meld_infos` (uint16 buffer), converting other sequences."""
    cdef const uint16_t[::1] view
    try:
        view = infos
    except (TypeError, ValueError, BufferError):
        try:
            items = list(infos)
            view = array("H", [0 if isinstance(x, bool) else x for x in items])
            if any(isinstance(x, bool) for x in items):
                raise TypeError
        except (TypeError, ValueError, OverflowError):
            raise KernelInputError(
                f"meld_infos: expected {rows} ints 0-2047, got {infos!r:.60}") from None
        infos = view
    if view.shape[0] != rows:
        raise KernelInputError(f"meld_infos: expected {rows} ints, got {view.shape[0]}")
    return infos


cdef _raise_value_row(object flat, Py_ssize_t row, object voids, object held_flat,
                      object infos, object flags):
    """Re-check one row of ready_fan_batch in Python to raise the twin's error message."""
    where = f"counts2d row {row}"
    cdef bytes counts = as_counts(bytes(flat[27 * row: 27 * row + 27]), where)
    if sum(counts) not in READY_SIZES:
        raise KernelInputError(size_error(sum(counts), READY_SIZES, "ready_fan", where))
    if voids is not None:
        check_void(int(voids[row]), f"voids[{row}]")
    held = counts
    if held_flat is not None:
        held = as_counts(bytes(held_flat[27 * row: 27 * row + 27]), f"held2d row {row}")
    info = 0 if infos is None else int(infos[row])
    check_value_args(counts, held, info, flags, (13 - sum(counts)) // 3, f"row {row} ")
    raise AssertionError("unreachable: the row was reported bad")  # pragma: no cover


cdef inline int _mode_arg(object mode) except -1:
    cdef long m = _long_arg(mode)
    if m != 0 and m != 1:
        raise KernelInputError(f"mode: expected 0 (max, 查大) or 1 (min, 查小), got {mode!r}")
    return <int> m
