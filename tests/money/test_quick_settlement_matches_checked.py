"""Differential tests for the money side's quick paths (R9.1, R9.6, R10): each quick path gives
exactly what the checked path gives, or declines and changes nothing.

- ``pay_win`` on a discard with valid seats and score (the engine's call) against the same
  call through the checked path (``payers`` as an empty *list* never takes the quick path);
- ``Ledger.check`` (which asks ``_sound_since`` first) against ``problems`` of a fresh ledger;
- ``settle_engine_ends`` against ``end_of_round`` with ``SeatEnd`` values;
- ``pay_gang``'s seat checks at a glance against the checks they stand for;
- ``RoundResult._trusted`` against the dataclass constructor.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from settlement_helpers import FakeScore

from xzcore.money.ledger import Ledger, LedgerError, Transfer
from xzcore.money.settlement import (
    SeatEnd,
    SettlementError,
    end_of_round,
    pay_gang,
    pay_win,
    settle_engine_ends,
)
from xzcore.round.base import RoundResult
from xzcore.rules import HuazhuPayees, LastRoundWin, RuleSet
from xzcore.tiles import MeldKind

XZ = RuleSet.preset("xuezhan")  # cap_fan 6: 64 is the largest multiplier


def _outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", fn()
    except Exception as exc:  # the exact type and message are compared
        return type(exc).__name__, str(exc)


def _state(led: Ledger) -> tuple[Any, ...]:
    return (led.transfers, led.totals(), led.gang_income(), led._checked)


seats = st.sampled_from([0, 1, 2, 3, -1, 4, True, False, 1.0, None, "1"])
multipliers = st.sampled_from([1, 2, 8, 64, 65, 128, 0, -1, True, 2.0, None])
specials = st.sampled_from([None, "tianhu", "dihu", "other", 0])


class _NoCapped:
    special = None


# -- pay_win on a discard (R9.1) -----------------------------------------------------------------


@given(seats, seats, multipliers, specials, st.booleans())
def test_discard_win_as_the_checked_path(
    winner: Any, discarder: Any, capped: Any, special: Any, scored: bool
) -> None:
    score: Any = FakeScore(capped, special) if scored else _NoCapped()
    quick, checked = Ledger(), Ledger()
    got = _outcome(lambda: pay_win(quick, XZ, winner, score, discarder=discarder))
    want = _outcome(lambda: pay_win(checked, XZ, winner, score, discarder=discarder, payers=[]))
    assert got == want
    assert _state(quick) == _state(checked)


def test_the_quick_path_is_taken_and_pays_the_capped_multiplier() -> None:
    led = Ledger()
    (t,) = pay_win(led, XZ, 1, FakeScore(8), discarder=3)
    assert (t.payer, t.payee, t.units, t.reason, t.rule, t.detail, t.turn) == (
        3,
        1,
        8,
        "win_discard",
        "R9.1",
        "×8",
        None,
    )
    assert t == Transfer(3, 1, 8, "win_discard", "R9.1", "×8")
    assert led.totals() == [0, 8, 0, -8]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"discarder": 2, "payers": (0,)}, "paid by the discarder alone"),
        ({"discarder": 1}, "cannot pay itself"),
        ({"discarder": None, "robbed": True}, "needs the robbed seat"),
    ],
)
def test_other_calls_keep_their_refusals(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        pay_win(Ledger(), XZ, 1, FakeScore(2), **kwargs)


# -- the ledger's check (R9.6) -------------------------------------------------------------------

_REASONS = ["win_discard", "gang_direct", "gang_added", "call_transfer", "call_transfer_all"]

transfers = st.builds(
    Transfer,
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(-2, 6),
    st.sampled_from(_REASONS),
    st.just("R9.1"),
    st.just(""),
    st.one_of(st.none(), st.integers(1, 3)),
)


@given(st.lists(st.lists(transfers, max_size=4), max_size=5))
def test_check_raises_exactly_when_problems_finds_something(batches: list[list[Transfer]]) -> None:
    led = Ledger()
    for batch in batches:
        for t in batch:
            led.add(t)
        fresh = Ledger(led.transfers)
        want = fresh.problems()
        got = _outcome(led.check)
        if want:
            assert got == ("LedgerError", "ledger breaks R9.6: " + "; ".join(want))
        else:
            assert got == ("ok", None)
        assert led.problems() == want  # the once-only bookkeeping stays right


def test_check_with_expected_totals_still_compares_them() -> None:
    led = Ledger([Transfer(1, 0, 2, "win_discard", "R9.1")])
    led.check()
    with pytest.raises(LedgerError, match="differ from the expected"):
        led.check([0, 0, 0, 0])


# -- the end of the round (R10) ------------------------------------------------------------------

ends = st.tuples(
    st.sampled_from([0, 1, 2, 3, 5, True]),
    st.sampled_from([True, False, 1]),
    st.sampled_from([False, True, 0]),
    st.sampled_from([None, 1, 4, 64, 65, 0, True]),
    st.sampled_from([False, True]),
)


def _ledger_with_gangs() -> Ledger:
    led = Ledger()
    pay_gang(led, XZ, 1, MeldKind.ANGANG, payers=(0, 2, 3), turn=4)
    pay_gang(led, XZ, 2, MeldKind.GANG, discarder=0, turn=7)
    return led


@given(
    st.lists(ends, min_size=3, max_size=5),
    st.sampled_from([LastRoundWin.OFF, LastRoundWin.FORFEIT]),
    st.booleans(),
)
def test_engine_ends_settle_as_seat_ends(
    facts: list[tuple[Any, ...]], last: LastRoundWin, in_order: bool
) -> None:
    rules = XZ.replace(last_round_win=last)
    if in_order:
        facts = [(s, *f[1:]) for s, f in enumerate(facts)]
    quick, checked = _ledger_with_gangs(), _ledger_with_gangs()
    before = _state(quick)
    got = settle_engine_ends(quick, rules, facts)
    if got is None:
        assert _state(quick) == before  # declined: nothing changed
        return
    want = end_of_round(checked, rules, [SeatEnd(*f) for f in facts])
    assert got == want
    assert _state(quick) == _state(checked)


def _end_of_round_as_before(ledger: Ledger, rules: RuleSet, ends: list[SeatEnd]) -> list[Any]:
    """R10.1–R10.3 as ``end_of_round`` wrote them over ``SeatEnd`` values before the engine's
    tuples (the oracle; valid seats in seat order)."""
    out: list[Transfer] = []
    active = [e for e in ends if e.active]
    if len(active) < 2 and not rules.xueliu:  # 血战: R10 header, R10.4; 血流: R11.2
        return out
    pigs = [e.seat for e in active if e.huazhu]
    if pigs:
        if rules.huazhu_payees is HuazhuPayees.ACTIVE:
            payees = [e.seat for e in active if not e.huazhu]
        else:
            payees = [e.seat for e in ends if not e.huazhu]
        units = rules.huazhu_units
        what = f"花猪 pays {units} to each non-花猪 seat ({rules.huazhu_payees.value})"
        for pig in pigs:
            for p in payees:
                out.append(ledger.add(Transfer(pig, p, units, "huazhu", "R10.1", what)))
    ready = [e for e in active if e.ready]
    for e in active:
        if e.ready or (e.huazhu and not rules.huazhu_pays_chajiao):
            continue
        for r in ready:
            if r.forfeited:
                continue
            m = r.ready_multiplier
            assert m is not None
            detail = f"seat {r.seat} ready for ×{m} ({rules.chajiao.value})"
            out.append(ledger.add(Transfer(e.seat, r.seat, m, "chajiao", "R10.2", detail)))
    if rules.refund_gang_money:
        for e in active:
            if e.ready:
                continue
            owed: dict[int, int] = {}
            turns: dict[int, list[str]] = {}
            for g in ledger.gang_income(e.seat):
                if g.unspent:
                    owed[g.payer] = owed.get(g.payer, 0) + g.unspent
                    turns.setdefault(g.payer, []).append(str(g.turn))
            for payer in sorted(owed):
                detail = f"gang money not handed on (turn {', '.join(turns[payer])})"
                t = Transfer(e.seat, payer, owed[payer], "refund", "R10.3", detail)
                out.append(ledger.add(t))
    return out


valid_ends = st.tuples(
    st.booleans(),  # active
    st.booleans(),  # huazhu
    st.sampled_from([None, None, 1, 2, 8, 64]),
    st.booleans(),  # forfeited
).map(
    lambda f: (f[0] or f[1] or f[2] is not None, f[1], None if f[1] else f[2], f[3])
)  # a 花猪 or a ready seat is active; a 花猪 is not ready (what SeatEnd accepts)


@given(
    st.lists(valid_ends, min_size=4, max_size=4),
    st.sampled_from([LastRoundWin.OFF, LastRoundWin.FORFEIT]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_valid_engine_ends_are_settled_here(
    facts: list[tuple[bool, bool, int | None, bool]],
    last: LastRoundWin,
    pig_pays: bool,
    refund: bool,
    xueliu: bool,
) -> None:
    rules = XZ.replace(
        last_round_win=last, huazhu_pays_chajiao=pig_pays, refund_gang_money=refund, xueliu=xueliu
    )
    ends = [
        (s, a, h, m, f and last is LastRoundWin.FORFEIT) for s, (a, h, m, f) in enumerate(facts)
    ]
    quick, checked = _ledger_with_gangs(), _ledger_with_gangs()
    got = settle_engine_ends(quick, rules, ends)
    assert got is not None  # every fact here is one SeatEnd accepts
    assert got == end_of_round(checked, rules, [SeatEnd(*e) for e in ends])
    assert _state(quick) == _state(checked)
    before = _ledger_with_gangs()
    assert got == _end_of_round_as_before(before, rules, [SeatEnd(*e) for e in ends])
    assert _state(quick) == _state(before)


def test_engine_ends_take_the_usual_round_end() -> None:
    facts = [(0, True, False, None, False), (1, True, False, 4, False)]
    facts += [(2, False, False, None, False), (3, True, True, None, False)]
    led = _ledger_with_gangs()
    got = settle_engine_ends(led, XZ, facts)
    assert got is not None
    # R10.1: the 花猪 pays the other active seats; R10.2: seat 0 pays the ready seat 1 (the
    # 花猪 does not, huazhu_pays_chajiao is off); R10.3: no refund (seat 1 is ready).
    assert [(t.payer, t.payee, t.units, t.reason) for t in got] == [
        (3, 0, XZ.huazhu_units, "huazhu"),
        (3, 1, XZ.huazhu_units, "huazhu"),
        (0, 1, 4, "chajiao"),
    ]
    assert got == end_of_round(_ledger_with_gangs(), XZ, [SeatEnd(*f) for f in facts])


# -- gang money (R6.2) ---------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 4, True, 1.5, None])
def test_gang_seat_refusals_are_the_seat_checks(seat: Any) -> None:
    with pytest.raises(SettlementError, match="ganger: bad seat"):
        pay_gang(Ledger(), XZ, seat, MeldKind.GANG, discarder=1, turn=1)
    refusal = "needs its discarder" if seat is None else "discarder: bad seat"
    with pytest.raises(SettlementError, match=refusal):
        pay_gang(Ledger(), XZ, 0, MeldKind.GANG, discarder=seat, turn=1)


def test_gang_discarder_cannot_be_the_ganger() -> None:
    with pytest.raises(SettlementError, match="cannot pay itself"):
        pay_gang(Ledger(), XZ, 2, MeldKind.GANG, discarder=2, turn=1)


@pytest.mark.parametrize("turn", [True, 1.0, None, "3"])
def test_gang_turn_must_be_an_int(turn: Any) -> None:
    with pytest.raises(SettlementError, match="is not an integer"):
        pay_gang(Ledger(), XZ, 0, MeldKind.GANG, discarder=1, turn=turn)


def test_int_subclass_seats_still_count() -> None:
    class Seat(int):
        pass

    led = Ledger()
    (t,) = pay_gang(led, XZ, Seat(0), MeldKind.GANG, discarder=Seat(1), turn=Seat(2))
    assert (t.payer, t.payee, t.units, t.turn) == (1, 0, XZ.gang_direct_units, 2)


# -- the round's result ------------------------------------------------------------------------


def test_trusted_round_result_is_the_constructed_one() -> None:
    led = _ledger_with_gangs()
    args = ((), led, tuple(led.totals()), 2, "wall_empty", 1)
    a, b = RoundResult(*args), RoundResult._trusted(*args)
    assert a == b and repr(a) == repr(b)
    assert list(vars(a).items()) == list(vars(b).items())
    assert copy.copy(b) == a
    with pytest.raises(AttributeError):
        b.reason = "three_won"  # type: ignore[misc]  # frozen like the constructed one
