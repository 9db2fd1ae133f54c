"""Redirect pages: the short URLs `r/<rule>/` (extra_files) and a release's permalinks
`v/<release>/r/<rule>/` (versions) are each a tiny page sending the reader on to the rule."""

from __future__ import annotations

import html
import json

from .render import script_json

SHORT_URL_PREFIX = "r"

_REDIRECT = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{rule}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="{target}">
<meta http-equiv="refresh" content="0; url={target}">
<script>location.replace({target_js} + location.search);</script>
</head>
<body>
<p><a href="{target}">{rule}</a></p>
</body>
</html>
"""


def redirect_page(language: str, rule: str, relative: str) -> str:
    """A page that sends the reader on to `relative` (a URL relative to it), escaped."""
    return _REDIRECT.format(lang=language, rule=html.escape(rule), target=html.escape(relative),
                            target_js=script_json(json.dumps(relative)))
