"""``xz replay`` on bad and odd logs: a clear error naming game, event and byte with exit 3,
or the log shown as written — never a traceback. Split from
test_cli_bad_input.py, which holds the other commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.cli.main import cli
from xzcore.log.writer import LogWriter
from xzcore.rules import RuleSet
from xzcore.view.table import WORDS, TableState, describe

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FAIR = REPLAYS / "preset-xuezhan.xzlog"


def xz(*args: str, input: str | bytes | None = None) -> Result:
    res = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in res.output
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise AssertionError(f"xz {' '.join(args)} raised {res.exception!r}")
    return res


def answers(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


# -- xz replay --------------------------------------------------------------------------------


def test_replay_random_bytes_exit_3_without_an_empty_table(tmp_path: Path) -> None:
    path = tmp_path / "rand.xzlog"
    path.write_bytes(bytes(range(256)) * 8)
    res = xz("replay", str(path))
    assert res.exit_code == 3
    assert "rand.xzlog, game 1, byte 0: " in res.output and "[L1]" in res.output
    assert "#  seat  event" not in res.output  # no table of nothing


def test_replay_empty_file_and_empty_stdin_exit_3(tmp_path: Path) -> None:
    path = tmp_path / "zero.xzlog"
    path.write_bytes(b"")
    res = xz("replay", str(path))
    assert res.exit_code == 3 and "zero.xzlog holds no game" in res.output  # was exit 0, silent
    res = xz("replay", "-", input=b"")
    assert res.exit_code == 3 and "- holds no game" in res.output


def test_replay_folder_exit_3(tmp_path: Path) -> None:
    res = xz("replay", str(tmp_path))
    assert res.exit_code == 3 and "is a folder" in res.output  # was a usage error (2)


def test_replay_stdin() -> None:
    res = xz("replay", "-", "--game", "1", input=FAIR.read_bytes())
    assert res.exit_code == 0 and res.output.startswith("game 1 — seed")


def test_replay_huge_declared_sizes_exit_3(tmp_path: Path) -> None:
    # L6: a str or array header declaring 2**32 - 1 elements is refused, never allocated.
    for name, data in [("arr", b"\xdd\xff\xff\xff\xff"), ("str", b"\xdb\xff\xff\xff\xff")]:
        path = tmp_path / f"{name}.xzlog"
        path.write_bytes(data + b"\x00" * 64)
        res = xz("replay", str(path))
        assert res.exit_code == 3 and f"{name}.xzlog, game 1, byte 0: " in res.output, name


def test_replay_to_negative_is_a_usage_error() -> None:
    res = xz("replay", str(FAIR), "--to", "-1")
    assert res.exit_code == 2 and "'--to'" in res.output


def test_replay_to_past_the_end_says_so() -> None:
    res = xz("replay", str(FAIR), "--to", "100000")
    assert res.exit_code == 0
    last = max(
        int(line.split()[0]) for line in res.output.splitlines() if line[:4].strip().isdigit()
    )
    assert f"-- after event {last} (the game ends there; --to 100000 is past its end) --" in (
        res.output
    )


def test_replay_one_game_is_not_judged_by_a_later_broken_one() -> None:
    # truncated.xzlog: game 1 is whole, game 2 is cut at event 66 (replays/README.md).
    res = xz("replay", str(REPLAYS / "truncated.xzlog"), "--game", "1")
    assert res.exit_code == 0 and "truncated record" not in res.output
    res = xz("replay", str(REPLAYS / "truncated.xzlog"), "--game", "2")
    assert res.exit_code == 3 and "game 2, event 66, byte 17932: truncated record" in res.output
    res = xz("replay", str(REPLAYS / "truncated.xzlog"), "--game", "5")
    assert res.exit_code == 3 and "has no game 5 (2 game(s))" in res.output


def test_replay_json_carries_the_read_errors() -> None:
    res = CliRunner().invoke(
        cli, ["replay", str(REPLAYS / "truncated.xzlog"), "--game", "2", "--json"]
    )
    assert res.exit_code == 3
    doc = json.loads(res.stdout)
    assert len(doc["events"]) == 66
    [err] = doc["errors"]
    assert "event 66, byte 17932: truncated record" in err


# -- odd events: replay shows a disputed log as written, whatever it holds ---------------------

_KEYS = [
    "type",
    "actor",
    "pai",
    "target",
    "tehais",
    "dealer",
    "suit",
    "transfers",
    "left",
    "hand",
    "score",
    "self_draw",
    "totals",
    "next_dealer",
    "consumed",
    "piao",
    "winners",
]
_TYPES = [*WORDS, "nope", 7, None]
_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**64), 2**64)
    | st.floats()
    | st.text(max_size=8)
    | st.binary(max_size=8)
    | st.sampled_from(["5p", "1m2m", "9s", "m"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(_KEYS) | st.integers(), inner, max_size=4)
    ),
    max_leaves=6,
)
_events = st.one_of(
    _values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(_TYPES)},
        optional={k: _values for k in _KEYS if k != "type"},
    ),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_events, max_size=12), st.sampled_from(["en", "zh"]))
def test_replay_view_takes_any_event(events: list[Any], lang: str) -> None:
    state = TableState()
    for ev in events:
        assert isinstance(describe(ev, lang), str)
        state.apply(ev)
    assert state.events == len(events)
    assert all(isinstance(line, str) for line in state.lines(lang))
    json.dumps(state.to_dict())


def test_replay_of_a_log_with_odd_events(tmp_path: Path) -> None:
    # A platform may write anything: replay shows it without a traceback; audit judges it.
    path = tmp_path / "odd.xzlog"
    odd = [
        {"type": "start_kyoku", "dealer": 9, "tehais": ["1m", 5, None]},
        {"type": "dahai", "actor": "x", "pai": b"\x00"},
        {"type": "pon", "actor": 1, "pai": "5z", "target": 7},
        {"type": "hora", "actor": 2, "score": {"multiplier": [1]}, "transfers": [{"payer": 9}]},
        [1, 2, 3],
        {"type": "end_kyoku", "totals": "none"},
    ]
    with open(path, "wb") as fh:
        w = LogWriter(fh)
        w.begin_game(rules=RuleSet.preset("xuezhan"), wall=list(range(27)) * 4, dealer=0)
        for ev in odd:
            w.write_event(ev)
        w.write_claims({})
        w.end_game()
    for args in ([], ["--to", "3"], ["--to", "6", "--lang", "zh"], ["--json", "--to", "2"]):
        res = CliRunner().invoke(cli, ["replay", str(path), *args])
        assert res.exit_code == 0, (args, res.output)
        assert res.exception is None or isinstance(res.exception, SystemExit)
    res = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert len(json.loads(res.stdout)["events"]) == len(odd)


def test_replay_json_is_strict_json_whatever_the_floats(tmp_path: Path) -> None:
    path = tmp_path / "nan.xzlog"
    ev = {"type": "dahai", "actor": 0, "pai": "5p", "n": float("nan"), "i": [float("-inf")]}
    with open(path, "wb") as fh:
        w = LogWriter(fh)
        w.begin_game(rules=RuleSet.preset("xuezhan"), wall=list(range(27)) * 4, dealer=0)
        w.write_event(ev)
        w.write_event({"type": "tsumo", "actor": 1, "pai": "1m", "raw": b"\x01\xff"})
        w.write_claims({})
        w.end_game()
    res = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert res.exit_code == 0

    def refuse(constant: str) -> None:
        raise AssertionError(f"bare {constant} is not JSON")

    doc = json.loads(res.stdout, parse_constant=refuse)  # was: bare NaN and -Infinity
    first, second = doc["events"]
    assert (first["n"], first["i"], second["raw"]) == ("nan", ["-inf"], "01ff")
