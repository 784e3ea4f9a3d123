"""Fingerprint the observable behaviour of an installed ``xz`` CLI, to prove a refactor changed
nothing.

    python scripts/fingerprint.py [--games-per-variant N] [--out DIR] [--python PY]
                                  [--replays DIR] [--workers W] [--keep]

Run it against an install of the old commit and one of the new: the two ``fingerprint:``
lines must match, and ``diff OLD/fingerprint.txt NEW/fingerprint.txt`` names what differs.

Why only the CLI: a refactor that moves modules into subpackages changes the Python import
paths, but not the ``xz`` command line, so this script never imports xzcore. Every check is
``PY -m xzcore.cli ...`` in a subprocess (``PY``: ``--python``, default this interpreter),
and every line it prints is a hash of what such a run wrote, with its exit code:

1. ``record``: bot games for every preset and many rule options (:data:`VARIANTS`), with the
   greedy and the random bots, on fixed seeds; matches (``--rounds``, R11.3); games signed
   with the demonstration key of ``scripts/make_replays.py`` (:func:`demo_private_pem`).
   One line per log: its name, games and the sha256 of its bytes.
2. ``audit``: the bundled ``replays/``, every recorded log and damaged copies made here
   deterministically (truncated, bytes flipped by a seeded RNG, headers edited, …), in the
   three formats, with and without ``--verify-key replays/demo-key.pub``, with ``--jobs 1``
   and ``2``; a log big enough to be audited in parts; then one ``audit-file`` line per
   audited file (its JSONL reports without the key, hashed), to say where a difference is.
3. ``hand``: ~30 hands on the command line, and ``--jsonl`` over hand-made edge cases and
   over requests generated from a seeded RNG; ``replay``: ``--to K`` on several files;
   ``cli``: help texts and usage or input errors.

Each run's standard output is hashed in full (sha256) and its standard error by a short
hash. Runs are deterministic: fixed seeds, no clock, and every command runs in one scratch
folder with relative file names (audit reports and error messages name files as given), so
no temporary path reaches the hashed output. The runs go ``--workers`` at a time (default:
the cores), but each run's output is its own and the lines keep a fixed order.

Compare installs on the same Python with the same click, msgpack and cryptography: help and
error texts come partly from them (click's usage lines, Python's JSON and recursion errors).
The xzcore version is printed on stderr, not hashed; it is in every log header, though, so a
version bump changes the ``record`` lines.

Not covered: ``xz keygen`` making a key (a fresh random key each time; only its refusals
are), ``record --human`` (interactive), and ``record --set piao_max=N`` (or ``baige``) under
a scoring other than ``count``, which ends in a traceback naming install paths.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCRIPT_DIR = Path(__file__).resolve().parent
DEFAULT_REPLAYS = SCRIPT_DIR.parent / "replays"
DEFAULT_GAMES_PER_VARIANT = 40
BOTS = ("greedy", "random")
NAME_WIDTH = 44
"""Width of the name column of the fingerprint lines (for reading; any width would do)."""
RUN_TIMEOUT = 900
"""Seconds one CLI run may take before it counts as hung (a failure line, not a hang)."""

DEMO_KEY_PHRASE = b"xzcore demonstration key - not a secret"
"""The phrase ``scripts/make_replays.py`` (``demo_signer``) derives its demonstration key
from: BLAKE2b-256 of it is the raw Ed25519 private key whose public half is
``replays/demo-key.pub``. Not a secret; it only makes the signed logs reproducible."""
_ED25519_PKCS8_PREFIX = bytes.fromhex("302e020100300506032b657004220420")
"""DER of an Ed25519 PKCS#8 private key (RFC 8410) up to its 32 raw key bytes."""


# -- running the CLI --------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One ``xz`` invocation: the section and name of its fingerprint line, its arguments,
    and the bytes given on its standard input."""

    section: str
    name: str
    args: tuple[str, ...]
    stdin: bytes = b""


@dataclass(frozen=True)
class Outcome:
    """What a run left: exit code and both output streams."""

    code: int
    stdout: bytes
    stderr: bytes


def read_or_empty(path: Path) -> bytes:
    """A file's bytes, or none if a failed run did not write it (its line says so)."""
    return path.read_bytes() if path.is_file() else b""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def short_hash(data: bytes) -> str:
    return sha256(data)[:16]


def cli_environment() -> dict[str, str]:
    """The environment of every run: this one, with the settings that could change output
    fixed (locale, encoding, hash seed, terminal width for help texts)."""
    env = dict(os.environ)
    env.update(
        LC_ALL="C.UTF-8",
        LANG="C.UTF-8",
        PYTHONIOENCODING="utf-8",
        PYTHONHASHSEED="0",
        PYTHONUTF8="1",
        COLUMNS="100",
        TERM="dumb",
    )
    for name in ("PYTHONSTARTUP", "PYTHONWARNINGS", "PYTHONINSPECT", "FORCE_COLOR"):
        env.pop(name, None)
    return env


