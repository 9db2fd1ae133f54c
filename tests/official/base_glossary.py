"""A seed-era glossary of the invented game Lanternfall, written from scratch for the import's
tests: a community capture with translations, scenarios, a lost ending and a rule the official
text no longer has. `write_base(folder)` returns the glossary folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from altered_rules.content.glossary.model import english_hash

PROJECT = Path(__file__).resolve().parents[2]


def _text(en: str, fr: str, it: str, stamp: str | None = None) -> str:
    return f"{{en: {en!r}, fr: {fr!r}, it: {it!r}, from: {stamp or english_hash(en)}}}".replace("'", '"')


DUSK = """  - caption: {en: "A keeper whose lamps are gone loses.", fr: "Un gardien sans lampe perd.", it: "Un custode senza lampade perde.", from: %s}
    name: Nobody moves forward with nothing
    rules: [%s]
    given:
      players: [Alice, Bob]
    when: dusk
    then:
      Alice.hero.region: 0
      Bob.companion.region: 7
      winner: none
"""


def write_base(folder: Path) -> Path:
    root = folder / "glossary"
    (root / "rules" / "1").mkdir(parents=True)
    (root / "rules" / "2").mkdir(parents=True)
    (root / "terms").mkdir()
    shutil.copy(PROJECT / "glossary" / "symbols.yaml", root / "symbols.yaml")
    (root / "termbase.yaml").write_text("- {id: keeper, kind: game, en: Keeper, fr: {term: Gardien, gender: m}, "
                                         "it: {term: Custode, gender: m}, seen: editorial}\n", encoding="utf-8")
    (root / "sources.yaml").write_text(
        f"- id: seed-000\n  title: {_text('Seed 000', 'Seed 000', 'Seed 000')}\n"
        f"  description: {_text('A community capture.', 'Une capture de la communauté.', 'Una cattura della comunità.')}\n"
        f"- id: editorial\n  title: {_text('Editors', 'Rédaction', 'Redazione')}\n"
        f"  description: {_text('The editors.', 'La rédaction.', 'La redazione.')}\n", encoding="utf-8")
    (root / "chapters.yaml").write_text(
        f"- {{number: 1, title: {_text('Basics', 'Les bases', 'Le basi')}, title_editorial: true}}\n"
        f"- {{number: 2, title: {_text('Light', 'La lumière', 'La luce')}, title_editorial: true}}\n", encoding="utf-8")
    (root / "external-rules.yaml").write_text(
        f"- id: '3.1'\n  title: {_text('Lamp Costs', 'Coûts des lampes', 'Costi delle lampade')}\n", encoding="utf-8")
    old_english = "Lanterns advance past the region"
    (root / "rules" / "1" / "1.2.yaml").write_text(f"""id: '1.2'
title: {_text('Keepers', 'Gardiens', 'Custodi')}
sources: [seed-000]
paragraphs:
- id: 1.2.a
  text: {_text('A keeper is a player. Each keeper owns one satchel and one cellar.', 'Un gardien est un joueur. Chaque gardien possède une besace et une cave.', 'Un custode è un giocatore. Ogni custode possiede una bisaccia e una cantina.')}
  sources: [seed-000]
- id: 1.2.b
  text: {_text('A keeper with no lamp left in play loses the game.', 'Un gardien qui n’a plus de lampe en jeu perd la partie.', 'Un custode senza più lampade in gioco perde la partita.')}
  sources: [seed-000]
  scenarios:
{DUSK % (english_hash('A keeper whose lamps are gone loses.'), '1.2.b')}- id: 1.2.c
  text: {_text(old_english, 'Les lanternes avancent au-delà de la région', 'Le lanterne avanzano oltre la regione')}
  gap: {_text('The end of the rule is lost.', 'La fin de la règle est perdue.', 'La fine della regola è perduta.')}
  sources: [seed-000]
""", encoding="utf-8")
    (root / "rules" / "2" / "2.5.yaml").write_text(f"""id: '2.5'
title: {_text('Old Embers', 'Vieilles braises', 'Vecchie braci')}
sources: [seed-000]
paragraphs:
- id: 2.5.a
  text: {_text('An ember glows for one round after its lamp goes out.', 'Une braise rougeoie un tour après l’extinction de sa lampe.', 'Una brace arde per un turno dopo lo spegnimento della sua lampada.')}
  sources: [seed-000]
  scenarios:
{DUSK % (english_hash('A keeper whose lamps are gone loses.'), '2.5.a')}""", encoding="utf-8")
    (root / "terms" / "keeper.yaml").write_text(
        f"id: keeper\ntitle: {_text('Keeper', 'Gardien', 'Custode')}\n"
        f"text: {_text('A player of Lanternfall.', 'Un joueur de Lanternfall.', 'Un giocatore di Lanternfall.')}\nsources: [seed-000]\n"
        "see: [1.2.c]\n",
        encoding="utf-8")
    return root
