"""``xzcore.env._options`` (compiled) against its twin ``xzcore.env._options_twin``: on the
engine's legal sets over random rounds of every preset, and on random lists of actions (the
engine's, look-alikes of them, malformed ones and exchanges), the same options in the same
order, the same mask and the same errors; and the twin against what the options mean."""

from __future__ import annotations

import random
from typing import Any

import pytest
from compiled_helpers import compiled_or_skip
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.env import _options_twin
from xzcore.env.actions import EXCHANGE_PICK, INDEX, N_ACTIONS, index_of, pick_mask
from xzcore.leshan.round import new_round
from xzcore.round.actions import _DAHAI, Action
from xzcore.round.wall import Rng, deal
from xzcore.rules import PRESETS, RuleSet


def _run(module: Any, legal: Any, picks: list[int]) -> Any:
    try:
        options, mask = module.options_of(legal, picks)
    except (KeyError, IndexError, TypeError, AttributeError) as e:
        return type(e).__name__
    assert type(mask) is bytearray and len(mask) == N_ACTIONS
    return list(options.items()), bytes(mask)


words = st.sampled_from(["dahai", "ankan", "kakan", "pon", "hora", "none", "dingque", "x"])
small = st.one_of(st.integers(-2, 28), st.just(True), st.just(False), st.just(2**70))
an_action = st.one_of(
    st.sampled_from(sorted(INDEX, key=repr)),  # the engine's own, any seat, any word
    st.builds(lambda s, k: _DAHAI[s][k], st.integers(0, 3), st.integers(0, 26)),
    st.builds(Action, words, small, small, st.sampled_from([(), (1, 2, 3), []]), small),
    st.builds(lambda w, s, k, u: (w, s, k, (), u), words, small, small, small),  # plain tuples
)


@given(st.lists(an_action, max_size=16), st.lists(st.integers(0, 26), max_size=2))
def test_options_compiled_is_its_twin_on_random_actions(legal: list[Any], picks: list[int]) -> None:
    compiled = compiled_or_skip("xzcore.env._options")
    assert _run(compiled, legal, picks) == _run(_options_twin, legal, picks)
    assert _run(compiled, tuple(legal), picks) == _run(_options_twin, tuple(legal), picks)


@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
@settings(max_examples=30, deadline=None)
def test_options_compiled_is_its_twin_over_a_random_round(
    preset: str, seed: int, choices: int
) -> None:
    """Every seat's legal set at every decision of a round played at random (the exchange
    with random picks so far) gives the same options and mask in both forms."""
    compiled = compiled_or_skip("xzcore.env._options")
    rules = RuleSet.preset(preset)
    d = deal(0, Rng(seed))
    ex = d.exchange_direction if rules.exchange_three else None
    rnd = new_round(rules, d.wall, d.dealer, exchange_direction=ex)
    rng = random.Random(choices)
    for _ in range(400):
        seats = rnd.to_act()
        if not seats:
            break
        for s in range(4):
            legal = rnd.legal_actions(s)
            picks = sorted(rng.sample(range(27), rng.randrange(3)))
            assert _run(compiled, legal, picks) == _run(_options_twin, legal, picks)
        rnd.apply(rng.choice(rnd.legal_actions(seats[0])))


def test_options_are_the_legal_actions_by_index_and_the_picks_of_an_exchange() -> None:
    legal = [Action.parse(t) for t in ("dahai 1m by 2", "kakan 5p by 2", "hora 3s by 2")]
    options, mask = _options_twin.options_of(legal, [])
    assert options == {index_of(a): a for a in legal}
    assert [i for i in range(N_ACTIONS) if mask[i]] == sorted(options)
    exchanges = [Action.parse(t) for t in ("exchange 123m by 0", "exchange 129m by 0")]
    options, mask = _options_twin.options_of(exchanges, [0, 1])
    assert options == {EXCHANGE_PICK + k: _options_twin.PICK for k in pick_mask(exchanges, [0, 1])}
    assert sorted(options) == [EXCHANGE_PICK + 2, EXCHANGE_PICK + 8]
    assert bytes(mask) == bytes(1 if i in options else 0 for i in range(N_ACTIONS))


def test_an_action_outside_the_index_is_refused() -> None:
    with pytest.raises(KeyError):
        _options_twin.options_of([Action("dahai", 5, 1)], [])


def _discard_run(module: Any, discards: Any, seat: Any) -> Any:
    try:
        options, mask = module.discard_options(discards, seat)
    except (IndexError, TypeError) as e:
        return type(e).__name__
    assert type(mask) is bytearray and len(mask) == N_ACTIONS
    return list(options.items()), bytes(mask)


@given(
    st.one_of(
        st.binary(min_size=27, max_size=27).map(bytearray),
        st.binary(max_size=30).map(bytearray),
        st.binary(min_size=27, max_size=27),  # bytes, not a bytearray
    ),
    st.one_of(st.integers(-5, 5), st.just(True), st.just("0")),
)
def test_discard_options_compiled_is_its_twin(discards: Any, seat: Any) -> None:
    compiled = compiled_or_skip("xzcore.env._options")
    assert _discard_run(compiled, discards, seat) == _discard_run(_options_twin, discards, seat)


def test_discard_options_are_the_options_of_the_marked_kinds_discards() -> None:
    discards = bytearray(27)
    for k in (0, 9, 13, 26):
        discards[k] = 1
    options, mask = _options_twin.discard_options(discards, 2)
    legal = [Action.parse(t) for t in ("dahai 1m by 2", "dahai 1p by 2", "dahai 5p by 2")]
    legal.append(Action.parse("dahai 9s by 2"))
    assert (options, mask) == _options_twin.options_of(legal, [])
    with pytest.raises(IndexError):
        _options_twin.discard_options(bytearray(26), 2)
    with pytest.raises(TypeError):
        _options_twin.discard_options(bytes(27), 2)
