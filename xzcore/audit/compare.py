"""The replay and comparison behind :mod:`xzcore.audit.report` (docs/audit.md).

:func:`replay` feeds the actions recorded in a game's events to a fresh round through the
checked ``Round.play``; :func:`compare_events` lines the engine's events up with the recorded
ones and turns every difference into a :class:`Finding`; :func:`claims_of` computes the
claims record (docs/log-format.md L5) from an event stream, for the writer and the audit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from xzcore.audit.citation import (
    FIELD_RULE,
    MONEY_EVENTS,
    first_transfer_rule,
    made_by,
    never_won,
    rule_of,
    score_rule,
)
from xzcore.audit.replay import quiet_run
from xzcore.leshan.round import new_round
from xzcore.log.events import RULE
from xzcore.log.scan import claims_of as _claims_of
from xzcore.log.scan import same, same_events
from xzcore.log.types import Header, Location, claims_of, net_of
from xzcore.messages import phrase
from xzcore.refusal import Refusal
from xzcore.round.actions import (
    _KIND,
    AnyAction,
    IllegalActionError,
    InvalidActionError,
    action_of,
)
from xzcore.rules import RuleError, RuleSet

__all__ = [
    "Finding",
    "Replay",
    "claims_of",
    "compare_claims",
    "compare_events",
    "finding",
    "net_of",
]

ABSENT = "(absent)"
"""Shown as a field's value in a finding when the event has no such field."""

_SCORE_FIELDS = ("pattern", "gen", "gen_used", "extras", "fan", "multiplier", "special")
_EVENT_RULE = RULE
"""The rule each event type cites when it diverges (:data:`xzcore.log.events.RULE`)."""


