"""The mjai reaction of each action (docs/mjai-bots.md M3.2, ``reaction_of``): hand-written
reactions of every word, and every legal action of seeded games back to itself through
``action_of_mjai``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.mjai.events import action_of_mjai, reaction_of
from xzcore.players.recording import bot_chooser
from xzcore.round.actions import Action, LeshanAction
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet

CASES = [
    # (action, target, drawn, the mjai reaction) — M3.2
    ("dahai 5p by 0", None, None, {"type": "dahai", "actor": 0, "pai": "5p"}),
    (
        "dahai 5p by 0",
        None,
        13,
        {"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": True},
    ),
    (
        "dahai 5p by 0",
        None,
        14,
        {"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": False},
    ),
    (
        "pon 9s by 2",
        1,
        None,
        {"type": "pon", "actor": 2, "target": 1, "pai": "9s", "consumed": ["9s", "9s"]},
    ),
    (
        "daiminkan 1m by 3",
        0,
        None,
        {
            "type": "daiminkan",
            "actor": 3,
            "target": 0,
            "pai": "1m",
            "consumed": ["1m", "1m", "1m"],
        },
    ),
    (
        "kakan 4p by 1",
        None,
        None,
        {"type": "kakan", "actor": 1, "pai": "4p", "consumed": ["4p", "4p", "4p"]},
    ),
    (
        "ankan 7s by 0",
        None,
        None,
        {"type": "ankan", "actor": 0, "consumed": ["7s", "7s", "7s", "7s"]},
    ),
    ("hora 2m by 1", 3, None, {"type": "hora", "actor": 1, "target": 3, "pai": "2m"}),
    ("hora 2m by 1", 1, None, {"type": "hora", "actor": 1, "target": 1, "pai": "2m"}),
    ("none by 2", None, None, {"type": "none"}),
    ("dingque m by 0", None, None, {"type": "ding_que", "actor": 0, "suit": "man"}),
    ("dingque s by 3", None, None, {"type": "ding_que", "actor": 3, "suit": "sou"}),
    (
        "exchange 9m1m2m by 2",
        None,
        None,
        {"type": "xz_exchange", "actor": 2, "pai": ["1m", "2m", "9m"]},
    ),
]


@pytest.mark.parametrize(("text", "target", "drawn", "want"), CASES)
def test_each_word_has_its_mjai_reaction(
    text: str, target: int | None, drawn: int | None, want: dict
) -> None:
    """M3.2: mjai's fields (``consumed`` of a meld, ``target`` of a claim, ``tsumogiri``
    when the drawn tile is known), blood-grp's ``ding_que`` and our extensions."""
    a = Action.parse(text)
    got = reaction_of(a, target=target, drawn=drawn)
    assert got == want
    assert list(got) == list(want)  # the keys in mjai's order
    assert action_of_mjai(got, seat=a.seat) == a


def test_leshan_actions_are_their_extensions() -> None:
    """M3.2, R13.3, R13.4: 飘 is ``xz_piao`` with its bet, 摆割 ``xz_baige`` with its tile."""
    piao = LeshanAction.parse("piao 3 by 1")
    assert reaction_of(piao) == {"type": "xz_piao", "actor": 1, "piao": 3}
    baige = LeshanAction.parse("baige 5p by 2")
    assert reaction_of(baige) == {"type": "xz_baige", "actor": 2, "pai": "5p"}
    assert action_of_mjai(reaction_of(piao)) == piao
    assert action_of_mjai(reaction_of(baige)) == baige


def test_a_pass_needs_the_seat_deciding() -> None:
    """M3.2: mjai's pass names no actor; read back, the seat deciding is its actor."""
    assert action_of_mjai(reaction_of(Action.parse("none by 3")), seat=3) == Action.make("none", 3)


@given(seed=st.integers(0, 2**32), preset=st.sampled_from(sorted(PRESETS)))
def test_every_legal_action_of_a_game_reads_back_as_itself(seed: int, preset: str) -> None:
    """M3.2: ``action_of_mjai(reaction_of(a), seat=a.seat) == a`` for every action a round
    offers, in every phase, on every preset (Leshan's 飘 and 摆割 included)."""
    from xzcore.leshan.round import new_round

    rules = RuleSet.preset(preset)
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    rnd: Round = new_round(rules, d.wall, d.dealer, exchange_direction=direction)
    choose = [bot_chooser("random", seed * 4 + s) for s in range(4)]
    seen = 0
    while rnd.to_act():
        for s in rnd.to_act():
            legal = rnd.legal_actions(s)
            for a in legal:
                assert action_of_mjai(reaction_of(a), seat=s) == a
                seen += 1
            rnd.apply(choose[s](rnd, s, legal))
    assert seen > 0
