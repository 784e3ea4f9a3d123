"""Exact findings: every finding cites the most specific rule the action or
figure breaks, its "correct" side is what the engine computed from the recorded actions, and a
money difference is counted once (docs/audit.md, "A finding").

Each test plays one seeded game, edits its log by hand as a forger would (the edit is written
out in the test; the writer re-chains the records, so only the replay can catch it) and
audits the result on both paths (the compiled shortcuts and the plain ``Round.play`` oracle).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from edit_helpers import Edit, edited_log

from xzcore.audit.compare import Finding
from xzcore.audit.report import audit_bytes
from xzcore.cli.main import cli
from xzcore.log.types import claims_of
from xzcore.players.recording import Chooser, bot_chooser, play_round
from xzcore.round.engine import Round
from xzcore.round.wall import deal
from xzcore.rules import RuleSet


def _play(rules: RuleSet, seed: int, choosers: list[Chooser] | None = None) -> Round:
    ch = choosers or [bot_chooser("random", seed * 4 + s) for s in range(4)]
    return play_round(rules, deal(seed), ch)


def _log(rnd: Round, edit: Edit) -> bytes:
    return edited_log(rnd, edit)


def _findings(data: bytes) -> list[Finding]:
    """The findings of the log's one game; both paths must agree."""
    fast = audit_bytes(data)
    plain = audit_bytes(data, shortcuts=False)
    assert len(fast) == len(plain) == 1
    assert [f.to_dict() for f in fast[0].findings] == [f.to_dict() for f in plain[0].findings]
    return fast[0].findings


def _money(findings: list[Finding]) -> list[int]:
    """The money difference per seat of a game: the sum over its findings."""
    acc = [0, 0, 0, 0]
    for f in findings:
        for s, d in enumerate(f.money or (0, 0, 0, 0)):
            acc[s] += d
    return acc


XUEZHAN = RuleSet.preset("xuezhan")


# -- money is counted once; the correct side is the engine's --------------------------------

# deal(4), random bots: event 78 is seat 3's self-draw win, paid ×1 by seats 0, 1 and 2 plus
# one self-draw unit each (zimo_bonus = base, R9.2): transfers 3-5 are the units.
SELF_DRAW = (4, 78)


def test_r9_2_one_edited_payment_is_one_money_finding() -> None:
    """The unit seat 0 pays is pointed at seat 1 instead (payer 0 → 1); nothing else is
    touched, so the totals and the claims record are right. One R9.2 finding carries the
    money; the claims record, which agrees with the engine, is not a finding."""
    seed, at = SELF_DRAW

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        t = events[at]["transfers"][3]
        assert (t["payer"], t["payee"], t["reason"]) == (0, 3, "zimo_unit")
        t["payer"] = 1

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R9.2", at)]
    assert found[0].money == (1, -1, 0, 0)
    assert _money(found) == [1, -1, 0, 0]


def test_r9_6_totals_and_claims_edited_alike_count_once() -> None:
    """end_kyoku's totals and the claims record's totals both move one unit from seat 1 to
    seat 0, the events' payments untouched: R9.6 carries the money; the claims record's
    totals are an L5 finding whose correct side is the engine's totals and whose money is
    not counted again."""
    rnd = _play(XUEZHAN, 4)
    right = list(rnd.events[-1]["totals"])
    wrong = [right[0] + 1, right[1] - 1, right[2], right[3]]

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events[-1]["totals"] = list(wrong)
        claims["totals"] = list(wrong)

    found = _findings(_log(rnd, edit))
    assert [f.rule for f in found] == ["R9.6", "L5"]
    r96, l5 = found
    assert (r96.claimed, r96.correct, r96.money) == (wrong, right, (1, -1, 0, 0))
    assert (l5.claimed, l5.correct, l5.money) == (wrong, right, None)
    assert _money(found) == [1, -1, 0, 0]


