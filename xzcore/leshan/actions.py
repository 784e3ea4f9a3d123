"""Leshan actions (RULES.md R13.3 飘, R13.4 摆割): :class:`LeshanAction`, kept with every other
action word in :mod:`xzcore.round.actions` and importable from here. In the event stream a
摆割 is a ``baige`` event followed by the ``dahai`` it makes, marked ``"baige": true``
(docs/leshan.md); :func:`xzcore.round.actions.action_of` reads that ``dahai`` as part of the
``baige`` action, not an action of its own.
"""

from __future__ import annotations

from xzcore.round.actions import LESHAN_WORDS, AnyAction, LeshanAction

__all__ = ["LESHAN_WORDS", "AnyAction", "LeshanAction"]
