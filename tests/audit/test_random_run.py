"""The random bots' quiet turns (``xzcore.audit.replay.random_run``, xzcore.env's opponents):
on both backends (compiled ``xzcore.audit._replay`` on the compiled kernel, and the twin), a
round played with ``random_run`` wherever it plays is event for event, unit for unit and
random number for random number the round that ``RandomAgent.act`` and ``Round.apply`` play
alone; the compiled function returns what the twin returns at every call."""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.audit import _replay_twin as twin
from xzcore.kernel import _core_twin
from xzcore.leshan.round import LeshanRound
from xzcore.players.agents import RandomAgent, SeatView
from xzcore.round.actions import _TURN_PICKS
from xzcore.round.base import CLAIM, DINGQUE, END, TURN
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("xuezhan", {}),
    ("chengdu-classic", {}),
    ("xueliu", {}),
    ("xuezhan", {"exchange_three": True}),
    ("xuezhan", {"declare_void": False}),
    ("xuezhan", {"last_round_win": "forced", "last_round_tiles": 12}),
    ("xuezhan", {"last_round_win": "forfeit", "last_round_scope": "any"}),
    ("xuezhan", {"tian_di_hu": True, "dihu_on_dealer_discard": True}),
    ("xueliu", {"last_round_win": "forfeit", "exchange_three": False}),
]


def _compiled() -> ModuleType | None:
    try:
        return importlib.import_module("xzcore.audit._replay")
    except ImportError:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
        return None


def _impls() -> list[ModuleType]:
    compiled = _compiled()
    return [twin] if compiled is None else [twin, compiled]


def _kernel_of(impl: ModuleType) -> ModuleType | None:
    """The kernel a round for ``impl`` is built on: the compiled step plays only the compiled
    kernel's hands (under XZ_PUREPYTHON the default is the twin's); the twin plays either."""
    if impl is twin:
        return None
    return importlib.import_module("xzcore.kernel._core")


def _round(variant: int, seed: int, kernel: Any = None) -> Round:
    preset, options = VARIANTS[variant]
    rules = RuleSet.preset(preset, **options)
    d = deal(seed)
    ex = d.exchange_direction if rules.exchange_three else None
    return Round(rules, d.wall, d.dealer, exchange_direction=ex, kernel=kernel)


def _play(
    rnd: Round,
    seed: int,
    me: int,
    run: Any,
    discards: bytearray | None = None,
    offers: bool = False,
) -> tuple[list[Any], list[int]]:
    """Play ``rnd`` to its end with four random bots, through ``run`` (a ``random_run``,
    given seat ``me``'s discards as ``first``, and ``discards`` when given) where it plays,
    or without (``run`` None); the return of every call of ``run`` (after a -2 or a -3, the
    kinds it marked), and each bot's next random number after the round (the numbers used
    up). At a -2 the marks are checked against ``Round.legal_actions``: the seat's turn
    offers exactly the discards of the marked kinds. With ``offers``, ``run`` is asked to
    stop at seat ``me``'s claim windows, and is given seat ``me``'s 碰 or pass as
    ``answer`` in any claim window (-4: not taken, then the engine applies it); at a -3 the
    window is checked: open, offering seat ``me`` alone 碰 or pass of the marked kind."""
    bots = [RandomAgent(4 * seed + s) for s in range(4)]
    views = [SeatView(rnd, s) for s in range(4)]
    randoms = [None if s == me else bots[s]._random for s in range(4)]
    returned: list[Any] = []
    extra: tuple[Any, ...] = () if discards is None else (discards, offers)

    def called(k: int) -> int:
        returned.append(k)
        if k in (-2, -3):
            assert discards is not None
            marked = [t for t in range(27) if discards[t]]
            returned.append(marked)
            legal = rnd.legal_actions(me)
            assert set(discards) <= {0, 1}
        if k == -2:
            assert rnd.phase == TURN and rnd.cur == me
            assert {a.word for a in legal} == {"dahai"}  # R5.4, R6: no win, no gang here
            assert sorted(a.tile for a in legal) == marked
        if k == -3:  # R5.2: the window offers seat me alone 碰 or pass of the tile on offer
            assert offers and rnd.phase == CLAIM and rnd.to_act() == [me]
            assert [(a.word, a.tile) for a in legal] == [("pon", marked[0]), ("none", -1)]
        return k

    while rnd.phase != END:
        s = rnd.cur if rnd.phase == TURN else rnd.to_act()[0]
        if offers and rnd.phase == CLAIM and s == me:  # the learner's answer, through run
            a = bots[s].act(views[s])
            if a.word in ("pon", "none"):
                k = called(run(rnd, me, randoms, -1, *extra, int(a.word == "pon")))
                if k == -4:
                    rnd.apply(a)
                elif k >= 0:
                    rnd.apply(_TURN_PICKS[rnd.cur][k])
                continue
            rnd.apply(a)
            continue
        if run is not None and rnd.phase == TURN and s == me:  # the learner's discard first
            a = bots[s].act(views[s])
            if a.word != "dahai":
                rnd.apply(a)
                continue
            k = called(run(rnd, me, randoms, a.tile, *extra))
            if k >= 0:
                rnd.apply(_TURN_PICKS[rnd.cur][k])
            continue
        if run is not None and rnd.phase in (TURN, DINGQUE):
            n = len(rnd.events)
            k = called(run(rnd, me, randoms, -1, *extra))
            if k in (-2, -3):
                continue
            if k >= 0:
                rnd.apply(_TURN_PICKS[rnd.cur][k])
                continue
            if len(rnd.events) != n or (rnd.phase == DINGQUE and s not in rnd.to_act()):
                continue  # played on (a declaration made, in the 定缺 phase: R4.1)
        rnd.apply(bots[s].act(views[s]))
    return returned, [b._random() for b in bots]


