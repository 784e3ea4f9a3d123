"""Which rule a finding cites (docs/audit.md, "Which rule a finding cites"): the most
specific one — the scoring model's for a wrong score (R13.1 in the count model), the rule of
the first transfer that differs with the two lists paired by content, R11.2 for a settlement
left out in 血流, and for a divergence the rule that made the engine's event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xzcore.log.events import RULE
from xzcore.log.scan import same
from xzcore.rules import RuleSet

__all__ = [
    "FIELD_RULE",
    "MONEY_EVENTS",
    "SCORING_RULE",
    "first_transfer_rule",
    "made_by",
    "never_won",
    "rule_of",
    "score_rule",
    "unmatched",
]

MONEY_EVENTS = frozenset({"gang_payment", "call_transfer", "settlement"})
"""Events that only move money: one missing from (or added to) a log is a figure finding,
and the comparison goes on after it."""


def _transfers(ev: Any) -> Any:
    return ev.get("transfers") if isinstance(ev, Mapping) else None


SCORING_RULE = {"table": "R8.3", "additive": "R8.4", "count": "R13.1"}
"""The rule of a wrong score under each scoring model: the count model (乐山) is R8.5, which
says only "see R13"; its count is R13.1's."""
FIELD_RULE = {
    ("hora", "after_gang"): "R8.6",  # 杠上花 / 杠上炮
    ("hora", "last_tile"): "R8.6",  # 海底捞月 / 海底炮
    ("hora", "robbed"): "R6.4",  # 抢杠胡
    ("hora", "first_turn"): "R7.5",  # 天胡 / 地胡
}
"""The rule of a ``hora`` flag that differs (the part of the win it marks), more specific
than the event's R7.1."""


def never_won(events: Sequence[Mapping[str, Any]]) -> int:
    """How many seats have not won in ``events``."""
    won = {ev.get("actor") for ev in events if ev.get("type") == "hora"}
    return sum(1 for s in range(4) if s not in won)


def made_by(engine: Sequence[Mapping[str, Any]], j: int, rules: RuleSet) -> str:
    """The rule that made the engine's event ``j`` where the log's diverges from it: the
    round's end (R5.6), the turn after a win (R5.5), after a 碰 or a gang's replacement draw
    (R5.4), the turn order (R5.1), the rule a money event's first transfer
    cites; else the event type's (:data:`xzcore.log.events.RULE`)."""
    eng = engine[j]
    etype = str(eng.get("type"))
    before = engine[j - 1] if j > 0 else None
    btype = before.get("type") if before is not None else None
    if etype in ("ryukyoku", "end_kyoku"):
        return "R5.6"
    if etype == "settlement" and rules.xueliu:
        return "R11.2"
    if etype in MONEY_EVENTS:
        return rule_of(eng, None, etype)
    if etype == "tsumo":
        if eng.get("rinshan"):
            return "R5.4"
        return "R5.5" if btype in ("hora", "call_transfer") else "R5.1"
    if etype == "dahai":
        return "R5.4" if btype == "pon" else "R5.1"
    return RULE.get(etype, "L5")


def rule_of(eng: Any, rec: Any, etype: str) -> str:
    """The rule of the first transfer of an event (its own rule id), else the event's."""
    for ev in (eng, rec):
        tr = _transfers(ev)
        if isinstance(tr, list):
            for t in tr:
                if isinstance(t, Mapping) and isinstance(t.get("rule"), str):
                    return str(t["rule"])
    return RULE.get(etype, "L5")


def first_transfer_rule(claimed: Any, correct: Any) -> str | None:
    """The rule of the first transfer that differs, the two lists paired by content, not by
    position: the first of the engine's transfers the log lacks (its rule: what the rules
    give), else the first of the log's the engine does not make (an inserted transfer, such
    as a 查大叫 paid to a seat that forfeited it, cites its own rule, R10.2, not that of the
    transfer standing at its place in the engine's list)."""
    if not isinstance(claimed, list) or not isinstance(correct, list):
        return None
    for side in (unmatched(correct, claimed), unmatched(claimed, correct)):
        for t in side:
            if isinstance(t, Mapping) and isinstance(t.get("rule"), str):
                return str(t["rule"])
    return None


def unmatched(a: list[Any], b: list[Any]) -> list[Any]:
    """The items of ``a`` that ``b`` lacks, as multisets (type-strict), in ``a``'s order."""
    rest = list(b)
    out = []
    for x in a:
        for i, y in enumerate(rest):
            if same(x, y):
                del rest[i]
                break
        else:
            out.append(x)
    return out


def score_rule(fields: Sequence[str], rules: RuleSet) -> str:
    """The rule of a wrong score: that of the first part that is wrong — the pattern (the
    scoring model's rule), else the extras (R8.6), else the 根 (R8.2), else the multiplier
    itself (the model's rule), else only the cap (R8.7). Fan, multiplier and cap that are
    wrong with a part are its consequence (a lost 杠上炮 halves them), not the rule broken."""
    model = SCORING_RULE.get(rules.scoring.value, "R8")
    if not fields or "pattern" in fields or "special" in fields:
        return model
    if "extras" in fields:
        return "R8.6"
    if "gen" in fields or "gen_used" in fields:
        return "R8.2"
    if fields == ["capped"]:
        return "R8.7"
    return model
