#!/usr/bin/env python
"""Compare the compiled kernel with the pure-Python twin over many random hands.

Every concealed size (1, 2, 4, 5, …, 13, 14) and every void suit, from the realistic mix of
``xzcore.kernel._handgen`` (about a third complete or ready). Checks ``is_win`` / ``waits`` (with a
random ``held``) single and batch, ``Hand`` answers, and ``shanten`` and the value kernel on
every ``--every``-th hand. Prints a summary; exits 1 on the first disagreement, with the hand.

    nice python scripts/differential.py --hands 1000000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from xzcore.kernel import _core as compiled  # type: ignore[attr-defined]
from xzcore.kernel import _core_twin as twin
from xzcore.kernel._handgen import hand_mix, held_for, melds_for
from xzcore.kernel._input import meld_summary

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def _fail(what: str, counts: bytes, void: int, got: object, expected: object) -> None:
    print(
        f"DISAGREEMENT in {what}: counts={counts.hex()} void={void} "
        f"compiled={got!r} twin={expected!r}",
        file=sys.stderr,
    )
    sys.exit(1)


def run(hands: int, seed: int, every: int, chunk: int = 2000) -> dict[str, int]:
    """Compare ``hands`` hands; return counters of what was checked."""
    rng = random.Random(seed)
    stats = {"hands": 0, "wins": 0, "ready": 0, "shanten": 0, "value": 0}
    done = 0
    while done < hands:
        rows = []
        for i in range(min(chunk, hands - done)):
            size = SIZES[(done + i) % len(SIZES)]
            counts, void = hand_mix(size, rng)
            rows.append((counts, void, held_for(counts, rng)))
        wins = [r for r in rows if sum(r[0]) % 3 == 2]
        ready = [r for r in rows if sum(r[0]) % 3 == 1]
        got_w = compiled.is_win_batch(b"".join(r[0] for r in wins), [r[1] for r in wins])
        got_r = compiled.waits_batch(
            b"".join(r[0] for r in ready), [r[1] for r in ready], b"".join(r[2] for r in ready)
        )
        for (counts, void, _), got in zip(wins, got_w, strict=True):
            expected = twin.is_win(counts, void)
            if bool(got) != expected or compiled.Hand(counts, void).is_win() != expected:
                _fail("is_win", counts, void, bool(got), expected)
            stats["wins"] += expected
        for (counts, void, held), got in zip(ready, got_r, strict=True):
            expected_mask = twin.waits(counts, void, held)
            if got != expected_mask:
                _fail("waits(held)", counts, void, got, expected_mask)
            plain = twin.waits(counts, void)
            if compiled.Hand(counts, void).waits() != plain:
                _fail("Hand.waits", counts, void, compiled.Hand(counts, void).waits(), plain)
            stats["ready"] += expected_mask != 0
        for n, (counts, void, _held) in enumerate(rows):
            if (done + n) % every:
                continue
            got_s, exp_s = compiled.shanten(counts, void), twin.shanten(counts, void)
            if got_s != exp_s:
                _fail("shanten", counts, void, got_s, exp_s)
            stats["shanten"] += 1
            _compare_values(counts, void, stats, rng)
        done += len(rows)
        stats["hands"] = done
    return stats


def _compare_values(counts: bytes, void: int, stats: dict[str, int], rng: random.Random) -> None:
    """The 查叫 value kernel on one hand with random fitting melds, model and option."""
    held, meld_info = meld_summary(counts, melds_for(counts, rng))
    flags = rng.getrandbits(2)
    if sum(counts) % 3 == 2:
        got, expected = (m.win_fan(counts, void, held, meld_info, flags) for m in (compiled, twin))
    else:
        mode = rng.getrandbits(1)
        got, expected = (
            m.ready_fan(counts, void, held, meld_info, flags, mode) for m in (compiled, twin)
        )
    if got != expected:
        _fail(f"value meld_info={meld_info} flags={flags}", counts, void, got, expected)
    stats["value"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=20, help="shanten/value on every n-th hand")
    args = parser.parse_args()
    start = time.perf_counter()
    stats = run(args.hands, args.seed, args.every)
    elapsed = time.perf_counter() - start
    print(
        f"agree: {stats['hands']:,} hands (seed {args.seed}; {stats['wins']:,} wins, "
        f"{stats['ready']:,} ready), shanten on {stats['shanten']:,}, "
        f"value kernel on {stats['value']:,}; {elapsed:.0f} s"
    )


if __name__ == "__main__":
    main()
