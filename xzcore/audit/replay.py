"""The audit's quiet steps: the round engine's commonest steps taken in one call, for speed.

:func:`quiet_discard` applies a discard nobody can claim and the next draw exactly as
``Round.play`` would, or declines and changes nothing; :func:`quiet_run` does what the replay
loop of :func:`xzcore.audit.compare.compare_events` does for a run of recorded events made of
such steps, of claim windows answered by passes or a 碰, and of the 定缺 declarations;
:func:`random_run` plays the random bots' quiet turns the same way (xzcore.env's opponents).
All three read the round through its step state (docs/internals.md, "The round's step
state"); the compiled ``_replay`` or its twin serves them (:mod:`xzcore.backend`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xzcore.backend import load

__all__ = ["quiet_discard", "quiet_run", "random_run"]

_impl = load("replay")

if TYPE_CHECKING:
    from xzcore.audit._replay_twin import quiet_discard, quiet_run, random_run
else:
    quiet_discard = _impl.quiet_discard
    quiet_run = _impl.quiet_run
    random_run = _impl.random_run
