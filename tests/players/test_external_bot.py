"""External mjai bots as seats (docs/mjai-bots.md M3.3–M3.9), each a real process: the
example bot (legal), and bots that are illegal, malformed, hanging, late, crashing, deaf
(never reading stdin) or chatty; and the fallbacks by hand (M3.8)."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.players.external import (
    MAX_LINE,
    BotReport,
    BotStartError,
    ExternalBot,
    fallback,
)
from xzcore.players.recording import bot_chooser, play_round
from xzcore.round.actions import Action, action_of
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
BOTS = Path(__file__).resolve().parent / "bots"
EXAMPLE = ROOT / "examples" / "mjai_bot.py"


def command(script: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(script), *args])


def play(bot: ExternalBot, games: int = 1, rules: RuleSet | None = None) -> list[Round]:
    """Play ``games`` rounds with ``bot`` at its seat and greedy bots elsewhere, then close it."""
    rounds = []
    try:
        for g in range(games):
            choosers = [bot_chooser("greedy", s) for s in range(4)]
            choosers[bot.seat] = bot
            rounds.append(play_round(rules or RuleSet(), deal(g), choosers))
    finally:
        bot.close()
    return rounds


def kinds(bot: ExternalBot) -> list[str]:
    return [r.kind for r in bot.reports]


# -- M3.8: the fallbacks, by hand --------------------------------------------------------------


def _round_at_turn() -> Round:
    rnd = Round(RuleSet(), deal(1).wall, deal(1).dealer)
    for s in range(4):
        rnd.apply(rnd.legal_actions(s)[0])
    return rnd


def test_the_fallback_on_a_turn_discards_the_drawn_tile() -> None:
    """M3.8: on its own turn the seat discards the tile it drew when that is legal."""
    rnd = _round_at_turn()
    legal = rnd.legal_actions(rnd.cur)
    assert fallback(rnd, rnd.cur, legal) == Action.make("dahai", rnd.cur, rnd.drawn)


def test_the_fallback_on_a_turn_without_the_drawn_tile_is_the_lowest_discard() -> None:
    """M3.8: when the drawn tile may not go (R4.2: the void suit first), the first legal
    discard in kind order."""
    rnd = _round_at_turn()
    s = rnd.cur
    legal = [a for a in rnd.legal_actions(s) if a.tile != rnd.drawn]
    got = fallback(rnd, s, legal)
    assert got == min((a for a in legal if a.word == "dahai"), key=lambda a: a.tile)


def test_the_fallback_on_a_claim_is_a_pass() -> None:
    """M3.8: on another seat's discard or added gang, a pass (never the 碰 or win on offer)."""
    rnd = _round_at_turn()
    choose = [bot_chooser("greedy", s) for s in range(4)]
    while True:
        seats = rnd.to_act()
        assert seats, "no claim in the game"
        legal = rnd.legal_actions(seats[0])
        if any(a.word == "none" for a in legal):
            break
        rnd.apply(choose[seats[0]](rnd, seats[0], legal))
    assert len(legal) >= 2
    assert fallback(rnd, seats[0], legal) == Action.make("none", seats[0])


def test_the_fallback_in_the_setup_is_the_first_legal_action() -> None:
    """M3.8: 换三张, 定缺 and 飘: the first legal action in the engine's order."""
    rnd = Round(RuleSet(), deal(1).wall, deal(1).dealer)
    legal = rnd.legal_actions(0)
    assert fallback(rnd, 0, legal) == legal[0] == Action.make("dingque", 0, suit=0)
    with pytest.raises(ValueError, match="nothing to decide"):
        fallback(rnd, 0, [])


# -- a legal bot -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu", "chengdu-classic", "leshan"])
def test_the_example_bot_plays_whole_games_without_a_report(preset: str) -> None:
    """M3.3: the example bot, a process, answers every decision legally (no report), and
    sees the end of the run (it exits once its stdin closes)."""
    bot = ExternalBot(command(EXAMPLE), 1, timeout=30)
    rounds = play(bot, games=3, rules=RuleSet.preset(preset))
    assert bot.reports == []
    assert bot.decisions > 30 and not bot.given_up
    assert all(r.to_act() == [] for r in rounds)
    assert bot._proc is not None and bot._proc.returncode == 0  # it ended by itself


def test_the_example_bot_plays_the_same_as_in_process() -> None:
    """M3.2, M3.3: through the pipes or in process, the same bot makes the same game."""
    from test_mjai_bot import EXAMPLE as MODULE

    from xzcore.players.mjai_bot import PythonBot

    bot = ExternalBot(command(EXAMPLE), 2, timeout=30)
    [piped] = play(bot)
    choosers = [bot_chooser("greedy", s) for s in range(4)]
    choosers[2] = PythonBot(MODULE.ExampleBot(), 2)
    in_process = play_round(RuleSet(), deal(0), choosers)
    assert piped.events == in_process.events


# -- reactions that are wrong ------------------------------------------------------------------


