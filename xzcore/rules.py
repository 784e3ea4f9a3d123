"""Rule options and presets (RULES.md R12).

A :class:`RuleSet` is a frozen value holding every option of the R12 table under the name
RULES.md uses. Presets fix every option; a log header stores the resolved dict
(:meth:`RuleSet.to_dict`) so that an old log stays auditable when a preset changes.

>>> r = RuleSet.preset("xuezhan", cap_fan=4)
>>> r.cap_fan, r.scoring.value
(4, 'table')
>>> RuleSet.from_dict(r.to_dict()) == r
True
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from xzcore.errors import RuleError

__all__ = [
    "PRESETS",
    "CallTransfer",
    "Chajiao",
    "Dianganghua",
    "HuazhuPayees",
    "LastRoundScope",
    "LastRoundWin",
    "PassHu",
    "QianggangPayer",
    "RuleError",
    "RuleSet",
    "Scoring",
    "ZimoBonus",
]


class Scoring(str, enum.Enum):
    """R8.3–R8.5."""

    TABLE = "table"
    ADDITIVE = "additive"
    COUNT = "count"


class ZimoBonus(str, enum.Enum):
    """R9.2: 自摸加底 (one more unit after the cap), 自摸加番 (R8.6), or nothing."""

    BASE = "base"
    DOUBLE = "double"
    NONE = "none"


class QianggangPayer(str, enum.Enum):
    """R6.4: who pays a 抢杠胡."""

    ROBBED = "robbed"
    ALL = "all"


class Dianganghua(str, enum.Enum):
    """R9.3: who pays 点杠花."""

    DISCARDER = "discarder"
    ALL = "all"


class CallTransfer(str, enum.Enum):
    """R9.5: 呼叫转移 on 杠上炮."""

    LAST_GANG = "last_gang"
    ALL_GANGS_FIRST = "all_gangs_first"
    NONE = "none"


class PassHu(str, enum.Enum):
    """R7.4: the pass lock 过手胡."""

    HIGHER_ONLY = "higher_only"
    STRICT = "strict"
    OFF = "off"


class LastRoundWin(str, enum.Enum):
    """R5.7: the final round."""

    FORCED = "forced"
    FORFEIT = "forfeit"
    OFF = "off"


class LastRoundScope(str, enum.Enum):
    """R5.7: which wins the final round covers."""

    ANY = "any"
    DISCARD = "discard"


class HuazhuPayees(str, enum.Enum):
    """R10.1: who a 花猪 pays."""

    ACTIVE = "active"
    ALL = "all"


class Chajiao(str, enum.Enum):
    """R10.2: 查大叫 by the largest (查大) or smallest (查小) value over the waits."""

    MAX = "max"
    MIN = "min"


@dataclass(frozen=True)
class RuleSet:
    """Every rule option of RULES.md R12. Defaults are the ``xuezhan`` preset."""

    scoring: Scoring = Scoring.TABLE
    """R8.3–R8.5: how a win's value is computed."""
    declare_void: bool = True
    """R4: 定缺."""
    exchange_three: bool = False
    """R3: 换三张."""
    cap_fan: int | None = 6
    """R8.7: the cap 封顶 (``None``: no cap)."""
    zimo_bonus: ZimoBonus = ZimoBonus.BASE
    """R9.2."""
    yaojiu_jiangdui: bool = True
    """R8.3/R8.4: the 带幺九 and 将对 rows."""
    menqing_zhongzhang: bool = False
    """R8.6: 门清 and 中张 extras."""
    tian_di_hu: bool = True
    """R7.5: 天胡 / 地胡."""
    dihu_on_dealer_discard: bool = False
    """R7.5: 地胡 also on the dealer's first discard."""
    haidi: bool = True
    """R8.6: 海底捞月."""
    haidi_pao: bool = False
    """R8.6: 海底炮."""
    multi_ron: bool = True
    """R5.3: 一炮多响."""
    qianggang_payer: QianggangPayer = QianggangPayer.ROBBED
    """R6.4."""
    dianganghua: Dianganghua = Dianganghua.DISCARDER
    """R9.3."""
    call_transfer: CallTransfer = CallTransfer.LAST_GANG
    """R9.5."""
    gang_direct_units: int = 2
    """R6.2: a direct gang, paid by the discarder."""
    gang_added_units: int = 1
    """R6.2: an added gang, paid by each other in-play seat."""
    gang_concealed_units: int = 2
    """R6.2: a concealed gang, paid by each other in-play seat."""
    late_added_gang_pays: bool = True
    """R6.3: 转手杠 earns gang money."""
    pass_hu: PassHu = PassHu.HIGHER_ONLY
    """R7.4."""
    last_round_win: LastRoundWin = LastRoundWin.FORCED
    """R5.7."""
    last_round_tiles: int | None = None
    """R5.7: N, or ``None`` for "seats" (the number of in-play seats at the time)."""
    last_round_scope: LastRoundScope = LastRoundScope.ANY
    """R5.7."""
    huazhu_fan: int | None = None
    """R10.1: a 花猪 pays ``2**huazhu_fan``; ``None`` = "cap" (``cap_fan``, or 6 uncapped)."""
    huazhu_payees: HuazhuPayees = HuazhuPayees.ACTIVE
    """R10.1."""
    huazhu_pays_chajiao: bool = False
    """R10.1: a 花猪 also pays 查大叫."""
    chajiao: Chajiao = Chajiao.MAX
    """R10.2."""
    refund_gang_money: bool = True
    """R10.3: 退税."""
    xueliu: bool = False
    """R11.2: 血流成河 — winners stay in play."""
    piao_max: int = 0
    """R13.3: the largest 飘 a seat may bet before the first draw (0: no 飘 phase)."""
    baige: bool = False
    """R13.4: 摆割 — a ready seat may lay its hand open while more than 12 tiles remain."""
    count_duidui: int = 2
    """R13.7 (assumption: seed 002 is cut off): the count of 对对胡 under ``scoring = count``."""
    count_qidui: int = 4
    """R13.7 (assumption: seed 002 is cut off): the count of 七对 under ``scoring = count``."""
    count_tianhu: int = 5
    """R13.7 (assumption: seed 002 names 天和 without a count): the count 天胡 — and 地胡,
    R7.5 — add under ``scoring = count``."""

    PRESET_NAMES: ClassVar[tuple[str, ...]] = ("xuezhan", "chengdu-classic", "xueliu", "leshan")

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            _check_value(f.name, value)
        if (self.piao_max or self.baige) and self.scoring is not Scoring.COUNT:
            raise RuleError(
                "飘 (piao_max) and 摆割 (baige) are Leshan rules (R13.3, R13.4) and are paid on "
                f"a count (R13.1): they need scoring = count, not {self.scoring.value}"
            )

    # -- derived values -------------------------------------------------------------------

    @property
    def huazhu_units(self) -> int:
        """Units a 花猪 pays each payee (R10.1): ``2**huazhu_fan``, default the cap."""
        fan = self.huazhu_fan
        if fan is None:
            fan = self.cap_fan if self.cap_fan is not None else 6
        return 2**fan

    def cap(self, multiplier: int) -> int:
        """Apply the cap of R8.7 to a multiplier."""
        if self.cap_fan is None:
            return multiplier
        return min(multiplier, 2**self.cap_fan)

    def last_round_n(self, in_play_seats: int) -> int:
        """N of R5.7 at a moment with ``in_play_seats`` seats in play."""
        return in_play_seats if self.last_round_tiles is None else self.last_round_tiles

    # -- construction and round trip ------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "xuezhan", **overrides: Any) -> RuleSet:
        """The preset ``name`` of R12 with ``overrides`` (option name → value) applied.

        Values may be given as in :meth:`to_dict` (``"table"``, ``"none"``) or as Python values.
        """
        try:
            base = PRESETS[name]
        except KeyError:
            raise RuleError(
                f"unknown preset {name!r} (known: {', '.join(sorted(PRESETS))})"
            ) from None
        return base.replace(**overrides)

    def nearest_preset(self) -> tuple[str, dict[str, Any]]:
        """The R12 preset this rule set is closest to, and the options that differ from it
        (option name → this rule set's value, as in :meth:`to_dict`); no differences means
        it *is* that preset. Ties go to the preset listed first in R12.

        >>> RuleSet.preset("leshan").nearest_preset()
        ('leshan', {})
        >>> RuleSet.preset("xuezhan", cap_fan=4).nearest_preset()
        ('xuezhan', {'cap_fan': 4})
        """
        mine = self.to_dict()
        best: tuple[str, dict[str, Any]] | None = None
        for name, preset in PRESETS.items():
            theirs = preset.to_dict()
            changed = {k: v for k, v in mine.items() if theirs[k] != v}
            if best is None or len(changed) < len(best[1]):
                best = (name, changed)
        assert best is not None
        return best

    def replace(self, **overrides: Any) -> RuleSet:
        """A copy with some options changed; values are coerced and checked."""
        names = {f.name for f in dataclasses.fields(self)}
        changes = {}
        for key, value in overrides.items():
            if key not in names:
                raise RuleError(f"unknown rule option {key!r}")
            changes[key] = _coerce(key, value)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain data (str, int, bool or None): what a log header stores."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Inverse of :meth:`to_dict`. Missing options take the ``xuezhan`` default;
        unknown ones raise :class:`RuleError`."""
        if not isinstance(data, Mapping):
            raise RuleError(f"a rule set must be a map, not {type(data).__name__}")
        return cls().replace(**dict(data))

    def diff(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ: name → (self's, other's)."""
        a, b = self.to_dict(), other.to_dict()
        return {k: (a[k], b[k]) for k in a if a[k] != b[k]}


