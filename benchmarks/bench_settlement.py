"""Settlement cost per round (pytest-benchmark): a busy 血战 round and the ledger round trip.

Run: ``python -m pytest benchmarks/bench_settlement.py --benchmark-only -q``
(settlement is pure Python; the kernel backend does not matter here).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from xzcore.money.ledger import Ledger
from xzcore.money.settlement import SeatEnd, call_transfer, end_of_round, pay_gang, pay_win
from xzcore.rules import RuleSet
from xzcore.tiles import MeldKind

XZ = RuleSet.preset("xuezhan")


@dataclass(frozen=True)
class _Score:
    capped: int
    special: str | None = None


_ENDS = (
    SeatEnd(0, active=True),
    SeatEnd(1, active=False),
    SeatEnd(2, active=True, ready_multiplier=4),
    SeatEnd(3, active=True, huazhu=True),
)


def busy_round() -> Ledger:
    """Three gangs, a 杠上炮 with 呼叫转移, a self-draw, then 查花猪/查大叫/退税: 19 transfers."""
    led = Ledger()
    pay_gang(led, XZ, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=3)
    pay_gang(led, XZ, 2, MeldKind.GANG, discarder=3, turn=5)
    pay_gang(led, XZ, 0, MeldKind.BUGANG, payers=(1, 2, 3), turn=10)
    pay_win(led, XZ, 1, _Score(4), discarder=0)
    call_transfer(led, XZ, 0, (1,), turn=10)
    pay_win(led, XZ, 2, _Score(8), payers=(0, 3))
    end_of_round(led, XZ, _ENDS)
    return led


def test_busy_round_is_sound() -> None:
    led = busy_round()
    led.check()
    assert len(led) == 19


@pytest.mark.benchmark(group="settlement")
def test_bench_settle_busy_round(benchmark) -> None:  # type: ignore[no-untyped-def]
    led = benchmark(busy_round)
    assert sum(led.totals()) == 0


@pytest.mark.benchmark(group="settlement")
def test_bench_ledger_round_trip(benchmark) -> None:  # type: ignore[no-untyped-def]
    data = busy_round().to_list()
    led = benchmark(Ledger.from_list, data)
    assert led.to_list() == data
