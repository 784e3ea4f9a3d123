"""The blood-grp dialect (docs/mjai.md M6): every line it writes, over 2,004 recorded games of
every rule set it accepts, held to blood-grp's schema and order as ``blood_grp_schema.py``
reads them from its ``event.rs`` and ``board.rs`` (not from the library); each file back
through ``--from mjai`` to a log the audit verifies, with the same money; what it cannot
say refused in one line, nothing written; and a bot written from blood-grp's protocol alone
(``blood_grp_bot.py``) playing whole games through ``xz record --bot-dialect blood-grp``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from blood_grp_schema import Order, SchemaError, View, check_event
from games_helpers import games_of

from xzcore.audit.report import audit_bytes, audit_file
from xzcore.backend import BACKEND
from xzcore.cli.main import main
from xzcore.log.types import Match, net_of
from xzcore.log.writer import LogWriter
from xzcore.mjai.file import DialectRefusal, read_lines, to_mjai
from xzcore.mjai.replay import from_mjai
from xzcore.players.mjai_bot import MjaiSeat
from xzcore.players.recording import bot_chooser, record_games
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"
BOT = Path(__file__).resolve().parent / "blood_grp_bot.py"

ACCEPTED = {
    "xuezhan": RuleSet.preset("xuezhan"),
    "chengdu-classic declare_void=true": RuleSet.preset("chengdu-classic", declare_void=True),
    "leshan piao_max=0 baige=false": RuleSet.preset("leshan", piao_max=0, baige=False),
}
"""Every preset the dialect accepts, and the two it refuses with the refused options off
(M6.2): additive and count scoring, caps, 花猪 payees, the forced last-round win."""

PER_RUN = 334 if BACKEND == "cython" else 20
"""Games per rule set and bot: 3 × 2 × 334 = 2,004 on the compiled modules."""


def _record(rules: RuleSet, n: int, seed: int, bot: str) -> bytes:
    buf = io.BytesIO()
    writer = LogWriter(buf, match=Match(bytes(16), n))
    choosers = [bot_chooser(bot, seed * 4 + s) for s in range(4)]
    for _ in record_games(writer, rules, n, seed=seed, choosers=choosers):
        pass
    return buf.getvalue()


def _dialect(data: bytes) -> list[str]:
    res = to_mjai(io.BytesIO(data), dialect="blood-grp")
    assert not res.problems and not res.unconvertible
    return res.lines


def _check_lines(lines: list[str]) -> list[dict]:
    order = Order(View(None))
    events = []
    for i, raw in enumerate(lines):
        ev = json.loads(raw)
        try:
            order.take(ev)
        except SchemaError as exc:
            raise AssertionError(f"line {i + 1}: {exc}: {raw[:200]}") from None
        events.append(ev)
    order.end()
    return events


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_every_line_holds_to_blood_grps_schema_and_comes_back_verified(name: str, bot: str) -> None:
    """M6.1: each line is one of blood-grp's events with exactly its fields, types and ranges,
    in its arena's order; M6.4: the file comes back through --from mjai (replayed, M4) with no
    deltas note (M4.5: the deltas are the engine's), each game verified by the audit and
    with the original's money."""
    rules = ACCEPTED[name]
    seed = 50_000 + 1000 * sorted(ACCEPTED).index(name) + 500 * (bot == "random")
    data = _record(rules, PER_RUN, seed, bot)
    lines = _dialect(data)
    events = _check_lines(lines)
    kyoku = [e for e in events if e["type"] == "start_kyoku"]
    assert len(kyoku) == PER_RUN
    out = io.BytesIO()
    src = io.BytesIO(("\n".join(lines) + "\n").encode())
    back = from_mjai(read_lines(src), out, rules=rules)
    assert (back.games, back.replayed, back.notes) == (PER_RUN, PER_RUN, [])
    reports = audit_bytes(out.getvalue())
    assert [r.status for r in reports] == ["verified"] * PER_RUN
    before, after = games_of(data), games_of(out.getvalue())
    assert [g.claims["totals"] for g in after] == [g.claims["totals"] for g in before]
    assert [g.header.rules for g in after] == [rules.to_dict()] * PER_RUN  # type: ignore[union-attr]


def test_the_money_is_where_blood_grp_keeps_it() -> None:
    """M6.1: a hora's deltas are the win's money plus the 呼叫转移 paid to that winner; a
    ryukyoku's are the R10 settlement's; gang money has no event, so each start_kyoku's
    scores are the ones before plus every delta of the round before plus its gang money."""
    data = _record(RuleSet.preset("xuezhan"), 300, 7, "greedy")
    games = games_of(data)
    events = _check_lines(_dialect(data))
    rounds: list[list[dict]] = []
    for ev in events:
        if ev["type"] == "start_kyoku":
            rounds.append([])
        if rounds:
            rounds[-1].append(ev)
    assert len(rounds) == len(games)
    transfers_seen = 0
    scores = [0, 0, 0, 0]
    for game, rnd in zip(games, rounds, strict=True):
        assert rnd[0]["scores"] == scores
        ours = game.events
        wins = [e for e in ours if e["type"] == "hora"]
        theirs = [e for e in rnd if e["type"] == "hora"]
        assert [(e["actor"], e["target"]) for e in theirs] == [
            (e["actor"], e["target"]) for e in wins
        ]
        expected: list[list[int]] = []
        run: list[int] = []  # the wins on one discard, whose 呼叫转移 follows them
        for ev in ours:
            if ev["type"] == "hora":
                run.append(len(expected))
                expected.append(net_of(ev["transfers"]) or [])
                continue
            if ev["type"] == "call_transfer":
                for t in ev["transfers"]:
                    transfers_seen += 1
                    k = next(k for k in run if theirs[k]["actor"] == t["payee"])
                    expected[k][t["payer"]] -= t["units"]
                    expected[k][t["payee"]] += t["units"]
            run = []
        assert [e["deltas"] for e in theirs] == expected
        said = [0, 0, 0, 0]
        for ev in rnd:
            if ev["type"] in ("hora", "ryukyoku"):
                said = [a + b for a, b in zip(said, ev["deltas"], strict=True)]
        gang = [0, 0, 0, 0]
        for ev in ours:
            if ev["type"] == "gang_payment":
                gang = [a + b for a, b in zip(gang, net_of(ev["transfers"]) or [], strict=True)]
        totals = game.claims["totals"]
        assert [s + g for s, g in zip(said, gang, strict=True)] == totals
        scores = [a + b for a, b in zip(scores, totals, strict=True)]
        settlement = [e for e in ours if e["type"] == "settlement"]
        drawn = [e for e in rnd if e["type"] == "ryukyoku"]
        assert len(drawn) == len(settlement)
        for d, s in zip(drawn, settlement, strict=True):
            assert d["deltas"] == net_of(s["transfers"])
    assert transfers_seen  # the seeds hold 呼叫转移s


BLOOD_GRP = ["--dialect", "blood-grp"]

REFUSED = [
    ("preset-xueliu.xzlog", "exchange_three=true", "R3.1"),
    ("preset-chengdu-classic.xzlog", "declare_void=false", "R4.1"),
    ("preset-leshan.xzlog", "piao_max=5", "R13.3"),
]


@pytest.mark.parametrize(("sample", "what", "rule"), REFUSED)
def test_what_the_dialect_cannot_say_is_refused_in_one_line_and_nothing_is_written(
    sample: str, what: str, rule: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M6.2: a log of rules blood-grp has no event for is refused, exit 3, one line naming the
    game, the option and its rule; no output file; the default dialect still converts it."""
    out = tmp_path / "out.jsonl"
    with pytest.raises(SystemExit) as info:
        main(
            [
                "convert",
                str(REPLAYS / sample),
                "--to",
                "mjai",
                "--dialect",
                "blood-grp",
                "-o",
                str(out),
            ]
        )
    err = capsys.readouterr().err
    assert info.value.code == 3
    assert err.count("\n") == 1
    assert f"game 1: the blood-grp dialect cannot say {what} ({rule} " in err
    assert not out.exists()
    with open(REPLAYS / sample, "rb") as fh:
        assert to_mjai(fh, dialect="xz").games == 3
    with open(REPLAYS / sample, "rb") as fh, pytest.raises(DialectRefusal) as refusal:
        to_mjai(fh, dialect="blood-grp")
    assert (refusal.value.what, refusal.value.rule) == (what, rule)


@pytest.mark.parametrize(
    ("sets", "what", "rule"),
    [
        (["--rules", "xueliu", "--set", "exchange_three=false"], "xueliu=true", "R11.2"),
        (["--rules", "leshan", "--set", "piao_max=0"], "baige=true", "R13.4"),
        (["--set", "exchange_three=true"], "exchange_three=true", "R3.1"),
    ],
)
def test_record_refuses_a_blood_grp_bot_rules_it_cannot_say(
    sets: list[str], what: str, rule: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M6.2: xz record --bot-dialect blood-grp under such rules is a usage error (exit 2), one
    line, before any bot starts or any file is made."""
    out = tmp_path / "g.xzlog"
    args = ["record", "-n", "1", *sets, "--bot", f"1={sys.executable} {BOT} 1"]
    with pytest.raises(SystemExit) as info:
        main([*args, "--bot-dialect", "blood-grp", "-o", str(out)])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert f"that dialect cannot say {what} of these rules ({rule} " in err
    assert not out.exists()


def test_dialect_xz_is_the_default_and_goes_with_to_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M6: --dialect xz writes what no --dialect writes; --dialect with --from is a usage
    error (exit 2)."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    src = str(REPLAYS / "preset-xuezhan.xzlog")
    for out, extra in ((a, []), (b, ["--dialect", "xz"])):
        with pytest.raises(SystemExit) as info:
            main(["convert", src, "--to", "mjai", "-o", str(out), *extra])
        assert info.value.code == 0
    assert a.read_bytes() == b.read_bytes()
    assert b'"xz_' in a.read_bytes()
    with pytest.raises(SystemExit) as info:
        main(["convert", str(a), "--from", "mjai", "--dialect", "blood-grp", "-o", str(b)])
    assert info.value.code == 2
    assert "--dialect goes with --to mjai" in capsys.readouterr().err


def test_a_blood_grp_seat_declares_its_void_on_start_kyoku_and_the_dealer_draws_after() -> None:
    """M6.3: the seat's first prompt is start_kyoku (13 tiles, the others hidden), the
    dealer's 14th tile comes as its tsumo after the four ding_que, as blood-grp's arena
    deals."""
    d = deal(3)
    rnd = Round(RuleSet(), d.wall, d.dealer)
    seat = (d.dealer + 1) % 4
    obs = MjaiSeat(seat, dialect="blood-grp")
    obs.update(rnd)
    first = obs.new_events()
    assert [e["type"] for e in first] == ["start_game", "start_kyoku"]
    assert first[0] == {"type": "start_game", "names": ["bot0", "bot1", "bot2", "bot3"]}
    view = View(seat)
    for ev in first:
        check_event(ev, view)
    assert all(r["type"] == "ding_que" for r in obs.legal_reactions())
    for s in range(4):
        rnd.play(rnd.legal_actions(s)[0])
    dealer = MjaiSeat(d.dealer, dialect="blood-grp")
    dealer.update(rnd)
    after = dealer.new_events()
    assert [e["type"] for e in after] == ["start_game", "start_kyoku", *["ding_que"] * 4, "tsumo"]
    assert [e["actor"] for e in after[2:6]] == [0, 1, 2, 3]
    assert after[-1]["actor"] == d.dealer and after[-1]["pai"] != "?"
    order = Order(View(d.dealer))
    for ev in after:
        order.take(ev)


def _record_with_bots(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    out = tmp_path / "bots.xzlog"
    bots = []
    for s in (1, 3):
        bots += ["--bot", f"{s}={sys.executable} {BOT} {s}"]
    return subprocess.run(
        [sys.executable, "-m", "xzcore.cli", "record", *args, *bots, "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("games", [["-n", "30", "--seed", "5"], ["--rounds", "12"]])
def test_a_bot_written_from_blood_grps_protocol_plays_whole_games(
    games: list[str], tmp_path: Path
) -> None:
    """M6.3: two seats played by the test bot, which exits 3 at any line outside blood-grp's
    schema or order: every game is played, no reaction is late, malformed or illegal, a bot
    wins, and the audit verifies the log; as independent games and as a match."""
    ran = _record_with_bots(tmp_path, *games, "--bot-dialect", "blood-grp")
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines() == [f"wrote {games[1]} game(s) to {tmp_path / 'bots.xzlog'}"]
    reports = list(audit_file(tmp_path / "bots.xzlog"))
    assert [r.status for r in reports] == ["verified"] * int(games[1])
    wins = [e for g in games_of((tmp_path / "bots.xzlog").read_bytes()) for e in g.events]
    assert {e["actor"] for e in wins if e["type"] == "hora"} & {1, 3}


def test_the_blood_grp_bot_refuses_our_own_dialect(tmp_path: Path) -> None:
    """M6.3: spoken to in our dialect (start_game's id and xz_rules, the dealt tsumo before
    ding_que, the xz_ lines), the bot refuses its first line; the seat is given up (exit 4)."""
    ran = _record_with_bots(tmp_path, "-n", "2")
    assert ran.returncode == 4
    assert 'blood-grp bot: refused {"type":"start_game"' in ran.stderr


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"actor": 9}, "dahai actor 9"),
        ({"pai": "5z"}, "dahai pai '5z'"),
        ({"type": "xz_odd"}, "event xz_odd"),
    ],
)
def test_a_doctored_event_the_dialect_cannot_say_is_refused_not_written(
    change: dict, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M6.1: a value outside blood-grp's types or ranges, or an event it has no word for, in a
    doctored log is refused in one line (exit 3), never written as a line its readers refuse."""
    game = games_of(_record(RuleSet.preset("xuezhan"), 1, 3, "greedy"))[0]
    assert game.header is not None and game.claims is not None
    events = [dict(e) for e in game.events]
    k = next(i for i, e in enumerate(events) if e["type"] == "dahai")
    events[k].update(change)
    log = tmp_path / "doctored.xzlog"
    with open(log, "wb") as fh:
        writer = LogWriter(fh)
        h = game.header
        writer.begin_game(rules=h.rules, wall=h.wall, dealer=h.dealer, seats=list(h.seats))
        for ev in events:
            writer.write_event(ev)
        writer.write_claims(game.claims)
        writer.end_game()
    out = tmp_path / "d.jsonl"
    with pytest.raises(SystemExit) as info:
        main(["convert", str(log), "--to", "mjai", "-o", str(out), *BLOOD_GRP])
    err = capsys.readouterr().err
    assert info.value.code == 3
    assert f"game 1: the blood-grp dialect cannot say {what} " in err
    assert err.count("\n") == 1 and not out.exists()


def test_xz_convert_writes_the_dialect_and_reads_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """M6, M5: the xuezhan sample through --to mjai --dialect blood-grp (every line in
    blood-grp's schema and order, no xz_ line, no meta) and back through --from mjai: three
    games replayed, verified, the original's money."""
    sample, jsonl, back = REPLAYS / "preset-xuezhan.xzlog", tmp_path / "a.jsonl", tmp_path / "b"
    with pytest.raises(SystemExit) as info:
        main(["convert", str(sample), "--to", "mjai", "-o", str(jsonl), *BLOOD_GRP])
    assert info.value.code == 0
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    assert capsys.readouterr().err == (
        f"xz convert: wrote 3 game(s) ({len(lines)} mjai lines) to {jsonl}\n"
    )
    events = _check_lines(lines)
    assert sum(e["type"] == "start_kyoku" for e in events) == 3
    with pytest.raises(SystemExit) as info:
        main(["convert", str(jsonl), "--from", "mjai", "-o", str(back)])
    assert info.value.code == 0
    assert "(0 rebuilt from their meta, 3 replayed through the engine)" in capsys.readouterr().err
    original, converted = list(audit_file(sample)), list(audit_file(back))
    assert [r.status for r in converted] == ["verified"] * 3
    money = [[m["correct"] for m in r.to_dict()["money_per_seat"]] for r in converted]
    assert money == [[m["correct"] for m in r.to_dict()["money_per_seat"]] for r in original]
