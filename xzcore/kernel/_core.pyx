# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled kernel: win detection, waits, shanten and the 查叫 value over per-suit tables;
the round's tile helpers (``check_wall``, ``dealt_hands``, ``tile_counts``: _core_checks.pxi).

Same names, signatures and errors as the pure-Python twin ``xzcore.kernel._core_twin`` (read its
docstrings for the rules; R7.1, R7.3, R4.4). The technique (../shared/PERF.md): a suit's nine
counts as a base-5 key, mapped to a dense index of the 405,350 keys of at most 14 tiles,
index two small tables whose bits say whether the suit splits into sets, into sets and a
pair, is all even, has the fan shapes the value kernel needs (uint8), and which added ranks
complete it (uint16; 1.2 MB in all, so that they stay in cache over many distinct hands). A
hand is then three reads. The tables are filled by the first call that reads them (a few ms;
_core_tables.pxi): importing the module builds nothing, so ``xz --version`` and an import
stay short.

Fast paths: an exact 27-byte ``bytes`` is read in place; anything else goes through the same
checks as the twin (``xzcore.kernel._input``). Batch loops run without the GIL.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython cimport array as carray
from libc.stdint cimport int8_t, uint8_t, uint32_t
from libc.string cimport memcpy, memset

from array import array

from xzcore.kernel._input import (
    READY_SIZES,
    SHANTEN_SIZES,
    WIN_SIZES,
    KernelInputError,
    as_counts,
    as_rows,
    as_voids,
    check_held,
    checked_wall,
    check_kind,
    check_value_args,
    check_void,
    size_error,
)
from xzcore.tiles import format_counts, parse_counts, tile_name

__all__ = [
    "Hand",
    "KernelInputError",
    "check_wall",
    "dealt_hands",
    "is_win",
    "is_win_batch",
    "ready_fan",
    "ready_fan_batch",
    "shanten",
    "shanten_batch",
    "shanten_discards",
    "tile_counts",
    "waits",
    "waits_batch",
    "win_fan",
]

include "_core_tables.pxi"
include "_core_shanten.pxi"
include "_core_value.pxi"

_init_index()
_init_wait_cond()
_init_cost_cache()

cdef uint8_t WIN_SIZE[64]
cdef uint8_t READY_SIZE[64]
cdef uint8_t SHANTEN_SIZE[64]
memset(WIN_SIZE, 0, 64)
memset(READY_SIZE, 0, 64)
memset(SHANTEN_SIZE, 0, 64)
for _s in WIN_SIZES:
    WIN_SIZE[_s] = 1
    SHANTEN_SIZE[_s] = 1
for _s in READY_SIZES:
    READY_SIZE[_s] = 1
    SHANTEN_SIZE[_s] = 1

cdef carray.array _UINT_TEMPLATE = array("I")
cdef carray.array _SCHAR_TEMPLATE = array("b")


# --- argument conversion ------------------------------------------------------------------


cdef inline int _void_arg(object void_suit) except -9:
    cdef long v
    if type(void_suit) is int:
        try:
            v = void_suit
        except OverflowError:
            v = 99
        if -1 <= v <= 2:
            return <int> v
    return check_void(void_suit)  # raises KernelInputError with the twin's message


cdef inline int _kind_arg(object kind) except -1:
    cdef long v
    if type(kind) is int:
        try:
            v = kind
        except OverflowError:
            v = 99
        if 0 <= v <= 26:
            return <int> v
    return check_kind(kind)  # raises


