"""The compiled scorer (``xzcore.scoring._scorer``) against its twin (``_scorer_twin``, the
Python scorer): on every argument the engine can pass, ``score_or_decline`` returns the very Score
the twin returns (every field equal and of the same type, the same dict order, hash, repr,
pickle, ``to_dict``), or ``None`` exactly when the twin refuses (R7.1, R1.1, R4.4/R7.2, an
impossible WinContext) — and ``None`` for anything not of the engine's exact types, which the
twin answers as the engine then does. Random winning hands (sets and a pair, seven pairs,
melds of every kind, every void and context, every preset and scoring option), the golden
hands and the wins of seeded games. The same for ``chajiao_or_decline`` (R10.2), ``score_dict``
(``Score.to_dict``) and ``decomposition_text``. The engine answers the same on either
backend, and under ``XZ_PUREPYTHON=1`` the twin is what serves it."""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from compiled_helpers import compiled_or_skip
from hypothesis import assume, given
from hypothesis import strategies as st
from test_golden_hands import CASES  # the golden hands, read once

import xzcore.round.base as round_base
import xzcore.round.claims as claims_mod
import xzcore.round.engine as round_mod
from xzcore.backend import BACKEND
from xzcore.log.types import same
from xzcore.players.agents import GreedyAgent, RandomAgent, play_game
from xzcore.rules import PRESETS, RuleSet, Scoring
from xzcore.scoring import (
    Block,
    Extra,
    Pattern,
    Score,
    ScoringError,
    WinContext,
    engine,
)
from xzcore.scoring import _scorer_twin as twin
from xzcore.scoring import score as score_module
from xzcore.tiles import Meld, MeldKind, counts_of, parse_tile, parse_tiles


def _compiled() -> ModuleType:
    return compiled_or_skip("xzcore.scoring._scorer")


@pytest.fixture(scope="module")
def sf() -> ModuleType:
    """The compiled module."""
    return _compiled()


