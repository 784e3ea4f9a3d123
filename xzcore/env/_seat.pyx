# cython: language_level=3
"""The driver of one learning seat's rounds in C: the twin of ``xzcore.env._seat_twin`` (the
contract is there), the same steps in the same order. The driver's own state (the seat, its
options and mask, the units counted, whether the episode is over) lives in the object, and
:func:`play_steps` calls each game's step without a Python frame; the round, the planes, the
options and the quiet run are asked as the twin asks them."""

from cpython.bytearray cimport (
    PyByteArray_AS_STRING,
    PyByteArray_FromStringAndSize,
    PyByteArray_GET_SIZE,
)
from cpython.tuple cimport PyTuple_GET_ITEM
from cpython.list cimport PyList_GET_SIZE
from libc.string cimport memcpy, memset

from xzcore import backend
from xzcore.audit.replay import random_run
from xzcore.env._extra import np
from xzcore.env.actions import DAHAI, EXCHANGE_PICK, N_ACTIONS, NONE, PON
from xzcore.env.observation import Planes
from xzcore.env.opponents import opponents_of
from xzcore.leshan.bots import LeshanAgent
from xzcore.leshan.round import needs_leshan_round, new_round
from xzcore.players.agents import RandomAgent
from xzcore.players.roster import bot_agent
from xzcore.round.actions import _DAHAI as _DAHAI_ROWS, _NONE, _PON, _TURN_PICKS
from xzcore.round.base import DINGQUE as _DINGQUE_PY, END as _END_PY, TURN as _TURN_PY
from xzcore.round.wall import Rng, deal
from xzcore.rules import HuazhuPayees

_options = backend.load("options")
options_of = _options.options_of
discard_options = _options.discard_options

__all__ = ["SeatGame", "play_steps"]

cdef object _EXCHANGE = _options.PICK
cdef object _DAHAI = "dahai"
cdef Py_ssize_t _N = N_ACTIONS
cdef long _PICK0 = EXCHANGE_PICK
cdef Py_ssize_t _DAHAI0 = DAHAI
cdef tuple _DAHAI_T = tuple(tuple(row) for row in _DAHAI_ROWS)
cdef tuple _PON_T = tuple(tuple(row) for row in _PON)  # [seat][kind]: a window's 碰
cdef tuple _NONE_T = tuple(_NONE)  # [seat]: its pass
cdef object _PON_I = PON  # their indices
cdef object _NONE_I = NONE
cdef Py_ssize_t _PON_C = PON
cdef Py_ssize_t _NONE_C = NONE
cdef object _PON_WORD = "pon"
cdef object _NONE_WORD = "none"
cdef long _END = _END_PY
cdef long _TURN = _TURN_PY
cdef long _DINGQUE = _DINGQUE_PY
cdef object _RANDOM_AGENT = RandomAgent
cdef object _HUAZHU_ALL = HuazhuPayees.ALL
cdef list _PICKS = list(_TURN_PICKS)


