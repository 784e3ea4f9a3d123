"""The table as text, for ``render()`` of the environments (``render_mode="ansi"`` returns
it, ``"human"`` prints it): the table's view, for debugging, not a seat's — every seat's
concealed tiles are shown."""

from __future__ import annotations

from typing import Any

from xzcore.round.base import CLAIM, ROB, TURN, Phase
from xzcore.tiles import NAMES, format_counts, format_melds

__all__ = ["table_text"]


def _phase_name(phase: int) -> str:
    """The phase's name (Leshan's 飘 bets, R13.3, come after :class:`Phase`'s values)."""
    return Phase(phase).name.lower() if phase in Phase._value2member_map_ else "piao"


def table_text(rnd: Any, events: int = 3) -> str:
    """The round ``rnd`` as lines of text: where it stands, each seat's concealed tiles,
    melds, discards and units (R9), then its last ``events`` events (``start_kyoku``'s wall
    and dealt hands left out for length)."""
    totals = rnd.ledger.totals()
    head = f"{_phase_name(rnd.phase)}: {rnd.wall_left} tiles in the wall, dealer {rnd.dealer}"
    if rnd.phase in (TURN, CLAIM, ROB):
        head += f", seat {rnd.cur} on turn"
    lines = [head]
    for s in range(4):
        state = "won" if rnd.won[s] else "in play" if rnd.in_play[s] else "out"
        melds = format_melds(rnd.melds[s]) or "-"
        river = " ".join(NAMES[k] for k in rnd.rivers[s]) or "-"
        lines.append(
            f"seat {s}: {format_counts(rnd.hands[s].counts()) or '-'} | melds {melds} | "
            f"discards {river} | {totals[s]:+d} units, {state}"
        )
    for e in rnd.events[-events:] if events else ():
        lines.append(" ".join(f"{k}={v}" for k, v in e.items() if k not in ("wall", "tehais")))
    return "\n".join(lines)