def test_l5_claims_totals_edited_alone() -> None:
    """Only the claims record's totals are edited: L5, correct = the engine's totals, with
    the money of the edit."""
    rnd = _play(XUEZHAN, 4)
    right = list(rnd.events[-1]["totals"])
    wrong = [right[0] - 2, right[1], right[2] + 2, right[3]]

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        claims["totals"] = list(wrong)

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.claimed, f.correct, f.money) for f in found] == [
        ("L5", wrong, right, (-2, 0, 2, 0))
    ]


def _unit_moved_and_totals_agreeing(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
    """Seat 1 pays seat 0's self-draw unit, and end_kyoku's totals and the claims record are
    made to agree with that."""
    events[SELF_DRAW[1]]["transfers"][3]["payer"] = 1
    t = events[-1]["totals"]
    t[0] += 1
    t[1] -= 1
    claims.update(claims_of(events))


def test_r9_2_payment_and_totals_edited_alike_count_once() -> None:
    """A forger moves the unit (as above) and makes end_kyoku's totals and the claims record
    agree with the edited payments: the totals follow from the R9.2 difference, which is the
    only money counted; they are shown as its consequence (a note on that finding)."""
    found = _findings(_log(_play(XUEZHAN, SELF_DRAW[0]), _unit_moved_and_totals_agreeing))
    at = SELF_DRAW[1]
    assert [(f.rule, f.location.event) for f in found] == [("R9.2", at)]
    assert _money(found) == [1, -1, 0, 0]
    assert len(found[0].notes) == 2  # end_kyoku's totals and the claims record's
    assert all("not counted again" in n for n in found[0].notes)


def test_the_table_prints_each_consequence_under_its_finding(tmp_path: Path) -> None:
    """``xz audit``'s table names a finding's consequences (the figures that only follow
    from it) in one sentence right under it, so no money line is left unexplained."""
    at = SELF_DRAW[1]
    data = _log(_play(XUEZHAN, SELF_DRAW[0]), _unit_moved_and_totals_agreeing)
    [finding] = _findings(data)
    (tmp_path / "g.xzlog").write_bytes(data)
    res = CliRunner().invoke(cli, ["audit", str(tmp_path / "g.xzlog")])
    lines = res.output.splitlines()
    head = next(i for i, ln in enumerate(lines) if f"event {at} " in ln and "R9.2" in ln)
    below = lines[head + 1 : head + 12]
    assert len(finding.notes) == 2
    so = "      So the log's round totals and claims record's totals are off by the same amounts"
    assert sum(x.startswith(so) for x in below) == 1
    assert not any("and so:" in x for x in lines)


# -- score parts: the rule of the part that is wrong, not of the figures that follow --------

# deal(212): event 114 is a 杠上炮 win (pinghu, extras [gangshangpao], fan 1, ×2), followed
# by its 呼叫转移.
GANGSHANGPAO = (212, 114)
# deal(13): event 112 is a pinghu with one 根 (gen 1, fan 1, ×2).
ONE_GEN = (13, 112)


def test_r8_6_lost_gangshangpao_extra() -> None:
    """The extra is dropped, and fan, multiplier and cap lowered to match: R8.6."""
    seed, at = GANGSHANGPAO

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        sc = events[at]["score"]
        assert sc["extras"] == ["gangshangpao"]
        sc.update(extras=[], fan=0, multiplier=1, capped=1)

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R8.6", at)]


def test_r8_6_extra_extra() -> None:
    """An extra the win does not have (海底炮) is added: R8.6."""
    seed, at = GANGSHANGPAO

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        sc = events[at]["score"]
        sc.update(extras=["gangshangpao", "haidipao"], fan=2, multiplier=4, capped=4)

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R8.6", at)]


def test_r8_6_gangshangpao_flag_and_extra_dropped() -> None:
    """A forger also clears the win's after_gang flag: both the score and the flag are the
    杠上炮 extra's, R8.6."""
    seed, at = GANGSHANGPAO

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events[at]["after_gang"] = False
        events[at]["score"].update(extras=[], fan=0, multiplier=1, capped=1)

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R8.6", at), ("R8.6", at)]


def test_r8_2_wrong_gen() -> None:
    """The 根 is left out, and fan, multiplier and cap lowered to match: R8.2."""
    seed, at = ONE_GEN

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        sc = events[at]["score"]
        assert (sc["gen"], sc["fan"], sc["multiplier"]) == (1, 1, 2)
        sc.update(gen=0, gen_left=0, fan=0, multiplier=1, capped=1)

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R8.2", at)]


def test_r8_3_wrong_multiplier_alone() -> None:
    """Pattern, 根 and extras right, the multiplier doubled: the table's rule, R8.3."""
    seed, at = ONE_GEN

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events[at]["score"].update(multiplier=4, capped=4)

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R8.3", at)]


# -- claims the engine never offered ---------------------------------------------------------

# deal(14): event 123 is seat 2's win on seat 0's discard of 3s; seat 3 draws next.
RON = (14, 123)


def test_r5_3_peng_of_a_won_tile() -> None:
    """After seat 2 wins seat 0's 3s, the log has seat 3 peng that very tile: R5.3 (if any
    seat wins, nobody pengs that tile), at the pon."""
    seed, at = RON

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        h = events[at]
        assert (h["type"], h["actor"], h["target"], h["pai"]) == ("hora", 2, 0, "3s")
        events.insert(at + 1, {"type": "pon", "actor": 3, "target": 0, "pai": "3s"})

    found = _findings(_log(_play(XUEZHAN, seed), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R5.3", at + 1)]


def test_r5_3_second_win_without_multi_ron() -> None:
    """With multi_ron off only the first claimant wins: a second 胡 on the won tile is R5.3."""
    rules = RuleSet.from_dict({**XUEZHAN.to_dict(), "multi_ron": False})
    rnd = _play(rules, 14)
    at = next(
        i
        for i, e in enumerate(rnd.events)
        if e["type"] == "hora" and not e["self_draw"] and rnd.events[i + 1]["type"] == "tsumo"
    )
    h = rnd.events[at]
    other = next(s for s in range(4) if s not in (h["actor"], h["target"]))

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events.insert(
            at + 1, {**copy.deepcopy(h), "actor": other}
        )  # the same win, claimed by another seat

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.location.event) for f in found] == [("R5.3", at + 1)]


STRICT = RuleSet.from_dict({**XUEZHAN.to_dict(), "pass_hu": "strict"})


def _passer(seed: int) -> list[Chooser]:
    """Random bots; seat 1 passes every win on another seat's tile (and so is locked, R7.4)."""
    bots = [bot_chooser("random", seed * 4 + s) for s in range(4)]

    def passer(rnd: Any, s: int, legal: list[Any]) -> Any:
        if rnd.phase in (3, 4) and legal and legal[0].word == "hora" and len(legal) > 1:
            return legal[-1]
        return bots[1](rnd, s, legal)

    return [bots[0], passer, bots[2], bots[3]]


def test_r7_4_win_refused_by_the_pass_lock() -> None:
    """deal(515), pass_hu strict, seat 1 passing every offered win: at event 57 seat 3
    discards 3s, which completes seat 1's hand while seat 1 is locked, so the engine never
    asks seat 1. A log in which seat 1 takes that 3s is R7.4 at that hora."""
    rnd = _play(STRICT, 515, _passer(515))
    at = 57
    d = rnd.events[at]
    assert (d["type"], d["actor"], d["pai"]) == ("dahai", 3, "3s")

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events.insert(at + 1, {"type": "hora", "actor": 1, "target": 3, "pai": "3s"})

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.location.event) for f in found] == [("R7.4", at + 1)]
    assert "locked" in found[0].message


