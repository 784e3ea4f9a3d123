"""The kernel: tile counts, win detection, waits, best value, shanten.

This module re-exports the compiled kernel ``xzcore._core`` when it is built, and the
pure-Python twin ``xzcore._reference`` otherwise; both have the same names, signatures and
errors. ``XZ_PUREPYTHON=1`` forces the twin; ``XZ_REQUIRE_COMPILED=1`` turns a missing
extension into an ImportError (CI sets it, so a run can never pass on the twin by accident).
"""

from __future__ import annotations

import os
from types import ModuleType

_impl: ModuleType

if os.environ.get("XZ_PUREPYTHON"):
    if os.environ.get("XZ_REQUIRE_COMPILED"):
        raise ImportError("XZ_PUREPYTHON and XZ_REQUIRE_COMPILED are both set")
    from xzcore import _reference as _impl

    BACKEND = "python"
else:
    try:
        from xzcore import _core as _impl  # type: ignore[no-redef]

        BACKEND = "cython"
    except ImportError as exc:
        if os.environ.get("XZ_REQUIRE_COMPILED"):
            raise ImportError(
                "XZ_REQUIRE_COMPILED=1 but the compiled kernel xzcore._core is missing: "
                "reinstall with `pip install -e .` (or `pip install .`) to build it"
            ) from exc
        from xzcore import _reference as _impl

        BACKEND = "python"

IMPL: ModuleType = _impl
"""The module that provides the kernel functions (``xzcore._core`` or ``xzcore._reference``)."""


def __getattr__(name: str) -> object:
    # Forward every kernel name (is_win, waits, Hand, ...) to the chosen implementation.
    try:
        return getattr(_impl, name)
    except AttributeError:
        raise AttributeError(f"module 'xzcore.core' has no attribute {name!r}") from None
