"""Shared by the test bots: the example bot (examples/mjai_bot.py) to play along with, and
the stdin loop of an mjai bot (one reaction line per ``"can_act": true`` event, M3.3)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples"))

from mjai_bot import ExampleBot

__all__ = ["ExampleBot", "run"]


def run(decide: Callable[[ExampleBot, dict[str, Any], int], str]) -> None:
    """Read events, keep the example bot's state, and print ``decide(bot, event, n)`` (the
    ``n``-th decision, from 1) for each event that says ``can_act``."""
    bot = ExampleBot()
    n = 0
    for text in sys.stdin:
        ev = json.loads(text)
        bot.see(ev)
        if ev.get("can_act") is True:
            n += 1
            sys.stdout.write(decide(bot, ev, n) + "\n")
            sys.stdout.flush()
