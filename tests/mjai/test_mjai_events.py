"""The mjai mapping of each event (docs/mjai.md M2, M3): hand-written events and their lines,
the seat's view, reactions, and every event of seeded games back to itself."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.errors import InvalidActionError
from xzcore.log.types import same
from xzcore.mjai.events import FromMjai, MjaiStream, action_of_mjai, line
from xzcore.players.recording import bot_chooser, play_round
from xzcore.round.actions import Action, LeshanAction
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet

WALL = "".join(f"{k % 9 + 1}{'mps'[k // 9]}" for k in range(27)) * 4


def _lines(events: list[dict], seat: int | None = None) -> list[str]:
    s = MjaiStream(seat=seat)
    return [line(m) for e in events for m in s.events(e)]


def test_dingque_is_blood_grps_ding_que_byte_for_byte() -> None:
    """M2.1, R4.1: blood-grp's own test line."""
    assert _lines([{"type": "dingque", "actor": 0, "suit": "m"}]) == [
        '{"type":"ding_que","actor":0,"suit":"man"}'
    ]
    assert _lines([{"type": "dingque", "actor": 3, "suit": "s"}]) == [
        '{"type":"ding_que","actor":3,"suit":"sou"}'
    ]


def test_a_turn_is_plain_mjai() -> None:
    """M2.1: tsumo and dahai carry mjai's fields only when ours are as the stream says."""
    evs = [
        {"type": "tsumo", "actor": 1, "pai": "3m", "rinshan": False, "left": 54},
        {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": False},
    ]
    assert _lines(evs) == [
        '{"type":"tsumo","actor":1,"pai":"3m"}',
        '{"type":"dahai","actor":1,"pai":"9p","tsumogiri":false}',
    ]


def test_a_draw_whose_count_is_not_the_streams_carries_it_in_meta() -> None:
    """M2.2: 'left' differs from 55 minus the draws so far, so meta.xz carries it."""
    ev = {"type": "tsumo", "actor": 1, "pai": "3m", "rinshan": False, "left": 50}
    assert _lines([ev]) == ['{"type":"tsumo","actor":1,"pai":"3m","meta":{"xz":{"left":50}}}']


def test_melds_carry_mjais_consumed_tiles() -> None:
    """M2.1, R5.2, R6.1: pon, daiminkan, kakan, ankan with 'consumed'; ankan has no 'pai'."""
    s = MjaiStream()
    pon = s.events({"type": "pon", "actor": 0, "target": 3, "pai": "1m"})[0]
    assert pon == {
        "type": "pon",
        "actor": 0,
        "target": 3,
        "pai": "1m",
        "consumed": ["1m", "1m"],
        "meta": {"rule": "R5.2"},
    }
    ankan = s.events({"type": "ankan", "actor": 0, "pai": "6p"})[0]
    assert ankan == {"type": "ankan", "actor": 0, "consumed": ["6p"] * 4, "meta": {"rule": "R6.1"}}
    kakan = s.events({"type": "kakan", "actor": 2, "pai": "9s"})[0]
    assert kakan["consumed"] == ["9s"] * 3 and "target" not in kakan


def test_start_kyoku_deals_thirteen_and_the_dealers_fourteenth_as_its_tsumo() -> None:
    """M2.1, R2.3: the dealer's 14th dealt tile is wall position 52, written as its tsumo."""
    from xzcore.kernel import dealt_hands
    from xzcore.tiles import parse_tiles

    wall = parse_tiles(WALL, max_copies=4)
    _, texts = dealt_hands(wall, 1)
    ev = {
        "type": "start_kyoku",
        "dealer": 1,
        "wall": WALL,
        "tehais": texts,
        "exchange_direction": None,
    }
    first, tsumo = MjaiStream(scores=[5, -5, 0, 0]).events(ev)
    assert first["kyoku"] == 2 and first["oya"] == 1 and first["scores"] == [5, -5, 0, 0]
    assert [len(h) for h in first["tehais"]] == [13, 13, 13, 13]
    assert tsumo == {
        "type": "tsumo",
        "actor": 1,
        "pai": WALL[104:106],
        "meta": {"xz": {"dealt": True}},
    }
    assert first["meta"]["xz"]["wall"] == WALL


def test_a_seat_sees_its_own_tiles_and_question_marks_for_the_others() -> None:
    """M3.1: others' dealt tiles and draws are '?', the wall is not shown, no meta."""
    from xzcore.kernel import dealt_hands
    from xzcore.tiles import parse_tiles

    _, texts = dealt_hands(parse_tiles(WALL, max_copies=4), 0)
    ev = {
        "type": "start_kyoku",
        "dealer": 0,
        "wall": WALL,
        "tehais": texts,
        "exchange_direction": 1,
    }
    s = MjaiStream(seat=2)
    first, tsumo = s.events(ev)
    assert "meta" not in first and tsumo == {"type": "tsumo", "actor": 0, "pai": "?"}
    assert first["tehais"][0] == ["?"] * 13 and "?" not in first["tehais"][2]
    assert s.events({"type": "tsumo", "actor": 2, "pai": "5p", "rinshan": False, "left": 54}) == [
        {"type": "tsumo", "actor": 2, "pai": "5p"}
    ]
    given_away = {"type": "exchange", "actor": 0, "pai": "123m", "target": 1}
    to_me = {"type": "exchange", "actor": 1, "pai": "456p", "target": 2}
    assert s.events(given_away)[0]["pai"] == ["?", "?", "?"]
    assert s.events(to_me)[0]["pai"] == ["4p", "5p", "6p"]


def test_reactions_read_as_actions() -> None:
    """M3.2: every reaction word, and the seat filling mjai's bare none."""
    assert action_of_mjai({"type": "dahai", "actor": 2, "pai": "5p", "tsumogiri": True}) == (
        Action.parse("dahai 5p by 2")
    )
    assert action_of_mjai({"type": "none"}, seat=1) == Action.parse("none by 1")
    assert action_of_mjai({"type": "ankan", "actor": 0, "consumed": ["6p"] * 4}) == (
        Action.parse("ankan 6p by 0")
    )
    assert action_of_mjai({"type": "hora", "actor": 3, "target": 3}, tile=0) == (
        Action.parse("hora 1m by 3")
    )
    assert action_of_mjai({"type": "xz_exchange", "actor": 1, "pai": ["9m", "1m", "2m"]}) == (
        Action.parse("exchange 129m by 1")
    )
    assert action_of_mjai({"type": "xz_piao", "actor": 0, "piao": 3}) == LeshanAction.parse(
        "piao 3 by 0"
    )
    assert action_of_mjai({"type": "tsumo", "actor": 0, "pai": "5p"}) is None


@pytest.mark.parametrize(
    ("reaction", "message"),
    [
        ([1, 2], "not a JSON object"),
        ({"type": "chi", "actor": 0}, "unknown mjai type 'chi'"),
        ({"type": "dahai", "actor": 0, "pai": "5z"}, "bad 'pai' '5z'"),
        ({"type": "dahai", "actor": 1, "pai": "5p"}, "actor 1 is not the seat deciding (0)"),
        ({"type": "ding_que", "actor": 0, "suit": "m"}, "bad suit 'm' (man, pin or sou)"),
        ({"type": "ankan", "actor": 0, "consumed": ["6p", "6p", "6p", "7p"]}, "not four of one"),
        ({"type": "hora", "actor": 0, "target": 1}, "no 'pai' and no tile"),
    ],
)
def test_malformed_reactions_say_what_is_wrong(reaction: object, message: str) -> None:
    """M3.2: a malformed reaction is an InvalidActionError naming the field."""
    with pytest.raises(InvalidActionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        action_of_mjai(reaction, seat=0)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(sorted(PRESETS)),
    bot=st.sampled_from(["greedy", "random"]),
)
def test_every_event_comes_back_from_its_mjai_lines(seed: int, preset: str, bot: str) -> None:
    """M2.2: through JSON lines and back, each event is itself, key order included."""
    rnd = play_round(
        RuleSet.preset(preset), deal(seed), [bot_chooser(bot, seed + i) for i in range(4)]
    )
    back = FromMjai()
    got = [e for ln in _lines(rnd.events) if (e := back.event(json.loads(ln))) is not None]
    assert len(got) == len(rnd.events)
    for ours, theirs in zip(rnd.events, got, strict=True):
        assert list(ours) == list(theirs) and same(ours, theirs)


def test_money_events_carry_their_explanation_in_both_languages() -> None:
    """M2.2: with an ``explain``, a win says its score and payments in meta.explain (zh and
    en, xz replay's words); the explanation changes nothing on the way back."""
    from xzcore.view.table import describe

    hora = {
        "type": "hora",
        "actor": 3,
        "target": 2,
        "pai": "5s",
        "self_draw": False,
        "robbed": False,
        "after_gang": False,
        "last_tile": False,
        "first_turn": False,
        "hand": "123456789p1155s",
        "melds": "",
        "score": {
            "pattern": "pinghu",
            "pattern_zh": "平胡",
            "pattern_en": "plain win",
            "replaced": [],
            "terms": [],
            "gen": 0,
            "gen_used": 0,
            "gen_left": 0,
            "extras": [],
            "fan": 0,
            "multiplier": 1,
            "capped": 1,
            "special": None,
            "model": "table",
            "decomposition": "123p 456p 789p 555s 11s",
        },
        "transfers": [
            {
                "payer": 2,
                "payee": 3,
                "units": 1,
                "reason": "win_discard",
                "rule": "R9.1",
                "detail": "×1",
            }
        ],
    }
    [m] = MjaiStream(explain=describe).events(hora)
    assert m["meta"]["explain"] == {"zh": describe(hora, "zh"), "en": describe(hora, "en")}
    assert "平胡" in m["meta"]["explain"]["zh"] and "R9.1" in m["meta"]["explain"]["en"]
    back = FromMjai().event(json.loads(line(m)))
    assert back is not None and list(back) == list(hora) and same(back, hora)
    [turn] = MjaiStream(explain=describe).events(
        {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": False}
    )
    assert "meta" not in turn
