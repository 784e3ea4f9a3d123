"""The engine's events (docs/log-format.md L5): each type's keys, in order, in one place.

The round engine writes these dicts, the log keeps them as msgpack maps (key order included:
the L2 hash covers the bytes), the compiled replay and the log scan build the commonest ones
from templates made here, and the view reads them. Each constructor is one dict literal (the
cheapest dict to build); :data:`SHAPES` and :func:`packed` are read from them.

>>> dahai(0, "5p", False)
{'type': 'dahai', 'actor': 0, 'pai': '5p', 'tsumogiri': False}
>>> SHAPES["tsumo"]
('type', 'actor', 'pai', 'rinshan', 'left')
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import msgpack

__all__ = [
    "OPTIONAL",
    "SHAPES",
    "ankan",
    "baige",
    "call_transfer",
    "dahai",
    "daiminkan",
    "dingque",
    "end_kyoku",
    "exchange",
    "gang_payment",
    "hora",
    "kakan",
    "none",
    "packed",
    "piao",
    "pon",
    "ryukyoku",
    "settlement",
    "start_kyoku",
    "tsumo",
]

Event = dict[str, Any]


def start_kyoku(dealer: int, wall: str, tehais: list[str], exchange_direction: int) -> Event:
    """The deal (R2): the wall's text (each tile's name in draw order) and the hands."""
    return {
        "type": "start_kyoku",
        "dealer": dealer,
        "wall": wall,
        "tehais": tehais,
        "exchange_direction": exchange_direction,
    }


def exchange(actor: int, pai: str, target: int) -> Event:
    """换三张 (R3.1): the three tiles ``actor`` passes to ``target``."""
    return {"type": "exchange", "actor": actor, "pai": pai, "target": target}


def dingque(actor: int, suit: str) -> Event:
    """定缺 (R4.1): the void suit, ``m``, ``p`` or ``s``."""
    return {"type": "dingque", "actor": actor, "suit": suit}


def piao(actor: int, piao: int) -> Event:
    """飘 (R13.1): the seat's stake."""
    return {"type": "piao", "actor": actor, "piao": piao}


def tsumo(actor: int, pai: str, rinshan: bool, left: int) -> Event:
    """A draw (R2.2), from the wall's back after a gang (``rinshan``); ``left`` after it."""
    return {"type": "tsumo", "actor": actor, "pai": pai, "rinshan": rinshan, "left": left}


def dahai(actor: int, pai: str, tsumogiri: bool) -> Event:
    """A discard (R5.1); ``tsumogiri``: the tile just drawn. Leshan adds ``baige``."""
    return {"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri}


def none(actor: int, pai: str) -> Event:
    """A seat's pass in a claim window (R5.2); ``claim`` added when it was locked out."""
    return {"type": "none", "actor": actor, "pai": pai}


def pon(actor: int, target: int, pai: str) -> Event:
    """碰 (R5.4) of ``target``'s discard."""
    return {"type": "pon", "actor": actor, "target": target, "pai": pai}


def daiminkan(actor: int, target: int, pai: str) -> Event:
    """直杠 (R6.1) of ``target``'s discard."""
    return {"type": "daiminkan", "actor": actor, "target": target, "pai": pai}


def ankan(actor: int, pai: str) -> Event:
    """暗杠 (R6.1)."""
    return {"type": "ankan", "actor": actor, "pai": pai}


def kakan(actor: int, pai: str) -> Event:
    """补杠 (R6.1) on the seat's own peng."""
    return {"type": "kakan", "actor": actor, "pai": pai}


def gang_payment(actor: int, kind: str, target: int | None, transfers: list[Any]) -> Event:
    """The money of a gang (R9.2)."""
    return {
        "type": "gang_payment",
        "actor": actor,
        "kind": kind,
        "target": target,
        "transfers": transfers,
    }


def hora(
    actor: int,
    target: int,
    pai: str,
    self_draw: bool,
    robbed: bool,
    after_gang: bool,
    last_tile: bool,
    first_turn: bool,
    hand: str,
    melds: str,
    score: dict[str, Any],
    transfers: list[Any],
) -> Event:
    """A win (R7, R8, R9.1): the context, the concealed hand, the score and its money."""
    return {
        "type": "hora",
        "actor": actor,
        "target": target,
        "pai": pai,
        "self_draw": self_draw,
        "robbed": robbed,
        "after_gang": after_gang,
        "last_tile": last_tile,
        "first_turn": first_turn,
        "hand": hand,
        "melds": melds,
        "score": score,
        "transfers": transfers,
    }


def call_transfer(actor: int, winners: list[int], transfers: list[Any]) -> Event:
    """呼叫转移 (R9.5): a gang's money passed to the winners on its discard."""
    return {"type": "call_transfer", "actor": actor, "winners": winners, "transfers": transfers}


def baige(actor: int, pai: str, hand: str, waits: str) -> Event:
    """摆割 (R13.4): the hand shown to every seat; the discard follows."""
    return {"type": "baige", "actor": actor, "pai": pai, "hand": hand, "waits": waits}


def ryukyoku(reason: str) -> Event:
    """The wall is empty (R5.6)."""
    return {"type": "ryukyoku", "reason": reason}


def settlement(seats: list[dict[str, Any]], transfers: list[Any]) -> Event:
    """The end-of-round settlement (R10): each seat's facts and the money."""
    return {"type": "settlement", "seats": seats, "transfers": transfers}


def end_kyoku(reason: str, winners: list[int], totals: list[int], next_dealer: int) -> Event:
    """The round's end (R11): why, who won, each seat's total and the next dealer."""
    return {
        "type": "end_kyoku",
        "reason": reason,
        "winners": winners,
        "totals": totals,
        "next_dealer": next_dealer,
    }


_CONSTRUCTORS: tuple[Callable[..., Event], ...] = (
    start_kyoku,
    exchange,
    dingque,
    piao,
    tsumo,
    dahai,
    none,
    pon,
    daiminkan,
    ankan,
    kakan,
    gang_payment,
    hora,
    call_transfer,
    baige,
    ryukyoku,
    settlement,
    end_kyoku,
)


def _shape(make: Callable[..., Event]) -> tuple[str, ...]:
    """``make``'s keys, read from the dict it builds (and checked against its arguments)."""
    names = tuple(inspect.signature(make).parameters)
    keys = tuple(make(*names))
    assert keys == ("type", *names), make
    return keys


SHAPES: dict[str, tuple[str, ...]] = {make.__name__: _shape(make) for make in _CONSTRUCTORS}
"""Event type → its keys in order, as the engine writes them."""

OPTIONAL: dict[str, tuple[str, ...]] = {"none": ("claim",), "dahai": ("baige",)}
"""Keys some events of a type add after their shape's (R7.4's lock, Leshan's 摆割)."""


def packed(event: Event) -> tuple[bytes, dict[str, int]]:
    """The bytes the log writer packs ``event`` into (L1), and where each value starts in
    them: the compiled scan matches its templates against these.

    >>> packed(ryukyoku("x"))
    (b'\\x82\\xa4type\\xa8ryukyoku\\xa6reason\\xa1x', {'type': 6, 'reason': 22})
    """
    packer = msgpack.Packer(use_bin_type=True)
    out = bytearray(packer.pack_map_header(len(event)))
    at = {}
    for key, value in event.items():
        out += packer.pack(key)
        at[key] = len(out)
        out += packer.pack(value)
    assert out == packer.pack(event)
    return bytes(out), at
