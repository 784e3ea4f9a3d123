# cython: language_level=3
"""C-level declarations of the compiled kernel, for other Cython modules to ``cimport``."""

from libc.stdint cimport uint8_t, uint32_t


cdef enum:
    # Bits of a per-suit table entry (one uint32 per base-5 key of a suit's nine counts).
    SUIT_SETS = 1          # splits into sets (3n tiles)
    SUIT_SETS_PAIR = 2     # splits into sets and one pair (3n + 2 tiles)
    SUIT_EVEN = 4          # every count even (seven pairs)
    SUIT_TRIPLETS = 8      # splits into triplets (and the pair): 对对胡 shape
    SUIT_YAOJIU = 16       # splits so that every set and the pair hold a 1 or a 9: 带幺九
    SUIT_ONLY_258 = 32     # every tile is a 2, 5 or 8: 将对 shape
    SUIT_ONLY_19 = 64      # every tile is a 1 or a 9
    SUIT_HAS_FOUR = 128    # some count is 4
    SUIT_SIZE_SHIFT = 8    # 6 bits: number of tiles in the suit
    SUIT_WSETS_SHIFT = 14  # 9 bits: ranks whose addition makes the suit SUIT_SETS
    SUIT_WPAIR_SHIFT = 23  # 9 bits: ranks whose addition makes the suit SUIT_SETS_PAIR


cdef class Hand:
    cdef uint8_t c[27]
    cdef uint32_t k[3]
    cdef int n
    cdef int v
    cdef uint32_t wmask  # the waits (R7.3) of the hand as it is, valid while wmask_ok
    cdef int wmask_ok
    cdef int win_c(self) except -1  # is_win() for compiled callers: 1 or 0
    cdef int claimable_c(self, int i) except -1  # claimable(kind i) for compiled callers
