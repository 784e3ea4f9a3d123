"""Why a rule forbids an action, as data: :class:`Refusal` (the rule id, a catalogue key and
its raw fields), shown in Chinese or English only when asked (:meth:`Refusal.text`).

The engine's checks (:mod:`xzcore.round.checks`, the Leshan round) return one; an
:class:`~xzcore.errors.IllegalActionError` carries it, and an audit finding quotes it in
either language.

>>> r = refuse("R5.1", "not_your_turn", cur=2, seat=0)
>>> r.rule, r.text("en"), r.text("zh")
('R5.1', "it is seat 2's turn, not seat 0's", '轮到座2，不是座0')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from xzcore.messages import phrase

__all__ = ["Refusal", "refuse"]


class Refusal(NamedTuple):
    """The rule id that forbids an action, and why: ``key`` names the phrase
    ``refusal.<key>`` of :mod:`xzcore.messages`, ``fields`` its raw values (seats, tile kinds,
    suit indexes, action ids), rendered per language by :func:`xzcore.messages.phrase`."""

    rule: str
    key: str
    fields: Mapping[str, Any] | None = None

    def text(self, lang: str) -> str:
        """The reason in ``lang`` (``"zh"`` or ``"en"``)."""
        return phrase("refusal." + self.key, lang, self.fields)

    @property
    def reason(self) -> str:
        """The reason in English (the text of ``IllegalActionError.reason``)."""
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the catalogue key and the raw fields (lists for tuples)."""
        fields = {k: list(v) if isinstance(v, tuple) else v for k, v in (self.fields or {}).items()}
        return {"key": "refusal." + self.key, "fields": fields}


def refuse(rule: str, key: str, **fields: Any) -> Refusal:
    """``Refusal(rule, key, fields)``: the checks' short way to write one."""
    return Refusal(rule, key, fields or None)
