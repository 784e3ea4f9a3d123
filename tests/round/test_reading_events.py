"""The one event → action reader, ``xzcore.round.actions.action_of`` (docs/events.md
"Actions"), on hand-written events of every kind: each action word (Leshan's too), the
events that record no action, and malformed ones with the exact messages the audit's L5
findings quote."""

from __future__ import annotations

from typing import Any

import pytest

from xzcore.round.actions import (
    _DAHAI,
    _DINGQUE,
    _HORA,
    _NONE,
    _PON,
    LESHAN_WORDS,
    NOT_ACTIONS,
    WORDS,
    Action,
    InvalidActionError,
    LeshanAction,
    action_of,
    actions_of,
)


@pytest.mark.parametrize(
    ("ev", "text"),
    [
        ({"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": True}, "dahai 5p by 1"),
        ({"type": "pon", "actor": 2, "target": 1, "pai": "9s"}, "pon 9s by 2"),
        ({"type": "daiminkan", "actor": 3, "target": 0, "pai": "1m"}, "daiminkan 1m by 3"),
        ({"type": "ankan", "actor": 0, "pai": "4s"}, "ankan 4s by 0"),
        ({"type": "kakan", "actor": 0, "pai": "7m"}, "kakan 7m by 0"),
        ({"type": "hora", "actor": 2, "target": 1, "pai": "3p", "score": {}}, "hora 3p by 2"),
        ({"type": "none", "actor": 3, "pai": "5p"}, "none by 3"),
        ({"type": "none", "actor": 3, "pai": "5p", "claim": "hora"}, "hora 5p by 3"),
        ({"type": "none", "actor": 3, "pai": "5p", "claim": "pon"}, "pon 5p by 3"),
        ({"type": "none", "actor": 3, "pai": "5p", "claim": "daiminkan"}, "daiminkan 5p by 3"),
        ({"type": "none", "actor": 1, "pai": "5p", "claim": None}, "none by 1"),
        ({"type": "exchange", "actor": 0, "pai": "9m1m2m", "target": 1}, "exchange 129m by 0"),
        ({"type": "dingque", "actor": 1, "suit": "s"}, "dingque s by 1"),
    ],
)
def test_each_action_word_reads_as_its_action(ev: dict[str, Any], text: str) -> None:
    assert action_of(ev) == Action.parse(text)


@pytest.mark.parametrize(
    ("ev", "text"),
    [
        ({"type": "piao", "actor": 2, "piao": 0}, "piao 0 by 2"),
        ({"type": "piao", "actor": 0, "piao": 5}, "piao 5 by 0"),
        (
            {"type": "baige", "actor": 1, "pai": "2s", "hand": "1234s", "waits": "14p"},
            "baige 2s by 1",
        ),
    ],
)
def test_leshan_words_read_as_leshan_actions(ev: dict[str, Any], text: str) -> None:
    a = action_of(ev)
    assert type(a) is LeshanAction and a == LeshanAction.parse(text)


def test_well_formed_events_give_the_prebuilt_values() -> None:
    """The values ``Round.play`` finds by identity (no ``Action.make``)."""
    assert action_of({"type": "dahai", "actor": 2, "pai": "5p"}) is _DAHAI[2][13]
    assert action_of({"type": "pon", "actor": 0, "pai": "1m"}) is _PON[0][0]
    assert action_of({"type": "hora", "actor": 3, "pai": "9s"}) is _HORA[3][26]
    assert action_of({"type": "none", "actor": 1, "pai": "5p"}) is _NONE[1]
    assert action_of({"type": "dingque", "actor": 1, "suit": "p"}) is _DINGQUE[1][1]


@pytest.mark.parametrize(
    "ev",
    [
        *({"type": t, "actor": 9, "pai": None} for t in sorted(NOT_ACTIONS)),
        {"type": "Dahai", "actor": 1, "pai": "5p"},
        {"type": "chi", "actor": 1, "pai": "5p"},
        {"type": b"dahai", "actor": 1, "pai": "5p"},
        {"type": None},
        {"type": ["dahai"]},
        {"actor": 1, "pai": "5p"},
        {},
    ],
)
def test_an_event_of_no_action_word_reads_as_no_action(ev: dict[str, Any]) -> None:
    assert action_of(ev) is None


