"""Without the ``[rl]`` extra (pettingzoo, gymnasium, numpy) every module of xzcore.env still
imports — as every module does with the base install (scripts/check_install.sh) — and
building an environment names the extra to install."""

from __future__ import annotations

import subprocess
import sys

BLOCK = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("numpy", "gymnasium", "pettingzoo"):
            raise ImportError(f"No module named {name!r} (blocked)")
sys.meta_path.insert(0, Block())
import xzcore.env, xzcore.env.actions, xzcore.env.observation
print(xzcore.env.actions.N_ACTIONS)
try:
    xzcore.env.raw_env()
except ImportError as exc:
    print(exc)
"""


def test_the_package_imports_and_says_what_to_install() -> None:
    out = subprocess.run(
        [sys.executable, "-c", BLOCK], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "148"
    assert out[1].startswith("xzcore.env needs the [rl] extra: pip install 'xzcore[rl]'")
