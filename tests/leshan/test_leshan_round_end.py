"""The Leshan round: the forced win on discards in the last 12 tiles (R13.5 = R5.7 with 12 /
discard), a 摆割 seat's gang (R13.4), 查叫 by the largest count (R13.1 with R10.2) and seeded
bot games (飘 and 摆割 by the bots' rules of thumb) — on both kernels."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from xzcore.leshan.actions import LeshanAction
from xzcore.leshan.bots import LeshanAgent
from xzcore.leshan.round import LeshanRound, new_round
from xzcore.money.settlement import SeatEnd
from xzcore.players.agents import GreedyAgent, RandomAgent, SeatView
from xzcore.round.actions import Action, actions_of
from xzcore.round.engine import Round
from xzcore.round.wall import arrange_wall, deal
from xzcore.rules import RuleSet
from xzcore.scoring.count import count_chajiao

sys.path.insert(0, str(Path(__file__).parent))
from round_helpers import rotation_draws
from test_leshan_round import HANDS

L = RuleSet.preset("leshan")


def begin(kernel: ModuleType, hands: list[str], draws: list[int] | str) -> Round:
    r = new_round(L, arrange_wall(0, hands, draws), 0, kernel=kernel)
    for s in range(4):
        r.play(Action.parse(f"dingque s by {s}"))
    for s in range(4):
        r.play(LeshanAction("piao", s, -1, 0))
    return r


def drive(r: Round, *, stop: int = 200) -> list[tuple[int, list[str]]]:
    """Discard the drawn tile, answer every claim with ``none`` where allowed, take a win
    only when it is the one option; returns every win offer as (wall left, options)."""
    offers = []
    while not r.over and len(offers) < stop:
        for s in r.to_act():
            legal = r.legal_actions(s)
            words = [a.word for a in legal]
            if "hora" in words and r.stage.name == "CLAIM":
                offers.append((108 - r.pos, [str(a) for a in legal]))
            if words == ["hora"]:
                r.play(legal[0])
            elif "none" in words:
                r.play(legal[words.index("none")])
            else:
                d = [a for a in legal if a.word == "dahai"]
                r.play(next((a for a in d if a.tile == r.drawn), d[0]))
    return offers


def test_forced_win_on_discards_in_the_last_12(kernel: ModuleType) -> None:
    # All 条 (void for everyone) are drawn first; then seat 2 draws 4p as the 46th draw
    # (10 tiles left) and discards it: seat 1 (waits 1p/4p) must win on it.
    draws = rotation_draws(0, HANDS, {45: "4p"}, {0: "s", 1: "s", 2: "s", 3: "s"})
    r = begin(kernel, HANDS, draws)
    offers = drive(r)
    before = [(left, opts) for left, opts in offers if left > 12]
    after = [(left, opts) for left, opts in offers if left <= 12]
    assert before and all(opts[-1].startswith("none") for _, opts in before)
    assert after and all(len(opts) == 1 and opts[0].startswith("hora") for _, opts in after)
    assert after[0] == (9, ["hora 4p by 1"])
    # R13.6 = R11.1: the first winner deals next.
    res = r.result()
    assert res.winners[0] == 1 and res.next_dealer == 1


def test_self_draw_is_not_forced_in_the_last_12(kernel: ModuleType) -> None:
    # Seat 1 draws its own 4p as the 45th draw (10 left): it may win or discard (scope discard).
    draws = rotation_draws(0, HANDS, {44: "4p"}, {0: "s", 1: "s", 2: "s", 3: "s"})
    r = begin(kernel, HANDS, draws)
    while not (r.stage.name == "TURN" and r.cur == 1 and r.drawn == 12):  # 4p
        _step(r)
    words = [str(a) for a in r.legal_actions(1)]
    assert r.final and "hora 4p by 1" in words and "dahai 4p by 1" in words


def _step(r: Round) -> None:
    for s in r.to_act():
        legal = r.legal_actions(s)
        words = [a.word for a in legal]
        if "none" in words:
            r.play(legal[words.index("none")])
        else:
            d = [a for a in legal if a.word == "dahai"]
            r.play(next((a for a in d if a.tile == r.drawn), d[0]))


def test_baige_seat_may_gang_when_the_waits_stay(kernel: ModuleType) -> None:
    # Seat 3 lays open with 4s (waits 5p/8p), later draws the fourth 1m: 111m is a set of its
    # own, so the concealed gang keeps the waits and is offered beside the forced discard.
    hands = [HANDS[0], "234456789m2355p", HANDS[2], HANDS[3]]  # seat 1 holds no 1m here
    r = begin(kernel, hands, "2s3s4s5s6s7s1m")
    for t in ("dahai 1s by 0", "dahai 2s by 1", "dahai 3s by 2"):
        r.play(Action.parse(t))
    r.play(LeshanAction.parse("baige 4s by 3"))
    for t in ("dahai 5s by 0", "dahai 6s by 1", "dahai 7s by 2"):
        r.play(Action.parse(t))
    assert [str(a) for a in r.legal_actions(3)] == ["ankan 1m by 3", "dahai 1m by 3"]
    r.play(Action.parse("ankan 1m by 3"))
    assert r.melds[3][0].tile == 0


HANDS_CHAJIAO = [
    "23345677m2233p7p1s",
    "234678m55m11123p",  # waits 1p (1111p: 四归一, count 4) and 4p (count 3)
    "234567m34578p99p",
    "111888999m6788p",
]


@pytest.mark.parametrize(("mode", "value"), [("max", 4), ("min", 3)])
def test_chajiao_by_count(kernel: ModuleType, mode: str, value: int) -> None:
    rules = L.replace(chajiao=mode)
    r = new_round(rules, arrange_wall(0, HANDS_CHAJIAO, ""), 0, kernel=kernel)
    assert isinstance(r, LeshanRound)
    for s in range(4):
        r.play(Action.parse(f"dingque s by {s}"))
    end = SeatEnd(*r._seat_end(1))
    assert end.active and not end.huazhu and end.ready_multiplier == value
    assert SeatEnd(*r._seat_end(0)).huazhu  # the dealer still holds its 1s (R10.1)


def _check_parts(hora: dict, events: list[dict]) -> None:
    """Recompute each payer's parts of a win from the stream before it (an oracle for the
    engine's plumbing): the count (R13.1), 金钩炮 — the discarder held four melds — and
    海底炮 (R13.2), both seats' 飘 (R13.3), the 摆割 bonuses (R13.4)."""
    upto = events.index(hora)
    piao, melds, baige = [0] * 4, [0] * 4, [False] * 4
    for e in events[:upto]:
        t = e["type"]
        if t == "piao":
            piao[e["actor"]] = e["piao"]
        elif t in ("pon", "daiminkan", "ankan"):
            melds[e["actor"]] += 1
        elif t == "baige":
            baige[e["actor"]] = True
    w = hora["actor"]
    # A discard, a robbed gang, or 点杠花 paid by the seat whose discard was ganged (R9.3).
    alone = {t["reason"] for t in hora["transfers"]} == {"dianganghua"}
    dealt_in = not hora["self_draw"] or alone
    want: dict[int, dict[str, int]] = {}
    for t in hora["transfers"]:
        p = t["payer"]
        if p not in want:
            parts = {"count": hora["score"]["count"]}
            if dealt_in and not hora["robbed"]:
                pen = (melds[p] == 4) + bool(hora["last_tile"])
                if pen:
                    parts["R13.2"] = pen
            if piao[w] + piao[p]:
                parts["R13.3"] = piao[w] + piao[p]
            bonus = 2 * baige[w] + 2 * (dealt_in and baige[p])
            if bonus:
                parts["R13.4"] = bonus
            want[p] = parts
    got: dict[int, dict[str, int]] = {}
    for t in hora["transfers"]:
        key = t["rule"] if t["rule"].startswith("R13") else "count"
        got.setdefault(t["payer"], {})[key] = t["units"]
    assert got == want


