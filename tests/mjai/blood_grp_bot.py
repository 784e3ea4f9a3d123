"""A bot written from blood-grp's protocol alone (``libblood/src/mjai/bot.rs``,
``event.rs``, ``arena/board.rs`` of mahjong-xpro/blood-grp), run as a process:
``python blood_grp_bot.py SEAT`` (its seat on the command line, as blood-grp's ``Bot`` is
made with its ``player_id``).

It reads one event a line, holds each to blood-grp's schema and order
(``blood_grp_schema.py``, with ``can_act`` as ``EventWithCanAct`` has it), and answers each
line whose ``can_act`` is true with one reaction: ``ding_que`` on ``start_kyoku`` (the suit
it holds fewest of, as the arena's default), ``hora`` whenever its hand wins, else a discard
on its own turn (a tile of its void suit first, else its loneliest) and ``none`` on another
seat's tile. Any line outside the schema, a prompt it cannot answer, or a hand that does not
add up ends it with status 3 and the reason on stderr — a stream in our own dialect fails.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from blood_grp_schema import SUITS, TILES, Order, SchemaError, View

KINDS = sorted(TILES, key=lambda t: ("mps".index(t[1]), t[0]))


def _kind(tile: str) -> int:
    return "mps".index(tile[1]) * 9 + int(tile[0]) - 1


def _sets(c: list[int]) -> bool:
    i = next((k for k in range(27) if c[k]), -1)
    if i < 0:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets(c)
        c[i] += 3
        if ok:
            return True
    if i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        ok = _sets(c)
        for k in (i, i + 1, i + 2):
            c[k] += 1
        return ok
    return False


def wins(hand: list[int], void: int) -> bool:
    """A complete hand (four sets and a pair, or seven pairs) without its void suit."""
    if any(hand[9 * void : 9 * void + 9]) or sum(hand) % 3 != 2:
        return False
    if sum(hand) == 14 and all(n % 2 == 0 for n in hand):
        return True
    for k in range(27):
        if hand[k] >= 2:
            hand[k] -= 2
            ok = _sets(hand)
            hand[k] += 2
            if ok:
                return True
    return False


class Bot:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.order = Order(View(seat))
        self.hand = [0] * 27
        self.void = -1
        self.drawn: str | None = None

    def _take(self, tile: str, n: int = 1) -> None:
        k = _kind(tile)
        if self.hand[k] < n:
            raise SchemaError(f"seat {self.seat} does not hold {n} × {tile}")
        self.hand[k] -= n

    def update(self, ev: dict[str, Any]) -> None:
        t, me = ev["type"], ev.get("actor") == self.seat
        if t == "start_kyoku":
            self.hand = [0] * 27
            for tile in ev["tehais"][self.seat]:
                self.hand[_kind(tile)] += 1
            self.void = -1
        elif t == "ding_que" and me:
            self.void = SUITS.index(ev["suit"])
        elif t == "tsumo" and me:
            self.hand[_kind(ev["pai"])] += 1
            self.drawn = ev["pai"]
        elif t == "dahai" and me:
            self._take(ev["pai"])
        elif t in ("pon", "daiminkan") and me:
            self._take(ev["pai"], len(ev["consumed"]))
        elif t == "kakan" and me:
            self._take(ev["pai"])
        elif t == "ankan" and me:
            self._take(ev["consumed"][0], 4)

    def _company(self, k: int) -> int:
        near = [j for j in (k - 2, k - 1, k + 1, k + 2) if 0 <= j < 27 and j // 9 == k // 9]
        return 3 * (self.hand[k] - 1) + sum(self.hand[j] for j in near)

    def react(self, ev: dict[str, Any]) -> dict[str, Any]:
        t, s = ev["type"], self.seat
        if t == "start_kyoku":
            counts = [sum(self.hand[9 * u : 9 * u + 9]) for u in range(3)]
            return {"type": "ding_que", "actor": s, "suit": SUITS[counts.index(min(counts))]}
        if ev.get("actor") == s and t in ("tsumo", "pon"):
            if t == "tsumo" and wins(self.hand, self.void):
                return {"type": "hora", "actor": s, "target": s, "pai": ev["pai"]}
            held = [k for k in range(27) if self.hand[k]]
            voids = [k for k in held if k // 9 == self.void]
            drawn = _kind(self.drawn) if t == "tsumo" and self.drawn else -1
            if voids:
                k = drawn if drawn in voids else voids[0]
            else:  # the loneliest tile: fewest of its kind and neighbours in its suit
                k = min(held, key=lambda k: (self._company(k), k != drawn))
            return {"type": "dahai", "actor": s, "pai": KINDS[k], "tsumogiri": k == drawn}
        if t in ("dahai", "kakan") and ev["actor"] != s:
            k = _kind(ev["pai"])
            self.hand[k] += 1
            won = wins(self.hand, self.void)
            self.hand[k] -= 1
            if won:
                return {"type": "hora", "actor": s, "target": ev["actor"], "pai": ev["pai"]}
            return {"type": "none"}
        raise SchemaError(f"asked to act on {t} (seat {s}): blood-grp's bot cannot")


def main() -> int:
    bot = Bot(int(sys.argv[1]))
    for raw in sys.stdin:
        try:
            ev = json.loads(raw)
            can_act = isinstance(ev, dict) and ev.get("can_act") is True
            bot.order.take(ev, can_act=isinstance(ev, dict) and "can_act" in ev)
            bot.update(ev)
            if can_act:
                sys.stdout.write(json.dumps(bot.react(ev)) + "\n")
                sys.stdout.flush()
        except (SchemaError, ValueError, KeyError, IndexError) as exc:
            sys.stderr.write(f"blood-grp bot: refused {raw.strip()[:200]}: {exc}\n")
            return 3
    try:
        bot.order.end()
    except SchemaError as exc:
        sys.stderr.write(f"blood-grp bot: {exc}\n")
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
