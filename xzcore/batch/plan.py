"""What a batch audit is cut into (docs/scale.md): each input file into byte ranges, found
from its size alone — the planner reads no log. A range's worker starts at the first game
start inside it and reads its last game to the end, past the range (Hadoop's input
splits), so no game is lost or read twice; :mod:`xzcore.batch.merge` checks, where two
ranges meet, that the second began where the first stopped, in the same state (L2, L8)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from xzcore.audit.report import ReadState
from xzcore.log.reader import EXTENSION

__all__ = ["PART_BYTES", "RangeTask", "input_size", "iter_inputs", "plan_file"]

PART_BYTES = 4 << 20
"""The bytes of a file one task audits (about 400 recorded games, a fifth of a second of
one core): a file larger than this is cut into ranges of this size."""


@dataclass(frozen=True)
class RangeTask:
    """One task: the games of ``path`` that start in ``[start, end)`` (``end`` ``None``: to
    the end of the file; ``"-"``: standard input, whole). ``index`` counts the file's ranges
    from 0; ``state``, when given, is where the reading of the file in order stands at
    ``start`` (a range audited again from a checked state). ``skip``: the games numbered
    below it already have their lines (``--resume``) and are neither rendered nor counted.
    ``file_hash``: the file's content hash, when the planner knows it."""

    path: str
    start: int = 0
    end: int | None = None
    index: int = 0
    state: ReadState | None = None
    skip: int = 0
    file_hash: str | None = None

    @property
    def is_last(self) -> bool:
        """The file's last range (it reads to the end of the file)."""
        return self.end is None


def iter_inputs(paths: Iterable[str]) -> Iterator[str]:
    """Each LOG as given (``-``: standard input); each DIR as every ``*.xzlog`` file below
    it, sorted, lazily. A DIR holding no such file is yielded itself: auditing it gives an
    unreadable report naming it (exit 3), never a silent "0 games, exit 0"."""
    for p in paths:
        if os.path.isdir(p):
            found = False
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(EXTENSION):
                        found = True
                        yield os.path.join(root, name)
            if not found:
                yield p
        else:
            yield p  # a missing file becomes an unreadable report; "-" is standard input


def input_size(path: str) -> int:
    """The bytes of an input file (0: standard input, a folder, or unknown)."""
    if path == "-":
        return 0
    try:
        return 0 if os.path.isdir(path) else os.path.getsize(path)
    except OSError:
        return 0


def plan_file(
    path: str,
    part_bytes: int = PART_BYTES,
    *,
    skip: int = 0,
    file_hash: str | None = None,
) -> Iterator[RangeTask]:
    """The tasks of one input: ranges of ``part_bytes`` (the last one to the end of the
    file), from its size alone.

    >>> [(t.start, t.end) for t in plan_file(__file__, 1 << 30)]
    [(0, None)]
    """
    size = input_size(path)
    n = max((size + part_bytes - 1) // part_bytes, 1)
    for i in range(n):
        end = (i + 1) * part_bytes if i + 1 < n else None
        yield RangeTask(path, i * part_bytes, end, i, None, skip, file_hash)
