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

cdef uint32_t POW5[10]
cdef uint32_t* SUIT_TABLE = NULL


cdef inline uint32_t _suit_size(uint32_t entry) noexcept nogil:
    return (entry >> SUIT_SIZE_SHIFT) & SIZE_MASK


cdef int _build_tables() except -1:
    """Fill SUIT_TABLE in increasing key order: every key a rule looks back at is smaller.

    Only keys of at most 14 tiles are filled (~405k of 5**9): no checked hand reaches the
    others (a hand holds at most 14 concealed tiles), and they stay 0."""
    global SUIT_TABLE
    cdef uint32_t* table = <uint32_t*> calloc(NKEYS, sizeof(uint32_t))
    if table == NULL:
        raise MemoryError("xzcore.kernel._core: cannot allocate the suit table")
    cdef int c[9]
    cdef int r, low, size, twos, bad_trip, only258, only19, has4, even, tiles = 0
    cdef uint32_t key, entry, waits_sets, waits_pair, grown
    POW5[0] = 1
    for r in range(1, 10):
        POW5[r] = POW5[r - 1] * 5
    for r in range(9):
        c[r] = 0
    with nogil:
        for key in range(<uint32_t> NKEYS):
            if key:
                # base-5 increment of the digits, keeping the tile count
                r = 0
                while c[r] == 4:
                    c[r] = 0
                    tiles -= 4
                    r += 1
                c[r] += 1
                tiles += 1
            if tiles > 14:
                continue
            size = 0
            low = -1
            twos = 0
            bad_trip = 0
            only258 = 1
            only19 = 1
            has4 = 0
            even = 1
            for r in range(9):
                size += c[r]
                if c[r]:
                    if low < 0:
                        low = r
                    if r != 1 and r != 4 and r != 7:
                        only258 = 0
                    if r != 0 and r != 8:
                        only19 = 0
                if c[r] == 2:
                    twos += 1
                elif c[r] == 1 or c[r] == 4:
                    bad_trip = 1
                if c[r] == 4:
                    has4 = 1
                if c[r] & 1:
                    even = 0
            entry = (<uint32_t> size) << SUIT_SIZE_SHIFT
            if even:
                entry |= SUIT_EVEN
            if only258:
                entry |= SUIT_ONLY_258
            if only19:
                entry |= SUIT_ONLY_19
            if has4:
                entry |= SUIT_HAS_FOUR
            if size % 3 == 0:
                if low < 0:
                    entry |= SUIT_SETS | SUIT_TRIPLETS | SUIT_YAOJIU
                else:
                    # R7.1: the lowest rank starts a triplet or a sequence.
                    if c[low] >= 3 and table[key - 3 * POW5[low]] & SUIT_SETS:
                        entry |= SUIT_SETS
                    elif (low <= 6 and c[low + 1] and c[low + 2] and table[
                            key - POW5[low] - POW5[low + 1] - POW5[low + 2]] & SUIT_SETS):
                        entry |= SUIT_SETS
                    if not bad_trip and twos == 0:
                        entry |= SUIT_TRIPLETS
                    # 带幺九: sets 111, 123, 789, 999 only.
                    if low == 0:
                        if c[0] >= 3 and table[key - 3] & SUIT_YAOJIU:
                            entry |= SUIT_YAOJIU
                        elif c[1] and c[2] and table[key - 1 - 5 - 25] & SUIT_YAOJIU:
                            entry |= SUIT_YAOJIU
                    elif low == 6:
                        if c[7] and c[8] and table[
                                key - POW5[6] - POW5[7] - POW5[8]] & SUIT_YAOJIU:
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
                if not bad_trip and twos == 1:
                    entry |= SUIT_TRIPLETS
                if c[0] >= 2 and table[key - 2] & SUIT_YAOJIU:
                    entry |= SUIT_YAOJIU
                elif c[8] >= 2 and table[key - 2 * POW5[8]] & SUIT_YAOJIU:
                    entry |= SUIT_YAOJIU
            table[key] = entry
        # Second pass: per-suit waits, ranks whose addition completes the suit.
        for r in range(9):
            c[r] = 0
        tiles = 0
        for key in range(<uint32_t> NKEYS):
            if key:
                r = 0
                while c[r] == 4:
                    c[r] = 0
                    tiles -= 4
                    r += 1
                c[r] += 1
                tiles += 1
            if tiles > 13:
                continue
            waits_sets = 0
            waits_pair = 0
            for r in range(9):
                if c[r] < 4:
                    grown = table[key + POW5[r]]
                    if grown & SUIT_SETS:
                        waits_sets |= 1u << r
                    if grown & SUIT_SETS_PAIR:
                        waits_pair |= 1u << r
            table[key] |= (waits_sets << SUIT_WSETS_SHIFT) | (waits_pair << SUIT_WPAIR_SHIFT)
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
