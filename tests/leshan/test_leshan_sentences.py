"""The 乐山 (Leshan) preset against RULES.md R12 (leshan column) and R13.

Every expected count below is worked out by hand from R13.1 in the comment next to it, not by
running the code. Hands are written with void 条 (s) unless said otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from xzcore.leshan.actions import LeshanAction
from xzcore.leshan.money import discarder_penalties, payment_units
from xzcore.leshan.round import LeshanRound, new_round
from xzcore.round.actions import Action, IllegalActionError
from xzcore.round.wall import arrange_wall
from xzcore.rules import (
    Chajiao,
    HuazhuPayees,
    LastRoundScope,
    LastRoundWin,
    PassHu,
    RuleSet,
    Scoring,
    ZimoBonus,
)
from xzcore.scoring import WinContext
from xzcore.scoring.count import count_chajiao, score_count
from xzcore.tiles import parse_melds, parse_tile

sys.path.insert(0, str(Path(__file__).parent))
from round_helpers import rotation_draws
from test_leshan_round_end import HANDS, begin, drive

L = RuleSet.preset("leshan")


def count(concealed: str, win: str, melds: str = "", void: str = "s", **ctx: bool) -> int:
    return score_count(concealed, win, melds, void, WinContext(**ctx), L).count


def items(concealed: str, win: str, melds: str = "", void: str = "s", **ctx: bool) -> dict:
    s = score_count(concealed, win, melds, void, WinContext(**ctx), L)
    return {i.zh: n for i, n in s.items}


# -- R12: the leshan column, option by option ----------------------------------------------------


def test_r12_leshan_column() -> None:
    assert L.scoring is Scoring.COUNT
    assert L.declare_void and not L.exchange_three
    assert L.cap_fan is None and L.zimo_bonus is ZimoBonus.NONE
    assert not L.yaojiu_jiangdui and not L.menqing_zhongzhang
    assert L.tian_di_hu and not L.dihu_on_dealer_discard
    assert L.haidi and L.haidi_pao  # R13: 海底捞 an item, 海底炮 a penalty (R13.2)
    assert L.multi_ron
    assert (L.gang_direct_units, L.gang_added_units, L.gang_concealed_units) == (2, 1, 2)
    assert L.late_added_gang_pays and L.refund_gang_money
    assert L.pass_hu is PassHu.STRICT
    assert L.last_round_win is LastRoundWin.FORCED
    assert L.last_round_tiles == 12 and L.last_round_scope is LastRoundScope.DISCARD
    assert L.huazhu_payees is HuazhuPayees.ALL and not L.huazhu_pays_chajiao
    assert L.chajiao is Chajiao.MAX
    assert L.piao_max == 5 and L.baige


# -- R13.1, item by item --------------------------------------------------------------------------


def test_queyimen_exactly_two_suits_melds_included() -> None:
    # 123m 456m 789m 234p 55p: 底 1 + 缺一门 1 (m and p) + 门清 1 = 3. Not 卡心五: 5p is the pair
    # and there is no 456p.
    assert count("123456789m2345p", "5p") == 3
    # The p is only in a peng: still two suits (melds included) -> 缺一门; the peng kills 门清.
    # 123m 456m 789m 99m + peng 1p: 底 1 + 缺一门 1 = 2 (the hand is not 清一色).
    assert items("1234567899m", "9m", "peng 1p") == {"底": 1, "缺一门": 1}


def test_qingyise_is_5_and_not_also_queyimen() -> None:
    # 111m 234m 55m 678m 999m, all concealed: 底 1 + 清一色 5 + 门清 1 = 7 (no 四归一: three 1m).
    assert items("1112345678999m", "5m", void="p") == {"底": 1, "清一色": 5, "门清": 1}


def test_menqing_allows_concealed_gang_only() -> None:
    # 123m 456m 55m 34p + a gang of 9p, won on 2p (234p). 底 1 + 缺一门 1 + 四归一 1 (the
    # gang) = 3, + 门清 1 when the gang is concealed = 4.
    assert count("12345655m34p", "2p", "angang 9p") == 4
    assert count("12345655m34p", "2p", "gang 9p") == 3
    assert count("12345655m34p", "2p", "bugang 9p") == 3
    # a 碰 is not 门清: 底 1 + 缺一门 1 = 2
    assert count("12345655m34p", "2p", "peng 9p") == 2


def test_kaxinwu_on_a_closed_wait() -> None:
    # 46m 678m 123p 789p 99p + 5m -> 456m: 底 1 + 缺一门 1 + 门清 1 + 卡心五 1 = 4.
    assert items("46678m123789p99p", "5m")["卡心五"] == 1
    assert count("46678m123789p99p", "5m") == 4
    # 34m waiting on 5m: 345m is not 4-5-6 -> no 卡心五: 3.
    assert count("34678m123789p99p", "5m") == 3
    # 67m waiting on 5m: 567m is not 4-5-6 -> 3.
    assert count("67m678m123789p99p", "5m") == 3
    # A 5 of another suit than the 456: 456m already made, won on 5p in 46p -> 456p counts
    # (the 5p completes 4-5-6 in p): 底 + 缺一门 + 门清 + 卡心五 = 4.
    assert count("456m123m99m46p789p", "5p") == 4


def test_yibangao_each_pair_and_the_largest_split() -> None:
    # 234m 234m 55m 678m 123p: 底 1 + 缺一门 1 + 门清 1 + 一般高 1 = 4 (win 5m is the pair,
    # no 456m).
    assert count("2233445678m123p", "5m") == 4
    # Two different pairs of identical sequences: 123m 123m 789p 789p 55p, won on 5p.
    # Split A: two 一般高 -> 底 1 + 缺一门 1 + 门清 1 + 一般高 2 = 5.
    # Split B (seven pairs 11 22 33m 77 88 99 55p): 底 1 + 缺一门 1 + 门清 1 + 七对 4 = 7.
    # R8.1: the largest -> 7.
    assert count("112233m778899p5p", "5p") == 7
    # The same 一般高 shapes with a peng, so that seven pairs is impossible:
    # 123m 123m 789p 55p + peng 2p: 底 1 + 缺一门 1 + 一般高 1 = 3.
    assert count("112233m7895p", "5p", "peng 2p") == 3


def test_yibangao_three_alike_count_once() -> None:
    # Reading (docs/leshan.md): disjoint pairs. 123m 123m 123m 456p 55p, won on 5p.
    # Split 123×3: 底 1 + 缺一门 1 + 门清 1 + 一般高 1 (one disjoint pair) + 卡心五 1 (the 5p
    # read as closing 4_6p with 55p the pair, R13.1 "won on a 5 that completes 4-5-6") = 5.
    # Split 111 222 333m: no 一般高, not 对对 (456p): 底 + 缺一门 + 门清 + 卡心五 = 4.
    # Largest: 5 (and not 7, as three pairs of alike sequences would give).
    assert count("123123123m4556p", "5p") == 5


def test_siguiyi_gang_or_not_each_one() -> None:
    # 222m in 222m + 234m (four 2m, no gang) and a gang of 7p: 222m 234m 567m 99p + gang 7p.
    # 底 1 + 缺一门 1 + 四归一 2 (2m held four times, 7p gang) = 4 (the exposed gang: no 门清).
    assert items("222234567m9p", "9p", "gang 7p") == {"底": 1, "缺一门": 1, "四归一": 2}
    # The 四归一 completed by the winning tile: 111m 23m 456m 789p 99p won on 1m ->
    # 111m 123m 456m 789p 99p: 底 1 + 缺一门 1 + 门清 1 + 四归一 1 (four 1m) = 4.
    assert count("11123456m78999p", "1m") == 4


def test_jingou_and_its_companions() -> None:
    # 4 melds + 5p single: peng 1m, peng 9m, peng 2p, exposed gang 7p, won on 5p.
    # 底 1 + 缺一门 1 + 金钩吊 1 + 四归一 1 (7p) + 对对胡 count_duidui (2) = 6.
    got = items("5p", "5p", "peng 1m, peng 9m, peng 2p, gang 7p")
    assert got == {"底": 1, "缺一门": 1, "金钩吊": 1, "四归一": 1, "对对胡": L.count_duidui}
    assert sum(got.values()) == 6


@pytest.mark.parametrize(
    ("ctx", "zh"),
    [
        ({"robbed": True}, "抢杠"),
        ({"after_gang": True}, "杠上炮"),
        ({"after_gang": True, "self_draw": True}, "杠上花"),
        ({"last_tile": True, "self_draw": True}, "海底捞"),
    ],
)
def test_situational_items(ctx: dict, zh: str) -> None:
    # 123m 456m 789m 234p 55p is 3 (above); each of these adds one: 4.
    got = items("123456789m2345p", "5p", **ctx)
    assert got[zh] == 1 and sum(got.values()) == 4


def test_haidipao_and_plain_self_draw_add_nothing_to_the_count() -> None:
    # R13.2: 海底炮 is on the discarder, not the winner's item; a plain self-draw adds nothing
    # (zimo_bonus = none): 3 both.
    assert count("123456789m2345p", "5p", last_tile=True) == 3
    assert count("123456789m2345p", "5p", self_draw=True) == 3


def test_worked_examples_8_and_9() -> None:
    # Seed: 清一色 with a gang and a 一般高 = 底 + 清一色 + 四归一 + 一般高 = 8.
    # 234m 234m 55m 678m + exposed gang 9m: 1 + 5 + 1 + 1 = 8; concealed gang: + 门清 = 9.
    assert count("2233445678m", "5m", "gang 9m", void="p") == 8
    assert count("2233445678m", "5m", "angang 9m", void="p") == 9


def test_chajiao_is_the_largest_count_over_the_waits() -> None:
    # 123m 456m 789m 23p 55p waits on 1p and 4p. On 1p: 123p, 55p pair: 3. On 4p: 234p: 3.
    # Now 46p 55p: 123m 456m 789m 46p 55p waits on 5p only -> 456p + 55p pair -> 卡心五:
    # 底 + 缺一门 + 门清 + 卡心五 = 4.
    assert count_chajiao("123456789m2355p", "", "s", L) == 3
    assert count_chajiao("123456789m4655p", "", "s", L) == 4


# -- R13.2 金钩炮 needs a single-tile *wait* ----------------------------------------------


def test_jingoupao_needs_a_wait() -> None:
    assert [p.zh for p in discarder_penalties(L, discarder_melds=4, last_tile=False)] == ["金钩炮"]
    assert discarder_penalties(L, discarder_melds=4, last_tile=False, discarder_ready=False) == []
    assert discarder_penalties(L, discarder_melds=3, last_tile=False) == []


def _round_with_discarder(kernel: ModuleType, one_tile: str, melds: str) -> LeshanRound:
    """A Leshan round (void 条 everywhere) in which seat 2 has melded ``melds`` and keeps
    ``one_tile``: the state right after seat 2's discard, as _pay_win sees it."""
    hands = ["23345677m2233p7p1s", "123456789m2355p", "234567m34578p99p", "111888999m6788p"]
    r = new_round(L, arrange_wall(0, hands, ""), 0, kernel=kernel)
    assert isinstance(r, LeshanRound)
    for s in range(4):
        r.play(Action.parse(f"dingque s by {s}"))
    for s in range(4):
        r.play(LeshanAction("piao", s, -1, 0))
    assert r.voids == [2, 2, 2, 2]
    c = bytearray(27)
    c[parse_tile(one_tile)] += 1
    h = kernel.Hand(bytes(c))
    h.void = 2
    r.hands[2] = h
    r.melds[2] = list(parse_melds(melds))
    return r


