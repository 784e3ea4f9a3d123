"""``xz hand`` — what is this hand worth? (R7, R8, R10.2)

The command a player reaches for in a dispute: it says whether the tiles win and why they are
worth what they are worth (pattern, 根, extras, fan, multiplier, cap, each with its rule id in
Chinese and English), or what a ready hand waits on and each wait's value. ``--jsonl`` scores
one JSON request per line (schema: docs/hand-jsonl.md).
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any

import click

from xzcore.cli.examples import epilog
from xzcore.cli.hand_lines import (
    MAX_LINE_BYTES,
    Line,
    OverlongLine,
    RequestError,
    bounded_lines,
    check_text,
    decode_line,
)
from xzcore.cli.hand_text import WIN_FLAGS, render_text, render_text_in
from xzcore.rules import RuleError, RuleSet
from xzcore.scoring import (
    NotAWinError,
    Score,
    ScoringError,
    WinContext,
    chajiao_multiplier,
    score_win,
    wait_values,
)
from xzcore.tiles import (
    Meld,
    MeldKind,
    TileParseError,
    parse_melds,
    parse_suit,
    parse_tile,
    parse_tiles,
    tile_name,
)

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3

_FLAGS = WIN_FLAGS
_REQUEST_KEYS = frozenset(
    {"hand", "win_tile", "melds", "void", "rules", "set", "id", "explain", *_FLAGS}
)


_PLAIN_HAND = re.compile(r"(?:[1-9]+[mps])+")
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}


def _fast_tiles(text: str) -> list[int] | None:
    """Plain ``123m456p`` text parsed quickly; None for anything else (spaces, Chinese suits,
    errors), which :func:`parse_tiles` then handles or reports with a position."""
    if _PLAIN_HAND.fullmatch(text) is None:
        return None
    kinds: list[int] = []
    start = 0
    for i, ch in enumerate(text):
        if ch in _SUIT_BASE:
            base = _SUIT_BASE[ch] - 1
            kinds += [base + int(d) for d in text[start:i]]
            start = i + 1
    return kinds  # a fifth copy is refused by scoring (HandError naming the tile)


_MELD_KINDS = {k.value: k for k in MeldKind}
_KIND_OF_NAME = {tile_name(k): k for k in range(27)}


def _tile(text: str, field: str) -> int:
    """One tile; the 27 plain names are looked up, anything else goes to the parser."""
    kind = _KIND_OF_NAME.get(text)
    if kind is not None:
        return kind
    try:
        return parse_tile(check_text(text, field))
    except TileParseError as exc:
        raise RequestError(f"{field}: {exc}") from None


# -- one request ------------------------------------------------------------------------------


class Request:
    """A parsed request: tiles, melds, void, context and the resolved rule set."""

    __slots__ = ("concealed", "ctx", "melds", "rules", "void", "win_tile")

    def __init__(
        self,
        concealed: list[int],
        win_tile: int | None,
        melds: list[Meld],
        void: int,
        ctx: WinContext,
        rules: RuleSet,
    ) -> None:
        self.concealed = concealed
        self.win_tile = win_tile
        self.melds = melds
        self.void = void
        self.ctx = ctx
        self.rules = rules


def build_request(
    hand: str,
    win_tile: str | None,
    melds: list[Meld],
    void: int,
    ctx: WinContext,
    rules: RuleSet,
) -> Request:
    """Parse the hand text. Without ``win_tile``, a hand of 14 − 3k tiles is taken as a win
    on its last tile as written; a hand of 13 − 3k tiles asks for its waits."""
    tiles = _fast_tiles(check_text(hand, "hand"))
    if tiles is None:
        try:
            tiles = parse_tiles(hand)
        except TileParseError as exc:
            raise RequestError(f"hand: {exc}") from None
    win: int | None = None
    if win_tile is not None:
        win = _tile(win_tile, "win_tile")
    size = 13 - 3 * len(melds)
    if win is None and len(tiles) == size + 1:
        win = tiles.pop()
    if len(tiles) != size:
        with_win = " before --win-tile" if win_tile is not None else ""
        raise RequestError(
            f"hand: {len(tiles)} tiles{with_win} beside {len(melds)} meld(s); expected "
            f"{size} (waits, or a win with --win-tile) or {size + 1} (a win on the last tile)"
        )
    return Request(tiles, win, melds, void, ctx, rules)


def solve(req: Request, *, explain: bool = False, lang: str | None = None) -> dict[str, Any]:
    """Answer one request as plain data (see docs/hand-jsonl.md); ``lang``: the language of
    the explanation's ``lines`` (``None``: Chinese and English together)."""
    rules = req.rules
    if req.win_tile is not None:
        out: dict[str, Any] = {"win_tile": tile_name(req.win_tile)}
        try:
            score = score_win(req.concealed, req.win_tile, req.melds, req.void, req.ctx, rules)
        except NotAWinError as exc:
            out.update(win=False, rule=exc.rule, reason=str(exc))
            return out
        out.update(win=True, score=score.to_dict())
        if explain:
            out["lines"] = score.lines(lang)
        return out
    waits = wait_values(req.concealed, req.melds, req.void, req.ctx, rules)
    out = {
        "win": False,
        "ready": bool(waits),
        "waits": [_wait_dict(k, s) for k, s in waits],
        "chajiao": chajiao_multiplier(req.concealed, req.melds, req.void, rules),
    }
    if not waits:
        out["rule"] = "R7.3"
    return out


