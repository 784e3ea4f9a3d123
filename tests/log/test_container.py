"""The .xzlog container (docs/log-format.md L1–L7): layout, hash chain, signatures, reader
limits and recovery. Games here are synthetic (the container does not interpret events)."""

from __future__ import annotations

import hashlib
import io

import msgpack
import pytest

from xzcore.log.reader import (
    CollectingBuilder,
    Game,
    LogFormatError,
    LogIntegrityError,
    LogReader,
    LogVersionError,
    read_game,
)
from xzcore.log.signing import Signer, Verifier, generate_keypair
from xzcore.log.types import GENESIS, Limits
from xzcore.log.writer import LogWriter

WALL = bytes(k // 4 for k in range(108))
EVENTS = [
    {"type": "start_kyoku", "dealer": 1},
    {"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": False},
    {"type": "tsumo", "actor": 2, "pai": "3m", "rinshan": False, "left": 54},
]


def _signer() -> Signer:
    private, _ = generate_keypair()
    return Signer.from_pem(private)


def write_log(games: int = 3, signer: Signer | None = None) -> bytes:
    buf = io.BytesIO()
    w = LogWriter(buf, signer=signer)
    for g in range(games):
        w.begin_game(rules={"scoring": "table"}, wall=WALL, dealer=g % 4, seed=100 + g)
        for ev in EVENTS:
            w.write_event(ev)
        w.write_claims({"totals": [g, -g, 0, 0]})
        w.end_game()
    return buf.getvalue()


def read_all(data: bytes, **kw: object) -> list[Game]:
    reader = LogReader(io.BytesIO(data), **kw)  # type: ignore[arg-type]
    out = []
    while (g := reader.read_game(CollectingBuilder)) is not None:
        out.append(g)
    return out


def test_round_trip_three_games() -> None:
    games = read_all(write_log(3))
    assert len(games) == 3
    for g, game in enumerate(games):
        assert game.header is not None
        assert game.header.game == g
        assert game.header.dealer == g % 4
        assert game.header.seed == 100 + g
        assert game.header.wall == WALL
        assert game.events == EVENTS
        assert game.claims == {"totals": [g, -g, 0, 0]}
        assert game.close is not None and game.close.events == 3
        assert game.errors == []
    assert games[0].header is not None and games[0].header.prev == GENESIS
    # Each game's prev is the previous game's last record hash: offsets grow.
    assert games[0].offset == 0 < games[1].offset < games[2].offset


def _records(data: bytes) -> list[tuple[int, bytes]]:
    """Split a log into (offset, raw record) independently of the reader."""
    up = msgpack.Unpacker(raw=False)
    up.feed(data)
    out, start = [], 0
    for _ in up:
        end = up.tell()
        out.append((start, data[start:end]))
        start = end
    return out


def test_layout_and_chain_match_the_spec() -> None:
    """L1/L2 by hand: each record is [tag, payload, bin32]; its hash is
    BLAKE2b-256(previous hash + the record's bytes before the hash element)."""
    data = write_log(2)
    recs = _records(data)
    assert len(recs) == 2 * (1 + 3 + 2)
    prev = GENESIS
    for i, (_, raw) in enumerate(recs):
        tag, payload, h = msgpack.unpackb(raw, raw=False)
        assert raw[0] == 0x93
        assert raw[-34:-32] == b"\xc4\x20" and raw[-32:] == h
        assert tag == [0, 1, 1, 1, 2, 3][i % 6]
        expected = hashlib.blake2b(prev + raw[:-34], digest_size=32).digest()
        assert h == expected
        if tag == 0:
            assert payload["prev"] == prev
            assert payload["format"] == "xzlog" and payload["version"] == [1, 0]
            assert next(iter(payload)) == "format"  # the resync magic relies on it (L1)
        if tag == 3:
            assert payload["final"] == prev  # the claims record's hash
            assert payload["events"] == 3
        prev = h


def _edit_event_pai(data: bytes, old: bytes, new: bytes) -> bytes:
    assert data.count(old) >= 1
    return data.replace(old, new, 1)


def test_an_edited_event_breaks_the_chain_at_that_event() -> None:
    data = write_log(2)
    recs = _records(data)
    offset = recs[2][0]  # game 0, event 1: the dahai
    edited = _edit_event_pai(data, b"\xa25p", b"\xa26p")
    games = read_all(edited)
    assert [len(g.errors) for g in games] == [1, 0]
    err = games[0].errors[0]
    assert isinstance(err, LogIntegrityError)
    assert err.rule == "L2"
    assert (err.location.game, err.location.event, err.location.offset) == (0, 1, offset)
    assert games[0].events[1]["pai"] == "6p"
    # The strict builder raises that same error.
    with pytest.raises(LogIntegrityError, match="event 1"):
        list(LogReader(io.BytesIO(edited)))


def test_recomputed_chain_is_caught_only_by_the_signature() -> None:
    signer = _signer()
    data = write_log(2, signer=signer)
    assert read_all(data, verifier=signer.verifier())[0].errors == []
    # A forger edits an event and recomputes every hash, but cannot sign.
    forged = _rechain(_edit_event_pai(data, b"\xa25p", b"\xa26p"))
    games = read_all(forged)
    assert all(g.errors == [] for g in games)  # the chain itself is consistent again
    games = read_all(forged, verifier=signer.verifier())
    rules = [[e.rule for e in g.errors] for g in games]
    assert rules == [["L3"], ["L3"]]  # game 1 signs a chain that passes through game 0
    assert "bad signature" in games[0].errors[0].message


def _rechain(data: bytes) -> bytes:
    """What a forger does: recompute every running hash, prev and final field."""
    out = bytearray()
    prev = GENESIS
    last_close = GENESIS
    for _, raw in _records(data):
        tag, payload, _h = msgpack.unpackb(raw, raw=False)
        if tag == 0:
            if len(payload["prev"]) == 32:  # (a deliberately malformed prev is kept)
                payload["prev"] = last_close
            prev = last_close
        if tag == 3:
            payload["final"] = prev
        body = b"\x93" + msgpack.packb(tag) + msgpack.packb(payload, use_bin_type=True)
        prev = hashlib.blake2b(prev + body, digest_size=32).digest()
        if tag == 3:
            last_close = prev
        out += body + b"\xc4\x20" + prev
    return bytes(out)


def test_signature_wrong_key_and_unsigned() -> None:
    signer, other = _signer(), _signer()
    data = write_log(1, signer=signer)
    [game] = read_all(data, verifier=other.verifier())
    assert [e.rule for e in game.errors] == ["L3"]
    assert "another key" in game.errors[0].message
    [game] = read_all(write_log(1), verifier=signer.verifier())
    assert [e.message for e in game.errors] == ["the game is not signed"]


def test_verifier_loads_pem_and_refuses_a_private_key() -> None:
    private, public = generate_keypair()
    v = Verifier.from_pem(public)
    s = Signer.from_pem(private)
    assert v.key_id == s.key_id and len(v.key_id) == 8
    assert v.verify(b"x" * 32, s.sign(b"x" * 32))
    assert not v.verify(b"y" * 32, s.sign(b"x" * 32))
    with pytest.raises(ValueError, match="a private key, not a public key"):
        Verifier.from_pem(private)
    with pytest.raises(ValueError, match="a public key, not a private key"):
        Signer.from_pem(public)


def test_a_removed_game_breaks_the_cross_game_chain() -> None:
    data = write_log(3)
    recs = _records(data)
    # Drop game 1 (records 6..11).
    cut = data[: recs[6][0]] + data[recs[12][0] :]
    games = read_all(cut)
    assert [[e.rule for e in g.errors] for g in games] == [[], ["L2"]]
    assert "previous-game hash" in games[1].errors[0].message
    assert games[1].errors[0].location.game == 1


@pytest.mark.parametrize("cut", range(1, 60))
def test_truncated_anywhere_in_the_last_game(cut: int) -> None:
    data = write_log(2)
    short = data[:-cut]
    games = read_all(short)
    assert len(games) == 2
    assert games[0].errors == [] and games[0].complete
    assert not games[1].complete
    [err] = games[1].errors
    assert isinstance(err, LogFormatError)
    assert err.location.game == 1
    assert "truncated" in err.message or "ends" in err.message


def test_truncated_inside_an_event_names_the_event() -> None:
    data = write_log(1)
    recs = _records(data)
    off = recs[2][0]
    games = read_all(data[: off + 5])
    [err] = games[0].errors
    assert (err.location.event, err.location.offset) == (1, off)


def test_garbage_between_games_is_skipped_with_a_fresh_unpacker() -> None:
    data = write_log(3)
    recs = _records(data)
    g1_event = recs[8][0]
    bad = data[:g1_event] + b"\xc1\xc1garbage" + data[g1_event + 3 :]
    games = read_all(bad)
    assert len(games) == 3
    assert games[0].errors == []
    assert not games[1].complete and isinstance(games[1].errors[0], LogFormatError)
    assert games[1].errors[0].location.offset == g1_event
    # Game 2 is read in full after the resync; its prev cannot be checked (chain unknown).
    assert games[2].errors == [] and games[2].events == EVENTS
    assert games[2].header is not None and games[2].header.game == 2


def test_random_bytes() -> None:
    with pytest.raises(LogFormatError):
        list(LogReader(io.BytesIO(bytes(range(256)) * 4)))
    assert read_all(b"") == []


def test_huge_declared_sizes_stay_bounded() -> None:
    # bin32 / array32 / map32 / str32 headers declaring 4 GiB, after a valid game.
    data = write_log(1)
    for opener in (b"\xc6", b"\xdd", b"\xdf", b"\xdb"):
        bad = data + b"\x93\x01" + opener + b"\xff\xff\xff\xff" + b"\x00" * 100
        games = read_all(bad)
        assert len(games) == 2 and games[0].errors == []
        assert isinstance(games[1].errors[0], LogFormatError)
    # A record over the size limit, declared honestly and present in full.
    lim = Limits(max_record_bytes=4096, max_bin_len=1 << 20, chunk_size=1024)
    big = data + msgpack.packb([0, b"x" * 100_000, b"h" * 32])
    games = read_all(big, limits=lim)
    assert "larger than 4096" in games[1].errors[0].message
    assert games[1].errors[0].rule == "L6"


def test_deep_nesting_and_ext_types_are_format_errors() -> None:
    deep = b"\x91" * 5000 + b"\x00"
    with pytest.raises(LogFormatError):
        list(LogReader(io.BytesIO(deep)))
    ext = msgpack.packb([1, msgpack.ExtType(5, b"x"), b"h" * 32])
    with pytest.raises(LogFormatError, match="ext"):
        list(LogReader(io.BytesIO(ext)))


def _header_with(**changes: object) -> bytes:
    buf = io.BytesIO()
    w = LogWriter(buf)
    w.begin_game(rules={}, wall=WALL, dealer=0)
    w.write_claims({})
    w.end_game()
    recs = _records(buf.getvalue())
    _tag, payload, _ = msgpack.unpackb(recs[0][1], raw=False)
    payload.update(changes)
    body = b"\x93\x00" + msgpack.packb(payload, use_bin_type=True)
    return _rechain(body + b"\xc4\x20" + bytes(32) + b"".join(r for _, r in recs[1:]))


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("dealer", "x", "'dealer' must be a seat 0-3"),
        ("dealer", 4, "'dealer' must be a seat 0-3"),
        ("seats", ["a", "b"], "'seats' must be a list of 4 names"),
        ("wall", b"\x00" * 107, "'wall' must be 108 tile kinds"),
        ("wall", b"\x1b" * 108, "'wall' must be 108 tile kinds"),
        ("rules", [1], "'rules' must be a map"),
        ("seed", 1.5, "'seed' must be an integer or nil"),
        ("prev", b"short", "'prev' must be 32 bytes"),
    ],
)
def test_wrong_header_types(field: str, value: object, words: str) -> None:
    with pytest.raises(LogFormatError, match=words) as info:
        list(LogReader(io.BytesIO(_header_with(**{field: value}))))
    assert info.value.rule == "L4"
    assert info.value.location.game == 0 and info.value.location.offset == 0


