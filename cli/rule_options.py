"""``--rules PRESET`` and ``--set OPTION=VALUE`` as one rule set (R12), for every
command that takes them (``xz record``, ``xz convert``)."""

from __future__ import annotations

from typing import Any

import click

from xzcore.rules import RuleError, RuleSet


def rules_of(preset: str, sets: tuple[str, ...]) -> RuleSet:
    """The preset with each ``--set`` applied; a malformed or invalid one is a usage error
    naming the option (exit 2)."""
    overrides: dict[str, Any] = {}
    for item in sets:
        if "=" not in item:
            raise click.BadParameter(f"{item!r} is not OPTION=VALUE", param_hint="--set")
        key, value = item.split("=", 1)
        overrides[key.strip()] = value.strip()
    try:
        return RuleSet.preset(preset, **overrides)
    except RuleError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules/--set") from None
