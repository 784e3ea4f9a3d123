"""A game written out by hand for the HTML pages' tests (tests/view)."""

from __future__ import annotations

from xzcore.log.reader import Game
from xzcore.log.types import Header
from xzcore.rules import RuleSet


def hand_made_game(seats: tuple[str, ...] = ("东家", "south", "西家", "north")) -> Game:
    """Seven events written out by hand: a deal, a void, a draw, a discard, a 碰 of it, a
    discard and a win on it (the table after each is written out in the tests)."""
    header = Header(
        version=(1, 0),
        engine="hand",
        game=0,
        prev=bytes(32),
        rules=RuleSet.preset("xuezhan").to_dict(),
        seats=seats,
        dealer=0,
        wall=bytes(108),
        seed=7,
    )
    events = [
        {"type": "start_kyoku", "dealer": 0, "tehais": ["1112m", "22m55p", "9s", ""]},
        {"type": "dingque", "actor": 0, "suit": "s"},
        {"type": "tsumo", "actor": 0, "pai": "3m", "left": 54},
        {"type": "dahai", "actor": 0, "pai": "2m", "tsumogiri": False},
        {"type": "pon", "actor": 1, "pai": "2m", "target": 0},
        {"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": False},
        {
            "type": "hora",
            "actor": 2,
            "pai": "5p",
            "target": 1,
            "self_draw": False,
            "score": {"pattern_en": "plain", "pattern_zh": "平胡", "multiplier": 1, "capped": 1},
            "transfers": [{"payer": 1, "payee": 2, "units": 4, "rule": "R9.1"}],
        },
    ]
    return Game(header=header, events=events)
