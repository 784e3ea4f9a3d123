"""``xz audit`` says how to settle each disputed game and the whole run (issue 24, item 2):
"bot2 gives 64 to bot0" under a game's money table and, netted per seat name, under the
run's, in English and Chinese; the ``--summary`` file and the JSON carry the same transfers;
``--jobs 2`` prints the very same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from audit_cli_helpers import run

from xzcore.audit.corrections import apply_corrections

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FILES = [str(REPLAYS / n) for n in ("huazhu-wrong-payee.xzlog", "wrong-multiplier.xzlog")]


def test_the_table_says_who_gives_what_to_whom(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(FILES, capsys)
    assert code == 1
    game, run_part = out.split("money per seat name, all games")
    assert "  correction (turns the log's money into the correct money):" in game
    assert "    bot2 gives 64 to bot0" in game.splitlines()
    assert "    bot0 gives 2 to bot2" in game.splitlines()
    # Netted over the run: bot2 owes bot0 64 and is owed 2 by it: one transfer of 62.
    assert run_part.splitlines()[-2] == "  bot2 gives 62 to bot0"
    assert "difference (log − correct)" in out


def test_the_chinese_table_says_it_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["--lang", "zh", *FILES], capsys)
    assert "    bot2 付给 bot0 64" in out.splitlines()
    assert "  bot2 付给 bot0 62" in out.splitlines()
    assert "差额（记录 − 应为）" in out


def test_summary_and_json_carry_the_transfers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = tmp_path / "s.json"
    _, out, _ = run(["--format", "json", "--summary", str(s), *FILES], capsys)
    doc = json.loads(out)
    summary = json.loads(s.read_text())
    assert summary["corrections"] == [{"from": "bot2", "to": "bot0", "units": 62}]
    log = {r["name"]: r["claimed"] for r in summary["money_per_seat"]}
    engine = {r["name"]: r["correct"] for r in summary["money_per_seat"]}
    assert apply_corrections(log, summary["corrections"]) == engine
    for game in doc["games"]:
        rows = game["money_per_seat"]
        log = {r["name"]: r["claimed"] for r in rows}
        engine = {r["name"]: r["correct"] for r in rows}
        assert apply_corrections(log, game["corrections"]) == engine


def test_jobs_2_prints_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = run([str(REPLAYS)], capsys)
    _, two, _ = run(["--jobs", "2", str(REPLAYS)], capsys)
    assert one == two
    assert "correction, all games together" in one
