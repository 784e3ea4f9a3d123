"""``xz convert``: a game log between ``.xzlog`` and the mjai event stream (docs/mjai.md).

``xz convert LOG --to mjai -o OUT.jsonl`` writes every whole game of LOG as mjai lines, our
header, claims and closing record in ``meta`` (M2.4) — or, with ``--dialect blood-grp``,
blood-grp's events only (M6); ``xz convert IN.jsonl --from mjai -o OUT.xzlog`` writes them
back — games carrying our ``meta`` as they were, plain mjai or
blood-grp rounds replayed through the engine under ``--rules``/``--set`` (M4).
"""

from __future__ import annotations

import hashlib
import os
import sys
from typing import IO, Any

import click

from xzcore.cli.examples import epilog
from xzcore.cli.options import lang_option
from xzcore.cli.output_file import (
    UnwritableOutput,
    check_output_path,
    whole_file,
    write_whole,
)
from xzcore.cli.rule_options import rules_of
from xzcore.messages import text
from xzcore.mjai.blood_grp import DIALECTS
from xzcore.mjai.file import DialectRefusal, MjaiError, read_lines, to_mjai
from xzcore.mjai.replay import from_mjai
from xzcore.rules import PRESETS, RuleSet

EXIT_OK = 0
EXIT_WRITE_FAILED = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3


class _Unwritable(UnwritableOutput):
    exit_code = EXIT_WRITE_FAILED


def _say(message: str) -> None:
    click.echo(f"xz convert: {message}", err=True)


class _Hashing:
    """A binary handle whose lines read also feed a BLAKE2b hash (the plain match's id)."""

    def __init__(self, fh: IO[bytes]) -> None:
        self._fh = fh
        self.hash = hashlib.blake2b(digest_size=32)

    def readline(self, size: int = -1) -> bytes:
        raw = self._fh.readline(size)
        self.hash.update(raw)
        return raw


@click.command(epilog=epilog("convert"))
@click.argument("source", metavar="INPUT", type=click.Path(allow_dash=True))
@click.option(
    "--to",
    "to",
    type=click.Choice(["mjai"]),
    default=None,
    help="INPUT is an .xzlog: write it as mjai lines (docs/mjai.md M2).",
)
@click.option(
    "--from",
    "from_",
    type=click.Choice(["mjai"]),
    default=None,
    help="INPUT is mjai lines: write them as an .xzlog (docs/mjai.md M2.4, M4).",
)
@click.option(
    "--dialect",
    type=click.Choice(DIALECTS),
    default=None,
    help="--to mjai: xz (the default: ours, every event, docs/mjai.md M2) or blood-grp "
    "(only blood-grp's events, M6; refused for rules it cannot say).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    required=True,
    help="File to write ('-' for stdout), whole or not at all.",
)
@click.option(
    "--rules",
    "preset",
    type=click.Choice(sorted(PRESETS)),
    default=None,
    help="--from mjai: the rules of plain mjai rounds (default xuezhan; R12).",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="OPTION=VALUE",
    help="--from mjai: override one rule option of plain rounds (repeatable), e.g. "
    "--set exchange_three=false.",
)
@click.option(
    "--sign",
    "sign_key",
    type=click.Path(readable=False),  # any problem with the file is exit 3 (cli/keyfiles.py)
    metavar="KEY",
    help="--from mjai: sign each game with this Ed25519 private key (xz keygen).",
)
@lang_option("Language of the messages on stderr.")
@click.pass_context
def convert(
    ctx: click.Context,
    source: str,
    to: str | None,
    from_: str | None,
    dialect: str | None,
    output: str,
    preset: str | None,
    sets: tuple[str, ...],
    sign_key: str | None,
    lang: str,
) -> None:
    """Convert INPUT ('-': standard input) between .xzlog and mjai (docs/mjai.md).

    Exit codes: 0 converted; 1 OUTPUT could not be written (nothing is left half written);
    2 usage error (OUTPUT is checked first); 3 INPUT is missing or unreadable: an .xzlog's
    unreadable game is named with its byte offset and left out (the games read are still
    written), an mjai problem — bad JSON, an unknown type, a missing field, events out of
    order, an action the engine refuses — is named with its line and nothing is written;
    a --dialect blood-grp conversion of a game that dialect cannot say (换三张, no 定缺,
    血流, 飘, 摆割) is one line and nothing is written; the --sign file is unusable; 130
    interrupted.
    """
    if (to is None) == (from_ is None):
        raise click.UsageError(text("convert.direction", lang))
    if dialect is not None and to is None:
        raise click.UsageError(text("convert.dialect_to", lang))
    if to is not None and (preset is not None or sets or sign_key is not None):
        raise click.UsageError(text("convert.plain_options", lang))
    if output != "-":
        check_output_path(output, "-o")
    elif from_ is not None and sys.stdout.isatty():
        raise click.UsageError(text("convert.terminal", lang))
    rules = rules_of(preset or "xuezhan", sets) if from_ is not None else None
    signer = None
    if sign_key is not None:
        from xzcore.cli.keyfiles import load_signer
        from xzcore.log.signing import SigningUnavailableError

        try:
            signer = load_signer(sign_key)
        except SigningUnavailableError as exc:
            raise click.ClickException(str(exc)) from None
    if source != "-" and os.path.isdir(source):
        _say(text("convert.folder", lang, input=source))
        ctx.exit(EXIT_UNREADABLE)
    try:
        fh: IO[bytes] = click.open_file(source, "rb")
    except OSError as exc:
        _say(text("convert.cannot_open", lang, input=source, reason=exc.strerror or exc))
        ctx.exit(EXIT_UNREADABLE)
    with fh:
        if to is not None:
            code = _to_mjai(fh, source, output, lang, dialect or "xz")
        else:
            assert rules is not None
            code = _from_mjai(fh, source, output, rules, signer, lang)
    ctx.exit(code)


