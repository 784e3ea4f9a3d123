"""xzcore.batch: a file cut into byte ranges from its size alone, each range audited where
the data is and checked where it meets the range before, gives the whole file's audit byte
for byte — every format, both languages, damaged and doctored files included (docs/scale.md).
The oracle is the whole file read in order (:func:`xzcore.audit.report.audit_file`)."""

from __future__ import annotations

import builtins
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xzcore.audit.report import audit_file
from xzcore.batch import BatchAudit, Options, plan_file
from xzcore.batch.results import file_hash
from xzcore.batch.task import render
from xzcore.log.reader import LogReader
from xzcore.log.records import HEADER_MAGIC, find_game_start
from xzcore.log.types import Match
from xzcore.log.writer import LogWriter
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import PRESETS, RuleSet

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
KEY_PEM = (REPLAYS / "demo-key.pub").read_bytes()


def record(preset: str, games: int, seed: int, *, match: bool = True) -> bytes:
    """``games`` greedy-bot games of ``preset`` as one log (a 1.1 match, as ``xz record``
    writes, unless ``match`` is false: 1.0)."""
    buf = io.BytesIO()
    writer = LogWriter(buf, match=Match.new(games) if match else None)
    choosers = [bot_chooser("greedy", s) for s in range(4)]
    for _ in record_games(writer, RuleSet.preset(preset), games, seed=seed, choosers=choosers):
        pass
    return buf.getvalue()


def starts(data: bytes) -> list[int]:
    """Where each game starts (L1)."""
    out, i = [], find_game_start(data)
    while i != -1:
        out.append(i)
        i = find_game_start(data, i + 1)
    return out


