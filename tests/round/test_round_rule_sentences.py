"""Scenarios for the rule sentences that docs/rules.md found no other test showing at the
level of the round engine: the play order and draws from the front of the wall (R2.1,
R2.2), declining a self-draw win and keeping four of a kind for a later gang (R5.1), what
falls away without 定缺 (R4.1, R4.2, R4.4), the 花猪 of R10.1 without 定缺, and 血流成河 going on
past three winners with a winner that may not peng (R11.2). Every expected figure is worked
out in the comments from RULES.md."""

from __future__ import annotations

from types import ModuleType

import pytest
from round_helpers import last, make_round, rotation_draws, run, strs

from xzcore.round.actions import Action, IllegalActionError
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.tiles import format_counts, parse_tile

XUEZHAN = RuleSet.preset("xuezhan")
NO_VOID = XUEZHAN.replace(declare_void=False)


def _pass_and_throw(r: Round) -> list[tuple[int, int, bool, int]]:
    """Pass every claim and discard every drawn tile (never win, never gang); return each
    draw as ``(seat, kind, rinshan, left)``."""
    draws = []
    seen = 0
    while not r.over:
        for ev in r.events[seen:]:
            if ev["type"] == "tsumo":
                draws.append((ev["actor"], parse_tile(ev["pai"]), ev["rinshan"], ev["left"]))
        seen = len(r.events)
        for s in r.to_act():
            legal = r.legal_actions(s)
            none = [a for a in legal if a.word == "none"]
            r.play(none[0] if none else Action.make("dahai", s, r.drawn))
    return draws


# -- R2.1 / R2.2 -------------------------------------------------------------------------------
# Without 定缺 (R4.1 off, so R4.2 never forces a discard) and with no final round, a round in
# which every seat passes every claim and throws every drawn tile is 55 plain draws. R2.1: play
# passes 0→1→2→3→0, so draw i is made by seat (dealer + 1 + i) % 4 (the dealer's first turn
# has no draw, R5.1). R2.2: every draw takes the next tile from the front, so draw i is
# wall[53 + i] (53 tiles dealt, R2.3) and leaves 54 − i tiles.


@pytest.mark.parametrize("seed", [3, 8])
def test_play_order_and_draws_from_the_front_of_the_wall(kernel: ModuleType, seed: int) -> None:
    d = deal(seed)
    rules = NO_VOID.replace(last_round_win="off")
    r = Round(rules, d.wall, d.dealer, kernel=kernel)
    # The dealer discards its 14th dealt tile (R2.3: wall[52]) on its first turn.
    r.play(Action.make("dahai", d.dealer, d.wall[52]))
    draws = _pass_and_throw(r)
    assert draws == [((d.dealer + 1 + i) % 4, d.wall[53 + i], False, 54 - i) for i in range(55)]
    assert r.result().reason == "wall_empty"


# -- R5.1: a self-draw win may be declined; four of a kind may wait for a later turn ------------
# Seat 1 (void s) holds 1111p 23p 456m 789m 2m: ready on 2m (111p 123p 456m 789m 22m). The
# dealer throws 5p, which nobody can claim; seat 1 draws 2m and may win (地胡, R7.5: no claim
# or gang yet), gang its 1p or discard. It declines and throws the 2m (no seat can claim it:
# seats 2 and 3 hold one 2m each). Seats 2 and 3 draw 9s and must throw it (R4.2), the dealer
# draws 9s and throws it (nobody else may take an s tile: seats 1–3 declared s void). Seat 1
# draws 5p and now gangs its four 1p (R6.1 concealed): each other in-play seat pays 2 (R6.2),
# and seat 1 draws its replacement, 8s, from the front of the wall (R2.2, R5.4).
DECLINE_HANDS = [
    "5p111s222s333s444s5s",  # dealer, void m
    "1111p23p456m789m2m",  # void s
    "123456789m33p68p",  # void s
    "123456789m77p68p",  # void s
]


