"""EfficientAgent's decisions (xzcore.players.efficiency) on hands written out by hand, with
the 有效牌 (ukeire) counted by hand, and SeatView.seen, the tiles they are counted from."""

from __future__ import annotations

from types import ModuleType

from round_helpers import dingque, make_round, run

from xzcore.players.agents import GreedyAgent, SeatView
from xzcore.players.efficiency import EfficientAgent, ready_worth, ukeire, useful_kinds
from xzcore.round.actions import Action
from xzcore.rules import RuleSet
from xzcore.tiles import parse_counts, parse_tile

XUEZHAN = RuleSet.preset("xuezhan")

# Dealer (seat 0): 44578p 234567789s, void m. Discarding 5p or 8p both leave it ready
# (shanten 0, R7.3); nothing else does. Both are 平胡 (×1), so their worth is their 有效牌:
#   - without 5p: 44p 78p + 234s 567s 789s waits on 6p and 9p: 4 + 4 = 8 unseen tiles;
#   - without 8p: 44p 57p + the same sets waits on 6p only: 4 unseen tiles.
READY_CHOICE = [
    "44578p234567789s",
    "1112223334445m",
    "5556667778889m",
    "1122335566p111s",
]


def test_useful_kinds_and_ukeire_counted_by_hand(kernel: ModuleType) -> None:
    after_5p = parse_counts("4478p234567789s")
    after_8p = parse_counts("4457p234567789s")
    unseen = [4 - n for n in parse_counts("44578p234567789s")]  # only its own hand seen
    assert useful_kinds(kernel, after_5p, 0) == [parse_tile("6p"), parse_tile("9p")]
    assert useful_kinds(kernel, after_8p, 0) == [parse_tile("6p")]
    assert ukeire(kernel, after_5p, 0, unseen) == 8
    assert ukeire(kernel, after_8p, 0, unseen) == 4


def test_efficient_discards_for_more_ukeire_where_greedy_does_not(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, READY_CHOICE, kernel=kernel)
    dingque(r, "mpms")
    view = SeatView(r, 0)
    assert view.on_turn
    after = kernel.shanten_discards(view.counts(), view.void)
    assert after[parse_tile("5p")] == after[parse_tile("8p")] == 0  # equal shanten
    assert EfficientAgent(0).act(view) == Action.parse("dahai 5p by 0")  # 8 tiles, not 4
    assert GreedyAgent(0).act(view) == Action.parse("dahai 8p by 0")  # the isolated-tile rule


# Seat 2 draws 1s into 34566p134567889s (void m). Discarding 1s leaves 345p 66p 345s 678s 89s
# waiting on 7s; discarding 8s leaves 345p 66p 13s 456s 789s waiting on 2s; no other
# discard leaves it ready. Seat 0 (void s) and seat 1 (void s) have each thrown a 2s first.
SEEN_CHOICE = ["1112223334445m2s", "555666777888m2s", "34566p34567889s", "1122335566p999s"]


def test_efficient_counts_visible_tiles_as_gone(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, SEEN_CHOICE, "9m1s", kernel=kernel)
    dingque(r, "ssmm")
    run(r, "dahai 2s by 0", "dahai 2s by 1")  # R4.2: both must throw their void tile
    view = SeatView(r, 2)
    assert view.on_turn and view.counts() == parse_counts("34566p134567889s")
    unseen = [4 - n for n in view.seen()]
    assert unseen[parse_tile("2s")] == 2 and unseen[parse_tile("7s")] == 3
    without_1s = parse_counts("34566p34567889s")
    without_8s = parse_counts("34566p13456789s")
    own_only = [4 - n for n in view.counts()]
    # 8s: 4 unseen 2s by its own hand alone, but two are on the table: 2 left; 1s: 3 7s.
    assert ukeire(kernel, without_8s, 0, own_only) == 4
    assert ukeire(kernel, without_8s, 0, unseen) == 2
    assert ukeire(kernel, without_1s, 0, unseen) == 3
    assert EfficientAgent(2).act(view) == Action.parse("dahai 1s by 2")


def test_seat_view_seen_counts_melds_discards_and_won_tiles(kernel: ModuleType) -> None:
    # R6.1 a peng shows three tiles to every seat; a discard shows one until it is claimed.
    hands = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m55p68p", "123456789m77p68p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    v3 = SeatView(r, 3)
    assert v3.seen()[parse_tile("5p")] == 1  # on the table
    run(r, "none by 1", "pon 5p by 2")
    assert v3.seen()[parse_tile("5p")] == 3  # the peng: the discard left the river for it
    run(r, "dahai 6p by 2")
    assert v3.seen()[parse_tile("6p")] == 2  # its own 6p and seat 2's discard
    assert SeatView(r, 1).seen()[parse_tile("5p")] == 3


def test_efficient_declares_the_void_that_leaves_the_lowest_shanten(kernel: ModuleType) -> None:
    # R4.1 seat 1: 123456789m11p46p — voiding s (no tile) leaves 11p 46p + three sets:
    # shanten 0 (ready on 5p); voiding p leaves its four p tiles to throw, m its nine.
    hands = [READY_CHOICE[0], "123456789m11p46p", *READY_CHOICE[2:]]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    view = SeatView(r, 1)
    assert EfficientAgent(1).act(view) == Action.parse("dingque s by 1")


# Dealer: 1122334556789p8s (void m). Both 5p and 8s leave it ready (R7.3):
#   - without 5p it waits on 8s alone: 3 unseen × 平胡 ×1 = 3 (3 有效牌);
#   - without 8s, 112233p 456p 789p 5p waits on 5p alone: 2 unseen × 清一色 ×4 (R8.3) = 8.
FLUSH_WAIT = ["1122334556789p8s", "1112223334445m", "5556667778889m", "1112223334445s"]


def test_ready_worth_weighs_the_waits_by_their_value(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, FLUSH_WAIT, kernel=kernel)
    dingque(r, "mppm")
    view = SeatView(r, 0)
    unseen = [4 - n for n in view.seen()]
    without_5p = parse_counts("112233456789p8s")
    without_8s = parse_counts("1122334556789p")
    assert ukeire(kernel, without_5p, 0, unseen) == 3 > ukeire(kernel, without_8s, 0, unseen)
    assert ready_worth(view, without_5p, unseen) == 3
    assert ready_worth(view, without_8s, unseen) == 8
    assert EfficientAgent(0).act(view) == Action.parse("dahai 8s by 0")


class _NoFlush(EfficientAgent):
    FLUSH_MIN = 99


def test_with_ten_tiles_of_one_suit_it_throws_the_other_suit(kernel: ModuleType) -> None:
    # R8.3 清一色: 1122246799p 6689s (void m), ten p; every discard leaves shanten 2, so the
    # efficiency bot throws an s tile where, without the flush rule, 有效牌 pick a p tile.
    hands = ["1122246799p6689s", "1112223334445m", "5556667778889m", "1112223334445s"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "mppm")
    view = SeatView(r, 0)
    after = kernel.shanten_discards(view.counts(), 0)
    assert {after[a.tile] for a in view.legal_actions()} == {2}
    assert EfficientAgent(0).act(view).tile // 9 == 2
    assert _NoFlush(0).act(view) == Action.parse("dahai 4p by 0")
