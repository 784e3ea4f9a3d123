"""The HTML pages as files: the table after each event, self-contained, escaped, every word
from the catalogue, every finding linked to its moment (docs/audit.md, "The HTML report").
The browser tests (test_html_browser.py) then drive the same pages in Chromium."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from page_helpers import hand_made_game

import xzcore
from xzcore.cli.main import cli
from xzcore.log.reader import Game
from xzcore.view.html import page_game, replay_page

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY = str(REPLAYS / "demo-key.pub")


class Page(HTMLParser):
    """The tags, their attributes and the visible text of a page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[tuple[str, str]] = []  # (innermost tag's classes, text)
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._stack: list[tuple[str, dict[str, str | None]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag not in ("meta", "input", "br"):
            self._stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._stack:
            return
        tag, a = self._stack[-1]
        if tag == "script":
            self.scripts.append((a, data))
        elif tag != "style" and data.strip():
            classes = " ".join(str(x[1].get("class") or "") for x in self._stack)
            inside = " ".join(x[0] for x in self._stack)
            self.text.append((classes + " | " + inside, data.strip()))

    def ids(self) -> set[str]:
        return {str(a["id"]) for _, a in self.tags if a.get("id")}

    def steps(self) -> list[list[dict[str, Any]]]:
        return [json.loads(body) for a, body in self.scripts if a.get("class") == "steps"]


def xz(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


# -- the table after each event --------------------------------------------------------------


def test_each_step_is_the_table_after_that_event(game: Game) -> None:
    steps = page_game(game, "g0", "game 0", "en").steps
    hands = [[s[0] for s in st["s"]] for st in steps]
    assert hands[0] == ["1m1m1m2m", "2m2m5p5p", "9s", ""]
    assert steps[0]["w"] == 55 and steps[0]["d"] == 0
    assert [s[3] for s in steps[1]["s"]] == ["s", "", "", ""]  # the void of R4.1
    assert hands[2][0] == "1m1m1m2m3m" and steps[2]["w"] == 54
    assert hands[3][0] == "1m1m1m3m" and steps[3]["s"][0][2] == "2m"
    # the 碰 takes the discard out of seat 0's river and two tiles from seat 1's hand
    assert hands[4][1] == "5p5p" and steps[4]["s"][1][1] == [["peng", "2m"]]
    assert steps[4]["s"][0][2] == ""
    assert hands[5][1] == "5p" and steps[5]["s"][1][2] == "5p"
    # the win on it: the tile leaves the river, the winner is marked, the money moves
    last = steps[6]["s"]
    assert last[1][2] == "" and [s[4] for s in last] == [False, False, True, False]
    assert [s[5] for s in last] == [0, -4, 4, 0]


def test_the_page_carries_those_steps_and_each_event_line(game: Game) -> None:
    g = page_game(game, "g0", "game 0", "zh")
    page = Page(replay_page([g], "hand.xzlog", "zh"))
    assert page.steps() == [g.steps]
    rows = [a for t, a in page.tags if t == "li" and a.get("data-step") is not None]
    assert [r["id"] for r in rows] == [f"g0-e{i}" for i in range(7)]
    assert [r["data-actor"] for r in rows] == ["", "0", "0", "0", "1", "1", "2"]
    texts = [t for c, t in page.text if "what" in c]
    # seat 0 by its header name, isolated (FSI … PDI) from the line around it
    assert texts[3] == "打 二万" and texts[4] == "碰 二万，\u2068东家\u2069 打出"


# -- self-contained and escaped --------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pages_need_no_network(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "report.html"
    res = xz("audit", "--html", str(out), "--lang", lang, "--verify-key", KEY, str(REPLAYS))
    assert res.exit_code == 3, res.output
    html = out.read_text(encoding="utf-8")
    page = Page(html)
    for tag, a in page.tags:
        assert tag != "link" and tag not in ("img", "iframe", "object"), (tag, a)
        assert not a.get("src"), (tag, a)
        href = a.get("href")
        assert href is None or href.startswith("#"), (tag, a)
    assert "http://" not in html and "https://" not in html
    assert "@import" not in html and "url(" not in html


def test_a_seat_name_or_log_text_never_becomes_markup(tmp_path: Path) -> None:
    evil = '<script>alert("x")</script>'
    game = hand_made_game((evil, "</script><b>", "a&b", "'\""))
    game.events[3]["pai"] = "<img src=x onerror=alert(1)>"
    html = replay_page([page_game(game, "g0", "game 0", "en")], "x.xzlog", "en")
    assert evil not in html and "<img" not in html and "</script><b>" not in html
    page = Page(html)
    names = [t for c, t in page.text if "name" in c.split(" | ")[0].split()]
    assert names == [evil, "</script><b>", "a&b", "'\""]
    # the embedded data stays data: no closing tag inside a script element
    for _, body in page.scripts:
        assert "</" not in body


# -- the audit page --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def audit_page_en(tmp_path_factory: pytest.TempPathFactory) -> tuple[Page, list[dict[str, Any]]]:
    out = tmp_path_factory.mktemp("page") / "report.html"
    res = xz("audit", "--html", str(out), "--verify-key", KEY, "-q", str(REPLAYS))
    assert res.exit_code == 3
    reports = json.loads(xz("audit", "--format", "json", "--verify-key", KEY, str(REPLAYS)).stdout)[
        "games"
    ]
    return Page(out.read_text(encoding="utf-8")), reports


def test_every_finding_is_on_the_page_and_linked_to_its_event(
    audit_page_en: tuple[Page, list[dict[str, Any]]],
) -> None:
    page, reports = audit_page_en
    ids = page.ids()
    findings = [a for t, a in page.tags if t == "li" and a.get("class") == "finding"]
    assert len(findings) == sum(len(r["findings"]) for r in reports) == 10
    gotos = [str(a["href"]) for t, a in page.tags if t == "a" and a.get("class") == "goto"]
    assert len(gotos) == len(findings)
    for href in gotos:
        assert href[1:] in ids, href  # an event row of that game's replay
    marks = [str(a["href"]) for t, a in page.tags if t == "a" and a.get("class") == "mark"]
    assert sorted(marks) == sorted("#" + str(f["id"]) for f in findings)
    # the finding of the discard that kept the void suit is at its event, R4.2
    kept = next(r for r in reports if r["path"].endswith("kept-suit-discard.xzlog"))
    event = kept["findings"][0]["event"]
    assert kept["findings"][0]["rule"] == "R4.2"
    n = [r for r in reports if r["status"] != "verified"].index(kept)
    assert f"#g{n}-e{event}" in gotos


def test_money_per_seat_tables_name_the_seats(
    audit_page_en: tuple[Page, list[dict[str, Any]]],
) -> None:
    page, reports = audit_page_en
    heads = [t for c, t in page.text if "money" in c and "th" in c.split(" | ")[1]]
    assert {"bot0", "bot1", "bot2", "bot3"} <= set(heads)
    payee = next(r for r in reports if r["path"].endswith("huazhu-wrong-payee.xzlog"))
    differs = [r["name"] for r in payee["money_per_seat"] if r["differs"]]
    assert differs  # the page marks the same seats (class "differs") as the JSON
    rows = [a for t, a in page.tags if t == "tr" and a.get("class") == "differs"]
    assert len(rows) >= len(differs)


def test_unreadable_game_shows_its_errors_and_the_events_before_them(tmp_path: Path) -> None:
    out = tmp_path / "t.html"
    res = xz("audit", "--html", str(out), str(REPLAYS / "truncated.xzlog"))
    assert res.exit_code == 3
    page = Page(out.read_text(encoding="utf-8"))
    errors = [a for t, a in page.tags if t == "li" and a.get("class") == "error"]
    assert errors
    assert any(t.startswith("L") for c, t in page.text if "rule" in c.split(" | ")[0])
    assert page.steps() and all(len(s) > 0 for s in page.steps())


def test_verified_games_are_listed_by_name(tmp_path: Path) -> None:
    out = tmp_path / "v.html"
    res = xz("audit", "--html", str(out), str(REPLAYS / "preset-xuezhan.xzlog"))
    assert res.exit_code == 0
    page = Page(out.read_text(encoding="utf-8"))
    assert not page.steps()  # no replay for a verified game: its line says so
    listed = [t for c, t in page.text if "verified" in c and "li" in c.split(" | ")[1]]
    assert any("preset-xuezhan.xzlog" in t for t in listed)


# -- every word from the catalogue -----------------------------------------------------------

# A version is a name, not a word: the page's generator (this install's version, which may be
# a development one like 0.1.1.dev3+gabc) and the engines named in the logs' headers.
_VERSION = re.escape(f"xzcore {xzcore.__version__}")
_ALLOWED = re.compile(
    rf"JavaScript|[\w/-]+\.md|[1-9][mps]|[RL]\d+(?:\.\d+)*|\S*\.xzlog|{_VERSION}"
    r"|xzcore \d+\.\d+\.\d+|[+\-]?\d+"
)
_LOG_DATA = ("code", "pre", "name", "who")
"""Text of the log (its data, seat names), not the page's own words."""


def test_chinese_pages_have_no_english_words_of_their_own(tmp_path: Path) -> None:
    out = tmp_path / "zh.html"
    xz("audit", "--html", str(out), "--lang", "zh", "--verify-key", KEY, str(REPLAYS))
    replay = tmp_path / "r.html"
    assert (
        xz(
            "replay", "--html", str(replay), "--lang", "zh", str(REPLAYS / "preset-leshan.xzlog")
        ).exit_code
        == 0
    )
    seats = {"bot0", "bot1", "bob1", "bot2", "bot3"}
    for f in (out, replay):
        page = Page(f.read_text(encoding="utf-8"))
        assert page.text
        for where, t in page.text:
            classes, tags = where.split(" | ")
            if set(classes.split()) & set(_LOG_DATA) or set(tags.split()) & {"code", "pre"}:
                continue
            for name in seats:
                t = t.replace(name, " ")
            words = re.findall(r"[A-Za-z_]\w*", _ALLOWED.sub(" ", t))
            assert words == [], (where, t)


# -- the option ------------------------------------------------------------------------------


def test_replay_html_writes_the_page_and_prints_nothing(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    res = xz("replay", "--html", str(out), "--game", "1", str(REPLAYS / "preset-leshan.xzlog"))
    assert res.exit_code == 0 and res.stdout == ""
    page = Page(out.read_text(encoding="utf-8"))
    assert len(page.steps()) == 1 and "g1" in page.ids()


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_html_into_a_missing_folder_is_a_usage_error(tmp_path: Path, command: str) -> None:
    res = xz(command, "--html", str(tmp_path / "no" / "r.html"), str(REPLAYS / "void-peng.xzlog"))
    assert res.exit_code == 2
    assert "--html" in res.output and "no such folder" in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_html_onto_a_folder_is_a_usage_error(tmp_path: Path, command: str) -> None:
    res = xz(command, "--html", str(tmp_path), str(REPLAYS / "void-peng.xzlog"))
    assert res.exit_code == 2 and "is a folder" in res.output


def test_html_takes_neither_json_nor_to(tmp_path: Path) -> None:
    res = xz(
        "replay", "--html", str(tmp_path / "r.html"), "--to", "3", str(REPLAYS / "void-peng.xzlog")
    )
    assert res.exit_code == 2 and "--html" in res.output


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_a_page_that_cannot_be_written_is_one_line_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    import errno
    import os

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("xzcore.cli.output_file.os.replace", full)
    out = tmp_path / "r.html"
    res = xz(command, "--html", str(out), str(REPLAYS / "preset-xuezhan.xzlog"))
    assert res.exit_code == 1  # the game is verified: 1 says only the page failed
    assert res.stderr == f"xz: --html {out}: cannot write (No space left on device)\n"
    assert not out.exists() and os.listdir(tmp_path) == []  # no half page, no temporary
    if command == "audit":
        assert res.stdout.splitlines()[-1].endswith("exit 0")  # the audit's own verdict


def test_a_page_that_cannot_be_written_keeps_exit_3_of_an_unreadable_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("xzcore.cli.output_file.os.replace", full)
    res = xz("audit", "--html", str(tmp_path / "r.html"), str(REPLAYS / "truncated.xzlog"))
    assert res.exit_code == 3 and "cannot write" in res.stderr


def test_without_jinja2_html_is_a_usage_error_naming_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "jinja2", None)
    res = xz("audit", "--html", str(tmp_path / "r.html"), str(REPLAYS / "void-peng.xzlog"))
    assert res.exit_code == 2 and "xzcore[html]" in res.output
    assert not (tmp_path / "r.html").exists()


def test_the_format_1_0_note_is_said_once_for_the_run_in_the_page_language(
    tmp_path: Path,
) -> None:
    out = tmp_path / "n.html"
    logs = [str(REPLAYS / n) for n in ("void-peng.xzlog", "kept-suit-discard.xzlog")]
    xz("audit", "--html", str(out), "--lang", "zh", str(REPLAYS / "preset-xuezhan.xzlog"), *logs)
    page = Page(out.read_text(encoding="utf-8"))
    said = [t for c, t in page.text if "L8.10" in t]
    assert len(said) == 1 and said[0].startswith("格式 1.0 的对局")  # once, not per game
    assert [t for c, t in page.text if "version-note" in c and t == "5 局是格式 1.0 的对局："]


RLO = "\u202e"


def test_every_seat_name_on_the_pages_is_isolated(tmp_path: Path) -> None:
    """A seat name with an RTL override (U+202E) is shown only inside a ``<bdi>`` (its
    direction isolated from the text around it) on the replay page and the audit page — the
    seats' headings, the facts and the money table — or, inside a line or a sentence (an
    event, a finding, a correction), between FSI and PDI, which isolate it the same way.
    (The browser test ``test_an_rtl_override_in_a_name_reverses_nothing_outside_it`` reads
    the line as shown.)"""
    import io

    from xzcore.log.reader import LogReader
    from xzcore.log.types import Match
    from xzcore.log.writer import LogWriter

    names = [f"{RLO}Bob{s} dingque p" for s in range(4)]
    (g,) = list(LogReader(io.BytesIO((REPLAYS / "void-peng.xzlog").read_bytes())))[:1]
    assert g.header is not None and g.claims is not None
    log = tmp_path / "rtl.xzlog"
    with open(log, "wb") as fh:
        w = LogWriter(fh, match=Match.new(planned=1))
        h = g.header
        w.begin_game(rules=h.rules, wall=h.wall, dealer=h.dealer, seats=names, seed=h.seed)
        for ev in g.events:
            w.write_event(ev)
        w.write_claims(g.claims)
        w.end_game()
    replay, audit = tmp_path / "r.html", tmp_path / "a.html"
    assert xz("replay", "--html", str(replay), str(log)).exit_code == 0
    assert xz("audit", "--html", str(audit), str(log)).exit_code in (0, 1)
    for path in (replay, audit):
        page = Page(path.read_text(encoding="utf-8"))
        shown = [(where, t) for where, t in page.text if RLO in t]
        assert shown, path
        for where, t in shown:
            if where.split(" | ")[1].split()[-1] == "bdi":
                continue
            # In a line or a sentence, each name is isolated by FSI … PDI in its text.
            outside = re.sub("\u2068[^\u2069]*\u2069", "", t)
            assert RLO not in outside, (path.name, where, t)
