"""The fixed action index of :mod:`xzcore.env`: every decision of a seat as one integer of a
``Discrete(N_ACTIONS)`` space (docs/env.md, "The action index").

One legal action of the engine (``Round.legal_actions``) has exactly one index, and an index
names at most one legal action of the seat at a decision, so the mask *is* the legal set:

=========  =====================================================================
indices    action
=========  =====================================================================
0–26       ``dahai k``: discard one tile of kind ``k`` (R5.1, R4.2)
27         ``pon``: 碰 the tile on offer (R5.2)
28         ``daiminkan``: 直杠 on the tile on offer (R6.1)
29–55      ``ankan k``: 暗杠 of kind ``k`` (R6.1)
56–82      ``kakan k``: 补杠 adding kind ``k`` to its 碰 (R6.1)
83         ``hora``: 胡, on the tile on offer or self-drawn (R7)
84         ``none``: pass (R5.2)
85–87      ``dingque``: 定缺 of suit m, p, s (R4.1)
88–114     换三张 pick of kind ``k`` (R3.1; three picks make one ``exchange``)
115–120    Leshan 飘 ``piao n``, n = 0–5 (R13.3)
121–147    Leshan 摆割 ``baige k``: lay the hand open and discard ``k`` (R13.4)
=========  =====================================================================

The engine's ``exchange`` is one action of three tiles of one suit (R3.1); the index takes it
as three picks of one kind each, in non-decreasing kind order (so each legal exchange is
exactly one sequence of picks): :func:`pick_mask` gives the kinds the next pick may take.

>>> from xzcore.round.actions import Action
>>> index_of(Action.parse("kakan 5p by 2"))
69
>>> str(action_at(69, 2))
'kakan 5p by 2'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xzcore.round.actions import (
    _ANKAN,
    _DAHAI,
    _DAIMINKAN,
    _DINGQUE,
    _HORA,
    _KAKAN,
    _NONE,
    _PON,
    Action,
    AnyAction,
    LeshanAction,
)

__all__ = [
    "ANKAN",
    "BAIGE",
    "DAHAI",
    "DAIMINKAN",
    "DINGQUE",
    "EXCHANGE_PICK",
    "HORA",
    "KAKAN",
    "NONE",
    "N_ACTIONS",
    "PIAO",
    "PON",
    "action_at",
    "index_of",
    "pick_mask",
]

DAHAI = 0
"""First index of the discards: ``DAHAI + k`` (R5.1)."""
PON = 27
"""碰 of the tile on offer (R5.2)."""
DAIMINKAN = 28
"""直杠 of the tile on offer (R6.1)."""
ANKAN = 29
"""First index of the concealed gangs: ``ANKAN + k`` (R6.1)."""
KAKAN = 56
"""First index of the added gangs: ``KAKAN + k`` (R6.1)."""
HORA = 83
"""胡 (R7): on the tile on offer, or on the seat's own turn (self-draw)."""
NONE = 84
"""Pass (R5.2)."""
DINGQUE = 85
"""First index of 定缺: ``DINGQUE + suit`` (R4.1)."""
EXCHANGE_PICK = 88
"""First index of the 换三张 picks: ``EXCHANGE_PICK + k`` (R3.1)."""
PIAO = 115
"""First index of the 飘 bets: ``PIAO + n`` (R13.3)."""
BAIGE = 121
"""First index of 摆割: ``BAIGE + k``, the tile discarded as the hand is laid open (R13.4)."""
N_ACTIONS = 148
"""The size of the ``Discrete`` action space."""

_WORD_BASE = {"dahai": DAHAI, "ankan": ANKAN, "kakan": KAKAN, "baige": BAIGE}
_WORD_FIXED = {"pon": PON, "daiminkan": DAIMINKAN, "hora": HORA, "none": NONE}


