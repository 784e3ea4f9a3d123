"""README.md's recipes, run exactly as written, in a folder holding a copy of replays/: each
``$ `` command of a console block prints the lines under it, and each pycon block is a
doctest. The README stays short and its links lead to files."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _console_recipes() -> list[tuple[str, str]]:
    """``(command, output)`` of every ``$ `` line of the console blocks, in order."""
    found = []
    for block in re.findall(r"^```console\n(.*?)^```$", README, re.S | re.M):
        for step in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = step.partition("\n")
            found.append((command, output))
    return found


RECIPES = _console_recipes()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "replays", tmp_path / "replays")
    # xz and python are this interpreter's, as after the README's install
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_recipes_are_found() -> None:
    assert len(RECIPES) >= 5
    assert any(c.startswith("xz audit --dask") for c, _ in RECIPES)
    assert README.count("```pycon\n") == 1


def test_console_recipes_print_what_the_readme_shows(folder: Path) -> None:
    # one folder for them all: a recipe may read what an earlier one wrote (summary.json)
    for command, output in RECIPES:
        done = subprocess.run(
            ["bash", "-c", command], capture_output=True, text=True, timeout=300, check=False
        )
        assert done.stdout == output, f"$ {command}\n{done.stderr}"
    assert (folder / "report.html").stat().st_size > 0


def test_python_recipe_as_a_doctest(folder: Path) -> None:
    [block] = re.findall(r"^```pycon\n(.*?)^```$", README, re.S | re.M)
    test = doctest.DocTestParser().get_doctest(block, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10 and result.failed == 0


def test_short_and_its_links_lead_to_files() -> None:
    assert len(README.splitlines()) <= 120
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    assert links
    for link in links:
        if not link.startswith(("http://", "https://")):
            assert (ROOT / link).exists(), link
