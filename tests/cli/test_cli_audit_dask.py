"""``xz audit --dask``: the same audit on a real Dask cluster (docs/scale.md). A
LocalCluster of two worker processes gives the report of ``--jobs 2``, byte for byte, big
files cut into parts included; a worker killed while it holds a task is survived; the
option's errors are one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import xzcore.batch.plan as plan
from xzcore.cli.main import cli

pytest.importorskip("dask.distributed")

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY = str(REPLAYS / "demo-key.pub")


def xz(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("fmt", ["table", "jsonl"])
def test_local_cluster_gives_the_report_of_jobs_2(fmt: str) -> None:
    args = ["audit", "--format", fmt, "--verify-key", KEY, str(REPLAYS)]
    on_dask = xz(*args, "--dask", "local:2")
    on_pool = xz(*args, "--jobs", "2")
    assert on_dask.exit_code == on_pool.exit_code == 3
    assert on_dask.stdout == on_pool.stdout
    assert on_dask.stdout.strip()


def test_big_files_are_cut_into_parts_on_the_cluster_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "games.xzlog"
    assert xz("record", "-n", "30", "--seed", "5", "-o", str(log)).exit_code == 0
    whole = xz("audit", "--format", "jsonl", str(log))
    # Ranges of 16 KiB: the client plans them from the size alone, the workers find games
    monkeypatch.setattr(plan, "PART_BYTES", 16 << 10)
    tasks = list(plan.plan_file(str(log), 16 << 10))
    assert len(tasks) == -(-log.stat().st_size // (16 << 10)) > 10
    on_dask = xz("audit", "--format", "jsonl", "--dask", "local:2", str(log))
    assert on_dask.exit_code == whole.exit_code == 0
    assert on_dask.stdout == whole.stdout


@pytest.fixture
def cluster() -> Iterator[Any]:
    """A LocalCluster of two worker processes that the test can reach into."""
    import logging

    from dask.distributed import Client, LocalCluster

    c = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    )
    client = Client(c)
    try:
        yield c, client
    finally:
        client.close()
        c.close()


def _until(what: Any, timeout: float = 60.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("timed out")


def test_a_worker_killed_while_it_holds_a_task_is_survived(
    tmp_path: Path, cluster: tuple[Any, Any]
) -> None:
    c, client = cluster
    data = (REPLAYS / "preset-xuezhan.xzlog").read_bytes()
    fifo = tmp_path / "held.xzlog"
    os.mkfifo(fifo)  # a worker auditing it waits in open() until the test writes the log
    run = subprocess.Popen(
        [sys.executable, "-m", "xzcore.cli", "audit", "--dask", c.scheduler_address, str(fifo)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        busy = _until(lambda: [w for w, ks in client.processing().items() if ks])
        killed = client.run(os.getpid)[busy[0]]
        os.kill(killed, signal.SIGKILL)  # what the OOM killer does

        def held_again() -> bool:
            # the scheduler gives the task to a worker again (the other, or a new one)
            try:
                alive = client.run(os.getpid).values()
            except Exception:  # a worker mid-restart
                return False
            return killed not in alive and any(client.processing().values())

        _until(held_again)
        with open(fifo, "wb") as fh:
            fh.write(data)
        out, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0, err
    assert "Traceback" not in err
    want = xz("audit", str(REPLAYS / "preset-xuezhan.xzlog")).stdout.splitlines()[-1]
    assert out.splitlines()[-1] == want  # every game verified, as from the file itself


def test_dask_takes_no_jobs_and_no_standard_input() -> None:
    res = xz("audit", "--dask", "local:2", "--jobs", "2", str(REPLAYS))
    assert res.exit_code == 2 and "--jobs" in res.output
    res = xz("audit", "--dask", "local:2", "-")
    assert res.exit_code == 2 and "standard input" in res.output


@pytest.mark.parametrize("address", ["local:0", "local:two", "local:65"])
def test_local_takes_a_number_of_workers(address: str) -> None:
    res = xz("audit", "--dask", address, str(REPLAYS / "void-peng.xzlog"))
    assert res.exit_code == 2 and "1 to 64" in res.output


def test_an_unreachable_scheduler_is_one_line_and_exit_3() -> None:
    res = xz("audit", "--dask", "tcp://127.0.0.1:9", str(REPLAYS / "void-peng.xzlog"))
    assert res.exit_code == 3
    assert res.stderr.startswith("xz audit: --dask tcp://127.0.0.1:9: cannot reach the scheduler")
    assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr


def test_without_dask_the_option_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    res = xz("audit", "--dask", "local:2", str(REPLAYS / "void-peng.xzlog"))
    assert res.exit_code == 2 and "xzcore[dask]" in res.output


@pytest.fixture
def port_8787_busy() -> Iterator[None]:
    """Another program on Dask's default dashboard port (a notebook, another cluster)."""
    import errno
    import socket

    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", 8787))
        holder.listen()
    except OSError as exc:  # already held by someone else: busy all the same
        assert exc.errno == errno.EADDRINUSE
    try:
        yield
    finally:
        holder.close()


def _descendants(pid: int) -> set[int]:
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        for task in os.listdir(f"/proc/{p}/task") if os.path.isdir(f"/proc/{p}/task") else ():
            try:
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    kids = [int(x) for x in fh.read().split()]
            except OSError:
                continue
            out.update(kids)
            todo.extend(kids)
    return out


def test_a_busy_port_8787_changes_nothing(port_8787_busy: None) -> None:
    """The LocalCluster serves its HTTP on a port the system picks: no warning, the same
    report."""
    cmd = [sys.executable, "-m", "xzcore.cli", "audit", "--format", "jsonl", str(REPLAYS)]
    on_dask = subprocess.run([*cmd, "--dask", "local:2"], capture_output=True, text=True)
    here = subprocess.run(cmd, capture_output=True, text=True)
    assert on_dask.returncode == here.returncode == 3
    assert on_dask.stdout == here.stdout
    assert on_dask.stderr == here.stderr  # the summary line alone: no warning


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_closed_stdout_stops_the_cluster_with_no_warning(tmp_path: Path) -> None:
    """``xz audit --dask local:2 ... | head -1``: the cluster is closed before the process
    ends as SIGPIPE would; no leaked semaphore, no process left."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for i in range(40):
        (logs / f"{i:02d}.xzlog").write_bytes((REPLAYS / "preset-xueliu.xzlog").read_bytes())
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "xzcore.cli",
            "audit",
            "--format",
            "jsonl",
            "--dask",
            "local:2",
            str(logs),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    kids = _descendants(proc.pid)
    proc.stdout.close()  # the reader goes away, as head does
    with proc.stderr:
        err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert proc.returncode == -signal.SIGPIPE
    assert "leaked" not in err and "Warning" not in err and "Traceback" not in err
    assert kids
    _until(lambda: not [p for p in kids if _alive(p)], timeout=30)


def _alive(pid: int) -> bool:
    """A process that still runs (not gone, not a zombie waiting for its reaper)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
