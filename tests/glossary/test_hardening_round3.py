"""Issue 36, third round of hardening: the engine catalogues (F-3 to F-6), text that broke a
format (F-13 to F-17), silent or unbounded input (F-18, F-19) and the hand-written pages (F-20),
each with its reproduction from ../shared/reference/security-probes-2026-12.md and a neighbour
of its class (another catalogue key, another output format, another unbounded input, another
link kind). Paths and links (F-9 to F-12) are in test_contributed_files.py; logs (F-1, F-2) in
tests/test_every_command_on_corrupt_files.py."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest

import altered_rules.cli.po as po_module
from altered_rules.cli.main import main
from altered_rules.cli.po import PoError, import_po
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.messages import MESSAGES_DIR, message_problems, read_messages
from engine.catalogue import ENGLISH
from engine.messages import Renderer

from edits import replace_once
from guards import failing_lint, no_hang

PO_HEAD = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset={charset}\\n"\n\n'


# -- engine catalogues (F-3 to F-6) ------------------------------------------------------------

@pytest.fixture
def catalogues(tmp_path: Path) -> Path:
    """A copy of the engine's catalogues that a test may break."""
    folder = tmp_path / "engine-strings"
    shutil.copytree(MESSAGES_DIR, folder)
    return folder


def _set(folder: Path, key: str, value: str) -> int:
    """Write `"key": value` (a YAML double-quoted text) on the line of `key` in fr.yaml; its line."""
    path = folder / "fr.yaml"
    rows = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, row in enumerate(rows) if row.strip().startswith(f'"{key}":'))
    rows[index] = f'  "{key}": {json.dumps(value, ensure_ascii=False)}  # from 00000000'
    path.write_text("\n".join(rows), encoding="utf-8")
    return index + 1


def _problems_at(folder: Path, line: int) -> list[str]:
    return [p for p in message_problems(read_messages(folder)) if f"fr.yaml:{line}:" in p]


@pytest.mark.parametrize("value", [
    "{first} et {last} {first.__class__.__mro__}",     # F-3: an attribute lookup
    "{first} et {last}{}",                              # F-3: an index (a traceback in explain)
    "{first} et {last}{last:>2000000}",                 # F-3: a format spec (a 1.7 GB site)
])
def test_a_template_is_refused_unless_its_braces_are_parameters(catalogues, value):
    line = _set(catalogues, "list.and", value)
    assert any("outside a parameter" in p for p in _problems_at(catalogues, line))


def _key_with_a_parameter() -> str:
    return next(key for key, english in ENGLISH.items() if re.fullmatch(r"[^{}]*\{player\}[^{}]*", english) and not key.startswith("list."))


def test_another_catalogue_key_is_refused_the_same_way(catalogues):
    """The class, not `list.and`: any message with a parameter."""
    key = _key_with_a_parameter()
    line = _set(catalogues, key, ENGLISH[key].replace("{player}", "{player.__class__} {player:>9}"))
    assert any("outside a parameter" in p for p in _problems_at(catalogues, line))


def test_list_and_is_filled_by_name_never_by_str_format():
    renderer = Renderer({**ENGLISH, "list.and": "{first} et {last} {first.__class__.__mro__} {} {last:>99}"})
    assert renderer.join(["Alice", "Bob"]) == "Alice et Bob {first.__class__.__mro__} {} {last:>99}"


@pytest.mark.parametrize("key, value", [
    ("form.de", "de " + "{}" * 20000 + "|d'{}"),              # F-4: every name repeated 20,000 times
    ("form.de", "de <img src=x onerror=alert(1)> {}|d'{}"),   # markup, or any rewrite
    ("contractions", "Alice>Mallory ;de le >du "),             # rewrites every Alice of a trace
    ("form.vowels", "aeiou{}"),
])
def test_a_languages_own_keys_have_the_one_shape_the_renderer_reads(catalogues, key, value):
    line = _set(catalogues, key, value)
    assert any("shape the renderer reads" in p or "at most" in p for p in _problems_at(catalogues, line)), _problems_at(catalogues, line)


def test_a_word_form_key_is_checked_too(catalogues):
    """F-4's neighbour: `term.<word>:<form>`, another language-only key."""
    line = _set(catalogues, "term.reserve:the", "la {} Réserve")
    assert any("shape the renderer reads" in p for p in _problems_at(catalogues, line))


