"""A card's name has no grammatical gender the engine knows: Kuwat, Moonlight Jellyfish, Hua Mulan and
Coppélia are each « le » or « la » by the card, not by the name. So no French or Italian engine
template may agree a participle, an adjective or a pronoun with a card placeholder: the templates say
« la carte » / «la carta» or « l'objet » / «l'oggetto» and agree with that noun (review
2026-12-02-c, N-F1 and N-I1: « Kuwat ne peut pas être jouée » beside « il est mis en jeu »).

The check is a heuristic, by patterns (below), over every template that names a card (`{card}`,
`{holder}`, `{by}`) or is a fragment said of one (CARD_FRAGMENTS):

1. predicate: the placeholder, a form of "to be" (or "become", "stay", "can be"), optional adverbs,
   then a word ending as a participle or adjective does (« {card} est déjà épuisé », «{card} è stato
   giocato», «{card} non può essere giocata»);
2. apposition: the placeholder, a comma, a participle (« {card}, trouvé dans »);
3. pronoun: a subject pronoun (« il », « elle », « qu'il »; impersonal « il y a », « il s'agit »,
   « il faut » aside), an object clitic before a verb of the game (« le trouve », «lo trova», «lo è»,
   «giocarla») or a game verb's participle with no subject (« être joué », «possa essere giocato»),
   unless its nearest antecedent is a head noun of the template's own (HEAD_NOUN: « la carte »,
   « l'objet », « le jeton », «la carta», «l'oggetto», «il suo Eroe» ...), not the card placeholder.

The placeholder counts as a subject only bare: not a name's form (« {card:de} ») nor after « de » /
«di» (« la rareté de {card} n'est pas indiquée » agrees with « la rareté »), nor right after a head
noun (« la carte {card} est épuisée » agrees with « la carte »). What the patterns cannot see: a
pronoun whose nearest noun is a head noun it does not refer to, a participle or a verb outside the
lists, a fragment not in CARD_FRAGMENTS. ALLOWED lists the templates whose pronoun has another
antecedent, each with it (a test checks each one is still needed)."""

from __future__ import annotations

import re

import pytest

from altered_rules.messages import read_messages

CARD = r"\{(?:card|holder|by)(?::\w+)?\}"
CARD_FRAGMENTS = frozenset({
    # Said of a card, with no placeholder: their English "it" is the card or its object.
    "effect.cannot_be_played", "react.new", "react.new_gigantic", "target.not_in_play",
})
ALLOWED = {
    ("fr", "refusal.unmodelled_keyword"): "« s'il change » : il = le mot-clé",
    ("fr", "refusal.unread_ability"): "« si elle change », « écrivez-la » : elle = la capacité",
    ("fr", "refusal.asleep_statistics"): "« il n'apparaît que » : il = Endormi",
}