def test_the_discard_of_a_baige_is_part_of_the_baige() -> None:
    """R13.4: ``baige`` then its ``dahai`` marked ``"baige": true``: one action, not two —
    whatever else that ``dahai`` holds."""
    assert action_of({"type": "dahai", "actor": 1, "pai": "2s", "baige": True}) is None
    assert action_of({"type": "dahai", "actor": 9, "pai": ["2s"], "baige": True}) is None
    assert action_of({"type": "dahai", "actor": 1, "pai": "2s", "baige": False}) is _DAHAI[1][19]


def test_a_pass_reads_no_tile() -> None:
    assert action_of({"type": "none", "actor": 2, "pai": ["5p"]}) is _NONE[2]
    assert action_of({"type": "none", "actor": 2}) is _NONE[2]


def _refusal(ev: Any, index: int = 0) -> str:
    with pytest.raises(InvalidActionError) as info:
        action_of(ev, index)
    return str(info.value)


@pytest.mark.parametrize("word", [*WORDS, *LESHAN_WORDS])
@pytest.mark.parametrize("actor", [4, -1, True, "1", 1.0, None])
def test_a_bad_actor_is_refused_naming_the_event(word: str, actor: Any) -> None:
    ev = {"type": word, "actor": actor, "pai": "5p", "suit": "p", "piao": 1}
    assert _refusal(ev, 7) == f"event #7 ({word}): bad actor {actor!r}"


@pytest.mark.parametrize("word", ["dahai", "pon", "daiminkan", "ankan", "kakan", "hora"])
def test_a_tile_word_needs_one_tile_of_text(word: str) -> None:
    ev: dict[str, Any] = {"type": word, "actor": 1}
    assert _refusal(ev) == f"event #0 ({word}): bad 'pai': 'pai'"  # missing
    assert _refusal({**ev, "pai": "55p"}, 3) == f"event #3 ({word}): 'pai' is not one tile"
    assert _refusal({**ev, "pai": ""}) == f"event #0 ({word}): 'pai' is not one tile"
    assert _refusal({**ev, "pai": "0m"}) == (
        f"event #0 ({word}): bad 'pai': bad tile text '0m' at position 0: "
        "red fives (0) are not used in Sichuan mahjong"
    )
    assert _refusal({**ev, "pai": "1z"}).startswith(f"event #0 ({word}): bad 'pai': bad tile")


@pytest.mark.parametrize("word", ["dahai", "pon", "daiminkan", "kakan", "hora", "exchange"])
@pytest.mark.parametrize("pai", [["5p"], {}, [5], b"5p", 5.0, None, {"5p": 1}, 13])
def test_a_pai_that_is_not_text_is_refused_by_its_type(word: str, pai: Any) -> None:
    """docs/events.md: a 'pai' is tile text (R1.3); a list, map, bytes, number or nil is a
    malformed action — refused before the actor is looked at."""
    msg = _refusal({"type": word, "actor": 9, "pai": pai}, 4)
    assert msg == (
        f"{word}: bad 'pai' {pai!r}: tile text such as '5p' was expected, "
        f"not a {type(pai).__name__}"
    )


def test_a_long_pai_is_cut_in_the_message() -> None:
    msg = _refusal({"type": "dahai", "actor": 1, "pai": list(range(40))})
    assert msg.startswith("dahai: bad 'pai' [0, 1, 2,") and "..." in msg
    assert msg.endswith(": tile text such as '5p' was expected, not a list")
    assert len(msg.split(": tile text")[0]) == len("dahai: bad 'pai' ") + 60


