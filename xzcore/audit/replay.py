"""The round engine's commonest steps, fast: a discard nobody can claim, then the next draw;
and, for the audit, runs of recorded events made of such steps, of claim windows that end in
passes or in a 碰 (or that it opens and leaves to the loop), and of the 定缺 phase.

:func:`quiet_discard` ``(rnd, seat, tile)`` applies the discard of ``tile`` by ``seat`` and
the next seat's draw exactly as ``rnd.play(Action("dahai", seat, tile))`` would, and returns
True; or it returns False and changes nothing, and the caller plays the action the slow way.
It declines anything but a plain :class:`~xzcore.round.engine.Round` (never a subclass, nor while
a test has patched one of the methods the step runs), a discard ``Round.play`` would refuse
(R5.1, R4.2, R11.2: a 血流 winner discards the tile it drew), a discard another seat could
claim (R5.2: the engine works out the claim window), the last discard of the wall (R5.6) and,
in the final round, a discard by a seat holding a self-draw win (R5.7 forced or forfeit).

For the audit's replay loop (``xzcore.audit.compare.compare_events``), :func:`quiet_run`
``(rnd, events, i)`` does what that loop does for ``events[i]``, ``events[i + 1]``, … as long
as each event is one the loop skips (``NOT_ACTIONS``), a recorded quiet discard, a recorded
discard whose claim window (R5.2) offers nobody 胡 (so no R7.4 lock, no R5.7 consequence)
and ends with every asked seat passing (the events after it exactly one plain ``none`` per
asked seat, in any order) or with the ``pon`` of the one seat asked (R5.3 has nothing to order;
R5.4: that seat's turn, discard only, follows), a recorded discard whose window it opens as
``Round._open_claims`` does (a seat offered 胡, R7.1, not pass-locked, R7.4, outside the final
round, R5.7, with 定缺 on, R4.4; or answers other than those) and leaves to the loop (the
round then waits for the answers, phase CLAIM, as ``Round.play`` leaves it), or the four
``dingque`` declarations of the 定缺 phase (R4.1: one per seat, in any order; then the
dealer's first turn). It returns the index of the first event it did not consume
(``len(events)`` at the end): the caller handles that event the slow way and calls it again
from the next index. It never raises, never consumes an event the loop would treat
differently (a malformed one, an illegal action: it stops there), and a stop changes nothing.
Its reading of the events it takes (a plain ``dahai``, ``none`` or ``pon``, a ``dingque``) is
the fast form of :func:`xzcore.round.actions.action_of`, held to that reader by the tests.

The events the steps append to ``rnd.events`` are equal, type for type and key order for key
order, to the ones ``Round.play`` appends; where the recorded event at the same index is
exactly that (an exact dict, the same str keys in the same order, each value of the same
type — str, int or bool — and equal), it is the recorded dict itself that is appended. The
audit only reads both lists (a ``LeshanRound``, the one engine that edits a past event, is
never run here), so the comparison's verdict is the same; it is then a walk over one dict.

This module re-exports the compiled ``xzcore.audit._replay`` when it is built and the pure-Python
twin ``xzcore.audit._replay_twin`` otherwise, as :mod:`xzcore.kernel` does for the kernel:
``XZ_PUREPYTHON=1`` forces the twin, ``XZ_REQUIRE_COMPILED=1`` turns a missing extension into
an ImportError. The compiled step works on the compiled kernel's hands and declines a round
built on the twin's.

"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xzcore.backend import load

__all__ = ["quiet_discard", "quiet_run"]

_impl = load("replay")

if TYPE_CHECKING:
    from xzcore.audit._replay_twin import quiet_discard, quiet_run
else:
    quiet_discard = _impl.quiet_discard
    quiet_run = _impl.quiet_run
