"""The record stream under :class:`xzcore.log.reader.LogReader`: bounded msgpack decoding (L1, L6).

Bytes are read in chunks and fed to a ``msgpack.Unpacker`` built with explicit limits on the
buffer and on array, map, string, binary and extension sizes, so that no input — random
bytes, a declared length of 4 GiB, deep nesting — can make memory grow past about
``Limits.max_record_bytes`` plus one chunk. The stream keeps the raw bytes of the current
record (the hash chain of L2 covers exact bytes, never a re-encoding). After any decoding
error the unpacker is discarded; :meth:`RecordStream.resync` scans forward for the next game
header and starts a fresh unpacker there.
"""

from __future__ import annotations

import hashlib
from typing import IO, Any, NamedTuple

import msgpack

from xzcore.log.types import (
    FORMAT_NAME,
    HASH_SIZE,
    TAG_NAMES,
    Limits,
    Location,
    LogFormatError,
)

__all__ = [
    "FIXED",
    "HASH_BIN",
    "HEADER_MAGIC",
    "SIZED",
    "Record",
    "RecordStream",
    "chain",
    "declared_over_limit",
    "decoder_options",
    "find_game_start",
]

HASH_BIN = b"\xc4" + bytes([HASH_SIZE])
"""The msgpack bin8 header of a record's 32-byte hash (L1)."""
HEADER_MAGIC = b"\xa6format" + bytes([0xA0 | len(FORMAT_NAME)]) + FORMAT_NAME.encode()
"""Bytes every header holds right after its record and map openers (L1): ``"format": "xzlog"``
as the first map entry. The resync scan looks for them."""


def find_game_start(data: bytes | bytearray, start: int = 0) -> int:
    """The index in ``data`` of the first game start at or after ``start`` — the bytes
    ``93 00 8x`` (a record of three, tag 0, a small map) then :data:`HEADER_MAGIC` (L1) — or
    ``-1``. The one definition of what a reader resuming mid-file looks for: after
    unreadable bytes (:meth:`RecordStream.resync`) and at the start of a byte range
    (:func:`xzcore.audit.report.audit_range`).

    >>> find_game_start(b"junk" + b"\\x93\\x00\\x8d" + HEADER_MAGIC + b"...")
    4
    """
    i = data.find(HEADER_MAGIC, start + 3)
    while i != -1:
        if data[i - 3] == 0x93 and data[i - 2] == 0x00 and data[i - 1] >> 4 == 0x8:
            return i - 3
        i = data.find(HEADER_MAGIC, i + 1)
    return -1


_HASH_BIN0, _HASH_BIN1 = HASH_BIN
_BLAKE = hashlib.blake2b(digest_size=HASH_SIZE)


def chain(prev: bytes, body: bytes | bytearray) -> bytes:
    """L2: the running hash of a record: BLAKE2b-256(prev hash ‖ record bytes before the hash)."""
    h = _BLAKE.copy()
    h.update(prev)
    h.update(body)
    return h.digest()


_END = object()  # RecordStream._fill: a clean end of input
_new_record = tuple.__new__  # builds a Record without the named tuple's slower __new__


def _no_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not used in xzlog")


def decoder_options(limits: Limits) -> dict[str, Any]:
    """How every payload of a log is decoded (L1, L6): str as str, lists, string map keys,
    no extension types, each size within ``limits`` — by the record stream and by the scan
    (compiled and twin) alike."""
    return {
        "raw": False,
        "use_list": True,
        "strict_map_key": True,
        "ext_hook": _no_ext,
        "max_ext_len": 0,
        "max_str_len": limits.max_str_len,
        "max_bin_len": limits.max_bin_len,
        "max_array_len": limits.max_array_len,
        "max_map_len": limits.max_map_len,
    }


class Record(NamedTuple):
    """One decoded record: tag, payload, stored hash, the hashed bytes and its offset."""

    tag: int
    payload: Any
    hash: bytes
    body: bytes | bytearray
    offset: int


