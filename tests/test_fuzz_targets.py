"""The fuzz targets of fuzz/ (fuzz/README.md) run over their seed corpora as plain functions —
without atheris' engine, and without atheris at all when it is not installed (the targets
import it only if it is there) — so that they cannot rot; and each target's oracle catches
the kind of failure it is there to catch."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
TARGETS = ("log_reader", "audit_bytes", "hand_jsonl")

if not FUZZ.is_dir():  # the sdist carries tests/ but not fuzz/ (MANIFEST.in)
    pytest.skip("fuzz/ is not here (an sdist)", allow_module_level=True)


def load(name: str) -> ModuleType:
    """``fuzz/<name>.py`` as a module (fuzz/ is a folder of scripts, not a package)."""
    key = f"fuzz_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, FUZZ / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def corpora() -> dict[str, list[bytes]]:
    return load("make_corpus").corpora()


@pytest.mark.parametrize("target", TARGETS)
def test_every_seed_passes_its_target(target: str, corpora: dict[str, list[bytes]]) -> None:
    seeds = corpora[target]
    assert len(seeds) >= 20
    test_one_input = load(f"{target}_target").TestOneInput
    for seed in seeds:
        test_one_input(seed)
        test_one_input(seed[:-1])  # odd and even lengths: re-chained and as it is


def test_the_log_seeds_hold_whole_files_single_games_and_prefixes(
    corpora: dict[str, list[bytes]],
) -> None:
    seeds = corpora["log_reader"]
    xuezhan = (FUZZ.parent / "replays" / "preset-xuezhan.xzlog").read_bytes()
    assert xuezhan in seeds
    starts = [s for s in seeds if xuezhan.startswith(s) and s != xuezhan]
    assert len(starts) >= 5  # the first game alone and cuts of it
    assert any(xuezhan.find(s) > 0 for s in seeds)  # a later game alone
    assert sum(map(len, seeds)) < 2_000_000  # generated, not committed, but still small


def test_rechain_leaves_a_good_log_alone_and_repairs_an_edited_one() -> None:
    from xzcore.audit.report import audit_bytes

    rechain = load("harness").rechain
    good = (FUZZ.parent / "replays" / "preset-leshan.xzlog").read_bytes()
    assert rechain(good) == good
    edited = (FUZZ.parent / "replays" / "edited-record.xzlog").read_bytes()
    assert [f.rule for r in audit_bytes(edited) for f in r.findings] == ["L2"]
    repaired = rechain(edited)
    assert len(repaired) == len(edited)
    assert [r.status for r in audit_bytes(repaired)] == ["verified", "verified"]


def test_canon_tells_types_apart_and_survives_deep_nesting() -> None:
    canon = load("harness").canon
    assert canon({"a": 1, "b": [2.0]}) == canon({"b": [2.0], "a": 1})
    assert canon([1]) != canon([1.0]) != canon([True])
    assert canon(float("nan")) == canon(float("nan"))
    assert canon(b"x") != canon(bytearray(b"x"))
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    assert canon(deep) == canon(deep)


def test_the_reader_target_calls_any_other_exception_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import xzcore.log.reader

    target = load("log_reader_target")
    seed = (FUZZ.parent / "replays" / "void-peng.xzlog").read_bytes()

    def broken(payload: object, loc: object) -> object:
        raise KeyError("format")

    monkeypatch.setattr(xzcore.log.reader, "parse_header", broken)
    with pytest.raises(KeyError):
        target.TestOneInput(seed)


def test_the_reader_target_calls_scan_and_records_disagreeing_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import xzcore.log.reader

    target = load("log_reader_target")
    seed = (FUZZ.parent / "replays" / "void-peng.xzlog").read_bytes()
    real = xzcore.log.reader.LogReader._deliver

    def shifted(self: object, got: tuple[object, ...], visitor: object) -> bool:
        return bool(real(self, (*got[:3], [o + 1 for o in got[3]], *got[4:]), visitor))

    monkeypatch.setattr(xzcore.log.reader.LogReader, "_deliver", shifted)
    with pytest.raises(AssertionError, match="scan=True and scan=False"):
        target.TestOneInput(seed)


def test_the_audit_target_calls_a_failed_replay_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    import xzcore.audit.report

    target = load("audit_bytes_target")
    seed = (FUZZ.parent / "replays" / "void-peng.xzlog").read_bytes()

    def broken(*args: object, **kw: object) -> object:
        raise RuntimeError("tiles not conserved")

    monkeypatch.setattr(xzcore.audit.report, "compare_events", broken)
    with pytest.raises(AssertionError, match="the audit failed"):
        target.TestOneInput(seed)


def test_the_hand_target_calls_an_undocumented_error_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import xzcore.cli.hand

    target = load("hand_jsonl_target")

    def broken(*args: object, **kw: object) -> object:
        raise TypeError("unhashable")

    monkeypatch.setattr(xzcore.cli.hand, "solve", broken)
    with pytest.raises(AssertionError, match="undocumented error type"):
        target.TestOneInput(b'{"hand": "1112345678999s", "void": "m"}\n')
