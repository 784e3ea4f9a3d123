"""The engine's events (docs/events.md, L5 of docs/log-format.md): each type's keys, in order,
in one table.

The round engine writes these dicts, the log keeps them as msgpack maps (key order included:
the L2 hash covers the bytes), the compiled replay and the log scan build the commonest ones
from templates made here, and the view reads them. Hot paths may write a dict literal of a
shape (the cheapest dict to build): tests/log/test_events.py holds every event to it.

>>> event("dahai", actor=0, pai="5p", tsumogiri=False)
{'type': 'dahai', 'actor': 0, 'pai': '5p', 'tsumogiri': False}
"""

from __future__ import annotations

from typing import Any

import msgpack

__all__ = ["OPTIONAL", "RULE", "SHAPES", "event", "packed"]

SHAPES: dict[str, tuple[str, ...]] = {
    "start_kyoku": ("type", "dealer", "wall", "tehais", "exchange_direction"),  # R2
    "exchange": ("type", "actor", "pai", "target"),  # 换三张, R3.1
    "dingque": ("type", "actor", "suit"),  # 定缺, R4.1
    "piao": ("type", "actor", "piao"),  # 飘, R13.1
    "tsumo": ("type", "actor", "pai", "rinshan", "left"),  # a draw, R2.2
    "dahai": ("type", "actor", "pai", "tsumogiri"),  # a discard, R5.1
    "none": ("type", "actor", "pai"),  # a pass in a claim window, R5.2
    "pon": ("type", "actor", "target", "pai"),  # R5.4
    "daiminkan": ("type", "actor", "target", "pai"),  # R6.1
    "ankan": ("type", "actor", "pai"),  # R6.1
    "kakan": ("type", "actor", "pai"),  # R6.1
    "gang_payment": ("type", "actor", "kind", "target", "transfers"),  # R9.2
    "hora": (  # a win: R7, R8, R9.1
        "type",
        "actor",
        "target",
        "pai",
        "self_draw",
        "robbed",
        "after_gang",
        "last_tile",
        "first_turn",
        "hand",
        "melds",
        "score",
        "transfers",
    ),
    "call_transfer": ("type", "actor", "winners", "transfers"),  # 呼叫转移, R9.5
    "baige": ("type", "actor", "pai", "hand", "waits"),  # 摆割, R13.4
    "ryukyoku": ("type", "reason"),  # the wall is empty, R5.6
    "settlement": ("type", "seats", "transfers"),  # R10
    "end_kyoku": ("type", "reason", "winners", "totals", "next_dealer"),  # R11
}
"""Event type → its keys in order, as the engine writes them."""

OPTIONAL: dict[str, tuple[str, ...]] = {"none": ("claim",), "dahai": ("baige",)}
"""Keys some events of a type add after their shape's (R7.4's lock, Leshan's 摆割)."""

RULE: dict[str, str] = {
    "start_kyoku": "R2.3",
    "exchange": "R3.1",
    "dingque": "R4.1",
    "piao": "R13.3",
    "baige": "R13.4",
    "tsumo": "R2.2",
    "dahai": "R5.1",
    "pon": "R5.2",
    "daiminkan": "R6.1",
    "ankan": "R6.1",
    "kakan": "R6.1",
    "none": "R5.3",
    "hora": "R7.1",
    "gang_payment": "R6.2",
    "call_transfer": "R9.5",
    "ryukyoku": "R5.6",
    "settlement": "R10",
    "end_kyoku": "R11.1",
}
"""Event type → the rule that makes it: what an audit cites when a recorded event is not the
engine's, and the ``meta.rule`` of an mjai event (docs/mjai.md)."""


_KEYS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    kind: (shape[1:], frozenset(shape[1:])) for kind, shape in SHAPES.items()
}
"""Event type → the keys of its shape but ``type``, in order and as a set (for :func:`event`)."""


def event(kind: str, /, **values: Any) -> dict[str, Any]:
    """The event ``kind`` with ``values`` in its shape's order (every key of the shape but
    ``type``, and no other)."""
    keys, names = _KEYS[kind]
    if values.keys() != names:
        raise ValueError(f"a {kind} event has {', '.join(keys)}, not {', '.join(values)}")
    if tuple(values) == keys:  # given in the shape's order (the engine's calls)
        return {"type": kind, **values}
    return {"type": kind, **{key: values[key] for key in keys}}


def packed(event: dict[str, Any]) -> tuple[bytes, dict[str, int]]:
    """The bytes the log writer packs ``event`` into (L1), and where each value starts in
    them: the compiled scan matches its templates against these.

    >>> packed({"type": "ryukyoku", "reason": "x"})
    (b'\\x82\\xa4type\\xa8ryukyoku\\xa6reason\\xa1x', {'type': 6, 'reason': 22})
    """
    packer = msgpack.Packer(use_bin_type=True)
    out = bytearray(packer.pack_map_header(len(event)))
    at: dict[str, int] = {}
    for key, value in event.items():
        out += packer.pack(key)
        at[key] = len(out)
        out += packer.pack(value)
    assert out == packer.pack(event)
    return bytes(out), at
