"""``Round.check_tiles`` (R1.1) with the kernel's ``tile_counts``: the same answer and the
same error as the plain count (written out here as the oracle), in every state of
seeded games on both kernels, and in states broken on purpose (a tile lost or doubled, an
entry that is not a kind, a foreign hand). And whole rounds with the kernel's helpers
(``dealt_hands``, ``tile_counts``) equal rounds without them."""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import add
from types import ModuleType
from typing import Any

import pytest

from xzcore.leshan.round import new_round
from xzcore.players.agents import greedy_chooser
from xzcore.round.base import TileConservationError
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.tiles import MeldKind, format_counts, tile_name


def _old_check_tiles(r: Any) -> None:
    """``check_tiles`` as it was: the plain sum."""
    h0, h1, h2, h3 = [h.counts() for h in r.hands]
    c = list(map(add, map(add, h0, h1), map(add, h2, h3)))
    for ms in r.melds:
        for m in ms:
            c[m.tile] += 3 if m.kind is MeldKind.PENG else 4
    for tiles in (*r.rivers, r.won_tiles, r.wall[r.pos :]):
        for k in tiles:
            c[k] += 1
    if c != [4] * 27:
        bad = {tile_name(k): n for k, n in enumerate(c) if n != 4}
        raise TileConservationError(f"tiles not conserved (R1.1): {bad}")


def _outcome(check: Callable[[], None]) -> tuple[str, str]:
    try:
        check()
    except Exception as exc:  # the oracle's errors, whatever they are
        return (type(exc).__name__, str(exc))
    return ("ok", "")


def _same(r: Any) -> None:
    assert _outcome(r.check_tiles) == _outcome(lambda: _old_check_tiles(r))


def _rounds(kernel: ModuleType, rules: RuleSet, seeds: range) -> Any:
    """Every state of seeded greedy-bot games (after each action)."""
    for seed in seeds:
        d = deal(seed)
        direction = d.exchange_direction if rules.exchange_three else None
        r = new_round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel)
        bots = [greedy_chooser(s) for s in range(4)]
        while not r.over:
            for seat in r.to_act():
                r.play(bots[seat](r, seat, r.legal_actions(seat)))
            yield r


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu", "leshan"])
def test_check_tiles_is_the_plain_count_in_play(kernel: ModuleType, preset: str) -> None:
    states = 0
    for r in _rounds(kernel, RuleSet.preset(preset), range(6)):
        _same(r)
        states += 1
    assert states > 100


_BAD_ENTRIES = [27, -1, 2**70, True, 3.0, "1m", None]


def test_check_tiles_in_broken_states(kernel: ModuleType) -> None:
    """Lost, doubled and odd entries in rivers, won tiles and the wall; a hand changed; a
    hand of another kind; a meld added: each gives the oracle's error (or its pass)."""
    rng = random.Random(5)
    broken = 0
    for r in _rounds(kernel, RuleSet.preset("xuezhan"), range(3)):
        if rng.random() > 0.2:
            continue
        lists = [*r.rivers, r.won_tiles, r.wall]
        target = rng.choice([t for t in lists if t] or [r.wall])
        saved_lists = [t[:] for t in lists]
        change = rng.choice(["lose", "double", "odd", "hand", "foreign", "meld"])
        saved_hand = r.hands[0]
        saved_melds = r.melds[1][:]
        if change == "lose" and target:
            target.pop(rng.randrange(len(target)))
        elif change == "double":
            target.append(rng.randrange(27))
        elif change == "odd":
            target.insert(rng.randrange(len(target) + 1), rng.choice(_BAD_ENTRIES))
        elif change == "hand":
            h = saved_hand.copy()
            k = rng.choice([k for k in range(27) if h.count(k)])
            h.remove(k)
            r.hands[0] = h
        elif change == "foreign":
            r.hands[0] = _Counts(saved_hand.counts())
        else:
            r.melds[1].append(rng.choice(r.melds[2] or r.melds[3] or r.melds[1] or _a_meld()))
        _same(r)
        broken += 1
        for t, saved in zip(lists, saved_lists, strict=True):
            t[:] = saved
        r.hands[0] = saved_hand
        r.melds[1][:] = saved_melds
        _same(r)
    assert broken > 20


class _Counts:
    """A hand-like object that is not the kernel's Hand (the kernel declines it)."""

    def __init__(self, counts: bytes) -> None:
        self._c = counts

    def counts(self) -> bytes:
        return self._c


def _a_meld() -> list[Any]:
    from xzcore.tiles import Meld

    return [Meld(MeldKind.PENG, 4)]


def test_check_tiles_without_the_kernel_helper(kernel: ModuleType) -> None:
    """A kernel module without ``tile_counts`` (an older one): the plain count."""

    class _Old:
        Hand = kernel.Hand

    for r in _rounds(kernel, RuleSet.preset("xuezhan"), range(1)):
        r.kernel = _Old
        _same(r)
        r.rivers[0].append(0)
        _same(r)
        r.rivers[0].pop()
        r.kernel = kernel


class _WithoutHelpers:
    """A kernel module without the round helpers (``dealt_hands``, ``tile_counts``): the
    round deals and counts its own way."""

    def __init__(self, kernel: ModuleType) -> None:
        self._kernel = kernel

    def __getattr__(self, name: str) -> Any:
        if name in ("dealt_hands", "tile_counts"):
            raise AttributeError(name)
        return getattr(self._kernel, name)


def _game(kernel: Any, rules: RuleSet, seed: int) -> tuple[list[Any], list[bytes], Any]:
    d = deal(seed)
    direction = d.exchange_direction if rules.exchange_three else None
    r = new_round(rules, d.wall, d.dealer, exchange_direction=direction, kernel=kernel)
    dealt = [h.counts() for h in r.hands]
    bots = [greedy_chooser(s) for s in range(4)]
    while not r.over:
        for seat in r.to_act():
            r.play(bots[seat](r, seat, r.legal_actions(seat)))
    return r.events, dealt, r.result().totals


@pytest.mark.parametrize("preset", ["xuezhan", "xueliu", "leshan", "chengdu-classic"])
def test_rounds_with_and_without_the_kernel_helpers(kernel: ModuleType, preset: str) -> None:
    """The same deal, events (start_kyoku's tehais included) and totals."""
    rules = RuleSet.preset(preset)
    for seed in range(8):
        with_helpers = _game(kernel, rules, seed)
        assert with_helpers == _game(_WithoutHelpers(kernel), rules, seed)
        assert with_helpers[0][0]["tehais"] == [
            format_counts(c) for c in with_helpers[1]
        ]  # the texts name the dealt tiles
