"""The layout of the observation planes (:mod:`xzcore.env.observation` documents it): the
rows, the fields, where a cell lies in a :class:`~xzcore.env.observation.Planes` buffer.
Both forms of ``Planes`` (``xzcore.env._planes`` and its twin) read it from here."""

from __future__ import annotations

from typing import Any

from xzcore.env._extra import np
from xzcore.tiles import NAMES, MeldKind

HAND, DRAWN, OFFER, PICKS, GLOBAL = range(5)
"""The observing seat's own rows."""
SEATS = 5
"""The first row of the seat blocks: seat block ``i`` (relative) starts at ``SEATS + 8 * i``."""
DISCARDS, PENG, GANG, ANGANG, VOID, WON, LAID_OPEN, NUMBERS = range(8)
"""The rows of a seat block, from its first row."""
N_PLANES = 37
"""Rows of an observation; each row has 27 columns."""

GLOBAL_FIELDS = (
    "wall_left",  # 0: SeatView.wall_left, tiles still in the wall (R2.2)
    "phase_exchange",  # 1-7: one-hot of the phase (SeatView.phase; 飘 told apart)
    "phase_dingque",
    "phase_turn",
    "phase_claim",
    "phase_rob",
    "phase_end",
    "phase_piao",
    "final_round",  # 8: SeatView.final_round (R5.7)
    "locked",  # 9: SeatView.locked[0], the seat's pass lock (R7.4)
    "lock_value",  # 10: SeatView.locked[1], the largest value passed (R7.4)
)
"""The columns of row :data:`GLOBAL` (the rest are 0)."""
SEAT_FIELDS = (
    "units",  # 0: SeatView.totals(), net units so far this round (R9)
    "piao",  # 1: SeatView.piao(), the 飘 bet (R13.3)
    "hand_size",  # 2: SeatView.hand_size(seat)
    "in_play",  # 3: SeatView.in_play() (R10.4, R11.2)
    "won",  # 4: SeatView.won()
    "dealer",  # 5: SeatView.dealer == seat
    "current",  # 6: SeatView.current == seat (the discarder while claims are open)
    "offering",  # 7: the seat whose tile is on offer (SeatView.offer())
)
"""The columns of each seat block's :data:`NUMBERS` row (the rest are 0)."""

_UNITS, _PIAO, _SIZE, _IN_PLAY, _WON, _DEALER, _CURRENT, _OFFERING = range(8)
_KIND = {name: k for k, name in enumerate(NAMES)}
_MELD_ROW = {MeldKind.PENG: PENG, MeldKind.GANG: GANG, MeldKind.BUGANG: GANG}
_TOP = 5 * 27
"""Cells of one seat's own rows."""
_MONEY = frozenset({"gang_payment", "call_transfer", "settlement"})
"""Events that move money (a win's money comes with the rebuild after its ``hora``)."""
_MONEY_ONLY = _MONEY | {"dingque", "piao", "ryukyoku", "end_kyoku"}
"""Events that change no hand (besides draws, discards and passes)."""
_ALL_STALE = [True] * 4
_MELDS = frozenset({"pon", "daiminkan", "ankan", "kakan"})
_REBUILD = frozenset({"start_kyoku", "exchange", "piao", "baige", "hora"})
"""Events after which the public rows are read again from the view (once a batch); a
``dingque`` only fills its seat's VOID row (R4.1)."""
_VOID_SUIT = {"m": 0, "p": 1, "s": 2}
"""A ``dingque`` event's ``suit`` → the suit whose nine kinds its seat's VOID row marks."""


def _cell(seat: int, row: int, col: int) -> int:
    """The flat index of a cell of seat ``seat``'s block (absolute seat) in the table.
    The tables are written through flat memoryviews: a scalar write there costs a fraction
    of numpy's item assignment."""
    return 27 * (8 * seat + row) + col


_NOBODY = (False, False, False, False)
_SIZE_AT = [_cell(s, NUMBERS, _SIZE) for s in range(4)]
_DISCARDS_AT = [_cell(s, DISCARDS, 0) for s in range(4)]
_CURRENT_AT = [_cell(s, NUMBERS, _CURRENT) for s in range(4)]
_OFFERING_AT = [_cell(s, NUMBERS, _OFFERING) for s in range(4)]
_GLOBALS_AT = (27 * GLOBAL, 27 * GLOBAL + _TOP, 27 * GLOBAL + 2 * _TOP, 27 * GLOBAL + 3 * _TOP)
_G0, _G1, _G2, _G3 = _GLOBALS_AT
_OFFER_AT = (27 * OFFER, 27 * OFFER + _TOP, 27 * OFFER + 2 * _TOP, 27 * OFFER + 3 * _TOP)
_OWN_ROWS = 4 * 5
"""Rows of the four seats' own rows, ahead of the table in one buffer."""
_ROWS: list[Any] = [
    [*range(5 * s, 5 * s + 5), *(_OWN_ROWS + (8 * s + r) % 32 for r in range(32))] for s in range(4)
]
"""The buffer's rows of seat ``s``'s observation: its own rows, then the seat blocks in its
relative order (block ``s`` first, then the seats after it in play order)."""
if np is not None:  # without the [rl] extra the module imports, and no Planes is made
    _ROWS = [np.array(rows, dtype=np.intp) for rows in _ROWS]
ROWS: list[Any] = _ROWS
"""Seat ``s``'s observation is ``buffer[ROWS[s]]`` of a :class:`Planes` buffer."""
BUFFER_SHAPE = (_OWN_ROWS + 32, 27)
"""The shape of a :class:`Planes` buffer."""
