"""``finding_text`` and ``error_text`` (xzcore.audit.report): a finding's message and notes,
and an unreadable log's error, in Chinese or English from the report's plain dict alone —
also after a JSON round trip, as another process or an HTML report reads them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from edit_helpers import Edit, edited_log

from xzcore.audit.compare import finding
from xzcore.audit.report import audit_bytes, audit_file, error_text, finding_text
from xzcore.log.signing import Verifier
from xzcore.log.types import Location
from xzcore.messages import phrase
from xzcore.players.recording import bot_chooser, play_round
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def _plain(d: dict[str, Any]) -> dict[str, Any]:
    """The dict as a reader of ``--format json`` gets it."""
    return dict(json.loads(json.dumps(d, default=str)))


def _bundled(name: str, verifier: Any = None) -> dict[str, Any]:
    """The report of the log's first game with problems."""
    reports = [_plain(r.to_dict()) for r in audit_file(REPLAYS / name, verifier=verifier)]
    return next(r for r in reports if r["status"] != "verified")


def _only_finding(report: dict[str, Any]) -> dict[str, Any]:
    assert len(report["findings"]) == 1, report["findings"]
    return dict(report["findings"][0])


def _english_from_fields(f: dict[str, Any]) -> str:
    """The finding's phrase rendered in English from its key and fields: the ``message``."""
    fields = dict(f["fields"])
    for quoted in ("claimed", "correct"):
        fields.setdefault(quoted, f[quoted])
    return phrase(f["message_key"], "en", fields)


# -- bundled replays: an illegal action, a wrong payment, a missed event, a wrong score ------


def test_an_illegal_discard_quotes_the_engines_refusal_in_chinese() -> None:
    f = _only_finding(_bundled("kept-suit-discard.xzlog"))
    assert f["message_key"] == "finding.illegal"
    assert f["fields"] == {"reason": {"key": "refusal.void_first", "fields": {"seat": 2}}}
    assert finding_text(f, "zh") == ("不合规的动作：座2手里有缺门的牌，必须先打缺门", [])
    en = "illegal action: seat 2 holds void-suit tiles and must discard one of them"
    assert finding_text(f, "en") == (f["message"], []) == (en, [])
    assert _english_from_fields(f) == en


def test_a_claim_refused_after_its_window_names_the_void_suit_in_chinese() -> None:
    f = _only_finding(_bundled("void-peng.xzlog"))
    assert f["rule"] == "R4.3"
    assert f["message"] == "illegal action: seat 0 may not pon a tile of its void suit m"
    assert finding_text(f, "zh")[0] == "不合规的动作：座0不能碰缺门万的牌"
    assert _english_from_fields(f) == f["message"]


def test_a_wrong_payment_and_its_notes_in_chinese() -> None:
    f = _only_finding(_bundled("huazhu-wrong-payee.xzlog"))
    message, notes = finding_text(f, "zh")
    assert message == "查花猪/查大叫/退税事件的付款有误"
    assert notes == [
        "结束的总分 [-1, -128, 65, 64]（重放为 [63, -128, 1, 64]）来自上面报告的差异：不再重复计算",
        "声明记录的总分 [-1, -128, 65, 64] 与上面报告的事件一致，与重放不符：由它们而来，"
        "不再重复计算",
    ]
    assert finding_text(f, "en") == (f["message"], f["notes"])
    assert f["message"] == "wrong payments in the settlement event"
    assert [phrase(n["key"], "en", n["fields"]) for n in f["note_keys"]] == f["notes"]


def test_a_missing_money_event_and_a_claims_part_in_chinese() -> None:
    f = _only_finding(_bundled("missed-call-transfer.xzlog"))
    message, notes = finding_text(f, "zh")
    assert message == "记录缺少规则要求的呼叫转移事件"
    assert notes[1] == "声明记录的付款与上面报告的事件一致，与重放不符：由它们而来，不再重复计算"
    assert f["message"] == "the log misses a call_transfer event the rules require"


