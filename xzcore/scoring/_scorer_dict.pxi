# Score.to_dict and the text of a decomposition, for xzcore/scoring/_scorer.pyx (included there).


def decomposition_text(blocks):
    """``" ".join(str(b) for b in blocks)`` (``score._decomposition_text``): by table for
    blocks of the exact :class:`Block` type, else by ``str``."""
    return _text_of(blocks)


cdef str _text_of(object blocks):
    cdef list texts
    cdef Py_ssize_t i, n
    cdef int tile, code
    if _SCORE is None:
        _bind()
    if type(blocks) is not tuple:
        return _TWIN_TEXT(blocks)
    n = PyTuple_GET_SIZE(blocks)
    texts = [None] * n
    for i in range(n):
        b = <object> PyTuple_GET_ITEM(blocks, i)
        if type(b) is not _BLOCK or PyTuple_GET_SIZE(b) != 3:
            return _TWIN_TEXT(blocks)
        shape = <object> PyTuple_GET_ITEM(b, 0)
        tile_obj = <object> PyTuple_GET_ITEM(b, 1)
        meld = <object> PyTuple_GET_ITEM(b, 2)
        if type(tile_obj) is not int or not 0 <= tile_obj < 27:
            return _TWIN_TEXT(blocks)
        tile = tile_obj
        if meld is None:
            if type(shape) is not str:
                return _TWIN_TEXT(blocks)
            if shape == _S_PAIR:
                code = PAIR * 27 + tile
            elif shape == _S_SEQUENCE:
                code = SEQUENCE * 27 + tile
            elif shape == _S_TRIPLET:
                code = TRIPLET * 27 + tile
            else:
                return _TWIN_TEXT(blocks)
            text = <object> PyTuple_GET_ITEM(_BLOCK_TEXTS, code)
        else:
            for code in range(4):
                if meld is <object> PyTuple_GET_ITEM(_MELD_KINDS, code):
                    break
            else:
                return _TWIN_TEXT(blocks)
            text = <object> PyTuple_GET_ITEM(_MELD_TEXTS, code * 27 + tile)
        texts[i] = text
    return " ".join(texts)


cdef inline Py_ssize_t _member(object value, tuple members) noexcept:
    """The index of ``value`` in ``members`` (by identity), or -1."""
    cdef Py_ssize_t i
    for i in range(PyTuple_GET_SIZE(members)):
        if <PyObject*> value is PyTuple_GET_ITEM(members, i):
            return i
    return -1


cdef object _ids(object items, tuple members, tuple ids):
    """``[m.id for m in items]`` for a tuple of members (by identity); None for anything
    else."""
    cdef Py_ssize_t i, j, n
    cdef list out
    if type(items) is not tuple:
        return None
    n = PyTuple_GET_SIZE(items)
    out = [None] * n
    for i in range(n):
        j = _member(<object> PyTuple_GET_ITEM(items, i), members)
        if j < 0:
            return None
        out[i] = <object> PyTuple_GET_ITEM(ids, j)
    return out


def score_dict(score):
    """``Score.to_dict(score)``: for an exact :class:`Score` whose fields are all in its
    instance dict and of the usual members, by table; anything else by the Python body (the
    twin's ``score_dict``), which then answers or raises as it always has."""
    cdef PyObject* f[15]
    cdef Py_ssize_t i, p, m
    if _SCORE is None:
        _bind()
    if type(score) is not _SCORE:
        return _TWIN_SCORE_DICT(score)
    d = score.__dict__
    for i in range(15):
        f[i] = PyDict_GetItemWithError(d, <object> PyTuple_GET_ITEM(_SCORE_FIELDS, i))
        if f[i] == NULL:
            return _TWIN_SCORE_DICT(score)
    # Fields by position in _SCORE_FIELDS: pattern 0, replaced 1, gen 2, gen_used 3, extras 4,
    # fan 5, multiplier 6, capped 7, special 8, model 9, terms 10, ties 11, decomposition 12.
    p = _member(<object> f[0], _PATTERNS)
    m = _member(<object> f[9], _MODELS)
    replaced = _ids(<object> f[1], _PATTERNS, _PATTERN_IDS)
    terms = _ids(<object> f[10], _PATTERNS, _PATTERN_IDS)
    extras = _ids(<object> f[4], _EXTRA_MEMBERS, _EXTRA_IDS)
    if p < 0 or m < 0 or replaced is None or terms is None or extras is None:
        return _TWIN_SCORE_DICT(score)
    texts = <tuple> PyTuple_GET_ITEM(_PATTERN_TEXTS, p)
    gen = <object> f[2]
    gen_used = <object> f[3]
    return {
        "pattern": texts[0],
        "pattern_zh": texts[1],
        "pattern_en": texts[2],
        "replaced": replaced,
        "terms": terms,
        "gen": gen,
        "gen_used": gen_used,
        "gen_left": gen - gen_used,
        "extras": extras,
        "fan": <object> f[5],
        "multiplier": <object> f[6],
        "capped": <object> f[7],
        "special": <object> f[8],
        "model": <object> PyTuple_GET_ITEM(_MODEL_VALUES, m),
        "decomposition": _text_of(<object> f[12]),
    }
