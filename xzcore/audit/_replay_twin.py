"""The quiet discard, the quiet run and the random bots' quiet turns in plain Python: the
twin of the compiled ``xzcore.audit._replay`` (contract: docs/internals.md,
``xzcore.audit.replay``).

It decides in the most direct words — :func:`quiet_decline`, :func:`window_decline`,
:func:`dingque_decline` and :func:`run_decline` name the reason for every decline, for tests
and measurements — reading the round's step state, then takes the steps through
``Round.apply``. The differential tests hold the compiled module to it and both to
``Round.play``.
"""

from __future__ import annotations

from typing import Any

from xzcore.round.actions import (
    _DAHAI,
    _DAIMINKAN,
    _DINGQUE,
    _HORA,
    _KIND,
    _NONE,
    _PON,
    _SUIT_INDEX,
    _TURN_PICKS,
    NOT_ACTIONS,
    Action,
)
from xzcore.round.base import CLAIM, DINGQUE, TURN, StepState
from xzcore.round.engine import Round
from xzcore.rules import LastRoundScope, LastRoundWin

__all__ = [
    "DINGQUE_REASONS",
    "OPEN_REASONS",
    "REASONS",
    "RUN_REASONS",
    "WINDOW_REASONS",
    "dingque_decline",
    "exactly",
    "quiet_decline",
    "quiet_discard",
    "quiet_run",
    "random_run",
    "run_decline",
    "window_decline",
]

REASONS = (
    "round_type",
    "arguments",
    "phase",
    "turn",
    "not_held",
    "final_win",
    "locked",
    "void",
    "wall_end",
    "claimable",
)
"""Every reason :func:`quiet_decline` may give, in the order it checks them."""


def quiet_decline(rnd: Any, seat: object, tile: object) -> str | None:
    """Why :func:`quiet_discard` declines the discard of ``tile`` by ``seat`` (one of
    :data:`REASONS`), or ``None`` when it applies the step. Changes nothing (it may let a
    seat's hand cache its waits, as ``Hand.claimable`` does)."""
    return _plain_decline(rnd) or _step_decline(rnd, seat, tile)


def _plain_decline(rnd: Any) -> str | None:
    """``round_type`` unless ``rnd`` is a plain ``Round`` (a subclass, LeshanRound, may play
    a step differently)."""
    return None if type(rnd) is Round else "round_type"


def _step_decline(rnd: Round, seat: object, tile: object) -> str | None:
    """:func:`quiet_decline` of a plain ``Round``, read from its step state."""
    if type(seat) is not int or type(tile) is not int or not (0 <= seat < 4 and 0 <= tile < 27):
        return "arguments"  # Round.play reports it (Action.make)
    st = rnd._step_state()
    if st.phase != TURN:
        return "phase"  # a claim window, the setup phases or the end (R5.2, R3, R4.1, R5.6)
    if seat != st.cur:
        return "turn"  # R5.1
    rules = st.rules
    # R11.2: a 血流 winner's hand is locked: on its turn it discards the tile it drew (after
    # a 碰 a seat discards as anyone does, R5.4, but a winner may not 碰).
    locked = rules.xueliu and st.won[seat] and not st.must_discard
    hand = st.hands[seat]
    if not hand.count(tile):
        return "not_held"  # R5.1
    if (
        st.final
        and not st.must_discard
        and rules.last_round_scope is LastRoundScope.ANY
        and rules.last_round_win is not LastRoundWin.OFF
        and hand.is_win()
    ):
        # R5.7: with a self-draw win in hand in the final round, the win is forced (the
        # discard is illegal) or the discard forfeits it (bookkeeping left to the engine).
        return "final_win"
    void = st.voids[seat]
    if locked:
        if tile != st.drawn:
            return "locked"  # R11.2: the winner's only discard is the drawn tile
    elif void >= 0 and tile // 9 != void and any(hand.counts()[9 * void : 9 * void + 9]):
        return "void"  # R4.2: while the seat holds its void suit, a void tile goes first
    if st.pos >= 108:
        return "wall_end"  # R5.6: the last discard ends the round
    in_play = st.in_play
    for i in (1, 2, 3):  # the engine's order (Round._dahai)
        o = (seat + i) % 4
        if in_play[o] and st.hands[o].claimable(tile):
            return "claimable"  # R5.2: another seat may be offered the tile
    return None