def test_a_claim_and_a_baige_read_their_pai_a_pass_does_not() -> None:
    for ev in (
        {"type": "none", "actor": 2, "claim": "pon", "pai": ["5p"]},
        {"type": "baige", "actor": 2, "pai": [5], "hand": "123m", "waits": "4m"},
    ):
        assert "bad 'pai'" in _refusal(ev)
    assert _refusal({"type": "none", "actor": 2, "claim": "pon"}, 1) == (
        "event #1 (none): bad 'pai': 'pai'"
    )


def test_a_bad_claim_is_refused() -> None:
    ev = {"type": "none", "actor": 1, "pai": "5p"}
    assert _refusal({**ev, "claim": "chi"}, 2) == "event #2 (none): bad claim 'chi'"
    assert _refusal({**ev, "claim": "none"}) == "event #0 (none): bad claim 'none'"
    assert _refusal({**ev, "claim": 0}) == "event #0 (none): bad claim 0"


def test_an_exchange_is_three_tiles() -> None:
    ev = {"type": "exchange", "actor": 0}
    assert _refusal({**ev, "pai": "12m"}) == "exchange: needs three tile kinds 0-26, got (0, 1)"
    assert _refusal({**ev, "pai": "1111m"}) == (
        "exchange: needs three tile kinds 0-26, got (0, 0, 0, 0)"
    )
    assert _refusal(ev, 5) == "event #5 (exchange): bad 'pai': 'pai'"


@pytest.mark.parametrize("suit", ["x", "M", "万", "", None, 1, ["m"], True])
def test_a_declaration_names_m_p_or_s(suit: Any) -> None:
    ev = {"type": "dingque", "actor": 1, "suit": suit}
    assert _refusal(ev, 6) == f"event #6 (dingque): bad suit {suit!r}"


@pytest.mark.parametrize("bet", [6, -1, True, "3", 3.0, None])
def test_a_piao_bet_is_0_to_5(bet: Any) -> None:
    ev = {"type": "piao", "actor": 1, "piao": bet}
    assert _refusal(ev, 2) == f"event #2 (piao): bad bet {bet!r} (R13.3: 0-5)"


def test_a_baige_names_one_tile() -> None:
    ev = {"type": "baige", "actor": 1}
    assert _refusal(ev, 3) == "event #3 (baige): bad 'pai': 'pai'"
    assert _refusal({**ev, "pai": "55p"}, 3) == "event #3 (baige): 'pai' is not one tile"


class _Unorderable:
    def __eq__(self, other: object) -> bool:
        raise TypeError("not comparable")

    __hash__ = object.__hash__


def test_a_field_that_fails_when_read_is_a_malformed_action() -> None:
    """An odd field whose comparison raises: an InvalidActionError naming the word, never
    the field's own error (the audit reports it as L5, not as its own failure)."""
    ev = {"type": "dingque", "actor": 1, "suit": _Unorderable()}
    assert _refusal(ev) == "dingque: malformed action: not comparable"


def test_a_stream_reads_each_event_with_its_index() -> None:
    events: list[dict[str, Any]] = [
        {"type": "start_kyoku"},
        {"type": "dingque", "actor": 1, "suit": "p"},
        {"type": "piao", "actor": 1, "piao": 2},
        {"type": "tsumo", "actor": 1, "pai": "5p"},
        {"type": "baige", "actor": 1, "pai": "5p", "hand": "123m", "waits": "4m"},
        {"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": True, "baige": True},
        {"type": "none", "actor": 2, "pai": "5p"},
        {"type": "none", "actor": 3, "pai": "5p", "claim": "pon"},  # set aside (R5.3)
        {"type": "hora", "actor": 0, "target": 1, "pai": "5p"},
        {"type": "end_kyoku"},
    ]
    assert [str(a) for a in actions_of(events)] == [
        "dingque p by 1",
        "piao 2 by 1",
        "baige 5p by 1",
        "none by 2",
        "pon 5p by 3",
        "hora 5p by 0",
    ]
    bad = [*events[:4], {"type": "dahai", "actor": 7, "pai": "5p"}]
    with pytest.raises(InvalidActionError, match=r"^event #4 \(dahai\): bad actor 7$"):
        list(actions_of(bad))
