"""The Python bot API (docs/mjai-bots.md M3.1, M3.2): a seat's mjai events since its last
decision, its legal reactions, a reaction read back as a checked action, and Python bots
(the example bot among them) playing whole games through it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.errors import IllegalActionError, InvalidActionError
from xzcore.leshan.round import new_round
from xzcore.mjai.events import HIDDEN, MjaiStream, reaction_of
from xzcore.players.mjai_bot import MjaiSeat, PythonBot, refusal_of
from xzcore.players.recording import bot_chooser, play_round
from xzcore.round.actions import Action
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet

ROOT = Path(__file__).resolve().parents[2]


def example_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mjai_bot_example", ROOT / "examples/mjai_bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EXAMPLE = example_module()


def fresh(seed: int = 1, preset: str = "xuezhan") -> Round:
    rules = RuleSet.preset(preset)
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    return new_round(rules, d.wall, d.dealer, exchange_direction=direction)


def play_to(rnd: Round, stop: Any, seed: int = 0) -> None:
    """Play ``rnd`` with random bots until ``stop(rnd, seat, legal)`` is true for a seat."""
    choose = [bot_chooser("random", seed * 4 + s) for s in range(4)]
    while rnd.to_act():
        for s in rnd.to_act():
            legal = rnd.legal_actions(s)
            if stop(rnd, s, legal):
                return
            rnd.apply(choose[s](rnd, s, legal))
    raise AssertionError("the round ended first")


# -- M3.1: the events --------------------------------------------------------------------------


def test_the_first_events_open_the_game_with_the_seat_and_the_rules() -> None:
    """M3.1, M3.3: ``start_game`` with the names, mjai's ``id`` (the seat) and ``xz_rules``;
    then the deal as the seat sees it — its own 13 tiles, the others' hidden."""
    rnd = fresh(1)
    obs = MjaiSeat(2, names=["a", "b", "c", "d"])
    obs.update(rnd)
    start, kyoku, dealt = obs.new_events()
    assert start == {
        "type": "start_game",
        "names": ["a", "b", "c", "d"],
        "id": 2,
        "xz_rules": rnd.rules.to_dict(),
    }
    assert kyoku["type"] == "start_kyoku" and kyoku["oya"] == rnd.dealer
    assert kyoku["scores"] == [0, 0, 0, 0]
    assert kyoku["tehais"][2] == MjaiStream(seat=2).events(rnd.events[0])[0]["tehais"][2]
    assert HIDDEN not in kyoku["tehais"][2] and len(kyoku["tehais"][2]) == 13
    for s in (0, 1, 3):
        assert kyoku["tehais"][s] == [HIDDEN] * 13
    assert rnd.dealer != 2  # the dealer's 14th tile is hidden from seat 2
    assert dealt == {"type": "tsumo", "actor": rnd.dealer, "pai": HIDDEN}


def test_each_event_is_given_once() -> None:
    """M3.1: a second call without a new event gives nothing."""
    obs = MjaiSeat(0)
    obs.update(fresh(1))
    assert obs.new_events()
    assert obs.new_events() == []


def test_the_events_of_a_game_are_the_seats_stream_between_start_and_end() -> None:
    """M3.1: what a Python bot is given over a whole game, decision by decision, is the
    seat's mjai stream of every event of the round, between ``start_game`` and ``end_game``."""
    got: list[dict] = []

    class Collect:
        def react(self, seat: MjaiSeat) -> dict:
            got.extend(seat.new_events())
            return seat.legal_reactions()[0]

    bot = PythonBot(Collect(), 3)
    choosers = [bot_chooser("greedy", s) for s in range(4)]
    choosers[3] = bot
    rnd = play_round(RuleSet(), deal(7), choosers)
    got.extend(bot.seat.finish())
    stream = MjaiStream(seat=3)
    want = [m for ev in rnd.events for m in stream.events(ev)]
    assert got[0]["type"] == "start_game" and got[0]["id"] == 3
    assert got[1:-1] == want
    assert got[-1] == {"type": "end_game"}
    assert bot.seat.finish() == []


