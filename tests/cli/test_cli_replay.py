"""``xz replay``: the event table, the state at event N (checked against the round engine's
own state after the same actions), Chinese names, JSON, and unreadable input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from xzcore.cli.main import cli
from xzcore.log.reader import LogReader
from xzcore.round.actions import action_of
from xzcore.round.engine import Round
from xzcore.rules import RuleSet
from xzcore.tiles import format_counts, tile_name

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FAIR = str(REPLAYS / "preset-xuezhan.xzlog")


def replay(args: list[str]) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["replay", *args])
    return res.exit_code, res.output


def test_table_lists_every_event() -> None:
    code, out = replay([FAIR, "--game", "2"])  # the second game: counted from 1
    assert code == 0
    with open(FAIR, "rb") as fh:
        games = list(LogReader(fh))
    n = len(games[1].events)
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == n
    # The game's words, seats by their header names (the number in brackets).
    assert rows[0].split()[:3] == ["0", "deal", "dealer"]
    assert rows[1].split()[:5] == ["1", "bot0", "(seat", "0)", "declares"]
    assert not any(w in out for w in ("dahai", "tsumo", "hora", "end_kyoku", "three_won"))
    assert out.startswith("game 2 — seed 2")


def _fair_games() -> list[tuple[str, int]]:
    names = ("preset-xuezhan", "preset-chengdu-classic", "preset-xueliu")
    return [(n, i) for n in names for i in range(3)]


@pytest.mark.parametrize(("name", "index"), _fair_games())
def test_state_at_every_event_matches_the_engine(name: str, index: int) -> None:
    """At every event N after which the engine has emitted exactly N+1 events (claims are
    emitted in batches), the state shown equals the round engine's own state — in games with
    discard wins (the won tile leaves the discarder's river once, R5.3), 血流 and exchanges."""

    from xzcore.view.table import TableState

    with open(Path(FAIR).parent / f"{name}.xzlog", "rb") as fh:
        game = list(LogReader(fh))[index]
    first = game.events[0]
    rnd = Round(
        RuleSet.from_dict(game.header.rules),
        list(game.header.wall),
        game.header.dealer,
        exchange_direction=first.get("exchange_direction"),
    )
    state = TableState()
    checked = 0
    for ev in game.events:
        a = action_of(ev)
        if a is not None:
            rnd.play(a)
        state.apply(ev)
        if len(rnd.events) != state.events:
            continue
        checked += 1
        for s in range(4):
            seat = state.to_dict()["seats"][s]
            assert seat["hand"] == format_counts(rnd.hands[s].counts())
            assert seat["melds"] == [str(m) for m in rnd.melds[s]]
            assert seat["discards"] == [tile_name(k) for k in rnd.rivers[s]]
            assert seat["void"] == ("mps"[rnd.voids[s]] if rnd.voids[s] >= 0 else None)
            assert seat["score"] == rnd.ledger.totals()[s]
        assert state.wall_left == 108 - rnd.pos
    assert checked > len(game.events) // 2


def test_to_n_json() -> None:
    code, out = replay([FAIR, "--to", "30", "--json"])
    doc = json.loads(out)
    assert code == 0 and len(doc["events"]) == 31 and doc["state"]["events"] == 31
    assert doc["header"]["seed"] == 1 and len(doc["state"]["seats"]) == 4


def test_text_state_and_chinese_names() -> None:
    code, out = replay([FAIR, "--to", "10", "--lang", "zh"])
    assert code == 0
    assert "-- 第 10 个事件之后 --" in out
    assert "定缺" in out and ("万" in out or "筒" in out or "条" in out)


def test_melds_in_chinese() -> None:
    with open(FAIR, "rb") as fh:
        game = next(iter(LogReader(fh)))
    n = next(i for i, e in enumerate(game.events) if e["type"] == "pon")
    code, out = replay([FAIR, "--to", str(n), "--lang", "zh"])
    state = out.split(f"-- 第 {n} 个事件之后 --")[1]
    assert code == 0 and "副露 碰 " in state and "peng" not in state
    assert (
        sum(line.startswith(f"bot{s}（座{s}）") for line in state.splitlines() for s in range(4))
        == 4
    )


def test_unreadable_exit_3() -> None:
    code, out = replay([str(REPLAYS / "truncated.xzlog")])
    assert code == 3 and "truncated record" in out
    code, out = replay([str(REPLAYS / "nope.xzlog")])
    assert code == 3 and "cannot open" in out
    code, out = replay([FAIR, "--game", "9"])
    assert code == 3 and "has no game 9" in out


def test_the_header_names_the_preset_not_the_scoring_model() -> None:
    from click.testing import CliRunner

    from xzcore.cli.main import cli

    replays = Path(__file__).resolve().parents[2] / "replays"
    for log, en, zh in [
        ("preset-leshan.xzlog", "rules leshan,", "规则 乐山麻将，"),
        ("preset-xueliu.xzlog", "rules xueliu,", "规则 血流成河，"),
        ("preset-chengdu-classic.xzlog", "rules chengdu-classic,", "规则 成都麻将（经典），"),
    ]:
        head = CliRunner().invoke(cli, ["replay", str(replays / log)]).stdout.splitlines()[0]
        assert en in head, head
        head = CliRunner().invoke(cli, ["replay", "--lang", "zh", str(replays / log)]).stdout
        assert zh in head.splitlines()[0]
