"""One self-contained HTML page of recorded games (``xz replay --html``) or of an audit with
the replays of its disputed games (``xz audit --html``): docs/audit.md, "The HTML report".

The page needs no network: its CSS and script are inline, tiles are drawn by CSS. The game
is shown step by step from the same :class:`~xzcore.view.table.TableState` and
:func:`~xzcore.view.table.describe` as ``xz replay`` — the page's script only shows the
states computed here, it does not follow the game itself. Every word is the message
catalogue's (:mod:`xzcore.messages`), in Chinese or English. The templates are Jinja2's
(``xzcore/view/templates``), with autoescaping on: a seat name or a disputed log's text can
never become markup.

Jinja2 is the extra ``xzcore[html]``; :func:`require_jinja2` says so in one line when it is
missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from xzcore._version import __version__
from xzcore.log.reader import Game
from xzcore.messages import MESSAGES, rule_label, text, word
from xzcore.tiles import NAMES, SUITS, Meld, MeldKind, TileParseError, tile_name_zh
from xzcore.view.table import TableState, describe, rules_label

__all__ = [
    "HtmlUnavailableError",
    "PageGame",
    "audit_game",
    "audit_page",
    "page_game",
    "replay_page",
    "require_jinja2",
]


class HtmlUnavailableError(RuntimeError):
    """Jinja2, which the HTML pages are rendered with, is not installed."""


def require_jinja2() -> None:
    """Raise :class:`HtmlUnavailableError` (one line, with the install command) when the
    ``html`` extra is missing; the CLI checks this before any work."""
    try:
        import jinja2  # noqa: F401
    except ImportError:
        raise HtmlUnavailableError(
            "the HTML pages need Jinja2: pip install 'xzcore[html]'"
        ) from None


def _meld(text_: str) -> list[str]:
    """A table meld (``"peng 5p"``) as ``[kind, tile]`` for the page's script."""
    try:
        m = Meld.parse(text_)
    except TileParseError:
        return ["?", "?"]
    return [m.kind.value, NAMES[m.tile]]


def _snapshot(state: TableState) -> dict[str, Any]:
    """The table after one event, compactly: each tile list as its codes run together
    (``"1m1m5p"``), in the order the table holds them."""
    seats = []
    for s in range(4):
        hand = "".join(NAMES[k] for k in range(27) for _ in range(state.hands[s][k]))
        seats.append(
            [
                hand,
                [_meld(m) for m in state.melds[s]],
                "".join(NAMES[k] for k in state.discards[s]),
                SUITS[state.voids[s]] if state.voids[s] >= 0 else "",
                state.won[s],
                state.scores[s],
            ]
        )
    return {"w": state.wall_left, "d": state.dealer, "s": seats}


@dataclass
class PageGame:
    """One game of a page: its title line, seats, events as the replay words them, the table
    after each event, and (in an audit) its findings and money per seat."""

    anchor: str
    title: str
    seats: list[str]
    facts: list[tuple[str, str]]
    events: list[dict[str, Any]]
    steps: list[dict[str, Any]]
    status: str | None = None
    findings: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    money: list[dict[str, Any]] | None = None
    money_totals: bool = False
    corrections: list[dict[str, Any]] = field(default_factory=list)
    """The transfers that turn the log's money into the engine's (by seat name)."""
    notes: list[str] = field(default_factory=list)
    """Notes on the game that are not findings (a format 1.0 game's, L8.10)."""
    no_replay: str | None = None
    start: int = 0
    """The event the replay opens at (in an audit, the first finding's)."""


def page_game(
    game: Game | None,
    anchor: str,
    title: str,
    lang: str,
    marks: Mapping[int, list[dict[str, str]]] | None = None,
) -> PageGame:
    """A game ready for the templates: ``marks`` maps an event index to the findings at
    that event (``anchor`` and ``rule`` of each; an audit marks them in the event list)."""
    state = TableState()
    events: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    seats = [text("html.seat_n", lang, seat=s) for s in range(4)]
    facts: list[tuple[str, str]] = []
    if game is not None and game.header is not None:
        h = game.header
        seats = [
            (h.seats[s] if s < len(h.seats) and isinstance(h.seats[s], str) else seats[s])
            for s in range(4)
        ]
        facts = [
            (text("html.rules", lang), rules_label(h.rules, lang)),
            (text("html.seed", lang), "" if h.seed is None else str(h.seed)),
            (text("html.dealer", lang), seats[h.dealer] if 0 <= h.dealer < 4 else str(h.dealer)),
        ]
    names = isolated(seats) if game is not None and game.header is not None else None
    for i, ev in enumerate(game.events if game is not None else ()):
        state.apply(ev)
        actor = ev.get("actor") if isinstance(ev, Mapping) else None
        events.append(
            {
                "index": i,
                "type": str(ev.get("type")) if isinstance(ev, Mapping) else "",
                "actor": actor if type(actor) is int and 0 <= actor < 4 else None,
                "text": describe(ev, lang, names),
                "marks": list((marks or {}).get(i, ())),
            }
        )
        steps.append(_snapshot(state))
    return PageGame(anchor, title, seats, facts, events, steps)


def _strings(lang: str) -> dict[str, Any]:
    """What the page's script writes itself: its words, tile faces and meld kinds."""
    words = {
        k.removeprefix("html.js."): pair[0 if lang == "zh" else 1]
        for k, pair in MESSAGES.items()
        if k.startswith("html.js.")
    }
    suit = {s: word("suit", s, lang) if lang == "zh" else s for s in SUITS}
    names = {NAMES[k]: (tile_name_zh(k) if lang == "zh" else NAMES[k]) for k in range(len(NAMES))}
    melds = {
        m.value: (m.zh if lang == "zh" else text("html.meld." + m.value, lang)) for m in MeldKind
    }
    return {"words": words, "suits": suit, "names": names, "melds": melds}


