"""The built site served on 127.0.0.1 and crawled over HTTP in its three languages: every
link, stylesheet, script and image answers, every anchor exists on the page it points to,
and every file the service worker keeps offline is there. Zero broken links or anchors."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

import pytest

from serving import serve

LANGUAGES = ("en", "fr", "it")


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


class _Page(HTMLParser):
    """The ids of a page, and what it links to: (attribute, URL) pairs."""

    LINKS = {"a": "href", "link": "href", "script": "src", "img": "src", "iframe": "src", "source": "src"}

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag == "a" and values.get("name"):
            self.ids.add(values["name"] or "")
        attribute = self.LINKS.get(tag)
        if attribute and values.get(attribute):
            if tag == "link" and (values.get("rel") or "") in ("preconnect", "dns-prefetch"):
                return
            self.links.append(values[attribute] or "")
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "refresh":
            found = re.search(r"url=(.+)$", values.get("content") or "", re.IGNORECASE)
            if found:
                self.links.append(found.group(1).strip())


def _get(url: str) -> tuple[int, str, str, bytes]:
    """Status, final URL (after redirects), content type, body."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.geturl(), response.headers.get_content_type(), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, url, "", b""


@pytest.fixture(scope="module")
def crawl(served: str, site: Path):
    """Every page reachable from the root, the three languages' home pages and the rules' short
    URLs (r/4.2.4.c/: typed by judges, linked from nowhere): their ids, and every reference
    found (page it is on, URL, fragment), with the status of each target."""
    origin = urlsplit(served).netloc
    pages: dict[str, set[str]] = {}
    status: dict[str, int] = {}
    references: list[tuple[str, str, str]] = []
    short = [f"{served}/{language}/r/{folder.name}/" for language in LANGUAGES
             for folder in sorted((site / language / "r").iterdir()) if folder.is_dir()]
    queue = deque([f"{served}/", *(f"{served}/{language}/" for language in LANGUAGES), *short])
    seen = set(queue)
    while queue:
        url = queue.popleft()
        code, final, kind, body = _get(url)
        status[url] = code
        if code != 200 or kind != "text/html":
            continue
        parser = _Page()
        parser.feed(body.decode("utf-8"))
        page = urldefrag(final)[0].split("?")[0]
        pages[page] = parser.ids
        pages[urldefrag(url)[0].split("?")[0]] = parser.ids
        for link in parser.links:
            target = urljoin(final, link)
            parts = urlsplit(target)
            if parts.scheme not in ("http", "https") or parts.netloc != origin:
                continue  # another site (or the canonical address the site will be published at)
            address, fragment = urldefrag(target)
            references.append((page, address, unquote(fragment)))
            if address not in seen:
                seen.add(address)
                queue.append(address)
    return pages, status, references


def test_the_crawl_reaches_every_language_and_the_rules(crawl):
    pages, _, _ = crawl
    for language in LANGUAGES:
        assert any(f"/{language}/rules/chapter-4/" in url for url in pages), language
        assert sum(1 for url in pages if f"/{language}/r/" in url) > 100  # the short URLs of the rules


def test_every_link_answers(crawl):
    _, status, references = crawl
    broken = sorted({f"{page} -> {address} ({status.get(address)})" for page, address, _ in references
                     if status.get(address) != 200})
    assert broken == []


def test_every_anchor_exists(crawl):
    pages, status, references = crawl
    broken = []
    for page, address, fragment in references:
        if not fragment or status.get(address) != 200:
            continue
        ids = pages.get(address.split("?")[0])
        if ids is not None and fragment not in ids:
            broken.append(f"{page} -> {address}#{fragment}")
    assert sorted(set(broken)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_file_the_service_worker_keeps_is_served(served, language):
    code, _, _, body = _get(f"{served}/{language}/sw.js")
    assert code == 200
    worker = body.decode("utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker).group(1))
    assert precache
    # And what the sandbox page asks it to keep: the runtime, and the scenarios its links name.
    sandbox = [path for name in ("SANDBOX_FILES", "SANDBOX_DATA")
               for path in json.loads(re.search(rf"const {name} = (\[.*?\]);", worker).group(1))]
    assert any(path.startswith("../_sandbox/") for path in sandbox) and any(path.startswith("sandbox/") for path in sandbox)
    missing = [path for path in precache + sandbox if _get(urljoin(f"{served}/{language}/", path))[0] != 200]
    assert missing == []
