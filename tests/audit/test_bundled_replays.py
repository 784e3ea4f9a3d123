"""Each sample of replays/ gives exactly the findings replays/README.md promises,
and scripts/make_replays.py makes the same bytes again."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from xzcore.audit.report import audit_file
from xzcore.log.reader import read_game
from xzcore.log.signing import Verifier

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"
KEY = REPLAYS / "demo-key.pub"

# What each sample must give (per game: status, [(rule, event, offset)]), written by
# scripts/make_replays.py from how it made the sample (which event it edited, which action
# it planted), not from the audit.
EXPECTED: dict[str, list[list[Any]]] = json.loads((REPLAYS / "expected.json").read_text())

# The rule of the planted problem of each disputed sample, spelled out here as well.
PLANTED = {
    "wrong-multiplier.xzlog": "R8.3",
    "missed-call-transfer.xzlog": "R9.5",
    "huazhu-wrong-payee.xzlog": "R10.1",
    "void-peng.xzlog": "R4.3",
    "skipped-forced-win.xzlog": "R5.7",
    "kept-suit-discard.xzlog": "R4.2",
    "leshan-piao-left-out.xzlog": "R13.3",
    "leshan-baige-peng.xzlog": "R13.4",
    "truncated.xzlog": "L1",
    "edited-record.xzlog": "L2",
    "forged-signature.xzlog": "L3",
}


def _summary(
    name: str, key: bool = True
) -> list[tuple[str, list[tuple[str, int | None, int | None]]]]:
    verifier = Verifier.load(KEY) if key else None
    out = []
    for r in audit_file(REPLAYS / name, verifier=verifier):
        items = [[f.rule, f.location.event, f.location.offset] for f in r.findings]
        items += [[e.rule, e.location.event, e.location.offset] for e in r.unreadable]
        out.append([r.status, items])
    return out


def test_every_sample_is_listed() -> None:
    assert sorted(p.name for p in REPLAYS.glob("*.xzlog")) == sorted(EXPECTED)
    readme = (REPLAYS / "README.md").read_text(encoding="utf-8")
    for name in EXPECTED:
        assert f"`{name}`" in readme
    for preset in ("xuezhan", "chengdu-classic", "xueliu", "leshan"):
        assert EXPECTED[f"preset-{preset}.xzlog"] == [["verified", []]] * 3


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample(name: str) -> None:
    assert _summary(name) == EXPECTED[name]
    rules = {item[0] for _, items in EXPECTED[name] for item in items}
    assert rules == ({PLANTED[name]} if name in PLANTED else set())


def test_forged_signature_needs_the_key() -> None:
    assert _summary("forged-signature.xzlog", key=False) == [["verified", []]]


def test_money_of_the_forged_figures() -> None:
    """The money difference is the edit the sample made: twice the win's payment less the
    payment, the call transfer left out, the 花猪 payment moved between two seats."""
    [r] = audit_file(REPLAYS / "wrong-multiplier.xzlog")
    [f] = r.findings
    assert f.claimed["multiplier"] == 2 * f.correct["multiplier"]
    assert f.claimed["fan"] == f.correct["fan"] + 1
    assert f.money is not None and sum(f.money) == 0 and max(f.money) > 0
    [r] = audit_file(REPLAYS / "missed-call-transfer.xzlog")
    [f] = r.findings
    assert f.claimed is None and f.correct["type"] == "call_transfer"
    units = sum(t["units"] for t in f.correct["transfers"])
    assert f.money is not None and sorted(f.money) == [-units, 0, 0, units]
    [r] = audit_file(REPLAYS / "huazhu-wrong-payee.xzlog")
    [f] = r.findings
    assert f.money is not None and sorted(f.money) == [-64, 0, 0, 64]


def _engine_of_the_samples() -> str:
    """The engine the bundled samples' headers name (L4): one name for them all."""
    names = set()
    for path in REPLAYS.glob("preset-*.xzlog"):
        with path.open("rb") as fh:
            game = read_game(fh)
        assert game is not None and game.header is not None
        names.add(game.header.engine)
    [name] = names
    return name


def test_samples_are_reproducible(tmp_path: Path) -> None:
    """The samples made again are the same bytes, under the engine name they were made by
    (a new version of xzcore alone does not change them: the header is data, L4)."""
    spec = importlib.util.spec_from_file_location("make_replays", ROOT / "scripts/make_replays.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_replays"] = mod
    try:
        spec.loader.exec_module(mod)
        mod.main(["make_replays", str(tmp_path), "--engine", _engine_of_the_samples()])
    finally:
        del sys.modules["make_replays"]
    for p in [*REPLAYS.glob("*.xzlog"), KEY, REPLAYS / "expected.json", REPLAYS / "README.md"]:
        assert (tmp_path / p.name).read_bytes() == p.read_bytes(), (
            f"{p.name} differs: run `python scripts/make_replays.py` and update replays/README.md"
        )


def test_leshan_disputes_name_their_rules() -> None:
    """The 飘 left out of a Leshan payment is found under R13.3 with the money it moved;
    a 碰 by a seat that laid its hand open is refused under R13.4."""
    [r] = audit_file(REPLAYS / "leshan-piao-left-out.xzlog")
    [f] = r.findings
    assert f.rule == "R13.3" and f.money is not None
    assert sum(f.money) == 0 and max(f.money) > 0  # the payer kept what the winner lost
    [r] = audit_file(REPLAYS / "leshan-baige-peng.xzlog")
    [f] = r.findings
    assert f.rule == "R13.4" and "摆割" in f.message


@pytest.mark.parametrize("preset", ["xuezhan", "chengdu-classic", "xueliu", "leshan"])
def test_fair_samples_hold_wins_of_every_kind(preset: str) -> None:
    """Each fair sample: game 0 by the random bots (seed 1), ending on the empty wall with
    the R10 settlement; games 1-2 by the greedy bots, on seeds chosen so that the file holds
    several wins, self-drawn and on a discard (R7.1), and a gang (R6.1): auditing them checks
    real scoring (R8) and payment (R9) claims, and every game verifies."""
    from xzcore.log.reader import CollectingBuilder, LogReader

    with open(REPLAYS / f"preset-{preset}.xzlog", "rb") as fh:
        reader = LogReader(fh)
        games = []
        while (g := reader.read_game(CollectingBuilder)) is not None:
            games.append(g)
    assert len(games) == 3 and games[0].header is not None and games[0].header.seed == 1
    assert any(e["type"] == "settlement" for e in games[0].events)
    wins = [e for g in games for e in g.events if e["type"] == "hora"]
    assert all(sum(e["type"] == "hora" for e in g.events) >= 2 for g in games[1:])
    assert {bool(w["self_draw"]) for w in wins} == {True, False}
    assert any(e["type"] in ("ankan", "daiminkan", "kakan") for g in games for e in g.events)
    assert all(w["score"]["multiplier"] >= 1 and w["transfers"] for w in wins)
    assert [r.status for r in audit_file(REPLAYS / f"preset-{preset}.xzlog")] == ["verified"] * 3
