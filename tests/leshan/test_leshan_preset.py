"""The ``leshan`` preset (RULES.md R12's leshan column, R13.3, R13.4, R13.7)."""

from __future__ import annotations

import pytest

from xzcore.rules import PRESETS, RuleError, RuleSet

# R12's leshan column, option by option; "R13" / "option (R13.7)" cells as resolved in
# docs/leshan.md (haidi / haidi_pao on: 海底捞 counts, 海底炮 is the discarder's penalty;
# huazhu_fan 3, an assumption).
LESHAN_COLUMN = {
    "scoring": "count",
    "declare_void": True,
    "exchange_three": False,
    "cap_fan": None,
    "zimo_bonus": "none",
    "yaojiu_jiangdui": False,
    "menqing_zhongzhang": False,
    "tian_di_hu": True,
    "dihu_on_dealer_discard": False,
    "haidi": True,
    "haidi_pao": True,
    "multi_ron": True,
    "qianggang_payer": "robbed",
    "dianganghua": "discarder",
    "call_transfer": "last_gang",
    "gang_direct_units": 2,
    "gang_added_units": 1,
    "gang_concealed_units": 2,
    "late_added_gang_pays": True,
    "pass_hu": "strict",
    "last_round_win": "forced",
    "last_round_tiles": 12,
    "last_round_scope": "discard",
    "huazhu_fan": 3,
    "huazhu_payees": "all",
    "huazhu_pays_chajiao": False,
    "chajiao": "max",
    "refund_gang_money": True,
    "xueliu": False,
    # R13.3 / R13.4 and the R13.7 assumptions
    "piao_max": 5,
    "baige": True,
    "count_duidui": 2,
    "count_qidui": 4,
    "count_tianhu": 5,
}


def test_leshan_is_the_r12_column() -> None:
    assert RuleSet.preset("leshan").to_dict() == LESHAN_COLUMN
    assert "leshan" in RuleSet.PRESET_NAMES and "leshan" in PRESETS


def test_round_trip() -> None:
    r = RuleSet.preset("leshan", piao_max=3, count_qidui=6)
    assert RuleSet.from_dict(r.to_dict()) == r


def test_other_presets_keep_piao_and_baige_off() -> None:
    for name in ("xuezhan", "chengdu-classic", "xueliu"):
        r = RuleSet.preset(name)
        assert r.piao_max == 0 and r.baige is False


def test_old_header_without_the_new_options_reads() -> None:
    # A log written before R13 has no piao_max/baige/count_*: they take the defaults.
    d = RuleSet.preset("xuezhan").to_dict()
    for k in ("piao_max", "baige", "count_duidui", "count_qidui", "count_tianhu"):
        del d[k]
    assert RuleSet.from_dict(d) == RuleSet.preset("xuezhan")


def test_leshan_derived_values() -> None:
    r = RuleSet.preset("leshan")
    assert r.huazhu_units == 8  # 2**3 (R13.7 assumption)
    assert r.cap(1000) == 1000  # no cap
    assert r.last_round_n(4) == 12 and r.last_round_n(2) == 12  # R13.5


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("piao_max", 6, "piao_max: bad value 6 (R13.3: 0-5)"),
        ("piao_max", -1, "piao_max: bad value -1"),
        ("count_qidui", "many", "count_qidui: bad value 'many'"),
        ("count_tianhu", 65, "count_tianhu: bad value 65"),
        ("baige", "maybe", "baige: bad value 'maybe'"),
    ],
)
def test_bad_values_name_the_option(option: str, value: object, words: str) -> None:
    with pytest.raises(RuleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        RuleSet.preset("leshan", **{option: value})
