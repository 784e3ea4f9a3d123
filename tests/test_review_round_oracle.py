"""Rules review of the round engine (issues 4/5): an independent oracle for claim offers.

Random seeded games are played through the checked :meth:`Round.play`. Before every discard
and every added gang, the test works out by itself, from RULES.md, what each other seat must
be offered, and compares with what the engine offers:

- 胡 (R5.2, R6.4) iff the tile completes the seat's hand (R7.1, R4.4) and the seat is not
  pass-locked (R7.4, ``strict`` here: any win passed on another seat's tile since the seat's
  last draw of any kind — a 碰 or 杠 instead of the win counts as a pass), or the final round
  has begun (R5.7: no lock in it; it begins with a draw made when the wall holds N or fewer,
  N = the in-play seats at that draw or the integer option);
- in the final round with ``forced``, the win alone (R5.7);
- 碰 / 杠 (R5.2) iff not a robbed gang (R6.4), the wall is not empty (R5.6), the tile is not
  of the seat's void suit (R4.3), it holds two / three of it and is not a 血流 winner (R11.2:
  no 碰, and a direct gang only if its waits (R7.3) stay the same).

The lock and the final round are tracked from the event stream and the test's own choices,
never read from the engine. The same games check R6.3: with ``late_added_gang_pays`` off an
added gang pays nothing exactly when its fourth tile was not drawn in the current turn.
"""

from __future__ import annotations

import random

import pytest

from xzcore.actions import Action
from xzcore.agents import GreedyAgent, SeatView
from xzcore.round import Round
from xzcore.rules import RuleSet
from xzcore.wall import deal


