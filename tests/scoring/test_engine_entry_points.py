"""The round engine's trusted entry points give the same answers as the checked ones.

- :func:`xzcore.scoring.engine.score_engine_win` (R7.1, R4.4, R8) is :func:`score_win` without
  the per-argument type checks: same Score, same refusals, and the tile-count checks kept.
- :meth:`xzcore.money.ledger.Transfer._trusted` is ``Transfer(...)`` without ``__post_init__``:
  equal values, and :meth:`Ledger.check` still enforces R9.6 on them.
- :func:`chajiao_engine` (R10.2) answers as :func:`chajiao_multiplier`; ``_score`` builds
  :class:`Score` values equal to the constructor's; the shared ``MELDS`` and their text.
- Differential: at every win of seeded games (every preset, random and greedy bots) the
  engine's score equals :func:`score_win` on the same arguments.
- Pinned streams: the event streams of seeded games hash to recorded digests (a change for
  speed must not change a byte of a log).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

import pytest

import xzcore.round.claims as claims_mod
import xzcore.round.engine as round_mod
from xzcore.money.ledger import Ledger, LedgerError, Transfer
from xzcore.players.agents import GreedyAgent, RandomAgent, play_game
from xzcore.round.base import MELDS, format_meld_list
from xzcore.rules import PRESETS, RuleSet
from xzcore.scoring import HandError, NotAWinError, Score, WinContext, chajiao_multiplier, score_win
from xzcore.scoring.engine import chajiao_engine, score_engine_win
from xzcore.scoring.score import _check_sizes, _sizes_ok
from xzcore.tiles import Meld, MeldKind, counts_of, format_melds, parse_tile, parse_tiles

XZ = RuleSet.preset("xuezhan")


def _c(text: str) -> bytes:
    return counts_of(parse_tiles(text))


# -- score_engine_win against score_win, hands worked out by hand -----------------------------


def test_qingyise_self_draw_is_x4() -> None:
    # R14: 111 234 345 666 88m, self-drawn 8m: 清一色 ×4 (R8.3), no 根; xuezhan adds no
    # self-draw doubling (zimo_bonus = base is a unit paid in settlement, R9.2).
    ctx = WinContext(self_draw=True)
    s = score_engine_win(_c("1112343456668m"), parse_tile("8m"), [], 1, ctx, XZ)
    assert (s.pattern.id, s.multiplier, s.capped) == ("qingyise", 4, 4)
    assert s == score_win("1112343456668m", "8m", [], "p", ctx, XZ)


def test_plain_win_with_a_peng_is_x1() -> None:
    # peng 1m + 234m 567m 888p 9p, wins 9p on a discard: 234m 567m 888p 99p — 平胡 ×1, two
    # suits (void s), no four of a kind so no 根 (R8.2), no extras (R8.6).
    melds = [Meld(MeldKind.PENG, parse_tile("1m"))]
    s = score_engine_win(_c("234567m8889p"), parse_tile("9p"), melds, 2, WinContext(), XZ)
    assert (s.pattern.id, s.gen, s.multiplier) == ("pinghu", 0, 1)
    assert s == score_win("234567m8889p", "9p", "peng 1m", "s", WinContext(), XZ)


def test_not_a_win_is_refused_with_r7_1() -> None:
    # 111 234 345 666 8m + 9p: the 8m and the 9p pair with nothing (R7.1).
    with pytest.raises(NotAWinError) as e:
        score_engine_win(_c("1112343456668m"), parse_tile("9p"), [], 2, WinContext(), XZ)
    assert e.value.rule == "R7.1"


def test_a_void_tile_is_refused_with_r4_4() -> None:
    # 123 345 789m 234p 66p splits, but the void suit is p (R4.4: no tile of the void suit).
    with pytest.raises(NotAWinError) as e:
        score_engine_win(_c("123345789m2346p"), parse_tile("6p"), [], 1, WinContext(), XZ)
    assert e.value.rule == "R4.4"


def test_the_tile_counts_are_still_checked() -> None:
    # 12 concealed tiles with no meld: R7.1 wants 13 before the winning tile.
    with pytest.raises(HandError) as e:
        score_engine_win(_c("123345789m236p"), parse_tile("6p"), [], 2, WinContext(), XZ)
    assert e.value.field == "concealed"
    # 1111m in hand beside a peng of 1m: seven copies of one kind (R1.1).
    melds = [Meld(MeldKind.PENG, parse_tile("1m"))]
    with pytest.raises(HandError, match="7 copies of 1m"):
        score_engine_win(_c("1111m567m888p"), parse_tile("9p"), melds, 2, WinContext(), XZ)


def test_an_impossible_context_is_still_refused() -> None:
    # R6.4: a robbed gang is never a self-draw.
    bad = WinContext(self_draw=True, robbed=True)
    with pytest.raises(ValueError, match=r"R6\.4"):
        score_engine_win(_c("1112343456668m"), parse_tile("8m"), [], 1, bad, XZ)


def test_count_scoring_goes_to_score_count() -> None:
    # scoring = count (R13): the same Score subclass and value as the checked entry point.
    rules = RuleSet.preset("leshan")
    ctx = WinContext(self_draw=True)
    got = score_engine_win(_c("1112343456668m"), parse_tile("8m"), [], 1, ctx, rules)
    assert got == score_win("1112343456668m", "8m", [], "p", ctx, rules)
    assert type(got) is not Score


# -- Transfer._trusted ------------------------------------------------------------------------


def test_trusted_transfer_equals_the_checked_one() -> None:
    a = Transfer(1, 2, 4, "gang_added", "R6.2", "turn 7", 7)
    b = Transfer._trusted(1, 2, 4, "gang_added", "R6.2", "turn 7", 7)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert b.to_dict() == {
        "payer": 1,
        "payee": 2,
        "units": 4,
        "reason": "gang_added",
        "rule": "R6.2",
        "detail": "turn 7",
        "turn": 7,
    }
    with pytest.raises(AttributeError):
        b.units = 5  # type: ignore[misc]  # still frozen


def test_ledger_check_still_enforces_r9_6_on_trusted_transfers() -> None:
    led = Ledger()
    led.add(Transfer._trusted(0, 1, 2, "win_discard", "R9.1", "×2"))
    led.check()
    led.add(Transfer._trusted(2, 2, 0, "win_discard", "R9.1", "×0"))
    with pytest.raises(LedgerError, match="must be positive") as e:
        led.check()
    assert "pays itself" in str(e.value)


# -- differential over seeded games ----------------------------------------------------------


def _agents(bot: str, seed: int) -> list[Any]:
    cls = RandomAgent if bot == "random" else GreedyAgent
    return [cls(4 * seed + i) for i in range(4)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_engine_win_scores_as_score_win(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def both(concealed: bytes, k: int, melds: Any, void: int, ctx: WinContext, rules: Any) -> Any:
        try:
            want: Any = score_win(concealed, k, list(melds), void, ctx, rules)
        except NotAWinError as exc:
            want = exc
        try:
            got: Any = score_engine_win(concealed, k, melds, void, ctx, rules)
        except NotAWinError as exc:
            assert isinstance(want, NotAWinError) and (exc.rule, str(exc)) == (
                want.rule,
                str(want),
            )
            raise
        assert got == want
        calls.append(k)
        return got

    monkeypatch.setattr(round_mod, "score_engine_win", both)
    monkeypatch.setattr(claims_mod, "score_engine_win", both)
    rules = RuleSet.preset(preset)
    for seed in range(12):
        play_game(rules, seed, _agents("greedy", seed))
    assert len(calls) >= 12  # greedy bots win most rounds, often more than once


# -- pinned streams ----------------------------------------------------------------------------

# sha256 over the JSON of the event streams of seeds 0-29 (random bots) then 0-9 (greedy
# bots). If a rule change alters the streams on
# purpose, regenerate with _digest() and say so in the commit.
PINNED = {
    "chengdu-classic": "85b9ee0adb0f28d49485f1511096126bd045d57fb826b4df77808df04b1f052d",
    "leshan": "5ee0c90207931b9ec7a5972f10d99c8f055feb5e772a484b69a2ef408d6d1ace",
    "xueliu": "86db525247020170bf8f362d57ef8e5cc14abb3dda003a89b7457b077716dc1c",
    "xuezhan": "743fc172a8521ce2398797f8ff01812040c11f84194b9bdfee8dab9825116fab",
}


def _digest(preset: str) -> str:
    rules = RuleSet.preset(preset)
    h = hashlib.sha256()
    for bot, n in (("random", 30), ("greedy", 10)):
        for seed in range(n):
            _, events = play_game(rules, seed, _agents(bot, seed))
            h.update(json.dumps(events, separators=(",", ":"), ensure_ascii=False).encode())
    return h.hexdigest()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_seeded_streams_are_unchanged(preset: str) -> None:
    assert _digest(preset) == PINNED[preset]


def test_scores_are_built_field_for_field() -> None:
    # _score builds Score values without the dataclass __init__: every declared field is
    # set, in order, and the value equals one built by the constructor (R8 fields intact).
    s = score_engine_win(_c("1112343456668m"), parse_tile("8m"), [], 1, WinContext(), XZ)
    names = [f.name for f in dataclasses.fields(Score)]
    assert list(vars(s)) == names
    assert s == Score(**{n: getattr(s, n) for n in names})
    assert repr(s) == repr(Score(**{n: getattr(s, n) for n in names}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.capped = 1  # type: ignore[misc]


# -- chajiao_engine, shared melds -------------------------------------------------------------


def test_chajiao_engine_answers_as_chajiao_multiplier() -> None:
    # 111 234 345 666 8m waits on 8m (pair) and 7m (666 8 + 7 = 66 678): one suit, no 根 on
    # either wait, so the best is 清一色 ×4 (R10.2 with R8.3).
    c = _c("1112343456668m")
    assert chajiao_engine(c, [], 1, XZ) == 4 == chajiao_multiplier("1112343456668m", [], "p", XZ)
    # Not ready (R7.3): 13 scattered tiles.
    c = _c("1357m2468p13579s")
    assert chajiao_engine(c, [], -1, XZ) is None
    # A void tile in hand is never ready (R7.3, R4.4).
    c = _c("123345789m2346p")
    assert chajiao_engine(c, [], 1, XZ) is None is chajiao_multiplier(c, [], 1, XZ)


def test_shared_melds_and_their_text() -> None:
    for kind in MeldKind:
        for k in range(27):
            m = MELDS[kind][k]
            assert m == Meld(kind, k) and format_meld_list([m]) == format_melds([m]) == str(m)
    ms = [MELDS[MeldKind.PENG][4], MELDS[MeldKind.ANGANG][26], Meld(MeldKind.GANG, 9)]
    assert format_meld_list(ms) == "peng 5m, angang 9s, gang 1p" == format_melds(ms)
    assert format_meld_list([]) == ""


def test_sizes_ok_agrees_with_check_sizes() -> None:
    # _sizes_ok is a quick yes for _check_sizes (R7.1 tile count, R1.1 four copies): on
    # seeded hands, valid and broken (a fifth copy, a tile too many or too few, a kind in two
    # melds, a win tile whose kind is used up), it says yes exactly when _check_sizes passes.
    rng = random.Random(7)
    kinds = list(MeldKind)
    seen = {True: 0, False: 0}
    for _ in range(4000):
        ms = [Meld(rng.choice(kinds), rng.randrange(27)) for _ in range(rng.randrange(5))]
        pool = [k for k in range(27) for _ in range(4)]
        for m in ms:
            for _ in range(m.size):
                if m.tile in pool:
                    pool.remove(m.tile)
        rng.shuffle(pool)
        n = 13 - 3 * len(ms) + rng.choice((0, 0, 0, -1, 1))
        counts = [0] * 27
        for k in pool[: max(n, 0)]:
            counts[k] += 1
        if rng.random() < 0.1:
            counts[rng.randrange(27)] += 1
        win = rng.choice((-1, rng.randrange(27), pool[-1]))
        try:
            _check_sizes(counts, ms, 0, "concealed", win)
            passes = True
        except HandError:
            passes = False
        assert _sizes_ok(counts, ms, win) is passes, (counts, ms, win)
        seen[passes] += 1
    assert min(seen.values()) > 500  # both answers were exercised
