"""10,000 recorded games through mjai and back (docs/mjai.md M2.4): 2,500 per preset, half
by the greedy bots and half by the random ones, each game's events and claims the same, and
each log the same bytes (unsigned, so every L2 hash is the same).

On the pure-Python twins (``XZ_PUREPYTHON=1``), where recording is some 40 times slower, 100
games per preset (400 in all) are enough for the test to say the same in reasonable time."""

from __future__ import annotations

import io

import pytest
from games_helpers import games_of

from xzcore.backend import BACKEND
from xzcore.log.types import Match
from xzcore.log.writer import LogWriter
from xzcore.mjai.file import read_lines, to_mjai
from xzcore.mjai.replay import from_mjai
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet

PER_PRESET = 2500 if BACKEND == "cython" else 100
"""Games per preset: 4 × 2,500 = 10,000 on the compiled modules."""


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_recorded_games_come_back_with_the_same_events_and_claims(preset: str, bot: str) -> None:
    """M2.4: half a preset's games by one bot, one match, xzlog → mjai → xzlog."""
    n = PER_PRESET // 2
    seed = 1000 + 10 * n * (bot == "random")
    buf = io.BytesIO()
    writer = LogWriter(buf, match=Match(bytes(16), n))
    choosers = [bot_chooser(bot, seed * 4 + s) for s in range(4)]
    for _ in record_games(writer, RuleSet.preset(preset), n, seed=seed, choosers=choosers):
        pass
    data = buf.getvalue()
    res = to_mjai(io.BytesIO(data))
    assert res.games == n and not res.problems
    out = io.BytesIO()
    back = from_mjai(read_lines(io.BytesIO(("\n".join(res.lines) + "\n").encode())), out)
    assert back.rebuilt == n
    before, after = games_of(data), games_of(out.getvalue())
    assert len(before) == len(after) == n
    for a, b in zip(before, after, strict=True):
        assert a.events == b.events
        assert a.claims == b.claims
    assert out.getvalue() == data