class Cli:
    """Runs ``PY -m xzcore.cli ARGS`` in the scratch folder."""

    def __init__(self, python: str, workdir: Path) -> None:
        self.python = python
        self.workdir = workdir
        self.env = cli_environment()

    def run(self, run: Run) -> Outcome:
        try:
            proc = subprocess.run(
                [self.python, "-m", "xzcore.cli", *run.args],
                cwd=self.workdir,
                env=self.env,
                input=run.stdin,
                capture_output=True,
                timeout=RUN_TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            return Outcome(-1, exc.stdout or b"", b"timeout")
        return Outcome(proc.returncode, proc.stdout, proc.stderr)

    def run_all(self, runs: Sequence[Run], workers: int) -> list[Outcome]:
        """Every run, ``workers`` at a time; outcomes in the order of ``runs``."""
        with ThreadPoolExecutor(max_workers=max(workers, 1)) as pool:
            return list(pool.map(self.run, runs))


def outcome_line(run: Run, out: Outcome) -> str:
    return (
        f"{run.section:<7} {run.name:<{NAME_WIDTH}} exit={out.code:<3} "
        f"stdout={sha256(out.stdout)}  stderr={short_hash(out.stderr)}"
    )


# -- step 1: recording ------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """A rule set to record: a preset and ``--set`` overrides."""

    name: str
    preset: str
    sets: tuple[str, ...] = ()


VARIANTS: tuple[Variant, ...] = (
    # the four presets as they are (R12)
    Variant("xuezhan", "xuezhan"),
    Variant("chengdu-classic", "chengdu-classic"),
    Variant("xueliu", "xueliu"),
    Variant("leshan", "leshan"),
    # caps and the self-draw bonus (R8.7, R9.2)
    Variant("xuezhan.cap3-zimo-double", "xuezhan", ("cap_fan=3", "zimo_bonus=double")),
    Variant("xuezhan.nocap-zimo-none", "xuezhan", ("cap_fan=none", "zimo_bonus=none")),
    # who pays 抢杠胡 and 点杠花 (R6.4, R9.3)
    Variant("xuezhan.qianggang-all-dgh-all", "xuezhan", ("qianggang_payer=all", "dianganghua=all")),
    # 呼叫转移 and gang money (R9.5, R6.2, R6.3, R10.3)
    Variant(
        "xuezhan.transfer-allfirst-norefund",
        "xuezhan",
        ("call_transfer=all_gangs_first", "refund_gang_money=off"),
    ),
    Variant(
        "xuezhan.transfer-none-gang-units",
        "xuezhan",
        (
            "call_transfer=none",
            "late_added_gang_pays=off",
            "gang_direct_units=3",
            "gang_added_units=2",
            "gang_concealed_units=4",
        ),
    ),
    # the pass lock and 一炮多响 (R7.4, R5.3)
    Variant("xuezhan.passhu-strict", "xuezhan", ("pass_hu=strict",)),
    Variant("xuezhan.passhu-off-single-ron", "xuezhan", ("pass_hu=off", "multi_ron=off")),
    # the final round (R5.7)
    Variant(
        "xuezhan.lastround-forfeit-discard-8",
        "xuezhan",
        ("last_round_win=forfeit", "last_round_scope=discard", "last_round_tiles=8"),
    ),
    Variant("xuezhan.lastround-off", "xuezhan", ("last_round_win=off",)),
    # 花猪 and 查大叫 (R10.1, R10.2)
    Variant(
        "xuezhan.huazhu-all-chajiao-min",
        "xuezhan",
        ("huazhu_payees=all", "huazhu_pays_chajiao=on", "huazhu_fan=2", "chajiao=min"),
    ),
    # scoring rows and extras (R8.3, R8.6)
    Variant(
        "xuezhan.noyaojiu-menqing-haidipao",
        "xuezhan",
        ("yaojiu_jiangdui=off", "menqing_zhongzhang=on", "haidi=off", "haidi_pao=on"),
    ),
    # 换三张, 天胡/地胡 (R3, R7.5)
    Variant(
        "xuezhan.exchange-dihu-dealer",
        "xuezhan",
        ("exchange_three=on", "dihu_on_dealer_discard=on"),
    ),
    Variant("xuezhan.no-tiandihu", "xuezhan", ("tian_di_hu=off",)),
    # no 定缺 (R4), additive scoring (R8.4), count scoring alone (R13.1)
    Variant("xuezhan.no-void", "xuezhan", ("declare_void=off",)),
    Variant("xuezhan.additive", "xuezhan", ("scoring=additive",)),
    Variant("xuezhan.count", "xuezhan", ("scoring=count", "cap_fan=none")),
    # 血流成河 without 换三张 (R11.2)
    Variant("xuezhan.xueliu", "xuezhan", ("xueliu=on",)),
    Variant(
        "chengdu-classic.table-cap4-forced",
        "chengdu-classic",
        ("scoring=table", "cap_fan=4", "last_round_win=forced"),
    ),
    Variant(
        "xueliu.noexchange-active-strict",
        "xueliu",
        ("exchange_three=off", "huazhu_payees=active", "pass_hu=strict"),
    ),
    # Leshan: 飘, 摆割 and the counts (R13)
    Variant("leshan.no-piao-no-baige", "leshan", ("piao_max=0", "baige=off")),
    Variant(
        "leshan.piao2-counts",
        "leshan",
        ("piao_max=2", "count_duidui=3", "count_qidui=6", "count_tianhu=8"),
    ),
    Variant(
        "leshan.chajiao-min-huazhu-cap",
        "leshan",
        ("chajiao=min", "huazhu_fan=cap", "pass_hu=higher_only", "haidi_pao=off"),
    ),
    Variant("leshan.xueliu-exchange", "leshan", ("xueliu=on", "exchange_three=on")),
)
"""Every recorded rule set: the four presets and 23 option variants."""


@dataclass(frozen=True)
class Recording:
    """One ``xz record`` output: file (relative to the scratch folder), games, arguments."""

    name: str
    path: str
    games: int
    args: tuple[str, ...]


def stable_seed(name: str) -> int:
    """A seed fixed by a recording's name (not by its place in a list)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:3], "big") * 1000


def rule_args(variant: Variant) -> tuple[str, ...]:
    args: list[str] = ["--rules", variant.preset]
    for item in variant.sets:
        args += ["--set", item]
    return tuple(args)


def plan_recordings(games_per_variant: int) -> list[Recording]:
    """Every log to record, in the order of the fingerprint lines."""
    plans: list[Recording] = []

    def add(
        name: str,
        variant: Variant,
        bot: str,
        games: int,
        *,
        match: bool = False,
        sign: bool = False,
        folder: str = "records",
    ) -> None:
        path = f"{folder}/{name}.xzlog"
        count = ("--rounds" if match else "-n", str(games))
        seed = ("--seed", str(stable_seed(name)))
        signing = ("--sign", "demo.key") if sign else ()
        args = ("record", *rule_args(variant), "--bot", bot, *count, *seed, *signing)
        plans.append(Recording(name, path, games, (*args, "--no-progress", "-o", path)))

    for variant in VARIANTS:
        for bot in BOTS:
            add(f"{variant.name}.{bot}", variant, bot, games_per_variant)
    preset = {v.name: v for v in VARIANTS}
    # matches of several rounds: dealer rotation and running totals (R11.3)
    rounds = max(games_per_variant // 4, 2)
    add("match.xuezhan.greedy", preset["xuezhan"], "greedy", rounds, match=True)
    add("match.xueliu.random", preset["xueliu"], "random", rounds, match=True)
    add("match.leshan.greedy", preset["leshan"], "greedy", rounds, match=True)
    # signed with the demonstration key (L3)
    add("signed.xuezhan.greedy", preset["xuezhan"], "greedy", games_per_variant, sign=True)
    add("signed.leshan.random", preset["leshan"], "random", games_per_variant // 2, sign=True)
    add("signed.match.chengdu", preset["chengdu-classic"], "greedy", rounds, match=True, sign=True)
    # short logs to damage (:data:`DAMAGE_SOURCES`): each damaged copy holds a few games
    add("damage-source.xuezhan.greedy", preset["xuezhan"], "greedy", 6)
    add("damage-source.leshan.greedy", preset["leshan"], "greedy", 6)
    add("damage-source.signed.xueliu.greedy", preset["xueliu"], "greedy", 4, sign=True)
    # a log above the audit's 4 MiB split size, so that ``--jobs 2`` audits it in parts
    add("bulk.xuezhan.greedy", preset["xuezhan"], "greedy", games_per_variant * 12, folder="big")
    return plans


def demo_private_pem() -> bytes:
    """The demonstration private key of ``scripts/make_replays.py`` as a PKCS#8 PEM file,
    built with the standard library alone (the same key, whatever the install holds)."""
    raw = hashlib.blake2b(DEMO_KEY_PHRASE, digest_size=32).digest()
    body = base64.encodebytes(_ED25519_PKCS8_PREFIX + raw).decode("ascii")
    return f"-----BEGIN PRIVATE KEY-----\n{body}-----END PRIVATE KEY-----\n".encode("ascii")


def record_lines(plans: Sequence[Recording], outcomes: Sequence[Outcome], work: Path) -> list[str]:
    lines = []
    for plan, out in zip(plans, outcomes, strict=True):
        target = work / plan.path
        digest = sha256(target.read_bytes()) if target.is_file() else "missing"
        lines.append(
            f"record  {plan.name:<{NAME_WIDTH}} games={plan.games:<5} exit={out.code:<3} "
            f"sha256={digest}  stderr={short_hash(out.stderr)}"
        )
    return lines


# -- step 2: damaged logs and audits ----------------------------------------------------------


DAMAGE_SOURCES = (
    "damage-source.xuezhan.greedy",
    "damage-source.leshan.greedy",
    "damage-source.signed.xueliu.greedy",
)
"""The recorded logs that are damaged (the first one also has its headers edited), with
the bundled ``replays/preset-xueliu.xzlog``."""
HEADER_START = b"\xa6format\xa5xzlog"
"""Bytes near the start of every game's header record (its map's first entry)."""


def edit_header(
    data: bytes, game: int, key: bytes, change: Callable[[int], int], skip: int = 0
) -> bytes:
    """``data`` with one byte changed in place in game ``game``'s header: the byte ``skip``
    bytes after the first ``key`` (msgpack bytes, e.g. a key with its length byte) that
    follows the header's start. The hash chain is left alone. Unchanged if not found."""
    start = -1
    for _ in range(game + 1):
        start = data.find(HEADER_START, start + 1)
        if start < 0:
            return data
    at = data.find(key, start)
    if at < 0:
        return data
    pos = at + len(key) + skip
    if pos >= len(data):
        return data
    return data[:pos] + bytes([change(data[pos]) & 0xFF]) + data[pos + 1 :]


