"""The ``run`` fixture of the quiet run's tests: ``quiet_run`` of each backend."""

from __future__ import annotations

import pytest
from test_quiet_run_loop import RunFn, run_fn


@pytest.fixture(params=["cython", "python"])
def run(request: pytest.FixtureRequest) -> RunFn:
    """:func:`test_quiet_run_loop.run_fn` of each backend."""
    return run_fn(request.param)