cdef inline bytes _as_bytes(object counts, str name):
    if type(counts) is bytes and PyBytes_GET_SIZE(counts) == 27:
        return <bytes> counts
    return as_counts(counts, name)


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* The three suit keys (base 5, rank 1 = lowest digit) of 27 counts, and the number of
       tiles; -1 when a count is above 4. Sums of independent products (no Horner chain) and
       a SWAR test of eight bytes at a time ("some byte >= 5") keep it to a few cycles. */
    #define XZ_ONES 0x0101010101010101ULL
    static inline uint32_t xz_suit_key(const uint8_t* c) {
        return (uint32_t) c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4]
               + 3125u * c[5] + 15625u * c[6] + 78125u * c[7] + 390625u * c[8];
    }
    static inline int xz_keys_of(const uint8_t* p, uint32_t* k) {
        uint64_t w0, w1, w2, big;
        memcpy(&w0, p, 8);
        memcpy(&w1, p + 8, 8);
        memcpy(&w2, p + 16, 8);
        big = (((w0 + XZ_ONES * 123u) | w0) | ((w1 + XZ_ONES * 123u) | w1)
               | ((w2 + XZ_ONES * 123u) | w2)) & (XZ_ONES * 128u);
        if (big | (p[24] > 4) | (p[25] > 4) | (p[26] > 4))
            return -1;
        k[0] = xz_suit_key(p);
        k[1] = xz_suit_key(p + 9);
        k[2] = xz_suit_key(p + 18);
        /* every byte <= 4: the byte sums of each word fit in the top byte */
        return (int) (((w0 * XZ_ONES) >> 56) + ((w1 * XZ_ONES) >> 56) + ((w2 * XZ_ONES) >> 56))
               + p[24] + p[25] + p[26];
    }
    /* The dense indices (_core_tables.pxi: hi_off[digits 4-8] + lo_rank[digits 0-3]) of the
       three suits of 27 counts, straight from the counts, and the number of tiles; -1 when a
       count is above 4 (then `ix` is not set). */
    static inline int xz_indices_of(const uint8_t* p, const uint32_t* hi_off,
                                    const uint16_t* lo_rank, uint32_t* ix) {
        uint64_t w0, w1, w2, big;
        memcpy(&w0, p, 8);
        memcpy(&w1, p + 8, 8);
        memcpy(&w2, p + 16, 8);
        big = (((w0 + XZ_ONES * 123u) | w0) | ((w1 + XZ_ONES * 123u) | w1)
               | ((w2 + XZ_ONES * 123u) | w2)) & (XZ_ONES * 128u);
        if (big | (p[24] > 4) | (p[25] > 4) | (p[26] > 4))
            return -1;
    #if defined(__SSE2__)
        {
            /* per suit, ranks 1-8 as 16-bit lanes times 1, 5, 25, 125, 1, 5, 25, 125, summed
               in pairs: (lo, lo, hi, hi) partial sums; ranks 9 added by hand */
            const __m128i zero = _mm_setzero_si128();
            const __m128i wt = _mm_setr_epi16(1, 5, 25, 125, 1, 5, 25, 125);
            __m128i a = _mm_madd_epi16(_mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i*) p), zero), wt);
            __m128i b = _mm_madd_epi16(_mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i*) (p + 9)), zero), wt);
            __m128i c = _mm_madd_epi16(_mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i*) (p + 18)), zero), wt);
            /* a + (a with its pairs swapped): lane 0 = lo, lane 2 = hi without rank 9 */
            a = _mm_add_epi32(a, _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 3, 0, 1)));
            b = _mm_add_epi32(b, _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 3, 0, 1)));
            c = _mm_add_epi32(c, _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 3, 0, 1)));
            ix[0] = hi_off[(uint32_t) _mm_cvtsi128_si32(_mm_srli_si128(a, 8)) + 625u * p[8]]
                    + lo_rank[(uint32_t) _mm_cvtsi128_si32(a)];
            ix[1] = hi_off[(uint32_t) _mm_cvtsi128_si32(_mm_srli_si128(b, 8)) + 625u * p[17]]
                    + lo_rank[(uint32_t) _mm_cvtsi128_si32(b)];
            ix[2] = hi_off[(uint32_t) _mm_cvtsi128_si32(_mm_srli_si128(c, 8)) + 625u * p[26]]
                    + lo_rank[(uint32_t) _mm_cvtsi128_si32(c)];
        }
    #else
        int s;
        for (s = 0; s < 3; s++) {
            const uint8_t* c = p + 9 * s;
            ix[s] = hi_off[c[4] + 5u * c[5] + 25u * c[6] + 125u * c[7] + 625u * c[8]]
                    + lo_rank[c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3]];
        }
    #endif
        return (int) (((w0 * XZ_ONES) >> 56) + ((w1 * XZ_ONES) >> 56) + ((w2 * XZ_ONES) >> 56))
               + p[24] + p[25] + p[26];
    }
    """
    int _keys_of "xz_keys_of"(const uint8_t* p, uint32_t* k) noexcept nogil
    int _indices_of "xz_indices_of"(const uint8_t* p, const uint32_t* hi_off,
                                    const uint16_t* lo_rank, uint32_t* ix) noexcept nogil


cdef inline int _checked_keys(bytes b, str name, uint32_t* k) except -1:
    """The three suit keys of ``b`` in ``k`` and its size (raises on a count above 4). The
    keys index the suit tables, which are built here first if they are not yet."""
    _need_tables()
    cdef int size = _keys_of(<const uint8_t*> PyBytes_AS_STRING(b), k)
    if size < 0:
        as_counts(b, name)  # raises with the position of the bad count
    return size


# --- single calls -------------------------------------------------------------------------


def is_win(counts, object void=-1):
    """Is this concealed hand (14/11/8/5/2 tiles, the winning tile included) a win?
    R7.1 with R4.4/R7.2; see ``xzcore.kernel._core_twin.is_win``."""
    cdef bytes b = _as_bytes(counts, "counts")
    cdef uint32_t k[3]
    cdef int size = _checked_keys(b, "counts", k)
    cdef int v = _void_arg(void)
    if not WIN_SIZE[size]:
        raise KernelInputError(size_error(size, WIN_SIZES, "is_win"))
    return _win_keys(k, v, size)


def waits(counts, object void=-1, held=None):
    """Bitmask of the kinds that complete a 13/10/7/4/1-tile hand (R7.3); ``held`` = counts
    with the meld tiles, kinds held four times are not waits. See ``xzcore.kernel._core_twin``."""
    cdef bytes b = _as_bytes(counts, "counts")
    cdef bytes hb
    cdef uint32_t k[3]
    cdef int size = _checked_keys(b, "counts", k)
    cdef int v = _void_arg(void)
    cdef uint32_t mask
    cdef HeldScan scan
    cdef const uint8_t* p = <const uint8_t*> PyBytes_AS_STRING(b)
    if not READY_SIZE[size]:
        raise KernelInputError(size_error(size, READY_SIZES, "waits"))
    mask = _waits_keys(p, k, v, size)
    if held is not None:
        hb = _as_bytes(held, "held")
        _scan_held(p, <const uint8_t*> PyBytes_AS_STRING(hb), &scan)
        if scan.bad:
            check_held(b, as_counts(hb, "held"))  # raises
        mask &= ~scan.fours  # R7.3: kinds the seat holds four of
    return mask


def shanten(counts, object void=-1):
    """向听数: -1 complete, 0 ready, n = n tile swaps from ready; void-suit tiles are tiles
    to discard. See ``xzcore.kernel._core_twin.shanten`` for the exact definition."""
    cdef bytes b = _as_bytes(counts, "counts")
    cdef uint32_t k[3]
    cdef int size = _checked_keys(b, "counts", k)
    cdef int v = _void_arg(void)
    if not SHANTEN_SIZE[size]:
        raise KernelInputError(size_error(size, SHANTEN_SIZES, "shanten"))
    return _shanten(<const uint8_t*> PyBytes_AS_STRING(b), k, size, v)


def shanten_discards(counts, object void=-1):
    """Shanten after each possible discard of a 14/11/8/5/2-tile hand: an ``array('b')`` of
    27, entry k = ``shanten`` of the hand minus one tile of kind k, 127 for a kind not held.
    See ``xzcore.kernel._core_twin.shanten_discards``."""
    cdef bytes b = _as_bytes(counts, "counts")
    cdef uint32_t k[3]
    cdef int size = _checked_keys(b, "counts", k)
    cdef int v = _void_arg(void)
    if not WIN_SIZE[size]:
        raise KernelInputError(size_error(size, WIN_SIZES, "shanten_discards"))
    cdef carray.array out = carray.clone(_SCHAR_TEMPLATE, 27, False)
    _shanten_discards(<const uint8_t*> PyBytes_AS_STRING(b), k, size, v, out.data.as_schars)
    return out


def _empty(counts=None, object void=-1):
    """Does nothing: the empty-call baseline of the benchmarks."""
    return None


# --- batches ------------------------------------------------------------------------------


cdef object _voids_view(object voids, Py_ssize_t rows):
    """A typed view of `voids` (int8 buffer), converting other sequences after checking."""
    cdef const int8_t[::1] view
    try:
        view = voids
    except (TypeError, ValueError, BufferError):
        return array("b", as_voids(voids, rows))
    if view.shape[0] != rows:
        as_voids(voids, rows)  # raises: wrong length
    return voids


cdef _raise_row(object flat, Py_ssize_t row, object voids, object held_flat, str what):
    """Re-check one row of a batch in Python to raise the twin's error message."""
    cdef bytes counts = as_counts(bytes(flat[27 * row: 27 * row + 27]), f"counts2d row {row}")
    allowed = {"is_win": WIN_SIZES, "waits": READY_SIZES, "shanten": SHANTEN_SIZES}[what]
    if sum(counts) not in allowed:
        raise KernelInputError(size_error(sum(counts), allowed, what, f"counts2d row {row}"))
    if voids is not None:
        check_void(int(voids[row]), f"voids[{row}]")
    if held_flat is not None:
        held = as_counts(bytes(held_flat[27 * row: 27 * row + 27]), f"held2d row {row}")
        check_held(counts, held, f"held2d row {row}")
    raise AssertionError("unreachable: the row was reported bad")  # pragma: no cover


