"""The same batch tasks as ``--jobs`` (:func:`xzcore.batch.task.run_task`: a byte range
of a file), run on a Dask cluster (``xz audit --dask ADDRESS``); docs/scale.md.

:func:`run_on_dask` has the shape of :func:`xzcore.batch.pool.run_tasks`: ``(task,
result)`` in input order, with at most ``window`` tasks submitted and not yet yielded, so
the client's memory is flat in the number of tasks (a ``dask.bag`` computed whole would hold
every report on the client at once). A worker lost mid-run is Dask's business: the scheduler
runs its tasks again on the others (up to ``distributed.scheduler.allowed-failures`` times);
a task that keeps killing workers comes back as :class:`WorkerDied` and is reported not
audited, as with ``--jobs``.

``ADDRESS`` is a running scheduler (``tcp://host:8786``) or ``local:N``, a
:class:`~dask.distributed.LocalCluster` of N worker processes (one thread each) started
for the run and closed after it. Dask is the extra ``xzcore[dask]``.
"""

from __future__ import annotations

import logging
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable
from typing import Any, TypeVar

from xzcore.batch.outcome import WorkerDied

T = TypeVar("T")
R = TypeVar("R")

DASK_MISSING = "--dask needs Dask: pip install 'xzcore[dask]'"
CONNECT_TIMEOUT = "5s"
"""How long a client waits for a scheduler that does not answer."""


QUIET_SCHEDULER = {
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}
"""Where a LocalCluster's scheduler runs in this process, beside the merging: its watch for
a blocked event loop (every 20 ms) and its system monitor (every 0.5 s) would cost this
process about 4% of a core while it waits; at these intervals about 1.5% (docs/scale.md)."""

PART_SCALE = 4
"""A Dask task audits this many times :data:`xzcore.batch.plan.PART_BYTES` of a file (16
MiB, ~1,400 games, 0.7 s of a worker): each task costs the client about 3 ms (submit,
gather, merge), a pool's about 0.2 ms."""


class DaskUnavailableError(RuntimeError):
    """Dask's distributed scheduler is not installed, or the cluster cannot be reached."""


def require_dask() -> None:
    """:class:`DaskUnavailableError` (one line with the install command) without the extra."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise DaskUnavailableError(DASK_MISSING) from None


def parse_address(address: str) -> tuple[str, int | None]:
    """``("local", N)`` for ``local:N``, else ``(address, None)``; ``ValueError`` for a
    ``local:`` without a whole number of workers from 1 to 64.

    >>> parse_address("local:2"), parse_address("tcp://10.0.0.5:8786")
    (('local', 2), ('tcp://10.0.0.5:8786', None))
    """
    if not address.startswith("local:"):
        return address, None
    n = address.removeprefix("local:")
    if not n.isdigit() or not 1 <= int(n) <= 64:
        raise ValueError(f"{address}: local:N takes N worker processes, 1 to 64")
    return "local", int(n)


def connect(address: str) -> tuple[Any, Any]:
    """A Dask client for ``address`` (and the cluster it started, or ``None``)."""
    require_dask()
    from dask.distributed import Client

    where, n = parse_address(address)
    logging.getLogger("distributed").setLevel(logging.ERROR)
    if n is not None:
        cluster = local_cluster(n)
        client = Client(cluster)
        try:
            client.wait_for_workers(n, timeout=LOCAL_START_TIMEOUT)
        except BaseException:
            client.close()
            cluster.close()
            raise
        return client, cluster
    try:
        return Client(where, timeout=CONNECT_TIMEOUT), None
    except (OSError, TimeoutError) as exc:
        raise DaskUnavailableError(
            f"--dask {address}: cannot reach the scheduler ({exc})"
        ) from None


LOCAL_START_TIMEOUT = 120
"""Seconds a ``local:N`` cluster's workers have to start."""


def local_cluster(n: int) -> Any:
    """``local:N``: a scheduler and ``n`` single-threaded workers, each in a process of its
    own (distributed's ``SubprocessCluster``), so that this process only submits and merges
    — a LocalCluster's scheduler would run here, beside the merging, at several per cent of
    a core. Where that is missing, a LocalCluster (its scheduler here, quieter)."""
    common: dict[str, Any] = {
        "n_workers": n,
        "threads_per_worker": 1,
        # The scheduler always serves HTTP (its health checks); on a port the system picks,
        # so a busy 8787 (another cluster, a notebook) changes nothing.
        "dashboard_address": "127.0.0.1:0",
        # Dask's own log lines (a heartbeat that meets a closing scheduler) are not ours to
        # show: what fails, a task, comes back as such.
        "silence_logs": logging.CRITICAL,
    }
    if not sys.platform.startswith("win"):
        try:
            from distributed.deploy.subprocess import SubprocessCluster
        except ImportError:
            pass
        else:
            return SubprocessCluster(**common)
    import dask
    from dask.distributed import LocalCluster

    with dask.config.set(QUIET_SCHEDULER):
        return LocalCluster(processes=True, **common)


def run_on_dask(
    tasks: Iterable[T],
    work: Callable[..., R],
    *,
    client: Any,
    args: tuple[Any, ...] = (),
    window: int | None = None,
) -> Generator[tuple[T, R | WorkerDied], None, None]:
    """``(task, work(task, *args))`` for each task, in input order, computed by the
    cluster's workers, with at most ``window`` tasks (default 8 per worker thread) submitted
    and not yet yielded. Closing the iterator cancels what is still submitted."""
    from distributed.scheduler import KilledWorker

    if window is None:
        threads = sum(client.nthreads().values()) or 1
        window = 8 * threads
    pending: deque[tuple[T, Any]] = deque()
    source = iter(tasks)
    more = True
    try:
        while True:
            while more and len(pending) < window:
                task = next(source, _END)
                if task is _END:
                    more = False
                    break
                pending.append((task, client.submit(work, task, *args, pure=False)))
            if not pending:
                return
            task, future = pending.popleft()
            try:
                result: R | WorkerDied = future.result()
            except KilledWorker as exc:
                result = WorkerDied(f"the Dask workers running it died ({exc})")
            future.release()
            yield task, result
    finally:
        for _, future in pending:
            future.cancel()


def run_one_on_dask(
    task: T, work: Callable[..., R], *, client: Any, args: tuple[Any, ...] = ()
) -> R | WorkerDied:
    """``work(task, *args)`` on the cluster, now: the one task a run must have next."""
    from distributed.scheduler import KilledWorker

    future = client.submit(work, task, *args, pure=False)
    try:
        result: R | WorkerDied = future.result()
    except KilledWorker as exc:
        result = WorkerDied(f"the Dask workers running it died ({exc})")
    future.release()
    return result


_END: Any = object()
