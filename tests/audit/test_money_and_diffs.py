"""Money per seat and diffs (docs/audit.md; issue 13 items 3 and 4), on hand-edited logs: one
payment of a recorded self-draw pointed at another seat, one dropped, one added — each
shows exactly that transfer as changed, removed or added, and the per-seat nets of the log
against the engine's, under the header's seat names."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from test_edited_figures import _encode, _records

from xzcore.audit.diff import diff
from xzcore.audit.report import GameReport, audit_bytes
from xzcore.log.types import net_of
from xzcore.log.writer import LogWriter
from xzcore.players.recording import record_games
from xzcore.rules import RuleSet

NAMES = ["alice", "bob", "human", "dora"]


def _game(seed: int = 230) -> tuple[list[list[Any]], list[int]]:
    """A recorded xuezhan game (names :data:`NAMES`) and the engine's totals."""
    buf = io.BytesIO()
    [rnd] = record_games(LogWriter(buf), RuleSet.preset("xuezhan"), 1, seed=seed, seat_names=NAMES)
    return _records(buf.getvalue()), list(rnd.result().totals)


def _self_draw(records: list[list[Any]]) -> int:
    """The record index of the first self-drawn win (three payers, one transfer each at
    least)."""
    for r, (tag, payload, _h) in enumerate(records):
        if tag == 1 and payload["type"] == "hora" and len(payload["transfers"]) >= 3:
            return r
    pytest.fail("no self-drawn win in the sample")


def _audit(records: list[list[Any]]) -> GameReport:
    [report] = audit_bytes(_encode(records, rechain=True))
    return report


def _payment_finding(report: GameReport) -> dict[str, Any]:
    """The finding of the hora's payments (R9.2); the claims record's L5 findings that may
    follow it are item 1's business."""
    [f] = [f for f in report.to_dict()["findings"] if f["rule"] == "R9.2"]
    return f


def test_verified_game_money_per_seat_is_the_engines() -> None:
    records, totals = _game()
    report = _audit(records)
    assert report.status == "verified"
    rows = report.to_dict()["money_per_seat"]
    assert [r["name"] for r in rows] == NAMES
    assert [r["claimed"] for r in rows] == totals
    assert [r["correct"] for r in rows] == totals
    assert [r["differs"] for r in rows] == [False] * 4


def test_one_payment_pointed_at_another_seat() -> None:
    records, totals = _game()
    r = _self_draw(records)
    edited = copy.deepcopy(records)
    t = edited[r][1]["transfers"][1]
    payer, payee = t["payer"], t["payee"]
    other = next(s for s in range(4) if s not in (payer, payee))
    t["payee"] = other  # nothing else touched: the totals and claims still the true ones
    report = _audit(edited)
    f = _payment_finding(report)
    # Only the changed transfer, with only its changed field.
    [item] = f["diff"]["list"]
    assert item["change"] == "changed"
    assert item["claimed_index"] == item["correct_index"] == 1
    assert item["claimed"] == t
    assert item["correct"] == records[r][1]["transfers"][1]
    assert item["fields"] == [
        {"field": "payee", "change": "changed", "claimed": other, "correct": payee}
    ]
    # Money per seat: the log's payments against the engine's net; its totals are right.
    rows = report.to_dict()["money_per_seat"]
    assert [x["correct"] for x in rows] == totals
    assert [x["claimed_totals"] for x in rows] == totals
    expected = list(totals)
    expected[payee] -= t["units"]
    expected[other] += t["units"]
    assert [x["claimed"] for x in rows] == expected
    assert [x["differs"] for x in rows] == [s in (payee, other) for s in range(4)]
    assert [x["name"] for x in rows] == NAMES


def test_dropped_transfer_is_removed_and_added_one_is_added() -> None:
    records, totals = _game()
    r = _self_draw(records)
    dropped = copy.deepcopy(records)
    gone = dropped[r][1]["transfers"].pop(1)
    [item] = _payment_finding(_audit(dropped))["diff"]["list"]
    assert item == {"change": "removed", "correct_index": 1, "correct": gone}

    added = copy.deepcopy(records)
    extra = dict(added[r][1]["transfers"][0], units=5)
    added[r][1]["transfers"].insert(2, extra)
    report = _audit(added)
    [item] = _payment_finding(report)["diff"]["list"]
    assert item == {"change": "added", "claimed_index": 2, "claimed": extra}
    rows = report.to_dict()["money_per_seat"]
    want = list(totals)
    want[extra["payer"]] -= 5
    want[extra["payee"]] += 5
    assert [x["claimed"] for x in rows] == want


def test_illegal_action_has_no_correct_figures() -> None:
    records, _totals = _game()
    # A discard by the wrong seat: the replay stops there.
    for r, (tag, payload, _h) in enumerate(records):
        if tag == 1 and payload["type"] == "dahai" and r > 20:
            edited = copy.deepcopy(records)
            edited[r][1]["actor"] = (payload["actor"] + 1) % 4
            break
    rows = _audit(edited).to_dict()["money_per_seat"]
    assert [x["correct"] for x in rows] == [None] * 4
    assert [x["differs"] for x in rows] == [None] * 4
    assert [x["name"] for x in rows] == NAMES


# -- diff, on its own ---------------------------------------------------------------------


def _t(payer: int, payee: int, units: int) -> dict[str, Any]:
    return {"payer": payer, "payee": payee, "units": units, "rule": "R9.2"}


def test_one_dropped_item_in_the_middle_is_one_removal() -> None:
    correct = [_t(1, 0, 2), _t(2, 0, 2), _t(3, 0, 2), _t(1, 3, 1)]
    claimed = [correct[0], correct[2], correct[3]]
    assert diff(claimed, correct) == {
        "list": [{"change": "removed", "correct_index": 1, "correct": correct[1]}]
    }


def test_per_seat_figures_are_compared_by_position() -> None:
    d = diff([-7, -7, 21, -7], [-3, -7, 17, -7])
    assert d == {
        "list": [
            {
                "change": "changed",
                "claimed_index": 0,
                "correct_index": 0,
                "claimed": -7,
                "correct": -3,
            },
            {
                "change": "changed",
                "claimed_index": 2,
                "correct_index": 2,
                "claimed": 21,
                "correct": 17,
            },
        ]
    }


def test_diff_is_type_strict_and_empty_when_same() -> None:
    assert diff([_t(1, 0, 2)], [_t(1, 0, 2)]) is None
    d = diff({"gen": True}, {"gen": 1})
    assert d == {"map": [{"field": "gen", "change": "changed", "claimed": True, "correct": 1}]}
    assert diff(2, 3) is None


def test_map_fields_added_and_removed() -> None:
    d = diff({"a": 1, "b": 2}, {"a": 1, "c": 3})
    assert d == {
        "map": [
            {"field": "c", "change": "removed", "claimed": "(absent)", "correct": 3},
            {"field": "b", "change": "added", "claimed": 2, "correct": "(absent)"},
        ]
    }


def test_net_matches_transfers_helper() -> None:
    """The rows' claimed net is the log's transfers' net (the one definition, net_of)."""
    records, _ = _game()
    r = _self_draw(records)
    tr = records[r][1]["transfers"]
    assert net_of(tr) is not None and sum(net_of(tr) or []) == 0
