"""The pure-Python twin of ``xzcore._engine_fast``: small helpers of the round engine's win,
gang and end paths, written for clarity (the compiled module is tested against it).

Each helper either gives exactly what the engine's plain code gives, or ``None`` ("not
handled here": the caller runs the plain code, which answers or raises as it always did).

- :func:`counts_text`: the canonical MPSZ text of 27 counts (the ``hand`` of a ``hora``
  event, docs/events.md), as ``xzcore.tiles.format_counts``;
- :func:`transfer_dicts`: ``[t.to_dict() for t in transfers]`` (the ``transfers`` of a
  ``hora``, ``gang_payment``, ``call_transfer`` or ``settlement`` event);
- :func:`wall_text`: the ``wall`` of the ``start_kyoku`` event, each tile's name in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xzcore.ledger import Transfer

__all__ = ["counts_text", "transfer_dicts", "wall_text"]

_SUIT = "mps"
_FIELDS = ("payer", "payee", "units", "reason", "rule", "detail", "turn")


def counts_text(counts: object) -> str | None:
    """The canonical MPSZ text of ``counts`` (each suit's rank digits in order, each digit
    as many times as its count, then the suit's letter; a suit with no tile is left out);
    ``None`` unless ``counts`` is exactly ``bytes`` of length 27 holding at most 4 of a kind."""
    if type(counts) is not bytes or len(counts) != 27 or max(counts) > 4:
        return None
    text = ""
    for suit in range(3):
        nine = counts[9 * suit : 9 * suit + 9]
        if any(nine):
            text += "".join(str(r + 1) * n for r, n in enumerate(nine)) + _SUIT[suit]
    return text


def transfer_dicts(transfers: Sequence[Any]) -> list[dict[str, Any]] | None:
    """``[t.to_dict() for t in transfers]`` for a list or tuple of exact :class:`Transfer`
    values each holding its seven fields (read from the instance, as ``to_dict`` reads them);
    ``None`` for anything else."""
    if type(transfers) is not list and type(transfers) is not tuple:
        return None
    out: list[dict[str, Any]] = []
    for t in transfers:
        if type(t) is not Transfer:
            return None
        fields = vars(t)
        if any(name not in fields for name in _FIELDS):
            return None
        d = {name: fields[name] for name in _FIELDS[:6]}
        if fields["turn"] is not None:
            d["turn"] = fields["turn"]
        out.append(d)
    return out


def wall_text(wall: object) -> str | None:
    """The names of the 108 tiles of ``wall`` (rank digit, suit letter) one after the other;
    ``None`` unless ``wall`` is exactly a ``list`` of 108 exact ``int`` kinds 0–26."""
    if type(wall) is not list or len(wall) != 108:
        return None
    if any(type(k) is not int or not 0 <= k <= 26 for k in wall):
        return None
    return "".join(str(k % 9 + 1) + _SUIT[k // 9] for k in wall)
