"""What a task gives back when it could not be run: :class:`WorkerDied`."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["WorkerDied"]


@dataclass(frozen=True)
class WorkerDied:
    """A task whose worker process died twice: ``reason`` says how (``"killed by signal 9,
    SIGKILL"``)."""

    reason: str
