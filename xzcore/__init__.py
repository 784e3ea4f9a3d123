"""xzcore — the reference engine for Sichuan mahjong 血战到底 (Xuezhan Daodi).

The everyday API, each name loaded on first use (short commands stay fast):

>>> import xzcore
>>> rules = xzcore.RuleSet.preset("xuezhan")
>>> xzcore.score_win("123456789m2345p", "5p", "", "s", xzcore.WinContext(), rules).multiplier
1
>>> result, events = xzcore.play_game(rules, 7, [xzcore.GreedyAgent(s) for s in range(4)])
>>> events[0]["type"]
'start_kyoku'

Subpackages hold the concerns (docs/internals.md); every error is an :class:`XzError`;
:data:`BACKEND` says whether compiled modules or their twins serve them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from xzcore._version import __version__
from xzcore.backend import BACKEND
from xzcore.errors import XzError

if TYPE_CHECKING:
    from xzcore.audit.report import GameReport, audit_bytes, audit_file
    from xzcore.leshan.round import new_round
    from xzcore.log.reader import LogReader, iter_games, read_game
    from xzcore.log.writer import LogWriter
    from xzcore.players.agents import GreedyAgent, RandomAgent, SeatView, play_game
    from xzcore.round.actions import Action
    from xzcore.round.engine import Round
    from xzcore.round.wall import deal
    from xzcore.rules import PRESETS, RuleSet
    from xzcore.scoring import Score, WinContext, score_win, wait_values
    from xzcore.tiles import Meld, MeldKind, format_tiles, parse_counts, parse_melds, parse_tiles

_LAZY = {
    "xzcore.tiles": (
        "Meld",
        "MeldKind",
        "format_tiles",
        "parse_counts",
        "parse_melds",
        "parse_tiles",
    ),
    "xzcore.rules": ("PRESETS", "RuleSet"),
    "xzcore.scoring": ("Score", "WinContext", "score_win", "wait_values"),
    "xzcore.round.actions": ("Action",),
    "xzcore.round.engine": ("Round",),
    "xzcore.round.wall": ("deal",),
    "xzcore.leshan.round": ("new_round",),
    "xzcore.players.agents": ("GreedyAgent", "RandomAgent", "SeatView", "play_game"),
    "xzcore.log.reader": ("LogReader", "iter_games", "read_game"),
    "xzcore.log.writer": ("LogWriter",),
    "xzcore.audit.report": ("GameReport", "audit_bytes", "audit_file"),
}
_WHERE = {name: module for module, names in _LAZY.items() for name in names}

__all__ = [
    "BACKEND",
    "PRESETS",
    "Action",
    "GameReport",
    "GreedyAgent",
    "LogReader",
    "LogWriter",
    "Meld",
    "MeldKind",
    "RandomAgent",
    "Round",
    "RuleSet",
    "Score",
    "SeatView",
    "WinContext",
    "XzError",
    "__version__",
    "audit_bytes",
    "audit_file",
    "deal",
    "format_tiles",
    "iter_games",
    "new_round",
    "parse_counts",
    "parse_melds",
    "parse_tiles",
    "play_game",
    "read_game",
    "score_win",
    "wait_values",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'xzcore' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
