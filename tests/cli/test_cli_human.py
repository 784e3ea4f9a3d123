"""``xz record --human SEAT``: the person is told what happened in the game's words, may type
a number, a tile or a word, and Enter never makes a gang or a win."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from xzcore.cli.human import (
    action_label,
    narrate,
    parse_choice,
    quiet_default,
    waits_line,
    win_why,
)
from xzcore.cli.main import cli
from xzcore.log.reader import LogReader
from xzcore.round.actions import Action
from xzcore.rules import RuleSet
from xzcore.scoring.score import score_win
from xzcore.scoring.vocab import WinContext
from xzcore.tiles import parse_counts, parse_tile


def _a(text: str) -> Action:
    return Action.parse(text, 1)


NAMES = ["greedy0", "human", "greedy2", "greedy3"]
"""The header's seat names of a game ``_play`` records: the person at seat 1 is ``human``."""


def _play(tmp_path: Path, answers: str, seed: int = 3) -> tuple[str, list[dict[str, Any]]]:
    out = tmp_path / "h.xzlog"
    res = CliRunner().invoke(
        cli, ["record", "--human", "1", "--seed", str(seed), "-o", str(out)], input=answers
    )
    assert res.exit_code == 0, res.output
    with open(out, "rb") as fh:
        [game] = list(LogReader(fh))
    assert game.header is not None and list(game.header.seats) == NAMES
    return res.output, game.events


def test_choices_are_in_the_games_words_with_english() -> None:
    assert action_label(_a("dahai 5p")) == "打 discard 5p"
    assert action_label(_a("pon 5p")) == "碰 peng 5p"
    assert action_label(_a("hora 5p")) == "胡 win 5p"
    assert action_label(_a("ankan 7s")) == "暗杠 concealed gang 7s"
    assert action_label(_a("none")) == "过 pass"
    assert action_label(_a("dingque s")) == "定缺 declares void s"


def test_enter_passes_in_a_claim_window_and_never_wins_or_gangs() -> None:
    window = [_a("hora 5p"), _a("daiminkan 5p"), _a("pon 5p"), _a("none")]
    assert quiet_default(window, -1) == 3  # 过, not 胡 (R7.4 makes passing a choice)
    turn = [_a("hora 2s"), _a("ankan 7s"), _a("dahai 1m"), _a("dahai 2s")]
    assert quiet_default(turn, parse_tile("2s")) == 3  # the tile just drawn
    assert quiet_default(turn, -1) == 2
    # a forced win (R5.7) or a choice of gangs only: Enter picks nothing
    assert quiet_default([_a("hora 2s")], parse_tile("2s")) is None
    assert quiet_default([_a("ankan 7s"), _a("kakan 3m")], -1) is None


def test_a_typed_tile_picks_its_discard_or_the_one_choice_on_it() -> None:
    turn = [_a("ankan 7s"), _a("dahai 1m"), _a("dahai 7s")]
    assert parse_choice("7s", turn) == 2  # the discard, not the gang on the same tile
    assert parse_choice("1m", turn) == 1
    assert parse_choice("2", turn) == 2
    window = [_a("hora 5p"), _a("pon 5p"), _a("none")]
    assert parse_choice("5p", window) == "'5p': more than one choice on that tile: type its number"
    assert parse_choice("9s", turn) == "'9s': no choice on that tile"


def test_a_typed_word_picks_the_one_choice_of_it() -> None:
    window = [_a("hora 5p"), _a("pon 5p"), _a("none")]
    assert parse_choice("胡", window) == 0
    assert parse_choice("hu", window) == 0
    assert parse_choice("碰", window) == 1
    assert parse_choice("pass", window) == 2
    assert parse_choice("杠", window) == "'杠': not a choice now"
    gangs = [_a("ankan 7s"), _a("kakan 3m"), _a("dahai 1m")]
    assert parse_choice("gang", gangs) == "'gang': more than one such choice: type its number"
    assert parse_choice("7", gangs) == "'7' is not a choice from 0 to 2"
    assert str(parse_choice("xyz", gangs)).startswith("'xyz' is not a choice: type 0-2")


