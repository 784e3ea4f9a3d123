"""Running ``xz`` as a real process against hostile peers and inputs (issue 23): a wall-clock
bound, an address-space cap, its peak memory, its stderr, and whether the processes it
started are gone."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MEMORY_CAP = 2 << 30
"""The address space ``xz`` may map (bytes): an unbounded input makes it fail, not the machine."""


_LAUNCH = """
import os, resource, subprocess, sys
cap, report = int(sys.argv[1]), sys.argv[2]
def capped():
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
child = subprocess.Popen(sys.argv[3:], preexec_fn=capped)
_, status, usage = os.wait4(child.pid, 0)
with open(report, "w") as fh:
    fh.write(f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}")
"""
"""A small fresh interpreter that runs the command as its child under the address-space cap
and writes the child's exit code and peak RSS (KiB): the test runner's own memory, which a
fork from it would count as the child's, stays out of the figure."""


@dataclass
class Ran:
    code: int
    stderr: str
    peak_mb: float

    @property
    def lines(self) -> list[str]:
        return self.stderr.splitlines()


def run_xz(*args: str, cwd: Path, timeout: float = 60, stdin: bytes | None = None) -> Ran:
    """``python -m xzcore.cli ARGS`` through its ``main()`` (as the installed ``xz``), within
    ``timeout`` seconds and :data:`MEMORY_CAP`; its exit code, stderr and peak RSS (MB)."""
    err = cwd / f".stderr-{time.monotonic_ns()}"
    report = err.with_suffix(".report")
    with open(err, "wb") as efh:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                _LAUNCH,
                str(MEMORY_CAP),
                str(report),
                sys.executable,
                "-m",
                "xzcore.cli",
                *args,
            ],
            cwd=cwd,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=efh,
            start_new_session=True,
        )
        if stdin is not None:
            assert proc.stdin is not None
            proc.stdin.write(stdin)
            proc.stdin.close()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)  # the session this call started: launcher and xz
            proc.wait()
            raise AssertionError(f"xz {' '.join(args)} ran past {timeout} s") from None
    code, peak = (int(x) for x in report.read_text().split())
    report.unlink()
    text = err.read_text("utf-8", "replace")
    err.unlink()
    return Ran(code, text, peak / 1024)


def gone(pid: int, within: float = 10.0) -> bool:
    """Whether process ``pid`` has ended (or is a zombie about to be reaped) within
    ``within`` seconds."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.1)
    return False


def pid_in(path: Path, within: float = 30.0) -> int:
    """The pid a test bot wrote to ``path``."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        text = path.read_text() if path.exists() else ""
        if text.endswith("\n"):
            return int(text)
        time.sleep(0.05)
    raise AssertionError(f"no pid in {path}")
