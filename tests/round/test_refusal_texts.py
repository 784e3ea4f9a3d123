"""A refusal says why in Chinese and in English: ``IllegalActionError.reason`` keeps its English
text, ``.refusal`` holds the rule, the catalogue key and the raw fields, ``.text("zh")`` the
Chinese (seats, tiles, suits and action words in Chinese too)."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest
from round_helpers import dingque, make_round, run

from xzcore.leshan.round import new_round
from xzcore.messages import MESSAGES
from xzcore.refusal import Refusal, refuse
from xzcore.round.actions import Action, IllegalActionError, LeshanAction
from xzcore.round.engine import Round
from xzcore.round.wall import arrange_wall
from xzcore.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
XUEZHAN = RuleSet.preset("xuezhan")
# Dealer 0 discards 5p first; seat 2 holds 55p (may peng), seat 3 waits on 5p (46p).
HANDS = ["5p111s222s333s444s5s", "123456789m11p68p", "123456789m55p68p", "123456789m77p46p"]


def _refusal(r: Round, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as exc:
        run(r, text)
    return exc.value


def _on_turn(kernel: ModuleType) -> Round:
    r = make_round(XUEZHAN, HANDS, kernel=kernel)
    dingque(r, "msss")
    return r


def _claim_open(kernel: ModuleType) -> Round:
    r = _on_turn(kernel)
    run(r, "dahai 5p by 0")
    return r


# (action, rule, English reason as the engine always wrote it, Chinese)
ON_TURN = [
    ("dahai 1m by 1", "R5.1", "it is seat 0's turn, not seat 1's", "轮到座0，不是座1"),
    (
        "none by 0",
        "R5.2",
        "none answers another seat's discard; seat 0 is on its turn",
        "过是对别家打出的牌的声明；座0正在自己的回合",
    ),
    ("ankan 1s by 0", "R6.5", "a concealed gang needs four 1s in hand", "暗杠须手里有四张一条"),
    ("kakan 1s by 0", "R6.1", "an added gang needs a 碰 of 1s", "补杠须先碰过一条"),
    ("hora 5s by 0", "R7.1", "the hand is not a winning hand", "这手牌不是胡牌牌型"),
    ("dahai 9m by 0", "R5.1", "seat 0 does not hold 9m", "座0手里没有九万"),
]
IN_CLAIM_WINDOW = [
    ("pon 5p by 0", "R5.2", "seat 0 cannot claim its own discard", "座0不能声明自己打出的牌"),
    ("pon 6p by 2", "R5.2", "the tile on offer is 5p, not 6p", "可声明的牌是五筒，不是六筒"),
    (
        "dahai 1m by 2",
        "R5.2",
        "seat 2 must answer seat 0's discard (hora, pon, daiminkan, none)",
        "座2须回应座0打出的牌（胡、碰、直杠、过）",
    ),
    (
        "dahai 1m by 1",
        "R5.2",
        "seat 1 waits while seats [2, 3] answer seat 0's discard",
        "座1等待座2、3回应座0打出的牌",
    ),
    ("daiminkan 5p by 2", "R5.2", "daiminkan needs 3 5p in hand", "直杠须手里有 3 张五筒"),
    ("hora 5p by 2", "R7.1", "5p does not complete seat 2's hand", "五筒不能让座2的手牌胡"),
    ("dingque p by 1", "R4.1", "dingque happens before play", "定缺在开打之前"),
    ("exchange 123m by 1", "R3.1", "exchange happens before play", "换三张在开打之前"),
]


@pytest.mark.parametrize(("action", "rule", "en", "zh"), ON_TURN, ids=[c[0] for c in ON_TURN])
def test_refusals_on_the_dealers_turn_in_both_languages(
    kernel: ModuleType, action: str, rule: str, en: str, zh: str
) -> None:
    exc = _refusal(_on_turn(kernel), action)
    assert (exc.rule, exc.reason, exc.text("en"), exc.text("zh")) == (rule, en, en, zh)
    assert str(exc) == f"illegal action {action!r}: {en} ({rule})"
    assert exc.refusal is not None and exc.refusal.rule == rule


@pytest.mark.parametrize(
    ("action", "rule", "en", "zh"), IN_CLAIM_WINDOW, ids=[c[0] for c in IN_CLAIM_WINDOW]
)
def test_refusals_in_a_claim_window_in_both_languages(
    kernel: ModuleType, action: str, rule: str, en: str, zh: str
) -> None:
    exc = _refusal(_claim_open(kernel), action)
    assert (exc.rule, exc.reason, exc.text("zh")) == (rule, en, zh)


def test_a_second_answer_names_the_discard_in_chinese(kernel: ModuleType) -> None:
    r = _claim_open(kernel)
    run(r, "none by 2")
    exc = _refusal(r, "pon 5p by 2")
    assert exc.reason == "seat 2 has already answered this discard"
    assert exc.text("zh") == "座2已经回应过这张打出的牌"


def test_the_void_suit_is_named_in_the_language(kernel: ModuleType) -> None:
    hands = ["5s111p222p333p444p5p", "123456789m2s55s9s", "123456m999m11s46s", "123456789p77p68p"]
    r = make_round(XUEZHAN, hands, kernel=kernel)
    dingque(r, "mssm")
    run(r, "dahai 5s by 0")
    claim = Action.parse("pon 5s by 1")
    refusal = r.diagnose_claim(claim, 0, claim.tile)
    assert refusal == Refusal("R4.3", "meld_void", {"seat": 1, "word": "pon", "suit": 2})
    assert refusal.reason == "seat 1 may not pon a tile of its void suit s"
    assert refusal.text("zh") == "座1不能碰缺门条的牌"


def test_exchange_refusals_name_tiles_in_the_language(kernel: ModuleType) -> None:
    hands = ["11123m22456p3789s", "44456m55789p123s", "77789m12388p456s", "23456789m12345p"]
    r = make_round(RuleSet.preset("xueliu"), hands, kernel=kernel, direction=3)
    exc = _refusal(r, "exchange 556m by 1")
    assert (exc.rule, exc.reason) == ("R3.2", "seat 1 does not hold 2× 5m")
    assert exc.text("zh") == "座1手里没有 2 张五万"
    exc = _refusal(r, "exchange 15m9p by 1")
    assert exc.reason == "15m9p mixes suits: the three tiles are of one suit"
    assert exc.text("zh") == "一万 五万 九筒不是同一门：换的三张须同一门"


def test_leshan_refusals_in_both_languages(kernel: ModuleType) -> None:
    rules = RuleSet.preset("leshan").replace(piao_max=2)
    hands = ["23345677m2233p7p1s", "123456789m2355p", "234567m34578p99p", "111888999m6788p"]
    r = new_round(rules, arrange_wall(0, hands, "2s3s4s5p6s8p7s8s9s4p"), 0, kernel=kernel)
    for s in range(4):
        r.play(Action.parse(f"dingque s by {s}"))
    with pytest.raises(IllegalActionError) as exc:
        r.play(LeshanAction.parse("piao 3 by 0"))
    assert (exc.value.rule, exc.value.reason) == ("R13.3", "飘 is 0-2, not 3")
    assert exc.value.text("zh") == "飘是 0-2，不是 3"
    with pytest.raises(IllegalActionError) as exc:
        r.play(Action.parse("dahai 1s by 0"))
    assert exc.value.reason == "every seat bets its 飘 first (piao)"
    assert exc.value.text("zh") == "每个座位先下飘（飘）"


def test_an_error_given_as_text_says_it_in_every_language() -> None:
    exc = IllegalActionError(Action.parse("none by 0"), "R5.2", "a reason")
    assert (exc.rule, exc.reason, exc.refusal) == ("R5.2", "a reason", None)
    assert exc.text("zh") == exc.text("en") == "a reason"
    assert str(exc) == "illegal action 'none by 0': a reason (R5.2)"


def test_a_refusal_travels_as_plain_data() -> None:
    r = refuse("R5.3", "tile_won", who=(1, 3), tile=13)
    assert r.to_dict() == {"key": "refusal.tile_won", "fields": {"who": [1, 3], "tile": 13}}
    assert r.reason == "seat 1, 3 won this 5p: nobody pengs or gangs it"
    assert r.text("zh") == "座1、3已胡这张五筒：谁也不能碰或杠"
    assert refuse("R11.2", "winner_discards_drawn", drawn=-1).text("en").endswith("drawn tile")


_REFUSE = re.compile(r"refuse\(\s*(?:\"R[\d.]+\"|[^,]+?),\s*\"(\w+)\"")


def test_every_refusal_the_code_gives_is_in_the_catalogue_and_every_entry_is_used() -> None:
    used: set[str] = set()
    for path in (ROOT / "xzcore").rglob("*.py"):
        used |= set(_REFUSE.findall(path.read_text(encoding="utf-8")))
    keys = {k.removeprefix("refusal.") for k in MESSAGES if k.startswith("refusal.")}
    assert len(used) > 60
    assert used == keys
