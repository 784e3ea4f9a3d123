"""Whole files between .xzlog and mjai (docs/mjai.md M2.4, M4): every bundled replay there
and back, a hand-written blood-grp log replayed through the engine, plain mjai made from our
own logs, and malformed mjai named by its line."""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path
from typing import Any

import pytest
from games_helpers import games_of
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.audit.report import CONVERTED_NOTE, audit_bytes
from xzcore.log.reader import Game
from xzcore.log.types import LogFormatError, Match
from xzcore.log.writer import LogWriter
from xzcore.mjai.file import CONVERTED, MjaiError, read_lines, to_mjai
from xzcore.mjai.replay import from_mjai
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*.xzlog"))
RECHAINED = {"edited-record.xzlog", "forged-signature.xzlog"}
"""Samples whose hash chain or signature was doctored: the writer lays them anew (M2.4)."""


def _whole(games: list[Game]) -> list[Game]:
    return [g for g in games if g.complete and g.claims is not None and g.close is not None]


def _text(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def _back(mjai: bytes, **kw: Any) -> tuple[bytes, Any]:
    out = io.BytesIO()
    res = from_mjai(read_lines(io.BytesIO(mjai)), out, **kw)
    return out.getvalue(), res


def _demo_signer() -> Any:
    spec = importlib.util.spec_from_file_location("_replays", ROOT / "scripts/make_replays.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.demo_signer()


def _header(g: Game) -> tuple[Any, ...]:
    h = g.header
    assert h is not None
    return (h.version, h.game, h.match, h.planned, h.rules, h.seats, h.dealer, h.wall, h.seed)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.name)
def test_every_replay_comes_back_with_the_same_events_claims_and_header(path: Path) -> None:
    """M2.4: xzlog → mjai → xzlog gives each whole game's events, claims, header fields and
    last mark back; the truncated sample's cut game is reported at its byte offset (L1)."""
    data = path.read_bytes()
    res = to_mjai(io.BytesIO(data), path=path.name)
    back, info = _back(_text(res.lines))
    before, after = _whole(games_of(data)), games_of(back)
    assert res.games == info.games == info.rebuilt == len(before) == len(after)
    for a, b in zip(before, after, strict=True):
        assert a.events == b.events
        assert a.claims == b.claims
        assert _header(a) == _header(b)
        assert a.header is not None and b.header is not None
        assert a.header.extra == b.header.extra
        assert a.close is not None and b.close is not None
        assert a.close.last == b.close.last and a.close.events == b.close.events
    unreadable = [p for p in res.problems if isinstance(p, LogFormatError)]
    if path.name == "truncated.xzlog":
        assert [(p.rule, p.location.game, p.location.offset) for p in unreadable] == [
            ("L1", 1, 17932)
        ]
        assert res.unreadable
    else:
        assert not unreadable and not res.unreadable


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.name)
def test_a_replay_signed_again_with_its_key_is_the_same_bytes(path: Path) -> None:
    """M2.4, L2, L3: Ed25519 signs deterministically, so a converted-back log signed with the
    key that signed it is the same file, byte for byte — unless its chain or signature had
    been doctored (the writer lays the chain anew); the truncated one, up to its cut."""
    data = path.read_bytes()
    back, _ = _back(_text(to_mjai(io.BytesIO(data)).lines), signer=_demo_signer())
    if path.name in RECHAINED:
        assert back != data
    elif path.name == "truncated.xzlog":
        assert data.startswith(back) and len(back) < len(data)
    else:
        assert back == data


def _verdicts(data: bytes) -> list[tuple[Any, ...]]:
    out = []
    for r in audit_bytes(data):
        d = r.to_dict()
        rules = sorted(f["rule"] for f in d["findings"] if not f["rule"].startswith("L"))
        money = [(m["claimed"], m["correct"]) for m in d["money_per_seat"]]
        out.append((r.events, rules, money))
    return out


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.name)
def test_a_converted_replay_audits_as_the_original(path: Path) -> None:
    """M2.4: the audit of the converted-back log finds the same rule findings at the same
    events and the same money per seat as the original's (the L findings of a doctored chain
    or signature aside: the writer lays the chain anew)."""
    data = path.read_bytes()
    back, _ = _back(_text(to_mjai(io.BytesIO(data)).lines))
    whole = [v for v, g in zip(_verdicts(data), games_of(data), strict=True) if g.complete]
    assert _verdicts(back) == whole


