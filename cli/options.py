"""Options more than one command takes, declared once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from xzcore.messages import LANGS

__all__ = ["lang_option"]

F = TypeVar("F", bound=Callable[..., Any])


def lang_option(help: str) -> Callable[[F], F]:
    """``--lang en|zh`` (default English): the language of what the command says, from the
    message catalogue; ``help`` says what it covers."""
    return click.option(
        "--lang",
        type=click.Choice(sorted(LANGS)),
        default="en",
        show_default=True,
        help=help,
    )
