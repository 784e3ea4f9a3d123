"""A bot whose every reaction is malformed (M3.5), in turn: not JSON, not an object, a tile
of the wrong type, an unknown type, another seat's actor, a reaction that is no decision."""

import sys
from pathlib import Path

# the bots' own folder, also where PYTHONSAFEPATH (the sdist's test run) keeps it off sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))

import json

from _base import ExampleBot, run

BAD = [
    lambda seat: "this is not json",
    lambda seat: json.dumps([1, 2, 3]),
    lambda seat: json.dumps({"type": "dahai", "actor": seat, "pai": 5}),
    lambda seat: json.dumps({"type": "chi", "actor": seat}),
    lambda seat: json.dumps({"type": "none", "actor": (seat + 1) % 4}),
    lambda seat: json.dumps({"type": "tsumo", "actor": seat, "pai": "1m"}),
]


def decide(bot: ExampleBot, ev: dict, n: int) -> str:
    return BAD[(n - 1) % len(BAD)](bot.seat)


run(decide)