def test_the_shipped_catalogues_pass():
    assert message_problems(read_messages()) == []


@pytest.mark.parametrize("key", ["list.and", "other"])
def test_a_message_holds_one_line(catalogues, key):
    """F-5: a line break printed the message's rest at column 0 (a workflow command in CI)."""
    key = "list.and" if key == "list.and" else _key_with_a_parameter()
    value = ENGLISH[key].replace(" ", "\n::error file=README.md::forged\n", 1)
    line = _set(catalogues, key, value)
    assert any("U+000A (a line break)" in p for p in _problems_at(catalogues, line))


def test_a_message_past_its_length_is_refused(catalogues):
    """Another unbounded input: one message of 5,000 characters."""
    line = _set(catalogues, "list.and", "{first} et {last}" + " x" * 2500)
    assert any("a message holds at most 1,000" in p for p in _problems_at(catalogues, line))


@pytest.fixture
def engine_po(glossary_copy, catalogues, tmp_path, monkeypatch):
    """`import_po` of an engine message into the catalogue copy: the PO file's path."""
    monkeypatch.setattr(po_module, "MESSAGES_DIR", catalogues)
    return tmp_path / "fr.po"


def _engine_import(glossary_copy: Path, po: Path, body: str, charset: str = "UTF-8") -> list[str]:
    po.write_text(PO_HEAD.format(charset=charset) + body, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in po_module.MESSAGES_DIR.iterdir()}
    with pytest.raises(PoError) as caught:
        import_po(glossary_copy, po, "fr")
    assert {p.name: p.read_bytes() for p in po_module.MESSAGES_DIR.iterdir()} == before   # nothing written
    return caught.value.problems


@pytest.mark.parametrize("msgstr, refused", [
    ("{first} et {last} {first.__class__.__mro__} {last:>5000000}", "outside a parameter"),   # F-3 by PO
    ("{first} et\\n::error file=README.md::forged\\n{last}", "U+000A (a line break)"),         # F-5 by PO
])
def test_the_po_import_refuses_an_engine_message_as_the_lint_does(glossary_copy, engine_po, msgstr, refused):
    problems = _engine_import(glossary_copy, engine_po, f'msgctxt "engine list.and"\nmsgid "{{first}} and {{last}}"\nmsgstr "{msgstr}"\n')
    assert any(refused in p and f"{engine_po}:" in p for p in problems), problems


def test_a_plural_engine_message_is_refused_not_counted_empty(glossary_copy, engine_po):
    """F-6."""
    problems = _engine_import(glossary_copy, engine_po, 'msgctxt "engine list.and"\nmsgid "{first} and {last}"\n'
                              'msgid_plural "{first} and {last}s"\nmsgstr[0] "{first} et {last} A"\nmsgstr[1] "{first} et {last} B"\n')
    assert any("is a plural message" in p for p in problems), problems


# -- PO charsets (F-13) -------------------------------------------------------------------------

def _charset_po(tmp_path: Path, charset: str) -> Path:
    po = tmp_path / "cs.po"
    po.write_text(PO_HEAD.format(charset=charset) + 'msgctxt "term draw title"\nmsgid "Draw"\nmsgstr "Piocher déjà"\n', encoding="utf-8")
    return po


@pytest.mark.parametrize("charset, misread", [("mac-roman", "√©"), ("utf-16", None), ("latin-1", "Ã©")])
def test_a_wrong_charset_is_shown_as_that_charset_reads_it(glossary_copy, tmp_path, capsys, charset, misread):
    po = _charset_po(tmp_path, charset)
    assert main(["i18n", "import", str(po), "--lang", "fr", "--glossary", str(glossary_copy)]) == 1
    err = capsys.readouterr().err
    wrong = "déjà".encode("utf-8").decode(charset, errors="replace") if misread is None else misread
    assert f"charset={charset}, but the file's bytes are UTF-8" in err and wrong in err and 'Piocher déjà' in err


