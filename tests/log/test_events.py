"""Event shapes (docs/log-format.md L5): every event the engine writes, under every preset,
has the keys of its type in ``xzcore.log.events.SHAPES``, in order (then the optional ones),
and ``packed`` gives what the log writer packs byte for byte."""

from __future__ import annotations

import io

import msgpack
import pytest

from xzcore.log import events
from xzcore.log.reader import LogReader
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES


@pytest.mark.parametrize("preset", RuleSet.PRESET_NAMES)
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_every_event_has_its_shape(preset: str, bot: str) -> None:
    buf = io.BytesIO()
    choosers = [bot_chooser(bot, s) for s in range(4)]
    rules = RuleSet.preset(preset)
    for _ in record_games(LogWriter(buf), rules, 12, seed=3, choosers=choosers):
        pass
    seen = set()
    for game in LogReader(io.BytesIO(buf.getvalue())):
        for ev in game.events:
            shape = events.SHAPES[ev["type"]]
            keys = tuple(ev)
            assert keys[: len(shape)] == shape, ev
            assert set(keys[len(shape) :]) <= set(events.OPTIONAL.get(ev["type"], ())), ev
            seen.add(ev["type"])
    assert {"start_kyoku", "tsumo", "dahai", "end_kyoku"} <= seen


def test_packed_is_what_msgpack_packs() -> None:
    """``packed`` gives the writer's bytes and where each value starts (L1)."""
    ev = events.event("tsumo", actor=3, pai=NAMES[26], rinshan=True, left=55)
    raw, at = events.packed(ev)
    assert raw == msgpack.packb(ev, use_bin_type=True)
    assert (raw[at["actor"]], raw[at["left"]], raw[at["rinshan"]]) == (3, 55, 0xC3)
    assert raw[at["pai"] + 1 : at["pai"] + 3] == b"9s"


def test_an_event_is_built_in_its_shape_order() -> None:
    ev = events.event("pon", pai="5p", target=2, actor=1)
    assert list(ev) == list(events.SHAPES["pon"]) == ["type", "actor", "target", "pai"]
    assert set(events.OPTIONAL) <= set(events.SHAPES)
    with pytest.raises(ValueError, match="a pon event has actor, target, pai, not actor"):
        events.event("pon", actor=1)
