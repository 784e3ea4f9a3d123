"""The compiled kernel builds its suit table on the first call that reads it, not at import.

Each case runs in a fresh interpreter whose first kernel call is one entry point (a single
call, a batch that releases the GIL, a ``Hand`` method, ``dealt_hands``' hands, the replay
step and the round engine that cimport ``Hand``), and its answers must equal the twin's. The
table itself is observable only through ``xzcore.kernel._core._tables_built()``: importing the
kernel, and ``xz --version``, leave it unbuilt. The cases that start from the compiled kernel
are skipped on the twin (``XZ_PUREPYTHON=1``); the ``--version`` one runs on both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

from xzcore import kernel as core
from xzcore.kernel import _core_twin as twin

ROOT = Path(__file__).resolve().parents[2]

compiled_only = pytest.mark.skipif(
    core.BACKEND != "cython", reason="the twin has no table to build"
)

# Set-up shared by the child and the parent: the rows and a wall, built without the kernel.
PRELUDE = """
import random
from array import array
from xzcore.kernel._handgen import melds_for, ready_rows, win_rows
from xzcore.kernel._input import meld_summary
W = win_rows(150, seed=71)
R = ready_rows(150, seed=72)
RNG = random.Random(73)  # rows with their melds: (counts, void, held, meld_info)
WM = [(c, v, *meld_summary(c, melds_for(c, RNG))) for c, v in W]
RM = [(c, v, *meld_summary(c, melds_for(c, RNG))) for c, v in R]
WALL = random.Random(5).sample([t for t in range(27) for _ in range(4)], 108)
"""

# name -> an expression of the kernel module ``k`` and the names of PRELUDE
ENTRY_POINTS = {
    "is_win": "[k.is_win(c, v) for c, v in W]",
    "waits": "[k.waits(c, v) for c, v in R]",
    "waits held": "[k.waits(c, v, c) for c, v in R]",
    "shanten": "[k.shanten(c, v) for c, v in W[:60] + R[:60]]",
    "shanten_discards": "[list(k.shanten_discards(c, v)) for c, v in W[:40]]",
    "win_fan": "[k.win_fan(c, v, h, i, f) for c, v, h, i in WM for f in range(4)]",
    "ready_fan": "[k.ready_fan(c, v, h, i, f, f & 1) for c, v, h, i in RM for f in range(4)]",
    "is_win_batch": "k.is_win_batch(b''.join(c for c, _ in W), array('b', [v for _, v in W]))",
    "waits_batch": "k.waits_batch(b''.join(c for c, _ in R), array('b', [v for _, v in R]))",
    "ready_fan_batch": (
        "k.ready_fan_batch(b''.join(r[0] for r in RM), array('b', [r[1] for r in RM]),"
        " b''.join(r[2] for r in RM), array('H', [r[3] for r in RM]), 2, 1)"
    ),
    "Hand.is_win": "[k.Hand(c, v).is_win() for c, v in W]",
    "Hand.waits": "[k.Hand(c, v).waits() for c, v in R]",
    "Hand.is_win_with": "[[k.Hand(c, v).is_win_with(t) for t in range(27)] for c, v in R[:50]]",
    "Hand.claimable": "[[k.Hand(c, v).claimable(t) for t in range(27)] for c, v in R[:50]]",
    "Hand.shanten": "[k.Hand(c, v).shanten() for c, v in R[:60]]",
    "Hand.parse": "[k.Hand.parse('1112345678999s', void=0).waits()]",
    "Hand.add": (
        "[(h.add(t), h.size % 3 == 2 and h.is_win(), h.size % 3 == 1 and h.waits())[1:]"
        " for h in [k.Hand(void=1)] for t in (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 1)]"
    ),
    "dealt_hands": (
        "[[h.is_win() if h.size == 14 else h.waits() for h in k.dealt_hands(WALL, d)[0]]"
        " for d in range(4)]"
    ),
}


def _plain(value: object) -> object:
    """A kernel answer as JSON-able data (bytes and arrays as lists of ints)."""
    if isinstance(value, (bytes, array)):
        return list(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _twin_answer(expr: str) -> object:
    scope: dict[str, object] = {}
    exec(PRELUDE, scope)
    scope["k"] = twin
    return _plain(eval(expr, scope))


def _child(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (in this process's environment by default)."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=os.environ if env is None else env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )


CHILD = """
import json, sys
{prelude}
from xzcore.kernel import _core
from xzcore import kernel as k
assert k.BACKEND == "cython", k.BACKEND
before = _core._tables_built()
result = {expr}
after = _core._tables_built()