def _environment() -> Any:
    require_jinja2()
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("xzcore.view", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env


def _render(template: str, lang: str, **context: Any) -> str:
    import markupsafe

    env = _environment()

    def t(key: str, /, **fields: Any) -> str:
        return text(key, lang, **fields)

    def rule(rule_id: str) -> str:
        return rule_label(rule_id, lang)

    def t_names(key: str, /, names: dict[str, str], **fields: Any) -> markupsafe.Markup:
        """The phrase ``key`` with each of ``names`` (field → a seat's name) in a
        ``<bdi>`` of its own: isolated as markup, not by invisible characters (a PDF's text
        keeps its order)."""
        marks = {k: f"\x00{i}\x00" for i, k in enumerate(names)}
        said = markupsafe.escape(text(key, lang, **fields, **marks))
        for k, mark in marks.items():
            bdi = markupsafe.Markup("<bdi>%s</bdi>") % names[k]
            said = markupsafe.Markup(said.replace(mark, bdi))
        return said

    def raw(name: str) -> markupsafe.Markup:
        # The stylesheet and the script go in as they are: they are ours, not templates.
        return markupsafe.Markup(env.loader.get_source(env, name)[0])

    return str(
        env.get_template(template).render(
            lang=lang,
            t=t,
            t_names=t_names,
            rule=rule,
            strings=_strings(lang),
            version=__version__,
            css=raw("xz.css"),
            js=raw("xz.js"),
            **context,
        )
    )


def replay_page(games: Sequence[PageGame], source: str, lang: str) -> str:
    """The page of ``xz replay --html``: every game of ``source`` step by step."""
    return _render("replay.html.j2", lang, games=games, source=source)


def audit_page(
    games: Sequence[PageGame],
    verified: Iterable[str],
    verified_more: int,
    summary: str,
    run_money: list[dict[str, Any]],
    left_out: int,
    lang: str,
    run_corrections: list[dict[str, Any]] | None = None,
    version_notes: int = 0,
) -> str:
    """The page of ``xz audit --html``: the summary, the money per seat name and the
    transfers that correct it (``run_corrections``), each game with findings or unreadable
    bytes with its replay, and a line for each verified game (``verified``: their titles;
    ``verified_more``: how many more were left off); the format 1.0 note (L8.10) once, for
    the ``version_notes`` games it concerns."""
    return _render(
        "audit.html.j2",
        lang,
        games=games,
        verified=list(verified),
        verified_more=verified_more,
        summary=summary,
        run_money=run_money,
        left_out=left_out,
        run_corrections=run_corrections or [],
        version_notes=version_notes,
        version_note=text("audit.version_note", lang),
    )


FSI, PDI = "\u2068", "\u2069"
"""Unicode's first-strong isolate and its pop: a name between them is isolated from the
text around it as ``<bdi>`` isolates an element — for the names a sentence or an event line
holds in its text (an RTL override in a name reverses nothing outside it)."""


def isolated(names: Sequence[str]) -> list[str]:
    """Each name between :data:`FSI` and :data:`PDI`, for the texts of a page.

    >>> isolated(["\u202eBob"]) == ["\u2068\u202eBob\u2069"]
    True
    """
    return [f"{FSI}{n}{PDI}" for n in names]


def audit_game(
    report: Mapping[str, Any], game: Game | None, no_replay: str | None, index: int, lang: str
) -> PageGame:
    """One game of an audit report (:meth:`GameReport.to_dict`'s data) with its replay:
    each finding linked to the event it is at (a finding of the game as a whole, to the
    last event), and each of those events marked with the findings at it."""
    from xzcore.audit.explain import consequence, explain
    from xzcore.audit.report import error_text, finding_text, game_note_text, shows_totals
    from xzcore.log.completeness import VERSION_NOTE

    anchor = f"g{index}"
    rows: list[dict[str, Any]] | None = report.get("money_per_seat")
    names = isolated([str(r["name"]) for r in rows]) if rows else None
    n_events = len(game.events) if game is not None else 0
    findings = []
    marks: dict[int, list[dict[str, str]]] = {}
    for n, f in enumerate(report["findings"]):
        event = f.get("event")
        step: int | None = None
        if n_events:
            step = event if type(event) is int and 0 <= event < n_events else n_events - 1
        so = consequence(f, lang)
        view = {
            "anchor": f"{anchor}-f{n}",
            "rule": f["rule"],
            "event": event,
            "step": step,
            "text": explain(f, names, lang),
            # Notes the catalogue has no phrase for stay as they are.
            "notes": [so] if so is not None else finding_text(f, lang)[1],
            "money": f.get("money"),
        }
        findings.append(view)
        if step is not None:
            marks.setdefault(step, []).append({"anchor": view["anchor"], "rule": f["rule"]})
    title = text("html.game_of", lang, path=report["path"], game=report["game"] + 1)
    g = page_game(game, anchor, title, lang, marks)
    g.status = report["status"]
    g.no_replay = no_replay
    g.start = min((f["step"] for f in findings if f["step"] is not None), default=0)
    g.findings = findings
    g.errors = [{**e, "text": error_text(e, lang)} for e in report["errors"]]
    # The format 1.0 note is said once for the run, at the top of the page.
    g.notes = [game_note_text(str(n), lang) for n in report.get("notes") or () if n != VERSION_NOTE]
    g.money = rows
    if rows:
        g.money_totals = shows_totals(rows)
        g.seats = [str(r["name"]) for r in rows]
    g.corrections = list(report.get("corrections") or ())
    return g