def test_a_wrong_score_names_the_score_fields_in_chinese() -> None:
    f = _only_finding(_bundled("wrong-multiplier.xzlog"))
    assert f["message"] == "wrong score of seat 0's win: fan, multiplier, capped"
    assert finding_text(f, "zh")[0] == "座0胡牌的计分有误：番、倍数、封顶后倍数"
    assert _english_from_fields(f) == f["message"]


def test_integrity_findings_without_a_phrase_key_are_matched_by_their_english() -> None:
    f = _only_finding(_bundled("edited-record.xzlog"))
    assert f["rule"] == "L2" and f["message_key"] is None and f["fields"] == {}
    assert (
        finding_text(f, "zh")[0]
        == "哈希链断裂：这条记录的字节被改动了（或它之前有记录被插入或删除）"
    )
    key = Verifier.from_pem((REPLAYS / "demo-key.pub").read_bytes())
    f = _only_finding(_bundled("forged-signature.xzlog", key))
    assert f["rule"] == "L3"
    assert finding_text(f, "zh")[0].startswith("签名无效：最终哈希不是这把密钥签的")


def test_error_text_translates_a_known_reader_message_with_its_values() -> None:
    reports = [_plain(r.to_dict()) for r in audit_file(REPLAYS / "truncated.xzlog")]
    (error,) = [e for r in reports for e in r["errors"]]
    assert error["message"] == "truncated record: the log ends 65 bytes into it"
    assert error_text(error, "zh") == "记录被截断：文件在这条记录的第 65 字节处结束"
    assert error_text(error, "en") == error["message"]


def test_error_text_keeps_an_unknown_message_in_english() -> None:
    error = {"rule": "L1", "message": "something no catalogue entry says"}
    assert error_text(error, "zh") == "something no catalogue entry says"
    assert error_text({"message": "cannot open: No such file or directory"}, "zh") == (
        "无法打开：No such file or directory"
    )
    with pytest.raises(ValueError, match="unknown language"):
        error_text(error, "fr")
    with pytest.raises(ValueError, match="unknown language"):
        finding_text({"message": "x", "notes": []}, "fr")


# -- edited logs: the other kinds of finding ---------------------------------------------------


def _game() -> Round:
    """deal(4), random bots: event 6 is seat 0's first draw (8p, 54 left); 136 events."""
    return play_round(
        RuleSet.preset("xuezhan"), deal(4), [bot_chooser("random", 16 + s) for s in range(4)]
    )


def _edited_all(edit: Edit) -> list[dict[str, Any]]:
    (report,) = audit_bytes(edited_log(_game(), edit))
    return list(_plain(report.to_dict())["findings"])


def _edited(edit: Edit) -> dict[str, Any]:
    (f,) = _edited_all(edit)
    return dict(f)


def _draw_by_seat_1(events: list[Any], claims: dict[str, Any]) -> None:
    assert events[6] == {"type": "tsumo", "actor": 0, "pai": "8p", "rinshan": False, "left": 54}
    events[6]["actor"] = 1


def _other_tile_drawn(events: list[Any], claims: dict[str, Any]) -> None:
    events[6]["pai"] = "9s"
    events[6]["left"] = 3


def _draw_after_the_end(events: list[Any], claims: dict[str, Any]) -> None:
    events.append(dict(events[6]))


def _gang_money_invented(events: list[Any], claims: dict[str, Any]) -> None:
    t = {"payer": 1, "payee": 2, "units": 2, "reason": "gang_direct", "rule": "R6.2"}
    events.insert(6, {"type": "gang_payment", "transfers": [t]})


