"""Results of ``xz audit`` for machines (docs/audit.md, "Results for machines"): the content
hash of each input (``file_hash``), ``--resume RESULTS`` (skip the inputs a previous run's
``--format jsonl`` output already covers) and ``--summary FILE`` (counts per verdict and
rule id, the money per seat name, the exit code)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

HASH_CHUNK = 1 << 20


def file_hash(path: str) -> str | None:
    """BLAKE2b-256 of the file's bytes, as hex; ``None`` for standard input, a folder, a
    pipe or a file that cannot be read (such an input is never skipped by ``--resume``)."""
    if path == "-":
        return None
    h = hashlib.blake2b(digest_size=32)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a pipe can be read once only: by the audit
        with open(path, "rb") as fh:
            while chunk := fh.read(HASH_CHUNK):
                h.update(chunk)
    except OSError:
        return None
    return h.hexdigest()


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
            r = json.loads(line)
        except ValueError:
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


class Hashes:
    """The inputs in order with their content hashes, for the ``file_hash`` of every report
    (each input gives one or more reports, in order, the last marked as ending its file),
    and what ``--resume`` leaves out: the inputs already covered whole, and the games of a
    partly covered one that already have their lines. Holds only the inputs in flight."""

    def __init__(self, covered: dict[str, tuple[int, bool]] | None) -> None:
        self.covered = covered or {}
        self.queue: list[tuple[str | None, int]] = []
        self._next = 0
        self.skipped_files = 0
        self.resumed_files = 0
        self.skipped_games = 0

    def inputs(self, paths: Iterable[str]) -> Iterator[str]:
        """``paths`` less the ones already audited whole, each hashed as it goes by."""
        for p in paths:
            h = file_hash(p)
            games, whole = self.covered.get(h, (0, False)) if h is not None else (0, False)
            if whole:
                self.skipped_files += 1
                self.skipped_games += games
                continue
            self.resumed_files += games > 0
            self.queue.append((h, games))
            yield p

    def current(self) -> str | None:
        """The hash of the input whose reports are being emitted."""
        return self.queue[self._next][0] if self._next < len(self.queue) else None

    def already_there(self, report: dict[str, Any]) -> bool:
        """The report's game already has its line in RESULTS (a partly covered file): it is
        neither emitted nor counted again."""
        if self._next >= len(self.queue) or report["game"] >= self.queue[self._next][1]:
            return False
        self.skipped_games += 1
        return True

    def file_done(self) -> None:
        """Its last report was emitted: on to the next input."""
        self._next += 1
        if self._next > 1024:  # forget the inputs done
            del self.queue[: self._next]
            self._next = 0


class RuleCounts:
    """Findings and unreadable errors per rule id, over the run."""

    def __init__(self) -> None:
        self.findings: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()

    def add(self, report: dict[str, Any]) -> None:
        for f in report["findings"]:
            self.findings[str(f["rule"])] += 1
        for e in report["errors"]:
            self.errors[str(e["rule"])] += 1


def summary_document(
    summary: dict[str, Any],
    rules: RuleCounts,
    money_rows: list[dict[str, Any]],
    not_audited: int,
    hashes: Hashes | None,
) -> str:
    """The ``--summary`` file's JSON (docs/audit.md): the run's ``summary`` counts and exit
    code, per rule id, the money per seat name with its difference, the inputs not audited
    (a worker died twice) and what ``--resume`` left out."""
    doc = {
        "games": summary["games"],
        "verified": summary["verified"],
        "findings": summary["findings"],
        "unreadable": summary["unreadable"],
        "findings_total": summary["findings_total"],
        "exit_code": summary["exit_code"],
        "rules": {
            "findings": dict(sorted(rules.findings.items())),
            "errors": dict(sorted(rules.errors.items())),
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
        "not_audited": not_audited,
        "skipped_files": hashes.skipped_files if hashes is not None else 0,
        "resumed_files": hashes.resumed_files if hashes is not None else 0,
        "skipped_games": hashes.skipped_games if hashes is not None else 0,
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
