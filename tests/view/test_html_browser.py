"""The pages in a real headless Chromium (Debian's, driven by Selenium): step forwards and
backwards, jump to an event, follow a finding to its moment, and read the table off the
DOM — it must be the table after that event (:class:`xzcore.view.table.TableState`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from xzcore.cli.main import cli
from xzcore.log.reader import Game
from xzcore.tiles import NAMES
from xzcore.view.html import page_game, replay_page
from xzcore.view.table import TableState

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY = str(REPLAYS / "demo-key.pub")


def _by_css(root: Any, css: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(root.find_elements(By.CSS_SELECTOR, css))


def _one(root: Any, css: str) -> Any:
    found = _by_css(root, css)
    assert len(found) == 1, (css, len(found))
    return found[0]


def _table(replay: Any) -> list[dict[str, Any]]:
    """Every seat as the page shows it: tiles by their codes, melds, void, score, marks."""
    seats = []
    for seat in _by_css(replay, "section.seat"):
        seats.append(
            {
                "hand": [t.get_attribute("data-tile") for t in _by_css(seat, ".hand .tile")],
                "melds": [
                    (
                        _one(m, ".kind").text,
                        [t.get_attribute("data-tile") for t in _by_css(m, ".tile")],
                    )
                    for m in _by_css(seat, ".melds .meld")
                ],
                "discards": [
                    t.get_attribute("data-tile") for t in _by_css(seat, ".discards .tile")
                ],
                "void": _one(seat, ".void").text,
                "score": _one(seat, ".score").text,
                "classes": set((seat.get_attribute("class") or "").split()),
            }
        )
    return seats


def _step(replay: Any) -> int:
    return int(replay.get_attribute("data-step"))


def _wait_step(chrome: Any, replay: Any, step: int) -> None:
    """Wait (at most 5 s) for the page to show ``step``: a link's ``hashchange`` is handled
    after the click returns."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(chrome, 5).until(lambda _: _step(replay) == step)


def _open(chrome: Any, path: Path) -> None:
    chrome.get(path.as_uri())
    assert chrome.get_log("browser") == []  # no script error on load


def _expected(game: Game, step: int) -> TableState:
    state = TableState()
    for ev in game.events[: step + 1]:
        state.apply(ev)
    return state


def _same_table(replay: Any, state: TableState) -> None:
    shown = _table(replay)
    for s in range(4):
        hand = [NAMES[k] for k in range(27) for _ in range(state.hands[s][k])]
        assert shown[s]["hand"] == hand, s
        assert shown[s]["discards"] == [NAMES[k] for k in state.discards[s]], s
        assert shown[s]["score"] == (f"{state.scores[s]:+d}" if state.scores[s] else "0"), s
        assert ("won" in shown[s]["classes"]) == state.won[s], s
    assert int(_one(replay, ".wall-left").text) == state.wall_left


def test_stepping_through_a_hand_made_game(chrome: Any, tmp_path: Path, game: Game) -> None:
    path = tmp_path / "game.html"
    path.write_text(replay_page([page_game(game, "g0", "game 0", "en")], "hand", "en"))
    _open(chrome, path)
    replay = _one(chrome, ".replay")
    assert _step(replay) == 0
    table = _table(replay)
    assert table[0]["hand"] == ["1m", "1m", "1m", "2m"] and "dealer" in table[0]["classes"]
    assert table[3]["hand"] == [] and table[0]["void"] == "none"
    for _ in range(4):
        _one(replay, "button[data-go=next]").click()
    assert _step(replay) == 4
    table = _table(replay)
    assert table[1]["melds"] == [("peng", ["2m", "2m", "2m"])]
    assert table[1]["hand"] == ["5p", "5p"] and table[0]["discards"] == []
    assert table[0]["void"] == "s" and "actor" in table[1]["classes"]
    assert "peng 2m from 东家" in _plain(_one(replay, ".now").text)
    _one(replay, "button[data-go=prev]").click()
    assert _step(replay) == 3
    assert _table(replay)[0]["discards"] == ["2m"]
    assert "last" in (
        _by_css(replay, "section.seat")[0]
        .find_elements("css selector", ".discards .tile")[-1]
        .get_attribute("class")
    )
    _one(replay, "button[data-go=last]").click()
    assert _step(replay) == 6
    table = _table(replay)
    assert "won" in table[2]["classes"] and table[2]["score"] == "+4" and table[1]["score"] == "-4"
    _one(replay, "button[data-go=first]").click()
    assert _step(replay) == 0
    _same_table(replay, _expected(game, 0))


