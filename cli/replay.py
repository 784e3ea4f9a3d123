"""``xz replay LOG``: a recorded game as a readable table, event by event; ``--to N`` shows the
table state after event N. The replay follows the log as written; ``xz audit`` judges it."""

from __future__ import annotations

import json
import os
from typing import Any

import click

from xzcore.cli.examples import epilog
from xzcore.cli.options import lang_option
from xzcore.log.reader import CollectingBuilder, Game, LogReader
from xzcore.log.types import LogFormatError
from xzcore.messages import text
from xzcore.view.audit_text import finite
from xzcore.view.table import TableState, describe, rules_label, seat_ref, totals_text

EXIT_UNREADABLE = 3
EXIT_WRITE_FAILED = 1


def _header_dict(game: Game) -> dict[str, Any]:
    h = game.header
    if h is None:
        return {}
    return {
        "game": h.game,
        "engine": h.engine,
        "version": list(h.version),
        "seed": h.seed,
        "dealer": h.dealer,
        "seats": list(h.seats),
        "rules": h.rules,
        "extra": h.extra,
    }


_SHOWN_DEPTH = 100
"""Deepest nesting shown in JSON: a log may nest a value ~1,000 deep (L6 allows it), past
what the JSON writer and Python's recursion limit take (found by fuzzing, fuzz/)."""


def _pruned(value: Any, depth: int = 0) -> Any:
    """``value`` with each list or map nested deeper than :data:`_SHOWN_DEPTH` as a note."""
    if not isinstance(value, dict | list | tuple):
        return value
    if depth >= _SHOWN_DEPTH:
        return f"(nested more than {_SHOWN_DEPTH} deep, not shown)"
    if isinstance(value, dict):
        return {k: _pruned(v, depth + 1) for k, v in value.items()}
    return [_pruned(v, depth + 1) for v in value]


def _json(doc: dict[str, Any]) -> str:
    """Strict JSON (RFC 8259) of a game: bytes as hex, and a float a log may hold that JSON
    cannot (NaN, ±inf) as a string rather than the bare ``NaN`` that strict parsers refuse;
    a value nested too deeply for JSON as a note (:func:`_pruned`)."""
    try:
        return json.dumps(doc, ensure_ascii=False, allow_nan=False, default=bytes.hex)
    except ValueError:  # rare: only a log written with such floats
        return json.dumps(finite(doc), ensure_ascii=False, allow_nan=False, default=bytes.hex)
    except RecursionError:  # rarer still: a log nesting a value ~1,000 deep
        return json.dumps(
            finite(_pruned(doc)), ensure_ascii=False, allow_nan=False, default=bytes.hex
        )


