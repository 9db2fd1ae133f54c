"""The site's search worker (docs/assets/javascripts/workers/altered-rules-search.js, issue 14),
run in Node with Material's messages on small indexes, and its place in the built site: the
theme's configuration names it in place of Material's lunr worker."""

from __future__ import annotations

import json
import re
import subprocess
from urllib.parse import urlsplit

import pytest

from project_paths import PROJECT

WORKER = PROJECT / "docs" / "assets" / "javascripts" / "workers" / "altered-rules-search.js"
WORKER_URL = "https://example.org/en/assets/javascripts/workers/altered-rules-search.js"

# Loads the worker in a context shaped like a web worker's global scope, sends it Material's
# messages (argv: the index, then the queries) and prints every answer it posts.
HARNESS = r"""
const fs = require("fs"), vm = require("vm");
const [file, url, index, queries] = process.argv.slice(1);
const out = {posted: [], error: null};
const listeners = [];
const self = {location: {href: url}, postMessage: message => out.posted.push(message), console,
              addEventListener: (type, listener) => listeners.push(listener)};
self.self = self;
self.URL = URL;
const context = vm.createContext(self);
try {
  vm.runInContext(fs.readFileSync(file, "utf8"), context, {filename: file});
  const send = data => listeners.forEach(listener => listener({data}));
  // As Material sends it: only the index's config and docs (and its options).
  const {config, docs} = JSON.parse(index);
  send({type: 0, data: {config, docs, options: {suggest: false}}});
  for (const query of JSON.parse(queries)) send({type: 2, data: query});
} catch (error) {
  out.error = String(error.message);
}
process.stdout.write(JSON.stringify(out));
"""


def _index(language: str, docs: list[dict], synonyms: list[list[str]] = ()) -> dict:
    return {"config": {"lang": [language], "separator": r"[\s\-]+",
                       "altered": {"format": 2, "language": language, "synonyms": list(synonyms)}}, "docs": docs}


