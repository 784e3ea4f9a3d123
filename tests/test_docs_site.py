"""The docs site's sources (docs/): the rules page is the specification the code cites,
word for word."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="no ../shared/RULES.md beside this clone")
def test_the_rules_page_is_the_shared_specification() -> None:
    assert (ROOT / "docs" / "RULES.md").read_bytes() == SHARED_RULES.read_bytes(), (
        "docs/RULES.md differs from ../shared/RULES.md: copy it again"
    )