def _table() -> dict[AnyAction, int]:
    """Every prebuilt action of every seat (all but ``exchange``) → its index."""
    from xzcore.leshan.round import _BAIGE_ACTIONS, _PIAO_ACTIONS

    out: dict[AnyAction, int] = {}
    for s in range(4):
        for k in range(27):
            out[_DAHAI[s][k]] = DAHAI + k
            out[_ANKAN[s][k]] = ANKAN + k
            out[_KAKAN[s][k]] = KAKAN + k
            out[_PON[s][k]] = PON
            out[_DAIMINKAN[s][k]] = DAIMINKAN
            out[_HORA[s][k]] = HORA
            out[_BAIGE_ACTIONS[s][k]] = BAIGE + k
        out[_NONE[s]] = NONE
        for v in range(3):
            out[_DINGQUE[s][v]] = DINGQUE + v
        for n in range(6):
            out[_PIAO_ACTIONS[s][n]] = PIAO + n
    return out


INDEX: dict[AnyAction, int] = _table()
"""Action → index for every action but ``exchange`` (whose picks :func:`pick_mask` gives)."""


def index_of(action: AnyAction) -> int:
    """The index of ``action`` (an ``exchange`` has three: use :func:`pick_mask`)."""
    i = INDEX.get(action)
    if i is not None:
        return i
    if isinstance(action, Action) and action.word == "exchange":
        raise ValueError("an exchange is three picks (EXCHANGE_PICK + kind), not one index")
    word = action.word
    if isinstance(action, LeshanAction) and word == "piao":
        return PIAO + action.amount
    if word in _WORD_FIXED:
        return _WORD_FIXED[word]
    return _WORD_BASE[word] + action.tile


def indices_of(action: AnyAction) -> list[int]:
    """The indices that play ``action`` in the environment, in order: its one index, or for
    an ``exchange`` its three picks (R3.1), the smallest kind first — the order the picks
    are asked in.

    >>> indices_of(Action.parse("exchange 129m by 0")) == [EXCHANGE_PICK + k for k in (0, 1, 8)]
    True
    """
    if isinstance(action, Action) and action.word == "exchange":
        return [EXCHANGE_PICK + k for k in action.tiles]
    return [index_of(action)]


def action_at(index: int, seat: int, offered: int = -1) -> AnyAction:
    """The action that ``index`` names for ``seat`` (``offered``: the tile on offer, for 碰,
    直杠 and 胡 on a claim; for 胡 on the seat's own turn, the tile it wins on). The env
    itself takes the action from the legal set (``Round.legal_actions``), never from here;
    this is the readable inverse used by the docs and tests. A pick (换三张) is no action
    on its own: ``ValueError``."""
    if not 0 <= index < N_ACTIONS:
        raise ValueError(f"action index {index} out of range 0-{N_ACTIONS - 1}")
    if index < PON:
        return _DAHAI[seat][index - DAHAI]
    if index in (PON, DAIMINKAN, HORA):
        if not 0 <= offered < 27:
            raise ValueError(f"action index {index} needs the tile it is on")
        table = _PON if index == PON else _DAIMINKAN if index == DAIMINKAN else _HORA
        return table[seat][offered]
    if index < KAKAN:
        return _ANKAN[seat][index - ANKAN]
    if index < HORA:
        return _KAKAN[seat][index - KAKAN]
    if index == NONE:
        return _NONE[seat]
    if index < EXCHANGE_PICK:
        return _DINGQUE[seat][index - DINGQUE]
    if index < PIAO:
        raise ValueError(f"action index {index} is a 换三张 pick, not a whole action (R3.1)")
    from xzcore.leshan.round import _BAIGE_ACTIONS, _PIAO_ACTIONS

    if index < BAIGE:
        return _PIAO_ACTIONS[seat][index - PIAO]
    return _BAIGE_ACTIONS[seat][index - BAIGE]


def pick_mask(exchanges: Iterable[Action], picked: Sequence[int]) -> list[int]:
    """The kinds the next 换三张 pick may take (R3.1): after the sorted picks ``picked``,
    each kind ``k`` (not below the last pick) that some legal ``exchange`` continues with."""
    n = len(picked)
    prefix = tuple(picked)
    out = {a.tiles[n] for a in exchanges if a.tiles[:n] == prefix}
    return sorted(out)