def _ask(index: dict, *queries: str) -> list[list[list[dict]]]:
    """Each query's result groups, as Material receives them."""
    # Node.js is a requirement of the README's set-up (npm ci): no Node, no test run, not a skip.
    done = subprocess.run(["node", "-e", HARNESS, str(WORKER), WORKER_URL, json.dumps(index), json.dumps(queries)],
                          capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(done.stdout)
    assert out["error"] is None, out["error"]
    assert out["posted"][0] == {"type": 1}
    assert all(message["type"] == 3 for message in out["posted"][1:])
    return [message["data"]["items"] for message in out["posted"][1:]]


def _links(groups: list[list[dict]]) -> list[str]:
    """The links a judge sees, in Material's drawing order: each group's page when it matched
    itself (scored above 0), then its entries."""
    links = []
    for group in groups:
        page = next(doc for doc in group if "#" not in doc["location"])
        links += ([page["location"]] if page["score"] > 0 else []) + [d["location"] for d in group if d is not page]
    return links


RULES = [
    {"location": "rules/chapter-4/", "title": "4. The day", "text": ""},
    {"location": "rules/chapter-4/#4.2.4", "title": "4.2.4 Dusk", "text": "", "boost": 4},
    {"location": "rules/chapter-4/#4.2.4.c", "title": "4.2.4.c · Dusk", "text": "A tie is not sufficient to advance.", "boost": 2},
    {"location": "rules/chapter-4/#4.2.4.d", "title": "4.2.4.d · Dusk",
     "text": "A statistic of 0 is not sufficient to advance, even if the opposing expedition&#39;s statistic is negative.",
     "boost": 2},
    {"location": "scenarios/", "title": "Scenario format",
     "text": "A scenario says what the engine decides: " + "expedition statistic advance region card player " * 40
             + "a tie. ", "boost": 0.5},
]


def test_a_paragraph_that_holds_the_words_beats_a_long_page_that_mentions_them():
    (groups,) = _ask(_index("en", RULES), "can a tie advance")
    assert _links(groups)[0] == "rules/chapter-4/#4.2.4.c", _links(groups)


def test_a_rule_number_lands_on_that_rule_then_the_rules_under_it():
    exact, section = _ask(_index("en", RULES), "4.2.4.d", "4.2.4")
    assert _links(exact)[0] == "rules/chapter-4/#4.2.4.d"
    assert _links(section)[:3] == ["rules/chapter-4/#4.2.4", "rules/chapter-4/#4.2.4.c", "rules/chapter-4/#4.2.4.d"]


# Five paragraphs of a section whose title and text both say "move" and "expedition", and one
# paragraph that holds the question's rare word ("tie") once.
SECTION_WORDS = [
    {"location": "rules/chapter-7/", "title": "7. Actions", "text": ""},
    *({"location": f"rules/chapter-7/#7.3.10.{letter}", "title": f"7.3.10.{letter} · Move Backward", "boost": 2,
       "text": f"If an expedition in region {letter} would move backward, nothing happens."} for letter in "abcde"),
    {"location": "rules/chapter-4/#4.2.4.c", "title": "4.2.4.c · Dusk", "text": "A tie is not sufficient to advance.", "boost": 2},
    *({"location": f"rules/chapter-3/#3.2.{n}", "title": f"3.2.{n} · Zones", "boost": 2,
       "text": f"Zone {n} holds each player's " + ("expedition." if n < 15 else "cards." if n > 2 else "cards that move.")}
      for n in range(50)),
]


def test_a_word_in_both_title_and_text_counts_once_against_the_rare_word():
    # BM25F: a word's counts in the title and the text saturate together. Saturated apart, "move"
    # and "expedition" in a section's title and in each of its paragraphs outweighed "tie".
    (groups,) = _ask(_index("en", SECTION_WORDS), "can a tie move expeditions")
    assert _links(groups)[0] == "rules/chapter-4/#4.2.4.c", _links(groups)


def test_a_long_entry_counts_only_the_question_words_it_says_together():
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#ruling", "title": "A ruling", "boost": 2,
             "text": "Two players. " + "Filler words of the ruling. " * 8 + "A reaction. " + "More filler here. " * 8
                     + "At the same time. " + "Filler again. " * 8 + "Who goes first."},
            {"location": "r/#4.4.b", "title": "4.4.b · Reactions", "boost": 2,
             "text": "The first player in initiative order chooses a reaction in Limbo and plays it."},
            *({"location": f"r/#x{n}", "title": f"x{n}", "text": f"Other rule {n} about a card.", "boost": 2} for n in range(10))]
    (groups,) = _ask(_index("en", docs), "two reactions at the same time which goes first")
    assert _links(groups)[0] == "r/#4.4.b", _links(groups)


@pytest.mark.parametrize(("language", "query", "text"), [
    ("fr", "on revérifie", "Les Réactions sont vérifiées à nouveau."),
    ("it", "si ricontrollano", "Le Reazioni vengono controllate di nuovo."),
    ("en", "rechecked", "Reactions are checked again."),
])
def test_a_verb_said_again_finds_the_verb(language, query, text):
    docs = [{"location": "r/", "title": "R", "text": ""}, {"location": "r/#x", "title": "x", "text": text, "boost": 2},
            {"location": "r/#y", "title": "y", "text": "Une autre règle. Un'altra regola. Another rule.", "boost": 2}]
    (groups,) = _ask(_index(language, docs), query)
    assert _links(groups)[:1] == ["r/#x"], _links(groups)


def test_two_forms_of_one_word_in_a_question_count_as_one_word():
    # "reazione ... reazioni" is one word of the question: counted twice, it outweighed "dopo".
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#x", "title": "x", "text": "Una reazione nella notte.", "boost": 2},
            {"location": "r/#y", "title": "y", "text": "Dopo.", "boost": 2},
            *({"location": f"r/#z{n}", "title": f"z{n}", "text": f"Regola {n} della carta.", "boost": 2} for n in range(10))]
    (groups,) = _ask(_index("it", docs), "dopo reazione reazioni")
    assert _links(groups)[0] == "r/#y", _links(groups)


FRENCH = [
    {"location": "regles/", "title": "Règles", "text": ""},
    {"location": "regles/#a", "title": "a", "text": "Une carte jouée depuis la Réserve gagne Fugace.", "boost": 2},
    {"location": "regles/#b", "title": "b", "text": "Défausser une carte de la Main.", "boost": 2},
    {"location": "regles/#c", "title": "c", "text": "Les Expéditions se rejoignent dans l&#39;Arène.", "boost": 2},
]


