"""Fuzz target: ``xz hand --jsonl`` — the request lines of a file, decoded, scored and
answered (``xzcore.cli.hand.run_jsonl`` over ``xzcore.cli.hand_lines.bounded_lines``, the
command's own loop, with its default rules ``xuezhan``).

The input is the whole file given to ``--jsonl``. A crash is any of:

- an exception out of the loop (each line must get an answer);
- an output line that is not a JSON object with ``"ok"`` and ``"line"`` (the numbers of the
  non-blank input lines, in order), or, for ``"ok": false``, an ``error`` whose ``type`` is
  not one that docs/hand-jsonl.md lists (``JSONDecodeError``, ``RecursionError``,
  ``RequestError``, ``HandError``, ``InvalidContextError``, ``ScoringUnavailableError``) or
  whose message is not text;
- an answer of ``"ok": true`` without ``win``, a win without its ``score``, a count of failed
  lines that is not the number of ``"ok": false`` answers.

Run: ``python fuzz/hand_jsonl_target.py fuzz/corpus/hand_jsonl -atheris_runs=100000``
(fuzz/README.md).
"""

from __future__ import annotations

import io
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import instrumented, main

with instrumented():
    from xzcore.cli.hand import _RulesCache, run_jsonl
    from xzcore.cli.hand_lines import MAX_LINE_BYTES, bounded_lines

ERROR_TYPES = frozenset(
    {
        "JSONDecodeError",
        "RecursionError",
        "RequestError",
        "HandError",
        "InvalidContextError",
        "ScoringUnavailableError",
    }
)
"""docs/hand-jsonl.md, "error.type"."""

RULES = _RulesCache("xuezhan", {})
"""The command's default (``--rules xuezhan``, no ``--set``), resolved once as the command
resolves it once per run."""


def TestOneInput(data: bytes) -> None:
    """One input: see the module's docstring for what counts as a crash."""
    out = io.StringIO()
    failed = run_jsonl(bounded_lines(io.BytesIO(data)), out, RULES)
    expected = [
        n
        for n, raw in enumerate(io.BytesIO(data), 1)
        if raw.strip() or len(raw.rstrip(b"\n")) > MAX_LINE_BYTES
    ]
    # Split at newlines only: an answer may hold U+2028 or a form feed (ensure_ascii=False).
    answers = [json.loads(line) for line in out.getvalue().split("\n")[:-1]]
    assert [a.get("line") for a in answers] == expected, "answers do not match the lines"
    bad = 0
    for a in answers:
        assert type(a) is dict and type(a["ok"]) is bool, a
        if a["ok"]:
            assert type(a.get("win")) is bool, a
            assert not a["win"] or type(a.get("score")) is dict, a
            continue
        bad += 1
        error = a["error"]
        assert error["type"] in ERROR_TYPES, f"undocumented error type: {error}"
        assert type(error["message"]) is str, error
    assert failed == bad, f"{failed} failed lines counted, {bad} answered as failed"


if __name__ == "__main__":
    main(TestOneInput)
