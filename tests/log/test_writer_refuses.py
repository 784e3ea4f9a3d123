"""The writer refuses what the reader refuses (issue 23; docs/log-format.md L4, L6), by the
reader's own checks and limits: a header ``parse_header`` rejects, a value past a decoder
limit, a record past the record size, more events than a game may hold. The refusal is one
:class:`LogFormatError` with its rule, before the record is written; and whatever the writer
does write, the reader reads back."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.errors import LogFormatError
from xzcore.log.reader import LogReader
from xzcore.log.types import Limits, Match
from xzcore.log.writer import LogWriter
from xzcore.rules import RuleSet

WALL = bytes(k % 27 for k in range(108))


def begin(w: LogWriter, **kw: Any) -> None:
    args: dict[str, Any] = {"rules": RuleSet(), "wall": WALL, "dealer": 0, "seed": 1}
    w.begin_game(**(args | kw))


def finish(w: LogWriter) -> None:
    w.write_claims({"wins": [], "totals": [0, 0, 0, 0], "transfers": 0, "next_dealer": 0})
    w.end_game()


@pytest.mark.parametrize(
    ("kw", "rule", "says"),
    [
        ({"wall": bytes([99]) + WALL[1:]}, "L4", "wall"),
        ({"seats": ["x" * 5000, "b", "c", "d"]}, "L6", "a str of 5000 bytes"),
        ({"extra": {"note": "y" * 900_000}}, "L6", "a str of 900000 bytes"),
        ({"dealer": 4}, "L4", "dealer"),
        ({"extra": {"n": 1 << 70}}, "L1", "msgpack cannot hold"),
        ({"extra": {1: "not a str key"}}, "L6", "the reader refuses"),
    ],
)
def test_a_header_the_reader_refuses_is_not_written(
    kw: dict[str, Any], rule: str, says: str
) -> None:
    out = io.BytesIO()
    w = LogWriter(out, match=Match.new(planned=1))
    with pytest.raises(LogFormatError) as exc:
        begin(w, **kw)
    assert exc.value.rule == rule and says in str(exc.value), str(exc.value)
    assert "\n" not in str(exc.value)
    assert out.getvalue() == b""


def test_an_event_past_a_limit_is_refused_and_the_games_before_stay_whole() -> None:
    out = io.BytesIO()
    w = LogWriter(out)
    begin(w)
    w.write_event({"type": "tsumo", "actor": 0, "pai": "1m"})
    finish(w)
    whole = out.getvalue()
    begin(w)
    with pytest.raises(LogFormatError, match=r"a str of 900000 bytes") as exc:
        w.write_event({"type": "x", "s": "z" * 900_000})
    assert exc.value.rule == "L6"
    assert out.getvalue().startswith(whole)
    games = list(LogReader(io.BytesIO(whole)))
    assert len(games) == 1 and games[0].complete


def test_more_events_than_a_game_holds_are_refused() -> None:
    """L6: the reader's max_events, the same constant (a small Limits here)."""
    w = LogWriter(io.BytesIO(), limits=Limits(max_events=5))
    begin(w)
    for _ in range(5):
        w.write_event({"type": "x"})
    with pytest.raises(LogFormatError, match="more than 5 events in one game") as exc:
        w.write_event({"type": "x"})
    assert exc.value.rule == "L6"


def test_a_game_past_its_bytes_is_refused() -> None:
    w = LogWriter(io.BytesIO(), limits=Limits(max_game_bytes=2000))
    begin(w)
    with pytest.raises(LogFormatError, match="a game longer than 2000 bytes"):
        for _ in range(200):
            w.write_event({"type": "x", "pad": "p" * 100})


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.binary(max_size=10),
    lambda kids: (
        st.lists(kids, max_size=5)
        | st.dictionaries(st.text(max_size=5) | st.integers(0, 3), kids, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(JSONISH, min_size=1, max_size=5), st.sampled_from([None, "x" * 5000, "seat"]))
def test_what_the_writer_writes_the_reader_reads(events: list[Any], name: str | None) -> None:
    """Any values as events and a seat name: each refused by the writer (one error) or
    written, and then the reader reads the game back whole with those very events."""
    out = io.BytesIO()
    w = LogWriter(out, match=Match.new(planned=1))
    written: list[Any] = []
    try:
        begin(w, seats=[name or "a", "b", "c", "d"])
        for ev in events:
            w.write_event(ev)
            written.append(ev)
        finish(w)
    except LogFormatError:
        return
    (game,) = list(LogReader(io.BytesIO(out.getvalue())))
    assert game.complete and not game.errors
    assert len(game.events) == len(written)