def quiet_discard(rnd: Round, seat: int, tile: int) -> bool:
    """Apply the quiet discard of ``tile`` by ``seat`` and the next seat's draw, as
    ``rnd.play(Action("dahai", seat, tile))`` would, and return True; or return False and
    change nothing (then ``Round.play`` decides). See :func:`quiet_decline`. It raises
    nothing: if the kernel refuses a hand while checking, it declines, and ``Round.play``
    meets the same error where the caller reports it."""
    try:
        if quiet_decline(rnd, seat, tile) is not None:
            return False
    except Exception:  # a damaged round: the engine reports it
        return False
    # Legal (R5.1, R4.2, R5.7, R11.2) and nobody can claim: the engine's own discard step,
    # which finds nobody to ask and draws for the next seat in play (R5.5, R7.4, R5.7).
    rnd.apply(_DAHAI[seat][tile])
    return True


# -- the quiet run ------------------------------------------------------------------------------

WINDOW_REASONS = ("win_locked", "win_final", "win_suits", "winner_gang", "win_offered", "answers")
"""Why :func:`window_decline` does not resolve a claim window. The first four refuse the
discard itself (its window is the engine's to open): a seat holding a winning shape with the
tile is pass-locked (R7.4: whether it may win needs its score), or it is the final round
(R5.7 forced or forfeit), or the rules have no 定缺 (R4.4 counts the melds' suits); a 血流
winner might gang (R11.2: whether its waits stay is the engine's to work out). With the last
two (:data:`OPEN_REASONS`) the run takes the discard and opens the window exactly as
``Round._open_claims`` does, and leaves the answers to the loop: a seat is offered 胡
(R7.1; the loop resolves R5.3, R7.4, R9), or the recorded events after the discard are not
one plain ``none`` from each asked seat, nor the ``pon`` of the one seat asked."""

OPEN_REASONS = ("win_offered", "answers")
"""The :data:`WINDOW_REASONS` with which the run takes the discard and stops in the open
window."""

DINGQUE_REASONS = ("dingque_phase", "dingques")
"""Why :func:`dingque_decline` refuses a ``dingque`` event: the round is not in the 定缺 phase
with no declaration made yet (R4.1: a declaration out of phase, or after others, is the
loop's); the four events from it are not one well-formed declaration (``actor`` an int 0-3,
``suit`` ``"m"``, ``"p"`` or ``"s"``) of each seat."""

RUN_REASONS = (
    "end",
    "event",
    "not_quiet",
    *(r for r in REASONS if r != "claimable"),
    *(r for r in WINDOW_REASONS if r not in OPEN_REASONS),
    *DINGQUE_REASONS,
)
"""Every reason :func:`run_decline` may give: ``end`` (no event left), ``event`` (not a map
with a str ``type``: the loop reports it), ``not_quiet`` (an action other than a well-formed
discard or declaration, or a discard with a ``baige`` key: the loop plays it; an answer in a
window the run opened), a reason of :func:`quiet_decline` (but ``claimable``), of
:data:`WINDOW_REASONS` (but :data:`OPEN_REASONS`) or of :data:`DINGQUE_REASONS`."""


