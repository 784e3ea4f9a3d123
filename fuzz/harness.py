"""What the fuzz targets share: atheris made optional, xzcore imported instrumented, a
canonical form for comparing decoded data, and re-chaining a log's hashes.

The targets (``fuzz/*_target.py``) import this module first and xzcore only through
:func:`instrumented`, so that atheris — when it is installed and drives the run — sees the
Python code of xzcore (its coverage guides the mutations). Without atheris the targets still
import and their ``TestOneInput`` runs as a plain function: ``tests/test_fuzz_targets.py``
runs every target over its seed corpus that way, so the targets cannot rot.

This module imports nothing of xzcore: anything imported before :func:`instrumented` would not
be instrumented.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

import msgpack

try:  # atheris drives a fuzzing run; the seed-corpus test runs without it
    import atheris
except ImportError:  # pragma: no cover - depends on the environment
    atheris = None

__all__ = ["atheris", "canon", "instrumented", "main", "rechain"]


@contextlib.contextmanager
def instrumented() -> Iterator[None]:
    """Import xzcore inside this block: instrumented for coverage under atheris (its Python
    modules only — the compiled ones carry no coverage probes; run with ``XZ_PUREPYTHON=1`` to
    fuzz their pure-Python twins instead), plainly without it."""
    if atheris is None:
        yield
        return
    with atheris.instrument_imports(include=["xzcore"]):
        yield


def main(test_one_input: Callable[[bytes], None]) -> None:
    """Run ``test_one_input`` under atheris' libFuzzer engine with this process's arguments
    (``python fuzz/log_reader_target.py fuzz/corpus/log_reader -atheris_runs=5000``)."""
    if atheris is None:
        sys.exit("atheris is not installed: pip install 'xzcore[fuzz]'")
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


# -- comparing decoded data ----------------------------------------------------------------------

_LEAF = (int, str, bool, type(None))


class _Form:
    """A form already made (a map key's), pushed on :func:`canon`'s stack as it is."""

    __slots__ = ("form",)

    def __init__(self, form: tuple[Any, ...]) -> None:
        self.form = form


def canon(value: Any) -> tuple[Any, ...]:
    """A flat, hashable, order-independent-for-maps form of ``value`` in which equal forms
    mean equal data of equal types all the way down (``1`` is not ``1.0`` nor ``True``; a NaN
    equals a NaN; ``bytes`` is not ``bytearray``). Iterative: a log may nest ~1,000 deep, past
    Python's recursion limit, and the comparison must not be what fails."""
    out: list[Any] = []
    stack: list[Any] = [value]
    close = object()
    while stack:
        v = stack.pop()
        if v is close:
            out.append(")")
            continue
        t = type(v)
        if t is dict:
            # Maps in the order of their keys' forms (keys are str or bytes: shallow), each
            # key's form then its value's.
            items = sorted(((canon(k), x) for k, x in v.items()), key=lambda kv: kv[0])
            out.append(("dict", len(v)))
            stack.append(close)
            for key, x in reversed(items):
                stack.append(x)
                stack.append(_Form(key))
        elif t is _Form:
            out.append(v.form)
        elif t is list or t is tuple:
            out.append((t.__name__, len(v)))
            stack.append(close)
            stack.extend(reversed(v))
        elif t is float:
            out.append(("float", v.hex()))
        elif t in _LEAF:
            out.append((t.__name__, v))
        elif t is bytes or t is bytearray or t is memoryview:
            out.append((t.__name__, bytes(v)))
        else:
            out.append((t.__name__, repr(v)))
    return tuple(out)


# -- re-chaining ---------------------------------------------------------------------------------

_HASH_TAIL = 34  # c4 20 and the 32-byte hash end every record (L1)
_GENESIS = bytes(32)
_PREV = b"\xa4prev\xc4\x20"
_FINAL = b"\xa5final\xc4\x20"


def _blake(prev: bytes, body: bytes | bytearray) -> bytes:
    return hashlib.blake2b(bytes(prev) + bytes(body), digest_size=32).digest()


def rechain(data: bytes) -> bytes:
    """``data`` with every hash of the L2 chain made right again, as far as its records
    decode: each record's hash, each header's ``prev`` (the game before's final hash) and each
    closing record's ``final`` rewritten in place (same length). A mutated log then passes the
    integrity check and reaches what lies behind it — the scan's whole-game path, the replay,
    the claims — instead of stopping at "hash chain broken". Signatures (L3) are not redone.

    An untouched log is returned unchanged; bytes that do not decode are left as they are."""
    buf = bytearray(data)
    up = msgpack.Unpacker(raw=True, strict_map_key=False, max_buffer_size=len(buf) + 1)
    up.feed(bytes(buf))
    running = _GENESIS
    last_final = _GENESIS  # the final hash of the game before (a header's prev)
    at = 0
    while True:
        try:
            obj = up.unpack()
        except Exception:  # out of data or bad bytes: the rest stays as it is
            break
        end = up.tell()
        start, at = at, end
        if not (
            type(obj) is list
            and len(obj) == 3
            and type(obj[2]) is bytes
            and len(obj[2]) == 32
            and buf[end - _HASH_TAIL : end - 32] == b"\xc4\x20"
        ):
            continue
        tag = obj[0]
        body = memoryview(buf)[start : end - _HASH_TAIL]
        if tag == 0:  # a header: its prev is the final hash of the game before
            _patch(body, _PREV, last_final)
            running = last_final
        elif tag == 3:  # a closing record: its final is the running hash so far
            _patch(body, _FINAL, running)
        body.release()
        running = _blake(running, buf[start : end - _HASH_TAIL])
        buf[end - 32 : end] = running
        if tag == 3:
            last_final = running
    return bytes(buf)


def _patch(body: memoryview, key: bytes, value: bytes) -> None:
    """Overwrite the 32 bytes after the first ``key`` (a map key and its bin8 header)."""
    i = bytes(body).find(key)
    if i >= 0:
        body[i + len(key) : i + len(key) + 32] = value