def test_stop_words_are_not_searched_as_the_beginning_of_words():
    # "de" would begin "Défausser": only "reserve" is searched, without its accent.
    (groups,) = _ask(_index("fr", FRENCH), "de la reserve")
    assert _links(groups) == ["regles/#a"]


@pytest.mark.parametrize(("query", "found"), [
    ("l'arene", "regles/#c"),             # an elided article comes apart, the accent is folded
    ("d’expédition", "regles/#c"),        # a typographic apostrophe, a singular for a plural
    ("rejoignez", "regles/#c"),           # a verb with another ending
    ("RÉSERVES", "regles/#a"),
    ("expedtion", "regles/#c"),           # a letter missing
])
def test_french_words_are_found_by_their_stem_without_accents_or_articles(query, found):
    (groups,) = _ask(_index("fr", FRENCH), query)
    assert _links(groups)[:1] == [found], (query, _links(groups))


def test_a_judges_word_from_the_termbase_finds_the_rules_term():
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#x", "title": "x", "text": "Un Personaggio con Colossale è in entrambe le spedizioni.", "boost": 2}]
    with_words, without = _ask(_index("it", docs, [["Gigantesco", "Colossale"]]), "gigantesco"), _ask(_index("it", docs), "gigantesco")
    assert _links(with_words[0]) == ["r/#x"]
    assert _links(without[0]) == []


def test_a_judges_words_of_several_words_find_the_term_when_typed_together():
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#x", "title": "x", "text": "Ottonblatta entra in gioco.", "boost": 2},
            {"location": "r/#y", "title": "y", "text": "Una statua di bronzo.", "boost": 2}]
    index = _index("it", docs, [["Coleottero di Bronzo", "Ottonblatta"]])
    together, apart = _ask(index, "coleottero di bronzo", "bronzo")
    assert _links(together)[0] == "r/#x", _links(together)
    assert _links(apart) == ["r/#y"]


def test_results_keep_their_order_across_pages_and_nothing_is_folded():
    docs = [{"location": "a/", "title": "A", "text": ""}, {"location": "b/", "title": "B", "text": ""},
            {"location": "a/#1", "title": "1", "text": "orb orb orb", "boost": 2},
            {"location": "b/#1", "title": "1", "text": "orb orb", "boost": 2},
            {"location": "a/#2", "title": "2", "text": "orb and many other words here", "boost": 2}]
    (groups,) = _ask(_index("en", docs), "orb")
    assert _links(groups) == ["a/#1", "b/#1", "a/#2"]
    assert len(groups) == 3
    # Material folds an entry that scores below its group's first one: none does.
    assert all(doc["score"] >= group[0]["score"] for group in groups for doc in group if "#" in doc["location"])


def test_a_result_shows_the_matching_words_in_context_and_only_escaped_text():
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#x", "title": "x &lt;b&gt;", "text": "Before. " * 60 + "The tie &lt;script&gt;alert(1)&lt;/script&gt; here. "
             + "After. " * 60, "boost": 2}]
    hostile = "<img src=x onerror=alert(1)> tie"
    (groups,) = _ask(_index("en", docs), hostile)
    entry = groups[0][0]
    assert "<mark>tie</mark>" in entry["text"]
    assert len(entry["text"]) < 400 and entry["text"].startswith("<p>… ")
    tags = set(re.findall(r"</?([a-z]+)", entry["title"] + entry["text"]))
    assert tags <= {"p", "mark"}, tags
    assert "&lt;script&gt;" in entry["text"] and "&lt;b&gt;" in entry["title"]


