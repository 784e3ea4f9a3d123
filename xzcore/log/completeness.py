"""Completeness and provenance of a log (docs/log-format.md L8, format 1.1).

From format 1.1 every game's signed data says which match it belongs to (the header's
``match`` id), its index in it (``game``), how many games the match is planned to hold
(``planned``, when the writer knows) and whether it is the match's last (the closing record's
``last``). Reading a log in order, :class:`xzcore.log.reader.LogReader` keeps a :class:`Link`
— what it knows of the match so far — and asks this module, game by game:

- :func:`link_problem` at each header: is this game the next one of the match the game before
  it belongs to (L8.3–L8.8)?
- :func:`close_problems` at each closing record: fields its version does not define (L8.9),
  a last game short of the planned count (L8.2);
- :func:`end_problem` where the input ends: was the last game read marked last (L8.2)?

Each answer is ``(rule, message)`` or ``None``; the reader reports it as a
:class:`~xzcore.log.types.LogIntegrityError` (an audit finding). A 1.0 log binds nothing:
:func:`version_notes` is the note an audit gives its games (L8.10), never a finding.

>>> from xzcore.log.types import Close, Header
>>> h = Header((1, 1), "x", 0, bytes(32), {}, ("a",) * 4, 0, bytes(108), None,
...            match=bytes(16), planned=2)
>>> c = Close(bytes(32), 0, None, None, last=False)
>>> link_problem(START, h) is None and close_problems(h, c) == []
True
>>> end_problem(link_after(START, h, c))[0]
'L8.2'
"""

from __future__ import annotations

from typing import NamedTuple

from xzcore.log.types import FORMAT_VERSION, GENESIS, LEGACY_VERSION, Close, Header
from xzcore.messages import text

__all__ = [
    "LEGACY",
    "START",
    "VERSION_NOTE",
    "Link",
    "close_problems",
    "end_problem",
    "follows_out_of_order",
    "is_open",
    "link_after",
    "link_before",
    "link_problem",
    "version_notes",
]

Problem = tuple[str, str]
"""``(rule, message)``: an L8 id and the finding's text."""

MAX_HOLES = 64
"""Index ranges a :class:`Link` remembers as skipped (to tell a moved game from a duplicated
one); past this many, a game behind the highest index is "moved or duplicated" (L8.4)."""

VERSION_NOTE = text("audit.version_note", "en")
"""The note on every game bound to no match — a 1.0 log's (L8.10): not a finding, the
verdict is unchanged."""


class Link(NamedTuple):
    """What a reader knows, after a game, of the match that game belongs to (L8): enough to
    check the next game of the file. Immutable and small (it travels with a
    :class:`xzcore.audit.report.Part`); a named tuple, since the reader makes one per game."""

    match: bytes | None
    """The match id; ``None`` for a 1.0 game (or :data:`START`)."""
    planned: int | None = None
    game: int = -1
    """The index of the game just read."""
    top: int = -1
    """The highest index of this match read so far."""
    holes: tuple[tuple[int, int], ...] | None = ()
    """Index ranges ``(first, last)`` skipped so far (missing, or to come later: moved);
    ``None`` once more than :data:`MAX_HOLES` were skipped (then unknown)."""
    ended: bool = False
    """A game of this match read so far was marked last."""


START = Link(None, game=-2)
"""The link before the first game of an input (file offset 0): that game must be its match's
first (L8.8)."""
LEGACY = Link(None)
"""The link after a 1.0 game: no match to continue."""


def _short(match: bytes | None) -> str:
    """A match id as the messages show it: its first 8 hex digits."""
    return match.hex()[:8] if match is not None else "?"


GAME_FIELDS = frozenset({"game", "before_game", "first", "last", "top"})
"""The fields of a ``log.l8_*`` phrase that are a game's index in its match."""


def _say(rule: str, key: str, **fields: object) -> Problem:
    """The problem under ``rule`` in the words of the catalogue's ``log.l8_*`` phrase ``key``
    (English here; :func:`xzcore.audit.report.error_text` shows it in Chinese). A game is
    numbered as people count, from 1: the header's ``game`` counts from 0 (L8.1).

    >>> _say("L8.4", "log.l8_duplicated", game=0, match="00ff00ff")
    ('L8.4', 'game 1 of match 00ff00ff again: a duplicated game')
    """
    shown = {k: v + 1 if k in GAME_FIELDS and type(v) is int else v for k, v in fields.items()}
    return (rule, text(key, "en", **shown))


def _is_11(header: Header) -> bool:
    return header.version[1] >= 1 and header.match is not None


