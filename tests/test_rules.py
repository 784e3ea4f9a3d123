"""Rule options and presets (RULES.md R12): every preset exactly as the R12 table, the round
trip through plain data, and errors that name the option at fault."""

from __future__ import annotations

from typing import Any

import pytest

from xzcore.rules import PRESETS, RuleError, RuleSet, Scoring, ZimoBonus

# R12, column by column, written out by hand (option names as in RULES.md).
COMMON: dict[str, Any] = {
    "declare_void": True,
    "exchange_three": False,
    "cap_fan": 6,
    "zimo_bonus": "base",
    "yaojiu_jiangdui": True,
    "menqing_zhongzhang": False,
    "tian_di_hu": True,
    "dihu_on_dealer_discard": False,
    "haidi": True,
    "haidi_pao": False,
    "multi_ron": True,
    "qianggang_payer": "robbed",
    "dianganghua": "discarder",
    "call_transfer": "last_gang",
    "gang_direct_units": 2,
    "gang_added_units": 1,
    "gang_concealed_units": 2,
    "late_added_gang_pays": True,
    "pass_hu": "higher_only",
    "last_round_win": "forced",
    "last_round_tiles": None,  # "seats"
    "last_round_scope": "any",
    "huazhu_fan": None,  # "cap"
    "huazhu_pays_chajiao": False,
    "chajiao": "max",
    "refund_gang_money": True,
}
R12 = {
    "xuezhan": {**COMMON, "scoring": "table", "huazhu_payees": "active", "xueliu": False},
    "chengdu-classic": {
        **COMMON,
        "scoring": "additive",
        "declare_void": False,
        "cap_fan": 3,
        "tian_di_hu": False,
        "last_round_win": "forfeit",
        "last_round_scope": "discard",
        "huazhu_payees": "all",
        "huazhu_pays_chajiao": True,
        "xueliu": False,
    },
    "xueliu": {
        **COMMON,
        "scoring": "table",
        "exchange_three": True,
        "huazhu_payees": "all",
        "xueliu": True,
    },
    # haidi/haidi_pao and huazhu_fan are "R13" / "option (R13.7)" in R12: not fixed there
    "leshan": {
        **{k: v for k, v in COMMON.items() if k not in ("haidi", "haidi_pao", "huazhu_fan")},
        "scoring": "count",
        "cap_fan": None,
        "zimo_bonus": "none",
        "yaojiu_jiangdui": False,
        "pass_hu": "strict",
        "last_round_tiles": 12,
        "last_round_scope": "discard",
        "huazhu_payees": "all",
        "xueliu": False,
    },
}


@pytest.mark.parametrize("name", sorted(R12))
def test_preset_is_exactly_r12(name: str) -> None:
    d = RuleSet.preset(name).to_dict()
    assert {k: d[k] for k in R12[name]} == R12[name]


def test_every_r12_option_exists() -> None:
    assert set(R12["xuezhan"]) <= set(RuleSet().to_dict())


def test_preset_names() -> None:
    assert set(PRESETS) == set(R12) == set(RuleSet.PRESET_NAMES)
    assert RuleSet() == RuleSet.preset() == RuleSet.preset("xuezhan")


def test_huazhu_units_follow_the_cap() -> None:
    # R10.1: 2^huazhu_fan, default the cap, or 6 without a cap
    assert RuleSet.preset("xuezhan").huazhu_units == 64
    assert RuleSet.preset("chengdu-classic").huazhu_units == 8
    assert RuleSet.preset("xuezhan", cap_fan=None).huazhu_units == 64
    assert RuleSet.preset("xuezhan", cap_fan=4).huazhu_units == 16
    assert RuleSet.preset("xuezhan", huazhu_fan=2).huazhu_units == 4


def test_cap() -> None:
    assert RuleSet.preset("xuezhan").cap(256) == 64
    assert RuleSet.preset("xuezhan").cap(32) == 32
    assert RuleSet.preset("chengdu-classic").cap(16) == 8
    assert RuleSet.preset("xuezhan", cap_fan="none").cap(256) == 256


