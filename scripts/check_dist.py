"""Check what a built wheel and sdist hold against the source tree (CI: ``.ci/run``).

    python scripts/check_dist.py dist/xzcore-*.whl dist/xzcore-*.tar.gz [--list]

The wheel must hold every Python module of ``xzcore/`` and of ``cli/`` (as ``xzcore/cli/``),
one compiled module for every ``.pyx``, ``py.typed``, the ``.pxd`` files and the HTML
templates of ``xzcore/view/templates/``, and none of the
Cython or C sources, tests or data. The sdist must hold every file that git tracks under the
folders its build and its test suite read, and no build output. Exits 1 naming every file
that is missing or should not be there; ``--list`` prints the wheel's files.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
SDIST_FOLDERS = ("xzcore", "cli", "tests", "replays", "docs", "scripts", "benchmarks", "examples")
SDIST_FILES = ("LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "setup.py", "MANIFEST.in")
BUILD_OUTPUTS = (".c", ".so", ".pyd", ".o", ".pyc")
TEMPLATES = ("xzcore", "view", "templates")
"""The HTML pages' templates, stylesheet and script (package data the wheel must hold)."""


def tracked() -> list[str]:
    """The files git tracks in the source tree (POSIX paths)."""
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    return out.splitlines()


def wheel_problems(names: set[str], files: list[str]) -> list[str]:
    """What is missing from, or should not be in, a wheel holding ``names``."""
    problems = []
    for f in files:
        p = PurePosixPath(f)
        if p.parts[0] not in ("xzcore", "cli"):
            continue
        installed = str(PurePosixPath("xzcore", "cli", *p.parts[1:])) if p.parts[0] == "cli" else f
        if p.suffix in (".py", ".pxd") or p.name == "py.typed" or p.parts[:3] == TEMPLATES:
            if installed not in names:
                problems.append(f"wheel: {installed} missing")
        elif p.suffix == ".pyx":
            stem = str(p.with_suffix(""))
            if not any(n.startswith(stem + ".") and n.endswith((".so", ".pyd")) for n in names):
                problems.append(f"wheel: the compiled module of {f} missing")
    for n in sorted(names):
        p = PurePosixPath(n)
        source = p.suffix in (".pyx", ".pxi", ".c", ".h")
        if source or (p.parts[0] != "xzcore" and not p.parts[0].endswith(".dist-info")):
            problems.append(f"wheel: {n} should not be shipped")
    return problems


def sdist_problems(names: set[str], files: list[str]) -> list[str]:
    """What is missing from, or should not be in, an sdist holding ``names`` (paths
    relative to its top folder)."""
    problems = [
        f"sdist: {f} missing"
        for f in files
        if (f.split("/")[0] in SDIST_FOLDERS or f in SDIST_FILES) and f not in names
    ]
    problems += [f"sdist: build output {n}" for n in sorted(names) if n.endswith(BUILD_OUTPUTS)]
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path)
    parser.add_argument("sdist", type=Path)
    parser.add_argument("--list", action="store_true", help="print the wheel's files")
    args = parser.parse_args()
    with zipfile.ZipFile(args.wheel) as zf:
        wheel = {n for n in zf.namelist() if not n.endswith("/")}
    with tarfile.open(args.sdist) as tf:
        sdist = {m.name.split("/", 1)[1] for m in tf.getmembers() if m.isfile() and "/" in m.name}
    files = tracked()
    problems = wheel_problems(wheel, files) + sdist_problems(sdist, files)
    if args.list:
        for n in sorted(wheel):
            print(n)
    for p in problems:
        print(p, file=sys.stderr)
    n_so = sum(n.endswith((".so", ".pyd")) for n in wheel)
    print(
        f"{args.wheel.name}: {len(wheel)} files, {n_so} compiled modules; "
        f"{args.sdist.name}: {len(sdist)} files; {len(problems)} problem(s)"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
