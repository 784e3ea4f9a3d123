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
