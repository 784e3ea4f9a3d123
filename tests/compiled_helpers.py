"""The compiled form of a module for the tests that hold it to its twin or time it: imported,
or the test skipped when it is not built — an error instead under XZ_REQUIRE_COMPILED=1 (CI),
so a missing build never passes for a skip."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def compiled_or_skip(name: str) -> ModuleType:
    """The compiled module ``name`` (``"xzcore.kernel._core"`` …), or skip the test."""
    try:
        return importlib.import_module(name)
    except ImportError:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise
        pytest.skip(f"the compiled module {name} is not built")
