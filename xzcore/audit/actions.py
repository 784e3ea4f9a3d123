"""Reading the action an event records, for the audit's replay (docs/events.md "Actions").

:func:`action_of` is :func:`xzcore.round.actions.actions_of` for one event, with shortcuts: a
well-formed tile action, pass or void declaration comes from the round's own prebuilt action
tables (``xzcore.round.base``), so that ``Round.play`` finds it by identity; anything else
goes through ``actions_of``, which names what is malformed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xzcore.round.actions import (
    _ANKAN,
    _DAHAI,
    _DAIMINKAN,
    _DINGQUE,
    _HORA,
    _KAKAN,
    _NONE,
    _PON,
    WORDS,
    Action,
    InvalidActionError,
    actions_of,
)

__all__ = ["action_of"]

_KIND = {f"{k % 9 + 1}{'mps'[k // 9]}": k for k in range(27)}
# The round's own prebuilt action values: Round.play then finds them in its tables by
# identity (round_checks.canonical).
_TILE_ACTIONS: dict[str, list[list[Action]]] = {
    "dahai": _DAHAI,
    "pon": _PON,
    "daiminkan": _DAIMINKAN,
    "ankan": _ANKAN,
    "kakan": _KAKAN,
    "hora": _HORA,
}
_PASS = _NONE
_SUIT_INDEX = {"m": 0, "p": 1, "s": 2}  # R4.1 dingque suits
_ACTION_WORDS = frozenset(WORDS)
_NOT_ACTIONS = frozenset(
    {"start_kyoku", "tsumo", "gang_payment", "call_transfer", "ryukyoku", "settlement", "end_kyoku"}
)
"""Event types that never record an action (docs/events.md): action_of gives None."""


def action_of(ev: Mapping[str, Any]) -> Action | None:
    """The action an event records (docs/events.md "Actions"), or ``None`` for an event that
    is not an action. Well-formed tile actions come from a table of prebuilt values;
    anything else goes through :func:`xzcore.round.actions.actions_of`, which raises
    :class:`~xzcore.round.actions.InvalidActionError` for a malformed one."""
    word = ev["type"]
    if word not in _ACTION_WORDS:
        if word in ("piao", "baige"):  # R13.3/R13.4 (LeshanRound)
            from xzcore.leshan.actions import leshan_action_of

            if word == "baige":
                _check_pai(word, ev)
            try:
                return leshan_action_of(ev)  # type: ignore[return-value]
            except InvalidActionError:
                raise
            except (ValueError, TypeError, AttributeError) as exc:  # never a crash (L5)
                raise InvalidActionError(f"{word}: malformed action: {exc}") from None
        return None
    if word == "dahai" and ev.get("baige"):
        return None  # the discard of a 摆割, part of its baige action (R13.4)
    actor = ev.get("actor")
    if type(actor) is int and 0 <= actor < 4:
        row = _TILE_ACTIONS.get(word)
        if row is not None:
            pai = ev.get("pai")
            k = _KIND.get(pai) if type(pai) is str else None
            if k is not None:
                return row[actor][k]
        elif word == "none" and "claim" not in ev:
            return _PASS[actor]
        elif word == "dingque":
            suit = ev.get("suit")
            if type(suit) is str and suit in _SUIT_INDEX:
                return _DINGQUE[actor][_SUIT_INDEX[suit]]
    if word in _TILE_WORDS or (word == "none" and ev.get("claim") is not None):
        _check_pai(word, ev)
    try:
        acts = list(actions_of([ev]))
    except InvalidActionError:
        raise
    except (ValueError, TypeError, AttributeError) as exc:  # defensive: never a crash (L5)
        raise InvalidActionError(f"{word}: malformed action: {exc}") from None
    return acts[0] if acts else None


_TILE_WORDS = frozenset({*_TILE_ACTIONS, "exchange"})
"""Action words whose 'pai' is read (with ``none`` when it has a claim)."""


def _check_pai(word: str, ev: Mapping[str, Any]) -> None:
    """docs/events.md: every 'pai' is tile text such as ``"5p"`` (R1.3); a list, map, number
    or bytes is a malformed action (L5), refused here before the readers below, which would
    fail on it with a TypeError or AttributeError. A missing 'pai' is theirs to report."""
    pai = ev.get("pai")
    if "pai" in ev and type(pai) is not str:
        raise InvalidActionError(
            f"{word}: bad 'pai' {_short(pai)}: tile text such as '5p' was expected, "
            f"not a {type(pai).__name__}"
        )


def _short(v: Any) -> str:
    s = repr(v)
    return s if len(s) <= 60 else s[:57] + "..."
