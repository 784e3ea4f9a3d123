"""The audit reads each recorded event with the one reader, ``xzcore.round.actions.action_of``:
every event of the sample logs reads as the action it records, and a malformed action event
is one L5 finding at that event quoting the reader's refusal (docs/audit.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xzcore.audit.compare import _EVENT_RULE, compare_events
from xzcore.log.reader import CollectingBuilder, Game, LogReader
from xzcore.round.actions import (
    LESHAN_WORDS,
    NOT_ACTIONS,
    WORDS,
    InvalidActionError,
    action_of,
)

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
SAMPLES = ("preset-xuezhan", "preset-xueliu", "preset-chengdu-classic", "preset-leshan")


def _games(name: str) -> list[Game]:
    out = []
    with open(REPLAYS / f"{name}.xzlog", "rb") as fh:
        reader = LogReader(fh)
        while (g := reader.read_game(CollectingBuilder)) is not None:
            out.append(g)
    return out


@pytest.mark.parametrize("name", SAMPLES)
def test_every_sample_event_reads_as_the_action_it_records(name: str) -> None:
    seen = set()
    for game in _games(name):
        for ev in game.events:
            a = action_of(ev)
            word = ev["type"]
            seen.add(word)
            if word in NOT_ACTIONS or (word == "dahai" and ev.get("baige")):
                assert a is None, ev
                continue
            assert a is not None and a.seat == ev["actor"], ev
            assert a.word == (ev.get("claim") or word), ev
    assert {"dahai", "none", "tsumo"} <= seen
    if name == "preset-leshan":
        assert set(LESHAN_WORDS) <= seen


def test_the_types_the_audit_knows_without_an_action_are_the_readers() -> None:
    """docs/events.md: every event type of the comparison's rules is an action word or one
    of the reader's NOT_ACTIONS (the Leshan words included, R13.3, R13.4)."""
    assert set(_EVENT_RULE) - set(WORDS) - set(LESHAN_WORDS) == NOT_ACTIONS


def _first(game: Game, word: str) -> int:
    return next(i for i, e in enumerate(game.events) if e["type"] == word)


MALFORMED: list[tuple[str, dict[str, Any]]] = [
    ("dahai", {"pai": ["5p"]}),
    ("dahai", {"pai": "0m"}),
    ("dahai", {"actor": 4}),
    ("dahai", {"actor": True}),
    ("pon", {"pai": "55p"}),
    ("dingque", {"suit": "x"}),
    ("exchange", {"pai": "12m"}),
    ("none", {"claim": "chi"}),
    ("none", {"claim": "pon", "pai": 13}),
    ("piao", {"piao": 6}),
    ("baige", {"pai": "55p"}),
]


@pytest.mark.parametrize(("word", "change"), MALFORMED)
def test_a_malformed_action_event_is_one_L5_finding_quoting_the_reader(
    word: str, change: dict[str, Any]
) -> None:
    game = next(g for n in SAMPLES for g in _games(n) if any(e["type"] == word for e in g.events))
    assert game.header is not None
    events = [dict(e) for e in game.events]
    i = _first(game, word)
    events[i].update(change)
    with pytest.raises(InvalidActionError) as refused:
        action_of(events[i])
    for shortcuts in (True, False):
        rep = compare_events(
            "x.xzlog", 0, game.header, events, list(range(len(events))), shortcuts=shortcuts
        )
        [f] = [f for f in rep.findings if f.location.event == i]
        assert (f.rule, f.message) == ("L5", f"malformed action event: {refused.value}")
        assert f.claimed == events[i]
        assert "bug" not in " ".join(x.message for x in rep.findings)
        assert not rep.replayed
