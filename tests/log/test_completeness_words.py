"""The completeness findings (docs/log-format.md L8) in both languages from one catalogue:
each L8 message is a ``log.l8_*`` phrase's English, and the audit shows its Chinese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from scan_helpers import recorded_match

from xzcore.cli.main import cli
from xzcore.log.completeness import end_problem
from xzcore.messages import MESSAGES, from_english, text

L8_KEYS = sorted(k for k in MESSAGES if k.startswith("log.l8_"))
SAMPLE = {
    "game": 5,
    "match": "0a1b2c3d",
    "before": "4e5f6a7b",
    "planned": 8,
    "before_planned": 6,
    "before_game": 3,
    "first": 2,
    "last": 4,
    "top": 7,
    "major": 1,
    "minor": 0,
    "names": "'note', 'x'",
    "short": 2,
    "missing": 3,
}


@pytest.mark.parametrize("key", L8_KEYS)
def test_each_l8_message_is_shown_in_chinese_by_its_own_phrase(key: str) -> None:
    """The English of every L8 phrase reads back as that phrase, never a looser one."""
    fields = {f: SAMPLE[f] for f in re.findall(r"\{(\w+)\}", MESSAGES[key][1])}
    english = text(key, "en", **fields)
    assert from_english(english, "log", "zh") == text(key, "zh", **fields)


def test_the_reader_writes_its_l8_messages_from_the_catalogue() -> None:
    """L8.2 and L8.3 as the completeness checks say them are catalogue English, the game
    counted from 1 (the link's index 1 is the match's second game)."""
    from xzcore.log.completeness import Link

    mid = bytes(range(16))
    open_link = Link(mid, planned=4, game=1, top=1, holes=())
    rule, message = end_problem(open_link) or ("", "")
    assert rule == "L8.2"
    assert message == text(
        "log.l8_ends_open_planned", "en", game=2, match=mid.hex()[:8], planned=4, missing=2
    )
    assert from_english(message, "log", "zh").startswith("记录在比赛 00010203 的第 2 局之后结束")


def test_a_match_cut_short_is_reported_in_chinese(tmp_path: Path) -> None:
    """L8.2 of a real recorded match cut after its second game, under xz audit --lang zh."""
    data = recorded_match(4, bound=True)
    import io

    from xzcore.log.reader import CollectingBuilder, LogReader

    reader = LogReader(io.BytesIO(data))
    reader.read_game(CollectingBuilder)
    reader.read_game(CollectingBuilder)
    log = tmp_path / "cut.xzlog"
    log.write_bytes(data[: reader.offset])
    res = CliRunner().invoke(cli, ["audit", "--lang", "zh", str(log)])
    assert "L8.2" in res.stdout
    assert "之后的对局缺失" in res.stdout
    assert "is not marked as its last" not in res.stdout
    res_en = CliRunner().invoke(cli, ["audit", str(log)])
    assert "is not marked as its last: the games after it are missing" in res_en.stdout
