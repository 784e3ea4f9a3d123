# The splits of a suit (decompose.suit_splits) and the choice per shape (decompose.choose),
# for xzcore/scoring/_scorer.pyx (included there).

cdef enum:
    MAX_SPLITS = 16  # splits of one suit kept; more and the call declines (a suit has ≤ 4)
    MAX_BLOCKS = 8   # blocks of one split (14 tiles: at most 4 sets and a pair)
    PAIR = 0         # block codes: shape * 27 + tile
    SEQUENCE = 1
    TRIPLET = 2
    F_NO_SEQUENCE = 1  # split flags: no sequence (对对胡 shape) ...
    F_YAOJIU = 2       # ... every block holds a 1 or a 9 (带幺九 shape)

cdef struct Splits:
    int n
    int overflow
    uint8_t flags[MAX_SPLITS]
    uint8_t size[MAX_SPLITS]
    uint8_t blocks[MAX_SPLITS][MAX_BLOCKS]

# decompose.choose by shape, asked on first use: a Best and its value. Ordinary shapes by
# no-sequence | 1-or-9 << 1 | one suit << 2 | 2/5/8 << 3 | 金钩钓 << 4 | 十八罗汉 << 5 | 根 << 6
# | additive << 9 | yaojiu_jiangdui << 10; seven pairs by 龙 | one suit << 1 | 2/5/8 << 2
# | 根 << 3 | additive << 6 | yaojiu_jiangdui << 7.
cdef list _PLAIN = [None] * 2048
cdef list _PAIRS = [None] * 256
cdef long long _PLAIN_V[2048]
cdef long long _PAIRS_V[256]
for _m in range(2048):
    _PLAIN_V[_m] = -1
for _m in range(256):
    _PAIRS_V[_m] = -1

cdef long long _ask(list cache, long long* values, int key, object shape, int gen,
                    bint additive, bint yaojiu_opt) except -2:
    """decompose.choose(shape, gen, model, option): kept in ``cache[key]``, its value in
    ``values[key]``; -1 when the value is out of the range compared in C (never, R8.3/R8.4)."""
    best = _CHOOSE(shape, gen, _ADDITIVE if additive else _TABLE, yaojiu_opt)
    if not isinstance(best, tuple) or len(best) != 7:
        return -1
    value = best[0]
    if type(value) is not int or not 0 < value < (1 << 40):
        return -1
    cache[key] = best
    values[key] = value
    return value


cdef inline long long _plain(int key) except -2:
    cdef long long v = _PLAIN_V[key]
    if v >= 0:
        return v
    shape = _SHAPE(False, False, bool(key & 1), bool(key >> 1 & 1), bool(key >> 2 & 1),
                  bool(key >> 3 & 1), bool(key >> 4 & 1), bool(key >> 5 & 1))
    return _ask(_PLAIN, _PLAIN_V, key, shape, key >> 6 & 7, key >> 9 & 1, key >> 10 & 1)


cdef inline long long _pairs(int key) except -2:
    cdef long long v = _PAIRS_V[key]
    if v >= 0:
        return v
    shape = _SHAPE(True, bool(key & 1), False, False, bool(key >> 1 & 1), bool(key >> 2 & 1),
                  False, False)
    return _ask(_PAIRS, _PAIRS_V, key, shape, key >> 3 & 7, key >> 6 & 1, key >> 7 & 1)


cdef void _walk(uint8_t* c, int r, int base, uint8_t* cur, int ncur, bint pair,
                Splits* out) noexcept nogil:
    """decompose.suit_splits's walk: every split of the suit's counts ``c`` (ranks from
    ``r``) into sets and at most one pair, appended to ``out`` in the same order."""
    cdef int n, t, p, q, i, k, tmax, pmax, code, rank
    cdef uint8_t flags
    while r < 9 and c[r] == 0:
        r += 1
    if r == 9:
        if out.n >= MAX_SPLITS:
            out.overflow = 1
            return
        flags = F_NO_SEQUENCE | F_YAOJIU
        for i in range(ncur):
            code = cur[i]
            out.blocks[out.n][i] = code
            rank = (code % 27) % 9
            if code // 27 == SEQUENCE:
                flags &= ~F_NO_SEQUENCE
                if rank != 0 and rank != 6:
                    flags &= ~F_YAOJIU
            elif rank != 0 and rank != 8:
                flags &= ~F_YAOJIU
        out.flags[out.n] = flags
        out.size[out.n] = ncur
        out.n += 1
        return
    n = c[r]
    tmax = 2 if n >= 3 else 1
    for t in range(tmax):
        pmax = 2 if (not pair and n - 3 * t >= 2) else 1
        for p in range(pmax):
            q = n - 3 * t - 2 * p
            if q and (r > 6 or c[r + 1] < q or c[r + 2] < q):
                continue
            if ncur + t + p + q > MAX_BLOCKS:
                out.overflow = 1
                return
            k = ncur
            for i in range(t):
                cur[k] = TRIPLET * 27 + base + r
                k += 1
            for i in range(p):
                cur[k] = PAIR * 27 + base + r
                k += 1
            for i in range(q):
                cur[k] = SEQUENCE * 27 + base + r
                k += 1
            c[r] = 0
            if q:
                c[r + 1] -= q
                c[r + 2] -= q
            _walk(c, r + 1, base, cur, k, pair or p == 1, out)
            c[r] = n
            if q:
                c[r + 1] += q
                c[r + 2] += q


cdef bint _split_suit(const uint8_t* counts, int suit, Splits* out) noexcept nogil:
    """Fill ``out`` with the splits of one suit (none for 3n + 1 tiles); False on overflow."""
    cdef uint8_t c[9]
    cdef uint8_t cur[MAX_BLOCKS]
    cdef int r, total = 0
    for r in range(9):
        c[r] = counts[9 * suit + r]
        total += c[r]
    out.n = 0
    out.overflow = 0
    if total % 3 != 1:
        _walk(c, 0, 9 * suit, cur, 0, total % 3 == 0, out)
    return not out.overflow