@pytest.mark.parametrize("seed0", [0, 1000])
def test_bot_games(kernel: ModuleType, seed0: int) -> None:
    """Seeded games: tiles conserved and the ledger balanced (checked as they run), every
    payment's parts as the stream says (R13.1-R13.4), 查叫 values are counts, and the actions
    replay to the same events."""
    seen = {"piao": 0, "baige": 0, "hora": 0}
    n = 5 if kernel.__name__.endswith("_reference") else 15  # the twin is slow; same code path
    for seed in range(seed0, seed0 + n):
        d = deal(seed)
        r = new_round(L, d.wall, d.dealer, kernel=kernel)
        agents = [
            LeshanAgent(GreedyAgent(seed) if s % 2 == 0 else RandomAgent(seed * 4 + s))
            for s in range(4)
        ]
        views = [SeatView(r, s) for s in range(4)]
        while not r.over:
            for s in r.to_act():
                r.play(agents[s].act(views[s]))
        for e in r.events:
            if e["type"] in seen:
                seen[e["type"]] += 1
            if e["type"] == "hora":
                _check_parts(e, r.events)
            if e["type"] == "piao":
                assert 0 <= e["piao"] <= 5
        for s in range(4):
            end = SeatEnd(*r._seat_end(s))
            if end.active and not end.huazhu and end.ready_multiplier is not None:
                want = count_chajiao(r.hands[s].counts(), r.melds[s], r.voids[s], L)
                assert end.ready_multiplier == want
        again = new_round(L, d.wall, d.dealer, kernel=kernel)
        for a in actions_of(r.events):
            again.play(a)
        assert again.events == r.events
        assert sum(r.result().totals) == 0
    assert seen["piao"] == 4 * n and seen["hora"] > 0 and seen["baige"] > 0


