"""What a `mkdocs serve` session keeps between its rebuilds (issue 29), in one place.

MkDocs rebuilds everything after each save; each part below is kept under a key of all its
inputs, so that a rebuild redoes only what the edit changed, and what it serves is byte for byte
what a cold build writes. A build (`mkdocs build`, `make site`) keeps none of it: the plugin holds
a session only when MkDocs starts one to serve.
"""

from __future__ import annotations

from typing import Any

from ..caches import Cache
from ..pages.served_pages import CompiledTemplates, SearchEntries, ServedPages
from ..site_assets.export import IndentedPieces
from ..site_assets.sandbox import KEPT_SCENARIOS, KeptRuntime
from ..site_assets.site_files import KeptFolders
from .conversions import Conversions
from .deferred import KeptDeferrals


class ServeSession:
    def __init__(self) -> None:
        self.served = ServedPages()                  # finished pages (served_pages.py)
        self.conversions = Conversions(self.served)  # Markdown conversions (conversions.py)
        self.templates = CompiledTemplates()         # the theme's compiled templates (served_pages.py)
        self.export_pieces = IndentedPieces()        # the export's text (export.py)
        self.search_entries = SearchEntries()        # the search index's entries (served_pages.py)
        self.runtimes = KeptRuntime()                # the sandbox's runtime (sandbox.py)
        self.kept_folders = KeptFolders()            # our own folders of the site (site_files.py)
        self.deferrals = KeptDeferrals()             # verified blocks set aside (deferred.py)
        self.published: Cache[bytes, Any] = Cache("published scenarios", KEPT_SCENARIOS)   # sandbox.published_scenarios

    def close(self) -> None:
        self.conversions.close()
