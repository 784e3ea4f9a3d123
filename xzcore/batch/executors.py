"""Where a batch audit's tasks run: :class:`InProcess`, :class:`ProcessPool` (the worker
processes of this machine, ``xz audit --jobs N``) or :class:`DaskCluster` (``xz audit
--dask ADDRESS``). Each gives results in task order with a bounded window of tasks in
flight, reports a task whose workers died as :class:`~xzcore.batch.pool.WorkerDied`, and runs
one task now when the run must have it next (:meth:`Executor.run_one`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from xzcore.batch.outcome import WorkerDied

__all__ = ["DaskCluster", "Executor", "InProcess", "ProcessPool", "WorkerDied"]

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs tasks: :meth:`map` in order, :meth:`run_one` now; :meth:`close` ends it.
    ``part_scale``: how many times the planner's range size its tasks should be (larger
    where each task costs the coordinator more)."""

    part_scale: int

    def map(
        self, tasks: Iterable[T], work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> Iterator[tuple[T, R | WorkerDied]]: ...

    def run_one(
        self, task: T, work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> R | WorkerDied: ...

    def close(self) -> None: ...


class InProcess:
    """Every task in this process, one after another (``--jobs 1``)."""

    part_scale = 1

    def map(
        self, tasks: Iterable[T], work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> Iterator[tuple[T, R | WorkerDied]]:
        for task in tasks:
            yield task, work(task, *args)

    def run_one(
        self, task: T, work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> R | WorkerDied:
        return work(task, *args)

    def close(self) -> None:
        pass


class ProcessPool:
    """``jobs`` worker processes of this machine (:func:`xzcore.batch.pool.run_tasks`): at
    most ``window`` tasks in flight (default 8 per worker); a task lost with a dead worker
    is run again alone, and lost again it comes back as :class:`WorkerDied`. ``key_pem``:
    the public key each worker builds its verifier from once, at its start.
    ``on_lost(n, reason)`` is told each time a worker dies with ``n`` unfinished tasks."""

    part_scale = 1

    def __init__(
        self,
        jobs: int,
        *,
        key_pem: bytes | None = None,
        window: int | None = None,
        on_lost: Callable[[int, str], None] | None = None,
    ) -> None:
        self.jobs = jobs
        self.key_pem = key_pem
        self.window = window
        self.on_lost = on_lost
        self._running: Any = None

    def map(
        self, tasks: Iterable[T], work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> Iterator[tuple[T, R | WorkerDied]]:
        from xzcore.batch.pool import init_worker, run_tasks  # only where a pool runs

        self._running = run_tasks(
            tasks,
            work,
            jobs=self.jobs,
            initializer=init_worker,
            initargs=(self.key_pem,),
            args=args,
            window=self.window,
            on_lost=self.on_lost,
        )
        return self._running

    def run_one(
        self, task: T, work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> R | WorkerDied:
        from xzcore.batch.pool import init_worker, run_alone

        return run_alone(task, work, initializer=init_worker, initargs=(self.key_pem,), args=args)

    def close(self) -> None:
        """Stop the workers (they are stopped on an error or Ctrl-C too)."""
        if self._running is not None:
            self._running.close()
            self._running = None


class DaskCluster:
    """A Dask cluster (:mod:`xzcore.batch.dask`): ``address`` is a running scheduler
    (``tcp://host:8786``) or ``local:N``, a LocalCluster of N worker processes started here
    and closed by :meth:`close`; or give a ``client`` of your own (left open). Raises
    :class:`~xzcore.batch.dask.DaskUnavailableError` (one line) without Dask or when the
    scheduler does not answer within 5 s."""

    def __init__(
        self, address: str | None = None, *, client: Any = None, window: int | None = None
    ) -> None:
        from xzcore.batch.dask import PART_SCALE, connect

        self.part_scale = PART_SCALE
        self._cluster: Any = None
        self._own = client is None
        if client is None:
            if address is None:
                raise ValueError("DaskCluster needs an address or a client")
            client, self._cluster = connect(address)
        self.client = client
        self.window = window
        self._running: Any = None

    @property
    def threads(self) -> int:
        """The worker threads of the cluster now."""
        return sum(self.client.nthreads().values()) or 1

    def map(
        self, tasks: Iterable[T], work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> Iterator[tuple[T, R | WorkerDied]]:
        from xzcore.batch.dask import run_on_dask

        self._running = run_on_dask(tasks, work, client=self.client, args=args, window=self.window)
        return self._running

    def run_one(
        self, task: T, work: Callable[..., R], args: tuple[Any, ...] = ()
    ) -> R | WorkerDied:
        from xzcore.batch.dask import run_one_on_dask

        return run_one_on_dask(task, work, client=self.client, args=args)

    def close(self) -> None:
        """Cancel what is still submitted; close the client and the cluster started here."""
        if self._running is not None:
            self._running.close()
            self._running = None
        if self._own:
            self.client.close()
            if self._cluster is not None:
                self._cluster.close()
