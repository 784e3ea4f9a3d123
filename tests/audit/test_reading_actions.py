"""The audit's reading of actions from events (auditcmp.action_of, its table shortcuts)
agrees with the reference reader ``xzcore.round.actions.actions_of``: the same action, or the same
refusal, for every event of the sample logs and for events with odd fields (docs/events.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xzcore.audit.compare import action_of
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.round.actions import WORDS, InvalidActionError, actions_of

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
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
    """Odd actors, tiles, suits and claims: the same action or the same refusal — except a
    'pai' that is not a string, which the reference reader refuses with a plain ValueError
    (("5p",): xzcore.tiles.parse_tiles) or an AttributeError: action_of refuses it as a
    malformed action (InvalidActionError), the audit's L5 finding."""
    for field in ("actor", "pai", "suit", "claim"):
        for value in ODD:
            ev = {"type": word, "actor": 1, "pai": "5p", "suit": "p", field: value}
            if word != "none":
                ev.pop("claim", None)
            if _reference(ev) is None and word not in ("piao", "baige"):
                continue
            if field == "pai" and type(value) is not str and word not in ("piao", "dingque"):
                if word == "none" and "claim" not in ev:
                    continue
                assert _ours(ev)[0] == "InvalidActionError", ev
                continue
            assert _ours(ev) == _reference(ev), ev


@pytest.mark.parametrize("word", ["dahai", "pon", "daiminkan", "kakan", "hora", "exchange"])
@pytest.mark.parametrize("pai", [["5p"], {}, [5], b"5p", 5.0, None, {"5p": 1}])
def test_pai_not_a_string_is_malformed(word: str, pai: Any) -> None:
    """A 'pai' that is a list, map, bytes, number or nil (docs/events.md: tile text, R1.3)
    is a malformed action, InvalidActionError naming the field and the type — not the
    TypeError an unhashable value used to raise (the audit reported it as its own bug)."""
    with pytest.raises(
        InvalidActionError, match=rf"{word}: bad 'pai' .*not a {type(pai).__name__}"
    ):
        action_of({"type": word, "actor": 1, "pai": pai})


def test_none_with_claim_and_baige_check_pai_too() -> None:
    with pytest.raises(InvalidActionError, match="bad 'pai'"):
        action_of({"type": "none", "actor": 2, "claim": "pon", "pai": ["5p"]})
    with pytest.raises(InvalidActionError, match="bad 'pai'"):
        action_of({"type": "baige", "actor": 2, "pai": [5], "hand": "123m", "waits": "4m"})
    # a pass (no claim) reads no tile: its 'pai' is not looked at
    assert action_of({"type": "none", "actor": 2, "pai": ["5p"]}) is not None


def test_unhashable_pai_in_a_log_is_an_L5_finding() -> None:
    """End to end: a fair sample game with one discard's 'pai' made a list is reported as a
    malformed action event (L5) at that event, not as a failed replay."""
    from xzcore.audit.compare import compare_events

    with open(REPLAYS / "preset-xuezhan.xzlog", "rb") as fh:
        game = LogReader(fh).read_game(CollectingBuilder)
    assert game is not None and game.header is not None
    events = [dict(e) for e in game.events]
    i = next(k for k, e in enumerate(events) if e["type"] == "dahai")
    events[i]["pai"] = [events[i]["pai"]]
    rep = compare_events("x.xzlog", 0, game.header, events, list(range(len(events))))
    [f] = [f for f in rep.findings if f.location.event == i]
    assert f.rule == "L5" and f.message.startswith("malformed action event: dahai: bad 'pai'")
    assert "bug" not in " ".join(x.message for x in rep.findings)


def test_events_that_are_never_actions() -> None:
    """compare_events skips these types without asking action_of: they must be exactly the
    event types of docs/events.md that record no action."""
    from xzcore.audit.actions import _NOT_ACTIONS
    from xzcore.audit.compare import _EVENT_RULE

    assert set(_EVENT_RULE) - set(WORDS) == _NOT_ACTIONS
    for word in _NOT_ACTIONS:
        assert action_of({"type": word, "actor": 1, "pai": "5p"}) is None