def test_unknown_version_and_format() -> None:
    with pytest.raises(LogVersionError, match=r"unsupported format version 2\.0"):
        list(LogReader(io.BytesIO(_header_with(version=[2, 0]))))
    with pytest.raises(LogVersionError, match="not an xzlog header"):
        list(LogReader(io.BytesIO(_header_with(format="pgn"))))
    # A newer minor version is read (L7), unknown fields ignored.
    [game] = read_all(_header_with(version=[1, 7], future_field=1))
    assert game.errors == [] and game.header is not None and game.header.version == (1, 7)


def test_records_out_of_order() -> None:
    data = write_log(1)
    recs = _records(data)
    event_first = b"".join(r for _, r in recs[1:2]) + data
    with pytest.raises(LogFormatError, match="expected a game header"):
        list(LogReader(io.BytesIO(event_first)))
    no_claims = b"".join(r for i, (_, r) in enumerate(recs) if i != 4)
    with pytest.raises(LogFormatError, match="expected an event or the claims record"):
        list(LogReader(io.BytesIO(no_claims)))
    two_claims = b"".join(r for _, r in recs[:5]) + recs[4][1] + recs[5][1]
    with pytest.raises(LogFormatError, match="expected the closing record"):
        list(LogReader(io.BytesIO(two_claims)))


