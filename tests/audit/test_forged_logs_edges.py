"""Forged logs at the edges (see test_forged_logs.py):
scan_game's odd arguments, quiet_run on odd inputs (xzcore.audit.replay: an index back,
nothing raised, the round unchanged), an unreadable record across a chunk boundary (the same
error from the fast path's re-read and from the whole-file reader), Limits of other types."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from test_forged_logs import _chain, _recorded, both, games, lay, statuses

from xzcore.audit import replay
from xzcore.log.scan import NEED_MORE, scan_game
from xzcore.log.types import GENESIS, Limits
from xzcore.round.engine import Round
from xzcore.rules import RuleSet


@pytest.mark.parametrize("data", [b"", b"\x93", b"\x93\x00", b"\x93\x00\x80"])
def test_scan_game_on_tiny_data(data: bytes) -> None:
    """0-3 bytes, from every start and any base: NEED_MORE or None, never an error."""
    for start in range(len(data) + 1):
        for base in (0, -1, 1 << 40):
            assert scan_game(data, start, base, GENESIS, Limits()) in (NEED_MORE, None)


def test_scan_game_odd_arguments() -> None:
    data = _recorded("xuezhan", 1, "greedy", 1)
    for start in (-1, len(data) + 1):
        with pytest.raises(ValueError):
            scan_game(data, start, 0, GENESIS, Limits())
    for prev in (b"", bytes(31), bytes(33)):
        with pytest.raises(ValueError):
            scan_game(data, 0, 0, prev, Limits())
    assert scan_game(data, len(data), 0, GENESIS, Limits()) == NEED_MORE
    for start in (1, 2, 5, 37, len(data) - 1):  # inside a record
        assert scan_game(data, start, 0, GENESIS, Limits()) is None
    shifted, plain = (scan_game(data, 0, base, GENESIS, Limits()) for base in (-1000, 0))
    assert isinstance(shifted, tuple) and isinstance(plain, tuple)
    assert shifted[3] == [off - 1000 for off in plain[3]]  # a negative base: offsets only


# -- quiet_run with odd inputs ----------------------------------------------------------------


def _round_and_events() -> tuple[Round, list[Any], int]:
    """A fresh round of the first recorded xuezhan game, its events, the first discard."""
    from xzcore.leshan.round import new_round

    h, evs, _ = games("xuezhan", 1)[0]
    rnd = new_round(RuleSet.from_dict(h["rules"]), list(h["wall"]), h["dealer"])
    i = replay.quiet_run(rnd, evs, 1)
    assert i > 1
    return rnd, evs, i


class _D(dict[str, Any]):
    pass


class _S(str):
    __slots__ = ()


class _L(list[Any]):
    pass


def test_quiet_run_odd_events_change_nothing() -> None:
    """Non-dicts, dict subclasses, a str subclass as 'type' or 'pai', a list subclass,
    a phase set by hand: an index back, no error, the round unchanged."""
    from test_quiet_discard import state

    rnd, evs, i = _round_and_events()
    before = state(rnd)
    ev = evs[i]
    odd: list[Any] = [
        _D(ev),
        {**ev, "type": _S(ev["type"])},
        {**ev, "pai": _S(ev["pai"])},
        {**ev, "actor": True},
        {**ev, "actor": 1 << 70},
        {**ev, "actor": -(1 << 70)},
        (ev,),
        b"dahai",
    ]
    for bad in odd:
        mutated = [*evs[:i], bad, *evs[i + 1 :]]
        assert replay.quiet_run(rnd, mutated, i) == i
        assert state(rnd) == before
    assert replay.quiet_run(rnd, _L(evs), i) == i
    assert replay.quiet_run(rnd, evs, -1) == -1
    assert replay.quiet_run(rnd, evs, len(evs) + 5) == len(evs) + 5
    assert state(rnd) == before
    saved = rnd.phase
    for phase in (0, 1, 3, 4, 5, 6, -1, True, 1 << 70):
        rnd.phase = phase
        assert replay.quiet_run(rnd, evs, i) == i
    rnd.phase = saved
    assert state(rnd) == before


# -- an unreadable record whose error depends on where the reader's chunks fall ---------------


def _across_a_chunk(bad: bytes) -> bytes:
    """Games laid so that game k (the one over the first ``chunk_size`` boundary) ends with
    an event record opened by ``bad`` — a payload msgpack refuses early — whose later str 32
    declaring 4 GiB starts exactly at the boundary."""
    chunk = Limits().chunk_size
    gs = games("xuezhan", 6, "greedy", 1)
    k = 0
    while len(lay(gs[: k + 1])) < chunk - 200:
        k += 1
    out = bytearray(lay(gs[:k]))
    run = prev = bytes(out[-32:])

    def record(payload: bytes, tag: bytes = b"\x01") -> None:
        nonlocal run
        body = b"\x93" + tag + payload
        run = _chain(run, body)
        out.extend(body + b"\xc4\x20" + run)

    header, evs, _ = gs[k]
    record(msgpack.packb({**header, "prev": prev}, use_bin_type=True), b"\x00")
    i = 0
    while len(out) < chunk - 400 - len(bad):
        record(msgpack.packb(evs[i]))
        i += 1
    target = chunk - len(bad) - len(out)
    pad = next(
        p
        for n in range(target, 0, -1)
        if 2 + len(p := msgpack.packb({"type": "zz", "p": "x" * n})) + 34 == target
    )
    record(pad)
    assert len(out) + len(bad) == chunk
    return bytes(out + bad + b"\xdb\xff\xff\xff\xff" + b"y" * 100)


@pytest.mark.parametrize(
    "bad",
    [
        b"\x93\x01\x82\xa4type\xa2\xff\xfe\xa1x",  # a str that is not UTF-8
        b"\x93\x01\x82\x01\xc0\xa1x",  # an int map key (strict_map_key)
        b"\x93\x01" + b"\x91" * 1100,  # deeper than msgpack's stack
        b"\x93\x01\x92\xd4\x01\x00",  # a fixext (max_ext_len 0)
    ],
    ids=["not-utf8", "int-key", "too-deep", "fixext"],
)
def test_unreadable_record_across_a_chunk_boundary(bad: bytes) -> None:
    """The same unreadable error (rule and message) however the reader's chunks fall: the
    fast path re-reads a declined game with a LogReader whose chunks start at the game, the
    oracle reads the whole file (the reader reads ahead)."""
    reports = both(_across_a_chunk(bad))
    assert statuses(reports) == ["verified"] * 5 + ["unreadable"]
    assert len(reports[-1]["errors"]) == 1


_MUTATING_KEY = """
import sys
from xzcore.audit import replay
from xzcore.round.actions import NOT_ACTIONS
from xzcore.leshan.round import new_round
from xzcore.rules import RuleSet
sys.path.insert(0, {tests!r})
from test_forged_logs import games

