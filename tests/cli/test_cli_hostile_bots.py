"""Hostile mjai bots against the real ``xz record`` process (issue 23; docs/mjai-bots.md M3):
a bot that closes its stdin (M3.7: reported, given up, exit 4 — not killed by SIGPIPE), one
that floods its stdout (bounded memory, time and reports, M3.3), one whose reactions nest
30,000 deep or hold a 5,000-digit number (M3.5: malformed, one line), one that leaves a child
behind (M3.9: the bot's process group ends with it). Every game is written and verifies; no
traceback; no process left."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from hostile_helpers import gone, pid_in, run_xz

from xzcore.audit.report import audit_file

BOTS = Path(__file__).resolve().parents[1] / "players" / "bots"
PEAK_MB = 120
"""Peak memory allowed to ``xz record`` (MB): the interpreter and the engine take about 30."""


def bot(script: str, *args: str) -> str:
    return shlex.join([sys.executable, str(BOTS / script), *args])


def test_a_bot_closing_its_stdin_is_crashed_given_up_and_exit_4(tmp_path: Path) -> None:
    """M3.7: the write to it fails with EPIPE (never SIGPIPE, exit 141): reported
    ``crashed``, killed, its seat plays the fallback; every game written, exit 4."""
    out, pid_file = tmp_path / "p.xzlog", tmp_path / "pid"
    args = ["-n", "3", "--bot-timeout", "5", "-o", str(out)]
    ran = run_xz(
        "record", *args, "--bot", f"1={bot('stdin_closing_bot.py', str(pid_file))}", cwd=tmp_path
    )
    assert ran.code == 4, ran.stderr
    assert "Traceback" not in ran.stderr
    assert any("the bot's process ended" in line and "M3.7)" in line for line in ran.lines)
    assert ran.lines[-1] == (
        f"xz record: wrote 3 game(s) to {out}; the bot(s) of seat(s) 1 were given up (exit 4)"
    )
    assert ran.peak_mb < PEAK_MB
    assert [r.status for r in audit_file(out)] == ["verified"] * 3
    assert gone(pid_in(pid_file))


def test_a_bot_flooding_its_stdout_is_bounded_in_memory_time_and_reports(tmp_path: Path) -> None:
    """M3.3, M3.4: the lines it floods are discarded as they come; one is reported each
    decision and the rest counted in one line; it never reads its stdin, so it is late three
    times and given up (M3.9). Ten games in seconds, not minutes; memory stays flat."""
    out, pid_file = tmp_path / "f.xzlog", tmp_path / "pid"
    ran = run_xz(
        "record",
        "-n",
        "10",
        "--bot-timeout",
        "1",
        "-o",
        str(out),
        "--bot",
        f"1={bot('flooding_bot.py', str(pid_file))}",
        cwd=tmp_path,
        timeout=90,
    )
    assert ran.code == 4, ran.stderr[-2000:]
    assert "Traceback" not in ran.stderr
    assert ran.peak_mb < PEAK_MB
    assert len(ran.stderr) < 1_000_000  # was 700 MB
    assert any("more lines sent when the bot was not asked" in line for line in ran.lines)
    assert "given up (M3.9)" in ran.stderr
    assert [r.status for r in audit_file(out)] == ["verified"] * 10
    assert gone(pid_in(pid_file))


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("deep", "JSON nested too deeply"),
        ("bigint", "an integer of more than 4300 digits in the JSON"),
        ("deepobj", "bad 'pai' [[[[...]]]] (an mjai tile such as '5p')"),
    ],
)
def test_hostile_json_reactions_are_malformed_one_line_each(
    tmp_path: Path, kind: str, reason: str
) -> None:
    """M3.5: a reaction nested 30,000 deep, with a 5,000-digit integer, or a tile nested 90
    deep is reported malformed (one line a decision, no traceback) and the seat plays the
    fallback; the games are written and verify."""
    out = tmp_path / "j.xzlog"
    ran = run_xz(
        "record",
        "-n",
        "2",
        "--bot-timeout",
        "30",
        "-o",
        str(out),
        "--bot",
        f"2={bot('hostile_json_bot.py', kind)}",
        cwd=tmp_path,
    )
    assert ran.code == 0, ran.stderr[-2000:]
    assert "Traceback" not in ran.stderr
    reports = ran.lines[:-1]
    assert reports and all("the bot's reaction is malformed" in line for line in reports)
    assert all(f"{reason} (M3.5)" in line for line in reports), reports[0]
    assert all(len(line) < 400 for line in reports)
    assert ran.lines[-1] == f"wrote 2 game(s) to {out}"
    assert ran.peak_mb < PEAK_MB
    assert [r.status for r in audit_file(out)] == ["verified"] * 2


def test_a_bots_own_child_is_ended_with_it(tmp_path: Path) -> None:
    """M3.9: the bot exits at once, its child (holding its stdout) lives on; the bot is
    late, given up, and its whole process group killed: no process is left."""
    out, pid_file = tmp_path / "g.xzlog", tmp_path / "pid"
    ran = run_xz(
        "record",
        "-n",
        "2",
        "--bot-timeout",
        "1",
        "-o",
        str(out),
        "--bot",
        f"1={bot('forking_bot.py', str(pid_file))}",
        cwd=tmp_path,
    )
    assert ran.code == 4, ran.stderr
    assert "Traceback" not in ran.stderr
    assert [r.status for r in audit_file(out)] == ["verified"] * 2
    assert gone(pid_in(pid_file))