class RecordStream:
    """Yields :class:`Record` values from a binary handle, one at a time, within limits."""

    def __init__(
        self, handle: IO[bytes], limits: Limits, path: str = "", *, start: int = 0
    ) -> None:
        self._fh = handle
        self._limits = limits
        self._max_record = limits.max_record_bytes
        self._chunk = limits.chunk_size
        self._path = path
        self.base = start
        """File offset of ``_buf[0]``."""
        self.offset = start
        """File offset of the next record."""
        self._buf = bytearray()
        self._eof = False
        self._up = self._new_unpacker()
        self._up_origin = start  # file offset where the current unpacker's input begins
        self.last_start = start
        """File offset of the last record :meth:`next_record` began to read."""

    def _new_unpacker(self) -> msgpack.Unpacker:
        lim = self._limits
        return msgpack.Unpacker(
            max_buffer_size=lim.max_record_bytes + 2 * lim.chunk_size, **decoder_options(lim)
        )

    def _loc(self, offset: int) -> Location:
        return Location(self._path, None, None, offset, None)

    def _read_chunk(self) -> bytes:
        if self._eof:
            return b""
        try:
            chunk = self._fh.read(self._limits.chunk_size)
        except OSError as exc:
            raise LogFormatError(f"read error: {exc}", self._loc(self.offset)) from None
        if not chunk:
            self._eof = True
        return chunk

    def next_record(self) -> Record | None:
        """The next record, or ``None`` at a clean end of input. Raises
        :class:`LogFormatError` (with the record's byte offset) for anything unreadable."""
        # The common case — the record is already buffered — runs straight through; reading
        # more bytes is :meth:`_fill`'s business.
        up = self._up
        start = self.offset
        self.last_start = start
        try:
            obj = up.unpack()
        except msgpack.OutOfData:
            obj = self._fill(start)
            if obj is _END:
                return None
        except Exception as exc:  # msgpack raises several types; all mean "bad bytes"
            raise self._over_limit(start) or self._undecodable(exc, start) from None
        end = self._up_origin + up.tell()
        self.offset = end
        if end - start > self._max_record:
            raise LogFormatError(
                f"record larger than {self._max_record} bytes", self._loc(start), rule="L6"
            )
        if not (type(obj) is list and len(obj) == 3):
            raise LogFormatError(
                "a record must be an array [tag, payload, hash]", self._loc(start), rule="L1"
            )
        tag, payload, h = obj
        if type(tag) is not int or tag not in TAG_NAMES:
            raise LogFormatError(f"unknown record tag {tag!r}", self._loc(start), rule="L1")
        buf = self._buf
        base = self.base
        hash_at = end - base - HASH_SIZE - 2  # where the hash's bin header must be
        if not (
            type(h) is bytes
            and len(h) == HASH_SIZE
            and buf[hash_at] == _HASH_BIN0
            and buf[hash_at + 1] == _HASH_BIN1
        ):
            raise LogFormatError(
                "a record's last element must be its 32-byte hash", self._loc(start), rule="L2"
            )
        rel = start - base
        body = buf[rel:hash_at]  # the hashed bytes (L2), copied once
        if rel > self._chunk:
            del buf[:rel]
            self.base = start
        return _new_record(Record, (tag, payload, h, body, start))

    def at_end(self) -> bool:
        """Whether the input ends at :attr:`offset` (after the last record read, L8.2): reads
        the next chunk when nothing is buffered past it. A read error gives ``False`` (then
        the next :meth:`next_record` meets it and reports it)."""
        if self.base + len(self._buf) > self.offset:
            return False
        try:
            chunk = self._read_chunk()
        except LogFormatError:
            return False
        if not chunk:
            return True
        # After a whole record the decoder holds nothing unread: a chunk always fits.
        self._up.feed(chunk)
        self._buf += chunk
        return False

    def _fill(self, start: int) -> Any:
        """Feed chunks to the unpacker until the record starting at ``start`` decodes;
        return it, or :data:`_END` at a clean end of input."""
        up = self._up
        while True:
            chunk = self._read_chunk()
            if not chunk:
                if self.base + len(self._buf) == start:
                    return _END
                over = self._over_limit(start)
                if over is not None:  # a declared size past a limit, whatever the file's size
                    raise over
                raise LogFormatError(
                    f"truncated record: the log ends {self.base + len(self._buf) - start} "
                    "bytes into it",
                    self._loc(start),
                    rule="L1",
                )
            try:
                up.feed(chunk)
            except msgpack.BufferFull:
                self._buf += chunk  # kept: the walk below and resync() read on from here
                raise self._over_limit(start) or LogFormatError(
                    f"record larger than {self._limits.max_record_bytes} bytes",
                    self._loc(start),
                    rule="L6",
                ) from None
            self._buf += chunk
            try:
                return up.unpack()
            except msgpack.OutOfData:
                pass
            except Exception as exc:  # msgpack raises several types; all mean "bad bytes"
                raise self._over_limit(start) or self._undecodable(exc, start) from None

    def _over_limit(self, start: int) -> LogFormatError | None:
        """The L6 error for a record whose bytes declare a string, binary, array or map
        larger than the limits allow (:func:`declared_over_limit`), else ``None``. Only on
        error paths: a record that cannot be read is reported by its declared size — the
        same L6 whether the file is cut short after the size (no data to read) or goes on
        past the buffer's limit.

        The answer depends on the file's bytes alone, never on where the chunks fell: the
        walk reads ahead (into the buffer, for :meth:`resync`) until it is decided or has
        seen ``max_record_bytes`` of the record, or the input ends."""
        walk = _SizeWalk(self._limits)
        stop = start + self._limits.max_record_bytes
        while True:
            rel = max(start - self.base, 0)
            upto = stop - self.base
            with memoryview(self._buf) as view:  # released before the buffer grows
                walk.walk(view[rel:upto])
            if walk.done or self.base + len(self._buf) >= stop:
                break
            chunk = self._read_chunk()
            if not chunk:
                break
            self._buf += chunk
        if walk.found is None:
            return None
        return LogFormatError(walk.found, self._loc(start), rule="L6")

    def _undecodable(self, exc: Exception, start: int) -> LogFormatError:
        return LogFormatError(
            f"undecodable msgpack record ({type(exc).__name__}: {exc})",
            self._loc(start),
            rule="L1",
        )

    def resync(self) -> int | None:
        """After an error, skip to the next game header (found by :data:`HEADER_MAGIC`) and
        start a fresh unpacker there. Returns its offset, or ``None`` if none is left (the
        stream then reports a clean end)."""
        # From just past the start of the last record read (bad, or rejected by the caller),
        # so that a header right after it is found.
        scan_from = self.last_start + 1
        # Bytes already buffered past the bad record's start, then further chunks.
        rel = max(scan_from - self.base, 0)
        window = bytes(self._buf[rel:])
        window_base = self.base + rel
        keep = len(HEADER_MAGIC) + 3
        while True:
            i = find_game_start(window)
            if i != -1:
                return self._restart(window_base + i, window[i:])
            chunk = self._read_chunk()
            if not chunk:
                self._restart(window_base + len(window), b"")
                return None
            cut = max(len(window) - keep, 0)
            window = window[cut:] + chunk
            window_base += cut

    def _restart(self, offset: int, data: bytes) -> int:
        self._up = self._new_unpacker()
        self._up_origin = offset
        self.base = offset
        self.offset = offset
        self._buf = bytearray()
        # Feed what we already hold in pieces the buffer limit accepts.
        step = self._limits.chunk_size
        for i in range(0, len(data), step):
            piece = data[i : i + step]
            try:
                self._up.feed(piece)
            except msgpack.BufferFull:  # pragma: no cover - pieces are chunk-sized
                break
            self._buf += piece
        return offset


