"""Results of a batch audit for machines (docs/audit.md, "Results for machines"): the
content hash of each input (``file_hash``), what a previous run's ``--format jsonl`` lines
already cover (``--resume RESULTS``) and the run's summary document (``--summary FILE``:
counts per verdict and rule id, the money per seat name, the exit code)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable
from typing import Any

from xzcore.log.records import HEADER_MAGIC, find_game_start
from xzcore.mjai.events import JsonLineError, parse_line

__all__ = [
    "HASH_CHUNK",
    "ResumeError",
    "audited_files",
    "file_hash",
    "hash_and_count",
    "load_resume",
    "summary_document",
]

HASH_CHUNK = 1 << 20


def file_hash(path: str) -> str | None:
    """BLAKE2b-256 of the file's bytes, as hex; ``None`` for standard input, a folder, a
    pipe or a file that cannot be read (such an input is never skipped by ``--resume``)."""
    return hash_and_count(path)[0]


def hash_and_count(path: str) -> tuple[str | None, int]:
    """:func:`file_hash` and the game starts the file holds (L1's opening bytes), in one
    read: what ``--resume`` checks a RESULTS file's count of games against."""
    if path == "-":
        return None, 0
    h = hashlib.blake2b(digest_size=32)
    starts = 0
    tail = b""
    keep = len(HEADER_MAGIC) + 2  # a start cut by a chunk's end is found in the next
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None, 0  # a pipe can be read once only: by the audit
        with open(path, "rb") as fh:
            while chunk := fh.read(HASH_CHUNK):
                h.update(chunk)
                window = tail + chunk
                i = find_game_start(window)
                while i != -1:
                    starts += 1
                    i = find_game_start(window, i + 1)
                tail = window[-keep:]
    except OSError:
        return None, 0
    return h.hexdigest(), starts


class ResumeError(Exception):
    """The RESULTS file of ``--resume`` cannot be read."""


def audited_files(lines: Iterable[bytes | str]) -> dict[str, tuple[int, bool]]:
    """What a run's ``--format jsonl`` lines cover, per ``file_hash``: ``(n, whole)`` — the
    file's games 0 … n-1 have their lines, in order, under one path, and ``whole`` when game
    n-1's line is ``"last_of_file": true`` (the file is done). A line that is not a JSON
    object with those keys (the torn last line of a killed run) is ignored; a game out of
    order ends what that copy covers; a dead worker's report (``file_hash`` null) covers
    nothing. Of several copies of one file (the same bytes), the one covering most counts."""
    covered: dict[str, tuple[int, bool]] = {}
    going: dict[tuple[str, str], int] = {}  # (hash, path) -> the next game expected
    for line in lines:
        try:
            # Bounded in depth and in the digits of its integers, as any JSON line read
            # from outside (a RESULTS file is one): a hostile line is skipped, never raised.
            r = parse_line(line.encode() if isinstance(line, str) else line)
        except (JsonLineError, ValueError):
            continue
        if not isinstance(r, dict):
            continue
        h, path, game = r.get("file_hash"), r.get("path"), r.get("game")
        if not isinstance(h, str) or not isinstance(path, str) or type(game) is not int:
            continue
        key = (h, path)
        if game == 0:
            going[key] = 0
        if going.get(key) != game:
            going.pop(key, None)  # a gap: this copy covers no more
            continue
        whole = r.get("last_of_file") is True
        going[key] = game + 1
        if whole:
            del going[key]
        before = covered.get(h, (0, False))
        if not before[1] and (whole or game + 1 > before[0]):
            covered[h] = (game + 1, whole)
    return covered


def load_resume(path: str) -> dict[str, tuple[int, bool]]:
    """:func:`audited_files` of the file ``path``; :class:`ResumeError` if it cannot be read."""
    try:
        with open(path, "rb") as fh:
            return audited_files(fh)
    except OSError as exc:
        raise ResumeError(f"--resume {path}: cannot read ({exc.strerror or exc})") from None


def summary_document(
    summary: dict[str, Any],
    rule_findings: dict[str, int],
    rule_errors: dict[str, int],
    money_rows: list[dict[str, Any]],
    not_audited: int,
    resumed: tuple[int, int, int, int] = (0, 0, 0, 0),
    corrections: list[dict[str, Any]] | None = None,
) -> str:
    """The ``--summary`` file's JSON (docs/audit.md): the run's ``summary`` counts and exit
    code, per rule id, the money per seat name with its difference, the inputs not audited
    (a worker died twice), what ``--resume`` left out (``resumed``: the files skipped,
    the files continued, the games taken from RESULTS without being audited again, the
    files RESULTS called done with another count of games than theirs, audited again) and
    the run's ``corrections`` (the fewest transfers per seat name from the log's money to
    the engine's, netted over the games whose figures are known; ``[]`` when they agree)."""
    doc = {
        "games": summary["games"],
        "verified": summary["verified"],
        "findings": summary["findings"],
        "unreadable": summary["unreadable"],
        "findings_total": summary["findings_total"],
        "exit_code": summary["exit_code"],
        "rules": {
            "findings": dict(sorted(rule_findings.items())),
            "errors": dict(sorted(rule_errors.items())),
        },
        "money_per_seat": [
            {
                "name": r["name"],
                "claimed": r["claimed"],
                "correct": r["correct"],
                "difference": r["claimed"] - r["correct"],
                "differs": r["differs"],
            }
            for r in money_rows
        ],
        "money_games_left_out": summary["money_games_left_out"],
        "corrections": corrections,
        "not_audited": not_audited,
        "skipped_files": resumed[0],
        "resumed_files": resumed[1],
        "skipped_games": resumed[2],
        "recounted_files": resumed[3],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