def plain(value):
    if isinstance(value, (bytes, array)):
        return list(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


print(json.dumps({{"before": before, "after": after, "result": plain(result)}}))
"""


@compiled_only
@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_first_call_of_a_fresh_process_answers_as_the_twin(name: str) -> None:
    expr = ENTRY_POINTS[name]
    done = _child(CHILD.format(prelude=PRELUDE, expr=expr))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["before"] is False  # importing the kernel built nothing
    assert out["after"] is True
    assert out["result"] == _twin_answer(expr)


THREADS = """
import json, threading
{prelude}
from xzcore.kernel import _core
from xzcore import kernel as k
flat = b"".join(c for c, _ in W)
voids = array("b", [v for _, v in W])
start = threading.Barrier(6)
out = [None] * 6


def first_call(i):
    start.wait()
    out[i] = list(k.is_win_batch(flat, voids) if i % 2 else k.waits_batch(
        b"".join(c for c, _ in R), array("b", [v for _, v in R])))


threads = [threading.Thread(target=first_call, args=(i,)) for i in range(6)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps({{"built": _core._tables_built(), "out": out}}))
"""


@compiled_only
def test_threads_making_the_first_calls_at_once_all_answer_as_the_twin() -> None:
    done = _child(THREADS.format(prelude=PRELUDE))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["built"] is True
    wins = _twin_answer(ENTRY_POINTS["is_win_batch"])
    waits = _twin_answer(ENTRY_POINTS["waits_batch"])
    assert out["out"] == [waits, wins, waits, wins, waits, wins]


IMPORTS_ONLY = """
import json
from click.testing import CliRunner
import xzcore
from xzcore.kernel import _core
from xzcore.cli.main import cli
import xzcore.scoring, xzcore.round.engine, xzcore.audit.replay, xzcore.cli.hand
result = CliRunner().invoke(cli, ["--version"])
print(json.dumps({"output": result.output, "built": _core._tables_built()}))
"""


@compiled_only
def test_importing_the_engine_and_xz_version_do_not_build_the_table() -> None:
    done = _child(IMPORTS_ONLY)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert "kernel: cython" in out["output"]
    assert out["built"] is False


def _without_xz_switches(**env: str) -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("XZ_")}
    full.update(env)
    return full


VERSION = "from xzcore.cli.main import main; main(['--version'])"


def test_xz_version_names_the_backend_in_a_fresh_process() -> None:
    # Runs on both backends: the first child has this process's XZ_ switches.
    done = _child(VERSION)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"kernel: {core.BACKEND}")
    twin_run = _child(VERSION, _without_xz_switches(XZ_PUREPYTHON="1"))
    assert twin_run.returncode == 0, twin_run.stderr
    assert twin_run.stdout.strip().endswith("kernel: python")


@compiled_only
def test_an_audit_whose_first_kernel_use_is_the_replay_step_reports_as_the_twin() -> None:
    # The replay step (xzcore.audit._replay) cimports Hand and reads its fields; R5.7's finding
    # needs the kernel to say that the seat could win.
    logs = [str(ROOT / "replays" / n) for n in ("skipped-forced-win.xzlog", "void-peng.xzlog")]
    argv = [sys.executable, "-m", "xzcore.cli", "audit", "--format", "json", *logs]
    compiled_run = subprocess.run(
        argv, capture_output=True, text=True, cwd=ROOT, env=_without_xz_switches(), timeout=300
    )
    twin_run = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_without_xz_switches(XZ_PUREPYTHON="1"),
        timeout=300,
    )
    assert compiled_run.returncode == twin_run.returncode == 1, compiled_run.stderr
    report = json.loads(compiled_run.stdout)
    assert report["summary"]["findings"] == 2
    assert compiled_run.stdout == twin_run.stdout


MATCH = """
import json
from xzcore.players.agents import RandomAgent
from xzcore.players.match import play_match
from xzcore.rules import RuleSet
from xzcore.kernel import _core
m = play_match(RuleSet.preset("xuezhan"), seed=21, rounds=3,
               agents=[RandomAgent(s) for s in range(4)], keep_events=True)
print(json.dumps({"built": _core._tables_built(), "scores": m.scores, "events": m.events}))
"""


@compiled_only
def test_a_seeded_match_whose_first_kernel_use_is_the_deal_plays_as_on_the_twin() -> None:
    from xzcore.players.agents import RandomAgent
    from xzcore.players.match import play_match
    from xzcore.rules import RuleSet

    done = _child(MATCH)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["built"] is True
    expected = play_match(
        RuleSet.preset("xuezhan"),
        seed=21,
        rounds=3,
        agents=[RandomAgent(s) for s in range(4)],
        kernel=twin,
        keep_events=True,
    )
    assert out["scores"] == expected.scores
    assert out["events"] == json.loads(json.dumps(expected.events))
