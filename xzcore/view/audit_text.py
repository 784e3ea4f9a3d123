"""An audit's reports as text people and programs read (docs/audit.md): the table's lines
of a game (:func:`table_lines`), money per seat as an aligned table (:func:`money_table`) and
a report as strict JSON (:func:`to_json`). ``xz audit`` prints them; the batch audit's
workers render them where the games are audited (:mod:`xzcore.batch`)."""

from __future__ import annotations

import json
import math
from typing import Any

from xzcore.audit.explain import consequence, explain
from xzcore.audit.report import error_text, finding_text, game_note_text, shows_totals
from xzcore.log.completeness import VERSION_NOTE
from xzcore.messages import rule_label, text

__all__ = ["correction_lines", "finite", "money_table", "table_lines", "to_json"]


def correction_lines(
    transfers: list[dict[str, Any]] | None, indent: str = "    ", lang: str = "en"
) -> list[str]:
    """Each transfer of a ``corrections`` list as a line: "bot2 gives 64 to bot0"."""
    return [
        indent + text("audit.gives", lang, giver=t["from"], taker=t["to"], units=t["units"])
        for t in transfers or ()
    ]


def _money(m: list[int] | None, seats: list[str] | None, lang: str) -> str:
    """A finding's money difference per seat, by name: "bot0 -64, bot1 0, …"."""
    if m is None:
        return ""
    names = seats if seats and len(seats) == len(m) else [f"{i}" for i in range(len(m))]
    cells = [f"{n} {_units(x, lang)}" for n, x in zip(names, m, strict=True)]
    return text("audit.money", lang) + text("explain.list_sep", lang).join(cells)


def _units(v: int | None, lang: str) -> str:
    return text("audit.unknown", lang) if v is None else f"{v:+d}" if v else "0"


def _width(cell: str, lang: str) -> int:
    """A cell's width: in Chinese, terminal columns (a CJK character takes two)."""
    if lang != "zh":
        return len(cell)
    return sum(2 if "\u2e80" <= ch <= "\uffef" else 1 for ch in cell)


def _pad(cell: str, width: int, right: bool, lang: str) -> str:
    fill = " " * max(width - _width(cell, lang), 0)
    return fill + cell if right else cell + fill


def money_table(rows: list[dict[str, Any]], indent: str = "    ", lang: str = "en") -> list[str]:
    """Seat rows (``money_per_seat`` of a game, or the run's per name) as aligned text: the
    name, the log's payments, its announced totals (only when some differ from the
    payments), the correct figure and the difference, and a mark on each seat that
    differs."""
    totals = shows_totals(rows)
    head = [text("audit.col_name", lang), text("audit.col_claimed", lang)]
    if totals:
        head.append(text("audit.col_totals", lang))
    head += [text("audit.col_correct", lang), text("audit.col_diff", lang)]
    table = [head]
    for r in rows:
        cells = [str(r["name"]), _units(r["claimed"], lang)]
        if totals:
            cells.append(_units(r.get("claimed_totals"), lang))
        cells.append(_units(r["correct"], lang))
        d = None
        if r["correct"] is not None and r["claimed"] is not None:
            d = r["claimed"] - r["correct"]
        cells.append("" if d is None else _units(d, lang))
        if r["differs"]:
            cells.append(text("audit.differs", lang))
        table.append(cells)
    widths = [max(_width(row[i], lang) for row in table if i < len(row)) for i in range(len(head))]
    lines = []
    for row in table:
        parts = [_pad(row[0], widths[0], False, lang)]
        parts += [
            _pad(c, w, True, lang) for c, w in zip(row[1 : len(head)], widths[1:], strict=True)
        ]
        parts += row[len(head) :]
        lines.append((indent + "  ".join(parts)).rstrip())
    return lines


def finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float as its text (``"nan"``, ``"inf"``): JSON
    (RFC 8259) has no such numbers, and a log may claim one (as ``xz replay --json``)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def to_json(report: dict[str, Any]) -> str:
    """One report as strict JSON: ``allow_nan=False`` is tried first (the common case costs
    nothing more); a report holding a NaN or infinite float is written with it as a string."""
    try:
        return json.dumps(report, ensure_ascii=False, allow_nan=False, default=str)
    except ValueError:
        return json.dumps(finite(report), ensure_ascii=False, allow_nan=False, default=str)


def table_lines(report: dict[str, Any], quiet: bool = False, lang: str = "en") -> list[str]:
    """A game's lines in ``xz audit``'s table: one line for the game; each finding (and
    unreadable error) indented under it, its rule id with the rule's name beside it, its
    message and notes in ``lang`` (:func:`xzcore.audit.report.finding_text`,
    :func:`~xzcore.audit.report.error_text`); none for a verified game when ``quiet``."""
    status = report["status"]
    if quiet and status == "verified":
        return []
    out: list[str] = []
    head = text(
        "audit.head", lang, path=report["path"], game=report["game"] + 1, offset=report["offset"]
    )
    # A game's notes under its line (M4.4's money recomputed); not L8.10's, which every 1.0
    # game carries (it is in the JSON and on the page).
    game_notes = [
        text("audit.game_note", lang) + game_note_text(str(n), lang)
        for n in report.get("notes") or ()
        if n != VERSION_NOTE
    ]
    if status == "verified":
        out.append(text("audit.verified", lang, head=head, events=report["events"]))
        out.extend(game_notes)
        return out
    n = len(report["findings"]) + len(report["errors"])
    out.append(text("audit.status." + status, lang, head=head, n=n))
    out.extend(game_notes)
    for e in report["errors"]:
        where = text("audit.event", lang, event=e["event"]) if e["event"] is not None else ""
        at = text("audit.at_byte", lang, offset=e["offset"]) if e["offset"] is not None else ""
        rule = rule_label(e["rule"], lang)
        message = error_text(e, lang)
        out.append(f"  {where}{at}{rule}  {text('audit.unreadable', lang)}{message}")
    rows = report.get("money_per_seat")
    seats = [str(r["name"]) for r in rows] if rows else None
    for f in report["findings"]:
        where = text("audit.event", lang, event=f["event"]) if f["event"] is not None else ""
        at = text("audit.at_byte", lang, offset=f["offset"])
        out.append(f"  {where}{at}{rule_label(f['rule'], lang)}".rstrip())
        out.append("      " + explain(f, seats, lang))
        if f["money"] is not None:
            out.append(_money(f["money"], seats, lang))
        so = consequence(f, lang)
        if so is not None:
            out.append("      " + so)
        else:  # notes without a phrase the catalogue knows: as they are
            out.extend(text("audit.note", lang) + n for n in finding_text(f, lang)[1])
    if rows:
        out.append(text("audit.seats_head", lang))
        out.extend(money_table(rows, lang=lang))
        if all(r["correct"] is None for r in rows):
            out.append("  " + text("audit.no_correct", lang))
    fix = report.get("corrections")
    if fix:
        out.append(text("audit.corrections", lang))
        out.extend(correction_lines(fix, "    ", lang))
    return out
