"""A bot that answers its first decision only once the file argv[1] exists (a late
reaction, M3.4), and every later one at once; it plays as the example bot."""

import sys
from pathlib import Path

# the bots' own folder, also where PYTHONSAFEPATH (the sdist's test run) keeps it off sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))

import json
import os
import sys
import time

from _base import ExampleBot, run

GATE = sys.argv[1]


def decide(bot: ExampleBot, ev: dict, n: int) -> str:
    if n == 1:
        while not os.path.exists(GATE):
            time.sleep(0.01)
    return json.dumps(bot.decide(ev))


run(decide)
