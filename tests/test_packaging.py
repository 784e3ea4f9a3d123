"""The package's metadata (pyproject.toml) agrees with itself and with what is built: the
version is git's (setuptools-scm) and ``xz --version`` shows it, the Python-version
classifiers are the wheels cibuildwheel builds, and the cibuildwheel table is one that
cibuildwheel accepts (it cannot build here: no Docker, no macOS)."""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

import xzcore
from xzcore import _version

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
CIBW = PYPROJECT["tool"]["cibuildwheel"]


def _classifier_versions() -> list[str]:
    found = (
        re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c)
        for c in PROJECT["classifiers"]
    )
    return [m.group(1) for m in found if m]


def test_the_version_is_gits_and_the_installed_one() -> None:
    assert PROJECT["dynamic"] == ["version"]
    assert "setuptools_scm" in PYPROJECT["tool"]
    assert any(r.startswith("setuptools-scm") for r in PYPROJECT["build-system"]["requires"])
    assert xzcore.__version__ == importlib.metadata.version("xzcore")
    assert xzcore.__version__ != "0+unknown"


def test_the_version_without_the_built_file(monkeypatch: pytest.MonkeyPatch) -> None:
    # a source tree without the file the build writes: the installed metadata answers
    monkeypatch.setitem(sys.modules, "xzcore._scm_version", None)
    assert _version._version() == importlib.metadata.version("xzcore")

    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    # nor any metadata: a version that says so, not an import error
    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert _version._version() == "0+unknown"


def test_python_classifiers_are_the_wheels_built() -> None:
    versions = _classifier_versions()
    assert versions, "no Python-version classifier"
    lowest = re.fullmatch(r">=(3\.\d+)", PROJECT["requires-python"])
    assert lowest is not None
    assert versions[0] == lowest.group(1)
    minors = [int(v.split(".")[1]) for v in versions]
    assert minors == list(range(minors[0], minors[-1] + 1)), "a gap in the Python versions"
    assert CIBW["build"].split() == [f"cp3{m}-*" for m in minors]


def test_os_and_status_classifiers_match_the_wheel_platforms() -> None:
    classifiers = set(PROJECT["classifiers"])
    assert {"Operating System :: POSIX :: Linux", "Operating System :: MacOS"} <= classifiers
    assert not any(c.startswith("Operating System :: Microsoft") for c in classifiers)
    assert sum(c.startswith("Development Status :: ") for c in classifiers) == 1
    assert set(CIBW["linux"]["archs"]) == {"x86_64", "aarch64"}
    assert set(CIBW["macos"]["archs"]) == {"x86_64", "arm64"}
    assert "xz hand" in " ".join(CIBW["test-command"])


def test_cibuildwheel_accepts_the_table_and_builds_every_classified_version() -> None:
    if importlib.util.find_spec("cibuildwheel") is None:
        pytest.skip("cibuildwheel is not installed (pip install -e '.[test]' brings it)")
    wanted = {f"cp{v.replace('.', '')}" for v in _classifier_versions()}
    for platform, archs in (("linux", CIBW["linux"]["archs"]), ("macos", CIBW["macos"]["archs"])):
        command = ["cibuildwheel", "--print-build-identifiers", "--platform", platform]
        out = subprocess.run(
            [sys.executable, "-m", *command, str(ROOT)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert out.returncode == 0, out.stderr
        ids = out.stdout.split()
        assert {i.split("-")[0] for i in ids} == wanted
        assert {i.split("-", 1)[1] for i in ids} == {
            f"{'manylinux' if platform == 'linux' else 'macosx'}_{a}" for a in archs
        }
