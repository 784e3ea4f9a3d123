"""docs/performance.md is what scripts/performance_page.py makes of the saved run beside it
(docs/performance.json): no number on the page is typed by hand."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "performance_page", ROOT / "scripts" / "performance_page.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["performance_page"] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["performance_page"]
    return module


PAGE = _script()


def _run(benchmarks: list[tuple[str, str, float]]) -> dict[str, Any]:
    return {
        "datetime": "2026-01-02T03:04:05.678+00:00",
        "machine_info": {
            "cpu": {"brand_raw": "Test CPU", "count": 4},
            "system": "Linux",
            "release": "6.1",
            "python_implementation": "CPython",
            "python_version": "3.12.1",
        },
        "commit_info": {"id": "0123456789abcdef", "dirty": False},
        "benchmarks": [
            {
                "name": name,
                "fullname": f"{path}::{name}",
                "stats": {"median": median, "min": median / 2, "rounds": 10, "data": [1.0] * 9},
            }
            for path, name, median in benchmarks
        ],
    }


def test_the_committed_page_is_the_scripts_rendering_of_the_saved_run() -> None:
    saved = json.loads((ROOT / "docs" / "performance.json").read_text(encoding="utf-8"))
    assert (ROOT / "docs" / "performance.md").read_text(encoding="utf-8") == PAGE.page(saved)
    assert saved["benchmarks"] and all("data" not in b["stats"] for b in saved["benchmarks"])


def test_the_page_names_the_machine_and_date_and_orders_its_tables() -> None:
    data = _run(
        [
            ("benchmarks/bench_other.py", "test_x", 2.0),
            ("benchmarks/bench_audit.py", "audit_one", 0.000_293),
            ("benchmarks/bench_kernel.py", "is_win[compiled]", 0.000_038_8),
        ]
    )
    text = PAGE.page(data)
    assert "- date: 2026-01-02 03:04 UTC" in text
    assert "- machine: Test CPU, 4 logical cores, Linux 6.1" in text
    assert "commit 0123456789" in text and "uncommitted" not in text
    kernel, audit, other = (text.index(h) for h in ("## The kernel", "## The audit", "## bench"))
    assert kernel < audit < other  # BENCHMARKS' order, then any other file
    assert "| `is_win[compiled]` | 38.8 µs | 19.4 µs | 25,773 | 10 |" in text
    assert "| `test_x` | 2 s | 1 s | 0 | 10 |" in text


def test_a_saved_run_keeps_the_statistics_not_the_rounds() -> None:
    slim = PAGE.slim(_run([("benchmarks/bench_kernel.py", "is_win[compiled]", 1e-5)]))
    [bench] = slim["benchmarks"]
    assert bench["stats"] == {"median": 1e-5, "min": 5e-6, "rounds": 10}
    assert slim["machine_info"]["cpu"]["count"] == 4
    assert PAGE.page(slim) == PAGE.page(
        _run([("benchmarks/bench_kernel.py", "is_win[compiled]", 1e-5)])
    )
