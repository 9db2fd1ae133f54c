"""Interface strings of the generated pages, per language.

Every language has every key (a test checks it); the theme's own strings
come from Material's translations (theme.language).
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "chapter": "Chapter {number}",
        "rules": "Rules",
        "editorial_title": "title supplied by the editors",
        "editorial_badge": "editorial",
        "remark": "Remark.",
        "example": "Example.",
        "gap_title": "Text lost in every source.",
        "sources": "Sources",
        "text_from": "text from {source}",
        "corrections": "Editors' corrections ({count})",
        "correction_typo": "spelling",
        "correction_grammar": "grammar",
        "correction_symbol": "symbol restored",
        "correction_residue": "scraping residue",
        "cited_by": "Cited by",
        "rulings": "Rulings",
        "ruling": "Ruling",
        "external_rule": "Rule {rule} ({title}) is cited, but no source contains it.",
        "permalink": "Permanent link to rule {rule}",
        "see_rules": "See",
        "terms_title": "Glossary terms",
        "rulings_title": "Rulings",
        "rulings_intro": (
            "Where two texts of the rules disagree, the engine follows one reading. Each ruling states "
            "the conflict, the reading chosen and why. Rulings are editorial: they are not official text."
        ),
        "conflict": "Conflict",
        "reading": "Reading we follow",
        "why": "Why",
        "about_rules": "About rules",
        "sources_title": "Sources",
        "sources_intro": (
            "Every entry records the source documents its text was taken from. Where several sources "
            "hold a paragraph, the most complete text was taken, and the editors' corrections are "
            "listed on the entry."
        ),
        "sources_file": "File",
        "deck_rules": "Deck building rules",
        "deck_check": "Checked by the engine as",
        "restates": "restates",
        "mode_example": "Example.",
        "symbols_title": "Symbols",
        "symbol_legend": "Game symbols lost from the sources are restored as badges; hover or tap one for its meaning.",
        "mode_format": "Format",
        "untranslated_page": "Parts of this page are not translated yet; they are shown in English.",
        "untranslated_badge": "English",
        "copy_rule": "Copy rule {rule}: number, text and link",
        "copied": "Copied",
        "copy_failed": "Could not copy; select the text instead",
        "previews_on": "Rule previews: on",
        "previews_off": "Rule previews: off",
        "go_to_rule": "Go to rule {rule}",
        "preview_of": "Preview of rule {rule}",
        "offline_ready": "Pages you visit stay available offline.",
        "verified_example": "Verified by the engine",
        "verified_illustration": "Verified illustration",
        "not_verified": "Not yet verified by the engine.",
        "scenario": "The situation, as a scenario:",
        "engine_trace": "What the engine did (in English):",
        "coverage_title": "Coverage",
        "coverage_intro": "{rules_with_scenarios} of {rules} numbered rules have a scenario verified by the engine; {examples_verified} of {examples} official examples are verified; {scenarios_passed} of {scenarios} scenarios pass.",
        "coverage_section": "Section",
        "coverage_verified": "Rules verified",
        "coverage_without": "Rules without a scenario, and why",
        "reason_definition": "a definition",
        "reason_no-checkable-claim": "no claim the engine can check",
        "reason_text-lost": "text lost in the sources",
        "reason_not-modelled": "not modelled by the engine yet",
        "reason_none": "no reason given",
    },
    "fr": {
        "chapter": "Chapitre {number}",
        "rules": "Règles",
        "editorial_title": "titre ajouté par les éditeurs",
        "editorial_badge": "éditorial",
        "remark": "Remarque.",
        "example": "Exemple.",
        "gap_title": "Texte perdu dans toutes les sources.",
        "sources": "Sources",
        "text_from": "texte de {source}",
        "corrections": "Corrections des éditeurs ({count})",
        "correction_typo": "orthographe",
        "correction_grammar": "grammaire",
        "correction_symbol": "symbole rétabli",
        "correction_residue": "résidu de capture",
        "cited_by": "Cité par",
        "rulings": "Décisions",
        "ruling": "Décision",
        "external_rule": "La règle {rule} ({title}) est citée, mais aucune source ne la contient.",
        "permalink": "Lien permanent vers la règle {rule}",
        "see_rules": "Voir",
        "terms_title": "Termes du glossaire",
        "rulings_title": "Décisions",
        "rulings_intro": (
            "Là où deux textes des règles se contredisent, le moteur suit une lecture. Chaque décision "
            "expose le conflit, la lecture retenue et sa justification. Les décisions sont éditoriales : "
            "ce ne sont pas des textes officiels."
        ),
        "conflict": "Conflit",
        "reading": "Lecture retenue",
        "why": "Pourquoi",
        "about_rules": "Règles concernées",
        "sources_title": "Sources",
        "sources_intro": (
            "Chaque entrée indique les documents sources dont provient son texte. Quand plusieurs sources "
            "contiennent un paragraphe, le texte le plus complet a été retenu, et les corrections des "
            "éditeurs sont listées sous l'entrée. Les textes officiels ont été traduits de l'anglais par "
            "les éditeurs, avec le vocabulaire officiel des cartes."
        ),
        "sources_file": "Fichier",
        "deck_rules": "Règles de construction de deck",
        "deck_check": "Vérifié par le moteur comme",
        "restates": "reprend",
        "mode_example": "Exemple.",
        "symbols_title": "Symboles",
        "symbol_legend": "Les symboles du jeu perdus dans les sources sont rétablis sous forme de pastilles ; survolez-en ou touchez-en une pour voir sa signification.",
        "mode_format": "Format",
        "untranslated_page": "Certaines parties de cette page ne sont pas encore traduites ; elles sont affichées en anglais.",
        "untranslated_badge": "Anglais",
        "copy_rule": "Copier la règle {rule} : numéro, texte et lien",
        "copied": "Copié",
        "copy_failed": "Copie impossible ; sélectionnez le texte",
        "previews_on": "Aperçus des règles : activés",
        "previews_off": "Aperçus des règles : désactivés",
        "go_to_rule": "Aller à la règle {rule}",
        "preview_of": "Aperçu de la règle {rule}",
        "offline_ready": "Les pages consultées restent disponibles hors ligne.",
        "verified_example": "Vérifié par le moteur",
        "verified_illustration": "Illustration vérifiée",
        "not_verified": "Pas encore vérifié par le moteur.",
        "scenario": "La situation, sous forme de scénario :",
        "engine_trace": "Ce qu'a fait le moteur (en anglais) :",
        "coverage_title": "Couverture",
        "coverage_intro": "{rules_with_scenarios} des {rules} règles numérotées ont un scénario vérifié par le moteur ; {examples_verified} des {examples} exemples officiels sont vérifiés ; {scenarios_passed} des {scenarios} scénarios réussissent.",
        "coverage_section": "Section",
        "coverage_verified": "Règles vérifiées",
        "coverage_without": "Règles sans scénario, et pourquoi",
        "reason_definition": "une définition",
        "reason_no-checkable-claim": "rien que le moteur puisse vérifier",
        "reason_text-lost": "texte perdu dans les sources",
        "reason_not-modelled": "pas encore modélisée par le moteur",
        "reason_none": "aucune raison donnée",
    },
    "it": {
        "chapter": "Capitolo {number}",
        "rules": "Regole",
        "editorial_title": "titolo aggiunto dai redattori",
        "editorial_badge": "redazionale",
        "remark": "Nota.",
        "example": "Esempio.",
        "gap_title": "Testo perduto in tutte le fonti.",
        "sources": "Fonti",
        "text_from": "testo da {source}",
        "corrections": "Correzioni dei redattori ({count})",
        "correction_typo": "ortografia",
        "correction_grammar": "grammatica",
        "correction_symbol": "simbolo ripristinato",
        "correction_residue": "residuo di acquisizione",
        "cited_by": "Citata da",
        "rulings": "Decisioni",
        "ruling": "Decisione",
        "external_rule": "La regola {rule} ({title}) è citata, ma nessuna fonte la contiene.",
        "permalink": "Link permanente alla regola {rule}",
        "see_rules": "Vedi",
        "terms_title": "Termini del glossario",
        "rulings_title": "Decisioni",
        "rulings_intro": (
            "Dove due testi delle regole sono in contrasto, il motore segue una lettura. Ogni decisione "
            "espone il conflitto, la lettura scelta e il motivo. Le decisioni sono redazionali: non sono "
            "testi ufficiali."
        ),
        "conflict": "Conflitto",
        "reading": "Lettura adottata",
        "why": "Perché",
        "about_rules": "Regole interessate",
        "sources_title": "Fonti",
        "sources_intro": (
            "Ogni voce indica i documenti da cui proviene il suo testo. Dove più fonti contengono un "
            "paragrafo, è stato preso il testo più completo, e le correzioni dei redattori sono elencate "
            "sotto la voce. I testi ufficiali sono stati tradotti dall'inglese dai redattori, con il "
            "vocabolario ufficiale delle carte."
        ),
        "sources_file": "File",
        "deck_rules": "Regole di costruzione del mazzo",
        "deck_check": "Verificata dal motore come",
        "restates": "riprende",
        "mode_example": "Esempio.",
        "symbols_title": "Simboli",
        "symbol_legend": "I simboli del gioco perduti nelle fonti sono ripristinati come piccoli contrassegni; passa sopra o tocca un contrassegno per vederne il significato.",
        "mode_format": "Formato",
        "untranslated_page": "Alcune parti di questa pagina non sono ancora tradotte; sono mostrate in inglese.",
        "untranslated_badge": "Inglese",
        "copy_rule": "Copia la regola {rule}: numero, testo e link",
        "copied": "Copiato",
        "copy_failed": "Impossibile copiare; seleziona il testo",
        "previews_on": "Anteprime delle regole: attive",
        "previews_off": "Anteprime delle regole: disattivate",
        "go_to_rule": "Vai alla regola {rule}",
        "preview_of": "Anteprima della regola {rule}",
        "offline_ready": "Le pagine visitate restano disponibili offline.",
        "verified_example": "Verificato dal motore",
        "verified_illustration": "Illustrazione verificata",
        "not_verified": "Non ancora verificato dal motore.",
        "scenario": "La situazione, come scenario:",
        "engine_trace": "Che cosa ha fatto il motore (in inglese):",
        "coverage_title": "Copertura",
        "coverage_intro": "{rules_with_scenarios} delle {rules} regole numerate hanno uno scenario verificato dal motore; {examples_verified} dei {examples} esempi ufficiali sono verificati; {scenarios_passed} dei {scenarios} scenari sono superati.",
        "coverage_section": "Sezione",
        "coverage_verified": "Regole verificate",
        "coverage_without": "Regole senza scenario, e perché",
        "reason_definition": "una definizione",
        "reason_no-checkable-claim": "nulla che il motore possa verificare",
        "reason_text-lost": "testo perduto nelle fonti",
        "reason_not-modelled": "non ancora modellata dal motore",
        "reason_none": "nessun motivo indicato",
    },
}


def tr(language: str, key: str, **values: object) -> str:
    """The interface string `key` in `language` (English if not translated yet).

    Without values, a template is returned as it is ("Go to rule {rule}"), for the
    site's script to fill in.
    """
    table = STRINGS.get(language, STRINGS["en"])
    template = table.get(key, STRINGS["en"][key])
    return template.format(**values) if values else template
