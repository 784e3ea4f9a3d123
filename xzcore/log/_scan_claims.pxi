# Included by _scan.pyx (one extension module): the claims record (L5) of an event stream.
#
# claims_of(events, only=None) answers exactly what its twin ``xzcore.log.types.claims_of``
# answers — the same steps in the same order on the same objects (every ``get``, truth test
# and ``==`` of the twin, none skipped, so even a value whose ``__eq__`` or ``__bool__`` runs
# Python code sees the same calls) — with C loops and exact-type tests where the twin uses
# Python ones. Anything but a list of events with ``only`` None or a list is handed to the
# twin.

cimport cython
from cpython.long cimport PyLong_AsLongLongAndOverflow

from collections.abc import Mapping as _Mapping

from xzcore.log.types import claims_of as _twin_claims_of

cdef str _K_TRANSFERS = "transfers"
cdef str _K_PAYER = "payer"
cdef str _K_PAYEE = "payee"
cdef str _K_UNITS = "units"
cdef str _K_SCORE = "score"
cdef str _K_NEXT_DEALER = "next_dealer"
cdef str _S_HORA = "hora"
cdef str _S_END_KYOKU = "end_kyoku"


cdef long long _SMALL_UNITS = (<long long>1) << 52  # |units| below this, and at most
cdef Py_ssize_t _SMALL_COUNT = 1024  # _SMALL_COUNT of them: every sum fits in 63 bits


cdef bint _net_into(list transfers, list net) except -1:
    """The twin's ``net_of(transfers)`` added to ``net`` (4 ints) when not None: False (and
    ``net`` as it was) when a transfer is malformed. Summed in C while the sums cannot
    overflow; else (huge units, a huge list) again from the start with Python ints."""
    cdef object payer, payee, units
    cdef long long acc[4]
    cdef long long u
    cdef int overflow = 0
    cdef bint small = len(transfers) <= _SMALL_COUNT
    acc[0] = acc[1] = acc[2] = acc[3] = 0
    for t in transfers:
        if type(t) is not dict:
            return False
        payer = (<dict>t).get(_K_PAYER)
        payee = (<dict>t).get(_K_PAYEE)
        units = (<dict>t).get(_K_UNITS)
        if not (type(payer) is int and type(payee) is int and type(units) is int) or not (
            0 <= payer < 4 and 0 <= payee < 4
        ):
            return False
        if small:
            u = PyLong_AsLongLongAndOverflow(units, &overflow)
            if overflow or not -_SMALL_UNITS < u < _SMALL_UNITS:
                small = False
            else:
                acc[<Py_ssize_t>payer] -= u
                acc[<Py_ssize_t>payee] += u
    if small:
        for k in range(4):
            net[k] = net[k] + acc[k]
        return True
    return _net_into_big(transfers, net)


cdef bint _net_into_big(list transfers, list net) except -1:
    """_net_into with Python ints throughout (the twin's arithmetic)."""
    cdef object payer, payee, units
    cdef list total = [0, 0, 0, 0]
    for t in transfers:
        if type(t) is not dict:
            return False
        payer = (<dict>t).get(_K_PAYER)
        payee = (<dict>t).get(_K_PAYEE)
        units = (<dict>t).get(_K_UNITS)
        if not (type(payer) is int and type(payee) is int and type(units) is int) or not (
            0 <= payer < 4 and 0 <= payee < 4
        ):
            return False
        total[payer] -= units
        total[payee] += units
    for k in range(4):
        net[k] = net[k] + total[k]
    return True


cdef dict _win(object ev, object i, object sc):
    """A win's entry as the twin builds it, from a score that is a Mapping but no dict."""
    return {
        "seat": (<dict>ev).get(_K_ACTOR),
        "event": i,
        "pattern": sc.get("pattern"),
        "gen": sc.get("gen"),
        "extras": sc.get("extras"),
        "multiplier": sc.get("multiplier"),
        "capped": sc.get("capped"),
    }


@cython.boundscheck(True)
@cython.wraparound(True)
def claims_of(events, only=None):
    """The claims record (L5) of an event stream: exactly ``xzcore.log.types.claims_of``
    (indexing as Python indexes: negative indices, IndexError)."""
    if type(events) is not list or not (only is None or type(only) is list):
        return _twin_claims_of(events, only)
    cdef list evs = <list>events
    cdef list wins = []
    cdef Py_ssize_t transfers = 0
    cdef list totals = [0, 0, 0, 0]
    cdef object next_dealer = None
    cdef object ev, tr, t, sc, i
    cdef list idx = <list>only if only is not None else None
    cdef Py_ssize_t j = 0, n = len(evs), k
    while True:  # the twin's loop, over range(n) or the list ``only`` (its size read each time)
        if idx is None:
            if j >= n:
                break
            i = j
            ev = evs[j]
        else:
            if j >= len(idx):
                break
            i = idx[j]
            if type(i) is int and 0 <= <object>i < len(evs):
                k = i
                ev = evs[k]
            else:
                ev = evs[i]  # as Python indexes (negative, IndexError, __index__)
        j += 1
        if type(ev) is not dict:
            continue
        tr = (<dict>ev).get(_K_TRANSFERS)
        if tr and type(tr) is list:
            transfers += len(<list>tr)
            _net_into(<list>tr, totals)
        t = (<dict>ev).get(_K_TYPE)
        if t == _S_HORA:
            sc = (<dict>ev).get(_K_SCORE)
            if type(sc) is not dict:
                if not isinstance(sc, _Mapping):
                    sc = {}
                else:
                    wins.append(_win(ev, i, sc))  # a Mapping of another type: its own get
                    continue
            wins.append(
                {
                    "seat": (<dict>ev).get(_K_ACTOR),
                    "event": i,
                    "pattern": (<dict>sc).get("pattern"),
                    "gen": (<dict>sc).get("gen"),
                    "extras": (<dict>sc).get("extras"),
                    "multiplier": (<dict>sc).get("multiplier"),
                    "capped": (<dict>sc).get("capped"),
                }
            )
        elif t == _S_END_KYOKU:
            next_dealer = (<dict>ev).get(_K_NEXT_DEALER)
    return {"wins": wins, "transfers": transfers, "totals": totals, "next_dealer": next_dealer}
