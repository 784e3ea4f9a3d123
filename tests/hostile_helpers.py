"""Running ``xz`` as a real process against hostile peers and inputs (issue 23): a wall-clock
bound, an address-space cap, its peak memory, its stderr, and whether the processes it
started are gone."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MEMORY_CAP = 2 << 30
"""The address space ``xz`` may map (bytes): an unbounded input makes it fail, not the machine."""


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

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    err = cwd / f".stderr-{time.monotonic_ns()}"
    with open(err, "wb") as efh:
        proc = subprocess.Popen(
            [sys.executable, "-m", "xzcore.cli", *args],
            cwd=cwd,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=efh,
            preexec_fn=cap,
        )
        if stdin is not None:
            assert proc.stdin is not None
            proc.stdin.write(stdin)
            proc.stdin.close()
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                raise AssertionError(f"xz {' '.join(args)} ran past {timeout} s")
            time.sleep(0.05)
    proc.returncode = os.waitstatus_to_exitcode(status)
    text = err.read_text("utf-8", "replace")
    err.unlink()
    return Ran(proc.returncode, text, usage.ru_maxrss / 1024)


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
