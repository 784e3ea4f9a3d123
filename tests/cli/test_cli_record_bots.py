"""``xz record --bot SEAT=NAME_OR_COMMAND`` (docs/mjai-bots.md M3): external mjai bots as real
processes in recorded games that audit verified, reproducible bytes, the reports on stderr,
exit 4 for a bot given up, and the usage errors naming --bot."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from xzcore.audit.report import audit_file
from xzcore.cli.main import cli
from xzcore.log.reader import LogReader
from xzcore.players import recording

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "tests" / "players" / "bots"
NAMES = getattr(recording, "BOT_NAMES", ("greedy", "random"))
"""The built-in bots' names (xzcore.players.recording)."""
SLOW = ["--bot-timeout", "60"]
"""Time enough for a bot's start-up on a loaded machine: these tests are not about time."""
EXAMPLE = shlex.join([sys.executable, str(ROOT / "examples" / "mjai_bot.py")])


def bot(script: str, *args: str) -> str:
    return shlex.join([sys.executable, str(BOTS / script), *args])


def record(args: list[str]) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, ["record", *args])
    return res.exit_code, res.stdout, res.stderr


def games_of(path: Path) -> list:  # type: ignore[type-arg]
    with open(path, "rb") as fh:
        return list(LogReader(fh))


def test_example_bots_record_verified_reproducible_games(tmp_path: Path) -> None:
    """M3.3: two seats played by the example bot, two by the greedy bot: the games audit
    verified, nothing is reported, and the same command writes the same bytes."""
    a, b = tmp_path / "a.xzlog", tmp_path / "b.xzlog"
    args = ["-n", "3", "--seed", "5", "--bot", f"1={EXAMPLE}", "--bot", f"3={EXAMPLE}", *SLOW]
    code, _, err = record([*args, "-o", str(a)])
    assert code == 0, err
    assert err == f"wrote 3 game(s) to {a}\n"
    assert record([*args, "-o", str(b)])[0] == 0
    assert a.read_bytes() == b.read_bytes()
    assert [r.status for r in audit_file(a)] == ["verified"] * 3
    audit = CliRunner().invoke(cli, ["audit", str(a)])
    assert audit.exit_code == 0 and "3 verified" in audit.stdout
    assert games_of(a)[0].header.seats == ("greedy0", "mjai1", "greedy2", "mjai3")


def test_a_seat_may_name_a_built_in_bot(tmp_path: Path) -> None:
    """``--bot NAME`` for the seats nobody plays, ``--bot SEAT=NAME`` for one seat."""
    out = tmp_path / "r.xzlog"
    code, _, err = record(["--bot", "random", "--bot", "2=greedy", "-o", str(out)])
    assert code == 0, err
    assert games_of(out)[0].header.seats == ("random0", "random1", "greedy2", "random3")


def test_a_match_with_an_example_bot_verifies(tmp_path: Path) -> None:
    """M3.3, R11.3: a match (--rounds) is one mjai game for the bot; the log verifies."""
    out = tmp_path / "m.xzlog"
    code, _, err = record(["--rounds", "3", "--bot", f"0={EXAMPLE}", *SLOW, "-o", str(out)])
    assert code == 0, err
    assert [r.status for r in audit_file(out)] == ["verified"] * 3


def test_the_bots_are_part_of_the_match_id(tmp_path: Path) -> None:
    """L8: the match id is derived from the bots too: another bot, another match."""
    a, b, c = tmp_path / "a.xzlog", tmp_path / "b.xzlog", tmp_path / "c.xzlog"
    assert record(["--bot", f"1={EXAMPLE}", *SLOW, "-o", str(a)])[0] == 0
    assert record(["--bot", "1=random", "-o", str(b)])[0] == 0
    assert record(["--bot", f"1={EXAMPLE}", "--bot-timeout", "90", "-o", str(c)])[0] == 0
    ids = [games_of(p)[0].header.match for p in (a, b, c)]
    assert len({repr(m) for m in ids}) == 3