@pytest.mark.parametrize("word", ["pon", "daiminkan"])
def test_r4_3_claim_of_a_void_suit_tile_still_cited(word: str) -> None:
    """The void-suit claim the audit already recognised (R4.3) goes through the same
    diagnosis: a 碰 of a tile of the claimer's void suit."""
    rnd = _play(XUEZHAN, 14)
    voids = {e["actor"]: e["suit"] for e in rnd.events if e["type"] == "dingque"}
    at, d = next(
        (i, e)
        for i, e in enumerate(rnd.events)
        if e["type"] == "dahai"
        and e["actor"] != 2
        and e["pai"][1] == voids[2]
        and rnd.events[i + 1]["type"] == "tsumo"
    )

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events.insert(at + 1, {"type": word, "actor": 2, "target": d["actor"], "pai": d["pai"]})

    found = _findings(_log(rnd, edit))
    assert [f.location.event for f in found] == [at + 1]
    assert found[0].rule in ("R4.3", "R5.2")  # R5.2 when seat 2 lacks the tiles


def test_r6_4_peng_of_an_added_gang() -> None:
    """A 碰 of the tile a seat adds to its 碰 (an added gang may be robbed by a win only):
    R6.4, at the pon the log records after the kakan."""
    rnd, at = next(
        (rnd, i)
        for rnd in (_play(XUEZHAN, seed) for seed in range(40))
        for i, e in enumerate(rnd.events)
        if e["type"] == "kakan"
    )
    k = rnd.events[at]
    other = (k["actor"] + 1) % 4

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events.insert(
            at + 1, {"type": "pon", "actor": other, "target": k["actor"], "pai": k["pai"]}
        )

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.location.event) for f in found] == [("R6.4", at + 1)]


