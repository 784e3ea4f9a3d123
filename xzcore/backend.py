"""Compiled modules or their pure-Python twins, chosen here, once, for all of them.

Each compiled module has a twin beside it with the same names and the same answers
(``kernel/_core.pyx`` and ``kernel/_core_twin.py`` …). Every compiled module or every twin
serves, so :data:`BACKEND` says what serves the whole package (the switches
``XZ_PUREPYTHON`` and ``XZ_REQUIRE_COMPILED``: docs/internals.md). The rest of the package
asks :func:`load` for a module by its role.

>>> BACKEND in ("cython", "python")
True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from pathlib import Path
from types import ModuleType

__all__ = ["BACKEND", "COMPILED", "load"]

COMPILED = {
    "kernel": "xzcore.kernel._core",
    "scan": "xzcore.log._scan",
    "scorer": "xzcore.scoring._scorer",
    "engine": "xzcore.round._engine",
    "replay": "xzcore.audit._replay",
    "planes": "xzcore.env._planes",
    "options": "xzcore.env._options",
    "seat": "xzcore.env._seat",
}
"""Role → compiled module; its twin is the same name with ``_twin`` appended."""


def _built(module: str) -> bool:
    """Whether the compiled ``module``'s file is there (looked for, not imported: importing
    it would import the package it serves, which asks this module)."""
    path = Path(__file__).parent.joinpath(*module.split(".")[1:])
    return any(
        path.with_name(path.name + suffix).is_file()
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def _choose() -> str:
    if os.environ.get("XZ_PUREPYTHON"):
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise ImportError("XZ_PUREPYTHON and XZ_REQUIRE_COMPILED are both set")
        return "python"
    missing = [m for m in COMPILED.values() if not _built(m)]
    if not missing:
        return "cython"
    if os.environ.get("XZ_REQUIRE_COMPILED"):
        raise ImportError(
            f"XZ_REQUIRE_COMPILED=1 but {', '.join(missing)} not built: "
            "reinstall with `pip install -e .` (or `pip install .`) to build them"
        )
    return "python"


BACKEND: str = _choose()
"""``"cython"`` (every compiled module) or ``"python"`` (every twin)."""


def load(role: str) -> ModuleType:
    """The module serving ``role`` (a key of :data:`COMPILED`) under :data:`BACKEND`."""
    name = COMPILED[role]
    return importlib.import_module(name if BACKEND == "cython" else name + "_twin")
