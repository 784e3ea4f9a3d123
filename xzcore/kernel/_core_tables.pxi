# Per-suit tables of the compiled kernel (included by _core.pyx; see ../shared/PERF.md and
# docs/internals.md, "The kernel's tables").
#
# A suit's key is its nine counts as a base-5 number, sum(c[r] * 5**r); adding a tile of rank r
# adds 5**r, so a Hand keeps its three keys current. Only the 405,350 keys of at most 14 tiles
# can occur, and the tables hold only those, by a dense index computed from the key with two
# small look-ups (_suit_index): split the key into lo = digits 0-3 (key % 625) and hi = digits
# 4-8 (key // 625); order the 625 lo values by digit sum (LO_RANK). The keys of one hi whose
# digits sum to s are those whose lo sums to at most 14 - s: the first LO_COUNT[14 - s] lo
# values in that order, so index = HI_OFF[hi] + LO_RANK[lo] with HI_OFF the running count.
# Key 0 (an empty suit) is index 0 and no other key is.
#
# Two entry tables, each read alone by the hot paths:
#   SUIT_WIN  uint8  (396 KB): the eight shape bits of _core.pxd (SUIT_SETS ... SUIT_HAS_FOUR);
#             is_win, win_fan and the value kernel read it.
#   SUIT_WAIT uint16 (792 KB): the suit's wait class (bits 0-2, W_EMPTY ... W_PAIR_NO: what
#             waits needs of its size and shape; bits 3-6 unused), and the ranks whose
#             addition completes the suit (bits 7-15: into sets when the size is 3n + 2, into
#             sets and a pair when it is 3n + 1; no key has both); waits reads it, and one
#             look-up in WAIT_COND of the three classes and the void says which suits' ranks
#             are waits.
# Before: one uint32 per each of the 5**9 keys (7.8 MB), 79% of them never read.

from libc.stdlib cimport calloc, free
from libc.stdint cimport uint16_t


cdef enum:
    SUIT_NONEMPTY_SHIFT = 8  # _win_entry: the suit holds a tile
    NREACH = 405350  # keys of at most 14 tiles
    # entries past NREACH that an index can reach from a key of more than 14 tiles (which no
    # checked hand has): left 0, so that no key reads outside the tables
    NPAD = 625
    MAX_TILES = 14
    # SUIT_WAIT bits 0-2, the wait class of a suit:
    W_EMPTY = 0      # no tile (it splits into sets: none)
    W_SETS = 1       # 3n tiles (n > 0) that split into sets
    W_SETS_NO = 2    # 3n tiles that do not
    W_ONE = 3        # 3n + 1 tiles: a tile can only make it the pair suit
    W_PAIR = 4       # 3n + 2 tiles that split into sets and a pair
    W_PAIR_NO = 5    # 3n + 2 tiles that do not
    W_RANKS_SHIFT = 7  # SUIT_WAIT: bits 7-15 the completing ranks

cdef uint32_t POW5[10]
cdef uint32_t HI_OFF[3125]   # first index of the keys whose digits 4-8 are hi
cdef uint16_t LO_RANK[625]   # rank of digits 0-3 among the 625, by digit sum, then value
cdef uint8_t* SUIT_WIN = NULL    # NULL until the first call that reads the tables
cdef uint16_t* SUIT_WAIT = NULL