def _write(output: str, data: str | bytes) -> None:
    try:
        if output == "-":
            if isinstance(data, bytes):
                sys.stdout.buffer.write(data)
                sys.stdout.buffer.flush()
            else:
                sys.stdout.write(data)
            return
        write_whole(output, data)
    except OSError as exc:
        if output == "-":
            raise  # one line and exit 1, by xz's main (cli/main.py)
        raise _Unwritable("-o", output, exc) from None


def _to_mjai(fh: IO[bytes], source: str, output: str, lang: str, dialect: str) -> int:
    from xzcore.audit.report import error_text
    from xzcore.view.table import describe

    try:
        res = to_mjai(fh, path="" if source == "-" else source, explain=describe, dialect=dialect)
    except DialectRefusal as exc:
        _say(exc.text(lang))
        return EXIT_UNREADABLE
    for problem in res.problems:
        _say(error_text({"message": str(problem)}, lang))
    for message in res.unconvertible:
        _say(message)
    if not res.games:
        _say(text("convert.no_game", lang, input=source))
        return EXIT_UNREADABLE
    _write(output, "\n".join(res.lines) + "\n")
    if output != "-":
        _say(text("convert.wrote_mjai", lang, games=res.games, lines=len(res.lines), output=output))
    return EXIT_UNREADABLE if res.unreadable else EXIT_OK


def _from_mjai(
    fh: IO[bytes], source: str, output: str, rules: RuleSet, signer: Any, lang: str
) -> int:
    reading = _Hashing(fh)
    try:
        with whole_file(output) as out:
            res = from_mjai(
                read_lines(reading), out, rules=rules, signer=signer, digest=reading.hash.digest
            )
    except MjaiError as exc:
        _say(f"{source}: {exc.text(lang)}")
        return EXIT_UNREADABLE
    except OSError as exc:
        if output == "-":
            raise  # one line and exit 1, by xz's main (cli/main.py)
        raise _Unwritable("-o", output, exc) from None
    for note in res.notes:
        _say(text("convert.note", lang, note=note))
    if output != "-":
        _say(
            text(
                "convert.wrote",
                lang,
                games=res.games,
                output=output,
                rebuilt=res.rebuilt,
                replayed=res.replayed,
            )
        )
    return EXIT_OK
