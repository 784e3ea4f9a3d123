"""The game scanner (xzcore.log.scan): a pure optimisation of the log reader. On recorded
games it gives exactly what LogReader + CollectingBuilder read (L1, L2, L5); on anything it
does not handle it declines (None) or asks for more bytes (NEED_MORE) — on both backends,
which agree with each other type for type."""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from types import ModuleType

import msgpack
import pytest
from scan_helpers import (
    SCANNERS,
    assert_matches,
    check_first_game,
    expected_bodies,
    game_bytes,
    header_payload,
    lay,
    load_scanner,
    read_records,
    recorded,
    recorded_match,
    same,
)

from xzcore.log import scan as log_scan
from xzcore.log.signing import Signer, generate_keypair
from xzcore.log.types import GENESIS, Limits
from xzcore.log.writer import LogWriter

DAHAI = bytes.fromhex("84a474797065a56461686169a56163746f7201a3706169a23373a97473756d6f67697269c2")
TSUMO = bytes.fromhex(
    "85a474797065a57473756d6fa56163746f7202a3706169a23873a772696e7368616ec2a46c65667436"
)


@pytest.fixture(params=list(SCANNERS))
def scanner(request: pytest.FixtureRequest) -> ModuleType:
    """One backend: ``xzcore.log._scan`` or ``xzcore.log._scan_twin``."""
    return load_scanner(request.param)


@pytest.fixture
def both() -> list[ModuleType]:
    """Both backends, compiled first (the twin alone when the extension is not built)."""
    out = []
    for name in SCANNERS:
        try:
            out.append(importlib.import_module(SCANNERS[name]))
        except ImportError:
            if os.environ.get("XZ_REQUIRE_COMPILED"):
                raise
    return out


@pytest.fixture(params=[0, 1, 2], ids=["one-lane", "avx2", "avx512"])
def lanes(request: pytest.FixtureRequest) -> Iterator[int]:
    """The compiled scanner checks one-block records eight at a time (L2): with each lane
    kernel this CPU runs (0: one at a time, 1: AVX2, 2: AVX-512)."""
    compiled = load_scanner("cython")
    best = compiled._use_lanes(9)
    if request.param > best:
        pytest.skip(f"this CPU runs lane kernels up to {best}")
    compiled._use_lanes(request.param)
    yield request.param
    compiled._use_lanes(best)


@cache
def corpus(name: str) -> bytes:
    """Recorded logs, several games each (built once per test run)."""
    if name.startswith("match"):
        return recorded_match(3, bound=name.endswith("1.1"))
    preset, bot, *version = name.split(":")
    return recorded(preset, 3, bot, bound=version == ["1.1"])


ENDS = ("hora", "end_kyoku")
CORPORA = ["xuezhan:greedy", "xuezhan:random", "leshan:greedy", "xueliu:random", "match"]
CORPORA += ["chengdu-classic:greedy"]
CORPORA += ["xuezhan:greedy:1.1", "leshan:random:1.1", "match:1.1"]  # format 1.1 (L8)


# -- recorded games ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", CORPORA)
@pytest.mark.usefixtures("lanes")
def test_recorded_games_scan_as_read_record_by_record(scanner: ModuleType, name: str) -> None:
    data = corpus(name)
    by_records = read_records(data)
    start, prev = 0, GENESIS
    for game in by_records:
        res = scanner.scan_game(data, start, 0, prev, Limits())
        assert isinstance(res, tuple)
        assert_matches(res, game, data)
        # LogWriter packs the events back to back: bodies is packb(events) past its header
        packed = msgpack.packb(res[2])
        assert res[10] == packed[len(packed) - len(res[10]) :]
        # what the claims (L5) are made of is all among the others
        wanted = [i for i, e in enumerate(res[2]) if "transfers" in e or e["type"] in ENDS]
        assert set(wanted) <= set(res[11]) and wanted
        start, prev = res[0], res[9]
    assert start == len(data)
    assert scanner.scan_game(data, start, 0, prev, Limits()) == log_scan.NEED_MORE


def test_a_game_read_from_a_slice_of_the_file(scanner: ModuleType) -> None:
    """``base`` is the file offset of ``data[0]``: offsets are file offsets."""
    data = corpus("xuezhan:greedy")
    first = scanner.scan_game(data, 0, 0, GENESIS, Limits())
    assert isinstance(first, tuple)
    cut = first[0] - 5
    res = scanner.scan_game(data[cut:], 5, cut, first[9], Limits())
    assert isinstance(res, tuple)
    assert_matches(res, read_records(data)[1], data[cut:], base=cut)


