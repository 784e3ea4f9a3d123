"""The money ledger: every payment of a round as an ordered list of transfers (RULES.md R9.6).

A :class:`Transfer` moves a positive number of units from one seat to another and says why and
under which rule id. A :class:`Ledger` keeps them in order, with the per-seat totals and the
gang income that 呼叫转移 (R9.5) and 退税 (R10.3) need; the rules that append to it live in
:mod:`xzcore.money.settlement`.

>>> led = Ledger()
>>> _ = led.add(Transfer(1, 0, 2, "gang_direct", "R6.2", turn=3))
>>> led.totals()
[2, -2, 0, 0]
>>> led.gang_income()[0].unspent
2
>>> Ledger.from_list(led.to_list()) == led
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from xzcore.errors import LedgerError

__all__ = [
    "GANG_REASONS",
    "REASONS",
    "SEATS",
    "GangIncome",
    "Ledger",
    "LedgerError",
    "Transfer",
]

SEATS = 4
"""Seats at the table (R2.1)."""

REASONS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "gang_direct": ("直杠 刮风", "direct gang"),
        "gang_added": ("补杠 刮风", "added gang"),
        "gang_concealed": ("暗杠 下雨", "concealed gang"),
        "win_discard": ("点炮", "win on a discard"),
        "self_draw": ("自摸", "self-draw"),
        "zimo_unit": ("自摸加底", "self-draw unit"),
        "dianganghua": ("点杠花", "gang flower on a direct gang"),
        "qianggang": ("抢杠胡", "robbing the gang"),
        "call_transfer": ("呼叫转移", "call transfer (this turn's gangs)"),
        "call_transfer_all": ("呼叫转移", "call transfer (all gangs of the round)"),
        "huazhu": ("查花猪", "flower pig"),
        "chajiao": ("查大叫", "not-ready check"),
        "refund": ("退税", "gang money refund"),
    }
)
"""Reason code → (Chinese, English). Every :class:`Transfer` carries one of these codes."""

GANG_REASONS = frozenset({"gang_direct", "gang_added", "gang_concealed"})
"""Reason codes of gang money (R6.2); the ledger books them as gang income."""

_CALL_TRANSFER_REASONS = frozenset({"call_transfer", "call_transfer_all"})
_BOOKED_REASONS = GANG_REASONS | _CALL_TRANSFER_REASONS | {"refund"}
"""Reasons :meth:`Ledger.add` books beyond the totals (gang income, 呼叫转移, 退税)."""
_TURN_REASONS = GANG_REASONS | {"call_transfer"}
"""Reasons whose transfers must name their turn (R9.5, R10.3)."""


_new_object = object.__new__
_set_attr = object.__setattr__


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Transfer:
    """``units`` paid by seat ``payer`` to seat ``payee`` for ``reason`` under rule ``rule``.

    ``detail`` is free text for people. ``turn`` is the engine's turn counter for gang money
    (the turn the gang was made in) and for 呼叫转移 (the turn of the 杠上炮 discard), else
    ``None``. Construction checks types and seat numbers; whether the amount is allowed
    (positive, not to oneself) is :meth:`Ledger.check`'s business (R9.6), so that an audit can
    load a bad ledger and report on it.
    """

    payer: int
    payee: int
    units: int
    reason: str
    rule: str
    detail: str = ""
    turn: int | None = None

    def __post_init__(self) -> None:
        for name in ("payer", "payee"):
            v = getattr(self, name)
            if not _is_int(v) or not 0 <= v < SEATS:
                raise LedgerError(f"transfer {name}: bad seat {v!r} (expected 0–3)")
        if not _is_int(self.units):
            raise LedgerError(f"transfer units: {self.units!r} is not an integer")
        if self.reason not in REASONS:
            raise LedgerError(f"transfer reason: unknown code {self.reason!r}")
        if not isinstance(self.rule, str) or not self.rule.startswith("R"):
            raise LedgerError(f"transfer rule: {self.rule!r} is not a rule id like 'R9.1'")
        if not isinstance(self.detail, str):
            raise LedgerError(f"transfer detail: {self.detail!r} is not text")
        if self.turn is not None and not _is_int(self.turn):
            raise LedgerError(f"transfer turn: {self.turn!r} is not an integer")

    @classmethod
    def _trusted(
        cls,
        payer: int,
        payee: int,
        units: int,
        reason: str,
        rule: str,
        detail: str = "",
        turn: int | None = None,
    ) -> Transfer:
        """The same value as ``Transfer(...)`` without the field checks of ``__post_init__``,
        for :mod:`xzcore.money.settlement`, which builds transfers only from seats, amounts and
        turns it has already checked and from reason codes and rule ids it spells itself.
        Whether the amount is allowed stays :meth:`Ledger.check`'s business (R9.6)."""
        t = _new_object(cls)
        _set_attr(
            t,
            "__dict__",
            {
                "payer": payer,
                "payee": payee,
                "units": units,
                "reason": reason,
                "rule": rule,
                "detail": detail,
                "turn": turn,
            },
        )
        return t

    @property
    def zh(self) -> str:
        """Chinese name of the reason."""
        return REASONS[self.reason][0]

    @property
    def en(self) -> str:
        """English name of the reason."""
        return REASONS[self.reason][1]

    def text(self) -> str:
        """One readable line: ``seat 1 → seat 0   2  直杠 刮风 direct gang (R6.2)``."""
        line = (
            f"seat {self.payer} → seat {self.payee} {self.units:>5}  "
            f"{self.zh} {self.en} ({self.rule})"
        )
        return f"{line} — {self.detail}" if self.detail else line

    def to_dict(self) -> dict[str, Any]:
        """Plain data (``turn`` only when set)."""
        d: dict[str, Any] = {
            "payer": self.payer,
            "payee": self.payee,
            "units": self.units,
            "reason": self.reason,
            "rule": self.rule,
            "detail": self.detail,
        }
        if self.turn is not None:
            d["turn"] = self.turn
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Transfer:
        """Inverse of :meth:`to_dict`; raises :class:`LedgerError` naming the bad field."""
        if not isinstance(data, Mapping):
            raise LedgerError(f"a transfer must be a map, not {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise LedgerError(f"transfer: unknown field(s) {', '.join(map(str, unknown))}")
        missing = [k for k in ("payer", "payee", "units", "reason", "rule") if k not in data]
        if missing:
            raise LedgerError(f"transfer: missing field(s) {', '.join(missing)}")
        return cls(**dict(data))


@dataclass(frozen=True)
class GangIncome:
    """One gang payment as income of the ganger (R6.2), for R9.5 and R10.3.

    ``index`` is the position of the gang transfer in the ledger. ``handed_on`` units of it
    went on to a winner by 呼叫转移 (R9.5); ``refunded`` units went back by 退税 (R10.3).
    """

    index: int
    ganger: int
    payer: int
    units: int
    turn: int | None
    reason: str
    handed_on: int = 0
    refunded: int = 0

    @property
    def unspent(self) -> int:
        """Units neither handed on nor refunded."""
        return self.units - self.handed_on - self.refunded

    @classmethod
    def _trusted(
        cls,
        index: int,
        ganger: int,
        payer: int,
        units: int,
        turn: int | None,
        reason: str,
        handed_on: int = 0,
        refunded: int = 0,
    ) -> GangIncome:
        """The same value as ``GangIncome(...)``, its fields set at once rather than one by
        one through the frozen dataclass's ``__init__`` (:class:`Ledger` builds every record
        from a transfer it holds)."""
        g = _new_object(cls)
        _set_attr(
            g,
            "__dict__",
            {
                "index": index,
                "ganger": ganger,
                "payer": payer,
                "units": units,
                "turn": turn,
                "reason": reason,
                "handed_on": handed_on,
                "refunded": refunded,
            },
        )
        return g


class Ledger:
    """The transfers of one round in order, with the gang-income bookkeeping.

    Append with :meth:`add` (usually through :mod:`xzcore.money.settlement`). Two ledgers are equal
    when their transfers are equal in order (the bookkeeping follows from the transfers).
    """

    __slots__ = ("_checked", "_income", "_totals", "_transfer_problems", "_transfers")

    def __init__(self, transfers: Sequence[Transfer] = ()) -> None:
        self._transfers: list[Transfer] = []
        self._income: list[GangIncome] = []
        self._totals = [0] * SEATS
        """Net units per seat, kept up to date by :meth:`add`."""
        self._checked = 0
        """How many transfers (from the first) :meth:`problems` has already looked at."""
        self._transfer_problems: list[str] = []
        """What :meth:`problems` found in those transfers (frozen values: it stays true)."""
        for t in transfers:
            self.add(t)

    # -- appending ------------------------------------------------------------------------

    def add(self, transfer: Transfer) -> Transfer:
        """Append one transfer and update the gang-income bookkeeping; returns it.

        A gang transfer (R6.2) books income for its payee. A 呼叫转移 transfer (R9.5) marks
        the payer's unspent income as handed on, oldest first, up to its units: income of the
        transfer's ``turn`` for ``call_transfer`` (``last_gang``), of the whole round for
        ``call_transfer_all``; what it pays beyond that comes from its own pocket. A ``refund``
        (R10.3) marks the refunder's unspent income from that payee as refunded. Replaying the
        transfers of :meth:`to_list` therefore rebuilds the same bookkeeping.
        """
        if type(transfer) is not Transfer and not isinstance(transfer, Transfer):
            raise LedgerError(f"a ledger holds Transfer values, not {type(transfer).__name__}")
        transfers = self._transfers
        index = len(transfers)
        transfers.append(transfer)
        totals = self._totals
        units = transfer.units
        payer = transfer.payer
        payee = transfer.payee
        totals[payer] -= units
        totals[payee] += units
        r = transfer.reason
        if r not in _BOOKED_REASONS:
            return transfer  # a win, 查花猪 or 查大叫: no gang-income bookkeeping
        if r in GANG_REASONS:
            self._income.append(GangIncome._trusted(index, payee, payer, units, transfer.turn, r))
        elif r in _CALL_TRANSFER_REASONS:
            turn = transfer.turn if r == "call_transfer" else None
            self._consume(payer, units, True, turn, None)
        elif r == "refund":
            self._consume(payer, units, False, None, payee)
        return transfer

    def _consume(
        self, ganger: int, units: int, handing_on: bool, turn: int | None, payer: int | None
    ) -> None:
        """Mark up to ``units`` of ``ganger``'s unspent income as handed on (``handing_on``)
        or else refunded, oldest first, of ``turn``'s gangs and ``payer``'s payments when
        given (the rest of a payment came from the ganger's own pocket)."""
        left = units
        income = self._income
        for i, g in enumerate(income):
            if left <= 0:
                break
            if g.ganger != ganger:
                continue
            if turn is not None and g.turn != turn:
                continue
            if payer is not None and g.payer != payer:
                continue
            handed_on = g.handed_on
            refunded = g.refunded
            unspent = g.units - handed_on - refunded
            if unspent <= 0:
                continue
            take = left if left < unspent else unspent
            if handing_on:
                handed_on += take
            else:
                refunded += take
            income[i] = GangIncome._trusted(
                g.index, ganger, g.payer, g.units, g.turn, g.reason, handed_on, refunded
            )
            left -= take

    # -- reading --------------------------------------------------------------------------

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        """Every transfer, in order."""
        return tuple(self._transfers)

    def __len__(self) -> int:
        return len(self._transfers)

    def __iter__(self) -> Iterator[Transfer]:
        return iter(tuple(self._transfers))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ledger):
            return NotImplemented
        return self._transfers == other._transfers

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Ledger({len(self._transfers)} transfers, totals={self.totals()})"

    def totals(self) -> list[int]:
        """Net units per seat 0–3 (won positive, paid negative)."""
        return list(self._totals)

    def gang_income(self, ganger: int | None = None) -> tuple[GangIncome, ...]:
        """The gang-income records (R6.2), of one seat or of all, in order."""
        if ganger is None:
            return tuple(self._income)
        return tuple([g for g in self._income if g.ganger == ganger])

    def unspent_gang_income(self, ganger: int, *, turn: int | None = None) -> int:
        """Gang money ``ganger`` received (in ``turn``, or this round when ``None``) and has
        neither handed on (R9.5) nor refunded (R10.3)."""
        return sum(
            g.unspent
            for g in self._income
            if g.ganger == ganger and (turn is None or g.turn == turn)
        )

    def problems(self, expected_totals: Sequence[int] | None = None) -> list[str]:
        """Every breach of R9.6 found, as readable lines (empty when the ledger is sound).

        Checked: each transfer moves a positive amount between two different seats; gang money
        and 呼叫转移 name their turn (the bookkeeping needs it); the totals sum to zero; no gang
        income is handed on or refunded beyond what was received; and, when given, the totals
        equal ``expected_totals`` (e.g. the scores a log recorded).
        """
        found = self._transfer_problems
        transfers = self._transfers
        # (the same tests as _sound_since, which check() asks first; keep the two together)
        for i in range(self._checked, len(transfers)):  # each transfer is looked at once
            t = transfers[i]
            if t.units <= 0:
                found.append(f"transfer #{i}: {t.units} units (must be positive) (R9.6)")
            if t.payer == t.payee:
                found.append(f"transfer #{i}: seat {t.payer} pays itself (R9.6)")
            if t.turn is None and (t.reason in GANG_REASONS or t.reason == "call_transfer"):
                found.append(f"transfer #{i}: {t.reason} without its turn (R9.5, R10.3)")
        self._checked = len(transfers)
        out = list(found)
        totals = self.totals()
        if sum(totals) != 0:  # cannot happen with valid transfers; kept as a guard
            out.append(f"totals {totals} do not sum to zero (R9.6)")
        for g in self._income:
            if g.handed_on + g.refunded > g.units:
                out.append(
                    f"gang income #{g.index} of seat {g.ganger}: {g.units} received, "
                    f"{g.handed_on} handed on and {g.refunded} refunded (R9.5, R10.3)"
                )
        if expected_totals is not None:
            exp = list(expected_totals)
            if len(exp) != SEATS:
                out.append(f"expected totals {exp} do not give {SEATS} seats")
            elif exp != totals:
                out.append(f"totals {totals} differ from the expected {exp} (R9.6)")
        return out

    def _sound_since(self) -> bool:
        """:meth:`problems` would find nothing (no ``expected_totals``, none found before):
        the transfers not yet looked at are sound, the totals sum to zero and no gang income
        is overspent. Then the new transfers count as looked at, as :meth:`problems` counts
        them; on False nothing is changed (``problems`` looks again and says what it is)."""
        transfers = self._transfers
        n = len(transfers)
        checked = self._checked
        if checked < n:
            for t in transfers[checked:] if checked else transfers:
                if (
                    t.units <= 0
                    or t.payer == t.payee
                    or (t.turn is None and t.reason in _TURN_REASONS)
                ):
                    return False
        if sum(self._totals) != 0:
            return False
        for g in self._income:
            if g.handed_on + g.refunded > g.units:
                return False
        self._checked = n
        return True

    def check(self, expected_totals: Sequence[int] | None = None) -> None:
        """Raise :class:`LedgerError` listing every problem of :meth:`problems` (R9.6)."""
        if expected_totals is None and not self._transfer_problems and self._sound_since():
            return  # the engine's check after each money move: nothing found, nothing built
        found = self.problems(expected_totals)
        if found:
            raise LedgerError("ledger breaks R9.6: " + "; ".join(found))

    # -- explanation ----------------------------------------------------------------------

    def breakdown(self, seat: int) -> list[tuple[int, Transfer]]:
        """The transfers ``seat`` takes part in, each with its signed amount for that seat."""
        if not _is_int(seat) or not 0 <= seat < SEATS:
            raise LedgerError(f"bad seat {seat!r} (expected 0–3)")
        out = []
        for t in self._transfers:
            if t.payee == seat:
                out.append((t.units, t))
            elif t.payer == seat:
                out.append((-t.units, t))
        return out

    def text(self, seat: int | None = None) -> str:
        """The ledger for people: numbered transfers, then each seat's total.

        With ``seat``, that seat's breakdown only: each transfer it takes part in with its
        signed amount, then its total.
        """
        if seat is not None:
            self.breakdown(seat)  # checks the seat
            rows = [
                f"#{i:<3} {(t.units if t.payee == seat else -t.units):+6d}  {t.text()}"
                for i, t in enumerate(self._transfers)
                if seat in (t.payer, t.payee)
            ]
            rows.append(f"seat {seat} total 合计: {self.totals()[seat]:+d}")
            return "\n".join(rows)
        lines = [f"#{i:<3} {t.text()}" for i, t in enumerate(self._transfers)]
        if not lines:
            lines.append("(no transfers)")
        lines.append("totals 合计:")
        for seat, total in enumerate(self.totals()):
            n = len(self.breakdown(seat))
            lines.append(f"  seat {seat}: {total:+d}  ({n} transfers)")
        return "\n".join(lines)

    # -- plain data -----------------------------------------------------------------------

    def to_list(self) -> list[dict[str, Any]]:
        """Plain data for a log: one dict per transfer, in order."""
        return [t.to_dict() for t in self._transfers]

    @classmethod
    def from_list(cls, data: Sequence[Mapping[str, Any]]) -> Ledger:
        """Inverse of :meth:`to_list`; rebuilds the bookkeeping by replaying the transfers.

        Raises :class:`LedgerError` naming the index of a malformed transfer. It does not run
        :meth:`check`: an audit loads the ledger first, then reports its problems.
        """
        if isinstance(data, (str, bytes)) or not isinstance(data, Sequence):
            raise LedgerError(f"a ledger must be a list, not {type(data).__name__}")
        led = cls()
        for i, item in enumerate(data):
            try:
                led.add(Transfer.from_dict(item))
            except LedgerError as e:
                raise LedgerError(f"ledger entry #{i}: {e}") from None
            except TypeError as e:  # pragma: no cover - from_dict guards the fields
                raise LedgerError(f"ledger entry #{i}: {e}") from None
        return led