cdef inline int _batch_row(const uint8_t* p, uint32_t* k, const uint8_t* sizes,
                           const int8_t* voids, Py_ssize_t row, int* v) noexcept nogil:
    """One row of a batch: its three suit keys in ``k`` and its size, or -1 when a count is
    above 4, the size is not one of ``sizes`` or the row's void (``voids`` may be NULL) is
    not -1..2 — the caller then reports the row with its reason."""
    cdef int size = _keys_of(p, k)
    if size < 0 or not sizes[size]:
        return -1
    if voids != NULL:
        v[0] = voids[row]
        if v[0] < -1 or v[0] > 2:
            return -1
    return size


cdef inline int _batch_row_ix(const uint8_t* p, uint32_t* ix, const uint8_t* sizes,
                              const int8_t* voids, Py_ssize_t row, int* v) noexcept nogil:
    """_batch_row with the three suits' dense indices in ``ix`` instead of their keys."""
    cdef int size = _indices_of(p, HI_OFF, LO_RANK, ix)
    if size < 0 or not sizes[size]:
        return -1
    if voids != NULL:
        v[0] = voids[row]
        if v[0] < -1 or v[0] > 2:
            return -1
    return size


def is_win_batch(counts2d, voids=None):
    """``is_win`` over N rows of 27 counts (a C-contiguous uint8 buffer): N bytes 0/1.
    ``voids``: None or N ints in -1..2 (an int8 buffer is read in place)."""
    _need_tables()  # before the loop below releases the GIL
    flat = as_rows(counts2d, "counts2d")
    cdef const uint8_t[::1] data = flat
    cdef Py_ssize_t rows = data.shape[0] // 27, row, bad = -1
    cdef const int8_t[::1] vview
    cdef bint has_voids = voids is not None
    if has_voids:
        voids = _voids_view(voids, rows)
        vview = voids
    out = PyBytes_FromStringAndSize(NULL, rows)
    cdef uint8_t* o = <uint8_t*> PyBytes_AS_STRING(out)
    cdef uint32_t ix[3]
    cdef int size, v = -1
    cdef const int8_t* vp = &vview[0] if has_voids and rows > 0 else NULL
    with nogil:
        for row in range(rows):
            size = _batch_row_ix(&data[27 * row], ix, WIN_SIZE, vp, row, &v)
            if size < 0:
                bad = row
                break
            o[row] = _win_ix(SUIT_WIN, ix, v, size)
    if bad >= 0:
        _raise_row(flat, bad, voids, None, "is_win")
    return out


