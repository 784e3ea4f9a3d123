# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True
"""The Python scorer's engine entry points (R8, R10.2) compiled: :func:`score_or_decline` is
``xzcore.scoring.score._score_trusted`` for the table and additive models (R8.3, R8.4) — the
very :class:`~xzcore.scoring.score.Score` it builds — or declines (``None``, nothing changed)
and ``xzcore.scoring.engine`` runs the Python scorer; its twin ``_scorer_twin`` is that scorer.

It declines every case where the Python scorer refuses or could act differently: an argument
not of the engine's exact types (``bytes`` of 27 counts, a kind 0-26, a list or tuple of
:class:`Meld`, a void -1..2, a :class:`WinContext`, a :class:`RuleSet`, never a subclass),
the count model (R13), the tile counts of R7.1/R1.1 (``_sizes_ok``), the context check
(``WinContext.check``: R6.4, R8.6, R5.6, R7.5), a void tile or three suits (R4.4/R7.2), tiles
that do not win (R7.1; the kernel's ``is_win`` is asked as ``_quick_is_win`` asks it).

Otherwise it follows ``decompose.best_value`` step for step: each suit is split into sets and
at most one pair in the order of ``suit_splits`` (lowest rank first; at a rank t triplets,
then p pairs, then q sequences, t and p counting up), the splits of the three suits are
combined in that nested order, each combination is valued by ``decompose.choose`` (asked once
per shape and kept: the pattern table is read only there) and the first of the largest value
wins; seven pairs comes last and wins only when strictly larger. The extras (R8.6),
天胡/地胡 (R7.5), the cap (R8.7) and the fields of the Score are those of ``score._score``.

:func:`score_dict` is ``Score.to_dict`` and :func:`decomposition_text` the text of its
decomposition, by table for the exact types, else as the twin.

Included parts: ``_scorer_split.pxi`` (the splits of a suit, the choice per shape),
``_scorer_chajiao.pxi`` (:func:`chajiao_or_decline`), ``_scorer_dict.pxi`` (:func:`score_dict`,
:func:`decomposition_text`).
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_GetItemWithError
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.object cimport PyObject, PyObject_GenericSetAttr, PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint8_t, uint32_t

from xzcore.kernel._input import (
    FLAG_ADDITIVE,
    FLAG_YAOJIU_JIANGDUI,
    GANG_SHIFT,
    MELD_SUITS_SHIFT,
    MELDS_ALL_258,
    MELDS_ALL_YAOJIU,
)
from xzcore.rules import Chajiao, RuleSet, Scoring, ZimoBonus
from xzcore.tiles import Meld, MeldKind

__all__ = ["chajiao_or_decline", "decomposition_text", "score_dict", "score_or_decline"]

cdef object _RULESET = RuleSet
cdef object _MELD = Meld
cdef object _TABLE = Scoring.TABLE
cdef object _ADDITIVE = Scoring.ADDITIVE
cdef object _DOUBLE = ZimoBonus.DOUBLE
cdef tuple _MELD_KINDS = (MeldKind.PENG, MeldKind.GANG, MeldKind.BUGANG, MeldKind.ANGANG)
cdef object _MAX = Chajiao.MAX
cdef object _MIN = Chajiao.MIN
cdef long _FLAG_ADDITIVE = FLAG_ADDITIVE
cdef long _FLAG_YAOJIU_JIANGDUI = FLAG_YAOJIU_JIANGDUI
cdef long _GANG_SHIFT = GANG_SHIFT
cdef long _MELD_SUITS_SHIFT = MELD_SUITS_SHIFT
cdef long _MELDS_ALL_258 = MELDS_ALL_258
cdef long _MELDS_ALL_YAOJIU = MELDS_ALL_YAOJIU

cdef tuple _NO_ARGS = ()
cdef str _S_PAIR = "pair"
cdef str _S_SEQUENCE = "sequence"
cdef str _S_TRIPLET = "triplet"
cdef int _POPCOUNT[256]
for _m in range(256):
    _POPCOUNT[_m] = bin(_m).count("1")

# What comes from xzcore.scoring is bound on first use (_bind): xzcore.scoring.score imports
# the module that loads this one. One Block per code (pair, sequence, triplet × 27 kinds) and
# per meld (kind × 27), and their texts: the decompositions are built from these (equal to the
# blocks suit_splits and _meld_facts make). The extras of R8.6 in table order (as
# score._extras appends them): one tuple per subset.
cdef object _SCORE = None
cdef object _KERNEL_IS_WIN = None
cdef object _KERNEL_READY_FAN = None
cdef object _WINCONTEXT = None
cdef object _BLOCK = None
cdef object _SHAPE = None
cdef object _CHOOSE = None
cdef tuple _BLOCKS, _MELD_BLOCKS, _BLOCK_TEXTS, _MELD_TEXTS, _EXTRAS
cdef tuple _PATTERNS, _PATTERN_TEXTS, _PATTERN_IDS, _EXTRA_MEMBERS, _EXTRA_IDS
cdef tuple _MODELS, _MODEL_VALUES
cdef object _TWIN_SCORE_DICT = None
cdef object _TWIN_TEXT = None
cdef tuple _SCORE_FIELDS = None


cdef int _bind() except -1:
    global _SCORE, _KERNEL_IS_WIN, _KERNEL_READY_FAN, _WINCONTEXT, _BLOCK, _SHAPE, _CHOOSE
    global _BLOCKS, _MELD_BLOCKS, _BLOCK_TEXTS, _MELD_TEXTS, _EXTRAS
    global _PATTERNS, _PATTERN_TEXTS, _PATTERN_IDS, _EXTRA_MEMBERS, _EXTRA_IDS, _MODELS
    global _MODEL_VALUES
    global _TWIN_SCORE_DICT, _TWIN_TEXT, _SCORE_FIELDS
    import dataclasses
    from xzcore.kernel.patterns import Pattern, Shape
    from xzcore.scoring import _scorer_twin, score
    from xzcore.scoring.decompose import choose
    from xzcore.scoring.vocab import Block, Extra, WinContext

    _BLOCKS = tuple(Block(shape, k) for shape in ("pair", "sequence", "triplet") for k in range(27))
    _MELD_BLOCKS = tuple(Block("meld", k, kind) for kind in _MELD_KINDS for k in range(27))
    _BLOCK_TEXTS = tuple(b._text() for b in _BLOCKS)
    _MELD_TEXTS = tuple(b._text() for b in _MELD_BLOCKS)
    order = (
        Extra.GANGSHANGHUA, Extra.GANGSHANGPAO, Extra.QIANGGANG, Extra.HAIDILAOYUE,
        Extra.HAIDIPAO, Extra.ZIMO, Extra.MENQING, Extra.ZHONGZHANG,
    )
    _EXTRAS = tuple(
        tuple(e for i, e in enumerate(order) if mask >> i & 1) for mask in range(256)
    )
    _PATTERNS = tuple(Pattern)
    _PATTERN_TEXTS = tuple((p.id, p.zh, p.en) for p in Pattern)
    _PATTERN_IDS = tuple(p.id for p in Pattern)
    _EXTRA_MEMBERS = tuple(Extra)
    _EXTRA_IDS = tuple(e.id for e in Extra)
    _MODELS = tuple(Scoring)
    _MODEL_VALUES = tuple(m.value for m in Scoring)
    _TWIN_SCORE_DICT = _scorer_twin.score_dict
    _TWIN_TEXT = _scorer_twin.decomposition_text
    _SCORE_FIELDS = tuple(f.name for f in dataclasses.fields(score.Score))
    if _SCORE_FIELDS != (
        "pattern", "replaced", "gen", "gen_used", "extras", "fan", "multiplier", "capped",
        "special", "model", "terms", "ties", "decomposition", "ordinary", "cap_fan",
    ):
        raise ImportError("xzcore.scoring._scorer: the fields of Score are not the expected ones")
    _WINCONTEXT = WinContext
    _BLOCK = Block
    _SHAPE = Shape
    _CHOOSE = choose
    _KERNEL_IS_WIN = score._KERNEL_IS_WIN
    _KERNEL_READY_FAN = score._KERNEL_READY_FAN
    if score.Score.__new__ is not object.__new__:
        raise ImportError("xzcore.scoring._scorer: Score must be built by object.__new__")
    _SCORE = score.Score  # last: bound when this is set
    return 0


cdef inline int _value_flags(dict r, object rules) except -2:
    """The value kernel's ``flags`` of ``rules`` (FLAG_ADDITIVE, FLAG_YAOJIU_JIANGDUI: R8.3,
    R8.4), or -1 for the count model (R13), which stays in Python."""
    cdef int flags
    scoring = _field(r, rules, "scoring")
    if scoring is _ADDITIVE:
        flags = _FLAG_ADDITIVE
    elif scoring is _TABLE:
        flags = 0
    else:
        return -1
    if _field(r, rules, "yaojiu_jiangdui"):
        flags |= _FLAG_YAOJIU_JIANGDUI
    return flags


cdef inline object _cap(long long multiplier, object cap_fan):
    """RuleSet.cap (R8.7) for a ``cap_fan`` already checked to be None or an int >= 0."""
    if cap_fan is not None and cap_fan < 62 and multiplier > (1LL << <int> cap_fan):
        return 1LL << <int> cap_fan
    return multiplier


include "_scorer_split.pxi"


cdef inline object _field(dict fields, object obj, str name):
    """``obj.name`` for a field of a plain dataclass (no descriptor of that name), read from
    the instance dict ``fields``; ``getattr`` when it is not there."""
    cdef PyObject* value = PyDict_GetItemWithError(fields, name)
    if value == NULL:
        return getattr(obj, name)
    return <object> value


cdef inline object _best(object best, Py_ssize_t i):
    """Field ``i`` of a ``decompose.Best`` (a NamedTuple: its items are a tuple's)."""
    return <object> PyTuple_GET_ITEM(best, i)


cdef int _read_melds(object melds, int* tiles, int* kinds) except -2:
    """The melds (a list or tuple of at most four exact :class:`Meld`) into ``tiles`` and
    ``kinds`` (the index in ``_MELD_KINDS``); their number, or -1 to decline."""
    cdef Py_ssize_t i, n
    cdef int kind_i
    cdef bint is_list = type(melds) is list
    if is_list:
        n = PyList_GET_SIZE(melds)
    elif type(melds) is tuple:
        n = PyTuple_GET_SIZE(melds)
    else:
        return -1
    if n > 4:
        return -1
    for i in range(n):
        m = <object> (PyList_GET_ITEM(melds, i) if is_list else PyTuple_GET_ITEM(melds, i))
        if type(m) is not _MELD:
            return -1
        kind = m.kind
        tile = m.tile
        if type(tile) is not int or not 0 <= tile < 27:
            return -1
        for kind_i in range(4):
            if kind is <object> PyTuple_GET_ITEM(_MELD_KINDS, kind_i):
                break
        else:
            return -1
        kinds[i] = kind_i
        tiles[i] = tile
    return <int> n


cdef bint _sizes_ok(object concealed, int n_melds, const int* tiles, const int* kinds, int win,
                    uint8_t* counts) except -1:
    """``engine._sizes_ok`` (R7.1: 13 − 3k tiles; R1.1: four copies at most, melds and the
    winning kind ``win`` (-1: none) included), reading ``concealed`` (exact ``bytes`` of 27
    counts, else False) into ``counts``."""
    cdef const uint8_t* raw
    cdef int k, i, tile, total = 0
    cdef uint32_t seen = 0
    if type(concealed) is not bytes or PyBytes_GET_SIZE(concealed) != 27:
        return False
    raw = <const uint8_t*> PyBytes_AS_STRING(concealed)
    for k in range(27):
        if raw[k] > 4:
            return False
        counts[k] = raw[k]
        total += raw[k]
    if total != 13 - 3 * n_melds or (win >= 0 and counts[win] >= 4):
        return False
    for i in range(n_melds):
        tile = tiles[i]
        if seen >> tile & 1 or counts[tile] + (3 if kinds[i] == 0 else 4) + (tile == win) > 4:
            return False
        seen |= 1u << tile
    return True


def score_or_decline(concealed, win_tile, melds, void_suit, ctx, rules):
    """``score_engine_win(concealed, win_tile, melds, void_suit, ctx, rules)`` for the table and
    additive models (R8), or ``None`` when the Python path must answer (see the module)."""
    cdef uint8_t counts[27]
    cdef uint8_t allc[27]
    cdef int meld_tile[4]
    cdef int meld_kind[4]
    cdef Splits s0, s1, s2
    cdef Splits* sp[3]
    cdef int k, i, j, l, n_melds, win, v, gen
    cdef uint32_t held = 0
    cdef bint one_suit, jiang, jingou, luohan, melds_yaojiu, additive, yaojiu_opt
    cdef bint declare_void, self_draw, after_gang, robbed, last_tile, first_turn, dealer
    cdef bint long_, seven
    cdef int base_key, key, extras_mask, n_extras, flags, bi = -1, bj = -1, bk = -1
    cdef long long val[4]
    cdef long long best = -1, value, ordinary, multiplier
    cdef int fan

    # -- the arguments: the engine's own types, or decline; engine._sizes_ok -----------------
    if _SCORE is None:
        _bind()
    if type(win_tile) is not int or not 0 <= win_tile < 27:
        return None
    if type(void_suit) is not int or not -1 <= void_suit <= 2:
        return None
    if type(ctx) is not _WINCONTEXT or type(rules) is not _RULESET:
        return None
    r = rules.__dict__
    flags = _value_flags(r, rules)
    if flags < 0:
        return None  # R13: the count model stays in Python
    additive = (flags & _FLAG_ADDITIVE) != 0
    yaojiu_opt = (flags & _FLAG_YAOJIU_JIANGDUI) != 0
    cap_fan = _field(r, rules, "cap_fan")
    if cap_fan is not None and (type(cap_fan) is not int or cap_fan < 0):
        return None
    n_melds = _read_melds(melds, meld_tile, meld_kind)
    if n_melds < 0:
        return None
    win = win_tile
    v = void_suit
    if not _sizes_ok(concealed, n_melds, meld_tile, meld_kind, win, counts):
        return None
    counts[win] += 1

    # -- WinContext.check (R6.4, R8.6, R5.6, R7.5) ----------------------------------------
    c = ctx.__dict__
    self_draw = _field(c, ctx, "self_draw")
    after_gang = _field(c, ctx, "after_gang")
    robbed = _field(c, ctx, "robbed")
    last_tile = _field(c, ctx, "last_tile")
    first_turn = _field(c, ctx, "first_turn")
    dealer = _field(c, ctx, "dealer")
    if robbed and (self_draw or after_gang or last_tile):
        return None
    if first_turn and ((dealer and not self_draw) or after_gang or robbed):
        return None

    # -- decompose.summarize: 根 (R8.2), one suit, 2/5/8 only; then R4.4/R7.2 -------------
    for k in range(27):
        allc[k] = counts[k]
    for i in range(n_melds):
        allc[meld_tile[i]] += 3 if meld_kind[i] == 0 else 4
    gen = 0
    jiang = True
    for k in range(27):
        if allc[k]:
            held |= 1u << k
            if k % 9 != 1 and k % 9 != 4 and k % 9 != 7:
                jiang = False
        if allc[k] == 4:
            gen += 1
    one_suit = held == held & 0x1FF or held == held & (0x1FF << 9) or held == held & (0x1FF << 18)
    declare_void = _field(r, rules, "declare_void")
    if declare_void and v >= 0 and held & (0x1FF << (9 * v)):
        return None  # R4.4: the Python path raises, naming the tile or the meld
    if held & 0x1FF and held & (0x1FF << 9) and held & (0x1FF << 18):
        return None  # R4.4: three suits
    if gen > 7:
        return None  # cannot happen (at most 18 tiles); the keys hold 3 bits of 根
    if not _KERNEL_IS_WIN(PyBytes_FromStringAndSize(<char*> counts, 27), -1):
        return None  # score._quick_is_win (R7.1): the Python scorer raises

    # -- decompose.best_value (R8.1–R8.4) -----------------------------------------------------
    jingou = n_melds == 4
    luohan = jingou
    melds_yaojiu = True
    for i in range(n_melds):
        if meld_kind[i] == 0:
            luohan = False
        if meld_tile[i] % 9 != 0 and meld_tile[i] % 9 != 8:
            melds_yaojiu = False
    sp[0] = &s0
    sp[1] = &s1
    sp[2] = &s2
    for k in range(3):
        if not _split_suit(counts, k, sp[k]):
            return None  # more splits than kept: never for 14 tiles
    if s0.n and s1.n and s2.n:
        base_key = (one_suit << 2 | jiang << 3 | jingou << 4 | luohan << 5 | gen << 6
                    | additive << 9 | yaojiu_opt << 10)
        for k in range(4):
            val[k] = -1
        for i in range(s0.n):
            for j in range(s1.n):
                for l in range(s2.n):
                    key = s0.flags[i] & s1.flags[j] & s2.flags[l]
                    if not melds_yaojiu:
                        key &= ~F_YAOJIU
                    value = val[key]
                    if value < 0:
                        value = val[key] = _plain(base_key | key)
                        if value < 0:
                            return None
                    if value > best:
                        best, bi, bj, bk = value, i, j, l
        if bi >= 0:
            best_obj = _PLAIN[base_key | (s0.flags[bi] & s1.flags[bj] & s2.flags[bk]
                                          & (3 if melds_yaojiu else F_NO_SEQUENCE))]
    seven = n_melds == 0
    long_ = False
    for k in range(27):
        if counts[k] & 1:
            seven = False
        if counts[k] == 4:
            long_ = True
    if seven:  # total is 14 with no meld
        key = long_ | one_suit << 1 | jiang << 2 | gen << 3 | additive << 6 | yaojiu_opt << 7
        value = _pairs(key)
        if value < 0:
            return None
        if bi < 0 or value > best:
            best = value
            best_obj = _PAIRS[key]
            bi = -2  # seven pairs
    if bi == -1:
        return None  # R7.1: the Python path raises

    if bi == -2:
        decomposition = PyTuple_New(7)
        j = 0
        for k in range(27):
            for i in range(counts[k] // 2):
                if i == 0:
                    _set(decomposition, j, _BLOCKS, PAIR * 27 + k)
                else:  # 龙: best_value makes each pair its own Block (the same pickle)
                    item = _BLOCK(_S_PAIR, k)
                    Py_INCREF(item)
                    PyTuple_SET_ITEM(decomposition, j, item)
                j += 1
    else:
        decomposition = PyTuple_New(s0.size[bi] + s1.size[bj] + s2.size[bk] + n_melds)
        j = 0
        for i in range(s0.size[bi]):
            _set(decomposition, j, _BLOCKS, s0.blocks[bi][i])
            j += 1
        for i in range(s1.size[bj]):
            _set(decomposition, j, _BLOCKS, s1.blocks[bj][i])
            j += 1
        for i in range(s2.size[bk]):
            _set(decomposition, j, _BLOCKS, s2.blocks[bk][i])
            j += 1
        for i in range(n_melds):
            _set(decomposition, j, _MELD_BLOCKS, meld_kind[i] * 27 + meld_tile[i])
            j += 1

    # -- score._extras (R8.6) and score._special (R7.5) ----------------------------------------
    extras_mask = 0
    if after_gang:
        extras_mask |= 1 if self_draw else 2
    if robbed:
        extras_mask |= 4
    if last_tile:
        if self_draw:
            if _field(r, rules, "haidi"):
                extras_mask |= 8
        elif _field(r, rules, "haidi_pao"):
            extras_mask |= 16
    if self_draw and _field(r, rules, "zimo_bonus") is _DOUBLE:
        extras_mask |= 32
    if _field(r, rules, "menqing_zhongzhang"):
        for i in range(n_melds):
            if meld_kind[i] != 3:
                break
        else:
            extras_mask |= 64
        for k in range(27):
            if allc[k] and (k % 9 == 0 or k % 9 == 8):
                break
        else:
            extras_mask |= 128
    n_extras = _POPCOUNT[extras_mask]
    ordinary = best << n_extras
    special = None
    if first_turn and _field(r, rules, "tian_di_hu") and not additive:
        if dealer:
            special = "tianhu"
        elif self_draw or _field(r, rules, "dihu_on_dealer_discard"):
            special = "dihu"
    multiplier = ordinary
    if special is not None and ordinary <= 32:
        multiplier = 32  # R8.3: ×32 with no 根, extras or unit, or the ordinary if larger
        extras_mask = 0
    else:
        special = None
    fan = 0
    while (multiplier >> (fan + 1)) != 0:
        fan += 1

    # -- the Score, as score._score builds it --------------------------------------------------
    score = (<PyTypeObject*> _SCORE).tp_new(_SCORE, <PyObject*> _NO_ARGS, NULL)  # object.__new__
    PyObject_GenericSetAttr(score, "__dict__", {
        "pattern": _best(best_obj, 1),
        "replaced": _best(best_obj, 2),
        "gen": gen,
        "gen_used": _best(best_obj, 3),
        "extras": <object> PyTuple_GET_ITEM(_EXTRAS, extras_mask),
        "fan": fan,
        "multiplier": multiplier,
        "capped": _cap(multiplier, cap_fan),
        "special": special,
        "model": _ADDITIVE if additive else _TABLE,
        "terms": _best(best_obj, 4),
        "ties": _best(best_obj, 5),
        "decomposition": decomposition,
        "ordinary": ordinary,
        "cap_fan": cap_fan,
    })
    return score


cdef inline void _set(tuple out, Py_ssize_t i, tuple table, int code) noexcept:
    item = <object> PyTuple_GET_ITEM(table, code)
    Py_INCREF(item)
    PyTuple_SET_ITEM(out, i, item)


include "_scorer_chajiao.pxi"
include "_scorer_dict.pxi"
