"""Options of the `altered-rules` MkDocs plugin (and nothing else)."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config

from ..languages import LANGUAGES


class AlteredRulesConfig(Config):
    # The glossary folder, relative to mkdocs.yml.
    glossary = c.Type(str, default="glossary")
    # The language this build renders (one build per language, each in site/<language>/).
    language = c.Choice(LANGUAGES, default=LANGUAGES[0])
    # Static files shared by every language's build (stylesheets, scripts), relative to mkdocs.yml.
    assets = c.Type(str, default="docs/assets")
    # Run every scenario of the glossary through the engine; a documented outcome the
    # engine does not reach fails the build. Off only to measure what it costs.
    verify = c.Type(bool, default=True)
    # The glossary's YAML files on the forge, relative to the site's `repo_url`: the repository's
    # root at the branch editors change. Each rule, term, ruling, game mode and card links to its
    # file and line there ("Edit this rule"); a site without `repo_url` has no such links.
    source_uri = c.Type(str, default="blob/main/")
    # The imported card pool (`altered-rules cards import PATH` writes it), relative to mkdocs.yml:
    # a page per card of it. Empty: the ALTERED_RULES_CARDS environment variable names it, else the
    # site has the glossary's cards only. The card texts are the publisher's: the file stays out of git.
    cards = c.Type(str, default="")
