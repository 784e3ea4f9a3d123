"""The driver of one learning seat's rounds, :class:`SeatGame`, and :func:`play_steps`, one
decision in each of many games (the vector env's step). ``xzcore.env._seat`` is their
compiled form (``xzcore.backend.load("seat")``), held to them by tests/env/test_compiled_seat.py;
:mod:`xzcore.env.seat` gives whichever the backend serves.

:class:`SeatGame` is what both :class:`~xzcore.env.single.SeatEnv` and
:class:`~xzcore.env.vector.SeatVectorEnv` step: it plays the other seats until the learning
seat is asked (in the order of ``Round.to_act()``, as :class:`~xzcore.env.raw_env` asks them)
or its round is over, and counts the units the seat won or paid on the way (R9). The
opponents are those of :func:`~xzcore.env.opponents.opponents_of`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xzcore import backend
from xzcore.audit.replay import random_run
from xzcore.env._extra import np
from xzcore.env.actions import EXCHANGE_PICK, N_ACTIONS
from xzcore.env.observation import Planes
from xzcore.env.opponents import Opponent, opponents_of
from xzcore.leshan.bots import LeshanAgent
from xzcore.leshan.round import needs_leshan_round, new_round
from xzcore.players.agents import RandomAgent, SeatView
from xzcore.players.roster import bot_agent
from xzcore.round.actions import _NONE, _PON, _TURN_PICKS
from xzcore.round.base import DINGQUE, END, TURN
from xzcore.round.wall import Rng, deal
from xzcore.rules import HuazhuPayees, RuleSet

_options = backend.load("options")
options_of = _options.options_of
discard_options = _options.discard_options
_EXCHANGE = _options.PICK

__all__ = ["SeatGame", "play_steps"]


class SeatGame:
    """The rounds of one learning seat, one at a time: :meth:`deal` starts the next round of
    the stream (and plays the others up to the seat's first decision), :meth:`act` plays the
    seat's index and the others up to its next decision. The episode ends when the round
    ends for the seat: in 血战 its win, unless the round's end may still pay it (then the
    others play to the end), or the round's end; in 血流 the round's end (R10.4, R11.2)."""

    def __init__(
        self,
        rules: RuleSet,
        seat: int,
        opponents: list[Opponent],
        kernel: Any = None,
        strict: bool = False,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"seat: {seat!r} (expected 0-3)")
        self.rules = rules
        self.seat = seat
        self.kernel = kernel
        self.strict = strict
        """Whether an index outside the mask raises (else it is refused, nothing played)."""
        self.refused = False
        """Whether the last index given was refused (outside the mask, not :attr:`strict`)."""
        self._leshan = needs_leshan_round(rules)
        self._rng = Rng(0)
        self.opponents = opponents
        """The three opponents as given, for the seats after :attr:`seat` in play order."""
        self._players: list[Any] = [None] * 4
        self._bots = [False] * 4  # the seat is played by a bot on its view
        self._randoms: list[Any] = [None] * 4  # a RandomAgent's numbers, for random_run
        self._discards = bytearray(27)  # the kinds random_run marks at the seat's turn
        self.round: Any = None
        self.done = True
        self.units = 0
        """The seat's units this round so far (final once :attr:`done`)."""
        self.buffer: Any = None
        """The planes' buffer each round writes in place (:class:`Planes`), or None (a new
        one a round): the vector env gives each game a row of its stacked buffers."""
        self.planes: Any = None
        """The round's observation planes (:class:`Planes`), one kept from round to round
        while :attr:`buffer` stays the same (``Planes.reset``)."""
        self._planes_buffer: Any = None  # the buffer self.planes writes in
        self.seed_players(0)

    # -- the stream of rounds -------------------------------------------------------------

    def seed(self, seed: int) -> None:
        """Start the stream of rounds and the opponents' random choices again at ``seed``."""
        self._rng = Rng(seed)
        self.seed_players(seed)

    def seed_players(self, seed: int) -> None:
        """The opponents as given, the built-in bots made anew with seeds drawn from ``seed``."""
        self._seed = seed
        for rel, spec in enumerate(self.opponents, start=1):
            s = (self.seat + rel) % 4
            player: Any = spec
            if isinstance(spec, str):
                player = bot_agent(spec, 4 * seed + s)
            is_bot = hasattr(player, "act")
            if is_bot and self._leshan:
                player = LeshanAgent(player)
            self._players[s] = player
            self._bots[s] = is_bot
            # A plain random bot's quiet turns are played in one call (random_run).
            self._randoms[s] = player._random if type(player) is RandomAgent else None

    def set_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        """New opponents from the next decision on (e.g. a newer frozen copy for self-play)."""
        self.opponents = opponents_of(opponents)
        self.seed_players(self._seed)

    def deal(self) -> None:
        """Start the next round of the stream and play the others up to the seat's first
        decision (a round over before the seat decides anything — three wins before its
        first draw — is skipped: an episode has at least one step)."""
        rules = self.rules
        while True:
            d = deal(0, self._rng)
            ex = d.exchange_direction if rules.exchange_three else None
            rnd = new_round(rules, d.wall, d.dealer, exchange_direction=ex, kernel=self.kernel)
            if not self.start(rnd):
                return

    def start(self, rnd: Any) -> bool:
        """Play on a given round (a fresh one, or one under way) up to the seat's decision."""
        self.round = rnd
        planes = self.planes
        if planes is None or self._planes_buffer is not self.buffer:
            self.planes = planes = Planes(rnd, self.buffer)
            self._planes_buffer = self.buffer
        else:  # the last round's planes, on the same buffer, follow this round
            planes.reset(rnd)
        self.views: list[SeatView] = planes.views  # one SeatView a seat, shared
        self.picks: list[list[int]] = [[], [], [], []]
        self._paid = len(rnd.ledger)
        self.units = rnd.ledger.totals()[self.seat]
        self._told = self.units  # the units the rewards so far account for
        self._wins = -1
        self.options: dict[int, Any] = {}
        self.mask = bytearray(N_ACTIONS)
        self.done = self._play_others()
        if self.done:  # nothing left to decide: an empty mask
            self.options, self.mask = {}, bytearray(N_ACTIONS)
        return self.done

    # -- a step ---------------------------------------------------------------------------

    def act(self, index: int) -> int:
        """Play the seat's ``index`` (one of :attr:`mask`'s) and the others up to the seat's
        next decision; the units the seat won or paid since its last decision (the first
        decision's include those paid before it, e.g. a dealer's gang, R6.2). An index
        outside the mask is refused: ``ValueError`` when :attr:`strict`, else nothing is
        played (:attr:`refused` says so) and the seat is asked again."""
        if self.done:
            raise ValueError("the episode is over: reset() deals the next round")
        chosen = self.options.get(index)
        if chosen is None:
            if self.strict:
                raise ValueError(
                    f"action {index} is not legal for seat {self.seat} now (see its action_mask)"
                )
            self.refused = True
            return 0
        self.refused = False
        if chosen is _EXCHANGE:  # one of the three 换三张 picks (R3.1)
            if not self._pick(self.seat, index):  # the same seat picks again
                s = self.seat
                self.options, self.mask = options_of(self.round.legal_actions(s), self.picks[s])
                return 0  # no money moves before the exchange (R3)
        elif chosen[0] == "dahai":  # a quiet discard and the random bots' turns, in one call
            rnd = self.round
            n = len(rnd.events)
            k = random_run(rnd, self.seat, self._randoms, chosen[2], self._discards, True)
            if self._stopped(k):  # at the seat's next decision (no money moved)
                reward = self.units - self._told  # what was paid before the first decision
                self._told = self.units
                return reward
            if k >= 0:  # somebody may claim it (or the wall ends), or a gang: the engine's
                # the seat's own discard as chosen (nothing played: a Leshan round's keeps its
                # type), else a random bot's discard or gang
                rnd.apply(chosen if len(rnd.events) == n else _TURN_PICKS[rnd.cur][k])
        elif chosen[0] == "pon" or chosen[0] == "none":  # an answer to a claim window
            rnd = self.round
            answer = 1 if chosen[0] == "pon" else 0
            k = random_run(rnd, self.seat, self._randoms, -1, self._discards, True, answer)
            if self._stopped(k):
                reward = self.units - self._told
                self._told = self.units
                return reward
            if k == -4:  # not a window the quiet run answers: the engine's
                rnd.apply(chosen)
            elif k >= 0:  # a random bot's gang or claimable discard: the engine's
                rnd.apply(_TURN_PICKS[rnd.cur][k])
        else:
            self.round.apply(chosen)
        self.done = self._play_others()
        if self.done:  # nothing left to decide: an empty mask
            self.options, self.mask = {}, bytearray(N_ACTIONS)
        reward = self.units - self._told
        self._told = self.units
        return reward

    def observe(self, out: Any = None) -> Any:
        """The seat's observation planes (into ``out`` when given). Once the episode is over
        :attr:`mask` is all zeros."""
        s = self.seat
        return self.planes.observe(s, self.picks[s], out)

    def refresh(self) -> None:
        """Bring the seat's rows of :attr:`buffer` up to date (:meth:`Planes.refresh`)."""
        s = self.seat
        self.planes.refresh(s, self.picks[s])

    # -- the engine behind it -------------------------------------------------------------

    def _pick(self, s: int, index: int) -> bool:
        """A 换三张 pick of seat ``s``; True once the third applied the exchange."""
        picks = self.picks[s]
        picks.append(index - EXCHANGE_PICK)
        rnd = self.round
        if len(picks) < 3:
            return False
        t = tuple(picks)
        chosen = next(a for a in rnd.legal_actions(s) if a.tiles == t)
        picks.clear()
        rnd.apply(chosen)
        return True

    def _stopped(self, k: int) -> bool:
        """Whether a quiet run (``random_run`` with ``offers``) that returned ``k`` stopped
        at the seat's decision: a turn of discards only (-2, their kinds marked), or its
        claim window offering it 碰 or pass (-3, the tile's kind marked); its options and
        mask then set."""
        if k == -2:
            self.options, self.mask = discard_options(self._discards, self.seat)
            return True
        if k == -3:
            me = self.seat
            tile = self._discards.index(1)
            self.options, self.mask = options_of([_PON[me][tile], _NONE[me]], [])
            return True
        return False

    def _play_others(self) -> bool:
        """The other seats' decisions up to the learning seat's; True when its episode is
        over. Leaves the seat's options and mask ready."""
        rnd = self.round
        me = self.seat
        players = self._players
        bots = self._bots
        views = self.views
        apply = rnd.apply
        while True:
            if len(rnd.ledger) != self._paid:  # money moved (R9)
                self._paid = len(rnd.ledger)
                self.units = rnd.ledger.totals()[me]
            phase = rnd.phase
            if phase == END:
                return True
            if rnd.n_won != self._wins:
                self._wins = rnd.n_won
                if rnd.won[me] and not self.rules.xueliu and not self._may_be_paid():
                    return True  # 血战: the seat's round ends at its win (R10.4)
            s = rnd.cur if phase == TURN else rnd.to_act()[0]
            if s == me:
                self.options, self.mask = options_of(rnd.legal_actions(me), self.picks[me])
                return False
            if bots[s]:
                if self._randoms[s] is not None and phase in (TURN, DINGQUE):
                    # random bots' 定缺 and turns (without a win in hand), in one call; each
                    # as RandomAgent.act chooses it from the same numbers
                    n = len(rnd.events)
                    k = random_run(rnd, me, self._randoms, -1, self._discards, True)
                    if self._stopped(k):  # up to the seat's turn of discards or its window
                        return False
                    if k >= 0:  # a gang, or a discard somebody may claim (or the last tile)
                        apply(_TURN_PICKS[rnd.cur][k])
                        continue
                    if len(rnd.events) != n or (phase == DINGQUE and s not in rnd.to_act()):
                        continue  # played on (in the 定缺 phase: declarations, R4.1)
                apply(players[s].act(views[s]))
                continue
            self._policy_step(s)

    def _policy_step(self, s: int) -> None:
        """One decision of seat ``s`` by a policy on its observation."""
        rnd = self.round
        while True:
            options, mask = options_of(rnd.legal_actions(s), self.picks[s])
            obs = {
                "observation": self.planes.observe(s, self.picks[s]),
                "action_mask": np.frombuffer(mask, dtype=np.int8),
            }
            i = int(self._players[s](obs))
            chosen = options.get(i)
            if chosen is None:
                raise ValueError(f"the policy of seat {s} chose {i}, not in its action_mask")
            if chosen is not _EXCHANGE:
                rnd.apply(chosen)
                return
            if self._pick(s, i):
                return

    def _may_be_paid(self) -> bool:
        """Whether the round's end may still pay the seat, a 血战 winner: a 花猪 pays winners
        too under ``huazhu_payees = all`` (R10.1), and a seat still in play that received
        gang money from it may have to refund it (R10.3)."""
        rules = self.rules
        if rules.huazhu_payees is HuazhuPayees.ALL:
            return True
        rnd = self.round
        in_play = rnd.in_play
        return rules.refund_gang_money and any(
            in_play[g.ganger] for g in rnd.ledger.gang_income() if g.payer == self.seat
        )


def play_steps(
    games: list[SeatGame], actions: list[int], rewards: list[int], masks: Any
) -> list[int]:
    """One decision in each game: ``games[i].act(actions[i])``, its reward in ``rewards[i]``;
    a game whose episode goes on has its rows of its buffer brought up to date
    (:meth:`SeatGame.refresh`) and its mask written into ``masks`` (a writable buffer of
    ``len(games) * N_ACTIONS`` bytes, game ``i``'s at ``i * N_ACTIONS``). Returns the games
    whose episode ended, in order (left as they are: the caller takes their last observation
    and deals their next round)."""
    ended: list[int] = []
    at = 0
    for i, a in enumerate(actions):
        g = games[i]
        rewards[i] = g.act(a)
        if g.done:
            ended.append(i)
        else:
            g.refresh()
            masks[at : at + N_ACTIONS] = g.mask
        at += N_ACTIONS
    return ended
