"""The machine-readable export: valid against its own schema, complete, in each language."""

from __future__ import annotations

import json

import jsonschema
import pytest

from altered_rules.pages.versions import ReleaseStamp
from altered_rules.site_assets.export import (FORMAT_VERSION, SCHEMA, IndentedPieces, content_hash, export_files,
                                              export_glossary, indented_json, sorted_json)


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_published_export_is_valid_against_the_published_schema(site, language):
    data = json.loads((site / language / "export/glossary.json").read_text(encoding="utf-8"))
    schema = json.loads((site / language / "export/glossary.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    assert data["language"] == language and data["format_version"] == FORMAT_VERSION
    # Which release it is, as the site's footer says (glossary/releases.yaml).
    # (unreleased_changes says whether the glossary's texts changed since; the translation fixes of
    # issue 25 are such changes until the next release is recorded.)
    assert {k: v for k, v in data["release"].items() if k != "unreleased_changes"} == {"version": "2026.1", "date": "2026-11-25"}
    assert isinstance(data["release"]["unreleased_changes"], bool)


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_published_site_has_its_releases_and_their_diffs_as_data(site, language):
    """export/releases.json and each release's diff, valid against the schemas published beside
    them, and each entry's `changed_in` one of those releases (issue 41)."""
    export = site / language / "export"
    releases = json.loads((export / "releases.json").read_text(encoding="utf-8"))
    jsonschema.validate(releases, json.loads((export / releases["$schema"]).read_text(encoding="utf-8")),
                        cls=jsonschema.Draft202012Validator)
    versions = [r["version"] for r in releases["releases"]]
    assert releases["language"] == language and versions[0] == "2026.1" and releases["latest"] == versions[-1]
    for release in releases["releases"]:
        diff = json.loads((export / release["diff"]).read_text(encoding="utf-8"))
        jsonschema.validate(diff, json.loads(((export / release["diff"]).parent / diff["$schema"]).read_text(encoding="utf-8")),
                            cls=jsonschema.Draft202012Validator)
        assert diff["to"] == release["version"] and diff["count"] == release["count"]
    data = json.loads((export / "glossary.json").read_text(encoding="utf-8"))
    changed_in = {p["changed_in"] for c in data["chapters"] for s in c["sections"] for p in s["paragraphs"]}
    assert changed_in <= {*versions, None} and "2026.1" in changed_in


def test_the_export_is_written_as_the_json_module_writes_it(glossary):
    """indented_json is json.dumps(..., ensure_ascii=False, indent=1) made faster: the same text for
    the export, its schema and every kind of value (a published file must not change with it)."""
    odd = {"empty": [], "none": {}, "nested": [[[]], {"": ""}], 1: "int key", None: "null key", 2.5: (1, 2),
           "numbers": [0, -7, 2.5, -0.0, 1e300, float("nan"), float("inf")], "flags": [True, False, None],
           "text": "é \u2028 \n \t \" \\ \x01 </script> 🂡"}
    for value in (export_glossary(glossary, "fr", None), SCHEMA, odd, [], {}, "x", 3, None):
        assert indented_json(value) == json.dumps(value, ensure_ascii=False, indent=1)
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        indented_json({"a": {1}})


def test_the_written_export_is_its_data_as_the_json_module_writes_it_in_every_language(glossary):
    """export_files writes the verified traces from pieces made once for the three languages (all
    of a trace but its lines' texts, export._verified_text): the file is still export_glossary's
    data as json.dumps writes it, content hash included, and each language's texts are its own."""
    from altered_rules.pages.render import Renderer
    from altered_rules.site_assets.export import export_files
    from altered_rules.verification.checks import verify_glossary_once

    verification = verify_glossary_once(glossary)
    written = {}
    for language in ("en", "fr", "it", "en"):   # English again: from the pieces the others left
        renderer = Renderer(glossary, language, verification)
        data = export_glossary(glossary, language, verification, ReleaseStamp("2026.2", "2026-12-01", False), renderer)
        text = export_files(glossary, language, verification, ReleaseStamp("2026.2", "2026-12-01", False),
                            renderer)["export/glossary.json"]
        assert text == json.dumps(data, ensure_ascii=False, indent=1) + "\n", language
        assert len(data["verified"]) > 300 and written.setdefault(language, text) == text
    assert json.loads(written["fr"])["verified"][0]["trace"][0]["text"] != json.loads(written["en"])["verified"][0]["trace"][0]["text"]
    assert all(c.made.get("export") for c in verification.checks if c.passed)   # made once, kept with the check
    none = export_files(glossary, "it", None)["export/glossary.json"]
    assert none == json.dumps(export_glossary(glossary, "it", None), ensure_ascii=False, indent=1) + "\n"
    assert json.loads(none)["verified"] == []


def test_a_serve_sessions_kept_pieces_follow_every_edit_and_write_the_same_text(glossary):
    """A serve session keeps the export's indented pieces (IndentedPieces): the text is the json
    module's whatever was kept, an edited rule is indented again, and the rest is taken as kept."""
    import copy

    pieces = IndentedPieces()
    data = export_glossary(glossary, "en", None)
    assert indented_json(data, pieces) == json.dumps(data, ensure_ascii=False, indent=1)
    first = pieces.indented
    assert first > 100
    assert indented_json(data, pieces) == json.dumps(data, ensure_ascii=False, indent=1)
    assert pieces.indented == first   # nothing changed: nothing indented again
    edited = copy.deepcopy(data)
    paragraph = edited["chapters"][3]["sections"][1]["paragraphs"][0]
    paragraph["text"] += " Exportmarker"
    text = indented_json(edited, pieces)
    assert "Exportmarker" in text and text == json.dumps(edited, ensure_ascii=False, indent=1)
    assert pieces.indented == first + 3   # its chapter, section and paragraph
    odd = {"a": [{1: "x"}, {"1": "x"}, [None, 2.5, -0.0]], "b": [[{"": []}]]}
    assert indented_json(odd, pieces) == json.dumps(odd, ensure_ascii=False, indent=1)


def test_a_serve_sessions_content_hash_follows_every_edit(glossary):
    """The content hash from kept pieces (sorted keys) is the hash of json.dumps(sort_keys=True):
    the same text for the export and odd values, an edited rule written again, the rest kept."""
    import copy

    pieces = IndentedPieces()
    data = export_glossary(glossary, "en", None)
    body = {key: value for key, value in data.items() if key in ("chapters", "terms", "cards", "rulings", "verified")}
    assert sorted_json(body, pieces) == json.dumps(body, sort_keys=True, ensure_ascii=False)
    first = pieces.sorted
    assert first > 100 and sorted_json(body, pieces) == json.dumps(body, sort_keys=True, ensure_ascii=False)
    assert pieces.sorted == first
    edited = copy.deepcopy(body)
    edited["chapters"][3]["sections"][1]["paragraphs"][0]["text"] += " Hashmarker"
    assert content_hash(edited, pieces=pieces) == content_hash(edited) != content_hash(body)
    assert pieces.sorted == first + 3   # its chapter, section and paragraph
    odd = {"b": [{"z": 1, "a": [{"y": None, "x": 2.5}]}, {1: "int key", 0: -0.0}], "a": "é \u2028 </script>"}
    assert sorted_json(odd, pieces) == json.dumps(odd, sort_keys=True, ensure_ascii=False)
    # A whole export written in a session: the text a build that keeps nothing writes, twice.
    for _ in range(2):
        assert export_files(glossary, "fr", None, pieces=pieces) == export_files(glossary, "fr", None)


def test_the_release_of_the_export_is_checked_by_the_schema(glossary):
    stamped = export_glossary(glossary, "en", None, ReleaseStamp("2026.2", "2026-12-01", True))
    assert stamped["release"] == {"version": "2026.2", "date": "2026-12-01", "unreleased_changes": True}
    jsonschema.validate(stamped, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert export_glossary(glossary, "en", None)["release"] is None   # before the first release
    jsonschema.validate(export_glossary(glossary, "en", None), SCHEMA, cls=jsonschema.Draft202012Validator)
    for wrong in ({"version": "v2/../x", "date": "2026-12-01", "unreleased_changes": True},
                  {"version": "2026.2", "date": "2026-12-01"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**stamped, "release": wrong}, SCHEMA, cls=jsonschema.Draft202012Validator)


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


def test_each_translated_entry_says_whether_it_is_stale(glossary):
    """`stale` follows the English the translation was made from (issue 18): a paragraph, a note, a
    ruling and a deck rule whose English changed are stale in French and Italian, never in English,
    and nothing else is."""
    import dataclasses
    from altered_rules.content.glossary.model import Text

    def changed(text: Text) -> Text:
        return Text({**text.by_language, "en": text.en + " (changed)"}, text.translated_from)

    paragraph, note = glossary.paragraphs["4.2.4.c"], glossary.paragraphs["2.1.c"].notes[0]
    ruling = next(r for r in glossary.rulings if r.id == "sacrifice")
    mode = next(m for m in glossary.modes if m.deck_rules)
    originals = (paragraph.text, note.text, ruling.why, mode.deck_rules[0])
    try:
        paragraph.text, note.text, ruling.why = changed(paragraph.text), changed(note.text), changed(ruling.why)
        mode.deck_rules[0] = dataclasses.replace(mode.deck_rules[0], text=changed(mode.deck_rules[0].text))
        for language in ("en", "fr", "it"):
            data = export_glossary(glossary, language, None)
            jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
            paragraphs = {p["id"]: p for c in data["chapters"] for s in c["sections"] for p in s["paragraphs"]}
            rulings = {r["id"]: r for r in data["rulings"]}
            deck_rules = {r["id"]: r for m in data["game_modes"] if m["deck"] for r in m["deck"]["rules"]}
            stale = language != "en"
            assert paragraphs["4.2.4.c"]["stale"] is stale and paragraphs["2.1.c"]["notes"][0]["stale"] is stale
            assert rulings["sacrifice"]["stale"] is stale and deck_rules[mode.deck_rules[0].id]["stale"] is stale
            assert not paragraphs["4.2.4.b"]["stale"] and not rulings["multiplayer-finish"]["stale"]
            assert sum(p["stale"] for p in paragraphs.values()) == int(stale)
    finally:
        paragraph.text, note.text, ruling.why, mode.deck_rules[0] = originals


def test_the_export_carries_the_engines_messages_with_their_ids_and_parameters(glossary):
    from altered_rules.verification.checks import verify_glossary_once

    data = export_glossary(glossary, "fr", verify_glossary_once(glossary))
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert len(data["verified"]) > 300
    lines = [line for check in data["verified"] for line in check["trace"]]
    assert all(line["message"] is not None for line in lines)
    fails = next(line for line in lines if line["message"]["id"] == "dusk.fails_to_move")
    expedition = fails["message"]["params"]["expedition"]
    assert expedition["type"] == "message" and expedition["value"]["id"] == "place.expedition"
    assert {p["type"] for p in expedition["value"]["params"].values()} == {"player", "term"}
    assert fails["text"].startswith("L'Expédition ") and fails["text"].endswith("échoue à avancer")
    with pytest.raises(jsonschema.ValidationError):
        broken = json.loads(json.dumps(data))
        broken["verified"][0]["trace"][0]["message"]["params"] = {"x": {"type": "sentence", "value": "Alice wins"}}
        jsonschema.validate(broken, SCHEMA, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("language,label", [("fr", "Ce qu'a fait le moteur"), ("it", "Che cosa ha fatto il motore")])
def test_the_translated_sites_show_the_engines_traces_in_their_language(site, language, label):
    import html

    page = (site / language / "rules/chapter-4/index.html").read_text(encoding="utf-8")
    assert page.count('<ul class="ar-trace" lang="en">') == 0
    assert page.count(f'<ul class="ar-trace" lang="{language}">') > 10
    assert label in html.unescape(page) and "(en anglais)" not in page and "(in inglese)" not in page
    import re

    traces = " ".join(re.findall(r'<ul class="ar-trace" lang="[a-z]+">(.*?)</ul>', page, re.S))
    traces = re.sub(r"[a-z]+(-[a-z]+)+", "", traces)   # ruling ids (opposing-expeditions) are identifiers
    assert traces and "does not advance" not in traces and "moves forward" not in traces and "expedition" not in traces
