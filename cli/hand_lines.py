"""Reading ``xz hand --jsonl`` input with bounded memory.

A request is a short JSON object, yet a file may hold a line of gigabytes (a missing newline,
a wrong file). Iterating over a binary file reads such a line whole; :func:`bounded_lines`
never holds more than ``limit`` bytes of one line and hands over an :class:`OverlongLine`
marker instead, so the line still gets its own error answer and the rest of the file goes on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, TypeAlias

from xzcore.errors import RequestError

MAX_LINE_BYTES = 64 * 1024
"""Longest request line accepted (newline excluded); longer lines fail on their own line."""

MAX_TEXT_CHARS = 256
"""Longest tile, meld or suit text accepted in one field: a hand is at most 14 tiles."""

_SKIP = 1 << 16


class OverlongLine:
    """Stands for a line longer than the limit; ``size`` is its length in bytes (newline
    excluded). It pickles, so it travels to ``--jobs`` workers like a line."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        self.size = size

    def __getstate__(self) -> int:
        return self.size

    def __setstate__(self, size: int) -> None:
        self.size = size

    def __repr__(self) -> str:
        return f"OverlongLine({self.size})"

    def message(self, limit: int = MAX_LINE_BYTES) -> str:
        """The error text of this line's answer."""
        return (
            f"line of {self.size} bytes is longer than the limit of {limit} bytes "
            "(a request is one short JSON object; is a newline missing?)"
        )


Line: TypeAlias = "bytes | OverlongLine"
"""One input line, or the marker of a line too long to read."""


def bounded_lines(fh: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | OverlongLine]:
    """Yield the lines of ``fh`` (newline kept), or an :class:`OverlongLine` for any line
    longer than ``limit`` bytes, whose bytes are skipped in chunks and never stored."""
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        if line.endswith(b"\n") or len(line) <= limit:
            yield line
            continue
        size = len(line)
        while True:
            more = fh.readline(_SKIP)
            if not more:
                break
            if more.endswith(b"\n"):
                size += len(more) - 1
                break
            size += len(more)
        yield OverlongLine(size)


def decode_line(raw: bytes, first: bool) -> str:
    """A request line as text; a UTF-8 byte-order mark is allowed on the first line only.

    Raises :class:`RequestError` naming the first byte that is not UTF-8 and its column."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start]
        raise RequestError(
            f"line is not UTF-8 text: byte 0x{bad:02x} at column {exc.start + 1}"
        ) from None
    if first and text.startswith("\ufeff"):
        return text[1:]
    return text


def check_text(value: str, field: str) -> str:
    """``value`` unchanged, or a :class:`RequestError` naming ``field`` if it is implausibly
    long (the tile parser echoes its input in messages, and a hand is at most 14 tiles)."""
    if len(value) > MAX_TEXT_CHARS:
        raise RequestError(
            f"{field}: {len(value)} characters of text; at most {MAX_TEXT_CHARS} are read "
            "(a hand is at most 14 tiles)"
        )
    return value