_FR_PARTICIPLE = r"\w*(?:é|ée|és|ées|is|ise|ises|it|ite|u|(?<!q)ue)\b"
_IT_PARTICIPLE = r"\w+(?:at|it|ut|ess|ers|os|ott|ent|ort)[oaie]\b"
# The participles of the game's own verbs (play, put, exhaust, find, sacrifice, discard, target, remove).
_FR_GAME_PARTICIPLE = r"(?:jou|mis|épuis|trouv|sacrifi|défauss|cibl|retir)\w*"
_IT_GAME_PARTICIPLE = r"(?:giocat|mess|consumat|trovat|sacrificat|scartat|pres|rimoss)[oaie]\b"
# The placeholder as a subject: not a name's form (« {card:de} ») nor after « de » / «di» (« la rareté de
# {card} n'est pas indiquée » agrees with « la rareté »), nor after a head noun (« la carte {card} »).
_FR_SUBJECT = r"(?<!carte )(?<!objet )(?<!jeton )(?<!de )(?<!d')\{(?:card|holder|by)\}"
_IT_SUBJECT = r"(?<!carta )(?<!oggetto )(?<!pedina )(?<!di )\{(?:card|holder|by)\}"
SUBJECT = {"fr": re.compile(_FR_SUBJECT), "it": re.compile(_IT_SUBJECT)}
PATTERNS = {
    "fr": {
        "predicate": re.compile(
            rf"{_FR_SUBJECT}\s+(?:ne\s+|n')?(?:est|était|serait|sera|soit|reste|devient|a\s+été|"
            rf"peut\s+être|peut\s+pas\s+être|pourrait\s+être)\s+(?:(?:pas|déjà|encore|toujours|plus|bien|ensuite)\s+)*"
            rf"{_FR_PARTICIPLE}"),
        "apposition": re.compile(rf"{_FR_SUBJECT},\s+\w*(?:é|ée|és|ées)\b"),
        "pronoun": re.compile(
            r"\b(?:il|elle)\b(?!\s+(?:y\s+a|n'y\s+a|s'agit|faut|en\s+faut))"
            r"|\b(?:le|la)\s+(?:trouve|retrouve|joue|jouer|met|mettre|place|voit|cible|déplace|sacrifie|retire)\b"
            r"|\bl'(?:est|était|a\b|être)"
            rf"|\b(?:être|été)\s+(?:(?:pas|déjà|encore)\s+)*{_FR_GAME_PARTICIPLE}"),
    },
    "it": {
        "predicate": re.compile(
            rf"{_IT_SUBJECT}\s+(?:non\s+)?(?:è|era|sarebbe|sarà|sia|viene|venga|verrebbe|"
            rf"resta|rimane|diventa|può\s+essere|potrebbe\s+essere)\s+(?:(?:già|ancora|più|sempre|stat[oa])\s+)*"
            rf"{_IT_PARTICIPLE}"),
        "apposition": re.compile(rf"{_IT_SUBJECT},\s+\w+(?:at|it|ut)[oa]\b"),
        "pronoun": re.compile(
            r"\b(?:esso|essa|lui|lei)\b"
            r"|\b(?:lo|la|l')\s*(?:trova|ritrova|gioca|mette|pone|vede|sposta|sacrifica|prende|è)\b"
            r"|\b\w+(?:ar|er|ir)(?:lo|la)\b"
            rf"|\b(?:essere|sia|è\s+stat[oa]|viene|venga|verrebbe)\s+(?:già\s+)?{_IT_GAME_PARTICIPLE}"
            rf"|,\s+non\s+{_IT_GAME_PARTICIPLE}"),
    },
}
HEAD_NOUN = {
    "fr": re.compile(r"\b(?i:la|une|cette|sa|l'|le|un|cet|ce|son)\s*(?:nouvel\s+|même\s+)?(?:carte|objet|jeton|Personnage|Héros)\b"
                     rf"(?:,?\s+{CARD})?"),
    "it": re.compile(r"\b(?i:la|una|questa|l'|un|questo|il|un'|come)\s*(?:suo\s+|sua\s+|nuovo\s+|stesso\s+|stessa\s+)?"
                     rf"(?:carta|oggetto|pedina|Personaggio|Eroe)\b(?:,?\s+{CARD})?"),
}


def gendered_card_wording(language: str, key: str, text: str) -> list[str]:
    """The patterns of `language` that `text` (the template of `key`) matches, with what they matched."""
    if not (re.search(CARD, text) or key in CARD_FRAGMENTS) or (language, key) in ALLOWED:
        return []
    heads = [m.end() for m in HEAD_NOUN[language].finditer(text)]
    cards = [m.end() for m in re.finditer(SUBJECT[language], text)]
    found = []
    for name, pattern in PATTERNS[language].items():
        for m in pattern.finditer(text):
            if name == "pronoun":
                head = max((end for end in heads if end <= m.start()), default=-1)
                card = max((end for end in cards if end <= m.start()), default=-1)
                if head >= 0 and head >= card:    # its nearest antecedent is a head noun, not the card
                    continue
            found.append(f"{name}: «{m.group(0)}»")
    return found


def test_no_engine_template_gives_a_card_a_gender() -> None:
    files = read_messages()
    problems = [f"{files[language].where(key)}: {key}: {found}"
                for language in ("fr", "it") for key, text in files[language].strings.items()
                if (found := gendered_card_wording(language, key, text))]
    assert problems == []


def test_every_allowed_template_needs_its_allowance() -> None:
    files = read_messages()
    for language, key in ALLOWED:
        text = files[language].strings[key]
        allowed = ALLOWED.pop((language, key))
        try:
            assert gendered_card_wording(language, key, text), (language, key, "is no longer reported: remove it")
        finally:
            ALLOWED[language, key] = allowed


