"""The schema's section `body:` (a heading's own text, no letter): read, and refused when wrong
with the file, the line and what is allowed."""

from __future__ import annotations

import pytest

from altered_rules.content.glossary import GlossaryError, load_glossary

from .base_glossary import write_base


def _with_body(tmp_path, body: str):
    root = write_base(tmp_path)
    path = root / "rules" / "1" / "1.2.yaml"
    text = path.read_text(encoding="utf-8").replace("sources: [seed-000]\nparagraphs:", f"sources: [seed-000]\n{body}paragraphs:", 1)
    path.write_text(text, encoding="utf-8")
    return root, path


def test_a_body_is_read(tmp_path):
    root, _ = _with_body(tmp_path, "body:\n  text: {en: Keepers keep lamps.}\n  list: unordered\n  items: [{en: One.}, {en: Two.}]\n"
                                   "  notes: [{kind: remark, text: {en: Not a rule.}}]\n")
    body = load_glossary(root).sections["1.2"].body
    assert body.text.en == "Keepers keep lamps." and [i.en for i in body.items] == ["One.", "Two."]
    assert body.notes[0].anchor == "1.2-remark-1"


@pytest.mark.parametrize(("body", "message"), [
    ("body:\n  letter: a\n", "unknown key 'letter'"),
    ("body:\n  items: [{en: One.}]\n", "'list' (ordered or unordered) and 'items' go together"),
    ("body: {}\n", "is empty; give it text, items or notes, or remove it"),
])
def test_a_wrong_body_is_refused_with_its_line(tmp_path, body, message):
    root, path = _with_body(tmp_path, body)
    with pytest.raises(GlossaryError) as caught:
        load_glossary(root)
    assert any(str(path) in str(e) and message in str(e) for e in caught.value.errors), caught.value
