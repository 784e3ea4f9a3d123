"""``Round.play`` names the rule an illegal action breaks (the audit reports these ids)."""

from __future__ import annotations

import random
import re
from types import ModuleType

import pytest
from round_helpers import dingque, make_round, run

from xzcore.round.actions import Action, IllegalActionError, InvalidActionError
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

XUEZHAN = RuleSet.preset("xuezhan")
# Dealer 0 discards 5p first; seat 2 holds 55p (may peng), seat 3 waits on 5p (46p).
HANDS = ["5p111s222s333s444s5s", "123456789m11p68p", "123456789m55p68p", "123456789m77p46p"]


def _claim_open(kernel: ModuleType) -> Round:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    dingque(r, "msss")
    run(r, "dahai 5p by 0")
    assert r.to_act() == [2, 3]
    return r


def _refused(r: Round, text: str) -> str:
    with pytest.raises(IllegalActionError) as exc:
        run(r, text)
    assert exc.value.action == Action.parse(text)
    return exc.value.rule


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("pon 5p by 0", "R5.2"),  # its own discard
        ("pon 6p by 2", "R5.2"),  # not the tile on offer
        ("dahai 1m by 2", "R5.2"),  # must answer the discard
        ("dahai 1m by 1", "R5.2"),  # not asked: waits while others answer
        ("daiminkan 5p by 2", "R5.2"),  # two in hand, not three
        ("hora 5p by 2", "R7.1"),  # 5p does not complete seat 2's hand
        ("dingque p by 1", "R4.1"),  # declarations are over
        ("exchange 123m by 1", "R3.1"),  # the exchange happens before play
    ],
)
def test_claim_window_refusals(kernel: ModuleType, text: str, rule: str) -> None:
    assert _refused(_claim_open(kernel), text) == rule


def test_answering_twice(kernel: ModuleType) -> None:
    r = _claim_open(kernel)
    run(r, "none by 2")
    assert _refused(r, "pon 5p by 2") == "R5.3"


def test_after_a_peng_only_a_discard(kernel: ModuleType) -> None:
    r = _claim_open(kernel)
    run(r, "pon 5p by 2", "none by 3")
    assert r.to_act() == [2]
    assert _refused(r, "hora 5p by 2") == "R5.4"
    assert _refused(r, "ankan 1m by 2") == "R5.4"


def test_turn_refusals(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    dingque(r, "msss")
    assert _refused(r, "kakan 1s by 0") == "R6.1"  # no peng of 1s
    assert _refused(r, "ankan 1s by 0") == "R6.5"  # three, not four
    assert _refused(r, "hora 5s by 0") == "R7.1"  # not a winning hand
    assert _refused(r, "none by 0") == "R5.2"  # nothing to answer on one's own turn


def test_malformed_actions_are_invalid_not_illegal(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    with pytest.raises(InvalidActionError):
        r.play(Action("dahai", 7, 3))
    with pytest.raises(InvalidActionError):
        r.play(Action("chi", 0, 3))
    with pytest.raises(InvalidActionError):
        r.play(Action("dingque", 0, -1, (), 5))
    assert isinstance(InvalidActionError("x"), ValueError)
    assert isinstance(IllegalActionError(Action.parse("none by 0"), "R5.2", "x"), ValueError)


def test_exchange_refusals(kernel: ModuleType) -> None:
    rules = RuleSet.preset("xueliu")
    hands = ["11123m22456p3789s", "44456m55789p123s", "77789m12388p456s", "23456789m12345p"]
    r = make_round(rules, hands, kernel=kernel, direction=3)
    run(r, "exchange 123m by 0")
    assert _refused(r, "exchange 112m by 0") == "R3.1"  # already chosen
    assert _refused(r, "exchange 556m by 1") == "R3.2"  # holds one 5m, not two
    assert _refused(r, "dingque m by 1") == "R3.1"  # the exchange comes first


def _any_action(rng: random.Random) -> Action:
    """Any well-formed action at all, legal or not."""
    word = rng.choice(
        ["dahai", "pon", "daiminkan", "ankan", "kakan", "hora", "none", "exchange", "dingque"]
    )
    seat = rng.randrange(4)
    if word == "none":
        return Action.make(word, seat)
    if word == "exchange":
        return Action.make(word, seat, tiles=[rng.randrange(27) for _ in range(3)])
    if word == "dingque":
        return Action.make(word, seat, suit=rng.randrange(3))
    return Action.make(word, seat, rng.randrange(27))


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu"])
def test_random_actions_are_refused_cleanly(kernel: ModuleType, preset: str) -> None:
    """Whatever is thrown at play(), it is applied only when legal; a refusal names a rule
    id and leaves the round untouched (same events, same tiles)."""
    rng = random.Random(preset)
    rules = RuleSet.preset(preset)
    for seed in range(8):
        d = deal(seed)
        direction = d.exchange_direction if rules.exchange_three else None
        r = Round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel)
        while not r.over:
            for _ in range(3):
                a = _any_action(rng)
                legal = a in r.legal_actions(a.seat)
                before = (len(r.events), [h.counts() for h in r.hands])
                if legal:
                    continue
                with pytest.raises(IllegalActionError) as exc:
                    r.play(a)
                assert re.fullmatch(r"R\d+(\.\d+)?", exc.value.rule)
                assert (len(r.events), [h.counts() for h in r.hands]) == before
            s = r.to_act()[0]
            options = r.legal_actions(s)
            r.play(options[rng.randrange(len(options))])
        r.check_tiles()
