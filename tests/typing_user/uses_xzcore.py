"""A user's script, type-checked against the installed xzcore by tests/test_user_typing.py
(the editable install) and scripts/check_install.sh (the wheel). Every line is right but the
last, which mypy must find: it would not, were xzcore unseen (an import error) or untyped."""

from __future__ import annotations

import xzcore
from xzcore.tiles import format_tiles, parse_tiles

rules = xzcore.RuleSet.preset("xuezhan")
score = xzcore.score_win("123456789m2345p", "5p", "", "s", xzcore.WinContext(), rules)
multiplier: int = score.multiplier
tiles: list[int] = parse_tiles("123m456p")
text: str = format_tiles(tiles)
version: str = xzcore.__version__
wrong: str = score.multiplier  # the one error mypy must report
