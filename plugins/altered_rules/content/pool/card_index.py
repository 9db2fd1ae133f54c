"""The sandbox's card index: every card of the pool (or, without one, of glossary/cards.yaml) in
a compact form, one file per language of the site, which the sandbox page loads only when its
board form or its decklist is used, and which the decklist reader reads back as a CardPool in the
browser (`pool_from_index`): the sandbox checks a pasted decklist with decklist.py itself, the
very code of `altered-rules deck check`, not a second implementation.

The index of language L:

    {"format": 1, "from": "pool" | "glossary", "languages": [L, ...the others],
     "types": {type code: deck type word}, "factions": {code: faction}, "rarities": {code: rarity},
     "cards": [[code, [names in "languages" order, "" where not printed], type code, faction code,
                rarity code, hand cost, reserve cost, statistics, [English sub-type names],
                suspended (0/1)], ...]}

The page's language first: its name is the one the form shows (else the next language's). Every
name is kept (the decklist and the form accept a name typed in any of the five languages); a row
is an array, not an object (a pool of 5,000 cards is about 1 MB, 200 kB gzipped). Costs and
statistics are the data's text ("3", "X"), "" when the card prints none.

Imports only model.py: it runs in the browser (the sandbox's engine archive holds it).
"""

from __future__ import annotations

from typing import Any, Mapping

from .model import CARD_TYPES, DATA_LANGUAGES, FACTION_CODES, RARITY_CODES, CardPool, PoolCard

__all__ = ["INDEX_FORMAT", "index_languages", "pool_index", "glossary_index", "pool_from_index"]

INDEX_FORMAT = 1

# The glossary's cards by their type word and faction name, as the index's codes say them.
_GLOSSARY_TYPES = {"character": "CHARACTER", "hero": "HERO", "spell": "SPELL", "permanent": "PERMANENT", "token": "TOKEN"}
_GLOSSARY_FACTIONS = {"Axiom": "AX", "Bravos": "BR", "Lyra": "LY", "Muna": "MU", "Ordis": "OR", "Yzmir": "YZ"}


def index_languages(language: str) -> list[str]:
    """The index's name columns: the page's language first, then the data's others."""
    return [language, *(lang for lang in DATA_LANGUAGES if lang != language)]


def _vocabulary() -> dict[str, Any]:
    """What the page makes of the rows' codes (model.py's: one reading of them, not two)."""
    return {"types": dict(CARD_TYPES), "factions": {code: f.value if f else None for code, f in FACTION_CODES.items()},
            "rarities": {code: r.value if r else None for code, r in RARITY_CODES.items()}}


def _row(card: PoolCard, languages: list[str]) -> list[Any]:
    subtypes = [card.subtype_names.get(code, {}).get("en") or code.title() for code in card.subtypes]
    return [card.reference, [card.names.get(lang, "") for lang in languages], card.type_code, card.faction_code,
            card.rarity_code, card.hand_cost or "", card.reserve_cost or "", card.stats or "", subtypes, int(card.suspended)]


def pool_index(pool: CardPool, language: str) -> dict[str, Any]:
    """The index of the imported pool for the site in `language`, its cards in code order."""
    languages = index_languages(language)
    return {"format": INDEX_FORMAT, "from": "pool", "languages": languages, **_vocabulary(),
            "cards": [_row(pool.cards[code], languages) for code in sorted(pool.cards)]}


def glossary_index(cards: Mapping[str, Any], language: str) -> dict[str, Any]:
    """The index of glossary/cards.yaml's cards (content.glossary.model.CardData), when no card
    data is configured: no code (the glossary names its cards, it does not number them), no cost."""
    languages = index_languages(language)
    rows = []
    for name in sorted(cards):
        card = cards[name]
        names = {"en": card.name, **dict(card.names)}
        rows.append(["", [names.get(lang, "") for lang in languages], _GLOSSARY_TYPES.get(card.type, card.type.upper()),
                     _GLOSSARY_FACTIONS.get(card.faction or "", "NE"), (card.rarity or "").upper(), "", "",
                     card.stats or "", list(card.subtypes), 0])
    return {"format": INDEX_FORMAT, "from": "glossary", "languages": languages, **_vocabulary(), "cards": rows}


def pool_from_index(data: Any) -> CardPool:
    """The pool an index holds, as the decklist reader reads it (its codes, names, type, faction,
    rarity, costs, statistics and suspension); ValueError naming the row that is not as written."""
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or not isinstance(data.get("cards"), list):
        raise ValueError(f"not a card index of format {INDEX_FORMAT}")
    languages = data.get("languages")
    if not isinstance(languages, list) or not all(isinstance(lang, str) for lang in languages):
        raise ValueError("the card index names no languages")
    pool = CardPool()
    for n, row in enumerate(data["cards"]):
        try:
            code, names, type_code, faction, rarity, hand, reserve, stats, subtypes, suspended = row
            if not isinstance(code, str) or not isinstance(names, list) or not isinstance(subtypes, list):
                raise TypeError
            forest, mountain, water = (stats.split("/") + ["", "", ""])[:3] if stats else (None, None, None)
            card = PoolCard(reference=code, type_code=str(type_code), faction_code=str(faction), rarity_code=str(rarity),
                            set_code=code.split("_")[1] if code.count("_") >= 2 else "",
                            names={lang: str(name) for lang, name in zip(languages, names) if name},
                            subtypes=tuple(str(s).upper() for s in subtypes),
                            subtype_names={str(s).upper(): {"en": str(s)} for s in subtypes},
                            hand_cost=str(hand) or None, reserve_cost=str(reserve) or None,
                            forest=forest, mountain=mountain, water=water, suspended=bool(suspended))
        except (TypeError, ValueError):
            raise ValueError(f"the card index's row {n} is not a card as the index writes one") from None
        if code:
            pool.cards[code] = card
    return pool
