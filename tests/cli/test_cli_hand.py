"""``xz hand``: text, --json, --jsonl with good and bad lines, exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from xzcore.cli.main import cli


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["hand", *args], input=stdin)


# -- text ---------------------------------------------------------------------------------------


def test_waits_with_values() -> None:
    r = run("1112345678999s", "--void", "m")
    assert r.exit_code == 0, r.output
    assert "R7.3  听牌 ready on 9 kind(s): 1s 2s 3s 4s 5s 6s 7s 8s 9s" in r.output
    assert "  1s  清一色 one suit ×4 · 根 1 ×2 → fan 3 ×8" in r.output
    assert "  5s  清一色 one suit ×4 → fan 2 ×4" in r.output
    assert "R10.2 查大叫 (max)" in r.output and "×8" in r.output.splitlines()[-1]


def test_a_win_explained_with_rule_ids() -> None:
    r = run("22255588m22288p", "--win-tile", "8p", "--void", "s", "--after-gang")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "R7.1  胡 a win" in out
    assert "R8.3  将对 2-5-8 triplets: ×8 (replaces 对对胡 all triplets)" in out
    assert "R8.6  杠上炮 win on the discard made after a gang: ×2" in out
    assert "R8    番 fan 4: ×16" in out
    assert "R8.7  封顶 cap 6 fan (×64): ×16" in out


def test_fourteen_tiles_win_on_the_last_one() -> None:
    r = run("1133446666m5588p", "--void", "s")
    assert r.exit_code == 0
    assert "1133446666m558p + 8p" in r.output
    assert "龙七对 dragon seven pairs: ×16" in r.output


def test_melds_rules_and_set() -> None:
    melds = "gang 1m, gang 3m, angang 5m, bugang 7m"
    r = run("9m", "--melds", melds, "--win-tile", "9m", "--void", "p")
    assert "清十八罗汉" in r.output and "×64 — capped" in r.output
    r = run("9m", "--melds", melds, "--win-tile", "9m", "--void", "p", "--set", "cap_fan=none")
    assert "封顶 cap none: ×256" in r.output
    r = run("9m", "--melds", melds, "--win-tile", "9m", "--rules", "chengdu-classic")
    # 对对胡 +1, 清一色 +2, 4 根 +4 = 7 fan, cap 3
    assert "番 fan 7: ×128" in r.output and "×8 — capped" in r.output


def test_context_flags() -> None:
    r = run("123345789m2346p", "-w", "6p", "-v", "s", "--self-draw", "--first-turn", "--dealer")
    assert "R7.5  天胡 tianhu: ×32" in r.output
    r = run("123345789m2346p", "-w", "6p", "-v", "s", "--self-draw", "--last-tile")
    assert "海底捞月" in r.output
    r = run("123345789m2346p", "-w", "6p", "-v", "s", "--robbed")
    assert "抢杠胡" in r.output


def test_not_a_win_is_an_answer() -> None:
    r = run("123345789m2346p", "--win-tile", "6p", "--void", "p")
    assert r.exit_code == 0
    assert "R4.4  不胡 not a win" in r.output and "2p" in r.output
    r = run("1113579m2468p13p", "--void", "s")
    assert r.exit_code == 0 and "R7.3  不听 not ready" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("123345789m2346z",), "honour"),
        (("123345789m2346p", "--win-tile", "6x"), "win_tile"),
        (("123m",), "expected 13"),
        (("123345789m2346p", "-w", "6p", "--melds", "pong 5p"), "unknown meld kind"),
        (("123345789m2346p", "-w", "6p", "--set", "cap_fan"), "OPTION=VALUE"),
        (("123345789m2346p", "-w", "6p", "--set", "colour=red"), "colour"),
        (("123345789m2346p", "-w", "6p", "--robbed", "--self-draw"), "R6.4"),
        (("123345789m2346p", "-w", "6p", "--rules", "poker"), "poker"),
        ((), "missing TILES"),
    ],
)
def test_usage_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


# -- --json -------------------------------------------------------------------------------------


def test_json_win() -> None:
    r = run("1133446666m558p", "--win-tile", "8p", "--void", "s", "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["win"] is True
    assert d["score"]["pattern"] == "longqidui" and d["score"]["capped"] == 16
    assert d["rules"]["cap_fan"] == 6
    assert any("R8.2" in line for line in d["lines"])


def test_json_waits() -> None:
    d = json.loads(run("1112345678999s", "--void", "m", "--json").output)
    assert (d["win"], d["ready"], d["chajiao"]) == (False, True, 8)
    assert [w["tile"] for w in d["waits"]] == [f"{r}s" for r in range(1, 10)]
    assert d["waits"][0]["multiplier"] == 8 and d["waits"][1]["pattern"] == "qingyise"


# -- --jsonl ------------------------------------------------------------------------------------

GOOD = {"hand": "123345789m2346p", "win_tile": "6p", "void": "s", "self_draw": True}
LINES = [
    json.dumps(GOOD),
    "{not json",
    json.dumps({**GOOD, "selfdraw": True}),  # a typo is an error, never silently ignored
    "",  # blank lines are skipped
    json.dumps({"hand": "1112345678999s", "void": "m", "id": 7}),
    json.dumps({**GOOD, "hand": "123345789m2346z"}),
    json.dumps(
        {
            "hand": "9m",
            "win_tile": "9m",
            "void": "p",
            "rules": "chengdu-classic",
            "melds": [["gang", "1m"], ["gang", "3m"], ["angang", "5m"], ["bugang", "7m"]],
        }
    ),
    json.dumps({**GOOD, "set": {"zimo_bonus": "double"}, "explain": True}),
    json.dumps({**GOOD, "void": "p"}),
    json.dumps([1, 2]),
    json.dumps({**GOOD, "set": {"cap_fan": "six"}}),
]


def _answers(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines()]


def test_jsonl_answers_every_line(tmp_path: Path) -> None:
    path = tmp_path / "req.jsonl"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    r = run("--jsonl", str(path))
    assert r.exit_code == 1  # some lines failed
    a = _answers(r.stdout)
    assert [x["line"] for x in a] == [1, 2, 3, 5, 6, 7, 8, 9, 10, 11]
    by_line = {x["line"]: x for x in a}
    assert by_line[1]["ok"] and by_line[1]["score"]["multiplier"] == 1
    assert not by_line[2]["ok"] and by_line[2]["error"]["type"] == "JSONDecodeError"
    assert not by_line[3]["ok"] and "selfdraw" in by_line[3]["error"]["message"]
    assert by_line[5]["ok"] and by_line[5]["chajiao"] == 8 and by_line[5]["id"] == 7
    assert not by_line[6]["ok"] and "honour" in by_line[6]["error"]["message"]
    assert by_line[7]["score"]["fan"] == 7 and by_line[7]["score"]["capped"] == 8
    assert by_line[8]["score"]["extras"] == ["zimo"] and "lines" in by_line[8]
    assert by_line[9]["ok"] and by_line[9]["win"] is False and by_line[9]["rule"] == "R4.4"
    assert not by_line[10]["ok"] and "JSON object" in by_line[10]["error"]["message"]
    assert not by_line[11]["ok"] and "cap_fan" in by_line[11]["error"]["message"]
    assert "5 request(s) failed" in r.stderr


def test_jsonl_all_good_from_stdin() -> None:
    r = run("--jsonl", "-", stdin=json.dumps(GOOD) + "\n" + json.dumps(GOOD) + "\n")
    assert r.exit_code == 0
    assert [x["ok"] for x in _answers(r.stdout)] == [True, True]


def test_jsonl_defaults_come_from_the_command_line() -> None:
    r = run(
        "--jsonl",
        "-",
        "--rules",
        "chengdu-classic",
        "--set",
        "cap_fan=2",
        stdin=json.dumps({"hand": "1113335557779m", "win_tile": "9m"}),
    )
    (a,) = _answers(r.stdout)
    assert (a["score"]["fan"], a["score"]["capped"]) == (3, 4)


def test_jsonl_bad_utf8_is_a_failed_line() -> None:
    r = CliRunner().invoke(cli, ["hand", "--jsonl", "-"], input=b'{"hand": "\xff"}\n')
    assert r.exit_code == 1
    (a,) = _answers(r.stdout)
    assert a["ok"] is False and a["line"] == 1


def test_jsonl_unreadable_file_exits_3(tmp_path: Path) -> None:
    r = run("--jsonl", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 3
    assert "cannot read" in r.stderr


def test_jsonl_and_tiles_together_is_usage() -> None:
    assert run("123m", "--jsonl", "-").exit_code == 2


def test_leshan_counts() -> None:
    # R13.1's worked example: 底 + 清一色 5 + 一般高 + 四归一 = 8
    r = run("2233445m678m", "-w", "5m", "--melds", "gang 9m", "-v", "p", "--rules", "leshan")
    assert r.exit_code == 0
    assert "R13.1 清一色 one suit: +5" in r.output and "R13.1 个数 count: 8" in r.output
    r = run("1112345678999s", "-v", "m", "--rules", "leshan")
    assert "R10.2 查大叫 (max) chajiao count, tiles only (R13.1): 8" in r.output


def test_jsonl_jobs_give_the_same_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import xzcore.cli.hand as hand_module

    monkeypatch.setattr(hand_module, "_CHUNK", 3)  # several chunks from a short file
    path = tmp_path / "req.jsonl"
    path.write_text("\n".join(LINES * 2) + "\n", encoding="utf-8")
    one = run("--jsonl", str(path), "--set", "cap_fan=4")
    two = run("--jsonl", str(path), "--set", "cap_fan=4", "--jobs", "2")
    assert (one.exit_code, two.exit_code) == (1, 1)
    assert two.stdout == one.stdout
    assert [a["line"] for a in _answers(two.stdout)][-3:] == [20, 21, 22]


def test_a_single_hand_leaves_multiprocessing_unimported() -> None:
    # Only --jsonl --jobs uses worker processes; one hand in a fresh process does not pay for
    # importing multiprocessing (and socket, selectors, pickle) at start-up.
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from xzcore.cli.main import main\n"
        "try:\n"
        "    main(['hand', '1112345678999s', '--void', 'm'])\n"
        "except SystemExit as exc:\n"
        "    print(exc.code, 'multiprocessing' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 False"