def window_decline(
    rnd: Any, seat: int, tile: int, events: list[Any], at: int
) -> tuple[str | None, dict[int, list[Action]], list[Action]]:
    """For a discard of ``tile`` by ``seat`` that :func:`quiet_decline` refuses only as
    ``claimable``, recorded at ``events[at]``: ``(None, opts, answers)`` when the claim
    window ``Round._open_claims`` opens offers nobody 胡 and the recorded events after the
    discard are exactly one answer from each asked seat, in any order, each a plain
    ``none`` (no ``claim`` key) or, when one seat is asked, its ``pon`` of the tile
    (``opts``: the options per asked seat as ``_open_claims`` builds them; ``answers``: the
    actions the loop plays for them, in the recorded order); else ``(reason, opts, [])``
    (one of :data:`WINDOW_REASONS`; ``opts`` as above for :data:`OPEN_REASONS`, else
    empty). Changes nothing. (In a round that keeps R1.1 at most one seat is asked here
    when nobody is offered 胡: two would hold two pairs of the discarded kind.)"""
    reason, opts = _window_opts(rnd, seat, tile)
    if reason is not None:
        return reason, opts, []
    answers: list[Action] = []
    for j in range(at + 1, at + 1 + len(opts)):  # as the loop reads each (action_of)
        ev = events[j] if j < len(events) else None
        if type(ev) is not dict or type(w := ev.get("type")) is not str:
            return "answers", opts, []
        actor = ev.get("actor")
        if type(actor) is not int or actor not in opts or actor in (a.seat for a in answers):
            return "answers", opts, []  # R5.2/R5.3: not asked, or answered already
        if w == "none":
            if "claim" in ev:  # a claim superseded by R5.3: action_of reads it otherwise
                return "answers", opts, []
            answers.append(_NONE[actor])
        elif w == "pon" and len(opts) == 1:  # R5.3: one seat asked, its 碰 takes the tile
            pai = ev.get("pai")
            if type(pai) is not str or _KIND.get(pai) != tile:
                return "answers", opts, []  # another tile: the loop plays (or refuses) that
            answers.append(_PON[actor][tile])
        else:
            return "answers", opts, []
        if answers[-1] not in opts[actor]:
            return "answers", opts, []
    return None, opts, answers


def _window_opts(rnd: Any, seat: int, tile: int) -> tuple[str | None, dict[int, list[Action]]]:
    """The claim window of a discard of ``tile`` by ``seat`` (one :func:`quiet_decline`
    refuses only as ``claimable``) as ``Round._open_claims`` opens it: ``(None, opts)`` (the
    options per asked seat; empty when nobody is), ``("win_offered", opts)``, or one of the
    first four :data:`WINDOW_REASONS` with ``{}``. Changes nothing."""
    st = rnd._step_state()
    hands = st.hands
    in_play = st.in_play
    xueliu = st.rules.xueliu
    suit = tile // 9
    opts: dict[int, list[Action]] = {}
    win_offered = False
    for i in (1, 2, 3):  # Round._open_claims (R5.2), in play order from the discarder
        o = (seat + i) % 4
        h = hands[o]
        if not in_play[o] or not h.claimable(tile):
            continue
        n = h.count(tile)
        mine: list[Action] = []
        if n < 2 or h.is_win_with(tile):  # R7.1: 胡 on offer, unless a rule says otherwise
            if st.locked[o]:
                return "win_locked", {}  # R7.4: _lock_allows may need the score
            if st.final:
                return "win_final", {}  # R5.7: forced, or a forfeit when passed
            if not st.rules.declare_void:
                return "win_suits", {}  # R4.4: _suits_ok counts the melds' suits
            mine.append(_HORA[o][tile])
            win_offered = True
        winner = xueliu and st.won[o]
        if suit != st.voids[o]:  # R4.3 (the wall is not empty: quiet_decline, R5.6)
            if n == 3:
                if winner:
                    return "winner_gang", {}  # R11.2: only a gang that keeps the waits
                mine.append(_DAIMINKAN[o][tile])
            if n >= 2 and not winner:  # R11.2: a winner may not 碰
                mine.append(_PON[o][tile])
        if mine:
            mine.append(_NONE[o])
            opts[o] = mine
    if win_offered:
        return "win_offered", opts  # R5.3, R7.4, R9: the loop's
    return None, opts


def dingque_decline(rnd: Any, events: list[Any], at: int) -> tuple[str | None, list[Action]]:
    """For the ``dingque`` event ``events[at]``, with ``rnd`` a plain ``Round`` whose steps
    are the engine's: ``(None, actions)`` when the round is in the 定缺 phase with nobody
    declared yet and ``events[at:at + 4]`` declare each seat's void once (R4.1), as
    ``action_of`` reads them (``actions``, in the recorded order: after the fourth,
    ``Round._do_dingque`` and ``Round._begin_play``); else ``(reason, [])`` (one of
    :data:`DINGQUE_REASONS`). Changes nothing."""
    st = rnd._step_state()
    if st.phase != DINGQUE or type(st.pending) is not dict or st.pending:
        return "dingque_phase", []
    actions: list[Action] = []
    for j in range(at, at + 4):
        ev = events[j] if j < len(events) else None
        if type(ev) is not dict or type(w := ev.get("type")) is not str or w != "dingque":
            return "dingques", []
        actor, suit = ev.get("actor"), ev.get("suit")
        if type(actor) is not int or not 0 <= actor < 4 or actor in (a.seat for a in actions):
            return "dingques", []  # R4.1: one declaration a seat
        if type(suit) is not str or suit not in _SUIT_INDEX:
            return "dingques", []  # action_of reports it
        actions.append(_DINGQUE[actor][_SUIT_INDEX[suit]])
    return None, actions


