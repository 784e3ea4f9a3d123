"""CarelessAgent (xzcore.players.careless): each mistake with probability 1 on a hand written
out by hand, and with every probability 0 exactly the efficiency bot."""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import dingque, make_round, run

from xzcore.players.agents import SeatView, play_game
from xzcore.players.careless import CarelessAgent
from xzcore.players.efficiency import EfficientAgent
from xzcore.round.actions import Action
from xzcore.rules import PRESETS, RuleSet
from xzcore.tiles import parse_tile

XUEZHAN = RuleSet.preset("xuezhan")
HANDS = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m55p68p", "123456789m77p68p"]
NEVER = {"keep_void": 0.0, "pass_win": 0.0, "break_ready": 0.0}


def test_pass_win_one_passes_a_discard_win_and_is_locked(kernel: ModuleType) -> None:
    # R7.4: seat 1 (11p 46p, void s) could win on the dealer's 5p; passing it locks it.
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    view = SeatView(r, 1)
    assert view.legal_actions()[0] == Action.parse("hora 5p by 1")
    assert CarelessAgent(1, **{**NEVER, "pass_win": 1.0}).act(view) == Action.parse("none by 1")
    assert CarelessAgent(1, **NEVER).act(view) == Action.parse("hora 5p by 1")
    run(r, "none by 1", "pon 5p by 2")
    assert view.locked == (True, 1)


def test_pass_win_one_declines_a_self_draw_win(kernel: ModuleType) -> None:
    # R5.1/R7.5: the dealer's 14 dealt tiles (11123456789999m, void s) win (天胡); a pass
    # plays on instead — a discard, or the concealed gang of its four 9m (R6.1).
    hands = ["11123456789999m", "1112223334445p", "5556667778889p", "1112223334445s"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "sssm")
    view = SeatView(r, 0)
    legal = view.legal_actions()
    assert legal[0] == Action.parse("hora 9m by 0")
    passed = CarelessAgent(0, **{**NEVER, "pass_win": 1.0}).act(view)
    assert passed in legal[1:]
    assert CarelessAgent(0, **NEVER).act(view) == legal[0]


def test_keep_void_one_declares_the_longest_suit(kernel: ModuleType) -> None:
    # R4.1: seat 1 holds nine m, four p, no s: the keeper voids m (R4.2 then makes it throw
    # m for nine turns); the efficiency bot voids s.
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    view = SeatView(r, 1)
    assert CarelessAgent(1, **{**NEVER, "keep_void": 1.0}).act(view) == Action.parse(
        "dingque m by 1"
    )
    assert EfficientAgent(1).act(view) == Action.parse("dingque s by 1")


def test_keep_void_one_keeps_three_suits_without_declare_void(kernel: ModuleType) -> None:
    # chengdu-classic has no 定缺 (R4.1): the dealer's lone 9s is the efficient discard
    # (123456789m 1234p is ready on 1p/4p); the keeper keeps it (a 花猪 shape, R10.1).
    rules = RuleSet.preset("chengdu-classic")
    hands = ["123456789m1234p9s", "1112223334445s", "5556667778889s", "5556667778889p"]
    r = make_round(rules, hands, kernel=kernel)
    view = SeatView(r, 0)
    assert EfficientAgent(0).act(view) == Action.parse("dahai 9s by 0")
    kept = CarelessAgent(0, **{**NEVER, "keep_void": 1.0}).act(view)
    assert kept[0] == "dahai" and kept.tile != parse_tile("9s")


def test_break_ready_one_throws_a_discard_that_leaves_it_not_ready(kernel: ModuleType) -> None:
    # R7.3: the dealer (44578p 234567789s, void m) is ready after 5p or 8p; the careless
    # bot throws another tile, after which no tile completes the hand.
    hands = ["44578p234567789s", "1112223334445m", "5556667778889m", "1122335566p111s"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "mpms")
    view = SeatView(r, 0)
    assert EfficientAgent(0).act(view) == Action.parse("dahai 5p by 0")
    pick = CarelessAgent(0, **{**NEVER, "break_ready": 1.0}).act(view)
    assert pick[0] == "dahai" and pick.tile not in (parse_tile("5p"), parse_tile("8p"))
    rest = bytearray(view.counts())
    rest[pick.tile] -= 1
    assert kernel.shanten(bytes(rest), 0) > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_careless_with_probability_zero_is_the_efficiency_bot(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for seed in range(3):
        _, a = play_game(rules, seed, [CarelessAgent(4 * seed + s, **NEVER) for s in range(4)])
        _, b = play_game(rules, seed, [EfficientAgent(4 * seed + s) for s in range(4)])
        assert a == b


def test_careless_probabilities_are_checked() -> None:
    with pytest.raises(ValueError, match=r"pass_win: 1\.5 is not a probability"):
        CarelessAgent(0, pass_win=1.5)
    with pytest.raises(ValueError, match="keep_void"):
        CarelessAgent(0, keep_void=True)
