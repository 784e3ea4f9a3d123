"""Differential tests for the engine's cheaper paths (setup, win contexts, scoring look-ups,
the ledger's kept totals and once-only transfer checks): each against the plain code it
replaced, written out here as the oracle."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.money.ledger import Ledger, Transfer
from xzcore.money.settlement import SeatEnd, SettlementError, end_of_round, pay_gang
from xzcore.players.agents import greedy_chooser
from xzcore.round.base import (
    _DEALT_AT,
    format_count_bytes,
    format_kinds,
    format_wall,
    win_context,
)
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import LastRoundWin, PassHu, RuleSet, Scoring
from xzcore.scoring import WinContext
from xzcore.scoring.decompose import (
    SUIT_MASKS,
    Best,
    HandSummary,
    Shape,
    _meld_facts,
    _suit_shapes,
    best_value,
    choose,
    summarize,
)
from xzcore.scoring.vocab import Block, Extra, Pattern
from xzcore.tiles import KINDS, NAMES, Meld, MeldKind

walls = st.permutations([k for k in range(27) for _ in range(4)])


# -- setup (R2.3) --------------------------------------------------------------------------------


@given(walls)
def test_format_wall_is_the_names_joined(wall: list[int]) -> None:
    assert format_wall(wall) == "".join(NAMES[k] for k in wall)


@given(st.lists(st.integers(0, 26), max_size=14))
def test_format_kinds_is_the_text_of_their_counts(kinds: list[int]) -> None:
    counts = bytearray(27)
    for k in kinds:
        counts[k] += 1
    assert format_kinds(kinds) == format_count_bytes(bytes(counts))


def _dealt_by_slices(wall: Sequence[int], dealer: int) -> list[list[int]]:
    """R2.3 as the engine wrote it before: 4 tiles to each seat from the dealer, three times;
    then one each; then one more to the dealer."""
    dealt: list[list[int]] = [[], [], [], []]
    for i in range(4):
        a = 4 * i
        dealt[(dealer + i) % 4] = [
            *wall[a : a + 4],
            *wall[16 + a : 20 + a],
            *wall[32 + a : 36 + a],
            wall[48 + i],
        ]
    dealt[dealer].append(wall[52])
    return dealt


@pytest.mark.parametrize("dealer", range(4))
def test_dealt_positions_follow_r2_3(dealer: int) -> None:
    wall = list(range(108))  # each position names itself
    assert [list(_DEALT_AT[dealer][s](wall)) for s in range(4)] == _dealt_by_slices(wall, dealer)


# -- win contexts --------------------------------------------------------------------------------


def test_win_context_is_the_value_built_directly() -> None:
    for flags in product((False, True), repeat=6):
        ctx = win_context(*flags)
        assert ctx == WinContext(*flags)
        assert tuple(vars(ctx).values()) == flags
        assert all(type(v) is bool for v in vars(ctx).values())
        assert win_context(*flags) is ctx  # shared


def test_ids_are_the_values() -> None:
    assert all(p.id == str(p.value) for p in Pattern)
    assert all(e.id == str(e.value) for e in Extra)


# -- scoring look-ups ----------------------------------------------------------------------------


def _held_by_bits(allc: Sequence[int]) -> int:
    held = 0
    for k, n in enumerate(allc):
        if n:
            held |= 1 << k
    return held


def _best_value_by_shapes(h: HandSummary, rules: RuleSet) -> Best | None:
    """best_value as written before the look-up table: a Shape and choose() per split."""
    yaojiu_opt, scoring, gen, counts, melds = (
        rules.yaojiu_jiangdui,
        rules.scoring,
        h.gen,
        h.counts,
        h.melds,
    )
    best: Best | None = None
    parts: tuple[tuple[Block, ...], ...] = ()
    tail, jingou, luohan, melds_yaojiu = _meld_facts(melds)
    per_suit = [_suit_shapes(s, counts[9 * s : 9 * s + 9]) for s in range(3)]
    if all(per_suit):
        for a, a_tri, a_yj in per_suit[0]:
            for b, b_tri, b_yj in per_suit[1]:
                for c, c_tri, c_yj in per_suit[2]:
                    shape = Shape(
                        False,
                        False,
                        a_tri and b_tri and c_tri,
                        melds_yaojiu and a_yj and b_yj and c_yj,
                        h.one_suit,
                        h.jiang,
                        jingou,
                        luohan,
                    )
                    pick = choose(shape, gen, scoring, yaojiu_opt)
                    if best is None or pick.value > best.value:
                        best, parts = pick, (a, b, c, tail)
    if not melds and sum(counts) == 14 and not counts.count(1) and not counts.count(3):
        shape = Shape(True, 4 in counts, False, False, h.one_suit, h.jiang, False, False)
        pick = choose(shape, gen, scoring, yaojiu_opt)
        if best is None or pick.value > best.value:
            pairs = tuple(Block("pair", k) for k in range(KINDS) for _ in range(counts[k] // 2))
            best, parts = pick, (pairs,)
    if best is None:
        return None
    return best._replace(blocks=tuple(b for part in parts for b in part))


def _random_hand(rng: random.Random) -> tuple[list[int], tuple[Meld, ...]]:
    """14 − 3k concealed tiles of at most two suits (half of them built to win) and k melds."""
    suits = rng.sample(range(3), rng.choice((1, 2)))
    kinds = [9 * s + r for s in suits for r in range(9)]
    n_melds = rng.choice((0, 0, 1, 2, 4))
    counts = [0] * KINDS
    melds: list[Meld] = []
    for _ in range(n_melds):
        k = rng.choice([k for k in kinds if counts[k] == 0 and k not in {m.tile for m in melds}])
        melds.append(Meld(rng.choice(list(MeldKind)), k))
    want = 14 - 3 * n_melds
    kinds = [k for k in kinds if k not in {m.tile for m in melds}]  # R1.1: four of a kind
    if rng.random() < 0.5:  # sets and a pair
        while sum(counts) < want - 2:
            k = rng.choice(kinds)
            if rng.random() < 0.5 and k % 9 < 7 and all(counts[k + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[k + i] += 1
            elif counts[k] <= 1:
                counts[k] += 3
        k = rng.choice([k for k in kinds if counts[k] <= 2])
        counts[k] += 2
    while sum(counts) < want:
        k = rng.choice(kinds)
        if counts[k] < 4:
            counts[k] += 1
    while sum(counts) > want:  # a set may overshoot near the end: take tiles back
        counts[rng.choice([k for k in kinds if counts[k]])] -= 1
    return counts, tuple(melds)


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        RuleSet.preset("chengdu-classic"),
        RuleSet(scoring=Scoring.ADDITIVE),
        RuleSet(yaojiu_jiangdui=False),
    ],
    ids=["xuezhan", "chengdu-classic", "additive", "no-yaojiu"],
)
def test_best_value_and_summary_as_before(rules: RuleSet) -> None:
    rng = random.Random(8)
    wins = 0
    for _ in range(3000):
        counts, melds = _random_hand(rng)
        h = summarize(counts, melds)
        allc = list(counts)
        for m in melds:
            allc[m.tile] += m.size
        assert h.held == _held_by_bits(allc)
        assert h.one_suit == any(h.held == h.held & mask for mask in SUIT_MASKS)
        got = best_value(h, rules)
        assert got == _best_value_by_shapes(h, rules)
        wins += got is not None
    assert wins > 500  # the mix holds winning hands, not only refusals


# -- the ledger (R9.6) ---------------------------------------------------------------------------


def _fresh_problems(led: Ledger) -> list[str]:
    """What a ledger rebuilt from its transfers reports: nothing remembered."""
    return Ledger(led.transfers).problems()


def test_ledger_checks_each_transfer_once_and_reports_like_a_fresh_one() -> None:
    rng = random.Random(3)
    reasons = ["win_discard", "self_draw", "gang_direct", "call_transfer", "refund", "huazhu"]
    for _ in range(200):
        led = Ledger()
        for _ in range(rng.randrange(12)):
            payer, payee = rng.randrange(4), rng.randrange(4)
            units = rng.choice((-1, 0, 1, 2, 8))
            turn = rng.choice((None, 1, 2))
            led.add(Transfer(payer, payee, units, rng.choice(reasons), "R9.1", turn=turn))
            assert led.problems() == _fresh_problems(led)
            assert led.problems([0, 0, 0, 0]) == Ledger(led.transfers).problems([0, 0, 0, 0])
            fresh = [0, 0, 0, 0]
            for t in led.transfers:
                fresh[t.payer] -= t.units
                fresh[t.payee] += t.units
            assert led.totals() == fresh
            assert led.totals() is not led.totals()  # a new list each time


# -- settlement ------------------------------------------------------------------------------------


def test_end_of_round_transfers_equal_checked_ones() -> None:
    led = Ledger()
    rules = RuleSet()
    pay_gang(led, rules, 1, MeldKind.ANGANG, payers=(0, 2, 3), turn=4)
    seats = [
        SeatEnd(0, True, ready_multiplier=4),
        SeatEnd(1, True),  # not ready: pays 查大叫 and refunds its gang money
        SeatEnd(2, True, huazhu=True),
        SeatEnd(3, False),
    ]
    out = end_of_round(led, rules, seats)
    assert [t.reason for t in out] == ["huazhu", "huazhu", "chajiao"] + ["refund"] * 3
    for t in out:
        assert t == Transfer(**t.to_dict())
    assert led.problems() == _fresh_problems(led) == []


def _seat_end_ok(
    seat: object, active: object, huazhu: object, m: object, forfeited: object
) -> bool:
    """SeatEnd's field rules, one by one (the oracle of its quick acceptance)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        return False
    if not all(isinstance(v, bool) for v in (active, huazhu, forfeited)):
        return False
    if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 1):
        return False
    return (
        not (huazhu and not active)
        and not (huazhu and m is not None)
        and not (m is not None and not active)
    )


