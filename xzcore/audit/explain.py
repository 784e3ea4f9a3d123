"""Each audit finding said as one sentence for people (docs/audit.md, "Explanations"): what
the log records, what the rules give instead, and why — the rule's content in words — with
the seats by their header names and tiles and amounts in the game's words, in Chinese or
English, from the finding's plain dict alone (:meth:`~xzcore.audit.report.GameReport.to_dict`,
also after a JSON round trip). Every phrase is the message catalogue's
(:mod:`xzcore.messages`, ``explain.*``, ``act.*``, ``why.*``).

>>> f = {"rule": "R4.2", "event": 5, "message_key": "finding.illegal", "claimed": "dahai 1m by 2",
...      "fields": {"reason": {"key": "refusal.void_first", "fields": {"seat": 2}}}}
>>> explain(f, ["ann", "bob", "cy", "dee"], "en")  # doctest: +NORMALIZE_WHITESPACE
'At event 5, cy discarded 1m, which the rules do not allow: cy holds void-suit tiles and
must discard one of them. A seat discards the tiles of its declared void suit before any
other (R4.2 void suit discarded first).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xzcore.audit.citation import unmatched
from xzcore.messages import (
    LANGS,
    MESSAGES,
    from_english,
    named_phrase,
    phrase,
    rule_label,
    rule_name,
    text,
    word,
)
from xzcore.money.ledger import REASONS
from xzcore.round.actions import Action as _Action
from xzcore.round.actions import InvalidActionError, LeshanAction
from xzcore.tiles import SUITS, tile_name, tile_name_zh

__all__ = [
    "check_lang",
    "consequence",
    "error_text",
    "explain",
    "explanation",
    "finding_text",
    "seat_name",
]


def finding_text(finding: dict[str, Any], lang: str) -> tuple[str, list[str]]:
    """A finding's message and notes in ``lang`` (``"zh"`` or ``"en"``), from its dict alone
    (:meth:`GameReport.to_dict`, also after a JSON round trip): the phrase ``message_key``
    with its ``fields`` (and the finding's ``claimed`` and ``correct``, for a phrase that
    quotes them), each note by its ``note_keys``. In English, or for a finding without a
    phrase (a log reader's integrity message: :func:`error_text`'s translation, else as it
    is), its ``message`` and ``notes``.

    >>> f = {"message": "wrong round totals", "notes": [], "message_key": "finding.wrong_totals"}
    >>> finding_text(f, "zh")
    ('本局总分有误', [])
    """
    message = str(finding.get("message", ""))
    notes = [str(n) for n in finding.get("notes") or ()]
    check_lang(lang)
    if lang == "en":
        return message, notes
    key = finding.get("message_key")
    if isinstance(key, str) and key in MESSAGES:
        fields = dict(finding.get("fields") or {})
        for quoted in ("claimed", "correct"):
            if "{" + quoted + "}" in MESSAGES[key][1]:
                fields[quoted] = finding.get(quoted)
        message = phrase(key, lang, fields)
    else:
        message = _log_text(message, lang)
    keyed = finding.get("note_keys")
    if isinstance(keyed, list) and len(keyed) == len(notes):
        notes = [
            phrase(n["key"], lang, n.get("fields")) if _phrase_of(n) else old
            for n, old in zip(keyed, notes, strict=True)
        ]
    return message, notes


def _phrase_of(note: Any) -> bool:
    return (
        isinstance(note, Mapping) and isinstance(note.get("key"), str) and note["key"] in MESSAGES
    )


def error_text(error: dict[str, Any], lang: str) -> str:
    """An unreadable-log error's message (an ``errors`` entry of :meth:`GameReport.to_dict`)
    in ``lang``. The log reader writes its messages in English; one that matches a ``log.*``
    phrase of the catalogue is shown in Chinese with the values it quotes; any other (a
    rarer message, or one quoting a library's text) stays in English.

    >>> error_text({"message": "the log holds no game"}, "zh")
    '记录里没有对局'
    """
    message = str(error.get("message", ""))
    check_lang(lang)
    return message if lang == "en" else _log_text(message, lang)


def check_lang(lang: str) -> None:
    """``ValueError`` for a language the catalogue does not hold."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected {' or '.join(LANGS)})")


def _log_text(message: str, lang: str) -> str:
    """``message`` of the log reader in ``lang``, when it is a ``log.*`` phrase's English."""
    return from_english(message, "log", lang)


def seat_name(seat: Any, seats: Sequence[str] | None, lang: str) -> str:
    """A seat by its header name, or ``seat N`` / ``座N`` when the game has no names (or
    the value is not a seat)."""
    if type(seat) is int and 0 <= seat < 4 and seats and seat < len(seats):
        return str(seats[seat])
    return text("explain.seat", lang, seat=seat)