def test_event_limit() -> None:
    buf = io.BytesIO()
    w = LogWriter(buf)
    w.begin_game(rules={}, wall=WALL, dealer=0)
    for _ in range(11):
        w.write_event({"type": "none"})
    w.write_claims({})
    w.end_game()
    with pytest.raises(LogFormatError, match="more than 10 events"):
        list(LogReader(io.BytesIO(buf.getvalue()), limits=Limits(max_events=10)))


def test_read_game_on_a_plain_handle_reads_games_in_turn() -> None:
    fh = io.BytesIO(write_log(3))
    seen = []
    while (game := read_game(fh)) is not None:
        assert game.header is not None
        seen.append((game.header.game, game.offset))
    assert [g for g, _ in seen] == [0, 1, 2]
    assert seen[0][1] == 0 and seen[1][1] > 0


def test_writer_refuses_calls_out_of_order() -> None:
    w = LogWriter(io.BytesIO())
    with pytest.raises(RuntimeError):
        w.write_event({})
    w.begin_game(rules={}, wall=WALL, dealer=0)
    with pytest.raises(RuntimeError):
        w.end_game()


def test_a_header_right_after_a_rejected_record_is_found() -> None:
    """Resync scans from the start of the record that failed, not from its end."""
    data = write_log(2)
    recs = _records(data)
    bogus = msgpack.packb([7, {}, b"h" * 32])  # decodes, but tag 7 is unknown
    bad = data[: recs[6][0]] + bogus + data[recs[6][0] :]
    games = read_all(bad)
    assert len(games) == 3
    assert "unknown record tag 7" in games[1].errors[0].message
    assert games[2].errors == [] and games[2].header is not None and games[2].header.game == 1