def test_an_illegal_bot_is_reported_with_the_engines_rule_and_plays_the_fallback() -> None:
    """M3.6, M3.8: each discard of a tile the seat does not hold is reported with R5.1, and
    the seat discards its drawn tile instead; the game goes on to its end."""
    seen: list[BotReport] = []
    bot = ExternalBot(command(BOTS / "illegal_bot.py"), 0, timeout=30, report=seen.append)
    [rnd] = play(bot)
    assert rnd.to_act() == []
    assert seen == bot.reports and seen
    assert {r.kind for r in seen} == {"illegal"} and {r.rule for r in seen} == {"R5.1"}
    first = seen[0]
    assert first.game == 1 and first.seat == 0
    sent = json.loads(first.fields["sent"])
    assert sent["type"] == "dahai" and first.fields["played"].startswith("dahai ")
    line = first.text("en")
    assert line.startswith(f"game 1, event {first.index}, seat 0: the bot's reaction is illegal")
    assert "does not hold" in line and "(R5.1)" in line
    zh = first.text("zh")
    assert f"第 1 局，事件 {first.index}，座0" in zh and "R5.1" in zh and "没有" in zh
    # the event index is the last event before the decision: the seat's own draw
    assert rnd.events[first.index]["type"] == "tsumo"
    assert rnd.events[first.index]["actor"] == 0
    # and the seat played its fallback (M3.8): the drawn tile, or its lowest legal discard
    for r in seen:
        assert action_of(rnd.events[r.index + 1]) == Action.parse(r.fields["played"])
    assert not bot.given_up


def test_a_malformed_bot_is_reported_and_plays_the_fallback() -> None:
    """M3.5: not JSON, not an object, a tile of the wrong type, an unknown type, another
    seat's actor, no decision: each is reported, never fatal."""
    bot = ExternalBot(command(BOTS / "malformed_bot.py"), 3, timeout=30)
    [rnd] = play(bot)
    assert rnd.to_act() == []
    assert set(kinds(bot)) == {"malformed"} and len(bot.reports) == bot.decisions
    reasons = [r.fields["reason"] for r in bot.reports[:6]]
    assert reasons[0] == "not JSON (Expecting value, column 1)"
    assert reasons[1].startswith("not a JSON object")
    assert "bad 'pai' 5" in reasons[2]
    assert "unknown mjai type 'chi'" in reasons[3]
    assert "is not the seat deciding (3)" in reasons[4]
    assert reasons[5] == "mjai 'tsumo' is no decision"
    assert {r.rule for r in bot.reports} == {"M3.5"}
    assert bot.reports[0].fields["sent"] == "this is not json"


def test_a_line_nobody_asked_for_is_discarded_and_reported() -> None:
    """M3.3: a line beyond the one reaction a decision asks for is discarded, reported, and
    never taken as the next decision's reaction."""
    bot = ExternalBot(command(BOTS / "chatty_bot.py"), 1, timeout=30)
    [rnd] = play(bot)
    assert rnd.to_act() == []
    assert set(kinds(bot)) == {"unprompted"}
    assert {r.fields["sent"] for r in bot.reports} == {'{"type":"none"}'}
    assert len(bot.reports) == bot.decisions - 1  # the last one's extra line is never asked


def test_an_overlong_line_is_malformed(tmp_path: Path) -> None:
    """M3.5: a reaction longer than MAX_LINE bytes."""
    script = tmp_path / "long_bot.py"
    script.write_text(
        "import sys\n"
        "for text in sys.stdin:\n"
        "    if '\"can_act\":true' in text:\n"
        f"        sys.stdout.write('x' * {MAX_LINE + 10} + '\\n'); sys.stdout.flush()\n"
    )
    bot = ExternalBot(command(script), 0, timeout=30)
    play(bot)
    assert kinds(bot)[0] == "malformed"
    assert bot.reports[0].fields["reason"] == f"a line longer than {MAX_LINE} bytes"
    assert len(bot.reports[0].fields["sent"]) == 80


# -- bots that do not answer -------------------------------------------------------------------


def test_a_hanging_bot_is_late_then_given_up() -> None:
    """M3.4, M3.9: no reaction within the timeout is reported late and played by the
    fallback; after GIVE_UP_AFTER in a row the bot is given up (killed) and the seat plays
    the fallback to the end of the run."""
    bot = ExternalBot(command(BOTS / "hanging_bot.py"), 2, timeout=0.2)
    rounds = play(bot, games=2)
    assert all(r.to_act() == [] for r in rounds)
    assert kinds(bot) == ["late", "late", "late", "given_up"]
    assert [r.rule for r in bot.reports] == ["M3.4"] * 3 + ["M3.9"]
    assert bot.given_up and bot.decisions == 3
    assert bot._proc is not None and bot._proc.returncode is not None  # killed
    assert "within 0.2 s" in bot.reports[0].text("en")
    assert bot.reports[3].fields["count"] == 3