def _cut_in_half(events: list[Any], claims: dict[str, Any]) -> None:
    del events[len(events) // 2 :]


def _not_a_map(events: list[Any], claims: dict[str, Any]) -> None:
    events[7] = 5


def _totals_moved(events: list[Any], claims: dict[str, Any]) -> None:
    events[-1]["totals"][0] += 1
    events[-1]["totals"][1] -= 1


def _next_dealer_claimed(events: list[Any], claims: dict[str, Any]) -> None:
    claims["next_dealer"] = (claims["next_dealer"] + 1) % 4


def _no_end(events: list[Any], claims: dict[str, Any]) -> None:
    del events[-1]


def _discard_by_seat_0(events: list[Any], claims: dict[str, Any]) -> None:
    events[5]["actor"] = 0  # the dealer, seat 3, discards first


EDITS: list[tuple[Edit, str, str, str]] = [
    (
        _draw_by_seat_1,
        "finding.diverges",
        "the log diverges from the replay: it records {'type': 'tsumo', 'actor': 1, 'pai': '8p', "
        "'rinshan': False, 'left': 54}, the rules give {'type': 'tsumo', 'actor': 0, 'pai': "
        "'8p', 'rinshan': False, 'left': 54}",
        "记录与重放不符：记录是 座1 摸 八筒，规则给出 座0 摸 八筒",
    ),
    (
        _other_tile_drawn,
        "finding.event_differs",
        "the tsumo event differs from the replay in pai, left",
        "摸事件与重放在牌、余牌上不同",
    ),
    (
        _draw_after_the_end,
        "finding.goes_on",
        "the log goes on after the round is over",
        "本局结束后记录还在继续",
    ),
    (
        _gang_money_invented,
        "finding.extra_event",
        "the log holds a gang_payment event the rules do not make",
        "记录里有规则不会产生的杠钱事件",
    ),
    (
        _cut_in_half,
        "finding.ends_early",
        "the log ends before the round is over (seats [1] must still act)",
        "本局未完记录就结束了（座1还须行动）",
    ),
    (
        _not_a_map,
        "finding.not_an_event",
        "an event must be a map with a 'type'",
        "事件必须是带类型的映射",
    ),
    (_totals_moved, "finding.wrong_totals", "wrong round totals", "本局总分有误"),
    (
        _next_dealer_claimed,
        "finding.claims_disagree",
        "the claims record's next_dealer disagree with the replay",
        "声明记录的下一庄与重放不符",
    ),
    (
        _no_end,
        "finding.lacks",
        "the log lacks the end_kyoku event the replay makes here",
        "记录缺少重放在此产生的结束事件",
    ),
    (
        _discard_by_seat_0,
        "finding.illegal",
        "illegal action: it is seat 3's turn, not seat 0's",
        "不合规的动作：轮到座3，不是座0",
    ),
]


@pytest.mark.parametrize(
    ("edit", "key", "en", "zh"), EDITS, ids=[e[0].__name__.strip("_") for e in EDITS]
)
def test_each_kind_of_finding_in_both_languages(edit: Edit, key: str, en: str, zh: str) -> None:
    f = _edited(edit)
    assert (f["message_key"], f["message"]) == (key, en)
    assert finding_text(f, "en") == (en, [])
    assert finding_text(f, "zh") == (zh, [])
    assert _english_from_fields(f) == en


def _not_started(events: list[Any], claims: dict[str, Any]) -> None:
    events[0]["type"] = "begin"


def _bad_dingque_suit(events: list[Any], claims: dict[str, Any]) -> None:
    events[1]["suit"] = "x"


def _exchange_without_exchange(events: list[Any], claims: dict[str, Any]) -> None:
    events[0]["exchange_direction"] = 7


def _payment_and_more_totals(events: list[Any], claims: dict[str, Any]) -> None:
    next(ev for ev in events if ev["type"] == "hora")["transfers"][0]["units"] += 1
    events[-1]["totals"][0] += 5
    events[-1]["totals"][1] -= 5


def _totals_and_claims_alike(events: list[Any], claims: dict[str, Any]) -> None:
    events[-1]["totals"][0] += 1
    events[-1]["totals"][1] -= 1
    claims["totals"] = list(events[-1]["totals"])


MORE: list[tuple[Edit, int, str, str, str]] = [
    (
        _not_started,
        0,
        "finding.no_start",
        "the first event is not start_kyoku",
        "第一个事件不是开局",
    ),
    (  # the parser's own words (the detail) stay English
        _bad_dingque_suit,
        0,
        "finding.malformed",
        "malformed action event: event #0 (dingque): bad suit 'x'",
        "动作事件格式错误：event #0 (dingque): bad suit 'x'",
    ),
    (
        _exchange_without_exchange,
        0,
        "finding.no_setup",
        "the game cannot be set up: exchange_direction given but exchange_three is off (R3)",
        "无法开局：exchange_direction given but exchange_three is off (R3)",
    ),
    (
        _payment_and_more_totals,
        1,
        "finding.wrong_totals_beyond",
        "wrong round totals (money: beyond the differences reported above)",
        "本局总分有误（金额：超出上面报告的差额的部分）",
    ),
    (
        _totals_and_claims_alike,
        1,
        "finding.claims_disagree_repeat",
        "the claims record's totals disagree with the replay (the money difference reported "
        "above: not counted again)",
        "声明记录的总分与重放不符（即上面报告的金额差：不再重复计算）",
    ),
]


@pytest.mark.parametrize(
    ("edit", "at", "key", "en", "zh"), MORE, ids=[e[0].__name__.strip("_") for e in MORE]
)
def test_more_kinds_of_finding_in_both_languages(
    edit: Edit, at: int, key: str, en: str, zh: str
) -> None:
    f = _edited_all(edit)[at]
    assert (f["message_key"], f["message"]) == (key, en)
    assert finding_text(f, "zh") == (zh, [])
    assert _english_from_fields(f) == en


def test_the_findings_of_a_failing_replay_in_both_languages() -> None:
    """The replay or the engine failing is a bug, never a log's fault: no log makes one, so
    the findings are built as the audit builds them."""
    where = Location("x.xzlog", 0, 3, 99)
    cases = [
        (
            finding("L5", "finding.replay_failed", where, {"kind": "KeyError", "detail": "'x'"}),
            "the replay failed (KeyError: 'x'); this is a bug, please report it",
            "重放失败（KeyError：'x'）；这是程序错误，请报告",
        ),
        (
            finding("L5", "finding.engine_failed", where, {"kind": "IndexError", "detail": "3"}),
            "the round engine failed on this action (IndexError: 3); this is a bug of the "
            "engine, please report it",
            "对局引擎在这个动作上出错（IndexError：3）；这是引擎的错误，请报告",
        ),
        (
            finding("L5", "finding.cannot_apply", where, {"detail": "no tile"}),
            "action cannot be applied: no tile",
            "动作无法执行：no tile",
        ),
        (
            finding("L4", "finding.bad_rules", where, {"detail": "unknown option 'x'"}),
            "the header's rule set is not valid: unknown option 'x'",
            "头记录的规则集无效：unknown option 'x'",
        ),
    ]
    for f, en, zh in cases:
        d = _plain(f.to_dict())
        assert (f.message, finding_text(d, "en")[0], finding_text(d, "zh")[0]) == (en, en, zh)


def test_a_finding_dict_without_the_new_keys_keeps_its_english() -> None:
    """A report written before findings carried their phrase key (or a hand-made dict)."""
    f = {"rule": "R9.6", "message": "wrong round totals", "notes": ["a note"]}
    assert finding_text(f, "zh") == ("wrong round totals", ["a note"])
    f = {"rule": "L1", "message": "the log holds no game", "notes": []}
    assert finding_text(f, "zh") == ("记录里没有对局", [])


def test_a_replay_that_fails_is_one_finding_in_both_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import xzcore.audit.report as report

    def broken(*args: Any, **kw: Any) -> Any:
        raise KeyError("x")

    monkeypatch.setattr(report, "compare_events", broken)
    reports = [_plain(r.to_dict()) for r in audit_file(REPLAYS / "preset-xuezhan.xzlog")]
    f = reports[0]["findings"][0]
    assert (f["rule"], f["message_key"]) == ("L5", "finding.replay_failed")
    assert f["message"] == "the replay failed (KeyError: 'x'); this is a bug, please report it"
    assert finding_text(f, "zh")[0] == "重放失败（KeyError：'x'）；这是程序错误，请报告"
