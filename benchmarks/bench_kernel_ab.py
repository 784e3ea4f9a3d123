"""Two builds of the compiled kernel in one process, timed in alternating rounds.

    python benchmarks/bench_kernel_ab.py --before /path/to/other/xzcore/_core.cpython-*.so

``--before`` is the ``_core`` extension of another checkout (e.g. a worktree of main, built
with ``pip install -e``); "after" is the ``xzcore.kernel._core`` this interpreter imports. Both run
the same hands (``xzcore.kernel._handgen``, as ``bench_kernel.py``), one loop of 1,000 hands per
operation and build in turn, the order swapped every round, so that a busy spell of a shared
machine falls on both alike: the ratio of the medians is what to read (above 1 = after is
faster). The absolute ns per hand are higher than ``bench_kernel.py``'s, which nets out the
bare loop and holds one build's tables in cache, not two.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from array import array
from collections.abc import Callable
from types import ModuleType

from xzcore.kernel._handgen import melds_for, ready_rows, win_rows
from xzcore.kernel._input import meld_summary


def load_other(path: str) -> ModuleType:
    """The extension at ``path`` as a second, separate module (its own tables)."""
    spec = importlib.util.spec_from_file_location("xzcore.kernel._core", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def operations(k: ModuleType) -> dict[str, Callable[[], object]]:
    """Name -> a loop over 1,000 hands calling one kernel operation of ``k``."""
    wins = win_rows(1000, seed=101)
    ready = ready_rows(1000, seed=102)
    rng = random.Random(5)
    ready_m = [(c, v, *meld_summary(c, melds_for(c, rng))) for c, v in ready]
    wins_m = [(c, v, *meld_summary(c, melds_for(c, rng))) for c, v in wins]
    win_hands = [k.Hand(c, v) for c, v in wins]
    ready_hands = [k.Hand(c, v) for c, v in ready]
    win_flat = b"".join(c for c, _ in wins)
    win_voids = array("b", [v for _, v in wins])
    ready_flat = b"".join(c for c, _ in ready)
    ready_voids = array("b", [v for _, v in ready])
    ready_held = b"".join(r[2] for r in ready_m)
    ready_infos = array("H", [r[3] for r in ready_m])
    is_win, waits, shanten = k.is_win, k.waits, k.shanten
    ready_fan, win_fan = k.ready_fan, k.win_fan

    def is_win_bytes() -> None:
        for c, v in wins:
            is_win(c, v)

    def hand_is_win() -> None:
        for h in win_hands:
            h.is_win()

    def is_win_batch() -> None:
        k.is_win_batch(win_flat, win_voids)

    def waits_bytes() -> None:
        for c, v in ready:
            waits(c, v)

    def hand_waits() -> None:
        for h in ready_hands:
            h.waits()

    def waits_batch() -> None:
        k.waits_batch(ready_flat, ready_voids)

    def hand_claimable() -> None:
        for h in ready_hands:
            h.claimable(5)

    def ready_fan_bytes() -> None:
        for c, v, held, info in ready_m:
            ready_fan(c, v, held, info)

    def ready_fan_batch() -> None:
        k.ready_fan_batch(ready_flat, ready_voids, ready_held, ready_infos)

    def win_fan_bytes() -> None:
        for c, v, held, info in wins_m:
            win_fan(c, v, held, info)

    def shanten_bytes() -> None:
        for c, v in wins[:500] + ready[:500]:
            shanten(c, v)

    return {
        "is_win (bytes)": is_win_bytes,
        "Hand.is_win": hand_is_win,
        "is_win_batch": is_win_batch,
        "waits (bytes)": waits_bytes,
        "Hand.waits": hand_waits,
        "waits_batch": waits_batch,
        "Hand.claimable": hand_claimable,
        "ready_fan": ready_fan_bytes,
        "ready_fan_batch": ready_fan_batch,
        "win_fan": win_fan_bytes,
        "shanten": shanten_bytes,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="path of the other _core extension")
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per operation (1000)")
    args = parser.parse_args(argv)
    import xzcore.kernel._core as after

    before = load_other(args.before)
    ops = {"before": operations(before), "after": operations(after)}
    times: dict[str, dict[str, list[float]]] = {
        name: {"before": [], "after": []} for name in ops["after"]
    }
    clock = time.perf_counter_ns
    for rnd in range(args.rounds):
        order = ("before", "after") if rnd % 2 else ("after", "before")
        for name in times:
            for which in order:
                loop = ops[which][name]
                start = clock()
                loop()
                times[name][which].append((clock() - start) / 1000)  # ns per hand
    print(f"{args.rounds} alternating rounds of 1,000 hands; medians, ns per hand")
    print()
    print("| operation | before | after | ratio before / after |")
    print("|---|---|---|---|")
    for name, by in times.items():
        b, a = statistics.median(by["before"]), statistics.median(by["after"])
        print(f"| {name} | {b:.1f} | {a:.1f} | {b / a:.3f} |")


if __name__ == "__main__":
    main()
