"""A synthetic imported glossary: the seed glossary plus six sections of an invented official
document (written from scratch for these tests, in the Complete Rules' layout: a heading body, lettered
rules), each rule declaring with `decides:` the question it answers where the seeds are silent
(engine.decisions). `write_decided(folder)` returns the glossary folder.

DECIDED holds each rule's scenarios by name: the tests run the same scenario without the
decisions and check that the engine still refuses or enumerates, as on the seed glossary.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

import engine
from altered_rules.content.glossary.model import english_hash
from engine.decisions import Question

PROJECT = Path(__file__).resolve().parents[2]
SOURCE = "syn-3.0"


def _text(en: str, fr: str, it: str) -> dict[str, str]:
    return {"en": en, "fr": fr, "it": it, "from": english_hash(en)}


_FOREST = ["hero"] + [{"types": ["forest"]}] * 6 + ["companion"]

BOOST_AT_DUSK: dict[str, Any] = {
    "caption": _text("Ordis Recruit, 2/0/0 with one boost, has 3 forest against Kelon Elemental's 2: its expedition moves forward.",
                     "Ordis Recruit, 2/0/0 avec un boost, a 3 en forêt contre 2 pour Kelon Elemental\u00a0: son Expédition avance.",
                     "Ordis Recruit, 2/0/0 con un rinforzo, ha 3 foresta contro i 2 di Kelon Elemental: la sua spedizione avanza."),
    "name": "A boosted character adds its boost to each statistic at Dusk",
    "rules": ["2.5.1.b", "4.2.4.b"],
    "given": {"players": ["Alice", "Bob"], "adventure": _FOREST,
              "Alice": {"hero": {"characters": [{"name": "Ordis Recruit", "stats": "2/0/0", "boosts": 1}]}},
              "Bob": {"hero": {"characters": ["Kelon Elemental 2/0/0"]}}},
    "when": "dusk",
    "then": {"Alice.hero.statistics": "3/1/1", "Alice.hero.region": 1, "Bob.hero.region": 0},
}

ASLEEP_AT_DUSK: dict[str, Any] = {
    "caption": _text("Coppélia is Asleep: only Kuwat's 1 forest counts, and Kelon Elemental's 2 wins the hero race.",
                     "Coppélia est Endormie\u00a0: seul le 1 en forêt de Kuwat compte, et le 2 de Kelon Elemental l'emporte.",
                     "Coppélia è Dormiente: conta solo l'1 foresta di Kuwat, e il 2 di Kelon Elemental vince."),
    "name": "An Asleep character's statistics are left out at Dusk",
    "rules": ["2.4.1.a", "4.2.4.b"],
    "given": {"players": ["Alice", "Bob"], "adventure": _FOREST,
              "Alice": {"hero": {"characters": [{"name": "Coppélia", "stats": "3/0/0", "statuses": ["Asleep"]}, "Kuwat 1/0/0"]}},
              "Bob": {"hero": {"characters": ["Kelon Elemental 2/0/0"]}}},
    "when": "dusk",
    "then": {"Alice.hero.statistics": "1/0/0", "Alice.hero.region": 0, "Bob.hero.region": 1},
}

FLEETING_TO_RESERVE: dict[str, Any] = {
    "caption": _text("Kuwat is Fleeting: put from its expedition in the Reserve, it goes to the Discard pile instead.",
                     "Kuwat est Fugace\u00a0: mis de son Expédition dans la Réserve, il va dans la défausse à la place.",
                     "Kuwat ha Fugace: messo dalla sua spedizione nella Riserva, va invece nella pila degli scarti."),
    "name": "A Fleeting character that would go to the Reserve is discarded",
    "rules": ["2.4.6.b"],
    "given": {"players": ["Alice", "Bob"],
              "Alice": {"hero": {"characters": [{"name": "Kuwat", "stats": "1/1/1", "statuses": ["Fleeting"]}]}}},
    "when": {"put": "Alice.hero.Kuwat", "in": "reserve"},
    "then": {"Alice.discard": ["Kuwat"], "Alice.reserve": 0},
}

MANA_SHORT: dict[str, Any] = {
    "caption": _text("Alice has two ready Mana Orbs: Kuwat's Hand cost of 3 cannot be paid, so Kuwat stays in her Hand.",
                     "Alice a deux Orbes de Mana redressés\u00a0: le Coût de Main de 3 de Kuwat ne peut pas être payé, Kuwat reste dans sa Main.",
                     "Alice ha due sfere di mana ripristinate: il costo dalla Mano di 3 di Kuwat non si può pagare, e Kuwat resta nella sua Mano."),
    "name": "Two ready Mana Orbs cannot pay 3 Mana",
    "rules": ["3.2.9.a"],
    "given": {"players": ["Alice", "Bob"],
              "Alice": {"mana": 2, "hand": [{"name": "Kuwat", "stats": "1/1/1", "hand_cost": 3, "reserve_cost": 2}]}},
    "when": {"play": "Alice.hand.Kuwat", "to": "hero"},
    "then": {"Alice.hero.characters": 0, "Alice.hand": ["Kuwat"]},
}

MANA_TWICE: dict[str, Any] = {
    "caption": _text("Four ready Mana Orbs pay Kuwat's 3; the one left ready cannot pay Sprout's 2.",
                     "Quatre Orbes de Mana redressés paient les 3 de Kuwat\u00a0; celui qui reste redressé ne peut pas payer les 2 de Sprout.",
                     "Quattro sfere di mana ripristinate pagano i 3 di Kuwat; quella rimasta ripristinata non può pagare i 2 di Sprout."),
    "name": "The Mana Orbs a cost exhausted do not pay the next one",
    "rules": ["3.2.9.a"],
    "given": {"players": ["Alice", "Bob"],
              "Alice": {"mana": 4, "hand": [{"name": "Kuwat", "stats": "1/1/1", "hand_cost": 3, "reserve_cost": 2},
                                            {"name": "Sprout", "stats": "1/0/0", "hand_cost": 2, "reserve_cost": 1}]}},
    "when": [{"play": "Alice.hand.Kuwat", "to": "hero"}, {"pass": "Bob"}, {"play": "Alice.hand.Sprout", "to": "companion"}],
    "then": {"Alice.hero.characters": 1, "Alice.companion.characters": 0, "Alice.hand": ["Sprout"]},
}

TOKEN_IN_OPPONENTS: dict[str, Any] = {
    "caption": _text("Alice creates Brassbug in Bob's hero expedition: it is in Bob's expedition, so Bob controls it.",
                     "Alice crée Brassbug dans l'Expédition de héros de Bob : il est dans l'Expédition de Bob, donc Bob le contrôle.",
                     "Alice crea Brassbug nella spedizione dell'eroe di Bob: è nella spedizione di Bob, quindi lo controlla Bob."),
    "name": "A token created in an opponent's expedition is controlled by that opponent",
    "rules": ["7.5.9.a"],
    "given": {"players": ["Alice", "Bob"]},
    "when": {"effect": "Create a Brassbug 2/2/2 Robot token in target Expedition", "controller": "Alice", "target": "Bob.hero"},
    "then": {"Bob.hero.tokens": ["Brassbug 2/2/2 Robot"], "Bob.hero.Brassbug.controller": "Bob"},
}

DECIDED: dict[str, tuple[str, dict[str, Any]]] = {
    "boosted-statistics": ("2.5.1.b", BOOST_AT_DUSK),
    "asleep-statistics": ("2.4.3", ASLEEP_AT_DUSK),
    "fleeting-to-reserve": ("2.4.6.b", FLEETING_TO_RESERVE),
    "mana-payment": ("3.2.9.a", MANA_SHORT),
    "token-controller": ("7.5.9.a", TOKEN_IN_OPPONENTS),
}
"""Each question the synthetic document decides: the rule that decides it, and a scenario whose
outcome the decision gives (on the seed glossary the same scenario is refused or enumerated)."""
SCENARIOS = (BOOST_AT_DUSK, ASLEEP_AT_DUSK, FLEETING_TO_RESERVE, MANA_SHORT, MANA_TWICE, TOKEN_IN_OPPONENTS)


def scenario(data: dict[str, Any]) -> engine.Scenario:
    """A fixture scenario as the engine reads it (its caption is the glossary's, not the format's)."""
    body = {k: v for k, v in data.items() if k != "caption"}
    return engine.read_scenarios([body], source="decided_glossary.py")[0]


def followed(result: engine.ScenarioResult) -> list[tuple[str, ...]]:
    """The rules each "decision.follows" line of the trace cites: where the run followed a `decides:`."""
    return [line.rules for line in result.trace if line.message is not None and line.message.id == "decision.follows"]


def assert_each_followed(decisions: engine.Decisions) -> None:
    """Each DECIDED scenario whose question `decisions` answers passes, and its trace cites, once,
    the rule that decides it (the seed glossary refuses or enumerates every one of them)."""
    for key, (_, data) in DECIDED.items():
        if Question(key) not in decisions:
            continue
        result = engine.run_scenario(scenario(data), decisions=decisions)
        assert result.passed, (key, result.error, result.differences)
        assert followed(result) == [(decisions[Question(key)].rule,)], key


def _section(sid: str, title: dict[str, str], paragraphs: list[dict[str, Any]], body: dict[str, Any] | None = None) -> dict[str, Any]:
    section: dict[str, Any] = {"id": sid, "title": title, "sources": [SOURCE]}
    if body is not None:
        section["body"] = body
    section["paragraphs"] = paragraphs
    return section


def _rule(pid: str, text: dict[str, str], *, decides: dict[str, str] | None = None,
          scenarios: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    rule: dict[str, Any] = {"id": pid, "text": text, "sources": [SOURCE], "text_from": SOURCE, "was": "new"}
    if decides:
        rule["decides"] = decides
    if scenarios:
        rule["scenarios"] = list(scenarios)
    else:
        rule["no_scenario"] = {"reason": "definition"}
    return rule


SECTIONS: dict[str, dict[str, Any]] = {
    "2.4.1": _section("2.4.1", _text("Statuses", "Statuts", "Stati"), [
        _rule("2.4.1.a", _text("The statuses are Anchored, Asleep, Boosted, exhausted and Fleeting.",
                               "Les statuts sont Ancré, Endormi, Boosté, épuisé et Fugace.",
                               "Gli stati sono Ancorato, Dormiente, Rinforzato, consumato e Fugace."),
              scenarios=(ASLEEP_AT_DUSK,)),
    ]),
    # A heading with a body and no lettered rule, as 2.4.3 of the Complete Rules: the body decides.
    "2.4.3": _section("2.4.3", _text("Asleep", "Endormi", "Dormiente"), [], body={
        "text": _text("While Progress compares expeditions, an Asleep Character adds nothing to its expedition's statistics.",
                      "Quand la Progression compare les Expéditions, un Personnage Endormi n'ajoute rien aux statistiques de son Expédition.",
                      "Quando la Progressione confronta le spedizioni, un Personaggio Dormiente non aggiunge nulla alle statistiche della sua spedizione."),
        "decides": {"asleep-statistics": "its statistics are not counted in its expedition's"},
    }),
    "2.4.6": _section("2.4.6", _text("Fleeting", "Fugace", "Fugace"), [
        _rule("2.4.6.a", _text("A card played from the Reserve is Fleeting from the moment it enters Limbo.",
                               "Une carte jouée depuis la Réserve est Fugace dès qu'elle entre dans les Limbes.",
                               "Una carta giocata dalla Riserva ha Fugace dal momento in cui entra nel Limbo.")),
        _rule("2.4.6.b", _text("A Fleeting Character that would go from the Expedition zone to the Reserve goes to the Discard pile instead.",
                               "Un Personnage Fugace qui irait de la zone d'Expédition à la Réserve va dans la défausse à la place.",
                               "Un Personaggio con Fugace che andrebbe dalla zona spedizione alla Riserva va invece nella pila degli scarti."),
              decides={"fleeting-to-reserve": "it is discarded instead"}, scenarios=(FLEETING_TO_RESERVE,)),
    ]),
    "2.5.1": _section("2.5.1", _text("Boosts", "Boosts", "Rinforzi"), [
        _rule("2.5.1.a", _text("A boost is a counter.", "Un boost est un marqueur.", "Un rinforzo è un segnalino.")),
        _rule("2.5.1.b", _text("Each boost a Character has raises each of its statistics by 1.",
                               "Chaque boost d'un Personnage augmente chacune de ses statistiques de 1.",
                               "Ogni rinforzo di un Personaggio aumenta di 1 ciascuna delle sue statistiche."),
              decides={"boosted-statistics": "each boost adds 1 to each statistic"}, scenarios=(BOOST_AT_DUSK,)),
    ]),
    "3.2.9": _section("3.2.9", _text("Mana Zone", "Zone de Mana", "Area del mana"), [
        _rule("3.2.9.a", _text("A player pays each Mana of a cost by exhausting one of their ready Mana Orbs.",
                               "Un joueur paie chaque Mana d'un coût en épuisant un de ses Orbes de Mana redressés.",
                               "Un giocatore paga ogni mana di un costo consumando una delle sue sfere di mana ripristinate."),
              decides={"mana-payment": "each Mana is paid by exhausting one ready Mana Orb"}, scenarios=(MANA_SHORT, MANA_TWICE)),
    ]),
    # Control follows the zone (7.5.4.a of the Complete Rules 3.0): who controls a token created in
    # another player's expedition, which the seeds leave open, follows from it.
    "7.5.9": _section("7.5.9", _text("Control", "Contrôle", "Controllo"), [
        _rule("7.5.9.a", _text("Each player controls every object that is in their Expeditions.",
                               "Chaque joueur contrôle chaque objet qui se trouve dans ses Expéditions.",
                               "Ogni giocatore controlla ogni oggetto che si trova nelle sue spedizioni."),
              decides={"token-controller": "the expedition's player controls it"}, scenarios=(TOKEN_IN_OPPONENTS,)),
    ]),
}


def write_decided(folder: Path) -> Path:
    """The seed glossary copied to `folder`/glossary, with the synthetic document's source and sections."""
    root = folder / "glossary"
    shutil.copytree(PROJECT / "glossary", root)
    with (root / "sources.yaml").open("a", encoding="utf-8") as out:
        out.write(yaml.safe_dump([{
            "id": SOURCE, "title": _text("Synthetic Rules 3.0", "Règles synthétiques 3.0", "Regole sintetiche 3.0"),
            "description": _text("An invented official document, written for the tests.", "Un document officiel inventé pour les tests.",
                                 "Un documento ufficiale inventato per i test."),
        }], allow_unicode=True, sort_keys=False))
    for sid, section in SECTIONS.items():
        path = root / "rules" / sid.split(".")[0] / f"{sid}.yaml"
        path.write_text(yaml.safe_dump(section, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")
    return root
