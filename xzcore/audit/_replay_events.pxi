# Part of xzcore/audit/_replay.pyx, included there: the recorded events as the run reads them (as
# compare_events' loop does, fast for the layout msgpack gives back), and the events a step
# appends to the round. Each appended event is
# the dict the engine builds (Round._dahai, Round._draw, Round._resolve_claims, Round._pon,
# Round._do_dingque: the same keys in the same order, values of the same types); when the
# recorded event at the same index of the log is exactly that dict — an exact dict, its keys
# exact str in the engine's order, each value of the engine's type (str, int or bool) and
# equal — the recorded dict itself is appended instead of a new one. Nothing mutates either
# list's dicts afterwards (the audit only reads both; a LeshanRound, the one engine that
# edits a past event, is never run here), so the two lists hold equal values either way,
# and the audit's comparison of that pair is then a walk over one dict.
#
# The checks read the dict with PyDict_Next and compare exact str, exact int and bool only:
# no Python code runs (no key's __eq__, no __hash__).

from cpython.dict cimport PyDict_Next, PyDict_Size

from xzcore._tile_names cimport kind_of_name as _kind_of  # _KIND.get(pai)


cdef inline bint _is_name(PyObject* v, long k) except -1:
    """Is ``v`` an exact str equal to ``NAMES[k]``?"""
    if v == <PyObject*>_NAMES[k]:
        return True
    return type(<object>v) is str and _kind_of(<str><object>v) == k


cdef inline bint _is_str(PyObject* v, str s):
    """Is ``v`` an exact str equal to ``s``? (A key or value read from a dict.)"""
    if v == <PyObject*>s:
        return True
    return type(<object>v) is str and <str><object>v == s


cdef tuple _INTS = tuple(range(128))  # CPython's shared small ints: msgpack gives these


cdef inline bint _is_int(PyObject* v, long n):
    """Is ``v`` an exact int (not a bool) equal to ``n``? (Most are the shared small int.)"""
    cdef long got = 0
    if 0 <= n < 128 and v == <PyObject*>_INTS[n]:
        return True
    return _small(<object>v, n, n + 1, &got)


cdef object _TRUE = True
cdef object _FALSE = False


cdef inline bint _is_bool(PyObject* v, bint b):
    """Is ``v`` the bool ``b``?"""
    return v == (<PyObject*>_TRUE if b else <PyObject*>_FALSE)


cdef object _head(object rec, Py_ssize_t p, Py_ssize_t size, str word, long actor,
                  Py_ssize_t* pos):
    """``rec[p]`` when it is an exact dict of ``size`` entries whose first two are
    ``"type": word`` and ``"actor": actor`` (``pos`` then points past them), else None."""
    cdef PyObject* k
    cdef PyObject* v
    cdef object x
    if rec is None or p >= PyList_GET_SIZE(rec):
        return None
    x = <object>PyList_GET_ITEM(rec, p)
    if type(x) is not dict or PyDict_Size(x) != size:
        return None
    pos[0] = 0
    if not PyDict_Next(x, pos, &k, &v) or not _is_str(k, "type") or not _is_str(v, word):
        return None
    if not PyDict_Next(x, pos, &k, &v) or not _is_str(k, "actor") or not _is_int(v, actor):
        return None
    return x


cdef inline bint _next_str(object x, Py_ssize_t* pos, str key, str value):
    cdef PyObject* k
    cdef PyObject* v
    return PyDict_Next(x, pos, &k, &v) and _is_str(k, key) and _is_str(v, value)


cdef inline bint _next_name(object x, Py_ssize_t* pos, str key, long k) except -1:
    cdef PyObject* kk
    cdef PyObject* v
    return PyDict_Next(x, pos, &kk, &v) and _is_str(kk, key) and _is_name(v, k)


cdef inline bint _next_int(object x, Py_ssize_t* pos, str key, long value):
    cdef PyObject* k
    cdef PyObject* v
    return PyDict_Next(x, pos, &k, &v) and _is_str(k, key) and _is_int(v, value)


