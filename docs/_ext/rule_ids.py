"""Rule ids as anchors and links of the docs site: R5.3 (docs/specification.md), L2
(log-format.md), M2.4 (mjai.md, mjai-bots.md).

Each family of ids has its pages (:data:`HOMES`). There, a section whose title starts with an
id (``## R5 Turn flow``, ``### M2.1 Events``), else a list item whose text does (``- R5.3 …``,
``- **L8.1 The fields.** …``), else a table row whose first cell does (``| **L8.2** | …``),
defines it: the id's anchor, ``r5-3`` for R5.3, is added to that node. Every id cited in any
page's text, the API reference's docstrings included, becomes a link to its anchor; an id
cited but defined nowhere, or defined twice, is a warning, which ``sphinx-build -W`` makes
an error.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

CITED = re.compile(r"(?<![\w.])([RLM]\d+(?:\.\d+)*)(?![\w])")
"""An id in running text (not ``X-R5`` nor ``R5x``); a sentence's full stop may follow."""
LEADING = re.compile(r"([RLM]\d+(?:\.\d+)*)(?=[\s.:]|$)")
"""An id that starts a title or a list item: what defines it."""
SKIP = (nodes.literal, nodes.literal_block, nodes.reference, nodes.title, nodes.raw)
"""Text never turned into links: code, links already, titles, raw HTML."""

HOMES = {"R": ("specification",), "L": ("log-format",), "M": ("mjai", "mjai-bots")}
"""The pages that define each family of ids; a table of R ids elsewhere (docs/rules.md maps
them to the code) cites them."""
DEFINERS = (nodes.section, nodes.list_item, nodes.row)
"""What may define an id, the first kind first where a page has several for one id."""

logger = logging.getLogger(__name__)


def anchor(rule_id: str) -> str:
    """The anchor of ``rule_id`` on its page (``R5.3`` → ``r5-3``), docutils' own ids."""
    return nodes.make_id(rule_id)


def _defines(node: nodes.Element) -> str | None:
    if not node.children:
        return None
    first = node[0]
    if isinstance(node, nodes.list_item) and not isinstance(first, nodes.paragraph):
        return None
    match = LEADING.match(first.astext())
    return match.group(1) if match else None


def _ids(env: Any) -> dict[str, str]:
    if not hasattr(env, "xz_rule_ids"):
        env.xz_rule_ids = {}
    ids: dict[str, str] = env.xz_rule_ids
    return ids


def collect(app: Sphinx, doctree: nodes.document) -> None:
    """Record the ids this page defines and give each its anchor."""
    ids = _ids(app.env)
    docname = app.env.docname
    families = [f for f, pages in HOMES.items() if docname in pages]
    here: set[str] = set()
    for kind in DEFINERS if families else ():
        for node in doctree.findall(kind):
            rule_id = _defines(node)
            if rule_id is None or rule_id[0] not in families or rule_id in here:
                continue
            if ids.get(rule_id, docname) != docname:
                where = ids[rule_id]
                logger.warning(f"{rule_id} is defined twice: here and in {where}", location=node)
            ids[rule_id] = docname
            here.add(rule_id)
            node["ids"].insert(0, anchor(rule_id))


def purge(app: Sphinx, env: Any, docname: str) -> None:
    ids = _ids(env)
    for rule_id in [k for k, v in ids.items() if v == docname]:
        del ids[rule_id]


def merge(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    _ids(env).update(_ids(other))


def link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Turn every cited id into a link to its anchor; warn of an id defined nowhere."""
    ids = _ids(app.env)
    html = app.builder.format == "html"
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(a, SKIP) for a in _ancestors(text)):
            continue
        value = str(text)
        pieces: list[nodes.Node] = []
        at = 0
        for match in CITED.finditer(value):
            rule_id = match.group(1)
            page = ids.get(rule_id)
            if page is None:
                logger.warning(f"{rule_id} is cited but defined nowhere", location=parent)
                continue
            if not html:
                continue
            uri = app.builder.get_relative_uri(docname, page) if page != docname else ""
            pieces.append(nodes.Text(value[at : match.start()]))
            pieces.append(
                nodes.reference(rule_id, rule_id, internal=True, refuri=f"{uri}#{anchor(rule_id)}")
            )
            at = match.end()
        if pieces:
            pieces.append(nodes.Text(value[at:]))
            parent.replace(text, pieces)


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", collect)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("doctree-resolved", link)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
