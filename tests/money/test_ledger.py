"""The Ledger itself: totals, R9.6 checks, the readable breakdown and plain data for logs."""

from __future__ import annotations

import pytest
from settlement_helpers import FakeScore, rows

from xzcore.money.ledger import REASONS, Ledger, LedgerError, Transfer
from xzcore.money.settlement import SeatEnd, call_transfer, end_of_round, pay_gang, pay_win
from xzcore.rules import RuleSet
from xzcore.tiles import MeldKind

XZ = RuleSet.preset("xuezhan")


def _sample() -> Ledger:
    """Seat 0 gangs seat 2's discard in turn 3, seat 1 self-draws ×4 (4 + 1 from each)."""
    led = Ledger()
    pay_gang(led, XZ, 0, MeldKind.GANG, discarder=2, turn=3)
    pay_win(led, XZ, 1, FakeScore(4), payers=(0, 2, 3))
    return led


def test_totals_and_breakdown() -> None:
    led = _sample()
    assert led.totals() == [-3, 15, -7, -5]
    assert [(amount, t.reason) for amount, t in led.breakdown(2)] == [
        (-2, "gang_direct"),
        (-4, "self_draw"),
        (-1, "zimo_unit"),
    ]
    assert sum(a for a, _ in led.breakdown(0)) == -3
    with pytest.raises(LedgerError, match="bad seat 4"):
        led.breakdown(4)


def test_text_names_each_payment_in_chinese_and_english_with_its_rule() -> None:
    text = _sample().text()
    lines = text.splitlines()
    assert lines[0] == "#0   seat 2 → seat 0     2  直杠 刮风 direct gang (R6.2) — turn 3"
    assert lines[1] == "#1   seat 0 → seat 1     4  自摸 self-draw (R9.2) — ×4"
    assert "自摸加底 self-draw unit (R9.2)" in lines[4]
    assert lines[-4:] == [
        "  seat 0: -3  (3 transfers)",
        "  seat 1: +15  (6 transfers)",
        "  seat 2: -7  (3 transfers)",
        "  seat 3: -5  (2 transfers)",
    ]
    assert Ledger().text().splitlines()[0] == "(no transfers)"


def test_text_of_one_seat_signs_each_amount_for_that_seat() -> None:
    led = _sample()
    assert led.text(2).splitlines() == [
        "#0       -2  seat 2 → seat 0     2  直杠 刮风 direct gang (R6.2) — turn 3",
        "#2       -4  seat 2 → seat 1     4  自摸 self-draw (R9.2) — ×4",
        "#5       -1  seat 2 → seat 1     1  自摸加底 self-draw unit (R9.2) — one unit after the "
        "cap (zimo_bonus=base)",
        "seat 2 total 合计: -7",
    ]
    assert led.text(1).splitlines()[-1] == "seat 1 total 合计: +15"
    with pytest.raises(LedgerError, match="bad seat -1"):
        led.text(-1)


def test_every_reason_has_a_chinese_and_an_english_name() -> None:
    for code, (zh, en) in REASONS.items():
        assert zh and en and code
        t = Transfer(0, 1, 1, code, "R9.6")
        assert (t.zh, t.en) == (zh, en)


def test_round_trip_through_plain_data_rebuilds_the_bookkeeping() -> None:
    led = Ledger()
    pay_gang(led, XZ, 0, MeldKind.ANGANG, payers=(1, 2, 3), turn=3)
    pay_gang(led, XZ, 0, MeldKind.BUGANG, payers=(1, 2, 3), turn=10)
    pay_win(led, XZ, 1, FakeScore(2), discarder=0)
    call_transfer(led, XZ, 0, (1,), turn=10)
    ends = [
        SeatEnd(0, active=True),
        SeatEnd(1, active=False),
        SeatEnd(2, active=True, ready_multiplier=4),
        SeatEnd(3, active=True),
    ]
    end_of_round(led, XZ, ends)
    data = led.to_list()
    assert data[0] == {
        "payer": 1,
        "payee": 0,
        "units": 2,
        "reason": "gang_concealed",
        "rule": "R6.2",
        "detail": "turn 3",
        "turn": 3,
    }
    assert "turn" not in data[6]  # the win
    back = Ledger.from_list(data)
    assert back == led
    assert back.gang_income() == led.gang_income()
    assert back.totals() == led.totals() == [-6, 4, 7, -5]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("not a list", "must be a list"),
        ([[1, 2]], "entry #0: a transfer must be a map"),
        ([{"payer": 0, "payee": 1, "units": 1, "reason": "refund"}], "missing field"),
        (
            [{"payer": 0, "payee": 1, "units": 1, "reason": "x", "rule": "R1"}],
            "unknown code 'x'",
        ),
        (
            [{"payer": 0, "payee": 9, "units": 1, "reason": "refund", "rule": "R10.3"}],
            "payee: bad seat 9",
        ),
        (
            [{"payer": 0, "payee": 1, "units": "2", "reason": "refund", "rule": "R10.3"}],
            "not an integer",
        ),
        (
            [{"payer": 0, "payee": 1, "units": 2, "reason": "refund", "rule": "10.3"}],
            "not a rule id",
        ),
        (
            [{"payer": 0, "payee": 1, "units": 2, "reason": "refund", "rule": "R10.3", "x": 1}],
            "unknown field",
        ),
        (
            [
                {"payer": 0, "payee": 1, "units": 2, "reason": "refund", "rule": "R10.3"},
                {"payer": 0, "payee": 1, "units": 2, "reason": "gang_added", "rule": "R6.2",
                 "turn": 1.5},
            ],
            "entry #1: transfer turn",
        ),
    ],
)  # fmt: skip
def test_from_list_names_the_bad_entry(data: object, message: str) -> None:
    with pytest.raises(LedgerError, match=message):
        Ledger.from_list(data)  # type: ignore[arg-type]


