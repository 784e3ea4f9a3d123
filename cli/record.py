"""``xz record``: play games with the bots (or a person) and write them as an ``.xzlog``."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shlex
import sys
from collections.abc import Iterator
from typing import IO, Any

import click

from xzcore.cli.examples import epilog
from xzcore.cli.human import HumanInputEnded, HumanSeat
from xzcore.cli.options import lang_option
from xzcore.cli.rule_options import rules_of
from xzcore.log.types import Match
from xzcore.log.writer import LogWriter
from xzcore.messages import rule_label, text
from xzcore.mjai.blood_grp import DIALECTS, unsayable
from xzcore.players import recording
from xzcore.players.external import DEFAULT_TIMEOUT, BotReport, BotStartError, ExternalBot
from xzcore.players.recording import Chooser, bot_chooser, record_games, record_match
from xzcore.round.engine import Round
from xzcore.rules import PRESETS, RuleSet

EXIT_WRITE_FAILED = 1
EXIT_USAGE = 2
EXIT_UNREADABLE = 3
EXIT_BOT_GIVEN_UP = 4
"""An external bot was given up (docs/mjai-bots.md M3.9); every game was written whole."""

SEED_MIN, SEED_MAX = -(2**63), 2**64 - 1
"""A seed is stored in each game's header as a msgpack integer (docs/log-format.md)."""


def _match(rules: RuleSet, seed: int, kind: str, total: int, bot: Any, human: int | None) -> Match:
    """The match of this run (format 1.1, L8): ``total`` games planned, its id derived from
    everything that makes the run's games — seed, resolved rules, games or rounds, bots (the
    default bot's name, or with seats given by ``--bot SEAT=…`` that name, each seat's bot or
    command and the ``--bot-timeout``), the person's seat — so the same command writes the
    same bytes, as its walls are (a platform draws its ids at random, ``Match.new``)."""
    import msgpack

    what = ["xz record", seed, rules.to_dict(), kind, total, bot, human]
    digest = hashlib.blake2b(msgpack.packb(what), digest_size=16).digest()
    return Match(digest, planned=total)


def _bot_names() -> tuple[str, ...]:
    return tuple(getattr(recording, "BOT_NAMES", ("greedy", "random")))


def _bots(values: tuple[str, ...], human: int | None) -> tuple[str, dict[int, str]]:
    """The ``--bot`` values: the default bot's name (``greedy`` when none is given) and the
    bot or command of each seat given as ``SEAT=NAME_OR_COMMAND`` (docs/mjai-bots.md)."""
    names = _bot_names()
    default: list[str] = []
    seats: dict[int, str] = {}
    for value in values:
        key, eq, what = value.partition("=")
        if not eq:
            if value not in names:
                raise click.BadParameter(
                    text("record.bot_value", "en", value=value, names=", ".join(names)),
                    param_hint="--bot",
                )
            default.append(value)
            continue
        key, what = key.strip(), what.strip()
        if key not in ("0", "1", "2", "3") or not what:
            raise click.BadParameter(
                text("record.bot_seat", "en", value=value)
                if what
                else text("record.bot_value", "en", value=value, names=", ".join(names)),
                param_hint="--bot",
            )
        seat = int(key)
        if seat in seats:
            raise click.BadParameter(text("record.bot_twice", "en", seat=seat), param_hint="--bot")
        if seat == human:
            raise click.BadParameter(text("record.bot_human", "en", seat=seat), param_hint="--bot")
        if what not in names:
            try:
                if not shlex.split(what):
                    raise ValueError("empty")
            except ValueError as exc:
                raise click.BadParameter(
                    text("record.bot_start", "en", seat=seat, reason=exc), param_hint="--bot"
                ) from None
        seats[seat] = what
    if len(default) > 1:
        raise click.BadParameter(
            text("record.bot_names", "en", names=", ".join(default)), param_hint="--bot"
        )
    return (default[0] if default else "greedy"), seats


def _report(r: BotReport) -> None:
    click.echo(f"xz record: {r.text('en')}", err=True)


def _stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