_FIELD_TYPES: dict[str, Any] = {}


def _field_kind(name: str) -> Any:
    if not _FIELD_TYPES:
        hints = {
            "scoring": Scoring,
            "zimo_bonus": ZimoBonus,
            "qianggang_payer": QianggangPayer,
            "dianganghua": Dianganghua,
            "call_transfer": CallTransfer,
            "pass_hu": PassHu,
            "last_round_win": LastRoundWin,
            "last_round_scope": LastRoundScope,
            "huazhu_payees": HuazhuPayees,
            "chajiao": Chajiao,
            "cap_fan": "optint",
            "last_round_tiles": "optint",
            "huazhu_fan": "optint",
            "gang_direct_units": "int",
            "gang_added_units": "int",
            "gang_concealed_units": "int",
            "piao_max": "int",
            "count_duidui": "int",
            "count_qidui": "int",
            "count_tianhu": "int",
        }
        for f in dataclasses.fields(RuleSet):
            _FIELD_TYPES[f.name] = hints.get(f.name, "bool")
    return _FIELD_TYPES[name]


_TRUE = {"1", "true", "on", "yes"}
_FALSE = {"0", "false", "off", "no"}
_NONE_WORDS = {"none", "null", "cap", "seats", "no cap"}


def _coerce(name: str, value: Any) -> Any:
    kind = _field_kind(name)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        if isinstance(value, kind):
            return value
        try:
            return kind(str(value).lower() if isinstance(value, str) else value)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise RuleError(f"option {name}: bad value {value!r} (allowed: {allowed})") from None
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise RuleError(f"option {name}: bad value {value!r} (expected on/off)")
    if kind in ("int", "optint"):
        if value is None or (isinstance(value, str) and value.lower() in _NONE_WORDS):
            if kind == "optint":
                return None
            raise RuleError(f"option {name}: bad value {value!r} (expected an integer)")
        if isinstance(value, bool):
            raise RuleError(f"option {name}: bad value {value!r} (expected an integer)")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise RuleError(f"option {name}: bad value {value!r} (expected an integer)")
    raise AssertionError(name)  # pragma: no cover


