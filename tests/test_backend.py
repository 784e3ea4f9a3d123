"""The one seam (xzcore.backend): every compiled module or every twin, chosen once."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import xzcore
from xzcore import backend
from xzcore.audit import replay
from xzcore.env import observation, seat
from xzcore.log import scan
from xzcore.round import base
from xzcore.scoring import engine

ROOT = Path(__file__).resolve().parents[1]


def _selected(role: str) -> str:
    name = backend.COMPILED[role]
    return name if backend.BACKEND == "cython" else name + "_twin"


def test_every_role_is_served_by_the_selected_module() -> None:
    import xzcore.kernel as kernel

    served = {
        "kernel": kernel.is_win,
        "scan": scan.scan_game,
        "scorer": engine.score_or_decline,
        "engine": base.transfer_dicts,
        "replay": replay.quiet_run,
        "planes": observation.plain_events,
        "options": seat.options_of,
        "seat": seat.play_steps,
    }
    assert set(served) == set(backend.COMPILED)
    for role, fn in served.items():
        assert fn is getattr(importlib.import_module(_selected(role)), fn.__name__), role


def test_the_package_reports_the_seams_backend() -> None:
    assert xzcore.BACKEND is backend.BACKEND
    if os.environ.get("XZ_REQUIRE_COMPILED"):
        assert backend.BACKEND == "cython"
    if os.environ.get("XZ_PUREPYTHON"):
        assert backend.BACKEND == "python"


def test_every_compiled_module_has_a_twin_with_its_functions_and_classes() -> None:
    for role, name in backend.COMPILED.items():
        twin = importlib.import_module(name + "_twin")
        if backend.BACKEND == "cython":
            compiled = importlib.import_module(name)
            public = {
                n
                for n, obj in vars(compiled).items()
                if not n.startswith("_") and getattr(obj, "__module__", None) == name
            }
            assert public <= set(dir(twin)), (role, sorted(public - set(dir(twin))))


def test_one_missing_compiled_module_selects_every_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XZ_PUREPYTHON", raising=False)
    monkeypatch.delenv("XZ_REQUIRE_COMPILED", raising=False)
    monkeypatch.setattr(backend, "_built", lambda module: module != "xzcore.log._scan")
    assert backend._choose() == "python"
    monkeypatch.setenv("XZ_REQUIRE_COMPILED", "1")
    with pytest.raises(ImportError, match=r"xzcore\.log\._scan not built"):
        backend._choose()


def _backend_in_subprocess(**env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("XZ_")}
    full_env.update(env)
    code = (
        "import xzcore, xzcore.log.scan as s, xzcore.kernel as k;"
        "print(xzcore.BACKEND, s.scan_game.__module__, k.is_win.__module__)"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=full_env, check=False
    )


def test_purepython_selects_every_twin_in_a_fresh_process() -> None:
    result = _backend_in_subprocess(XZ_PUREPYTHON="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["python", "xzcore.log._scan_twin", "xzcore.kernel._core_twin"]


def test_purepython_and_require_compiled_together_refuse_to_import() -> None:
    result = _backend_in_subprocess(XZ_PUREPYTHON="1", XZ_REQUIRE_COMPILED="1")
    assert result.returncode != 0
    assert "XZ_PUREPYTHON and XZ_REQUIRE_COMPILED are both set" in result.stderr