def waits_batch(counts2d, voids=None, held2d=None):
    """``waits`` over N rows of 27 counts: an ``array('I')`` of N bitmasks. ``held2d``:
    None or a buffer of the same shape (counts with the meld tiles)."""
    _need_tables()  # before the loop below releases the GIL
    flat = as_rows(counts2d, "counts2d")
    cdef const uint8_t[::1] data = flat
    cdef Py_ssize_t rows = data.shape[0] // 27, row, bad = -1
    cdef const int8_t[::1] vview
    cdef const uint8_t[::1] hview
    cdef bint has_voids = voids is not None
    cdef bint has_held = held2d is not None
    held_flat = None
    if has_voids:
        voids = _voids_view(voids, rows)
        vview = voids
    if has_held:
        held_flat = as_rows(held2d, "held2d")
        hview = held_flat
        if hview.shape[0] != data.shape[0]:
            raise KernelInputError(f"held2d: {hview.shape[0] // 27} rows, counts2d has {rows}")
    cdef carray.array out = carray.clone(_UINT_TEMPLATE, rows, False)
    cdef uint32_t* o = out.data.as_uints
    cdef uint32_t ix[3]
    cdef uint32_t mask
    cdef HeldScan scan
    cdef int size, v = -1
    cdef const int8_t* vp = &vview[0] if has_voids and rows > 0 else NULL
    with nogil:
        for row in range(rows):
            size = _batch_row_ix(&data[27 * row], ix, READY_SIZE, vp, row, &v)
            if size < 0:
                bad = row
                break
            mask = _waits3(&data[27 * row], SUIT_WAIT[ix[0]], SUIT_WAIT[ix[1]], SUIT_WAIT[ix[2]],
                           v, size)
            if has_held:
                _scan_held(&data[27 * row], &hview[27 * row], &scan)
                if scan.bad:
                    bad = row
                    break
                mask &= ~scan.fours
            o[row] = mask
    if bad >= 0:
        _raise_row(flat, bad, voids, held_flat, "waits")
    return out