def test_the_two_backends_agree_type_for_type(both: list[ModuleType]) -> None:
    data = corpus("leshan:greedy")
    start, prev = 0, GENESIS
    while start < len(data):
        answers = [s.scan_game(data, start, 0, prev, Limits()) for s in both]
        assert all(same(answers[0], a) for a in answers)
        start, prev = answers[0][0], answers[0][9]


def test_signed_games(both: list[ModuleType]) -> None:
    """L3: closing records with a signature and a key id read as they read record by record
    (the signature itself is the caller's to verify)."""
    private, _ = generate_keypair()
    buf = io.BytesIO()
    writer = LogWriter(buf, signer=Signer.from_pem(private))
    for game in range(2):
        writer.begin_game(rules={"scoring": "table"}, wall=bytes(108), dealer=game, seed=game)
        writer.write_event({"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": True})
        writer.write_claims({"totals": [0, 0, 0, 0]})
        writer.end_game()
    data = buf.getvalue()
    by_records = read_records(data)
    start, prev = 0, GENESIS
    for read in by_records:
        answers = [s.scan_game(data, start, 0, prev, Limits()) for s in both]
        assert all(same(answers[0], a) for a in answers)
        res = answers[0]
        assert isinstance(res, tuple) and len(res[6]["sig"]) == 64
        assert_matches(res, read, data)
        start, prev = res[0], res[9]


def test_concatenated_files_break_the_chain_across_games(both: list[ModuleType]) -> None:
    """``cat a.xzlog b.xzlog``: b's first game chains from GENESIS, not from a's last game
    (L1, L2), so chained from a's last hash it is declined; from GENESIS it reads."""
    a, b = game_bytes([EVENT]), game_bytes([DAHAI])
    first = both[0].scan_game(a + b, 0, 0, GENESIS, Limits())
    assert isinstance(first, tuple)
    for s in both:
        assert s.scan_game(a + b, len(a), 0, first[9], Limits()) is None
        assert isinstance(s.scan_game(a + b, len(a), 0, GENESIS, Limits()), tuple)
    assert read_records(a + b)[1].game.errors


@pytest.mark.usefixtures("lanes")
def test_every_prefix_of_a_game_needs_more(both: list[ModuleType]) -> None:
    """Truncated anywhere (L1), the game is not there yet: NEED_MORE, never None."""
    data = corpus("xuezhan:random")
    first = both[0].scan_game(data, 0, 0, GENESIS, Limits())
    assert isinstance(first, tuple)
    end = first[0]
    compiled, twin = both[0], both[-1]
    for cut in range(end):
        assert compiled.scan_game(data[:cut], 0, 0, GENESIS, Limits()) == log_scan.NEED_MORE
    rng = random.Random(7)
    record_ends = [o - 34 for o in first[3][:5]]  # around the hash of a few records
    cuts = [*range(0, 80), *rng.sample(range(end), 60), *range(end - 80, end)]
    cuts += [c + d for c in record_ends for d in range(-3, 4)]
    for cut in cuts:
        assert twin.scan_game(data[:cut], 0, 0, GENESIS, Limits()) == log_scan.NEED_MORE
    for s in both:
        assert same(s.scan_game(data[:end], 0, 0, GENESIS, Limits()), first)


# -- hand-made records: each declined ---------------------------------------------------------

EVENT = msgpack.packb({"type": "none"})


def _head(prev: bytes = GENESIS) -> tuple[bytes, bytes]:
    return (b"\x93\x00", header_payload(prev))


