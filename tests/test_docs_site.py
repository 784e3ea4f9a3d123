"""The docs site's sources (docs/): the rules page (docs/specification.md) is the
specification the code cites, ../shared/RULES.md, word for word. (Not docs/RULES.md: it
would be docs/rules.md, the map of ids to code, on a case-insensitive file system.)"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="no ../shared/RULES.md beside this clone")
def test_the_rules_page_is_the_shared_specification() -> None:
    assert (ROOT / "docs" / "specification.md").read_bytes() == SHARED_RULES.read_bytes(), (
        "docs/specification.md differs from ../shared/RULES.md: copy it again"
    )


def _build(tmp_path: Path, pages: dict[str, str]) -> tuple[Path, str]:
    """Build ``pages`` (name → Markdown) with docs/_ext/rule_ids.py; the HTML folder and the
    warnings."""
    sphinx_application = pytest.importorskip("sphinx.application")
    pytest.importorskip("myst_parser")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['myst_parser', 'rule_ids']\nsource_suffix = {'.md': 'markdown'}\n",
        encoding="utf-8",
    )
    for name, text in pages.items():
        (src / f"{name}.md").write_text(text, encoding="utf-8")
    warnings = io.StringIO()
    out = tmp_path / "html"
    app = sphinx_application.Sphinx(
        str(src),
        str(src),
        str(out),
        str(tmp_path / "doctrees"),
        "html",
        status=None,
        warning=warnings,
        freshenv=True,
    )
    app.build()
    return out, warnings.getvalue()


SPEC = "# Rules\n\n## R5 Turn flow\n\n- R5.3 A seat may claim.\n- R5.4 Another rule.\n"
INDEX = (
    "# Index\n\n```{toctree}\nspecification\nlog-format\n```\n\n"
    "A claim follows R5.3; `R5.4` in code stays code. See L2.\n"
)
LOG = "# Log\n\n| id | what |\n|---|---|\n| **L2** | the chain |\n"


def test_rule_ids_become_anchors_and_links(tmp_path: Path) -> None:
    out, warnings = _build(tmp_path, {"index": INDEX, "specification": SPEC, "log-format": LOG})
    assert "defined nowhere" not in warnings, warnings
    spec = (out / "specification.html").read_text(encoding="utf-8")
    assert 'id="r5-3"' in spec and 'id="r5"' in spec
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="specification.html#r5-3"' in index
    assert 'href="log-format.html#l2"' in index  # a table row defines it on its home page
    assert 'href="specification.html#r5-4"' not in index  # not inside code


def test_an_id_cited_but_defined_nowhere_is_a_warning(tmp_path: Path) -> None:
    pages = {"index": INDEX + "\nAnd R9.9.\n", "specification": SPEC, "log-format": LOG}
    _, warnings = _build(tmp_path, pages)
    assert "R9.9 is cited but defined nowhere" in warnings
    assert "R5.3" not in warnings
