"""``xzcore.round._engine`` (compiled) against its twin ``xzcore.round._engine_twin`` and
both against the engine's plain code: the canonical text of counts (``tiles.format_counts``,
the ``hand`` of a ``hora`` event) and the transfers' plain data (``Transfer.to_dict``).
Every helper either answers as the plain code or says ``None``."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.backend import BACKEND
from xzcore.money.ledger import REASONS, Transfer
from xzcore.round import _engine_twin as _engine_twin
from xzcore.round.actions import Action
from xzcore.round.base import (
    _NO_TILES,
    CLAIM,
    ROB,
    TURN,
    format_count_bytes,
    format_wall,
)
from xzcore.round.wall import Rng, _batches, deal
from xzcore.rules import RuleSet
from xzcore.tiles import NAMES, format_counts


def _compiled() -> ModuleType | None:
    try:
        return importlib.import_module("xzcore.round._engine")
    except ImportError:  # not built: the twin alone is tested (CI requires it built)
        return None


IMPLS = [_engine_twin]
if (_c := _compiled()) is not None:
    IMPLS.append(_c)


@pytest.fixture(params=IMPLS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def helpers(request: pytest.FixtureRequest) -> ModuleType:
    module: ModuleType = request.param
    return module


# -- counts_text -----------------------------------------------------------------------------

hands = st.lists(st.integers(0, 4), min_size=27, max_size=27).map(bytes)


@given(hands)
def test_counts_text_is_format_counts(counts: bytes) -> None:
    for helpers in IMPLS:
        assert helpers.counts_text(counts) == format_counts(list(counts))
    assert format_count_bytes(counts) == format_counts(list(counts))


@pytest.mark.parametrize(
    "counts",
    [
        bytearray(27),  # not bytes
        [0] * 27,
        bytes(26),  # not 27 counts
        bytes(28),
        bytes([5] + [0] * 26),  # more than four of a kind
        bytes([0] * 26 + [255]),
        "x" * 27,
        None,
    ],
)
def test_counts_text_declines_what_is_not_27_counts(helpers: ModuleType, counts: Any) -> None:
    assert helpers.counts_text(counts) is None


def test_counts_text_of_no_tiles_is_empty(helpers: ModuleType) -> None:
    assert helpers.counts_text(bytes(27)) == ""


# -- transfer_dicts --------------------------------------------------------------------------

transfers = st.builds(
    Transfer,
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(-3, 99),
    st.sampled_from(sorted(REASONS)),
    st.sampled_from(["R9.1", "R6.2", "R10.3"]),
    st.text(max_size=8),
    st.one_of(st.none(), st.integers(0, 60)),
)


@given(st.lists(transfers, max_size=6), st.booleans())
def test_transfer_dicts_are_to_dict(ts: list[Transfer], as_tuple: bool) -> None:
    seq: Any = tuple(ts) if as_tuple else ts
    want = [t.to_dict() for t in ts]
    for helpers in IMPLS:
        got = helpers.transfer_dicts(seq)
        assert got == want
        assert [list(d) for d in got] == [list(d) for d in want]  # the keys' order (L2)
        assert all(a is not b for a, b in zip(got, want, strict=True))  # fresh dicts


def test_transfer_dicts_keep_the_trusted_values() -> None:
    t = Transfer._trusted(2, 0, 8, "self_draw", "R9.2", "×8")
    for helpers in IMPLS:
        assert helpers.transfer_dicts([t]) == [t.to_dict()]


class _Sub(Transfer):
    """A subclass may read its fields otherwise: never handled."""


def _missing_detail() -> Transfer:
    t = Transfer(1, 2, 3, "win_discard", "R9.1")
    del vars(t)["detail"]  # to_dict would read the class default instead
    return t


@pytest.mark.parametrize(
    "seq",
    [
        [_Sub(1, 2, 3, "win_discard", "R9.1")],
        [Transfer(1, 2, 3, "win_discard", "R9.1"), {"payer": 1}],
        [_missing_detail()],
        iter([Transfer(1, 2, 3, "win_discard", "R9.1")]),  # not a list or tuple
        None,
    ],
    ids=["subclass", "not-a-transfer", "missing-field", "iterator", "none"],
)
def test_transfer_dicts_decline_anything_else(helpers: ModuleType, seq: Any) -> None:
    assert helpers.transfer_dicts(seq) is None


# -- wall_text -------------------------------------------------------------------------------

walls = st.permutations([k for k in range(27) for _ in range(4)])


@given(walls)
def test_wall_text_is_the_names_joined(wall: list[int]) -> None:
    want = "".join(NAMES[k] for k in wall)
    for helpers in IMPLS:
        assert helpers.wall_text(wall) == want
    assert format_wall(wall) == want


class _Kind(int):
    """An int subclass: equal to a kind, but not the exact type the engine makes."""


def _wall_with(i: int, value: Any) -> list[Any]:
    wall: list[Any] = deal(1).wall
    wall[i] = value
    return wall


@pytest.mark.parametrize(
    "wall",
    [
        deal(1).wall[:107],
        [*deal(1).wall, 0],
        tuple(deal(1).wall),
        bytes(deal(1).wall),
        _wall_with(0, 27),
        _wall_with(107, -1),
        _wall_with(50, True),
        _wall_with(3, 2.0),
        _wall_with(9, 2**70),
        _wall_with(9, -(2**70)),
        _wall_with(1, _Kind(3)),
        _wall_with(2, None),
    ],
    ids=[
        "short",
        "long",
        "tuple",
        "bytes",
        "kind-27",
        "negative",
        "bool",
        "float",
        "huge",
        "huge-negative",
        "int-subclass",
        "none",
    ],
)
def test_wall_text_declines_anything_but_108_kinds(helpers: ModuleType, wall: Any) -> None:
    assert helpers.wall_text(wall) is None


# -- PlayChecks: Round.play's shortcuts ------------------------------------------------------


def _checks(helpers: ModuleType) -> Any:
    from xzcore.round import checks as rc

    return helpers.PlayChecks(rc._CANON, rc._quick_ok, TURN, CLAIM, ROB, _NO_TILES, Action)


def _candidates() -> list[Any]:
    """Every prebuilt action, equal values built anew, and values canonical must refuse."""
    from xzcore.round import checks as rc

    out: list[Any] = [*rc._CANON]
    out += [Action(a[0], a[1], a[2], a[3], a[4]) for a in list(rc._CANON)[::7]]
    out += [
        Action("dahai", True, 3),
        Action("dahai", 1, 3.0),  # type: ignore[arg-type]
        Action("dahai", 1, 3, [], -1),  # type: ignore[arg-type]  # unhashable
        Action("exchange", 0, -1, (1, 2, 3)),
        ("dahai", 1, 3, (), -1),
        Action("dahai", 1),
        None,
    ]
    return out


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu", "chengdu-classic", "leshan"])
def test_play_checks_answer_as_the_twin(preset: str) -> None:
    """In seeded games, at every decision, for every candidate: the compiled and the twin
    shortcuts give the same answers (the twin is the Python they were written as)."""
    if len(IMPLS) < 2:
        pytest.skip("xzcore.round._engine is not built")
    from xzcore.leshan.bots import leshan_chooser
    from xzcore.leshan.round import LeshanRound, new_round
    from xzcore.players.recording import bot_chooser

    twin, compiled = (_checks(m) for m in IMPLS)
    rules = RuleSet.preset(preset)
    cands = _candidates()
    decided = 0
    for seed in range(4):
        d = deal(seed)
        direction = d.exchange_direction if rules.exchange_three else None
        r = new_round(rules, d.wall, d.dealer, exchange_direction=direction)
        choosers = [bot_chooser("greedy" if i % 2 else "random", 4 * seed + i) for i in range(4)]
        if isinstance(r, LeshanRound):
            choosers = [leshan_chooser(c) for c in choosers]
        while r.to_act():
            for a in cands:
                c = twin.canonical(a)
                assert compiled.canonical(a) is c
                if c is not None:
                    q = twin.quick_legal(r, c)
                    assert compiled.quick_legal(r, c) is q
                    decided += q
            s = r.to_act()[0]
            r.apply(choosers[s](r, s, r.legal_actions(s)))
    if preset == "leshan":
        assert decided == 0  # LeshanRound has its own turn options: never the shortcut
    else:
        assert decided > 500


def test_the_round_plays_through_the_selected_checks() -> None:
    from xzcore.round import checks as rc
    from xzcore.round import engine as round_module

    assert round_module.canonical is rc.canonical
    assert round_module.quick_legal is rc.quick_legal
    assert type(rc._CHECKS).__module__ == (
        "xzcore.round._engine" if BACKEND == "cython" else "xzcore.round._engine_twin"
    )


# -- tiles_conserved (R1.1) ------------------------------------------------------------------


def _conserved(helpers: ModuleType, r: Any) -> bool | None:
    from xzcore.tiles import MeldKind

    answer: bool | None = helpers.tiles_conserved(
        r.hands, r.melds, r.rivers, r.won_tiles, r.wall, r.pos, MeldKind.PENG
    )
    return answer


def _plain_r1_1(r: Any) -> bool:
    from xzcore.tiles import MeldKind

    c = [0] * 27
    for h in r.hands:
        for k, n in enumerate(h.counts()):
            c[k] += n
    for ms in r.melds:
        for m in ms:
            c[m.tile] += 3 if m.kind is MeldKind.PENG else 4
    for tiles in (*r.rivers, r.won_tiles, r.wall[r.pos :]):
        for k in tiles:
            c[k] += 1
    return c == [4] * 27


_ODD = [27, -1, 2**70, True, 3.0, None]


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu"])
def test_tiles_conserved_answers_as_the_twin_and_the_count(preset: str) -> None:
    """Every state of seeded games, each also broken on purpose (a kind changed in the
    wall, in a river or a hand's meld, an odd entry, another pos): the compiled and the
    twin helper agree, and True or False only when that is R1.1's answer."""
    if len(IMPLS) < 2 or BACKEND == "python":
        pytest.skip("compared on the compiled kernel's rounds, with the compiled backend")
    from xzcore.kernel import _core
    from xzcore.leshan.round import new_round
    from xzcore.players.agents import greedy_chooser

    rules = RuleSet.preset(preset)
    decided = 0
    for seed in range(3):
        d = deal(seed)
        direction = d.exchange_direction if rules.exchange_three else None
        r = new_round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=_core)
        bots = [greedy_chooser(s) for s in range(4)]
        step = 0
        while not r.over:
            seat = r.to_act()[0]
            r.play(bots[seat](r, seat, r.legal_actions(seat)))
            step += 1
            target = r.rivers[step % 4] if r.rivers[step % 4] else r.wall
            i = step % len(target)
            saved, saved_pos = target[i], r.pos
            changes: list[Any] = [None, (saved + 1) % 27, _ODD[step % len(_ODD)], "pos"]
            for change in changes:
                if change == "pos":
                    r.pos = [0, 108, 109, -1, True][step % 5]
                elif change is not None:
                    target[i] = change
                got = [_conserved(helpers, r) for helpers in IMPLS]
                assert got[0] == got[1]
                if got[0] is not None:
                    decided += 1
                    if 0 <= r.pos <= 108:
                        assert got[0] == _plain_r1_1(r)
                target[i], r.pos = saved, saved_pos
    assert decided > 300