def _sep(lang: str) -> str:
    return text("explain.list_sep", lang)


def _tile(pai: Any, lang: str) -> str:
    """Tile text (``"5p"``) in the reader's words (五筒 / 5p)."""
    if isinstance(pai, str):
        for k in range(27):
            if tile_name(k) == pai:
                return tile_name_zh(k) if lang == "zh" else pai
    return str(pai)


def _why(rule: str, lang: str) -> str:
    """The rule's content in words, then its id and name: "a 花猪 pays … (R10.1 …)"."""
    key = "why." + rule
    label = rule_label(rule, lang)
    if key in MESSAGES:
        return text("explain.why", lang, why=text(key, lang), rule=label)
    return text("explain.rule_only", lang, rule=label)


def _units(v: Any) -> str:
    return f"{v:+d}" if type(v) is int and v else str(v)


def _per_seat(values: Any, seats: Sequence[str] | None, lang: str) -> str:
    """Four figures by seat name ("bot0 +4, bot1 0, …"); anything else as it is."""
    if isinstance(values, list) and len(values) == 4:
        return _sep(lang).join(
            f"{seat_name(s, seats, lang)} {_units(v)}" for s, v in enumerate(values)
        )
    return _value(values, lang)


def _value(v: Any, lang: str) -> str:
    """A claimed or correct value in words where it has them; a plain value as it is."""
    if v is None:
        return text("explain.nothing", lang)
    if isinstance(v, bool):
        return text("explain.yes" if v else "explain.no", lang)
    if isinstance(v, str):
        return _tile(v, lang)
    if isinstance(v, list) and all(isinstance(x, int | str) for x in v):
        return _sep(lang).join(_value(x, lang) for x in v) or text("explain.nothing", lang)
    if isinstance(v, Mapping):
        return _sep(lang).join(f"{_field(k, lang)} {_value(x, lang)}" for k, x in v.items())
    return str(v)


def _field(name: Any, lang: str) -> str:
    return word("part", str(name), lang)


def _transfer(t: Any, seats: Sequence[str] | None, lang: str, reason: bool = True) -> str:
    """One transfer: "bot1 paying bot2 64 (flower pig check)" — what for, by the rule it
    cites (else its reason code's name), unless ``reason`` is false."""
    if not isinstance(t, Mapping):
        return str(t)
    code, rule = t.get("reason"), t.get("rule")
    pair = REASONS.get(code) if isinstance(code, str) else None
    named = rule_name(rule, lang) if isinstance(rule, str) else ""
    if not named and pair is not None:
        named = pair[0 if lang == "zh" else 1]
    why = text("explain.for", lang, reason=named) if named and reason else ""
    return text(
        "explain.pays",
        lang,
        payer=seat_name(t.get("payer"), seats, lang),
        payee=seat_name(t.get("payee"), seats, lang),
        units=t.get("units"),
        reason=why,
    )


def _transfers(ts: Any, seats: Sequence[str] | None, lang: str, reason: bool = True) -> str:
    if not isinstance(ts, list):
        return _value(ts, lang)
    if not ts:
        return text("explain.no_payment", lang)
    return _sep(lang).join(_transfer(t, seats, lang, reason) for t in ts)


def _event_word(etype: Any, lang: str) -> str:
    return word("game", str(etype), lang)


def _act(ev: Any, seats: Sequence[str] | None, lang: str) -> str:
    """What a seat did in a recorded event or action text, in words: "bot2 discarded 1m"."""
    if isinstance(ev, str):
        try:
            a: Any = (
                LeshanAction.parse(ev)
                if ev.split()[:1] in (["piao"], ["baige"])
                else _Action.parse(ev)
            )
        except InvalidActionError:
            return ev
        fields = {
            "tile": _tile(tile_name(a.tile), lang) if a.tile >= 0 else "",
            "suit": word("suit", SUITS[a.suit], lang) if getattr(a, "suit", -1) >= 0 else "",
            "amount": getattr(a, "amount", ""),
            "tiles": " ".join(_tile(tile_name(k), lang) for k in getattr(a, "tiles", ())),
        }
        return text(
            "explain.did", lang, who=seat_name(a.seat, seats, lang), did=_did(a.word, fields, lang)
        )
    if not isinstance(ev, Mapping):
        return _value(ev, lang)
    etype = ev.get("type")
    actor = ev.get("actor")
    pai = ev.get("pai")
    fields = {"tile": _tile(pai, lang) if pai is not None else "", "suit": "", "tiles": ""}
    suit = ev.get("suit")
    if isinstance(suit, str):
        fields["suit"] = word("suit", suit, lang)
    fields["amount"] = ev.get("piao", "")
    if etype == "hora" and ev.get("self_draw"):
        etype = "tsumo_win"
    key = "act." + str(etype)
    if type(actor) is int and key in MESSAGES:
        return text(
            "explain.did",
            lang,
            who=seat_name(actor, seats, lang),
            did=_did(str(etype), fields, lang),
        )
    what = _event_word(etype, lang)
    if isinstance(ev.get("transfers"), list):
        what = text(
            "explain.event_with", lang, event=what, what=_transfers(ev["transfers"], seats, lang)
        )
    return what