def test_a_late_reaction_is_discarded_when_it_comes(tmp_path: Path) -> None:
    """M3.4: a reaction after its time is discarded and reported when it comes; the bot's
    next reaction is the next decision's (a bot answers in order)."""
    gate = tmp_path / "gate"  # made once decision 1 has timed out
    bot = ExternalBot(command(BOTS / "late_bot.py", str(gate)), 1, timeout=0.3)

    def first_then_open(rnd: Round, seat: int, legal: list) -> Action:
        a = bot(rnd, seat, legal)
        if bot.decisions == 1:
            gate.touch()
            bot.timeout = 30.0
        return a

    try:
        choosers = [bot_chooser("greedy", s) for s in range(4)]
        choosers[1] = first_then_open  # type: ignore[assignment]
        rnd = play_round(RuleSet(), deal(0), choosers)
    finally:
        bot.close()
    assert rnd.to_act() == []
    assert kinds(bot) == ["late", "late_line"]
    assert json.loads(bot.reports[1].fields["sent"])["type"] == "ding_que"
    assert not bot.given_up


def test_a_bot_that_never_reads_cannot_block_the_writer() -> None:
    """M3.4: writing to a bot that never reads stops at the timeout, the pipe full."""
    bot = ExternalBot(command(BOTS / "deaf_bot.py"), 0, timeout=0.3)
    try:
        bot.start()
        ok = bot._write(b"x" * (4 << 20), time.monotonic() + 0.3)  # far above a pipe's size
        assert ok is False and bot._timed_out
    finally:
        bot.close()


def test_a_deaf_bot_in_a_game_is_given_up() -> None:
    """M3.4, M3.9: a game with a bot that never reads ends, the bot given up."""
    bot = ExternalBot(command(BOTS / "deaf_bot.py"), 0, timeout=0.2)
    [rnd] = play(bot)
    assert rnd.to_act() == [] and bot.given_up
    assert kinds(bot) == ["late", "late", "late", "given_up"]


# -- bots that end -----------------------------------------------------------------------------


def test_a_crashing_bot_is_reported_with_its_status_and_the_game_ends() -> None:
    """M3.7, M3.9: a bot that exits is reported once with its exit status and the last line
    of its stderr; the seat plays the fallback to the end of the run."""
    bot = ExternalBot(command(BOTS / "crashing_bot.py", "5"), 3, timeout=30)
    rounds = play(bot, games=2)
    assert all(r.to_act() == [] for r in rounds)
    assert kinds(bot) == ["crashed"]
    report = bot.reports[0]
    assert report.rule == "M3.7" and report.fields["status"] == 3
    assert report.fields["stderr"] == "crashing_bot: giving up at decision 6"
    assert bot.given_up and bot.decisions == 6
    assert "exit status 3" in report.text("en")


def test_a_bot_that_exits_at_once_is_reported_at_its_first_decision() -> None:
    """M3.7: ``true`` reads nothing and exits 0."""
    bot = ExternalBot("true", 0, timeout=30)
    play(bot)
    assert kinds(bot) == ["crashed"] and bot.reports[0].fields["status"] == 0
    assert bot.reports[0].fields["stderr"] == "-"


def test_a_command_that_cannot_start() -> None:
    """A missing program is an error before any game; an empty command too."""
    with pytest.raises(BotStartError, match="no-such-bot-program"):
        ExternalBot("no-such-bot-program --x", 0).start()
    with pytest.raises(BotStartError, match="empty"):
        ExternalBot("  ", 0)
    with pytest.raises(ValueError, match="above 0"):
        ExternalBot("true", 0, timeout=0)


@settings(max_examples=200)
@given(
    raw=st.binary(max_size=200)
    | st.sampled_from(
        [b'{"type":"none"}\n', b'{"type":"dahai","actor":0,"pai":"1m"}\n', b"\xff\xfe\n"]
    )
)
def test_any_line_a_bot_sends_is_played_legally(raw: bytes) -> None:
    """M3.5, M3.6, M3.8: whatever bytes come back, the seat plays a legal action: the
    reaction's, or the fallback with one report (malformed or illegal)."""
    rnd = _round_at_turn()
    seat = rnd.cur
    bot = ExternalBot("true", seat)  # never started: only its reading of a line is used
    bot.obs.update(rnd)
    legal = rnd.legal_actions(seat)
    got = bot._answer(raw, rnd, seat, legal)
    assert got in legal
    assert len(bot.reports) <= 1
    if bot.reports:
        assert bot.reports[0].kind in ("malformed", "illegal")
        assert got == fallback(rnd, seat, legal)
        assert "\n" not in bot.reports[0].text("en")


def test_what_a_report_quotes_is_one_line_of_plain_characters() -> None:
    """A bot's control characters are escaped in its report (M3.5), and a long line cut."""
    from xzcore.players.external import _shown

    assert _shown('{"a":1}\r\n') == '{"a":1}'
    assert _shown("a\rb\x1b[2Jc\u2028d") == "a\\rb\\x1b[2Jc\\u2028d"
    assert _shown("x" * 200) == "x" * 79 + "…"
