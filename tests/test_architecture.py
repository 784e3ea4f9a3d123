"""The package's layout keeps the one-way flow log → round → ledger → report: each
subpackage imports only those below it, and only the seam (xzcore.backend) imports a
compiled module or a twin (docs/internals.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from xzcore.backend import COMPILED

ROOT = Path(__file__).resolve().parents[1]
LAYERS = [
    "values",  # tiles, rules, errors, backend
    "kernel",
    "scoring",
    "money",
    "log",
    "round",
    "leshan",
    "mjai",
    "players",
    "audit",
    "view",
    "batch",  # batch verification (docs/scale.md): plans, runs and merges audits
    "cli",
    "env",  # the PettingZoo environment (docs/env.md): on top of round, leshan and players
]
RANK = {name: i for i, name in enumerate(LAYERS)}
_PYX_IMPORT = re.compile(
    r"^\s*(?:from\s+(xzcore[\w.]*)\s+c?import\s+([\w, ]+)|import\s+(xzcore[\w.]*))", re.M
)


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT)
    parts = list(rel.with_suffix("").parts)
    if parts[0] == "cli":
        parts = ["xzcore", *parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or module == "xzcore.__main__":
        return "front"  # the package's doors: its names, and ``python -m xzcore`` (the CLI)
    return parts[1] if parts[1] in RANK else "values"


def _is_module(name: str) -> bool:
    where = ROOT.joinpath(*name.split("."))
    return where.with_suffix(".py").exists() or where.with_suffix(".pyx").exists() or where.is_dir()


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                lines.update(range(sub.lineno, (sub.end_lineno or sub.lineno) + 1))
    return lines


def imports(path: Path) -> list[tuple[str, int]]:
    """``(imported module, line)`` of every xzcore import run at import or call time (not
    those only for type checkers); ``from xzcore.a import b`` counts b when it is a module."""
    text = path.read_text(encoding="utf-8")
    found: list[tuple[str, int]] = []

    def add(module: str, names: list[str], line: int) -> None:
        subs = [f"{module}.{n}" for n in names]
        subs = [s for s in subs if _is_module(s)]
        if module != "xzcore" or len(subs) < len(names):
            found.append((module, line))
        found.extend((s, line) for s in subs)

    if path.suffix == ".pyx":
        for m in _PYX_IMPORT.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if m.group(1):
                add(m.group(1), [n.split(" as ")[0].strip() for n in m.group(2).split(",")], line)
            else:
                add(m.group(3), [], line)
        return found
    tree = ast.parse(text)
    skip = _type_checking_lines(tree)
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("xzcore"):
            add(node.module, [a.name for a in node.names], node.lineno)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("xzcore"):
                    found.append((a.name, node.lineno))
    return found


SOURCES = sorted(
    [
        *ROOT.joinpath("xzcore").rglob("*.py"),
        *ROOT.joinpath("xzcore").rglob("*.pyx"),
        *ROOT.joinpath("cli").rglob("*.py"),
    ]
)
COMPILED_OR_TWIN = {*COMPILED.values(), *(m + "_twin" for m in COMPILED.values())}


def _own_parts(importer: str, imported: str) -> bool:
    """A compiled module's or twin's own parts import each other (``_core_twin`` and
    ``_core_twin_value``), and compiled modules cimport each other's declarations."""
    stem = next((m for m in COMPILED.values() if imported.startswith(m)), None)
    return stem is not None and (
        importer.startswith(stem) or (importer in COMPILED.values() and imported == stem)
    )


def test_the_layers_cover_every_subpackage() -> None:
    subpackages = {p.name for p in ROOT.joinpath("xzcore").iterdir() if p.is_dir()}
    subpackages.discard("__pycache__")
    assert subpackages | {"cli", "values"} == set(LAYERS)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_down(path: Path) -> None:
    me = module_name(path)
    mine = layer(me)
    if mine == "front":
        return  # the front door re-exports the everyday API
    for imported, line in imports(path):
        theirs = layer(imported)
        assert theirs != "front", f"{me}:{line} imports the package's front door"
        assert RANK[theirs] <= RANK[mine], (
            f"{me}:{line} imports {imported} ({theirs} is above {mine})"
        )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_seam_imports_compiled_modules_and_twins(path: Path) -> None:
    me = module_name(path)
    if me == "xzcore.backend":
        return
    for imported, line in imports(path):
        if imported in COMPILED_OR_TWIN or any(
            imported.startswith(m + "_") for m in COMPILED.values()
        ):
            assert _own_parts(me, imported), f"{me}:{line} imports {imported}"


def test_the_checks_tell_layers_and_compiled_parts_apart() -> None:
    assert layer("xzcore.round.engine") == "round" and layer("xzcore.tiles") == "values"
    assert layer("xzcore.__main__") == "front" and layer("xzcore.cli.__main__") == "cli"
    assert RANK[layer("xzcore.audit.compare")] > RANK[layer("xzcore.round.engine")]
    assert not _own_parts("xzcore.round.base", "xzcore.round._engine")
    assert _own_parts("xzcore.kernel._core_twin_value", "xzcore.kernel._core_twin")
    assert _own_parts("xzcore.round._engine", "xzcore.kernel._core")