def test_an_illegal_bot_is_reported_per_decision_and_the_log_verifies(tmp_path: Path) -> None:
    """M3.6, M3.8: one line on stderr per illegal reaction, with the game, event index, seat,
    what it sent and the engine's rule id; the seat's fallback keeps the log verified; the
    exit code stays 0 (the bot was never given up)."""
    out = tmp_path / "i.xzlog"
    code, _, err = record(["-n", "2", "--bot", f"2={bot('illegal_bot.py')}", *SLOW, "-o", str(out)])
    assert code == 0
    lines = err.splitlines()
    assert lines[-1] == f"wrote 2 game(s) to {out}"
    reports = lines[:-1]
    assert reports and all(
        line.startswith("xz record: game ") and "seat 2: the bot's reaction is illegal" in line
        for line in reports
    )
    assert all("(R5.1)" in line and "it sent {" in line for line in reports)
    assert {line.split(",")[0] for line in reports} == {"xz record: game 1", "xz record: game 2"}
    assert [r.status for r in audit_file(out)] == ["verified"] * 2


def test_a_crashing_bot_ends_the_run_cleanly_with_exit_4(tmp_path: Path) -> None:
    """M3.7, M3.9: the crash is reported once with its exit status; every game is written
    whole (the seat plays the fallback) and the exit code is 4."""
    out = tmp_path / "c.xzlog"
    code, _, err = record(
        ["-n", "2", "--bot", f"0={bot('crashing_bot.py', '4')}", *SLOW, "-o", str(out)]
    )
    assert code == 4
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("xz record: game 1, event ")
    assert "seat 0: the bot's process ended (exit status 3, M3.7)" in lines[0]
    assert "crashing_bot: giving up at decision 5" in lines[0]
    assert lines[1] == (
        f"xz record: wrote 2 game(s) to {out}; the bot(s) of seat(s) 0 were given up (exit 4)"
    )
    assert [r.status for r in audit_file(out)] == ["verified"] * 2


def test_a_hanging_bot_is_given_up_in_bounded_time(tmp_path: Path) -> None:
    """M3.4, M3.9: late three times in a row (--bot-timeout 0.2), then given up: exit 4."""
    out = tmp_path / "h.xzlog"
    code, _, err = record(
        ["--bot", f"1={bot('hanging_bot.py')}", "--bot-timeout", "0.2", "-o", str(out)]
    )
    assert code == 4
    lines = err.splitlines()
    assert [("within 0.2 s (M3.4)" in line) for line in lines[:3]] == [True] * 3
    assert "late 3 times in a row and is given up (M3.9)" in lines[3]
    assert [r.status for r in audit_file(out)] == ["verified"]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--bot", "clever"], f"'clever' is neither a bot name ({', '.join(NAMES)})"),
        (["--bot", "4=greedy"], "'4=greedy': the seat must be 0-3"),
        (["--bot", "x=greedy"], "'x=greedy': the seat must be 0-3"),
        (["--bot", "1="], "'1=' is neither a bot name"),
        (["--bot", "1=greedy", "--bot", "1=random"], "seat 1 is given twice"),
        (["--bot", "greedy", "--bot", "random"], "one default bot name only"),
        (["--bot", "2=greedy", "--human", "2"], "seat 2 is played by the person of --human"),
        (["--bot", "1=no-such-bot-program"], "seat 1's command cannot be run"),
        (["--bot", "1=python 'unclosed"], "seat 1's command cannot be run"),
        (["--bot-timeout", "0"], "--bot-timeout"),
    ],
)
def test_bad_bot_values_are_usage_errors_naming_bot(
    tmp_path: Path, args: list[str], named: str
) -> None:
    """Exit 2, one error line naming the option, and no log written."""
    out = tmp_path / "x.xzlog"
    code, _, err = record([*args, "-o", str(out)])
    assert code == 2
    [error] = [line for line in err.splitlines() if line.startswith("Error:")]
    assert "--bot" in error and named in error
    assert not out.exists()