def test_a_self_draw_win_is_declined_and_four_of_a_kind_ganged_later(kernel: ModuleType) -> None:
    r = make_round(XUEZHAN, DECLINE_HANDS, "2m9s9s9s5p8s", kernel=kernel)
    for seat, suit in enumerate("msss"):
        r.play(Action.parse(f"dingque {suit} by {seat}"))
    run(r, "dahai 5p by 0")
    assert r.cur == 1 and r.drawn == parse_tile("2m")
    legal = strs(r.legal_actions(1))
    assert {"hora 2m by 1", "ankan 1p by 1", "dahai 2m by 1", "dahai 1p by 1"} <= set(legal)
    run(r, "dahai 2m by 1", "dahai 9s by 2", "dahai 9s by 3", "dahai 9s by 0")
    assert not any(e["type"] == "hora" for e in r.events) and not r.locked[1]
    assert r.cur == 1 and r.drawn == parse_tile("5p")
    assert "ankan 1p by 1" in strs(r.legal_actions(1))
    run(r, "ankan 1p by 1")
    pay = last(r, "gang_payment")
    assert pay["kind"] == "angang" and pay["actor"] == 1
    assert sorted((t["payer"], t["units"]) for t in pay["transfers"]) == [(0, 2), (2, 2), (3, 2)]
    assert r.events[-1] == {"type": "tsumo", "actor": 1, "pai": "8s", "rinshan": True, "left": 49}
    assert r.ledger.totals() == [-2, 6, -2, -2]
    assert [str(m) for m in r.melds[1]] == ["angang 1p"]


# -- R4.1 off: no declaration, no forced discard, and R4.4 as "at most two suits" ---------------
# With declare_void off the round goes straight to the dealer's turn (no dingque phase), and
# the dealer may discard any tile it holds although it holds all three suits (R4.2 falls
# away). Seat 1 holds 123456789m 99s 46p: 5p would make four sets and a pair, but the hand
# would hold three suits, so R4.4 refuses the win and seat 1 is not asked; seat 2, with 11p in
# place of 99s, wins on the same tile (two suits).


def test_without_declare_void(kernel: ModuleType) -> None:
    hands = ["1m5p111s222s333s44s5s", "123456789m99s46p", "123456789m11p46p", "123456789m77p68p"]
    r = make_round(NO_VOID, hands, kernel=kernel)
    assert r.stage.name == "TURN" and r.to_act() == [0]
    assert not any(e["type"] == "dingque" for e in r.events)
    thrown = {a.tile for a in r.legal_actions(0) if a.word == "dahai"}
    assert thrown == {parse_tile(t) for t in ("1m", "5p", "1s", "2s", "3s", "4s", "5s")}
    run(r, "dahai 5p by 0")
    assert r.to_act() == [2]
    # Refused by R4.4 (123456789m 99s + 46p5p would be sets and a pair, but in three suits),
    # not by R7.1, although the kernel's is_win already refuses the three-suit hand.
    with pytest.raises(IllegalActionError) as exc:
        run(r, "hora 5p by 1")
    assert exc.value.rule == "R4.4"
    run(r, "hora 5p by 2")
    assert last(r, "hora")["actor"] == 2
    assert [w.seat for w in r.wins] == [2]


# The third suit in a meld (R4.1: "melds included"). Seat 1 pengs the dealer's 9s, throws 1s
# and holds 123456789m 4p: 4p would make four sets and a pair (with the 碰), but hand and
# melds would hold three suits. Seat 2 draws 4p and throws it; seat 3 (44p) may peng it, which
# keeps the claim open; seat 1 is not asked and its win is refused by R4.4. With 定缺 on and
# s declared void the same seat could not have ponged 9s at all (R4.3).


def test_without_declare_void_melds_count_toward_the_three_suits(kernel: ModuleType) -> None:
    hands = ["9s1m222s333s444s55s6s", "123456789m4p99s1s", "123456789m33p68p", "123456789m44p68p"]
    r = make_round(NO_VOID, hands, "4p", kernel=kernel)
    run(r, "dahai 9s by 0")
    assert strs(r.legal_actions(1)) == ["pon 9s by 1", "none by 1"]
    run(r, "pon 9s by 1", "dahai 1s by 1", "dahai 4p by 2")
    assert r.to_act() == [3] and r.legal_actions(1) == []
    with pytest.raises(IllegalActionError) as exc:
        run(r, "hora 4p by 1")
    assert exc.value.rule == "R4.4"
    # Control: the concealed tiles and 4p do make sets and a pair (R7.1); the third suit,
    # in the 碰, is what refuses the win.
    assert r.hands[1].is_win_with(parse_tile("4p"))