def _two_rounds(match: bool) -> tuple[list[dict], list[Round]]:
    got: list[dict] = []

    class Collect:
        def react(self, seat: MjaiSeat) -> dict:
            got.extend(seat.new_events())
            return seat.legal_reactions()[0]

    bot = PythonBot(Collect(), 0, match=match)
    choosers = [bot, *(bot_chooser("greedy", s) for s in range(1, 4))]
    rounds = [play_round(RuleSet(), deal(k), choosers) for k in (3, 4)]
    got.extend(bot.seat.finish())
    return got, rounds


def test_independent_games_are_separate_mjai_games() -> None:
    """M3.3: each game of ``-n`` is ``start_game`` … ``end_game``, with scores from 0."""
    got, _ = _two_rounds(match=False)
    kinds = [e["type"] for e in got if e["type"] in ("start_game", "end_game", "start_kyoku")]
    assert kinds == ["start_game", "start_kyoku", "end_game"] * 2
    assert [e["scores"] for e in got if e["type"] == "start_kyoku"] == [[0, 0, 0, 0]] * 2


def test_a_match_is_one_mjai_game_with_the_scores_so_far() -> None:
    """M3.3, R11.3: a match's rounds are the ``start_kyoku`` of one game, each with the
    scores before it."""
    got, rounds = _two_rounds(match=True)
    kinds = [e["type"] for e in got if e["type"] in ("start_game", "end_game", "start_kyoku")]
    assert kinds == ["start_game", "start_kyoku", "start_kyoku", "end_game"]
    scores = [e["scores"] for e in got if e["type"] == "start_kyoku"]
    assert scores == [[0, 0, 0, 0], list(rounds[0].result().totals)]
    assert sum(map(abs, scores[1])) > 0


# -- M3.2: the reactions -----------------------------------------------------------------------


def test_the_legal_reactions_are_the_legal_actions_in_order() -> None:
    """M3.2: one reaction per legal action, and each reads back as that very action."""
    rnd = fresh(1)
    for s in range(4):
        rnd.apply(rnd.legal_actions(s)[0])  # 定缺
    seat = rnd.cur
    obs = MjaiSeat(seat)
    obs.update(rnd)
    legal = rnd.legal_actions(seat)
    reactions = obs.legal_reactions()
    assert reactions == [reaction_of(a, target=seat, drawn=rnd.drawn) for a in legal]
    from xzcore.tiles import NAMES

    assert [r["tsumogiri"] for r in reactions] == [r["pai"] == NAMES[rnd.drawn] for r in reactions]
    assert any(r["tsumogiri"] for r in reactions)
    for a, r in zip(legal, reactions, strict=True):
        assert obs.action(r) is a  # the engine's own value


def test_a_claims_reactions_name_the_discarder() -> None:
    """M3.2: a claim on a discard names its ``target``, the discarding seat."""
    rnd = fresh(5)
    play_to(rnd, lambda r, s, legal: any(a.word == "pon" for a in legal), seed=5)
    seat = next(s for s in rnd.to_act() if any(a.word == "pon" for a in rnd.legal_actions(s)))
    obs = MjaiSeat(seat)
    obs.update(rnd)
    last = rnd.events[-1]
    assert last["type"] == "dahai"
    pons = [r for r in obs.legal_reactions() if r["type"] == "pon"]
    assert pons == [
        {
            "type": "pon",
            "actor": seat,
            "target": last["actor"],
            "pai": last["pai"],
            "consumed": [last["pai"]] * 2,
        }
    ]
    assert {"type": "none"} in obs.legal_reactions()


def test_a_win_without_pai_is_on_the_tile_on_offer_or_drawn() -> None:
    """M3.2: mjai's ``hora`` may leave out ``pai``: it is the tile on offer (a discard or an
    added gang) or the one just drawn."""
    for seed in range(40):
        rnd = fresh(seed)
        try:
            play_to(rnd, lambda r, s, legal: any(a.word == "hora" for a in legal), seed=seed)
        except AssertionError:
            continue
        seat = next(s for s in rnd.to_act() if any(a.word == "hora" for a in rnd.legal_actions(s)))
        win = next(a for a in rnd.legal_actions(seat) if a.word == "hora")
        obs = MjaiSeat(seat)
        obs.update(rnd)
        assert obs.offered() == win.tile
        assert obs.action({"type": "hora", "actor": seat}) is win
        return
    raise AssertionError("no win in 40 seeded games")


