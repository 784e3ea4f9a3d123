"""The compiled ``claims_of`` (``_scan_claims.pxi``) against its twin
``xzcore.log.types.claims_of`` (L5): recorded games, every event or the scanner's ``others``
alone, and forged event streams — malformed transfers, scores of other types, ints where
bools go, odd ``only`` indices — give the same record, type for type and key order included,
or the same exception."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scan_helpers import load_scanner, recorded, same
from test_scan_properties import NO_DEADLINE

from xzcore.log.types import GENESIS, Limits
from xzcore.log.types import claims_of as twin


@pytest.fixture(scope="module")
def compiled() -> Any:
    return load_scanner("cython").claims_of


def _outcome(f: Any, *args: Any) -> Any:
    try:
        return ("ok", f(*args))
    except Exception as exc:  # the exception's type is the answer
        return ("raised", type(exc))


def _agree(compiled: Any, events: Any, only: Any = None) -> Any:
    got, want = _outcome(compiled, events, only), _outcome(twin, events, only)
    assert got[0] == want[0]
    assert same(got[1], want[1]) if got[0] == "ok" else got[1] is want[1]
    return want[1]


@cache
def _games() -> list[tuple[Any, ...]]:
    data = recorded("xuezhan", 40, "random", seed=11) + b""
    out, start, prev = [], 0, GENESIS
    scanner = load_scanner("python")
    while start < len(data):
        res = scanner.scan_game(data, start, 0, prev, Limits())
        assert isinstance(res, tuple)
        out.append(res)
        start, prev = res[0], res[9]
    return out


def test_recorded_games(compiled: Any) -> None:
    """Every event, and the scanner's ``others`` alone: the claims the writer recorded."""
    for res in _games():
        events, claims, others = res[2], res[4], res[11]
        assert same(_agree(compiled, events), claims)
        assert same(_agree(compiled, events, others), claims)


PLAYERS = st.integers(-1, 4) | st.booleans() | st.none() | st.just(2.0)
TRANSFER = st.fixed_dictionaries(
    {"payer": PLAYERS, "payee": PLAYERS, "units": st.integers(-(2**70), 2**70) | st.booleans()}
) | st.sampled_from([None, 1, [], {}, "x", {"payer": 0}])
TRANSFERS = st.lists(TRANSFER, max_size=4) | st.sampled_from([None, 0, "", (), {}, "ab", [1]])
SCORE = st.fixed_dictionaries(
    {},
    optional={
        k: st.integers() | st.none() | st.text(max_size=3) | st.lists(st.integers(), max_size=2)
        for k in ("pattern", "gen", "extras", "multiplier", "capped")
    },
) | st.sampled_from([None, [], "score", 3, {1: 2}])
EVENT = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["hora", "end_kyoku", "dahai", "settlement", 1, None, b"hora"]),
        "actor": st.integers(0, 3) | st.none(),
        "transfers": TRANSFERS,
        "score": SCORE,
        "next_dealer": st.integers(0, 3) | st.none() | st.booleans(),
    },
) | st.sampled_from([None, 1, "hora", [], ("type", "hora")])


@NO_DEADLINE
@given(events=st.lists(EVENT, max_size=12), only=st.none() | st.lists(st.integers(-15, 15)))
def test_forged_event_streams(compiled: Any, events: list[Any], only: list[int] | None) -> None:
    """Any mix of good and malformed events, every event or some (negative and too large
    indices: the twin's IndexError)."""
    _agree(compiled, events, only)


class _Score(Mapping[str, Any]):
    """A Mapping that is not a dict (the twin's isinstance test admits it)."""

    def __getitem__(self, key: str) -> Any:
        if key == "gen":
            return 7
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(["gen"])

    def __len__(self) -> int:
        return 1


class _Index:
    def __index__(self) -> int:
        return 0


_EDGES = [2**52 - 1, 2**52, -(2**52) + 1, -(2**52), 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 0]
"""Units around the compiled sum's limits (2**52 each, 63 bits in all) and past them."""


@pytest.mark.parametrize(
    ("events", "only"),
    [
        ([{"type": "hora", "score": _Score()}], None),
        (({"type": "hora"},), None),  # a tuple: handed to the twin
        ([{"type": "hora"}], (0, 0)),
        ([{"type": "hora"}], [True]),  # bool indices index like ints
        ([{"type": "hora"}], [_Index()]),
        ([{"type": "hora"}], ["0"]),  # TypeError
        ([{"type": "hora"}], [2**80]),  # IndexError
        ([{"type": "end_kyoku", "next_dealer": 2}, {"type": "end_kyoku"}], None),
        ([{"transfers": [{"payer": 0, "payee": 1, "units": 2**64}]}] * 3, None),
        ([{"transfers": [{"payer": 0, "payee": 1, "units": u} for u in _EDGES]}], None),
        ([{"transfers": [{"payer": 2, "payee": 3, "units": 2**51 + 1}] * 1025}], None),
        ([{"transfers": [{"payer": 1, "payee": 0, "units": 7}] * 1024 + [None]}], None),
    ],
)
def test_odd_inputs(compiled: Any, events: Any, only: Any) -> None:
    """Other sequences, other index objects, a score that is a Mapping but no dict."""
    _agree(compiled, events, only)


def test_the_audit_uses_the_selected_backend() -> None:
    """compare_claims goes through xzcore.log.scan.claims_of (compiled when built)."""
    from xzcore.audit import compare as auditcmp
    from xzcore.log import scan as log_scan

    assert auditcmp._claims_of is log_scan.claims_of
    assert auditcmp.claims_of is twin
