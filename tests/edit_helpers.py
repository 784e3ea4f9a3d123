"""Logs of a played round with their events or claims edited (tests/audit): the writer
chains the edited records, so the hash chain holds and only the figures are wrong."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from typing import Any

from xzcore.log.types import claims_of
from xzcore.log.writer import LogWriter
from xzcore.round.engine import Round

Edit = Callable[[list[dict[str, Any]], dict[str, Any]], None]
"""Changes a game's events and its claims record in place."""


def edited_log(rnd: Round, edit: Edit) -> bytes:
    """The game of ``rnd`` as a log whose events and claims record ``edit`` changed."""
    events: list[Any] = copy.deepcopy(rnd.events)
    claims = claims_of(rnd.events)
    edit(events, claims)
    buf = io.BytesIO()
    w = LogWriter(buf)
    w.begin_game(
        rules=rnd.rules, wall=bytes(rnd.wall), dealer=rnd.dealer, seats=["a", "b", "c", "d"]
    )
    for ev in events:
        w.write_event(ev)
    w.write_claims(claims)
    w.end_game()
    return buf.getvalue()
