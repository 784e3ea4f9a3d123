"""Hostile reactions (issue 23; docs/mjai-bots.md M3.5, M3.6): whatever line a bot sends —
deep nesting, huge numbers, bytes that are not JSON, a reaction with any field changed — is
a legal action or a reported refusal, with the round unchanged; and the same hostile bots
on the Python API (``ExternalBot``, ``PythonBot``) behave as on the command line."""

from __future__ import annotations

import json
import random
import shlex
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostile_helpers import gone, pid_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.players.external import ExternalBot
from xzcore.players.mjai_bot import PythonBot
from xzcore.players.recording import bot_chooser, play_round
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

BOTS = Path(__file__).resolve().parent / "bots"


def command(script: str, *args: str) -> str:
    return shlex.join([sys.executable, str(BOTS / script), *args])


def _round_at(seed: int, steps: int) -> tuple[Round, int]:
    """A round ``steps`` decisions in (random legal choices), and a seat to act there."""
    rng = random.Random(seed)
    d = deal(seed)
    rules = RuleSet.preset(rng.choice(["xuezhan", "xueliu", "chengdu-classic"]))
    direction = rng.choice([1, 2, 3]) if rules.exchange_three else None
    rnd = Round(rules, d.wall, d.dealer, exchange_direction=direction)
    for _ in range(steps):
        seats = rnd.to_act()
        if not seats:
            break
        s = rng.choice(seats)
        rnd.play(rng.choice(rnd.legal_actions(s)))
    seats = rnd.to_act()
    return rnd, (seats[0] if seats else -1)


def _snapshot(rnd: Round) -> Any:
    return (len(rnd.events), rnd.phase, [rnd.legal_actions(s) for s in rnd.to_act()])


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**60), max_value=10**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["1m", "5p", "9s", "man", "pin", "sou", "none", "dahai"]),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = ["type", "actor", "pai", "consumed", "suit", "piao", "target", "tsumogiri"]


@st.composite
def lines(draw: st.DrawFn, legal: list[dict[str, Any]]) -> bytes:
    """A bot's line: a legal reaction, one with fields changed, any JSON, deep nesting, a
    number of thousands of digits, or any bytes."""
    kind = draw(st.sampled_from(["legal", "changed", "json", "deep", "bigint", "bytes"]))
    if kind == "legal":
        return json.dumps(draw(st.sampled_from(legal))).encode()
    if kind == "changed":
        r = dict(draw(st.sampled_from(legal)))
        for key in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=3)):
            r[key] = draw(JSON)
        return json.dumps(r).encode()
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    if kind == "deep":
        d = draw(st.integers(50, 40_000))
        inner = draw(st.sampled_from(['"pai":', '"x":', ""]))
        open_, close = ("{" + inner, "}") if inner else ("[", "]")
        if inner:
            return b'{"type":"dahai","pai":' + b"[" * d + b"]" * d + b"}"
        return (open_ * d + close * d).encode()
    if kind == "bigint":
        digits = draw(st.integers(20, 9000))
        field = draw(st.sampled_from(["piao", "actor", "pai"]))
        r = dict(draw(st.sampled_from(legal)))
        text = json.dumps(r)[:-1] + f', "{field}": ' + "7" * digits + "}"
        return text.encode()
    return draw(st.binary(max_size=200))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.integers(0, 120), st.data())
def test_any_line_is_a_legal_action_or_a_reported_refusal(seed: int, steps: int, data: Any) -> None:
    """M3.5, M3.6: the action played is one of the legal ones; a line that says no legal
    action is reported (``malformed`` or ``illegal``, one line, the rule id) and the seat
    plays its fallback; asking never changes the round."""
    rnd, seat = _round_at(seed, steps)
    if seat < 0:
        return
    bot = ExternalBot(["true"], seat)  # never started: its reading of a line, alone
    bot.obs.update(rnd)
    legal = rnd.legal_actions(seat)
    raw = data.draw(lines(bot.obs.legal_reactions())) + b"\n"
    before = _snapshot(rnd)
    played = bot._answer(raw, rnd, seat, legal)
    assert played in legal
    assert _snapshot(rnd) == before
    assert len(bot.reports) <= 1
    for r in bot.reports:
        assert r.kind in ("malformed", "illegal") and r.rule
        text = r.text("en")
        assert "\n" not in text and len(text) < 600
        assert r.text("zh")