def _wait_dict(kind: int, s: Score) -> dict[str, Any]:
    return {
        "tile": tile_name(kind),
        "pattern": s.pattern.id,
        "gen_left": s.gen_left,
        "extras": [e.id for e in s.extras],
        "fan": s.fan,
        "multiplier": s.multiplier,
        "capped": s.capped,
    }


# -- JSON lines -------------------------------------------------------------------------------


_RULES_CACHE_SIZE = 256
"""Distinct (rules, set) pairs kept resolved at once by the JSONL loop."""


class _RulesCache:
    """Resolve (preset, overrides) once per distinct pair: the JSONL loop reuses rule sets."""

    def __init__(self, preset: str, overrides: Mapping[str, Any]) -> None:
        self.preset = preset
        self.overrides = dict(overrides)
        self._cache: dict[Any, RuleSet] = {}
        self.default = self.get(None, None)

    def get(self, preset: Any, sets: Any) -> RuleSet:
        key = (preset, json.dumps(sets, sort_keys=True) if sets is not None else None)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if preset is not None and not isinstance(preset, str):
            raise RequestError(f"rules: must be a preset name, not {preset!r}")
        if sets is not None and not isinstance(sets, dict):
            raise RequestError(f"set: must be an object of option: value, not {sets!r}")
        overrides = {**self.overrides, **(sets or {})}
        try:
            rules = RuleSet.preset(preset or self.preset, **overrides)
        except RuleError as exc:
            raise RequestError(f"rules: {exc}") from None
        if len(self._cache) >= _RULES_CACHE_SIZE:  # every line may set its own cap_fan …
            self._cache.clear()  # … so memory stays flat; real files reuse a few rule sets
        self._cache[key] = rules
        return rules


def _melds(text: str, field: str) -> list[Meld]:
    """Meld text such as ``"peng 5p, gang 3m"``; errors name ``field``."""
    try:
        return parse_melds(check_text(text, field))
    except TileParseError as exc:
        raise RequestError(f"{field}: {exc}") from None


def _suit(text: str, field: str) -> int:
    """A void suit (``m``, ``万``, ``-`` …); errors name ``field``."""
    try:
        return parse_suit(check_text(text, field))
    except TileParseError as exc:
        raise RequestError(f"{field}: {exc}") from None