@dataclass(frozen=True)
class Finding:
    """One problem in one game: where, which rule, what the log claimed, what is right, and
    the money difference per seat (claimed − correct units; ``None`` when not a money
    figure or not computable, or when it only repeats a difference already reported).

    ``correct`` is what the engine computed from the recorded actions, never a figure of the
    log's own. ``notes``: figures of the log that are wrong only as a consequence of this
    finding (the totals after a wrong payment), shown with it and not counted again.

    ``message`` and ``notes`` are English; ``key`` (a phrase of :mod:`xzcore.messages`, or
    ``None`` for a message that has none) with its raw ``fields``, and ``note_keys`` (one
    ``(key, fields)`` per note), say them in either language
    (:func:`xzcore.audit.report.finding_text`). Build one with :func:`finding`."""

    rule: str
    message: str
    location: Location
    claimed: Any = None
    correct: Any = None
    money: tuple[int, int, int, int] | None = None
    notes: tuple[str, ...] = ()
    key: str | None = None
    fields: Mapping[str, Any] | None = None
    note_keys: tuple[tuple[str, Mapping[str, Any] | None], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON reports: ``message_key`` and ``fields`` (``None`` and ``{}``
        for a message without a phrase), ``note_keys`` (``{"key", "fields"}`` per note)."""
        return {
            "rule": self.rule,
            "message": self.message,
            **self.location.to_dict(),
            "claimed": _plain(self.claimed),
            "correct": _plain(self.correct),
            "money": list(self.money) if self.money is not None else None,
            "notes": list(self.notes),
            "message_key": self.key,
            "fields": dict(self.fields or {}),
            "note_keys": [{"key": k, "fields": dict(f or {})} for k, f in self.note_keys],
        }


def finding(
    rule: str, key: str, location: Location, fields: Mapping[str, Any] | None = None, **kw: Any
) -> Finding:
    """A :class:`Finding` whose message is the phrase ``key`` with ``fields`` (its English as
    ``message``); ``kw``: ``claimed``, ``correct``, ``money``."""
    return Finding(rule, phrase(key, "en", fields), location, key=key, fields=fields or None, **kw)


MAX_SHOWN_DEPTH = 100
"""Deepest nesting of a claimed or correct value that a report shows as it is. A log may nest
a value ~1,000 deep (L6 allows it), past what the JSON writer and Python's recursion limit
take; a deeper one is shown as a note (found by fuzz/audit_bytes_target.py)."""


def _plain(v: Any) -> Any:
    if isinstance(v, bytes):
        return v.hex()
    if _nested_deeper(v, MAX_SHOWN_DEPTH):
        return f"(a value nested more than {MAX_SHOWN_DEPTH} deep, not shown)"
    return v


def _nested_deeper(v: Any, limit: int) -> bool:
    """Whether lists and maps nest in ``v`` more than ``limit`` deep (without recursion)."""
    stack = [(v, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, dict):
            x = list(x.values())
        if isinstance(x, list | tuple):
            if depth >= limit:
                return True
            stack.extend((y, depth + 1) for y in x)
    return False


def _four_ints(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 4 and all(type(x) is int for x in v)


def _diff(claimed: Any, correct: Any) -> tuple[int, int, int, int] | None:
    """Claimed − correct units per seat, when both are four integers."""
    if not (_four_ints(claimed) and _four_ints(correct)):
        return None
    a, b = claimed, correct
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def _transfers(ev: Any) -> Any:
    return ev.get("transfers") if isinstance(ev, Mapping) else None


@dataclass
class Replay:
    """What :func:`compare_events` found."""

    findings: list[Finding] = field(default_factory=list)
    replayed: bool = False
    """True when the whole game replayed legally to its end."""
    engine: list[dict[str, Any]] | None = None
    """The engine's events, when the game replayed to its end (else ``None``)."""
    _claims: dict[str, Any] | None = None

    @property
    def engine_claims(self) -> dict[str, Any] | None:
        """The claims record (L5) of the engine's events, when the game replayed to its end:
        the correct side of :func:`compare_claims` (computed once, when asked)."""
        if self._claims is None and self.engine is not None:
            self._claims = _claims_of(self.engine)
        return self._claims

    totals: tuple[int, ...] | None = None
    """The engine's net per seat (its round result), when ``replayed``."""


_RULES_SEEN: list[tuple[dict[str, Any], RuleSet]] = []
"""The rule sets already built, most recent first, each with a copy of the map it was built
from (at most :data:`_RULES_KEPT`)."""
_RULES_KEPT = 8
_RULE_VALUE_TYPES = (str, int, bool, type(None))


def _rules_of(data: dict[str, Any]) -> RuleSet:
    """``RuleSet.from_dict``, remembered: the games of a log share a few rule sets.

    A map is answered from memory only when it is :func:`xzcore.log.scan.same` — type-strict
    — to one already built: ``1`` and ``True`` (or ``6`` and ``6.0``) are equal in Python,
    but ``from_dict`` refuses the wrong type (L4), so a header that writes
    ``"declare_void": 1`` must never find the rule set of ``True``. Only maps of str keys and
    str, int, bool or nil values (what ``to_dict`` writes) are remembered, so an equal map
    holds the very same values; ``from_dict`` reads them by name, whatever their order."""
    if type(data) is dict:
        for seen, rules in _RULES_SEEN:
            if same(seen, data):
                return rules
    rules = RuleSet.from_dict(data)
    if (
        type(data) is dict
        and all(type(k) is str for k in data)
        and all(type(v) in _RULE_VALUE_TYPES for v in data.values())
    ):
        _RULES_SEEN.insert(0, (dict(data), rules))
        del _RULES_SEEN[_RULES_KEPT:]
    return rules


def _make_round(header: Header, events: Sequence[Any], loc: Location) -> tuple[Any, Finding | None]:
    try:
        rules = _rules_of(header.rules)
    except RuleError as exc:
        return None, finding("L4", "finding.bad_rules", loc, {"detail": str(exc)})
    first = events[0] if events else None
    if not (isinstance(first, Mapping) and first.get("type") == "start_kyoku"):
        return None, finding("L5", "finding.no_start", loc)
    direction = first.get("exchange_direction")
    try:
        rnd = new_round(rules, list(header.wall), header.dealer, exchange_direction=direction)
    except (ValueError, TypeError) as exc:
        # A bad wall (R1.1: not four of each kind) or exchange direction (R3.1).
        rule = "R3.1" if "exchange" in str(exc) else "R2.2"
        return None, finding(rule, "finding.no_setup", loc, {"detail": str(exc)})
    return rnd, None


def compare_events(
    path: str,
    game: int,
    header: Header,
    events: Sequence[Any],
    offsets: Sequence[int],
    *,
    shortcuts: bool = True,
) -> Replay:
    """Replay ``events`` through a fresh round (checked ``play``) and compare the engine's
    events with them (docs/audit.md). Stops at the first illegal action or divergence.
    ``shortcuts=False`` plays every
    action through ``Round.play``, without :func:`xzcore.audit.replay.quiet_run` (same
    findings, slower: for tests)."""
    out = Replay()

    def loc(i: int | None) -> Location:
        off = offsets[i] if i is not None and i < len(offsets) else None
        return Location(path, game, i, off)

    rnd, problem = _make_round(header, events, loc(0))
    if problem is not None:
        out.findings.append(problem)
        return out
    stop = len(events)  # compare the recorded prefix [0, stop)
    illegal: Finding | None = None
    play = rnd.play
    # Runs of the commonest steps (quiet discards; claim windows every asked seat passes or
    # one seat pengs; the 定缺 declarations) are replayed in C by quiet_run, exactly as the
    # loop below would (or not at all); the loop takes every event quiet_run stops at.
    run: Callable[[Any, Any, int], int] = (
        quiet_run if shortcuts and type(events) is list else _no_run
    )
    n_events = len(events)
    i = 0
    while i < n_events:
        i = run(rnd, events, i)
        if i >= n_events:
            break
        ev = events[i]
        # msgpack decodes every map to a dict: an exact type test is enough, and cheap.
        if type(ev) is not dict or type(ev.get("type")) is not str:
            stop = i
            illegal = finding("L5", "finding.not_an_event", loc(i), claimed=ev)
            break
        i += 1
        try:
            action = action_of(ev)
        except InvalidActionError as exc:
            stop = i - 1
            illegal = finding(
                "L5", "finding.malformed", loc(stop), {"detail": str(exc)}, claimed=dict(ev)
            )
            break
        if action is None:
            continue
        try:
            play(action)
        except IllegalActionError as exc:
            stop = i - 1
            why = _refine(rnd, action, exc, header, events, stop) or exc.refusal
            reason: Any = exc.reason if why is None else why.to_dict()  # text: none carried
            illegal = finding(
                exc.rule if why is None else why.rule,
                "finding.illegal",
                loc(stop),
                {"reason": reason},
                claimed=str(action),
            )
            break
        except (InvalidActionError, ValueError) as exc:
            stop = i - 1
            illegal = finding(
                "L5", "finding.cannot_apply", loc(stop), {"detail": str(exc)}, claimed=str(action)
            )
            break
        except Exception as exc:  # an engine bug must not crash the audit of every log
            stop = i - 1
            illegal = finding(
                "L5",
                "finding.engine_failed",
                loc(stop),
                {"kind": type(exc).__name__, "detail": str(exc)},
                claimed=str(action),
            )
            break
    engine = rnd.events
    findings = _align(events, stop, engine, rnd.rules, loc, illegal is not None)
    out.findings.extend(findings)
    if illegal is not None:
        out.findings.append(illegal)
        return out
    if rnd.to_act():
        out.findings.append(
            finding(
                "R5.6",
                "finding.ends_early",
                loc(len(events) - 1 if events else None),
                {"seats": rnd.to_act()},
            )
        )
        return out
    out.replayed = True
    out.engine = engine
    out.totals = tuple(rnd.result().totals)
    return out


def _no_run(rnd: Any, events: Any, i: int) -> int:
    return i


def _refine(
    rnd: Any,
    action: AnyAction,
    exc: IllegalActionError,
    header: Header,
    events: Sequence[Any],
    i: int,
) -> Refusal | None:
    """The rule of an illegal action, sharpened for a claim made after its claim window.

    The engine asks no seat about a discard it may not claim (a void-suit tile, R4.3; a
    seat under the pass lock, R7.4; a tile already won, R5.3), so such a 胡/碰/杠 reaches the
    replay after the discard is resolved, and ``Round.play`` can only say it is out of turn.
    The same holds for robbing an added gang (R6.4). When the recorded events before the
    action are that discard (or added gang) and the answers to it (the
    passes and wins on that tile, and their 呼叫转移), the engine's
    ``Round.diagnose_claim`` names the rule, on the round as it stood when
    the discard was made (replayed again up to it: the claimer's lock may have ended with a
    draw since). ``None``: the engine's own refusal stands."""
    if action.word not in ("hora", "pon", "daiminkan"):
        return None
    won_by: list[int] = []
    answered = False
    j = i - 1
    while j >= 0:
        ev = events[j]
        if not isinstance(ev, Mapping):
            return None
        t = ev.get("type")
        if t in ("dahai", "kakan"):
            break
        if t == "none" and _kind(ev.get("pai")) == action.tile:
            answered = answered or ev.get("actor") == action.seat
        elif (
            t == "hora"
            and ev.get("self_draw") is not True
            and _kind(ev.get("pai")) == action.tile
            and type(ev.get("actor")) is int
        ):
            won_by.insert(0, ev["actor"])
        elif t != "call_transfer":
            return None
        j -= 1
    if j < 0:
        return None
    discard = events[j]
    src, k = discard.get("actor"), _kind(discard.get("pai"))
    if type(src) is not int or not 0 <= src < 4 or k is None or k != action.tile:
        return None
    before = _round_before(header, events, j)
    if before is None:  # pragma: no cover - events [0, j) replayed once already
        return None
    refusal: Refusal = before.diagnose_claim(
        action, src, k, won_by=won_by, answered=answered, robbing=discard.get("type") == "kakan"
    )
    return refusal


def _kind(pai: Any) -> int | None:
    """The tile kind of an event's ``pai`` text (``None``: not tile text)."""
    return _KIND.get(pai) if type(pai) is str else None


def _round_before(header: Header, events: Sequence[Any], j: int) -> Any:
    """A fresh round with the actions of events [0, j) played (all legal: the replay got
    past them), or ``None`` if it cannot be built."""
    rnd, problem = _make_round(header, events, Location("", 0, None, None))
    if problem is not None:
        return None
    try:
        for ev in events[:j]:
            action = action_of(ev)
            if action is not None:
                rnd.play(action)
    except Exception:  # pragma: no cover - the same actions were played without error
        return None
    return rnd


def _align(
    recorded: Sequence[Any],
    stop: int,
    engine: Sequence[Mapping[str, Any]],
    rules: RuleSet,
    loc: Any,
    partial: bool,
) -> list[Finding]:
    """Line up recorded events [0, stop) with the engine's; a money-only event present on
    one side only is a finding and the walk goes on; any other difference of type or actor is
    a divergence and ends it."""
    found: list[Finding] = []
    n_eng = len(engine)
    if (
        (partial or n_eng == stop)
        and type(recorded) is list
        and type(engine) is list
        and same_events(
            recorded if stop == len(recorded) else recorded[:stop],
            engine if stop == n_eng else engine[:stop],
        )
    ):
        return found  # every event equal (the walk below would find nothing)
    i = j = 0
    while i < stop or (j < n_eng and not partial):
        rec = recorded[i] if i < stop else None
        eng = engine[j] if j < n_eng else None
        if rec is not None and eng is not None and same(rec, eng):
            i += 1
            j += 1
            continue
        if eng is None and rec is None:
            break
        rtype = rec.get("type") if rec is not None else None
        etype = eng.get("type") if eng is not None else None
        if (
            rec is not None
            and eng is not None
            and rtype == etype
            and rec.get("actor") == eng.get("actor")
        ):
            notes: list[tuple[str, dict[str, Any]]] = []
            found.extend(_figures(rec, eng, rules, loc(i), _explained(found), notes))
            for key, fields in notes:
                _attach(found, key, fields)
            i += 1
            j += 1
            continue
        if eng is not None and etype in MONEY_EVENTS and rtype != etype:
            net = net_of(_transfers(eng))
            rule = rule_of(eng, None, etype)
            if etype == "settlement" and rules.xueliu and never_won(engine[:j]) == 1:
                rule = "R11.2"  # 血流: R10 settles even a lone seat that never won
            found.append(
                finding(
                    rule,
                    "finding.misses",
                    loc(i if i < stop else None),
                    {"event": etype},
                    claimed=None,
                    correct=_brief(eng),
                    money=_diff([0, 0, 0, 0], net),
                )
            )
            j += 1
            continue
        if rec is not None and rtype in MONEY_EVENTS and rtype != etype:
            net = net_of(_transfers(rec))
            found.append(
                finding(
                    rule_of(None, rec, str(rtype)),
                    "finding.extra_event",
                    loc(i),
                    {"event": rtype},
                    claimed=_brief(rec),
                    correct=None,
                    money=_diff(net, [0, 0, 0, 0]),
                )
            )
            i += 1
            continue
        if eng is None:
            # The engine is done but the log goes on (only when every action was legal).
            found.append(finding("R5.6", "finding.goes_on", loc(i), claimed=_brief(rec)))
            break
        if rec is None:
            if not partial:
                found.append(
                    finding(
                        _EVENT_RULE.get(str(etype), "L5"),
                        "finding.lacks",
                        loc(None),
                        {"event": etype},
                        correct=_brief(eng),
                    )
                )
            break
        found.append(_diverges(made_by(engine, j, rules), loc(i), _brief(rec), _brief(eng)))
        break
    return found


def _diverges(rule: str, where: Location, claimed: Any, correct: Any) -> Finding:
    """The finding of a divergence: its phrase quotes the two events, which are its claimed
    and correct values (the dict carries them once; :func:`finding_text` reads them there)."""
    fields = {"claimed": claimed, "correct": correct}
    return Finding(
        rule,
        phrase("finding.diverges", "en", fields),
        where,
        claimed=claimed,
        correct=correct,
        key="finding.diverges",
    )


def _brief(ev: Any) -> Any:
    """An event without its long fields, for messages."""
    if not isinstance(ev, Mapping):
        return ev
    return {k: v for k, v in ev.items() if k not in ("wall", "detail")}


def _unexplained(
    diff: tuple[int, int, int, int] | None, explained: tuple[int, int, int, int]
) -> tuple[int, int, int, int] | None:
    """What of a totals difference the findings so far do not explain (``None``: not
    computable)."""
    if diff is None:
        return None
    return (
        diff[0] - explained[0],
        diff[1] - explained[1],
        diff[2] - explained[2],
        diff[3] - explained[3],
    )


def _show(v: Any) -> str:
    return "[" + ", ".join(map(str, v)) + "]" if isinstance(v, list) else repr(v)


def _attach(found: list[Finding], key: str, fields: Mapping[str, Any]) -> None:
    """Show the note ``key`` with ``fields`` (a consequence) with the last finding that
    carries money (else the last finding); with no finding at all there is nothing it could
    follow from."""
    for n in range(len(found) - 1, -1, -1):
        if found[n].money is not None and any(found[n].money or ()):
            break
    else:
        n = len(found) - 1
    if n >= 0:
        f = found[n]
        found[n] = replace(
            f,
            notes=(*f.notes, phrase(key, "en", fields)),
            note_keys=(*f.note_keys, (key, fields)),
        )


def _explained(found: Sequence[Finding]) -> tuple[int, int, int, int]:
    """The money difference per seat of the findings so far (what wrong totals may owe to
    them)."""
    acc = [0, 0, 0, 0]
    for f in found:
        if f.money is not None:
            for s in range(4):
                acc[s] += f.money[s]
    return (acc[0], acc[1], acc[2], acc[3])


def _figures(
    rec: Mapping[str, Any],
    eng: Mapping[str, Any],
    rules: RuleSet,
    where: Location,
    explained: tuple[int, int, int, int],
    consequences: list[tuple[str, dict[str, Any]]],
) -> list[Finding]:
    """Findings for one event of the same type and actor in both streams. Wrong totals carry
    only the money difference not already reported (``explained``); totals that are exactly
    the sum of the differences already reported are their consequence: a note appended to
    ``consequences`` (its phrase key and fields), not a finding."""
    found: list[Finding] = []
    etype = str(eng.get("type"))
    notes = consequences
    # A key on one side only is a difference even when the other side's value is nil: the
    # log must hold the engine's event, not one with an extra "claim": null.
    keys = [
        k
        for k in dict.fromkeys([*eng.keys(), *rec.keys()])
        if (k in rec) != (k in eng) or not same(rec.get(k), eng.get(k))
    ]
    money_keys = [k for k in keys if k in ("transfers", "totals")]
    other = [k for k in keys if k not in money_keys]
    if etype == "hora" and "score" in other:
        other.remove("score")
        cs, rs = eng.get("score"), rec.get("score")
        cs_d = cs if isinstance(cs, Mapping) else {}
        rs_d = rs if isinstance(rs, Mapping) else {}
        fields = [f for f in (*_SCORE_FIELDS, "capped") if not same(rs_d.get(f), cs_d.get(f))]
        rule = score_rule(fields, rules)
        shown = fields or ["score"]
        found.append(
            finding(
                rule,
                "finding.wrong_score",
                where,
                {"seat": eng.get("actor"), "keys": shown},
                claimed={f: rs_d.get(f) for f in shown} if rs_d else rs,
                correct={f: cs_d.get(f) for f in shown},
                money=_diff(net_of(_transfers(rec)), net_of(_transfers(eng))),
            )
        )
        money_keys = [k for k in money_keys if k != "transfers"]
    if "transfers" in money_keys:
        trule = first_transfer_rule(rec.get("transfers"), eng.get("transfers"))
        found.append(
            finding(
                trule or _EVENT_RULE.get(etype, "R9"),
                "finding.wrong_payments",
                where,
                {"event": etype},
                claimed=rec.get("transfers"),
                correct=eng.get("transfers"),
                money=_diff(net_of(rec.get("transfers")), net_of(eng.get("transfers"))),
            )
        )
    if "totals" in money_keys:
        a, b = rec.get("totals"), eng.get("totals")
        new = _unexplained(_diff(a, b), explained)
        if new is None or any(new):
            key = "finding.wrong_totals_beyond" if any(explained) else "finding.wrong_totals"
            found.append(finding("R9.6", key, where, claimed=a, correct=b, money=new))
        else:  # exactly the differences already reported: their consequence
            notes.append(
                (
                    "note.totals_follow",
                    {"event": etype, "log_totals": _show(a), "replay_totals": _show(b)},
                )
            )
    if other:
        rule = "R11.1" if other == ["next_dealer"] else _EVENT_RULE.get(etype, "L5")
        if etype == "settlement" and other == ["seats"]:
            rule = "R10"
        for k in other:  # a win's flag names the rule that reads it
            if (etype, k) in FIELD_RULE:
                rule = FIELD_RULE[etype, k]
                break
        found.append(
            finding(
                rule,
                "finding.event_differs",
                where,
                {"event": etype, "keys": other},
                claimed={k: rec.get(k, ABSENT) for k in other if k != "wall"},
                correct={k: eng.get(k, ABSENT) for k in other if k != "wall"},
            )
        )
    return found


def compare_claims(
    claimed: Mapping[str, Any],
    recorded: Sequence[Any],
    where: Location,
    only: Sequence[int] | None = None,
    replay: Replay | None = None,
) -> list[Finding]:
    """Check the claims record (L5) against the claims of the engine's events
    (``replay.engine_claims``; nothing to check against when the replay stopped before the
    round's end, or without ``replay``). Notes go on ``replay.findings``.

    A part of the record that is right is no finding, whatever the recorded events say (a
    wrong payment with the right totals is the payment's finding alone). A part that agrees
    with the game's own events (:func:`claims_of`, with ``only``) but not with the engine
    follows from the event findings already reported: a note on them, not a finding. A part
    that agrees with neither is an ``L5`` finding, correct = the engine's; for the totals,
    its money is the difference not already reported (``None`` when it only repeats it)."""
    if replay is None or replay.engine is None:
        return []
    expected = _claims_of(recorded, only)
    # No finding in a replayed game: every recorded event is the engine's (type-strict), so
    # the claims of the one are those of the other.
    engine = replay.engine_claims if replay.findings else expected
    assert engine is not None
    found: list[Finding] = []
    for key in ("wins", "transfers", "totals", "next_dealer"):
        a, b = claimed.get(key), engine.get(key)
        if same(a, b):
            continue
        if same(a, expected.get(key)):
            if key == "totals":
                _attach(
                    replay.findings,
                    "note.claims_totals_follow",
                    {"part": key, "log_totals": _show(a)},
                )
            else:
                _attach(replay.findings, "note.claims_follow", {"part": key})
            continue
        money = None
        if key == "totals":
            money = _unexplained(_diff(a, b), _explained([*replay.findings, *found]))
            if money is not None and not any(money):
                money = None
        repeat = key == "totals" and money is None and _diff(a, b) is not None
        found.append(
            finding(
                "L5",
                "finding.claims_disagree_repeat" if repeat else "finding.claims_disagree",
                where,
                {"part": key},
                claimed=a,
                correct=b,
                money=money,
            )
        )
    return found
