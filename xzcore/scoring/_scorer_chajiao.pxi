# 查叫 (R10.2) of the engine's ready hands, for xzcore/scoring/_scorer.pyx (included there).


def chajiao_or_decline(concealed, melds, void_suit, rules):
    """``chajiao_engine(concealed, melds, void_suit, rules)`` (R10.2) for the table and
    additive models: the capped multiplier, or ``None`` (not ready) — or ``-1`` when the
    Python scorer must answer. As ``score._chajiao`` with ``score._kernel_ready_fan``: the
    same call of the kernel's ``ready_fan``, its arguments packed here."""
    cdef uint8_t counts[27]
    cdef uint8_t held[27]
    cdef int meld_tile[4]
    cdef int meld_kind[4]
    cdef int n_melds, v, i, k, t, mode, n_suits, suit_sum
    cdef uint32_t suits = 0
    cdef long meld_info
    cdef int flags
    if _SCORE is None:
        _bind()
    if type(void_suit) is not int or not -1 <= void_suit <= 2 or type(rules) is not _RULESET:
        return -1
    r = rules.__dict__
    flags = _value_flags(r, rules)
    if flags < 0:
        return -1  # R13: the count model stays in Python
    cap_fan = _field(r, rules, "cap_fan")
    if cap_fan is not None and (type(cap_fan) is not int or cap_fan < 0):
        return -1
    chajiao = _field(r, rules, "chajiao")
    if chajiao is _MAX:
        mode = 0
    elif chajiao is _MIN:
        mode = 1
    else:
        return -1
    n_melds = _read_melds(melds, meld_tile, meld_kind)
    if n_melds < 0 or not _sizes_ok(concealed, n_melds, meld_tile, meld_kind, -1, counts):
        return -1
    v = void_suit
    if _field(r, rules, "declare_void") and v >= 0:
        for i in range(n_melds):
            if meld_tile[i] // 9 == v:
                return None  # R4.4: a meld of the void suit never wins
    else:
        # R4.4 without a declared void: at most two suits, melds included; with two held
        # the third one acts as the void (as score._kernel_ready_fan).
        for i in range(n_melds):
            suits |= 1u << (meld_tile[i] // 9)
        for k in range(27):
            if counts[k]:
                suits |= 1u << (k // 9)
        n_suits = (suits & 1) + (suits >> 1 & 1) + (suits >> 2 & 1)
        if n_suits == 3:
            return None
        suit_sum = (suits >> 1 & 1) + 2 * (suits >> 2 & 1)
        v = 3 - suit_sum if n_suits == 2 else -1
    for k in range(27):
        held[k] = counts[k]
    meld_info = n_melds | _MELDS_ALL_YAOJIU | _MELDS_ALL_258
    for i in range(n_melds):
        t = meld_tile[i]
        if meld_kind[i] == 0:
            held[t] += 3
        else:
            held[t] += 4
            meld_info += 1 << _GANG_SHIFT
        meld_info |= 1 << (_MELD_SUITS_SHIFT + t // 9)
        if t % 9 != 0 and t % 9 != 8:
            meld_info &= ~_MELDS_ALL_YAOJIU
        if t % 9 != 1 and t % 9 != 4 and t % 9 != 7:
            meld_info &= ~_MELDS_ALL_258
    fan = _KERNEL_READY_FAN(PyBytes_FromStringAndSize(<char*> counts, 27), v,
                            PyBytes_FromStringAndSize(<char*> held, 27), meld_info, flags, mode)
    if type(fan) is not int or fan >= 40:
        return -1
    if fan < 0:
        return None
    return _cap(1LL << <int> fan, cap_fan)
