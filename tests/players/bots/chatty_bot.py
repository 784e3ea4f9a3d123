"""A bot that sends one line more than asked after each reaction, a pass nobody asked for
(M3.3), in the same write; its reactions are the example bot's."""

import sys
from pathlib import Path

# the bots' own folder, also where PYTHONSAFEPATH (the sdist's test run) keeps it off sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))

import json
import sys

from _base import ExampleBot

bot = ExampleBot()
for text in sys.stdin:
    ev = json.loads(text)
    bot.see(ev)
    if ev.get("can_act") is True:
        sys.stdout.write(json.dumps(bot.decide(ev)) + '\n{"type":"none"}\n')
        sys.stdout.flush()
