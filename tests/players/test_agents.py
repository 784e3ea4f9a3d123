"""Agents: what a seat may see (SeatView) and the two bots' choices, on hand-built walls."""

from __future__ import annotations

from types import ModuleType

from round_helpers import dingque, make_round, run

from xzcore.players.agents import (
    GreedyAgent,
    RandomAgent,
    SeatView,
    greedy_chooser,
    play_game,
    play_round,
    random_chooser,
)
from xzcore.round.actions import Action
from xzcore.round.engine import Phase, Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.tiles import parse_counts

XUEZHAN = RuleSet.preset("xuezhan")
HANDS = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m55p68p", "123456789m77p68p"]


def test_seat_view_shows_own_tiles_and_public_state_only(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    v1 = SeatView(r, 1)
    assert v1.counts() == parse_counts(HANDS[1])
    assert v1.phase is Phase.DINGQUE and v1.wall_left == 55 and v1.dealer == 0
    evs = v1.events()
    assert "wall" not in evs[0] and "tehais" not in evs[0]  # nobody sees the wall or hands
    assert "wall" in r.events[0]  # the round's own stream is untouched
    dingque(r, "msss")
    assert v1.voids() == [0, 2, 2, 2]
    assert SeatView(r, 0).drawn == 22 and v1.drawn == -1  # the dealer's 14th tile, 5s
    run(r, "dahai 5p by 0")
    assert v1.offer() == (13, 0) and SeatView(r, 2).offer() == (13, 0)
    assert [str(a) for a in v1.legal_actions()] == ["hora 5p by 1", "none by 1"]
    assert v1.discards(0) == (13,) and v1.hand_size(0) == 13
    run(r, "none by 1", "pon 5p by 2")
    assert v1.melds(2)[0].kind.value == "peng" and v1.discards(0) == ()
    assert v1.locked == (True, 1)  # R7.4: it passed a ×1 win
    assert v1.offer() is None and v1.current == 2


def test_seat_view_hides_other_seats_exchange_tiles(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xueliu")
    d = deal(5)
    r = Round(rules, d.wall, d.dealer, exchange_direction=2, kernel=kernel)
    for s in range(4):
        r.apply(GreedyAgent(s).act(SeatView(r, s)))
    seen = [e for e in SeatView(r, 0).events() if e["type"] == "exchange"]
    assert [("pai" in e) for e in seen] == [True, False, False, False]


def test_random_agent_is_reproducible_and_legal(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xueliu")
    a = play_game(rules, 9, [RandomAgent(s) for s in range(4)], kernel=kernel)
    b = play_game(rules, 9, [RandomAgent(s) for s in range(4)], kernel=kernel)
    assert a[1] == b[1]
    c = play_game(rules, 9, [RandomAgent(s + 10) for s in range(4)], kernel=kernel)
    assert c[1] != a[1]
    # Checked play: every random choice is legal.
    d = deal(9)
    r = Round(rules, d.wall, d.dealer, exchange_direction=d.exchange_direction, kernel=kernel)
    agents = [RandomAgent(s, take_wins=False) for s in range(4)]
    while not r.over:
        for s in r.to_act():
            r.play(agents[s].act(SeatView(r, s)))


def test_random_agent_takes_wins(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    assert RandomAgent(1).act(SeatView(r, 1)) == Action.parse("hora 5p by 1")


def test_greedy_declares_the_shortest_suit(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    # Seat 1 holds 9 m, 4 p, no s; seat 0 holds 1 p, no m.
    assert str(GreedyAgent(1).act(SeatView(r, 1))) == "dingque s by 1"
    assert str(GreedyAgent(0).act(SeatView(r, 0))) == "dingque m by 0"


def test_greedy_exchange_gives_its_shortest_suit_of_three(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xueliu")
    hands = ["11123m22456p3789s", "44456m55789p123s", "77789m12388p456s", "23456789m12345p"]
    r = make_round(rules, hands, kernel=kernel, direction=1)
    a = GreedyAgent(3).act(SeatView(r, 3))  # 8 m, 5 p, no s: gives three p
    assert a.word == "exchange" and {k // 9 for k in a.tiles} == {1}
    b = GreedyAgent(0).act(SeatView(r, 0))  # 5 m, 5 p, 4 s: gives three s
    assert {k // 9 for k in b.tiles} == {2}


def test_greedy_discards_to_lower_shanten_and_wins(kernel: ModuleType) -> None:
    # Dealer 0 (void m) holds 123p 456p 789p 11s 45s + 9s: discarding the lone 9s leaves it
    # ready (shanten 0) on 3s/6s; any other discard is worse.
    hands = ["123456789p11s45s9s", "123456789m33p68p", "123456789m22p68p", "123456789m77p68p"]
    r = make_round(XUEZHAN, hands, "6s", kernel=kernel)
    dingque(r, "msss")
    assert str(GreedyAgent(0).act(SeatView(r, 0))) == "dahai 9s by 0"


def test_greedy_pengs_only_when_it_helps(kernel: ModuleType) -> None:
    hands = ["5p111s222s333s444s5s", "123456789m11p55p", "123m456m789m2p4p6p8p", "123456789m77p68p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    # Seat 1 (123456789m 11p 55p) is ready on 1p/5p: it wins.
    assert str(GreedyAgent(1).act(SeatView(r, 1))) == "hora 5p by 1"


def test_greedy_pon_decision(kernel: ModuleType) -> None:
    # Seat 2 holds two pairs (99m, 55p) and four two-tile shapes: shanten 8 - 4 - 1 = 3.
    # After a peng of 5p and discarding 8m: one set, pair 99m, three shapes: 8 - 2 - 3 - 1 = 2.
    # The peng helps. Seat 3 wins on 5p.
    hands = ["5p111s222s333s444s5s", "123456789m11p68p", "1399m468m55p1379p", "123456789m77p46p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [2, 3]
    assert str(GreedyAgent(3).act(SeatView(r, 3))) == "hora 5p by 3"
    assert str(GreedyAgent(2).act(SeatView(r, 2))) == "pon 5p by 2"


def test_greedy_skips_a_useless_pon(kernel: ModuleType) -> None:
    # Seat 2 (123m 456m 789m 55p 68p) is ready on 7p; a peng of 5p would leave 68p + pair
    # needs: not lower. It passes.
    hands = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m55p68p", "123456789m77p99p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    assert str(GreedyAgent(2).act(SeatView(r, 2))) == "none by 2"


def test_choosers_for_recording(kernel: ModuleType) -> None:
    d = deal(2)
    r = Round(XUEZHAN, d.wall, d.dealer, kernel=kernel)
    g, rnd = greedy_chooser(1), random_chooser(1)
    while not r.over:
        for s in r.to_act():
            legal = r.legal_actions(s)
            a = (g if s % 2 else rnd)(r, s, legal)
            assert a in legal
            r.apply(a)
    assert sum(r.result().totals) == 0


def test_play_round_returns_the_result(kernel: ModuleType) -> None:
    d = deal(8)
    r = Round(XUEZHAN, d.wall, d.dealer, kernel=kernel)
    res = play_round(r, [GreedyAgent(s) for s in range(4)])
    assert res is r.result() and res.reason in ("three_won", "wall_empty")
