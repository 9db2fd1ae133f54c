"""Options of the `altered-rules` MkDocs plugin (and nothing else)."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class AlteredRulesConfig(Config):
    # The glossary folder, relative to mkdocs.yml.
    glossary = c.Type(str, default="glossary")
    # The language this build renders (one build per language, each in site/<language>/).
    language = c.Choice(("en", "fr", "it"), default="en")
    # Static files shared by every language's build (stylesheets, scripts), relative to mkdocs.yml.
    assets = c.Type(str, default="docs/assets")
    # Run every scenario of the glossary through the engine; a documented outcome the
    # engine does not reach fails the build. Off only to measure what it costs.
    verify = c.Type(bool, default=True)
    # The glossary's YAML files on the forge, relative to the site's `repo_url`: the repository's
    # root at the branch editors change. Each rule, term, ruling, game mode and card links to its
    # file and line there ("Edit this rule"); a site without `repo_url` has no such links.
    source_uri = c.Type(str, default="blob/main/")