@pytest.mark.parametrize("query", ["", "   ", "(a|b)*+[x", "\\", "^$.*?", "tie " * 1250, "é" * 5000, "<>&\"'"])
def test_bad_input_gets_an_answer_and_no_error(query):
    (groups,) = _ask(_index("en", RULES), query)
    assert isinstance(groups, list)
    for group in groups:
        for doc in group:
            assert set(re.findall(r"</?([a-z]+)", doc["title"] + doc["text"])) <= {"p", "mark"}


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_theme_runs_search_in_our_worker(site, language):
    html = (site / language / "rules" / "chapter-4" / "index.html").read_text(encoding="utf-8")
    start = html.index('<script id="__config" type="application/json">') + len('<script id="__config" type="application/json">')
    config = json.loads(html[start:html.index("</script>", start)])
    url = urlsplit(config["search"])
    assert url.path.endswith("assets/javascripts/workers/altered-rules-search.js")
    workers = site / language / "assets" / "javascripts" / "workers"
    assert (workers / "altered-rules-search.js").is_file()
    # The name in docs/overrides/main.html must be the worker this Material ships, or Material's
    # lunr worker would run instead of ours.
    assert (workers / "search.a7633da7.min.js").is_file(), sorted(p.name for p in workers.iterdir())


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_index_carries_the_paragraphs_their_cards_and_the_termbase_words(site, language):
    index = json.loads((site / language / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["altered"]["language"] == language
    by_location = {doc["location"]: doc for doc in index["docs"]}
    rule = by_location["rules/chapter-2/#2.1.c"]
    assert rule["title"].startswith("2.1.c · ") and "Kuwat, the Dissenter" in rule["cards"]
    words = {tuple(pair) for pair in index["config"]["altered"]["synonyms"]}
    if language == "it":
        assert ("Gigantesco", "Colossale") in words
    assert not any("<" in doc["text"] for doc in index["docs"])


CARDS = [
    {"location": "rules/chapter-2/#2.1.c", "title": "2.1.c · Cards", "boost": 2,
     "text": "Kuwat, the Dissenter sacrifices a Character; Kuwat, the Dissenter is sacrificed.", "cards": "Kuwat, the Dissenter"},
    {"location": "cards/kuwat-the-dissenter/", "title": "Kuwat, the Dissenter", "text": "Sacrifice a Character"},
    {"location": "cards/tinker-bell/", "title": "Tinker Bell", "text": "", "names": ["Fée Clochette"]},
    {"location": "rules/chapter-2/#2.2.3.c", "title": "2.2.3.c · Names", "boost": 2,
     "text": "Tinker Bell is printed Fée Clochette on French cards: Fée Clochette, Fée Clochette.", "cards": "Fée Clochette"},
]


def test_a_pages_whole_name_lands_on_that_page_before_the_rules_that_mention_it():
    english, printed, partial = _ask(_index("en", CARDS), "Kuwat, the Dissenter", "fee clochette", "Kuwat")
    assert _links(english)[:2] == ["cards/kuwat-the-dissenter/", "rules/chapter-2/#2.1.c"], _links(english)
    assert _links(printed)[0] == "cards/tinker-bell/", _links(printed)
    # Only the whole name: one word of it is ranked like any other word.
    assert _links(partial)[0] == "rules/chapter-2/#2.1.c", _links(partial)


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_pages_about_the_site_are_indexed_by_their_headings_only(site, language):
    index = json.loads((site / language / "search" / "search_index.json").read_text(encoding="utf-8"))
    about = [doc for doc in index["docs"] if doc["location"].split("#")[0] in ("scenarios/", "editing/", "security/")]
    assert len(about) > 20 and all(doc["title"] for doc in about)
    assert all(doc["text"] == "" for doc in about)
    printed = {doc["location"]: doc.get("names") for doc in index["docs"] if doc.get("names")}
    if language == "fr":
        assert printed == {"cards/tinker-bell/": ["Fée Clochette"]}


# ---- issue 27: other games' words, zones, modes, and never an empty page ----------------------
def _index_with(language: str, docs: list[dict], synonyms=(), broader=(), nothing="Nothing for {query}; try {near}") -> dict:
    index = _index(language, docs, synonyms)
    index["config"]["altered"].update({"broader": [list(p) for p in broader], "nothing": nothing})
    return index


def test_other_games_words_in_an_entrys_jargon_find_it_as_its_title_would():
    """jargon.yaml's `rules`: "loop" finds 6.3.f, whose text says "100 times", not "loop"."""
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#6.3.f", "title": "6.3.f · Reactions", "boost": 2, "jargon": "loop · infinite loop",
             "text": "A given Reaction cannot be activated more than 100 times in a single day."},
            {"location": "r/#6.3.a", "title": "6.3.a · Reactions", "boost": 2, "text": "Some abilities are Reactions."}]
    (groups,) = _ask(_index("en", docs), "infinite loop reaction")
    assert _links(groups)[0] == "r/#6.3.f", _links(groups)
    without = [{k: v for k, v in doc.items() if k != "jargon"} for doc in docs]
    (groups,) = _ask(_index("en", without), "infinite loop reaction")
    assert _links(groups)[0] == "r/#6.3.a", _links(groups)


