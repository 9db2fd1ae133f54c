"""The machine-readable export: valid against its own schema, complete, in each language."""

from __future__ import annotations

import json

import jsonschema
import pytest

from altered_rules.site_assets.export import FORMAT_VERSION, SCHEMA, export_glossary


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_published_export_is_valid_against_the_published_schema(site, language):
    data = json.loads((site / language / "export/glossary.json").read_text(encoding="utf-8"))
    schema = json.loads((site / language / "export/glossary.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    assert data["language"] == language and data["format_version"] == FORMAT_VERSION


def test_the_export_holds_every_paragraph_in_its_language(glossary):
    data = export_glossary(glossary, "it", None)
    paragraphs = {p["id"]: p for c in data["chapters"] for s in c["sections"] for p in s["paragraphs"]}
    assert set(paragraphs) == set(glossary.paragraphs)
    assert paragraphs["4.2.4.c"]["text"] == glossary.paragraphs["4.2.4.c"].text.get("it")
    assert paragraphs["4.2.4.c"]["permalink"] == "rules/chapter-4/#4.2.4.c"


def test_the_schema_rejects_what_it_does_not_describe(glossary):
    data = export_glossary(glossary, "en", None)
    data["chapters"][0]["sections"][0]["paragraphs"][0]["surprise"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)


def test_the_content_hash_follows_the_content(glossary):
    before = export_glossary(glossary, "en", None)["content_hash"]
    paragraph = glossary.paragraphs["4.2.4.c"]
    original = paragraph.text
    try:
        from altered_rules.content.glossary.model import Text
        paragraph.text = Text({**original.by_language, "en": original.en + " (changed)"})
        after = export_glossary(glossary, "en", None)["content_hash"]
    finally:
        paragraph.text = original
    assert before != after