def _did(w: str, fields: Mapping[str, Any], lang: str) -> str:
    key = "act." + w
    if key not in MESSAGES:
        return w
    return text(key, lang, **fields)


def _where(f: Mapping[str, Any], lang: str) -> str:
    event = f.get("event")
    if type(event) is int:
        return text("explain.at_event", lang, event=event)
    return text("explain.in_game", lang)


def explanation(f: Mapping[str, Any], seats: Sequence[str] | None, lang: str) -> str:
    """:func:`explain` and, when the finding has notes, :func:`consequence` after it: the
    ``explanation`` of a finding in JSON."""
    said = explain(f, seats, lang)
    so = consequence(f, lang)
    return said if so is None else said + ("" if lang == "zh" else " ") + so


def explain(f: Mapping[str, Any], seats: Sequence[str] | None, lang: str) -> str:
    """The finding ``f`` as one sentence (or two) in ``lang``: what the log records, what
    the rules give instead, and the rule's content with its id and name."""
    key = f.get("message_key")
    rule = str(f.get("rule"))
    fields = f.get("fields") if isinstance(f.get("fields"), Mapping) else {}
    assert isinstance(fields, Mapping)
    claimed, correct = f.get("claimed"), f.get("correct")
    at = _where(f, lang)
    why = _why(rule, lang)
    if key == "finding.illegal":
        reason = fields.get("reason")
        if isinstance(reason, Mapping) and isinstance(reason.get("key"), str):
            inner = reason.get("fields")
            said = named_phrase(
                str(reason["key"]), lang, inner if isinstance(inner, Mapping) else None, seats
            )
        else:
            said = str(reason)
        return text(
            "explain.illegal", lang, at=at, did=_act(claimed, seats, lang), reason=said, why=why
        )
    if key == "finding.wrong_score":
        who = seat_name(fields.get("seat"), seats, lang)
        return text(
            "explain.wrong_score",
            lang,
            at=at,
            who=who,
            claimed=_value(claimed, lang),
            correct=_value(correct, lang),
            why=why,
        )
    if key == "finding.wrong_payments":
        a = claimed if isinstance(claimed, list) else []
        b = correct if isinstance(correct, list) else []
        log_only, rules_only = unmatched(a, b), unmatched(b, a)
        event = _event_word(fields.get("event"), lang)
        if log_only and rules_only:
            return text(
                "explain.payments_instead",
                lang,
                at=at,
                event=event,
                claimed=_transfers(log_only, seats, lang),
                correct=_transfers(rules_only, seats, lang),
                why=why,
            )
        if rules_only:
            return text(
                "explain.payments_missing",
                lang,
                at=at,
                event=event,
                correct=_transfers(rules_only, seats, lang),
                why=why,
            )
        return text(
            "explain.payments_extra",
            lang,
            at=at,
            event=event,
            claimed=_transfers(log_only or a, seats, lang),
            why=why,
        )
    if key in ("finding.misses", "finding.lacks", "finding.extra_event"):
        ev = correct if key != "finding.extra_event" else claimed
        if isinstance(ev, Mapping) and isinstance(ev.get("transfers"), list):
            return text(
                "explain.extra_payments"
                if key == "finding.extra_event"
                else "explain.misses_payments",
                lang,
                at=at,
                event=_event_word(ev.get("type"), lang),
                payments=_transfers(ev["transfers"], seats, lang, reason=False),
                why=why,
            )
        what = "explain.extra_event" if key == "finding.extra_event" else "explain.misses"
        return text(what, lang, at=at, event=_act(ev, seats, lang), why=why)
    if key in ("finding.wrong_totals", "finding.wrong_totals_beyond"):
        return text(
            "explain.totals",
            lang,
            at=at,
            claimed=_per_seat(claimed, seats, lang),
            correct=_per_seat(correct, seats, lang),
            why=why,
        )
    if key in ("finding.claims_disagree", "finding.claims_disagree_repeat"):
        part = str(fields.get("part"))
        shown = _per_seat if part == "totals" else _claims_part
        return text(
            "explain.claims",
            lang,
            part=word("part", part, lang),
            claimed=shown(claimed, seats, lang),
            correct=shown(correct, seats, lang),
            why=why,
        )
    if key == "finding.event_differs":
        return text(
            "explain.event_differs",
            lang,
            at=at,
            event=_event_word(fields.get("event"), lang),
            claimed=_named_fields(claimed, seats, lang),
            correct=_named_fields(correct, seats, lang),
            why=why,
        )
    if key == "finding.diverges":
        return text(
            "explain.diverges",
            lang,
            at=at,
            claimed=_act(claimed, seats, lang),
            correct=_act(correct, seats, lang),
            why=why,
        )
    if key == "finding.ends_early":
        waiting = fields.get("seats")
        names = _sep(lang).join(
            seat_name(x, seats, lang) for x in (waiting if isinstance(waiting, list) else [])
        )
        return text("explain.ends_early", lang, at=at, who=names, why=why)
    if key == "finding.goes_on":
        return text("explain.goes_on", lang, at=at, claimed=_act(claimed, seats, lang), why=why)
    # A finding of the log's bytes (L2, L3, L8) or one quoting a problem as it is; the
    # fields of two maps that differ, when it has them.
    message, _ = finding_text(dict(f), lang)
    d = f.get("diff")
    if isinstance(d, Mapping) and isinstance(d.get("map"), list) and d["map"]:
        items = [x for x in d["map"] if isinstance(x, Mapping)]
        return text(
            "explain.other_values",
            lang,
            at=at,
            message=message,
            claimed=_named_fields({x["field"]: x["claimed"] for x in items}, seats, lang),
            correct=_named_fields({x["field"]: x["correct"] for x in items}, seats, lang),
            why=why,
        )
    return text("explain.other", lang, at=at, message=message, why=why)