@pytest.mark.parametrize(
    ("one_tile", "melds", "penalty"),
    [
        # 1m kept after four melds: a single-tile wait on 1m -> 金钩炮 +1 (R13.2).
        ("1m", "peng 5m, peng 9m, peng 2p, peng 7p", 1),
        # 5m kept with a 碰 of 5m: it holds all four 5m, so 5m is not a wait (R7.3): the seat
        # is not ready, it had no single-tile wait -> no 金钩炮.
        ("5m", "peng 5m, peng 9m, peng 2p, peng 7p", 0),
        # a 条 kept (its void suit): not ready (R7.3) -> no 金钩炮.
        ("3s", "peng 5m, peng 9m, peng 2p, peng 7p", 0),
    ],
)
def test_jingoupao_in_the_round(
    kernel: ModuleType, one_tile: str, melds: str, penalty: int
) -> None:
    r = _round_with_discarder(kernel, one_tile, melds)
    score = score_count("123456789m2355p", "1p", "", "s", WinContext(), L)
    assert score.count == 3  # 123p 55p: 底 + 缺一门 + 门清
    transfers = r._pay_win(1, score, discarder=2)
    # seat 2 pays seat 1 the count 3 (R9.1), plus 1 for 金钩炮 when it had a wait (R13.2).
    assert sum(t.units for t in transfers) == 3 + penalty
    assert [t.rule for t in transfers] == ["R9.1"] + ["R13.2"] * penalty


