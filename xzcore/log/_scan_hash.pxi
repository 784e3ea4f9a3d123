# Included by _scan.pyx: the scanner's BLAKE2b-256 (L2) as Python functions, for tests
# against hashlib and for benchmarks (the lane kernel in use).


def blake2b_256(bytes data not None):
    """BLAKE2b-256 of ``data`` by the scanner's C code (for tests against hashlib)."""
    cdef uint8_t out[_HASH]
    xz_b2b256_two(<const uint8_t *>PyBytes_AS_STRING(data), <size_t>PyBytes_GET_SIZE(data),
                  NULL, 0, out)
    return PyBytes_FromStringAndSize(<const char *>out, _HASH)


def chain_hash(bytes prev not None, bytes body not None):
    """One L2 chain step, BLAKE2b-256(prev ‖ body), as the scanner computes it (``prev`` of
    32 bytes by the chain step proper, of any other length by the general update)."""
    cdef uint8_t out[_HASH]
    cdef const uint8_t *p = <const uint8_t *>PyBytes_AS_STRING(prev)
    cdef const uint8_t *b = <const uint8_t *>PyBytes_AS_STRING(body)
    cdef size_t n = <size_t>PyBytes_GET_SIZE(body)
    if PyBytes_GET_SIZE(prev) == _HASH:
        xz_b2b256_chain(p, b, n, out)
    else:
        xz_b2b256_two(p, <size_t>PyBytes_GET_SIZE(prev), b, n, out)
    return PyBytes_FromStringAndSize(<const char *>out, _HASH)


def _use_lanes(int kind):
    """For tests and benchmarks: check one-block records with lane kernel ``kind`` (2
    AVX-512, 1 AVX2, 0 one at a time), or the best this CPU runs if it runs none better.
    Returns the kernel now in use."""
    global _lanes
    _lanes = min(max(kind, 0), _LANES_BEST)
    return _lanes


def _check_batch(list prevs not None, list bodies not None, list wants not None):
    """For tests: queue each (prev, body, want) chain step (one block each: body of at most
    96 bytes) and check them with the lane kernel in use, eight at a time. True when every
    step's digest is its want."""
    cdef xz_b2b_batch batch
    cdef bint ok = True
    cdef bytes p, b, w
    batch.n = 0
    for p, b, w in zip(prevs, bodies, wants):
        if len(p) != _HASH or len(w) != _HASH or len(b) > 128 - _HASH:
            raise ValueError("one-block steps only: prev and want of 32 bytes, body <= 96")
        xz_b2b_batch_add(&batch, <const uint8_t *>PyBytes_AS_STRING(p),
                         <const uint8_t *>PyBytes_AS_STRING(b), <size_t>len(b),
                         <const uint8_t *>PyBytes_AS_STRING(w))
        if batch.n == XZ_B2B_LANES:
            ok &= xz_b2b_batch_check(&batch, _lanes)
    return bool(ok & xz_b2b_batch_check(&batch, _lanes))
