# Included by _logscan.pyx (one extension module): the claims record (L5) of an event stream.
#
# claims_of(events, only=None) answers exactly what its twin ``xzcore.logtypes.claims_of``
# answers — the same steps in the same order on the same objects (every ``get``, truth test
# and ``==`` of the twin, none skipped, so even a value whose ``__eq__`` or ``__bool__`` runs
# Python code sees the same calls) — with C loops and exact-type tests where the twin uses
# Python ones. Anything but a list of events with ``only`` None or a list is handed to the
# twin.

cimport cython

from collections.abc import Mapping as _Mapping

from xzcore.logtypes import claims_of as _twin_claims_of

cdef str _K_TRANSFERS = "transfers"
cdef str _K_PAYER = "payer"
cdef str _K_PAYEE = "payee"
cdef str _K_UNITS = "units"
cdef str _K_SCORE = "score"
cdef str _K_NEXT_DEALER = "next_dealer"
cdef str _S_HORA = "hora"
cdef str _S_END_KYOKU = "end_kyoku"


cdef bint _net_into(list transfers, list net) except -1:
    """The twin's ``net_of(transfers)`` added to ``net`` (4 ints) when not None: False (and
    ``net`` as it was) when a transfer is malformed."""
    cdef object payer, payee, units
    cdef list acc = [0, 0, 0, 0]
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
        acc[payer] -= units
        acc[payee] += units
    for k in range(4):
        net[k] = net[k] + acc[k]
    return True


@cython.boundscheck(True)
@cython.wraparound(True)
def claims_of(events, only=None):
    """The claims record (L5) of an event stream: exactly ``xzcore.logtypes.claims_of``
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
            if not (type(sc) is dict or isinstance(sc, _Mapping)):
                sc = {}
            wins.append(
                {
                    "seat": (<dict>ev).get(_K_ACTOR),
                    "event": i,
                    "pattern": sc.get("pattern"),
                    "gen": sc.get("gen"),
                    "extras": sc.get("extras"),
                    "multiplier": sc.get("multiplier"),
                    "capped": sc.get("capped"),
                }
            )
        elif t == _S_END_KYOKU:
            next_dealer = (<dict>ev).get(_K_NEXT_DEALER)
    return {"wins": wins, "transfers": transfers, "totals": totals, "next_dealer": next_dealer}
