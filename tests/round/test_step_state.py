"""The round's step state (docs/internals.md): what the audit's quiet steps read of a round
and hand back."""

from __future__ import annotations

import copy
from typing import Any

from xzcore.round.base import StepState
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet


def _mid_game() -> Round:
    d = deal(3)
    r = Round(RuleSet(), d.wall, d.dealer)
    while len(r.events) < 40:
        [seat] = r.to_act()[:1]
        r.apply(r.legal_actions(seat)[-1])
    return r


def _snapshot(r: Round) -> dict[str, Any]:
    """The round's attributes, containers copied (the hands by their counts)."""
    out = {k: copy.copy(v) if isinstance(v, list | dict | set) else v for k, v in vars(r).items()}
    out["hands"] = [h.counts() for h in r.hands]
    return out


def test_the_step_state_holds_the_rounds_own_values_and_containers() -> None:
    r = _mid_game()
    st = r._step_state()
    assert type(st) is StepState
    assert (st.phase, st.cur, st.pos, st.drawn, st.must_discard, st.pending) == (
        r.phase,
        r.cur,
        r.pos,
        r.drawn,
        r._must_discard,
        r._pending,
    )
    for name in ("events", "hands", "won", "in_play", "voids", "rivers", "melds", "pengs"):
        assert getattr(st, name) is getattr(r, name)  # the lists themselves


def test_resume_with_the_state_read_changes_nothing() -> None:
    r = _mid_game()
    before = _snapshot(r)
    r._resume(tuple(r._step_state()[:12]), None)
    assert _snapshot(r) == before


def test_resume_takes_back_the_twelve_and_a_window() -> None:
    r = _mid_game()
    st = r._step_state()
    changed = (st.phase, 2, st.pos, -1, st.turn_no + 1, True, False, True, True, 3, 5, {})
    r._resume(changed, (7, 1, True, False, {}, {2: []}))
    assert tuple(r._step_state()[:12]) == changed
    assert (r._claim_tile, r._claim_from, r._claim_first, r._claim_after_gang) == (
        7,
        1,
        True,
        False,
    )
    assert (r._claim_dec, r._claim_opts, r._robbing, r._claim_scores) == ({}, {2: []}, False, {})


def test_the_step_values_are_the_step_states_fields_as_a_plain_tuple() -> None:
    r = _mid_game()
    values = r._step_values()
    st = r._step_state()
    assert type(values) is tuple and len(values) == len(StepState._fields)
    assert all(v is f for v, f in zip(values, st, strict=True))  # the same objects


def test_the_view_values_are_the_fields_the_planes_read_in_their_order() -> None:
    r = _mid_game()
    values = r._view_values()
    fields = (
        r.events, r.pos, r.final, r.phase, r.cur, r.drawn, r.locked, r.lock_value,
        r._claim_from, r._claim_tile,
    )  # fmt: skip
    assert type(values) is tuple and len(values) == len(fields)
    assert all(v is f for v, f in zip(values, fields, strict=True))  # the same objects