values = st.sampled_from([None, True, False, 0, 1, 2, 3, 4, -1, 1.0, "1", 64])


@given(values, values, values, values, values)
def test_seat_end_accepts_exactly_what_its_rules_allow(
    seat: object, active: object, huazhu: object, m: object, forfeited: object
) -> None:
    try:
        SeatEnd(seat, active, huazhu, m, forfeited)  # type: ignore[arg-type]
    except SettlementError:
        ok = False
    else:
        ok = True
    assert ok == _seat_end_ok(seat, active, huazhu, m, forfeited)


# -- claims: one asked seat ----------------------------------------------------------------------


class _GeneralClaims(Round):
    """Round with _resolve_claims as written before the one-seat shortcut (the oracle)."""

    def _resolve_claims(self) -> None:
        src = self._claim_from
        k = self._claim_tile
        dec = self._claim_dec
        order = [(src + i) % 4 for i in (1, 2, 3) if (src + i) % 4 in dec]
        horas = [o for o in order if dec[o].word == "hora"]
        winners = horas if self.rules.multi_ron else horas[:1]
        self._note_passes()
        taker = -1
        if not winners:
            for o in order:
                if dec[o].word != "none":
                    taker = o
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


def _random_game(cls: type[Round], rules: RuleSet, seed: int) -> list[Any]:
    """A seeded game of greedy bots that pass half the wins offered: its events, and the
    pass locks and forfeits (R7.4, R5.7) after every action."""
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    r = cls(rules, d.wall, d.dealer, exchange_direction=direction)
    rng = random.Random(seed)
    bots = [greedy_chooser(s) for s in range(4)]
    trace: list[Any] = []
    while not r.over:
        for seat in r.to_act():
            legal = r.legal_actions(seat)
            if legal[0].word == "hora" and len(legal) > 1 and rng.random() < 0.5:
                r.play(rng.choice(legal[1:]))  # pass the win
            else:
                r.play(bots[seat](r, seat, legal))
            trace.append((r.locked[:], r.lock_value[:], r.forfeited[:]))
    return [r.events, trace]


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        RuleSet.preset("xueliu"),
        RuleSet.preset("chengdu-classic"),
        RuleSet(multi_ron=False),
        RuleSet(pass_hu=PassHu.STRICT),
        RuleSet(last_round_win=LastRoundWin.FORFEIT),
    ],
    ids=["xuezhan", "xueliu", "chengdu-classic", "single-ron", "strict-lock", "forfeit"],
)
def test_one_asked_seat_resolves_as_the_general_rule(rules: RuleSet) -> None:
    for seed in range(40):
        assert _random_game(Round, rules, seed) == _random_game(_GeneralClaims, rules, seed)
