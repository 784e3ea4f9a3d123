"""The round engine: an independent oracle for claim offers.

Random seeded games are played through the checked :meth:`Round.play`. On every turn the
test works out by itself, from RULES.md, what the seat may do (R5.1, R5.4 after a 碰, R4.2,
R6.1/R6.5 gangs, R5.6, R5.7 forced self-draw, R11.2 a 血流 winner's locked hand), and before
every discard and added gang what each other seat must be offered:

- 胡 (R5.2, R6.4) iff the tile completes the seat's hand (R7.1, R4.4) and the seat is not
  pass-locked (R7.4: it passed a win on another seat's tile since its last draw of any kind —
  a 碰 or 杠 instead of the win counts as a pass; ``strict``: no win; ``higher_only``: only
  a value, extras included, above the largest value it passed), or the final round has begun
  (R5.7: no lock in it; it begins with a draw made when the wall holds N or fewer, N = the
  in-play seats at that draw or the integer option);
- in the final round with ``forced``, the win alone (R5.7);
- 碰 / 杠 (R5.2) iff not a robbed gang (R6.4), the wall is not empty (R5.6), the tile is not
  of the seat's void suit (R4.3), it holds two / three of it and is not a 血流 winner (R11.2:
  no 碰, and a direct gang only if its waits (R7.3) stay the same).

The lock, the final round, the pengs and who draws next (R5.5, R2.1) are tracked from the
event stream and the test's own choices, never read from the engine's state (the hands and
melds are read: they are plain bookkeeping). The same games check R6.3: with
``late_added_gang_pays`` off an added gang pays nothing exactly when its fourth tile was not
drawn in the current turn.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from xzcore import kernel as core
from xzcore.round.actions import Action
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet
from xzcore.scoring import WinContext, score_win
from xzcore.tiles import parse_tile, tile_name


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
        self.checked_turns = 0
        self.checked_transfers = 0
        self.pengs: list[set[int]] = [set(), set(), set(), set()]
        self.drawn = [-1] * 4
        self.must_discard = False
        self.resume_after: int | None = None
        self.prev: dict[str, Any] = {}
        self.lock_value = [0] * 4  # R7.4 V: the largest value passed while locked
        self.values: dict[int, int] = {}  # the value of each seat's win on the tile on offer
        self.after_gang = False  # the seat on turn drew a replacement tile last (R8.6)
        self.dgh_from: int | None = None  # the seat whose discard was ganged directly (R9.3)
        self.forfeited = [False] * 4  # R5.7 forfeit
        self.clean = True  # R7.5: no claim or gang yet
        self.turn_income = [0] * 4  # gang money each seat received in its current turn (R9.5)
        self.draws = [0] * 4
        self.offer: tuple[str, bool, bool] = ("", False, False)  # what is on offer, 杠上炮, 地胡

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
                self.lock_value[s] = 0
                self.after_gang = e["rinshan"]
                self.draws[s] += 1
                k = _kind(e["pai"])
                self.drawn[s] = k
                if e["rinshan"]:
                    self.turn_draws[s].add(k)
                else:
                    self.turn_draws[s] = {k}
                    # R5.5 / R2.1: the in-play seat after the discarder or the last winner.
                    assert self.resume_after is not None, e
                    nxt = (self.resume_after + 1) % 4
                    while not self.in_play(nxt):
                        nxt = (nxt + 1) % 4
                    assert s == nxt, (e, self.resume_after)
                    self.turn_income[s] = 0
                    self.dgh_from = None
                self.resume_after = None
            elif t in ("pon", "daiminkan"):
                self.turn_draws[e["actor"]] = set()
                self.turn_income[e["actor"]] = 0
                self.resume_after = None
                if t == "pon":
                    self.pengs[e["actor"]].add(_kind(e["pai"]))
                    self.must_discard = True
                    self.after_gang = False
                else:  # R9.3: 点杠花 if the replacement draw wins
                    self.dgh_from = e["target"]
            elif t in ("ankan", "kakan"):
                self.dgh_from = None
                self.offer = (t, False, False)
                if t == "kakan":
                    self.pengs[e["actor"]].discard(_kind(e["pai"]))
            elif t == "dahai":
                d = e["actor"]
                self.resume_after = d
                self.must_discard = False
                rules = self.rules
                first = rules.tian_di_hu and rules.dihu_on_dealer_discard and self.clean
                first = first and d == r.dealer and self.draws[d] == 0
                self.offer = ("dahai", self.after_gang, first)
            elif t == "hora":
                w, src = e["actor"], e["target"]
                self.check_context(e)
                payers = {x["payer"] for x in e["transfers"]}
                if not e["self_draw"]:  # R9.1; R6.4 robbed: the robbed seat pays
                    assert payers == {src}, e
                elif e["after_gang"] and self.dgh_from is not None:  # R9.3 discarder
                    assert payers == {self.dgh_from}, e
                else:  # R9.2: every other in-play seat (血流: all three, R11.2)
                    assert payers == {x for x in range(4) if x != w and self.in_play(x)}, e
                self.won[w] = True
                p = self.prev
                same = p.get("type") == "hora" and not e["self_draw"] and p["target"] == src
                if e["self_draw"] or not same or (w - src) % 4 > (self.resume_after - src) % 4:
                    self.resume_after = w  # winners counted in play order from the discarder
            elif t == "call_transfer" and self.rules.call_transfer.value == "last_gang":
                # R9.5: each winner gets the gang money of the discarder's gangs of this turn.
                amount = self.turn_income[e["actor"]]
                got = [(x["payee"], x["units"]) for x in e["transfers"]]
                assert got == ([(w, amount) for w in e["winners"]] if amount else []), e
                self.checked_transfers += 1
            elif t == "gang_payment" and e["transfers"]:  # R6.2: who pays
                self.turn_income[e["actor"]] += sum(x["units"] for x in e["transfers"])
                payers = {x["payer"] for x in e["transfers"]}
                if e["kind"] == "gang":
                    assert payers == {e["target"]}, e
                else:
                    g = e["actor"]
                    assert payers == {x for x in range(4) if x != g and self.in_play(x)}, e
            if t == "gang_payment" and e["kind"] == "bugang":
                if self.late is not None and not self.rules.late_added_gang_pays:
                    assert (e["transfers"] == []) is self.late, (e, self.late)  # R6.3
                    self.checked_late += 1
                self.late = None
            if t in ("pon", "daiminkan", "ankan", "kakan") or (t == "hora" and not e["self_draw"]):
                self.clean = False  # R7.5: a claim (a win on a discard too) or a gang
            self.prev = e
        self.seen = len(r.events)

    def check_context(self, e: dict[str, Any]) -> None:
        """The facts of a win that scoring reads (R8.6 extras, R7.5)."""
        w, rules = e["actor"], self.rules
        if e["self_draw"]:
            first = w == self.r.dealer and self.draws[w] == 0
            first = first or (w != self.r.dealer and self.draws[w] == 1)
            want = {
                "after_gang": self.after_gang,  # 杠上花
                "robbed": False,
                "last_tile": self.left == 0,  # 海底捞月
                "first_turn": rules.tian_di_hu and self.clean and first,
            }
        else:
            what, after_gang, first = self.offer
            robbed = what == "kakan"
            want = {
                "after_gang": after_gang and not robbed,  # 杠上炮
                "robbed": robbed,  # 抢杠
                "last_tile": self.left == 0 and not robbed,  # 海底炮
                "first_turn": first and not robbed,
            }
        assert {k: e[k] for k in want} == want, (e, want)

    def can_win(self, o: int, k: int) -> bool:
        r = self.r
        h = r.hands[o]
        if not h.is_win_with(k):
            return False
        return self.suits_ok(o, k)

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
            allowed = True
            if self.can_win(o, k):
                ctx = WinContext(
                    after_gang=self.after_gang and not robbing,
                    robbed=robbing,
                    last_tile=self.left == 0 and not robbing,
                )
                c = r.hands[o].counts()
                value = score_win(c, k, r.melds[o], r.voids[o], ctx, self.rules).multiplier
                self.values[o] = value
                mode = self.rules.pass_hu.value
                if self.locked[o] and not self.final and mode != "off":
                    allowed = mode == "higher_only" and value > self.lock_value[o]
            if self.can_win(o, k) and allowed:
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

    def expect_turn(self, s: int) -> list[str]:
        """The seat's options on its own turn (R5.1, R5.4, R4.2, R6, R5.6, R5.7, R11.2)."""
        r, rules = self.r, self.rules
        h = r.hands[s]
        c = h.counts()
        void = r.voids[s]
        voids = [k for k in range(9 * void, 9 * void + 9) if c[k]] if void >= 0 else []
        discards = voids or [k for k in range(27) if c[k]]
        if self.must_discard:  # R5.4
            return sorted(f"dahai {_name(k)} by {s}" for k in discards)
        out: list[str] = []
        if h.is_win() and self.suits_ok(s):
            k = self.drawn[s] if self.turn_draws[s] else r.wall[52]
            if not c[k]:
                k = max(i for i in range(27) if c[i])
            win = f"hora {_name(k)} by {s}"
            forced = rules.last_round_win.value == "forced"
            if self.final and forced and rules.last_round_scope.value == "any":
                return [win]  # R5.7
            out.append(win)
        winner = rules.xueliu and self.won[s]
        if self.left > 0:  # R5.6
            gangs = [("ankan", k) for k in range(27) if c[k] == 4 and k // 9 != void]
            gangs += [("kakan", k) for k in self.pengs[s] if c[k]]
            for word, k in gangs:
                if not winner or self.gang_keeps_waits(s, word, k):
                    out.append(f"{word} {_name(k)} by {s}")
        if winner:  # R11.2: it throws the tile it drew
            out.append(f"dahai {_name(self.drawn[s])} by {s}")
        else:
            out += [f"dahai {_name(k)} by {s}" for k in discards]
        return sorted(out)

    def suits_ok(self, s: int, extra: int = -1) -> bool:
        """R4.4 without 定缺: at most two suits, melds included."""
        if self.rules.declare_void:
            return True
        r = self.r
        c = r.hands[s].counts()
        suits = {m.tile // 9 for m in r.melds[s]} | ({extra // 9} if extra >= 0 else set())
        suits |= {su for su in range(3) if any(c[9 * su : 9 * su + 9])}
        return len(suits) <= 2

    def gang_keeps_waits(self, s: int, word: str, k: int) -> bool:
        """R11.2: waits (R7.3) before the draw equal the waits after the gang."""
        r = self.r
        d = self.drawn[s]
        c = bytearray(r.hands[s].counts())
        held = bytearray(c)
        for m in r.melds[s]:
            held[m.tile] += m.size
        before, held_before = bytearray(c), bytearray(held)
        before[d] -= 1
        held_before[d] -= 1
        after = bytearray(c)
        after[k] -= 4 if word == "ankan" else 1
        hand = type(r.hands[s])

        def waits(cc: bytearray, hh: bytearray) -> int:
            excl = sum(1 << i for i in range(27) if hh[i] >= 4)
            return int(hand(bytes(cc), r.voids[s]).waits(excl))

        return waits(before, held_before) == waits(after, held)

    def offered(self) -> dict[int, list[str]]:
        r = self.r
        if r.to_act() and r.stage.name in ("CLAIM", "ROB"):
            return {o: [a.word for a in r.legal_actions(o)] for o in r._claim_opts}
        return {}


def _kind(name: str) -> int:
    return parse_tile(name)


def _name(k: int) -> str:
    return tile_name(k)


def _greedy(r: Round, s: int, legal: list[Action], rng: random.Random) -> Action:
    """A small greedy player: void = the suit with the fewest tiles; discard a tile that
    leaves the lowest shanten; anything else at random."""
    c = bytearray(r.hands[s].counts())
    if legal[0].word == "dingque":
        sizes = [sum(c[9 * su : 9 * su + 9]) for su in range(3)]
        return legal[sizes.index(min(sizes))]
    if legal[0].word != "dahai":
        return rng.choice(legal)
    best: list[Action] = []
    low = 99
    for a in legal:
        c[a.tile] -= 1
        n = core.shanten(bytes(c), r.voids[s])
        c[a.tile] += 1
        if n < low:
            best, low = [a], n
        elif n == low:
            best.append(a)
    return rng.choice(best)


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
            if orc.final and rules.last_round_win.value == "forfeit":
                for s in passes:  # R5.7 forfeit: it passed a final-round win
                    orc.forfeited[s] = True
            if rules.pass_hu.value != "off" and not orc.final:
                for s in passes:
                    orc.locked[s] = True
                    orc.lock_value[s] = max(orc.lock_value[s], orc.values[s])
            orc.read_events()
            continue
        s = seats[0]
        legal = r.legal_actions(s)
        if stage == "TURN":
            assert sorted(map(str, legal)) == orc.expect_turn(s), (seed, s)
            orc.checked_turns += 1
        # A greedy player makes hands ready, so that wins are often offered and passed; it
        # wins only half the time and gangs whenever it may, so that rare paths are met.
        rare = [a for a in legal if a.word in ("kakan", "ankan")]
        if stage != "TURN":  # exchange and void: the greedy choice
            a = _greedy(r, s, legal, rng)
        elif legal[0].word == "hora" and (len(legal) == 1 or rng.random() < 0.5):
            a = legal[0]
        elif rare and rng.random() < 0.8:
            a = rng.choice(rare)
        else:
            a = _greedy(r, s, [x for x in legal if x.word == "dahai"], rng)
        if (
            orc.final
            and rules.last_round_win.value == "forfeit"
            and rules.last_round_scope.value == "any"
            and legal[0].word == "hora"
            and a.word != "hora"
        ):
            orc.forfeited[s] = True  # R5.7 forfeit, scope any: a self-draw win declined
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
    _check_end(orc)
    return orc


def _check_end(orc: _Oracle) -> None:
    """R11.1 the next dealer; R10 / R10.4 / R11.2 whether the end-of-round settlement ran."""
    r = orc.r
    res = r.result()
    evs = r.events
    first = next((i for i, e in enumerate(evs) if e["type"] == "hora"), None)
    if first is None:
        assert res.next_dealer == r.dealer  # 荒庄: the dealer stays
    else:
        e, nxt = evs[first], evs[first + 1]
        multiple = not e["self_draw"] and nxt["type"] == "hora" and nxt["target"] == e["target"]
        assert res.next_dealer == (e["target"] if multiple else e["actor"])
    never_won = 4 - len({w.seat for w in res.wins})
    for e in evs:
        if e["type"] == "settlement":  # R10.2: who collects nothing (R5.7 forfeit)
            got = [x["forfeited"] for x in e["seats"]]
            assert got == [f and not orc.won[x] for x, f in enumerate(orc.forfeited)], got
    settled = any(e["type"] == "settlement" for e in evs)
    # 血战: two or more active seats (R10 header, R10.4); 血流: any never-won seat (R11.2).
    assert settled is (res.reason == "wall_empty" and never_won >= (1 if r.rules.xueliu else 2))
    assert res.reason == "wall_empty" or (not r.rules.xueliu and never_won == 1)


VARIANTS = {
    "xuezhan-strict-forced": RuleSet.preset("xuezhan", pass_hu="strict"),
    "xuezhan-strict-forfeit-12": RuleSet.preset(
        "xuezhan", pass_hu="strict", last_round_win="forfeit", last_round_tiles=12
    ),
    "xuezhan-strict-forfeit-20": RuleSet.preset(
        "xuezhan", pass_hu="strict", last_round_win="forfeit", last_round_tiles=20
    ),
    "xuezhan-forfeit-discard-16": RuleSet.preset(
        "xuezhan", last_round_win="forfeit", last_round_scope="discard", last_round_tiles=16
    ),
    "xuezhan-dihu-discard": RuleSet.preset("xuezhan", dihu_on_dealer_discard=True),
    "xuezhan-strict-off-single": RuleSet.preset(
        "xuezhan", pass_hu="strict", last_round_win="off", multi_ron=False
    ),
    "xuezhan-higher": RuleSet.preset("xuezhan"),
    "xueliu-higher-single": RuleSet.preset("xueliu", multi_ron=False),
    "xuezhan-nolock-latezero": RuleSet.preset("xuezhan", pass_hu="off", late_added_gang_pays=False),
    "xueliu-strict-latezero": RuleSet.preset(
        "xueliu", pass_hu="strict", late_added_gang_pays=False
    ),
    "chengdu-strict": RuleSet.preset("chengdu-classic", pass_hu="strict"),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_claim_offers_match_an_independent_reading(name: str) -> None:
    rules = VARIANTS[name]
    offers = turns = late = 0
    for seed in range(60):
        orc = _play(rules, 1000 + seed)
        offers += orc.checked_offers
        turns += orc.checked_turns
        late += orc.checked_late
    assert offers > 2000 and turns > 2000  # the oracle really ran
    if not rules.late_added_gang_pays:
        assert late > 0  # and saw added gangs