def test_jump_keys_and_clicks_on_a_bundled_game(chrome: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    log = REPLAYS / "preset-leshan.xzlog"
    path = tmp_path / "leshan.html"
    assert (
        CliRunner().invoke(cli, ["replay", "--html", str(path), "--game", "1", str(log)]).exit_code
        == 0
    )
    from xzcore.log.reader import CollectingBuilder, LogReader

    with open(log, "rb") as fh:
        game = LogReader(fh).read_game(CollectingBuilder)
    assert game is not None
    _open(chrome, path)
    replay = _one(chrome, ".replay")
    jump = _one(replay, "input.jump")
    jump.clear()
    jump.send_keys("40", Keys.ENTER)
    assert _step(replay) == 40
    _same_table(replay, _expected(game, 40))
    _by_css(replay, "ol.events li")[77].click()
    assert _step(replay) == 77
    _same_table(replay, _expected(game, 77))
    replay.send_keys(Keys.ARROW_RIGHT)
    replay.send_keys(Keys.ARROW_RIGHT)
    assert _step(replay) == 79
    replay.send_keys(Keys.ARROW_LEFT)
    assert _step(replay) == 78
    _same_table(replay, _expected(game, 78))
    replay.send_keys(Keys.END)
    last = len(game.events) - 1
    assert _step(replay) == last
    _same_table(replay, _expected(game, last))
    row = _by_css(replay, "ol.events li")[last]
    assert "current" in (row.get_attribute("class") or "")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_following_a_finding_to_its_moment(chrome: Any, tmp_path: Path, lang: str) -> None:
    path = tmp_path / f"report-{lang}.html"
    args = ["audit", "--html", str(path), "--lang", lang, "--verify-key", KEY, str(REPLAYS)]
    assert CliRunner().invoke(cli, args).exit_code == 3
    reports = json.loads(
        CliRunner()
        .invoke(cli, ["audit", "--format", "json", "--verify-key", KEY, str(REPLAYS)])
        .stdout
    )["games"]
    problems = [r for r in reports if r["status"] != "verified"]
    n = next(i for i, r in enumerate(problems) if r["path"].endswith("kept-suit-discard.xzlog"))
    finding = problems[n]["findings"][0]
    _open(chrome, path)
    section = _one(chrome, f"section#g{n}")
    link = _one(section, "li.finding a.goto")
    assert _one(section, "li.finding .rule").text.startswith("R4.2")
    replay = _one(section, ".replay")
    assert _step(replay) == finding["event"]  # a disputed game opens at its first finding
    _one(replay, "button[data-go=first]").click()
    assert _step(replay) == 0
    link.click()
    assert chrome.current_url.endswith(f"#g{n}-e{finding['event']}")
    _wait_step(chrome, replay, finding["event"])
    row = _by_css(replay, "ol.events li")[finding["event"]]
    assert "current" in (row.get_attribute("class") or "")
    assert _one(row, "a.mark").text == "R4.2"
    # the discard the finding is about is the last tile of the actor's river, marked
    actor = int(row.get_attribute("data-actor"))
    river = _by_css(_by_css(replay, "section.seat")[actor], ".discards .tile")
    assert "last" in (river[-1].get_attribute("class") or "")
    # and back: the event's mark leads to the finding
    _one(row, "a.mark").click()
    assert chrome.current_url.endswith(f"#g{n}-f0")
    if lang == "zh":
        assert _one(section, "li.finding .goto").text == "在回放中查看"
        assert river[-1].get_attribute("title").endswith(("万", "筒", "条"))
    shot = tmp_path / f"report-{lang}.png"
    assert chrome.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


_CHAR_XS = """
const el = arguments[0], start = arguments[1], end = arguments[2];
const text = el.firstChild, xs = [];
for (let i = start; i < end; i++) {
  if (text.data[i] === " ") continue;
  const r = document.createRange();
  r.setStart(text, i);
  r.setEnd(text, i + 1);
  xs.push(r.getBoundingClientRect().left);
}
return xs;
"""


def _plain(shown: str) -> str:
    """A page's text without the FSI/PDI that isolate each name in it (they show nothing)."""
    return shown.replace("\u2068", "").replace("\u2069", "")


def _left_to_right(chrome: Any, el: Any, start: int, end: int) -> bool:
    xs = chrome.execute_script(_CHAR_XS, el, start, end)
    return len(xs) > 1 and xs == sorted(xs)


def test_an_rtl_override_in_a_name_reverses_nothing_outside_it(chrome: Any, tmp_path: Path) -> None:
    """A seat named with U+202E (RIGHT-TO-LEFT OVERRIDE) first. Each name is isolated
    (``<bdi>``, and FSI/PDI in the lines that hold it), so the event's words after it still
    read left to right in the real browser — on the replay page and on the audit page."""
    from page_helpers import hand_made_game

    game = hand_made_game(("东家", "\u202eBob", "西家", "north"))
    path = tmp_path / "rtl.html"
    path.write_text(replay_page([page_game(game, "g0", "game 0", "en")], "rtl", "en"))
    _open(chrome, path)
    replay = _one(chrome, ".replay")
    row = _one(replay, "li[data-step='4']")  # seat 1's 碰: "4 ‮Bob peng 2m …"
    assert _one(row, ".who").tag_name == "bdi"
    what = _one(row, ".what")
    assert _left_to_right(chrome, what, 0, len(what.text))
    assert what.location["x"] > _one(row, ".who").location["x"]
    assert _one(row, ".i").location["x"] < _one(row, ".who").location["x"]
    for _ in range(4):
        _one(replay, "button[data-go=next]").click()
    now = _one(replay, ".now")
    shown = chrome.execute_script("return arguments[0].textContent;", now)
    at = shown.index("peng 2m")
    assert _left_to_right(chrome, now, at, len(shown))
    assert _left_to_right(chrome, now, 0, shown.index("\u202e"))  # "4 · " before the name
    # the facts (the dealer's name) and the seat's heading: isolated too
    assert {e.tag_name for e in _by_css(chrome, "section.seat .name")} == {"bdi"}
    assert _by_css(chrome, ".facts dd bdi")


# -- the page for people (issue 24, item 6) ---------------------------------------------------


def _audit_page(tmp_path: Path, lang: str) -> tuple[Path, list[dict[str, Any]]]:
    """The audit page of replays/ in ``lang`` and the reports of its disputed games (their
    ``explanation`` in that language)."""
    path = tmp_path / f"audit-{lang}.html"
    args = ["audit", "--html", str(path), "--lang", lang, "--verify-key", KEY, str(REPLAYS)]
    assert CliRunner().invoke(cli, args).exit_code == 3
    doc = CliRunner().invoke(
        cli, ["audit", "--format", "json", "--lang", lang, "--verify-key", KEY, str(REPLAYS)]
    )
    reports = json.loads(doc.stdout)["games"]
    return path, [r for r in reports if r["status"] != "verified"]


def _sentences(reports: list[dict[str, Any]], lang: str) -> list[str]:
    """Each finding's sentence as the page shows it (its consequence on its own line)."""
    from xzcore.audit.explain import explain

    out = []
    for r in reports:
        names = [row["name"] for row in r["money_per_seat"] or ()] or None
        out += [explain(f, names, lang) for f in r["findings"]]
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_reads_the_findings_as_sentences_at_400_px(
    chrome: Any, tmp_path: Path, lang: str
) -> None:
    path, reports = _audit_page(tmp_path, lang)
    want = _sentences(reports, lang)
    assert len(want) == 10
    try:
        for width in (1400, 400):
            chrome.set_window_size(width, 900)
            _open(chrome, path)
            inner = chrome.execute_script("return window.innerWidth")
            assert inner <= width
            wide = chrome.execute_script("return document.documentElement.scrollWidth")
            assert wide <= inner, (width, wide)  # nothing wider than the screen
            shown = [_plain(e.text) for e in _by_css(chrome, "li.finding .msg")]
            assert shown == want
            fix = [_plain(e.text) for e in _by_css(chrome, ".corrections li")]
            gives = "bot2 gives 64 to bot0" if lang == "en" else "bot2 付给 bot0 64"
            assert gives in fix
            chips = [e.text for e in _by_css(chrome, "nav.contents a.rule-chip")]
            assert ("R10.1 flower pig check" if lang == "en" else "R10.1 查花猪") in chips
            titles = [e.text for e in _by_css(chrome, "section.game > h2")]
            assert all(" 0" not in t.split("—")[0] or "第 0 局" not in t for t in titles)
            assert not any(", game 0" in t or "第 0 局" in t for t in titles)
    finally:
        chrome.set_window_size(1400, 1000)


def test_the_arrow_keys_step_the_replay_without_a_click(chrome: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    path, _ = _audit_page(tmp_path, "en")
    _open(chrome, path)
    first = _by_css(chrome, ".replay")[0]
    start = _step(first)  # at its finding: the last event (a finding of the whole game)
    chrome.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    ActionChains(chrome).send_keys(Keys.ARROW_LEFT).perform()
    assert _step(first) == start - 1  # the first replay: none in sight, none used yet
    second = _by_css(chrome, ".replay")[1]
    chrome.execute_script("arguments[0].scrollIntoView({block: 'start'})", second)
    before = _step(second)
    ActionChains(chrome).send_keys(Keys.ARROW_LEFT).perform()
    assert _step(second) == before - 1  # the one in sight
    assert _step(first) == start - 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_printed_page_is_a_report_of_the_sentences(
    chrome: Any, tmp_path: Path, lang: str
) -> None:
    """Chromium's print to PDF of the audit page holds every finding's sentence and the
    corrections (read back with pdftotext, poppler-utils), and none of the replay's
    controls."""
    import base64
    import shutil
    import subprocess

    from selenium.webdriver.common.print_page_options import PrintOptions

    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        if os.environ.get("XZ_REQUIRE_BROWSER"):
            pytest.fail("XZ_REQUIRE_BROWSER=1 but no pdftotext (apt-get install poppler-utils)")
        pytest.skip("no pdftotext (apt-get install poppler-utils)")
    fonts = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True).stdout
    if not fonts.strip():  # without one, Chromium prints no Chinese glyph at all
        if os.environ.get("XZ_REQUIRE_BROWSER"):
            pytest.fail("XZ_REQUIRE_BROWSER=1 but no CJK font (apt-get install fonts-wqy-microhei)")
        pytest.skip("no CJK font (apt-get install fonts-wqy-microhei)")
    path, reports = _audit_page(tmp_path, lang)
    _open(chrome, path)
    pdf = tmp_path / f"audit-{lang}.pdf"
    pdf.write_bytes(base64.b64decode(chrome.print_page(PrintOptions())))
    assert pdf.read_bytes()[:5] == b"%PDF-"
    text = subprocess.run(
        [pdftotext, "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True, text=True
    ).stdout

    def squeeze(s: str) -> str:  # the PDF wraps lines and may hyphenate nothing else
        return "".join(_plain(s).split())

    printed = squeeze(text)
    for sentence in _sentences(reports, lang):
        assert squeeze(sentence) in printed, sentence
    gives = "bot2 gives 64 to bot0" if lang == "en" else "bot2 付给 bot0 64"
    assert squeeze(gives) in printed
    for control in ("◀", "▶"):
        assert control not in text
