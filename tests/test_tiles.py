"""Tile notation (RULES.md R1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xzcore.tiles import (
    KINDS,
    NAMES,
    Meld,
    MeldKind,
    TileParseError,
    counts_of,
    format_counts,
    format_melds,
    format_tiles,
    kinds_of,
    parse_counts,
    parse_melds,
    parse_suit,
    parse_tile,
    parse_tiles,
    rank_of,
    suit_of,
    tile_name,
    tile_name_zh,
)


def test_kind_index_layout_r1_2() -> None:
    # R1.2: m1-m9 = 0-8, p1-p9 = 9-17, s1-s9 = 18-26.
    assert parse_tile("1m") == 0
    assert parse_tile("9m") == 8
    assert parse_tile("1p") == 9
    assert parse_tile("5p") == 13
    assert parse_tile("9s") == 26
    assert [tile_name(k) for k in (0, 8, 9, 26)] == ["1m", "9m", "1p", "9s"]
    assert (suit_of(13), rank_of(13)) == (1, 5)


def test_parse_runs_and_order() -> None:
    assert parse_tiles("123m456p789s") == [0, 1, 2, 12, 13, 14, 24, 25, 26]
    assert parse_tiles("5p 1m") == [13, 0]
    assert parse_tiles("") == []


def test_chinese_suits_r1_3() -> None:
    assert parse_tiles("123万45筒6条") == parse_tiles("123m45p6s")
    assert tile_name_zh(13) == "五筒"
    assert tile_name_zh(0) == "一万"
    assert tile_name_zh(26) == "九条"


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("123z", 3, "honour"),
        ("105m", 1, "red fives"),
        ("11111m", 4, "more than 4 copies of 1m"),
        ("12x", 2, "unknown character"),
        ("123", 0, "without a suit"),
        ("m", 0, "no ranks"),
        ("12m3", 3, "without a suit"),
    ],
)
def test_parse_errors_name_the_position(text: str, position: int, reason: str) -> None:
    with pytest.raises(TileParseError) as info:
        parse_tiles(text)
    assert info.value.position == position
    assert reason in info.value.reason
    assert isinstance(info.value, ValueError)
    assert f"position {position}" in str(info.value)


def test_parse_tile_needs_exactly_one() -> None:
    with pytest.raises(TileParseError, match="expected one tile, found 2"):
        parse_tile("12m")


def test_format_is_canonical() -> None:
    assert format_tiles([13, 0, 2, 1]) == "123m5p"
    assert format_tiles([]) == ""
    assert format_counts(parse_counts("9s1m1m")) == "11m9s"
    with pytest.raises(ValueError, match="outside"):
        format_tiles([27])
    with pytest.raises(ValueError, match="outside"):
        tile_name(-1)


@given(st.lists(st.integers(0, KINDS - 1), max_size=14))
def test_round_trip(kinds: list[int]) -> None:
    text = format_tiles(kinds)
    assert sorted(parse_tiles(text, max_copies=99)) == sorted(kinds)
    assert kinds_of(counts_of(kinds)) == sorted(kinds)


def test_counts_are_bytes() -> None:
    c = parse_counts("1112345678999s")
    assert isinstance(c, bytes) and len(c) == 27
    assert c[18] == 3 and c[26] == 3 and c[22] == 1


def test_suits() -> None:
    assert [parse_suit(s) for s in ("m", "p", "s", "万", "筒", "条", "-", "")] == [
        0,
        1,
        2,
        0,
        1,
        2,
        -1,
        -1,
    ]
    with pytest.raises(TileParseError, match="unknown suit"):
        parse_suit("z")


def test_melds_round_trip() -> None:
    melds = parse_melds("peng 5p, gang 3m, angang 7s, bugang 2s")
    assert [m.kind for m in melds] == [
        MeldKind.PENG,
        MeldKind.GANG,
        MeldKind.ANGANG,
        MeldKind.BUGANG,
    ]
    assert [m.size for m in melds] == [3, 4, 4, 4]
    assert format_melds(melds) == "peng 5p, gang 3m, angang 7s, bugang 2s"
    assert repr(melds[0]) == "Meld.parse('peng 5p')"
    assert eval(repr(melds[0])) == melds[0]
    assert parse_melds("  ") == []


def test_meld_errors() -> None:
    with pytest.raises(TileParseError, match="unknown meld kind 'chi'"):
        Meld.parse("chi 5p")
    with pytest.raises(TileParseError) as info:
        Meld.parse("peng 5z")
    assert info.value.position == 6
    with pytest.raises(TileParseError, match="is written"):
        Meld.parse("peng")


def test_names_are_the_one_tile_text() -> None:
    """R1.2: ``NAMES[k]`` is kind ``k``'s name, parsed back to ``k``."""
    assert len(NAMES) == 27 and NAMES[13] == "5p"
    assert all(tile_name(k) == NAMES[k] and parse_tile(NAMES[k]) == k for k in range(27))
