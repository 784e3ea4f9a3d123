"""Where the round checks its invariants (R1.1, R9.6): once at every round's end, over the
whole round, instead of after each win and each money move.

A win keeps every kind's count (one tile moves from a hand or a river to the won tiles), so
R1.1 after it could only catch an earlier step's error; the ledger's check looks at every
transfer not yet looked at, so one check at the end covers every money move of the round.
These tests break a round on purpose after its first money move or first win and expect its
end to refuse it, whichever way it ends (three winners, R10.4; the empty wall, R5.6)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from xzcore.money.ledger import LedgerError, Transfer
from xzcore.players.agents import greedy_chooser
from xzcore.round.base import TileConservationError
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet

XUEZHAN = RuleSet()
XUELIU = RuleSet.preset("xueliu")


def _play_until(r: Round, stop: Callable[[Round], bool]) -> None:
    bots = [greedy_chooser(s) for s in range(4)]
    while not r.over and not stop(r):
        seat = r.to_act()[0]
        r.play(bots[seat](r, seat, r.legal_actions(seat)))


def _finish(r: Round) -> None:
    _play_until(r, lambda _: False)


def _round(seed: int, rules: RuleSet = XUEZHAN) -> Round:
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    return Round(rules, d.wall, d.dealer, exchange_direction=direction)


def _ends(seed: int, rules: RuleSet = XUEZHAN) -> str:
    r = _round(seed, rules)
    _finish(r)
    return r.result().reason


def _seed_ending(reason: str, rules: RuleSet = XUEZHAN) -> int:
    return next(s for s in range(200) if _ends(s, rules) == reason)


@pytest.mark.parametrize("reason", ["three_won", "wall_empty"])
def test_a_tile_lost_after_the_first_win_is_refused_at_the_end(reason: str) -> None:
    r = _round(_seed_ending(reason))
    _play_until(r, lambda r: bool(r.wins))
    assert not r.over
    r.won_tiles.pop()  # the first win's tile vanishes
    with pytest.raises(TileConservationError, match=r"not conserved \(R1\.1\)"):
        _finish(r)
    assert r.over and r.events[-1]["type"] != "end_kyoku"  # no end event for a broken round


@pytest.mark.parametrize("reason", ["three_won", "wall_empty"])
def test_a_bad_transfer_after_the_first_money_is_refused_at_the_end(reason: str) -> None:
    r = _round(_seed_ending(reason))
    _play_until(r, lambda r: len(r.ledger) > 0)
    assert not r.over
    r.ledger.add(Transfer(0, 0, 1, "win_discard", "R9.1"))  # a seat paying itself
    with pytest.raises(LedgerError, match="pays itself"):
        _finish(r)


def test_a_xueliu_round_checks_at_its_end_after_many_wins() -> None:
    seed = next(s for s in range(200) if _ends(s, XUELIU) == "wall_empty")
    r = _round(seed, XUELIU)
    _play_until(r, lambda r: bool(r.wins))
    r.won_tiles.append(r.won_tiles[0])  # a fifth copy of a kind
    with pytest.raises(TileConservationError, match=r"not conserved \(R1\.1\)"):
        _finish(r)


@pytest.mark.parametrize("rules", [XUEZHAN, XUELIU], ids=["xuezhan", "xueliu"])
def test_sound_rounds_end_with_both_checks_passed(rules: RuleSet) -> None:
    for seed in range(6):
        r = _round(seed, rules)
        _finish(r)
        r.check_tiles()  # R1.1 holds at the end
        assert r.ledger.problems() == []  # R9.6
        assert r.events[-1]["type"] == "end_kyoku"
