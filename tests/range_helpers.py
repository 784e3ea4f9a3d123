"""Auditing a file range by range, as the batch audit's workers do (xzcore.batch): the
reports that come back, to hold against the whole file's (the tests of tests/audit and
tests/batch)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from xzcore.audit.report import audit_file
from xzcore.batch import BatchAudit, Options
from xzcore.view.audit_text import to_json


def by_ranges(
    path: Path | str, part_bytes: int, key_pem: bytes | None = None
) -> tuple[list[dict[str, Any]], int]:
    """The reports of ``path`` cut into ranges of ``part_bytes``, merged as a batch run
    merges them (JSON lines, read back), and how many ranges were audited again."""
    run = BatchAudit([str(path)], Options(fmt="jsonl", key_pem=key_pem), part_bytes=part_bytes)
    text = "".join(out.text for out in run)
    return [json.loads(line) for line in text.splitlines()], run.reruns


def whole(path: Path | str, verifier: Any = None) -> list[dict[str, Any]]:
    """The reports of the whole file read in order, as JSON gives them back."""
    return [json.loads(to_json(r.to_dict())) for r in audit_file(path, verifier=verifier)]