def test_check_passes_on_a_sound_ledger_and_compares_expected_totals() -> None:
    led = _sample()
    led.check()
    led.check(expected_totals=[-3, 15, -7, -5])
    with pytest.raises(LedgerError, match=r"differ from the expected \[-3, 15, -7, -4\]"):
        led.check(expected_totals=[-3, 15, -7, -4])
    assert led.problems([0, 0, 0]) == ["expected totals [0, 0, 0] do not give 4 seats"]


def test_check_reports_every_bad_transfer_of_a_loaded_ledger() -> None:
    data = [
        {"payer": 0, "payee": 1, "units": 0, "reason": "win_discard", "rule": "R9.1"},
        {"payer": 2, "payee": 2, "units": 3, "reason": "win_discard", "rule": "R9.1"},
        {"payer": 3, "payee": 1, "units": -4, "reason": "self_draw", "rule": "R9.2"},
    ]
    led = Ledger.from_list(data)
    assert led.problems() == [
        "transfer #0: 0 units (must be positive) (R9.6)",
        "transfer #1: seat 2 pays itself (R9.6)",
        "transfer #2: -4 units (must be positive) (R9.6)",
    ]
    with pytest.raises(LedgerError, match=r"#0.*#1.*#2"):
        led.check()


def test_check_reports_gang_money_without_its_turn() -> None:
    led = Ledger(
        [
            Transfer(1, 0, 2, "gang_added", "R6.2"),
            Transfer(0, 1, 2, "call_transfer", "R9.5"),
            Transfer(0, 1, 2, "call_transfer_all", "R9.5"),  # round-wide: no turn needed
        ]
    )
    assert led.problems() == [
        "transfer #0: gang_added without its turn (R9.5, R10.3)",
        "transfer #1: call_transfer without its turn (R9.5, R10.3)",
    ]


def test_check_reports_gang_money_handed_on_beyond_what_was_received() -> None:
    # A negative gang payment cannot come from pay_gang, but a bad log can hold one; the
    # 呼叫转移 after it then hands on more than was ever received.
    led = Ledger(
        [
            Transfer(1, 0, 2, "gang_concealed", "R6.2", turn=1),
            Transfer(2, 0, -1, "gang_concealed", "R6.2", turn=1),
            Transfer(0, 3, 1, "call_transfer", "R9.5", turn=1),
        ]
    )
    found = led.problems()
    assert "transfer #1: -1 units (must be positive) (R9.6)" in found
    assert any("gang income #1 of seat 0: -1 received" in p for p in found)


def test_call_transfer_and_refund_entries_book_the_income() -> None:
    led = Ledger(
        [
            Transfer(1, 0, 2, "gang_concealed", "R6.2", turn=1),
            Transfer(2, 0, 2, "gang_concealed", "R6.2", turn=1),
            Transfer(3, 0, 1, "gang_added", "R6.2", turn=4),
            Transfer(0, 3, 3, "call_transfer", "R9.5", turn=4),  # turn 4 only: 1 of the 3
            Transfer(0, 2, 2, "refund", "R10.3"),
        ]
    )
    assert [(g.handed_on, g.refunded) for g in led.gang_income()] == [(0, 0), (0, 2), (1, 0)]
    assert led.unspent_gang_income(0) == 2
    led2 = Ledger((*led.transfers[:3], Transfer(0, 3, 3, "call_transfer_all", "R9.5", turn=4)))
    # Round-wide: oldest first, 2 + 1 of the 5.
    assert [g.handed_on for g in led2.gang_income()] == [2, 1, 0]


def test_transfer_validation() -> None:
    with pytest.raises(LedgerError, match="payer: bad seat True"):
        Transfer(True, 1, 1, "refund", "R10.3")
    with pytest.raises(LedgerError, match="detail"):
        Transfer(0, 1, 1, "refund", "R10.3", None)  # type: ignore[arg-type]
    with pytest.raises(LedgerError, match="holds Transfer values"):
        Ledger().add((0, 1, 1))  # type: ignore[arg-type]


def test_ledger_equality_and_repr() -> None:
    assert _sample() == _sample()
    assert _sample() != Ledger()
    assert repr(_sample()) == "Ledger(7 transfers, totals=[-3, 15, -7, -5])"
    assert rows(_sample())[0] == (2, 0, 2, "gang_direct", "R6.2")


def test_transfer_repr_is_valid_code() -> None:
    t = Transfer(1, 0, 2, "gang_concealed", "R6.2", "turn 3", 3)
    assert eval(repr(t)) == t
