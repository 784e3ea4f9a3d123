"""Leshan bots: the rules of thumb by which bots bet 飘 (R13.3) and lay their hand open
(摆割, R13.4), as a wrapper around any agent (``xzcore.players.agents``) or recording chooser
(``xzcore.players.recording``).

- 飘 = ``3 − shanten`` of the hand after 定缺, never above ``piao_max``
  (:func:`xzcore.leshan.money.bot_piao`);
- 摆割 when some discard leaves the hand waiting on two or more kinds
  (:func:`xzcore.leshan.money.bot_wants_baige`), with the discard that leaves the most kinds;
- everything else — and any round that is not Leshan — is the wrapped bot's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xzcore.leshan.money import bot_piao, bot_wants_baige
from xzcore.leshan.round import LeshanRound

__all__ = ["LeshanAgent", "leshan_choice", "leshan_chooser"]


def leshan_choice(rnd: Any, seat: int, legal: Sequence[Any]) -> Any | None:
    """The rule-of-thumb choice among ``legal`` for a 飘 bet or a 摆割, or ``None`` when the
    wrapped bot should decide (no Leshan choice on offer, a win on offer, or 摆割 not worth
    it)."""
    if not legal or not isinstance(rnd, LeshanRound):
        return None
    if legal[0].word == "piao":
        sh = int(rnd.kernel.shanten(rnd.hands[seat].counts(), rnd.voids[seat]))
        return legal[min(bot_piao(rnd.rules, sh), len(legal) - 1)]
    if legal[0].word == "hora":
        return None  # the wrapped bot decides about wins
    best, best_n = None, 1
    for a in legal:
        if a.word == "baige":
            w = rnd._waits_without(seat, a.tile)
            n = bin(w).count("1")
            if bot_wants_baige(w) and n > best_n:
                best, best_n = a, n
    return best


class LeshanAgent:
    """Wraps an agent (``act(view) -> Action``, ``xzcore.players.agents``) with
    :func:`leshan_choice`. A wrapped bot that never picks ``baige`` itself (the greedy bot
    looks at discards and gangs only) then lays open only by the rule of thumb."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def act(self, view: Any) -> Any:
        """The decision for ``view`` (an ``xzcore.players.agents.SeatView``)."""
        r = view._r
        mine = leshan_choice(r, view.seat, r.legal_actions(view.seat))
        return mine if mine is not None else self.inner.act(view)


def leshan_chooser(inner: Callable[[Any, int, list[Any]], Any]) -> Callable[..., Any]:
    """Wrap a recording chooser ``(round, seat, legal) -> action`` with :func:`leshan_choice`;
    the wrapped chooser never sees a ``baige`` it could pick at random."""

    def choose(rnd: Any, seat: int, legal: list[Any]) -> Any:
        mine = leshan_choice(rnd, seat, legal)
        if mine is not None:
            return mine
        plain = [a for a in legal if a.word != "baige"]
        return inner(rnd, seat, plain or legal)

    return choose
