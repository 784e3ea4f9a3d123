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
#   SUIT_WAIT uint16 (792 KB): SUIT_SETS | SUIT_SETS_PAIR | SUIT_EVEN (bits 0-2), the suit's
#             size (bits 3-6), and the ranks whose addition completes the suit (bits 7-15:
#             into sets when the size is 3n + 2, into sets and a pair when it is 3n + 1; no
#             key has both); waits reads it.
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
    W_SIZE_SHIFT = 3   # SUIT_WAIT: bits 3-6 the suit's size
    W_RANKS_SHIFT = 7  # SUIT_WAIT: bits 7-15 the completing ranks
    RANKS_MASK = 511

cdef uint32_t POW5[10]
cdef uint32_t HI_OFF[3125]   # first index of the keys whose digits 4-8 are hi
cdef uint16_t LO_RANK[625]   # rank of digits 0-3 among the 625, by digit sum, then value
cdef uint8_t* SUIT_WIN = NULL    # NULL until the first call that reads the tables
cdef uint16_t* SUIT_WAIT = NULL


cdef inline uint32_t _suit_index(uint32_t key) noexcept nogil:
    """The dense index of a key of at most 14 tiles (0 for key 0 only)."""
    return HI_OFF[key // 625] + LO_RANK[key % 625]


cdef inline uint32_t _win_entry(uint32_t key) noexcept nogil:
    """The shape bits of a key, with SUIT_NONEMPTY when the suit holds a tile."""
    cdef uint32_t i = _suit_index(key)
    return SUIT_WIN[i] | ((i != 0) << SUIT_NONEMPTY_SHIFT)


cdef inline uint32_t _wait_entry(uint32_t key) noexcept nogil:
    return SUIT_WAIT[_suit_index(key)]


cdef inline int _wsize(uint32_t w) noexcept nogil:
    """The size of a suit from its SUIT_WAIT entry."""
    return (w >> W_SIZE_SHIFT) & 15


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
    """The entry of one suit (nine counts, at most 14 tiles) in the layout of one uint32
    (_core.pxd: the shape bits, the size, the completing ranks at SUIT_WSETS_SHIFT or
    SUIT_WPAIR_SHIFT): for the tests, which check every key against the twin."""
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
    entry = SUIT_WIN[_suit_index(key)] | (<uint32_t> _wsize(w) << SUIT_SIZE_SHIFT)
    if _wsize(w) % 3 == 2:
        entry |= (w >> W_RANKS_SHIFT) << SUIT_WSETS_SHIFT
    elif _wsize(w) % 3 == 1:
        entry |= (w >> W_RANKS_SHIFT) << SUIT_WPAIR_SHIFT
    return entry


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
        wait[i] |= <uint16_t> ((entry & (SUIT_SETS | SUIT_SETS_PAIR | SUIT_EVEN))
                               | (<uint32_t> tiles << W_SIZE_SHIFT))
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


cdef inline bint _void_ok(uint32_t e0, uint32_t e1, uint32_t e2, int void) noexcept nogil:
    """R4.4: no tile of the void suit; with no declaration, at most two suits (entries of
    _win_entry)."""
    if void == 0:
        return not _nonempty(e0)
    if void == 1:
        return not _nonempty(e1)
    if void == 2:
        return not _nonempty(e2)
    return not (_nonempty(e0) and _nonempty(e1) and _nonempty(e2))


cdef inline bint _win3(uint32_t e0, uint32_t e1, uint32_t e2, int void, int size) noexcept nogil:
    """R7.1 + R4.4 from the three _win_entry of a hand of a win size."""
    cdef uint32_t a, b, c
    if not _void_ok(e0, e1, e2, void):
        return 0
    if size == 14 and (e0 & e1 & e2 & SUIT_EVEN):
        return 1  # seven pairs; four identical count as two pairs
    a = e0 & 3
    b = e1 & 3
    c = e2 & 3
    # every suit splits; exactly one holds the pair: 2 + 1 + 1
    return a != 0 and b != 0 and c != 0 and a + b + c == 4


cdef inline bint _win_keys(const uint32_t* k, int void, int size) noexcept nogil:
    """_win3 of three suit keys."""
    return _win3(_win_entry(k[0]), _win_entry(k[1]), _win_entry(k[2]), void, size)


cdef inline uint32_t _waits3(const uint8_t* p, uint32_t w0, uint32_t w1, uint32_t w2,
                             int void, int size) noexcept nogil:
    """R7.3 waits bitmask (before any `held` exclusion) from the three SUIT_WAIT entries."""
    cdef uint32_t w[3]
    cdef uint32_t mask = 0, odd_mask
    cdef int m[3]
    cdef int i, j, l, r, odd_count
    w[0] = w0
    w[1] = w1
    w[2] = w2
    if void >= 0:
        if _wsize(w[void]) != 0:
            return 0  # holding a void-suit tile: not ready
    elif _wsize(w0) and _wsize(w1) and _wsize(w2):
        return 0  # three suits and no room to drop one (R4.4)
    for i in range(3):
        m[i] = _wsize(w[i]) % 3
    for i in range(3):
        j = (i + 1) % 3
        l = (i + 2) % 3
        if m[i] == 1:
            # the new tile makes this suit the pair suit
            if (w[j] & SUIT_SETS) and (w[l] & SUIT_SETS):
                mask |= (w[i] >> W_RANKS_SHIFT) << (9 * i)
        elif m[i] == 2:
            # the new tile completes this suit into sets; another suit holds the pair
            if (m[j] == 2 and (w[j] & SUIT_SETS_PAIR) and (w[l] & SUIT_SETS)) or (
                    m[l] == 2 and (w[l] & SUIT_SETS_PAIR) and (w[j] & SUIT_SETS)):
                mask |= (w[i] >> W_RANKS_SHIFT) << (9 * i)
    if size == 13:
        # seven pairs: every count even but one; that kind is the wait
        for i in range(3):
            if (w[(i + 1) % 3] & w[(i + 2) % 3] & SUIT_EVEN) and not (w[i] & SUIT_EVEN):
                odd_count = 0
                odd_mask = 0
                for r in range(9 * i, 9 * i + 9):
                    if p[r] & 1:
                        odd_count += 1
                        odd_mask = 1u << r
                if odd_count == 1:
                    mask |= odd_mask
    return mask


cdef inline uint32_t _waits_keys(const uint8_t* p, const uint32_t* k, int void,
                                 int size) noexcept nogil:
    """_waits3 of three suit keys."""
    return _waits3(p, _wait_entry(k[0]), _wait_entry(k[1]), _wait_entry(k[2]), void, size)
