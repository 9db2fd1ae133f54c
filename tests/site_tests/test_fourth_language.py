"""A fourth language from the one declaration (altered_rules/languages.py) plus its content files.

The project is copied, one line is added to the declaration (German, its words analysed by the
search as English), and the content files a translator adds are generated: the pages (docs/de/,
the English ones), the MkDocs configuration (mkdocs.de.yml, the French one's), the interface
strings (strings/de.yaml, each English string marked "[de]") and the termbase's German forms.
The whole site is then built, as `make site` does, and the German site checked end to end. A
module that names the languages itself, instead of reading the declaration, fails here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from altered_rules.content.glossary.model import english_hash
from altered_rules.languages import DECLARED, Language
from engine.catalogue import ENGLISH

from project_paths import PROJECT

GERMAN = '    Language("de", "German", "Deutsch", ("„", "“"), "mkdocs.de.yml", search="en"),\n'
MARK = " [de]"


def _german_project(root: Path) -> Path:
    """A copy of the project with German declared and its content files generated."""
    for name in ("glossary", "docs", "plugins", "engine"):
        shutil.copytree(PROJECT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for path in [*PROJECT.glob("mkdocs*.yml"), PROJECT / "package.json"]:
        shutil.copy(path, root / path.name)
    (root / "node_modules").symlink_to(PROJECT / "node_modules")  # Pyodide, for the sandbox's runtime
    # The one declaration: a line after the last language.
    declaration = root / "plugins" / "altered_rules" / "languages.py"
    text = declaration.read_text(encoding="utf-8")
    last = next(line for line in text.splitlines(keepends=True) if line.startswith(f'    Language("{DECLARED[-1].code}"'))
    declaration.write_text(text.replace(last, last + GERMAN), encoding="utf-8")
    # The content files.
    shutil.copytree(root / "docs" / "en", root / "docs" / "de")
    french = (PROJECT / "mkdocs.fr.yml").read_text(encoding="utf-8")
    (root / "mkdocs.de.yml").write_text(re.sub(r"\bfr\b", "de", french), encoding="utf-8")
    english = yaml.safe_load((PROJECT / "plugins" / "altered_rules" / "strings" / "en.yaml").read_text(encoding="utf-8"))["strings"]
    lines = ["strings:"] + [f"  {key}: {json.dumps(text + MARK, ensure_ascii=False)}  # from {english_hash(text)}"
                            for key, text in english.items()]
    (root / "plugins" / "altered_rules" / "strings" / "de.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    termbase = root / "glossary" / "termbase.yaml"
    entries = yaml.safe_load(termbase.read_text(encoding="utf-8"))
    for entry in entries:
        entry["de"] = {"term": f"{entry['en']}{MARK}", "gender": "m"}
    termbase.write_text(yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")
    # The engine's sentences (strings/engine/de.yaml), each English one marked, as the interface strings.
    messages = [f"  {json.dumps(key)}: {json.dumps(text + MARK, ensure_ascii=False)}  # from {english_hash(text)}"
                for key, text in ENGLISH.items()]
    (root / "plugins" / "altered_rules" / "strings" / "engine" / "de.yaml").write_text(
        "strings:\n" + "\n".join(messages) + "\n", encoding="utf-8")
    # Other games' words in German (glossary/jargon.yaml): none of their own yet, as a new language starts.
    jargon = root / "glossary" / "jargon.yaml"
    if jargon.is_file():
        text = jargon.read_text(encoding="utf-8")
        # After each entry's own `it:` words (two spaces in; a note's `it:` is deeper).
        jargon.write_text(re.sub(r"^  it: .*$", lambda m: m.group(0) + "\n  de: []", text, flags=re.M), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def german_site(tmp_path_factory) -> Path:
    root = _german_project(tmp_path_factory.mktemp("fourth-language"))
    # The copy's plugin and engine, not this checkout's: they come first on the path.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "plugins"), str(root)])}
    done = subprocess.run([sys.executable, "-m", "altered_rules.build_site"], cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "build_site: de: mkdocs build" in done.stdout, "the build did not build the declared fourth language"
    return root / "site"


def test_the_fourth_language_is_built_with_its_own_pages_and_strings(german_site: Path) -> None:
    home = (german_site / "de" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in home
    english_home = (german_site / "en" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./de/"[^>]*hreflang="de"[^>]*>\s*Deutsch', english_home), "the language selector misses German"
    chapter = (german_site / "de" / "rules" / "chapter-4" / "index.html").read_text(encoding="utf-8")
    # The interface in German (the generated strings), the rules' text in English and said so.
    assert f"Open in the sandbox{MARK}" in chapter
    assert f'class="ar-rule ar-untranslated" lang="en" data-untranslated="English{MARK}"' in chapter


def test_the_fourth_language_quotes_finds_keywords_and_searches_as_declared(german_site: Path) -> None:
    rulings = (german_site / "de" / "rulings" / "index.html").read_text(encoding="utf-8")
    assert re.search("„[^“<]+“", rulings), "a ruling's quotation is not in the declared quotation marks"
    keywords = (german_site / "de" / "keywords" / "index.html").read_text(encoding="utf-8")
    assert f"Gigantic{MARK}" in keywords   # the keyword's form from the termbase's German
    index = json.loads((german_site / "de" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["altered"]["language"] == "de"
    assert index["config"]["altered"]["analysis"] == "en"   # the declared search analysis
    for language in ("en", "fr", "it"):   # the others analyse their own words, as before
        other = json.loads((german_site / language / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert "analysis" not in other["config"]["altered"]


def test_the_fourth_language_is_in_the_export_and_its_schema(german_site: Path) -> None:
    data = json.loads((german_site / "de" / "export" / "glossary.json").read_text(encoding="utf-8"))
    schema = json.loads((german_site / "de" / "export" / "glossary.schema.json").read_text(encoding="utf-8"))
    assert data["language"] == "de" and "de" in schema["properties"]["language"]["enum"]
    character = next(t for t in data["termbase"] if t["id"] == "character")
    assert character["de"] == f"Character{MARK}" and character["fr"] == "Personnage"
    assert (german_site / "de" / "sandbox" / "index.html").is_file()


def test_a_language_takes_its_plural_rule_from_babel() -> None:
    from babel.messages.plurals import get_plural

    assert Language("de", "German", "Deutsch", ("„", "“"), "mkdocs.de.yml").plural_forms == get_plural("de").plural_forms
    assert {language.code: language.plural_forms for language in DECLARED}["fr"] == "nplurals=2; plural=(n > 1);"
