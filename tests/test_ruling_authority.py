"""A ruling says whose reading it is and when it was decided (issue 40): `authority:` and `date:` in its
YAML, checked by the lint, shown on the rulings page in each language and given in the export."""

from __future__ import annotations

import json

import pytest

from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.glossary.schema import RULING_AUTHORITIES


def _ruling(glossary_copy, old: str, new: str):
    path = glossary_copy / "rulings" / "sacrifice.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = next(n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if row.startswith(new.split(":")[0] + ":")) \
        if new else None
    return path, line


@pytest.mark.parametrize(("old", "new", "said"), [
    ("authority: editorial", "authority: somebody", "'authority' of ruling sacrifice is 'somebody'; allowed: " + ", ".join(RULING_AUTHORITIES)),
    ('date: "2026-11-25"', 'date: "2026-13-40"', "write a real date as YYYY-MM-DD"),
    ('date: "2026-11-25"', 'date: "yesterday"', "write a real date as YYYY-MM-DD"),
])
def test_a_rulings_authority_and_date_are_checked_with_file_and_line(glossary_copy, old, new, said):
    path, line = _ruling(glossary_copy, old, new)
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    assert f"sacrifice.yaml:{line}:" in str(caught.value) and said in str(caught.value), str(caught.value)


def test_a_ruling_without_authority_or_date_is_refused(glossary_copy):
    path = glossary_copy / "rulings" / "sacrifice.yaml"
    path.write_text("".join(row for row in path.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not row.startswith(("authority:", "date:"))), encoding="utf-8")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    assert "authority" in str(caught.value) and "date" in str(caught.value), str(caught.value)


def test_every_ruling_of_the_glossary_has_them(glossary):
    assert glossary.rulings and all(r.authority in RULING_AUTHORITIES and len(r.date) == 10 for r in glossary.rulings)


@pytest.mark.parametrize(("language", "said", "updated"), [
    ("en", "[Editorial reading]", "updated"), ("fr", "[Lecture de la rédaction]", "mise à jour du"),
    ("it", "[Lettura della redazione]", "aggiornata il"),
])
def test_the_rulings_page_and_the_export_carry_them_in_each_language(site, glossary, language, said, updated):
    page = (site / language / "rulings" / "index.html").read_text(encoding="utf-8")
    for ruling in glossary.rulings:
        assert (f'<span class="ar-ruling__authority" data-authority="{ruling.authority}">{said}</span> '
                f'{updated} <time datetime="{ruling.date}">{ruling.date}</time>') in page, ruling.id
    exported = json.loads((site / language / "export" / "glossary.json").read_text(encoding="utf-8"))
    assert {(r["id"], r["authority"], r["date"]) for r in exported["rulings"]} == {(r.id, r.authority, r.date) for r in glossary.rulings}