def test_a_zones_name_also_finds_the_rules_about_any_zone():
    """A token "sent to the Reserve" is answered by 2.1.d, which says "its new zone" (termbase `zone`)."""
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#2.1.d", "title": "2.1.d · Objects", "boost": 2,
             "text": "If a token would leave the Expedition zone, it ceases to exist after joining its new zone."},
            {"location": "r/#2.2.7.c", "title": "2.2.7.c · Reserve cost", "boost": 2, "text": "Tokens have a reserve cost of 0."},
            {"location": "r/#7.3.3.a", "title": "7.3.3.a · Create", "boost": 2, "text": "To create a token is to put it in play."}]
    broad, narrow = (_ask(_index_with("en", docs, broader=b), "token sent to the discard pile")[0]
                     for b in ([["Discard pile", "zone"]], []))
    assert _links(broad)[0] == "r/#2.1.d", _links(broad)
    assert _links(narrow)[0] != "r/#2.1.d", _links(narrow)
    # Typed alone, a zone's name asks about that zone, not about any zone.
    (alone,) = _ask(_index_with("en", docs + [{"location": "r/#d", "title": "d", "text": "The discard pile.", "boost": 2}],
                                broader=[["Discard pile", "zone"]]), "discard pile")
    assert _links(alone) == ["r/#d"], _links(alone)


def test_a_query_that_finds_nothing_is_offered_the_nearest_terms_and_their_results():
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#x", "title": "x", "text": "A card in the discard pile stays there.", "boost": 2},
            {"location": "r/#y", "title": "y", "text": "Each player readies their Characters.", "boost": 2}]
    index = _index_with("en", docs, synonyms=[["graveyard", "discard pile"], ["untap", "ready"]])
    typo, near, nothing = _ask(index, "graveyrd", "untp $& <b>", "xqzzv $& <b>")
    # A judge's word mistyped finds its term as a word would.
    assert _links(typo)[0] == "r/#x", _links(typo)
    first = near[0][0]
    assert _notice(first["title"]).startswith("Nothing for untp $&amp; &lt;b&gt;; try <mark>"), first["title"]
    assert "<b>" not in first["title"] and len(_links(near)) >= 2
    # Nothing near (issue 40): the notice alone, no unrelated results; here the index names no terms page.
    assert nothing == []
    index["config"]["altered"].update({"nothing_far": "Nothing for {query}.", "terms_page": "r/"})
    (far,) = _ask(index, "xqzzv $& <b>")
    assert [_notice(doc["title"]) for doc in far[0] if "#" in doc["location"]] == ["Nothing for xqzzv $&amp; &lt;b&gt;."]
    assert _links(far) == ["r/#"], _links(far)


def _notice(title: str) -> str:
    """A notice's text, without the mark that tells the page it is one (altered-rules.js)."""
    assert title.startswith('<span class="ar-search-nothing">') and title.endswith("</span>"), title
    return title[len('<span class="ar-search-nothing">'):-len("</span>")]


def test_a_rule_number_the_glossary_does_not_hold_is_offered_the_nearest_rules():
    docs = [{"location": "r4/", "title": "4", "text": ""},
            {"location": "r4/#4.2.4", "title": "4.2.4 Dusk", "text": "", "boost": 4},
            {"location": "r4/#4.2.4.c", "title": "4.2.4.c · Dusk", "text": "A tie is not sufficient.", "boost": 2},
            {"location": "r7/", "title": "7", "text": ""},
            {"location": "r7/#7.2", "title": "7.2 Pronouns", "text": "", "boost": 4}]
    held, section, chapter = _ask(_index_with("en", docs), "4.2.4.c", "4.5.9", "9.9")
    assert _links(held)[0] == "r4/#4.2.4.c" and "Nothing" not in held[0][0]["title"]
    # The numbers of its shape nearest it (a whole chapter is no nearest number).
    assert _notice(section[0][0]["title"]) == "Nothing for 4.5.9; try <mark>4.2.4</mark>", section[0][0]["title"]
    assert "<mark>7.2</mark>" in chapter[0][0]["title"], chapter[0][0]["title"]