# The catalogue's wording before N-F1/N-I1 (2026-12-02): each of these is reported.
GENDERED = [
    ("fr", "play.cannot_pay", "{player} ne peut pas payer {cost} en entier dans cette lecture\u00a0: {card} ne peut pas être jouée"),
    ("fr", "put.in_play", "{card} est mis de {origin} dans {where}\u00a0: il y devient un objet\u00a0; il est mis en jeu, pas joué"),
    ("fr", "gain.me_gains", "«\u00a0je\u00a0» désigne {card} dans {zone:the}\u00a0: il gagne {gained}"),
    ("fr", "effect.cannot_be_played", "il ne peut pas être joué"),
    ("fr", "effect.it_is", "«\u00a0le\u00a0» désigne {card}, trouvé dans {zone:the} (2.1.e)\u00a0: il l'est"),
    ("fr", "react.gone_found", "{card} n'existe plus après l'événement (6.3.e), et la Réaction le trouve dans {zone:the}"),
    ("fr", "refusal.exhausted_in_reserve_played", "{card} est épuisé dans la Réserve\u00a0: les sources ne disent pas"),
    ("fr", "refusal.already_exhausted", "{card} est déjà épuisé\u00a0: {player} ne peut pas payer"),
    ("fr", "refusal.not_in_play", "{card} est dans {zone:the}\u00a0: ses capacités ne fonctionnent que lorsqu'il est en jeu"),
    ("fr", "refusal.landmark_zone", "{card} est un Repère\u00a0: il se joue dans la zone de Repères"),
    ("it", "play.cannot_pay", "{player} non può pagare per intero {cost} in questa lettura: {card} non può essere giocata"),
    ("it", "play.fleeting", "{card} è stato giocato dalla Riserva: ha Fugace"),
    ("it", "put.in_play", "{card} viene messo da {origin} in {where}: lì diventa un oggetto; viene messo in gioco, non giocato"),
    ("it", "effect.cannot_be_played", "non può essere giocato"),
    ("it", "effect.it_is", "«lo» è {card}, trovato in {zone:the} (2.1.e): lo è"),
    ("it", "react.gone_found", "{card} non esiste più dopo l'evento (6.3.e), e la Reazione lo trova in {zone:the}"),
    ("it", "refusal.exhausted_in_reserve_played", "{card} è consumato nella Riserva: le fonti non dicono se possa essere giocato"),
    ("it", "refusal.already_exhausted", "{card} è già consumato: {player} non può pagare"),
    ("it", "play.declines_cost", "{player} rifiuta di pagare il costo di {card}: non può giocarla"),
]


@pytest.mark.parametrize("language, key, text", GENDERED, ids=[f"{lang}-{key}" for lang, key, _ in GENDERED])
def test_a_template_agreeing_with_a_card_is_reported(language: str, key: str, text: str) -> None:
    assert gendered_card_wording(language, key, text)


@pytest.mark.parametrize("language, key, text", [
    ("fr", "play.cannot_pay", "{player} ne peut pas payer {cost}\u00a0: la carte {card} ne peut pas être jouée, et la partie revient au moment où elle a été proposée"),
    ("fr", "put.token", "Le jeton {card} quitte la zone d'Expédition\u00a0; il ne quitte pas {zone:the}"),
    ("fr", "switch.gigantic", "{card} est Gigantesque\u00a0: sa carte change d'Expédition"),
    ("fr", "deck.sealed", "il n'y a aucune limite de noms"),
    ("it", "play.fleeting", "La carta {card} è stata giocata dalla Riserva: ha Fugace"),
    ("it", "refusal.not_in_play", "{card} è in {zone:the}: le sue abilità funzionano solo mentre è in gioco"),
])
def test_a_template_agreeing_with_a_head_noun_is_not_reported(language: str, key: str, text: str) -> None:
    assert gendered_card_wording(language, key, text) == []


def test_the_cost_lines_elide_de_before_a_vowel() -> None:
    """« le coût d'Anubis », not « le coût de Anubis » (review 2026-12-02-c, N-F2): `{card:de}`."""
    from altered_rules.messages import renderer
    from engine.messages import Card, Player, Term, msg

    fr = renderer("fr")
    assert fr.line(msg("cost.of", card=Card("Anubis"))) == "Le coût d'Anubis"   # a line starts with a capital
    assert fr.line(msg("cost.of", card=Card("Kuwat"))) == "Le coût de Kuwat"
    assert fr.line(msg("cost.unprinted", printed=Term("Hand cost"), card=Card("Ogre"))).endswith(" d'Ogre")
    declined = fr.line(msg("play.declines_cost_of", player=Player("Bob"), card=Card("Anubis"), cost=msg("cost.of", card=Card("Anubis"))))
    assert declined.startswith("Bob refuse de payer le coût d'Anubis (")
