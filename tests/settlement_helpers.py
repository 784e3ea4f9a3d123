"""Helpers shared by the settlement tests: a Score stand-in and a compact view of transfers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xzcore.money.ledger import Transfer


@dataclass(frozen=True)
class FakeScore:
    """The two attributes settlement reads from a :class:`xzcore.scoring.Score`."""

    capped: int
    special: str | None = None


Row = tuple[int, int, int, str, str]


def rows(transfers: Iterable[Transfer]) -> list[Row]:
    """(payer, payee, units, reason, rule) of each transfer, in order."""
    return [(t.payer, t.payee, t.units, t.reason, t.rule) for t in transfers]