def test_game_size_limit() -> None:
    with pytest.raises(LogFormatError, match="a game longer than 200 bytes") as info:
        list(LogReader(io.BytesIO(write_log(1)), limits=Limits(max_game_bytes=200)))
    assert info.value.rule == "L6"


@pytest.mark.parametrize("tail", [64, 3 << 20])
@pytest.mark.parametrize(
    ("opener", "what"),
    [
        (b"\xdb\xff\xff\xff\xff", "a str of 4294967295 bytes"),
        (b"\xc6\xff\xff\xff\xff", "a bin of 4294967295 bytes"),
        (b"\xdd\xff\xff\xff\xff", "an array of 4294967295 items"),
        (b"\xdf\x00\x01\x00\x00", "a map of 65536 entries"),
    ],
)
def test_declared_size_over_the_limit_is_L6_however_long_the_file(
    opener: bytes, what: str, tail: int
) -> None:
    """L6: a record declaring a size past the limits is reported as such, by its declared
    size — not as a truncated record (L1) when the file ends soon after, nor as an
    undecodable one."""
    data = write_log(1)
    games = read_all(data + b"\x93\x01" + opener + b"\x00" * tail)
    assert len(games) == 2 and games[0].errors == []
    [err] = games[1].errors
    assert err.rule == "L6" and what in err.message and err.location.offset == len(data)
    assert "truncated" not in err.message