def _json_melds(value: Any) -> list[Meld]:
    if value is None:
        return []
    if isinstance(value, str):
        return _melds(value, "melds")
    if not isinstance(value, list):
        raise RequestError(f"melds: expected a list or a string, not {value!r}")
    out = []
    for i, m in enumerate(value):
        if isinstance(m, str):
            parsed = _melds(m, f"melds[{i}]")
            if len(parsed) != 1:
                raise RequestError(f"melds[{i}]: expected one meld 'kind tile', not {m!r}")
            out.append(parsed[0])
        elif isinstance(m, list) and len(m) == 2 and all(isinstance(x, str) for x in m):
            kind = _MELD_KINDS.get(m[0])
            if kind is None:
                raise RequestError(f"melds[{i}]: unknown meld kind {m[0]!r}")
            out.append(Meld(kind, _tile(m[1], f"melds[{i}]")))
        else:
            raise RequestError(f"melds[{i}]: expected [kind, tile] or 'kind tile', not {m!r}")
    return out


def _json_void(value: Any) -> int:
    if value is None:
        return -1
    if isinstance(value, str):
        return _suit(value, "void")
    raise RequestError(f"void: expected 'm', 'p', 's' or null, not {value!r}")


def answer_line(data: Any, rules_cache: _RulesCache) -> dict[str, Any]:
    """Answer one decoded JSON request; raises :class:`RequestError`/ValueError when bad."""
    if not isinstance(data, dict):
        raise RequestError(f"a request must be a JSON object, not {type(data).__name__}")
    unknown = data.keys() - _REQUEST_KEYS
    if unknown:
        raise RequestError(f"unknown field(s): {', '.join(sorted(unknown))}")
    hand = data.get("hand")
    if not isinstance(hand, str):
        raise RequestError(f"hand: expected tile text, not {hand!r}")
    win_tile = data.get("win_tile")
    if win_tile is not None and not isinstance(win_tile, str):
        raise RequestError(f"win_tile: expected tile text, not {win_tile!r}")
    flags = {}
    for name in _FLAGS:
        v = data.get(name, False)
        if not isinstance(v, bool):
            raise RequestError(f"{name}: expected true or false, not {v!r}")
        flags[name] = v
    explain = data.get("explain", False)
    if not isinstance(explain, bool):
        raise RequestError(f"explain: expected true or false, not {explain!r}")
    rules = rules_cache.get(data.get("rules"), data.get("set"))
    req = build_request(
        hand,
        win_tile,
        _json_melds(data.get("melds")),
        _json_void(data.get("void")),
        WinContext(**flags),
        rules,
    )
    return solve(req, explain=explain)


def run_jsonl(
    lines: Iterable[Line], out: IO[str], rules_cache: _RulesCache, first_line: int = 1
) -> int:
    """Answer every line; return the number of lines that failed. Blank lines are skipped;
    ``first_line`` is the number of the first line (for a chunk of a larger input)."""
    failed = 0
    buf: list[str] = []
    dumps = json.dumps
    for number, raw in enumerate(lines, first_line):
        data: Any = None
        if isinstance(raw, OverlongLine):
            failed += 1
            answer: dict[str, Any] = {
                "ok": False,
                "error": {"type": "RequestError", "message": raw.message()},
            }
        elif not raw.strip():
            continue
        else:
            try:
                data = json.loads(decode_line(raw, number == 1))
                answer = answer_line(data, rules_cache)
                answer["ok"] = True
            except (ValueError, TypeError, RecursionError) as exc:
                # ValueError covers bad JSON, bad UTF-8, RequestError and every ScoringError.
                failed += 1
                answer = {"ok": False, "error": {"type": type(exc).__name__, "message": str(exc)}}
                rule = getattr(exc, "rule", None)
                if rule:
                    answer["error"]["rule"] = rule
        answer["line"] = number
        if isinstance(data, dict) and "id" in data:
            answer["id"] = data["id"]
        buf.append(dumps(answer, ensure_ascii=False))
        if len(buf) >= 512:
            out.write("\n".join(buf) + "\n")
            buf.clear()
    if buf:
        out.write("\n".join(buf) + "\n")
    out.flush()
    return failed