def _outcome(rnd: Round) -> tuple[Any, ...]:
    """The events (each key and value, in its order: a log writes them so), the units, the
    transfers, the result (the wins, each seat's net, the next dealer, why the round ended)
    and the forfeits (R5.7)."""
    res = rnd.result()
    return (
        [list(e.items()) for e in rnd.events],
        rnd.ledger.totals(),
        rnd.ledger.to_list(),
        (res.wins, res.totals, res.next_dealer, res.reason, res.dealer),
        rnd.forfeited,
    )


@given(st.integers(0, len(VARIANTS) - 1), st.integers(0, 10**6), st.integers(0, 3))
def test_random_run_plays_the_random_bots_rounds(variant: int, seed: int, me: int) -> None:
    alone = _round(variant, seed)
    _, numbers = _play(alone, seed, me, None)
    with_twin = _round(variant, seed)
    returned, twin_numbers = _play(with_twin, seed, me, twin.random_run)
    assert _outcome(with_twin) == _outcome(alone) and twin_numbers == numbers
    assert any(k == -1 for k in returned)  # it ran (a run ends at the learner's decision)
    compiled = _compiled()
    if compiled is not None:
        with_compiled = _round(variant, seed, _kernel_of(compiled))
        returned_c, compiled_numbers = _play(with_compiled, seed, me, compiled.random_run)
        assert _outcome(with_compiled) == _outcome(alone) and compiled_numbers == numbers
        assert returned_c == returned


@given(st.integers(0, len(VARIANTS) - 1), st.integers(0, 10**6), st.integers(0, 3))
def test_random_run_stops_at_a_turn_of_discards_only_and_marks_them(
    variant: int, seed: int, me: int
) -> None:
    """With ``discards``, a run reaching seat ``me``'s turn that offers only discards (R5.4
    after a 碰; else no win and no gang, R6) marks their kinds and returns -2; the round,
    played on from there, is still the one played without ``random_run``."""
    alone = _round(variant, seed)
    _, numbers = _play(alone, seed, me, None)
    with_twin = _round(variant, seed)
    returned, twin_numbers = _play(with_twin, seed, me, twin.random_run, bytearray(27))
    assert _outcome(with_twin) == _outcome(alone) and twin_numbers == numbers
    compiled = _compiled()
    if compiled is not None:
        with_compiled = _round(variant, seed, _kernel_of(compiled))
        marks = bytearray(b"\x07" * 27)  # stale marks are cleared
        returned_c, compiled_numbers = _play(with_compiled, seed, me, compiled.random_run, marks)
        assert _outcome(with_compiled) == _outcome(alone) and compiled_numbers == numbers
        assert returned_c == returned