MALFORMED = [
    # (reaction, what the error names) — M3.5
    ("dahai 1m", "not a JSON object"),
    ([1, 2], "not a JSON object"),
    ({"type": "chi", "actor": 0}, "unknown mjai type 'chi'"),
    ({"type": "dahai", "actor": 0, "pai": 5}, "bad 'pai' 5"),
    ({"type": "dahai", "actor": 0, "pai": "0m"}, "bad 'pai' '0m'"),
    ({"type": "none", "actor": 2}, "actor 2 is not the seat deciding (0)"),
    ({"type": "none", "actor": "0"}, "bad actor '0'"),
    ({"type": "tsumo", "actor": 0, "pai": "1m"}, "mjai 'tsumo' is no decision"),
    ({"type": "ding_que", "actor": 0, "suit": "m"}, "bad suit 'm'"),
]


@pytest.mark.parametrize(("reaction", "named"), MALFORMED)
def test_a_malformed_reaction_is_refused_saying_what(reaction: Any, named: str) -> None:
    """M3.5: not an object, an unknown type, a bad tile, another seat's actor, no decision."""
    rnd = fresh(2)
    obs = MjaiSeat(0)
    obs.update(rnd)
    with pytest.raises(InvalidActionError, match=named.replace("(", r"\(").replace(")", r"\)")):
        obs.action(reaction)


def _turn() -> tuple[Round, MjaiSeat]:
    rnd = fresh(1)
    for s in range(4):
        rnd.apply(rnd.legal_actions(s)[0])  # 定缺 m for every seat
    obs = MjaiSeat(rnd.cur)
    obs.update(rnd)
    return rnd, obs


def test_an_illegal_reaction_is_refused_with_the_engines_rule() -> None:
    """M3.6: a well-formed reaction the rules forbid: the engine's refusal and its rule id —
    a tile not held (R5.1), a pass on one's own turn (R5.2), a 定缺 in play (R4.1), a win
    holding the void suit (R4.4)."""
    rnd, obs = _turn()
    seat = obs.seat
    counts = rnd.hands[seat].counts()
    missing = next(k for k in range(27) if not counts[k])
    from xzcore.tiles import NAMES

    cases = [
        ({"type": "dahai", "actor": seat, "pai": NAMES[missing]}, "R5.1"),
        ({"type": "none"}, "R5.2"),
        ({"type": "ding_que", "actor": seat, "suit": "pin"}, "R4.1"),
        ({"type": "hora", "actor": seat}, "R4.4"),
    ]
    for reaction, rule in cases:
        with pytest.raises(IllegalActionError) as info:
            obs.action(reaction)
        assert info.value.rule == rule, reaction
    assert "does not hold" in str(refusal_of(rnd, Action.make("dahai", seat, missing)))


def test_refusing_leaves_the_round_as_it_was() -> None:
    """M3.6: asking the engine why is read-only."""
    rnd, obs = _turn()
    before = (list(rnd.events), rnd.legal_actions(obs.seat), rnd.hands[obs.seat].counts())
    with pytest.raises(IllegalActionError):
        obs.action({"type": "none"})
    assert (list(rnd.events), rnd.legal_actions(obs.seat), rnd.hands[obs.seat].counts()) == before


def test_a_bot_must_be_asked_in_a_round() -> None:
    with pytest.raises(RuntimeError, match="update"):
        MjaiSeat(0).legal_actions  # noqa: B018
    with pytest.raises(ValueError, match="seat"):
        MjaiSeat(4)


# -- Python bots -------------------------------------------------------------------------------


class FirstLegal:
    """The smallest Python bot (docs/mjai-bots.md): a pass when it may pass, else the first
    legal reaction."""

    def react(self, seat: MjaiSeat) -> dict:
        seat.new_events()
        reactions = seat.legal_reactions()
        return {"type": "none"} if {"type": "none"} in reactions else reactions[0]