@pytest.mark.parametrize(
    "records",
    [
        pytest.param([(b"\x93\x01", EVENT)], id="event-first"),
        pytest.param([(b"\x93\x02", msgpack.packb({}))], id="claims-first"),
        pytest.param([_head(), (b"\x93\x00", EVENT)], id="second-header"),
        pytest.param([_head(), (b"\x93\x03", msgpack.packb({}))], id="close-before-claims"),
        pytest.param([_head(), (b"\x93\x04", EVENT)], id="unknown-tag"),
        pytest.param([_head(), (b"\x93\xcc\x01", EVENT)], id="tag-as-uint8"),
        pytest.param([_head(), (b"\x94\x01", EVENT)], id="four-element-record"),
        pytest.param([_head(), (b"\x93\x01", b"\xd4\x01\x00")], id="fixext"),
        pytest.param([_head(), (b"\x93\x01", b"\xc7\x00\x05")], id="ext8-empty"),
        pytest.param([_head(), (b"\x93\x01", b"\x81\x01\xc0")], id="int-key"),
        pytest.param([_head(), (b"\x93\x01", b"\x81\x91\xa1a\xc0")], id="array-key"),
        pytest.param([_head(), (b"\x93\x01", b"\xa2\xff\xfe")], id="invalid-utf8"),
        pytest.param([_head(), (b"\x93\x01", b"\xa3\xed\xa0\x80")], id="utf8-surrogate"),
        pytest.param([_head(), (b"\x93\x01", b"\xc1")], id="c1"),
        pytest.param([_head(), (b"\x93\x01", b"\x92\xc0")], id="array-short"),
        pytest.param([(b"\x93\x00", header_payload(b"\x01" * 32))], id="header-prev-other"),
        pytest.param([(b"\x93\x00", b"\x92\x01\x02")], id="header-not-a-map"),
    ],
)
def test_declined_records(both: list[ModuleType], records: list[tuple[bytes, bytes]]) -> None:
    data = lay(records) + lay([(b"\x93\x02", b"\x80")]) + bytes(200)
    assert check_first_game(both, data) is None


def _rehash_event(data: bytes, hash_head: bytes, digest_len: int) -> bytes:
    """A one-event game whose event's hash element is ``hash_head`` + ``digest_len`` bytes."""
    head = lay([_head()])
    body = b"\x93\x01" + EVENT
    digest = hashlib.blake2b(head[-32:] + body, digest_size=32).digest()
    digest = (digest + bytes(8))[:digest_len]
    return head + body + hash_head + digest + data


@pytest.mark.parametrize(
    ("hash_head", "digest_len"),
    [(b"\xc4\x22", 34), (b"\xc4\x1f", 31), (b"\xc5\x00\x20", 32), (b"\xa0", 0)],
)
def test_hash_elements_other_than_bin8_of_32(
    both: list[ModuleType], hash_head: bytes, digest_len: int
) -> None:
    tail = lay([(b"\x93\x02", b"\x80")]) + bytes(200)
    data = _rehash_event(tail, hash_head, digest_len)
    assert check_first_game(both, data) is None


@pytest.mark.usefixtures("lanes")
@pytest.mark.parametrize("which", range(11))
def test_a_broken_hash_is_declined(both: list[ModuleType], which: int) -> None:
    """L2: one stored hash changed — of a one-block record (checked in batches of eight in
    the compiled scanner) or of a longer one — declines the game, also when the data then
    ends early (None, not NEED_MORE: the twin stops at the bad record)."""
    long_event = msgpack.packb({"type": "none", "note": "x" * 200})
    events = [DAHAI, TSUMO, EVENT, long_event] * 2 + [DAHAI]
    data = game_bytes(events)
    res = check_first_game(both, data)
    assert isinstance(res, tuple)
    # the hash of the header (which=0), of event which-1, or of the claims record (which=10)
    ends = [res[3][0], *res[3][1:], res[5], res[7]]
    hash_at = ends[which] - 32
    broken = bytearray(data)
    broken[hash_at + which % 32] ^= 0x40
    assert check_first_game(both, bytes(broken)) is None
    for cut in (res[5] + 3, res[7] + 3, len(data) - 1):
        if cut > hash_at + 32:
            assert check_first_game(both, bytes(broken[:cut])) is None


OVER = [
    pytest.param(b"\xdd\x00\x01\x00\x00", id="array32-65536"),
    pytest.param(b"\xdc\x10\x01", id="array16-4097"),
    pytest.param(b"\xdf\x00\x00\x01\x01", id="map32-257"),
    pytest.param(b"\xde\x01\x01", id="map16-257"),
    pytest.param(b"\xdb\xff\xff\xff\xff", id="str32-4GiB"),
    pytest.param(b"\xda\x10\x01", id="str16-4097"),
    pytest.param(b"\xc6\x00\x10\x00\x01", id="bin32-4097"),
    pytest.param(b"\xc5\x10\x01", id="bin16-4097"),
    pytest.param(b"\x92\x91\xdd\x00\x01\x00\x00", id="nested-array32"),
]