SIZED = {
    0xC4: ("bin", 1),
    0xC5: ("bin", 2),
    0xC6: ("bin", 4),
    0xC7: ("ext", 1),
    0xC8: ("ext", 2),
    0xC9: ("ext", 4),
    0xD9: ("str", 1),
    0xDA: ("str", 2),
    0xDB: ("str", 4),
    0xDC: ("array", 2),
    0xDD: ("array", 4),
    0xDE: ("map", 2),
    0xDF: ("map", 4),
}
"""msgpack (https://github.com/msgpack/msgpack/blob/master/spec.md) first bytes whose length
follows in 1, 2 or 4 big-endian bytes: (kind, width of the length)."""
FIXED = {0xCA: 5, 0xCB: 9, 0xCC: 2, 0xCD: 3, 0xCE: 5, 0xCF: 9, 0xD0: 2, 0xD1: 3, 0xD2: 5}
FIXED.update({0xD3: 9, 0xD4: 3, 0xD5: 4, 0xD6: 6, 0xD7: 10, 0xD8: 18})
"""Fixed-size msgpack values: first byte -> bytes taken in all (float, int, uint, fixext)."""


def declared_over_limit(data: bytes | bytearray | memoryview, limits: Limits) -> str | None:
    """Walk the msgpack value at the start of ``data`` as far as the bytes go, reading only
    the declared sizes, and describe the first string, binary, array or map whose declared
    size is past ``limits`` (or past ``limits.max_record_bytes`` for byte lengths), e.g.
    ``"record declares an array of 65535 items, over the limit of 4096"``, or ``"record
    larger than 1048576 bytes: it declares a str of 4294967295 bytes"``; ``None`` if none
    is in what ``data`` holds (or its bytes are not msgpack: that is another error)."""
    return _SizeWalk(limits).walk(data)


