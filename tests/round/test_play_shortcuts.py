"""``Round.play``'s shortcuts for the audit decide exactly as the long way.

``canonical`` may only skip ``Action.make`` for values ``Action.make`` would accept unchanged;
everything else must still reach ``Action.make`` and be refused the same way.
"""

from __future__ import annotations

import pytest

from xzcore.round.actions import _DAHAI, _DINGQUE, _HORA, _NONE, _PON, Action, InvalidActionError
from xzcore.round.checks import canonical
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet


def test_canonical_gives_the_prebuilt_value() -> None:
    a = Action("dahai", 2, 13)
    assert a is not _DAHAI[2][13]
    assert canonical(a) is _DAHAI[2][13]
    assert canonical(Action("pon", 1, 0)) is _PON[1][0]
    assert canonical(Action("hora", 3, 26)) is _HORA[3][26]
    assert canonical(Action("none", 0)) is _NONE[0]
    assert canonical(Action("dingque", 1, -1, (), 2)) is _DINGQUE[1][2]


@pytest.mark.parametrize(
    "a",
    [
        Action("dahai", True, 13),  # == seat 1, but a bool: Action.make refuses it
        Action("dahai", 1, 13.0),  # type: ignore[arg-type]
        Action("dahai", 1, 13, []),  # type: ignore[arg-type]  # unhashable field
        Action("dahai", 1, 27),  # no such tile
        Action("dahai", 4, 1),  # no such seat
        Action("exchange", 0, -1, (0, 1, 2)),  # exchanges are not prebuilt
        Action("dingque", 0, -1, (), 3),
        "dahai 5p by 2",
        ("dahai", 2, 13, (), -1),  # equal as a tuple, but not an Action
    ],
)
def test_canonical_leaves_everything_else_to_make(a: object) -> None:
    assert canonical(a) is None


@pytest.mark.parametrize(
    "bad",
    [Action("dingque", True, -1, (), 0), Action("dingque", 0, -1, (), True)],
)
def test_play_still_refuses_ill_typed_actions(bad: Action) -> None:
    d = deal(1)
    r = Round(RuleSet.preset("xuezhan"), d.wall, d.dealer)
    with pytest.raises(InvalidActionError):
        r.play(bad)
    with pytest.raises(InvalidActionError):
        r.play(("dingque", 0, -1, (), 0))  # type: ignore[arg-type]


# -- quick_legal never says yes where legal_actions says no ---------------------------------

_CASES = [
    ("xuezhan", {}),
    ("xueliu", {}),  # R11.2 locked winners
    ("chengdu-classic", {}),  # R5.7 forfeit, scope discard
    ("xuezhan", {"last_round_scope": "discard"}),
    ("xuezhan", {"last_round_win": "off"}),
    ("leshan", {}),  # LeshanRound overrides the turn options: never the shortcut
]


def _candidates() -> list[Action]:
    return [a for s in range(4) for a in (*_DAHAI[s], *_PON[s], *_HORA[s], _NONE[s])] + [
        Action("daiminkan", s, k) for s in range(4) for k in range(27)
    ]


@pytest.mark.parametrize(("preset", "over"), _CASES)
def test_quick_legal_agrees_with_legal_actions(preset: str, over: dict[str, str]) -> None:
    """In seeded random games, at every decision, every candidate action: quick_legal says
    yes only for members of legal_actions, and says yes for the plain discards (so the
    shortcut is actually taken outside Leshan rounds)."""
    from xzcore.leshan.bots import leshan_chooser
    from xzcore.leshan.round import LeshanRound, new_round
    from xzcore.players.recording import bot_chooser
    from xzcore.round.checks import canonical, quick_legal

    rules = RuleSet.preset(preset, **over)
    hits = misses = 0
    for seed in range(12):
        d = deal(seed)
        direction = 1 + seed % 3 if rules.exchange_three else None
        r = new_round(rules, d.wall, d.dealer, exchange_direction=direction)
        # greedy bots (they win, so 血流 winners play on, locked) and random ones (odd moves)
        choosers = [bot_chooser("greedy" if i % 2 else "random", 4 * seed + i) for i in range(4)]
        if isinstance(r, LeshanRound):
            choosers = [leshan_chooser(c) for c in choosers]
        while r.to_act():
            for a in _candidates():
                c = canonical(a)
                assert c is not None
                legal = c in r.legal_actions(c.seat)
                if quick_legal(r, c):
                    assert legal, (preset, seed, str(c))
                    hits += 1
                elif legal and c.word == "dahai":
                    misses += 1
            s = r.to_act()[0]
            r.apply(choosers[s](r, s, r.legal_actions(s)))
    if isinstance(r, LeshanRound):
        assert hits == 0
    else:
        assert hits > 1000
        assert misses < hits / 5  # the forced/locked/winning turns only
