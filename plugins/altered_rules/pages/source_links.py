"""Where each entry's YAML is on the forge: the "Edit this rule" links (issue 28).

Material's `edit_uri` links a hand-written page to its Markdown source; an entry of the glossary
(rule paragraph, term, ruling, game mode, card) is a few lines of a YAML file, so its link names
the file and the line: `{repo_url}/{source_uri}{path}#L{line}` (`source_uri` is the plugin's
option, `blob/main/` by default: GitHub, Gitea and GitLab all show a file at a branch there, the
line highlighted, with their edit button). The loader already knows each entry's file and line;
this module only turns them into a URL, in one place.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote


@dataclass(frozen=True)
class SourceLinks:
    base: str       # the forge's URL of the repository's root at the branch editors change, ending in "/"
    project: Path   # the repository's root on this machine (the folder of mkdocs.yml)

    @staticmethod
    def for_site(repo_url: str | None, source_uri: str, project: str | Path) -> "SourceLinks | None":
        """The links of a site whose configuration names `repo_url` (None: the site has no forge,
        so no links)."""
        if not repo_url:
            return None
        uri = source_uri.strip("/")
        return SourceLinks(repo_url.rstrip("/") + "/" + (uri + "/" if uri else ""), Path(project).resolve())

    def path(self, file: str) -> str:
        """`file` (as the loader shows it: relative to the working folder, or absolute) from the
        repository's root, with forward slashes."""
        return Path(os.path.relpath(os.path.abspath(file), self.project)).as_posix()

    def url(self, file: str, line: int) -> str | None:
        """The entry's link; None for a file outside the repository (a test's or a benchmark's
        copy of the glossary), which the forge does not hold."""
        path = self.path(file)
        if not file or path == ".." or path.startswith("../"):
            return None
        return self.base + quote(path) + (f"#L{line}" if line else "")
