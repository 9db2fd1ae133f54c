"""Renumbering edits made by hand on a *copy* of the glossary, as an editor would make them
(tests only): every occurrence of the old numbers is rewritten at once in every YAML file."""

from __future__ import annotations

import re
from pathlib import Path

REFERENCE = re.compile(r"(?<![\w./-])([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?(?:\.[a-z])?)(?![\w/]|\.[0-9])")

INSERTED = """- id: 4.2.4.c
  text:
    en: FIXTURE paragraph inserted after 4.2.4.b; not rules text.
    fr: Paragraphe FIXTURE inséré après 4.2.4.b ; pas un texte de règles.
    it: Paragrafo FIXTURE inserito dopo 4.2.4.b; non è testo delle regole.
  sources: [editorial]
"""


def rename_everywhere(root: Path, renames: dict[str, str]) -> None:
    """Rewrites every rule number `renames` names, in every YAML file of the glossary copy, at once."""
    for path in sorted(root.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        new = REFERENCE.sub(lambda m: renames.get(m.group(1), m.group(1)), text)
        if new != text:
            path.write_text(new, encoding="utf-8")


def shift_4_2_4(root: Path) -> dict[str, str]:
    """The hand edit of issue 30: 4.2.4.c..h become d..i everywhere, a paragraph is inserted as
    4.2.4.c, and 4.2.4.e (was d) is slightly reworded in English only. Returns old -> new."""
    renames = {f"4.2.4.{a}": f"4.2.4.{b}" for a, b in zip("cdefgh", "defghi")}
    rename_everywhere(root, renames)
    section = root / "rules" / "4" / "4.2.4.yaml"
    text = section.read_text(encoding="utf-8")
    text = text.replace("- id: 4.2.4.d\n", INSERTED + "- id: 4.2.4.d\n", 1)
    reworded = text.replace("A statistic of 0 is not sufficient to advance, even if", "A statistic of 0 is never sufficient to advance, even if", 1)
    assert reworded != text, "fixture: the text of 4.2.4.d (now e) was not found"
    section.write_text(reworded, encoding="utf-8")
    return renames


def _cut(path: Path, pid: str) -> str:
    """Removes paragraph `pid`'s block from its section file and returns it."""
    from release_fixtures import _block

    lines = path.read_text(encoding="utf-8").split("\n")
    start, end, _ = _block(lines, pid)
    path.write_text("\n".join(lines[:start] + lines[end:]), encoding="utf-8")
    return "\n".join(lines[start:end]).rstrip("\n") + "\n"


def reorganise(root: Path) -> dict[str, str]:
    """A renumbering release as editors make one, on a glossary copy: the 4.2.4 insert-and-shift
    above (one shifted rule reworded); section 3.2.4 split (its d and e become 3.2.5.a and b, in a
    new section 3.2.5); 6.4.g moved to section 6.3 as 6.3.g and reworded. Returns old -> new."""
    renames = shift_4_2_4(root)
    # split 3.2.4: d, e -> the new section 3.2.5
    section = root / "rules" / "3" / "3.2.4.yaml"
    blocks = _cut(section, "3.2.4.d") + _cut(section, "3.2.4.e")
    (root / "rules" / "3" / "3.2.5.yaml").write_text(
        "# Section 3.2.5 (FIXTURE: split from 3.2.4).\nid: 3.2.5\ntitle:\n  en: FIXTURE Expeditions\n"
        "  fr: FIXTURE Expéditions\n  it: FIXTURE Spedizioni\nsources: [editorial]\nparagraphs:\n" + blocks, encoding="utf-8")
    split = {"3.2.4.d": "3.2.5.a", "3.2.4.e": "3.2.5.b"}
    # move 6.4.g to 6.3 as 6.3.g, reworded
    block = _cut(root / "rules" / "6" / "6.4.yaml", "6.4.g")
    block = block.replace("If a player declines to pay", "When a player declines to pay", 1)
    target = root / "rules" / "6" / "6.3.yaml"
    target.write_text(target.read_text(encoding="utf-8").rstrip("\n") + "\n" + block, encoding="utf-8")
    moved = {"6.4.g": "6.3.g"}
    rename_everywhere(root, {**split, **moved})
    return {**renames, **split, **moved}
