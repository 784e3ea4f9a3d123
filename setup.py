"""Build the compiled modules: the kernel ``xzcore.kernel._core``, the log scanner
``xzcore.log._scan``, the replay step ``xzcore.audit._replay``, the engine's scorer
``xzcore.scoring._scorer``, the engine's small helpers ``xzcore.round._engine``, the
observation planes ``xzcore.env._planes`` and a seat's options ``xzcore.env._options``: all
at once, one a core.

Everything else about the package lives in pyproject.toml; this file declares the
extensions, finds the packages (every ``xzcore`` subpackage, and the Click app in ``cli/``
installed as ``xzcore.cli``), and skips recompiling an extension whose in-place build is
newer than every file it is built from: the README's second command, run after its first,
then installs without compiling again. ``XZ_REBUILD=1`` (or ``build_ext --force``) compiles
regardless, e.g. after upgrading Cython.

An editable install (``pip install -e .``) also gets a path that static type checkers
follow (:class:`EditableWheelWithTypingPath`): setuptools' editable install of this layout is
an import hook, which mypy cannot see.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from glob import glob
from typing import Any

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.editable_wheel import editable_wheel

extensions = [
    # the kernel: tile counts, win, waits, value, shanten, batch loops
    Extension(
        "xzcore.kernel._core",
        ["xzcore/kernel/_core.pyx"],
        depends=[*sorted(glob("xzcore/kernel/_core*.pxi")), "xzcore/kernel/_core.pxd"],
        extra_compile_args=["-O3"],
    ),
    # the log reader's one-pass decode + BLAKE2b chain (L1, L2, L6); the BLAKE2b lanes pick
    # AVX-512/AVX2 at run time, so no -march here
    Extension(
        "xzcore.log._scan",
        ["xzcore/log/_scan.pyx"],
        depends=["xzcore/log/_scan_blake2b.h", *sorted(glob("xzcore/log/_scan*.pxi"))],
        extra_compile_args=["-O3"],
    ),
    # the round engine's commonest step (a discard nobody claims, then the next draw)
    Extension(
        "xzcore.audit._replay",
        ["xzcore/audit/_replay.pyx"],
        depends=[
            "xzcore/kernel/_core.pxd",
            "xzcore/_tile_names.pxd",
            *sorted(glob("xzcore/audit/_replay*.pxi")),
        ],
        extra_compile_args=["-O3"],
    ),
    # the engine's wins scored in C (R8, R10.2): the same Score as xzcore.scoring, or declined
    Extension(
        "xzcore.scoring._scorer",
        ["xzcore/scoring/_scorer.pyx"],
        depends=sorted(glob("xzcore/scoring/_scorer*.pxi")),
        extra_compile_args=["-O3"],
    ),
    # the round engine's texts, transfers and play checks in C (twin: _engine_twin)
    Extension(
        "xzcore.round._engine",
        ["xzcore/round/_engine.pyx"],
        depends=["xzcore/kernel/_core.pxd"],
        extra_compile_args=["-O3"],
    ),
    # the observation planes' draws, discards and passes in C (twin: xzcore.env._planes_twin)
    Extension(
        "xzcore.env._planes",
        ["xzcore/env/_planes.pyx"],
        depends=["xzcore/_tile_names.pxd"],
        extra_compile_args=["-O3"],
    ),
    # a seat's options by action index and their mask (twin: xzcore.env._options_twin)
    Extension(
        "xzcore.env._options",
        ["xzcore/env/_options.pyx"],
        extra_compile_args=["-O3"],
    ),
    # the driver of one learning seat's rounds (twin: xzcore.env._seat_twin)
    Extension(
        "xzcore.env._seat",
        ["xzcore/env/_seat.pyx"],
        extra_compile_args=["-O3"],
    ),
]


def _fresh_inplace_build(ext: Extension) -> str | None:
    """The in-place build of ``ext`` (``xzcore/_core.cpython-….so``) if it is newer than
    its sources, its dependencies and this file; else None."""
    if os.environ.get("XZ_REBUILD"):
        return None
    built = ext.name.replace(".", os.sep) + sysconfig.get_config_var("EXT_SUFFIX")
    inputs = [*ext.sources, *ext.depends, __file__]
    try:
        built_at = os.stat(built).st_mtime
        return built if all(os.stat(p).st_mtime <= built_at for p in inputs) else None
    except OSError:
        return None


class BuildExtReusingFresh(build_ext):
    """``build_ext`` that copies a fresh in-place build instead of compiling it again, and
    compiles the others at once, one a core (``--parallel`` given, or every core)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext: Extension) -> None:
        fresh = None if self.force else _fresh_inplace_build(ext)
        if fresh is None:
            super().build_extension(ext)
            return
        dest = self.get_ext_fullpath(ext.name)
        if os.path.abspath(fresh) != os.path.abspath(dest):
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copy2(fresh, dest)
        print(f"{ext.name}: the in-place build is up to date, not compiled again")


