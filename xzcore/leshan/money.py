"""乐山 (Leshan) money and choices: paying a counted win with the discarder's penalties
(R13.2), 飘 (R13.3) and 摆割 (R13.4); the rules of thumb the bots use for 飘 and 摆割.

A counted win (R13.1) costs every payer the same count, plus parts that depend on the pair of
seats, so :func:`pay_count_win` pays it in place of :func:`xzcore.money.settlement.pay_win`,
one transfer per part under its own rule id (docs/leshan.md).

>>> from xzcore.money.ledger import Ledger
>>> from xzcore.rules import RuleSet
>>> from xzcore.scoring import WinContext
>>> from xzcore.scoring.count import score_count
>>> rules = RuleSet.preset("leshan")
>>> s = score_count("123456789m2345p", "5p", "", "s", WinContext(), rules)
>>> s.count
3
>>> led = Ledger()
>>> [(t.units, t.rule) for t in pay_count_win(led, rules, 0, s, discarder=2, piao=(3, 0, 2, 0))]
[(3, 'R9.1'), (5, 'R13.3')]
>>> led.totals()
[8, 0, -8, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from xzcore.errors import LeshanError
from xzcore.money.ledger import Ledger, Transfer
from xzcore.money.settlement import ScoreLike
from xzcore.rules import Dianganghua, QianggangPayer, RuleSet, ZimoBonus

__all__ = [
    "BAIGE_BONUS",
    "BAIGE_MIN_WALL",
    "LeshanError",
    "Part",
    "Penalty",
    "baige_allowed",
    "bot_piao",
    "bot_wants_baige",
    "check_piao",
    "discarder_penalties",
    "pay_count_win",
    "payment_parts",
    "payment_units",
]

BAIGE_MIN_WALL = 12
"""R13.4 (seed 002 "小于或等于6墩牌时，就不能进行摆割了"): 摆割 needs more than 12 wall tiles."""
BAIGE_BONUS = 2
"""R13.4: a 摆割 winner gets +2; a 摆割 seat that deals in pays +2 more."""


class Penalty(NamedTuple):
    """One R13.2 penalty on the discarder: ``zh`` name, ``en`` name, ``units`` it adds."""

    zh: str
    en: str
    units: int


def discarder_penalties(
    rules: RuleSet, *, discarder_melds: int, last_tile: bool, discarder_ready: bool = True
) -> list[Penalty]:
    """R13.2: the penalties a discarder adds to what it pays for a win on its discard.

    金钩炮 — it dealt in from a single-tile wait after melding: ``discarder_melds`` = 4 and
    the one tile it kept is a wait (``discarder_ready``; R7.3: not when that tile is of its
    void suit or it holds all four of it, a 碰 plus the tile in hand);
    海底炮 — its discard followed the last draw (``last_tile``; option ``haidi_pao``).

    >>> [p.zh for p in discarder_penalties(RuleSet.preset("leshan"), discarder_melds=4,
    ...                                    last_tile=True)]
    ['金钩炮', '海底炮']
    """
    out: list[Penalty] = []
    if discarder_melds == 4 and discarder_ready:
        out.append(Penalty("金钩炮", "dealt in from a single wait", 1))
    if last_tile and rules.haidi_pao:
        out.append(Penalty("海底炮", "dealt in after the last draw", 1))
    return out


def check_piao(rules: RuleSet, piao: Sequence[int], name: str = "piao") -> tuple[int, ...]:
    """Four 飘 bets, each 0–``rules.piao_max`` (R13.3); raises :class:`LeshanError`."""
    out = tuple(piao)
    if len(out) != 4:
        raise LeshanError(f"{name}: {len(out)} values; one per seat (4) (R13.3)")
    for s, p in enumerate(out):
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= rules.piao_max:
            raise LeshanError(f"{name}: seat {s} bets {p!r}; 飘 is 0-{rules.piao_max} (R13.3)")
    return out


def _check_flags(baige: Sequence[bool]) -> tuple[bool, ...]:
    out = tuple(baige)
    if len(out) != 4 or not all(isinstance(b, bool) for b in out):
        raise LeshanError(f"baige: {out!r} is not four booleans, one per seat (R13.4)")
    return out


class Part(NamedTuple):
    """One part of what a payer pays for a counted win: ``units``, the ``rule`` that asks
    for it (the R9 rule of the payment for the count itself; R13.2, R13.3, R13.4 for the
    additions) and a ``detail`` for people."""

    units: int
    rule: str
    detail: str


def payment_parts(
    count: int,
    winner: int,
    payer: int,
    *,
    dealt_in: bool,
    piao: Sequence[int],
    baige: Sequence[bool],
    penalties: Sequence[Penalty] = (),
    rule: str = "R9.1",
) -> list[Part]:
    """What ``payer`` pays ``winner`` for a win counted ``count`` (R13.1), part by part:
    the count (under ``rule``, the R9 rule of the payment), the discarder's ``penalties``
    (R13.2; only when ``dealt_in``), both seats' 飘 (R13.3), +2 when the winner laid its hand
    open and +2 when the payer did and dealt in (R13.4). Parts worth nothing are left out.

    >>> parts = payment_parts(3, 0, 1, dealt_in=True, piao=(2, 1, 0, 0),
    ...                       baige=(True, True, False, False))
    >>> [(p.units, p.rule) for p in parts]
    [(3, 'R9.1'), (3, 'R13.3'), (4, 'R13.4')]
    >>> parts[2].detail
    '摆割 winner 2 + 摆割 payer 2'
    """
    parts = [Part(count, rule, f"个数 {count} (R13.1)")]
    pen = [p for p in penalties if p.units] if dealt_in else []
    if pen:
        text = " + ".join(f"{p.zh} {p.units}" for p in pen)
        parts.append(Part(sum(p.units for p in pen), "R13.2", text))
    pw, pp = piao[winner], piao[payer]
    if pw or pp:
        parts.append(Part(pw + pp, "R13.3", f"飘 {pw}+{pp}"))
    bonus = []
    if baige[winner]:
        bonus.append(f"摆割 winner {BAIGE_BONUS}")
    if dealt_in and baige[payer]:
        bonus.append(f"摆割 payer {BAIGE_BONUS}")
    if bonus:
        parts.append(Part(BAIGE_BONUS * len(bonus), "R13.4", " + ".join(bonus)))
    return parts


def payment_units(
    count: int,
    winner: int,
    payer: int,
    *,
    dealt_in: bool,
    piao: Sequence[int],
    baige: Sequence[bool],
    penalties: Sequence[Penalty] = (),
) -> int:
    """The total of :func:`payment_parts`: what ``payer`` pays ``winner`` in all.

    >>> payment_units(3, 0, 1, dealt_in=True, piao=(0, 0, 0, 0), baige=(True, True, False, False))
    7
    """
    parts = payment_parts(
        count, winner, payer, dealt_in=dealt_in, piao=piao, baige=baige, penalties=penalties
    )
    return sum(p.units for p in parts)


def pay_count_win(
    ledger: Ledger,
    rules: RuleSet,
    winner: int,
    score: ScoreLike,
    *,
    discarder: int | None = None,
    payers: Sequence[int] = (),
    robbed: bool = False,
    dianganghua_discarder: int | None = None,
    piao: Sequence[int] = (0, 0, 0, 0),
    baige: Sequence[bool] = (False, False, False, False),
    penalties: Sequence[Penalty] = (),
) -> list[Transfer]:
    """Pay one counted win (R13.1–R13.4) into ``ledger``; returns the transfers added.

    The payers are chosen as by :func:`xzcore.money.settlement.pay_win` (R9.1 discard, R9.2
    self-draw, R9.3 点杠花, R9.4 抢杠); each pays ``score.capped`` (the count) plus the
    per-pair amounts of :func:`payment_parts`, one transfer per part (the count under its R9
    rule, then R13.2, R13.3, R13.4), all with the reason code of the payment. The seat that
    dealt in — the discarder, the robbed seat, or the seat whose discard was ganged when it
    pays alone — is the one R13.2 and R13.4's "deals in" concern; ``penalties`` (R13.2)
    apply to a discard and to a robbed added gang when the robbed seat pays alone (it counts
    as discarder, R6.4), not to 点杠花 or a self-draw.
    """
    if not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < 4:
        raise LeshanError(f"winner: bad seat {winner!r} (expected 0-3)")
    count = score.capped
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise LeshanError(f"score.capped {count!r} must be an int ≥ 1 (R13.1)")
    pi = check_piao(rules, piao)
    bg = _check_flags(baige)
    if robbed and discarder is None:
        raise LeshanError("pay_count_win: 抢杠 needs the robbed seat as discarder (R6.4)")
    if dianganghua_discarder is not None and (discarder is not None or robbed):
        raise LeshanError("pay_count_win: 点杠花 is a self-draw; give dianganghua_discarder only")

    alone: int | None = None  # the one payer, who dealt in
    reason, rule = "self_draw", "R9.2"
    if dianganghua_discarder is not None:
        reason, rule = "dianganghua", "R9.3"
        if rules.dianganghua is Dianganghua.DISCARDER:
            alone = dianganghua_discarder
    elif robbed:
        reason, rule = "qianggang", "R9.4"
        if rules.qianggang_payer is QianggangPayer.ROBBED:
            alone = discarder
    elif discarder is not None:
        if payers:
            raise LeshanError("pay_count_win: a win on a discard is paid by the discarder alone")
        reason, rule, alone = "win_discard", "R9.1", discarder

    if alone is not None:
        who: tuple[int, ...] = (alone,)
    else:
        who = tuple(payers)
        if not who:
            raise LeshanError(f"pay_count_win: a win paid as a self-draw needs its payers ({rule})")
    for p in who:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < 4 or p == winner:
            raise LeshanError(f"payers: bad payer {p!r} for winner {winner}")
    if len(set(who)) != len(who):
        raise LeshanError(f"payers: a seat appears twice in {who}")
    # R13.2 on the seat that dealt in by a discard or by an added gang robbed from it (the
    # robbed seat counts as discarder, R5.5/R6.4; seed 002 "明杠之牌成为点炮之牌").
    dealt_in_tile = reason in ("win_discard", "qianggang") and alone is not None
    out: list[Transfer] = []
    for p in who:
        parts = payment_parts(
            count,
            winner,
            p,
            dealt_in=alone is not None,
            piao=pi,
            baige=bg,
            penalties=penalties if dealt_in_tile else (),
            rule=rule,
        )
        for part in parts:  # one transfer per part, so that an audit names the rule at fault
            out.append(ledger.add(Transfer(p, winner, part.units, reason, part.rule, part.detail)))
    if alone is None and rules.zimo_bonus is ZimoBonus.BASE and score.special is None:
        for p in who:  # R9.2 as in pay_win (not in the leshan preset: zimo_bonus = none)
            t = Transfer(p, winner, 1, "zimo_unit", "R9.2", "one unit (zimo_bonus=base)")
            out.append(ledger.add(t))
    return out


# -- 摆割 and 飘 choices ----------------------------------------------------------------------


def baige_allowed(rules: RuleSet, *, wall_left: int, waits: int) -> bool:
    """R13.4: may a seat lay its hand open now? Option ``baige`` on, more than 12 tiles in
    the wall, and the hand it keeps is ready (``waits``: the bitmask of R7.3, non-zero)."""
    return rules.baige and wall_left > BAIGE_MIN_WALL and waits != 0


def bot_piao(rules: RuleSet, shanten: int) -> int:
    """The bots' rule of thumb for 飘 (R13.3): bet ``3 − shanten`` of the hand after the
    deal and 定缺 — a hand one tile from ready bets 2, two tiles 1, farther nothing — never
    above ``piao_max``.

    >>> [bot_piao(RuleSet.preset("leshan"), s) for s in (-1, 0, 1, 2, 3, 5)]
    [3, 3, 2, 1, 0, 0]
    """
    return max(0, min(rules.piao_max, 3 - max(shanten, 0)))


def bot_wants_baige(waits: int) -> bool:
    """The bots' rule of thumb for 摆割 (R13.4): lay the hand open when it waits on two or
    more kinds — 摆割 freezes the hand, so a single wait is kept hidden.

    >>> bot_wants_baige(0b101), bot_wants_baige(0b100)
    (True, False)
    """
    return bin(waits).count("1") >= 2