@pytest.mark.parametrize("declared", OVER)
@pytest.mark.parametrize("cut_short", [False, True])
def test_declared_sizes_past_the_limits(
    both: list[ModuleType], declared: bytes, cut_short: bool
) -> None:
    """L6: a declared size past its limit is declined whether or not its data follows."""
    head = lay([_head()])
    event = b"\x93\x01" + declared
    data = head + event + (b"" if cut_short else bytes(70_000))
    for cut in range(len(head) + 2, len(data) + 1, 1 if cut_short else 10_007):
        assert check_first_game(both, data[:cut]) == (
            None if cut >= len(head) + len(event) else log_scan.NEED_MORE
        )


@pytest.mark.parametrize(
    ("field", "value", "payload"),
    [
        ("max_array_len", 4, b"\x95\x01\x02\x03\x04\x05"),
        (
            "max_map_len",
            4,
            b"\x85" + b"".join(b"\xa1" + k + b"\xc0" for k in (b"a", b"b", b"c", b"d", b"e")),
        ),
        ("max_str_len", 7, b"\xa8abcdefgh"),
        ("max_bin_len", 32, b"\xc4\x21" + bytes(33)),
    ],
)
def test_fix_sizes_past_small_limits(
    both: list[ModuleType], field: str, value: int, payload: bytes
) -> None:
    """Fixed-size headers (fixarray, fixmap, fixstr) and bin 8 against small limits (L6)."""
    limits = Limits(max_array_len=5, max_map_len=5, max_str_len=8, max_bin_len=33)
    header = msgpack.packb({"prev": GENESIS})  # small enough for the small limits
    data = game_bytes([payload], header=header)
    assert isinstance(check_first_game(both, data, limits), tuple)
    assert check_first_game(both, data, replace(limits, **{field: value})) is None
    assert read_records(data, replace(limits, **{field: value}))[0].game.errors


def test_limits_that_reject_every_record(both: list[ModuleType]) -> None:
    data = game_bytes([EVENT])
    for limits in (Limits(max_array_len=2), Limits(max_bin_len=31), Limits(max_map_len=0)):
        assert check_first_game(both, data, limits) is None


def test_max_events(both: list[ModuleType]) -> None:
    data = game_bytes([EVENT, DAHAI, TSUMO, EVENT])
    assert isinstance(check_first_game(both, data, Limits(max_events=4)), tuple)
    assert check_first_game(both, data, Limits(max_events=3)) is None
    assert check_first_game(both, data[:-10], Limits(max_events=3)) is None


def test_max_game_bytes(both: list[ModuleType]) -> None:
    data = game_bytes([EVENT, DAHAI, TSUMO])
    res = check_first_game(both, data)
    assert isinstance(res, tuple)
    last_event = res[3][-1]
    assert isinstance(check_first_game(both, data, Limits(max_game_bytes=last_event)), tuple)
    assert check_first_game(both, data, Limits(max_game_bytes=last_event - 1)) is None


def test_max_record_bytes(both: list[ModuleType]) -> None:
    big = msgpack.packb({"type": "none", "note": "x" * 3000})
    data = game_bytes([big, DAHAI])
    size = 2 + len(big) + 34
    assert isinstance(check_first_game(both, data, Limits(max_record_bytes=size)), tuple)
    assert check_first_game(both, data, Limits(max_record_bytes=size - 1)) is None
    # a template record (tsumo: 77 bytes) the largest of its game
    small = lay(
        [
            (b"\x93\x00", msgpack.packb({"prev": GENESIS})),
            (b"\x93\x01", TSUMO),
            (b"\x93\x02", b"\x80"),
            (b"\x93\x03", b"\x80"),
        ]
    )
    assert isinstance(check_first_game(both, small, Limits(max_record_bytes=77)), tuple)
    assert check_first_game(both, small, Limits(max_record_bytes=76)) is None


@pytest.mark.parametrize(("depth", "ok"), [(1022, True), (1023, True), (1024, False)])
def test_nesting_depth(both: list[ModuleType], depth: int, ok: bool) -> None:
    """msgpack holds 1,024 open containers, the record's array among them."""
    data = game_bytes([b"\x91" * (depth - 1) + b"\x90"])
    res = check_first_game(both, data)
    assert isinstance(res, tuple) if ok else res is None
    if not ok:
        assert read_records(data)[0].game.errors


# -- the template shapes and their near misses -----------------------------------------------


def _changed(payload: bytes, at: int, new: bytes) -> bytes:
    return payload[:at] + new + payload[at + 1 :]


