# Shanten (向听) of the compiled kernel (included by _core.pyx).
#
# Same definition as the twin: min |W - H| - 1 over the complete hands W (R7.1, R4.4) of the
# concealed size rounded up to 14 - 3k. Per suit, a walk over the ranks finds the fewest tiles
# to buy for each (sets, pair) target; results are cached per suit, at the suit's dense index
# (_suit_index: 10 bytes x 405,350 keys, 4 MB, was 10 x 5**9 = 19.5 MB), computed on first use.

from libc.stdlib cimport calloc

cdef enum:
    COST_SLOTS = 10      # (sets 0-4) x (pair 0-1)
    NO_COST = 99
    SHANTEN_NOT_HELD = 127  # shanten_discards: the kind is not held

# cost + 1 per (suit index, slot); 0 = not computed yet
cdef uint8_t* COST_CACHE = NULL


cdef extern from *:
    """
    /* A cache entry is published by its slot 0, stored last with release order and read
       with acquire order: a thread that sees it done (shanten_batch runs without the GIL,
       possibly in several threads at once) sees the other nine slots written. Two threads
       that fill one entry at once write the same bytes. */
    #define XZ_LOAD_ACQUIRE(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
    #define XZ_STORE_RELEASE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
    """
    uint8_t _load_acquire "XZ_LOAD_ACQUIRE"(const uint8_t* p) noexcept nogil
    void _store_release "XZ_STORE_RELEASE"(uint8_t* p, uint8_t v) noexcept nogil


cdef int _init_cost_cache() except -1:
    """Allocate the cache at import: calloc'd pages cost nothing until a shanten touches
    them."""
    global COST_CACHE
    COST_CACHE = <uint8_t*> calloc((NREACH + NPAD) * COST_SLOTS, sizeof(uint8_t))
    if COST_CACHE == NULL:
        raise MemoryError("xzcore.kernel._core: cannot allocate the shanten cache")
    return 0


cdef void _suit_costs(const uint8_t* c, uint8_t* out) noexcept nogil:
    """out[sets * 2 + pair] = fewest tiles to add so that the suit contains that many sets
    and pairs (tiles left over are discarded)."""
    # state index: ((one_back * 5 + two_back) * 5 + sets) * 2 + pairs
    cdef uint8_t cur[250]
    cdef uint8_t nxt[250]
    cdef int rank, ob, tb, sets, pairs, ns, trip, pr, need, total, idx, cost, bought, max_ns
    cdef int i
    for i in range(250):
        cur[i] = NO_COST
    cur[0] = 0
    for rank in range(9):
        for i in range(250):
            nxt[i] = NO_COST
        max_ns = 4 if rank <= 6 else 0
        for ob in range(5):
            for tb in range(5 - ob):
                for sets in range(5):
                    for pairs in range(2):
                        cost = cur[((ob * 5 + tb) * 5 + sets) * 2 + pairs]
                        if cost == NO_COST:
                            continue
                        for ns in range(max_ns + 1):
                            for trip in range(2):
                                for pr in range(2 - pairs):
                                    need = ob + tb + ns + 3 * trip + 2 * pr
                                    total = sets + ns + trip
                                    if need > 4 or total > 4:
                                        continue
                                    bought = cost + (need - c[rank] if need > c[rank] else 0)
                                    idx = ((ns * 5 + ob) * 5 + total) * 2 + pairs + pr
                                    if bought < nxt[idx]:
                                        nxt[idx] = bought
        for i in range(250):
            cur[i] = nxt[i]
    for i in range(COST_SLOTS):
        out[i] = NO_COST
    for sets in range(5):
        for pairs in range(2):
            cost = cur[sets * 2 + pairs]  # one_back = two_back = 0
            if cost < out[sets * 2 + pairs]:
                out[sets * 2 + pairs] = cost


cdef const uint8_t* _cached_costs(const uint8_t* c, uint32_t key) noexcept nogil:
    """The cost slots of the suit of counts ``c`` and key ``key`` (stored + 1 so that 0
    means "not computed")."""
    cdef uint8_t* slot = COST_CACHE + <size_t> _suit_index(key) * COST_SLOTS
    cdef uint8_t tmp[COST_SLOTS]
    cdef int i
    if _load_acquire(slot) == 0:
        _suit_costs(c, tmp)
        for i in range(1, COST_SLOTS):
            slot[i] = tmp[i] + 1
        _store_release(slot, tmp[0] + 1)  # last: it marks the entry done
    return slot