def _check_value(name: str, value: Any) -> None:
    kind = _field_kind(name)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        ok = isinstance(value, kind)
    elif kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        if ok and name == "piao_max":
            ok = value <= 5  # R13.3: 飘 0–5
        elif ok and name.startswith("count_"):
            ok = value <= 64
    else:
        ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
        if ok and value is not None:
            ok = value >= (1 if name == "last_round_tiles" else 0) and value <= 64
    if not ok:
        hint = " (R13.3: 0-5)" if name == "piao_max" else ""
        raise RuleError(f"option {name}: bad value {value!r}{hint}")


PRESETS: dict[str, RuleSet] = {
    "xuezhan": RuleSet(),
    "chengdu-classic": RuleSet(
        scoring=Scoring.ADDITIVE,
        declare_void=False,
        cap_fan=3,
        tian_di_hu=False,
        last_round_win=LastRoundWin.FORFEIT,
        last_round_scope=LastRoundScope.DISCARD,
        huazhu_payees=HuazhuPayees.ALL,
        huazhu_pays_chajiao=True,
    ),
    "xueliu": RuleSet(
        exchange_three=True,
        huazhu_payees=HuazhuPayees.ALL,
        xueliu=True,
    ),
    # R12's leshan column with R13: count scoring (R13.1, R13.2), no cap, no self-draw unit,
    # no 带幺九/将对 rows, 海底 both ways (海底捞 is a count item, 海底炮 a penalty on the
    # discarder, R13.2), the strict lock (R13.5), the forced win on discards in the last 12
    # tiles (R13.5 = R5.7 with 12 / discard), 花猪 paying every non-花猪 seat (seed 002's
    # 成都 part), 飘 (R13.3) and 摆割 (R13.4). huazhu_fan = 3 (8 units) is an assumption of
    # R13.7: the seed says a 花猪 pays "极品" (the top value) and Leshan has no cap.
    "leshan": RuleSet(
        scoring=Scoring.COUNT,
        cap_fan=None,
        zimo_bonus=ZimoBonus.NONE,
        yaojiu_jiangdui=False,
        haidi=True,
        haidi_pao=True,
        pass_hu=PassHu.STRICT,
        last_round_win=LastRoundWin.FORCED,
        last_round_tiles=12,
        last_round_scope=LastRoundScope.DISCARD,
        huazhu_fan=3,
        huazhu_payees=HuazhuPayees.ALL,
        piao_max=5,
        baige=True,
    ),
}
"""The presets of R12."""