def test_another_seats_draw_is_told_without_its_tile() -> None:
    draw = {"type": "tsumo", "actor": 2, "pai": "5p", "rinshan": False, "left": 40}
    assert narrate(draw, 1) == "seat 2: 摸 draw"
    assert narrate(draw, 1, NAMES) == "greedy2 (seat 2): 摸 draw"  # by the header's names
    assert narrate(dict(draw, actor=1), 1) == "you: 摸 draw 5p, 40 left"
    assert (
        narrate(dict(draw, actor=1, rinshan=True), 1)
        == "you: 摸 draw 5p (杠上 after a gang), 40 left"
    )
    discard = {"type": "dahai", "actor": 2, "pai": "5p", "tsumogiri": True}
    assert (
        narrate(discard, 1, NAMES) == "greedy2 (seat 2): 打 discard 5p (摸切 the tile just drawn)"
    )
    assert narrate({"type": "none", "actor": 2, "pai": "5p"}, 1) is None  # passes: silent


def test_the_person_is_told_every_event_the_wins_payments_and_scores(tmp_path: Path) -> None:
    text, events = _play(tmp_path, "\n" * 1000)
    seen = [ev for ev in events if ev["type"] not in ("start_kyoku", "none")]
    lines = [ln.strip() for ln in text.splitlines()]
    for ev in seen:  # every event, in the game's words
        assert any(ln.endswith(str(narrate(ev, 1, NAMES))) for ln in lines), ev
    for ev in events:
        if ev["type"] == "tsumo" and ev["actor"] != 1:
            assert f"{NAMES[ev['actor']]} (seat {ev['actor']}): 摸 draw" in text
    assert "seat 1:" not in text  # the person is "you", never a number
    hora = [ev for ev in events if ev["type"] == "hora"]
    assert hora  # this seed has wins: each is told with its tile and value
    for ev in hora:
        who = "you" if ev["actor"] == 1 else NAMES[ev["actor"]]
        assert f"{who} 胡 won on {ev['pai']}" in text
        paid = [
            f"{NAMES[t['payer']]} pays {NAMES[t['payee']]} {t['units']}" for t in ev["transfers"]
        ]
        assert any(p in text for p in paid)
    [end] = [ev for ev in events if ev["type"] == "end_kyoku"]
    scores = ", ".join(
        f"{NAMES[s]} {t:+d}" if t else f"{NAMES[s]} 0" for s, t in enumerate(end["totals"])
    )
    assert f"round over 结束 — scores 分数: {scores}" in text


def test_a_typed_tile_is_played(tmp_path: Path) -> None:
    # seed 3: the first decision is 定缺 (Enter: m), the second a discard with 5m in hand
    text, events = _play(tmp_path, "\n5m\n" + "\n" * 1000)
    first = next(ev for ev in events if ev["type"] == "dahai" and ev["actor"] == 1)
    assert first["pai"] == "5m"
    assert "[1] 打 discard 5m" in text


def test_the_void_suit_is_chosen_by_its_letter_or_its_chinese_name() -> None:
    dingque = [_a("dingque m"), _a("dingque p"), _a("dingque s")]
    assert [parse_choice(x, dingque) for x in ("m", "万", "p", "筒", "S", "条")] == [
        0,
        0,
        1,
        1,
        2,
        2,
    ]
    assert parse_choice("m", [_a("dahai 5p"), _a("dahai 6p")]) == "'m': not a choice now"


def test_the_player_is_told_when_ready_on_which_tiles_and_when_a_wait_is_dead() -> None:
    hand = list(parse_counts("123m456m789m23s55s"))  # void p: ready on 1s and 4s
    seen = list(hand)
    assert waits_line(hand, 1, seen) == "ready 听牌 on 1s 4s"
    seen[parse_tile("4s")] = 4  # all four 4s in sight: that wait is dead
    assert waits_line(hand, 1, seen) == "ready 听牌 on 1s 4s; dead 死张 (all four seen): 4s"
    seen[parse_tile("1s")] = 4
    assert waits_line(hand, 1, seen) == (
        "ready 听牌 on 1s 4s — every wait is dead 死听 (all four of each seen)"
    )
    assert waits_line(list(parse_counts("1359m1359s13579s")), 1, seen) == "not ready 未听牌"


