# Included by _scan.pyx (one extension module): the payload decoder and the template dicts.
#
# Every payload that is not one of the two templates is decoded by msgpack itself — a
# ``msgpack.Unpacker`` built with the record stream's options and limits (xzcore.log.records, L6),
# made when first needed and fed one payload at a time — from exactly the bytes the scanner's
# walk (_payload_end) found to be one whole value within the limits. A payload must decode to
# one value taking exactly those bytes, else the game is declined (_Declined) and reading
# record by record reports it. msgpack is the one decoder of untrusted bytes in the package: a
# hand-written one measured ~15 us a game faster and was not kept (use the well-kept library
# for what it does).

from cpython.dict cimport PyDict_Copy, PyDict_SetItem
from cpython.long cimport PyLong_FromLong

import msgpack


from xzcore.log.records import decoder_options


cdef class _Decoder:
    """Decodes payloads exactly as the record stream does. One per scan_game call,
    never shared: an unpacker holds state (and a fresh one after any error: the game is
    declined at its first)."""

    cdef object _limits
    cdef object _up
    cdef object _feed
    cdef object _unpack
    cdef object _tell
    cdef Py_ssize_t _fed  # bytes fed so far: where tell() must be after each payload

    def __cinit__(self, limits):
        self._limits = limits
        self._up = None
        self._fed = 0

    cdef _start(self):
        self._up = msgpack.Unpacker(
            max_buffer_size=0,  # INT_MAX; the walk already bounded the payload by the limits
            read_size=4096,  # the first buffer (it grows as needed); not the default 1 MiB
            **decoder_options(self._limits),
        )
        self._feed = self._up.feed
        self._unpack = self._up.unpack
        self._tell = self._up.tell

    cdef object decode(self, const uint8_t *d, Py_ssize_t first, Py_ssize_t end):
        """The value of ``d[first:end]``, or raise _Declined."""
        cdef object value
        if self._up is None:
            self._start()
        cdef bytes payload = PyBytes_FromStringAndSize(<const char *>d + first, end - first)
        self._fed += end - first
        try:
            self._feed(payload)
            value = self._unpack()
            at = self._tell()
        except Exception:  # msgpack raises several types; all mean "bad bytes"
            raise _Declined from None
        if at != self._fed:
            raise _Declined  # not one whole value (the walk and msgpack disagree)
        return value


# -- the two template event shapes, as copies of prebuilt dicts ----------------------------

cdef list _make_protos():
    """The dicts of every template event but ``left``'s value, in the order _template
    indexes them: dahai then tsumo, by actor, tile and flag."""
    protos = []
    for shape in (1, 2):
        for actor in range(4):
            for tile in _TILE_NAMES:
                for flag in (False, True):
                    if shape == 1:
                        protos.append(_event("dahai", actor=actor, pai=tile, tsumogiri=flag))
                    else:
                        protos.append(
                            _event("tsumo", actor=actor, pai=tile, rinshan=flag, left=0))
    return protos


cdef list _PROTOS = _make_protos()
cdef str _K_LEFT = "left"


cdef object _template(int shape, const uint8_t *p):
    """The event dict of a payload of template shape ``shape`` (1 or 2, from _shape): equal
    to what the unpacker returns, key order and value types included — a copy of the
    prebuilt one (PyDict_Copy: the key table copied whole), ``left`` set for a tsumo."""
    cdef Py_ssize_t i
    if shape == 1:
        i = ((p[_D_ACTOR] * _N_TILES + _tile(p + _D_PAI + 1)) * 2)
        return PyDict_Copy(_PROTOS[i + (p[_D_FLAG] == 0xC3)])
    i = (((4 + p[_T_ACTOR]) * _N_TILES + _tile(p + _T_PAI + 1)) * 2)
    ev = PyDict_Copy(_PROTOS[i + (p[_T_FLAG] == 0xC3)])
    PyDict_SetItem(ev, _K_LEFT, PyLong_FromLong(p[_T_LEFT]))
    return ev