cdef inline bint _next_bool(object x, Py_ssize_t* pos, str key, bint value):
    cdef PyObject* k
    cdef PyObject* v
    return PyDict_Next(x, pos, &k, &v) and _is_str(k, key) and _is_bool(v, value)


cdef void _emit_dahai(_Run r, object rec, long s, long k, bint tsumogiri, Py_ssize_t at,
                      object read, PyObject* read_tsumogiri):
    """Round._dahai's event (R5.1). ``read``: the recorded discard ``rec[at]`` when the run
    has just read it as exactly the engine's event but for ``tsumogiri`` (quiet_run's
    _dahai_layout: the four keys themselves, in order; its type, actor and pai checked;
    nothing run since), with its ``tsumogiri`` value; else None."""
    cdef Py_ssize_t pos = 0
    cdef Py_ssize_t p = PyList_GET_SIZE(r.events)
    cdef object x
    cdef dict ev
    if (
        read is not None
        and p == at
        and at < PyList_GET_SIZE(rec)
        and <PyObject*>PyList_GET_ITEM(rec, at) == <PyObject*>read
        and _is_bool(read_tsumogiri, tsumogiri)
    ):
        PyList_Append(r.events, read)
        return
    x = _head(rec, p, 4, "dahai", s, &pos)
    if (
        x is not None
        and _next_name(x, &pos, "pai", k)
        and _next_bool(x, &pos, "tsumogiri", tsumogiri)
    ):
        PyList_Append(r.events, x)
        return
    ev = PyDict_Copy(<object>PyTuple_GET_ITEM(_DAHAI_EVENTS, (27 * s + k) * 2 + tsumogiri))
    PyList_Append(r.events, ev)


cdef void _emit_tsumo(_Run r, object rec, long n, long k, long left):
    """Round._draw's event for a draw that begins a turn (``rinshan`` false, R2.2)."""
    cdef Py_ssize_t pos = 0
    cdef object x = _head(rec, PyList_GET_SIZE(r.events), 5, "tsumo", n, &pos)
    cdef dict ev
    if (
        x is not None
        and _next_name(x, &pos, "pai", k)
        and _next_bool(x, &pos, "rinshan", False)
        and _next_int(x, &pos, "left", left)
    ):
        PyList_Append(r.events, x)
        return
    ev = PyDict_Copy(<object>PyTuple_GET_ITEM(_TSUMO_EVENTS, 27 * n + k))
    ev["left"] = left
    PyList_Append(r.events, ev)


cdef void _emit_none(_Run r, object rec, long o, long k):
    """Round._resolve_claims's event for a plain pass (R5.3)."""
    cdef Py_ssize_t pos = 0
    cdef object x = _head(rec, PyList_GET_SIZE(r.events), 3, "none", o, &pos)
    cdef dict ev
    if x is not None and _next_name(x, &pos, "pai", k):
        PyList_Append(r.events, x)
        return
    ev = PyDict_Copy(_NONE_EVENT)
    ev["actor"] = _SEATS[o]
    ev["pai"] = _NAMES[k]
    PyList_Append(r.events, ev)


cdef void _emit_pon(_Run r, object rec, long o, long src, long k):
    """Round._pon's event (R5.4)."""
    cdef Py_ssize_t pos = 0
    cdef object x = _head(rec, PyList_GET_SIZE(r.events), 4, "pon", o, &pos)
    cdef dict ev
    if (
        x is not None
        and _next_int(x, &pos, "target", src)
        and _next_name(x, &pos, "pai", k)
    ):
        PyList_Append(r.events, x)
        return
    ev = PyDict_Copy(_PON_EVENT)
    ev["actor"] = _SEATS[o]
    ev["target"] = _SEATS[src]
    ev["pai"] = _NAMES[k]
    PyList_Append(r.events, ev)


