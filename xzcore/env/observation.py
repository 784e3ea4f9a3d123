"""The observation planes of :mod:`xzcore.env`: what one seat may see of a round
(:class:`~xzcore.players.agents.SeatView`), as a ``(N_PLANES, 27)`` float32 array, one row a
plane over the 27 tile kinds (docs/env.md, "The observation").

The first five rows are the observing seat's own; then come eight rows for each seat in
*relative* order — the observing seat (i = 0), then the seats after it in play order
(R2.1) — so seat block ``i`` is rows ``5 + 8 * i`` … ``12 + 8 * i``:

==========  ==================================================  ==========================
row         plane                                               SeatView
==========  ==================================================  ==========================
0           own concealed tiles, counts 0–4                     ``counts()``
1           own drawn tile (1 at its kind, on the seat's turn)  ``drawn``
2           the tile on offer to claim (discard or 补杠)        ``offer()``
3           own 换三张 picks so far (counts)                    the env's picks (R3.1)
4           numbers: see :data:`GLOBAL_FIELDS`                  see there
5 + 8i + 0  seat i's discards still on the table (counts)       ``discards(seat)``
5 + 8i + 1  seat i's 碰 (1 at the kind)                         ``melds(seat)``
5 + 8i + 2  seat i's 直杠 and 补杠 (1 at the kind)              ``melds(seat)``
5 + 8i + 3  seat i's 暗杠 (1 at the kind; shown, R6.1)          ``melds(seat)``
5 + 8i + 4  seat i's void suit (1 on its nine kinds, R4.1)      ``voids()``
5 + 8i + 5  seat i's winning tiles (counts; 血流 repeats)       the wins (``hora`` events)
5 + 8i + 6  seat i's hand laid open by 摆割 (counts, R13.4)     ``laid_open(seat)``
5 + 8i + 7  seat i's numbers: see :data:`SEAT_FIELDS`           see there
==========  ==================================================  ==========================

The public rows are kept once, in one table per round (absolute seats), updated as the
round's events arrive (a draw, discard, 碰 or gang changes a few cells; a win, 定缺, 飘,
换三张 or 摆割 rebuilds them from the view); the own rows are kept per seat: the hand
follows the seat's draws and discards and is read again from the view after any other
change, the rest is written when its value changes. The own rows and the table share one
buffer, so an observation is one ``take`` of its rows — the seat's own, then the blocks in
its relative order — into a new array.
"""

from __future__ import annotations

from xzcore.backend import load
from xzcore.env._layout import (
    ANGANG,
    BUFFER_SHAPE,
    DISCARDS,
    DRAWN,
    GANG,
    GLOBAL,
    GLOBAL_FIELDS,
    HAND,
    LAID_OPEN,
    N_PLANES,
    NUMBERS,
    OFFER,
    PENG,
    PICKS,
    ROWS,
    SEAT_FIELDS,
    SEATS,
    VOID,
    WON,
)

__all__ = [
    "ANGANG",
    "BUFFER_SHAPE",
    "DISCARDS",
    "DRAWN",
    "GANG",
    "GLOBAL",
    "GLOBAL_FIELDS",
    "HAND",
    "LAID_OPEN",
    "NUMBERS",
    "N_PLANES",
    "OFFER",
    "PENG",
    "PICKS",
    "ROWS",
    "SEATS",
    "SEAT_FIELDS",
    "VOID",
    "WON",
    "Planes",
]

_planes = load("planes")
Planes = _planes.Planes
"""The observations of one round, kept up to date from its events: ``Planes(rnd, buffer=None)``,
``observe(seat, picks, out=None)`` (a new ``(N_PLANES, 27)`` float32 array, or written into
``out``) and ``refresh(seat, picks)`` (the buffer's rows of the seat's observation brought up
to date; :data:`ROWS` takes them). A given ``buffer`` (float32, C-contiguous,
:data:`BUFFER_SHAPE`) is used in place, so many rounds' buffers can be taken from at once.
Compiled (``xzcore.env._planes``) or its twin (``xzcore.env._planes_twin``)."""
plain_events = _planes.plain_events  # the draws, discards and passes (a run at once)