@given(st.integers(0, len(VARIANTS) - 1), st.integers(0, 10**6), st.integers(0, 3))
def test_random_run_stops_at_the_learners_window_and_takes_its_answer(
    variant: int, seed: int, me: int
) -> None:
    """With ``offers``, a run reaching a discard whose claim window offers seat ``me``
    alone 碰 or pass (R5.2) plays the discard, leaves the window open, marks the tile's kind
    and returns -3; given seat ``me``'s ``answer`` in a claim window, it plays it (R5.3, then
    the 碰's turn, R5.4, or the next draw, R5.5) and the run goes on, or returns -4 and
    changes nothing. The round is the one played without ``random_run``; the compiled run
    returns what the twin returns."""
    alone = _round(variant, seed)
    _, numbers = _play(alone, seed, me, None)
    with_twin = _round(variant, seed)
    returned, twin_numbers = _play(with_twin, seed, me, twin.random_run, bytearray(27), True)
    assert _outcome(with_twin) == _outcome(alone) and twin_numbers == numbers
    compiled = _compiled()
    if compiled is not None:
        with_compiled = _round(variant, seed, _kernel_of(compiled))
        marks = bytearray(b"\x07" * 27)  # stale marks are cleared
        returned_c, compiled_numbers = _play(
            with_compiled, seed, me, compiled.random_run, marks, True
        )
        assert _outcome(with_compiled) == _outcome(alone) and compiled_numbers == numbers
        assert returned_c == returned


def test_random_run_answers_the_learners_windows() -> None:
    """Over a few rounds the run stops at the learner's windows (-3) and takes its answers
    there, a 碰 and a pass each (its event appended by the call, the run going on), and
    hands back the others (-4: a window that also offers 胡 or 直杠, or another seat)."""
    answered: dict[str, int] = {"pon": 0, "none": 0}
    stops = handed_back = 0

    def run(rnd: Round, me: int, randoms: list[Any], first: int, *rest: Any) -> int:
        nonlocal stops, handed_back
        n = len(rnd.events)
        k: int = twin.random_run(rnd, me, randoms, first, *rest)
        stops += k == -3
        handed_back += k == -4
        if len(rest) == 3 and k != -4:  # an answer taken: the first event appended is it
            e = rnd.events[n]
            assert e["actor"] == me and e["type"] == ("pon" if rest[2] else "none")
            answered[e["type"]] += 1
        return k

    for seed in range(30):
        _play(_round(0, seed), seed, 1, run, bytearray(27), True)
    assert stops > 5 and handed_back > 0
    assert answered["pon"] > 0 and answered["none"] > 0


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_random_run_declines_an_answer_outside_the_learners_window(impl: ModuleType) -> None:
    """``answer`` is taken only in a claim window offering seat ``me`` alone 碰 or pass:
    on a turn, or in another seat's window, the run returns -4 and changes nothing."""
    rnd = _round(4, 3, _kernel_of(impl))  # no 定缺: the dealer's turn at once
    me = rnd.dealer
    sources = [RandomAgent(s)._random for s in range(4)]
    for answer in (0, 1):
        assert impl.random_run(rnd, me, sources, -1, bytearray(27), True, answer) == -4
    assert len(rnd.events) == 1 and rnd.phase == TURN


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize(
    ("first", "discards", "offers", "answer"),
    [
        (-1, None, True, -1),  # offers without the marks
        (-1, bytearray(27), 1, -1),  # offers not a bool
        (-1, bytearray(27), True, 2),  # answer not 0, 1 or -1
        (-1, bytearray(27), True, True),
        (3, bytearray(27), True, 0),  # an answer and a discard at once
    ],
)
def test_random_run_refuses_bad_offers_or_answers(
    impl: ModuleType, first: int, discards: Any, offers: Any, answer: Any
) -> None:
    with pytest.raises(ValueError, match="random_run"):
        impl.random_run(_round(0, 0), 0, [None] * 4, first, discards, offers, answer)


def test_random_run_stops_at_the_learners_common_turn() -> None:
    returned: list[Any] = []
    for seed in range(20):
        got, _ = _play(_round(0, seed), seed, 1, twin.random_run, bytearray(27))
        returned += got
    stops = returned.count(-2)
    assert stops > 2 * returned.count(-1)  # the common turn: discards only


