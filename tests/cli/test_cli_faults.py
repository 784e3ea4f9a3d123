"""Faults injected for real (docs/audit.md, "Faults"): a worker of ``xz audit --jobs`` killed
with SIGKILL, write errors (``/dev/full``, a disk that fills up, ENOSPC), a stdout closed
early. Each must end in one line on stderr and a documented exit code — never a hang, never
a traceback — and ``xz record`` must leave a log that audits.

A worker is killed from outside, as the OOM killer would: the audit is given a FIFO as one
of its logs, so the worker auditing it blocks on it, and the test kills the audit's child
processes (read from /proc), then feeds the FIFO or kills again.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from xzcore.cli import record as record_cmd
from xzcore.cli.main import main
from xzcore.log.types import Match
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FAIR = REPLAYS / "preset-xuezhan.xzlog"  # 3 games, verified
TIMEOUT = 120  # a hang fails the test instead of stalling the suite

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="needs /proc, FIFOs and /dev/full"
)


def _xz(*args: str, **kw: object) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "xzcore.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,  # type: ignore[call-overload]
    )


def _children(pid: int) -> set[int]:
    kids: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):  # a thread that just ended
            kids |= {int(c) for c in (task / "children").read_text().split()}
    return kids


def _wait_for_new_children(pid: int, old: set[int], n: int) -> set[int]:
    """The audit's worker processes not in ``old``, once there are ``n`` of them (the pool
    starts them all at once)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        new = _children(pid) - old
        if len(new) >= n:
            return new
        time.sleep(0.05)
    raise AssertionError("the audit's workers never started")


def _kill_all(pids: set[int]) -> None:
    for p in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(p, signal.SIGKILL)


