"""Filling the site navigation with the generated pages.

mkdocs.yml names where generated pages go with placeholders, so the order of
the hand-written pages stays in the editors' hands:

  nav:
    - Home: index.md
    - Rules: altered-rules:chapters
    - altered-rules:terms
    - Game modes: altered-rules:modes
    - Cards: altered-rules:cards
"""

from __future__ import annotations

import html
from typing import Any

from ..content.cards import CARDS_DIR
from .pool_pages import POOL_PREFIX
from .render import Page
from .versions import RELEASES_PAGE

PLACEHOLDER = "altered-rules:"


def _groups(generated: list[Page]) -> dict[str, list[dict[str, str]]]:
    groups: dict[str, list[dict[str, str]]] = {
        "chapters": [], "modes": [], "terms": [], "rulings": [], "sources": [], "coverage": [], "keywords": [],
        "cards": [],   # the cards' index, then a page per card (card_pages.py)
        "releases": [],   # the releases' index (versions.py; each release's page and the history are linked from it)
    }
    for page in generated:
        if page.path.startswith(POOL_PREFIX):
            continue   # the card pool's thousands of pages: the cards' index links their sets
        if page.path == RELEASES_PAGE:
            key = "releases"
        elif page.path.startswith(("releases/", "history/", "v/")):
            continue   # reached from the releases' index and from each rule, not from the navigation
        elif page.path.startswith("rules/"):
            key = "chapters"
        elif page.path.startswith("modes/"):
            key = "modes"
        elif page.path.startswith(f"{CARDS_DIR}/"):
            key = "cards"
        else:
            key = page.path.removesuffix(".md").replace("glossary-", "")
        # MkDocs themes print a nav title as HTML (Material: the navigation, the header, the
        # footer): a title from the glossary (a chapter's, a game mode's) is escaped for it.
        groups.setdefault(key, []).append({html.escape(page.title, quote=False): page.path})
    return groups


def expand_nav(nav: Any, generated: list[Page]) -> Any:
    """Replace `altered-rules:<group>` placeholders in a MkDocs nav with the generated pages."""
    groups = _groups(generated)

    def expand(item: Any) -> list[Any]:
        if isinstance(item, str) and item.startswith(PLACEHOLDER):
            key = item[len(PLACEHOLDER):]
            if key not in groups:
                raise ValueError(f"unknown placeholder '{item}'; allowed: {', '.join(PLACEHOLDER + k for k in groups)}")
            return list(groups[key])
        if isinstance(item, dict):
            (title, value), = item.items()
            if isinstance(value, str) and value.startswith(PLACEHOLDER):
                children = expand(value)
                if not children:  # e.g. the coverage page when verification is off
                    return []
                # A one-page group keeps the title given in mkdocs.yml.
                return [{title: next(iter(children[0].values()))}] if len(children) == 1 else [{title: children}]
            if isinstance(value, list):
                return [{title: [x for child in value for x in expand(child)]}]
            return [item]
        if isinstance(item, list):
            return [x for child in item for x in expand(child)]
        return [item]

    if nav is None:
        return None
    return [x for item in nav for x in expand(item)]