TYPING_TREE = os.path.join("build", "__editable_typing__")
"""Where an editable install's typing path is made, in the project (git ignores build/)."""


def _typing_tree(project_dir: str) -> str | None:
    """Make ``build/__editable_typing__/xzcore-stubs`` and return its folder: links to the
    entries of ``xzcore/`` and ``__init__.pyi`` to ``xzcore/__init__.py`` (a stub package's
    top is read from a .pyi). Not ``cli/`` (``xzcore.cli``, the command line, no user API):
    this project's own mypy checks it as the folder ``cli``, and would meet it twice.
    mypy takes an ``X-stubs`` folder for package ``X`` (PEP 561); Python cannot import that
    name, so the folder on ``sys.path`` changes nothing at run time. ``None`` where the file
    system makes no symbolic links (then only the import hook remains)."""
    project_dir = os.path.abspath(project_dir)
    root = os.path.join(project_dir, TYPING_TREE)
    stubs = os.path.join(root, "xzcore-stubs")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(stubs)
    source = os.path.join(project_dir, "xzcore")
    links = {n: os.path.join(source, n) for n in os.listdir(source) if n != "__pycache__"}
    links["__init__.pyi"] = os.path.join(source, "__init__.py")
    try:
        for name, target in sorted(links.items()):
            os.symlink(target, os.path.join(stubs, name))
    except OSError:
        shutil.rmtree(root, ignore_errors=True)
        return None
    return root


class _WithTypingPath:
    """setuptools' strategy for an editable install, plus a ``.pth`` line naming the typing
    tree (:func:`_typing_tree`): mypy reads a ``.pth`` file's paths, never an import hook."""

    def __init__(self, strategy: Any, project_dir: str) -> None:
        self._strategy = strategy
        self._project_dir = project_dir

    def __enter__(self) -> _WithTypingPath:
        self._strategy.__enter__()
        return self

    def __exit__(self, *exc: Any) -> Any:
        return self._strategy.__exit__(*exc)

    def __call__(self, wheel: Any, files: list[str], mapping: dict[str, str]) -> None:
        self._strategy(wheel, files, mapping)
        tree = _typing_tree(self._project_dir)
        if tree is not None:
            wheel.writestr("__editable__.xzcore-typing.pth", f"{tree}\n".encode())


class EditableWheelWithTypingPath(editable_wheel):
    """``editable_wheel`` whose install also carries the typing path (tests/test_user_typing.py
    runs a user's mypy against it). ``_select_strategy`` is setuptools' own hook (64 and
    later), not a documented one: should it move, that test fails, and the install itself
    still works through the import hook."""

    def _select_strategy(self, name: str, tag: str, build_lib: Any) -> Any:
        strategy = super()._select_strategy(name, tag, build_lib)
        return _WithTypingPath(strategy, self.project_dir)


stale = [ext for ext in extensions if _fresh_inplace_build(ext) is None]
setup(
    packages=[
        *find_packages(include=["xzcore", "xzcore.*"]),
        *(f"xzcore.{p}" for p in find_packages(include=["cli", "cli.*"])),
    ],
    package_dir={"xzcore.cli": "cli"},
    cmdclass={"build_ext": BuildExtReusingFresh, "editable_wheel": EditableWheelWithTypingPath},
    ext_modules=[
        *cythonize(
            stale,
            nthreads=os.cpu_count() or 1,  # each .pyx translated to C in its own process
            language_level=3,
            compiler_directives={
                "boundscheck": False,
                "wraparound": False,
                "initializedcheck": False,
                "cdivision": True,
                "embedsignature": True,
            },
        ),
        *(ext for ext in extensions if ext not in stale),
    ],
)