def _recorded(rules: RuleSet, n: int, seed: int, bot: str, match: bool = True) -> bytes:
    buf = io.BytesIO()
    writer = LogWriter(buf, match=Match(bytes(range(16)), n) if match else None)
    choosers = [bot_chooser(bot, seed * 4 + s) for s in range(4)]
    for _ in record_games(writer, rules, n, seed=seed, choosers=choosers):
        pass
    return buf.getvalue()


@pytest.mark.parametrize("match", [True, False], ids=["format 1.1", "format 1.0"])
def test_an_unsigned_log_comes_back_byte_for_byte(match: bool) -> None:
    """M2.4, L2: an unsigned log written by this xzcore converts back to the same bytes, so
    every hash of its chain (L2) is the same."""
    data = _recorded(RuleSet.preset("xueliu"), 6, 40, "random", match)
    back, _ = _back(_text(to_mjai(io.BytesIO(data)).lines))
    assert back == data


# -- plain mjai (M4) ---------------------------------------------------------------------------

BLOOD_GRP = """\
{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","kyoku":1,"oya":0,"scores":[0,0,0,0],"tehais":[["2p","2p","4p","6p","1s","1s","1s","7s","7s","7s","9s","9s","9s"],["1m","2m","3m","5m","7m","9m","9m","1p","3p","5p","7p","8p","9p"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","1p","4p","6p"],["3p","3p","4p","6p","2s","3s","4s","5s","6s","7s","8s","8s","8s"]]}
{"type":"ding_que","actor":0,"suit":"man"}
{"type":"ding_que","actor":1,"suit":"sou"}
{"type":"ding_que","actor":2,"suit":"sou"}
{"type":"ding_que","actor":3,"suit":"man"}
{"type":"tsumo","actor":0,"pai":"9m"}
{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true}
{"type":"pon","actor":1,"target":0,"pai":"9m","consumed":["9m","9m"]}
{"type":"dahai","actor":1,"pai":"5p","tsumogiri":false}
{"type":"hora","actor":2,"target":1,"deltas":[0,-1,1,0]}
{"type":"hora","actor":3,"target":1}
{"type":"hora","actor":0,"target":1,"deltas":[1,-1,0,0]}
{"type":"end_kyoku"}
{"type":"start_kyoku","kyoku":2,"oya":1,"scores":[1,-3,1,1],"tehais":[["1m","2m","4m","5m","7m","8m","1p","2p","4p","5p","7p","8p","9p"],["1p","2p","4p","5p","7p","8p","1s","2s","4s","5s","7s","8s","9s"],["1m","2m","4m","5m","7m","8m","9m","1s","2s","4s","5s","7s","8s"],["1m","2m","4m","5m","7m","8m","1p","2p","4p","5p","7p","8p","9p"]]}
{"type":"ding_que","actor":0,"suit":"sou"}
{"type":"ding_que","actor":1,"suit":"man"}
{"type":"ding_que","actor":2,"suit":"pin"}
{"type":"ding_que","actor":3,"suit":"sou"}
{"type":"tsumo","actor":1,"pai":"3s"}
{"type":"dahai","actor":1,"pai":"3s","tsumogiri":true}
"""
"""A blood-grp log written by hand (M4): round 1 — the dealer discards its void-suit 9m
(R4.2), seat 1 pons it (R5.2) and discards 5p, on which seats 2, 3 and 0 all win (R5.3,
one payment of ×1 each, R9.1), three winners ending the round (R10.4); round 2 — nobody can
claim or win (13 different tiles each), every draw is discarded at once, to the empty wall
(R5.6) and a settlement that moves nothing (R10)."""
ROUND_2_DRAWS = (
    "1m2m3m3m3m3m4m5m6m6m6m6m7m8m9m9m9m"
    "1p2p3p3p3p3p4p5p6p6p6p6p7p8p9p9p"
    "1s1s2s2s3s3s3s4s4s5s5s6s6s6s6s7s7s8s8s9s9s9s"
)
"""The 55 tiles left in round 2's wall, drawn in this order by seats 2, 3, 0, 1, 2 … (R5.1)."""


