"""The example of docs/env.md runs as written: one round with a random policy and the greedy
bot through the environment, the agents' rewards summing to zero (R9.6); and the search
snippet there expands a state on a copy of the round."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "env.md"


def _block(after: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(after) :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


def test_the_example_plays_a_round() -> None:
    code = _block("## Example")
    assert len(code.strip().splitlines()) <= 20  # "a dozen lines", give or take imports
    out = io.StringIO()
    scope: dict[str, object] = {}
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), scope)
    env = scope["env"]
    assert env.round.over and not env.agents  # type: ignore[attr-defined]
    won = scope["won"]
    assert list(won.values()) == list(env.round.result().totals)  # type: ignore[attr-defined]
    assert out.getvalue().strip().endswith(" 0")  # the printed sum


def test_the_search_snippet_expands_a_state() -> None:
    from xzcore.env import raw_env

    env = raw_env(rules="xueliu", seed=2)
    env.reset()
    seat = 0
    before = list(env.round.events)
    scope = {"env": env, "seat": seat, "raw_env": raw_env}
    exec(compile(_block("## Search"), str(DOC), "exec"), scope)
    sim = scope["sim"]
    assert env.round.events == before  # the original is untouched
    assert len(sim.round.events) >= len(before)  # type: ignore[attr-defined]
    assert sim.agent_selection == "player_1"  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", ["xuezhan", "xueliu", "leshan", "chengdu-classic"])
@pytest.mark.parametrize("bot", ["greedy", "efficient"])
def test_a_bot_plays_through_the_environment_as_it_plays_the_engine(rules: str, bot: str) -> None:
    """BotPolicy: every index a bot's action turns into is in the mask — an exchange's
    three picks included (R3.1, on under xueliu) — and a round of four such bots is the
    round the bots play on the engine directly (the same events; under Leshan rules the
    recording also bets 飘 and lays 摆割 for them, R13, so there only the masks are held)."""
    from xzcore.env import BotPolicy, raw_env
    from xzcore.players.recording import play_round
    from xzcore.players.roster import bot_agent

    env = raw_env(rules=rules, seed=11)
    env.reset()
    policies = {a: BotPolicy(bot_agent(bot, 100 + s)) for s, a in enumerate(env.agents)}
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        index = policies[agent](env, agent)
        assert obs["action_mask"][index] == 1
        env.step(index)
    rnd = env.round
    assert rnd.over
    if rules == "leshan":
        return
    direct = play_round(
        rnd.rules,
        _deal_of(rnd),
        [_chooser(bot_agent(bot, 100 + s)) for s in range(4)],
        dealer=rnd.dealer,
    )
    assert rnd.events == direct.events


def _deal_of(rnd: object) -> object:
    from xzcore.round.wall import Deal
    from xzcore.tiles import parse_tiles

    start = rnd.events[0]  # type: ignore[attr-defined]
    direction = start["exchange_direction"] or 1  # unused with exchange_three off
    return Deal(0, parse_tiles(start["wall"], max_copies=4), start["dealer"], direction)


def _chooser(agent: object) -> object:
    from xzcore.players.agents import SeatView

    return lambda rnd, seat, legal: agent.act(SeatView(rnd, seat))  # type: ignore[attr-defined]


def test_the_one_seat_snippet_plays_an_episode() -> None:
    code = _block("## One seat: Gymnasium")
    scope: dict[str, object] = {}
    exec(compile(code, str(DOC), "exec"), scope)  # its own assert: the rewards add up
    env = scope["env"]
    assert env.unwrapped.seat == 1 and scope["done"]  # type: ignore[attr-defined]
