"""Shared fixtures: every kernel test runs on both backends (compiled and pure-Python twin)."""

from __future__ import annotations

import importlib
import os
import signal
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

BACKENDS = ["cython", "python"]
_MODULES = {"cython": "xzcore.kernel._core", "python": "xzcore.kernel._core_twin"}


def load_backend(name: str) -> ModuleType:
    """Import one kernel implementation; skip the compiled one if it is not built
    (unless XZ_REQUIRE_COMPILED=1, where a missing extension is a failure)."""
    try:
        return importlib.import_module(_MODULES[name])
    except ImportError:
        if name == "cython" and not os.environ.get("XZ_REQUIRE_COMPILED"):
            pytest.skip("compiled kernel xzcore.kernel._core is not built")
        raise


@pytest.fixture(params=BACKENDS)
def kernel(request: pytest.FixtureRequest) -> ModuleType:
    """The kernel module under test: ``xzcore.kernel._core`` or ``xzcore.kernel._core_twin``."""
    return load_backend(request.param)


@pytest.fixture
def twin() -> ModuleType:
    """The pure-Python twin, the oracle of the differential tests."""
    return importlib.import_module("xzcore.kernel._core_twin")


@pytest.fixture(autouse=True)
def _sigpipe_left_as_it_was() -> Iterator[None]:
    """``xz``'s ``main()`` lets SIGPIPE end the process (cli/main.py: exit 141, as a Unix
    filter); a test that calls it in process must not leave that to the tests after it,
    where a write to a closed pipe would end pytest itself."""
    before = signal.getsignal(signal.SIGPIPE) if hasattr(signal, "SIGPIPE") else None
    yield
    if before is not None:
        signal.signal(signal.SIGPIPE, before)
