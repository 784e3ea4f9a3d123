# Per-suit tables of the compiled kernel (included by _core.pyx; see ../shared/PERF.md).
#
# A suit's key is its nine counts as a base-5 number, sum(c[r] * 5**r): 5**9 keys, one uint32
# entry each (bits in _core.pxd). Adding a tile of rank r adds 5**r to the key, so a Hand keeps
# its three keys current and answers is_win / waits with three table reads.

from libc.stdlib cimport calloc


cdef enum:
    NKEYS = 1953125
    SIZE_MASK = 63
    RANKS_MASK = 511
    MAX_TILES = 14  # keys of more tiles are left 0: no checked hand reaches them

cdef uint32_t POW5[10]
cdef uint32_t* SUIT_TABLE = NULL  # NULL until the first call that reads it (_need_tables)


cdef inline uint32_t _suit_size(uint32_t entry) noexcept nogil:
    return (entry >> SUIT_SIZE_SHIFT) & SIZE_MASK


cdef void _init_pow5() noexcept:
    """POW5[r] = 5**r (Hand.add and .remove step a key with it: needed before any table)."""
    cdef int r
    POW5[0] = 1
    for r in range(1, 10):
        POW5[r] = POW5[r - 1] * 5


cdef extern from *:
    """
    /* the table is there on every call but the first: keep the build out of the hot path */
    #define XZ_UNBUILT(p) __builtin_expect((p) == NULL, 0)
    """
    bint _unbuilt "XZ_UNBUILT"(const uint32_t* table) noexcept nogil


cdef inline int _need_tables() except -1:
    """Build SUIT_TABLE on the first call that needs it: every function that reads the
    table calls this first (the single calls through _checked_keys, the batches before they
    release the GIL, a Hand when it is made), so importing the kernel builds nothing."""
    if _unbuilt(SUIT_TABLE):
        return _build_tables()
    return 0


def _tables_built():
    """Has the suit table been built yet (for the tests: importing the kernel does not
    build it, the first call that reads it does)?"""
    return SUIT_TABLE != NULL


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


cdef inline uint32_t _entry(const uint32_t* table, uint32_t key, const int* c, int size,
                            const _Levels* lv) noexcept nogil:
    """The entry of ``key`` (digits ``c``, ``size`` tiles; level 0 of ``lv``) from the
    entries of smaller keys: R7.1, the lowest rank held starts a triplet or a sequence, or
    (3n + 2 tiles) holds the pair."""
    cdef int low = lv.low[0]
    cdef uint32_t entry = ((<uint32_t> size) << SUIT_SIZE_SHIFT) | lv.bits[0]
    if size % 3 == 0:
        if low < 0:
            return entry | SUIT_SETS | SUIT_TRIPLETS | SUIT_YAOJIU
        if c[low] >= 3 and table[key - 3 * POW5[low]] & SUIT_SETS:
            entry |= SUIT_SETS
        elif (low <= 6 and c[low + 1] and c[low + 2] and table[
                key - POW5[low] - POW5[low + 1] - POW5[low + 2]] & SUIT_SETS):
            entry |= SUIT_SETS
        if not lv.odd[0] and lv.twos[0] == 0:
            entry |= SUIT_TRIPLETS
        # 带幺九: sets 111, 123, 789, 999 only.
        if low == 0:
            if c[0] >= 3 and table[key - 3] & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
            elif c[1] and c[2] and table[key - 1 - 5 - 25] & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
        elif low == 6:
            if c[7] and c[8] and table[key - POW5[6] - POW5[7] - POW5[8]] & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
        elif low == 8:
            if c[8] >= 3 and table[key - 3 * POW5[8]] & SUIT_YAOJIU:
                entry |= SUIT_YAOJIU
    elif size % 3 == 2:
        # the lowest rank holds the pair, or starts a triplet or a sequence
        if c[low] >= 2 and table[key - 2 * POW5[low]] & SUIT_SETS:
            entry |= SUIT_SETS_PAIR
        elif c[low] >= 3 and table[key - 3 * POW5[low]] & SUIT_SETS_PAIR:
            entry |= SUIT_SETS_PAIR
        elif (low <= 6 and c[low + 1] and c[low + 2] and table[
                key - POW5[low] - POW5[low + 1] - POW5[low + 2]] & SUIT_SETS_PAIR):
            entry |= SUIT_SETS_PAIR
        if not lv.odd[0] and lv.twos[0] == 1:
            entry |= SUIT_TRIPLETS
        if c[0] >= 2 and table[key - 2] & SUIT_YAOJIU:
            entry |= SUIT_YAOJIU
        elif c[8] >= 2 and table[key - 2 * POW5[8]] & SUIT_YAOJIU:
            entry |= SUIT_YAOJIU
    return entry