# -- shuffled_kinds (R2.2) -------------------------------------------------------------------

BATCHES = _batches(108)


@given(st.integers(0, 2**64 - 1))
def test_shuffled_kinds_is_the_documented_shuffle(x: int) -> None:
    items = [i >> 2 for i in range(108)]
    rng = Rng(x)
    rng.shuffle(items)  # Rng.bounded and Fisher–Yates, as written out in xzcore.round.wall
    for helpers in IMPLS:
        assert helpers.shuffled_kinds(x, BATCHES) == (items, rng.state)


def _other_bounds() -> list[Any]:
    swapped = list(BATCHES)
    swapped[0] = (swapped[0][0], swapped[0][1][::-1])
    return [
        swapped,  # bounds out of order
        BATCHES[:-1],  # bounds missing
        [*BATCHES, (2, (2,))],  # a bound too many
        [(1, ()), *BATCHES],  # a product below 2
        [(2**64, ()), *BATCHES],  # a product past 64 bits
        [(BATCHES[0][0], list(BATCHES[0][1])), *BATCHES[1:]],  # bounds not a tuple
        [(*BATCHES[0], 0), *BATCHES[1:]],  # not a pair
        tuple(BATCHES),  # not a list
        [[*p] for p in BATCHES],
    ]


@pytest.mark.parametrize("x", [-1, 2**64, True, 1.0, "1", None])
def test_shuffled_kinds_declines_a_state_not_64_bits(helpers: ModuleType, x: Any) -> None:
    assert helpers.shuffled_kinds(x, BATCHES) is None


@pytest.mark.parametrize("batches", _other_bounds())
def test_shuffled_kinds_declines_other_batches(helpers: ModuleType, batches: Any) -> None:
    assert helpers.shuffled_kinds(12345, batches) is None


def test_shuffled_kinds_draws_one_number_a_run_even_with_no_bounds(helpers: ModuleType) -> None:
    rng = Rng(0)
    rng.bounded(3)  # an empty run still draws its number, as Rng.shuffle's batches would
    items = [i >> 2 for i in range(108)]
    rng.shuffle(items)
    assert helpers.shuffled_kinds(0, [(3, ()), *BATCHES]) == (items, rng.state)
