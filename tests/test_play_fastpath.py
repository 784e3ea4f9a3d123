"""``Round.play``'s shortcuts for the audit (issue 5 speed) decide exactly as the long way.

``canonical`` may only skip ``Action.make`` for values ``Action.make`` would accept unchanged;
everything else must still reach ``Action.make`` and be refused the same way.
"""

from __future__ import annotations

import pytest

from xzcore.actions import Action, InvalidActionError
from xzcore.round import Round
from xzcore.round_base import _DAHAI, _DINGQUE, _HORA, _NONE, _PON
from xzcore.round_checks import canonical
from xzcore.rules import RuleSet
from xzcore.wall import deal


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