@click.command(epilog=epilog("replay"))
@click.argument("log", type=click.Path(allow_dash=True))
@click.option(
    "--game",
    "game_no",
    type=click.IntRange(min=1),
    default=None,
    help="Only game N of the file, counted from 1 as the audit counts them (default: every game).",
)
@click.option(
    "--to",
    "to",
    type=click.IntRange(min=0),
    default=None,
    help="Stop after event N (0-based) of one game (--game, default 1) and show every "
    "seat's hand, melds, discards, void suit, the wall count and the scores.",
)
@lang_option("Language of the output: English (5p, discard) or Chinese (五筒, 打), every word.")
@click.option("--json", "as_json", is_flag=True, help="JSON output for machines.")
@click.option(
    "--html",
    "html",
    metavar="GAME.html",
    default=None,
    help="Write the games (or --game) as one self-contained page to step through, "
    "instead of text (needs the extra xzcore[html]).",
)
@click.pass_context
def replay(
    ctx: click.Context,
    log: str,
    game_no: int | None,
    to: int | None,
    lang: str,
    as_json: bool,
    html: str | None,
) -> None:
    """Show the games of LOG ('-': standard input) event by event.

    Exit codes: 0 shown; 2 usage error (an --html file that cannot be written there is
    one, checked first); 3 LOG is missing, a folder, empty, or unreadable somewhere (each
    problem is named on stderr with its game, event and byte offset; the events read before
    it are still shown); 1 the --html page could not be written (3 wins); 130
    interrupted.
    """
    if to is not None and game_no is None:
        game_no = 1
    wanted = None if game_no is None else game_no - 1  # the index of --game's game
    pages: list[Any] | None = None
    if html is not None:
        from xzcore.cli.html_file import check_page_path

        if as_json or to is not None:
            raise click.UsageError("--html shows every event: it takes neither --json nor --to")
        check_page_path(html)
        pages = []
    if log != "-" and os.path.isdir(log):
        click.echo(
            f"xz replay: {log} is a folder; give one log file (xz audit reads folders)", err=True
        )
        ctx.exit(EXIT_UNREADABLE)
    try:
        fh = click.open_file(log, "rb")
    except OSError as exc:
        click.echo(f"xz replay: cannot open {log}: {exc.strerror}", err=True)
        ctx.exit(EXIT_UNREADABLE)
    code = 0
    shown = 0
    with fh:
        reader = LogReader(fh, path=log)
        index = -1
        while True:
            game = reader.read_game(CollectingBuilder)
            if game is None:
                break
            index += 1
            for err in game.errors:
                click.echo(f"xz replay: {err}", err=True)
                if isinstance(err, LogFormatError):
                    code = EXIT_UNREADABLE
            if wanted is not None and index != wanted:
                continue
            if game.header is None and not game.events:
                continue  # nothing was readable: the error above says where and why
            shown += 1
            if pages is not None:
                from xzcore.view.html import page_game

                title = text("replay.title", lang, game=index + 1)
                pages.append(page_game(game, f"g{index + 1}", title, lang))
            else:
                _show(game, index, to, lang, as_json)
            if wanted is not None:
                break  # the games after it are not read, nor judged
    if index < 0:
        click.echo(f"xz replay: {log} holds no game (an empty log)", err=True)
        code = EXIT_UNREADABLE
    elif wanted is not None and wanted > index:
        click.echo(f"xz replay: {log} has no game {game_no} ({index + 1} game(s))", err=True)
        code = EXIT_UNREADABLE
    if pages is not None and html is not None and pages:
        from xzcore.cli.html_file import write
        from xzcore.view.html import replay_page

        if not write(html, replay_page(pages, log, lang)) and code != EXIT_UNREADABLE:
            code = EXIT_WRITE_FAILED
    ctx.exit(code)


def _show(game: Game, index: int, to: int | None, lang: str, as_json: bool) -> None:
    events = game.events if to is None else game.events[: to + 1]
    state = TableState()
    for ev in events:
        state.apply(ev)
    if as_json:
        doc: dict[str, Any] = {"header": _header_dict(game), "events": events}
        if to is not None:
            doc["state"] = state.to_dict()
        if game.errors:  # the same problems as on stderr, so a machine sees them too
            doc["errors"] = [str(err) for err in game.errors]
        click.echo(_json(doc))
        return
    h = game.header
    seats = list(h.seats) if h is not None else None
    title = text("replay.title", lang, game=index + 1)
    if h is not None:
        title += text(
            "replay.header",
            lang,
            seed=h.seed,
            dealer=seat_ref(h.dealer, lang, seats),
            rules=rules_label(h.rules, lang),
            seats=text("view.list_sep", lang).join(h.seats),
        )
    click.echo(title)
    click.echo(text("replay.columns", lang))
    for i, ev in enumerate(events):
        actor = ev.get("actor") if isinstance(ev, dict) else None
        seat = "" if actor is None else seat_ref(actor, lang, seats)
        pad = " " * max(16 - sum(2 if ord(c) > 0x2E80 else 1 for c in seat), 0)
        click.echo(f"{i:>4}  {seat}{pad}{describe(ev, lang, seats)}".rstrip())
    if to is not None:
        last = len(game.events) - 1
        past = text("replay.past_end", lang, to=to) if to > last else ""
        click.echo(text("replay.after", lang, event=min(to, last), past=past))
        for line in state.lines(lang, seats):
            click.echo(line)
    elif game.claims is not None:
        click.echo(
            text(
                "replay.claimed_totals",
                lang,
                totals=totals_text(game.claims.get("totals"), lang, seats),
            )
        )