@pytest.fixture
def logs_with_fifo(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A folder: a.xzlog and c.xzlog (fair logs), b.xzlog a FIFO nobody writes to yet."""
    shutil.copyfile(FAIR, tmp_path / "a.xzlog")
    fifo = tmp_path / "b.xzlog"
    os.mkfifo(fifo)
    shutil.copyfile(FAIR, tmp_path / "c.xzlog")
    yield tmp_path, fifo


def _feed(fifo: Path, data: bytes) -> None:
    with open(fifo, "wb") as fh:  # blocks until the worker opens it
        fh.write(data)


def test_killed_worker_is_replaced_and_its_log_audited_again(
    logs_with_fifo: tuple[Path, Path],
) -> None:
    folder, fifo = logs_with_fifo
    proc = _xz("audit", "--jobs", "2", "--format", "jsonl", str(folder))
    try:
        first = _wait_for_new_children(proc.pid, set(), 2)
        _kill_all(first)  # one of them is blocked on the FIFO: its task is lost
        _wait_for_new_children(proc.pid, first, 2)  # the fresh pool
        feeder = threading.Thread(target=_feed, args=(fifo, FAIR.read_bytes()), daemon=True)
        feeder.start()
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        proc.kill()
    text = err.decode()
    assert proc.returncode == 0, text
    assert "Traceback" not in text
    assert "a worker process died (killed by signal 9, SIGKILL)" in text
    assert "not audited" not in text
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert [(Path(r["path"]).name, r["game"]) for r in lines] == [
        (name, g) for name in ("a.xzlog", "b.xzlog", "c.xzlog") for g in range(3)
    ]
    assert {r["status"] for r in lines} == {"verified"}


def test_log_whose_worker_dies_twice_is_reported_not_audited_exit_3(
    logs_with_fifo: tuple[Path, Path],
) -> None:
    folder, fifo = logs_with_fifo
    proc = _xz("audit", "--jobs", "2", str(folder))
    try:
        first = _wait_for_new_children(proc.pid, set(), 2)
        _kill_all(first)
        second = _wait_for_new_children(proc.pid, first, 2)
        # The lost logs are re-run one at a time: once the FIFO has a reader, its log is
        # the one in flight. Hold it open for writing (the worker then waits for bytes
        # that never come) and kill that pool too.
        deadline = time.monotonic() + TIMEOUT
        writer = None
        while writer is None and time.monotonic() < deadline:
            try:
                writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # fails until a reader
            except OSError as exc:
                assert exc.errno == errno.ENXIO
                time.sleep(0.05)
        assert writer is not None, "the FIFO's log was never run again"
        _kill_all(second)
        out, err = proc.communicate(timeout=TIMEOUT)
        os.close(writer)
    finally:
        proc.kill()
    text = err.decode()
    assert proc.returncode == 3, text
    assert "Traceback" not in text
    died = [line for line in text.splitlines() if "not audited" in line]
    assert died == [
        f"xz audit: {fifo}: not audited: the worker process auditing it died twice "
        "(killed by signal 9, SIGKILL)"
    ]
    table = out.decode().splitlines()
    assert f"{fifo}  game 1  byte 0  UNREADABLE (1)" in table
    assert any("not audited: the worker process auditing it died twice" in t for t in table)
    assert table[-1] == "7 game(s): 6 verified, 0 with findings (0 in all), 1 unreadable — exit 3"


def test_ctrl_c_with_jobs_stops_the_workers_and_exits_130(
    logs_with_fifo: tuple[Path, Path],
) -> None:
    folder, _ = logs_with_fifo
    # As from a terminal: Ctrl-C reaches xz even when whatever started the tests ignores it
    # (a background job of a script inherits SIGINT ignored, and so would xz). Python's own
    # handler here becomes the default disposition in the child at exec.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = _xz("audit", "--jobs", "2", str(folder))
    finally:
        signal.signal(signal.SIGINT, before)
    try:
        workers = _wait_for_new_children(proc.pid, set(), 2)  # one waits on the FIFO
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=TIMEOUT)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.decode().strip() == "xz: interrupted"
    assert not [p for p in workers if Path(f"/proc/{p}").exists()]  # none left running


def _upper_or_die(task: str) -> str:
    """A task for the pool: ``"die"`` kills its own worker with SIGKILL, each time."""
    if task == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    return task.upper()


def _no_setup() -> None:
    pass


def test_pool_yields_every_result_in_order_and_a_task_that_always_kills_its_worker_once() -> None:
    from xzcore.batch.pool import WorkerDied, run_tasks

    breaks: list[tuple[int, str]] = []
    tasks = ["a", "b", "die", "c", "d", "e"]
    out = list(
        run_tasks(
            tasks,
            _upper_or_die,
            jobs=2,
            initializer=_no_setup,
            initargs=(),
            on_lost=lambda n, why: breaks.append((n, why)),
        )
    )
    died = WorkerDied("killed by signal 9, SIGKILL")
    assert out == [("a", "A"), ("b", "B"), ("die", died), ("c", "C"), ("d", "D"), ("e", "E")]
    assert [why for _, why in breaks] == ["killed by signal 9, SIGKILL"]  # then alone: known
    assert breaks[0][0] >= 1


def test_a_lost_range_is_one_unreadable_report_at_the_game_its_reading_stood_at() -> None:
    """A range whose workers died twice: one unreadable report at the game where the
    file's reading stood (the end of the range before), the run exit 3, one line said."""
    from xzcore.batch import BatchAudit, InProcess, Options, WorkerDied
    from xzcore.batch.task import run_task

    class DiesOnSecondRange(InProcess):
        def map(self, tasks, work, args=()):  # type: ignore[no-untyped-def]
            for task in tasks:
                yield (
                    task,
                    (
                        WorkerDied("killed by signal 9, SIGKILL")
                        if task.index == 1
                        else work(task, *args)
                    ),
                )

    said: list[str] = []
    size = FAIR.stat().st_size
    part = size // 3 + 1
    run = BatchAudit(
        [str(FAIR)],
        Options(fmt="jsonl"),
        executor=DiesOnSecondRange(),
        part_bytes=part,
        on_notice=said.append,
    )
    lines = [json.loads(line) for line in "".join(o.text for o in run).splitlines()]
    first = run_task(next(iter(run.tasks())), Options(fmt="jsonl"))
    assert first.last is not None
    lost = [r for r in lines if r.get("not_audited")]
    assert len(lost) == 1
    (r,) = lost
    assert (r["path"], r["game"], r["offset"], r["status"]) == (
        str(FAIR),
        first.last.game,
        first.last.offset,
        "unreadable",
    )
    assert r["errors"][0]["message"] == (
        f"games from {first.last.game} not audited: the worker process auditing it died twice "
        "(killed by signal 9, SIGKILL)"
    )
    assert said == [f"xz audit: {FAIR}: {r['errors'][0]['message']}"]
    assert run.exit_code == 3 and run.tally.not_audited == 1


# -- write errors ------------------------------------------------------------------------

FULL = "xz: cannot write to standard output (No space left on device)\n"


def _run_into(target: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    with open(target, "wb") as out:
        return subprocess.run(
            [sys.executable, "-m", "xzcore.cli", *args],
            stdout=out,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
        )


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "--no-progress", str(FAIR)],
        ["audit", "--no-progress", "--jobs", "2", str(FAIR), str(FAIR), str(FAIR)],
        ["audit", "--no-progress", "--format", "jsonl", str(FAIR)],
        ["replay", str(FAIR)],
        ["hand", "1112345678999s", "--void", "m"],
    ],
    ids=["audit", "audit-jobs", "audit-jsonl", "replay", "hand"],
)
def test_stdout_to_dev_full_is_one_line_and_exit_1(args: list[str]) -> None:
    res = _run_into("/dev/full", *args)
    assert res.stderr.decode() == FULL
    assert res.returncode == 1


