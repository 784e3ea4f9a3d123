"""A seat's mjai observation, for a bot (docs/mjai-bots.md, M3): what is new since the seat's
last decision as mjai events, its legal actions and their mjai reactions, and an mjai
reaction read back as a checked action.

:class:`MjaiSeat` is the one object both kinds of bot play through: a Python bot (any
object with ``react(seat: MjaiSeat) -> dict``, played by :class:`PythonBot`) and an
external process (:class:`xzcore.players.external.ExternalBot`, which writes
:meth:`MjaiSeat.new_events` to the bot's stdin and reads its reaction back with
:meth:`MjaiSeat.action`).

>>> from xzcore.rules import RuleSet
>>> from xzcore.round.engine import Round
>>> from xzcore.round.wall import deal
>>> d = deal(1)
>>> obs = MjaiSeat(2)
>>> obs.update(Round(RuleSet(), d.wall, d.dealer))
>>> [e["type"] for e in obs.new_events()]
['start_game', 'start_kyoku', 'tsumo']
>>> obs.legal_reactions()[0]
{'type': 'ding_que', 'actor': 2, 'suit': 'man'}
>>> obs.action({"type": "ding_que", "actor": 2, "suit": "pin"})
Action.parse('dingque p by 2')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.mjai import blood_grp
from xzcore.mjai.blood_grp import BloodGrpStream
from xzcore.mjai.events import MjaiStream, action_of_mjai, end_game, reaction_of, start_game
from xzcore.round.actions import AnyAction
from xzcore.round.base import CLAIM, ROB, TURN
from xzcore.round.engine import Round

__all__ = ["MjaiBot", "MjaiSeat", "PythonBot", "refusal_of"]

DEFAULT_NAMES = ("bot0", "bot1", "bot2", "bot3")


def refusal_of(rnd: Round, action: AnyAction) -> IllegalActionError:
    """The engine's refusal of ``action``, an action not among ``rnd.legal_actions``: the
    :class:`IllegalActionError` ``Round.play`` raises, with the rule id that forbids it
    (``.rule``). ``play`` refuses such an action before it changes anything (it applies
    exactly the legal actions), so the round is left as it was. A Leshan action in a round
    that is not Leshan is malformed there: :class:`InvalidActionError`."""
    try:
        rnd.play(action)  # type: ignore[arg-type]  # a LeshanAction: LeshanRound.play takes it
    except IllegalActionError as exc:
        return exc
    raise AssertionError(f"Round.play accepted {action!r}, which legal_actions does not list")


class MjaiSeat:
    """Seat ``seat``'s view of a run of rounds as mjai events (M3.1), for one bot.

    Call :meth:`update` with the round at each of the seat's decisions; :meth:`new_events`
    then gives the mjai events since the seat's last decision. A new round object is a new
    round: the rest of the one before is given first (its end, ``end_kyoku``), then — for
    independent games (``match=False``) — ``end_game`` and a new ``start_game``; in a match
    (``match=True``, R11.3) one ``start_game`` opens the run and each round is a new
    ``start_kyoku`` with the scores so far.
    ``start_game`` carries mjai's ``id`` (the seat) and ``xz_rules``, the rule set
    (``RuleSet.to_dict``), so a bot can tell an exchange (R3) from a 定缺 (R4.1) or a 飘 bet
    (R13.3) (M3.3). :meth:`finish` gives what is left at the end of the run.

    ``dialect="blood-grp"``: the events are blood-grp's only, in its arena's order
    (:class:`~xzcore.mjai.blood_grp.BloodGrpStream`, M6.3): ``start_game`` is its own (no
    ``id``, no ``xz_rules``), and the seat declares 定缺 on ``start_kyoku``, before the
    dealer's 14th tile is shown.
    """

    def __init__(
        self,
        seat: int,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
        match: bool = False,
        dialect: str = "xz",
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"seat: {seat!r} is not a seat 0-3")
        if dialect not in blood_grp.DIALECTS:
            raise ValueError(f"unknown mjai dialect {dialect!r} (known: xz, blood-grp)")
        self.dialect = dialect
        """The mjai dialect the seat's events are written in (M6)."""
        self.seat = seat
        """The seat this bot plays."""
        self.names = [str(n) for n in names]
        self.match = match
        self.round: Round | None = None
        """The round of the seat's current decision."""
        self.games = 0
        """The number of rounds seen so far (the current round's number, from 1)."""
        self._stream: MjaiStream | BloodGrpStream | None = None
        self._seen = 0  # our events of the round already turned into mjai events
        self._pending: list[dict[str, Any]] = []
        self._scores = [0, 0, 0, 0]
        self._started = False

    # -- the events ----------------------------------------------------------------------

    def _start(self, rnd: Round) -> dict[str, Any]:
        if self.dialect == "blood-grp":
            return blood_grp.start_game(self.names)
        ev = start_game(self.names)
        ev["id"] = self.seat
        ev["xz_rules"] = rnd.rules.to_dict()
        return ev

    def _drain(self) -> None:
        rnd, stream = self.round, self._stream
        if rnd is None or stream is None:
            return
        events = rnd.events
        for ev in events[self._seen :]:
            self._pending.extend(stream.events(ev))
        self._seen = len(events)

    def _close_round(self) -> None:
        """Queue the rest of the current round, and ``end_game`` when games are separate."""
        rnd = self.round
        if rnd is None:
            return
        self._drain()
        if self.match and not rnd.to_act():  # a round cut short (an error) adds nothing
            self._scores = [a + b for a, b in zip(self._scores, rnd.result().totals, strict=True)]
        else:
            self._pending.append(end_game())
            self._started = False
        self.round = self._stream = None

    def update(self, rnd: Round) -> None:
        """Make ``rnd`` the round of the seat's decision now (a new round object begins a new
        round), queueing the events up to now."""
        if rnd is not self.round:
            self._close_round()
            self.games += 1
            if not self._started:
                self._pending.append(self._start(rnd))
                self._started = True
            self.round = rnd
            if self.dialect == "blood-grp":
                self._stream = BloodGrpStream(seat=self.seat, scores=self._scores)
            else:
                self._stream = MjaiStream(seat=self.seat, scores=self._scores)
            self._seen = 0
        self._drain()

    def new_events(self) -> list[dict[str, Any]]:
        """The mjai events since the seat's last decision (M3.1), in order; each is given
        once."""
        self._drain()
        out, self._pending = self._pending, []
        return out

    def finish(self) -> list[dict[str, Any]]:
        """The events left at the end of a run: the rest of the last round and ``end_game``
        (nothing when no round was seen or the run is already finished)."""
        self._close_round()
        if self._started:
            self._pending.append(end_game())
            self._started = False
        out, self._pending = self._pending, []
        return out

    # -- the decision --------------------------------------------------------------------

    def _rnd(self) -> Round:
        if self.round is None:
            raise RuntimeError("MjaiSeat.update(round) first: no round to decide in")
        return self.round

    @property
    def legal_actions(self) -> list[AnyAction]:
        """The seat's legal actions now: the engine's ``Round.legal_actions(seat)``."""
        return list(self._rnd().legal_actions(self.seat))

    def offered(self) -> int | None:
        """The tile a win now would be on (M3.2, an mjai ``hora`` without ``pai``): the
        discard or added gang on offer to the seat, or the tile it just drew on its turn;
        ``None`` when there is none."""
        rnd = self._rnd()
        ph = rnd.phase
        if ph in (CLAIM, ROB):
            k = int(rnd._claim_tile)
            return k if k >= 0 else None
        if ph == TURN and rnd.cur == self.seat and rnd.drawn >= 0:
            return int(rnd.drawn)
        return None

    def _target(self) -> int:
        rnd = self._rnd()
        return int(rnd._claim_from) if rnd.phase in (CLAIM, ROB) else self.seat

    def legal_reactions(self) -> list[dict[str, Any]]:
        """The mjai reaction of each legal action, in the same order (M3.2)."""
        rnd = self._rnd()
        target = self._target()
        drawn = rnd.drawn if rnd.phase == TURN and rnd.drawn >= 0 else None
        return [reaction_of(a, target=target, drawn=drawn) for a in self.legal_actions]

    def action(self, reaction: Any) -> AnyAction:
        """The legal action the mjai reaction ``reaction`` (a parsed JSON value) says (M3.2).

        Raises :class:`InvalidActionError` for a malformed reaction (not an object, an
        unknown type, a bad field, another seat's actor, or a reaction that is no decision,
        M3.5) and :class:`IllegalActionError` with the engine's rule id (``.rule``) for a
        well-formed one the rules forbid now (M3.6)."""
        rnd = self._rnd()
        try:
            a = action_of_mjai(reaction, seat=self.seat, tile=self.offered())
        except RecursionError:  # a Python bot's value nested past the interpreter's stack
            raise InvalidActionError("a value nested too deeply") from None
        if a is None:
            t = reaction.get("type") if isinstance(reaction, Mapping) else None
            raise InvalidActionError(f"mjai {t!r} is no decision")
        legal = rnd.legal_actions(self.seat)
        if a in legal:
            return legal[legal.index(a)]  # the engine's own value
        raise refusal_of(rnd, a)


class MjaiBot(Protocol):
    """A bot in Python: reacts to the seat's observation with one mjai reaction."""

    def react(self, seat: MjaiSeat) -> Mapping[str, Any]:
        """The reaction to the events since the last decision (``seat.new_events()``)."""
        ...


class PythonBot:
    """A recording chooser (``xzcore.players.recording.Chooser``) that plays ``bot``, a Python
    :class:`MjaiBot`, at ``seat`` through an :class:`MjaiSeat`. It decides everything itself,
    飘 and 摆割 included (``interactive``, R13). A malformed or illegal reaction raises (a
    Python bot's bug: :meth:`MjaiSeat.action`)."""

    interactive = True

    def __init__(
        self,
        bot: MjaiBot,
        seat: int,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
        match: bool = False,
        dialect: str = "xz",
    ) -> None:
        self.bot = bot
        self.seat = MjaiSeat(seat, names=names, match=match, dialect=dialect)

    def __call__(self, rnd: Round, seat: int, legal: list[Any]) -> Any:
        if seat != self.seat.seat:
            raise ValueError(f"this bot plays seat {self.seat.seat}, not {seat}")
        self.seat.update(rnd)
        return self.seat.action(self.bot.react(self.seat))