def shanten_batch(counts2d, voids=None):
    """``shanten`` over N rows of 27 counts (14/13/11/10/8/7/5/4/2/1 tiles each): an
    ``array('b')`` of N shanten numbers (-1 = complete). ``voids`` as for ``is_win_batch``."""
    _need_tables()  # before the loop below releases the GIL
    flat = as_rows(counts2d, "counts2d")
    cdef const uint8_t[::1] data = flat
    cdef Py_ssize_t rows = data.shape[0] // 27, row, bad = -1
    cdef const int8_t[::1] vview
    cdef bint has_voids = voids is not None
    if has_voids:
        voids = _voids_view(voids, rows)
        vview = voids
    cdef carray.array out = carray.clone(_SCHAR_TEMPLATE, rows, False)
    cdef int8_t* o = <int8_t*> out.data.as_schars
    cdef uint32_t k[3]
    cdef int size, v = -1
    cdef const int8_t* vp = &vview[0] if has_voids and rows > 0 else NULL
    with nogil:
        for row in range(rows):
            size = _batch_row(&data[27 * row], k, SHANTEN_SIZE, vp, row, &v)
            if size < 0:
                bad = row
                break
            o[row] = <int8_t> _shanten(&data[27 * row], k, size, v)
    if bad >= 0:
        _raise_row(flat, bad, voids, None, "shanten")
    return out