def test_last_round_n() -> None:
    assert RuleSet().last_round_n(3) == 3  # "seats": the in-play seats at that moment
    assert RuleSet(last_round_tiles=12).last_round_n(3) == 12


# -- round trip ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(R12))
def test_round_trip(name: str) -> None:
    r = RuleSet.preset(name, cap_fan=4, zimo_bonus="double", last_round_tiles=8)
    d = r.to_dict()
    assert RuleSet.from_dict(d) == r
    assert RuleSet.from_dict(d).to_dict() == d
    assert all(isinstance(v, (str, int, bool)) or v is None for v in d.values())


def test_from_dict_fills_missing_options_with_xuezhan() -> None:
    assert RuleSet.from_dict({"cap_fan": 3}) == RuleSet(cap_fan=3)


def test_values_are_coerced() -> None:
    r = RuleSet.preset(
        "xuezhan",
        declare_void="off",
        cap_fan="4",
        scoring="ADDITIVE",
        huazhu_fan="cap",
        last_round_tiles="seats",
    )
    assert (r.declare_void, r.cap_fan, r.scoring, r.huazhu_fan, r.last_round_tiles) == (
        False,
        4,
        Scoring.ADDITIVE,
        None,
        None,
    )
    assert RuleSet().replace(zimo_bonus=ZimoBonus.DOUBLE).zimo_bonus is ZimoBonus.DOUBLE


def test_diff() -> None:
    a, b = RuleSet.preset("xuezhan"), RuleSet.preset("xueliu")
    assert a.diff(b) == {
        "exchange_three": (False, True),
        "huazhu_payees": ("active", "all"),
        "xueliu": (False, True),
    }


# -- errors name the option -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"cap": 6}, "'cap'"),
        ({"scoring": "poker"}, "scoring"),
        ({"declare_void": "maybe"}, "declare_void"),
        ({"declare_void": 1}, "declare_void"),
        ({"cap_fan": "six"}, "cap_fan"),
        ({"cap_fan": True}, "cap_fan"),
        ({"cap_fan": -1}, "cap_fan"),
        ({"gang_direct_units": None}, "gang_direct_units"),
        ({"gang_added_units": -2}, "gang_added_units"),
        ({"last_round_tiles": 0}, "last_round_tiles"),
        ({"chajiao": "biggest"}, "chajiao"),
    ],
)
def test_bad_option_names_it(overrides: dict[str, Any], named: str) -> None:
    with pytest.raises(RuleError, match=named):
        RuleSet.preset("xuezhan", **overrides)


def test_bad_enum_value_lists_the_allowed_ones() -> None:
    with pytest.raises(RuleError, match="allowed: max, min"):
        RuleSet.preset("xuezhan", chajiao="most")


def test_unknown_preset() -> None:
    with pytest.raises(RuleError, match=r"unknown preset 'chengdu'.*chengdu-classic"):
        RuleSet.preset("chengdu")


def test_from_dict_rejects_bad_data() -> None:
    with pytest.raises(RuleError, match="must be a map"):
        RuleSet.from_dict([("cap_fan", 3)])  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="'colour'"):
        RuleSet.from_dict({"colour": "red"})


def test_direct_construction_is_checked() -> None:
    with pytest.raises(RuleError, match="cap_fan"):
        RuleSet(cap_fan="6")  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="scoring"):
        RuleSet(scoring="table")  # type: ignore[arg-type]


def test_rule_error_is_a_value_error() -> None:
    assert issubclass(RuleError, ValueError)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_its_own_nearest_preset(name: str) -> None:
    assert RuleSet.preset(name).nearest_preset() == (name, {})


def test_nearest_preset_names_the_options_that_differ() -> None:
    rules = RuleSet.preset("leshan", cap_fan=3, piao_max=2)
    assert rules.nearest_preset() == ("leshan", {"cap_fan": 3, "piao_max": 2})
    assert RuleSet.preset("xuezhan", scoring="additive").nearest_preset() == (
        "xuezhan",
        {"scoring": "additive"},
    )
