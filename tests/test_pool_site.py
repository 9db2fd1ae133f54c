"""The card pool's pages in the built site (site_assets/pool_site.py, issue 39): made from one frame
the theme draws (the shell), not by MkDocs page by page; the shell itself no page of the site.
The frame's cutting on a page written here in the theme's shape; the whole on one language's build
of the project with the synthetic samples of tests/card_data/ (no publisher text)."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from altered_rules.content.pool import import_pool, write_pool
from altered_rules.pages.pool_pages import SHELL_ANCHOR, SHELL_CONTENT, SHELL_TITLE, CardPage
from altered_rules.pages.versions import ShellError
from altered_rules.site_assets.pool_site import SHELL_URL, card_frame, with_card_entries, with_card_urls

from project_paths import PROJECT

SAMPLES = Path(__file__).parent / "card_data" / "per_card"


def _item(anchor: str, title: str) -> str:
    return (f'<li class="md-nav__item">\n  <a href="#{anchor}" class="md-nav__link">\n    <span class="md-ellipsis">\n'
            f'      {title}\n    </span>\n  </a>\n  \n</li>\n      ')


SHELL = (f'<html><head><link rel="canonical" href="http://example.invalid/en/{SHELL_URL}">\n'
         f'    <link rel="alternate" href="../../../../fr/{SHELL_URL}" hreflang="fr">\n'
         f'<title>{SHELL_TITLE} - Altered Rules</title></head><body>\n'
         f'<a href="#{SHELL_ANCHOR}" class="md-skip">Skip</a><header>{SHELL_TITLE}</header>\n'
         '<ul class="md-nav__list" data-md-component="toc">\n      '
         + _item("rules", "Rules its abilities use") + _item("rulings", "Rulings") + _item("mentions", "Mentioned in")
         + _item("printings", "Printings") +
         f'</ul>\n<article class="md-content__inner md-typeset">\n\n{SHELL_CONTENT}\n</article>\n'
         '<script id="__config" type="application/json">{"base": "../../.."}</script></body></html>\n')

CARD = CardPage("cards/set-core/alt-core-b-ax-01-c.md", 'Héron <b>& "co"</b>',
                '<h1 id="card-alt-core-b-ax-01-c">Héron &lt;b&gt;</h1>\n<p>text</p>\n', ("rules", "rulings"))


def test_a_card_page_is_the_frame_with_the_cards_address_title_and_content():
    page = card_frame(SHELL).page(CARD)
    assert SHELL_URL not in page and SHELL_TITLE not in page and SHELL_ANCHOR not in page and SHELL_CONTENT not in page
    assert '<link rel="canonical" href="http://example.invalid/en/cards/set-core/alt-core-b-ax-01-c/">' in page
    assert 'href="../../../../fr/cards/set-core/alt-core-b-ax-01-c/" hreflang="fr"' in page   # the same card in French
    assert "<title>Héron &lt;b&gt;&amp; &quot;co&quot;&lt;/b&gt; - Altered Rules</title>" in page   # escaped
    assert '<a href="#card-alt-core-b-ax-01-c" class="md-skip">' in page
    assert '<article class="md-content__inner md-typeset">\n<h1 id="card-alt-core-b-ax-01-c">Héron &lt;b&gt;</h1>\n<p>text</p>\n' in page


def test_its_table_of_contents_keeps_the_sections_the_card_has():
    page = card_frame(SHELL).page(CARD)
    assert re.findall(r'href="#(\w+)" class="md-nav__link"', page) == ["rules", "rulings"]
    full = card_frame(SHELL).page(CardPage(CARD.path, "x", "", ("rules", "rulings", "mentions", "printings")))
    assert re.findall(r'href="#(\w+)" class="md-nav__link"', full) == ["rules", "rulings", "mentions", "printings"]


def test_the_frame_loses_the_themes_indentation_only():
    page = card_frame(SHELL).page(CARD)
    assert "\n " not in page.replace(CARD.html, "") and '{"base": "../../.."}' in page
    kept = card_frame(SHELL.replace("<body>", "<body><pre>\n  a</pre>")).page(CARD)
    assert "<pre>\n  a</pre>" in kept and "\n    <link" in kept                  # where white space shows: as drawn


@pytest.mark.parametrize("broken, said", [
    (SHELL.replace(SHELL_TITLE, "Title"), "no place for the card's title"),
    (SHELL.replace(SHELL_CONTENT, "<p>the shell's own content</p>"), "no place for the card's content"),
    (SHELL.replace('href="#rulings"', 'href="#x"'), "0 item(s) for the section #rulings"),
])
def test_a_frame_the_theme_drew_otherwise_is_refused(broken, said):
    with pytest.raises(ShellError, match=re.escape(said)):
        card_frame(broken)


def test_the_sitemap_lists_the_cards_in_place_of_the_frame():
    sitemap = (b'<urlset>\n    <url>\n         <loc>http://x/en/</loc>\n    </url>\n'
               b'    <url>\n         <loc>http://x/en/' + SHELL_URL.encode() + b'</loc>\n         <lastmod>2026-01-01</lastmod>\n    </url>\n</urlset>')
    out = with_card_urls(sitemap, ["cards/set-a/one/", "cards/set-a/two/"])
    assert SHELL_URL.encode() not in out and out.count(b"<lastmod>2026-01-01</lastmod>") == 2
    assert re.findall(rb"<loc>([^<]*)</loc>", out) == [b"http://x/en/", b"http://x/en/cards/set-a/one/", b"http://x/en/cards/set-a/two/"]


def test_the_search_index_has_the_cards_not_the_frame():
    index = {"config": {}, "docs": [{"location": "", "title": "Home"}, {"location": SHELL_URL, "title": SHELL_TITLE},
                                    {"location": f"{SHELL_URL}#rulings", "title": "Rulings"}]}
    out = with_card_entries(index, [{"location": "cards/set-a/one/", "title": "One", "text": "ALT_A"}])
    assert [d["location"] for d in out["docs"]] == ["", "cards/set-a/one/"]


# -- one language's site, built ------------------------------------------------------------------

@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The English site of the project with the samples' pool, and one card whose English name is
    hostile (its French one a glossary card's: Moonlight Jellyfish, which the project's rulings name)."""
    work = tmp_path_factory.mktemp("pool-site")
    data = work / "data"
    shutil.copytree(SAMPLES, data)
    for lang, name in (("EN", '<script>alert("x")</script> & "Jelly"'), ("FR", "Méduse")):
        record = json.loads((data / f"CARDS/{lang}/TEST/LY/ALT_TEST_B_LY_03_C.json").read_text())
        record.update(reference="ALT_TEST_B_LY_05_C", name=name, isSuspended=False)
        (data / f"CARDS/{lang}/TEST/LY/ALT_TEST_B_LY_05_C.json").write_text(json.dumps(record))
    write_pool(import_pool(data), work / "pool.json")
    site = work / "site"
    env = {**os.environ, "ALTERED_RULES_CARDS": str(work / "pool.json"), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(PROJECT / "mkdocs.yml"), "-d", str(site)],
                          cwd=PROJECT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return site


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_every_card_has_its_page_and_the_frame_is_gone(built):
    cards = sorted(p.parent.name for p in (built / "cards" / "set-test").glob("*/index.html"))
    assert cards == ["alt-test-b-ax-01-c", "alt-test-b-ax-02-c", "alt-test-b-ax-02-r1", "alt-test-b-ax-02-u-0417",
                     "alt-test-b-ax-02-u-0981", "alt-test-b-ly-03-c", "alt-test-b-ly-05-c", "alt-test-b-mu-04-c"]
    assert not (built / "cards" / "set-_shell").exists()
    # (the editors' guide names the frame's address; the worker, the files it keeps)
    leaked = [path for path, data in _files(built).items()
              if any(mark.encode() in data for mark in (SHELL_TITLE, SHELL_ANCHOR, "ar-pool-card-content"))
              or (SHELL_URL.encode() in data and path not in ("editing/index.html", "sw.js"))]
    assert leaked == []