def run_decline(rnd: Any, events: list[Any], i: int) -> tuple[str | None, int]:
    """Why :func:`quiet_run` stops at ``events[i]`` (one of :data:`RUN_REASONS`) and 0, or
    ``(None, n)`` when it consumes the ``n`` events from ``i`` as one step: a skipped event
    or a quiet discard (1), a discard with its window (1 + the answers), or the four
    declarations of the 定缺 phase (4). Changes nothing."""
    try:
        plain = _plain_decline(rnd) is None
    except Exception:
        plain = False
    reason, n, _ = _run_decline(rnd, events, i, plain)
    return reason, n


def _run_decline(
    rnd: Any, events: list[Any], i: int, plain: bool
) -> tuple[str | None, int, list[Action]]:
    """:func:`run_decline`, with the actions the loop plays for the step (a discard and its
    window's answers, or the declarations); ``plain``: ``rnd`` is known to be a plain
    ``Round``. (The events are read here once: a key's ``__eq__`` may change them.)"""
    if i >= len(events):
        return "end", 0, []
    ev = events[i]
    # compare_events: a map with a str 'type'; NOT_ACTIONS are skipped.
    if type(ev) is not dict or type(word := ev.get("type")) is not str:
        return "event", 0, []
    if word in NOT_ACTIONS:
        return None, 1, []
    if word == "dingque":
        if not plain:
            return _plain_decline(rnd) or "round_type", 0, []
        why, actions = dingque_decline(rnd, events, i)
        return why, (0 if why else 4), actions
    if word != "dahai" or "baige" in ev:
        return "not_quiet", 0, []
    actor, pai = ev.get("actor"), ev.get("pai")
    if type(actor) is not int or not 0 <= actor < 4 or type(pai) is not str or pai not in _KIND:
        return "not_quiet", 0, []  # the loop's action_of reports it
    tile = _KIND[pai]
    discard = [_DAHAI[actor][tile]]
    reason = _step_decline(rnd, actor, tile) if plain else quiet_decline(rnd, actor, tile)
    if reason is None:
        return None, 1, discard
    if reason != "claimable":
        return reason, 0, []
    why, opts, answers = window_decline(rnd, actor, tile, events, i)
    if why is None:
        return None, 1 + len(opts), discard + answers
    if why in OPEN_REASONS:
        return None, 1, discard  # the discard: the window opens, the loop takes the answers
    return why, 0, []


_SEAT_LISTS = slice(StepState._fields.index("hands"), None)
"""The step state's lists of seats."""


def _intact(rnd: Any) -> bool:
    """Are the round's lists of seats (and its wall) whole? A key of a recorded event (never
    msgpack's: its keys are exact str) may run any code while the event is looked up; the
    compiled run checks the same before it reads the round again."""
    try:
        st = rnd._step_state()
        return all(len(seats) == 4 for seats in st[_SEAT_LISTS]) and len(st.wall) == 108
    except Exception:
        return False


def exactly(recorded: Any, built: dict[str, Any]) -> bool:
    """Is ``recorded`` exactly the event the engine ``built``: an exact dict holding the same
    str keys in the same order, each value of the same type (str, int or bool: the values
    of the events the quiet steps make) and equal? Then :func:`quiet_run` keeps the
    recorded dict in the round's events in place of the built one (equal values either way;
    nothing mutates either afterwards). Runs no code of the recorded values' own."""
    if type(recorded) is not dict or len(recorded) != len(built):
        return False
    for (key, value), (bkey, bvalue) in zip(recorded.items(), built.items(), strict=True):
        kind = type(bvalue)
        if type(key) is not str or key != bkey or kind not in _PLAIN or type(value) is not kind:
            return False
        if value != bvalue:
            return False
    return True


_PLAIN = (str, int, bool)


