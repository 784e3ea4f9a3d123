"""``xz audit --jobs 2`` and ``--jobs 1`` on a corpus recorded by ``xz record`` over the four
presets — 20,000 games on the compiled modules, 400 on the twins (recording is some thirty
times slower there) — print the same bytes in every format and both languages, and write the
same summary and page: the ranges of each file (4 MiB: seven or more a file, on the compiled
modules) meet where they should. On the twins each file is one range: what they add is the
twin reader's and auditor's output under two workers, which 400 games show as well as more."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from xzcore.backend import BACKEND
from xzcore.cli.main import cli

GAMES = 20_000 if BACKEND == "cython" else 400
FILES = 8
PRESETS = ("xuezhan", "chengdu-classic", "xueliu", "leshan")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("corpus")

    def record(i: int) -> None:
        cmd = [
            sys.executable,
            "-m",
            "xzcore.cli",
            "record",
            "-n",
            str(GAMES // FILES),
            "--seed",
            str(7 * i),
            "--rules",
            PRESETS[i % 4],
            "-o",
            str(root / f"{i}.xzlog"),
        ]
        subprocess.run(cmd, check=True, capture_output=True, timeout=900)

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(record, range(FILES)))
    yield root


def audit(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, ["audit", "--no-progress", *args])
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize(
    "args", [["--format", "jsonl"], ["--lang", "zh"]], ids=["jsonl", "table-zh"]
)
def test_jobs_2_prints_what_jobs_1_prints(corpus: Path, args: list[str], tmp_path: Path) -> None:
    one = audit(*args, "--summary", str(tmp_path / "1.json"), str(corpus))
    two = audit(*args, "--summary", str(tmp_path / "2.json"), "--jobs", "2", str(corpus))
    assert one == two
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()
    summary = json.loads((tmp_path / "1.json").read_text())
    assert one[0] == summary["exit_code"] == 0
    assert summary["games"] == summary["verified"] == GAMES
    assert corpus.joinpath("0.xzlog").stat().st_size > 6 * (4 << 20) or BACKEND != "cython"
