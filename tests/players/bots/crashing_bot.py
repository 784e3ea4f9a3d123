"""A bot that plays as the example bot for N decisions (argv[1]) and then exits with status
3, saying why on its stderr (M3.7)."""

import sys
from pathlib import Path

# the bots' own folder, also where PYTHONSAFEPATH (the sdist's test run) keeps it off sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))

import json
import sys

from _base import ExampleBot, run

LIMIT = int(sys.argv[1])


def decide(bot: ExampleBot, ev: dict, n: int) -> str:
    if n > LIMIT:
        sys.stderr.write(f"crashing_bot: giving up at decision {n}\n")
        sys.exit(3)
    return json.dumps(bot.decide(ev))


run(decide)
