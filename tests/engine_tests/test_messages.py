"""What the engine says is a message id with typed parameters (engine.messages), rendered from a
catalogue: English from engine.catalogue, the others from plugins/altered_rules/strings/engine/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.catalogue import ENGLISH, ENGLISH_RENDERER
from engine.messages import Card, Items, Player, Reading, Renderer, Term, msg, template_fields
from engine.vocabulary import DeckFormat, Duration, ExpeditionKind, Faction, ObjectType, Phase, RegionType, Status, Zone

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_every_word_of_the_vocabulary_a_message_may_name_is_in_the_catalogue() -> None:
    for words in (Zone, Phase, RegionType, ExpeditionKind, ObjectType, Status, Duration, DeckFormat, Faction):
        for word in words:
            if word is not Zone.ADVENTURE or "term.adventure" in ENGLISH:
                assert f"term.{word.value}" in ENGLISH, word


def test_every_message_id_the_engine_names_is_in_the_english_catalogue() -> None:
    # Every msg("...") with a literal id in the engine's source: a missing one would raise KeyError
    # only when that line is said.
    named = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    named.add((path.name, first.value))
    assert len(named) > 150
    missing = sorted((f, i) for f, i in named if i not in ENGLISH)
    assert not missing


def test_a_template_chooses_plural_forms_by_the_given_rule_and_joins_lists() -> None:
    line = msg("effect.draws", player=Player("Alice"), n=1)
    assert ENGLISH_RENDERER.render(line) == "Alice draws 1 card: the top cards of their Deck go to their Hand"
    assert ENGLISH_RENDERER.render(msg("effect.draws", player=Player("Alice"), n=3)).startswith("Alice draws 3 cards")
    french = Renderer({"x": "{n, plural, one {# carte} other {# cartes}} de {who}", "list.separator": ", ",
                       "list.and": "{first} et {last}", "list.none": "aucun"},
                      plural=lambda n: "one" if n in (0, 1) else "other")
    assert french.render(msg("x", n=0, who=Items((Player("A"), Player("B"), Player("C"))))) == "0 carte de A, B et C"


def test_parameters_are_typed_and_carried_as_data() -> None:
    line = msg("dusk.fails_to_move", expedition=msg("place.expedition", player=Player("Bob"), kind=Term("hero")))
    assert line.to_json() == {"id": "dusk.fails_to_move", "params": {"expedition": {"type": "message", "value": {
        "id": "place.expedition", "params": {"player": {"type": "player", "value": "Bob"}, "kind": {"type": "term", "value": "hero"}}}}}}
    with pytest.raises(TypeError):
        msg("dusk.fails_to_move", expedition="Bob's hero expedition").to_json()  # type: ignore[arg-type]


def test_a_card_shows_its_printed_name_beside_the_rules_name_where_known() -> None:
    renderer = Renderer({"x": "{card} ({reading})", "reading.then": ", puis ", "list.none": "-"}, card_names={"Tinker Bell": "Fée Clochette"})
    assert renderer.render(msg("x", card=Card("Tinker Bell"), reading=Reading("Tinker Bell, then Kuwat"))) == \
        "Tinker Bell (Fée Clochette) (Tinker Bell (Fée Clochette), puis Kuwat)"
    assert renderer.render(msg("x", card=Card("Kuwat"), reading=Reading("a"))) == "Kuwat (a)"


def test_every_template_names_fields_the_parser_reads() -> None:
    for key, template in ENGLISH.items():
        assert template.count("{") == template.count("}"), key
        template_fields(template)


def test_a_template_whose_braces_could_meet_a_plurals_words_is_filled_by_its_regexes() -> None:
    """A template is read once into its parts (engine.messages._parts), except one whose own braces
    could make a field of a plural's words: that one is filled as the regexes fill it (plurals
    first, then the fields of what they give), and both say the same as before."""
    from engine.messages import _parts

    tricky = "{{n, plural, one {who} other {whom}}} and {player}"
    assert _parts(tricky) is None and _parts("{n, plural, one {# card} other {# cards}} of {player}") is not None
    renderer = Renderer({"x": tricky, "y": "{n, plural, one {# card} other {# cards}} of {player:de} {",
                         "z": "{player} has {n, plural, one {# card} other {# cards}}"})
    assert renderer.render(msg("x", n=1, who=Player("Alice"), player=Player("Bob"))) == "Alice and Bob"
    assert renderer.render(msg("x", n=2, whom=Player("Carol"), player=Player("Bob"))) == "Carol and Bob"
    assert renderer.render(msg("y", n=2, player=Player("Bob"))) == "2 cards of Bob {"
    # A plural's number is checked before any field is read, as the regexes did (no KeyError here).
    with pytest.raises(AssertionError, match="n is not a number"):
        renderer.render(msg("z", n=Player("two")))


def test_a_messages_typed_key_tells_types_and_order_apart_as_its_json_does() -> None:
    """typed_key: what a trace line is said by in each language and what its JSON is made from
    (the export makes each different line's JSON once): equal keys, equal JSON."""
    from engine.messages import Rules, typed_key

    said = [msg("x.said", who=Card("Forest"), n=2), msg("x.said", who=Term("Forest"), n=2),
            msg("x.said", n=2, who=Card("Forest")), msg("x.said", who=Card("Forest"), n=2),
            msg("x.list", items=Items((Card("A"), Term("A")))), msg("x.list", items=Items((Term("A"), Card("A")))),
            msg("x.rules", rules=Rules(("4.2.4.c",))), msg("x.rules", rules=Items((Card("4.2.4.c"),)))]
    for a in said:
        for b in said:
            assert (typed_key(a) == typed_key(b)) == (a.to_json() == b.to_json() and list(a.params) == list(b.params)), (a, b)
    assert typed_key(said[0]) == typed_key(said[3]) and typed_key(said[0]) != typed_key(said[2])   # the same order: one key