# -- R13.3 飘 both sides, R13.4 摆割 -------------------------------------------------


def test_piao_and_baige_per_payer() -> None:
    # Self-draw count 3 by seat 0 (飘 2), payers 1 (飘 0), 2 (飘 5, 摆割), 3 (飘 1); seat 0 laid
    # open: each payer pays 3 + 飘(0) 2 + own 飘 + 摆割 winner 2; a 摆割 payer of a self-draw
    # did not deal in (no +2): 1 -> 3+2+0+2 = 7; 2 -> 3+2+5+2 = 12; 3 -> 3+2+1+2 = 8.
    piao, baige = (2, 0, 5, 1), (True, False, True, False)
    got = [payment_units(3, 0, p, dealt_in=False, piao=piao, baige=baige) for p in (1, 2, 3)]
    assert got == [7, 12, 8]
    # Seat 2 (摆割, 飘 5) deals in to seat 0 (摆割, 飘 2): 3 + 7 + 2 + 2 = 14.
    assert payment_units(3, 0, 2, dealt_in=True, piao=piao, baige=baige) == 14


def test_jingoupao_on_a_robbed_added_gang(kernel: ModuleType) -> None:
    # R13.2 with R6.4/R5.5: the robbed seat counts as discarder ("明杠之牌成为点炮之牌").
    # Seat 2 holds four melds and 1m (a single-tile wait) and its added gang is robbed by
    # seat 1 (123m 456m 789m 23p 55p) on the robbed 4p: 234p 55p ->
    # 底 1 + 缺一门 1 + 门清 1 + 抢杠 1 = 4, + 金钩炮 1 = 5, paid by seat 2 alone (R9.4).
    r = _round_with_discarder(kernel, "1m", "peng 5m, peng 9m, peng 2p, peng 4p")
    score = score_count("123456789m2355p", "4p", "", "s", WinContext(robbed=True), L)
    assert score.count == 4
    transfers = r._pay_win(1, score, discarder=2, payers=[0, 2, 3], robbed=True)
    assert [(t.payer, t.units, t.rule) for t in transfers] == [(2, 4, "R9.4"), (2, 1, "R13.2")]
    # The same with the robbed seat's one tile a fourth copy beside its 碰 (no wait): 4.
    r = _round_with_discarder(kernel, "5m", "peng 5m, peng 9m, peng 2p, peng 4p")
    transfers = r._pay_win(1, score, discarder=2, payers=[0, 2, 3], robbed=True)
    assert [(t.payer, t.units, t.rule) for t in transfers] == [(2, 4, "R9.4")]


