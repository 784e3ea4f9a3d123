"""Completeness and provenance of a log, format 1.1 (docs/log-format.md L8, L3): what the
writer binds each game to, what the signature covers, and every way a file of genuine signed
games can be cut, mixed or extended — each found by the reader, with its own L8 id, the same
on both reading paths (the scan and record by record) and with both scanner backends."""

from __future__ import annotations

import io
import itertools
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scan_helpers import SCANNERS, recorded, recorded_match, same

from xzcore.log.completeness import (
    LEGACY,
    START,
    VERSION_NOTE,
    Link,
    link_after,
    link_problem,
    version_notes,
)
from xzcore.log.reader import (
    CollectingBuilder,
    GameBuilder,
    LogIntegrityError,
    LogReader,
    read_game,
)
from xzcore.log.signing import (
    SEAL_ENTRY,
    SIGNATURE_CONTEXT,
    Signer,
    generate_keypair,
    signed_message,
)
from xzcore.log.types import (
    GENESIS,
    Header,
    Limits,
    Location,
    LogFormatError,
    Match,
    parse_header,
)
from xzcore.log.writer import LogWriter

SIGNER = Signer.from_pem(generate_keypair()[0])
VERIFIER = SIGNER.verifier()
MID = bytes(range(16))
OTHER = bytes(range(16, 32))
WALL = bytes(k // 4 for k in range(108))


def written(
    n: int,
    *,
    planned: int | str | None = "n",
    match: bytes = MID,
    signer: Any = SIGNER,
    last_at: int | None = None,
) -> bytes:
    """``n`` small games written as one match (format 1.1): ``planned`` ``n`` unless given;
    ``last_at``: the game told ``last=True`` (else the writer's default)."""
    buf = io.BytesIO()
    count = n if planned == "n" else planned
    assert count is None or isinstance(count, int)
    w = LogWriter(buf, signer=signer, match=Match(match, count))
    for g in range(n):
        w.begin_game(rules={"scoring": "table"}, wall=WALL, dealer=g % 4, seed=g)
        w.write_event({"type": "dahai", "actor": g % 4, "pai": "5p", "tsumogiri": True})
        w.write_claims({"totals": [0, 0, 0, 0]})
        w.end_game(last=True if last_at == g else None)
    return buf.getvalue()


def starts(data: bytes) -> list[int]:
    """The byte offset of every game, and the end."""
    reader = LogReader(io.BytesIO(data))
    out = [0]
    while reader.read_game(CollectingBuilder) is not None:
        out.append(reader.offset)
    return out


def cut(data: bytes) -> list[bytes]:
    """The games of ``data``, each its bytes."""
    at = starts(data)
    return [data[a:b] for a, b in itertools.pairwise(at)]


def problems(data: bytes, verifier: Any = VERIFIER) -> list[list[tuple[str, int | None]]]:
    """Per game: (rule, byte offset) of every error, read both ways — the two must agree
    on everything (visits, errors, offsets, where the reader stops)."""
    answers = []
    for scan in (True, False):
        reader = LogReader(io.BytesIO(data), verifier=verifier, scan=scan)
        games = []
        while (g := reader.read_game(CollectingBuilder)) is not None:
            games.append(g)
        answers.append((games, reader.offset, reader.last_hash, reader.last_link))
    (fast, *rest), (slow, *rest2) = answers
    assert rest == rest2
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert (a.header, a.events, a.claims, a.close, a.complete) == (
            b.header,
            b.events,
            b.claims,
            b.close,
            b.complete,
        )
        assert [(type(e), str(e)) for e in a.errors] == [(type(e), str(e)) for e in b.errors]
    return [[(e.rule, e.location.offset) for e in g.errors] for g in fast]


def rules(data: bytes, verifier: Any = VERIFIER) -> list[list[str]]:
    return [[r for r, _ in g] for g in problems(data, verifier)]


# -- a forger's tools: records decoded, edited and laid again ------------------------------


def decode(data: bytes) -> list[list[Any]]:
    """Per game: [header, events, claims, close] as plain msgpack reads them."""
    games: list[list[Any]] = []
    for tag, payload, _h in msgpack.Unpacker(io.BytesIO(data), raw=False):
        if tag == 0:
            games.append([payload, [], None, None])
        elif tag == 1:
            games[-1][1].append(payload)
        else:
            games[-1][tag] = payload
    return games


def lay(games: list[list[Any]], signer: Any = None) -> bytes:
    """Games laid again with a correct chain, ``prev`` and ``final``: each record packed
    as LogWriter packs it, the closing record as it was but for ``final`` and ``events``
    — re-signed by ``signer`` following docs/log-format.md L3 (independently of the
    writer), else its signature left as it was."""
    import hashlib

    out = bytearray()
    prev = GENESIS

    def record(tag: int, body_payload: bytes) -> None:
        nonlocal run
        body = b"\x93" + bytes([tag]) + body_payload
        run = hashlib.blake2b(run + body, digest_size=32).digest()
        out.extend(body + b"\xc4\x20" + run)

    for header, events, claims, close in games:
        run = prev
        record(0, msgpack.packb({**header, "prev": prev}, use_bin_type=True))
        for ev in events:
            record(1, msgpack.packb(ev, use_bin_type=True))
        record(2, msgpack.packb(claims, use_bin_type=True))
        close = {**close, "final": run, "events": len(events)}
        if signer is not None and header["version"] == [1, 1]:
            close["sig"] = signer.sign(run)  # of the final hash, as in 1.0
            close["key"] = signer.key_id
            close.pop("seal", None)  # then the seal, the last entry
            head = b"\x93\x03" + msgpack.packb({**close, "seal": bytes(64)}, use_bin_type=True)
            message = SIGNATURE_CONTEXT + head[: -len(SEAL_ENTRY) - 64]
            close["seal"] = signer.sign(message)
        record(3, msgpack.packb(close, use_bin_type=True))
        prev = run
    return bytes(out)


# -- what the writer writes -------------------------------------------------------------------


def test_a_written_match_is_format_1_1_and_reads_clean() -> None:
    data = written(3)
    games = decode(data)
    for g, (header, _events, _claims, close) in enumerate(games):
        assert header["version"] == [1, 1]
        assert (header["game"], header["match"], header["planned"]) == (g, MID, 3)
        assert list(close) == ["final", "events", "last", "sig", "key", "seal"]  # seal last
        assert close["last"] is (g == 2)
    assert rules(data) == [[], [], []]
    reader = LogReader(io.BytesIO(data))
    assert [game.header.match for game in reader] == [MID] * 3
    assert reader.last_link == Link(MID, 3, 2, 2, (), True)


def test_the_seal_is_of_the_closing_record_as_docs_say() -> None:
    """L3, 1.1: an implementation that follows docs/log-format.md alone (msgpack, BLAKE2b,
    Ed25519) lays the writer's bytes again, signature for signature (Ed25519 is
    deterministic), and checks each seal and signature itself."""
    data = written(2)
    assert lay(decode(data), SIGNER) == data
    for game in cut(data):
        up = msgpack.Unpacker(raw=False)
        up.feed(game)
        at = 0
        for tag, payload, _h in up:
            end = up.tell()
            if tag == 3:
                body = game[at : end - 34]
                assert body.endswith(SEAL_ENTRY + payload["seal"])
                message = SIGNATURE_CONTEXT + body[:-71]
                assert signed_message(body) == message
                assert VERIFIER.verify(message, payload["seal"])
                # sig: the final hash's, as in 1.0 (what a 1.0 reader checks)
                assert VERIFIER.verify(payload["final"], payload["sig"])
            at = end


def test_the_writer_binds_nothing_without_a_match() -> None:
    """No Match: format 1.0 as before (the bundled replays and every older caller)."""
    buf = io.BytesIO()
    w = LogWriter(buf)
    w.begin_game(rules={}, wall=WALL, dealer=0)
    w.write_claims({})
    with pytest.raises(ValueError, match="no last mark"):
        w.end_game(last=True)
    w.end_game()
    [(header, _, _, close)] = decode(buf.getvalue())
    assert header["version"] == [1, 0] and "match" not in header
    assert list(close) == ["final", "events", "sig", "key"]
    game = read_game(io.BytesIO(buf.getvalue()))
    assert game is not None and not game.errors
    assert version_notes(game.header) == [VERSION_NOTE]


def test_the_writer_refuses_a_game_after_the_last() -> None:
    buf = io.BytesIO()
    w = LogWriter(buf, match=Match(MID, planned=1))
    w.begin_game(rules={}, wall=WALL, dealer=0)
    w.write_claims({})
    w.end_game()  # the planned count's last: marked last
    with pytest.raises(RuntimeError, match=r"L8\.6"):
        w.begin_game(rules={}, wall=WALL, dealer=0)
    assert rules(buf.getvalue(), None) == [[]]
    w = LogWriter(io.BytesIO(), match=Match(MID))  # open-ended: last said at the end
    w.begin_game(rules={}, wall=WALL, dealer=0)
    w.write_claims({})
    w.end_game(last=True)
    with pytest.raises(RuntimeError):
        w.begin_game(rules={}, wall=WALL, dealer=0)


@pytest.mark.parametrize(("mid", "planned"), [(b"x" * 15, None), (MID, 0), (MID, True)])
def test_a_match_is_checked(mid: bytes, planned: Any) -> None:
    with pytest.raises(ValueError):
        Match(mid, planned)
    assert Match.new().id != Match.new().id and len(Match.new(planned=2).id) == 16


# -- the attacks: genuine signed games, cut, mixed, extended ----------------------------------


def test_a_file_cut_after_a_whole_game() -> None:
    """L8.2 at the closing record of the last game left; nothing else."""
    data = written(4)
    at = starts(data)
    close_at = [off for off in range(len(data)) if data.startswith(b"\x93\x03", off)]
    for keep in (1, 2, 3):
        found = problems(data[: at[keep]])
        assert found[:-1] == [[]] * (keep - 1)
        [(rule, offset)] = found[-1]
        assert rule == "L8.2" and offset == [c for c in close_at if c < at[keep]][-1]
    assert rules(data) == [[]] * 4


def test_the_message_of_a_cut_says_how_many_are_missing() -> None:
    data = written(4)
    reader = LogReader(io.BytesIO(data[: starts(data)[2]]))
    games = [reader.read_game(CollectingBuilder) for _ in range(2)]
    [err] = games[1].errors  # type: ignore[union-attr]
    assert isinstance(err, LogIntegrityError) and err.rule == "L8.2"
    assert "game 2 of match 00010203" in err.message
    assert "4 planned, 2 not in the log" in err.message


def test_one_game_of_another_file_alone() -> None:
    """Game 0 alone: cut short (L8.2). A later game alone: it is no file's first (L8.8 —
    instead of L2's prev mismatch, which it explains) and cut short."""
    games = cut(written(3))
    assert rules(games[0]) == [["L8.2"]]
    assert rules(games[1]) == [["L8.8", "L8.2"]]
    assert rules(games[2]) == [["L8.8"]]  # the last game: marked last


def test_a_match_cut_down_to_its_first_rounds() -> None:
    data = recorded_match(4, bound=True)
    at = starts(data)
    assert rules(data, None) == [[], [], [], []]
    assert rules(data[: at[2]], None) == [[], ["L8.2"]]


def test_a_duplicated_game() -> None:
    g = cut(written(3))
    assert rules(g[0] + g[1] + g[1] + g[2]) == [[], [], ["L8.4"], []]
    assert rules(g[0] + g[1] + g[2] + g[0]) == [[], [], [], ["L8.4"]]  # after the last


def test_two_games_swapped() -> None:
    g = cut(written(4))
    assert rules(g[0] + g[2] + g[1] + g[3]) == [[], ["L8.3"], ["L8.5"], []]
    assert rules(g[0] + g[1] + g[3] + g[2]) == [[], [], ["L8.3"], ["L8.5"]]


def test_a_missing_game() -> None:
    g = cut(written(4))
    assert rules(g[0] + g[1] + g[3]) == [[], [], ["L8.3"]]
    assert rules(g[0] + g[3]) == [[], ["L8.3"]]


def test_a_game_appended_after_the_last() -> None:
    """A game of another match after a complete one: an extra game (L8.6); a whole other
    match after it: L8.6 at its first game only."""
    mine, other = written(2), written(2, match=OTHER)
    assert rules(mine + cut(other)[0]) == [[], [], ["L8.6", "L8.2"]]
    assert rules(mine + other) == [[], [], ["L8.6"], []]


def test_a_game_of_another_match_in_the_middle() -> None:
    """L8.7: the match changes before its last game (and the first match is cut there)."""
    mine, other = cut(written(3)), cut(written(3, match=OTHER))
    assert rules(mine[0] + other[1] + other[2]) == [[], ["L8.7"], []]


def test_extra_fields_in_the_last_closing_record() -> None:
    """L8.9: a field format 1.1 does not define, added to the last game's closing record.
    The chain re-laid: without the key only L8.9 tells; with it the signature too (L3: the
    1.1 signature covers the whole closing record)."""
    games = decode(written(2))
    games[-1][3]["note"] = "paid in full"
    forged = lay(games)
    assert rules(forged, None) == [[], ["L8.9"]]
    assert rules(forged) == [[], ["L3", "L8.9"]]


def test_extra_fields_in_a_1_0_closing_record() -> None:
    """A 1.0 closing record holds exactly final, events, sig, key: any other field was
    added after the signature (which covers only the final hash) — L8.9."""
    games = decode(recorded("xuezhan", 2, "random", seed=5, signer=SIGNER))
    games[-1][3]["last"] = True
    forged = lay(games)
    assert rules(forged) == [[], ["L8.9"]]


def test_a_cut_file_with_a_forged_last_mark() -> None:
    """The forger marks the last game left as last and re-lays the chain: the planned count
    still tells (L8.2). Forging the count too, only the key can tell (L3 at every game: the
    headers changed), as for any edit of a re-laid chain."""
    games = decode(written(3))[:2]
    games[-1][3]["last"] = True
    assert rules(lay(games), None) == [[], ["L8.2"]]
    assert rules(lay(games)) == [[], ["L3", "L8.2"]]
    for g in games:
        g[0]["planned"] = 2
    forged = lay(games)
    assert rules(forged, None) == [[], []]
    assert rules(forged) == [["L3"], ["L3"]]
    assert rules(lay(games, SIGNER)) == [[], []]  # re-signed by the key's owner


def test_a_last_game_short_of_the_planned_count() -> None:
    """The writer ended the match early (a player left): its own signed data says so."""
    assert rules(written(2, planned=3, last_at=1)) == [[], ["L8.2"]]


def test_a_game_past_the_planned_count() -> None:
    games = decode(written(2, planned=None))
    for g in games:
        g[0]["planned"] = 1
    games[1][3]["last"] = True
    assert rules(lay(games, SIGNER)) == [[], ["L8.6"]]
    games[1][3]["last"] = False  # and the log ends unmarked
    assert rules(lay(games, SIGNER)) == [[], ["L8.6", "L8.2"]]


def test_a_planned_count_that_changes_is_another_match() -> None:
    games = decode(written(3))
    games[2][0]["planned"] = 5
    assert rules(lay(games, SIGNER)) == [[], [], ["L8.7", "L8.2"]]


def test_an_open_match_marks_its_last_when_it_knows() -> None:
    data = written(3, planned=None, last_at=2)
    assert rules(data) == [[], [], []]
    assert rules(data[: starts(data)[2]]) == [[], ["L8.2"]]


# -- versions: 1.0 as before, 1.0 and 1.1 joined, newer minors --------------------------------


def test_a_1_0_log_reads_as_before() -> None:
    """No L8 finding for a 1.0 log, cut or not (its completeness cannot be proven, L8.10)."""
    old = recorded("xuezhan", 3, "random", seed=5, signer=SIGNER)
    assert rules(old) == [[], [], []]
    at = starts(old)
    assert rules(old[: at[1]]) == [[]]
    assert rules(old[at[1] :]) == [["L2"], []]  # 1.0: the prev check, as before


def test_logs_of_both_versions_joined() -> None:
    old = recorded("xuezhan", 1, "random", seed=5, signer=SIGNER)
    new = written(2)
    assert rules(old + new) == [[], ["L8.7"], []]
    assert rules(new + old) == [[], [], ["L8.6"]]
    assert rules(cut(new)[0] + old) == [[], ["L8.7"]]


def test_a_newer_minor_may_add_closing_fields() -> None:
    """L7: a 1.2 log's unknown closing fields are read, not reported (and still signed)."""
    games = decode(written(2))
    for g in games:
        g[0]["version"] = [1, 2]
        g[3] = {**g[3], "future": 1}
    data = lay(games)
    assert rules(data, None) == [[], []]


def test_a_1_1_game_bound_to_no_match() -> None:
    """``match`` is optional (L7: a minor adds optional fields): such a game binds nothing,
    and gets the note a 1.0 game gets."""
    games = decode(written(1))
    games[0][0]["match"] = None
    games[0][3].pop("last")
    data = lay(games, SIGNER)
    assert rules(data) == [[]]
    game = read_game(io.BytesIO(data))
    assert game is not None and version_notes(game.header) == [VERSION_NOTE]


@pytest.mark.parametrize(
    ("field", "value"), [("match", b"short"), ("match", 7), ("planned", 0), ("planned", "8")]
)
def test_bad_header_fields_are_unreadable(field: str, value: Any) -> None:
    games = decode(written(1))
    games[0][0][field] = value
    game = LogReader(io.BytesIO(lay(games)), scan=False).read_game(CollectingBuilder)
    assert game is not None
    [err] = game.errors
    assert isinstance(err, LogFormatError) and err.rule == "L8.1" and field in err.message


@pytest.mark.parametrize("value", [None, 1, "yes"])
def test_a_bound_game_without_a_last_mark_is_unreadable(value: Any) -> None:
    games = decode(written(1))
    games[0][3]["last"] = value
    for scan in (True, False):
        game = LogReader(io.BytesIO(lay(games)), scan=scan).read_game(CollectingBuilder)
        assert game is not None and [e.rule for e in game.errors] == ["L8.1"]


# -- reading: strict, parts, a handle that ends later ------------------------------------------


def test_the_strict_reader_raises_at_a_cut() -> None:
    data = written(3)
    short = data[: starts(data)[1]]
    with pytest.raises(LogIntegrityError, match="not marked as its last"):
        LogReader(io.BytesIO(short)).read_game(GameBuilder)


def test_a_reader_of_part_of_a_file_knows_the_match_before() -> None:
    """A reader started mid-file with the ``prev`` and ``link`` a reader of the games before
    left; one that stops at ``end`` reports no cut there (more games follow)."""
    g = cut(written(4))
    data = g[0] + g[1] + g[3]
    first = LogReader(io.BytesIO(data), end=len(g[0]))
    assert not first.read_game(CollectingBuilder).errors  # type: ignore[union-attr]
    assert first.read_game(CollectingBuilder) is None
    fh = io.BytesIO(data)
    fh.seek(len(g[0]))
    rest = LogReader(fh, start=len(g[0]), prev=first.last_hash, link=first.last_link)
    assert _errors(rest) == [[], ["L8.3"]]
    fh.seek(len(g[0]))
    # the chain unknown: nothing said of the first game; the match known from it on
    blind = LogReader(fh, start=len(g[0]), prev=None, link=first.last_link)
    assert blind.last_link is None
    assert _errors(blind) == [[], ["L8.3"]]


def _errors(reader: LogReader) -> list[list[str]]:
    games = iter(lambda: reader.read_game(CollectingBuilder), None)
    return [[e.rule for e in g.errors] for g in games]


def test_the_end_is_known_only_where_the_input_ends() -> None:
    """Garbage after a game is no end (it is unreadable, reported as such)."""
    data = written(2)
    found = problems(data[: starts(data)[1]] + b"\xc1\xc1junk")
    assert found[0] == [] and found[1][0][0] == "L1"


@pytest.mark.parametrize("block", [64, 101, 4096])
def test_blocks_end_anywhere(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """A game that ends at a block's end needs the next block to tell whether the input
    ends there (``BLOCK_SIZE`` made small: games end at and across block ends)."""
    import xzcore.log.reader as reader_module

    monkeypatch.setattr(reader_module, "BLOCK_SIZE", block)
    data = written(3)
    at = starts(data)
    assert rules(data) == [[], [], []]
    assert rules(data[: at[2]]) == [[], ["L8.2"]]


class _Unseekable(io.RawIOBase):
    def __init__(self, data: bytes) -> None:
        self._fh = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        return self._fh.readinto(b)


def test_a_stream_that_cannot_seek() -> None:
    """Read record by record from a pipe: the cut is found where the stream ends."""
    data = written(3)
    short = data[: starts(data)[2]]
    assert _errors(LogReader(io.BufferedReader(_Unseekable(short), 7))) == [[], ["L8.2"]]


# -- the checks themselves ----------------------------------------------------------------------


def _header(game: int, match: bytes | None = MID, planned: int | None = 4) -> Header:
    return parse_header(
        {
            "format": "xzlog",
            "version": [1, 1] if match is not None else [1, 0],
            "engine": "t",
            "game": game,
            "match": match,
            "planned": planned,
            "prev": GENESIS,
            "rules": {},
            "seats": ["a"] * 4,
            "dealer": 0,
            "wall": WALL,
            "seed": None,
        },
        Location(),
    )


def test_link_problems_in_order() -> None:
    """Each game's problem given the games before it, the one an audit reports."""
    from xzcore.log.types import Close

    def run(indices: list[int], lasts: tuple[int, ...] = (3,)) -> list[str | None]:
        link: Link | None = START
        out = []
        for g in indices:
            h = _header(g)
            p = link_problem(link, h)
            out.append(p[0] if p else None)
            link = link_after(link, h, Close(GENESIS, 0, None, None, last=g in lasts))
        return out

    assert run([0, 1, 2, 3]) == [None] * 4
    assert run([1, 2, 3]) == ["L8.8", None, None]
    assert run([0, 2, 1, 3]) == [None, "L8.3", "L8.5", None]
    assert run([0, 1, 1, 2, 3]) == [None, None, "L8.4", None, None]
    assert run([0, 3, 2, 1]) == [None, "L8.3", "L8.5", "L8.5"]
    assert run([0, 1, 2, 3, 4]) == [None, None, None, None, "L8.6"]
    assert run([0, 4]) == [None, "L8.6"]
    assert link_problem(None, _header(5)) is None  # unknown: nothing to say
    assert link_problem(LEGACY, _header(0, None)) is None


def test_many_gaps_stop_telling_moved_from_duplicated() -> None:
    from xzcore.log.types import Close

    link: Link | None = START
    for g in range(0, 400, 2):
        h = _header(g, planned=None)
        link = link_after(link, h, Close(GENESIS, 0, None, None, last=False))
    assert link is not None and link.holes is None
    problem = link_problem(link, _header(3, planned=None))
    assert problem is not None and problem[0] == "L8.4" and "out of order" in problem[1]


# -- both scanners, and both reading paths, on damaged signed 1.1 logs --------------------------


def _backends() -> list[Any]:
    import importlib
    import os

    out = []
    for name in SCANNERS:
        try:
            out.append(importlib.import_module(SCANNERS[name]))
        except ImportError:
            if name == "cython" and os.environ.get("XZ_REQUIRE_COMPILED"):
                raise
    return out


def test_both_scanners_read_signed_1_1_games_alike() -> None:
    data = recorded("leshan", 3, "random", seed=2, bound=True, signer=SIGNER)
    pos, prev = 0, GENESIS
    backends = _backends()
    while pos < len(data):
        answers = [b.scan_game(data, pos, 0, prev, Limits()) for b in backends]
        assert all(a == answers[0] for a in answers)
        assert answers[0][6]["last"] is (answers[0][0] == len(data))
        pos, prev = answers[0][0], answers[0][9]
    assert rules(data) == [[], [], []]


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    ops=st.lists(
        st.tuples(st.integers(0, 1 << 20), st.integers(1, 255), st.booleans()),
        min_size=1,
        max_size=3,
    ),
    keep=st.integers(0, 3),
)
def test_damaged_and_cut_signed_matches(ops: list[tuple[int, int, bool]], keep: int) -> None:
    """Bytes flipped or dropped anywhere in a signed 1.1 match, or whole games cut off the
    end: both scanners answer alike, the scan is what reading record by record reads, the
    two reading paths report the same, and a damaged or cut match is never all clean."""
    data = signed_match()
    at = starts(data)
    out = bytearray(data[: at[keep + 1]] if keep < 3 else data)
    for where, value, drop in ops:
        i = where % len(out)
        if drop:
            del out[i]
        else:
            out[i] ^= value
    damaged = bytes(out)
    answers = [b.scan_game(damaged, 0, 0, GENESIS, Limits()) for b in _backends()]
    assert all(same(answers[0], a) for a in answers)
    found = problems(damaged)
    if damaged != data:
        assert any(found), found


_SIGNED: list[bytes] = []


def signed_match() -> bytes:
    if not _SIGNED:
        _SIGNED.append(recorded("xuezhan", 4, "random", seed=5, bound=True, signer=SIGNER))
    return _SIGNED[0]


def test_a_1_0_reader_still_checks_a_1_1_signature() -> None:
    """L7: a reader of 1.0 ignores the new fields and checks ``sig`` against the final
    hash, which a 1.1 writer still signs: read as 1.0 (the header's version changed in a
    copy, so the new fields are unknown to the reader), the games verify."""
    from xzcore.log.reader import signature_problem
    from xzcore.log.types import parse_close

    for game in decode(written(2)):
        close = parse_close(game[3], Location())  # as a 1.0 reader parses it
        assert signature_problem(VERIFIER, close) is None
        assert close.unknown == ("last", "seal")


def test_a_seal_stripped_or_moved() -> None:
    """With the key, a 1.1 game must be sealed, its seal last (L3)."""
    games = decode(written(2))
    games[1][3]["seal"] = None
    assert rules(lay(games)) == [[], ["L3"]]
    games = decode(written(2))
    seal = games[1][3].pop("seal")
    games[1][3] = {"seal": seal, **games[1][3]}
    assert rules(lay(games)) == [[], ["L3"]]
    assert rules(lay(games), None) == [[], []]
