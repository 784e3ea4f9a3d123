"""docs/rules.md cannot drift from the code: every test it cites exists, every function it
names imports, and every RULES.md id (and log-format L-id) has its row.

The tables cite tests as ``T:file.py::test_name`` (``tests/test_file.py``) or
``T:folder/file.py::test_name`` (``tests/folder/test_file.py``), a bare
``::test_name`` meaning "the same file as the citation before it", or a whole file
``T:file.py``. Code is cited as ``module:Name.attr`` inside ``xzcore`` (``cli/hand.py:Name``
for the commands), a bare ``:name`` meaning "the module before it" and a bare ``.attr`` "the
class before it". Test names are read from the test files' syntax trees (module-level
``test_*`` functions and ``Test*`` class methods), which is what pytest collects under this
project's settings, without importing or running them.
"""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
SPEC_IDS = (
    # Every rule id of RULES.md R1–R13 (R12 is one table, cited as a whole).
    [f"R1.{i}" for i in range(1, 4)]
    + [f"R2.{i}" for i in range(1, 5)]
    + [f"R3.{i}" for i in range(1, 3)]
    + [f"R4.{i}" for i in range(1, 5)]
    + [f"R5.{i}" for i in range(1, 8)]
    + [f"R6.{i}" for i in range(1, 6)]
    + [f"R7.{i}" for i in range(1, 6)]
    + [f"R8.{i}" for i in range(1, 8)]
    + [f"R9.{i}" for i in range(1, 7)]
    + [f"R10.{i}" for i in range(1, 5)]
    + [f"R11.{i}" for i in range(1, 4)]
    + ["R12"]
    + [f"R13.{i}" for i in range(1, 8)]
    # The log format's ids (docs/log-format.md).
    + [f"L{i}" for i in range(1, 8)]
)

_TICK = re.compile(r"`([^`]+)`")
_TEST = re.compile(r"^(?:T:([\w/]+\.py))?(?:::(\w+))?$")
_CODE = re.compile(r"^(?:([\w./]+)):([\w.]+)")
_CONT_MOD = re.compile(r"^:(\w[\w.]*)")
_CONT_CLS = re.compile(r"^\.(\w+)")


def _rows() -> list[tuple[str, str, str]]:
    """``(id, enforced-by cell, shown-by cell)`` of every four-column rule row."""
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"[RL]\d+(\.\d+)?", cells[0]):
            out.append((cells[0], cells[2], cells[3]))
    return out


@cache
def _test_names(file: str) -> frozenset[str]:
    """Test ids pytest collects from ``tests/<file>``: ``name`` and ``Class::name``."""
    tree = ast.parse((ROOT / "tests" / file).read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef) and sub.name.startswith("test"):
                    names.add(f"{node.name}::{sub.name}")
    return frozenset(names)


def cited_tests(cell: str) -> list[tuple[str, str | None]]:
    """The ``(file, test or None)`` citations of one cell, continuations resolved."""
    out: list[tuple[str, str | None]] = []
    file = None
    for tok in _TICK.findall(cell):
        m = _TEST.match(tok)
        if not m or not (m.group(1) or m.group(2)):
            continue
        if m.group(1):
            folder, _, name = m.group(1).rpartition("/")
            file = f"{folder}/test_{name}" if folder else f"test_{name}"
        if file is None:
            raise AssertionError(f"{tok!r} continues no earlier T:file.py")
        out.append((file, m.group(2)))
    return out


def _module(name: str) -> ModuleType:
    if name.startswith("cli/"):
        return importlib.import_module("xzcore.cli." + Path(name).stem)
    return importlib.import_module("xzcore." + name)


def cited_code(cell: str) -> list[tuple[str, str]]:
    """The ``(module, dotted attribute)`` citations of one cell, continuations resolved.
    Backticked words that are neither (``is_win``, option names) are not citations."""
    out: list[tuple[str, str]] = []
    mod: str | None = None
    cls: str | None = None
    for tok in _TICK.findall(cell):
        tok = re.sub(r"\[.*?\]", "", tok)  # PRESETS["leshan"] → PRESETS
        if tok.startswith("T:") or tok.startswith("::"):
            continue
        if m := _CODE.match(tok):
            mod, attr = m.group(1), m.group(2)
        elif (m := _CONT_MOD.match(tok)) and mod:
            attr = m.group(1)
        elif (m := _CONT_CLS.match(tok)) and mod and cls:
            attr = f"{cls}.{m.group(1)}"
        else:
            continue
        cls = attr.split(".")[0] if attr[:1].isupper() else None
        out.append((mod, attr))
    return out


ROWS = _rows()


def test_every_rule_id_has_one_row() -> None:
    ids = [r[0] for r in ROWS]
    assert sorted(set(ids)) == sorted(ids), "a rule id has two rows"
    assert set(SPEC_IDS) - set(ids) == set(), "rule ids without a row"
    assert set(ids) - set(SPEC_IDS) == set(), "rows for ids RULES.md does not have"


def test_no_row_is_left_to_an_owner() -> None:
    left = [rid for rid, code, shown in ROWS if "owner" in code or "owner" in shown]
    assert left == []


@pytest.mark.parametrize(("rid", "code", "shown"), ROWS, ids=[r[0] for r in ROWS])
def test_row_citations_exist(rid: str, code: str, shown: str) -> None:
    tests = cited_tests(shown)
    assert tests, f"{rid}: no test cited"
    for file, name in tests:
        assert (ROOT / "tests" / file).is_file(), f"{rid}: tests/{file} does not exist"
        if name is not None:
            assert name in _test_names(file), f"{rid}: tests/{file}::{name} does not exist"
    found = cited_code(code)
    assert found, f"{rid}: no module:function cited"
    for mod, attr in found:
        assert _resolves(mod, attr), f"{rid}: {mod}:{attr} does not exist"


def _resolves(mod: str, attr: str) -> bool:
    obj: object = _module(mod)
    for part in attr.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def test_the_parsers_resolve_continuations() -> None:
    cell = "`T:tiles.py::test_a`, `::test_b`, `T:round/wall.py`"
    assert cited_tests(cell) == [
        ("test_tiles.py", "test_a"),
        ("test_tiles.py", "test_b"),
        ("round/test_wall.py", None),
    ]
    code = "`round.engine:Round._draw`, `._next_turn`, `scoring.score:_extras`, `:wait_values`, `x`"
    assert cited_code(code) == [
        ("round.engine", "Round._draw"),
        ("round.engine", "Round._next_turn"),
        ("scoring.score", "_extras"),
        ("scoring.score", "wait_values"),
    ]
    assert cited_code('`rules:PRESETS["leshan"]`, `cli/hand.py:_RulesCache`') == [
        ("rules", "PRESETS"),
        ("cli/hand.py", "_RulesCache"),
    ]


def test_a_missing_test_or_function_is_caught() -> None:
    assert "test_no_such_test" not in _test_names("test_tiles.py")
    assert "test_parse_errors_name_the_position" in _test_names("test_tiles.py")
    assert _resolves("round.claims", "ClaimsMixin._open_claims")
    assert not _resolves("round.claims", "ClaimsMixin._no_such_method")
    assert not _resolves("money.settlement", "no_such_function")
    with pytest.raises(ModuleNotFoundError):
        _resolves("no_such_module", "x")
    with pytest.raises(AssertionError, match="continues no earlier"):
        cited_tests("`::test_orphan`")