def test_record_to_dev_full_is_one_line_and_exit_1() -> None:
    res = _run_into("/dev/null", "record", "-n", "3", "--no-progress", "-o", "/dev/full")
    assert res.stderr.decode() == (
        "xz record: cannot write /dev/full (No space left on device): the log holds the 0 "
        "game(s) finished before, and at most a torn one after them\n"
    )
    assert res.returncode == 1


def test_record_to_stdout_on_dev_full_is_one_line_and_exit_1() -> None:
    res = _run_into("/dev/full", "record", "-n", "3", "--no-progress", "-o", "-")
    assert res.stderr.decode().startswith("xz record: cannot write standard output (No space")
    assert res.stderr.count(b"\n") == 1
    assert res.returncode == 1


class _FillingDisk(io.FileIO):
    """A file on a disk with ``room`` bytes free: a write past it writes what fits, the
    next one fails with ENOSPC — what a real full disk does."""

    def __init__(self, path: str, room: int) -> None:
        super().__init__(path, "w")
        self.room = room

    def write(self, data: object) -> int:
        view = memoryview(data)  # type: ignore[arg-type]
        left = self.room - self.tell()
        if left <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return super().write(view[:left])


def _game_starts(n: int) -> list[int]:
    """Where each game of ``xz record -n n --seed 0`` starts (the same bots and seeds)."""
    buf = io.BytesIO()
    starts = []
    writer = LogWriter(buf, match=Match(bytes(16), planned=n))  # as xz record: format 1.1
    choosers = [bot_chooser("greedy", s) for s in range(4)]
    names = [f"greedy{s}" for s in range(4)]
    rules = RuleSet.preset("xuezhan")
    for _ in record_games(writer, rules, n, seed=0, choosers=choosers, seat_names=names):
        starts.append(buf.tell())
    return [0, *starts[:-1]]


def test_record_on_a_disk_that_fills_up_leaves_whole_games_and_a_torn_tail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    starts = _game_starts(5)
    room = starts[3] + 700  # games 0-2 fit, game 3 is cut 700 bytes in
    monkeypatch.setattr(
        record_cmd,
        "open",
        lambda path, mode: io.BufferedWriter(_FillingDisk(path, room)),
        raising=False,
    )
    log = tmp_path / "g.xzlog"
    with pytest.raises(SystemExit) as exc:
        main(["record", "-n", "5", "--no-progress", "-o", str(log)])
    assert exc.value.code == 1
    err = capsys.readouterr().err
    assert err == (
        f"xz record: cannot write {log} (No space left on device): the log holds the 3 "
        "game(s) finished before, and at most a torn one after them\n"
    )
    assert log.stat().st_size == room
    monkeypatch.undo()
    with pytest.raises(SystemExit) as exc:
        main(["audit", "--no-progress", "--format", "jsonl", str(log)])
    assert exc.value.code == 3
    reports = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["game"], r["offset"], r["status"]) for r in reports] == [
        (0, 0, "verified"),
        (1, starts[1], "verified"),
        (2, starts[2], "verified"),
        (3, starts[3], "unreadable"),
    ]
    assert "truncated" in reports[3]["errors"][0]["message"]


# -- a closed stdout ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "--no-progress", "DIR"],
        ["audit", "--no-progress", "--jobs", "2", "DIR"],
        ["audit", "--no-progress", "--jobs", "2", "--format", "jsonl", "DIR"],
        ["record", "-n", "200", "--no-progress", "-o", "-"],
    ],
    ids=["audit", "audit-jobs", "audit-jobs-jsonl", "record"],
)
def test_stdout_closed_early_ends_as_sigpipe_without_traceback(
    tmp_path: Path, args: list[str]
) -> None:
    for i in range(40):  # far more output than a pipe holds
        shutil.copyfile(FAIR, tmp_path / f"log{i:02}.xzlog")
    proc = _xz(*[str(tmp_path) if a == "DIR" else a for a in args])
    assert proc.stdout is not None
    proc.stdout.read(10)
    proc.stdout.close()
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == -signal.SIGPIPE  # a shell's 141
    assert b"Traceback" not in err
    assert err == b""
