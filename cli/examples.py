"""The examples that end each command's ``--help`` (click's epilog), one tuple per command;
tests/cli/test_cli_help.py parses each line as ``xz`` would. Each line is a whole command as
a user types it."""

from __future__ import annotations

EXAMPLES: dict[str, tuple[str, ...]] = {
    "xz": (
        "xz audit --verify-key replays/demo-key.pub replays/",
        'xz hand "1112345678999s" --void m',
        "xz record -n 10 --seed 7 -o games.xzlog",
    ),
    "hand": (
        'xz hand "1112345678999s" --void m',
        'xz hand "123345789m2346p" --win-tile 6p --void s --self-draw',
        'xz hand 5p --melds "gang 3p, angang 9m, bugang 2m, bugang 7p" --win-tile 5p --void s',
    ),
    "record": (
        "xz record -n 1000 --seed 7 -o games.xzlog",
        "xz record --rules xueliu --sign platform.key -n 10 -o signed.xzlog",
        "xz record --human 1 -o mine.xzlog",
    ),
    "replay": (
        "xz replay games.xzlog --game 1 --to 40 --lang zh",
        "xz replay --html game.html games.xzlog --game 1",
        "xz replay --json games.xzlog --game 1",
    ),
    "audit": (
        "xz audit --verify-key replays/demo-key.pub replays/",
        "xz audit --html report.html --lang zh replays/",
        "xz audit -j 2 --format jsonl --summary s.json logs/",
    ),
    "keygen": (
        "xz keygen platform.key",
        "xz keygen --force platform.key",
    ),
    "convert": (
        "xz convert replays/preset-xuezhan.xzlog --to mjai -o game.jsonl",
        "xz convert game.jsonl --from mjai -o back.xzlog",
    ),
}


def epilog(command: str) -> str:
    """The end of ``command``'s help: its examples, kept as written (click's ``\\b``)."""
    lines = "\n".join(f"  {line}" for line in EXAMPLES[command])
    return f"Examples:\n\n\b\n{lines}"