NEAR = [
    pytest.param(DAHAI, id="dahai"),
    pytest.param(TSUMO, id="tsumo"),
    pytest.param(_changed(DAHAI, 18, b"\x04"), id="actor-4"),
    pytest.param(_changed(DAHAI, 18, b"\xff"), id="actor-minus-1"),
    pytest.param(_changed(DAHAI, 24, b"0"), id="pai-0m"),
    pytest.param(_changed(DAHAI, 25, b"z"), id="pai-3z"),
    pytest.param(_changed(DAHAI, 36, b"\xc0"), id="tsumogiri-nil"),
    pytest.param(_changed(DAHAI, 36, b"\x01"), id="tsumogiri-1"),
    pytest.param(_changed(TSUMO, 40, b"\xcc\x80"), id="left-cc80"),
    pytest.param(_changed(TSUMO, 40, b"\xcc\x05"), id="left-cc05"),
    pytest.param(_changed(TSUMO, 34, b"\xc3"), id="rinshan-true"),
    pytest.param(_changed(TSUMO, 7, b"T"), id="type-Tsumo"),
    pytest.param(_changed(DAHAI, 0, b"\x85") + b"\xa1x\xc0", id="dahai-five-keys"),
    pytest.param(_changed(TSUMO, 0, b"\x84")[:35], id="tsumo-four-keys"),
    pytest.param(DAHAI[:23] + b"\xa3" + DAHAI[24:26] + b"!" + DAHAI[26:], id="pai-three-letters"),
]


@pytest.mark.parametrize("payload", NEAR)
def test_template_shapes_and_near_misses(both: list[ModuleType], payload: bytes) -> None:
    """Whatever path a payload takes, the event is what unpackb gives (type for type)."""
    data = game_bytes([payload, payload])
    res = check_first_game(both, data)
    assert isinstance(res, tuple)
    assert same(res[2], [msgpack.unpackb(payload)] * 2)
    assert res[10] == payload * 2


def test_others_whatever_the_limits(both: list[ModuleType]) -> None:
    """Under limits too small for a dahai ("tsumogiri": 9 letters) the compiled scanner
    decodes tsumo payloads with msgpack; they are still of a template shape, not others."""
    none = msgpack.packb({"type": "none"})
    data = game_bytes([TSUMO, none, TSUMO], header=msgpack.packb({"prev": GENESIS}))
    for limits in (Limits(), Limits(max_str_len=8)):
        for s in both:
            res = s.scan_game(data, 0, 0, GENESIS, limits)
            assert isinstance(res, tuple) and res[11] == [1]
            assert same(res[2], [msgpack.unpackb(p) for p in (TSUMO, none, TSUMO)])


@pytest.mark.parametrize("limits", [Limits(max_map_len=4), Limits(max_str_len=8)])
def test_templates_obey_the_limits(both: list[ModuleType], limits: Limits) -> None:
    """A tsumo has 5 keys, a dahai the 9-letter key "tsumogiri": past these limits reading
    record by record rejects them, so the scan does too."""
    data = game_bytes([TSUMO, DAHAI], header=msgpack.packb({"prev": GENESIS}))
    assert check_first_game(both, data, limits) is None
    assert read_records(data, limits)[0].game.errors


def test_every_template_tile_and_value(both: list[ModuleType]) -> None:
    events = []
    for suit in "mps":
        for rank in range(1, 10):
            for actor in range(4):
                flag = (rank + actor) % 2 == 0
                events.append(
                    {"type": "dahai", "actor": actor, "pai": f"{rank}{suit}", "tsumogiri": flag}
                )
                left = (rank * 13 + actor * 7) % 128
                tsumo = {"type": "tsumo", "actor": actor, "pai": f"{rank}{suit}"}
                events.append({**tsumo, "rinshan": not flag, "left": left})
    payloads = [msgpack.packb(e) for e in events]
    res = check_first_game(both, game_bytes(payloads))
    assert isinstance(res, tuple) and same(res[2], events)


# -- arguments and the selector --------------------------------------------------------------


def test_bad_arguments(scanner: ModuleType) -> None:
    data = game_bytes([EVENT])
    for other in (list(data), data.decode("latin-1"), len(data), None):
        with pytest.raises(TypeError):
            scanner.scan_game(other, 0, 0, GENESIS, Limits())
    with pytest.raises(TypeError):
        scanner.scan_game(data, 0, 0, None, Limits())
    with pytest.raises(ValueError, match="32 bytes"):
        scanner.scan_game(data, 0, 0, GENESIS[:31], Limits())
    with pytest.raises(ValueError, match="outside"):
        scanner.scan_game(data, len(data) + 1, 0, GENESIS, Limits())
    with pytest.raises(ValueError, match="outside"):
        scanner.scan_game(data, -1, 0, GENESIS, Limits())
    assert scanner.scan_game(data, len(data), 0, GENESIS, Limits()) == scanner.NEED_MORE == 0


