"""Actions as values (print, parse, errors), the round's constructor checks, and the basic
turn flow (R2.3 deal, R4.1 declarations, R5.1 turn, R4.2 discards)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from round_helpers import dingque, make_round, run, strs

from xzcore.round.actions import (
    Action,
    IllegalActionError,
    InvalidActionError,
    actions_of,
)
from xzcore.round.engine import Phase, Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.tiles import format_counts

XUEZHAN = RuleSet.preset("xuezhan")


@pytest.mark.parametrize(
    "text",
    [
        "dahai 5p by 2",
        "pon 1m by 0",
        "daiminkan 9s by 3",
        "ankan 4p by 1",
        "kakan 7m by 2",
        "hora 3s by 1",
        "none by 3",
        "exchange 129m by 0",
        "dingque p by 1",
    ],
)
def test_action_text_round_trip(text: str) -> None:
    a = Action.parse(text)
    assert str(a) == text
    assert eval(repr(a)) == a  # repr is valid code
    assert hash(a) == hash(Action.parse(text))


def test_action_fields_and_aliases() -> None:
    a = Action.parse("dahai 5p", seat=2)
    assert (a.word, a.seat, a.tile, a.tiles, a.suit) == ("dahai", 2, 13, (), -1)
    assert Action.parse("exchange 9m1m2m by 0").tiles == (0, 1, 8)
    assert Action.parse("dingque 筒 by 3").suit == 1
    assert Action.parse("DAHAI 5p by 0").word == "dahai"
    assert Action.make("hora", 1, 4) == Action.parse("hora 5m by 1")


@pytest.mark.parametrize(
    ("text", "seat", "message"),
    [
        ("dahai 5p", None, "no seat"),
        ("dahai 5p by x", None, "bad seat"),
        ("dahai 5p by 4", None, "bad seat"),
        ("dahai 5p by 1", 2, "caller says 2"),
        ("chi 5p by 1", None, "unknown action word"),
        ("dahai 5z by 1", None, "honour"),
        ("dahai 55p by 1", None, "one tile"),
        ("dahai by 1", None, "exactly one argument"),
        ("none 5p by 1", None, "no argument"),
        ("exchange 12m by 1", None, "three tile kinds"),
        ("dingque z by 1", None, "bad suit"),
        ("by 1", None, "no action word"),
    ],
)
def test_action_parse_errors_name_the_fault(text: str, seat: int | None, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        Action.parse(text, seat=seat)


def test_action_make_checks() -> None:
    with pytest.raises(InvalidActionError, match="bad tile"):
        Action.make("dahai", 0, 27)
    with pytest.raises(InvalidActionError, match="takes no tile"):
        Action.make("none", 0, 3)
    with pytest.raises(InvalidActionError, match="bad seat"):
        Action.make("none", True)
    with pytest.raises(InvalidActionError, match="bad suit"):
        Action.make("dingque", 0, suit=3)
    with pytest.raises(InvalidActionError):
        Action.parse(5)  # type: ignore[arg-type]


def test_actions_of_reads_claims_and_refuses_bad_events() -> None:
    events: list[dict[str, Any]] = [
        {"type": "start_kyoku"},
        {"type": "dingque", "actor": 1, "suit": "p"},
        {"type": "tsumo", "actor": 1, "pai": "5p"},
        {"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": True},
        {"type": "none", "actor": 2, "pai": "5p"},
        {"type": "none", "actor": 3, "pai": "5p", "claim": "hora"},
        {"type": "exchange", "actor": 0, "pai": "123m", "target": 1},
    ]
    assert [str(a) for a in actions_of(events)] == [
        "dingque p by 1",
        "dahai 5p by 1",
        "none by 2",
        "hora 5p by 3",
        "exchange 123m by 0",
    ]
    with pytest.raises(InvalidActionError, match="event #0"):
        list(actions_of([{"type": "dahai", "actor": 1, "pai": "5x"}]))
    with pytest.raises(InvalidActionError, match="bad actor"):
        list(actions_of([{"type": "dahai", "actor": 7, "pai": "5p"}]))
    with pytest.raises(InvalidActionError, match="bad claim"):
        list(actions_of([{"type": "none", "actor": 1, "pai": "5p", "claim": "chi"}]))


def test_round_constructor_checks() -> None:
    d = deal(3)
    with pytest.raises(ValueError, match="dealer"):
        Round(XUEZHAN, d.wall, 4)
    with pytest.raises(ValueError, match="108"):
        Round(XUEZHAN, d.wall[:-1], 0)
    with pytest.raises(ValueError, match="exchange_direction"):
        Round(RuleSet.preset("xueliu"), d.wall, 0)
    with pytest.raises(ValueError, match="exchange_three is off"):
        Round(XUEZHAN, d.wall, 0, exchange_direction=1)
    with pytest.raises(TypeError):
        Round("xuezhan", d.wall, 0)  # type: ignore[arg-type]


def test_deal_follows_r2_3(kernel: ModuleType) -> None:
    d = deal(11)
    r = Round(XUEZHAN, d.wall, 2, kernel=kernel)
    w = d.wall
    # Dealer 2 takes wall[0:4], seat 3 wall[4:8], … then one each, then the dealer's 14th.
    dealer_tiles = w[0:4] + w[16:20] + w[32:36] + [w[48], w[52]]
    seat3 = w[4:8] + w[20:24] + w[36:40] + [w[49]]
    assert r.hands[2].counts() == bytes(_counts(dealer_tiles))
    assert r.hands[3].counts() == bytes(_counts(seat3))
    assert [r.hands[s].size for s in range(4)] == [13, 13, 14, 13]
    assert r.wall_left == 55 and r.stage is Phase.DINGQUE
    start = r.events[0]
    assert start["dealer"] == 2 and start["tehais"][2] == format_counts(_counts(dealer_tiles))


def _counts(kinds: list[int]) -> list[int]:
    c = [0] * 27
    for k in kinds:
        c[k] += 1
    return c


def test_turn_flow_and_discard_rules(kernel: ModuleType) -> None:
    hands = ["5p111s222s333s444s5s", "123456789m11p68p", "123456789m33p68p", "123456789m77p9p1s"]
    r = make_round(XUEZHAN, hands, "9s", kernel=kernel)
    assert r.to_act() == [0, 1, 2, 3]
    assert strs(r.legal_actions(0)) == ["dingque m by 0", "dingque p by 0", "dingque s by 0"]
    run(r, "dingque m by 0")
    assert r.legal_actions(0) == [] and r.to_act() == [1, 2, 3]
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dingque p by 0")
    assert exc.value.rule == "R4.1"
    run(r, "dingque s by 1", "dingque s by 2", "dingque s by 3")
    assert [e["type"] for e in r.events[-4:]] == ["dingque"] * 4
    assert r.to_act() == [0]  # R5.1: the dealer's first turn, no draw
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 1m by 1")
    assert exc.value.rule == "R5.1"
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 1m by 0")
    assert exc.value.rule == "R5.1"  # not held
    with pytest.raises(IllegalActionError) as exc:
        run(r, "pon 5p by 0")
    assert exc.value.rule == "R5.2"
    with pytest.raises(InvalidActionError):
        r.play("dahai 5p by 0")  # type: ignore[arg-type]
    run(r, "dahai 5p by 0")
    # The dealer's "drawn" tile on its first turn is its 14th dealt tile, 5s (R2.3).
    assert r.events[-2]["type"] == "dahai" and r.events[-2]["tsumogiri"] is False
    tsumo = r.events[-1]
    assert tsumo == {"type": "tsumo", "actor": 1, "pai": "9s", "rinshan": False, "left": 54}
    # Seat 1 holds a void tile (the 9s it drew): R4.2 allows only void discards.
    assert strs(r.legal_actions(1)) == ["dahai 9s by 1"]
    with pytest.raises(IllegalActionError) as exc:
        run(r, "dahai 1m by 1")
    assert exc.value.rule == "R4.2"
    # Seat 3 holds 1s (void): when its turn comes it must discard it first.
    run(r, "dahai 9s by 1")


def test_apply_after_the_end_refuses(kernel: ModuleType) -> None:
    from xzcore.players.agents import RandomAgent, play_round

    d = deal(4)
    r = Round(XUEZHAN, d.wall, d.dealer, kernel=kernel)
    play_round(r, [RandomAgent(s) for s in range(4)])
    assert r.over and r.to_act() == [] and r.legal_actions(0) == []
    with pytest.raises(IllegalActionError) as exc:
        r.play(Action.parse("none by 0"))
    assert exc.value.rule == "R5.6"
    assert "totals" in r.result().summary()


def test_result_before_the_end_refuses(kernel: ModuleType) -> None:
    d = deal(4)
    r = Round(XUEZHAN, d.wall, d.dealer, kernel=kernel)
    with pytest.raises(ValueError, match="not over"):
        r.result()


def test_dingque_seat_with_no_void_tiles_is_free(kernel: ModuleType) -> None:
    hands = ["5p111s222s333s444s5s", "123456789m11p68p", "123456789m33p68p", "123456789m77p68p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "msss")
    assert len(r.legal_actions(0)) == 6  # 5p 1s 2s 3s 4s 5s: no void tiles held
