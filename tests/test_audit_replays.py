"""Each sample of replays/ gives exactly the findings replays/README.md promises (issue 5
item 7), and scripts/make_replays.py makes the same bytes again."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from xzcore.audit import audit_file
from xzcore.signing import Verifier

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "replays"
KEY = REPLAYS / "demo-key.pub"

# file -> per game: (status, [(rule, event, offset), ...]) with the demo key
EXPECTED: dict[str, list[tuple[str, list[tuple[str, int | None, int | None]]]]] = {
    "preset-xuezhan.xzlog": [("verified", [])] * 3,
    "preset-chengdu-classic.xzlog": [("verified", [])] * 3,
    "preset-xueliu.xzlog": [("verified", [])] * 3,
    "wrong-multiplier.xzlog": [("findings", [("R8.3", 58, 5446)])],
    "missed-call-transfer.xzlog": [("findings", [("R9.5", 133, 11643)])],
    "huazhu-wrong-payee.xzlog": [("findings", [("R10.1", 140, 11990)])],
    "void-peng.xzlog": [("findings", [("R4.3", 71, 6372)])],
    "skipped-forced-win.xzlog": [("findings", [("R5.7", 132, 11190)])],
    "kept-suit-discard.xzlog": [("findings", [("R4.2", 5, 1484)])],
    "truncated.xzlog": [("verified", []), ("unreadable", [("L1", 66, 17279)])],
    "edited-record.xzlog": [("findings", [("L2", None, 0)]), ("verified", [])],
    "forged-signature.xzlog": [("findings", [("L3", None, 11067)])],
}


def _summary(
    name: str, key: bool = True
) -> list[tuple[str, list[tuple[str, int | None, int | None]]]]:
    verifier = Verifier.load(KEY) if key else None
    out = []
    for r in audit_file(REPLAYS / name, verifier=verifier):
        items = [(f.rule, f.location.event, f.location.offset) for f in r.findings]
        items += [(e.rule, e.location.event, e.location.offset) for e in r.unreadable]
        out.append((r.status, items))
    return out


def test_every_sample_is_listed() -> None:
    assert sorted(p.name for p in REPLAYS.glob("*.xzlog")) == sorted(EXPECTED)
    readme = (REPLAYS / "README.md").read_text(encoding="utf-8")
    for name in EXPECTED:
        assert f"`{name}`" in readme


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample(name: str) -> None:
    assert _summary(name) == EXPECTED[name]


def test_forged_signature_needs_the_key() -> None:
    assert _summary("forged-signature.xzlog", key=False) == [("verified", [])]


def test_figures_and_money_of_the_forged_claims() -> None:
    [r] = audit_file(REPLAYS / "wrong-multiplier.xzlog")
    [f] = r.findings
    assert f.claimed == {"fan": 1, "multiplier": 2, "capped": 2}
    assert f.correct == {"fan": 0, "multiplier": 1, "capped": 1}
    assert f.money == (0, -1, 0, 1)
    [r] = audit_file(REPLAYS / "missed-call-transfer.xzlog")
    assert r.findings[0].money == (0, -2, 0, 2)
    assert r.findings[0].claimed is None
    [r] = audit_file(REPLAYS / "huazhu-wrong-payee.xzlog")
    assert r.findings[0].money == (0, -64, 0, 64)


def test_samples_are_reproducible(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_replays", ROOT / "scripts/make_replays.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_replays"] = mod
    try:
        spec.loader.exec_module(mod)
        mod.main(["make_replays", str(tmp_path)])
    finally:
        del sys.modules["make_replays"]
    for p in [*REPLAYS.glob("*.xzlog"), KEY]:
        assert (tmp_path / p.name).read_bytes() == p.read_bytes(), (
            f"{p.name} differs: run `python scripts/make_replays.py` and update replays/README.md"
        )