def test_the_index_pairs_english_terms_and_other_games_words_with_the_local_term(glossary):
    from altered_rules.site_assets.search_index import broader_words, judge_words
    french, english = ({tuple(p) for p in judge_words(glossary, language)} for language in ("fr", "en"))
    assert {("Discard pile", "défausse"), ("graveyard", "défausse"), ("cimetière", "défausse"), ("tap", "épuiser")} <= french
    assert ("graveyard", "Discard pile") in english and not any(term == "défausse" for _, term in english)
    # Where Altered has no equivalent (mana burn), the word is no synonym of anything.
    assert not any(word == "mana burn" for word, _ in english)
    assert ("Riserva", "area") in {tuple(p) for p in broader_words(glossary, "it")}


def test_a_game_modes_blocks_are_titled_with_the_mode_and_rules_carry_their_jargon(glossary):
    from altered_rules.site_assets.search_index import with_rule_entries
    material = {"config": {}, "docs": [{"location": "modes/free-for-all/", "title": "Free for All", "text": "x"},
                                       {"location": "modes/free-for-all/#free-for-all-3", "title": "Victory conditions", "text": "y"},
                                       {"location": "rules/chapter-6/#6.3", "title": "6.3 Reactions", "text": ""}]}
    index = with_rule_entries(material, glossary, "fr")
    by_location = {doc["location"]: doc for doc in index["docs"]}
    assert by_location["modes/free-for-all/#free-for-all-3"]["title"] == "Victory conditions · Chacun pour soi"
    # On the French site, the French and the English words of other games.
    assert {"boucle", "loop"} <= set(by_location["rules/chapter-6/#6.3.f"]["jargon"].split(" · "))
    assert "FFA" in by_location["modes/free-for-all/"]["jargon"]


def test_a_french_irregular_verb_is_found_by_any_of_its_forms():
    """"savoir dans quelle expédition" finds 3.2.4.e, which says "sait"; "s'écrit" finds "s'écrivent"."""
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#a", "title": "a", "text": "Chaque joueur sait dans quelle expédition se trouve chaque objet.", "boost": 2},
            {"location": "r/#b", "title": "b", "text": "Les actions rapides s'écrivent « Coût : Effet ».", "boost": 2}]
    know, written = _ask(_index("fr", docs), "savoir", "comment s'écrit une action rapide")
    assert _links(know) == ["r/#a"], _links(know)
    assert _links(written)[0] == "r/#b", _links(written)


def test_the_termbase_gives_the_rules_words_for_what_judges_say_otherwise(glossary):
    from altered_rules.site_assets.search_index import judge_words
    english, italian = ({tuple(p) for p in judge_words(glossary, language)} for language in ("en", "it"))
    assert {("refuse", "decline"), ("disappear", "cease to exist"), ("same stat", "tie"), ("copies", "same name")} <= english
    assert {("parità", "pareggio"), ("copie", "stesso nome"), ("sparire", "cessare di esistere")} <= italian


# ---- issue 40: rule numbers as typed, confident corrections, headings and pages in order ------
NUMBERED = [
    {"location": "r4/", "title": "4. The day", "text": ""},
    {"location": "r4/#4.1", "title": "4.1 Beginning", "text": "", "boost": 4},
    {"location": "r4/#4.1.a", "title": "4.1.a · Beginning", "text": "All zones are empty: 3 cards each.", "boost": 2},
    {"location": "r4/#4.1.f", "title": "4.1.f · Beginning", "text": "A player with no Hero may present 3 cards.", "boost": 2},
    {"location": "r4/#4.2.4", "title": "4.2.4 Dusk", "text": "", "boost": 4},
    {"location": "r4/#4.2.4.b", "title": "4.2.4.b · Dusk", "text": "Progress: compare 3 statistics.", "boost": 2},
    {"location": "r6/", "title": "6. Costs", "text": ""},
    {"location": "r6/#6.1.a", "title": "6.1.a · Costs", "text": "Costs change the game.", "boost": 2},
    {"location": "r7/", "title": "7. Keywords", "text": ""},
    {"location": "r7/#7.3.1", "title": "7.3.1 Activates", "text": "", "boost": 4},
    {"location": "r7/#7.3.22.b", "title": "7.3.22.b · Switch expeditions", "text": "It leaves its 3 former expeditions.", "boost": 2},
]