def link_problem(before: Link | None, header: Header) -> Problem | None:
    """The L8 problem of the game whose header is ``header`` coming after ``before``
    (:data:`START` at the start of the input, ``None`` when unknown: then none), or ``None``.

    At most one problem per header, the one that explains the break (a reader reports it
    instead of L2's ``prev`` mismatch, which it implies)."""
    if before is None:
        return None
    v11 = _is_11(header)
    g, m = header.game, header.match
    if before == START:  # (equal, not the same object, once a Part was pickled)
        if v11 and (g != 0 or header.prev != GENESIS):
            key = (
                "log.l8_starts_midway" if header.prev == GENESIS else "log.l8_starts_midway_chained"
            )
            return _say("L8.8", key, game=g, match=_short(m))
        return None
    if before.match is None:  # a 1.0 game before
        if v11:
            return _say("L8.7", "log.l8_after_legacy", game=g, match=_short(m))
        return None
    b = before.match
    same = v11 and m == b and header.planned == before.planned
    if before.ended and not (same and g <= before.top):  # else: moved or duplicated, below
        if not v11:
            key = "log.l8_extra_legacy"
        elif m == b:
            key = "log.l8_extra_same"
        else:
            key = "log.l8_extra_other"
        return _say("L8.6", key, game=g, match=_short(m), before=_short(b))
    if not same:
        if v11 and m == b:
            key = "log.l8_other_planned"
        else:
            key = "log.l8_other_match" if v11 else "log.l8_other_legacy"
        return _say(
            "L8.7",
            key,
            game=g,
            match=_short(m),
            planned=header.planned,
            before_planned=before.planned,
            before_game=before.game,
            before=_short(b),
        )
    planned = header.planned
    if planned is not None and g >= planned:
        return _say("L8.6", "log.l8_beyond_planned", game=g, match=_short(m), planned=planned)
    top = before.top
    if g == top + 1:
        return None
    if g > top + 1:
        key = "log.l8_missing_one" if g == top + 2 else "log.l8_missing_many"
        return _say(
            "L8.3", key, game=g, match=_short(m), before_game=before.game, first=top + 1, last=g - 1
        )
    holes = before.holes
    if holes is None:
        return _say("L8.4", "log.l8_again_or_moved", game=g, match=_short(m), top=top)
    if any(a <= g <= z for a, z in holes):
        return _say("L8.5", "log.l8_moved", game=g, match=_short(m), top=top)
    return _say("L8.4", "log.l8_duplicated", game=g, match=_short(m))


def follows_out_of_order(before: Link | None, header: Header) -> bool:
    """Whether the game of ``header``, in sequence in its match, comes after a game that is
    not its predecessor (the order broke before it, and was reported there): then its
    ``prev``, the predecessor's hash, cannot be the hash of the game before it in the file,
    and L2 has nothing to add."""
    return (
        before is not None
        and before.match is not None
        and before.match == header.match
        and before.game != header.game - 1
    )


def link_after(before: Link | None, header: Header, close: Close) -> Link:
    """The link after the game of ``header`` and ``close`` read after ``before``."""
    if not _is_11(header):
        return LEGACY
    g = header.game
    last = close.last is True
    if before is None or before.match != header.match or before.planned != header.planned:
        holes: tuple[tuple[int, int], ...] | None = ((0, g - 1),) if g > 0 else ()
        return Link(header.match, header.planned, g, g, holes, last)
    holes = before.holes
    top = before.top
    if holes is not None:
        if g > top + 1:
            holes = (*holes, (top + 1, g - 1))
        elif g <= top:  # a moved game fills its place
            split: list[tuple[int, int]] = []
            for a, z in holes:
                if a <= g <= z:
                    split += [(x, y) for x, y in ((a, g - 1), (g + 1, z)) if x <= y]
                else:
                    split.append((a, z))
            holes = tuple(split)
        if len(holes) > MAX_HOLES:
            holes = None
    return Link(header.match, header.planned, g, max(top, g), holes, before.ended or last)


def link_before(header: Header) -> Link | None:
    """The link a reader has before the game of ``header`` when the file is whole and in
    order up to it: after the game before it in its match (a 1.1 game past its first), or
    after a 1.0 game (:data:`LEGACY`). ``None`` where no such guess can be made (a match's
    first game, which only a file's start or another match comes before). A reader starting
    mid-file assumes it; whoever read the bytes before checks the guess
    (:func:`xzcore.audit.report.audit_range`).

    >>> from xzcore.log.types import Header
    >>> h = Header((1, 1), "x", 3, bytes(32), {}, ("a",) * 4, 0, bytes(108), None,
    ...            match=bytes(16), planned=8)
    >>> link_before(h) == Link(bytes(16), 8, game=2, top=2)
    True
    """
    if not _is_11(header):
        return LEGACY
    g = header.game
    if g <= 0:
        return None
    return Link(header.match, header.planned, g - 1, g - 1, (), False)


def close_problems(header: Header, close: Close) -> list[Problem]:
    """The L8 problems of one game's closing record: fields its version does not define (a
    log of a newer minor may have more, L7; L8.9), a game marked last before the planned
    count (L8.2)."""
    out: list[Problem] = []
    version = header.version
    if close.unknown and version <= FORMAT_VERSION:
        names = ", ".join(repr(k) for k in close.unknown)
        key = (
            "log.l8_unknown_fields_unsigned"
            if version <= LEGACY_VERSION
            else "log.l8_unknown_fields"
        )
        out.append(_say("L8.9", key, major=version[0], minor=version[1], names=names))
    planned = header.planned
    if _is_11(header) and close.last and planned is not None and header.game + 1 < planned:
        short = planned - header.game - 1
        out.append(
            _say(
                "L8.2",
                "log.l8_marked_last_early",
                game=header.game,
                match=_short(header.match),
                planned=planned,
                short=short,
            )
        )
    return out


def is_open(link: Link | None) -> bool:
    """Whether the match of the game ``link`` follows is known and not ended: the input may
    not end there (:func:`end_problem`)."""
    return link is not None and link.match is not None and not link.ended


def end_problem(link: Link | None) -> Problem | None:
    """L8.2: the input ends after the game ``link`` follows, and its match was not marked as
    ended — the games after it were withheld (or never written); ``None`` when it was, or the
    game is 1.0 or unknown."""
    if link is None or not is_open(link):
        return None
    fields: dict[str, object] = {"game": link.game, "match": _short(link.match)}
    if link.planned is not None and link.top + 1 < link.planned:
        missing = link.planned - link.top - 1
        return _say(
            "L8.2", "log.l8_ends_open_planned", planned=link.planned, missing=missing, **fields
        )
    return _say("L8.2", "log.l8_ends_open", **fields)


def version_notes(header: Header) -> list[str]:
    """The notes on a game of this header (L8.10): :data:`VERSION_NOTE` for a 1.0 game."""
    return [] if _is_11(header) else [VERSION_NOTE]