def damaged(data: bytes) -> dict[str, bytes]:
    """The ways a file gets damaged or doctored, each cut where ranges will meet it."""
    s = starts(data)
    mid, n = s[len(s) // 2], len(data)
    nxt = s[len(s) // 2 + 1]
    after = s[len(s) // 2 + 2]
    return {
        "torn": data[: n * 2 // 3],  # cut inside a record
        "junk-inside": data[: n // 3] + b"\x00junk" * 50 + data[n // 3 :],
        "junk-between": data[:mid] + b"garbage!" * 100 + data[mid:],
        "missing": data[:mid] + data[nxt:],  # L8.3, L2
        "swapped": data[:mid] + data[nxt:after] + data[mid:nxt] + data[after:],  # L8.5
        "repeated": data[:nxt] + data[mid:],  # L8.4
        "flipped": data[: n // 4] + bytes([data[n // 4] ^ 0xFF]) + data[n // 4 + 1 :],
        "junk-end": data + b"\xc1" * 300,
    }


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Logs of every preset, 1.1 and 1.0, and damaged copies."""
    root = tmp_path_factory.mktemp("corpus")
    blobs = {f"{p}.xzlog": record(p, 6, 40 + i) for i, p in enumerate(PRESETS)}
    blobs["legacy.xzlog"] = record("xuezhan", 5, 9, match=False)
    for name, blob in damaged(blobs["xuezhan.xzlog"]).items():
        blobs[f"{name}.xzlog"] = blob
    blobs["legacy-missing.xzlog"] = damaged(blobs["legacy.xzlog"])["missing"]
    paths = []
    for name, blob in sorted(blobs.items()):
        (root / name).write_bytes(blob)
        paths.append(root / name)
    return paths


def whole_text(paths: list[Path], options: Options) -> str:
    """The run's text as the whole files read in order give it (the oracle)."""
    parts = []
    for p in paths:
        reports = [r.to_dict(options.lang) for r in audit_file(p, verifier=_verifier(options))]
        text = render(reports, options, True)
        if options.hashes:
            text = text.replace(f'"{options.hash_token}"', json.dumps(file_hash(str(p))))
        parts.append(text)
    out = "".join(parts)
    return out[1:] if options.fmt == "json" else out


def _verifier(options: Options) -> Any:
    from xzcore.log.signing import Verifier

    return Verifier.from_pem(options.key_pem) if options.key_pem else None


def ranged(paths: list[Path], options: Options, part_bytes: int) -> tuple[str, BatchAudit]:
    run = BatchAudit([str(p) for p in paths], options, part_bytes=part_bytes)
    return "".join(out.text for out in run), run


FORMATS = [
    Options(fmt="jsonl", hashes=True, hash_token="xz-file-hash-test"),
    Options(fmt="json", lang="zh"),
    Options(fmt="table"),
    Options(fmt="table", lang="zh", quiet=True),
]


@pytest.mark.parametrize("part_bytes", [900, 5000, 23000, 1 << 20])
@pytest.mark.parametrize("options", FORMATS, ids=lambda o: f"{o.fmt}-{o.lang}")
def test_ranges_give_the_whole_files_text(
    corpus: list[Path], options: Options, part_bytes: int
) -> None:
    got, run = ranged(corpus, options, part_bytes)
    assert got == whole_text(corpus, options)
    assert run.tally.games == sum(len(list(audit_file(p))) for p in corpus)


def test_clean_files_are_never_read_twice(corpus: list[Path]) -> None:
    """A whole file's ranges begin in the state the range before stops in: no range is
    audited again (the assumed state is the right one)."""
    clean = [p for p in corpus if p.stem in PRESETS or p.stem == "legacy"]
    assert len(clean) == len(PRESETS) + 1
    _, run = ranged(clean, Options(), 900)
    assert run.reruns == 0
    assert run.tally.games == run.tally.verified > 20


@pytest.mark.parametrize(
    "name", ["junk-between", "missing", "swapped", "repeated", "legacy-missing"]
)
def test_a_damaged_file_is_read_again_from_where_its_reading_stands(
    corpus: list[Path], name: str
) -> None:
    (path,) = [p for p in corpus if p.stem == name]
    got, run = ranged([path], Options(), 900)
    assert run.reruns > 0
    assert got == whole_text([path], Options())


def test_a_signed_run_of_the_bundled_replays(tmp_path: Path) -> None:
    logs = sorted(REPLAYS.glob("*.xzlog"))
    options = Options(fmt="jsonl", key_pem=KEY_PEM, hashes=True, hash_token="xz-file-hash-t")
    for part_bytes in (700, 4000):
        got, run = ranged(logs, options, part_bytes)
        assert got == whole_text(logs, options)
        assert run.exit_code == 3


def with_fake_start(data: bytes, fake: bytes) -> bytes:
    """``data`` written again with an event holding ``fake`` in each game's events (the
    chain rebuilt, as a forger would: only the replay finds the event wrong)."""
    out = io.BytesIO()
    writer = LogWriter(out)
    for game in LogReader(io.BytesIO(data)):
        h = game.header
        assert h is not None and game.claims is not None
        writer.begin_game(
            rules=h.rules, wall=h.wall, dealer=h.dealer, seats=list(h.seats), seed=h.seed
        )
        events = list(game.events)
        events.insert(3, {"type": "note", "data": fake})
        for e in events:
            writer.write_event(e)
        writer.write_claims(game.claims)
        writer.end_game()
    return out.getvalue()


def test_a_game_start_inside_an_event_does_not_fool_the_ranges(tmp_path: Path) -> None:
    """An event carrying the bytes of a game start (msgpack allows any value in an event)
    makes a range that starts before it begin there; the check where ranges meet finds
    that, and the range is read again from where the file's reading stands."""
    fake = b"\x93\x00\x8d" + HEADER_MAGIC + b"\x00" * 40
    data = with_fake_start(record("xuezhan", 3, 5, match=False), fake)
    path = tmp_path / "fake.xzlog"
    path.write_bytes(data)
    assert len(starts(data)) == 6  # a byte scan counts the fake ones too
    reruns = 0
    for part_bytes in range(300, 4000, 97):
        got, run = ranged([path], Options(fmt="jsonl"), part_bytes)
        assert got == whole_text([path], Options(fmt="jsonl")), part_bytes
        reruns += run.reruns
    assert reruns > 0
    assert all(json.loads(line)["status"] == "findings" for line in got.splitlines())


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    part_bytes=st.integers(200, 40000),
    cut=st.integers(0, 10**9),
    junk=st.binary(max_size=64),
    keep=st.booleans(),
)
def test_any_cut_of_any_damage_gives_the_whole_file(
    tmp_path_factory: pytest.TempPathFactory, part_bytes: int, cut: int, junk: bytes, keep: bool
) -> None:
    """Junk put anywhere (or bytes removed there), ranges of any size: the same text."""
    base = _small()
    at = cut % (len(base) + 1)
    blob = base[:at] + junk + (base[at:] if keep else base[at + len(junk) :])
    path = tmp_path_factory.mktemp("any") / "x.xzlog"
    path.write_bytes(blob)
    got, _ = ranged([path], Options(fmt="jsonl"), part_bytes)
    assert got == whole_text([path], Options(fmt="jsonl"))


_SMALL: list[bytes] = []


def _small() -> bytes:
    if not _SMALL:
        _SMALL.append(record("xueliu", 4, 77))
    return _SMALL[0]


def test_planning_reads_no_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The planner cuts a file from its size alone: it never opens it."""
    path = tmp_path / "big.xzlog"
    path.write_bytes(b"\x00" * 10_000)
    real_open = builtins.open

    def no_open(file: Any, *a: Any, **k: Any) -> Any:
        assert Path(file) != path, "the planner opened the log"
        return real_open(file, *a, **k)

    monkeypatch.setattr(builtins, "open", no_open)
    tasks = list(plan_file(str(path), 3000))
    assert [(t.start, t.end, t.index) for t in tasks] == [
        (0, 3000, 0),
        (3000, 6000, 1),
        (6000, 9000, 2),
        (9000, None, 3),
    ]


@pytest.mark.parametrize("chunk", [5, 16, 17, 1000, 1 << 20])
def test_hash_and_count_reads_any_chunking_alike(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, chunk: int
) -> None:
    """--resume's one read: the file's hash and its game starts, a start cut by a chunk's
    end counted once."""
    import hashlib

    import xzcore.batch.results as results

    data = record("xuezhan", 3, 2)
    path = tmp_path / "x.xzlog"
    path.write_bytes(data)
    monkeypatch.setattr(results, "HASH_CHUNK", chunk)
    assert results.hash_and_count(str(path)) == (
        hashlib.blake2b(data, digest_size=32).hexdigest(),
        3,
    )
