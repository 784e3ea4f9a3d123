"""Tasks on worker processes of this machine (``xz audit --jobs N``), results back in input
order, and a worker that dies (``kill -9``, the OOM killer) never hangs the run.

:func:`run_tasks` keeps at most ``window`` tasks in flight (memory flat in the number of
tasks) on a :class:`concurrent.futures.ProcessPoolExecutor`. When a worker dies the pool is
broken (``BrokenProcessPool``): every task that had not finished is run again, one at a
time, in a fresh pool, so a task that kills its worker again is known for sure; it is then
yielded as :class:`WorkerDied` (the caller reports it as not audited) and the run goes on
with the rest in another fresh pool.
"""

from __future__ import annotations

import signal
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from xzcore.batch.outcome import WorkerDied
from xzcore.batch.task import verifier_for
from xzcore.kernel import is_win

T = TypeVar("T")
R = TypeVar("R")


WINDOW_PER_WORKER = 8
"""Tasks in flight or waiting to be yielded, per worker: results come in input order, so a
task slower than the rest (a file's first range also hashes the whole file) must not leave
the others idle behind it; each waiting result is a range's text (~250 KB)."""


@dataclass
class _Entry(Generic[T]):
    task: T
    future: Future[Any] | None = None
    """``None``: lost once with a pool, to be run again alone in a fresh one."""
    died: WorkerDied | None = None


def run_tasks(
    tasks: Iterable[T],
    work: Callable[..., R],
    *,
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    args: tuple[Any, ...] = (),
    window: int | None = None,
    on_lost: Callable[[int, str], None] | None = None,
) -> Generator[tuple[T, R | WorkerDied], None, None]:
    """``(task, work(task, *args))`` for each task, in input order, computed by ``jobs``
    worker processes (fork where there is fork; each started by ``initializer(*initargs)``),
    with at most ``window`` tasks (default ``8 * jobs``) in flight or waiting to be yielded.

    A task lost with a dead worker is run once more; lost again, it is yielded with
    :class:`WorkerDied` in place of its result. ``on_lost(n, reason)`` is told each time a
    pool breaks with ``n`` unfinished tasks. Closing the iterator (or an exception, Ctrl-C
    included) stops the workers."""
    context = _context()
    window = window or WINDOW_PER_WORKER * jobs
    if context.get_start_method() == "fork":
        share_kernel_tables()

    def fresh() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            jobs, mp_context=context, initializer=initializer, initargs=initargs
        )

    pool = fresh()
    pending: deque[_Entry[T]] = deque()
    source = iter(tasks)
    more = True

    def broken() -> None:
        """The pool broke: every task in flight that had not finished is lost once."""
        nonlocal pool
        reason = _death(pool)
        lost = [e for e in pending if e.died is None and not _succeeded(e.future)]
        for e in lost:
            e.future = None
        pool = fresh()
        if on_lost is not None:
            on_lost(len(lost), reason)

    try:
        while True:
            rerun = next((e for e in pending if e.future is None and e.died is None), None)
            if rerun is not None:
                # Alone in the pool: if its worker dies again, this task is the cause.
                try:
                    rerun.future = _submit(pool, work, rerun.task, *args)
                    rerun.future.result()
                except BrokenProcessPool:
                    rerun.died = WorkerDied(_death(pool))
                    pool = fresh()
                continue
            while more and len(pending) < window:
                task = next(source, _END)
                if task is _END:
                    more = False
                    break
                entry: _Entry[T] = _Entry(task)
                pending.append(entry)
                try:
                    entry.future = _submit(pool, work, task, *args)
                except BrokenProcessPool:
                    broken()
                    break
            if not pending:
                return
            head = pending[0]
            if head.died is not None:
                pending.popleft()
                yield head.task, head.died
                continue
            if head.future is None:
                continue  # lost: run again above
            try:
                result = head.future.result()
            except BrokenProcessPool:
                broken()
                continue
            pending.popleft()
            yield head.task, result
    except BaseException:
        _stop(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_END: Any = object()


def run_alone(
    task: T,
    work: Callable[..., R],
    *,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    args: tuple[Any, ...] = (),
) -> R | WorkerDied:
    """``work(task, *args)`` on a worker process of its own, tried twice if it dies: the
    one task a run must have now, in the order of its results (a range audited again)."""
    ((_, result),) = run_tasks(
        [task], work, jobs=1, initializer=initializer, initargs=initargs, args=args, window=1
    )
    return result


def share_kernel_tables() -> None:
    """Build the kernel's suit tables here, before the workers are forked: they then share
    its pages (never written after the build) — one copy in the processor's caches for all
    of them, instead of one a worker. Costs this process ~10 ms, once."""
    is_win(bytes([2] + [0] * 26))


def init_worker(key_pem: bytes | None) -> None:
    """Worker start-up: Ctrl-C is the parent's business; the public key from the bytes the
    parent read and checked (a worker never opens the key file: it may have changed or gone
    since, or be a pipe already read, and a failing initializer would stall the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()
    verifier_for(key_pem)


def _end_with_parent() -> None:
    """On Linux, ask to be ended when the parent dies (killed with SIGKILL itself, it can
    stop no worker): no orphan goes on waiting for tasks that will never come."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _context() -> Any:
    import multiprocessing

    return multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")


def _submit(pool: ProcessPoolExecutor, work: Callable[..., Any], *args: Any) -> Future[Any]:
    """``pool.submit``, with Ctrl-C held back while it runs: the first submit forks the
    workers, and a KeyboardInterrupt raised inside fork's handlers would be swallowed there
    (the run would go on). Held back, it is raised as soon as the submit returns."""
    if not hasattr(signal, "pthread_sigmask"):
        return pool.submit(work, *args)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(work, *args)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _succeeded(future: Future[Any] | None) -> bool:
    if future is None or not future.done() or future.cancelled():
        return False
    return future.exception() is None


def _workers(pool: ProcessPoolExecutor) -> list[Any]:
    # The executor's own process table (there is no public one): read only, to stop the
    # workers and to say how one died.
    return list((getattr(pool, "_processes", None) or {}).values())


def _death(pool: ProcessPoolExecutor) -> str:
    """How the pool's worker died, once the broken pool has reaped them all: the executor
    itself ends the survivors with SIGTERM, so another signal or status is the dead one's."""
    workers = _workers(pool)
    pool.shutdown(wait=True, cancel_futures=True)
    codes = [p.exitcode for p in workers if p.exitcode not in (None, 0)]
    codes.sort(key=lambda c: c == -signal.SIGTERM)
    if not codes:
        return "ended abruptly"
    code = codes[0]
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            return f"killed by signal {-code}"
        return f"killed by signal {-code}, {name}"
    return f"exited with status {code}"


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now (they ignore Ctrl-C; a task may take long)."""
    for p in _workers(pool):
        if p.is_alive():
            p.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
