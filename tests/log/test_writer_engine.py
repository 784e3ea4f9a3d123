"""The header's ``engine`` (L4) names the program that played the game: this install by
default, with its version as ``xz --version`` shows it, or the name a game written again
from its record already held (``xz convert --from mjai`` keeps it)."""

from __future__ import annotations

import io

import pytest

import xzcore
from xzcore.log.reader import read_game
from xzcore.log.writer import ENGINE, LogWriter
from xzcore.rules import RuleSet

WALL = bytes(k % 27 for k in range(108))


def _engine_written(**kw: str) -> str:
    out = io.BytesIO()
    w = LogWriter(out)
    w.begin_game(rules=RuleSet(), wall=WALL, dealer=0, seed=1, **kw)
    w.write_claims({"wins": [], "totals": [0, 0, 0, 0], "transfers": 0, "next_dealer": 0})
    w.end_game()
    out.seek(0)
    game = read_game(out)
    assert game is not None and game.header is not None
    return game.header.engine


def test_by_default_the_header_names_this_install() -> None:
    assert f"xzcore {xzcore.__version__}" == ENGINE
    assert _engine_written() == ENGINE


@pytest.mark.parametrize("name", ["xzcore 0.1.0", "another engine 2.3"])
def test_a_given_engine_is_written_as_it_is(name: str) -> None:
    assert _engine_written(engine=name) == name