@pytest.mark.parametrize("kind", [bytearray, memoryview])
def test_a_bytearray_or_memoryview_reads_as_its_bytes(scanner: ModuleType, kind: type) -> None:
    """The same answers from a bytearray or a memoryview as from bytes: whole games, every
    cut of one (NEED_MORE), a damaged one (None), from an offset with a base."""
    data = recorded("xuezhan", 2)
    first = scanner.scan_game(data, 0, 0, GENESIS, Limits())
    assert isinstance(first, tuple)
    cases = [(data, 0, 0, GENESIS), (data, first[0], 7, first[9])]
    cases += [(data[:cut], 0, 0, GENESIS) for cut in range(0, first[0], 997)]
    damaged = bytearray(data)
    damaged[first[0] // 2] ^= 1
    cases.append((bytes(damaged), 0, 0, GENESIS))
    for raw, start, base, prev in cases:
        want = scanner.scan_game(raw, start, base, prev, Limits())
        got = scanner.scan_game(kind(bytearray(raw)), start, base, prev, Limits())
        assert same(got, want)
    whole = memoryview(b"xx" + data)[2:]  # a slice of a bigger buffer
    assert same(scanner.scan_game(whole, 0, 0, GENESIS, Limits()), first)


def test_a_bytearray_is_held_while_scanned(scanner: ModuleType) -> None:
    """The buffer is released after the call (a bytearray can be resized again)."""
    data = bytearray(recorded("xuezhan", 1))
    first = scanner.scan_game(data, 0, 0, GENESIS, Limits())
    assert isinstance(first, tuple)
    data.extend(b"\x93")  # no BufferError: released; the game read again is the same
    assert same(scanner.scan_game(data, 0, 0, GENESIS, Limits()), first)


def test_both_backends_have_the_same_names(both: list[ModuleType]) -> None:
    for module in both:
        assert module.__all__ == both[-1].__all__
        assert all(hasattr(module, name) for name in module.__all__)
        assert module.NEED_MORE == 0 and module.MAX_DEPTH == 1023


def test_expected_bodies_helper_cuts_payloads() -> None:
    """The test oracle itself: bodies cut from the file equal the payloads laid down."""
    data = game_bytes([EVENT, DAHAI])
    game = read_records(data)[0].game
    assert game.claims_offset is not None
    assert expected_bodies(data, 0, game.event_offsets, game.claims_offset) == EVENT + DAHAI


# -- BLAKE2b-256 in C (L2) -------------------------------------------------------------------


def test_blake2b_against_hashlib(scanner: ModuleType) -> None:
    rng = random.Random(2026)
    lengths = [*range(301), 1023, 1024, 1025, 4096, 65_537, (1 << 20) + 17]
    for n in lengths:
        data = rng.randbytes(n)
        assert scanner.blake2b_256(data) == hashlib.blake2b(data, digest_size=32).digest()
        prev = rng.randbytes(32)
        want = hashlib.blake2b(prev + data, digest_size=32).digest()
        assert scanner.chain_hash(prev, data) == want


def test_lane_kernels_against_hashlib(lanes: int) -> None:
    """Eight chain steps at once (one block each, bodies of 0 to 96 bytes) against hashlib;
    any one wrong digest, wherever it sits in a batch, fails the check."""
    compiled = load_scanner("cython")
    rng = random.Random(lanes)
    prevs = [rng.randbytes(32) for _ in range(97)]
    bodies = [rng.randbytes(n) for n in range(97)]
    wants = [
        hashlib.blake2b(p + b, digest_size=32).digest() for p, b in zip(prevs, bodies, strict=True)
    ]
    assert compiled._check_batch(prevs, bodies, wants)
    for count in (1, 7, 8, 9, 17):
        assert compiled._check_batch(prevs[:count], bodies[:count], wants[:count])
    for wrong in (0, 3, 7, 8, 50, 96):
        bad = list(wants)
        bad[wrong] = bytes([bad[wrong][0] ^ 1]) + bad[wrong][1:]
        assert not compiled._check_batch(prevs, bodies, bad)
        assert not compiled._check_batch(prevs[: wrong + 1], bodies[: wrong + 1], bad)
    with pytest.raises(ValueError, match="one-block"):
        compiled._check_batch([prevs[0]], [bytes(97)], [wants[0]])
