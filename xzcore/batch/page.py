"""The HTML page of a batch audit (``xz audit --html``): every game with findings or
unreadable bytes with its replay — read again from its file at its offset, here, at the
end — and the verified games by name (docs/audit.md, "The HTML report")."""

from __future__ import annotations

import os
from typing import Any

from xzcore.batch.task import Tally
from xzcore.log.reader import CollectingBuilder, Game, read_game
from xzcore.log.types import LogError
from xzcore.messages import text

__all__ = ["render_page"]


def render_page(tally: Tally, summary_line: str, lang: str) -> str:
    """The page of a run whose :class:`~xzcore.batch.task.Tally` kept the page's games
    (``Options.page``); ``summary_line`` heads it."""
    from xzcore.view.html import audit_game, audit_page

    games = [audit_game(r, *_game_at(r, lang), i, lang) for i, r in enumerate(tally.problems)]
    verified = [text("html.game_of", lang, path=p, game=g + 1) for p, g in tally.verified_names]
    return audit_page(
        games,
        verified,
        tally.verified_more,
        summary_line,
        tally.money_rows() if tally.any_findings else [],
        tally.money_left_out,
        lang,
        (tally.corrections() or []) if tally.any_findings else [],
        tally.version_notes,
    )


def _game_at(report: dict[str, Any], lang: str) -> tuple[Game | None, str | None]:
    """The game a report is of, read again from its file at its offset for the page's
    replay, with what the page says when it cannot be: ``(game or None, reason)``."""
    path = report["path"]
    if path == "-" or not os.path.isfile(path):
        return None, text("html.no_source", lang, path=path)
    try:
        with open(path, "rb") as fh:
            fh.seek(report["offset"])
            return read_game(fh, CollectingBuilder), None
    except (OSError, LogError):
        return None, text("html.no_source", lang, path=path)
