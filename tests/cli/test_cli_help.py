"""Every command's ``--help`` ends with its examples (cli/examples.py), and each example is
a command line ``xz`` accepts as written: the command exists, and its options and arguments
parse. The rule ids a help text cites are rules the docs define."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from xzcore.cli.examples import EXAMPLES
from xzcore.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = sorted(cli.list_commands(click.Context(cli)))


def _help(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_command_has_examples() -> None:
    assert set(EXAMPLES) == {"xz", *COMMANDS}
    for name, lines in EXAMPLES.items():
        assert 2 <= len(lines) <= 3, name


@pytest.mark.parametrize("name", ["xz", *COMMANDS])
def test_help_ends_with_the_examples_as_written(name: str) -> None:
    text = _help() if name == "xz" else _help(name)
    tail = [line.strip() for line in text.rstrip().splitlines()]
    examples = list(EXAMPLES[name])
    assert tail[-len(examples) - 2 :] == ["Examples:", "", *examples]


@pytest.mark.parametrize(
    "line", [line for lines in EXAMPLES.values() for line in lines], ids=lambda s: s
)
def test_each_example_parses(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples read replays/ where they name it
    prog, name, *args = shlex.split(line)
    assert prog == "xz"
    command = cli.get_command(click.Context(cli), name)
    assert command is not None, line
    with command.make_context(name, args) as ctx:  # raises on an unknown option or value
        assert ctx.params


def test_an_example_with_a_wrong_option_would_fail() -> None:
    command = cli.get_command(click.Context(cli), "hand")
    assert command is not None
    with pytest.raises(click.NoSuchOption):
        command.make_context("hand", ["1112345678999s", "--viod", "m"])


def test_help_texts_cite_rules_the_docs_define() -> None:
    rules = (ROOT / "docs" / "specification.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^(?:## |- )(R\d+(?:\.\d+)?) ", rules, re.M))
    cited: set[str] = set()
    for name in ["xz", *COMMANDS]:
        text = _help() if name == "xz" else _help(name)
        assert "RULES.md R" not in text  # ids stand alone, as the docs link them
        cited |= set(re.findall(r"\bR\d+(?:\.\d+)?\b", text))
    assert cited, "no rule cited at all"
    assert cited <= defined, sorted(cited - defined)
