"""The round engine: one round of 血战到底 / 血流成河 (RULES.md R2–R7, R9–R11).

A :class:`Round` is a pure function of its wall (R2.2), dealer, exchange direction and the
seats' decisions, and records every step as a plain ``dict`` in :attr:`Round.events`
(docs/events.md). :meth:`Round.to_act` lists who must decide, :meth:`Round.legal_actions`
what each may do; :meth:`Round.play` checks an action, :meth:`Round.apply` trusts it.

>>> from xzcore.rules import RuleSet
>>> from xzcore.round.wall import deal
>>> d = deal(1)
>>> r = Round(RuleSet(), d.wall, d.dealer)
>>> r.to_act()
[0, 1, 2, 3]
>>> [str(a) for a in r.legal_actions(0)]
['dingque m by 0', 'dingque p by 0', 'dingque s by 0']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from types import ModuleType
from typing import Any, ClassVar

from xzcore import kernel as core
from xzcore.log.events import event
from xzcore.money.settlement import pay_gang
from xzcore.refusal import Refusal, refuse
from xzcore.round.actions import (
    _ANKAN,
    _DAHAI,
    _DINGQUE,
    _HORA,
    _KAKAN,
    Action,
    IllegalActionError,
    InvalidActionError,
)
from xzcore.round.base import (
    _BYTE_OF,
    _DAHAI_SUIT,
    _DEALT_AT,
    _KIND_WORD,
    _NO_TILES,
    CLAIM,
    DINGQUE,
    END,
    EXCHANGE,
    MELDS,
    ROB,
    TURN,
    Phase,
    RoundResult,
    Win,
    _dicts,
    format_count_bytes,
    format_kinds,
    format_meld_list,
    format_wall,
    transfer_dicts,
    win_context,
)
from xzcore.round.checks import canonical, diagnose, diagnose_claim, quick_legal
from xzcore.round.claims import ClaimsMixin
from xzcore.round.wall import check_wall
from xzcore.rules import LastRoundWin, RuleSet, Scoring
from xzcore.scoring import Score, WinContext
from xzcore.scoring.engine import score_engine_win
from xzcore.tiles import NAMES, SUITS, MeldKind, format_tiles

__all__ = ["Phase", "Round", "RoundResult", "Win"]

_NEXT = (1, 2, 3, 0)

_OTHERS = tuple(((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4))


class Round(ClaimsMixin):
    """One round. ``wall``: the 108 tile kinds in draw order (R2.2); ``dealer``: seat 0–3;
    ``exchange_direction``: the seat offset 1–3 each seat passes its three tiles to (R3.1;
    required when ``rules.exchange_three`` is on); ``kernel``: the kernel module whose
    ``Hand`` the seats use (default ``xzcore.kernel.IMPL``)."""

    COUNT_SCORING: ClassVar[bool] = False
    """Whether this class plays ``scoring = count`` (R13): only ``LeshanRound`` does."""

    def __init__(
        self,
        rules: RuleSet,
        wall: Sequence[int],
        dealer: int,
        *,
        exchange_direction: int | None = None,
        kernel: ModuleType | None = None,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
        leshan = rules.scoring is Scoring.COUNT or rules.piao_max > 0 or rules.baige
        if leshan and not self.COUNT_SCORING:
            raise ValueError(
                "Leshan rules (R13: scoring = count, 飘 piao_max, 摆割 baige) are played by "
                "LeshanRound: use xzcore.leshan.round.new_round()"
            )
        self.wall = check_wall(wall)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise ValueError(f"dealer: bad seat {dealer!r} (expected 0-3)")
        if rules.exchange_three:
            if exchange_direction not in (1, 2, 3) or isinstance(exchange_direction, bool):
                raise ValueError(
                    f"exchange_direction: {exchange_direction!r} must be a seat offset 1, 2 or 3"
                    " when exchange_three is on (R3.1)"
                )
        elif exchange_direction is not None:
            raise ValueError("exchange_direction given but exchange_three is off (R3)")
        self.rules = rules
        self.dealer = dealer
        self.exchange_direction = exchange_direction
        self.kernel = core.IMPL if kernel is None else kernel
        self._init_state()
        # R2.3: 4 tiles to each seat from the dealer, three times; then one each; then one
        # more to the dealer (the wall positions of each seat's tiles: _DEALT_AT).
        w = self.wall
        self.pos = 53
        deal = getattr(self.kernel, "dealt_hands", None)
        dealt = None if deal is None else deal(w, dealer)  # the kernel's (None: declined)
        if dealt is None:
            by_seat = [tiles(w) for tiles in _DEALT_AT[dealer]]
            hand = self.kernel.Hand
            # Each hand's 27 counts, one byte a kind: the sum of 256**k over its tiles k (a
            # count is at most 4, so no byte carries into the next).
            self.hands = [hand(sum(map(_BYTE_OF, t)).to_bytes(27, "little")) for t in by_seat]
            tehais = [format_kinds(tiles) for tiles in by_seat]
        else:
            self.hands, tehais = dealt
        # R5.7: the final round can begin only once the wall holds this many or fewer.
        self._final_from = (
            -1
            if rules.last_round_win is LastRoundWin.OFF
            else (4 if rules.last_round_tiles is None else rules.last_round_tiles)
        )
        self._dihu_discard = rules.tian_di_hu and rules.dihu_on_dealer_discard
        self.events.append(
            event(
                "start_kyoku",
                dealer=dealer,
                wall=format_wall(w),
                tehais=tehais,
                exchange_direction=exchange_direction,
            )
        )
        if rules.exchange_three:
            self.phase = EXCHANGE
        elif rules.declare_void:
            self.phase = DINGQUE
        else:
            self._begin_play()

    # -- asking ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """The seats that must decide now (empty once the round is over)."""
        ph = self.phase
        if ph == TURN:
            return [self.cur]
        if ph in (CLAIM, ROB):
            dec = self._claim_dec
            return [s for s in self._claim_opts if s not in dec]
        if ph == END:
            return []
        return [s for s in range(4) if s not in self._pending]

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it has nothing to decide)."""
        ph = self.phase
        if ph == TURN:
            return self._turn_actions() if seat == self.cur else []
        if ph in (CLAIM, ROB):
            if seat in self._claim_dec:
                return []
            return list(self._claim_opts.get(seat, ()))
        if ph == END or seat in self._pending:
            return []
        if ph == DINGQUE:
            return list(_DINGQUE[seat])
        return self._exchange_actions(seat)

    def _exchange_actions(self, seat: int) -> list[Action]:
        """R3.2: three tiles of one suit that the seat holds."""
        counts = self.hands[seat].counts()
        out: list[Action] = []
        for suit in range(3):
            kinds = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(counts[k])]
            seen: set[tuple[int, int, int]] = set()
            n = len(kinds)
            for i in range(n):
                for j in range(i + 1, n):
                    for m in range(j + 1, n):
                        t = (kinds[i], kinds[j], kinds[m])
                        if t not in seen:
                            seen.add(t)
                            out.append(Action("exchange", seat, -1, t))
        return out

    def _turn_actions(self) -> list[Action]:
        """The current seat's options on its turn (R5.1, R5.4, R4.2, R6, R5.6, R5.7, R11.2)."""
        s = self.cur
        h = self.hands[s]
        c = h.counts()
        void = self.voids[s]
        if self._must_discard:  # R5.4: after a 碰, discard only (R4.2 still holds)
            return self._discards(s, c, void)
        pengs = self.pengs[s]
        if (
            not h.is_win()
            and (self.pos >= 108 or (4 not in c and not (pengs and any(map(c.__getitem__, pengs)))))
            and not self.won[s]
        ):  # the common case: no win, no gang (R6: no four, no peng's fourth), only discards
            if void >= 0:
                lo = 9 * void
                vc = c[lo : lo + 9]
                if vc != _NO_TILES:  # R4.2
                    return list(compress(_DAHAI_SUIT[s][void], vc))
            return list(compress(_DAHAI[s], c))
        out: list[Action] = []
        if h.is_win() and self._suits_ok(s):
            win = _HORA[s][self._win_tile(s)]
            if self._forced(False):
                return [win]  # R5.7 forced: the seat must take the win
            out.append(win)
        locked_winner = self.rules.xueliu and self.won[s]
        if self.pos < 108 and (4 in c or self.pengs[s]):  # R5.6: no gang on the empty wall
            gangs = (
                [_ANKAN[s][k] for k in range(27) if c[k] == 4 and k // 9 != void]  # R6.5
                if 4 in c
                else []
            )
            gangs.extend(_KAKAN[s][k] for k in sorted(self.pengs[s]) if c[k])
            if locked_winner:  # R11.2: only gangs that keep the waits
                gangs = [a for a in gangs if self._gang_keeps_waits(s, a)]
            out.extend(gangs)
        if locked_winner:  # R11.2: a winner discards the tile it drew
            out.append(_DAHAI[s][self.drawn])
            return out
        out.extend(self._discards(s, c, void))
        return out

    @staticmethod
    def _discards(s: int, c: bytes, void: int) -> list[Action]:
        if void >= 0:
            lo = 9 * void
            vc = c[lo : lo + 9]
            if vc != _NO_TILES:  # R4.2: a void tile is held, so a void tile goes
                return list(compress(_DAHAI_SUIT[s][void], vc))
        return list(compress(_DAHAI[s], c))

    # -- acting ---------------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Apply ``action`` after checking it: :class:`InvalidActionError` if malformed,
        :class:`IllegalActionError` (with the rule id) if a rule forbids it now."""
        checked = canonical(action)  # a prebuilt, well-formed value: no Action.make needed
        if checked is None:
            if not isinstance(action, Action):
                raise InvalidActionError(f"expected an Action, not {type(action).__name__}")
            checked = Action.make(
                action.word, action.seat, action.tile, tiles=action.tiles, suit=action.suit
            )
        if not quick_legal(self, checked) and checked not in self.legal_actions(checked.seat):
            raise IllegalActionError(checked, diagnose(self, checked))
        self.apply(checked)

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
        """Read-only, for an audit: the rule id that forbids the claim ``action`` (胡, 碰 or
        杠) of the tile ``k`` that seat ``src`` is about to discard (``robbing``: to add to
        its 碰, R6.4), when this round never
        offers it — a pass lock (R7.4), a void-suit tile (R4.3), a tile already won by
        ``won_by`` (R5.3) … — and why (a :class:`~xzcore.refusal.Refusal`). Called on the
        round as it stands before that discard
        (:func:`xzcore.round.checks.diagnose_claim`); :meth:`play` itself judges claims only
        inside the claim window."""
        return diagnose_claim(
            self, action, src, k, won_by=won_by, answered=answered, robbing=robbing
        )

    def apply(self, action: Action) -> None:
        """Apply a trusted action (a bot's choice from :meth:`legal_actions`, or a verified
        log). Use :meth:`play` for anything else."""
        ph = self.phase
        word = action[0]
        if ph == TURN:
            if word == "dahai":
                self._dahai(action[2])
            elif word == "hora":
                self._self_draw_win(action[2])
            elif word == "ankan":
                self._ankan(action[2])
            else:
                self._kakan(action[2])
        elif ph in (CLAIM, ROB):
            self._claim_dec[action[1]] = action
            if len(self._claim_dec) == len(self._claim_opts):
                if ph == CLAIM:
                    self._resolve_claims()
                else:
                    self._resolve_rob()
        elif ph in (EXCHANGE, DINGQUE):
            self._pending[action[1]] = action
            if len(self._pending) == 4:
                if ph == EXCHANGE:
                    self._do_exchange()
                else:
                    self._do_dingque()
        else:
            raise IllegalActionError(action, refuse("R5.6", "round_over"))

    # -- setup phases ---------------------------------------------------------------------

    def _do_exchange(self) -> None:
        """R3.1: every seat passes its three tiles to the seat ``exchange_direction`` on."""
        d = self.exchange_direction
        assert d is not None
        chosen = self._pending
        self._pending = {}
        for s in range(4):
            for k in chosen[s].tiles:
                self.hands[s].remove(k)
        for s in range(4):
            to = (s + d) % 4
            for k in chosen[s].tiles:
                self.hands[to].add(k)
            self.events.append(
                event("exchange", actor=s, pai=format_tiles(chosen[s].tiles), target=to)
            )
        # The dealer's 14th dealt tile may have been passed on.
        if self.rules.declare_void:
            self.phase = DINGQUE
        else:
            self._begin_play()

    def _do_dingque(self) -> None:
        """R4.1: the declarations are simultaneous and final."""
        chosen = self._pending
        self._pending = {}
        for s in range(4):
            v = chosen[s].suit
            self.voids[s] = v
            self.hands[s].void = v
            self.events.append(event("dingque", actor=s, suit=SUITS[v]))
        self._begin_play()

    def _begin_play(self) -> None:
        """The dealer's first turn: no draw (R5.1)."""
        self.phase = TURN
        self.cur = self.dealer
        self.turn_no = 1
        last = self.wall[52]
        self.drawn = last if self.hands[self.dealer].count(last) else -1

    # -- the turn -------------------------------------------------------------------------

    def _begin_turn(self, s: int) -> None:
        self.cur = s
        self.turn_no += 1
        self._rinshan = False
        self._gang_from = -1
        self._must_discard = False
        self._turn_drawn = 0
        self.phase = TURN

    def _draw(self, s: int, rinshan: bool) -> None:
        """Draw the next wall tile (R2.2); a draw may begin the final round (R5.7) and ends
        the seat's pass lock (R7.4)."""
        left = 108 - self.pos
        if (
            left <= self._final_from
            and not self.final
            and left <= self.rules.last_round_n(self._in_play_count())
        ):
            self.final = True
        if rinshan:
            self._rinshan = True
        else:  # a new turn (as _begin_turn, inlined: this runs ~55 times a round)
            self.cur = s
            self.turn_no += 1
            self._rinshan = False
            self._gang_from = -1
            self._must_discard = False
            self._turn_drawn = 0
            self.phase = TURN
        k = self.wall[self.pos]
        self.pos += 1
        self.hands[s].add(k)
        self.drawn = k
        self._turn_drawn |= 1 << k
        self.draws[s] += 1
        if self.locked[s]:
            self.locked[s] = False
            self.lock_value[s] = 0
        self.events.append(
            {"type": "tsumo", "actor": s, "pai": NAMES[k], "rinshan": rinshan, "left": left - 1}
        )

    def _next_turn(self, after: int) -> None:
        """Play passes to the next in-play seat after ``after`` (R2.1, R5.5); on the empty
        wall the round ends (R5.6)."""
        if self.pos >= 108:
            self._end_on_empty_wall()
            return
        s = (after + 1) % 4
        in_play = self.in_play
        while not in_play[s]:
            s = (s + 1) % 4
        self._draw(s, False)

    def _dahai(self, k: int) -> None:
        s = self.cur
        if self.final and self.rules.last_round_win is LastRoundWin.FORFEIT:
            self._note_forfeit_self_draw(s)
        self.hands[s].remove(k)
        self.rivers[s].append(k)
        self.events.append(
            {"type": "dahai", "actor": s, "pai": NAMES[k], "tsumogiri": k == self.drawn}
        )
        # R7.5: 地胡 on the dealer's first discard, as an option.
        first = self._dihu_discard and self.clean and s == self.dealer and self.draws[s] == 0
        self.drawn = -1
        hands = self.hands
        in_play = self.in_play
        for o in _OTHERS[s]:
            if in_play[o] and hands[o].claimable(k):  # holds two, or k completes it
                break  # somebody may be able to claim: work it out
        else:
            o = -1  # nobody can do anything with k (the common case)
        if o >= 0 and self._open_claims(k, s, robbing=False, first=first):
            self.phase = CLAIM
        elif self.pos < 108 and in_play[_NEXT[s]]:
            self._draw(_NEXT[s], False)  # the common case of _next_turn, inlined
        else:
            self._next_turn(s)

    def _ankan(self, k: int) -> None:
        s = self.cur
        self._note_gang_pass(s)
        h = self.hands[s]
        for _ in range(4):
            h.remove(k)
        self.melds[s].append(MELDS[MeldKind.ANGANG][k])
        self.clean = False
        self.events.append({"type": "ankan", "actor": s, "pai": NAMES[k]})
        self._gang_money(s, MeldKind.ANGANG, None, False)
        self._gang_from = -1
        self._draw(s, True)

    def _kakan(self, k: int) -> None:
        s = self.cur
        self._note_gang_pass(s)
        # R6.3: 转手杠 when the fourth tile was held since before this turn's draw, i.e. was not
        # drawn in this turn (a replacement draw after an earlier gang of the turn counts too).
        late = not (self._turn_drawn >> k) & 1
        self.hands[s].remove(k)
        self.clean = False
        self.events.append({"type": "kakan", "actor": s, "pai": NAMES[k]})
        self._kakan_late = late
        if self._open_claims(k, s, robbing=True, first=False):
            self.phase = ROB
        else:
            self._finish_kakan(s, k)

    def _finish_kakan(self, s: int, k: int) -> None:
        """The added gang stands (nobody robbed it, R6.4): money, then the replacement draw."""
        self.pengs[s].discard(k)
        ms = self.melds[s]
        for i, m in enumerate(ms):
            if m.tile == k and m.kind is MeldKind.PENG:
                ms[i] = MELDS[MeldKind.BUGANG][k]
                break
        self._gang_money(s, MeldKind.BUGANG, None, self._kakan_late)
        self._gang_from = -1
        self._draw(s, True)

    def _gang_money(self, s: int, kind: MeldKind, discarder: int | None, late: bool) -> None:
        """R6.2/R6.3, paid when the gang is made, by the other in-play seats."""
        if kind is MeldKind.GANG:
            tr = pay_gang(self.ledger, self.rules, s, kind, discarder=discarder, turn=self.turn_no)
        else:
            payers = [p for p in range(4) if p != s and self.in_play[p]]
            tr = pay_gang(
                self.ledger, self.rules, s, kind, payers=payers, turn=self.turn_no, late=late
            )
        self.events.append(
            event(
                "gang_payment",
                actor=s,
                kind=_KIND_WORD[kind],
                target=discarder,
                transfers=_dicts(tr),
            )
        )
        # R9.6: the ledger is checked at the round's end, over every transfer (_finish).

    # -- wins -----------------------------------------------------------------------------

    def _self_draw_win(self, k: int) -> None:
        s = self.cur
        rules = self.rules
        h = self.hands[s]
        h.remove(k)
        concealed = h.counts()
        first = (
            rules.tian_di_hu
            and self.clean
            and (self.draws[s] == 0 if s == self.dealer else self.draws[s] == 1)
        )
        ctx = win_context(True, self._rinshan, False, self.pos >= 108, first, s == self.dealer)
        # The engine's own values: no re-validation of their types (R7.1 counts still checked).
        score = score_engine_win(concealed, k, self.melds[s], self.voids[s], ctx, rules)
        payers = [p for p in range(4) if p != s and self.in_play[p]]
        if self._rinshan and self._gang_from >= 0:  # R9.3 点杠花
            tr = self._pay_win(s, score, payers=payers, dianganghua_discarder=self._gang_from)
        else:
            tr = self._pay_win(s, score, payers=payers)
        self._record_win(s, k, None, ctx, score, tr, concealed, multiple=False)
        self.won_tiles.append(k)
        self._after_wins([s], s)

    def _record_win(
        self,
        s: int,
        k: int,
        discarder: int | None,
        ctx: WinContext,
        score: Score,
        transfers: list[Any],
        concealed: bytes,
        *,
        multiple: bool,
    ) -> None:
        trs = tuple(transfers)
        self.wins.append(Win(s, k, discarder, ctx, score, trs, multiple))
        melds = self.melds[s]
        plain = transfer_dicts(trs)
        self.events.append(
            event(
                "hora",
                actor=s,
                target=s if discarder is None else discarder,
                pai=NAMES[k],
                self_draw=ctx.self_draw,
                robbed=ctx.robbed,
                after_gang=ctx.after_gang,
                last_tile=ctx.last_tile,
                first_turn=ctx.first_turn,
                hand=format_count_bytes(concealed),
                melds=format_meld_list(melds) if melds else "",
                score=score.to_dict(),
                transfers=[t.to_dict() for t in trs] if plain is None else plain,
            )
        )
        # R9.6: the ledger is checked at the round's end, over every transfer (_finish).

    def _after_wins(self, winners: list[int], last: int) -> None:
        """Winners leave play in 血战 (R10.4 ends the round at three); play resumes with the
        in-play seat after ``last`` (R5.5)."""
        xueliu = self.rules.xueliu
        for w in winners:
            if not self.won[w]:
                self.won[w] = True
                self.n_won += 1
            if not xueliu:
                self.in_play[w] = False
        # R1.1 at the round's end (_finish): a win moves one tile to the won tiles.
        if not xueliu and self.n_won >= 3:
            self._finish("three_won")
            return
        self._next_turn(last)

    # -- the end --------------------------------------------------------------------------

    def _end_on_empty_wall(self) -> None:
        """R5.6: the wall is empty and the last discard resolved: R10, then the end."""
        self.events.append(event("ryukyoku", reason="wall_empty"))
        self._settle_end()
        self._finish("wall_empty")

    def result(self) -> RoundResult:
        """The result, once the round is over (``ValueError`` before)."""
        if self._result is None:
            raise ValueError("the round is not over yet")
        return self._result

    def _finish(self, reason: str) -> None:
        """End the round: R1.1 and R9.6 checked (once a round, over all of it), the result
        and the ``end_kyoku`` event."""
        self.phase = END
        self.check_tiles()
        self._check_ledger()
        totals = self.ledger.totals()
        nxt = self.next_dealer()
        self._result = RoundResult._trusted(
            tuple(self.wins), self.ledger, tuple(totals), nxt, reason, self.dealer
        )
        self.events.append(
            event(
                "end_kyoku",
                reason=reason,
                winners=[w.seat for w in self.wins],
                totals=totals,
                next_dealer=nxt,
            )
        )
