"""Properties of settlement over random rounds (hypothesis): R9.6 conservation and bookkeeping.

A small simulator plays a random sequence of settlement events as a round engine would call
them — gangs, wins of every kind (with 呼叫转移 after a 杠上炮), then the end of round — under
random rule options, with seats leaving play as they win (血战) or staying (血流, R11.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import event, given
from hypothesis import strategies as st
from settlement_helpers import FakeScore

from xzcore.money.ledger import Ledger
from xzcore.money.settlement import SeatEnd, call_transfer, end_of_round, pay_gang, pay_win
from xzcore.rules import RuleSet
from xzcore.tiles import MeldKind

# Options are drawn with the usual value first: hypothesis leans on the first value.
rule_sets = st.builds(
    lambda *a: RuleSet.preset("xuezhan").replace(**dict(a)),
    *(
        st.tuples(st.just(name), values)
        for name, values in {
            "zimo_bonus": st.sampled_from(["base", "double", "none"]),
            "qianggang_payer": st.sampled_from(["robbed", "all"]),
            "dianganghua": st.sampled_from(["discarder", "all"]),
            "call_transfer": st.sampled_from(["last_gang", "all_gangs_first", "none"]),
            "late_added_gang_pays": st.sampled_from([True, False]),
            "huazhu_payees": st.sampled_from(["active", "all"]),
            "huazhu_pays_chajiao": st.booleans(),
            "refund_gang_money": st.sampled_from([True, False]),
            "last_round_win": st.sampled_from(["forced", "forfeit"]),
            "cap_fan": st.sampled_from([None, 3, 6]),
            "xueliu": st.booleans(),
            "gang_direct_units": st.sampled_from([2, 1, 3, 0]),
            "gang_added_units": st.sampled_from([2, 1, 3, 0]),
            "gang_concealed_units": st.sampled_from([2, 1, 3, 0]),
        }.items()
    ),
)


@dataclass
class Table:
    """What the simulator knows: who has won, the turn counter, the ledger."""

    rules: RuleSet
    won: set[int] = field(default_factory=set)
    turn: int = 0
    ledger: Ledger = field(default_factory=Ledger)

    def in_play(self) -> list[int]:
        if self.rules.xueliu:
            return [0, 1, 2, 3]
        return [s for s in range(4) if s not in self.won]

    def others(self, seat: int) -> list[int]:
        return [s for s in self.in_play() if s != seat]


def _score(draw: st.DrawFn, rules: RuleSet) -> FakeScore:
    top = 12 if rules.cap_fan is None else rules.cap_fan
    capped = 2 ** draw(st.integers(0, top))
    special = draw(st.sampled_from([None, None, "tianhu", "dihu"])) if capped == 32 else None
    return FakeScore(capped, special)


def _play_one(draw: st.DrawFn, t: Table) -> None:
    seats = t.in_play()
    ops = ["gang", "gang", "gang_pao", "discard_win", "self_draw", "robbed", "dgh"]
    op = draw(st.sampled_from(ops))
    if draw(st.booleans()):
        t.turn += 1  # otherwise this event happens in the same turn (consecutive gangs)
    actor = draw(st.sampled_from(seats))
    others = t.others(actor)
    if op == "gang_pao":
        # One or two gangs in this turn, then 杠上炮 on the discard after the replacement draw.
        for _ in range(draw(st.integers(1, 2))):
            kind = draw(st.sampled_from([MeldKind.BUGANG, MeldKind.ANGANG]))
            pay_gang(t.ledger, t.rules, actor, kind, payers=others, turn=t.turn)
    elif op == "gang":
        kind = draw(st.sampled_from([MeldKind.GANG, MeldKind.BUGANG, MeldKind.ANGANG]))
        if kind is MeldKind.GANG:
            pay_gang(t.ledger, t.rules, actor, kind, discarder=draw(st.sampled_from(others)),
                     turn=t.turn)  # fmt: skip
        else:
            pay_gang(t.ledger, t.rules, actor, kind, payers=others, turn=t.turn,
                     late=draw(st.booleans()))  # fmt: skip
        return
    if op in ("discard_win", "gang_pao"):
        # ``actor`` discards; some of the others win on it (multi_ron), in play order.
        winners = draw(st.lists(st.sampled_from(others), min_size=1, unique=True))
        winners.sort(key=lambda w: (w - actor) % 4)
        if not t.rules.xueliu:
            winners = winners[: 3 - len(t.won)]
        for w in winners:
            pay_win(t.ledger, t.rules, w, _score(draw, t.rules), discarder=actor)
        if op == "gang_pao" or draw(st.booleans()):  # without a gang this turn: no money
            call_transfer(t.ledger, t.rules, actor, winners, turn=t.turn)
        t.won.update(winners)
        t.turn += 1  # a discard ends the turn
        return
    kwargs: dict = {"payers": others}
    if op == "robbed":
        kwargs.update(robbed=True, discarder=draw(st.sampled_from(others)))
    elif op == "dgh":
        kwargs.update(dianganghua_discarder=draw(st.sampled_from(others)))
    pay_win(t.ledger, t.rules, actor, _score(draw, t.rules), **kwargs)
    t.won.add(actor)


def _end_states(draw: st.DrawFn, t: Table) -> list[SeatEnd]:
    ends = []
    cap = 2 ** (t.rules.cap_fan if t.rules.cap_fan is not None else 12)
    forfeit_ok = t.rules.last_round_win.value == "forfeit"
    for s in range(4):
        if s in t.won:
            ends.append(SeatEnd(s, active=False))
            continue
        state = draw(st.sampled_from(["not_ready", "ready", "pig", "not_ready"]))
        if state == "pig":
            ends.append(SeatEnd(s, active=True, huazhu=True))
        elif state == "ready":
            m = draw(st.integers(1, cap))
            ends.append(SeatEnd(s, True, False, m, forfeited=forfeit_ok and draw(st.booleans())))
        else:
            ends.append(SeatEnd(s, active=True))
    return ends


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Table, list[SeatEnd]]:
    t = Table(draw(rule_sets))
    for _ in range(draw(st.integers(2, 14))):
        if len(t.in_play()) < 2:
            break
        _play_one(draw, t)
    return t, _end_states(draw, t)


@given(rounds())
def test_money_is_conserved_and_the_bookkeeping_replays(case: tuple[Table, list[SeatEnd]]) -> None:
    t, ends = case
    led = t.ledger
    before = led.totals()
    unspent_before = {e.seat: led.unspent_gang_income(e.seat) for e in ends}
    added = end_of_round(led, t.rules, ends)

    # R9.6: every transfer moves a positive amount between two seats, the totals sum to 0.
    assert led.problems() == []
    assert sum(led.totals()) == 0
    assert all(x.units > 0 and x.payer != x.payee for x in led)
    event(f"refunds: {any(x.reason == 'refund' for x in added)}")
    event(f"call transfers: {any(x.reason.startswith('call_') for x in led)}")
    # end_of_round appends: what it returns is the tail of the ledger, in order.
    assert led.transfers[len(led) - len(added) :] == tuple(added)
    assert (
        len(led.transfers) - len(added) >= 0
        and before == Ledger(led.transfers[: len(led) - len(added)]).totals()
    )

    # Gang income is booked once per gang payment and never over-spent (R9.5, R10.3).
    gang_units = sum(x.units for x in led if x.reason.startswith("gang_"))
    assert sum(g.units for g in led.gang_income()) == gang_units
    assert all(0 <= g.handed_on + g.refunded <= g.units for g in led.gang_income())

    # R10.3: exactly the unspent income of the active non-ready seats goes back.
    refunds = [x for x in added if x.reason == "refund"]
    active = [e for e in ends if e.active]
    # R10 runs with two or more active seats in 血战; in 血流 over every never-won seat,
    # however many (R11.2).
    if t.rules.refund_gang_money and (len(active) >= 2 or t.rules.xueliu):
        owed = sum(unspent_before[e.seat] for e in active if not e.ready)
        assert sum(x.units for x in refunds) == owed
        assert all(led.unspent_gang_income(e.seat) == 0 for e in active if not e.ready)
    else:
        assert refunds == []

    # A log round-trip rebuilds the same transfers and bookkeeping.
    back = Ledger.from_list(led.to_list())
    assert back == led
    assert back.gang_income() == led.gang_income()


@given(rounds())
def test_r10_transfers_follow_the_seat_states(case: tuple[Table, list[SeatEnd]]) -> None:
    t, ends = case
    added = end_of_round(t.ledger, t.rules, ends)
    by_seat = {e.seat: e for e in ends}
    n_active = sum(e.active for e in ends)
    if n_active == 0 or (n_active < 2 and not t.rules.xueliu):
        assert added == []  # R10 / R10.4 in 血战; in 血流 nobody never won (R11.2)
        return
    order = {"huazhu": 0, "chajiao": 1, "refund": 2}
    assert [order[x.reason] for x in added] == sorted(order[x.reason] for x in added)
    for x in added:
        payer, payee = by_seat[x.payer], by_seat[x.payee]
        if x.reason == "huazhu":  # R10.1
            assert payer.huazhu and not payee.huazhu
            assert x.units == t.rules.huazhu_units
            if t.rules.huazhu_payees.value == "active":
                assert payee.active
        elif x.reason == "chajiao":  # R10.2
            assert payer.active and not payer.ready
            assert t.rules.huazhu_pays_chajiao or not payer.huazhu
            assert payee.ready and not payee.forfeited
            assert x.units == payee.ready_multiplier
        else:  # R10.3
            assert payer.active and not payer.ready
