"""Settlement: who pays whom for gangs, wins, 呼叫转移 and the end of round (R6.2–R6.4, R9, R10).

Each function applies one rule of RULES.md to a :class:`~xzcore.money.ledger.Ledger`, appends the
transfers it makes and returns them (in order). The round engine decides *when* to call them
and which seats take part; these functions decide *how much* moves between which seats.

>>> from xzcore.rules import RuleSet
>>> from xzcore.tiles import MeldKind
>>> led = Ledger()
>>> rules = RuleSet.preset("xuezhan")
>>> [t.units for t in pay_gang(led, rules, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=1)]
[2, 2, 2]
>>> led.totals()
[6, -2, -2, -2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Protocol

from xzcore.errors import SettlementError
from xzcore.money.ledger import SEATS, GangIncome, Ledger, LedgerError, Transfer
from xzcore.rules import (
    CallTransfer,
    Dianganghua,
    HuazhuPayees,
    LastRoundWin,
    QianggangPayer,
    RuleSet,
    ZimoBonus,
)
from xzcore.tiles import MeldKind

__all__ = [
    "GangIncome",
    "Ledger",
    "LedgerError",
    "ScoreLike",
    "SeatEnd",
    "SettlementError",
    "Transfer",
    "call_transfer",
    "end_of_round",
    "pay_gang",
    "pay_win",
    "settle_engine_ends",
]


class ScoreLike(Protocol):
    """What settlement needs of a scored win (:class:`xzcore.scoring.Score` has it)."""

    @property
    def capped(self) -> int:
        """The multiplier after the cap (R8.7)."""
        ...

    @property
    def special(self) -> str | None:
        """``"tianhu"``, ``"dihu"`` (R7.5) or ``None``."""
        ...


@dataclass(frozen=True)
class SeatEnd:
    """One seat's state at the end of the round, for R10.

    ``active``: has not won (R10). ``huazhu``: an active seat still holding its void suit
    (R10.1; the engine decides, also without ``declare_void``). ``ready_multiplier``: for a
    ready active seat (R7.3), the capped multiplier it could win with, pattern and 根 only,
    ``max``/``min`` per ``rules.chajiao`` (R10.2; see ``xzcore.scoring.chajiao_multiplier``);
    ``None`` when not ready. ``forfeited``: it passed a final-round win under
    ``last_round_win = forfeit`` and collects nothing in 查大叫 (R5.7).
    """

    seat: int
    active: bool
    huazhu: bool = False
    ready_multiplier: int | None = None
    forfeited: bool = False

    def __post_init__(self) -> None:
        m = self.ready_multiplier
        if (  # the usual, valid case at a glance; anything else is looked at one by one
            type(self.seat) is int
            and 0 <= self.seat < SEATS
            and type(self.active) is bool
            and type(self.huazhu) is bool
            and type(self.forfeited) is bool
            and (m is None or (type(m) is int and m >= 1))
            and (self.active or not (self.huazhu or m is not None))
            and not (self.huazhu and m is not None)
        ):
            return
        where = f"SeatEnd(seat={self.seat!r})"
        _check_seat(self.seat, "seat")
        for name in ("active", "huazhu", "forfeited"):
            if not isinstance(getattr(self, name), bool):
                raise SettlementError(f"{where}: {name} must be a bool")
        if m is not None and (not _is_int(m) or m < 1):
            raise SettlementError(f"{where}: ready_multiplier {m!r} must be an int ≥ 1 or None")
        if self.huazhu and not self.active:
            raise SettlementError(f"{where}: a 花猪 is an active seat (R10.1)")
        if self.huazhu and m is not None:
            raise SettlementError(f"{where}: a 花猪 holds a void tile and is not ready (R7.3)")
        if m is not None and not self.active:
            raise SettlementError(f"{where}: only an active seat is checked for ready (R10.2)")

    @property
    def ready(self) -> bool:
        """Active and ready (R7.3)."""
        return self.active and self.ready_multiplier is not None


_SEAT_OF = attrgetter("seat")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_seat(seat: object, name: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise SettlementError(f"{name}: bad seat {seat!r} (expected 0–3)")
    return seat


def _check_payers(payers: Sequence[int], receiver: int, name: str = "payers") -> tuple[int, ...]:
    out = tuple(payers)
    for p in out:
        if type(p) is not int or not 0 <= p < SEATS:
            _check_seat(p, name)  # raises, unless an int subclass names a seat
    if len(set(out)) != len(out):
        raise SettlementError(f"{name}: a seat appears twice in {out}")
    if receiver in out:
        raise SettlementError(f"{name}: seat {receiver} cannot pay itself ({out})")
    return out


# -- R6.2–R6.3 gang money -------------------------------------------------------------------
#
# pay_gang and pay_win build their transfers with Transfer._trusted: every seat, amount and turn
# in them has been checked above (seats by _check_seat/_check_payers, amounts as ints of the
# RuleSet or score.capped, turns by _is_int), reasons and rule ids are spelt here.


def pay_gang(
    ledger: Ledger,
    rules: RuleSet,
    ganger: int,
    kind: MeldKind,
    *,
    discarder: int | None = None,
    payers: Sequence[int] = (),
    turn: int,
    late: bool = False,
) -> list[Transfer]:
    """Gang money 刮风/下雨 (R6.2), outside the cap, booked as ``ganger``'s income of ``turn``.

    - ``MeldKind.GANG`` (direct): ``discarder`` pays ``rules.gang_direct_units``.
    - ``MeldKind.BUGANG`` (added): each seat of ``payers`` pays ``rules.gang_added_units``;
      with ``late`` (the fourth tile was held since before this turn's draw, 转手杠) and
      ``rules.late_added_gang_pays`` off, nothing is paid (R6.3).
    - ``MeldKind.ANGANG`` (concealed): each of ``payers`` pays ``rules.gang_concealed_units``.

    ``payers`` are the *other in-play* seats at the moment of the gang (R6.2: in 血战 the seats
    that have not won; in 血流 all three others). A robbed added gang (R6.4) is void: do not
    call this for it.
    """
    if type(ganger) is not int or not 0 <= ganger < SEATS:  # the usual valid seat at a glance
        _check_seat(ganger, "ganger")
    if type(turn) is not int and not _is_int(turn):
        raise SettlementError(f"turn: {turn!r} is not an integer")
    out: list[Transfer] = []
    if kind is MeldKind.GANG:
        if discarder is None:
            raise SettlementError("pay_gang: a direct gang needs its discarder (R6.2)")
        if type(discarder) is not int or not 0 <= discarder < SEATS or discarder == ganger:
            _check_payers((discarder,), ganger, "discarder")
        if payers:
            raise SettlementError("pay_gang: a direct gang is paid by the discarder alone (R6.2)")
        units = rules.gang_direct_units
        if units:
            t = Transfer._trusted(
                discarder, ganger, units, "gang_direct", "R6.2", f"turn {turn}", turn
            )
            out.append(ledger.add(t))
        return out
    if kind not in (MeldKind.BUGANG, MeldKind.ANGANG):
        raise SettlementError(f"pay_gang: {kind!r} is not a gang (R6.1)")
    if discarder is not None:
        raise SettlementError(f"pay_gang: a {kind.name} gang has no discarder (R6.2)")
    who = _check_payers(payers, ganger)
    if kind is MeldKind.BUGANG:
        if late and not rules.late_added_gang_pays:
            return out  # R6.3: 转手杠 earns nothing
        units, reason = rules.gang_added_units, "gang_added"
    else:
        units, reason = rules.gang_concealed_units, "gang_concealed"
    if units:
        for p in who:
            t = Transfer._trusted(p, ganger, units, reason, "R6.2", f"turn {turn}", turn)
            out.append(ledger.add(t))
    return out


# -- R9.1–R9.4 paying a win -----------------------------------------------------------------


def pay_win(
    ledger: Ledger,
    rules: RuleSet,
    winner: int,
    score: ScoreLike,
    *,
    discarder: int | None = None,
    payers: Sequence[int] = (),
    robbed: bool = False,
    dianganghua_discarder: int | None = None,
) -> list[Transfer]:
    """Pay one win; ``score.capped`` is its multiplier after the cap (R8.7).

    Say which kind of win it is:

    - a win on a discard (R9.1): ``discarder`` — it pays ``capped``;
    - 抢杠胡 (R6.4, R9.4): ``robbed=True`` and ``discarder`` = the robbed seat — with
      ``qianggang_payer = robbed`` it pays as a discarder, with ``all`` the win is paid as a
      self-draw by ``payers``;
    - a self-draw (R9.2): ``payers`` = the other in-play seats — each pays ``capped``, plus
      one unit after the cap with ``zimo_bonus = base`` (not for 天胡/地胡, ``score.special``);
    - 点杠花 (R9.3), a self-draw on the replacement draw of a direct gang: also
      ``dianganghua_discarder`` = the seat whose discard was ganged — with ``dianganghua =
      discarder`` it pays ``capped`` alone, no unit; with ``all`` it is paid as a self-draw by
      ``payers``.

    "Paid as a self-draw" includes R9.2's unit under ``zimo_bonus = base``. Give ``payers``
    whenever the win may be paid as a self-draw (the engine can always pass them).
    """
    if (  # the engine's usual call, at a glance: a win on a discard by valid seats (R9.1)
        discarder is not None
        and type(payers) is tuple
        and not payers
        and robbed is False
        and dianganghua_discarder is None
        and type(winner) is int
        and type(discarder) is int
        and 0 <= winner < SEATS
        and 0 <= discarder < SEATS
        and winner != discarder
    ):
        try:
            capped, special = score.capped, score.special
        except AttributeError:
            capped = None  # refused below, as before
        if (
            type(capped) is int
            and capped >= 1
            and capped == rules.cap(capped)
            and (special is None or special == "tianhu" or special == "dihu")
        ):
            t = Transfer._trusted(discarder, winner, capped, "win_discard", "R9.1", f"×{capped}")
            return [ledger.add(t)]
        # anything else: the checks below, one by one (they read the score again)
    _check_seat(winner, "winner")
    try:
        capped, special = score.capped, score.special
    except AttributeError:
        raise SettlementError(
            f"score: {score!r} has no capped/special (expected a scoring.Score)"
        ) from None
    if not _is_int(capped) or capped < 1:
        raise SettlementError(f"score.capped {capped!r} must be an int ≥ 1")
    if capped != rules.cap(capped):
        raise SettlementError(
            f"score.capped {capped} is above the cap 2**{rules.cap_fan} (R8.7): "
            "was the win scored with another rule set?"
        )
    if special not in (None, "tianhu", "dihu"):
        raise SettlementError(f"score.special {special!r} is not 'tianhu', 'dihu' or None")
    if robbed and discarder is None:
        raise SettlementError("pay_win: 抢杠胡 needs the robbed seat as discarder (R6.4)")
    if robbed and dianganghua_discarder is not None:
        raise SettlementError("pay_win: a win is not both 抢杠 and 点杠花 (R9.3, R9.4)")
    if dianganghua_discarder is not None and discarder is not None:
        raise SettlementError("pay_win: 点杠花 is a self-draw; give dianganghua_discarder only")
    out: list[Transfer] = []

    if dianganghua_discarder is not None:
        _check_payers((dianganghua_discarder,), winner, "dianganghua_discarder")
        if rules.dianganghua is Dianganghua.DISCARDER:
            t = Transfer._trusted(
                dianganghua_discarder,
                winner,
                capped,
                "dianganghua",
                "R9.3",
                f"×{capped}; the seat whose discard was ganged pays alone, no self-draw unit",
            )
            out.append(ledger.add(t))
            return out
        return _pay_as_self_draw(
            ledger, rules, winner, capped, special, payers, "dianganghua", "R9.3", out
        )

    if robbed:
        assert discarder is not None
        _check_payers((discarder,), winner, "discarder")
        if rules.qianggang_payer is QianggangPayer.ROBBED:
            t = Transfer._trusted(
                discarder,
                winner,
                capped,
                "qianggang",
                "R9.4",
                f"×{capped}; the robbed seat pays as a discarder (R6.4)",
            )
            out.append(ledger.add(t))
            return out
        return _pay_as_self_draw(
            ledger, rules, winner, capped, special, payers, "qianggang", "R9.4", out
        )

    if discarder is not None:
        _check_payers((discarder,), winner, "discarder")
        if payers:
            raise SettlementError("pay_win: a win on a discard is paid by the discarder alone")
        t = Transfer._trusted(discarder, winner, capped, "win_discard", "R9.1", f"×{capped}")
        out.append(ledger.add(t))
        return out

    return _pay_as_self_draw(
        ledger, rules, winner, capped, special, payers, "self_draw", "R9.2", out
    )


def _pay_as_self_draw(
    ledger: Ledger,
    rules: RuleSet,
    winner: int,
    capped: int,
    special: str | None,
    payers: Sequence[int],
    reason: str,
    rule: str,
    out: list[Transfer],
) -> list[Transfer]:
    """R9.2: each payer pays ``capped``; then, with ``zimo_bonus = base`` and no 天胡/地胡, one
    more unit each, after the cap."""
    who = _check_payers(payers, winner)
    if not who:
        raise SettlementError(f"pay_win: a win paid as a self-draw needs its payers ({rule})")
    for p in who:
        out.append(ledger.add(Transfer._trusted(p, winner, capped, reason, rule, f"×{capped}")))
    if rules.zimo_bonus is ZimoBonus.BASE and special is None:
        unit = "one unit after the cap (zimo_bonus=base)"
        for p in who:
            out.append(ledger.add(Transfer._trusted(p, winner, 1, "zimo_unit", "R9.2", unit)))
    return out


# -- R9.5 呼叫转移 ------------------------------------------------------------------------------


def call_transfer(
    ledger: Ledger,
    rules: RuleSet,
    discarder: int,
    winners: Sequence[int],
    *,
    turn: int,
) -> list[Transfer]:
    """呼叫转移 on 杠上炮 (R9.5): ``discarder`` gave up a win on the discard it made after its
    gang's replacement draw, in ``turn``; ``winners`` are the winners of that discard in play
    order from the discarder. Call it after :func:`pay_win` for each winner.

    - ``last_gang``: each winner gets the gang money ``discarder`` received for the gangs it
      made in ``turn`` (two consecutive gangs: both).
    - ``all_gangs_first``: the first winner gets all the gang money ``discarder`` received this
      round that it has not already handed on (income handed on by an earlier 呼叫转移 is not
      handed on twice).
    - ``none``: nothing.

    The amount is what the discarder *received*, whether or not it still holds it: what it no
    longer holds (spent, or already handed to an earlier winner) it pays from its own pocket.
    The ledger books the income as handed on, so 退税 (R10.3) does not refund it.
    """
    _check_seat(discarder, "discarder")
    if not _is_int(turn):
        raise SettlementError(f"turn: {turn!r} is not an integer")
    who = _check_payers(winners, discarder, "winners")
    if not who:
        raise SettlementError("call_transfer: 杠上炮 needs at least one winner (R9.5)")
    if list(who) != sorted(who, key=lambda w: (w - discarder) % SEATS):
        raise SettlementError(
            f"call_transfer: winners {who} are not in play order from seat {discarder} (R9.5)"
        )
    if any(
        t.reason.startswith("call_transfer") and t.payer == discarder and t.turn == turn
        for t in ledger
    ):
        raise SettlementError(
            f"call_transfer: 呼叫转移 of seat {discarder} in turn {turn} is already in the "
            "ledger; call it once with every winner of the discard (R9.5)"
        )
    out: list[Transfer] = []
    mode = rules.call_transfer
    if mode is CallTransfer.NONE:
        return out
    if mode is CallTransfer.LAST_GANG:
        amount = sum(g.units for g in ledger.gang_income(discarder) if g.turn == turn)
        targets = list(who) if amount else []
        reason, what = "call_transfer", f"gang money of its gangs in turn {turn}"
        scope: int | None = turn
    else:
        amount = ledger.unspent_gang_income(discarder)
        targets = [who[0]] if amount else []
        reason, what = "call_transfer_all", "its gang money of the round, to the first winner"
        scope = None
    for w in targets:
        held = min(amount, ledger.unspent_gang_income(discarder, turn=scope))
        detail = f"{what}: {amount} ({held} handed on, {amount - held} from its own pocket)"
        out.append(ledger.add(Transfer(discarder, w, amount, reason, "R9.5", detail, turn=turn)))
    return out


# -- R10 end of round -----------------------------------------------------------------------


def end_of_round(ledger: Ledger, rules: RuleSet, seats: Sequence[SeatEnd]) -> list[Transfer]:
    """The end-of-round settlement, in order: 查花猪 (R10.1), 查大叫 (R10.2), 退税 (R10.3).

    ``seats`` gives all four seats once each (winners with ``active=False``). Call it when the
    wall is empty and the last discard is resolved. In 血战, R10 applies only while two or more
    seats are active; with fewer (three have won, R10.4) this adds nothing and returns ``[]``.
    In 血流 (``rules.xueliu``) "active" means "never won" and R10 applies to every such seat,
    however many (R11.2): a lone never-won seat is settled too (with ``huazhu_payees = all`` a
    lone 花猪 pays each winner; a lone unready seat refunds its gang money; it has nobody to
    pay or be paid by in 查大叫); with none, there is nobody to settle.

    - 查花猪: each 花猪 pays ``rules.huazhu_units`` to each non-花猪 seat — active ones only
      (``huazhu_payees = active``) or all four seats' non-花猪 (``all``, winners included).
    - 查大叫: each active seat that is not ready — a 花猪 only with ``huazhu_pays_chajiao`` —
      pays each ready active seat its ``ready_multiplier`` (already capped: a value above the
      cap raises); a seat that forfeited (R5.7) collects nothing.
    - 退税 (``refund_gang_money``): each active seat that is not ready, 花猪 included, gives
      back the gang money it received this round and did not hand on by 呼叫转移, to the seats
      that paid it, whether or not they are still active.
    """
    checked = _check_ends(seats, rules)
    facts = [(e.seat, e.active, e.huazhu, e.ready_multiplier, e.forfeited) for e in checked]
    return _settle_ends(ledger, rules, facts)


_Facts = tuple[int, bool, bool, int | None, bool]
"""One seat's R10 facts as a tuple: (seat, active, huazhu, ready_multiplier, forfeited)."""


def settle_engine_ends(
    ledger: Ledger, rules: RuleSet, ends: Sequence[_Facts]
) -> list[Transfer] | None:
    """:func:`end_of_round` for the round engine's own facts, one ``(seat, active, huazhu,
    ready_multiplier, forfeited)`` tuple per seat in seat order, without building
    :class:`SeatEnd` values: the same transfers when every tuple is one that ``SeatEnd`` and
    :func:`end_of_round` accept at a glance; otherwise ``None`` and nothing is changed (the
    caller then builds the ``SeatEnd`` values, which say what is wrong)."""
    if len(ends) != SEATS:
        return None
    forfeit_ok = rules.last_round_win is LastRoundWin.FORFEIT
    for i, e in enumerate(ends):
        if type(e) is not tuple or len(e) != 5:
            return None
        seat, active, huazhu, m, forfeited = e
        if (
            type(seat) is not int
            or seat != i
            or type(active) is not bool
            or type(huazhu) is not bool
            or type(forfeited) is not bool
            or (forfeited and not forfeit_ok)  # R5.7
        ):
            return None
        if m is not None:  # ready (R10.2): an active seat, not a 花猪, an int within the cap
            if type(m) is not int or m < 1 or huazhu or not active or m != rules.cap(m):
                return None
        elif huazhu and not active:  # a 花猪 is an active seat (R10.1)
            return None
    return _settle_ends(ledger, rules, ends)


def _settle_ends(ledger: Ledger, rules: RuleSet, ends: Sequence[_Facts]) -> list[Transfer]:
    """R10.1–R10.3 over the checked facts of the four seats in seat order (see
    :func:`end_of_round`)."""
    # The transfers below are built with Transfer._trusted: their seats and multipliers were
    # checked (SeatEnd and _check_ends, or settle_engine_ends), their refunds are ledger
    # income, their amounts the RuleSet's.
    out: list[Transfer] = []
    active = [e for e in ends if e[1]]
    if len(active) < 2 and not rules.xueliu:
        return out  # R10 / R10.4 (血战): no end-of-round settlement
    # R11.2 (血流): every never-won seat, even a lone one; with none, the loops add nothing.
    add = ledger.add
    trusted = Transfer._trusted
    # R10.1 查花猪
    pigs = [e[0] for e in active if e[2]]
    if pigs:
        if rules.huazhu_payees is HuazhuPayees.ACTIVE:
            payees = [e[0] for e in active if not e[2]]
        else:
            payees = [e[0] for e in ends if not e[2]]
        units = rules.huazhu_units
        what = f"花猪 pays {units} to each non-花猪 seat ({rules.huazhu_payees.value})"
        for pig in pigs:
            for p in payees:
                out.append(add(Transfer(pig, p, units, "huazhu", "R10.1", what)))
    # R10.2 查大叫: the ready active seats that did not forfeit (R5.7) collect
    ready = [(e[0], e[3]) for e in active if e[3] is not None and not e[4]]
    if ready:
        how = rules.chajiao.value
        pig_pays = rules.huazhu_pays_chajiao
        for seat, _, huazhu, m, _ in active:
            if m is not None or (huazhu and not pig_pays):
                continue
            for r, rm in ready:
                detail = f"seat {r} ready for ×{rm} ({how})"
                out.append(add(trusted(seat, r, rm, "chajiao", "R10.2", detail)))
    # R10.3 退税
    if rules.refund_gang_money:
        for seat, _, _, m, _ in active:
            if m is not None:
                continue
            owed: dict[int, int] = {}
            turns: dict[int, list[str]] = {}
            for g in ledger.gang_income(seat):
                left = g.units - g.handed_on - g.refunded  # GangIncome.unspent
                if left:
                    payer = g.payer
                    if payer in owed:
                        owed[payer] += left
                        turns[payer].append(str(g.turn))
                    else:
                        owed[payer] = left
                        turns[payer] = [str(g.turn)]
            for payer in sorted(owed) if len(owed) > 1 else owed:
                detail = f"gang money not handed on (turn {', '.join(turns[payer])})"
                out.append(add(trusted(seat, payer, owed[payer], "refund", "R10.3", detail)))
    return out


def _check_ends(seats: Sequence[SeatEnd], rules: RuleSet) -> list[SeatEnd]:
    try:
        ends = list(seats)
    except TypeError:
        raise SettlementError(
            f"end_of_round: seats {seats!r} is not a sequence of SeatEnd"
        ) from None
    for e in ends:
        if not isinstance(e, SeatEnd):
            raise SettlementError(f"end_of_round: expected SeatEnd values, not {e!r}")
    got = sorted(e.seat for e in ends)
    if got != list(range(SEATS)):
        raise SettlementError(f"end_of_round: need seats 0–3 once each, got {got}")
    ends.sort(key=_SEAT_OF)
    for e in ends:
        m = e.ready_multiplier
        if m is not None and m != rules.cap(m):
            raise SettlementError(
                f"end_of_round: seat {e.seat} ready_multiplier {m} is above the cap "
                f"2**{rules.cap_fan} (R10.2, R8.7)"
            )
        if e.forfeited and rules.last_round_win is not LastRoundWin.FORFEIT:
            raise SettlementError(
                f"end_of_round: seat {e.seat} forfeited, but last_round_win is "
                f"{rules.last_round_win.value}, not forfeit (R5.7)"
            )
    return ends
