#!/usr/bin/env python3
"""A small mjai bot for xzcore's ``xz record --bot SEAT=COMMAND`` (docs/mjai-bots.md, M3).

It reads one mjai event per line on stdin and prints one reaction line when an event says
``"can_act": true`` (M3.3), keeping its own hand from the events:

- 换三张 (R3): the three lowest tiles of the suit it holds fewest of (three or more);
- 定缺 (R4.1): the suit it holds fewest of;
- 飘 (R13.3): bets 0; it never lays its hand open (摆割, R13.4);
- its turn: wins when it can (R7.1, R4.4); a 血流 winner discards what it drew (R11.2);
  else a tile of its void suit (R4.2), else the discard that leaves the fewest tiles to
  ready (shanten), the drawn tile first among equals, then the lowest;
- another seat's discard or added gang: wins on it when it can, else passes.

Run it as ``python examples/mjai_bot.py``; ``python -m`` is not needed. The class
:class:`ExampleBot` is also a Python bot (``react(seat)``, ``xzcore.players.mjai_bot``),
which the benchmark plays in process.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from xzcore.kernel import is_win, shanten_discards
from xzcore.tiles import NAMES

KIND = {name: k for k, name in enumerate(NAMES)}
SUIT_WORDS = ("man", "pin", "sou")


class ExampleBot:
    """The bot's state: its seat, the rules, its concealed tiles (27 counts) and void."""

    def __init__(self) -> None:
        self.seat = 0
        self.rules: dict[str, Any] = {}
        self.hand = [0] * 27
        self.void = -1
        self.won = False
        self.drawn = -1  # the tile just drawn on its turn, -1 after a peng or another's turn
        self.stage = "play"  # "exchange", "dingque", "piao" or "play"
        self.done = 0  # how many seats have made the current stage's choice
        self.mine_done = False

    # -- keeping the state ------------------------------------------------------------------

    def _next_stage(self, after: str) -> None:
        order = ["exchange", "dingque", "piao", "play"]
        on = {
            "exchange": bool(self.rules.get("exchange_three")),
            "dingque": bool(self.rules.get("declare_void", True)),
            "piao": int(self.rules.get("piao_max", 0) or 0) > 0,
            "play": True,
        }
        i = order.index(after) + 1 if after in order else 0
        self.stage = next(s for s in order[i:] if on[s])
        self.done, self.mine_done = 0, False

    def _tiles(self, pai: Any) -> list[int]:
        names = pai if isinstance(pai, list) else [pai]
        return [KIND[p] for p in names if p in KIND]

    def see(self, ev: dict[str, Any]) -> None:
        """Update the state with one event."""
        t, actor, me = ev.get("type"), ev.get("actor"), self.seat
        if t == "start_game":
            self.seat = int(ev.get("id", 0))
            self.rules = dict(ev.get("xz_rules") or {})
        elif t == "start_kyoku":
            self.hand = [0] * 27
            for k in self._tiles(ev["tehais"][me]):
                self.hand[k] += 1
            self.void, self.won, self.drawn = -1, False, -1
            self._next_stage("")
        elif t == "tsumo" and actor == me:
            for k in self._tiles(ev.get("pai")):
                self.hand[k] += 1
                self.drawn = k
        elif t == "xz_exchange":
            if actor == me:
                for k in self._tiles(ev.get("pai")):
                    self.hand[k] -= 1
            if ev.get("target") == me:
                for k in self._tiles(ev.get("pai")):
                    self.hand[k] += 1
            self._count("exchange")
        elif t == "ding_que":
            if actor == me:
                self.void = SUIT_WORDS.index(ev["suit"])
            self._count("dingque")
        elif t == "xz_piao":
            self._count("piao")
        elif t == "dahai" and actor == me:
            self.hand[KIND[ev["pai"]]] -= 1
            self.drawn = -1
        elif t in ("pon", "daiminkan", "ankan", "kakan") and actor == me:
            for k in self._tiles(ev.get("consumed")):  # never, as it never melds
                self.hand[k] -= 1
        elif t == "hora" and actor == me:
            if ev.get("target") == me and self.drawn >= 0:
                self.hand[self.drawn] -= 1  # a self-drawn winning tile leaves the hand
            self.won = True

    def _count(self, stage: str) -> None:
        if self.stage == stage:
            self.done += 1
            if self.done == 4:
                self._next_stage(stage)

    # -- deciding ---------------------------------------------------------------------------

    def _wins(self, counts: list[int]) -> bool:
        return sum(counts) % 3 == 2 and bool(is_win(bytes(counts), self.void))

    def decide(self, last: dict[str, Any]) -> dict[str, Any]:
        """The reaction to ``last``, the event that says ``can_act``."""
        me, h = self.seat, self.hand
        suit_sizes = [sum(h[9 * s : 9 * s + 9]) for s in range(3)]
        if self.stage == "exchange" and not self.mine_done:
            self.mine_done = True
            suit = min((s for s in range(3) if suit_sizes[s] >= 3), key=lambda s: suit_sizes[s])
            kinds = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(h[k])][:3]
            return {"type": "xz_exchange", "actor": me, "pai": [NAMES[k] for k in kinds]}
        if self.stage == "dingque" and not self.mine_done:
            self.mine_done = True
            suit = min(range(3), key=lambda s: suit_sizes[s])
            return {"type": "ding_que", "actor": me, "suit": SUIT_WORDS[suit]}
        if self.stage == "piao" and not self.mine_done:
            self.mine_done = True
            return {"type": "xz_piao", "actor": me, "piao": 0}
        if sum(h) % 3 == 1:  # another seat's discard or added gang is on offer
            tile = self._tiles(last.get("pai"))
            if tile and self._wins([c + (k == tile[0]) for k, c in enumerate(h)]):
                pai = NAMES[tile[0]]
                return {"type": "hora", "actor": me, "target": last.get("actor"), "pai": pai}
            return {"type": "none"}
        if self.drawn >= 0 and self._wins(h):
            return {"type": "hora", "actor": me, "target": me, "pai": NAMES[self.drawn]}
        # R11.2: a 血流 winner's hand is locked: it discards what it drew
        k = self.drawn if self.won and self.drawn >= 0 else self._discard()
        return {"type": "dahai", "actor": me, "pai": NAMES[k], "tsumogiri": k == self.drawn}

    def _discard(self) -> int:
        h, void = self.hand, self.void
        if void >= 0 and any(h[9 * void : 9 * void + 9]):
            return next(k for k in range(9 * void, 9 * void + 9) if h[k])
        after = shanten_discards(bytes(h), void)
        best = min(after[k] for k in range(27) if h[k])
        choices = [k for k in range(27) if h[k] and after[k] == best]
        return self.drawn if self.drawn in choices else choices[0]

    # -- the two ways to play it ------------------------------------------------------------

    def on_line(self, text: str) -> str | None:
        """One stdin line in; the reaction line out when the event says ``can_act``."""
        ev = json.loads(text)
        self.see(ev)
        if ev.get("can_act") is True:
            return json.dumps(self.decide(ev), separators=(",", ":"))
        return None

    def react(self, seat: Any) -> dict[str, Any]:
        """As a Python bot: the events since the last decision, then the reaction."""
        events = seat.new_events()
        for ev in events:
            self.see(ev)
        return self.decide(events[-1])


def main() -> None:
    bot = ExampleBot()
    for text in sys.stdin:
        if not text.strip():
            continue
        out = bot.on_line(text)
        if out is not None:
            sys.stdout.write(out + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