# -- R13.5: strict lock before the last 12 tiles, forced win on a discard within them -------------


def test_r13_5_boundary_strict_lock_then_forced(kernel: ModuleType) -> None:
    # Seat 1 holds 123m 456m 789m 23p 55p (waits 1p, 4p). Draws 42 and 43 (0-based) are 4p:
    # draw 42 is seat 3's, made with 13 tiles left, discarded with 12 left; draw 43 is seat
    # 0's, made with 12 left, so it begins the final round (R5.7: a draw made when the wall
    # holds 12 or fewer), discarded with 11 left.
    draws = rotation_draws(0, HANDS, {42: "4p", 43: "4p"}, {0: "s", 1: "s", 2: "s", 3: "s"})
    r = begin(kernel, HANDS, draws)
    assert isinstance(r, LeshanRound)
    offers = drive(r)
    # The 1p discarded with 13 left (draw 41, seat 2's) may be passed (not final yet); passing
    # locks seat 1 (strict, R7.4) until its next draw (draw 44). So the 4p discarded with 12
    # left — still before the final round — is not offered at all, and the 4p with 11 left,
    # in the final round (no lock there), is offered as the only option: a forced win.
    assert (13, ["hora 1p by 1", "none by 1"]) in offers
    assert not [o for o in offers if o[0] == 12]
    assert (11, ["hora 4p by 1"]) in offers
    assert any(e["type"] == "dahai" and e["actor"] == 3 and e["pai"] == "4p" for e in r.events)
    hora = next(e for e in r.events if e["type"] == "hora")
    # 123m 456m 789m 234p 55p: 底 1 + 缺一门 1 + 门清 1 = 3, paid by seat 0 (no 飘, no 摆割).
    assert (hora["actor"], hora["score"]["count"]) == (1, 3)
    assert [(t["payer"], t["units"]) for t in hora["transfers"]] == [(0, 3)]