_CHUNK = 2000
"""Lines per task of ``--jobs``: large enough to amortize the hand-off, small enough to
keep every worker busy and memory flat."""
_WORKER_CACHE: dict[tuple[str, str], _RulesCache] = {}
_Task = tuple[str, str, int, list[Line]]  # preset, overrides as JSON, first line, lines


def _answer_chunk(task: _Task) -> tuple[str, int]:
    """Worker side of ``--jobs``: answer one chunk of lines, return its text and failures."""
    preset, overrides, first, lines = task
    cache = _WORKER_CACHE.get((preset, overrides))
    if cache is None:
        cache = _WORKER_CACHE[preset, overrides] = _RulesCache(preset, json.loads(overrides))
    out = io.StringIO()
    failed = run_jsonl(lines, out, cache, first)
    return out.getvalue(), failed


def _chunks(lines: Iterable[Line], preset: str, overrides: str) -> Iterator[_Task]:
    chunk: list[Line] = []
    first = 1
    for raw in lines:
        chunk.append(raw)
        if len(chunk) == _CHUNK:
            yield preset, overrides, first, chunk
            first += len(chunk)
            chunk = []
    if chunk:
        yield preset, overrides, first, chunk


def run_jsonl_parallel(
    lines: Iterable[Line], out: IO[str], rules_cache: _RulesCache, jobs: int
) -> int:
    """:func:`run_jsonl` over ``jobs`` worker processes, answers in input order."""
    import multiprocessing  # here: a single hand never pays for importing it (and socket)

    overrides = json.dumps(rules_cache.overrides, sort_keys=True)
    failed = 0
    with multiprocessing.Pool(jobs) as pool:
        tasks = _chunks(lines, rules_cache.preset, overrides)
        for text, n in pool.imap(_answer_chunk, tasks):
            out.write(text)
            failed += n
    out.flush()
    return failed


# -- the command ------------------------------------------------------------------------------


