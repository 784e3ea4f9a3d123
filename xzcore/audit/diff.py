"""What differs between a finding's claimed and correct values (docs/audit.md, "Diffs").

:func:`diff` turns a claimed and a correct value into plain data — the list items added (in
the log, not in the rules), removed (in the rules, missing from the log) and changed (with the
fields that differ), or the map fields that differ. The JSON reports carry it (``diff``); the
table and the page say a finding in words instead (:mod:`xzcore.audit.explain`).

Lists of plain values of one length (a figure per seat) are compared index for index;
other lists are lined up by their longest common run (:class:`difflib.SequenceMatcher` over a
type-strict key), so one dropped transfer in the middle of a list is one removed item, not a
change of every item after it.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from xzcore.log.scan import same

__all__ = ["ABSENT", "diff"]

ABSENT = "(absent)"
"""A map field's value on the side that has no such field."""


def _key(v: Any) -> str:
    """A hashable, type-strict key (``1``, ``True`` and ``1.0`` differ)."""
    return json.dumps(_typed(v), sort_keys=True, ensure_ascii=False, default=repr)


def _typed(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _typed(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_typed(x) for x in v]
    return [type(v).__name__, v if isinstance(v, int | float | str | type(None)) else repr(v)]


def _map_fields(claimed: dict[Any, Any], correct: dict[Any, Any]) -> list[dict[str, Any]]:
    """The fields of two maps that differ, in the correct map's order, then the log's."""
    out: list[dict[str, Any]] = []
    for k in dict.fromkeys([*correct.keys(), *claimed.keys()]):
        a, b = claimed.get(k, ABSENT), correct.get(k, ABSENT)
        if k in claimed and k in correct and same(a, b):
            continue
        change = "changed"
        if k not in correct:
            change = "added"
        elif k not in claimed:
            change = "removed"
        entry: dict[str, Any] = {"field": k, "change": change, "claimed": a, "correct": b}
        inner = diff(a, b)
        if inner is not None:
            entry["diff"] = inner
        out.append(entry)
    return out


def _list_items(claimed: list[Any], correct: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def added(i: int) -> None:
        out.append({"change": "added", "claimed_index": i, "claimed": claimed[i]})

    def removed(j: int) -> None:
        out.append({"change": "removed", "correct_index": j, "correct": correct[j]})

    if len(claimed) == len(correct) and not any(
        isinstance(x, list | dict) for x in (*claimed, *correct)
    ):
        # Figures by position (a total per seat): index for index, never re-aligned.
        for i, (a, b) in enumerate(zip(claimed, correct, strict=True)):
            if not same(a, b):
                out.append(
                    {
                        "change": "changed",
                        "claimed_index": i,
                        "correct_index": i,
                        "claimed": a,
                        "correct": b,
                    }
                )
        return out
    sm = difflib.SequenceMatcher(
        None, [_key(x) for x in claimed], [_key(x) for x in correct], autojunk=False
    )
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        if op == "delete":
            for i in range(i1, i2):
                added(i)
            continue
        if op == "insert":
            for j in range(j1, j2):
                removed(j)
            continue
        n = min(i2 - i1, j2 - j1)  # "replace": pair them up, the rest is added/removed
        for k in range(n):
            a, b = claimed[i1 + k], correct[j1 + k]
            entry: dict[str, Any] = {
                "change": "changed",
                "claimed_index": i1 + k,
                "correct_index": j1 + k,
                "claimed": a,
                "correct": b,
            }
            if isinstance(a, dict) and isinstance(b, dict):
                entry["fields"] = _map_fields(a, b)
            out.append(entry)
        for i in range(i1 + n, i2):
            added(i)
        for j in range(j1 + n, j2):
            removed(j)
    return out


def diff(claimed: Any, correct: Any) -> dict[str, Any] | None:
    """What differs between two lists (``{"list": [items]}``) or two maps
    (``{"map": [fields]}``); ``None`` for other values or when nothing differs.

    A list item: ``change`` (``added``/``removed``/``changed``), ``claimed_index`` and
    ``claimed`` (the log's item; not for removed), ``correct_index`` and ``correct`` (the
    rules' item; not for added), and for a changed map item ``fields``. A map field: ``field``,
    ``change``, ``claimed`` and ``correct`` (:data:`ABSENT` on the side without it), and
    ``diff`` when both values are lists or maps. A whole value on one side only (an event
    the log lacks, or one it holds that the rules do not make: the other side ``None``) is
    one removed or added item with index ``None``."""
    if claimed is None and isinstance(correct, list | dict):
        return {"list": [{"change": "removed", "correct_index": None, "correct": correct}]}
    if correct is None and isinstance(claimed, list | dict):
        return {"list": [{"change": "added", "claimed_index": None, "claimed": claimed}]}
    if isinstance(claimed, list) and isinstance(correct, list):
        items = _list_items(claimed, correct)
        return {"list": items} if items else None
    if isinstance(claimed, dict) and isinstance(correct, dict):
        fields = _map_fields(claimed, correct)
        return {"map": fields} if fields else None
    return None