# -- R13.4: 摆割 ----------------------------------------------------------------------------------


def test_baige_gang_refused_when_it_changes_the_waits(kernel: ModuleType) -> None:
    # Seat 3: 11123p 999m 456m 66p waits on 1p (111 + 123p, 66p), 4p (111 + 234p, 66p) and
    # 6p (11p pair, 123p, 666p). It lays open with the 4s it draws; later it draws the
    # fourth 1p. A concealed gang of 1p would leave 23p 999m 456m 66p, waiting on 4p only
    # (1p is then held four times, R7.3): the waits change, so R13.4 refuses the gang; it
    # may win or discard the 1p.
    hands = [HANDS[0], "123456789m5588p", HANDS[2], "11123p999m456m66p"]
    r = begin(kernel, hands, "2s3s4s5s6s7s1p")
    assert isinstance(r, LeshanRound)
    for t in ("dahai 1s by 0", "dahai 2s by 1", "dahai 3s by 2"):
        r.play(Action.parse(t))
    assert "baige 4s by 3" in [str(a) for a in r.legal_actions(3)]
    r.play(LeshanAction.parse("baige 4s by 3"))
    baige = next(e for e in r.events if e["type"] == "baige")
    assert (baige["actor"], baige["waits"]) == (3, "146p")
    for t in ("dahai 5s by 0", "dahai 6s by 1", "dahai 7s by 2"):
        r.play(Action.parse(t))
    assert [str(a) for a in r.legal_actions(3)] == ["hora 1p by 3", "dahai 1p by 3"]
    with pytest.raises(IllegalActionError) as e:
        r.play(Action.parse("ankan 1p by 3"))
    assert e.value.rule == "R13.4"


def test_baige_allowed_with_13_left(kernel: ModuleType) -> None:
    # R13.4 "while more than 12 tiles remain": 13 left after the seat's draw is enough.
    r = begin(kernel, HANDS, "2s3s4s")
    assert isinstance(r, LeshanRound)
    r.play(Action.parse("dahai 1s by 0"))
    r.play(Action.parse("dahai 2s by 1"))
    r.play(Action.parse("dahai 3s by 2"))
    r.pos = 108 - 13
    assert "baige 4s by 3" in [str(a) for a in r.legal_actions(3)]
    r.pos = 108 - 12
    assert "baige 4s by 3" not in [str(a) for a in r.legal_actions(3)]