def _adopt(engine: list[Any], start: int, events: list[Any]) -> None:
    """Replace each event the engine appended from ``start`` with the recorded event at the
    same index when it is :func:`exactly` that event (as the compiled run appends it)."""
    for p in range(start, len(engine)):
        if p < len(events) and exactly(events[p], engine[p]):
            engine[p] = events[p]


def quiet_run(rnd: Any, events: list[Any], i: int) -> int:
    """Do what ``compare_events``' loop does for ``events[i]``, ``events[i + 1]``, … as long
    as each is an event it skips, a quiet discard (:func:`quiet_discard`), a discard whose
    claim window ends with every asked seat passing or with the one asked seat's 碰
    (:func:`window_decline`), a discard whose window it opens and leaves to the loop
    (:data:`OPEN_REASONS`: the round waits for the answers), or the 定缺 phase's four
    declarations (:func:`dingque_decline`); return the index of the first event not consumed
    (``len(events)`` at the end), which the caller handles the slow way. Raises nothing, and
    a stop changes nothing of that event. The round keeps the recorded events that are
    :func:`exactly` the ones the engine appends."""
    if type(events) is not list or type(i) is not int or not 0 <= i <= len(events):
        return i
    try:  # the round's type and its step, once for the run (as the compiled run does)
        plain = _plain_decline(rnd) is None
    except Exception:
        return i
    while True:
        try:
            reason, n, actions = _run_decline(rnd, events, i, plain)
            if reason is not None or not _intact(rnd):
                return i
            engine = rnd._step_state().events
        except Exception:  # a damaged round: the engine reports it
            return i
        if type(engine) is not list:
            return i
        start = len(engine)
        # The engine's own steps, as play() would take them: the discard (R5.1: nobody
        # asked, the next seat draws; or the window opens, R5.2) and each recorded answer
        # (R5.3: _resolve_claims writes the none events, then the next draw, R5.5; or the
        # 碰, R5.4); or the declarations (R4.1). Legal: asked and not answered yet; or not
        # declared yet.
        for action in actions:
            rnd.apply(action)
        _adopt(engine, start, events)
        i += n


# -- the random bots' turns --------------------------------------------------------------------


