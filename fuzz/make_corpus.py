"""Build the fuzz targets' seed corpora into ``fuzz/corpus/<target>/`` (not committed:
they are made from the repository's own data, so they follow replays/ when it is remade).

- ``log_reader`` and ``audit_bytes``: every log of ``replays/`` whole, each of its games
  alone, and cuts of its first game — its header alone, mid-header, into the first event,
  halfway, just before the claims, the closing and the last byte; and one game with an
  event nested 1,000 deep;
- ``hand_jsonl``: the requests of docs/hand-jsonl.md and README.md, the first lines of
  tests/golden/scoring.jsonl made requests (result fields dropped), every request field in
  each of its shapes, and the documented failures (bad JSON, not UTF-8, a BOM, deep
  nesting, unknown fields, wrong types), one a file and a few files of several lines.

``python fuzz/make_corpus.py`` (``--out DIR`` elsewhere). Each seed is named by the SHA-1 of
its bytes, as libFuzzer names what it adds; an existing corpus directory gains the seeds
it lacks and keeps what a run added.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus"
TARGETS = ("log_reader", "audit_bytes", "hand_jsonl")

# Game starts are found by reading the logs with xzcore's own reader (not instrumented: this
# is not a fuzzing run).
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def game_spans(data: bytes) -> list[tuple[int, int, list[int], int | None]]:
    """(start, end, event offsets, claims offset) of each readable game of a log."""
    from xzcore.log.reader import CollectingBuilder, LogReader

    reader = LogReader(io.BytesIO(data))
    spans = []
    while True:
        start = reader.offset
        game = reader.read_game(CollectingBuilder)
        if game is None:
            return spans
        spans.append((start, reader.offset, list(game.event_offsets), game.claims_offset))


def log_seeds() -> list[bytes]:
    """The seeds of the two log targets."""
    seeds: list[bytes] = []
    for path in sorted((ROOT / "replays").glob("*.xzlog")):
        data = path.read_bytes()
        seeds.append(data)
        spans = game_spans(data)
        if len(spans) > 1:
            seeds += [data[start:end] for start, end, _, _ in spans]
        if not spans:
            continue
        start, end, events, claims = spans[0]
        first = data[start:end]
        cuts = [len(first) // 2, len(first) - 1]
        if events:
            cuts += [events[0], events[0] // 2, events[0] + 5]
        if claims is not None:
            cuts += [claims, claims + 3]
        seeds += [first[:cut] for cut in sorted(set(cuts)) if 0 < cut < len(first)]
        if path.name == "void-peng.xzlog" and len(events) > 2:
            seeds.append(deep_event(first, events))
    return seeds


def deep_event(game: bytes, events: list[int]) -> bytes:
    """``game`` with its event 1 a list nested 1,000 deep (L6 allows 1,023 open containers),
    the hash chain made right: the input of tests/cli/test_cli_deep_values.py."""
    from harness import rechain

    record = b"\x93\x01" + b"\x91" * 1000 + b"\x90" + b"\xc4\x20" + bytes(32)
    return rechain(game[: events[1]] + record + game[events[2] :])


def _doc_requests() -> list[str]:
    """JSON objects with a ``hand`` quoted in docs/hand-jsonl.md and README.md."""
    found = []
    for doc in (ROOT / "docs" / "hand-jsonl.md", ROOT / "README.md"):
        for m in re.finditer(r"\{\"hand\"[^\n']*?\}", doc.read_text(encoding="utf-8")):
            try:
                json.loads(m.group(0))
            except ValueError:
                continue
            found.append(m.group(0))
    return found


def _golden_requests(n: int = 40) -> list[str]:
    """The first ``n`` lines of tests/golden/scoring.jsonl as requests (the doc's recipe)."""
    out = []
    lines = (ROOT / "tests" / "golden" / "scoring.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines[:n]:
        req = json.loads(line)
        req.pop("xuezhan", None)
        req.pop("chengdu_classic", None)
        out.append(json.dumps(req, ensure_ascii=False))
    return out


HAND_REQUESTS = [
    # every field, in each of its shapes (docs/hand-jsonl.md, "Request")
    '{"hand": "123345789m2346p", "win_tile": "6p", "void": "s", "self_draw": true}',
    '{"hand": "1112345678999s", "void": "m"}',
    '{"hand": "1112345678999s", "void": "m", "explain": true, "id": 7}',
    '{"hand": "5p", "melds": "gang 3p, angang 9m, bugang 2m, bugang 7p", "win_tile": "5p", '
    '"void": "s"}',
    '{"hand": "5p", "melds": [["gang", "3p"], ["angang", "9m"], ["bugang", "2m"], '
    '["peng", "7p"]], "win_tile": "5p", "void": "s", "explain": true}',
    '{"hand": "5p5p", "melds": ["peng 3p", "angang 9m", "bugang 2m", "peng 7p"], "void": "-"}',
    '{"hand": "11223344556677m", "void": null, "rules": "chengdu-classic"}',
    '{"hand": "111222333m45699p", "win_tile": "9p", "void": "s", "robbed": true}',
    '{"hand": "19m19p19s1234567m", "void": "s", "rules": "leshan"}',
    '{"hand": "123m456m789m11p22p", "win_tile": "2p", "void": "s", "last_tile": true, '
    '"self_draw": true, "after_gang": true}',
    '{"hand": "22334455667788m", "void": "p", "first_turn": true, "dealer": true, '
    '"self_draw": true}',
    '{"hand": "1112345678999s", "void": "m", "rules": "xueliu", "set": {"cap_fan": 4, '
    '"zimo_bonus": "double"}}',
    '{"hand": "2223334445556s", "void": "万", "set": {"declare_void": false}}',
    '{"hand": "一二三四五六七八九万1122筒", "void": "条"}',
    # the documented failures (docs/hand-jsonl.md, "error.type")
    '{"hand": "1112345678999s", "selfdraw": true}',
    '{"hand": 5}',
    '{"hand": "11112345678999s"}',
    '{"hand": "123m", "win_tile": "6p"}',
    '{"hand": "123345789m2346p", "win_tile": "6p", "self_draw": true, "robbed": true}',
    '{"hand": "123345789m2346p", "win_tile": "6p", "rules": "mahjong"}',
    '{"hand": "123345789m2346p", "win_tile": "6p", "set": {"cap_fan": "many"}}',
    '{"hand": "123345789m2346p", "win_tile": "6p", "self_draw": 1}',
    "[1, 2, 3]",
    '{"hand": "12',
    "[" * 3000 + "]" * 3000,
]


def hand_seeds() -> list[bytes]:
    """The seeds of the ``xz hand --jsonl`` target: one request a file, and files of several
    lines (blank lines, a BOM, bytes that are not UTF-8 among them)."""
    requests = HAND_REQUESTS + _doc_requests() + _golden_requests()
    seeds = [r.encode() + b"\n" for r in requests]
    seeds.append(b"\xef\xbb\xbf" + HAND_REQUESTS[1].encode() + b"\n")
    seeds.append(b'{"hand": "\xff\xfe"}\n')
    seeds.append(b"\n   \n" + HAND_REQUESTS[0].encode())  # blank lines, no final newline
    seeds.append(("\n".join(HAND_REQUESTS[:8]) + "\n").encode())
    seeds.append(("\n".join(_golden_requests(12)) + "\n").encode())
    return seeds


def write(target: str, seeds: list[bytes], out: Path) -> int:
    """Write ``seeds`` into ``out/target``; the number of seeds new there."""
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    new = 0
    for seed in seeds:
        path = folder / hashlib.sha1(seed).hexdigest()
        if not path.exists():
            path.write_bytes(seed)
            new += 1
    return new


def corpora() -> dict[str, list[bytes]]:
    """Each target's seeds (distinct, in a fixed order)."""
    logs = list(dict.fromkeys(log_seeds()))
    return {
        "log_reader": logs,
        "audit_bytes": logs,
        "hand_jsonl": list(dict.fromkeys(hand_seeds())),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=CORPUS, help="corpus root (fuzz/corpus)")
    args = parser.parse_args(argv)
    for target, seeds in corpora().items():
        new = write(target, seeds, args.out)
        size = sum(map(len, seeds))
        print(f"{target}: {len(seeds)} seeds, {size:,} bytes ({new} new) in {args.out / target}")


if __name__ == "__main__":
    main()
