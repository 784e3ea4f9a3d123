"""Any mjai file (issue 23; docs/mjai.md M1–M4): ``xz convert --from mjai`` converts it or
refuses it in one line (exit 3, nothing written, no traceback), and what it writes ``xz
audit`` reads whole. Files: a recorded game's mjai lines (with our meta, and as plain mjai)
with lines deleted, repeated, swapped, fields replaced by any JSON, deep nesting, numbers of
thousands of digits, or any bytes."""

from __future__ import annotations

import io
import json
import os
import tempfile

from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from xzcore.cli.main import cli
from xzcore.log.reader import CollectingBuilder, LogReader
from xzcore.log.writer import LogWriter
from xzcore.mjai.file import to_mjai
from xzcore.players.recording import bot_chooser, record_games
from xzcore.rules import RuleSet


def _recorded_lines() -> tuple[list[str], list[str]]:
    out = io.BytesIO()
    w = LogWriter(out)
    for _ in record_games(
        w, RuleSet(), 2, seed=9, choosers=[bot_chooser("greedy", s) for s in range(4)]
    ):
        pass
    res = to_mjai(io.BytesIO(out.getvalue()))
    ours = res.lines
    plain = []
    for text in ours:
        m = json.loads(text)
        m.pop("meta", None)
        if m["type"] in ("xz_game", "xz_game_end", "xz_value"):
            continue
        plain.append(json.dumps(m))
    return ours, plain


OURS, PLAIN = _recorded_lines()
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=5), kids, max_size=3)
    ),
    max_leaves=12,
)
HOSTILE = st.sampled_from(
    [
        "[" * 20000 + "]" * 20000,
        "9" * 6000,
        '"' + "x" * 5000 + '"',
        '"\\ud800"',
        "1e999",
        '{"a":' * 150 + "0" + "}" * 150,
    ]
)


@st.composite
def files(draw: st.DrawFn) -> bytes:
    lines = list(draw(st.sampled_from([OURS, PLAIN])))
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "repeat", "swap", "field", "hostile", "bytes"]))
        if how == "delete":
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif how in ("field", "hostile"):
            try:
                m = json.loads(lines[i])
            except (ValueError, RecursionError):  # a line an earlier edit made hostile
                continue
            if type(m) is not dict:
                continue
            key = draw(st.sampled_from([*sorted(m), "pai", "actor", "meta", "names", "oya"]))
            value = json.dumps(draw(JSON)) if how == "field" else draw(HOSTILE)
            rest = json.dumps({k: v for k, v in m.items() if k != key})
            lines[i] = rest[:-1] + (", " if len(rest) > 2 else "") + f'"{key}": {value}}}'
        elif how == "bytes":
            lines[i] = draw(st.binary(max_size=40)).decode("latin-1")
        if not lines:
            break
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files())
def test_any_mjai_file_converts_or_is_refused_in_one_line(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "in.jsonl"), os.path.join(tmp, "out.xzlog")
        with open(src, "wb") as fh:
            fh.write(data)
        res = CliRunner().invoke(cli, ["convert", src, "--from", "mjai", "-o", out])
        if res.exception is not None and not isinstance(res.exception, SystemExit):
            raise res.exception
        assert "Traceback" not in res.stderr
        lines = res.stderr.splitlines()
        event(f"exit {res.exit_code}")
        if res.exit_code == 3:
            assert len(lines) == 1 and lines[0].startswith(f"xz convert: {src}: "), lines
            assert len(lines[0]) < 500
            assert not os.path.exists(out)
            return
        assert res.exit_code == 0, res.stderr
        assert lines[-1].startswith("xz convert: wrote ")
        with open(out, "rb") as fh:
            reader = LogReader(fh)
            games = []
            while (g := reader.read_game(CollectingBuilder)) is not None:
                games.append(g)
        assert games and all(g.complete and not g.errors for g in games)
        audit = CliRunner().invoke(cli, ["audit", "-q", out])
        assert audit.exit_code in (0, 1), audit.output  # read whole: verified or findings