def random_run(
    rnd: Any,
    me: int,
    randoms: list[Any],
    first: int = -1,
    discards: bytearray | None = None,
    offers: bool = False,
    answer: int = -1,
) -> int:
    """Take seat ``me``'s discard of ``first`` (a kind, or -1: none) when it is a quiet one
    (:func:`quiet_discard`), then play the decisions of the seats that ``randoms`` names — a
    list of four: seat ``s``'s source of random numbers in [0, 1)
    (``random.Random(seed).random``), or None — as :class:`xzcore.players.agents.RandomAgent`
    plays them (``legal[int(random() * len(legal))]``): in the 定缺 phase the declarations of
    the seats yet to declare, in seat order as ``Round.to_act`` asks them (R4.1; the fourth
    begins play, R5.1); then the turns, while each is a turn the run plays (:func:`_plays`:
    the discard after a 碰, R5.4, or a turn of a seat that has not won and holds no win, whose
    legal actions are its gangs, R6, then its discards) and the action drawn is a discard,
    a quiet one or one whose claim window offers one seat, not ``me`` and with a source, 碰
    or pass (nobody 胡 or 直杠: :func:`_random_discard`; that seat's answer is drawn as
    ``RandomAgent.act`` draws it, and a 碰 begins its turn, which the run plays on). Stop at
    seat ``me``'s decision, at a seat without a source, at any other turn or phase, and for
    any round but a ``Round``; return the number (``_TURN_PICKS``) of an action chosen but
    not applied — a gang, or a discard that is not quiet (``first`` when it is not quiet or
    not the seat's turn; somebody may claim it, or win on the last tile …): the caller
    applies it — or -1. The last discard nobody may win on is played, and the round's end
    after it (:func:`_quiet_last`). With ``discards`` (a bytearray of 27), a stop at seat
    ``me``'s turn whose only legal actions are discards marks there the kinds it may discard
    (1, the others 0: ``Round.legal_actions(me)``) and returns -2.

    With ``offers`` (and ``discards``), a discard in the run whose claim window offers seat
    ``me`` alone 碰 or pass (nobody 胡 or 直杠: :func:`_learners_window`) is played and its
    window left open, the tile's kind marked in ``discards`` (the only mark), and the run
    returns -3: seat ``me``'s decision. ``answer`` (0 pass, 1 碰) is seat ``me``'s answer to
    such a window, open in ``rnd``: taken first, in place of ``first``, when the window is
    exactly one (:func:`_answer`), the run going on from there; else nothing is changed and
    the run returns -4 (the caller applies the answer). ``ValueError`` for a bad ``me``,
    ``randoms``, ``first``, ``discards``, ``offers`` or ``answer``, or a number outside
    [0, 1); ``TypeError`` for one not a float."""
    if (
        type(me) is not int
        or not 0 <= me < 4
        or type(randoms) is not list
        or len(randoms) != 4
        or type(first) is not int
        or not -1 <= first < 27
        or not (discards is None or (type(discards) is bytearray and len(discards) == 27))
        or type(offers) is not bool
        or (offers and discards is None)
        or type(answer) is not int
        or not -1 <= answer <= 1
        or (answer >= 0 and first >= 0)
    ):
        raise ValueError(
            "random_run: me a seat 0-3, randoms a list of four, first a kind or -1, "
            "discards None or a bytearray of 27 (given with offers), answer 0, 1 or -1 "
            "(not with first)"
        )
    if type(rnd) is not Round:
        return -4 if answer >= 0 else first
    if answer >= 0:
        if not _answer(rnd, me, answer):
            return -4  # not the seat's window alone, or an answer the engine plays
    elif first >= 0 and not (
        rnd.phase == TURN and rnd.cur == me and _random_discard(rnd, me, randoms, me, first, offers)
    ):
        return first  # not quiet (or not the seat's turn): the engine takes it
    while rnd.phase == DINGQUE:  # R4.1: the seats yet to declare, in seat order (to_act)
        s = rnd.to_act()[0]
        rand = randoms[s]
        if s == me or rand is None:
            return -1
        legal = rnd.legal_actions(s)  # the three suits
        u = _number(rand, len(legal))
        rnd.apply(legal[int(u * len(legal))])  # the fourth begins play (R5.1)
    while rnd.phase == TURN:
        s = rnd.cur
        rand = randoms[s]
        if s == me and discards is not None and _discards_only(rnd, s):
            discards[:] = bytes(27)
            for a in rnd.legal_actions(s):
                discards[a.tile] = 1
            return -2
        if s == me or rand is None or not _plays(rnd, s):
            return -1
        legal = rnd.legal_actions(s)  # its gangs, then its discards (R6, R5.1)
        u = _number(rand, len(legal))
        a = legal[int(u * len(legal))]
        if a.word != "dahai":
            return _TURN_PICKS[s].index(a)  # a gang: the engine takes it
        if not _random_discard(rnd, me, randoms, s, a.tile, offers):
            return a.tile  # not quiet: the engine takes it
        if rnd.phase == CLAIM:  # seat me's window, open: its decision (R5.2)
            assert discards is not None  # (offers needs them)
            discards[:] = bytes(27)
            discards[rnd._claim_tile] = 1
            return -3
    return -1


def _learners_window(rnd: Round, me: int) -> Action | None:
    """The 碰 of the claim window open in ``rnd`` when it offers seat ``me`` alone exactly
    碰 or pass of the tile on offer (R5.2: nobody 胡 or 直杠), else None."""
    if rnd.phase != CLAIM or rnd._claim_dec:
        return None
    opts = rnd._claim_opts
    if type(opts) is not dict or len(opts) != 1 or me not in opts:
        return None
    k = rnd._claim_tile
    mine = opts[me]
    if type(k) is not int or not 0 <= k < 27 or type(mine) is not list or len(mine) != 2:
        return None
    if mine[0] is not _PON[me][k] or mine[1] is not _NONE[me]:  # the engine's own actions
        return None
    return _PON[me][k]


def _answer(rnd: Round, me: int, answer: int) -> bool:
    """Seat ``me``'s ``answer`` (0 pass, 1 碰) to the window :func:`_learners_window` finds,
    played as ``Round.apply`` plays it (R5.3: the only seat asked; then the 碰's turn, R5.4,
    or the next seat's draw, R5.5), when it is one the run takes: a 碰, or a pass with the
    wall not empty (a pass of the last tile ends the round, R5.6: the engine's). False, and
    nothing changed, otherwise."""
    pon = _learners_window(rnd, me)
    if pon is None or (answer == 0 and rnd.pos >= 108):
        return False
    rnd.apply(pon if answer == 1 else _NONE[me])
    return True