def test_utf8_sig_is_utf8(glossary_copy, tmp_path, capsys):
    po = _charset_po(tmp_path, "utf-8-sig")
    assert main(["i18n", "import", str(po), "--lang", "fr", "--glossary", str(glossary_copy)]) == 0
    assert "Piocher déjà" in (glossary_copy / "terms" / "draw.yaml").read_text(encoding="utf-8")


# -- formats (F-14 to F-17) ---------------------------------------------------------------------

def test_a_symbol_in_an_external_rules_title_never_lands_in_its_attribute(glossary_copy):
    """F-14: the badge's markup went inside `title="..."` of every reference to 7.1.1."""
    from altered_rules.pages.render import PageNotices, Renderer as PageRenderer

    replace_once(glossary_copy / "external-rules.yaml", "title: {en: Trigger symbols,",
                 'title: {en: "Trigger symbols {forest} and {etb}",')
    renderer = PageRenderer(load_glossary(glossary_copy))
    shown = renderer.inline(PageNotices(), "as 7.1.1 says", "rules/chapter-4.md")
    attribute = re.search(r'class="ar-ref ar-ref--external" title="([^"]*)"', shown).group(1)
    assert "<" not in attribute and "forest" in attribute
    assert shown.count("<span") == shown.count("</span>")


def test_a_symbol_in_a_text_still_is_a_badge(glossary):
    """The neighbour that must stay: outside an attribute, {forest} is the badge."""
    from altered_rules.pages.render import PageNotices, Renderer as PageRenderer

    assert 'class="ar-symbol ar-symbol--region"' in PageRenderer(glossary).inline(PageNotices(), "a {forest} b", "rules/chapter-4.md")


@pytest.mark.parametrize("escape, name", [("\\uffff", "U+FFFF"), ("\\ufffe", "U+FFFE"), ("\\ufdd0", "U+FDD0")])
def test_a_non_character_is_refused_with_its_line(glossary_copy, capsys, escape, name):
    """F-15: U+FFFE/U+FFFF from YAML escapes made the Atom feed invalid XML."""
    line = replace_once(glossary_copy / "releases.yaml", 'notes: {en: "The first release', f'notes: {{en: "The first release {escape}')
    err = failing_lint(glossary_copy, capsys)
    assert f"releases.yaml:{line}:" in err and name in err and "non-character" in err


def test_a_non_character_in_a_term_is_refused_too(glossary_copy, capsys):
    """F-15's neighbour: another text, shown in pages and the export (JSON) rather than the feed."""
    line = replace_once(glossary_copy / "terms" / "gift.yaml", "id: gift", 'id: gift\nnote: "\\uffff"')
    err = failing_lint(glossary_copy, capsys)
    assert f"gift.yaml:{line + 1}:" in err and "U+FFFF" in err


def test_a_lone_surrogate_in_a_rule_text_is_refused_with_its_line(glossary_copy, capsys):
    """F-16: a traceback (UnicodeEncodeError) in lint and the build."""
    line = replace_once(glossary_copy / "rules/4/4.2.4.yaml", "    en: There is one daily effect",
                        '    en: "There is one daily effect \\ud800 lone"\n    was_en: There is one daily effect')
    err = failing_lint(glossary_copy, capsys)
    assert f"4.2.4.yaml:{line}:" in err and "U+D800 (a lone surrogate" in err


def test_a_lone_surrogate_in_a_scenario_file_is_refused(tmp_path, capsys):
    """F-16 in `verify FILE`: a traceback at print_report."""
    scenario = tmp_path / "s.yaml"
    scenario.write_text('- name: "surrogate \\ud800 name"\n  given: {players: [Alice, Bob]}\n  when: dusk\n  then: {day: 1}\n',
                        encoding="utf-8")
    assert main(["verify", str(scenario)]) == 1
    out, err = capsys.readouterr()
    assert f"{scenario}:1:" in out and "U+D800" in out and "Traceback" not in out + err