@pytest.mark.parametrize(("typed", "rule"), [
    ("7.3.22b", "7.3.22.b"), ("7-3-22-b", "7.3.22.b"), ("7,3,22,b", "7.3.22.b"), ("r4.1f", "4.1.f"), ("R4.1f", "4.1.f"),
    ("§7.3", "7.3.1"), ("§ 7.3", "7.3.1"), ("regle 4-2-4", "4.2.4"), ("règle 4.2.4", "4.2.4"), ("regola 4.2.4", "4.2.4"),
    ("rule 4-2-4", "4.2.4"), ("4.1 f", "4.1.f"), ("4.1(f)", "4.1.f"), ("4.1 (f)", "4.1.f"), ("4.1.F", "4.1.f"),
])
def test_a_rule_number_in_the_forms_judges_type_lands_on_that_rule(typed, rule):
    (groups,) = _ask(_index("en", NUMBERED), typed)
    assert _links(groups)[0] == f"{'r7' if rule.startswith('7') else 'r4'}/#{rule}", (typed, _links(groups))


def test_a_rule_number_the_glossary_lacks_says_so_and_offers_the_same_shaped_nearest():
    index = _index_with("en", NUMBERED)
    index["config"]["altered"]["no_rule"] = "No rule {rule} here; nearest: {near}"
    missing, glued = _ask(index, "5.1.a", "4f")
    # Never the lookalikes one digit away as if they answered (2.1.a, 4.1.a were results of "5.1.a").
    assert _notice(missing[0][0]["title"]) == "No rule 5.1.a here; nearest: <mark>4.1.a</mark>, <mark>6.1.a</mark>, <mark>4.1.f</mark>"
    assert _notice(glued[0][0]["title"]).startswith("No rule 4.f here; nearest: <mark>4.1")


def test_a_word_is_corrected_only_when_the_correction_is_confidently_the_word_meant():
    docs = [{"location": "r/", "title": "R", "text": ""},
            {"location": "r/#a", "title": "a", "text": "Force is a statistic.", "boost": 2, "jargon": "land · mana"},
            {"location": "r/#b", "title": "b", "text": "The expedition moves forward.", "boost": 2}]
    lance, forger, typo, swapped = _ask(_index("fr", docs), "lance", "forger", "expedtion", "expeditoin")
    assert "r/#a" not in _links(lance) and "r/#a" not in _links(forger), (_links(lance), _links(forger))
    assert _links(typo)[0] == _links(swapped)[0] == "r/#b"


def test_a_heading_comes_before_its_own_paragraphs_and_a_page_entry_heads_its_group_only_when_best():
    docs = [{"location": "r7/", "title": "7. Keywords", "text": ""},
            {"location": "r7/#7.4.3", "title": "7.4.3 Gigantic", "text": "", "boost": 4},
            {"location": "r7/#7.4.3.a", "title": "7.4.3.a · Gigantic", "text": "Gigantic is a passive ability. Gigantic.", "boost": 2},
            {"location": "m/", "title": "Free for All", "text": "A mode for three players or more; victory is told below."},
            {"location": "m/#m-3", "title": "Victory conditions · Free for All", "text": "The first player whose victory conditions...",
             "boost": 2}]
    gigantic, victory = _ask(_index("en", docs), "gigantic", "victory")
    assert _links(gigantic)[:2] == ["r7/#7.4.3", "r7/#7.4.3.a"], _links(gigantic)
    assert _links(victory)[0] == "m/#m-3", _links(victory)
    page = next(doc for doc in victory[0] if doc["location"] == "m/")
    assert page["score"] == 0 and page["text"] == ""