def _number(rand: Any, n: int) -> float:
    """The next number of a source, checked: in [0, 1) and a float (``int(u * n)`` picks
    among ``n`` as ``RandomAgent.act`` does)."""
    u = rand()
    if type(u) is not float:
        raise TypeError(f"random_run: a source gave {type(u).__name__}, not float")
    if not 0 <= u * n < n:
        raise ValueError(f"random_run: a source gave {u!r}, not in [0, 1)")
    return u


def _plays(rnd: Round, s: int) -> bool:
    """Whether the run plays the turn of seat ``s`` (the current seat): the discard after a
    碰 (R5.4), or a turn of a seat that has not won (R11.2) and holds no win (R7.1), whose
    legal actions are then its gangs (R6) and its discards."""
    return rnd._must_discard or not (rnd.won[s] or rnd.hands[s].is_win())


def _discards_only(rnd: Round, s: int) -> bool:
    """Whether the turn of seat ``s`` (the current seat) offers only discards:
    ``Round._turn_actions``' common case — the discard after a 碰 (R5.4), or no win, no gang
    (R6: no four, no kind of its 碰s held, or the wall is empty, R5.6) and not a winner."""
    if rnd._must_discard:
        return True
    h = rnd.hands[s]
    c = h.counts()
    if rnd.won[s] or h.is_win():
        return False
    return not (rnd.pos < 108 and (4 in c or any(c[k] for k in rnd.pengs[s])))


def _quiet_last(rnd: Round, seat: int, tile: int) -> bool:
    """Whether the last discard (R5.6: the wall is empty), ``tile`` by ``seat``, is one the
    run plays with the round's end: nobody may win on it (R7.1: the only claim left on the
    last tile), and the rules declare voids (R4.1: R10.1's 花猪 is then the void suit held)."""
    st = rnd._step_state()
    if not st.rules.declare_void:
        return False
    for i in (1, 2, 3):
        o = (seat + i) % 4
        h = st.hands[o]
        if st.in_play[o] and h.claimable(tile) and (h.count(tile) < 2 or h.is_win_with(tile)):
            return False  # 胡 on offer: the engine's
    return True


def _random_discard(
    rnd: Round, me: int, randoms: list[Any], seat: int, tile: int, offers: bool = False
) -> bool:
    """:func:`quiet_discard` of ``tile`` by ``seat``; or the last discard, when
    :func:`_quiet_last`, and the round's end the engine plays after it (R5.6, R10); or,
    when the discard's claim window
    (:func:`_window_opts`) offers exactly one seat 碰 or pass, a seat not ``me`` with a
    source in ``randoms`` (nobody offered 胡 or 直杠), the discard and that seat's answer as
    ``RandomAgent.act`` chooses it (``legal[int(random() * len(legal))]``); with ``offers``,
    when that one seat is ``me``, the discard, its window left open (seat ``me``'s
    decision); or, when the window offers nobody anything, the discard. True when it
    played, else nothing changed (no number drawn)."""
    if quiet_discard(rnd, seat, tile):
        return True
    try:
        reason = quiet_decline(rnd, seat, tile)
        if reason == "wall_end" and _quiet_last(rnd, seat, tile):
            rnd.apply(_DAHAI[seat][tile])  # the round's end (R5.6, R10)
            return True
        if reason != "claimable":
            return False
        reason, opts = _window_opts(rnd, seat, tile)
    except Exception:  # a damaged round: the engine reports it
        return False
    if reason is not None or len(opts) > 1:
        return False
    u = 0.0
    for o, mine in opts.items():  # the one seat asked
        if [a.word for a in mine] != ["pon", "none"]:
            return False
        if o == me and offers:
            rnd.apply(_DAHAI[seat][tile])  # the window opens: seat me's decision
            return True
        if o == me or randoms[o] is None:
            return False
        u = _number(randoms[o], 2)
    rnd.apply(_DAHAI[seat][tile])  # the window opens (or nobody is asked: the next draw)
    for o in opts:
        legal = rnd.legal_actions(o)
        rnd.apply(legal[int(u * len(legal))])
    return True
