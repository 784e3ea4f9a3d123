"""Fuzz target: the audit of a log held in memory (``xzcore.audit.report.audit_bytes``), and
its reports as ``xz audit`` prints them.

The input is a whole ``.xzlog`` file, audited as it is when its length is even and after
:func:`harness.rechain` has made its hash chain right when odd, so that half the mutations of
events and claims reach the replay and the comparison of figures without an integrity
finding (the scan's whole-game path, the claims of ``others``). It is audited twice: with
the shortcuts (the scan, ``quiet_run``) and without (``shortcuts=False``: record by record,
every action through ``Round.play``), which audit_handle documents as giving the same
reports.

A crash is any of:

- an exception out of ``audit_bytes`` (every input gives reports: unreadable bytes are an
  unreadable report, never an exception), of ``GameReport.to_dict``, of the ``--format
  json`` writer (``xzcore.cli.audit.to_json``: strict JSON) or of the table
  (``table_lines``, in English and Chinese);
- a non-empty input giving no report;
- a finding that says the audit itself failed ("this is a bug …, please report it": the
  replay or the round engine raised, e.g. a TileConservationError, R1.1);
- money not conserved (R9.6): the engine's net units per seat not summing to zero;
- a verified game whose money per seat is not the engine's;
- the reports with and without the shortcuts differing.

Run: ``python fuzz/audit_bytes_target.py fuzz/corpus/audit_bytes -atheris_runs=20000``
(fuzz/README.md).
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import canon, instrumented, main, rechain

with instrumented():
    from xzcore.audit.report import GameReport, audit_bytes
    from xzcore.view.audit_text import table_lines, to_json

BUG = "please report it"
"""In the message of a finding the audit makes when the replay or the engine raised."""


def check_report(report: GameReport) -> None:
    """One report's invariants and its three printed forms."""
    for f in report.findings:
        assert BUG not in f.message, f"the audit failed: {f.message}"
    if report.correct_net is not None:
        assert sum(report.correct_net) == 0, f"money not conserved (R9.6): {report.correct_net}"
    if report.verified and report.correct_net is not None:
        assert report.claimed_net == report.correct_net, "a verified game's money differs"
    d = report.to_dict()
    to_json(d)
    table_lines(d, quiet=False, lang="en")
    table_lines(d, quiet=False, lang="zh")


def TestOneInput(data: bytes) -> None:
    """One input: see the module's docstring for what counts as a crash."""
    payload = rechain(data) if len(data) % 2 else data
    reports = audit_bytes(payload)
    assert reports or not payload, "a non-empty input gave no report"
    for report in reports:
        check_report(report)
    oracle = audit_bytes(payload, shortcuts=False)
    assert canon([r.to_dict() for r in reports]) == canon([r.to_dict() for r in oracle]), (
        "the audit with and without shortcuts differ"
    )


if __name__ == "__main__":
    main(TestOneInput)
