"""A bot that on its turn discards a tile it does not hold (illegal by R5.1); its other
decisions are the example bot's."""

import sys
from pathlib import Path

# the bots' own folder, also where PYTHONSAFEPATH (the sdist's test run) keeps it off sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))

import json

from _base import ExampleBot, run
from mjai_bot import NAMES


def decide(bot: ExampleBot, ev: dict, n: int) -> str:
    out = bot.decide(ev)
    if out["type"] in ("dahai", "hora") and sum(bot.hand) % 3 == 2:
        missing = next(k for k in range(27) if not bot.hand[k])
        out = {"type": "dahai", "actor": bot.seat, "pai": NAMES[missing], "tsumogiri": False}
    return json.dumps(out)


run(decide)
