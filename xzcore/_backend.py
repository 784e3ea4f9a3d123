"""One rule for choosing between a compiled module and its pure-Python twin, shared by the
kernel (:mod:`xzcore.core`), the log scanner (:mod:`xzcore.logscan`) and the replay step
(:mod:`xzcore.fastforward`): ``XZ_PUREPYTHON=1`` forces the twin; ``XZ_REQUIRE_COMPILED=1``
turns a missing extension into an ImportError (CI sets it, so a run can never pass on a twin
by accident); otherwise the compiled module when it is built, else the twin."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["load"]


def load(compiled: str, twin: str) -> tuple[ModuleType, str]:
    """``(module, backend)``: the module ``compiled`` and ``"cython"``, or the module
    ``twin`` and ``"python"``, by the rule above."""
    if os.environ.get("XZ_PUREPYTHON"):
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise ImportError("XZ_PUREPYTHON and XZ_REQUIRE_COMPILED are both set")
        return importlib.import_module(twin), "python"
    try:
        return importlib.import_module(compiled), "cython"
    except ImportError as exc:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise ImportError(
                f"XZ_REQUIRE_COMPILED=1 but the compiled {compiled} is missing: "
                "reinstall with `pip install -e .` (or `pip install .`) to build it"
            ) from exc
        return importlib.import_module(twin), "python"
