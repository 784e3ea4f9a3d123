"""R11.2 (RULES.md v3): in 血流 R10 applies to every seat that never won, even a lone one, and
"active" in R10 means "never won".

Each scenario is dealt from a hand-built wall under ``xueliu`` (no exchange, no final round):
the dealer throws its one 1s (void s, R4.2) and seats 1, 2 and 3 all win on it (R5.3, each
平胡 ×1, paid by the dealer, R9.1). They stay in play (R11.2); from then on every seat throws
what it draws and passes every claim to the end of the wall, so the dealer is the lone seat
that never won when the wall is empty. What it holds decides what R10 does:

- a 花猪 (R10.1): it pays 2**6 = 64 to each non-花猪 seat of ``huazhu_payees`` — ``all``: the
  three winners; ``active`` (never won): nobody, as it is alone;
- not ready, with gang money (R10.3): it refunds the gang money to the seats that paid it,
  winners all;
- ready (R10.2): it would collect from each never-won seat that is not ready — there is none,
  so nothing moves; not ready, it would pay each ready never-won seat — none either.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, last, make_round, pass_to_end, rotation_draws, run

from xzcore.round.engine import Round
from xzcore.rules import RuleSet

XUELIU = RuleSet.preset("xueliu", exchange_three=False, last_round_win="off")

WINNERS = [
    "123456789p55p23s",  # seat 1, void m: waits 1s/4s
    "234567789p88p23s",  # seat 2, void m: waits 1s/4s
    "678m678m99m23s456s",  # seat 3, void p: waits 1s/4s
]
PIG = "1s2s3s4s111m222m333m4m"  # void s: keeps 2s3s4s when it draws only 条 (a 花猪)
GANGER = "1s1111m2m3m5m6m8m9m1p2p4p"  # void s: gangs 1111m after the wins, not ready
READY = "1s111m222m333m4m123p"  # void s: 111m222m333m4m123p is ready (on 4m, R7.3)


def _triple_win(
    kernel: ModuleType, rules: RuleSet, dealer_hand: str, seat_suit: dict[int, str] | None = None
) -> Round:
    """Deal, declare, the dealer throws 1s and seats 1, 2, 3 win on it. R5.5: play resumes
    with the seat after the last winner, the dealer, so after the wins draw ``i`` is made by
    seat ``i % 4`` while nobody gangs (``rotation_draws`` with dealer 3 lays out that order)."""
    hands = [dealer_hand, *WINNERS]
    r = make_round(rules, hands, rotation_draws(3, hands, {}, seat_suit), kernel=kernel)
    dingque(r, "smmp")
    run(r, "dahai 1s by 0", "hora 1s by 1", "hora 1s by 2", "hora 1s by 3")
    assert [w.seat for w in r.wins] == [1, 2, 3] and all(w.score.capped == 1 for w in r.wins)
    assert r.in_play == [True] * 4 and r.cur == 0  # R11.2: winners stay; R5.5
    assert r.ledger.totals() == [-3, 1, 1, 1]
    return r


def _settlement(r: Round) -> tuple[list[tuple[bool, bool, int | None]], list[tuple]]:
    s = last(r, "settlement")
    seats = [(e["active"], e["huazhu"], e["ready_multiplier"]) for e in s["seats"]]
    return seats, [(t["payer"], t["payee"], t["units"], t["rule"]) for t in s["transfers"]]


@pytest.mark.parametrize(
    ("payees", "transfers", "totals"),
    [
        # R10.1 with "all": every non-花猪 seat, winners included, gets 64 from the 花猪.
        ("all", [(0, 1, 64, "R10.1"), (0, 2, 64, "R10.1"), (0, 3, 64, "R10.1")],
         (-195, 65, 65, 65)),
        # R10.1 with "active" = never won (R11.2): the lone 花猪 has no payee.
        ("active", [], (-3, 1, 1, 1)),
    ],
)  # fmt: skip
def test_r10_1_a_lone_never_won_huazhu_pays_each_payee(
    kernel: ModuleType, payees: str, transfers: list[tuple], totals: tuple[int, ...]
) -> None:
    r = _triple_win(kernel, XUELIU.replace(huazhu_payees=payees), PIG, seat_suit={0: "s"})
    pass_to_end(r)
    res = r.result()
    assert res.reason == "wall_empty"
    assert list(r.hands[0].counts()[19:22]) == [1, 1, 1]  # still 2s3s4s: a 花猪 (R10.1)
    seats, got = _settlement(r)
    assert seats == [(True, True, None)] + [(False, False, None)] * 3
    assert got == transfers
    assert res.totals == totals


@pytest.mark.parametrize(
    ("refund", "transfers", "totals"),
    [
        # R10.3: the lone unready seat gives each payer back its 2, winners included.
        (True, [(0, 1, 2, "R10.3"), (0, 2, 2, "R10.3"), (0, 3, 2, "R10.3")], (-3, 1, 1, 1)),
        (False, [], (3, -1, -1, -1)),  # refund_gang_money off: it keeps the 6
    ],
)
def test_r10_3_a_lone_never_won_unready_seat_refunds_its_gang_money(
    kernel: ModuleType, refund: bool, transfers: list[tuple], totals: tuple[int, ...]
) -> None:
    r = _triple_win(kernel, XUELIU.replace(refund_gang_money=refund), GANGER)
    # The dealer draws, gangs its four 1m (R6.2 in 血流: all three others pay 2), draws the
    # replacement and throws it: nobody wins on it, so there is no 呼叫转移 (R9.5).
    run(r, "ankan 1m by 0")
    assert r.ledger.totals() == [3, -1, -1, -1]
    assert r.ledger.unspent_gang_income(0) == 6
    pass_to_end(r)
    res = r.result()
    seats, got = _settlement(r)
    assert seats == [(True, False, None)] + [(False, False, None)] * 3  # not ready, no 条
    assert got == transfers  # and nothing for R10.2: there is no ready never-won seat
    assert res.totals == totals


def test_r10_2_a_lone_never_won_ready_seat_collects_from_nobody(kernel: ModuleType) -> None:
    r = _triple_win(kernel, XUELIU, READY)
    pass_to_end(r)
    res = r.result()
    seats, got = _settlement(r)
    # Ready (R7.3) and never won: R10.2 pays it from each never-won seat that is not ready;
    # the winners are not "active" in 血流 (R11.2) and pay nothing, so nothing moves.
    assert seats[0][:2] == (True, False) and seats[0][2] is not None
    assert seats[1:] == [(False, False, None)] * 3
    assert got == []
    assert res.totals == (-3, 1, 1, 1)


def test_r11_2_no_settlement_when_every_seat_has_won(kernel: ModuleType) -> None:
    # The dealer wins too (a 4m self-draw on its ready hand): no seat never won, so R10 has
    # nobody to settle and the round ends without a settlement event.
    r = _triple_win(kernel, XUELIU, READY)
    while not r.over:
        for s in r.to_act():
            legal = r.legal_actions(s)
            win = [a for a in legal if a.word == "hora" and s == 0 and not r.won[0]]
            none = [a for a in legal if a.word == "none"]
            if win:
                r.play(win[0])
            elif none:
                r.play(none[0])
            else:
                r.play(next(a for a in legal if a.word == "dahai" and a.tile == r.drawn))
    assert all(r.won) and r.result().reason == "wall_empty"
    assert not any(e["type"] == "settlement" for e in r.events)
    assert not any(t.rule.startswith("R10") for t in r.ledger)