# -- R13.1 with R8.1: an independent brute force over every split ------------------------------


def _splits(c: list[int], start: int = 0) -> list[list[tuple[str, int]]]:
    """Every way to cut ``c`` (counts) into sets: ("seq", low kind) / ("trip", kind)."""
    k = next((i for i in range(start, 27) if c[i]), -1)
    if k < 0:
        return [[]]
    out = []
    if c[k] >= 3:
        c[k] -= 3
        out += [[("trip", k), *rest] for rest in _splits(c, k)]
        c[k] += 3
    if k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in (k, k + 1, k + 2):
            c[i] -= 1
        out += [[("seq", k), *rest] for rest in _splits(c, k)]
        for i in (k, k + 1, k + 2):
            c[i] += 1
    return out


def _oracle(c: list[int], melds: list[tuple[str, int]], win: int) -> int:
    """R13.1 by hand: the largest count over every split (R8.1) of a 14 − 3m tile hand."""
    held = list(c)
    for kind, t in melds:
        held[t] += 4 if kind in ("gang", "angang") else 3
    suits = sum(1 for s in range(3) if any(held[9 * s : 9 * s + 9]))
    base = 1 + (5 if suits == 1 else 1 if suits == 2 else 0)
    base += 1 if all(kind == "angang" for kind, _ in melds) else 0  # 门清
    base += sum(1 for n in held if n == 4)  # 四归一, gang or not
    base += 1 if len(melds) == 4 else 0  # 金钩吊
    best = -1
    if not melds and all(n in (0, 2, 4) for n in c):  # seven pairs (R7.1)
        best = base + L.count_qidui
    for p in range(27):
        if c[p] < 2:
            continue
        c[p] -= 2
        for sets in _splits(c):
            seqs = [t for kind, t in sets if kind == "seq"]
            n = base
            n += 1 if win % 9 == 4 and win - 1 in seqs else 0  # 卡心五
            n += sum(seqs.count(t) // 2 for t in set(seqs))  # 一般高, disjoint pairs
            n += L.count_duidui if not seqs else 0  # 对对胡
            best = max(best, n)
        c[p] += 2
    return best


def test_count_is_the_largest_over_the_splits_brute_force() -> None:
    import random

    from xzcore.tiles import format_tiles

    rng = random.Random(2026)
    checked = 0
    while checked < 300:
        suits = rng.sample(range(3), 2)
        void = 3 - sum(suits)
        c = [0] * 27
        melds: list[tuple[str, int]] = []
        nmelds = rng.choice([0, 0, 0, 1, 2, 4])
        ok = True
        for i in range(4):
            s = rng.choice(suits)
            if rng.random() < 0.6:
                lo = 9 * s + rng.randrange(7)
                for t in (lo, lo + 1, lo + 2):
                    c[t] += 1
            else:
                t = 9 * s + rng.randrange(9)
                if i < nmelds:
                    kind = rng.choice(["peng", "gang", "angang"])
                    melds.append((kind, t))
                    c[t] += 4 if kind != "peng" else 3  # counted in held, removed below
                else:
                    c[t] += 3
        p = 9 * rng.choice(suits) + rng.randrange(9)
        c[p] += 2
        if any(n > 4 for n in c):
            continue
        for kind, t in melds:
            c[t] -= 4 if kind != "peng" else 3
        if any(c[t] for kind, t in melds if kind != "peng") or any(n < 0 for n in c):
            ok = False  # a gang's kind also concealed: not a hand one can hold
        if not ok or sum(c) != 14 - 3 * len(melds):
            continue
        win = rng.choice([k for k in range(27) if c[k]])
        c[win] -= 1
        concealed = format_tiles([k for k in range(27) for _ in range(c[k])])
        meld_text = ", ".join(f"{kind} {format_tiles([t])}" for kind, t in melds)
        c[win] += 1
        got = score_count(
            concealed, format_tiles([win]), meld_text, "mps"[void], WinContext(), L
        ).count
        assert got == _oracle(list(c), melds, win), (concealed, win, meld_text)
        checked += 1


def test_baige_gang_must_use_the_drawn_tile(kernel: ModuleType) -> None:
    # Seat 3 lays open 2222m 34m 78m 5p 666p 7p = 222m 234m 78m 567p 66p, waiting on 6m/9m.
    # It then draws 5m. A concealed gang of its (old) four 2m would leave 34578m 5666 7p =
    # 345m 78m 567p 66p — the same waits 6m/9m — but it would keep the drawn 5m and change
    # the hand it laid open. R13.4: it "must discard what it draws": the only action is to
    # discard the 5m (5m is no wait, so no win).
    hands = ["1115m999m111p999p1s", "333m444m222p333p4p", "666m888p444p1789m", "2222m3478m56667p"]
    r = begin(kernel, hands, "2s3s4s5s6s7s5m")
    assert isinstance(r, LeshanRound)
    for t in ("dahai 1s by 0", "dahai 2s by 1", "dahai 3s by 2"):
        r.play(Action.parse(t))
    r.play(LeshanAction.parse("baige 4s by 3"))
    assert next(e for e in r.events if e["type"] == "baige")["waits"] == "69m"
    for t in ("dahai 5s by 0", "dahai 6s by 1", "dahai 7s by 2"):
        r.play(Action.parse(t))
    assert [str(a) for a in r.legal_actions(3)] == ["dahai 5m by 3"]
    with pytest.raises(IllegalActionError) as e:
        r.play(Action.parse("ankan 2m by 3"))
    assert e.value.rule == "R13.4"


def test_baige_added_gang_of_the_drawn_tile_is_allowed(kernel: ModuleType) -> None:
    # Seat 3 (55m 888m 999m 67p 88p 1s) pengs the dealer's 5m and lays open with its 1s
    # (R13.4 after a 碰 is a discard of its turn): 888m 999m 67p 88p + 碰 5m waits on 5p
    # (567p, 88p) and 8p (678p, 88p). It then draws the fourth 5m: an added gang of the
    # drawn tile leaves the same ten tiles, so the same waits — offered beside the discard.
    hands = [
        "5m111m222m333m4m111p",
        "444m666m777m222p3p",
        "333p444p55p999p2m6m",
        "55m888m999m67p88p1s",
    ]
    r = begin(kernel, hands, "2s3s4s5m")
    assert isinstance(r, LeshanRound)
    r.play(Action.parse("dahai 5m by 0"))
    r.play(Action.parse("pon 5m by 3"))
    assert [str(a) for a in r.legal_actions(3)] == ["dahai 1s by 3", "baige 1s by 3"]
    r.play(LeshanAction.parse("baige 1s by 3"))
    assert next(e for e in r.events if e["type"] == "baige")["waits"] == "58p"
    for t in ("dahai 2s by 0", "dahai 3s by 1", "dahai 4s by 2"):
        r.play(Action.parse(t))
    assert [str(a) for a in r.legal_actions(3)] == ["kakan 5m by 3", "dahai 5m by 3"]


def test_seven_pairs_count_is_the_largest_split_brute_force() -> None:
    import random

    from xzcore.tiles import format_tiles

    # Seven pairs of two suits (a kind may be two of the pairs: four alike, 四归一), some of
    # which also split into sets (112233 -> 123 123, 一般高): the largest count wins (R8.1).
    rng = random.Random(7)
    for _ in range(150):
        suits = rng.sample(range(3), 2)
        void = 3 - sum(suits)
        c = [0] * 27
        while sum(c) < 14:
            t = 9 * rng.choice(suits) + rng.randrange(4 if rng.random() < 0.5 else 9)
            if c[t] <= 2:
                c[t] += 2
        win = rng.choice([k for k in range(27) if c[k]])
        c[win] -= 1
        concealed = format_tiles([k for k in range(27) for _ in range(c[k])])
        c[win] += 1
        got = score_count(concealed, format_tiles([win]), "", "mps"[void], WinContext(), L)
        assert got.count == _oracle(list(c), [], win), (concealed, win)