def test_random_run_plays_quiet_discards_and_hands_the_others_back() -> None:
    returned: list[int] = []
    for seed in range(30):
        got, _ = _play(_round(0, seed), seed, 0, twin.random_run)
        returned += got
    assert any(k >= 0 for k in returned)  # a discard somebody may claim: the caller's
    assert -1 in returned


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_random_run_plays_a_random_bots_peng_or_pass_on_the_discard(impl: ModuleType) -> None:
    """A discard that offers one random bot 碰 is played in the run: its answer (a pass, then
    the next draw; or the 碰 and its discard) is among the events a call appends."""
    seen: set[str] = set()

    def run(rnd: Round, me: int, randoms: list[Any], first: int = -1) -> int:
        n = len(rnd.events)
        k: int = impl.random_run(rnd, me, randoms, first)
        seen.update(e["type"] for e in rnd.events[n:])
        return k

    for seed in range(20):
        _play(_round(0, seed, _kernel_of(impl)), seed, 0, run)
    assert {"pon", "none"} <= seen


def _a_gang_turn(impl: ModuleType) -> tuple[Round, int]:
    """A round at a seat's turn whose legal actions begin with a gang (R6) and hold no win,
    played there by the engine and random bots; and that seat."""
    for seed in range(200):
        rnd = _round(0, seed, _kernel_of(impl))
        bots = [RandomAgent(seed + s) for s in range(4)]
        views = [SeatView(rnd, s) for s in range(4)]
        while rnd.phase != END:
            s = rnd.cur if rnd.phase == TURN else rnd.to_act()[0]
            legal = rnd.legal_actions(s)
            if rnd.phase == TURN and legal[0].word in ("ankan", "kakan"):
                return rnd, s
            rnd.apply(bots[s].act(views[s]))
    raise AssertionError("no gang turn in 200 rounds")


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_random_run_hands_back_a_random_bots_gang(impl: ModuleType) -> None:
    """R6: a random bot's turn that offers a gang is drawn among its gangs and discards as
    ``RandomAgent.act`` draws; a gang drawn is returned by its number (27 + kind: 暗杠, 54 +
    kind: 加杠) and not applied, a discard drawn is played."""
    rnd, s = _a_gang_turn(impl)
    legal = rnd.legal_actions(s)
    me = (s + 1) % 4
    n = len(rnd.events)
    randoms: list[Any] = [(lambda: 0.0) if t == s else None for t in range(4)]  # legal[0]
    got = impl.random_run(rnd, me, randoms)
    assert got == (27 if legal[0].word == "ankan" else 54) + legal[0].tile
    assert _TURN_PICKS[s][got] == legal[0]
    assert len(rnd.events) == n and rnd.phase == TURN and rnd.cur == s  # nothing applied
    randoms[s] = lambda: 1 - 2**-53  # the last legal action: a discard (after the gangs)
    last = legal[-1]
    assert last.word == "dahai"
    got = impl.random_run(rnd, me, randoms)
    if got == last.tile:  # claimable (or the last tile): handed back, nothing applied
        assert len(rnd.events) == n
    else:  # played: the discard first among the events appended
        ev = rnd.events[n]
        assert (ev["type"], ev["actor"], ev["pai"]) == ("dahai", s, NAMES[last.tile])


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize(
    ("me", "randoms"),
    [(4, [None] * 4), (-1, [None] * 4), (True, [None] * 4), (0, [None] * 3), (0, (None,) * 4)],
)
def test_random_run_refuses_a_bad_seat_or_sources(impl: ModuleType, me: Any, randoms: Any) -> None:
    with pytest.raises(ValueError, match="random_run"):
        impl.random_run(_round(0, 0), me, randoms)


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("first", [27, -2, True, 3.0, None])
def test_random_run_refuses_a_first_discard_not_a_kind(impl: ModuleType, first: Any) -> None:
    with pytest.raises(ValueError, match="random_run"):
        impl.random_run(_round(0, 0), 0, [None] * 4, first)


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("discards", [bytearray(26), bytearray(28), bytes(27), [0] * 27, 0])
def test_random_run_refuses_discards_not_a_bytearray_of_27(impl: ModuleType, discards: Any) -> None:
    with pytest.raises(ValueError, match="random_run"):
        impl.random_run(_round(0, 0), 0, [None] * 4, -1, discards)


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_random_run_hands_back_a_first_discard_it_does_not_take(impl: ModuleType) -> None:
    rnd = _round(4, 3, _kernel_of(impl))  # no 定缺: the dealer's turn at once
    me = rnd.dealer
    held = [k for k in range(27) if rnd.hands[me].counts()[k]]
    missing = next(k for k in range(27) if k not in held)
    other = (me + 1) % 4
    assert impl.random_run(rnd, other, [None] * 4, held[0]) == held[0]  # not its turn
    assert impl.random_run(rnd, me, [None] * 4, missing) == missing  # not held
    assert len(rnd.events) == 1


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize(
    ("number", "error"), [(1.0, ValueError), (-0.5, ValueError), (0, TypeError)]
)
def test_random_run_refuses_a_number_outside_its_contract(
    impl: ModuleType, number: Any, error: type[Exception]
) -> None:
    asked = 0

    def source() -> Any:
        nonlocal asked
        asked += 1
        return number

    raised = 0
    for seed in range(20):
        rnd = _round(4, seed, _kernel_of(impl))  # no 定缺: the dealer's turn at once
        asked = 0
        try:
            impl.random_run(rnd, (rnd.dealer + 1) % 4, [source] * 4)
        except error:
            raised += 1
        assert asked <= 1  # stopped at the first bad number
    assert raised > 0