cdef void _emit_dingque(_Run r, object rec, long s, long v):
    """Round._do_dingque's event (R4.1)."""
    cdef Py_ssize_t pos = 0
    cdef object x = _head(rec, PyList_GET_SIZE(r.events), 3, "dingque", s, &pos)
    cdef dict ev
    if x is not None and _next_str(x, &pos, "suit", _SUIT_TEXT[v]):
        PyList_Append(r.events, x)
        return
    ev = PyDict_Copy(_DINGQUE_EVENT)
    ev["actor"] = _SEATS[s]
    ev["suit"] = _SUIT_TEXT[v]
    PyList_Append(r.events, ev)


# -- reading the recorded events ---------------------------------------------------------------


cdef str _TSUMO = "tsumo"  # the commonest event the loop skips (in _SKIPPED)
cdef str _DAHAI = "dahai"  # not in _SKIPPED
assert _TSUMO in _SKIPPED and _DAHAI not in _SKIPPED


cdef inline object _type_word(dict ev, bint* looked):
    """``ev.get("type")``, read without a look-up when the first key is the interned
    ``"type"`` itself (as msgpack and the engine make events); else looked up, and
    ``looked`` set (a key's ``__eq__`` may have run: see ``_intact``)."""
    cdef Py_ssize_t pos = 0
    cdef PyObject* k
    cdef PyObject* v
    if PyDict_Next(ev, &pos, &k, &v) and k == <PyObject*>"type":
        return <object>v
    looked[0] = True
    return _item(ev, "type")


cdef bint _dahai_layout(dict ev, PyObject** actor, PyObject** pai, PyObject** tsumogiri):
    """When ``ev`` holds exactly the keys ``type``, ``actor``, ``pai``, ``tsumogiri`` (the
    interned str objects, in that order: the engine's discard event as msgpack gives it
    back), point ``actor``, ``pai`` and ``tsumogiri`` at their values (borrowed) and return
    True (no ``baige`` key, then); else return False."""
    cdef Py_ssize_t pos = 0
    cdef PyObject* k
    cdef PyObject* v
    if PyDict_Size(ev) != 4:
        return False
    if not PyDict_Next(ev, &pos, &k, &v) or k != <PyObject*>"type":
        return False
    if not PyDict_Next(ev, &pos, &k, actor) or k != <PyObject*>"actor":
        return False
    if not PyDict_Next(ev, &pos, &k, pai) or k != <PyObject*>"pai":
        return False
    return PyDict_Next(ev, &pos, &k, tsumogiri) and k == <PyObject*>"tsumogiri"


cdef bint _answers(object rec, Py_ssize_t at, Py_ssize_t n_asked, int asked, long k,
                   long* order, long* taker) except -1:
    """Are the recorded answers after ``rec[at]`` ones the step applies? Each as
    compare_events reads it (action_of) and as Round.play accepts it (R5.2: asked; R5.3: not
    answered yet): one plain none (no 'claim': _NONE[actor]) from each asked seat, in any
    order; or, when one seat is asked, its pon of the tile (_PON[actor][_KIND[pai]]; every
    asked seat is offered the 碰 when nobody is offered 胡). Fills ``order`` (the seats in
    the recorded order) and ``taker`` (the seat that pengs, else left as it is)."""
    cdef Py_ssize_t j
    cdef long a = 0, pon = -1
    cdef int answered = 0
    cdef object w
    cdef dict ev
    for j in range(n_asked):
        w = _get(rec, at + 1 + j)  # None past the end: not all answered yet
        if type(w) is not dict:
            return False
        ev = <dict>w
        w = _item(ev, "type")
        if type(w) is not str:
            return False
        if not _small(_item(ev, "actor"), 0, 4, &a):
            return False
        if not (asked >> a) & 1 or (answered >> a) & 1:
            return False
        if w == "none":
            if PyDict_Contains(ev, "claim"):
                return False  # a claim superseded by R5.3: action_of reads it otherwise
        elif w == "pon" and n_asked == 1:
            w = _item(ev, "pai")
            if type(w) is not str:
                return False
            if _kind_of(<str>w) != k:  # _KIND.get(pai)
                return False  # another tile: the loop plays (or refuses) that
            pon = a
        else:
            return False
        answered |= 1 << a
        order[j] = a
    if pon >= 0:
        taker[0] = pon
    return True
