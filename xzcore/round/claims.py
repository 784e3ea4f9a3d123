"""The round engine's claims: what other seats may do with a discard or an added gang, and
how their answers resolve (RULES.md R5.2, R5.3, R5.5, R6.4, R7.4, R5.7, R9.5).

Split from :mod:`xzcore.round.engine` along one seam: :class:`ClaimsMixin` holds everything from
the moment a tile is offered to other seats (a discard, or an added gang that may be robbed)
until play resumes; :class:`xzcore.round.engine.Round` holds the turn itself. The few turn
primitives the claims need (drawing, the next turn, recording a win, gang money) are declared
here and provided by ``Round``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xzcore.log.events import event
from xzcore.money.ledger import Transfer
from xzcore.money.settlement import call_transfer, pay_win
from xzcore.round.actions import _DAIMINKAN, _HORA, _NONE, _PON, Action
from xzcore.round.base import (
    MELDS,
    TURN,
    RoundBase,
    win_context,
)
from xzcore.rules import LastRoundScope, LastRoundWin, PassHu
from xzcore.scoring import Score, WinContext
from xzcore.scoring.engine import score_engine_win
from xzcore.tiles import NAMES, MeldKind

__all__ = ["ClaimsMixin"]

_OTHERS = tuple(((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4))
"""The other seats in play order from each seat (R2.1)."""


class ClaimsMixin(RoundBase):
    """Claims on a discard (R5.2) or an added gang (R6.4), resolved by R5.3."""

    # -- provided by xzcore.round.engine.Round (the turn side) ------------------------------

    def _draw(self, s: int, rinshan: bool) -> None:
        raise NotImplementedError

    def _next_turn(self, after: int) -> None:
        raise NotImplementedError

    def _begin_turn(self, s: int) -> None:
        raise NotImplementedError

    def _finish_kakan(self, s: int, k: int) -> None:
        raise NotImplementedError

    def _gang_money(self, s: int, kind: MeldKind, discarder: int | None, late: bool) -> None:
        raise NotImplementedError

    def _record_win(
        self,
        s: int,
        k: int,
        discarder: int | None,
        ctx: WinContext,
        score: Score,
        transfers: list[Transfer],
        concealed: bytes,
        *,
        multiple: bool,
    ) -> None:
        raise NotImplementedError

    def _after_wins(self, winners: list[int], last: int) -> None:
        raise NotImplementedError

    # -- scoring a claim --------------------------------------------------------------------

    def _win_ctx(self, robbing: bool, first: bool) -> WinContext:
        last_tile = not robbing and self.pos >= 108
        return win_context(False, self._claim_after_gang, robbing, last_tile, first, False)

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
        """Pay one win into the ledger (R9.1–R9.4, :func:`xzcore.money.settlement.pay_win`). A
        hook: the Leshan round adds 飘, 摆割 and the discarder's penalties (R13.2–R13.4)."""
        return pay_win(
            self.ledger,
            self.rules,
            winner,
            score,
            discarder=discarder,
            payers=payers,
            robbed=robbed,
            dianganghua_discarder=dianganghua_discarder,
        )

    def _claim_score(self, o: int) -> Score:
        """The score of seat ``o`` winning on the tile on offer (cached per claim)."""
        sc = self._claim_scores.get(o)
        if sc is None:
            ctx = self._win_ctx(self._robbing, self._claim_first)
            sc = score_engine_win(  # the engine's own values (see score_engine_win)
                self.hands[o].counts(),
                self._claim_tile,
                self.melds[o],
                self.voids[o],
                ctx,
                self.rules,
            )
            self._claim_scores[o] = sc
        return sc

    # -- claims (R5.2, R5.3, R6.4, R7.4) --------------------------------------------------

    def _open_claims(self, k: int, src: int, *, robbing: bool, first: bool) -> bool:
        """Work out what each other in-play seat may do with tile ``k`` from ``src``;
        return True when at least one seat has a choice to make."""
        in_play = self.in_play
        hands = self.hands
        # Only a seat that holds two of k or wins on it can do anything (R5.2, R7.1): most
        # offers reach none (the kernel's claimable, one call a seat).
        seats = []
        for o in _OTHERS[src]:
            if in_play[o] and hands[o].claimable(k):
                seats.append(o)
        if not seats:
            self._claim_opts = {}
            return False
        rules = self.rules
        xueliu = rules.xueliu
        wall_left = self.pos < 108
        opts: dict[int, list[Action]] = {}
        self._claim_tile = k
        self._claim_from = src
        self._robbing = robbing
        self._claim_first = first
        self._claim_after_gang = self._rinshan and not robbing
        self._claim_scores = {}
        self._claim_dec = {}
        suit = k // 9
        voids = self.voids
        locked = self.locked
        suits_free = rules.declare_void  # R4.4 is then the kernel's void check alone
        for o in seats:
            h = hands[o]
            n = h.count(k)
            mine: list[Action] = []
            # claimable: with fewer than two of k, k completes the hand
            if (
                (n < 2 or h.is_win_with(k))
                and (suits_free or self._suits_ok(o, k))
                and (not locked[o] or self._lock_allows(o))
            ):
                if self.final and self._forced(True):
                    opts[o] = [_HORA[o][k]]  # R5.7 forced
                    continue
                mine.append(_HORA[o][k])
            if not robbing and wall_left and suit != voids[o]:  # R5.6, R4.3
                if n == 3 and (not (xueliu and self.won[o]) or self._kan_keeps_waits(o, k)):
                    mine.append(_DAIMINKAN[o][k])
                if n >= 2 and not (xueliu and self.won[o]):  # R11.2: a winner may not peng
                    mine.append(_PON[o][k])
            if mine:
                mine.append(_NONE[o])
                opts[o] = mine
        self._claim_opts = opts
        return bool(opts)

    def _lock_allows(self, o: int) -> bool:
        """R7.4: may seat ``o`` win on another seat's tile now?"""
        if not self.locked[o] or self._no_lock_now():
            return True
        if self.rules.pass_hu is PassHu.STRICT:
            return False
        return self._claim_score(o).multiplier > self.lock_value[o]  # higher_only

    def _forced(self, on_other: bool) -> bool:
        """R5.7 forced: is a win available now one the seat must take?"""
        rules = self.rules
        return (
            self.final
            and rules.last_round_win is LastRoundWin.FORCED
            and (on_other or rules.last_round_scope is LastRoundScope.ANY)
        )

    def _no_lock_now(self) -> bool:
        """R7.4: there is no lock in the final round (R5.7)."""
        return self.final and self.rules.last_round_win is not LastRoundWin.OFF

    def _note_passes(self) -> None:
        """R7.4 locks and R5.7 forfeits for the asked seats that passed a win."""
        rules = self.rules
        for o, opts in self._claim_opts.items():
            if opts[0].word != "hora":
                continue
            if self._claim_dec[o].word == "hora":
                continue  # it claimed: a winner, or superseded and not locked (R5.3)
            if self.final:
                if rules.last_round_win is LastRoundWin.FORFEIT:
                    self.forfeited[o] = True
            elif rules.pass_hu is not PassHu.OFF:
                v = self._claim_score(o).multiplier
                self.locked[o] = True
                if v > self.lock_value[o]:
                    self.lock_value[o] = v

    def _resolve_claims(self) -> None:
        """R5.3: 胡 over 杠/碰; 一炮多响 or the first claimant; then R5.5."""
        src = self._claim_from
        k = self._claim_tile
        dec = self._claim_dec
        if len(dec) == 1:  # one seat was asked (most offers): nothing for R5.3 to order
            ((o, a),) = dec.items()
            word = a.word
            self._note_passes()
            if word == "hora":
                self.rivers[src].pop()
                self._discard_wins([o], src, k, robbing=False)
            elif word == "none":
                self.events.append({"type": "none", "actor": o, "pai": NAMES[k]})
                self._next_turn(src)
            elif word == "pon":
                self._pon(o, src, k)
            else:
                self._daiminkan(o, src, k)
            return
        order = [o for o in _OTHERS[src] if o in dec]
        horas = [o for o in order if dec[o].word == "hora"]
        winners = horas if self.rules.multi_ron else horas[:1]
        self._note_passes()
        taker = -1
        if not winners:
            for o in order:
                if dec[o].word != "none":
                    taker = o  # at most one seat holds two or three of the tile
                    break
        for o in order:
            w = dec[o].word
            if o in winners or o == taker:
                continue
            ev: dict[str, Any] = {"type": "none", "actor": o, "pai": NAMES[k]}
            if w != "none":
                ev["claim"] = w
            self.events.append(ev)
        if winners:
            self.rivers[src].pop()
            self._discard_wins(winners, src, k, robbing=False)
        elif taker >= 0:
            if dec[taker].word == "pon":
                self._pon(taker, src, k)
            else:
                self._daiminkan(taker, src, k)
        else:
            self._next_turn(src)

    def _resolve_rob(self) -> None:
        """R6.4: robbing an added gang resolves like a discard (R5.3)."""
        src = self._claim_from
        k = self._claim_tile
        dec = self._claim_dec
        order = [o for o in _OTHERS[src] if o in dec]
        horas = [o for o in order if dec[o].word == "hora"]
        winners = horas if self.rules.multi_ron else horas[:1]
        self._note_passes()
        for o in order:
            if o not in winners:
                ev: dict[str, Any] = {"type": "none", "actor": o, "pai": NAMES[k]}
                if dec[o].word != "none":
                    ev["claim"] = dec[o].word
                self.events.append(ev)
        if winners:
            self._discard_wins(winners, src, k, robbing=True)
        else:
            self.phase = TURN
            self._finish_kakan(src, k)

    def _discard_wins(self, winners: list[int], src: int, k: int, *, robbing: bool) -> None:
        """Each winner is settled separately with the discarder (R5.3, R9.1, R9.4)."""
        rules = self.rules
        multiple = len(winners) > 1
        self.clean = False  # R5.2: a win on another seat's tile is a claim (R7.5)
        ctx = self._win_ctx(robbing, self._claim_first)  # the same for every winner
        for o in winners:
            score = self._claim_score(o)
            if robbing:
                payers = [p for p in range(4) if p != o and self.in_play[p]]
                if not rules.xueliu:
                    payers = [p for p in payers if p not in winners]  # co-winners leave too
                tr = self._pay_win(o, score, discarder=src, payers=payers, robbed=True)
            else:
                tr = self._pay_win(o, score, discarder=src)
            self._record_win(o, k, src, ctx, score, tr, self.hands[o].counts(), multiple=multiple)
        self.won_tiles.append(k)
        if self._claim_after_gang:  # 杠上炮: 呼叫转移 (R9.5)
            tr = call_transfer(self.ledger, rules, src, winners, turn=self.turn_no)
            self.events.append(
                event(
                    "call_transfer",
                    actor=src,
                    winners=list(winners),
                    transfers=[t.to_dict() for t in tr],
                )
            )
            # R9.6: the ledger is checked at the round's end, over every transfer (_finish).
        self._after_wins(winners, winners[-1])

    def _pon(self, o: int, src: int, k: int) -> None:
        """R5.4: the claimer takes the tile and discards, no draw."""
        self.rivers[src].pop()
        h = self.hands[o]
        h.remove(k)
        h.remove(k)
        self.melds[o].append(MELDS[MeldKind.PENG][k])
        self.pengs[o].add(k)
        self.clean = False
        self.events.append({"type": "pon", "actor": o, "target": src, "pai": NAMES[k]})
        self._begin_turn(o)
        self.drawn = -1
        self._must_discard = True

    def _daiminkan(self, o: int, src: int, k: int) -> None:
        """R5.4/R6.1: a direct gang, paid by the discarder (R6.2), then a replacement draw."""
        self.rivers[src].pop()
        h = self.hands[o]
        for _ in range(3):
            h.remove(k)
        self.melds[o].append(MELDS[MeldKind.GANG][k])
        self.clean = False
        self.events.append({"type": "daiminkan", "actor": o, "target": src, "pai": NAMES[k]})
        self._begin_turn(o)
        self._gang_money(o, MeldKind.GANG, src, False)
        self._gang_from = src  # R9.3: 点杠花 if the replacement draw wins
        self._draw(o, True)