def test_random_run_declines_rounds_it_does_not_play() -> None:
    rnd = _round(4, 1)
    d = deal(1)
    leshan = LeshanRound(RuleSet.preset("leshan"), d.wall, d.dealer, exchange_direction=None)
    sources = [RandomAgent(s)._random for s in range(4)]
    for impl in _impls():
        assert impl.random_run(leshan, 0, sources) == -1  # not a Round
        assert impl.random_run(rnd, rnd.dealer, sources) == -1  # the learner's turn
        assert impl.random_run(rnd, (rnd.dealer + 1) % 4, [None] * 4) == -1  # no source
    assert leshan.events[1:] == [] and len(rnd.events) == 1
    compiled = _compiled()
    if compiled is not None:  # the compiled step declines the twin kernel's hands
        on_twin = _round(4, 1, kernel=_core_twin)
        assert compiled.random_run(on_twin, (on_twin.dealer + 1) % 4, sources) == -1
        assert len(on_twin.events) == 1


@pytest.mark.parametrize("impl", _impls(), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("me", range(4))
def test_random_run_declares_the_random_seats_voids_in_seat_order(
    impl: ModuleType, me: int
) -> None:
    """In the 定缺 phase (R4.1) a run declares the seats before ``me`` in seat order, each
    as ``RandomAgent.act`` draws it, and stops at ``me``'s declaration with no event yet;
    once ``me`` has declared, the next run declares the rest, and the fourth begins play
    (R5.1), which the run plays on."""
    rnd = _round(0, 7, _kernel_of(impl))
    alone = _round(0, 7)
    assert rnd.phase == alone.phase == DINGQUE
    bots = [RandomAgent(10 + s) for s in range(4)]
    sources = [None if s == me else RandomAgent(10 + s)._random for s in range(4)]
    assert impl.random_run(rnd, me, sources) == -1
    for s in range(me):  # the same declarations, drawn from the same numbers
        alone.apply(bots[s].act(SeatView(alone, s)))
    assert rnd.to_act() == alone.to_act() == list(range(me, 4))
    assert rnd._pending == alone._pending and rnd.events == alone.events
    mine = rnd.legal_actions(me)[2]  # the learner declares 索 (s)
    rnd.apply(mine)
    alone.apply(mine)
    k = impl.random_run(rnd, me, sources)
    for s in range(me + 1, 4):
        alone.apply(bots[s].act(SeatView(alone, s)))
    assert rnd.phase != DINGQUE and rnd.voids == alone.voids and rnd.voids[me] == 2
    declared = [e for e in rnd.events if e["type"] == "dingque"]
    assert declared == [e for e in alone.events if e["type"] == "dingque"]
    assert len(declared) == 4
    # play began at the dealer's turn (seat 3 here) and ran on to ``me``'s: a discard and a
    # draw by each seat between
    assert rnd.dealer == 3 and k == -1 and rnd.phase == TURN and rnd.cur == me
    played = [e["type"] for e in rnd.events[5:]]
    assert played == ["dahai", "tsumo"] * ((me - 3) % 4)
