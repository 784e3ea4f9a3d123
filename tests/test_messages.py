"""The message catalogue (xzcore.messages): both languages for every phrase and rule id, and
``--lang zh`` output of ``xz replay`` and ``xz audit`` in Chinese throughout."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from xzcore.cli.main import cli
from xzcore.messages import MESSAGES, RULE_NAMES, rule_label, rule_name, text
from xzcore.view.table import describe

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "replays"
_FIELDS = string.Formatter()


def _fields(phrase: str) -> set[str]:
    return {name for _, name, _, _ in _FIELDS.parse(phrase) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_phrase_has_both_languages_with_the_same_fields(key: str) -> None:
    zh, en = MESSAGES[key]
    assert zh and en
    assert _fields(zh) == _fields(en)


def test_every_rule_id_the_code_cites_has_a_name_in_both_languages() -> None:
    cited: set[str] = set()
    for path in (ROOT / "xzcore").rglob("*.py"):
        cited |= set(re.findall(r"[\"']((?:R\d+(?:\.\d+)?)|L[1-7])[\"']", path.read_text()))
    assert cited and cited <= set(RULE_NAMES)
    for rule in RULE_NAMES:
        zh, en = RULE_NAMES[rule]
        assert zh and en and not re.search(r"[A-Za-z]", zh), rule


def test_rule_labels() -> None:
    assert rule_label("R9.2", "zh") == "R9.2 自摸"
    assert rule_label("R9.2", "en") == "R9.2 self-draw"
    assert rule_label("R10.1", "zh") == "R10.1 查花猪"
    assert rule_label("R99.9", "zh") == "R99.9" and rule_name("R99.9", "en") == ""
    with pytest.raises(ValueError, match="unknown language"):
        text("event.dahai", "fr")


EVENTS = [
    (
        {"type": "start_kyoku", "dealer": 1, "exchange_direction": 2},
        "开局 庄家 座1，换牌方向 +2",
        "deal dealer seat 1, exchange +2",
    ),
    (
        {"type": "tsumo", "actor": 0, "pai": "5p", "rinshan": True, "left": 12},
        "摸 五筒（杠上），余 12 张",
        "draw 5p (replacement draw), 12 left",
    ),
    (
        {"type": "dahai", "actor": 0, "pai": "9s", "tsumogiri": True},
        "打 九条（摸切）",
        "discard 9s (as drawn)",
    ),
    (
        {"type": "pon", "actor": 2, "pai": "1m", "target": 3},
        "碰 一万，座3 打出",
        "peng 1m from seat 3",
    ),
    (
        {"type": "none", "actor": 1, "pai": "1m", "claim": "pon"},
        "过 一万（声明碰，被优先的声明取代）",
        "pass 1m (claimed peng, superseded)",
    ),
    (
        {
            "type": "hora",
            "actor": 0,
            "pai": "4p",
            "self_draw": True,
            "score": {
                "pattern_zh": "平胡",
                "pattern_en": "plain win",
                "multiplier": 1,
                "capped": 1,
            },
            "transfers": [{"payer": 1, "payee": 0, "units": 1, "rule": "R9.2"}],
        },
        "胡 四筒 自摸: 平胡 ×1 → ×1；座1 付给 座0 1（R9.2 自摸）",
        "win 4p self-draw: plain win ×1 → ×1; seat 1 pays seat 0 1 (R9.2 self-draw)",
    ),
    (
        {"type": "end_kyoku", "reason": "wall_empty", "totals": [3, -3, 0, 0], "next_dealer": 2},
        "结束：荒庄（牌墙摸完）；总分 座0 +3，座1 -3，座2 0，座3 0；下一庄 座2",
        "end of round: the wall is empty; totals seat 0 +3, seat 1 -3, seat 2 0, seat 3 0; "
        "next dealer seat 2",
    ),
]


@pytest.mark.parametrize(("ev", "zh", "en"), EVENTS, ids=[e[0]["type"] for e in EVENTS])
def test_event_lines_in_both_languages(ev: dict[str, object], zh: str, en: str) -> None:
    assert describe(ev, "zh") == zh
    assert describe(ev, "en") == en


def xz(*args: str) -> str:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.stdout


_ALLOWED = re.compile(
    r"[1-9][mps]"  # tile text
    r"|[RL]\d+(?:\.\d+)*"  # rule ids
    r"|\S*\.xzlog"  # file paths
    r"|--to"  # the option a past-the-end note names
)


def _ascii_words(line: str, seats: set[str]) -> list[str]:
    """The ASCII words of a line that are not tiles, rule ids, seat names or paths."""
    rest = _ALLOWED.sub(" ", line)
    return [w for w in re.findall(r"[A-Za-z_]\w*", rest) if w not in seats]


SEATS = {"bot0", "bot1", "bob1", "bot2", "bot3"}


@pytest.mark.parametrize("log", sorted(REPLAYS.glob("preset-*.xzlog")), ids=lambda p: p.name)
def test_replay_in_chinese_has_no_english_words(log: Path) -> None:
    out = xz("replay", "--lang", "zh", str(log)) + xz(
        "replay", "--lang", "zh", "--to", "999", str(log)
    )
    assert "结束" in out and "总分" in out and "下一庄" in out
    for line in out.splitlines():
        assert _ascii_words(line, SEATS) == [], line


_LOG_DATA = ("      记录：", "      应为：", "      差异")
"""The lines that quote the log's own data (claimed and correct values, the diff's head)."""
_DIFF_ITEM = re.compile(r"^ {8,}(?:(?:改动|多出|缺少)(?: #\d+)?|\w+：)")
"""A diff line: a catalogue head (改动 #0 …), or a field name of the log's data and its values."""


def _chinese_throughout(out: str) -> None:
    """Every word of the table is Chinese — the findings' messages and notes, the unreadable
    errors — but the log's own data: claimed and correct values and the diff lines."""
    for line in out.splitlines():
        if line.startswith("        "):
            assert _DIFF_ITEM.match(line), line
            continue
        if line.startswith(_LOG_DATA):
            line = line.split("：", 1)[0]
        assert _ascii_words(line, SEATS) == [], line


def test_audit_in_chinese_has_no_english_words_of_its_own() -> None:
    out = xz("audit", "--lang", "zh", "--verify-key", str(REPLAYS / "demo-key.pub"), str(REPLAYS))
    assert "核对无误" in out and "有问题" in out and "各座金额" in out and "退出码 3" in out
    assert "哈希链断裂" in out and "签名无效" in out and "记录被截断" in out
    _chinese_throughout(out)


@pytest.mark.parametrize(
    ("log", "finding", "english"),
    [
        (
            "void-peng.xzlog",
            "R4.3 缺门不碰不杠\n      第 20 个事件，bot0 碰一万，"
            "规则不允许：bot0 不能碰缺门万的牌。"
            "缺门的牌不能碰、不能杠（R4.3 缺门不碰不杠）。",
            "R4.3 no peng or gang on the void suit\n      At event 20, bot0 claimed 1m for a peng "
            "(碰), which the rules do not allow: bot0 may not peng a tile of its void suit m (万). "
            "Nobody may peng or gang a tile of their void suit (R4.3 no peng or gang on the void "
            "suit).",
        ),
        (
            "kept-suit-discard.xzlog",
            "R4.2 先打缺门\n      第 5 个事件，bot2 打出一万，规则不允许：bot2 手里有缺门的牌，"
            "必须先打缺门。定缺后，手里还有缺门的牌时必须先打缺门的牌（R4.2 先打缺门）。",
            "R4.2 void suit discarded first\n      At event 5, bot2 discarded 1m, which the rules "
            "do not allow: bot2 holds void-suit tiles and must discard one of them. A seat "
            "discards the tiles of its declared void suit before any other (R4.2 void suit "
            "discarded first).",
        ),
        (
            "leshan-baige-peng.xzlog",
            "R13.4 摆割\n      第 69 个事件，bot3 碰二万，规则不允许：bot3 已摆割亮牌：不能碰。"
            "摆割亮牌的座位不能碰，只能打出摸到的牌，杠须听牌不变（R13.4 摆割）。",
            "R13.4 baige\n      At event 69, bot3 claimed 2m for a peng (碰), which the rules do "
            "not allow: bot3 laid its hand open (摆割): no peng. A seat that laid its hand open "
            "(摆割) may not peng, discards what it draws, and gangs only keeping its waits (R13.4 "
            "baige).",
        ),
        (
            "huazhu-wrong-payee.xzlog",
            "R10.1 查花猪\n      第 126 个事件，流局结算（查花猪、查大叫、退税）"
            "里记录的是 bot1 付给 bot2 64（查花猪）；按规则应为 bot1 付给 bot0 64（查花猪）。"
            "花猪（手里还有缺门牌的座位）"
            "付给每个还在牌局中、不是花猪的座位（R10.1 查花猪）。",
            "R10.1 flower pig check\n      At event 126, in the end-of-round settlement (查花猪, "
            "查大叫, 退税) the log has bot1 paying bot2 64 (flower pig check); the rules have bot1 "
            "paying bot0 64 (flower pig check) instead. A 花猪 (a seat still holding its void "
            "suit) pays each seat still in play that is not 花猪 (R10.1 flower pig check).",
        ),
        (
            "missed-call-transfer.xzlog",
            "R9.5 呼叫转移\n      第 115 个事件，记录缺少规则要求的呼叫转移：bot0 付给 bot3 3。"
            "杠后点炮（杠上炮）时，杠的座位把这次杠收到的杠钱转给胡牌的座位（呼叫转移）"
            "（R9.5 呼叫转移）。",
            "R9.5 call transfer\n      At event 115, the log leaves out the call transfer "
            "(呼叫转移) the rules require here: bot0 paying bot3 3. A seat that deals in "
            "right after its gang (杠上炮) hands that gang's money on to the winner "
            "(呼叫转移) (R9.5 call transfer).",
        ),
    ],
)
def test_audit_in_chinese_of_an_illegal_action_or_a_wrong_payment(
    log: str, finding: str, english: str
) -> None:
    out = xz("audit", "--lang", "zh", str(REPLAYS / log))
    assert f"  {finding}\n" in out
    if "付给" in finding:  # the consequence: the totals follow from it, in one sentence
        assert "      因此，记录的本局总分" in out
    _chinese_throughout(out)
    en = xz("audit", str(REPLAYS / log))
    assert f"  {english}\n" in en
    if "paying" in english:
        assert "      So the log's round totals" in en


SUMMARY = "25 game(s): 14 verified, 10 with findings (10 in all), 1 unreadable — exit 3"


def test_audit_summary_line_in_english_is_unchanged() -> None:
    args = ["audit", "--verify-key", str(REPLAYS / "demo-key.pub"), str(REPLAYS)]
    assert xz(*args).splitlines()[-1] == SUMMARY
    assert xz(*args[:1], "--lang", "en", *args[1:]).splitlines()[-1] == SUMMARY
    assert SUMMARY in (REPLAYS / "README.md").read_text()
    zh = xz(*args[:1], "--lang", "zh", *args[1:]).splitlines()[-1]
    assert zh == "25 局：14 局核对无误，10 局有问题（共 10 处），1 局无法读取 — 退出码 3"


@pytest.mark.parametrize(
    ("key", "fields", "zh"),
    [
        (
            "log.header_field",
            {"key": "seats", "what": "a list", "found": 3},
            "头记录字段 seats 必须是 a list，读到 3",
        ),
        (
            "log.other_key",
            {"key": "abcd", "expected": "ef01"},
            "由另一把密钥签名（密钥 abcd，应为 ef01）",
        ),
    ],
)
def test_a_phrase_with_a_field_named_key_is_said_in_chinese(
    key: str, fields: dict[str, object], zh: str
) -> None:
    """A phrase's ``{key}`` field is a field, not text()'s own argument (found by
    fuzz/audit_bytes_target.py in CI: a TypeError in xz audit --lang zh)."""
    from xzcore.audit.report import error_text

    message = text(key, "en", **fields)
    assert text(key, "zh", **fields) == zh
    assert error_text({"message": message}, "zh") == zh
