"""A synthetic card pool in the mirrors' shape, for benchmarks: `altered-rules synth --cards N`.

Written from scratch (no publisher text): N cards in five languages, one list per set and language
(<SET>_<LANG>.json, 400 cards a set), as families of a common, its rare, its rare printed in
another faction and a few unique variants, with the symbols, keywords and reminder text of real
texts, statistics, costs, rulings (some shared between cards), suspended and errated cards. The
same seed writes the same files.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from .model import DATA_LANGUAGES

__all__ = ["synth_card_data", "SET_SIZE"]

SET_SIZE = 400
_FACTIONS = ("AX", "BR", "LY", "MU", "OR", "YZ")
_FACTION_NAMES = {"AX": "Axiom", "BR": "Bravos", "LY": "Lyra", "MU": "Muna", "OR": "Ordis", "YZ": "Yzmir"}
_SYLLABLES = ("ka", "lo", "mir", "ven", "tha", "rel", "dor", "sui", "zan", "bri", "quo", "fen", "gal", "hes", "ira", "ne")
_TYPES = (("CHARACTER", 0.62), ("SPELL", 0.2), ("PERMANENT", 0.06), ("LANDMARK_PERMANENT", 0.07), ("HERO", 0.03), ("TOKEN", 0.02))
_TEXTS = (
    "{J} Draw a card.  {T} : I gain 1 boost. (Exhaust me to do this.)",
    "[[Fleeting]]. (If I would be sent to Reserve, discard me instead.)  Send target Character to Reserve.",
    "When another Character joins my Expedition — #I gain 2 boosts.#",
    "{H} You may put a card from your hand in Reserve.  At Noon — Create a [Brassbug 2/2/2] Robot token in target Expedition.",
    "{R} Target Character with Hand Cost {3} or less gains [[Asleep]]. (During Rest, it does not go to Reserve.)",
    "I cost {1} less for each Permanent you control.  {I} At Dusk — You may return me to your hand.",
)
_ECHO = "{D} : Target Character gains 1 boost. (Discard me from Reserve to do this.)"


def _name(rng: random.Random, words: int) -> str:
    return " ".join("".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize() for _ in range(words))


def _record(code: str, lang: str, names: dict[str, str], kind: str, faction: str, rarity: str, set_code: str,
            elements: dict[str, str], rulings: list[tuple[str, str, str]], flags: tuple[bool, bool]) -> dict:
    return {
        "@context": "/contexts/Card", "@id": f"/cards/{code}", "@type": "Card", "loreEntries": [],
        "cardType": {"@type": "CardType", "reference": kind, "name": f"{kind.title()} ({lang})"},
        "cardSubTypes": [{"@type": "CardSubType", "reference": "ANIMAL", "name": f"Animal ({lang})"}] if kind == "CHARACTER" else [],
        "cardSet": {"@type": "CardSet", "reference": set_code, "name": f"Synthetic {set_code} ({lang})"},
        "rarity": {"@type": "Rarity", "reference": rarity, "name": rarity.title()},
        "cardRulings": [{"@type": "CardRuling", "eventFormat": "STANDARD", "createdAt": date, "question": f"{q} ({lang})",
                         "answer": f"{a} ({lang})"} for date, q, a in rulings],
        "imagePath": f"https://example.invalid/{code}/{lang}.jpg", "reference": code,
        "mainFaction": {"@type": "Faction", "reference": faction, "color": "#777777", "name": _FACTION_NAMES[faction]},
        "name": names[lang], "elements": elements, "isSuspended": flags[0], "isErrated": flags[1], "isBanned": False,
        "collectorNumberFormatted": f"SYN-{code.split('_')[4]}-{rarity[0]}-{lang.upper()}",
    }


def synth_card_data(out: Path, cards: int, seed: int = 39) -> list[Path]:
    """Write `cards` synthetic cards x 5 languages under `out` (one list per set and language)."""
    rng = random.Random(seed)
    by_set: dict[str, dict[str, list[dict]]] = {}
    made = 0
    family = 0
    shared = ("2025-03-01", "Does a shared effect count each card once?", "Yes, once per card.")
    while made < cards:
        family += 1
        set_code = f"SYN{(made // SET_SIZE) + 1:02d}"
        faction = _FACTIONS[family % len(_FACTIONS)]
        kind = rng.choices([t for t, _ in _TYPES], [w for _, w in _TYPES])[0]
        base = _name(rng, rng.randint(1, 3))
        names = {lang: base if lang == "en" else f"{base} {_name(rng, 1)}" for lang in DATA_LANGUAGES}
        text = rng.choice(_TEXTS) if kind != "TOKEN" else ""
        number = f"{family % 1000:03d}"
        variants = [("C", faction, "COMMON")] if kind in ("HERO", "TOKEN") else [
            ("C", faction, "COMMON"), ("R1", faction, "RARE"), ("R2", _FACTIONS[(family + 1) % 6], "RARE"),
            *((f"U_{family:04d}{n}", faction, "UNIQUE") for n in range(rng.choice((0, 0, 1, 2))))]
        for suffix, printed_in, rarity in variants:
            if made >= cards:
                break
            made += 1
            code = f"ALT_{set_code}_B_{printed_in}_{number}_{suffix}"
            elements = {"MAIN_COST": str(rng.randint(1, 7)), "RECALL_COST": str(rng.randint(1, 6))}
            if kind in ("CHARACTER", "TOKEN"):
                elements.update(FOREST_POWER=str(rng.randint(0, 5)), MOUNTAIN_POWER=str(rng.randint(0, 5)),
                                OCEAN_POWER=str(rng.randint(0, 5)))
            if kind == "HERO":
                elements.update(MAIN_COST="0", RECALL_COST="0", PERMANENT="2", RESERVE="2")
            rulings = []
            if family % 10 == 0:
                rulings.append((f"2025-0{family % 9 + 1}-15", f"How does {base} resolve?", "As written, step by step."))
            if family % 50 == 0:
                rulings.append(shared)
            flags = (made % 997 == 0, made % 89 == 0)
            for lang in DATA_LANGUAGES:
                localized = dict(elements)
                if text:
                    localized["MAIN_EFFECT"] = text if lang == "en" else text.replace(". ", f" ({lang}). ", 1)
                if kind == "CHARACTER" and family % 4 == 0:
                    localized["ECHO_EFFECT"] = _ECHO
                record = _record(code, lang, names, kind, printed_in, rarity, set_code, localized, rulings, flags)
                by_set.setdefault(set_code, {}).setdefault(lang, []).append(record)
    written = []
    for set_code, languages in by_set.items():
        folder = out / set_code
        folder.mkdir(parents=True, exist_ok=True)
        for lang, records in languages.items():
            path = folder / f"{set_code}_{lang.upper()}.json"
            path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
            written.append(path)
    return written