# -- R10.1 without 定缺: a 花猪 holds all three suits in hand and melds --------------------------
# The dealer holds 111m 222m 333m 4m 5p 1s 2s 3s, throws 1s first and then every tile it draws
# (its draws are 条), so it ends with 1112223334m 5p 23s: three suits, a 花猪. Seat 1 holds
# 123456789p 55m 78m, ready on 6m/9m (held by others, still waits: R7.3 counts only the seat's
# own tiles), ×1. Seats 2 and 3 hold 万 and 筒 only: two suits each, no 花猪, not ready.
# xuezhan: huazhu_fan = cap_fan = 6, payees `active`: the dealer pays 64 to each of seats
# 1–3 (R10.1); seats 2 and 3 pay seat 1 its ×1 (R10.2); no gang money (R10.3).
HUAZHU_HANDS = [
    "1s2s3s5p111m222m333m4m",
    "123456789p55m78m",
    "66m999m78m1p2p3p5p7p9p",
    "66m9m55m7m1p44p66p88p",
]


def test_huazhu_without_declare_void_holds_three_suits(kernel: ModuleType) -> None:
    rules = NO_VOID.replace(last_round_win="off")
    draws = rotation_draws(0, HUAZHU_HANDS, {}, seat_suit={0: "s"})
    r = make_round(rules, HUAZHU_HANDS, draws, kernel=kernel)
    run(r, "dahai 1s by 0")
    _pass_and_throw(r)
    assert format_counts(r.hands[0].counts()) == "1112223334m5p23s"
    settle = last(r, "settlement")
    assert [(e["huazhu"], e["ready_multiplier"]) for e in settle["seats"]] == [
        (True, None),
        (False, 1),
        (False, None),
        (False, None),
    ]
    got = [(t["payer"], t["payee"], t["units"], t["rule"]) for t in settle["transfers"]]
    assert got == [
        (0, 1, 64, "R10.1"),
        (0, 2, 64, "R10.1"),
        (0, 3, 64, "R10.1"),
        (2, 1, 1, "R10.2"),
        (3, 1, 1, "R10.2"),
    ]
    assert r.result().totals == (-192, 66, 63, 63)


# -- R11.2: in 血流成河 three winners do not end the round; a winner may not peng ---------------
# Dealer 0 (void m) throws 5p; seats 1, 2, 3 (void s) each wait on it (kanchan 46p) and win:
# 平胡 ×1 each, paid by the discarder (R9.1). In 血战 that would end the round (R5.6, R10.4);
# in 血流 the winners stay in play and the round goes on until the wall is empty: play resumes
# with the in-play seat after the last winner (R5.5), seat 0, which draws.
XUELIU = RuleSet.preset("xueliu", exchange_three=False)
WAIT_5P = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m33p46p", "123456789m77p46p"]


def test_xueliu_three_winners_do_not_end_the_round(kernel: ModuleType) -> None:
    r = make_round(XUELIU, WAIT_5P, "9s", kernel=kernel)
    for seat, suit in enumerate("msss"):
        r.play(Action.parse(f"dingque {suit} by {seat}"))
    run(r, "dahai 5p by 0", "hora 5p by 1", "hora 5p by 2", "hora 5p by 3")
    assert not r.over and r.won == [False, True, True, True] and r.in_play == [True] * 4
    assert r.events[-1] == {"type": "tsumo", "actor": 0, "pai": "9s", "rinshan": False, "left": 54}
    assert r.ledger.totals() == [-3, 1, 1, 1]


# Seat 1 (void s) wins on the dealer's 5p and stays in play with 123456789m 11p 46p. Seat 2
# (void s, 23p: waits 1p/4p) and seat 3 draw 9s and must throw it (R4.2); the dealer draws 1p
# and throws it. Seat 1 holds 11p but, as a 血流 winner, may not peng (R11.2) and is not asked;
# seat 2 may win on it, which keeps the claim open. In 血战 the same seat would be out of
# play altogether (R5.2).
LOCKED_HANDS = ["5p111s222s333s444s5s", "123456789m11p46p", "123456789m23p99p", "123456789m77p68p"]


def test_xueliu_winner_may_not_peng(kernel: ModuleType) -> None:
    r = make_round(XUELIU, LOCKED_HANDS, "9s9s1p", kernel=kernel)
    for seat, suit in enumerate("msss"):
        r.play(Action.parse(f"dingque {suit} by {seat}"))
    run(r, "dahai 5p by 0", "hora 5p by 1", "dahai 9s by 2", "dahai 9s by 3", "dahai 1p by 0")
    assert r.to_act() == [2]
    assert strs(r.legal_actions(2)) == ["hora 1p by 2", "none by 2"]
    assert r.legal_actions(1) == [] and r.hands[1].count(parse_tile("1p")) == 2
    with pytest.raises(IllegalActionError) as exc:
        run(r, "pon 1p by 1")
    assert exc.value.rule == "R11.2"