def _blood_grp(last: str = '{"type":"ryukyoku","deltas":[0,0,0,0]}') -> bytes:
    lines = BLOOD_GRP.splitlines()
    for i in range(0, len(ROUND_2_DRAWS), 2):
        seat, pai = (2 + i // 2) % 4, ROUND_2_DRAWS[i : i + 2]
        lines.append(f'{{"type":"tsumo","actor":{seat},"pai":"{pai}"}}')
        lines.append(f'{{"type":"dahai","actor":{seat},"pai":"{pai}","tsumogiri":true}}')
    lines += [last, '{"type":"end_kyoku"}', '{"type":"end_game"}']
    return ("\n".join(lines) + "\n").encode()


NO_EXCHANGE = RuleSet.preset("xuezhan", exchange_three=False)


def test_a_hand_written_blood_grp_log_converts_and_audits_with_the_recomputed_money_note() -> None:
    """M4.1–M4.4: the engine replays both rounds from the actions; the hand-written deltas
    are its money (no note, M4.5); each game says it was converted and the audit verifies it
    with the M4.4 note."""
    data, res = _back(_blood_grp(), rules=NO_EXCHANGE)
    assert (res.games, res.replayed, res.rebuilt, res.notes) == (2, 2, 0, [])
    games = games_of(data)
    first, second = games[0].events, games[1].events
    assert [e["type"] for e in first] == [
        "start_kyoku",
        *["dingque"] * 4,
        "dahai",
        "pon",
        "dahai",
        *["hora"] * 3,
        "end_kyoku",
    ]
    assert [(e["actor"], e["target"], e["pai"]) for e in first if e["type"] == "hora"] == [
        (2, 1, "5p"),
        (3, 1, "5p"),
        (0, 1, "5p"),
    ]
    assert [e["type"] for e in second[-4:]] == ["dahai", "ryukyoku", "settlement", "end_kyoku"]
    assert sum(e["type"] == "tsumo" for e in second) == 55
    for g in games:
        assert g.header is not None and g.header.extra == CONVERTED
        assert g.header.seats == ("A", "B", "C", "D")
    reports = audit_bytes(data)
    assert [r.status for r in reports] == ["verified", "verified"]
    assert all(CONVERTED_NOTE in r.notes for r in reports)
    assert [m["correct"] for m in reports[0].to_dict()["money_per_seat"]] == [1, -3, 1, 1]


def test_a_plain_delta_other_than_the_engines_is_a_note() -> None:
    """M4.5: a plain log's deltas are compared with the recomputed money; a difference is a
    note naming the line, not an error (the engine's money is written)."""
    wrong = _blood_grp().replace(b'"deltas":[0,-1,1,0]', b'"deltas":[0,-2,2,0]')
    wrong = wrong.replace(b'"ryukyoku","deltas":[0,0,0,0]', b'"ryukyoku","deltas":[1,0,0,-1]')
    _, res = _back(wrong, rules=NO_EXCHANGE)
    assert res.notes == [
        "line 11: hora deltas [0, -2, 2, 0] recorded, [0, -1, 1, 0] recomputed (M4.5)",
        "line 132: ryukyoku deltas [1, 0, 0, -1] recorded, [0, 0, 0, 0] recomputed (M4.5)",
    ]


def test_mortals_start_kyoku_fields_and_red_fives_are_accepted() -> None:
    """M4.2: Mortal's bakaze, dora_marker, honba, kyotaku are ignored; its red five 5pr is a
    plain 5p (Sichuan has none)."""
    mortal = _blood_grp().replace(
        b'{"type":"start_kyoku","kyoku":1,"oya":0,',
        b'{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,'
        b'"kyotaku":0,"oya":0,',
    )
    mortal = mortal.replace(b'"dahai","actor":1,"pai":"5p"', b'"dahai","actor":1,"pai":"5pr"')
    plain, _ = _back(_blood_grp(), rules=NO_EXCHANGE)
    assert _back(mortal, rules=NO_EXCHANGE)[0] != b""
    assert [g.events for g in games_of(_back(mortal, rules=NO_EXCHANGE)[0])] == [
        g.events for g in games_of(plain)
    ]


def _plain_mjai(data: bytes, keep: tuple[str, ...]) -> bytes:
    """Our mjai without what mjai lacks: every meta, every xz_ event but ``keep``."""
    out = []
    for text in to_mjai(io.BytesIO(data)).lines:
        m = json.loads(text)
        m.pop("meta", None)
        if m["type"].startswith("xz_") and m["type"] not in keep:
            continue
        out.append(json.dumps(m))
    return _text(out)


def _engine_view(events: list[Any]) -> list[Any]:
    """The events a plain log determines (M4.3): not the undealt wall's order, nor whether a
    pass was a superseded claim (R5.3's ``claim`` on a ``none``)."""
    first = {**events[0], "wall": None}
    rest = [
        {k: v for k, v in e.items() if not (e["type"] == "none" and k == "claim")}
        for e in events[1:]
    ]
    return [first, *rest]


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
@pytest.mark.parametrize("exchange", [False, True], ids=["no exchange", "xz_exchange kept"])
def test_plain_mjai_of_our_logs_replays_to_the_same_events(preset: str, exchange: bool) -> None:
    """M4.3: our logs stripped of meta and of the extensions (but 飘 and 摆割, and 换三张
    when the rules exchange, which are decisions) replay to the same engine events, the
    wall's undrawn order and superseded claims aside; the money is the same."""
    rules = RuleSet.preset(preset, exchange_three=exchange)
    keep = ("xz_piao", "xz_baige", *(("xz_exchange",) if exchange else ()))
    for bot in ("greedy", "random"):
        data = _recorded(rules, 12, 5, bot)
        back, res = _back(_plain_mjai(data, keep), rules=rules)
        assert res.replayed == 12 and res.notes == []
        for a, b in zip(games_of(data), games_of(back), strict=True):
            assert _engine_view(a.events) == _engine_view(b.events)
            assert a.claims == b.claims


def test_exchange_rules_without_xz_exchange_are_a_clear_error() -> None:
    """M4.2, R3: a plain round under rules that exchange three tiles needs its xz_exchange."""
    with pytest.raises(MjaiError, match=r"^line 2: the rules exchange three tiles \(R3\)"):
        _back(_blood_grp(), rules=RuleSet.preset("xueliu"))


# -- malformed mjai (M1.3) ---------------------------------------------------------------------


def _edit(line_no: int, new: str | None) -> bytes:
    lines = _blood_grp().decode().splitlines()
    if new is None:
        del lines[line_no - 1]
    else:
        lines[line_no - 1] = new
    return ("\n".join(lines) + "\n").encode()


BAD: list[tuple[bytes, str]] = [
    (b"", "no start_game: the input holds no mjai event"),
    (_edit(2, '{"type":"start_kyoku",'), "line 2: not JSON (Expecting property name"),
    (_edit(3, "[1, 2]"), "line 3: not a JSON object but list"),
    (_edit(3, '{"actor":0}'), "line 3: no string 'type'"),
    (_edit(1, '{"type":"end_game"}'), "line 1: the file starts with 'end_game', not start_game"),
    (_edit(8, '{"type":"reach","actor":0}'), "line 8: not an action: unknown mjai type 'reach'"),
    (_edit(8, '{"type":"dahai","actor":0}'), "line 8: not an action: mjai 'dahai': bad 'pai'"),
    (_edit(8, '{"type":"dahai","actor":0,"pai":"E"}'), "line 8: not an action: mjai 'dahai'"),
    (
        _edit(8, '{"type":"dahai","actor":0,"pai":"2p","tsumogiri":false}'),
        "line 8: the engine refuses dahai 2p by 0:",
    ),
    (
        _edit(8, '{"type":"dahai","actor":2,"pai":"1m","tsumogiri":false}'),
        "line 8: dahai 1m by 2 is out of turn: the engine waits for seat(s) 0",
    ),
    (_edit(7, None), "line 7: 'dahai' before the dealer's first tsumo"),
    (
        _edit(7, '{"type":"tsumo","actor":1,"pai":"9m"}'),
        "line 7: the first tsumo is seat 1's, not the dealer's (0)",
    ),
    (
        _edit(11, '{"type":"hora","actor":1,"target":1}'),
        "line 11: hora by seat 1: no win is open to it here",
    ),
    (_edit(14, None), "line 14: 'start_kyoku' inside a round (no end_kyoku before it)"),
    (_edit(14, '{"type":"end_game"}'), "line 14: 'end_game' inside a round (no end_kyoku"),
    (
        _edit(14, '{"type":"end_kyoku"}\n{"type":"end_game"}'),
        "line 16: 'start_kyoku' after end_game (line 15)",
    ),
    (
        _edit(2, BLOOD_GRP.splitlines()[1].replace('"9s"]', '"9s","9s"]', 1)),
        "line 2: start_kyoku tehais[0]: 13 tiles a seat (M4.2), not 14",
    ),
    (
        _edit(2, BLOOD_GRP.splitlines()[1].replace('"oya":0', '"oya":7')),
        "line 2: start_kyoku oya: not a seat 0-3: 7",
    ),
    (
        _edit(2, BLOOD_GRP.splitlines()[1].replace('"2p","2p"', '"1s","1s"')),
        "line 2: the dealt hands and draws are no wall: more than four 1s",
    ),
    (_blood_grp().replace(b'{"type":"end_game"}\n', b""), "line 133: the input ends without"),
    (
        _blood_grp().replace(b'{"type":"end_kyoku"}\n{"type":"end_game"}\n', b""),
        "line 132: the input ends inside a round (no end_kyoku)",
    ),
    (_edit(3, "\xff"), "line 3: not UTF-8 text"),
    (_edit(3, "[" * 100_000 + "]" * 100_000), "line 3: JSON nested too deeply"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m for _, m in BAD])
def test_malformed_mjai_is_one_line_naming_its_line(data: bytes, message: str) -> None:
    """M1.3: bad JSON, a line that is not an object, an unknown type, a missing field,
    events out of order, an action the engine refuses: a MjaiError naming the line."""
    if message.startswith("line 3: not UTF-8"):
        data = data.replace("\xff".encode(), b"\xff")
    with pytest.raises(MjaiError) as info:
        _back(data, rules=NO_EXCHANGE)
    assert str(info.value).startswith(message)


def test_a_refused_action_names_the_engines_rule() -> None:
    """M4.3, R4.2: discarding a kept-suit tile while holding the void suit is refused; the
    error carries the engine's rule id."""
    data = _edit(8, '{"type":"dahai","actor":0,"pai":"2p","tsumogiri":false}')
    with pytest.raises(MjaiError) as info:
        _back(data, rules=NO_EXCHANGE)
    assert (info.value.line, info.value.rule) == (8, "R4.2")
    assert str(info.value).endswith("(R4.2)")
    assert info.value.text("zh").startswith("第 8 行：引擎拒绝 dahai 2p by 0")


def test_an_overlong_line_is_refused_unread() -> None:
    """M1.2: a line past MAX_LINE bytes is an error, never read whole."""
    from xzcore.mjai.file import MAX_LINE

    data = b'{"type":"start_game"}\n{"type":"x","pad":"' + b"a" * MAX_LINE + b'"}\n'
    with pytest.raises(MjaiError, match=r"^line 2: a line longer than 1048576 bytes"):
        _back(data)


def test_bytes_in_an_event_leave_the_game_out_named() -> None:
    """M2.5: a value mjai's JSON cannot hold (msgpack bin in an event) leaves its game out
    and names it; the other games convert."""
    buf = io.BytesIO()
    w = LogWriter(buf)
    for i in range(2):
        w.begin_game(rules={"scoring": "table"}, wall=bytes(k // 4 for k in range(108)), dealer=0)
        w.write_event({"type": "none", "odd": b"\x00"} if i == 0 else {"type": "none"})
        w.write_claims({"totals": [0, 0, 0, 0]})
        w.end_game()
    res = to_mjai(io.BytesIO(buf.getvalue()), path="x.xzlog")
    assert res.games == 1 and res.unreadable
    assert res.unconvertible == [
        "x.xzlog, game 1: a value mjai's JSON cannot hold (Object of type bytes is not JSON "
        "serializable)"
    ]


@pytest.mark.parametrize("preset", ["chengdu-classic", "xuezhan"])
def test_plain_mjai_keeping_xz_none_keeps_the_superseded_claims(preset: str) -> None:
    """M4.3, R5.3: with the xz_none events kept, a superseded claim is replayed as that
    claim, so the engine's events are the same but for the undrawn wall's order."""
    rules = RuleSet.preset(preset)
    data = _recorded(rules, 40, 7, "greedy")
    back, _ = _back(_plain_mjai(data, ("xz_none",)), rules=rules)
    claims = 0
    for a, b in zip(games_of(data), games_of(back), strict=True):
        assert [{**a.events[0], "wall": None}, *a.events[1:]] == [
            {**b.events[0], "wall": None},
            *b.events[1:],
        ]
        claims += sum(e["type"] == "none" and "claim" in e for e in a.events)
    assert claims > 0


def _with_header(**change: Any) -> bytes:
    data = (ROOT / "replays" / "preset-xuezhan.xzlog").read_bytes()
    lines = to_mjai(io.BytesIO(data)).lines
    first = json.loads(lines[1])
    first["meta"]["header"].update(change)
    lines[1] = json.dumps(first)
    return _text(lines)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": -1}, "line 2: meta.header game: -1"),
        ({"planned": 0}, "line 2: meta.header planned: 0"),
        ({"dealer": 4}, "line 2: meta.header dealer: 4"),
        ({"wall": "00"}, "line 2: meta.header wall: not hex text of 108 bytes: '00'"),
        ({"match": "zz"}, "line 2: meta.header match: not hex text of 16 bytes"),
        ({"version": [2, 0]}, "line 2: meta.header version [2, 0]: not 1.0 or 1.1"),
        ({"seats": ["a"]}, "line 2: meta.header seats: not four strings: ['a']"),
        ({"seed": 2**70}, "line 2: game 1 cannot be written: "),
    ],
)
def test_a_bad_header_in_meta_is_one_line(change: dict[str, Any], message: str) -> None:
    """M2.4, L4: meta.header's fields are checked as the reader checks a header; a value
    the log cannot hold (a seed past 64 bits) is an error, never a traceback."""
    with pytest.raises(MjaiError) as info:
        _back(_with_header(**change))
    assert str(info.value).startswith(message)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
_TYPES = st.sampled_from(
    [
        "tsumo",
        "dahai",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "hora",
        "ding_que",
        "none",
        "ryukyoku",
        "end_kyoku",
        "start_kyoku",
        "xz_exchange",
        "xz_none",
        "xz_piao",
        "xz_baige",
        "reach",
        "end_game",
        "start_game",
    ]
)
_FIELDS = st.dictionaries(
    st.sampled_from(
        [
            "actor",
            "target",
            "pai",
            "consumed",
            "suit",
            "tsumogiri",
            "deltas",
            "tehais",
            "oya",
            "meta",
            "claim",
            "piao",
        ]
    ),
    _JSON | st.integers(-1, 4) | st.sampled_from(["5p", "9m", "man", "1s"]),
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(
    where=st.integers(1, 140),
    kind=_TYPES,
    fields=_FIELDS,
    raw=st.one_of(st.none(), _JSON.map(json.dumps), st.binary(max_size=12)),
)
def test_any_one_line_changed_is_converted_or_one_named_error(
    where: int, kind: str, fields: dict[str, Any], raw: Any
) -> None:
    """M1.3, M4: whatever one line of a plain log is replaced by — any JSON value, any bytes,
    an event of any type with any fields — the conversion either succeeds or raises one
    MjaiError with its line; never another exception."""
    lines = _blood_grp().split(b"\n")
    new = json.dumps({"type": kind, **fields}).encode() if raw is None else raw
    if isinstance(new, str):
        new = new.encode()
    lines[min(where, len(lines) - 2)] = new.replace(b"\n", b" ")
    try:
        _back(b"\n".join(lines), rules=NO_EXCHANGE)
    except MjaiError as exc:
        assert exc.line is None or 1 <= exc.line <= len(lines)
        assert str(exc)


_OURS = to_mjai(io.BytesIO((ROOT / "replays" / "kept-suit-discard.xzlog").read_bytes())).lines


@settings(max_examples=150, deadline=None)
@given(
    where=st.integers(0, len(_OURS) - 1),
    kind=_TYPES,
    fields=_FIELDS,
    meta=st.dictionaries(st.sampled_from(["xz", "header", "claims", "close", "rule"]), _JSON),
)
def test_any_one_line_of_ours_changed_is_converted_or_one_named_error(
    where: int, kind: str, fields: dict[str, Any], meta: dict[str, Any]
) -> None:
    """M2.4: the same of a log with our meta, its replaced line carrying any meta."""
    lines = list(_OURS)
    lines[where] = json.dumps({"type": kind, **fields, "meta": meta})
    try:
        _back(_text(lines))
    except MjaiError as exc:
        assert exc.line is None or 1 <= exc.line <= len(lines)
