"""The built-in bots by name (:data:`xzcore.players.recording.BOT_NAMES`), as agents.

``bot_agent(name, seed)`` is the agent behind ``xz record --bot NAME`` (the recording
chooser of :func:`xzcore.players.recording.bot_chooser` wraps it); docs/bots.md says how
strong each is and how often each rule fires in its games.

>>> type(bot_agent("efficient", 3)).__name__
'EfficientAgent'
"""

from __future__ import annotations

from xzcore.players.agents import Agent, GreedyAgent, RandomAgent
from xzcore.players.careless import CarelessAgent
from xzcore.players.efficiency import EfficientAgent
from xzcore.players.recording import BOT_NAMES

__all__ = ["BOT_NAMES", "bot_agent"]


def bot_agent(name: str, seed: int) -> Agent:
    """The seeded built-in bot ``name``: ``"greedy"`` (:class:`GreedyAgent`), ``"random"``
    (:class:`RandomAgent`, taking every win), ``"efficient"`` (:class:`EfficientAgent`) or
    ``"careless"`` (:class:`CarelessAgent` with its default probabilities). ValueError
    naming the known bots for any other name."""
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "random":
        return RandomAgent(seed)
    if name == "efficient":
        return EfficientAgent(seed)
    if name == "careless":
        return CarelessAgent(seed)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