# --- Hand ---------------------------------------------------------------------------------


cdef class Hand:
    """An incremental concealed hand that keeps its three suit keys current, so that
    ``is_win`` and ``waits`` are three table reads. At most 14 tiles, 4 of a kind.
    See ``xzcore.kernel._core_twin.Hand``."""

    def __cinit__(self):
        _need_tables()  # every Hand method reads the tables: a Hand exists only once built
        memset(self.c, 0, 27)
        self.k[0] = self.k[1] = self.k[2] = 0
        self.n = 0
        self.v = -1
        self.wmask_ok = 0

    def __init__(self, counts=None, object void=-1):
        cdef bytes b
        if counts is not None:
            b = _as_bytes(counts, "counts")
            self.n = _checked_keys(b, "counts", self.k)
            if self.n > 14:
                n = self.n
                self.n = 0
                self.k[0] = self.k[1] = self.k[2] = 0
                raise KernelInputError(f"counts: {n} tiles, a hand holds at most 14")
            memcpy(self.c, PyBytes_AS_STRING(b), 27)
        self.v = _void_arg(void)
        self.wmask_ok = 0

    def add(self, kind):
        """Add one tile of ``kind`` (ValueError on a fifth copy or a fifteenth tile)."""
        cdef int i = _kind_arg(kind)
        if self.c[i] >= 4:
            raise KernelInputError(f"add({i}): the hand already holds four {tile_name(i)}")
        if self.n >= 14:
            raise KernelInputError(f"add({i}): the hand already holds 14 tiles")
        self.c[i] += 1
        self.wmask_ok = 0
        self.k[i // 9] += POW5[i % 9]
        self.n += 1

    def remove(self, kind):
        """Remove one tile of ``kind`` (ValueError if the hand holds none)."""
        cdef int i = _kind_arg(kind)
        if not self.c[i]:
            raise KernelInputError(f"remove({i}): the hand holds no {tile_name(i)}")
        self.c[i] -= 1
        self.wmask_ok = 0
        self.k[i // 9] -= POW5[i % 9]
        self.n -= 1

    def count(self, kind):
        """How many tiles of ``kind`` the hand holds."""
        return self.c[_kind_arg(kind)]

    def counts(self):
        """The 27 counts as ``bytes``."""
        return PyBytes_FromStringAndSize(<char*> self.c, 27)

    @property
    def size(self):
        """Number of concealed tiles."""
        return self.n

    @property
    def void(self):
        """The void suit (0/1/2) or -1."""
        return self.v

    @void.setter
    def void(self, value):
        self.v = _void_arg(value)
        self.wmask_ok = 0

    def is_win(self):
        """``is_win(self.counts(), self.void)`` (ValueError unless 14/11/8/5/2 tiles)."""
        return self.win_c() == 1

    cdef int win_c(self) except -1:
        """:meth:`is_win` as 1 or 0, for compiled callers (``_core.pxd``)."""
        if not WIN_SIZE[self.n]:
            raise KernelInputError(size_error(self.n, WIN_SIZES, "is_win", "hand"))
        return 1 if _win_keys(self.k, self.v, self.n) else 0

    def is_win_with(self, kind):
        """Would this hand plus one ``kind`` win? Does not change the hand. False when the
        hand holds four of ``kind``; ValueError unless the hand has 13/10/7/4/1 tiles."""
        cdef int i = _kind_arg(kind)
        cdef uint32_t k[3]
        if not READY_SIZE[self.n]:
            raise KernelInputError(size_error(self.n, READY_SIZES, "is_win_with", "hand"))
        if self.c[i] >= 4:
            return False
        if self.wmask_ok:  # the waits are known (claimable): one bit
            return (self.wmask >> i) & 1 == 1
        k[0] = self.k[0]
        k[1] = self.k[1]
        k[2] = self.k[2]
        k[i // 9] += POW5[i % 9]
        return _win_keys(k, self.v, self.n + 1)

    def claimable(self, kind):
        """``count(kind) >= 2 or is_win_with(kind)``: could this hand do anything with a
        discarded ``kind`` (peng/gang R5.2, win R7.1; void and lock rules not applied)? One
        call for the round's test on every discard. ValueError when the hand holds fewer than
        two and has no ready size (13/10/7/4/1 tiles)."""
        return self.claimable_c(_kind_arg(kind)) == 1

    cdef int claimable_c(self, int i) except -1:
        """:meth:`claimable` of kind ``i`` (0-26) as 1 or 0, for compiled callers."""
        if self.c[i] >= 2:
            return 1
        if not READY_SIZE[self.n]:
            raise KernelInputError(size_error(self.n, READY_SIZES, "is_win_with", "hand"))
        if not self.wmask_ok:
            # kept until the hand changes: a seat's hand is asked about every other seat's
            # discard between two of its own turns
            self.wmask = _waits_keys(self.c, self.k, self.v, self.n)
            self.wmask_ok = 1
        return (self.wmask >> i) & 1

    def waits(self, exclude=0):
        """R7.3 waits bitmask minus ``exclude`` (kinds the caller knows the seat holds four
        of with its melds). ValueError unless 13/10/7/4/1 tiles."""
        cdef uint32_t excl
        if type(exclude) is not int or not 0 <= exclude < (1 << 27):
            raise KernelInputError(f"exclude: expected a 27-bit mask of kinds, got {exclude!r}")
        excl = exclude
        if not READY_SIZE[self.n]:
            raise KernelInputError(size_error(self.n, READY_SIZES, "waits", "hand"))
        return _waits_keys(self.c, self.k, self.v, self.n) & ~excl

    def shanten(self):
        """``shanten(self.counts(), self.void)`` (ValueError unless 14/13/11/10/8/7/5/4/2/1
        tiles), without building the counts."""
        if not SHANTEN_SIZE[self.n]:
            raise KernelInputError(size_error(self.n, SHANTEN_SIZES, "shanten", "hand"))
        return _shanten(self.c, self.k, self.n, self.v)

    def shanten_discards(self):
        """``shanten_discards(self.counts(), self.void)``: an ``array('b')`` of 27, the
        shanten after discarding one tile of each kind (127 for a kind not held); ValueError
        unless 14/11/8/5/2 tiles."""
        if not WIN_SIZE[self.n]:
            raise KernelInputError(size_error(self.n, WIN_SIZES, "shanten_discards", "hand"))
        cdef carray.array out = carray.clone(_SCHAR_TEMPLATE, 27, False)
        _shanten_discards(self.c, self.k, self.n, self.v, out.data.as_schars)
        return out

    def copy(self):
        """An independent copy."""
        cdef Hand h = Hand.__new__(Hand)
        memcpy(h.c, self.c, 27)
        h.k[0] = self.k[0]
        h.k[1] = self.k[1]
        h.k[2] = self.k[2]
        h.n = self.n
        h.v = self.v
        return h

    def __eq__(self, other):
        if not isinstance(other, Hand):
            return NotImplemented
        return self.counts() == other.counts() and self.void == other.void

    __hash__ = None

    def __repr__(self):
        return f"Hand.parse({format_counts(self.counts())!r}, void={self.v})"

    def __reduce__(self):
        return (Hand, (self.counts(), self.v))

    @classmethod
    def parse(cls, text, object void=-1):
        """A hand from MPSZ text: ``Hand.parse("123m456p", void=2)``."""
        return cls(parse_counts(text), void)


include "_core_checks.pxi"