cdef class SeatGame:
    """The rounds of one learning seat, one at a time (see the twin)."""

    cdef readonly object rules
    cdef readonly long seat
    cdef readonly object kernel
    cdef public bint strict
    cdef readonly bint refused
    cdef readonly object opponents
    cdef readonly object round
    cdef readonly bint done
    cdef readonly long long units
    cdef public object buffer
    cdef readonly object planes
    cdef readonly list views
    cdef readonly list picks
    cdef dict _options
    cdef bint _lazy  # the options are the discards _discards marks, not built yet
    cdef readonly bytearray mask
    cdef bint _leshan, _xueliu
    cdef object _rng, _seed, _planes_buffer
    cdef list _players, _randoms
    cdef bint _bots[4]
    cdef bytearray _discards
    cdef Py_ssize_t _paid
    cdef long long _told
    cdef long _wins

    def __init__(self, rules, seat, opponents, kernel=None, strict=False):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"seat: {seat!r} (expected 0-3)")
        self.rules = rules
        self.seat = seat
        self.kernel = kernel
        self.strict = strict
        self.refused = False
        self._leshan = needs_leshan_round(rules)
        self._xueliu = rules.xueliu  # (a RuleSet is frozen)
        self._rng = Rng(0)
        self.opponents = opponents
        self._players = [None] * 4
        self._randoms = [None] * 4
        self._discards = bytearray(27)
        self.round = None
        self.done = True
        self.units = 0
        self.buffer = None
        self.planes = None
        self._planes_buffer = None
        self.seed_players(0)

    # -- the stream of rounds -------------------------------------------------------------

    def seed(self, seed):
        self._rng = Rng(seed)
        self.seed_players(seed)

    def seed_players(self, seed):
        cdef long rel, s
        self._seed = seed
        for rel, spec in enumerate(self.opponents, start=1):
            s = (self.seat + rel) % 4
            player = spec
            if isinstance(spec, str):
                player = bot_agent(spec, 4 * seed + s)
            is_bot = hasattr(player, "act")
            if is_bot and self._leshan:
                player = LeshanAgent(player)
            self._players[s] = player
            self._bots[s] = is_bot
            # A plain random bot's quiet turns are played in one call (random_run).
            self._randoms[s] = player._random if type(player) is _RANDOM_AGENT else None

    def set_opponents(self, opponents):
        self.opponents = opponents_of(opponents)
        self.seed_players(self._seed)

    def deal(self):
        rules = self.rules
        while True:
            d = deal(0, self._rng)
            ex = d.exchange_direction if rules.exchange_three else None
            rnd = new_round(rules, d.wall, d.dealer, exchange_direction=ex, kernel=self.kernel)
            if not self.start(rnd):
                return

    def start(self, rnd):
        self.round = rnd
        planes = self.planes
        if planes is None or self._planes_buffer is not self.buffer:
            self.planes = planes = Planes(rnd, self.buffer)
            self._planes_buffer = self.buffer
        else:  # the last round's planes, on the same buffer, follow this round
            planes.reset(rnd)
        self.views = planes.views
        self.picks = [[], [], [], []]
        ledger = rnd.ledger
        self._paid = len(ledger)
        self.units = ledger.totals()[self.seat]
        self._told = self.units
        self._wins = -1
        self._set({}, bytearray(_N))
        self.done = self._play_others()
        if self.done:
            self._set({}, bytearray(_N))
        return self.done

    @property
    def options(self):
        """The seat's options at the decision at hand, by action index (``options_of``)."""
        if self._lazy:  # a turn of discards only: built when asked
            self._options = discard_options(self._discards, self.seat)[0]
            self._lazy = False
        return self._options

    cdef void _set(self, dict options, bytearray mask) except *:
        self._options = options
        self.mask = mask
        self._lazy = False

    cdef void _set_discards(self) except *:
        """The options and mask of a turn that offers only the discards ``_discards`` marks
        (``discard_options``), the options left to build when asked."""
        cdef bytearray mask = PyByteArray_FromStringAndSize(NULL, _N)
        cdef char* m = PyByteArray_AS_STRING(mask)
        cdef const char* d = PyByteArray_AS_STRING(self._discards)
        cdef Py_ssize_t k
        memset(m, 0, _N)
        for k in range(27):
            if d[k]:
                m[_DAHAI0 + k] = 1
        self.mask = mask
        self._options = None
        self._lazy = True

    cdef bint _stopped(self, long k) except -1:
        """Whether a quiet run that returned ``k`` stopped at the seat's decision (see the
        twin): its options and mask then set."""
        cdef bytearray mask
        cdef char* m
        cdef const char* d
        cdef long t
        if k == -2:
            self._set_discards()
            return True
        if k == -3:  # its claim window: 碰 or pass of the kind marked
            d = PyByteArray_AS_STRING(self._discards)
            t = 0
            while t < 26 and not d[t]:
                t += 1
            mask = PyByteArray_FromStringAndSize(NULL, _N)
            m = PyByteArray_AS_STRING(mask)
            memset(m, 0, _N)
            m[_PON_C] = 1
            m[_NONE_C] = 1
            self._set(
                {_PON_I: <object>PyTuple_GET_ITEM(<tuple>_PON_T[self.seat], t),
                 _NONE_I: _NONE_T[self.seat]},
                mask,
            )
            return True
        return False

    cdef object _option(self, object index):
        """``options.get(index)``; on a turn of discards only, an exact int read off the
        marks, without building the options."""
        cdef long k
        if not self._lazy:
            return self._options.get(index)
        if type(index) is not int:
            return self.options.get(index)  # (built: the look-up's own equality)
        try:
            k = index
        except OverflowError:
            return None
        k -= _DAHAI0
        if 0 <= k < 27 and PyByteArray_AS_STRING(self._discards)[k]:
            return <object>PyTuple_GET_ITEM(<tuple>_DAHAI_T[self.seat], k)
        return None

    # -- a step ---------------------------------------------------------------------------

    def act(self, index):
        return self._act(index)

    cdef long long _act(self, object index) except? -1:
        cdef long long reward
        cdef Py_ssize_t n
        cdef long k
        if self.done:
            raise ValueError("the episode is over: reset() deals the next round")
        chosen = self._option(index)
        if chosen is None:
            if self.strict:
                raise ValueError(
                    f"action {index} is not legal for seat {self.seat} now (see its action_mask)"
                )
            self.refused = True
            return 0
        self.refused = False
        if chosen is _EXCHANGE:  # one of the three 换三张 picks (R3.1)
            if not self._pick(self.seat, index):
                s = self.seat
                options, mask = options_of(self.round.legal_actions(s), self.picks[s])
                self._set(options, mask)
                return 0
        elif chosen[0] == _DAHAI:  # a quiet discard and the random bots' turns, in one call
            rnd = self.round
            n = len(rnd.events)
            k = random_run(rnd, self.seat, self._randoms, chosen[2], self._discards, True)
            if self._stopped(k):
                reward = self.units - self._told
                self._told = self.units
                return reward
            if k >= 0:
                rnd.apply(chosen if len(rnd.events) == n else _PICKS[rnd.cur][k])
        elif chosen[0] == _PON_WORD or chosen[0] == _NONE_WORD:  # an answer to a claim window
            rnd = self.round
            k = random_run(
                rnd, self.seat, self._randoms, -1, self._discards, True,
                1 if chosen[0] == _PON_WORD else 0,
            )
            if self._stopped(k):
                reward = self.units - self._told
                self._told = self.units
                return reward
            if k == -4:
                rnd.apply(chosen)
            elif k >= 0:
                rnd.apply(_PICKS[rnd.cur][k])
        else:
            self.round.apply(chosen)
        self.done = self._play_others()
        if self.done:
            self._set({}, bytearray(_N))
        reward = self.units - self._told
        self._told = self.units
        return reward

    def observe(self, out=None):
        s = self.seat
        return self.planes.observe(s, self.picks[s], out)

    def refresh(self):
        self._refresh()

    cdef void _refresh(self) except *:
        s = self.seat
        self.planes.refresh(s, self.picks[s])

    # -- the engine behind it -------------------------------------------------------------

    def _pick(self, s, index):
        picks = self.picks[s]
        picks.append(index - _PICK0)
        rnd = self.round
        if len(picks) < 3:
            return False
        t = tuple(picks)
        chosen = next(a for a in rnd.legal_actions(s) if a.tiles == t)
        picks.clear()
        rnd.apply(chosen)
        return True

    cdef bint _play_others(self) except -1:
        cdef long me = self.seat, phase, s, k, n_won
        cdef Py_ssize_t n
        rnd = self.round
        views = self.views
        apply = rnd.apply
        while True:
            ledger = rnd.ledger
            if len(ledger) != self._paid:  # money moved (R9)
                self._paid = len(ledger)
                self.units = ledger.totals()[me]
            phase = rnd.phase
            if phase == _END:
                return True
            n_won = rnd.n_won
            if n_won != self._wins:
                self._wins = n_won
                if rnd.won[me] and not self._xueliu and not self._may_be_paid():
                    return True  # 血战: the seat's round ends at its win (R10.4)
            s = rnd.cur if phase == _TURN else rnd.to_act()[0]
            if s == me:
                options, mask = options_of(rnd.legal_actions(me), self.picks[me])
                self._set(options, mask)
                return False
            if not 0 <= s < 4:
                raise IndexError(f"seat {s} (expected 0-3)")
            if self._bots[s]:
                if self._randoms[s] is not None and (phase == _TURN or phase == _DINGQUE):
                    n = len(rnd.events)
                    k = random_run(rnd, me, self._randoms, -1, self._discards, True)
                    if self._stopped(k):  # up to the seat's turn of discards or its window
                        return False
                    if k >= 0:  # a gang, or a discard somebody may claim (or the last tile)
                        apply(_PICKS[rnd.cur][k])
                        continue
                    if len(rnd.events) != n or (phase == _DINGQUE and s not in rnd.to_act()):
                        continue
                apply(self._players[s].act(views[s]))
                continue
            self._policy_step(s)

    def _policy_step(self, s):
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

    def _may_be_paid(self):
        rules = self.rules
        if rules.huazhu_payees is _HUAZHU_ALL:
            return True
        rnd = self.round
        in_play = rnd.in_play
        return rules.refund_gang_money and any(
            in_play[g.ganger] for g in rnd.ledger.gang_income() if g.payer == self.seat
        )


def play_steps(list games not None, list actions not None, list rewards not None, masks):
    """One decision in each game (see the twin): the game's step, its reward; a game whose
    episode goes on refreshed and its mask copied into ``masks``; the games that ended. A
    one-dimensional writable memoryview of bytes is written in C, anything else as the twin
    writes it."""
    cdef unsigned char[::1] out
    cdef bint fast = (
        type(masks) is memoryview
        and masks.ndim == 1
        and masks.format == "B"
        and masks.c_contiguous
        and not masks.readonly
    )
    cdef Py_ssize_t i = 0, at = 0, size = 0
    cdef SeatGame g
    cdef list ended = []
    if fast:
        out = masks
        size = out.shape[0]
    while i < PyList_GET_SIZE(actions):
        g = games[i]
        rewards[i] = g._act(actions[i])
        if g.done:
            ended.append(i)
        else:
            g._refresh()
            if fast and PyByteArray_GET_SIZE(g.mask) == _N and at + _N <= size:
                memcpy(&out[at], PyByteArray_AS_STRING(g.mask), _N)
            else:
                masks[at : at + _N] = g.mask
        at += _N
        i += 1
    return ended
