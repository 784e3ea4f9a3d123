"""The correction of a disputed game and of a run (docs/audit.md, "Corrections"): the fewest
transfers ``{"from", "to", "units"}`` by seat name that turn the log's money into the
engine's; applied to the log's money per seat they give the engine's, for every disputed
sample of replays/ and for any zero-sum differences (hypothesis, against a search over every
way of splitting the names)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xzcore.audit.corrections import apply_corrections, corrections, settle
from xzcore.audit.report import audit_file
from xzcore.batch.task import Tally
from xzcore.log.signing import Verifier

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY = Verifier.load(REPLAYS / "demo-key.pub")


def _fewest(diffs: list[int]) -> int:
    """The fewest transfers settling ``diffs``, by brute force: n minus the most zero-sum
    blocks of a partition (every set partition of the names with a difference)."""
    live = [d for d in diffs if d]
    n = len(live)
    best = 0

    def partitions(items: list[int]) -> list[list[list[int]]]:
        if not items:
            return [[]]
        first, rest = items[0], items[1:]
        out = []
        for p in partitions(rest):
            out.append([[first], *p])
            for i in range(len(p)):
                out.append([*p[:i], [first, *p[i]], *p[i + 1 :]])
        return out

    for p in partitions(list(range(n))):
        if all(sum(live[i] for i in block) == 0 for block in p):
            best = max(best, len(p))
    return n - best if n else 0


def test_the_huazhu_sample_is_one_transfer_back() -> None:
    names = ["bot0", "bot1", "bot2", "bot3"]
    assert corrections(names, [-1, -128, 65, 64], [63, -128, 1, 64]) == [
        {"from": "bot2", "to": "bot0", "units": 64}
    ]


def test_agreeing_money_needs_no_transfer() -> None:
    assert corrections(["a", "b"], [3, -3], [3, -3]) == []


def test_two_pairs_settle_apart() -> None:
    # +5/-5 and +2/-2: two transfers, not three.
    fix = corrections(["a", "b", "c", "d"], [5, -5, 2, -2], [0, 0, 0, 0])
    assert sorted((t["from"], t["to"], t["units"]) for t in fix) == [
        ("a", "b", 5),
        ("c", "d", 2),
    ]


def test_differences_that_create_money_are_refused() -> None:
    with pytest.raises(ValueError, match="add up to zero"):
        settle({"a": 3, "b": -2})


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=7))
def test_any_differences_are_settled_with_the_fewest_transfers(values: list[int]) -> None:
    diffs = [*values, -sum(values)]
    names = [f"p{i}" for i in range(len(diffs))]
    claimed = diffs
    correct = [0] * len(diffs)
    fix = corrections(names, claimed, correct)
    assert all(t["units"] > 0 and t["from"] != t["to"] for t in fix)
    assert apply_corrections(dict(zip(names, claimed, strict=True)), fix) == dict(
        zip(names, correct, strict=True)
    )
    assert len(fix) == _fewest(diffs)


@pytest.mark.parametrize(
    "name",
    sorted(p.name for p in REPLAYS.glob("*.xzlog")),
)
def test_every_sample_game_is_corrected_to_the_engines_money(name: str) -> None:
    for report in audit_file(REPLAYS / name, verifier=KEY):
        r = report.to_dict()
        rows = r["money_per_seat"]
        fix = r["corrections"]
        if rows is None or any(x["correct"] is None or x["claimed"] is None for x in rows):
            assert fix is None
            continue
        log = {x["name"]: x["claimed"] for x in rows}
        engine = {x["name"]: x["correct"] for x in rows}
        assert apply_corrections(log, fix) == engine
        assert (fix == []) == (log == engine)


EXPECTED_FIX = {
    "huazhu-wrong-payee.xzlog": [{"from": "bot2", "to": "bot0", "units": 64}],
    "missed-call-transfer.xzlog": [{"from": "bot0", "to": "bot3", "units": 3}],
    "leshan-piao-left-out.xzlog": [{"from": "bot2", "to": "bot1", "units": 1}],
    "wrong-multiplier.xzlog": [{"from": "bot0", "to": "bot2", "units": 2}],
}
"""What each disputed money sample's correction must be, from how it was made
(replays/README.md): the 花猪 payment went to bot2 instead of bot0; the 呼叫转移 of 3 from
bot0 to bot3 was deleted; the 飘 unit bot2 owed bot1 was deleted; the doubled multiplier
made bot2 pay bot0 2 more."""


@pytest.mark.parametrize("name", sorted(EXPECTED_FIX))
def test_the_disputed_money_samples_name_the_planted_transfer(name: str) -> None:
    [report] = list(audit_file(REPLAYS / name, verifier=KEY))
    assert report.to_dict()["corrections"] == EXPECTED_FIX[name]


def test_run_corrections_net_the_games_per_seat_name() -> None:
    whole = Tally()
    parts = []
    for name in sorted(EXPECTED_FIX):
        part = Tally()
        for report in audit_file(REPLAYS / name, verifier=KEY):
            r = report.to_dict()
            whole.add(r, False)
            part.add(r, False)
        parts.append(part)
    merged = Tally()
    for part in parts:
        merged.merge(part)
    fix = whole.corrections()
    assert fix == merged.corrections()
    assert fix is not None
    log = dict(whole.claimed)
    assert apply_corrections(log, fix) == whole.correct
    nets = {n: whole.claimed[n] - whole.correct[n] for n in whole.claimed}
    assert len(fix) == _fewest(list(nets.values()))
    given_ = {
        n: sum(t["units"] for t in fix if t["from"] == n)
        - sum(t["units"] for t in fix if t["to"] == n)
        for n in whole.claimed
    }
    assert given_ == nets


def test_every_hand_written_dispute_is_corrected_to_the_engines_money() -> None:
    """The edits of test_finding_text.py (each kind of finding): wherever the correct money
    is known, the corrections turn the log's into it; none when the money agrees."""
    from edit_helpers import edited_log
    from test_finding_text import EDITS, MORE, _game

    from xzcore.audit.report import audit_bytes

    known = moved = 0
    for edit in [e[0] for e in EDITS] + [e[0] for e in MORE]:
        (report,) = audit_bytes(edited_log(_game(), edit))
        r = report.to_dict()
        rows, fix = r["money_per_seat"], r["corrections"]
        if rows is None or any(x["correct"] is None or x["claimed"] is None for x in rows):
            assert fix is None
            continue
        known += 1
        log = {x["name"]: x["claimed"] for x in rows}
        engine = {x["name"]: x["correct"] for x in rows}
        assert apply_corrections(log, fix) == engine
        assert (fix == []) == (log == engine)
        moved += bool(fix)
    assert known >= 5 and moved >= 1  # an edited payment needs a transfer back
