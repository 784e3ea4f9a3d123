"""Every error xzcore raises, under one base: :class:`XzError`, a ``ValueError``.

Bad input names what and where; a refusal by a rule carries its RULES.md id (``rule``); a
problem in a log carries its docs/log-format.md id and location. Each class is also
importable from the module that raises it.

>>> from xzcore.tiles import parse_tiles
>>> try:
...     parse_tiles("19z")
... except XzError as exc:
...     print(type(exc).__name__, exc.position)
TileParseError 2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xzcore.log.types import Location
    from xzcore.refusal import Refusal
    from xzcore.round.actions import Action

__all__ = [
    "HandError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidContextError",
    "KernelInputError",
    "KeyFileError",
    "LedgerError",
    "LeshanError",
    "LogError",
    "LogFormatError",
    "LogIntegrityError",
    "LogVersionError",
    "NotAWinError",
    "RequestError",
    "RuleError",
    "ScoringError",
    "ScoringUnavailableError",
    "SettlementError",
    "SigningUnavailableError",
    "TileConservationError",
    "TileParseError",
    "WallError",
    "XzError",
]


class XzError(ValueError):
    """Base of every error xzcore raises."""


# -- values (R1, R12) ---------------------------------------------------------------------


class TileParseError(XzError):
    """Malformed tile text (R1.3). ``position`` is the 0-based character index at fault."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"bad tile text {text!r} at position {position}: {reason}")


class RuleError(XzError):
    """An unknown option, a bad option value or an unknown preset."""


# -- kernel -------------------------------------------------------------------------------


class KernelInputError(XzError):
    """Bad input to a kernel function: names the argument, the position and the reason."""


# -- scoring (R7, R8) ---------------------------------------------------------------------


class ScoringError(XzError):
    """Base of the scoring errors."""


class HandError(ScoringError):
    """Malformed input: a bad tile kind, a wrong number of tiles, a fifth copy, a bad meld.

    ``field`` names the argument at fault (``concealed``, ``win_tile``, ``melds``, ``void``,
    ``ctx``).
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


class NotAWinError(ScoringError):
    """The tiles do not win. ``rule`` is the rule id that refuses them (R7.1 or R4.4);
    ``key`` and ``fields`` (when given) name the reason's phrase in the message catalogue, for
    :meth:`text` in one language."""

    def __init__(
        self,
        rule: str,
        message: str,
        *,
        key: str | None = None,
        fields: dict[str, Any] | None = None,
    ) -> None:
        self.rule = rule
        self.message = message
        self.key = key
        self.fields = fields
        super().__init__(f"not a win ({rule}): {message}")

    def text(self, lang: str) -> str:
        """Why not, in ``lang`` (``"zh"`` or ``"en"``; without a ``key``, the message)."""
        if self.key is None:
            return self.message
        from xzcore.messages import phrase  # here: the catalogue imports this module's users

        return phrase(self.key, lang, self.fields)


class InvalidContextError(ScoringError):
    """A :class:`~xzcore.scoring.vocab.WinContext` whose flags contradict each other (e.g.
    robbed and self-drawn)."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"impossible win context ({rule}): {message}")


class ScoringUnavailableError(RuleError, ScoringError):
    """A question the rule set's scoring model cannot answer: the fan of a hand (``best_fan``)
    under ``scoring = count`` (R13 counts items; it has no pattern fan)."""


# -- money (R9, R10, R13) -----------------------------------------------------------------


class LedgerError(XzError):
    """Malformed ledger data, or a ledger that breaks R9.6 (the message says where)."""


class SettlementError(LedgerError):
    """A settlement call that does not make sense (bad seats, a missing payer, a score above
    the cap …); the message names the argument and the rule."""


class LeshanError(SettlementError):
    """A Leshan payment or choice that does not make sense (a 飘 outside 0–``piao_max``, a
    per-seat list that is not four long …); the message names the argument and the rule."""


# -- round (R2–R7) ------------------------------------------------------------------------


class WallError(XzError):
    """A wall that is not the 108 tiles (R1.1, R2.2): the message names the position or kind."""


class InvalidActionError(XzError):
    """A malformed action: unreadable text, an unknown word, a bad seat, tile or suit."""


class IllegalActionError(XzError):
    """A well-formed action that the rules forbid at this moment.

    ``rule`` is the RULES.md id of the rule that forbids it (``"R4.2"`` …); ``action`` is the
    action refused; ``reason`` says why, in English; ``refusal`` is that reason as data (a
    :class:`~xzcore.refusal.Refusal`, or ``None`` when given as text) and :meth:`text` says it
    in Chinese or English. Raised as ``IllegalActionError(action, refusal)`` (or, the older
    form, ``IllegalActionError(action, rule, reason)``).
    """

    def __init__(self, action: Action, rule: str | Refusal, reason: str | None = None) -> None:
        refusal = None
        if not isinstance(rule, str):  # a Refusal (not imported: it imports the catalogue)
            refusal = rule
            rule, reason = refusal.rule, refusal.text("en")
        self.action = action
        self.rule = rule
        self.reason = str(reason)
        self.refusal: Refusal | None = refusal
        super().__init__(f"illegal action {str(action)!r}: {reason} ({rule})")

    def text(self, lang: str) -> str:
        """The reason in ``lang`` (``"zh"`` or ``"en"``; without a ``refusal``, the English
        reason as given)."""
        return self.reason if self.refusal is None else self.refusal.text(lang)


class TileConservationError(XzError, AssertionError):
    """The 108 tiles are not all accounted for (R1.1): an engine bug, never bad input."""


# -- logs (docs/log-format.md) ------------------------------------------------------------


class LogError(XzError):
    """A problem found while reading a log; ``location`` says where, ``rule`` cites the
    docs/log-format.md id (L1–L7)."""

    def __init__(
        self,
        message: str,
        location: Location,
        *,
        rule: str = "L1",
        claimed: Any = None,
        correct: Any = None,
    ) -> None:
        self.message = message
        self.location = location
        self.rule = rule
        self.claimed = claimed
        self.correct = correct
        super().__init__(f"{location}: {message} [{rule}]")


class LogFormatError(LogError):
    """Bytes that are not a readable log: bad msgpack, wrong types or shapes, records out of
    order, a truncated file, a size past a limit. The game it occurs in is unreadable."""


class LogVersionError(LogFormatError):
    """A header with an unknown format name or major version (L7)."""


class LogIntegrityError(LogError):
    """Readable bytes whose hash chain (L2) or signature (L3) does not check out."""


class KeyFileError(XzError):
    """A key file is missing, unreadable, or not an Ed25519 key of the expected kind.

    The message is one line: the file's name, a colon, what is wrong."""


class SigningUnavailableError(XzError, RuntimeError):
    """The ``cryptography`` package, a dependency of xzcore, cannot be imported."""


# -- the command line ----------------------------------------------------------------------


class RequestError(XzError):
    """A malformed ``xz hand`` request (JSON line or command line): names the field at fault."""
