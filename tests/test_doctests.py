"""The examples in the package's docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import xzcore

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(xzcore.__path__, "xzcore.")
    if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", ["xzcore", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