# -- the Python API: the same hostile bots through ExternalBot and PythonBot --------------------


@pytest.fixture
def sigpipe_default() -> Iterator[None]:
    """SIGPIPE as ``xz`` sets it (the default action: death), not Python's ignore."""
    old = signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGPIPE, old)


def _play(bot: Any, seat: int, games: int = 2) -> list[Round]:
    out = []
    try:
        for g in range(games):
            choosers: list[Any] = [bot_chooser("greedy", s) for s in range(4)]
            choosers[seat] = bot
            out.append(play_round(RuleSet(), deal(g), choosers))
    finally:
        if hasattr(bot, "close"):
            bot.close()
    return out


def test_external_bot_closing_its_stdin_is_crashed_under_default_sigpipe(
    tmp_path: Path, sigpipe_default: None
) -> None:
    """M3.7 through the API, with SIGPIPE's default action as under ``xz``: reported
    ``crashed`` once, given up, the rounds played to the end, its process gone."""
    pid_file = tmp_path / "pid"
    bot = ExternalBot(command("stdin_closing_bot.py", str(pid_file)), 1, timeout=5)
    rounds = _play(bot, 1)
    assert all(r.over for r in rounds)
    assert bot.given_up and [r.kind for r in bot.reports].count("crashed") == 1
    assert gone(pid_in(pid_file))


def test_external_bot_flooding_is_bounded(tmp_path: Path) -> None:
    """M3.3: a few reports a decision (one line, one count), however many lines it sends."""
    pid_file = tmp_path / "pid"
    bot = ExternalBot(command("flooding_bot.py", str(pid_file)), 2, timeout=1)
    rounds = _play(bot, 2)
    assert all(r.over for r in rounds)
    assert len(bot.reports) <= 4 * bot.decisions
    assert any(r.kind == "unprompted_more" and r.fields["count"] > 0 for r in bot.reports)
    assert gone(pid_in(pid_file))


def test_external_bot_ends_its_process_group(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    bot = ExternalBot(command("forking_bot.py", str(pid_file)), 0, timeout=1)
    _play(bot, 0, games=1)
    assert bot.given_up
    assert gone(pid_in(pid_file))


class _Hostile:
    """A Python bot whose reaction is ``value``."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def react(self, seat: Any) -> Any:
        return self.value


def _nested(depth: int) -> Any:
    v: Any = "5p"
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize(
    "value",
    [
        {"type": "dahai", "pai": _nested(100_000)},
        {"type": "xz_piao", "piao": 10**5000},
        {"type": "ding_que", "actor": 10**5000, "suit": "man"},
        {"type": _nested(5000)},
        _nested(100_000),
        {"type": "ankan", "consumed": [_nested(3000), _nested(3000)]},
    ],
    ids=["deep-pai", "bigint-piao", "bigint-actor", "deep-type", "deep-list", "deep-consumed"],
)
def test_python_bot_hostile_values_are_malformed(value: Any) -> None:
    """M3.5 on the Python API: a Python bot's malformed reaction raises InvalidActionError
    (its bug, documented), with a short message — never RecursionError or ValueError from
    the message itself — and the round is unchanged."""
    rnd, seat = _round_at(3, 0)
    bot = PythonBot(_Hostile(value), seat)
    before = _snapshot(rnd)
    with pytest.raises((InvalidActionError, IllegalActionError)) as exc:
        bot(rnd, seat, rnd.legal_actions(seat))
    assert len(str(exc.value)) < 300
    assert _snapshot(rnd) == before