def _parse_sets(sets: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for item in sets:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise click.UsageError(f"--set {item!r}: expected OPTION=VALUE")
        out[key.strip()] = value.strip()
    return out


@click.command("hand", epilog=epilog("hand"))
@click.argument("tiles", nargs=-1)
@click.option("--win-tile", "-w", metavar="TILE", help="The winning tile (e.g. 9s).")
@click.option(
    "--melds",
    "-m",
    default="",
    metavar="TEXT",
    help='Melds, e.g. "peng 5p, gang 3m, angang 7s, bugang 2s".',
)
@click.option(
    "--void",
    "-v",
    "void_text",
    default="-",
    metavar="SUIT",
    help="Declared void suit m/p/s (定缺, R4).",
)
@click.option("--self-draw", is_flag=True, help="Won by self-draw (自摸).")
@click.option("--after-gang", is_flag=True, help="杠上花 with --self-draw, else 杠上炮 (R8.6).")
@click.option("--robbed", is_flag=True, help="Won by robbing an added gang (抢杠胡, R6.4).")
@click.option("--last-tile", is_flag=True, help="海底捞月 with --self-draw, else 海底炮 (R8.6).")
@click.option("--first-turn", is_flag=True, help="No claim or gang yet: 天胡/地胡 (R7.5).")
@click.option("--dealer", is_flag=True, help="The winner is the dealer (R7.5).")
@click.option(
    "--rules",
    "preset",
    default="xuezhan",
    show_default=True,
    type=click.Choice(list(RuleSet.PRESET_NAMES)),
    help="Rule preset (R12).",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="OPTION=VALUE",
    help="Change one rule option, e.g. --set cap_fan=4 (repeatable).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--lang",
    type=click.Choice(["zh", "en"]),
    default=None,
    help="Every word in Chinese or English only (without it, each line in both).",
)
@click.option(
    "--jsonl",
    "jsonl",
    metavar="FILE|-",
    help="Answer one JSON request per line (docs/hand-jsonl.md); a line longer than "
    f"{MAX_LINE_BYTES // 1024} KiB fails on its own line.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Worker processes for --jsonl (answers stay in input order).",
)
@click.pass_context
def hand(
    ctx: click.Context,
    tiles: tuple[str, ...],
    win_tile: str | None,
    melds: str,
    void_text: str,
    self_draw: bool,
    after_gang: bool,
    robbed: bool,
    last_tile: bool,
    first_turn: bool,
    dealer: bool,
    preset: str,
    sets: tuple[str, ...],
    as_json: bool,
    lang: str | None,
    jsonl: str | None,
    jobs: int,
) -> None:
    """Score a winning hand, or list what a ready hand waits on with each wait's value.

    TILES are the concealed tiles, in one word or several (123m 456p): 13 − 3k of them with
    --win-tile (or to list the waits), 14 − 3k for a win on the last tile written.

    Without --lang each line is in Chinese and English together; --lang zh or --lang en
    prints every word in that language only (tiles stay in their notation, 5p).

    Exit codes: 0 answered (a "not a win" is an answer), 1 a --jsonl line failed, 2 usage,
    3 unreadable --jsonl file.
    """
    try:
        cache = _RulesCache(preset, _parse_sets(sets))
    except RequestError as exc:
        raise click.UsageError(str(exc)) from None
    if jsonl is not None:
        if tiles:
            raise click.UsageError("give TILES or --jsonl, not both")
        # Options of one hand would be silently ignored: each request carries its own.
        given = [f"--{f.replace('_', '-')}" for f in _FLAGS if ctx.params[f]]
        given += [o for o, v in (("--win-tile", win_tile), ("--melds", melds)) if v]
        given += ["--void"] if void_text != "-" else []
        if given:
            raise click.UsageError(
                f"{', '.join(given)}: with --jsonl each request line carries its own "
                "(docs/hand-jsonl.md); only --rules and --set apply to every line"
            )
        ctx.exit(_jsonl_command(jsonl, cache, jobs))
    if not tiles:
        raise click.UsageError("missing TILES (or --jsonl FILE)")
    try:
        req = build_request(
            " ".join(tiles),  # unquoted groups are one hand: xz hand 123m 456p …
            win_tile,
            _melds(melds, "--melds"),
            _suit(void_text, "--void"),
            WinContext(self_draw, after_gang, robbed, last_tile, first_turn, dealer),
            cache.default,
        )
        if as_json:
            answer = solve(req, explain=True, lang=lang)
            answer["rules"] = cache.default.to_dict()
            click.echo(json.dumps(answer, ensure_ascii=False, indent=2))
        else:
            if lang is None:
                click.echo("\n".join(render_text(req, preset)))
            else:
                click.echo("\n".join(render_text_in(req, preset, lang)))
    except (RequestError, ScoringError, TileParseError, RuleError) as exc:
        raise click.UsageError(str(exc)) from None


def _jsonl_command(path: str, cache: _RulesCache, jobs: int = 1) -> int:
    out = sys.stdout

    def run(fh: IO[bytes]) -> int:
        lines = bounded_lines(fh)  # a line of gigabytes is never held whole
        if jobs == 1:
            return run_jsonl(lines, out, cache)
        return run_jsonl_parallel(lines, out, cache, jobs)

    if path == "-":
        failed = run(sys.stdin.buffer)
    else:
        try:
            fh = open(path, "rb")  # noqa: SIM115 - closed below, OSError reported as exit 3
        except OSError as exc:
            click.echo(f"xz hand: cannot read {path}: {exc.strerror}", err=True)
            return EXIT_UNREADABLE
        with fh:
            try:
                failed = run(fh)
            except OSError as exc:
                click.echo(f"xz hand: cannot read {path}: {exc.strerror}", err=True)
                return EXIT_UNREADABLE
    if failed:
        click.echo(f"xz hand: {failed} request(s) failed", err=True)
        return EXIT_FAILED
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(hand())