cdef inline uint32_t _suit_index(uint32_t key) noexcept nogil:
    """The dense index of a key of at most 14 tiles (0 for key 0 only)."""
    return HI_OFF[key // 625] + LO_RANK[key % 625]


cdef inline uint32_t _win_entry(uint32_t key) noexcept nogil:
    """The shape bits of a key, with bit SUIT_NONEMPTY_SHIFT set when the suit holds a
    tile (only key 0 is at index 0)."""
    cdef uint32_t i = _suit_index(key)
    return SUIT_WIN[i] | ((i != 0) << SUIT_NONEMPTY_SHIFT)


cdef inline uint32_t _wait_entry(uint32_t key) noexcept nogil:
    return SUIT_WAIT[_suit_index(key)]


cdef inline bint _nonempty(uint32_t e) noexcept nogil:
    """Does the suit of this _win_entry hold a tile?"""
    return (e >> SUIT_NONEMPTY_SHIFT) & 1


cdef void _init_index() noexcept:
    """POW5[r] = 5**r (Hand.add and .remove step a key with it) and the two index tables:
    14 KB, filled at import (a few microseconds)."""
    cdef int r, lo, hi, s, t, n
    cdef int lo_sum[625]
    cdef int lo_count[17]  # lo values of digit sum <= t
    POW5[0] = 1
    for r in range(1, 10):
        POW5[r] = POW5[r - 1] * 5
    for t in range(17):
        lo_count[t] = 0
    for lo in range(625):
        lo_sum[lo] = lo % 5 + lo // 5 % 5 + lo // 25 % 5 + lo // 125
        lo_count[lo_sum[lo]] += 1
    n = 0
    for s in range(17):  # rank by digit sum, then by value
        for lo in range(625):
            if lo_sum[lo] == s:
                LO_RANK[lo] = n
                n += 1
    for t in range(1, 17):
        lo_count[t] += lo_count[t - 1]
    n = 0
    for hi in range(3125):
        s = hi % 5 + hi // 5 % 5 + hi // 25 % 5 + hi // 125 % 5 + hi // 625
        HI_OFF[hi] = n if s <= MAX_TILES else 0
        if s <= MAX_TILES:
            n += lo_count[MAX_TILES - s]


cdef extern from *:
    """
    /* the tables are there on every call but the first: keep the build out of the hot path */
    #define XZ_UNBUILT(p) __builtin_expect((p) == NULL, 0)
    """
    bint _unbuilt "XZ_UNBUILT"(const uint16_t* table) noexcept nogil


cdef inline int _need_tables() except -1:
    """Build the tables on the first call that needs them: every function that reads them
    calls this first (the single calls through _checked_keys, the batches before they
    release the GIL, a Hand when it is made), so importing the kernel builds nothing."""
    if _unbuilt(SUIT_WAIT):
        return _build_tables()
    return 0


def _tables_built():
    """Have the suit tables been built yet (for the tests: importing the kernel does not
    build them, the first call that reads them does)?"""
    return SUIT_WAIT != NULL


def _table_bytes():
    """Bytes held by the suit tables and their index (for the benchmarks and docs)."""
    return ((NREACH + NPAD) * (sizeof(uint8_t) + sizeof(uint16_t))
            + sizeof(HI_OFF) + sizeof(LO_RANK))


def _suit_entry(suit):
    """The entries of one suit (nine counts, at most 14 tiles): its SUIT_WIN and SUIT_WAIT
    entries in the layout of one uint32 (_core.pxd: the shape bits, the size, the completing
    ranks at SUIT_WSETS_SHIFT or SUIT_WPAIR_SHIFT), and its wait class: for the tests, which
    check every key against the twin."""
    cdef uint32_t key = 0, w, entry
    cdef int r, size = 0
    _need_tables()
    if len(suit) != 9:
        raise KernelInputError(f"suit: expected 9 counts, got {len(suit)}")
    for r in range(9):
        if not 0 <= suit[r] <= 4:
            raise KernelInputError(f"suit: count {suit[r]!r} at rank {r + 1}")
        key += suit[r] * POW5[r]
        size += suit[r]
    if size > MAX_TILES:
        raise KernelInputError(f"suit: {size} tiles, the tables hold at most 14")
    w = _wait_entry(key)
    entry = SUIT_WIN[_suit_index(key)] | (<uint32_t> size << SUIT_SIZE_SHIFT)
    if size % 3 == 2:
        entry |= (w >> W_RANKS_SHIFT) << SUIT_WSETS_SHIFT
    elif size % 3 == 1:
        entry |= (w >> W_RANKS_SHIFT) << SUIT_WPAIR_SHIFT
    return entry, w & 7


ctypedef struct _Levels:
    # Level r: what the entry of a key needs from its digits r..8, the digits below r being
    # 0 (level 9: no digit; level 0: the whole key). Arrays of scalars, not an array of
    # structs: a level is copied field by field, each store read back as it was written.
    int low[10]        # lowest rank held, -1 for none
    int twos[10]       # ranks held exactly twice
    int odd[10]        # some rank held once or four times: not all triplets (and a pair)
    uint32_t bits[10]  # SUIT_EVEN | SUIT_ONLY_258 | SUIT_ONLY_19 | SUIT_HAS_FOUR so far


cdef inline void _set_level(_Levels* lv, int r, int n) noexcept nogil:
    """Level r from level r + 1 and digit r = n > 0; the levels below r copy it."""
    cdef int twos = lv.twos[r + 1], odd = lv.odd[r + 1], j
    cdef uint32_t bits = lv.bits[r + 1]
    if n == 2:
        twos += 1
    elif n == 1 or n == 4:
        odd = 1
    if n == 4:
        bits |= SUIT_HAS_FOUR
    if n & 1:
        bits &= ~(<uint32_t> SUIT_EVEN)
    if r != 1 and r != 4 and r != 7:
        bits &= ~(<uint32_t> SUIT_ONLY_258)
    if r != 0 and r != 8:
        bits &= ~(<uint32_t> SUIT_ONLY_19)
    for j in range(r + 1):
        lv.low[j] = r
        lv.twos[j] = twos
        lv.odd[j] = odd
        lv.bits[j] = bits


cdef inline uint32_t _t(const uint8_t* table, uint32_t key) noexcept nogil:
    """The shape bits of ``key`` in ``table`` (SUIT_WIN while it is being built)."""
    return table[_suit_index(key)]


cdef inline uint32_t _entry(const uint8_t* table, uint32_t key, const int* c, int size,
                            const _Levels* lv) noexcept nogil:
    """The shape bits and size of ``key`` (digits ``c``, ``size`` tiles; level 0 of ``lv``)
    from the entries of smaller keys: R7.1, the lowest rank held starts a triplet or a sequence, or
    (3n + 2 tiles) holds the pair."""
    cdef int low = lv.low[0]
    cdef uint32_t entry = ((<uint32_t> size) << SUIT_SIZE_SHIFT) | lv.bits[0]
    if size % 3 == 0:
        if low < 0:
            return entry | SUIT_SETS | SUIT_TRIPLETS | SUIT_YAOJIU
        if c[low] >= 3 and _t(table, key - 3 * POW5[low]) & SUIT_SETS:
            entry |= SUIT_SETS
        elif (low <= 6 and c[low + 1] and c[low + 2] and _t(table, 
                key - POW5[low] - POW5[low + 1] - POW5[low + 2]) & SUIT_SETS):
            entry |= SUIT_SETS
        if not lv.odd[0] and lv.twos[0] == 0:
            entry |= SUIT_TRIPLETS
        # 带幺九: sets 111, 123, 789, 999 only.
        if low == 0:
            if c[0] >= 3 and _t(table, key - 3) & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
            elif c[1] and c[2] and _t(table, key - 1 - 5 - 25) & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
        elif low == 6:
            if c[7] and c[8] and _t(table, key - POW5[6] - POW5[7] - POW5[8]) & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
        elif low == 8:
            if c[8] >= 3 and _t(table, key - 3 * POW5[8]) & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
    elif size % 3 == 2:
        # the lowest rank holds the pair, or starts a triplet or a sequence
        if c[low] >= 2 and _t(table, key - 2 * POW5[low]) & SUIT_SETS:
            entry |= SUIT_SETS_PAIR
        elif c[low] >= 3 and _t(table, key - 3 * POW5[low]) & SUIT_SETS_PAIR:
            entry |= SUIT_SETS_PAIR
        elif (low <= 6 and c[low + 1] and c[low + 2] and _t(table, 
                key - POW5[low] - POW5[low + 1] - POW5[low + 2]) & SUIT_SETS_PAIR):
            entry |= SUIT_SETS_PAIR
        if not lv.odd[0] and lv.twos[0] == 1:
            entry |= SUIT_TRIPLETS
        if c[0] >= 2 and _t(table, key - 2) & SUIT_YAOJIU:
            entry |= SUIT_YAOJIU
        elif c[8] >= 2 and _t(table, key - 2 * POW5[8]) & SUIT_YAOJIU:
            entry |= SUIT_YAOJIU
    return entry


cdef inline uint32_t _wait_class(uint32_t entry, int size) noexcept nogil:
    """The wait class (W_EMPTY ... W_PAIR_NO) of a suit of ``size`` tiles and shape bits
    ``entry``."""
    if size == 0:
        return W_EMPTY
    if size % 3 == 0:
        return W_SETS if entry & SUIT_SETS else W_SETS_NO
    if size % 3 == 1:
        return W_ONE
    return W_PAIR if entry & SUIT_SETS_PAIR else W_PAIR_NO


cdef extern from *:
    """
    /* WAIT_COND[(void + 1) * 512 + c0 + 8 c1 + 64 c2] for the wait classes c of the three
       suits: bit s = suit s's completing ranks are waits, bit 3 = the void rule allows the
       hand (R4.4). Filled at import (_init_wait_cond). */
    static uint8_t XZ_WAIT_COND[2048];
    """
    uint8_t WAIT_COND "XZ_WAIT_COND"[2048]


cdef void _init_wait_cond() noexcept:
    """R7.3 on wait classes: a suit of 3n + 1 tiles is completed into the pair suit when the
    two others split into sets; a suit of 3n + 2 into sets when one other splits into sets
    and a pair and the third into sets. R4.4: no tile of the void suit; with no void, at
    most two suits held."""
    cdef int c[3]
    cdef int void, code, i, j, l, cond, ok, sets_j, sets_l
    for void in range(-1, 3):
        for code in range(512):
            c[0] = code & 7
            c[1] = (code >> 3) & 7
            c[2] = code >> 6
            if void >= 0:
                ok = c[void] == W_EMPTY
            else:
                ok = c[0] == W_EMPTY or c[1] == W_EMPTY or c[2] == W_EMPTY
            cond = 0
            for i in range(3):
                j = (i + 1) % 3
                l = (i + 2) % 3
                sets_j = c[j] == W_EMPTY or c[j] == W_SETS
                sets_l = c[l] == W_EMPTY or c[l] == W_SETS
                if c[i] == W_ONE and sets_j and sets_l:
                    cond |= 1 << i
                elif c[i] == W_PAIR or c[i] == W_PAIR_NO:
                    if (c[j] == W_PAIR and sets_l) or (c[l] == W_PAIR and sets_j):
                        cond |= 1 << i
            WAIT_COND[(void + 1) * 512 + code] = (cond | 8) if ok else 0


cdef int _build_tables() except -1:
    """Fill SUIT_WIN and SUIT_WAIT, visiting the keys of at most 14 tiles (405,350 of 5**9)
    in increasing order: every key a rule looks back at is smaller.

    An odometer over the nine digits (rank 1 lowest) that carries past any digit whose
    increment would exceed 14 tiles; per digit position it keeps what the entry needs of the
    digits from there up (_Levels), so a key costs its one changed digit, not nine. The
    completing ranks are pushed down as each complete key is made: a key that splits into
    sets (3n tiles), or into sets and a pair (3n + 2), gives rank r to the key minus one r,
    for every r it holds.

    Runs holding the GIL and calling no Python, and publishes SUIT_WAIT (the pointer
    _need_tables tests) last: two threads cannot both build, and no thread reads a table
    that is half built."""
    global SUIT_WIN, SUIT_WAIT
    cdef uint8_t* win = <uint8_t*> calloc(NREACH + NPAD, sizeof(uint8_t))
    cdef uint16_t* wait = <uint16_t*> calloc(NREACH + NPAD, sizeof(uint16_t))
    if win == NULL or wait == NULL:
        free(win)
        free(wait)
        raise MemoryError("xzcore.kernel._core: cannot allocate the suit tables")
    cdef int c[9]
    cdef _Levels lv
    cdef int r, tiles = 0
    cdef uint32_t key = 0, entry, i
    for r in range(10):
        if r < 9:
            c[r] = 0
        lv.low[r] = -1
        lv.twos[r] = 0
        lv.odd[r] = 0
        lv.bits[r] = SUIT_EVEN | SUIT_ONLY_258 | SUIT_ONLY_19
    while True:
        entry = _entry(win, key, c, tiles, &lv)
        i = _suit_index(key)
        win[i] = <uint8_t> entry
        # the ranks pushed down to this key by bigger ones come later: OR, not store
        wait[i] |= <uint16_t> _wait_class(entry, tiles)
        if entry & (SUIT_SETS | SUIT_SETS_PAIR):
            for r in range(9):
                if c[r]:
                    wait[_suit_index(key - POW5[r])] |= <uint16_t> (1u << (W_RANKS_SHIFT + r))
        # the next key of at most 14 tiles
        r = 0
        while r < 9 and (c[r] == 4 or tiles == MAX_TILES):
            key -= c[r] * POW5[r]
            tiles -= c[r]
            c[r] = 0
            r += 1
        if r == 9:
            break
        c[r] += 1
        tiles += 1
        key += POW5[r]
        _set_level(&lv, r, c[r])  # and the digits below r are 0 again
    SUIT_WIN = win
    SUIT_WAIT = wait
    return 0


cdef extern from *:
    """
    /* R7.1 + R4.4 from the three suits' shape bits (SUIT_SETS 1, SUIT_SETS_PAIR 2,
       SUIT_EVEN 4; bit 8: the suit holds a tile) of a hand of a win size, without a branch:
       over distinct hands a branch on the void, the size or the shape is a coin toss. */
    static const uint8_t XZ_VOID_OK[4] = {
        0x7F,  /* no void: not all three suits held (mask 7) */
        0x55,  /* void 0: suit 0 empty */
        0x33,  /* void 1 */
        0x0F,  /* void 2 */
    };
    static inline int xz_win3(uint32_t e0, uint32_t e1, uint32_t e2, int void_, int size) {
        unsigned held = ((e0 >> 8) & 1) | ((e1 >> 7) & 2) | ((e2 >> 6) & 4);
        unsigned ok = (XZ_VOID_OK[(void_ + 1) & 3] >> held) & 1;
        /* seven pairs (four identical count as two pairs) */
        unsigned seven = (size == 14) & ((e0 & e1 & e2 & 4) != 0);
        /* every suit splits and exactly one holds the pair: (e & 3) are 1, 1, 2 (a suit is
           never both: 3n versus 3n + 2 tiles), the only choice whose product is 2 */
        unsigned std = ((e0 & 3) * (e1 & 3) * (e2 & 3)) == 2;
        return (int) (ok & (seven | std));
    }
    /* xz_win3 of the suits at dense indices ix[0..2] of the shape table `t` (index 0: the
       empty suit, and only it) */
    static inline int xz_win_ix(const uint8_t* t, const uint32_t* ix, int void_, int size) {
        uint32_t e0 = t[ix[0]], e1 = t[ix[1]], e2 = t[ix[2]];
        unsigned held = (ix[0] != 0) | ((ix[1] != 0) << 1) | ((ix[2] != 0) << 2);
        unsigned even = (e0 & e1 & e2) & ((unsigned) (size == 14) << 2);
        unsigned std = ((e0 & 3) * (e1 & 3) * (e2 & 3)) == 2;
        return (int) ((XZ_VOID_OK[(void_ + 1) & 3] >> held) & ((even >> 2) | std) & 1);
    }
    """
    bint _win3 "xz_win3"(uint32_t e0, uint32_t e1, uint32_t e2, int void,
                         int size) noexcept nogil
    bint _win_ix "xz_win_ix"(const uint8_t* t, const uint32_t* ix, int void,
                             int size) noexcept nogil


cdef inline uint32_t _win_at(uint32_t i) noexcept nogil:
    """_win_entry of the suit at dense index ``i``."""
    return SUIT_WIN[i] | ((i != 0) << SUIT_NONEMPTY_SHIFT)


cdef inline bint _win_keys(const uint32_t* k, int void, int size) noexcept nogil:
    """_win3 of three suit keys."""
    return _win3(_win_entry(k[0]), _win_entry(k[1]), _win_entry(k[2]), void, size)


cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* Kinds held an odd number of times, as a 27-bit mask (SSE2: bit 0 of each byte moved
       to bit 7 and gathered; two overlapping 16-byte loads, bytes 0-15 and 11-26). */
    static inline uint32_t xz_odd_kinds(const uint8_t* p) {
    #if defined(__SSE2__)
        __m128i a = _mm_loadu_si128((const __m128i*) p);
        __m128i b = _mm_loadu_si128((const __m128i*) (p + 11));
        return (uint32_t) _mm_movemask_epi8(_mm_slli_epi16(a, 7))
               | ((uint32_t) _mm_movemask_epi8(_mm_slli_epi16(b, 7)) << 11);
    #else
        uint32_t odd = 0;
        int i;
        for (i = 0; i < 27; i++)
            odd |= (uint32_t) (p[i] & 1) << i;
        return odd;
    #endif
    }
    /* R7.3 waits bitmask (before any `held` exclusion) of a hand of a ready size from its
       three SUIT_WAIT entries, without a branch on the data: one look-up of the three wait
       classes and the void (XZ_WAIT_COND) says which suits' completing ranks are waits and
       whether the void rule allows the hand. Seven pairs (13 tiles): every count even but
       one, whose kind is the wait. */
    static inline uint32_t xz_waits3(const uint8_t* p, uint32_t w0, uint32_t w1, uint32_t w2,
                                     int void_, int size) {
        uint32_t t = XZ_WAIT_COND[(((uint32_t) (void_ + 1) & 3) << 9)
                                  | (w0 & 7) | ((w1 & 7) << 3) | ((w2 & 7) << 6)];
        uint32_t mask = ((w0 >> 7) & (0u - (t & 1))) | (((w1 >> 7) & (0u - ((t >> 1) & 1))) << 9)
                        | (((w2 >> 7) & (0u - ((t >> 2) & 1))) << 18);
        uint32_t odd = xz_odd_kinds(p);
        uint32_t seven = (size == 13) & (t >> 3) & (odd != 0) & ((odd & (odd - 1)) == 0);
        return mask | (odd & (0u - seven));
    }
    """
    uint32_t _waits3 "xz_waits3"(const uint8_t* p, uint32_t w0, uint32_t w1, uint32_t w2,
                                 int void, int size) noexcept nogil


cdef inline uint32_t _waits_keys(const uint8_t* p, const uint32_t* k, int void,
                                 int size) noexcept nogil:
    """_waits3 of three suit keys."""
    return _waits3(p, _wait_entry(k[0]), _wait_entry(k[1]), _wait_entry(k[2]), void, size)
