"""Every generated page of the site in one language: the rules, terms, keywords, game modes,
rulings, sources, coverage and translations pages of render.Renderer, then the card pages
(card_pages.py, which builds on the Renderer and so cannot be listed from render.py).
"""

from __future__ import annotations

from .card_pages import card_pages
from ..content.glossary.model import Glossary
from ..content.pool.model import CardPool
from .pool_pages import PoolPages
from .render import Page, Renderer
from .source_links import SourceLinks
from ..verification.checks import Verification


def pages(glossary: Glossary, language: str = "en", verification: Verification | None = None,
          changed_in: dict[str, tuple[str, str]] | None = None, source_links: SourceLinks | None = None) -> list[Page]:
    """Every generated page of the site in `language` (with the engine's results, if given, the
    entries a release changed, `changed_in`, from versions.changed_entries, and the links to each
    entry's YAML on the forge, `source_links`), drawn by a Renderer of their own."""
    return site_pages(Renderer(glossary, language, verification, changed_in=changed_in, source_links=source_links))


def site_pages(renderer: Renderer, pool: CardPool | PoolPages | None = None) -> list[Page]:
    """Every generated page of the site in the renderer's language, drawn by `renderer`: the one
    Renderer of a language build (mkdocs_plugin), which then links the hand-written pages too;
    with the imported card pool (`pool`, or its pages drawn by this renderer), a page per set of
    it and the shell of its cards' pages (the cards' pages themselves are PoolPages.card_pages,
    made after MkDocs: site_assets/pool_site.py)."""
    glossary, verification = renderer.glossary, renderer.verification
    result = [renderer.chapter(chapter) for chapter in glossary.chapters]
    result.append(renderer.terms())
    if glossary.keywords:
        result.append(renderer.keywords())
    result += [renderer.mode(mode) for mode in sorted(glossary.modes, key=lambda m: MODE_ORDER.get(m.id, 99))]
    result.append(renderer.rulings())
    result.append(renderer.sources())
    if verification is not None:
        result.append(renderer.coverage())
    result.append(renderer.translations())
    pages = pool if pool is None or isinstance(pool, PoolPages) else PoolPages(renderer, pool)
    result += card_pages(renderer, pages)
    return result


# Game modes in the order a player meets them.
MODE_ORDER = {"standard": 0, "sealed": 1, "booster-draft": 2, "booster-war": 3, "multiplayer-2v2": 4, "free-for-all": 5}