h, evs, _ = games("xuezhan", 1)[0]
rnd = new_round(RuleSet.from_dict(h["rules"]), list(h["wall"]), h["dealer"])
armed = False

class Evil:
    def __hash__(self):
        return hash("type")

    def __eq__(self, other):
        if armed:
            evs.clear()
        return False

evs.insert(1, {{Evil(): 0, "type": sorted(NOT_ACTIONS)[0]}})
armed = True
print(replay.quiet_run(rnd, evs, 1))
"""


def test_quiet_run_survives_a_key_that_empties_the_events() -> None:
    """quiet_run returns an index and raises nothing (xzcore.audit.replay), whatever the
    events' keys do when compared: the compiled run reads no freed memory, the twin raises
    no IndexError."""
    import subprocess
    import sys
    from pathlib import Path

    code = _MUTATING_KEY.format(tests=str(Path(__file__).parent))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    assert done.stdout.strip().isdigit()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("max_events", 20_000.5),
        pytest.param("max_game_bytes", 1e9),
        pytest.param("max_record_bytes", float("inf")),
        pytest.param("max_record_bytes", 1 << 70),
        pytest.param("chunk_size", 0),
    ],
)
def test_limits_of_another_type(field: str, value: float) -> None:
    """A float limit, one past the compiled reader's integers, a chunk of 0 bytes: refused
    when made (API only: the CLI builds no Limits), so the fast and the plain reader never
    read with a limit they would take differently."""
    with pytest.raises(ValueError, match=f"Limits.{field}"):
        Limits(**{field: value})  # type: ignore[arg-type]
    assert Limits(**{field: 1})
