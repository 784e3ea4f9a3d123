"""The audit's reading of actions from events (auditcmp.action_of, its table shortcuts)
agrees with the reference reader ``xzcore.actions.actions_of``: the same action, or the same
refusal, for every event of the sample logs and for events with odd fields (docs/events.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xzcore.actions import WORDS, actions_of
from xzcore.auditcmp import action_of
from xzcore.log import CollectingBuilder, LogReader

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
ODD: list[Any] = [None, True, 1.0, -1, 4, 3, "3", "5p", "0m", "10s", "m", "x", 2**70, ("5p",)]


def _reference(ev: dict[str, Any]) -> Any:
    try:
        acts = list(actions_of([ev]))
    except ValueError as exc:  # InvalidActionError, or (see test_odd_fields) a plain one
        return (type(exc).__name__, str(exc))
    return acts[0] if acts else None


def _ours(ev: dict[str, Any]) -> Any:
    try:
        return action_of(ev)
    except ValueError as exc:
        return (type(exc).__name__, str(exc))


def _events() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in ("preset-xuezhan.xzlog", "preset-xueliu.xzlog", "preset-chengdu-classic.xzlog"):
        with open(REPLAYS / name, "rb") as fh:
            reader = LogReader(fh)
            while (g := reader.read_game(CollectingBuilder)) is not None:
                out.extend(e for e in g.events if isinstance(e, dict))
    return out


def test_sample_events() -> None:
    events = _events()
    words = {e["type"] for e in events}
    assert {"dahai", "pon", "none", "dingque", "exchange", "tsumo"} <= words
    for ev in events:
        assert _ours(ev) == _reference(ev), ev


@pytest.mark.parametrize("word", [*WORDS])
def test_odd_fields(word: str) -> None:
    """Odd actors, tiles, suits and claims: the same action or the same refusal. (A 'pai'
    that holds strings, ("5p",), makes the reference reader raise a plain ValueError from
    xzcore.tiles.parse_tiles, not an InvalidActionError: reported.)"""
    for field in ("actor", "pai", "suit", "claim"):
        for value in ODD:
            ev = {"type": word, "actor": 1, "pai": "5p", "suit": "p", field: value}
            if word != "none":
                ev.pop("claim", None)
            if _reference(ev) is None and word not in ("piao", "baige"):
                continue
            assert _ours(ev) == _reference(ev), ev


@pytest.mark.parametrize("pai", [["5p"], {}])
def test_unhashable_tile_is_a_type_error_as_before(pai: Any) -> None:
    """An unhashable 'pai' makes action_of raise TypeError, as it did before the shortcuts
    (the audit reports it as a failed replay of that game, never a traceback)."""
    with pytest.raises(TypeError):
        action_of({"type": "dahai", "actor": 1, "pai": pai})


def test_events_that_are_never_actions() -> None:
    """compare_events skips these types without asking action_of: they must be exactly the
    event types of docs/events.md that record no action."""
    from xzcore.auditactions import _NOT_ACTIONS
    from xzcore.auditcmp import _EVENT_RULE

    assert set(_EVENT_RULE) - set(WORDS) == _NOT_ACTIONS
    for word in _NOT_ACTIONS:
        assert action_of({"type": word, "actor": 1, "pai": "5p"}) is None