def test_cards_rulings_and_modes_in_the_index_of_the_site(site):
    index = json.loads((site / "fr" / "search" / "search_index.json").read_text(encoding="utf-8"))
    by = {doc["location"]: doc for doc in index["docs"]}
    ada = by["cards/ada-lovelace/"]["text"]
    # The trigger symbol's name apart from the text, the separator a dash, no "Modifier cette entrée".
    assert "Quand je suis joué depuis la Réserve You may" in ada, ada
    assert "Modifier cette entrée" not in " ".join(doc["text"] for doc in index["docs"])
    assert "séparateur" not in by["cards/aloe-vera/"]["text"] and "—" in by["cards/aloe-vera/"]["text"]
    # Weighed near a rule paragraph (2), no longer at half of it.
    assert {doc["boost"] for loc, doc in by.items() if loc.startswith("rulings/#ruling-")} == {1.6}
    assert {doc["boost"] for loc, doc in by.items() if loc.startswith("modes/") and "#" in loc} == {1.6}
    english = json.loads((site / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]["altered"]
    words = {tuple(pair) for pair in english["synonyms"]}
    # Another language's game words on the English site, but never a word of its own text: French
    # "Main" (Hand) is the English "main" of "the main objective".
    assert {("Jeton", "Token"), ("sfera", "Mana Orb"), ("energia", "Mana Orb"), ("pile ou face", "first player")} <= words, words
    assert ("Main", "Hand") not in words and ("Mano", "Hand") in words


def test_a_card_code_is_one_word_found_in_any_form_and_nothing_else_with_it():
    # A pool's codes share their parts ("alt", "syn", "ax", "c"): read as words, a search by code
    # scored every card of the pool (issue 40: 154 ms with 5,000 cards) and drew 60 groups.
    docs = [{"location": f"cards/alt-syn-b-ax-{n}-c/", "title": f"Card {n}",
             "text": f"Code: ALT_SYN_B_AX_{n}_C · Printed names: Card {n} · When I am played, draw a card."}
            for n in range(300)]
    docs.append({"location": "r/#2.2.8.a", "title": "2.2.8.a · Faction", "text": "Axiom is a faction: ax, syn.", "boost": 2})
    code, slug, lower, words = _ask(_index("en", docs), "ALT_SYN_B_AX_17_C", "alt-syn-b-ax-17-c", "alt_syn_b_ax_17_c",
                                    "card 17")
    for groups in (code, slug, lower):
        assert _links(groups) == ["cards/alt-syn-b-ax-17-c/"], _links(groups)
    # Its name is searched as words, as before.
    assert _links(words)[0] == "cards/alt-syn-b-ax-17-c/", _links(words)
    # A code is marked in the result's text.
    assert "<mark>ALT_SYN_B_AX_17_C</mark>" in code[0][0]["text"], code[0][0]["text"]


def test_the_chrome_around_an_answer_and_a_ruling_s_argument_are_not_searched(site):
    # Issue 40: "Checked by the engine as max_rare: 15" made a game mode's deck rules the answer to
    # "max rares in a deck"; a ruling's "Why" (its editors' argument) answered "can a tie move".
    for language, why, check, sandbox in (("en", "Why.", "Checked by the engine as", "Open in the sandbox"),
                                          ("fr", "Pourquoi.", "Vérifié par le moteur", "Ouvrir dans le bac à sable")):
        index = json.loads((site / language / "search" / "search_index.json").read_text(encoding="utf-8"))
        by = {doc["location"]: doc for doc in index["docs"]}
        deck = by["modes/sealed/#sealed-deck"]["text"]
        assert "min_cards" not in deck and "max_rare" not in deck and "seed-003" not in deck, deck
        assert all(sandbox not in doc["text"] and check not in doc["text"] for doc in index["docs"])
        ruling = by["rulings/#ruling-moves-forward-due-to"]["text"]
        assert "4.2.4.h" in ruling and why not in ruling and "ties" not in ruling, ruling
        # A section's heading weighs as a paragraph: at twice it, "4.4 Checking reactions" came above
        # 4.4.c for "after playing a reaction are reactions checked again".
        assert by["rules/chapter-4/#4.4"]["boost"] == by["rules/chapter-4/#4.4.c"]["boost"] == 2


def test_a_heading_weighed_as_a_paragraph_still_comes_first_for_its_number_and_after_its_answer():
    docs = [{"location": "r4/", "title": "4. The day", "text": ""},
            {"location": "r4/#4.4", "title": "4.4 Checking reactions", "text": "", "boost": 2},
            {"location": "r4/#4.4.a", "title": "4.4.a · Checking reactions", "text": "At several points players check reactions.",
             "boost": 2},
            {"location": "r4/#4.4.c", "title": "4.4.c · Checking reactions",
             "text": "Once that Reaction has been played, Reactions are checked again.", "boost": 2}]
    number, again = _ask(_index("en", docs), "4.4", "reaction played checked again")
    assert _links(number)[:2] == ["r4/#4.4", "r4/#4.4.a"], _links(number)
    assert _links(again)[0] == "r4/#4.4.c", _links(again)