def test_str_over_max_str_len_inside_the_buffer_is_L6() -> None:
    # 8000 bytes: within the record limit (1 MiB) but past max_str_len (4096); the bytes
    # are all there. msgpack's own refusal read as "undecodable" (L1) before.
    [game] = read_all(b"\x93\x01\xda\x1f\x40" + b"a" * 8000 + b"\xc4\x20" + b"h" * 32)
    [err] = game.errors
    assert err.rule == "L6"
    assert err.message == "record declares a str of 8000 bytes, over the limit of 4096"


def test_declared_over_limit_walks_only_declared_sizes() -> None:
    from xzcore.log.records import declared_over_limit

    lim = Limits()
    ok = msgpack.packb([1, {"type": "dahai", "pai": "5p", "x": [1.5, None, True]}, b"h" * 32])
    assert declared_over_limit(ok, lim) is None
    assert declared_over_limit(ok[:7], lim) is None  # cut short: nothing over so far
    nested = b"\x93\x01\x81\xa1k\xdc\x10\x01"  # [1, {"k": array16 of 4097 ...
    assert declared_over_limit(nested, lim) == (
        "record declares an array of 4097 items, over the limit of 4096"
    )
    assert declared_over_limit(b"\xc1", lim) is None  # not msgpack: another error's business
    assert declared_over_limit(b"\xdb\xff", lim) is None  # the size itself is cut short
    small = Limits(max_record_bytes=100, max_str_len=4096)
    assert declared_over_limit(b"\xda\x01\x00", small) == (
        "record larger than 100 bytes: it declares a str of 256 bytes"
    )


@pytest.mark.parametrize(
    "bad",
    [
        b"\x93\x01\x82\xa4type\xa2\xff\xfe\xa1x",  # a str that is not UTF-8, then a huge str
        b"\x93\x01\x82\x01\xc0\xa1x",  # an int map key, then a huge str
        b"\x93\x01" + b"\x91" * 1100,  # deeper than msgpack goes, then a huge str
    ],
    ids=["not-utf8", "int-key", "too-deep"],
)
def test_unreadable_record_same_error_whatever_the_chunks(bad: bytes) -> None:
    """A record msgpack refuses early that also declares a 4 GiB str further on: the error
    (L6, by the declared size) is the same however the reader's chunks fall (the walk reads
    ahead on the error path), so reading a game from its own start and reading the whole
    file agree."""
    data = write_log(1) + bad + b"\xdb\xff\xff\xff\xff" + b"y" * 100
    seen = set()
    for chunk in (7, 64, 1000, len(data) - 50, 1 << 16):
        game = read_all(data, limits=Limits(chunk_size=chunk))[-1]
        assert game.errors, chunk
        seen.add((game.errors[0].rule, game.errors[0].message))
    assert seen == {
        ("L6", "record larger than 1048576 bytes: it declares a str of 4294967295 bytes")
    }
