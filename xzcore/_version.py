"""The package's version, made from git's tags by setuptools-scm when the package is built.

The build writes it into ``xzcore/_scm_version.py`` (not tracked by git). Where that file is
missing — a source tree used without an install — the installed distribution's metadata
answers, and failing that ``0+unknown``: never an import error over a version string.
"""

from __future__ import annotations

import importlib.metadata

__all__ = ["__version__"]


def _version() -> str:
    try:
        from xzcore._scm_version import version
    except ImportError:
        try:
            return importlib.metadata.version("xzcore")
        except importlib.metadata.PackageNotFoundError:
            return "0+unknown"
    return str(version)


__version__: str = _version()