def test_r9_6_totals_beyond_a_wrong_payment_carry_only_the_rest() -> None:
    """The unit is moved (R9.2: +1 seat 0, −1 seat 1) and end_kyoku's totals move one unit
    more, from seat 2 to seat 3: R9.6 carries only that second unit, its correct side the
    engine's totals."""
    seed, at = SELF_DRAW
    rnd = _play(XUEZHAN, seed)
    right = list(rnd.events[-1]["totals"])
    wrong = [right[0] + 1, right[1] - 1, right[2] - 1, right[3] + 1]

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events[at]["transfers"][3]["payer"] = 1
        events[-1]["totals"] = list(wrong)

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.money) for f in found] == [("R9.2", (1, -1, 0, 0)), ("R9.6", (0, 0, -1, 1))]
    assert (found[1].claimed, found[1].correct) == (wrong, right)
    assert _money(found) == [1, -1, -1, 1]


def _all_pass(seed: int) -> list[Chooser]:
    """Random bots, every seat passing every win on another seat's tile (R7.4 locks)."""
    bots = [bot_chooser("random", seed * 4 + s) for s in range(4)]

    def make(s: int) -> Chooser:
        def passer(rnd: Any, seat: int, legal: list[Any]) -> Any:
            if rnd.phase in (3, 4) and legal and legal[0].word == "hora" and len(legal) > 1:
                return legal[-1]
            return bots[s](rnd, seat, legal)

        return passer

    return [make(s) for s in range(4)]


def test_r7_4_locked_seat_that_draws_next() -> None:
    """deal(99), pass_hu strict, every seat passing offered wins: at event 81 seat 2
    discards 4s, which completes locked seat 3's hand; the engine does not ask seat 3 and
    seat 3 draws next (its lock ends there). A log in which seat 3 takes that 4s is R7.4 at
    that hora — judged on seat 3 as it stood at the discard, not on its hand after the
    replay's draw."""
    rnd = _play(STRICT, 99, _all_pass(99))
    at = 81
    d = rnd.events[at]
    assert (d["type"], d["actor"], d["pai"]) == ("dahai", 2, "4s")
    assert rnd.events[at + 1]["type"] == "tsumo" and rnd.events[at + 1]["actor"] == 3

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        events.insert(at + 1, {"type": "hora", "actor": 3, "target": 2, "pai": "4s"})

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.location.event) for f in found] == [("R7.4", at + 1)]


# -- the most specific rule (issue 24, item 5) -----------------------------------------------