cdef inline void _pairs_odd(const uint8_t* p, int* pairs, int* odd) noexcept nogil:
    """Per suit: the pairs held (four identical = two) and the kinds held an odd number of
    times (for seven pairs)."""
    cdef int i, suit
    for suit in range(3):
        pairs[suit] = 0
        odd[suit] = 0
        for i in range(9 * suit, 9 * suit + 9):
            pairs[suit] += p[i] >> 1
            odd[suit] += p[i] & 1


cdef int _shanten(const uint8_t* p, const uint32_t* k, int size, int void) noexcept nogil:
    cdef const uint8_t* costs[3]
    cdef int pairs[3]
    cdef int odd[3]
    cdef int i
    for i in range(3):
        costs[i] = _cached_costs(p + 9 * i, k[i])
    _pairs_odd(p, pairs, odd)
    return _shanten_of(costs, pairs, odd, size, void)


cdef int _shanten_of(
    const uint8_t** costs, const int* suit_pairs, const int* suit_odd, int size, int void
) noexcept nogil:
    """The shanten of a hand of ``size`` tiles whose three suits have the cost slots
    ``costs`` and the seven-pairs counts ``suit_pairs`` / ``suit_odd``."""
    cdef int n = (size - 1) // 3
    cdef int best = NO_COST, v, v_lo, v_hi, ps, s0, s1, s2, cost, i, pairs, odd, missing
    if void >= 0:
        v_lo = void
        v_hi = void
    else:
        v_lo = 0
        v_hi = 2
    for v in range(v_lo, v_hi + 1):
        # four sets and a pair: the sets and the pair shared among the two usable suits
        for ps in range(3):
            if ps == v:
                continue
            for s0 in range(5):
                if v == 0 and s0:
                    break
                for s1 in range(5):
                    if v == 1 and s1:
                        break
                    s2 = n - s0 - s1
                    if s2 < 0 or s2 > 4 or (v == 2 and s2):
                        continue
                    cost = 0
                    if v != 0:
                        cost += costs[0][s0 * 2 + (ps == 0)] - 1
                    if v != 1:
                        cost += costs[1][s1 * 2 + (ps == 1)] - 1
                    if v != 2:
                        cost += costs[2][s2 * 2 + (ps == 2)] - 1
                    if cost < best:
                        best = cost
        if size >= 13:
            # seven pairs: pairs held cost nothing (four identical = two), an odd count one
            # tile, a new pair two
            pairs = 0
            odd = 0
            for i in range(3):
                if i != v:
                    pairs += suit_pairs[i]
                    odd += suit_odd[i]
            missing = 7 - pairs if pairs < 7 else 0
            cost = (missing if missing < odd else odd) + 2 * (missing - odd if missing > odd else 0)
            if cost < best:
                best = cost
    return best - 1


cdef void _shanten_discards(
    const uint8_t* p, const uint32_t* k, int size, int void, int8_t* out
) noexcept nogil:
    """out[kind] = the shanten after discarding one tile of ``kind`` (SHANTEN_NOT_HELD for a
    kind not held). Only the discarded tile's suit changes: the other two suits' cost slots
    and seven-pairs counts are worked out once."""
    cdef const uint8_t* costs[3]
    cdef const uint8_t* own
    cdef int pairs[3]
    cdef int odd[3]
    cdef int own_pairs, own_odd, n
    cdef uint8_t q[9]
    cdef int i, suit, rank, kind
    for i in range(3):
        costs[i] = _cached_costs(p + 9 * i, k[i])
    _pairs_odd(p, pairs, odd)
    for suit in range(3):
        own = costs[suit]
        own_pairs = pairs[suit]
        own_odd = odd[suit]
        memcpy(q, p + 9 * suit, 9)
        for rank in range(9):
            kind = 9 * suit + rank
            n = p[kind]
            if n == 0:
                out[kind] = SHANTEN_NOT_HELD
                continue
            q[rank] = n - 1
            costs[suit] = _cached_costs(q, k[suit] - POW5[rank])
            pairs[suit] = own_pairs - (n >> 1) + ((n - 1) >> 1)
            odd[suit] = own_odd - (n & 1) + ((n - 1) & 1)
            out[kind] = <int8_t> _shanten_of(costs, pairs, odd, size - 1, void)
            q[rank] = n
        costs[suit] = own
        pairs[suit] = own_pairs
        odd[suit] = own_odd