def test_a_lone_surrogate_in_a_snapshot_is_refused_by_the_lint(glossary_copy, capsys):
    """F-16 in a release's snapshot: lint said 0 problems, then `diff` and the build crashed."""
    path = next((glossary_copy / "releases").glob("*.json.gz"))
    data = json.loads(gzip.decompress(path.read_bytes()))
    text = json.dumps(data, ensure_ascii=True)
    broken, count = re.subn(r'("text": \{"en": ")', r'\1Dusk \\ud800 ', text, count=1)
    if not count:   # the snapshot's shape: a text anywhere
        broken = re.sub(r'("en": ")', r'\1Dusk \\ud800 ', text, count=1)
    assert broken != text
    path.write_bytes(gzip.compress(broken.encode(), mtime=0))
    err = failing_lint(glossary_copy, capsys)
    assert path.name in err and "U+D800" in err
    with no_hang(20):
        assert main(["diff", path.name.removesuffix(".json.gz"), "current", "--glossary", str(glossary_copy)]) == 1
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("tag", ['!!python/object/apply:os.system "touch pwned"', "!!binary UHJvZ3Jlc3M=", "!x Progress", "!!str Progress"])
def test_a_yaml_tag_is_refused_not_dropped(glossary_copy, capsys, tmp_path, tag):
    """F-17: a tagged value became its raw text without a word."""
    line = replace_once(glossary_copy / "rules/4/4.2.4.yaml", "    en: There is one daily effect",
                        f"    en: {tag}\n    was_en: There is one daily effect")
    err = failing_lint(glossary_copy, capsys)
    assert f"4.2.4.yaml:{line}:" in err and "YAML tag" in err
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_a_tag_on_a_mapping_is_refused_too(glossary_copy, capsys):
    """F-17's neighbour: a tag on a list or mapping, not a text."""
    line = replace_once(glossary_copy / "terms" / "gift.yaml", "see: [", "see: !!seq [")
    err = failing_lint(glossary_copy, capsys)
    assert f"gift.yaml:{line}:" in err and "YAML tag" in err


# -- silent or unbounded (F-18, F-19) -----------------------------------------------------------

def test_renumber_refuses_one_number_given_two_new_ones(glossary_copy, capsys):
    """F-18: `dict(args.pairs)` kept the last pair without a word."""
    before = (glossary_copy / "rules/4/4.2.4.yaml").read_bytes()
    assert main(["renumber", "4.2.4.h=4.2.4.i", "4.2.4.h=4.2.4.j", "--glossary", str(glossary_copy)]) == 1
    assert "4.2.4.h is given two new numbers (4.2.4.i and 4.2.4.j)" in capsys.readouterr().err
    assert (glossary_copy / "rules/4/4.2.4.yaml").read_bytes() == before


def test_the_glossarys_total_size_is_refused_before_any_file_is_read(glossary_copy, monkeypatch):
    """F-19: twenty files each under every limit took 15 s and 530 MB. Refused from the sizes
    alone: no file is parsed (so it takes no longer than listing the folder)."""
    import altered_rules.content.glossary.reading as reading
    from engine.limits import MAX_GLOSSARY_BYTES

    gift = (glossary_copy / "terms" / "gift.yaml").read_text(encoding="utf-8")
    items = ", ".join(["7.3.5.a"] * 99_000)
    count = MAX_GLOSSARY_BYTES // len(items) + 1
    for i in range(count):
        (glossary_copy / "terms" / f"near-limit-{i}.yaml").write_text(
            gift.replace("id: gift", f"id: near-limit-{i}").replace('see: ["7.3.5.a"]', f"see: [{items}]"), encoding="utf-8")

    def parsed(*args, **kwargs):
        raise AssertionError("a file was parsed")

    monkeypatch.setattr(reading, "load_yaml_bytes", parsed)
    with no_hang(10), pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    message = str(caught.value)
    assert f"at most {MAX_GLOSSARY_BYTES:,} (the limit); nothing was read" in message and "near-limit-" in message


def test_a_glossary_under_the_total_still_loads(glossary):
    from engine.limits import MAX_GLOSSARY_BYTES

    total = sum(p.stat().st_size for p in Path(glossary.root).rglob("*.yaml"))
    assert total < MAX_GLOSSARY_BYTES / 4   # room to grow: the limit stops a dump, not the glossary


# -- hand-written pages (F-20) ------------------------------------------------------------------

def _page(glossary_copy: Path, text: str, language: str = "fr") -> Path:
    docs = glossary_copy.parent / "docs" / language
    docs.mkdir(parents=True, exist_ok=True)
    page = docs / "index.md"
    page.write_text("# Page\n\nDu texte.\n" + text, encoding="utf-8")
    return page