def toggle_case(char: int) -> int:
    """An ASCII letter in the other case (``g`` ↔ ``G``)."""
    return char ^ 0x20


def damaged_copies(sources: dict[str, bytes], seed: str = "xz-fingerprint") -> dict[str, bytes]:
    """Deterministic damage to the logs in ``sources`` (name → bytes): file name → bytes.

    Truncations at fixed offsets, single bytes flipped at positions drawn from an RNG seeded
    by the source's name (so one missing source changes no other's copies), header fields
    edited in place (a seat name, the cap, the dealer, the name of the seed field; the chain
    not rewritten), and files that are no log, or two logs end to end."""
    out: dict[str, bytes] = {}
    for name, data in sources.items():
        rng = random.Random(f"{seed}:{name}")
        size = len(data)
        for cut in sorted({1, 37, 500, size // 3, size // 2, size - 33, size - 1}):
            if 0 < cut < size:
                out[f"{name}.cut-{cut}"] = data[:cut]
        for i in range(6):
            pos = rng.randrange(size)
            flipped = bytearray(data)
            flipped[pos] ^= rng.randrange(1, 256)
            out[f"{name}.flip{i}-{pos}"] = bytes(flipped)
        many = bytearray(data)
        for _ in range(8):
            many[rng.randrange(size)] ^= rng.randrange(1, 256)
        out[f"{name}.flip-many"] = bytes(many)
        out[f"{name}.game0-seat-renamed"] = edit_header(
            data, 0, b"\xa5seats\x94", toggle_case, skip=1
        )
    names = list(sources)
    first = sources[names[0]]
    out[f"{names[0]}.game1-cap-edited"] = edit_header(first, 1, b"\xa7cap_fan", lambda v: v - 2)
    out[f"{names[0]}.game2-dealer-edited"] = edit_header(
        first, 2, b"\xa6dealer", lambda v: (v + 1) % 4
    )
    out[f"{names[0]}.game3-seed-key-edited"] = edit_header(first, 3, b"\xa4s", toggle_case)
    out["concat.two-logs"] = first + sources[names[1]]
    out["concat.same-log-twice"] = first * 2
    out["empty"] = b""
    out["not-a-log"] = b"this is not a game log\n"
    out["garbage"] = random.Random(f"{seed}:garbage").randbytes(4096)
    return out


def write_damaged(work: Path, recordings: Sequence[Recording]) -> None:
    """Write the damaged copies to ``damaged/``, and two of the big log to ``big/``."""
    by_name = {r.name: work / r.path for r in recordings}
    sources = {name: read_or_empty(by_name[name]) for name in DAMAGE_SOURCES}
    sources["replay-preset-xueliu"] = read_or_empty(work / "replays" / "preset-xueliu.xzlog")
    sources = {name: data for name, data in sources.items() if data}
    folder = work / "damaged"
    folder.mkdir()
    if len(sources) >= 2:
        for name, data in damaged_copies(sources).items():
            (folder / f"{name}.xzlog").write_bytes(data)
    data = read_or_empty(by_name["bulk.xuezhan.greedy"])
    if data:
        middle = bytearray(data)
        middle[len(data) // 2] ^= 0x5A
        (work / "big" / "bulk.flip-middle.xzlog").write_bytes(bytes(middle))
        (work / "big" / "bulk.cut-two-thirds.xzlog").write_bytes(data[: len(data) * 2 // 3])


CORPUS = ("replays", "records", "damaged")
"""The folders of the full audits, relative to the scratch folder (so reports name them
alike on every run); ``big/`` is audited on its own."""
KEY = ("--verify-key", "replays/demo-key.pub")
PER_FILE_RUNS = ("all.jsonl.nokey.j1", "big.jsonl.j1")
"""The audits whose reports are also hashed file by file (:func:`audit_file_lines`)."""


def plan_audits(recordings: Sequence[Recording], work: Path) -> list[Run]:
    """Audits of the whole corpus in every format, with and without the key, one and two
    jobs; of the big logs (audited in parts with two jobs); of signed logs, standard input,
    and inputs or keys that are missing or wrong."""
    runs: list[Run] = []
    for fmt in ("table", "json", "jsonl"):
        for key_name, key in (("nokey", ()), ("key", KEY)):
            for jobs in ("1", "2"):
                args = ("audit", "--format", fmt, *key, "--jobs", jobs, "--no-progress", *CORPUS)
                runs.append(Run("audit", f"all.{fmt}.{key_name}.j{jobs}", args))
    runs.append(Run("audit", "all.table.key.quiet.j2", ("audit", "-q", *KEY, "-j", "2", *CORPUS)))
    # a file is cut in parts only when fewer than --jobs files follow it: audit each alone too
    big = ("big/bulk.xuezhan.greedy.xzlog", "big/bulk.flip-middle.xzlog")
    runs += [
        Run("audit", "big.jsonl.j1", ("audit", "--format", "jsonl", "big")),
        Run("audit", "big.jsonl.j2", ("audit", "--format", "jsonl", "-j", "2", "big")),
        Run("audit", "big.bulk.json.j2", ("audit", "--format", "json", "-j", "2", big[0])),
        Run("audit", "big.flip-middle.table.j2", ("audit", "-j", "2", big[1])),
        Run("audit", "big.flip-middle.table.j1", ("audit", "-j", "1", big[1])),
    ]
    signed = [r.path for r in recordings if r.name.startswith("signed")]
    first = recordings[0].path
    stdin = read_or_empty(work / first)
    runs += [
        Run("audit", "signed.table.key", ("audit", *KEY, *signed)),
        Run("audit", "stdin.jsonl", ("audit", "--format", "jsonl", "-"), stdin),
        Run("audit", "missing-and-empty-folder", ("audit", "missing.xzlog", "empty-folder")),
        Run("audit", "missing-key", ("audit", "--verify-key", "no-such.pub", first)),
        Run("audit", "private-key-as-public", ("audit", "--verify-key", "demo.key", first)),
        Run("audit", "bad-jobs", ("audit", "--jobs", "65", first)),
    ]  # fmt: skip
    return runs


def audit_file_lines(jsonl: bytes) -> list[str]:
    """One line per audited file from a JSONL audit report: its games by status, and the
    hash of its reports (so that a difference is found file by file)."""
    reports: dict[str, list[bytes]] = {}
    status: dict[str, dict[str, int]] = {}
    for raw in jsonl.splitlines():
        try:
            report = json.loads(raw)
            path, state = str(report["path"]), str(report["status"])
        except (ValueError, KeyError, TypeError):
            path, state = "<unparsed>", "unparsed"
        reports.setdefault(path, []).append(raw)
        counts = status.setdefault(path, {})
        counts[state] = counts.get(state, 0) + 1
    lines = []
    for path in reports:
        counts = status[path]
        summary = " ".join(f"{k}={counts[k]}" for k in sorted(counts))
        digest = sha256(b"\n".join(reports[path]))
        lines.append(f"audit-file {path:<66} {summary:<34} sha256={digest}")
    return lines


# -- step 3: hands, replays, help -------------------------------------------------------------


HANDS: tuple[tuple[str, str], ...] = (
    ("nine-gates-waits", "1112345678999s --void m"),
    ("pinghu-self-draw", "123345789m2346p --win-tile 6p --void s --self-draw"),
    ("four-gangs", "5p --melds 'gang 3p, angang 9m, bugang 2m, bugang 7p' -w 5p"),
    ("four-gangs-json", "5p -m 'gang 3p, angang 9m, bugang 2m, bugang 7p' -w 5p --json"),
    ("pinghu-json", "123345789m2346p -w 6p -v s --json"),
    ("seven-pairs", "11223344556677m --void p"),
    ("dragon-seven-pairs-cap", "11112222333344m -v p"),
    ("dragon-seven-pairs-nocap", "11112222333344m -v p --set cap_fan=none"),
    ("duidui", "111222m333444p55p -v s"),
    ("jiangdui", "222555888m222p55p -v s"),
    ("jiangdui-off", "222555888m222p55p -v s --set yaojiu_jiangdui=off"),
    ("daiyaojiu", "123789m123789p11p -v s"),
    ("void-tile-not-win", "123345789m2346p -w 6p -v p"),
    ("not-ready", "1357m2468p13579s -v m"),
    ("waits-chajiao-min", "1112345678999s -v m --set chajiao=min"),
    ("tianhu", "123456789m11123p -v s --self-draw --first-turn --dealer"),
    ("dihu", "123456789m1112p -w 3p -v s --first-turn"),
    ("haidilaoyue", "123456789m1112p -w 3p -v s --self-draw --last-tile"),
    ("haidipao", "123456789m1112p -w 3p -v s --last-tile --set haidi_pao=on"),
    ("gangshanghua", "456m9p -m 'gang 1p, peng 2p, angang 7p' -w 9p -v s --self-draw --after-gang"),
    ("gangshangpao-zimo-double", "123456789m1122p -w 2p -v s --after-gang --set zimo_bonus=double"),
    ("robbed", "123456789m1145p -w 6p -v s --robbed"),
    ("robbed-self-draw-invalid", "123456789m1145p -w 6p -v s --robbed --self-draw"),
    ("five-copies-invalid", "11111m234p567p88p"),
    ("bad-tile-text", "12x3m"),
    ("chinese-suits-words", "123万 456万 789筒 2346筒 -w 6p -v 条"),
    ("menqing-zhongzhang", "234567m345678p55p -v s --self-draw --set menqing_zhongzhang=on"),
    ("no-void-three-suits", "123m456p789s234m55p --set declare_void=off"),
    ("chengdu-additive", "11223344556677m -v p --rules chengdu-classic"),
    ("xueliu-preset", "1112345678999s -v m --rules xueliu"),
    ("leshan-worked-example", "2342345567m -m 'gang 9m' -w 8m -v p --rules leshan"),
    ("leshan-concealed-gang", "2342345567m -m 'angang 9m' -w 8m -v p --rules leshan --json"),
    ("leshan-qidui-count6", "11223344556677m -v p --rules leshan --set count_qidui=6"),
    ("leshan-jingoudiao", "5s -m 'peng 1m, peng 2m, peng 3m, peng 4m' -w 5s -v p --rules leshan"),
    ("bad-set", "1112345678999s --set cap_fan=lots"),
    ("missing-tiles", "--void m"),
)
"""``xz hand`` command lines (cli/hand.py, README.md): wins of every kind, waits, refusals."""

EDGE_REQUESTS: tuple[dict[str, Any] | bytes, ...] = (
    b'\xef\xbb\xbf{"hand": "1112345678999s", "void": "m", "id": 1}',
    b"",
    {"hand": "123345789m2346p", "win_tile": "6p", "void": "s", "self_draw": True, "explain": True},
    {
        "hand": "5p",
        "melds": [["gang", "3p"], ["angang", "9m"], ["bugang", "2m"], ["bugang", "7p"]],
        "win_tile": "5p",
        "void": "s",
    },
    {"hand": "5p", "melds": ["gang 3p", "angang 9m", "bugang 2m", "bugang 7p"], "win_tile": "5p"},
    {
        "hand": "5p",
        "melds": "gang 3p, angang 9m, bugang 2m, bugang 7p",
        "win_tile": "5p",
        "void": None,
    },
    {"hand": "123345789m2346p", "win_tile": "6p", "void": "p"},
    {"hand": "11112222333344m", "void": "p", "set": {"cap_fan": None}, "id": "longqidui"},
    {"hand": "11223344556677m", "void": "p", "rules": "chengdu-classic", "id": [1, 2]},
    {
        "hand": "2342345567m",
        "melds": "gang 9m",
        "win_tile": "8m",
        "void": "p",
        "rules": "leshan",
        "explain": True,
    },
    {
        "hand": "123456789m11123p",
        "void": "s",
        "self_draw": True,
        "first_turn": True,
        "dealer": True,
    },
    {
        "hand": "123456789m1112p",
        "win_tile": "3p",
        "void": "s",
        "first_turn": True,
        "set": {"tian_di_hu": False},
    },
    {
        "hand": "123456789m1112p",
        "win_tile": "3p",
        "void": "s",
        "last_tile": True,
        "set": {"haidi_pao": True},
    },
    {"hand": "123456789m1145p", "win_tile": "6p", "void": "s", "robbed": True, "self_draw": True},
    {"hand": "11111m234p567p88p"},
    {"hand": 5},
    {"hand": "1112345678999s", "selfdraw": True},
    {"hand": "1112345678999s", "self_draw": 1},
    {"hand": "1112345678999s", "rules": "nowhere"},
    {"hand": "1112345678999s", "set": {"cap_fan": "lots"}},
    {"hand": "1112345678999s", "set": [1]},
    {"hand": "1112345678999s", "win_tile": "0m"},
    {"hand": "1112345678999s", "melds": [["chi", "1m"]]},
    {"hand": "11123m"},
    {"hand": "123万456万789万11筒23筒", "win_tile": "4p", "void": "-"},
    {"hand": "1112345678999s", "void": "万", "set": {"chajiao": "min"}, "id": {"k": None}},
    b'{"hand": ',
    b"[1, 2, 3]",
    b"\xff\xfe not utf-8",
    b"[" * 50_000,
    b'{"hand": "' + b"1" * 70_000 + b'"}',
    b"   ",
    {"hand": "1112345678999s", "void": "m", "id": "after the long line"},
)
"""``xz hand --jsonl`` lines (docs/hand-jsonl.md): requests as objects, and raw lines for a
BOM, blank and overlong lines, bad JSON and UTF-8; every error type, ids of every kind,
each meld notation."""


def edge_requests() -> bytes:
    """:data:`EDGE_REQUESTS` as the bytes of a request file."""
    lines = [
        r if isinstance(r, bytes) else json.dumps(r, ensure_ascii=False).encode("utf-8")
        for r in EDGE_REQUESTS
    ]
    return b"\n".join(lines) + b"\n"


_SUIT_TEXT = ("mps", "万筒条")
_PRESET_SETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("xuezhan", {}),
    ("xuezhan", {}),
    ("xuezhan", {"cap_fan": 3}),
    ("xuezhan", {"zimo_bonus": "double", "cap_fan": None}),
    ("xuezhan", {"yaojiu_jiangdui": False}),
    ("xuezhan", {"menqing_zhongzhang": True}),
    ("xuezhan", {"chajiao": "min"}),
    ("xuezhan", {"haidi_pao": True, "haidi": False}),
    ("xuezhan", {"declare_void": False}),
    ("xuezhan", {"dihu_on_dealer_discard": True}),
    ("xuezhan", {"tian_di_hu": False}),
    ("chengdu-classic", {}),
    ("chengdu-classic", {"scoring": "table"}),
    ("xueliu", {}),
    ("leshan", {}),
    ("leshan", {}),
    ("leshan", {"count_qidui": 6, "count_duidui": 3, "count_tianhu": 1}),
    ("leshan", {"chajiao": "min", "haidi_pao": False}),
)


def tile_text(kind: int, chinese: bool = False) -> str:
    return f"{kind % 9 + 1}{_SUIT_TEXT[chinese][kind // 9]}"


def hand_text(tiles: Sequence[int], rng: random.Random, keep_last: bool) -> str:
    """Tiles as ``xz hand`` reads them, in one of several notations; with ``keep_last`` the
    last tile stays last (a win on the last tile written)."""
    chinese = rng.random() < 0.15
    if rng.random() < 0.3:
        return "".join(tile_text(k, chinese) for k in tiles)
    body = list(tiles[:-1]) if keep_last else list(tiles)
    groups = []
    for suit in range(3):
        ranks = "".join(str(k % 9 + 1) for k in sorted(body) if k // 9 == suit)
        if ranks:
            groups.append(ranks + _SUIT_TEXT[chinese][suit])
    if keep_last:
        groups.append(tile_text(tiles[-1], chinese))
    return (" " if rng.random() < 0.2 else "").join(groups)


def winning_shape(rng: random.Random, suits: Sequence[int]) -> list[list[int]]:
    """Groups of a complete hand (four sets and a pair, or seven pairs) in ``suits``, with
    at most four copies of a kind: each group a list of kinds, the pair last."""
    counts = [0] * 27

    def take(kinds: list[int]) -> bool:
        if any(counts[k] + kinds.count(k) > 4 for k in kinds):
            return False
        for k in kinds:
            counts[k] += 1
        return True

    if rng.random() < 0.12:
        pairs: list[list[int]] = []
        while len(pairs) < 7:
            k = rng.choice(suits) * 9 + rng.randrange(9)
            if take([k, k]):
                pairs.append([k, k])
        return pairs
    groups: list[list[int]] = []
    while len(groups) < 4:
        base = rng.choice(suits) * 9
        if rng.random() < 0.6:
            start = base + rng.randrange(7)
            kinds = [start, start + 1, start + 2]
        else:
            k = base + rng.randrange(9)
            kinds = [k, k, k]
        if take(kinds):
            groups.append(kinds)
    while True:
        k = rng.choice(suits) * 9 + rng.randrange(9)
        if take([k, k]):
            groups.append([k, k])
            return groups


def generated_request(rng: random.Random, number: int) -> dict[str, Any]:
    """One seeded ``xz hand --jsonl`` request: a complete hand with some sets as melds, then
    asked as a win on a given tile, a win on the last tile written, its waits, or with one
    tile replaced; random void, context flags and rules."""
    n_suits = rng.choices((1, 2, 3), (25, 60, 15))[0]
    suits = rng.sample((0, 1, 2), n_suits)
    groups = winning_shape(rng, suits)
    all_tiles = [k for g in groups for k in g]
    melds: list[list[str]] = []
    concealed_groups = []
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    for group in groups[:-1]:
        is_triplet = len(group) == 3 and group[0] == group[1]
        if is_triplet and len(melds) < n_melds:
            kind = rng.choice(("peng", "peng", "gang", "angang", "bugang"))
            if kind != "peng" and all_tiles.count(group[0]) == 4:
                kind = "peng"  # no fifth copy for the gang
            melds.append([kind, tile_text(group[0])])
        else:
            concealed_groups.append(group)
    concealed_groups.append(groups[-1])
    tiles = [k for g in concealed_groups for k in g]
    rng.shuffle(tiles)
    request: dict[str, Any] = {"id": number}
    mode = rng.random()
    if mode < 0.45:
        win = tiles.pop(rng.randrange(len(tiles)))
        request["hand"] = hand_text(tiles, rng, keep_last=False)
        request["win_tile"] = tile_text(win)
    elif mode < 0.65:
        request["hand"] = hand_text(tiles, rng, keep_last=True)
    elif mode < 0.85:
        tiles.pop(rng.randrange(len(tiles)))
        request["hand"] = hand_text(tiles, rng, keep_last=False)
    else:
        tiles[rng.randrange(len(tiles))] = rng.randrange(27)
        win = tiles.pop()
        request["hand"] = hand_text(tiles, rng, keep_last=False)
        request["win_tile"] = tile_text(win)
    if melds:
        style = rng.randrange(3)
        if style == 0:
            request["melds"] = melds
        elif style == 1:
            request["melds"] = [" ".join(m) for m in melds]
        else:
            request["melds"] = ", ".join(" ".join(m) for m in melds)
    unused = [s for s in (0, 1, 2) if s not in suits]
    if unused and rng.random() < 0.85:
        request["void"] = "mps"[rng.choice(unused)]
    elif rng.random() < 0.5:
        request["void"] = "mps"[rng.randrange(3)]
    for flag, chance in (
        ("self_draw", 0.4),
        ("after_gang", 0.1),
        ("robbed", 0.05),
        ("last_tile", 0.1),
        ("first_turn", 0.05),
        ("dealer", 0.25),
        ("explain", 0.1),
    ):
        if rng.random() < chance:
            request[flag] = True
    preset, sets = rng.choice(_PRESET_SETS)
    if preset != "xuezhan" or rng.random() < 0.5:
        request["rules"] = preset
    if sets:
        request["set"] = sets
    return request


def generated_requests(count: int, seed: int = 7) -> bytes:
    rng = random.Random(seed)
    lines = [json.dumps(generated_request(rng, i), ensure_ascii=False) for i in range(count)]
    return ("\n".join(lines) + "\n").encode("utf-8")


def runs_of(section: str, command: Sequence[str], cases: Sequence[tuple[str, str]]) -> list[Run]:
    """Runs of ``xz COMMAND ARGS`` for ``(name, ARGS as shell words)`` cases."""
    return [Run(section, name, (*command, *shlex.split(words))) for name, words in cases]


def plan_hands() -> list[Run]:
    edge, gen = "requests/edge.jsonl", "requests/generated.jsonl"
    runs = runs_of("hand", ["hand"], HANDS)
    runs.append(Run("hand", "jsonl.edge.stdin", ("hand", "--jsonl", "-"), edge_requests()))
    runs += runs_of(
        "hand",
        ["hand", "--jsonl"],
        [
            ("jsonl.edge", edge),
            ("jsonl.edge.leshan-default", f"{edge} --rules leshan"),
            ("jsonl.generated.j1", gen),
            ("jsonl.generated.j2", f"{gen} --jobs 2"),
            ("jsonl.generated.cap2", f"{gen} --set cap_fan=2"),
            ("jsonl.missing-file", "requests/missing.jsonl"),
            ("jsonl.with-per-hand-option", f"{edge} --self-draw"),
        ],
    )
    return runs


def write_requests(work: Path, generated: int) -> None:
    folder = work / "requests"
    folder.mkdir()
    (folder / "edge.jsonl").write_bytes(edge_requests())
    (folder / "generated.jsonl").write_bytes(generated_requests(generated))


REPLAYS: tuple[tuple[str, str], ...] = (
    ("preset-leshan.to40", "replays/preset-leshan.xzlog --to 40"),
    ("preset-xuezhan.game2.to120.zh", "replays/preset-xuezhan.xzlog --game 2 --to 120 --lang zh"),
    ("preset-xueliu.all", "replays/preset-xueliu.xzlog"),
    ("preset-chengdu.game1.json", "replays/preset-chengdu-classic.xzlog --game 1 --json"),
    ("truncated.game1.to70", "replays/truncated.xzlog --game 1 --to 70"),
    ("leshan-random.game3.past-end", "records/leshan.random.xzlog --game 3 --to 9999"),
    ("leshan-greedy.game1.to90.zh", "records/leshan.greedy.xzlog --game 1 --to 90 --lang zh"),
    ("xueliu-greedy.json.to60", "records/xueliu.greedy.xzlog --json --to 60"),
    ("match.game1.to0", "records/match.xuezhan.greedy.xzlog --game 1 --to 0"),
    ("signed.game1.json", "records/signed.xuezhan.greedy.xzlog --game 1 --json"),
    ("no-game-99999", "records/xuezhan.greedy.xzlog --game 99999"),
    ("damaged-cut", "damaged/damage-source.xuezhan.greedy.cut-500.xzlog"),
    (
        "damaged-seat-renamed",
        "damaged/damage-source.xuezhan.greedy.game0-seat-renamed.xzlog --to 5",
    ),
    ("empty", "damaged/empty.xzlog"),
    ("folder", "records"),
    ("missing", "missing.xzlog"),
)
"""``xz replay`` command lines: ``--to K`` on bundled, recorded and damaged logs."""

CLI_CASES: tuple[tuple[str, str], ...] = (
    ("help", "--help"),
    ("help-record", "record --help"),
    ("help-replay", "replay --help"),
    ("help-audit", "audit --help"),
    ("help-hand", "hand --help"),
    ("help-keygen", "keygen --help"),
    ("unknown-command", "nosuch"),
    ("record-bad-option", "record --set nosuch=1 -o x.xzlog"),
    ("record-bad-value", "record --set cap_fan=abc -o x.xzlog"),
    ("record-bad-enum", "record --set pass_hu=sometimes -o x.xzlog"),
    ("record-piao-too-big", "record --rules leshan --set piao_max=6 -o x.xzlog"),
    ("record-n-and-rounds", "record -n 3 --rounds 2 -o x.xzlog"),
    ("record-seed-too-big", f"record -n 2 --seed {2**64 - 1} -o x.xzlog"),
    ("record-missing-key", "record --sign no-such.key -o x.xzlog"),
    ("record-public-key", "record --sign replays/demo-key.pub -o x.xzlog"),
    ("record-no-output", "record -n 1"),
    ("record-stdout", "record -n 2 --seed 5 -o -"),
    ("keygen-exists", "keygen demo.key"),
    ("keygen-empty-name", "keygen ''"),
)
"""Help texts, and refusals: usage errors and key files that are missing or wrong."""


# -- the whole run ----------------------------------------------------------------------------


def prepare_workdir(work: Path, replays: Path) -> None:
    """The scratch folder: a copy of the bundled replays, the demonstration key, an empty
    folder, and folders for the logs."""
    if not (replays / "demo-key.pub").is_file():
        raise SystemExit(f"fingerprint: {replays} has no demo-key.pub: give --replays DIR")
    shutil.copytree(replays, work / "replays")
    (work / "demo.key").write_bytes(demo_private_pem())
    (work / "demo.key").chmod(0o600)
    (work / "empty-folder").mkdir()
    (work / "records").mkdir()
    (work / "big").mkdir()


def describe_install(cli: Cli) -> str:
    out = cli.run(Run("cli", "version", ("--version",)))
    if out.code != 0:
        raise SystemExit(
            f"fingerprint: {cli.python} -m xzcore.cli does not run (exit {out.code}):\n"
            + out.stderr.decode(errors="replace")
        )
    return out.stdout.decode(errors="replace").strip()


def run_section(
    label: str, cli: Cli, runs: Sequence[Run], workers: int, note: Callable[[str], None]
) -> list[Outcome]:
    """Every run, ``workers`` at a time, with a note of the time taken and a warning for
    any run whose output names the scratch folder (it would differ from run to run)."""
    started = time.monotonic()
    outcomes = cli.run_all(runs, workers)
    scratch = os.fsencode(cli.workdir)
    for run, out in zip(runs, outcomes, strict=True):
        if scratch in out.stdout or scratch in out.stderr:
            note(f"warning: {run.section} {run.name} printed the scratch folder's path")
    note(f"{label}: {len(runs)} runs in {time.monotonic() - started:.1f} s")
    return outcomes


def fingerprint_lines(
    cli: Cli, replays: Path, games_per_variant: int, workers: int, note: Callable[[str], None]
) -> list[str]:
    """Every fingerprint line, in a fixed order (without the final digest)."""
    work = cli.workdir
    prepare_workdir(work, replays)
    lines: list[str] = []

    recordings = plan_recordings(games_per_variant)
    record_runs = [Run("record", r.name, r.args) for r in recordings]
    outcomes = run_section("record", cli, record_runs, workers, note)
    lines += record_lines(recordings, outcomes, work)
    total = sum(r.games for r in recordings)
    lines.append(f"record  total games={total} logs={len(recordings)}")

    write_damaged(work, recordings)
    write_requests(work, generated=max(games_per_variant * 75, 200))
    later = [
        *plan_audits(recordings, work),
        *plan_hands(),
        *runs_of("replay", ["replay"], REPLAYS),
        *runs_of("cli", [], CLI_CASES),
    ]
    outcomes = run_section("audit, hand, replay, cli", cli, later, workers, note)
    per_file: list[str] = []
    for run, out in zip(later, outcomes, strict=True):
        lines.append(outcome_line(run, out))
        if run.section == "audit" and run.name in PER_FILE_RUNS:
            per_file += audit_file_lines(out.stdout)
    lines += per_file
    return lines


def digest_of(lines: Iterable[str]) -> str:
    return sha256("".join(line + "\n" for line in lines).encode("utf-8"))


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Fingerprint the behaviour of an installed xz CLI (record, audit, hand, "
        "replay), to compare two installs line by line.",
    )
    parser.add_argument(
        "--games-per-variant",
        type=int,
        default=DEFAULT_GAMES_PER_VARIANT,
        metavar="N",
        help=f"games per rule variant and bot (default {DEFAULT_GAMES_PER_VARIANT}; about "
        "69 N games are recorded in all)",
    )
    parser.add_argument("--out", type=Path, metavar="DIR", help="also write DIR/fingerprint.txt")
    parser.add_argument(
        "--python",
        default=sys.executable,
        metavar="PY",
        help="interpreter whose xzcore install is fingerprinted (default: this one)",
    )
    parser.add_argument(
        "--replays",
        type=Path,
        default=DEFAULT_REPLAYS,
        metavar="DIR",
        help="the source tree's replays/ folder (default: the one beside this script)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        metavar="W",
        help="CLI runs at a time (default: the cores; output does not depend on it)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)
    if args.games_per_variant < 4:
        parser.error("--games-per-variant must be at least 4")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()

    def note(text: str) -> None:
        print(f"# {text}", file=sys.stderr, flush=True)

    work = Path(tempfile.mkdtemp(prefix="xz-fingerprint-"))
    try:
        cli = Cli(args.python, work)
        note(f"{describe_install(cli)} ({args.python}); replays from {args.replays}")
        lines = fingerprint_lines(
            cli, args.replays.resolve(), args.games_per_variant, args.workers, note
        )
    finally:
        if args.keep:
            note(f"scratch folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    lines.append(f"fingerprint: {digest_of(lines)}")
    text = "".join(line + "\n" for line in lines)
    sys.stdout.write(text)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "fingerprint.txt").write_text(text, encoding="utf-8")
        note(f"wrote {args.out / 'fingerprint.txt'}")
    note(f"done in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