@click.command(epilog=epilog("record"))
@click.option(
    "-n",
    "--games",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Independent games to play (game i uses seed+i).",
)
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    default=None,
    help="Play one match of this many rounds instead (R11.3).",
)
@click.option(
    "--seed",
    type=click.IntRange(SEED_MIN, SEED_MAX),
    default=0,
    show_default=True,
    help="Seed of the walls (game i of -n uses seed+i; all must be below 2**64).",
)
@click.option(
    "--rules",
    "preset",
    type=click.Choice(sorted(PRESETS)),
    default="xuezhan",
    show_default=True,
    help="Rule preset (R12).",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="OPTION=VALUE",
    help="Override one rule option (repeatable), e.g. --set cap_fan=4.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    required=True,
    help="Log file to write ('-' for stdout).",
)
@click.option(
    "--sign",
    "sign_key",
    type=click.Path(readable=False),  # any problem with the file is exit 3 (cli/keyfiles.py)
    metavar="KEY",
    help="Sign each game with this Ed25519 private key (xz keygen).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="NAME|SEAT=BOT",
    help="Bot for the seats nobody plays (greedy, the default, or random); repeatable "
    "SEAT=NAME or SEAT=COMMAND: that seat's bot, a name or an mjai bot's command "
    "(docs/mjai-bots.md).",
)
@click.option(
    "--bot-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Seconds an mjai bot has for each decision (M3.4).",
)
@click.option(
    "--bot-dialect",
    type=click.Choice(DIALECTS),
    default="xz",
    show_default=True,
    help="The mjai the --bot SEAT=COMMAND bots are spoken to in: xz (ours, docs/mjai-bots.md) "
    "or blood-grp (its events only, docs/mjai.md M6.3; refused for rules it cannot say).",
)
@click.option(
    "--human",
    type=click.IntRange(0, 3),
    default=None,
    help="Let a person play this seat at the terminal.",
)
@lang_option(
    "Language of what the person at --human is told and asked: English (with the Chinese "
    "term, which may be typed) or Chinese."
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar on stderr (default: on for 20+ games on a terminal).",
)
def record(
    games: int,
    rounds: int | None,
    seed: int,
    preset: str,
    sets: tuple[str, ...],
    output: str,
    sign_key: str | None,
    bots: tuple[str, ...],
    bot_timeout: float,
    bot_dialect: str,
    human: int | None,
    lang: str,
    progress: bool | None,
) -> None:
    """Play games with the bots and write them to an .xzlog log (docs/log-format.md).

    Exit codes: 0 written; 1 the log could not be written; 2 usage error (--bot-dialect
    blood-grp with rules that dialect cannot say included, docs/mjai.md M6.2); 3 the --sign
    file is missing, unreadable, too large or not an Ed25519 private key (nothing is
    written), or standard input ended while --human was to choose (the log keeps the games
    finished before); 4 an mjai bot of --bot SEAT=COMMAND was given up (it ended, or was
    late 3 times in a row: the log holds every game, the seat played the fallback,
    docs/mjai-bots.md M3.9); 130 interrupted.
    """
    source = click.get_current_context().get_parameter_source("games")
    if rounds is not None and source is click.core.ParameterSource.COMMANDLINE:
        # -n would be silently ignored: a match plays --rounds rounds (R11.3).
        raise click.UsageError(
            "give -n/--games (independent games) or --rounds (a match), not both"
        )
    rules = rules_of(preset, sets)
    refused = unsayable(rules) if bot_dialect == "blood-grp" else None
    if refused is not None:
        what, rule = refused
        raise click.BadParameter(
            text("record.bot_dialect", "en", what=what, rule=rule_label(rule, "en")),
            param_hint="--bot-dialect",
        )
    if rounds is None and seed + games - 1 > SEED_MAX:
        raise click.BadParameter(
            f"seed {seed} + {games} games passes {SEED_MAX} (2**64 - 1)", param_hint="--seed"
        )
    signer = None
    if sign_key is not None:
        from xzcore.cli.keyfiles import load_signer
        from xzcore.log.signing import SigningUnavailableError

        try:
            signer = load_signer(sign_key)
        except SigningUnavailableError as exc:
            raise click.ClickException(str(exc)) from None
    bot, seat_bots = _bots(bots, human)
    builtin = _bot_names()
    choosers: list[Chooser] = [
        bot_chooser(
            seat_bots.get(s, bot) if seat_bots.get(s, bot) in builtin else bot, seed * 4 + s
        )
        for s in range(4)
    ]
    names = [f"{seat_bots.get(s, bot)}{s}" for s in range(4)]
    commands = {s: c for s, c in seat_bots.items() if c not in builtin}
    for s in commands:
        names[s] = f"mjai{s}"
    if human is not None:
        names[human] = "human"
    person = None if human is None else HumanSeat(human, names, lang)
    if person is not None:
        choosers[person.seat] = person
    externals = [
        ExternalBot(
            c,
            s,
            timeout=bot_timeout,
            names=names,
            match=rounds is not None,
            report=_report,
            dialect=bot_dialect,
        )
        for s, c in sorted(commands.items())
    ]
    for ext in externals:
        choosers[ext.seat] = ext
    bot_key: Any = bot
    if seat_bots:
        bot_key = [bot, sorted([s, c] for s, c in seat_bots.items()), bot_timeout]
        if bot_dialect != "xz":  # the match id of an xz-dialect run is as it was
            bot_key.append(bot_dialect)
    total = rounds if rounds is not None else games
    if progress is None:
        progress = total >= 20 and sys.stderr.isatty() and human is None
    if output == "-" and _stdout_is_terminal():
        raise click.UsageError(
            "-o -: refusing to write a binary log to a terminal (redirect it, or -o FILE)"
        )
    try:
        for ext in externals:
            ext.start()
    except BotStartError as exc:
        for ext in externals:
            ext.close()
        raise click.BadParameter(
            text("record.bot_start", "en", seat=ext.seat, reason=exc), param_hint="--bot"
        ) from None
    try:
        created = output != "-" and not os.path.lexists(output)
        try:
            fh: IO[bytes] = (
                sys.stdout.buffer if output == "-" else open(output, "wb")  # noqa: SIM115
            )
        except OSError as exc:
            raise click.ClickException(f"cannot write {output}: {exc.strerror}") from None
        written = 0
        write_error: OSError | None = None
        try:
            # Format 1.1: every game bound to this run's match, the last one marked (L8).
            kind = "rounds" if rounds is not None else "games"
            match = _match(rules, seed, kind, total, bot_key, human)
            writer = LogWriter(fh, signer=signer, match=match)
            it: Iterator[Round]
            if rounds is not None:
                it = record_match(
                    writer, rules, rounds, seed=seed, choosers=choosers, seat_names=names
                )
            else:
                it = record_games(
                    writer, rules, games, seed=seed, choosers=choosers, seat_names=names
                )
            if progress:
                with click.progressbar(it, length=total, label="recording", file=sys.stderr) as bar:
                    for _ in bar:
                        written += 1
            else:
                for rnd in it:
                    written += 1
                    if person is not None:
                        person.finish(rnd)
        except HumanInputEnded as exc:
            where = "" if output == "-" else f" to {output}"
            click.echo(
                f"xz record: standard input ended while seat {exc.seat} was to choose; "
                f"{written} finished game(s) written{where}",
                err=True,
            )
            click.get_current_context().exit(EXIT_UNREADABLE)
        except OSError as exc:  # a full disk, /dev/full, an I/O error: see below
            write_error = exc
        finally:
            if output != "-":
                try:
                    fh.close()
                except OSError as exc:  # the buffered rest of the last game could not be written
                    write_error = write_error or exc
                # A 0-byte file is no log: remove the one this run made (never /dev/null, a FIFO
                # or a file that was there before).
                if written == 0 and created and os.path.isfile(output):
                    with contextlib.suppress(OSError):
                        if os.path.getsize(output) == 0:
                            os.remove(output)
        if write_error is not None:
            raise UnwritableLog(output, write_error, written)
        given_up = [e.seat for e in externals if e.given_up]
        if given_up:
            for ext in externals:
                ext.close()
            shown = "standard output" if output == "-" else output
            seats = ", ".join(map(str, given_up))
            click.echo(
                "xz record: "
                + text(
                    "record.bots_given_up",
                    "en",
                    total=written,
                    output=shown,
                    seats=seats,
                    code=EXIT_BOT_GIVEN_UP,
                ),
                err=True,
            )
            click.get_current_context().exit(EXIT_BOT_GIVEN_UP)
        if output != "-":
            click.echo(f"wrote {total} game(s) to {output}", err=True)
    finally:
        for ext in externals:
            ext.close()


class UnwritableLog(click.ClickException):
    """The log could not be written to the end: exit 1, one line. Every game counted in it
    was flushed whole before (:meth:`LogWriter.end_game`), so the file holds those games and
    at most a torn last one, which ``xz audit`` reports as unreadable at its byte offset."""

    exit_code = EXIT_WRITE_FAILED

    def __init__(self, output: str, error: OSError, complete: int) -> None:
        name = "standard output" if output == "-" else output
        super().__init__(
            f"cannot write {name} ({error.strerror or error}): the log holds the {complete} "
            "game(s) finished before, and at most a torn one after them"
        )

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"xz record: {self.format_message()}", err=True)