def test_a_card_page_is_a_page_of_the_site(built):
    page = (built / "cards/set-test/alt-test-b-ax-02-c/index.html").read_text(encoding="utf-8")
    set_page = (built / "cards/set-test/index.html").read_text(encoding="utf-8")   # a page MkDocs drew
    for part in ('<header class="md-header', 'class="md-footer"', 'id="__config"', 'class="md-search"'):
        assert part in page and part in set_page
    assert "<title>Copper Heron - Altered Rules</title>" in page
    assert 'rel="canonical" href="http://127.0.0.1:8000/en/cards/set-test/alt-test-b-ax-02-c/"' in page
    assert 'href="../../../../fr/cards/set-test/alt-test-b-ax-02-c/" hreflang="fr"' in page
    assert page.count("<h1") == 1 and '<h1 id="card-alt-test-b-ax-02-c">Copper Heron<a class="headerlink"' in page
    assert 'href="../../../assets/altered-rules.css"' in page and 'href="../../assets/altered-rules.css"' in set_page   # one folder deeper
    toc = page.split('data-md-component="toc"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'href="#(\w+)" class="md-nav__link"', toc) == ["rules", "rulings", "printings"]
    assert len(gzip.compress(page.encode())) < 60_000


def test_card_text_is_escaped_in_the_built_page(built):
    page = (built / "cards/set-test/alt-test-b-ly-05-c/index.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page
    assert '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Jelly&quot; - Altered Rules</title>' in page


def test_the_cards_are_in_the_search_index_sitemap_and_offline_copy(built):
    index = json.loads((built / "search/search_index.json").read_text(encoding="utf-8"))
    cards = {d["location"]: d for d in index["docs"] if d["location"].startswith("cards/set-test/") and d["location"] != "cards/set-test/"}
    assert len(cards) == 8 and not any(d["location"].startswith(SHELL_URL) for d in index["docs"])
    heron = cards["cards/set-test/alt-test-b-ax-02-c/"]
    assert heron["title"] == "Copper Heron" and heron["text"].startswith("ALT_TEST_B_AX_02_C · ")
    assert "Héron de Cuivre" in heron["text"] and sorted(heron) == ["location", "text", "title"]
    hostile = cards["cards/set-test/alt-test-b-ly-05-c/"]
    assert hostile["title"] == "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; \"Jelly\"" and hostile["text"].endswith(" · Méduse")
    sitemap = (built / "sitemap.xml").read_text(encoding="utf-8")
    assert "http://127.0.0.1:8000/en/cards/set-test/alt-test-b-ax-02-c/</loc>" in sitemap and SHELL_URL not in sitemap
    assert gzip.decompress((built / "sitemap.xml.gz").read_bytes()).decode() == sitemap
    worker = (built / "sw.js").read_text(encoding="utf-8")
    assert '"cards/set-test/alt-test-b-ax-02-c/"' in worker and SHELL_URL not in worker


def test_a_serve_session_rebuilds_the_cards_pages(built, tmp_path, monkeypatch):
    """`mkdocs serve` (a session that keeps its pages and folders between rebuilds, issue 29): each
    rebuild has every card's page, as a cold build writes it, and no frame."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    monkeypatch.setenv("ALTERED_RULES_CARDS", str(built.parent / "pool.json"))
    served = tmp_path / "served"
    config = None
    try:
        for rebuild in range(2):
            config = load_config(str(PROJECT / "mkdocs.yml"), site_dir=str(served))
            if rebuild == 0:
                config.plugins.on_startup(command="serve", dirty=False)
            mkdocs_build(config)
            assert not (served / "cards" / "set-_shell").exists()
            cards = {p: data for p, data in _files(served).items() if p.startswith("cards/set-test/") and p.count("/") == 3}
            assert cards == {p: data for p, data in _files(built).items() if p in cards} and len(cards) == 8
    finally:
        if config is not None:
            config.plugins.on_shutdown()