def outcome(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, or the type and text of what it raised."""
    try:
        return fn(*args)
    except Exception as exc:
        return type(exc), str(exc)


def engine_with(module: ModuleType, name: str, *args: Any) -> Any:
    """The outcome of ``engine.<name>`` (``score_engine_win`` or ``chajiao_engine``) served by
    ``module`` (the compiled scorer or the twin)."""
    picked = "score_or_decline" if name == "score_engine_win" else "chajiao_or_decline"
    with pytest.MonkeyPatch.context() as m:
        m.setattr(engine, picked, getattr(module, picked))
        return outcome(getattr(engine, name), *args)


def assert_same_outcome(got: Any, want: Any) -> None:
    """The same value of the same type (a Score: pickled alike), or the same exception."""
    assert type(got) is type(want) and got == want, (got, want)
    if isinstance(want, Score):
        assert pickle.dumps(got) == pickle.dumps(want)
        assert_same_dict(got)


def assert_same(got: Score, want: Score) -> None:
    """Every field equal, of the same type, in the same order; the same value everywhere."""
    assert type(got) is type(want) is Score
    assert list(vars(got)) == list(vars(want)) == [f.name for f in dataclasses.fields(Score)]
    for name, value in vars(want).items():
        other = getattr(got, name)
        assert other == value and type(other) is type(value), name
        if isinstance(value, tuple):
            assert [type(x) for x in other] == [type(x) for x in value], name
    assert got == want and hash(got) == hash(want) and repr(got) == repr(want)
    assert dataclasses.asdict(got) == dataclasses.asdict(want)
    assert pickle.dumps(got) == pickle.dumps(want)  # the same objects shared, too
    assert pickle.loads(pickle.dumps(got)) == want
    assert got.lines() == want.lines()
    assert_same_dict(got)


def assert_same_dict(score: Score) -> None:
    """The compiled ``score_dict`` (and ``Score.to_dict``, which calls the selected one)
    equals the twin's, type for type and in the same key order."""
    want = twin.score_dict(score)
    gots = [_compiled().score_dict(score)]
    if type(score) is Score:  # (a subclass's to_dict adds its own fields)
        gots.append(score.to_dict())
    for got in gots:
        assert same(got, want) and list(got) == list(want)


def check(sf: ModuleType, *args: Any) -> Score | None:
    """The compiled score_or_decline on ``args`` against the twin's: the same Score, or None exactly
    when the twin refuses (raises). Returns the Score (None for a refusal)."""
    got = sf.score_or_decline(*args)
    try:
        want = twin.score_or_decline(*args)
    except ScoringError:
        assert got is None
        return None
    assert got is not None, args
    assert_same(got, want)
    return got


# -- random winning hands -------------------------------------------------------------------

KINDS = list(MeldKind)


@st.composite
def hands(draw: st.DrawFn) -> tuple[bytes, int, list[Meld], int]:
    """A hand as the engine holds it before the winning tile — 13 − 3k counts, the winning
    kind, its melds, its void — mostly winning: sets and a pair (or seven pairs) over one or
    two suits, sometimes three, sometimes a tile changed; some of 1s and 9s only (带幺九,
    R8.3) or of 2s, 5s and 8s only (将对)."""
    size = draw(st.sampled_from([1, 2, 2, 2, 3]))
    suits = draw(st.lists(st.integers(0, 2), min_size=size, max_size=size, unique=True))
    flavour = draw(st.sampled_from(["any", "any", "any", "yaojiu", "258"]))
    ranks = {"any": range(9), "yaojiu": (0, 8), "258": (1, 4, 7)}[flavour]
    starts = (0, 6) if flavour == "yaojiu" else range(7)
    kind = st.builds(lambda s, r: 9 * s + r, st.sampled_from(suits), st.sampled_from(ranks))
    start = st.builds(lambda s, r: 9 * s + r, st.sampled_from(suits), st.sampled_from(starts))
    n_melds = draw(st.integers(0, 4))
    counts = [0] * 27
    melds = []
    for t in draw(st.lists(kind, min_size=n_melds, max_size=n_melds, unique=True)):
        mk = draw(st.sampled_from(KINDS))
        melds.append(Meld(mk, t))
        counts[t] += mk.size  # held with the melds, only to keep four copies at most
    held = list(counts)
    concealed = [0] * 27
    if n_melds == 0 and draw(st.integers(0, 4)) == 0:
        for t in draw(st.lists(kind, min_size=7, max_size=7)):
            concealed[t] += 2
    else:
        concealed[draw(kind)] += 2
        for _ in range(4 - n_melds):
            if flavour == "258" or draw(st.booleans()):
                concealed[draw(kind)] += 3
            else:
                first = draw(start)
                for t in (first, first + 1, first + 2):
                    concealed[t] += 1
    if draw(st.integers(0, 9)) == 0:  # one tile changed: mostly not a win any more
        old = draw(st.sampled_from([t for t in range(27) if concealed[t]]))
        concealed[old] -= 1
        concealed[draw(st.integers(0, 26))] += 1
    total = [a + b for a, b in zip(held, concealed, strict=True)]
    if max(total) > 4:  # R1.1: keep it legal most of the time, sometimes not
        assume(draw(st.integers(0, 4)) == 0)
    win = draw(st.sampled_from([t for t in range(27) if concealed[t]]))
    concealed[win] -= 1
    free = [v for v in range(3) if v not in suits]
    if free and draw(st.integers(0, 3)) > 0:
        void = draw(st.sampled_from(free))
    else:
        void = draw(st.sampled_from([-1, 0, 1, 2]))
    return bytes(concealed), win, melds, void


def _possible(ctx: WinContext) -> bool:
    try:
        ctx.check()
    except ScoringError:
        return False
    return True


ALL_CONTEXTS = [WinContext(*(bool(i >> b & 1) for b in range(6))) for i in range(64)]
contexts = st.sampled_from([c for c in ALL_CONTEXTS if _possible(c)]) | st.sampled_from(
    ALL_CONTEXTS
)

rule_sets = st.builds(
    # 飘 and 摆割 need the count model (R13.3, R13.4): off under table and additive scoring
    lambda preset, scoring, over: RuleSet.preset(
        preset, scoring=scoring, piao_max=0, baige=False, **over
    ),
    st.sampled_from(sorted(PRESETS)),
    st.sampled_from([Scoring.TABLE, Scoring.ADDITIVE]),
    st.fixed_dictionaries(
        {},
        optional={
            "yaojiu_jiangdui": st.booleans(),
            "menqing_zhongzhang": st.booleans(),
            "zimo_bonus": st.sampled_from(["base", "double", "none"]),
            "haidi": st.booleans(),
            "haidi_pao": st.booleans(),
            "tian_di_hu": st.booleans(),
            "dihu_on_dealer_discard": st.booleans(),
            "cap_fan": st.none() | st.integers(0, 64),
            "declare_void": st.booleans(),
            "chajiao": st.sampled_from(["max", "min"]),
        },
    ),
)


@given(hands(), contexts, rule_sets, st.booleans())
def test_random_hands_score_as_the_twin(
    sf: ModuleType,
    hand: tuple[bytes, int, list[Meld], int],
    ctx: WinContext,
    rules: RuleSet,
    as_tuple: bool,
) -> None:
    concealed, win, melds, void = hand
    check(sf, concealed, win, tuple(melds) if as_tuple else melds, void, ctx, rules)


@given(hands(), rule_sets, st.booleans())
def test_chajiao_answers_as_the_twin(
    sf: ModuleType, hand: tuple[bytes, int, list[Meld], int], rules: RuleSet, as_tuple: bool
) -> None:
    """R10.2: the same multiplier or None (not ready) for the 13 − 3k tiles of a hand (mostly
    ready: a winning hand less its winning tile); -1 (declined) only where the twin raises
    (R7.1, R1.1 counts)."""
    concealed, _win, melds, void = hand
    args = (concealed, tuple(melds) if as_tuple else melds, void, rules)
    got = sf.chajiao_or_decline(*args)
    try:
        want = twin.chajiao_or_decline(*args)
    except ScoringError:
        assert got == -1
        return
    assert got == want and type(got) is type(want)


every_model = rule_sets | st.sampled_from([RuleSet.preset("leshan")])


@given(hands(), contexts, every_model, st.booleans())
def test_the_engine_answers_alike_on_either_backend_and_the_twin_never_declines(
    sf: ModuleType,
    hand: tuple[bytes, int, list[Meld], int],
    ctx: WinContext,
    rules: RuleSet,
    as_tuple: bool,
) -> None:
    """``score_engine_win`` and ``chajiao_engine`` give the same Score, multiplier or
    exception served by the compiled scorer or by the twin, the count model (R13) included;
    the twin's own answer is the engine's (it never declines: no ``None``, no -1)."""
    concealed, win, melds, void = hand
    ms = tuple(melds) if as_tuple else melds
    for name, twins, declined, args in (
        ("score_engine_win", twin.score_or_decline, None, (concealed, win, ms, void, ctx, rules)),
        ("chajiao_engine", twin.chajiao_or_decline, -1, (concealed, ms, void, rules)),
    ):
        want = engine_with(twin, name, *args)
        assert_same_outcome(engine_with(sf, name, *args), want)
        direct = outcome(twins, *args)
        assert_same_outcome(direct, want)
        assert direct is not declined and direct != -1


def test_chajiao_of_ready_and_other_hands(sf: ModuleType) -> None:
    xz, cd = RuleSet(), RuleSet.preset("chengdu-classic")
    # 111 234 345 666 8m: 清一色 ×4 on 7m or 8m (R10.2 max), under both models.
    c = counts_of(parse_tiles("1112343456668m"))
    assert sf.chajiao_or_decline(c, [], 1, xz) == 4 == twin.chajiao_or_decline(c, [], 1, xz)
    assert sf.chajiao_or_decline(c, [], -1, cd) == twin.chajiao_or_decline(c, [], -1, cd) == 4
    # Not ready (R7.3); a void tile in hand (R4.4); a meld of the void suit (R4.4).
    for args in (
        (counts_of(parse_tiles("1357m2468p13579s")), [], -1, xz),
        (counts_of(parse_tiles("123345789m2346p")), [], 1, xz),
        (counts_of(parse_tiles("123456m8889p")), [Meld(MeldKind.PENG, 18)], 2, xz),
        (counts_of(parse_tiles("123456m8889p")), [Meld(MeldKind.PENG, 18)], -1, cd),
    ):
        assert sf.chajiao_or_decline(*args) is None is twin.chajiao_or_decline(*args)
    # Declined: the count model, other types, a wrong number of tiles; the twin answers
    # them as the engine does.
    declined: list[tuple[Any, ...]] = [
        (c, [], 1, RuleSet.preset("leshan")),
        (c, [], 1, _Rules()),
        (list(c), [], 1, xz),
        (c, [], 3, xz),
        (c, iter(()), 1, xz),
        (counts_of(parse_tiles("111234345666m")), [], 1, xz),
    ]
    for args in declined:
        assert sf.chajiao_or_decline(*args) == -1
        want = engine_with(sf, "chajiao_engine", *args)
        assert outcome(twin.chajiao_or_decline, *args) == want != -1


def test_the_common_cases_take_the_compiled_path(sf: ModuleType) -> None:
    # 123m 345m 789m 234p 66p on a discard: 平胡 ×1 (R8.3), the compiled Score.
    concealed = counts_of(parse_tiles("123345789m2346p"))
    s = check(sf, concealed, parse_tile("6p"), [], 2, WinContext(), RuleSet())
    assert s is not None and s.multiplier == 1 and s.pattern.id == "pinghu"
    assert s.to_dict()["decomposition"] == "123m 345m 789m 234p 66p"
    # 清对 with a 碰 and a 暗杠 on a self-draw after the gang: 杠上花 (R8.6), 根 of the gang.
    melds = [Meld(MeldKind.PENG, parse_tile("2m")), Meld(MeldKind.ANGANG, parse_tile("5m"))]
    concealed = counts_of(parse_tiles("777m888m9m"))
    ctx = WinContext(self_draw=True, after_gang=True)
    s = check(sf, concealed, parse_tile("9m"), melds, 1, ctx, RuleSet(cap_fan=None))
    assert s is not None and s.pattern.id == "qingdui" and s.gen == 1
    assert [e.id for e in s.extras] == ["gangshanghua"] and s.multiplier == 32


def test_seven_pairs_and_ties(sf: ModuleType) -> None:
    # 1122m 3344m 5566m 77m: seven pairs 清七对 or 112233 445566 77 清一色 sets (R8.1: the
    # larger); 1111 as two pairs makes 龙七对 (R8.3).
    for text, win in (("1122334455667m", "7m"), ("1111223344556m", "6m")):
        for rules in (RuleSet(), RuleSet.preset("chengdu-classic")):
            s = check(sf, counts_of(parse_tiles(text)), parse_tile(win), [], 1, WinContext(), rules)
            assert s is not None and len(s.decomposition) in (5, 7)
    # 十八罗汉 ×64 = 金钩钓 ×4 with its four 根: named 十八罗汉, 金钩钓 in ties (R8.3).
    melds = [Meld(MeldKind.GANG, t) for t in (0, 1, 2, 12)]
    s = check(sf, counts_of(parse_tiles("4m")), parse_tile("4m"), melds, 2, WinContext(), RuleSet())
    assert s is not None and s.pattern.id == "luohan" and [p.id for p in s.ties] == ["jingou"]


# -- refusals and other declines ---------------------------------------------------------------

ONE_WIN: tuple[Any, ...] = (counts_of(parse_tiles("123345789m2346p")), parse_tile("6p"), [], 2)


@pytest.mark.parametrize(
    ("args", "why"),
    [
        ((counts_of(parse_tiles("123345789m2346p")), 15, [], 2), "R7.1: not a win"),
        ((counts_of(parse_tiles("123345789m2346p")), 14, [], 1), "R4.4: a void tile"),
        ((counts_of(parse_tiles("12345789m2346p1s")), 14, [], -1), "R4.4: three suits"),
        ((counts_of(parse_tiles("123345789m234p")), 14, [], 2), "R7.1: 12 tiles"),
        ((counts_of(parse_tiles("111123789m2346p")), 0, [], 2), "R1.1: a fifth copy"),
    ],
)
def test_refusals_are_declined(sf: ModuleType, args: tuple[Any, ...], why: str) -> None:
    assert check(sf, *args, WinContext(), RuleSet()) is None, why


@pytest.mark.parametrize(
    "ctx",
    [
        WinContext(robbed=True, self_draw=True),
        WinContext(robbed=True, after_gang=True),
        WinContext(robbed=True, last_tile=True),
        WinContext(first_turn=True, dealer=True),
        WinContext(first_turn=True, self_draw=True, after_gang=True),
    ],
)
def test_impossible_contexts_are_declined(sf: ModuleType, ctx: WinContext) -> None:
    assert check(sf, *ONE_WIN, ctx, RuleSet()) is None


class _Rules(RuleSet):
    pass


@dataclasses.dataclass(frozen=True)
class _Ctx(WinContext):
    pass


_OTHER_TYPES: list[Callable[[list[Any]], None]] = [
    lambda a: a.__setitem__(0, bytearray(a[0])),
    lambda a: a.__setitem__(0, list(a[0])),
    lambda a: a.__setitem__(0, a[0] + b"\0"),
    lambda a: a.__setitem__(1, True),
    lambda a: a.__setitem__(1, 27),
    lambda a: a.__setitem__(1, -1),
    lambda a: a.__setitem__(2, iter(())),
    lambda a: a.__setitem__(2, [Meld(MeldKind.PENG, parse_tile("1s"))] * 5),
    lambda a: a.__setitem__(3, 3),
    lambda a: a.__setitem__(3, False),
    lambda a: a.__setitem__(4, _Ctx()),
    lambda a: a.__setitem__(5, _Rules()),
    lambda a: a.__setitem__(5, RuleSet.preset("leshan")),
]


@pytest.mark.parametrize("change", _OTHER_TYPES)
def test_other_types_are_declined_and_the_twin_answers_them_as_the_engine(
    sf: ModuleType, change: Callable[[list[Any]], None]
) -> None:
    args: list[Any] = [*ONE_WIN, WinContext(), RuleSet()]
    assert sf.score_or_decline(*args) is not None
    change(args)
    assert sf.score_or_decline(*args) is None
    want = engine_with(sf, "score_engine_win", *args)
    assert_same_outcome(outcome(twin.score_or_decline, *args), want)
    assert_same_outcome(engine_with(twin, "score_engine_win", *args), want)


# -- the golden hands and the wins of seeded games -------------------------------------------


def golden_args(case: dict[str, Any]) -> tuple[bytes, int, list[Meld], int, WinContext]:
    """A golden hand as the engine holds it: the counts before the winning tile, that tile,
    the melds, the void and the context."""
    melds = [Meld(MeldKind(kind), parse_tile(tile)) for kind, tile in case["melds"]]
    ctx = WinContext(
        self_draw=case["self_draw"],
        after_gang=case["after_gang"],
        robbed=case["robbed"],
        last_tile=case["last_tile"],
    )
    void = "mps".index(case["void"])
    return counts_of(parse_tiles(case["hand"])), parse_tile(case["win_tile"]), melds, void, ctx


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic"])
def test_golden_hands(sf: ModuleType, preset: str) -> None:
    rules = RuleSet.preset(preset)
    for case in CASES:
        assert check(sf, *golden_args(case), rules) is not None, case
        concealed, _win, melds, void, _ctx = golden_args(case)
        got = sf.chajiao_or_decline(concealed, melds, void, rules)
        assert got != -1 and got == twin.chajiao_or_decline(concealed, melds, void, rules), case
    assert len(CASES) == 500


def _agents(bot: str, seed: int) -> list[Any]:
    cls = RandomAgent if bot == "random" else GreedyAgent
    return [cls(4 * seed + i) for i in range(4)]


@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if p != "leshan"))
def test_every_engine_win_and_chajiao_of_seeded_games(
    sf: ModuleType, preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []

    def both(*args: Any) -> Any:
        got = check(sf, *args)
        assert got is not None  # the engine scores only wins
        seen.append(got)
        return got

    def both_chajiao(*args: Any) -> Any:
        got = sf.chajiao_or_decline(*args)
        assert got != -1 and got == twin.chajiao_or_decline(*args)
        seen.append(args)
        return got

    monkeypatch.setattr(round_mod, "score_engine_win", both)
    monkeypatch.setattr(claims_mod, "score_engine_win", both)
    monkeypatch.setattr(round_base, "chajiao_engine", both_chajiao)
    rules = RuleSet.preset(preset)
    for seed in range(8):
        play_game(rules, seed, _agents("greedy" if seed % 2 else "random", seed))
    assert sum(isinstance(x, Score) for x in seen) >= 8
    assert sum(isinstance(x, tuple) for x in seen) >= 1


# -- the selected scorer -----------------------------------------------------------------------


def test_the_engine_runs_the_twin_exactly_when_the_python_backend_is_selected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under ``XZ_PUREPYTHON=1`` (BACKEND ``"python"``) the four names ``engine`` takes from
    the seam are the twin's, and the engine's win and 查叫 reach the Python scorer through
    them, once each; with the compiled backend a common win and a common ready hand never
    reach it."""
    selected = twin if BACKEND == "python" else _compiled()
    for name in twin.__all__:
        assert getattr(engine, name) is getattr(selected, name), name
    reached: list[str] = []

    def spy(name: str) -> Callable[..., Any]:
        real = getattr(score_module, name)

        def call(*args: Any) -> Any:
            reached.append(name)
            return real(*args)

        return call

    for name in ("_score_trusted", "_chajiao_trusted"):
        monkeypatch.setattr(score_module, name, spy(name))  # the twin looks it up at each call
    engine.score_engine_win(*ONE_WIN, WinContext(), RuleSet())
    engine.chajiao_engine(ONE_WIN[0], [], 2, RuleSet())
    assert reached == (["_score_trusted", "_chajiao_trusted"] if BACKEND == "python" else [])


def golden_answers() -> str:
    """The engine's answers on the golden hands under the table, additive and count models
    (R8.3, R8.4, R13), as JSON: each win's ``to_dict`` (or its refusal) and the 查叫 of the
    hand before its winning tile (R10.2)."""
    out: list[Any] = []
    for preset in ("xuezhan", "chengdu-classic", "leshan"):
        rules = RuleSet.preset(preset)
        for case in CASES:
            concealed, win, melds, void, ctx = golden_args(case)
            for fn, args in (
                (engine.score_engine_win, (concealed, win, melds, void, ctx, rules)),
                (engine.chajiao_engine, (concealed, melds, void, rules)),
            ):
                got = outcome(fn, *args)
                if isinstance(got, Score):
                    got = got.to_dict()
                elif isinstance(got, tuple):
                    got = [got[0].__name__, got[1]]
                out.append(got)
    return json.dumps(out, ensure_ascii=False)


def test_purepython_gives_the_same_answers_on_the_golden_hands_in_a_fresh_process() -> None:
    """A process with ``XZ_PUREPYTHON=1`` serves the scorer by the twin and gives, byte for
    byte, the answers of this process (the compiled scorer when it is built)."""
    here = Path(__file__).resolve().parent
    code = (
        "import sys; sys.path[:0] = sys.argv[1:]; import test_compiled_scorer as t;"
        "from xzcore.scoring import engine;"
        "assert engine.score_or_decline is t.twin.score_or_decline;"
        "print(t.golden_answers())"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("XZ_")}
    env["XZ_PUREPYTHON"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", code, str(here), str(here.parent)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == golden_answers()


# -- the decomposition text ------------------------------------------------------------------


blocks = st.builds(
    Block,
    st.sampled_from(["pair", "sequence", "triplet", "meld", "other"]),
    st.integers(0, 26) | st.sampled_from([-1, 27, True]),
    st.none() | st.sampled_from(KINDS),
)


def test_score_dict_of_other_scores() -> None:
    """Scores the compiled path does not build — the count model's (R13), and Scores made
    by hand with lists, other values — give the twin's dict (the Python body)."""
    leshan = RuleSet.preset("leshan")
    counted = engine.score_engine_win(
        counts_of(parse_tiles("1112343456668m")), parse_tile("8m"), [], 1, WinContext(), leshan
    )
    assert type(counted) is not Score
    assert_same_dict(counted)
    plain = twin.score_or_decline(*ONE_WIN, WinContext(), RuleSet())
    assert plain is not None
    for change in (
        {"replaced": [Pattern.DUIDUI]},
        {"terms": (Pattern.DUIDUI, Pattern.QINGYISE), "model": Scoring.ADDITIVE},
        {"extras": [Extra.ZIMO]},
        {"gen": 2.0, "special": "dihu"},
        {"decomposition": [Block("pair", 3)]},
    ):
        assert_same_dict(dataclasses.replace(plain, **change))
    odd_terms: dict[str, Any] = {"terms": (Pattern.DUIDUI, "x")}
    odd = dataclasses.replace(plain, **odd_terms)
    odd_blocks: dict[str, Any] = {"decomposition": [Block("pair", 3), []]}
    unhashable = dataclasses.replace(plain, **odd_blocks)
    partial = object.__new__(Score)
    object.__setattr__(partial, "__dict__", {"pattern": Pattern.PINGHU})
    for score_dict in (_compiled().score_dict, twin.score_dict):
        with pytest.raises(AttributeError, match="'str' object has no attribute 'id'"):
            score_dict(odd)
        with pytest.raises(TypeError, match="unhashable type: 'list'"):
            score_dict(unhashable)
        with pytest.raises(AttributeError, match="'Score' object has no attribute 'replaced'"):
            score_dict(partial)


def _outcome(fn: Callable[[Any], str], seq: Any) -> Any:
    try:
        return fn(seq)
    except (ValueError, IndexError) as exc:  # an odd block's str() (a kind outside 0..26)
        return type(exc), str(exc)


@given(st.lists(blocks, max_size=8), st.booleans())
def test_decomposition_text(sf: ModuleType, split: list[Block], as_tuple: bool) -> None:
    """The text of any blocks, the engine's or odd ones (which go to ``str``), is the twin's,
    or the same exception."""
    seq = tuple(split) if as_tuple else split
    want = _outcome(lambda s: " ".join(map(str, s)), seq)
    assert _outcome(sf.decomposition_text, seq) == want == _outcome(twin.decomposition_text, seq)