@pytest.mark.parametrize("text, refused", [
    ('<script>alert("docs-fr")</script>\n', "the HTML tag <script>"),                          # F-20
    ('<img src=x onerror="alert(2)">\n', "the HTML tag <img>"),                               # F-20
    ("[lien](javascript:alert(3))\n", "the scheme 'javascript:'"),                             # F-20
    ('<span class="x" onmouseover="alert(4)">x</span>\n', "the attribute 'onmouseover'"),     # another attribute
    ("[lien](JaVa&#115;cript:alert(5))\n", "the scheme 'JaVascript:'"),                        # another spelling
    ('<a href=" javascript:alert(6)">x</a>\n', "the scheme 'javascript:'"),                    # another link kind
    ("[x]: data:text/html,<script>alert(7)</script>\n", "the scheme 'data:'"),                 # a reference
    ("<javascript:alert(8)>\n", "the scheme 'javascript:'"),                                   # an autolink
    ("## Titre {: onclick=\"alert(9)\" }\n", "an attribute list"),                             # attr_list
    ('<iframe src="https://example.org"></iframe>\n', "the HTML tag <iframe>"),
    ('<span style="background:url(//evil.example/x)">x</span>\n', "the style"),
])
def test_a_hand_written_page_holds_no_script(glossary_copy, capsys, text, refused):
    page = _page(glossary_copy, text)
    err = failing_lint(glossary_copy, capsys)
    assert f"{page}:4: " in err and refused in err, err


def test_the_english_pages_are_checked_too(glossary_copy, capsys):
    page = _page(glossary_copy, "<script>alert(1)</script>\n", "en")
    assert f"{page}:4: the HTML tag <script>" in failing_lint(glossary_copy, capsys)


def test_what_the_pages_need_is_allowed_and_code_is_text():
    from altered_rules.content.page_markup import page_problems
    from project_paths import PROJECT

    for page in sorted((PROJECT / "docs").glob("*/*.md")):
        assert page_problems(page.read_text(encoding="utf-8"), str(page)) == [], page
    assert page_problems("`<script>` and\n\n```html\n<script>alert(1)</script>\n```\n", "x.md") == []


def test_the_converted_html_is_checked_whatever_route(monkeypatch):
    from altered_rules.content.page_markup import html_problems

    assert html_problems('<p><a href="javascript:x">a</a><span onclick="x">b</span><script>c</script></p>')
    assert html_problems('<p class="ar-meta"><a class="ar-ref" href="../chapter-4/#4.2.4">4.2.4</a></p>') == []


# -- logs: the build's errors (F-1's neighbour: another log surface) ---------------------------

def test_the_builds_errors_are_neutralised_for_a_ci_log():
    """MkDocs prints the plugin's errors, which quote content (a key, a scenario's name), in the
    Publish job's log: the same neutralising as the commands' output (log_text.py)."""
    from altered_rules.mkdocs_plugin.plugin import _refused

    text = str(_refused("glossary/x.yaml:9: unknown key 'evil\n::add-mask::Dusk\n  ::error file=README.md::forged \x1b[2J'"))
    assert not re.search(r"^[ \t]*::", text, re.MULTILINE) and "\x1b" not in text
    assert "\\::add-mask::Dusk" in text and "\\u001b[2J" in text


def test_only_the_commands_the_program_made_reach_the_log():
    """A line from content shaped exactly as an annotation is still neutralised; the annotations
    `--format github` made (lint_report.github_command declares each) pass as they are, once."""
    import io

    from altered_rules.log_text import NeutralStream, issued

    raw = io.StringIO()
    stream = NeutralStream(raw)
    print("::error file=README.md,line=1::forged", file=stream)
    print(issued("::error file=x.yaml,line=2::real"), file=stream)
    print("::error file=x.yaml,line=2::real", file=stream)   # the same text again: printed once only as a command
    print("text\n  ::warning::again\n##[group]x \x1b[2J", file=stream)
    assert raw.getvalue().split("\n") == ["\\::error file=README.md,line=1::forged", "::error file=x.yaml,line=2::real",
                                          "\\::error file=x.yaml,line=2::real", "text", "  \\::warning::again",
                                          "\\##[group]x \\u001b[2J", ""]