def test_r13_1_a_count_model_score_cites_the_count() -> None:
    """A 乐山 win's count made larger (multiplier and capped 3 → 4): the count model's own
    rule, R13.1, not R8.5 ("count scoring: see R13")."""
    leshan = RuleSet.preset("leshan")
    at = 92  # deal(2), random bots: seat 0 wins on seat 1's 5s, count 3

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        score = events[at]["score"]
        assert (score["model"], score["count"], score["capped"]) == ("count", 3, 3)
        score["multiplier"] = score["capped"] = 4

    found = _findings(_log(_play(leshan, 2), edit))
    assert [(f.rule, f.location.event) for f in found] == [("R13.1", at)]
    assert found[0].key == "finding.wrong_score"


def test_r10_2_a_forfeited_seat_paid_chajiao_cites_r10_2_whatever_its_place() -> None:
    """deal(56), careless bots, ``last_round_win = forfeit``: seat 2 is ready but passed a
    final-round win, so it collects no 查大叫; the engine's settlement is one 退税 (R10.3).
    The log inserts 查大叫 from seats 0 and 1 to seat 2 before that refund: the transfers are
    paired by content, so the inserted ones cite their rule, R10.2, not R10.3 (the rule of
    the transfer standing at their place in the engine's list)."""
    rules = RuleSet.preset("xuezhan", last_round_win="forfeit")
    rnd = _play(rules, 56, [bot_chooser("careless", 56 * 4 + s) for s in range(4)])
    at = 133

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        ev = events[at]
        assert ev["type"] == "settlement" and ev["seats"][2]["forfeited"] is True
        assert [(t["reason"], t["rule"]) for t in ev["transfers"]] == [("refund", "R10.3")]
        chajiao = {"units": 4, "reason": "chajiao", "rule": "R10.2", "detail": "×4"}
        ev["transfers"][:0] = [{"payer": p, "payee": 2, **chajiao} for p in (0, 1)]

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.location.event) for f in found] == [("R10.2", at)]
    assert found[0].money == (-4, -4, 8, 0)


def test_r11_2_a_lone_never_won_seat_left_unsettled_in_xueliu() -> None:
    """deal(44), careless bots, 血流: seats 1-3 won, seat 0 never did and is a 花猪 at the
    end of the wall. The log leaves out the settlement (as if R10.4's "no settlement after
    three wins" held): R11.2 says R10 settles the seats that never won, even one."""
    rules = RuleSet.preset("xueliu")
    rnd = _play(rules, 44, [bot_chooser("careless", 44 * 4 + s) for s in range(4)])
    at = 134

    def edit(events: list[dict[str, Any]], claims: dict[str, Any]) -> None:
        assert events[at]["type"] == "settlement"
        assert {t["rule"] for t in events[at]["transfers"]} == {"R10.1"}
        del events[at]

    found = _findings(_log(rnd, edit))
    assert [(f.rule, f.key) for f in found] == [("R11.2", "finding.misses")]


def test_a_divergence_cites_the_rule_that_made_the_engines_event() -> None:
    """A draw recorded for the wrong seat: the engine's draw is the turn order's (R5.1), and
    the first draw after a win is the turn after a win's (R5.5) — not R2.2, the rule of every
    draw (the wall)."""
    rnd = _play(XUEZHAN, SELF_DRAW[0])
    events = rnd.events
    plain = next(
        i
        for i in range(1, len(events))
        if events[i]["type"] == "tsumo" and events[i - 1]["type"] == "dahai"
    )
    after_win = next(
        i
        for i in range(1, len(events))
        if events[i]["type"] == "tsumo" and events[i - 1]["type"] == "hora"
    )
    for at, rule in ((plain, "R5.1"), (after_win, "R5.5")):

        def edit(evs: list[dict[str, Any]], claims: dict[str, Any], at: int = at) -> None:
            evs[at]["actor"] = (evs[at]["actor"] + 1) % 4

        found = _findings(_log(rnd, edit))
        assert [(f.rule, f.key, f.location.event) for f in found] == [
            (rule, "finding.diverges", at)
        ]