class _SizeWalk:
    """:func:`declared_over_limit`, resumable: :meth:`walk` takes the bytes seen so far
    (from the value's first byte) and goes on from where the last call stopped, so that a
    reader can add chunks and walk each byte once. ``done`` is set once the answer cannot
    change: a size past a limit was found (``found``), the value ended, or a byte is not
    msgpack."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.caps = {
            "str": min(limits.max_str_len, limits.max_record_bytes),
            "bin": min(limits.max_bin_len, limits.max_record_bytes),
            "ext": 0,  # xzlog uses no extension type (the reader's max_ext_len is 0)
            "array": limits.max_array_len,
            "map": limits.max_map_len,
        }
        self.pos = 0
        self.pending = 1  # values still to walk
        self.found: str | None = None
        self.done = False

    def walk(self, data: bytes | bytearray | memoryview) -> str | None:
        caps, limits = self.caps, self.limits
        unit = {"str": "bytes", "bin": "bytes", "ext": "bytes", "array": "items", "map": "entries"}
        n_data = len(data)
        pos, pending = self.pos, self.pending
        while not self.done and pending > 0 and pos < n_data:
            b = data[pos]
            if b <= 0x7F or b >= 0xE0 or b in (0xC0, 0xC2, 0xC3):
                pos += 1
            elif b in FIXED:
                pos += FIXED[b]
            elif 0x80 <= b <= 0x9F:  # fixmap, fixarray: at most 15 entries, within every limit
                pending += (b & 0x0F) * (2 if b <= 0x8F else 1)
                pos += 1
            elif 0xA0 <= b <= 0xBF:  # fixstr
                pos += 1 + (b & 0x1F)
            elif b not in SIZED:  # 0xC1: never used in msgpack
                self.done = True
                break
            else:
                kind, width = SIZED[b]
                if pos + 1 + width > n_data:
                    break  # the size itself is cut short: more bytes may tell
                n = int.from_bytes(data[pos + 1 : pos + 1 + width], "big")
                if n > caps[kind]:
                    article = "an" if kind in ("array", "ext") else "a"
                    what = f"{article} {kind} of {n} {unit[kind]}"
                    if unit[kind] == "bytes" and n > limits.max_record_bytes:
                        big = limits.max_record_bytes
                        what = f"record larger than {big} bytes: it declares {what}"
                    else:
                        what = f"record declares {what}, over the limit of {caps[kind]}"
                    self.found, self.done = what, True
                    break
                pos += 1 + width
                if kind == "array":
                    pending += n
                elif kind == "map":
                    pending += 2 * n
                else:
                    pos += n + (1 if kind == "ext" else 0)  # an ext's type byte, then its data
            pending -= 1
        if pending <= 0 and not self.done:
            self.done = True  # the value ended: nothing past a limit in it
        self.pos, self.pending = pos, pending
        return self.found
