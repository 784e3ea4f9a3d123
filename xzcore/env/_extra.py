"""The ``[rl]`` extra (pettingzoo, gymnasium, numpy), imported once for :mod:`xzcore.env`.

Without it the package still imports (every module of xzcore does, with the base install)
and building an environment says what to install."""

from __future__ import annotations

from typing import Any

__all__ = ["AECEnv", "np", "require_rl", "spaces", "wrappers"]

_missing: ImportError | None = None
try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # without the [rl] extra
    _missing = exc
    np: Any = None  # type: ignore[no-redef]
    spaces: Any = None  # type: ignore[no-redef]
    wrappers: Any = None  # type: ignore[no-redef]
    AECEnv: Any = object  # type: ignore[no-redef]


def require_rl() -> None:
    """Raise an ImportError naming the ``[rl]`` extra when it is not installed."""
    if _missing is not None:
        raise ImportError(
            f"xzcore.env needs the [rl] extra: pip install 'xzcore[rl]' "
            f"(pettingzoo, gymnasium, numpy; {_missing})"
        )
