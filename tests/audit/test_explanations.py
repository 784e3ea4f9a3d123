# ruff: noqa: E501 - each sentence is kept whole on one line, as the table prints it
"""Every finding said as a sentence (issue 24, item 1; xzcore.audit.explain): what the log
records, what the rules give instead and why, seats by their header names, in English and in
Chinese — for every finding of the samples in replays/ and for each kind of hand-written
dispute (the edits of test_finding_text.py) — the same from the report's dict after a JSON
round trip, in ``--format jsonl``'s ``explanation``, and on both backends."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from audit_cli_helpers import run
from edit_helpers import edited_log
from test_finding_text import EDITS, MORE, _game

from xzcore.audit.explain import consequence, explain, explanation
from xzcore.audit.report import audit_bytes, audit_file
from xzcore.log.signing import Verifier

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY = Verifier.load(REPLAYS / "demo-key.pub")

SAMPLES: list[tuple[str, str, str, str]] = [
    (
        "edited-record.xzlog",
        "L2",
        "In this game: hash chain broken: this record's bytes were changed (or a record before it was inserted or removed). Every record carries the hash of all the bytes before it, so a change anywhere shows (L2 hash chain).",
        "本局：哈希链断裂：这条记录的字节被改动了（或它之前有记录被插入或删除）。每条记录带有它之前全部字节的哈希，任何改动都会显出来（L2 哈希链）。",
    ),
    (
        "forged-signature.xzlog",
        "L3",
        "In this game: bad signature: the final hash was not signed by this key (records were changed and the chain recomputed). Each game's final hash is signed by the platform's key; a chain recomputed after an edit carries no valid signature (L3 signature).",
        "本局：签名无效：最终哈希不是这把密钥签的（记录被改动且哈希链被重算）。每局的最终哈希由平台的密钥签名；改动后重算的哈希链没有有效的签名（L3 签名）。",
    ),
    (
        "huazhu-wrong-payee.xzlog",
        "R10.1",
        "At event 126, in the end-of-round settlement (查花猪, 查大叫, 退税) the log has bot1 paying bot2 64 (flower pig check); the rules have bot1 paying bot0 64 (flower pig check) instead. A 花猪 (a seat still holding its void suit) pays each seat still in play that is not 花猪 (R10.1 flower pig check). So the log's round totals and claims record's totals are off by the same amounts (counted once, above).",
        "第 126 个事件，流局结算（查花猪、查大叫、退税）里记录的是 bot1 付给 bot2 64（查花猪）；按规则应为 bot1 付给 bot0 64（查花猪）。花猪（手里还有缺门牌的座位）付给每个还在牌局中、不是花猪的座位（R10.1 查花猪）。因此，记录的本局总分和声明记录的总分也差同样的数目（上面已计，不再重复计算）。",
    ),
    (
        "kept-suit-discard.xzlog",
        "R4.2",
        "At event 5, bot2 discarded 1m, which the rules do not allow: bot2 holds void-suit tiles and must discard one of them. A seat discards the tiles of its declared void suit before any other (R4.2 void suit discarded first).",
        "第 5 个事件，bot2 打出一万，规则不允许：bot2 手里有缺门的牌，必须先打缺门。定缺后，手里还有缺门的牌时必须先打缺门的牌（R4.2 先打缺门）。",
    ),
    (
        "leshan-baige-peng.xzlog",
        "R13.4",
        "At event 69, bot3 claimed 2m for a peng (碰), which the rules do not allow: bot3 laid its hand open (摆割): no peng. A seat that laid its hand open (摆割) may not peng, discards what it draws, and gangs only keeping its waits (R13.4 baige).",
        "第 69 个事件，bot3 碰二万，规则不允许：bot3 已摆割亮牌：不能碰。摆割亮牌的座位不能碰，只能打出摸到的牌，杠须听牌不变（R13.4 摆割）。",
    ),
    (
        "leshan-piao-left-out.xzlog",
        "R13.3",
        "At event 67, the win in the log leaves out bot2 paying bot1 1 (piao). Between a winner and each payer the count grows by both seats' 飘 bets (R13.3 piao). So the log's round totals, claims record's payments and claims record's totals are off by the same amounts (counted once, above).",
        "第 67 个事件，胡里记录漏了 bot2 付给 bot1 1（飘）。飘：赢家和付钱的座位之间，个数加上双方下的飘（R13.3 飘）。因此，记录的本局总分、声明记录的付款和声明记录的总分也差同样的数目（上面已计，不再重复计算）。",
    ),
    (
        "missed-call-transfer.xzlog",
        "R9.5",
        "At event 115, the log leaves out the call transfer (呼叫转移) the rules require here: bot0 paying bot3 3. A seat that deals in right after its gang (杠上炮) hands that gang's money on to the winner (呼叫转移) (R9.5 call transfer). So the log's round totals, claims record's payments and claims record's totals are off by the same amounts (counted once, above).",
        "第 115 个事件，记录缺少规则要求的呼叫转移：bot0 付给 bot3 3。杠后点炮（杠上炮）时，杠的座位把这次杠收到的杠钱转给胡牌的座位（呼叫转移）（R9.5 呼叫转移）。因此，记录的本局总分、声明记录的付款和声明记录的总分也差同样的数目（上面已计，不再重复计算）。",
    ),
    (
        "skipped-forced-win.xzlog",
        "R5.7",
        "At event 130, bot2 passed, which the rules do not allow: final round (forced): the seat must take this win. In the final round a seat that can win must win (R5.7 final round).",
        "第 130 个事件，bot2 选择过，规则不允许：最后一局（必须胡）：该座位必须胡这张牌。最后一巡里能胡的座位必须胡（R5.7 最后一局）。",
    ),
    (
        "void-peng.xzlog",
        "R4.3",
        "At event 20, bot0 claimed 1m for a peng (碰), which the rules do not allow: bot0 may not peng a tile of its void suit m (万). Nobody may peng or gang a tile of their void suit (R4.3 no peng or gang on the void suit).",
        "第 20 个事件，bot0 碰一万，规则不允许：bot0 不能碰缺门万的牌。缺门的牌不能碰、不能杠（R4.3 缺门不碰不杠）。",
    ),
    (
        "wrong-multiplier.xzlog",
        "R8.3",
        "At event 107, the log scores bot0's win at fan 2, multiplier 4, multiplier after the cap 4; the rules give fan 1, multiplier 2, multiplier after the cap 2. In table scoring a win is worth its pattern's multiplier, doubled for each gen (根) and each extra, up to the cap (R8.3 table scoring). So the log's round totals and claims record's totals are off by the same amounts, and its claims record's wins follow from it (counted once, above).",
        "第 107 个事件，记录给 bot0 的胡牌算作番 2、倍数 4、封顶后倍数 4；按规则应为番 1、倍数 2、封顶后倍数 2。番表计分：牌型的倍数，每个根和每个加番项再 ×2，到封顶为止（R8.3 番表）。因此，记录的本局总分和声明记录的总分也差同样的数目，声明记录的胡牌也随之有误（上面已计，不再重复计算）。",
    ),
]
"""(file, rule, English, Chinese) of every finding of replays/, in file order."""

EDITED: dict[str, tuple[int, str, str]] = {
    "draw_by_seat_1": (
        0,
        "At event 6, the log records b drew 8p, where the rules give a drew 8p; the rest of the game cannot be compared. The seat whose turn it is draws and discards; the others only answer its discard (R5.1 draw and discard).",
        "第 6 个事件，记录的是 b 摸到八筒，而按规则此处应为 a 摸到八筒；之后的对局无法再比对。轮到的座位摸牌、出牌；别家只能回应打出的牌（R5.1 摸牌与出牌）。",
    ),
    "other_tile_drawn": (
        0,
        "At event 6, the log's draw has tile 9s, tiles left 3; the rules give tile 8p, tiles left 54. Tiles are drawn in the wall's order (R2.2 the wall).",
        "第 6 个事件，记录的摸牌是 牌 九条、余牌 3；按规则应为 牌 八筒、余牌 54。牌按牌墙的顺序摸（R2.2 牌墙）。",
    ),
    "draw_after_the_end": (
        0,
        "At event 136, the round is over, yet the log goes on: a drew 8p. The round ends when three seats have won or the wall is empty (R5.6 end of the round).",
        "第 136 个事件，本局已经结束，记录却还有：a 摸到八筒。三家胡了或牌墙摸完，本局结束（R5.6 一局结束）。",
    ),
    "gang_money_invented": (
        0,
        "At event 6, the log holds a gang money (刮风下雨) the rules do not make: b paying c 2. A gang collects gang money (刮风下雨) from the seats the rules name (R6.2 gang money).",
        "第 6 个事件，记录里有规则不会产生的杠钱（刮风下雨）：b 付给 c 2。杠要收杠钱（刮风下雨），由规则规定的座位付（R6.2 刮风下雨）。",
    ),
    "cut_in_half": (
        0,
        "At event 67, the log stops before the round is over: b must still act. The round ends when three seats have won or the wall is empty (R5.6 end of the round).",
        "第 67 个事件，记录在本局结束前就停了：b 还须行动。三家胡了或牌墙摸完，本局结束（R5.6 一局结束）。",
    ),
    "not_a_map": (
        0,
        "At event 7: an event must be a map with a 'type'. The events and the claims record must be what the engine makes of the recorded actions (L5 events and claims).",
        "第 7 个事件：事件必须是带类型的映射。事件和声明记录必须是引擎按记录的动作产生的（L5 事件与声明）。",
    ),
    "totals_moved": (
        0,
        "At event 135, the log's round totals are a -5, b +5, c -6, d +6; the rules give a -6, b +6, c -6, d +6. Every payment leaves one seat and reaches another, so a seat's total is the sum of its payments (R9.6 money is conserved).",
        "第 135 个事件，记录的本局总分是 a -5、b +5、c -6、d +6；按规则应为 a -6、b +6、c -6、d +6。每笔付款从一个座位付到另一个座位，各座总分就是它的付款之和（R9.6 钱数守恒）。",
    ),
    "next_dealer_claimed": (
        0,
        "The claims record says next dealer: a; the rules give d. The events and the claims record must be what the engine makes of the recorded actions (L5 events and claims).",
        "声明记录的下一庄是 a；按规则应为 d。事件和声明记录必须是引擎按记录的动作产生的（L5 事件与声明）。",
    ),
    "no_end": (
        0,
        "In this game, the log leaves out what the rules require here: end of the round. The first winner deals next; after a multiple win on one discard the discarder does; if nobody won the dealer stays (R11.1 next dealer).",
        "本局，记录缺少规则要求的本局结束。第一个胡牌的座位做下一庄；一炮多响时点炮的座位做庄；没人胡则庄家连庄（R11.1 下一庄）。",
    ),
    "discard_by_seat_0": (
        0,
        "At event 5, a discarded 9s, which the rules do not allow: it is d's turn, not a's. The seat whose turn it is draws and discards; the others only answer its discard (R5.1 draw and discard).",
        "第 5 个事件，a 打出九条，规则不允许：轮到 d，不是 a。轮到的座位摸牌、出牌；别家只能回应打出的牌（R5.1 摸牌与出牌）。",
    ),
    "not_started": (
        0,
        "At event 0: the first event is not start_kyoku. The events and the claims record must be what the engine makes of the recorded actions (L5 events and claims).",
        "第 0 个事件：第一个事件不是开局。事件和声明记录必须是引擎按记录的动作产生的（L5 事件与声明）。",
    ),
    "bad_dingque_suit": (
        0,
        "At event 1: malformed action event: event #0 (dingque): bad suit 'x'. The events and the claims record must be what the engine makes of the recorded actions (L5 events and claims).",
        "第 1 个事件：动作事件格式错误：event #0 (dingque): bad suit 'x'。事件和声明记录必须是引擎按记录的动作产生的（L5 事件与声明）。",
    ),
    "exchange_without_exchange": (
        0,
        "At event 0: the game cannot be set up: exchange_direction given but exchange_three is off (R3). After the deal each seat passes three tiles of one suit in the direction drawn (R3.1 exchange three).",
        "第 0 个事件：无法开局：exchange_direction given but exchange_three is off (R3)。开局后每家选同一门的三张牌，按方向换给别家（R3.1 换三张）。",
    ),
    "payment_and_more_totals": (
        1,
        "At event 135, the log's round totals are a -1, b +1, c -6, d +6; the rules give a -6, b +6, c -6, d +6. Every payment leaves one seat and reaches another, so a seat's total is the sum of its payments (R9.6 money is conserved).",
        "第 135 个事件，记录的本局总分是 a -1、b +1、c -6、d +6；按规则应为 a -6、b +6、c -6、d +6。每笔付款从一个座位付到另一个座位，各座总分就是它的付款之和（R9.6 钱数守恒）。",
    ),
    "totals_and_claims_alike": (
        1,
        "The claims record says totals: a -5, b +5, c -6, d +6; the rules give a -6, b +6, c -6, d +6. The events and the claims record must be what the engine makes of the recorded actions (L5 events and claims).",
        "声明记录的总分是 a -5、b +5、c -6、d +6；按规则应为 a -6、b +6、c -6、d +6。事件和声明记录必须是引擎按记录的动作产生的（L5 事件与声明）。",
    ),
}
"""The edit's name: (its finding's place, English, Chinese)."""

_EDITS = {e[0].__name__.strip("_"): e[0] for e in [*EDITS, *MORE]}


def _plain(d: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(json.dumps(d, default=str)))


def test_every_sample_finding_is_said_in_both_languages() -> None:
    said = []
    for path in sorted(REPLAYS.glob("*.xzlog")):
        for report in audit_file(path, verifier=KEY):
            en, zh = report.to_dict("en"), report.to_dict("zh")
            for f_en, f_zh in zip(en["findings"], zh["findings"], strict=True):
                said.append((path.name, f_en["rule"], f_en["explanation"], f_zh["explanation"]))
    assert said == SAMPLES


@pytest.mark.parametrize("name", sorted(EDITED))
def test_each_kind_of_dispute_is_said_in_both_languages(name: str) -> None:
    place, en, zh = EDITED[name]
    (report,) = audit_bytes(edited_log(_game(), _EDITS[name]))
    f = _plain(report.to_dict())["findings"][place]
    seats = ["a", "b", "c", "d"]
    assert explanation(f, seats, "en") == f["explanation"] == en
    assert explanation(f, seats, "zh") == zh
    assert report.to_dict("zh")["findings"][place]["explanation"] == zh


def test_sentences_name_seats_and_quote_no_data() -> None:
    """Seats by name only (no "seat 2" / 座2 beside a name), no JSON, the rule's id in the
    sentence, and in Chinese no English word but names, tiles, rule ids and quoted
    detail."""
    every = [(s[2], s[3]) for s in SAMPLES] + [(v[1], v[2]) for v in EDITED.values()]
    for en, zh in every:
        for said in (en, zh):
            assert not re.search(r"seat \d|座\d", said), said
            assert "{" not in said and "[" not in said, said
            assert re.search(r"[RL]\d", said), said
    for _, _, _, zh in SAMPLES:
        rest = re.sub(r"bot\d|bob\d|[1-9][mps]|[RL]\d+(?:\.\d+)?", " ", zh)
        assert not re.search(r"[A-Za-z]{2,}", rest), zh


def test_a_game_without_names_says_seat_numbers() -> None:
    f = {
        "rule": "R4.2",
        "event": 5,
        "message_key": "finding.illegal",
        "claimed": "dahai 1m by 2",
        "fields": {"reason": {"key": "refusal.void_first", "fields": {"seat": 2}}},
    }
    assert explain(f, None, "en").startswith(
        "At event 5, seat 2 discarded 1m, which the rules do not allow: seat 2 holds"
    )
    assert explain(f, None, "zh").startswith("第 5 个事件，座2 打出一万，规则不允许：座2手里")
    assert consequence(f, "en") is None


def test_jsonl_carries_the_explanation_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = str(REPLAYS / "huazhu-wrong-payee.xzlog")
    _, out, _ = run(["--format", "jsonl", "--lang", "zh", log], capsys)
    [f] = json.loads(out)["findings"]
    assert f["explanation"] == next(s[3] for s in SAMPLES if s[0] == "huazhu-wrong-payee.xzlog")
    assert f["message"] == "wrong payments in the settlement event"  # the rest as before
