"""Every built-in bot (xzcore.players.recording.BOT_NAMES): only legal actions, on every
preset and both kernels; the same game for the same seed; by name through bot_chooser, as
``xz record --bot NAME`` uses it; and the two measuring scripts on a few games."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from xzcore.players.agents import (
    Agent,
    SeatView,
    greedy_chooser,
    play_game,
    random_chooser,
)
from xzcore.players.recording import BOT_NAMES, bot_chooser, play_round
from xzcore.players.roster import bot_agent
from xzcore.round.actions import Action
from xzcore.round.wall import deal
from xzcore.rules import PRESETS, RuleSet

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


class Checked:
    """Wraps a bot: every choice must be one of ``view.legal_actions()``."""

    def __init__(self, inner: Agent, seen: list[str]) -> None:
        self.inner = inner
        self.seen = seen

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        choice = self.inner.act(view)
        assert choice in legal, f"{choice} not in {[str(a) for a in legal]}"
        self.seen.append(choice[0])
        return choice


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", ["efficient", "careless"])
def test_bot_chooses_only_legal_actions(kernel: ModuleType, preset: str, name: str) -> None:
    rules = RuleSet.preset(preset)
    games = 12 if kernel.__name__.endswith("_core") else 2
    words: list[str] = []
    for seed in range(games):
        agents = [Checked(bot_agent(name, 4 * seed + s), words) for s in range(4)]
        result, events = play_game(rules, seed, agents, kernel=kernel)
        assert sum(result.totals) == 0 and events[-1]["type"] == "end_kyoku"
    assert "dahai" in words and "hora" in words


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bot_is_deterministic_per_seed(name: str) -> None:
    rules = RuleSet.preset("xueliu")
    a = play_game(rules, 4, [bot_agent(name, s) for s in range(4)])[1]
    b = play_game(rules, 4, [bot_agent(name, s) for s in range(4)])[1]
    assert a == b


def test_careless_seed_changes_its_mistakes() -> None:
    rules = RuleSet.preset("xuezhan")
    runs = {
        str(play_game(rules, 4, [bot_agent("careless", 100 * k + s) for s in range(4)])[1])
        for k in range(4)
    }
    assert len(runs) > 1


def _record(rules: RuleSet, choosers: list[Any], seed: int) -> list[dict[str, Any]]:
    return play_round(rules, deal(seed), choosers).events


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bot_chooser_plays_every_name_on_every_preset(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for name in BOT_NAMES:
        events = _record(rules, [bot_chooser(name, s) for s in range(4)], 3)
        assert events[-1]["type"] == "end_kyoku"
    # every name at one table, as xz record --bot SEAT=NAME seats them
    rnd = play_round(rules, deal(5), [bot_chooser(n, s) for s, n in enumerate(BOT_NAMES)])
    assert rnd.over and sum(rnd.result().totals) == 0


def test_bot_chooser_keeps_greedy_and_random_as_they_were() -> None:
    rules = RuleSet.preset("xuezhan")
    for seed in range(3):
        assert _record(rules, [bot_chooser("greedy", s) for s in range(4)], seed) == _record(
            rules, [greedy_chooser(s) for s in range(4)], seed
        )
        assert _record(rules, [bot_chooser("random", s) for s in range(4)], seed) == _record(
            rules, [random_chooser(s) for s in range(4)], seed
        )


def test_bot_chooser_names_the_known_bots_for_an_unknown_one() -> None:
    with pytest.raises(
        ValueError, match=r"unknown bot 'clever' \(known: greedy, random, efficient"
    ):
        bot_chooser("clever", 0)
    with pytest.raises(ValueError, match="known: greedy, random, efficient, careless"):
        bot_agent("Greedy", 0)


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"xz_script_{name}", SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_duplicate_games_script_on_five_walls(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script("duplicate_games")
    assert script.main(["--walls", "5", "--pairs", "efficient:greedy,greedy:random"]) == 0
    out = capsys.readouterr().out
    assert "| efficient vs greedy | 20 |" in out and "| greedy vs random | 20 |" in out
    r = script.compare("leshan", "careless", "efficient", 5)
    assert r["games"] == 20 and r["half"] > 0
    with pytest.raises(SystemExit):
        script.main(["--walls", "5", "--pairs", "efficient:clever"])


def test_rule_frequency_script_on_twenty_games(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script("rule_frequency")
    assert script.main(["--games", "20", "--bots", "careless,greedy"]) == 0
    out = capsys.readouterr().out
    assert "| games | 20 | 20 |" in out
    tally = script.play_and_count("xuezhan", "careless", 0, 20)
    assert tally["games"] == 20
    assert tally["R7 wins"] == tally["R9.1 wins on a discard"] + tally["R9.2 self-draw wins"]
    assert tally["end: three_won"] + tally["end: wall_empty"] == 20
    assert tally["R10 settlement"] <= tally["end: wall_empty"]


@pytest.mark.parametrize(
    ("seed", "dealer_wins"),
    [(121940, True), (154088, True), (72681, False), (113820, False)],
)
def test_seeds_that_deal_a_first_turn_win(kernel: ModuleType, seed: int, dealer_wins: bool) -> None:
    # R7.5: the walls docs/bots.md lists for recording 天胡 (the dealer's dealt 14 tiles win)
    # and 地胡 (a non-dealer's first draw wins, nobody having claimed or ganged before).
    rules = RuleSet.preset("xuezhan")
    agents = [bot_agent("efficient", 4 * seed + s) for s in range(4)]
    _, events = play_game(rules, seed, agents, kernel=kernel)
    first = [e for e in events if e["type"] == "hora" and e["first_turn"]]
    assert len(first) == 1
    assert (first[0]["actor"] == events[0]["dealer"]) is dealer_wins
    assert first[0]["self_draw"]