cdef int _build_tables() except -1:
    """Fill SUIT_TABLE, visiting only the keys of at most 14 tiles (405,350 of 5**9; no
    checked hand reaches the others, which stay 0), in increasing order: every key a rule
    looks back at is smaller.

    An odometer over the nine digits (rank 1 lowest) that carries past any digit whose
    increment would exceed 14 tiles; per digit position it keeps what the entry needs of the
    digits from there up (_Levels), so a key costs its one changed digit, not nine. The
    waits bits (ranks whose addition completes the suit) are pushed down as each complete
    key is made: a key of 3n tiles that splits into sets gives rank r to the SUIT_WSETS bits
    of the key minus one r, for every r it holds; 3n + 2 likewise to SUIT_WPAIR.

    Runs holding the GIL, calling no Python: two threads cannot both build."""
    global SUIT_TABLE
    cdef uint32_t* table = <uint32_t*> calloc(NKEYS, sizeof(uint32_t))
    if table == NULL:
        raise MemoryError("xzcore.kernel._core: cannot allocate the suit table")
    cdef int c[9]
    cdef _Levels lv
    cdef int r, tiles = 0
    cdef uint32_t key = 0, entry, bit
    for r in range(10):
        if r < 9:
            c[r] = 0
        lv.low[r] = -1
        lv.twos[r] = 0
        lv.odd[r] = 0
        lv.bits[r] = SUIT_EVEN | SUIT_ONLY_258 | SUIT_ONLY_19
    while True:
        entry = _entry(table, key, c, tiles, &lv)
        table[key] = entry
        if entry & (SUIT_SETS | SUIT_SETS_PAIR):
            bit = (1u << SUIT_WSETS_SHIFT) if entry & SUIT_SETS else (1u << SUIT_WPAIR_SHIFT)
            for r in range(9):
                if c[r]:
                    table[key - POW5[r]] |= bit << r
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
    SUIT_TABLE = table
    return 0


cdef inline bint _void_ok(uint32_t e0, uint32_t e1, uint32_t e2, int void) noexcept nogil:
    """R4.4: no tile of the void suit; with no declaration, at most two suits."""
    if void == 0:
        return _suit_size(e0) == 0
    if void == 1:
        return _suit_size(e1) == 0
    if void == 2:
        return _suit_size(e2) == 0
    return _suit_size(e0) == 0 or _suit_size(e1) == 0 or _suit_size(e2) == 0


cdef inline bint _win3(uint32_t e0, uint32_t e1, uint32_t e2, int void, int size) noexcept nogil:
    """R7.1 + R4.4 from the three suit entries of a hand of a win size."""
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


cdef inline uint32_t _waits3(const uint8_t* p, uint32_t e0, uint32_t e1, uint32_t e2,
                             int void, int size) noexcept nogil:
    """R7.3 waits bitmask (before any `held` exclusion) from the three suit entries."""
    cdef uint32_t e[3]
    cdef uint32_t mask = 0, odd_mask
    cdef int m[3]
    cdef int i, j, l, r, odd_count
    e[0] = e0
    e[1] = e1
    e[2] = e2
    if void >= 0:
        if _suit_size(e[void]) != 0:
            return 0  # holding a void-suit tile: not ready
    elif _suit_size(e0) and _suit_size(e1) and _suit_size(e2):
        return 0  # three suits and no room to drop one (R4.4)
    for i in range(3):
        m[i] = _suit_size(e[i]) % 3
    for i in range(3):
        j = (i + 1) % 3
        l = (i + 2) % 3
        if m[i] == 1:
            # the new tile makes this suit the pair suit
            if (e[j] & SUIT_SETS) and (e[l] & SUIT_SETS):
                mask |= ((e[i] >> SUIT_WPAIR_SHIFT) & RANKS_MASK) << (9 * i)
        elif m[i] == 2:
            # the new tile completes this suit into sets; another suit holds the pair
            if (m[j] == 2 and (e[j] & SUIT_SETS_PAIR) and (e[l] & SUIT_SETS)) or (
                    m[l] == 2 and (e[l] & SUIT_SETS_PAIR) and (e[j] & SUIT_SETS)):
                mask |= ((e[i] >> SUIT_WSETS_SHIFT) & RANKS_MASK) << (9 * i)
    if size == 13:
        # seven pairs: every count even but one; that kind is the wait
        for i in range(3):
            if (e[(i + 1) % 3] & e[(i + 2) % 3] & SUIT_EVEN) and not (e[i] & SUIT_EVEN):
                odd_count = 0
                odd_mask = 0
                for r in range(9 * i, 9 * i + 9):
                    if p[r] & 1:
                        odd_count += 1
                        odd_mask = 1u << r
                if odd_count == 1:
                    mask |= odd_mask
    return mask
