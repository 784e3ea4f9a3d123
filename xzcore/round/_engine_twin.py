"""The pure-Python twin of ``xzcore.round._engine``: small helpers of the round engine (its
setup, ``Round.play``'s shortcuts, wins, gangs and the round's end), written for clarity (the
compiled module is tested against it; tests/round/test_compiled_engine_helpers.py).

Each helper gives exactly what the engine's plain code gives, or ``None`` ("not handled
here": the caller runs the plain code); the helpers are listed in docs/internals.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from xzcore.kernel import Hand
from xzcore.money.ledger import Transfer
from xzcore.tiles import NAMES, SUITS

__all__ = [
    "PlayChecks",
    "counts_text",
    "shuffled_kinds",
    "tiles_conserved",
    "transfer_dicts",
    "wall_text",
]

_FIELDS = ("payer", "payee", "units", "reason", "rule", "detail", "turn")


def counts_text(counts: object) -> str | None:
    """The canonical MPSZ text of ``counts`` (each suit's rank digits in order, each digit
    as many times as its count, then the suit's letter; a suit with no tile is left out);
    ``None`` unless ``counts`` is exactly ``bytes`` of length 27 holding at most 4 of a kind."""
    if type(counts) is not bytes or len(counts) != 27 or max(counts) > 4:
        return None
    text = ""
    for suit in range(3):
        nine = counts[9 * suit : 9 * suit + 9]
        if any(nine):
            text += "".join(NAMES[r][0] * n for r, n in enumerate(nine)) + SUITS[suit]
    return text


def transfer_dicts(transfers: Sequence[Any]) -> list[dict[str, Any]] | None:
    """``[t.to_dict() for t in transfers]`` for a list or tuple of exact :class:`Transfer`
    values each holding its seven fields (read from the instance, as ``to_dict`` reads them);
    ``None`` for anything else."""
    if type(transfers) is not list and type(transfers) is not tuple:
        return None
    out: list[dict[str, Any]] = []
    for t in transfers:
        if type(t) is not Transfer:
            return None
        fields = vars(t)
        if any(name not in fields for name in _FIELDS):
            return None
        d = {name: fields[name] for name in _FIELDS[:6]}
        if fields["turn"] is not None:
            d["turn"] = fields["turn"]
        out.append(d)
    return out


def wall_text(wall: object) -> str | None:
    """The names of the 108 tiles of ``wall`` (rank digit, suit letter) one after the other;
    ``None`` unless ``wall`` is exactly a ``list`` of 108 exact ``int`` kinds 0–26."""
    if type(wall) is not list or len(wall) != 108:
        return None
    if any(type(k) is not int or not 0 <= k <= 26 for k in wall):
        return None
    return "".join(NAMES[k] for k in wall)


class PlayChecks:
    """``Round.play``'s shortcuts over the engine's tables (given by
    :mod:`xzcore.round.checks`, which documents them as ``canonical`` and ``quick_legal``):
    ``canon`` the prebuilt actions by value, ``quick_ok(cls)`` whether a round class answers
    ``legal_actions`` as ``Round`` does, the phase numbers of a turn, a claim window and an
    added gang's window, 9 zero bytes, and the ``Action`` type."""

    def __init__(
        self,
        canon: Mapping[Any, Any],
        quick_ok: Callable[[type], bool],
        turn: int,
        claim: int,
        rob: int,
        no_tiles: bytes,
        action: type,
    ) -> None:
        self._canon = canon
        self._quick_ok = quick_ok
        self._turn = turn
        self._claims = (claim, rob)
        self._no_tiles = no_tiles
        self._action = action

    def canonical(self, a: object) -> Any:
        """The prebuilt action equal to ``a`` when ``a`` is an ``Action`` of exactly the
        field types ``Action.make`` produces; ``None`` otherwise."""
        if type(a) is not self._action:
            return None
        try:
            c = self._canon.get(a)
        except TypeError:  # an unhashable field: not well formed
            return None
        if c is None or c is a:
            return c
        t: Any = a
        if (
            type(t[0]) is str
            and type(t[1]) is int
            and type(t[2]) is int
            and type(t[3]) is tuple
            and type(t[4]) is int
        ):
            return c
        return None

    def quick_legal(self, r: Any, a: Any) -> bool:
        """True when ``a`` is certainly among ``r.legal_actions(a.seat)``; False means "not
        decided here"."""
        ph = r.phase
        s = a[1]
        if ph == self._turn:
            if a[0] != "dahai" or s != r.cur or not self._quick_ok(type(r)):
                return False
            if r.rules.xueliu and r.won[s]:  # R11.2: the locked winner's list is special
                return False
            if not r._must_discard and r._forced(False):  # R5.7: maybe the win alone
                return False
            c = r.hands[s].counts()
            k = a[2]
            if not c[k]:
                return False
            void = r.voids[s]
            lo = 9 * void
            # R4.2: holding a void tile, only void tiles may go.
            return bool(void < 0 or k // 9 == void or c[lo : lo + 9] == self._no_tiles)
        if ph in self._claims:
            if not self._quick_ok(type(r)) or s in r._claim_dec:
                return False
            return a in r._claim_opts.get(s, ())
        return False


def tiles_conserved(
    hands: object,
    melds: object,
    rivers: object,
    won_tiles: object,
    wall: object,
    pos: object,
    peng: object,
) -> bool | None:
    """Whether every kind is held exactly four times (R1.1) across ``hands`` (4 of the
    compiled kernel's ``Hand``), ``melds`` (4 lists of melds: three tiles for a meld whose
    kind is ``peng``, else four), ``rivers`` (4 lists of kinds), ``won_tiles`` and
    ``wall[pos:]``; ``None`` when one of them is not of that shape (the caller counts)."""
    kinds = list(range(27))

    def _kinds(tiles: object, start: int = 0) -> list[int] | None:
        if type(tiles) is not list:
            return None
        out = tiles[start:]
        if any(type(k) is not int or k not in kinds for k in out):
            return None
        return out

    if not (
        type(hands) is list
        and len(hands) == 4
        and type(melds) is list
        and len(melds) == 4
        and type(rivers) is list
        and len(rivers) == 4
        and type(pos) is int
        and 0 <= pos <= 108
        and type(wall) is list
        and len(wall) == 108
    ):
        return None
    c = [0] * 27
    for h in hands:
        if type(h) is not Hand:
            return None
        for k, n in enumerate(h.counts()):
            c[k] += n
    for ms in melds:
        if type(ms) is not list:
            return None
        for m in ms:
            tile = m.tile
            if type(tile) is not int or tile not in kinds:
                return None
            c[tile] += 3 if m.kind is peng else 4
    for tiles in (*rivers, won_tiles):
        found = _kinds(tiles)
        if found is None:
            return None
        for k in found:
            c[k] += 1
    rest = _kinds(wall, pos)
    if rest is None:
        return None
    for k in rest:
        c[k] += 1
    return c == [4] * 27


_MASK64 = (1 << 64) - 1


def shuffled_kinds(x: object, batches: object) -> tuple[list[int], int] | None:
    """R2.2's shuffle of the 108 tile kinds in id order (``id // 4``) from the SplitMix64 state
    ``x``, and the state after it: for each ``(product, bounds)`` of ``batches`` (the
    Fisher–Yates bounds 108, 107, …, 2 in runs, ``xzcore.round.wall._batches``), one draw
    ``bounded(product)`` (Lemire's method with rejection), split by ``divmod`` over the run's
    bounds, each a swap of position ``n - 1`` with the remainder. ``None`` unless ``x`` is an
    exact int in [0, 2**64) and ``batches`` a list of pairs (an exact int product in
    [2, 2**64), a tuple of exact int bounds 2–108) whose bounds are 108 down to 2 in order."""
    if type(x) is not int or not 0 <= x <= _MASK64 or type(batches) is not list:
        return None
    expected = 108
    for pair in batches:
        if type(pair) is not tuple or len(pair) != 2:
            return None
        product, bounds = pair
        if type(product) is not int or not 2 <= product <= _MASK64 or type(bounds) is not tuple:
            return None
        for n in bounds:
            if type(n) is not int or n != expected or n < 2:
                return None
            expected -= 1
    if expected != 1:
        return None
    items = [i >> 2 for i in range(108)]
    for product, bounds in batches:
        threshold = ((1 << 64) - product) % product
        while True:  # bounded(product): SplitMix64's next output times the bound
            x = (x + 0x9E3779B97F4A7C15) & _MASK64
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            m = (z ^ (z >> 31)) * product
            if (m & _MASK64) >= threshold:
                break
        v = m >> 64
        for n in bounds:
            v, j = divmod(v, n)
            items[n - 1], items[j] = items[j], items[n - 1]
    return items, x
