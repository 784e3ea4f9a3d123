"""Fuzz target: the log reader (``xzcore.log.reader.LogReader``) over any bytes.

The input is a whole ``.xzlog`` file — as it is when its length is even, after
:func:`harness.rechain` has made its hash chain right when odd (so that mutations get past
L2 to the scan's whole-game path and the header, claims and closing checks). It is read to
its end with the ``CollectingBuilder`` twice, ``scan=True`` (whole games in one pass, record
by record where a game has a problem) and ``scan=False`` (record by record only), and with
the strict ``GameBuilder`` once (its scan mode chosen by the input's length); all that with
the default limits, then again with tight limits, reads of 509 bytes and the demonstration
key's verifier (so that small inputs reach L6 and L3).

A crash is any of:

- an exception that is not a ``LogError`` (the documented ones: ``LogFormatError``,
  ``LogVersionError``, ``LogIntegrityError``), or any exception from the collecting builder;
- the two ways of reading disagreeing (the reader's docstring: the same visits, errors,
  offsets and event indices) — compared on the games' header, events, offsets, claims,
  closing record, errors (type, message, location, rule, claimed, correct) and completeness;
- the strict builder not reading exactly the collecting builder's games up to its first
  error, and raising that error (or raising where there is none);
- more games than bytes (a reader that does not advance).

Run: ``python fuzz/log_reader_target.py fuzz/corpus/log_reader -atheris_runs=100000``
(fuzz/README.md).
"""

from __future__ import annotations

import io
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import canon, instrumented, main, rechain

with instrumented():
    from xzcore.log.reader import CollectingBuilder, Game, GameBuilder, LogReader
    from xzcore.log.signing import Verifier
    from xzcore.log.types import Limits, LogError

TIGHT = Limits(
    max_record_bytes=2048,
    max_array_len=64,
    max_map_len=32,
    max_str_len=64,
    max_bin_len=256,
    max_events=120,
    max_game_bytes=12_000,
    chunk_size=509,
)
"""Limits small inputs can reach (a real game has ~130 events in ~12 KB), and reads of a
prime number of bytes (509), so records straddle every chunk boundary."""

_KEY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "replays", "demo-key.pub")
VERIFIER = Verifier.load(_KEY)
"""The demonstration key of replays/ (its games are signed with it)."""


def describe_error(e: LogError) -> tuple[Any, ...]:
    """Everything a reader reports of a problem."""
    return (
        type(e).__name__,
        e.message,
        tuple(e.location),
        e.rule,
        canon(e.claimed),
        canon(e.correct),
    )


def describe_game(g: Game) -> tuple[Any, ...]:
    """Everything a builder makes of a game."""
    h = g.header
    header = None if h is None else canon([getattr(h, f) for f in h.__dataclass_fields__])
    c = g.close
    close = None if c is None else canon([getattr(c, f) for f in c.__dataclass_fields__])
    return (
        header,
        canon(g.events),
        tuple(g.event_offsets),
        canon(g.claims),
        g.claims_offset,
        close,
        g.offset,
        tuple(describe_error(e) for e in g.errors),
        g.complete,
    )


def read_all(
    data: bytes, builder: type[GameBuilder], *, scan: bool, limits: Limits | None, verifier: Any
) -> tuple[list[tuple[Any, ...]], tuple[Any, ...] | None]:
    """The games read from ``data`` and the error that stopped the reading (strict builder
    only), or ``None``."""
    reader = LogReader(io.BytesIO(data), limits=limits, verifier=verifier, scan=scan)
    games: list[tuple[Any, ...]] = []
    for _ in range(len(data) + 1):
        try:
            game = reader.read_game(builder)
        except LogError as exc:
            if builder is CollectingBuilder:
                raise AssertionError(f"the collecting builder raised {exc!r}") from exc
            return games, describe_error(exc)
        if game is None:
            return games, None
        games.append(describe_game(game))
    raise AssertionError(f"more games than bytes: the reader does not advance ({len(data)} B)")


def check_reading(data: bytes, limits: Limits | None, verifier: Any) -> None:
    """The ways of reading ``data`` agree (see the module's docstring)."""
    collected, none = read_all(data, CollectingBuilder, scan=True, limits=limits, verifier=verifier)
    assert none is None
    plain, _ = read_all(data, CollectingBuilder, scan=False, limits=limits, verifier=verifier)
    assert collected == plain, "scan=True and scan=False read different games"
    first_error = next(((i, g[7][0]) for i, g in enumerate(collected) if g[7]), None)
    strict, raised = read_all(
        data, GameBuilder, scan=strict_scan(data), limits=limits, verifier=verifier
    )
    if first_error is None:
        assert raised is None, f"the strict builder raised {raised} on clean games"
        assert strict == collected, "the strict builder read other games"
    else:
        i, error = first_error
        assert raised == error, f"strict raised {raised}, the first problem is {error}"
        # The games before the first problem, as the collecting builder read them.
        assert strict == collected[:i], "the strict builder read other games"


def strict_scan(data: bytes) -> bool:
    """The strict builder's scan mode: one of the two by the input (both are compared with
    the collecting builder's over a run; reading with both would double the cost)."""
    return len(data) % 4 < 2


def chained(data: bytes) -> bytes:
    """An input of odd length re-chained (:func:`harness.rechain`), one of even length as it
    is: over a run, half the mutations meet the integrity checks (L2) and half get past them,
    at the cost of one reading each."""
    return rechain(data) if len(data) % 2 else data


def TestOneInput(data: bytes) -> None:
    """One input: see the module's docstring for what counts as a crash."""
    payload = chained(data)
    check_reading(payload, None, None)
    check_reading(payload, TIGHT, VERIFIER)


if __name__ == "__main__":
    main(TestOneInput)