def _claims_part(v: Any, seats: Sequence[str] | None, lang: str) -> str:
    if isinstance(v, list) and v and all(isinstance(t, Mapping) and "payer" in t for t in v):
        return _transfers(v, seats, lang)
    if type(v) is int:
        return seat_name(v, seats, lang)
    return _value(v, lang)


_SEAT_FIELDS = frozenset({"actor", "target", "next_dealer", "dealer"})


def _named_fields(v: Any, seats: Sequence[str] | None, lang: str) -> str:
    """An event's differing fields in words, seats by name."""
    if not isinstance(v, Mapping):
        return _value(v, lang)
    parts = []
    for k, x in v.items():
        if k in _SEAT_FIELDS and type(x) is int:
            shown = seat_name(x, seats, lang)
        elif k == "transfers":
            shown = _transfers(x, seats, lang)
        elif k == "totals":
            shown = _per_seat(x, seats, lang)
        else:
            shown = _value(x, lang)
        parts.append(f"{_field(k, lang)} {shown}")
    return _sep(lang).join(parts)


_CONSEQUENCE = {
    "note.totals_follow": "explain.the_totals",
    "note.claims_totals_follow": "explain.the_claims_totals",
}


def consequence(f: Mapping[str, Any], lang: str) -> str | None:
    """The finding's notes (figures of the log wrong only because of it) as one sentence
    naming the consequence: "So the log's round totals and claims record's totals are off
    by the same amounts (counted once, above)."; the parts of the claims record that are not
    amounts (its wins, its next dealer) "follow from it"; ``None`` without notes."""
    keyed = f.get("note_keys")
    if not isinstance(keyed, list) or not keyed:
        return None
    amounts: list[str] = []
    parts: list[str] = []
    for n in keyed:
        if not isinstance(n, Mapping):
            continue
        key = n.get("key")
        fields = n.get("fields") if isinstance(n.get("fields"), Mapping) else {}
        assert isinstance(fields, Mapping)
        part = str(fields.get("part"))
        into = amounts
        if key in _CONSEQUENCE:
            thing = text(_CONSEQUENCE[str(key)], lang)
        elif key == "note.claims_follow":
            thing = text("explain.the_claims_part", lang, part=word("part", part, lang))
            into = amounts if part in ("transfers", "totals") else parts
        else:
            continue
        if thing not in into:
            into.append(thing)
    if amounts and parts:
        return text(
            "explain.consequence_both",
            lang,
            things=_listed(amounts, lang),
            parts=_listed(parts, lang),
        )
    if amounts:
        return text("explain.consequence", lang, things=_listed(amounts, lang))
    if parts:
        return text("explain.consequence_parts", lang, parts=_listed(parts, lang))
    return None


def _listed(things: list[str], lang: str) -> str:
    if len(things) == 1:
        return things[0]
    return text("explain.and", lang, first=_sep(lang).join(things[:-1]), last=things[-1])