def test_a_win_line_says_why_it_is_worth_what_it_is() -> None:
    rules = RuleSet.preset("xuezhan")
    score = score_win("1111234567899m", "9m", "", "p", WinContext(), rules)
    assert win_why(score) == "×8: 清一色 one suit ×4, 1 根 gen ×2"


def test_a_turn_tells_which_discards_leave_the_hand_ready(tmp_path: Path) -> None:
    text, _ = _play(tmp_path, "\n" * 1000)
    assert any("打 discard" in ln and "→ ready 听牌 on " in ln for ln in text.splitlines())


def _play_zh(tmp_path: Path, answers: str, seed: int = 3) -> tuple[str, list[dict[str, Any]]]:
    out = tmp_path / "zh.xzlog"
    args = ["record", "--human", "1", "--lang", "zh", "--seed", str(seed), "-o", str(out)]
    res = CliRunner().invoke(cli, args, input=answers)
    assert res.exit_code == 0, res.output
    with open(out, "rb") as fh:
        [game] = list(LogReader(fh))
    return res.output, game.events


def test_in_chinese_the_person_is_told_and_asked_in_chinese(tmp_path: Path) -> None:
    """--lang zh: every event, the table, the choices, the wins and the scores from the
    catalogue's Chinese; the others by the header's names; no English word on any line."""
    text, events = _play_zh(tmp_path, "\n" * 1000)
    lines = [ln.strip() for ln in text.splitlines() if not ln.startswith("wrote ")]
    for ev in events:
        if ev["type"] not in ("start_kyoku", "none"):
            said = narrate(ev, 1, NAMES, "zh")
            assert said is not None and any(ln.endswith(said) for ln in lines), ev
    names = "|".join(NAMES)
    import re

    for ln in lines:  # ASCII letters only in the seats' names and typed tiles (5p)
        assert not re.search(r"[A-Za-z]{3,}", re.sub(names, "", ln)), ln
    assert "你的手牌：" in text and "你的选择 [0-" in text
    assert any(ln.startswith("[0] 定缺 万") for ln in lines)
    [end] = [ev for ev in events if ev["type"] == "end_kyoku"]
    scores = "，".join(
        f"{NAMES[s]} {t:+d}" if t else f"{NAMES[s]} 0" for s, t in enumerate(end["totals"])
    )
    assert f"本局结束 — 得分：{scores}" in text
    for ev in events:
        if ev["type"] == "hora":
            who = "你" if ev["actor"] == 1 else NAMES[ev["actor"]]
            assert any(ln.startswith(f"{who} 胡 ") for ln in lines), ev


def test_chinese_words_for_one_event_a_choice_a_wait_and_a_mistyped_choice() -> None:
    discard = {"type": "dahai", "actor": 2, "pai": "5p", "tsumogiri": True}
    assert narrate(discard, 1, NAMES, "zh") == "greedy2（座2）：打 五筒（摸切）"
    draw = {"type": "tsumo", "actor": 2, "pai": "5p", "rinshan": False, "left": 40}
    assert narrate(draw, 1, NAMES, "zh") == "greedy2（座2）：摸"  # its tile stays hidden
    assert narrate(dict(draw, actor=1), 1, NAMES, "zh") == "你：摸 五筒，余 40 张"
    assert action_label(_a("pon 5p"), "zh") == "碰 五筒"
    assert action_label(_a("dingque s"), "zh") == "定缺 条"
    assert action_label(_a("none"), "zh") == "过"
    counts = parse_counts("1112345678999s")
    seen = [0] * 27
    assert waits_line(counts, 0, seen, "zh") == "听牌：" + " ".join(
        f"{n}条" for n in "一二三四五六七八九"
    )
    seen[parse_tile("1s")] = 4
    assert "；死张（四张都已见到）：一条" in waits_line(counts, 0, seen, "zh")
    gangs = [_a("ankan 7s"), _a("kakan 3m"), _a("dahai 1m")]
    assert parse_choice("7", gangs, "zh") == "'7' 不是 0 到 2 之间的选择"
    assert parse_choice("gang", gangs, "zh") == "'gang'：这样的选择不止一个：请输入编号"
