"""``Round.copy()`` (issue 16 item 3, for search): an independent copy of a round as it
stands. Playing the same actions on the original and on the copy gives the same events;
playing on the copy never changes the original; every container of the state is the copy's
own (the rule set, kernel and wall, which a round never changes, are shared). Both kernels;
plain and Leshan rounds (R13.3 飘, R13.4 摆割 state copied too)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from xzcore.leshan.round import LeshanRound, new_round
from xzcore.money.ledger import Ledger
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet

SHARED = {"rules", "kernel", "wall", "_result"}
"""Attributes a copy shares: never changed once the round is built (the result: once over)."""


def _round(preset: str, seed: int, kernel: ModuleType) -> Round:
    rules = RuleSet.preset(preset)
    d = deal(seed)
    ex = d.exchange_direction if rules.exchange_three else None
    return new_round(rules, d.wall, d.dealer, exchange_direction=ex, kernel=kernel)


def _step(r: Round, rng: random.Random) -> None:
    seat = r.to_act()[0]
    r.apply(rng.choice(r.legal_actions(seat)))


def _state(r: Round) -> tuple[Any, ...]:
    """What a round's play could change, as plain values."""
    return (
        len(r.events), [bytes(h.counts()) for h in r.hands], r.ledger.totals(), len(r.ledger),
        [list(m) for m in r.melds], [list(x) for x in r.rivers], [sorted(p) for p in r.pengs],
        list(r.won), list(r.in_play), list(r.locked), r.pos, r.phase, r.cur,
        dict(r._pending), dict(r._claim_dec), getattr(r, "piao", None),
        getattr(r, "baige", None),
    )  # fmt: skip


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_copy_plays_on_like_the_original(kernel: ModuleType, preset: str) -> None:
    for seed in range(6):
        r = _round(preset, seed, kernel)
        rng = random.Random(seed)
        at = rng.randrange(5, 60)
        while not r.over and at:
            _step(r, rng)
            at -= 1
        c = r.copy()
        assert type(c) is type(r)
        state = rng.getstate()
        while not r.over:
            _step(r, rng)
        rng.setstate(state)
        while not c.over:
            _step(c, rng)
        assert c.events == r.events
        assert c.result().totals == r.result().totals


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playing_on_a_copy_never_changes_the_original(kernel: ModuleType, preset: str) -> None:
    for seed in range(6):
        r = _round(preset, seed, kernel)
        rng = random.Random(100 + seed)
        for _ in range(rng.randrange(5, 70)):
            if r.over:
                break
            _step(r, rng)
        before = _state(r)
        events = [dict(e) for e in r.events]
        c = r.copy()
        while not c.over:  # a different line of play on the copy
            _step(c, random.Random(seed))
        assert _state(r) == before
        assert r.events == events


def test_every_container_of_the_state_is_the_copys_own(kernel: ModuleType) -> None:
    r = _round("leshan", 3, kernel)
    rng = random.Random(3)
    for _ in range(40):
        _step(r, rng)
    c = r.copy()
    assert isinstance(c, LeshanRound)
    for name, value in vars(r).items():
        mine = vars(c)[name]
        if name in SHARED or isinstance(value, (int, str, bool, tuple, type(None))):
            continue
        assert mine is not value, name
        if isinstance(value, list) and value and isinstance(value[0], (list, set)):
            assert all(a is not b for a, b in zip(mine, value, strict=True)), name
        if isinstance(value, dict):
            assert all(mine[k] is not v for k, v in value.items() if isinstance(v, list)), name
    assert isinstance(c.ledger, Ledger) and c.ledger == r.ledger
    assert all(a is not b and a == b for a, b in zip(c.hands, r.hands, strict=True))
    # Its ledger is its own: the bookkeeping R9.6 checks (gang income, totals) included.
    assert c.ledger._income is not r.ledger._income and c.ledger._totals is not r.ledger._totals


def test_a_copy_of_a_finished_round_has_its_result() -> None:
    r = _round("xuezhan", 1, None)  # type: ignore[arg-type]
    rng = random.Random(1)
    while not r.over:
        _step(r, rng)
    c = r.copy()
    assert c.over and c.result() == r.result() and c.to_act() == []
