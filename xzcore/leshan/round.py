"""A round of 乐山 (Leshan) 血战到底: the round engine plus 飘 (R13.3), 摆割 (R13.4) and
count scoring (R13.1, R13.2) — RULES.md R13.

:class:`LeshanRound` is a :class:`~xzcore.round.engine.Round` with a 飘 phase after 定缺, the
``baige`` action, and wins scored by count and paid per payer; R13.5 and R13.6 are the base
engine's R5.7, R7.4 and R11.1 under the ``leshan`` preset. :func:`new_round` gives the right
class for a rule set. The phases, events and restrictions: docs/leshan.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, ClassVar

from xzcore.leshan.money import BAIGE_MIN_WALL, Penalty, discarder_penalties, pay_count_win
from xzcore.log.events import event
from xzcore.money.ledger import Transfer
from xzcore.refusal import Refusal, refuse
from xzcore.round.actions import Action, IllegalActionError, LeshanAction
from xzcore.round.base import TURN, Phase
from xzcore.round.engine import Round
from xzcore.rules import RuleSet, Scoring
from xzcore.scoring import Score
from xzcore.tiles import NAMES, format_tiles

__all__ = ["PIAO", "LeshanRound", "needs_leshan_round", "new_round"]

PIAO = 6
"""The phase value of the 飘 bets (after :class:`~xzcore.round.base.Phase`'s values)."""


_PIAO_ACTIONS = [[LeshanAction("piao", s, -1, n) for n in range(6)] for s in range(4)]
_BAIGE_ACTIONS = [[LeshanAction("baige", s, k) for k in range(27)] for s in range(4)]


def needs_leshan_round(rules: RuleSet) -> bool:
    """True when ``rules`` use count scoring, 飘 or 摆割 (R13): :class:`LeshanRound`."""
    return rules.scoring is Scoring.COUNT or rules.piao_max > 0 or rules.baige


def new_round(
    rules: RuleSet,
    wall: Sequence[int],
    dealer: int,
    *,
    exchange_direction: int | None = None,
    kernel: ModuleType | None = None,
) -> Round:
    """A :class:`LeshanRound` when the rules need one (R13), else a plain ``Round``."""
    cls = LeshanRound if needs_leshan_round(rules) else Round
    return cls(rules, wall, dealer, exchange_direction=exchange_direction, kernel=kernel)


class LeshanRound(Round):
    """One round with 飘, 摆割 and count scoring (R13); same constructor as ``Round``."""

    COUNT_SCORING: ClassVar[bool] = True
    _LIST_FIELDS = (*Round._LIST_FIELDS, "piao", "baige", "baige_waits")
    """:meth:`copy` copies the 飘 bets and the 摆割 state too (R13.3, R13.4)."""

    def __init__(
        self,
        rules: RuleSet,
        wall: Sequence[int],
        dealer: int,
        *,
        exchange_direction: int | None = None,
        kernel: ModuleType | None = None,
    ) -> None:
        if rules.scoring is not Scoring.COUNT:
            raise ValueError(
                "飘 (piao_max) and 摆割 (baige) are Leshan rules (R13.3, R13.4) and are paid on "
                f"a count (R13.1): they need scoring = count, not {rules.scoring.value}"
            )
        self.piao = [0, 0, 0, 0]
        """Each seat's 飘 (R13.3)."""
        self.baige = [False] * 4
        """Seats that laid their hand open (R13.4)."""
        self.baige_waits = [0, 0, 0, 0]
        """The waits (bitmask of kinds) each 摆割 seat showed."""
        self._piao_done = False
        super().__init__(rules, wall, dealer, exchange_direction=exchange_direction, kernel=kernel)

    # -- phases -------------------------------------------------------------------------------

    @property
    def stage(self) -> Phase:
        """The current :class:`~xzcore.round.base.Phase`; the 飘 bets count as ``DINGQUE``
        (both are simultaneous choices before play; check ``phase == PIAO`` to tell)."""
        return Phase.DINGQUE if self.phase == PIAO else Phase(self.phase)

    def _begin_play(self) -> None:
        if self.rules.piao_max > 0 and not self._piao_done:
            self.phase = PIAO  # R13.3: before the first draw
            return
        super()._begin_play()

    def _do_piao(self) -> None:
        """R13.3: the bets are simultaneous and kept for the round."""
        chosen = self._pending
        self._pending = {}
        for s in range(4):
            n: int = chosen[s][3]  # type: ignore[assignment]  # a LeshanAction's amount
            self.piao[s] = n
            self.events.append(event("piao", actor=s, piao=n))
        self._piao_done = True
        super()._begin_play()

    # -- asking -------------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Any]:
        """As ``Round.legal_actions``, plus the 飘 bets and the 摆割 discards (R13.3, R13.4)."""
        if self.phase == PIAO:
            if seat in self._pending:
                return []
            return list(_PIAO_ACTIONS[seat][: self.rules.piao_max + 1])
        return super().legal_actions(seat)

    def _turn_actions(self) -> list[Action]:
        s = self.cur
        if self.baige[s] and not self._must_discard:
            return self._baige_turn(s)
        out: list[Any] = super()._turn_actions()
        if self.baige[s] or not self.rules.baige or 108 - self.pos <= BAIGE_MIN_WALL:
            return out
        if len(out) == 1 and out[0].word == "hora":
            return out  # a forced win (R5.7)
        if self.kernel.shanten(self.hands[s].counts(), self.voids[s]) > 0:
            return out  # no discard can leave the hand ready (R7.3): a cheap first test
        for a in list(out):
            if a.word == "dahai" and self._waits_without(s, a.tile):
                out.append(_BAIGE_ACTIONS[s][a.tile])
        return out

    def _baige_turn(self, s: int) -> list[Action]:
        """R13.4: a 摆割 seat wins, makes a gang of the kind it drew that keeps its waits, or
        discards its draw."""
        h = self.hands[s]
        c = h.counts()
        out: list[Action] = []
        if h.is_win() and self._suits_ok(s):
            win = Action("hora", s, self._win_tile(s))
            if self._forced(False):
                return [win]
            out.append(win)
        d = self.drawn
        if self.pos < 108 and d >= 0 and d // 9 != self.voids[s]:
            # R13.4: the drawn tile is never kept, so a gang must be of the drawn kind (a quad
            # or 碰 held before would keep the drawn tile and change the open hand), and the
            # waits must stay the same.
            gangs = []
            if c[d] == 4:
                gangs.append(Action("ankan", s, d))
            elif d in self.pengs[s]:
                gangs.append(Action("kakan", s, d))
            out.extend(a for a in gangs if self._gang_keeps_waits(s, a))
        out.append(Action("dahai", s, self.drawn if self.drawn >= 0 else _any(c)))
        return out

    def _waits_without(self, s: int, k: int) -> int:
        """The waits (R7.3 bitmask) of seat ``s``'s hand after discarding ``k``."""
        h = self.hands[s].copy()
        h.remove(k)
        c = bytearray(h.counts())
        for m in self.melds[s]:
            c[m.tile] += m.size
        return int(h.waits(sum(1 << i for i in range(27) if c[i] >= 4)))

    def _open_claims(self, k: int, src: int, *, robbing: bool, first: bool) -> bool:
        """R13.4: a 摆割 seat may not peng, and gangs a discard only if its waits stay."""
        super()._open_claims(k, src, robbing=robbing, first=first)
        for o in [o for o in self._claim_opts if self.baige[o]]:
            keep = [
                a
                for a in self._claim_opts[o]
                if a.word in ("hora", "none")
                or (a.word == "daiminkan" and self._kan_keeps_waits(o, k))
            ]
            if [a.word for a in keep] == ["none"]:
                del self._claim_opts[o]
            else:
                self._claim_opts[o] = keep
        return bool(self._claim_opts)

    # -- acting -------------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Check and apply an action; Leshan actions and the R13.4 limits are refused with
        :class:`~xzcore.round.actions.IllegalActionError` naming R13.3/R13.4."""
        if isinstance(action, LeshanAction):
            if action not in self.legal_actions(action.seat):
                raise IllegalActionError(action, self._diagnose_leshan(action))  # type: ignore[arg-type]
            self.apply(action)
            return
        if self.phase == PIAO:
            raise IllegalActionError(action, refuse("R13.3", "piao_first"))
        if isinstance(action, Action) and action not in self.legal_actions(action.seat):
            refusal = self._baige_refusal(action)
            if refusal is not None:
                raise IllegalActionError(action, refusal)
        super().play(action)

    def diagnose_claim(
        self,
        action: Action,
        src: int,
        k: int,
        *,
        won_by: Sequence[int] = (),
        answered: bool = False,
        robbing: bool = False,
    ) -> Refusal:
        """As ``Round.diagnose_claim``, with R13.4 first: a 摆割 seat's 碰 or gang of a
        discard that does not keep its waits is not offered."""
        refusal = self._baige_refusal(action)
        if refusal is not None:
            return refusal
        return super().diagnose_claim(
            action, src, k, won_by=won_by, answered=answered, robbing=robbing
        )

    def _diagnose_leshan(self, a: LeshanAction) -> Refusal:
        if a.word == "piao":
            if self.phase != PIAO:
                return refuse("R13.3", "piao_before_draw")
            if a.seat in self._pending:
                return refuse("R13.3", "piao_done", seat=a.seat)
            return refuse("R13.3", "piao_range", max=self.rules.piao_max, amount=a.amount)
        if not self.rules.baige:
            return refuse("R13.4", "baige_off")
        if self.phase != TURN or a.seat != self.cur:
            return refuse("R13.4", "baige_turn")
        if self.baige[a.seat]:
            return refuse("R13.4", "baige_done", seat=a.seat)
        left = 108 - self.pos
        if left <= BAIGE_MIN_WALL:
            return refuse("R13.4", "baige_wall", left=left, min=BAIGE_MIN_WALL)
        if not self.hands[a.seat].count(a.tile):
            return refuse("R13.4", "not_held", seat=a.seat, tile=a.tile)
        if not self._waits_without(a.seat, a.tile):
            return refuse("R13.4", "baige_not_ready", tile=a.tile)
        return refuse("R4.2", "baige_void_first")

    def _baige_refusal(self, a: Action) -> Refusal | None:
        """Why R13.4 forbids ``a`` to a 摆割 seat, or None when it is not that."""
        s = a.seat
        if not self.baige[s]:
            return None
        if a.word == "pon":
            return refuse("R13.4", "baige_no_peng", seat=s)
        if self.phase == TURN and s == self.cur and a.word == "dahai" and a.tile != self.drawn:
            return refuse("R13.4", "baige_discard_drawn", seat=s)
        if a.word in ("ankan", "kakan", "daiminkan"):
            return refuse("R13.4", "baige_gang", seat=s)
        return None

    def apply(self, action: Any) -> None:
        """Apply a trusted action (``Round.apply`` plus the 飘 and 摆割 actions)."""
        word = action[0]
        if self.phase == PIAO:
            self._pending[action[1]] = action
            if len(self._pending) == 4:
                self._do_piao()
            return
        if word == "baige":
            self._baige(action[1], action[2])
            return
        super().apply(action)

    def _baige(self, s: int, k: int) -> None:
        """R13.4: discard ``k`` and lay the rest of the hand open, for every seat to see."""
        h = self.hands[s].copy()
        h.remove(k)
        waits = self._waits_without(s, k)
        self.baige[s] = True
        self.baige_waits[s] = waits
        self.events.append(
            event(
                "baige",
                actor=s,
                pai=NAMES[k],
                hand=format_tiles(_kinds(h.counts())),
                waits=format_tiles([i for i in range(27) if waits >> i & 1]),
            )
        )
        at = len(self.events)
        self._dahai(k)
        assert self.events[at]["type"] == "dahai"  # the discard's event comes first
        self.events[at]["baige"] = True

    # -- scoring and paying (R13.1-R13.4) -------------------------------------------------------

    def _pay_win(
        self,
        winner: int,
        score: Score,
        *,
        discarder: int | None = None,
        payers: Sequence[int] = (),
        robbed: bool = False,
        dianganghua_discarder: int | None = None,
    ) -> list[Transfer]:
        """Pay a counted win (R13.1) per payer with the discarder's penalties (R13.2, on a
        discard or a robbed added gang, whose seat counts as discarder, R6.4), both seats' 飘
        (R13.3) and the 摆割 bonuses (R13.4); who pays is R9.1–R9.4 as in ``Round``."""
        penalties: list[Penalty] = []
        if discarder is not None:
            melds = len(self.melds[discarder])
            # R13.2 金钩炮 needs a single-tile *wait* (R7.3): the one tile kept must be a wait.
            ready = melds == 4 and bool(self.hands[discarder].waits(self._held4(discarder)))
            penalties = discarder_penalties(
                self.rules,
                discarder_melds=melds,
                last_tile=self.pos >= 108 and not robbed,
                discarder_ready=ready,
            )
        return pay_count_win(
            self.ledger,
            self.rules,
            winner,
            score,
            discarder=discarder,
            payers=payers,
            robbed=robbed,
            dianganghua_discarder=dianganghua_discarder,
            piao=self.piao,
            baige=self.baige,
            penalties=penalties,
        )


def _kinds(c: bytes) -> list[int]:
    return [k for k in range(27) for _ in range(c[k])]


def _any(c: bytes) -> int:
    return next(k for k in range(27) if c[k])
