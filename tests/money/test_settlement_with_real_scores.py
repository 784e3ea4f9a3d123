"""Settlement fed by real scores: the contract between xzcore.scoring and xzcore.money.settlement.

The other settlement tests use stand-ins; these check that a :class:`xzcore.scoring.Score`
is accepted as it is and that the R9.2 unit, the cap (R8.7) and 天胡 (R7.5) come out as the
rules say once scoring and settlement are put together. Multipliers are worked out by hand
from R8.3 (xuezhan).
"""

from __future__ import annotations

from settlement_helpers import rows

from xzcore import scoring
from xzcore.money.ledger import Ledger
from xzcore.money.settlement import pay_win
from xzcore.rules import RuleSet

XZ = RuleSet.preset("xuezhan")


def test_qingyise_self_draw_pays_four_and_the_unit() -> None:
    # R14: 111 234 345 666 88m is 清一色 ×4; self-draw on the 8m, zimo_bonus = base (R9.2).
    s = scoring.score_win("1112343456668m", "8m", [], "p", scoring.WinContext(self_draw=True), XZ)
    assert (s.capped, s.special) == (4, None)
    led = Ledger()
    pay_win(led, XZ, 2, s, payers=(0, 1, 3))
    assert led.totals() == [-5, -5, 15, -5]


def test_qinglongqidui_with_haidi_is_capped_before_the_unit() -> None:
    # 11 11 22 22 33 44 55m: 清龙七对 ×32 (one 根 used up) × the other 根 ×2 × 海底捞月 ×2 = ×128,
    # capped at ×64 (R8.7); each payer adds the unit after the cap: 65.
    ctx = scoring.WinContext(self_draw=True, last_tile=True)
    s = scoring.score_win("1111222233445m", "5m", [], "p", ctx, XZ)
    assert (s.multiplier, s.capped) == (128, 64)
    led = Ledger()
    pay_win(led, XZ, 0, s, payers=(1, 2, 3))
    assert led.totals() == [195, -65, -65, -65]


def test_tianhu_pays_thirty_two_without_the_unit() -> None:
    # The dealer's dealt 14 tiles, a 平胡 ×1: 天胡 ×32 is larger (R8.3), no unit (R9.2).
    ctx = scoring.WinContext(self_draw=True, first_turn=True, dealer=True)
    s = scoring.score_win("123345789m2346p", "6p", [], "s", ctx, XZ)
    assert (s.capped, s.special) == (32, "tianhu")
    led = Ledger()
    added = pay_win(led, XZ, 1, s, payers=(0, 2, 3))
    assert rows(added) == [
        (0, 1, 32, "self_draw", "R9.2"),
        (2, 1, 32, "self_draw", "R9.2"),
        (3, 1, 32, "self_draw", "R9.2"),
    ]