def test_a_python_bot_plays_through_the_same_object() -> None:
    """M3.2: a class with ``react(seat) -> dict`` takes a seat of a recorded game."""
    choosers = [PythonBot(FirstLegal(), s) for s in range(4)]
    rnd = play_round(RuleSet(), deal(11), choosers)
    assert rnd.to_act() == [] and rnd.events[-1]["type"] == "end_kyoku"


def test_a_python_bots_illegal_reaction_raises() -> None:
    """A Python bot's illegal reaction is its bug: the engine's error, not a fallback."""

    class Wrong:
        def react(self, seat: MjaiSeat) -> dict:
            return {"type": "ding_que", "actor": (seat.seat + 1) % 4, "suit": "man"}

    with pytest.raises(InvalidActionError, match="not the seat deciding"):
        play_round(RuleSet(), deal(1), [PythonBot(Wrong(), s) for s in range(4)])


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(sorted(PRESETS)))
def test_the_example_bot_is_legal_in_every_decision(seed: int, preset: str) -> None:
    """examples/mjai_bot.py on every preset, at every seat: every reaction it gives is legal
    (``PythonBot`` raises on any other), and the round ends."""
    choosers = [PythonBot(EXAMPLE.ExampleBot(), s) for s in range(4)]
    rnd = play_round(RuleSet.preset(preset), deal(seed), choosers)
    assert rnd.to_act() == []


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_example_bot_is_legal_over_many_seeded_games(preset: str) -> None:
    """examples/mjai_bot.py beside the greedy bot over 60 seeded games a preset."""
    for seed in range(60):
        choosers = [
            PythonBot(EXAMPLE.ExampleBot(), s) if s % 2 == seed % 2 else bot_chooser("greedy", s)
            for s in range(4)
        ]
        assert play_round(RuleSet.preset(preset), deal(seed), choosers).to_act() == []


def test_a_round_cut_short_ends_the_stream_without_its_result() -> None:
    """M3.3: a run that stops mid-round (an error elsewhere) still ends the bot's game."""
    obs = MjaiSeat(0, match=True)
    obs.update(fresh(3))
    obs.new_events()
    assert obs.finish() == [{"type": "end_game"}]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.sampled_from(["5p", "1m", "?", "man"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["type", "actor", "pai", "consumed", "suit", "piao", "target", "claim"]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=10,
)
TYPES = st.sampled_from(
    [
        "dahai",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "hora",
        "none",
        "ding_que",
        "xz_exchange",
        "xz_piao",
        "xz_baige",
        "xz_none",
        "tsumo",
        "chi",
        "reach",
    ]
)


@settings(max_examples=200)
@given(
    seed=st.integers(0, 50),
    steps=st.integers(0, 60),
    reaction=JSON | st.fixed_dictionaries({"type": TYPES}, optional={"actor": JSON, "pai": JSON}),
    preset=st.sampled_from(sorted(PRESETS)),
)
def test_any_reaction_is_a_legal_action_or_a_refusal(
    seed: int, steps: int, reaction: Any, preset: str
) -> None:
    """M3.2, M3.5, M3.6: whatever JSON a bot sends, ``action`` gives one of the seat's legal
    actions, or refuses it as malformed or illegal (with a rule id) — nothing else, and the
    round is left as it was."""
    rnd = fresh(seed, preset)
    n = 0

    def stop(r: Round, s: int, legal: list) -> bool:
        nonlocal n
        n += 1
        return n > steps

    try:
        play_to(rnd, stop, seed=seed)
    except AssertionError:
        return  # the round ended first
    seat = rnd.to_act()[0]
    obs = MjaiSeat(seat)
    obs.update(rnd)
    before = len(rnd.events), rnd.legal_actions(seat)
    try:
        got = obs.action(reaction)
    except IllegalActionError as exc:
        assert exc.rule.startswith("R")
    except InvalidActionError:
        pass
    else:
        assert got in rnd.legal_actions(seat)
    assert (len(rnd.events), rnd.legal_actions(seat)) == before