class _Oracle:
    """What the rules say, tracked from the events and the test's own decisions."""

    def __init__(self, r: Round) -> None:
        self.r = r
        self.rules = r.rules
        self.locked = [False] * 4
        self.won = [False] * 4
        self.final = False
        self.left = 55
        self.turn_draws: list[set[int]] = [set(), set(), set(), set()]
        self.seen = 0
        self.late: bool | None = None
        self.checked_offers = 0
        self.checked_late = 0

    def in_play(self, s: int) -> bool:
        return self.rules.xueliu or not self.won[s]

    def read_events(self) -> None:
        r = self.r
        for e in r.events[self.seen :]:
            t = e["type"]
            if t == "tsumo":
                s = e["actor"]
                before = e["left"] + 1
                n_in_play = sum(self.in_play(x) for x in range(4))
                if self.rules.last_round_win.value != "off" and before <= self.rules.last_round_n(
                    n_in_play
                ):
                    self.final = True  # R5.7: once begun, to the end
                self.left = e["left"]
                self.locked[s] = False  # R7.4: a draw of any kind ends the lock
                k = _kind(e["pai"])
                if e["rinshan"]:
                    self.turn_draws[s].add(k)
                else:
                    self.turn_draws[s] = {k}
            elif t in ("pon", "daiminkan"):
                self.turn_draws[e["actor"]] = set()
            elif t == "hora":
                self.won[e["actor"]] = True
            elif t == "gang_payment" and e["kind"] == "bugang":
                if self.late is not None and not self.rules.late_added_gang_pays:
                    assert (e["transfers"] == []) is self.late, (e, self.late)  # R6.3
                    self.checked_late += 1
                self.late = None
        self.seen = len(r.events)

    def can_win(self, o: int, k: int) -> bool:
        r = self.r
        h = r.hands[o]
        if not h.is_win_with(k):
            return False
        if self.rules.declare_void:
            return True
        suits = {m.tile // 9 for m in r.melds[o]} | {k // 9}
        c = h.counts()
        suits |= {su for su in range(3) if any(c[9 * su : 9 * su + 9])}
        return len(suits) <= 2

    def waits(self, o: int, remove: int, k: int) -> int:
        """R7.3 waits of seat ``o`` with ``remove`` copies of ``k`` gone into a gang."""
        r = self.r
        c = bytearray(r.hands[o].counts())
        held = bytearray(c)
        for m in r.melds[o]:
            held[m.tile] += m.size
        c[k] -= remove
        held[k] += 1 if remove else 0  # the discard joins the gang
        h = type(r.hands[o])(bytes(c), r.voids[o])
        return int(h.waits(sum(1 << i for i in range(27) if held[i] >= 4)))

    def kan_keeps_waits(self, o: int, k: int) -> bool:
        """R11.2: a 血流 winner's direct gang must leave its waits as they were."""
        return self.waits(o, 0, k) == self.waits(o, 3, k)

    def expect(self, k: int, src: int, robbing: bool) -> dict[int, list[str]]:
        """Each other in-play seat's expected options (words) on tile ``k`` from ``src``."""
        r = self.r
        out: dict[int, list[str]] = {}
        for i in (1, 2, 3):
            o = (src + i) % 4
            if not self.in_play(o):
                continue
            words: list[str] = []
            strict_lock = self.rules.pass_hu.value != "off" and self.locked[o]
            if self.can_win(o, k) and (not strict_lock or self.final):
                if self.final and self.rules.last_round_win.value == "forced":
                    out[o] = ["hora"]
                    continue
                words.append("hora")
            winner_locked = self.rules.xueliu and self.won[o]
            n = r.hands[o].count(k)
            if not robbing and self.left > 0 and k // 9 != r.voids[o]:
                if n == 3 and (not winner_locked or self.kan_keeps_waits(o, k)):
                    words.append("daiminkan")
                if n >= 2 and not winner_locked:
                    words.append("pon")
            if words:
                out[o] = [*words, "none"]
        return out

    def offered(self) -> dict[int, list[str]]:
        r = self.r
        if r.to_act() and r.stage.name in ("CLAIM", "ROB"):
            return {o: [a.word for a in r.legal_actions(o)] for o in r._claim_opts}
        return {}


def _kind(name: str) -> int:
    from xzcore.tiles import parse_tile

    return parse_tile(name)


def _play(rules: RuleSet, seed: int) -> _Oracle:
    d = deal(seed)
    r = Round(
        rules,
        d.wall,
        d.dealer,
        exchange_direction=d.exchange_direction if rules.exchange_three else None,
    )
    orc = _Oracle(r)
    rng = random.Random(seed)
    bot = GreedyAgent(seed)
    while not r.over:
        seats = r.to_act()
        stage = r.stage.name
        if stage in ("CLAIM", "ROB"):
            passes = []
            for s in seats:
                legal = r.legal_actions(s)
                if legal[0].word == "hora" and len(legal) > 1:  # pass 4 wins in 5 (R7.4)
                    a = legal[0] if rng.random() < 0.2 else rng.choice(legal[1:])
                else:
                    a = rng.choice(legal)
                if legal[0].word == "hora" and a.word != "hora":
                    passes.append(s)
                r.play(a)
            # R7.4: a pass outside the final round locks (strict / higher_only alike).
            if rules.pass_hu.value != "off" and not orc.final:
                for s in passes:
                    orc.locked[s] = True
            orc.read_events()
            continue
        s = seats[0]
        legal = r.legal_actions(s)
        # A greedy player makes hands ready, so that wins are often offered and passed; it
        # wins only half the time and gangs whenever it may, so that rare paths are met.
        rare = [a for a in legal if a.word in ("kakan", "ankan")]
        if stage != "TURN":  # exchange and void: the greedy choice
            a = bot.act(SeatView(r, s))
        elif legal[0].word == "hora" and (len(legal) == 1 or rng.random() < 0.5):
            a = legal[0]
        elif rare and rng.random() < 0.8:
            a = rng.choice(rare)
        else:
            a = bot.act(SeatView(r, s))
            if a.word == "hora":
                a = rng.choice(legal[1:])
        expected = None
        if a.word in ("dahai", "kakan"):
            expected = orc.expect(a.tile, s, robbing=a.word == "kakan")
            if a.word == "kakan":
                orc.late = a.tile not in orc.turn_draws[s]
        r.play(Action.make(a.word, a.seat, a.tile, tiles=a.tiles, suit=a.suit))
        if expected is not None:
            assert orc.offered() == expected, (seed, str(a), orc.locked, orc.final)
            orc.checked_offers += 1
        orc.read_events()
    return orc


VARIANTS = {
    "xuezhan-strict-forced": RuleSet.preset("xuezhan", pass_hu="strict"),
    "xuezhan-strict-forfeit-12": RuleSet.preset(
        "xuezhan", pass_hu="strict", last_round_win="forfeit", last_round_tiles=12
    ),
    "xuezhan-strict-forfeit-20": RuleSet.preset(
        "xuezhan", pass_hu="strict", last_round_win="forfeit", last_round_tiles=20
    ),
    "xuezhan-strict-off-single": RuleSet.preset(
        "xuezhan", pass_hu="strict", last_round_win="off", multi_ron=False
    ),
    "xuezhan-nolock-latezero": RuleSet.preset("xuezhan", pass_hu="off", late_added_gang_pays=False),
    "xueliu-strict-latezero": RuleSet.preset(
        "xueliu", pass_hu="strict", late_added_gang_pays=False
    ),
    "chengdu-strict": RuleSet.preset("chengdu-classic", pass_hu="strict"),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_claim_offers_match_an_independent_reading(name: str) -> None:
    rules = VARIANTS[name]
    offers = late = 0
    for seed in range(60):
        orc = _play(rules, 1000 + seed)
        offers += orc.checked_offers
        late += orc.checked_late
    assert offers > 2000  # the oracle really ran
    if not rules.late_added_gang_pays:
        assert late > 0  # and saw added gangs
