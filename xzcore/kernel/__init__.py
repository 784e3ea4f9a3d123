"""The kernel: tile counts, win detection, waits, the 查叫 value (R10.2), shanten.

This module re-exports the kernel the seam picked (:func:`xzcore.backend.load`): the compiled
``xzcore.kernel._core`` or its pure-Python twin ``xzcore.kernel._core_twin``, with the same
names, signatures and errors. The pattern table both read (R8.3, R8.4) is
:mod:`xzcore.kernel.patterns`.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from xzcore.backend import BACKEND, load

# shared by both backends: the meld summary (held, meld_info) the value kernel takes
from xzcore.kernel._input import meld_summary

_impl = load("kernel")

IMPL: ModuleType = _impl
"""The module that provides the kernel functions (``_core`` or ``_core_twin``)."""

# The kernel names, re-exported explicitly so that readers and mypy see them; the types are
# those of the twin, which the compiled kernel matches name for name.
if TYPE_CHECKING:
    from xzcore.kernel._core_twin import (
        Hand,
        KernelInputError,
        check_wall,
        dealt_hands,
        is_win,
        is_win_batch,
        ready_fan,
        ready_fan_batch,
        shanten,
        shanten_batch,
        shanten_discards,
        tile_counts,
        waits,
        waits_batch,
        win_fan,
    )
else:
    Hand = _impl.Hand
    KernelInputError = _impl.KernelInputError
    check_wall = _impl.check_wall
    dealt_hands = _impl.dealt_hands
    is_win = _impl.is_win
    is_win_batch = _impl.is_win_batch
    ready_fan = _impl.ready_fan
    ready_fan_batch = _impl.ready_fan_batch
    shanten = _impl.shanten
    shanten_batch = _impl.shanten_batch
    shanten_discards = _impl.shanten_discards
    tile_counts = _impl.tile_counts
    waits = _impl.waits
    waits_batch = _impl.waits_batch
    win_fan = _impl.win_fan

__all__ = [
    "BACKEND",
    "IMPL",
    "Hand",
    "KernelInputError",
    "check_wall",
    "dealt_hands",
    "is_win",
    "is_win_batch",
    "meld_summary",
    "ready_fan",
    "ready_fan_batch",
    "shanten",
    "shanten_batch",
    "shanten_discards",
    "tile_counts",
    "waits",
    "waits_batch",
    "win_fan",
]


def __getattr__(name: str) -> object:
    # Any other name of the picked module (its private helpers, for the tests) forwards to it.
    try:
        return getattr(_impl, name)
    except AttributeError:
        raise AttributeError(f"module 'xzcore.kernel' has no attribute {name!r}") from None
