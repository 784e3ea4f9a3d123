"""The docs site: Sphinx with MyST (the pages stay Markdown, readable on any forge) and
autodoc (the API reference is the docstrings). ``sphinx-build -W docs docs/_build`` builds it
(warnings are errors); ``sphinx-build -b doctest docs docs/_build/doctest`` runs the doctests
of the pages and of the docstrings the reference shows. docs/index.md says why Sphinx."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import xzcore  # the installed package: its version, and what autodoc imports

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_ext"))

project = "xzcore"
author = "xzcore developers"
copyright = "xzcore developers, MIT License"
release = xzcore.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "rule_ids",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "performance.json"]

# Links between pages by file name (rules.md#r10) and to any heading by its slug.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]
suppress_warnings: list[str] = []

# The doctests of a docstring run, as under `python -m doctest`, with its module's names:
# those of every module the API reference shows.
_REFERENCED = re.findall(r"^\.\. automodule:: (\S+)", (HERE / "api.md").read_text("utf-8"), re.M)
# (A package's names include its submodules': xzcore.kernel's functions come from them.)
doctest_global_setup = f"""
import importlib, sys
for _name in {_REFERENCED!r}:
    _module = importlib.import_module(_name)
    _inside = [m for n, m in sorted(sys.modules.items()) if n.startswith(_name + ".") and m]
    for _source in [*_inside, _module]:
        _names = vars(_source).items()
        globals().update((k, v) for k, v in _names if k[:2] != "__" or k == "__file__")
"""

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"xzcore {release}"
html_static_path: list[str] = []
