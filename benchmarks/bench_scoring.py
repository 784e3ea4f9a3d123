"""Scoring benchmarks: ``score_win`` and ``chajiao_multiplier`` per hand, and the throughput of
``xz hand --jsonl`` (in process, and end to end as a command).

    pytest benchmarks/bench_scoring.py --benchmark-only -q
    python benchmarks/bench_scoring.py 100000 [JOBS]  # xz hand --jsonl as a subprocess

Hands: distinct winning hands built from sets and a pair over one or two suits, with 0–4
melds of every kind, a void suit they respect, and a mix of win contexts (see
``winning_requests``). Scoring is pure Python; the kernel backend (compiled or twin) only
serves its quick ``is_win`` check, so the summary row is labelled with the kernel in use.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import pytest

from xzcore import BACKEND
from xzcore.cli.hand import _RulesCache, run_jsonl
from xzcore.kernel._handgen import complete_hand
from xzcore.rules import RuleSet
from xzcore.scoring import WinContext, chajiao_multiplier, score_win
from xzcore.tiles import Meld, MeldKind, format_tiles, kinds_of, parse_tiles, tile_name

pytestmark = pytest.mark.benchmark(warmup=True, warmup_iterations=5, min_rounds=5)

KERNEL = "compiled" if BACKEND == "cython" else "twin"
_KINDS = (MeldKind.PENG, MeldKind.PENG, MeldKind.GANG, MeldKind.BUGANG, MeldKind.ANGANG)
_CONTEXTS = [
    {},
    {},
    {"self_draw": True},
    {"self_draw": True},
    {"self_draw": True, "after_gang": True},
    {"after_gang": True},
    {"robbed": True},
    {"self_draw": True, "last_tile": True},
]


def winning_requests(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` distinct winning hands as ``xz hand --jsonl`` requests."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    while len(out) < n:
        suits = rng.sample([0, 1, 2], rng.choice([1, 2, 2, 2]))
        n_melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
        counts = complete_hand(n_melds, rng, suits)
        melds: list[list[str]] = []
        held = list(counts)
        while len(melds) < n_melds:
            kind = 9 * rng.choice(suits) + rng.randrange(9)
            mk = rng.choice(_KINDS)
            if held[kind] + mk.size <= 4:
                held[kind] += mk.size
                melds.append([mk.value, tile_name(kind)])
        tiles = kinds_of(counts)
        win = rng.choice(tiles)
        tiles.remove(win)
        void = next(s for s in (0, 1, 2) if s not in suits)
        req = {
            "hand": format_tiles(tiles),
            "win_tile": tile_name(win),
            "melds": melds,
            "void": "mps"[void],
            **rng.choice(_CONTEXTS),
        }
        key = json.dumps(req, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(req)
    return out


REQUESTS = winning_requests(1000)
XZ = RuleSet.preset("xuezhan")
Timed = Callable[[str, str, Callable[[], object]], Any]


def _args(req: dict[str, Any]) -> tuple[Any, ...]:
    melds = [Meld(MeldKind(k), _kind(t)) for k, t in req["melds"]]
    flags = {k: v for k, v in req.items() if k in WinContext.__dataclass_fields__}
    return (
        req["hand"],
        _kind(req["win_tile"]),
        melds,
        "mps".index(req["void"]),
        WinContext(**flags),
    )


def _kind(name: str) -> int:
    return (int(name[0]) - 1) + 9 * "mps".index(name[1])


ARGS = [_args(r) for r in REQUESTS]


def test_score_win(timed: Timed) -> None:
    rows = [(parse_tiles(a[0]), *a[1:]) for a in ARGS]

    def loop() -> None:
        for hand, win, melds, void, ctx in rows:
            score_win(hand, win, melds, void, ctx, XZ)

    timed("score_win (xuezhan)", KERNEL, loop)


def test_score_win_additive(timed: Timed) -> None:
    rows = [(parse_tiles(a[0]), *a[1:]) for a in ARGS]
    cd = RuleSet.preset("chengdu-classic")

    def loop() -> None:
        for hand, win, melds, void, ctx in rows:
            score_win(hand, win, melds, void, ctx, cd)

    timed("score_win (chengdu-classic)", KERNEL, loop)


def test_chajiao_multiplier(timed: Timed) -> None:
    rows = [(parse_tiles(a[0]), a[2], a[3]) for a in ARGS]

    def loop() -> None:
        for hand, melds, void in rows:
            chajiao_multiplier(hand, melds, void, XZ)

    timed("chajiao_multiplier (kernel ready_fan)", KERNEL, loop)


def test_chajiao_multiplier_brute_force(timed: Timed) -> None:
    rows = [(parse_tiles(a[0]), a[2], a[3]) for a in ARGS]

    def loop() -> None:
        for hand, melds, void in rows:
            chajiao_multiplier(hand, melds, void, XZ, brute_force=True)

    timed("chajiao_multiplier (brute force)", KERNEL, loop)


def test_jsonl_in_process(timed: Timed) -> None:
    lines = [json.dumps(r).encode() for r in REQUESTS]
    cache = _RulesCache("xuezhan", {})

    def loop() -> None:
        out = io.StringIO()
        assert run_jsonl(lines, out, cache) == 0

    timed("xz hand --jsonl line (in process)", KERNEL, loop)


def main(n: int, jobs: int = 1) -> None:
    """Time ``xz hand --jsonl`` end to end on ``n`` distinct hands; print hands/s."""
    reqs = winning_requests(n, seed=11)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        fh.write("\n".join(json.dumps(r) for r in reqs) + "\n")
    cmd = [sys.executable, "-m", "xzcore.cli", "hand", "--jsonl", fh.name, "--jobs", str(jobs)]
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
        assert done.returncode == 0
    best = sorted(times)[1]
    print(
        f"xz hand --jsonl --jobs {jobs}: {n} hands, median of 3 runs {best:.2f} s, "
        f"{n / best:,.0f} hands/s (kernel: {KERNEL})"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000, *map(int, sys.argv[2:3]))