# The 35 free 条 first, then each seat's own waiting tiles (drawn and declined: a self-draw
# is not forced, R13.5), and the last tile, 4p, to seat 3.
HAIDI_DRAWS = (
    "1s1s1s2s2s2s2s3s3s3s3s4s4s4s4s5s5s5s5s6s6s6s6s7s7s7s7s8s8s8s8s9s1p9s9s9s1p6p2m4m1p6p"
    "5m6m1p6p5p2p4p9p8p7p4p9p4p"
)


def test_haidipao_and_chajiao(kernel: ModuleType) -> None:
    r = begin(kernel, HANDS, HAIDI_DRAWS)
    offers = drive(r)
    # The only win on a discard: seat 3's discard of the last tile drawn — forced (R13.5).
    assert offers == [(0, ["hora 4p by 1"])]
    hora = next(e for e in r.events if e["type"] == "hora")
    assert hora["last_tile"] and hora["score"]["count"] == 3
    # R13.2 海底炮: the discarder pays one more: 3 + 1.
    parts = [(t["payer"], t["payee"], t["units"], t["rule"]) for t in hora["transfers"]]
    assert parts == [(3, 1, 3, "R9.1"), (3, 1, 1, "R13.2")]
    assert hora["transfers"][1]["detail"] == "海底炮 1"
    # 查叫 (R10.2 by count): seat 0 is not ready and pays seats 2 and 3 their largest
    # count, 3 each (234m 567m 345p 78p 99p on 6p/9p; 111m 888m 999m 67p 88p on 5p/8p).
    st = next(e for e in r.events if e["type"] == "settlement")
    assert [s["ready_multiplier"] for s in st["seats"]] == [None, None, 3, 3]
    assert [(t["payer"], t["payee"], t["units"], t["reason"]) for t in st["transfers"]] == [
        (0, 2, 3, "chajiao"), (0, 3, 3, "chajiao")
    ]  # fmt: skip
    assert r.result().totals == (-6, 4, 3, -1)


def test_match_dealer_by_r11_1() -> None:
    """R13.6: the first winner deals next; the discarder when that first win was a multiple
    win on one discard; the same dealer when nobody won (seed 002: "割牌者为下盘的庄家 … 黄庄
    情况下，上一轮的庄家担任下一轮的庄家")."""
    from xzcore.players.match import play_match

    m = play_match(L, 5, 6, [GreedyAgent(s) for s in range(4)])
    for i, res in enumerate(m.rounds):
        if not res.wins:
            want = res.dealer
        elif res.wins[0].multiple:
            want = res.wins[0].discarder
        else:
            want = res.wins[0].seat
        assert res.next_dealer == want
        if i + 1 < len(m.rounds):
            assert m.dealers[i + 1] == want
