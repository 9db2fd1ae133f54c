"""Heavy scenarios: each within every limit on what a scenario holds (engine/limits.py: numbers,
cards, objects, file size, values, nesting), but asking the engine for far more work than any game.

Issue 23 found the first one as a 20 kB sandbox link: 500 aliased characters and 3,900 Dusks kept
the engine busy for 40 s in the browser and wrote 58,000 trace lines. The others are the same
class in other shapes: many reactions compared with each event, many effects, many movements,
a budget shared by the runs of several readings, and two that cost in the reading of the scenario
or in listing its readings rather than in running it. The tests (tests/engine_tests/test_work_budget.py),
the browser test of the sandbox and the benchmark (benchmarks/run.py) read them from here.

Each function gives the YAML text of a one-scenario file; `action_line` is the line of its
actions (the line a refusal while running them names).
"""

from __future__ import annotations

ADVENTURE = ("[hero, {types: [forest]}, {types: [forest]}, {types: [water]}, {types: [water]}, "
             "{types: [mountain]}, {types: [mountain]}, companion]")


def _scenario(name: str, given: list[str], actions: list[str], then: str = "winner: none") -> str:
    lines = [f"- name: {name}", "  given:", "    players: [Alice, Bob]", *given,
             "  when: [" + ", ".join(actions) + "]", "  then:", f"    {then}"]
    return "\n".join(lines) + "\n"


def action_line(text: str) -> int:
    """The line of `when:` in a text made here (all actions are on it)."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("  when:"))


def _aliased(anchor: str, first: str, count: int) -> list[str]:
    """`count` characters in a block list: the first written out with an anchor, the others aliases of it."""
    return [f"          - &{anchor} {first}", *[f"          - *{anchor}"] * (count - 1)]


def aliased_dusks(characters: int = 500, dusks: int = 3_900) -> str:
    """The issue's link: hundreds of aliased characters (one written out), thousands of Dusks that
    tie (nobody moves, so no Dusk is a step of the game, 6.1, and MAX_STEPS never counts one)."""
    given = ["    Alice:", "      hero:", "        characters:",
             *_aliased("c", '"Recruit 0/0/0"', characters // 2),
             "      companion:", "        characters:", *["          - *c"] * (characters - characters // 2),
             "    Bob:", '      hero: {characters: ["Kelon 0/0/0"]}']
    return _scenario("Hundreds of aliased characters and thousands of Dusks", given, ["dusk"] * dusks)


def reacting_dusks(characters: int = 80, reactions: int = 500, dusks: int = 3_900) -> str:
    """Characters with hundreds of reactions each: every reaction is compared with every event of
    every Dusk, though none of them triggers at Dusk."""
    texts = "[" + ", ".join(['"At Noon | Draw a card"'] * reactions) + "]"
    given = ["    Alice:", "      hero:", "        characters:",
             *_aliased("c", f"{{name: Recruit, stats: 0/0/0, reactions: {texts}}}", characters),
             "    Bob:", '      hero: {characters: ["Kelon 0/0/0"]}']
    return _scenario("Characters with hundreds of reactions, and thousands of Dusks", given, ["dusk"] * dusks)


def effects(characters: int = 900, count: int = 3_000) -> str:
    """Thousands of effects, each a step on hundreds of characters."""
    given = ["    Alice:", "      hero:", "        characters:", *_aliased("c", '"Recruit 0/0/0"', characters),
             "    Bob:", '      hero: {characters: ["Kelon 0/0/0"]}']
    actions = ["{effect: I gain 1 boost, controller: Alice}"] * count
    return _scenario("Thousands of effects with hundreds of characters", given, actions)


def movements(characters: int = 900, moves: int = 3_900) -> str:
    """An expedition moved forward and back thousands of times, hundreds of characters in it."""
    given = [f"    adventure: {ADVENTURE}", "    Alice:", "      hero:", "        characters:",
             *_aliased("c", '"Recruit 0/0/0"', characters),
             "    Bob:", '      hero: {characters: ["Kelon 0/0/0"]}']
    actions = ["{move_forward: Alice.hero}", "{move_backward: Alice.hero}"] * (moves // 2)
    return _scenario("An expedition moved thousands of times", given, actions)


def readings_dusks(characters: int = 400, dusks: int = 300, *, open_question: bool = True) -> str:
    """Two abilities that change region types, whose order the sources leave open (2.2.2.p): the
    scenario is run once per order, and each run spends from one budget, so that the runs together
    are refused where one alone (`open_question=False`: Bob's ability is left out) is not."""
    if open_question:
        bob = ('      hero: {characters: [{name: Grovekeeper, stats: 0/0/0, passives: ["All regions are forest and lose '
               'their other types"]}]}')
        then = ('undecided: {"Tidecaller, then Grovekeeper": {arena.types: [forest]}, '
                '"Grovekeeper, then Tidecaller": {arena.types: [water]}}')
    else:
        bob, then = "      hero: {characters: [{name: Grovekeeper, stats: 0/0/0}]}", "arena.types: [water]"
    given = ["    tiebreakers: true", "    Alice:", "      hero:", "        characters:",
             '          - {name: Tidecaller, stats: 0/0/0, passives: ["All regions are water and lose their other types"]}',
             *_aliased("c", '"Recruit 0/0/0"', characters),
             "    Bob:", bob]
    return _scenario("Two readings, each with hundreds of characters and Dusks", given, ["dusk"] * dusks, then=then)


def region_orders(abilities: int = 11) -> str:
    """Many abilities changing region types, each on its own character: their orders are the
    readings, n! of them. Listing every order before counting them took minutes at 11 and would
    take an hour at 12; the runner refuses more than MAX_READINGS (24)."""
    chars = ", ".join(f'{{name: T{i}, stats: 0/0/0, passives: ["All regions are water and lose their other types"]}}'
                      for i in range(abilities - 1))
    given = ["    tiebreakers: true", "    Alice:", f"      hero: {{characters: [{chars}]}}", "    Bob:",
             '      hero: {characters: [{name: G, stats: 0/0/0, passives: ["All regions are forest and lose their other types"]}]}']
    return _scenario("Many abilities changing region types, in every order", given, ["check_victory"],
                     then="arena.types: [forest]")


def aliased_reactions(characters: int = 200, reactions: int = 400) -> str:
    """Tens of thousands of reactions to read, from one text repeated by aliases: the cost is in
    reading them, before any action."""
    texts = "&r [" + ", ".join(['"At Noon | Draw a card"'] * reactions) + "]"
    given = ["    Alice:", "      hero:", "        characters:",
             f"          - {{name: R0, stats: 0/0/0, reactions: {texts}}}",
             *[f"          - {{name: R{i}, stats: 0/0/0, reactions: *r}}" for i in range(1, characters)],
             "    Bob:", '      hero: {characters: ["Kelon 0/0/0"]}']
    return _scenario("Tens of thousands of aliased reactions", given, ["noon"])


def link_text(characters: int = 500, dusks: int = 3_900) -> str:
    """The issue's link as a judge would paste or share it: YAML within the sandbox's 20,000
    characters (sandbox_runtime.LINK_MAX_CHARS), the characters and the Dusks repeated by aliases,
    and no `then:` (a situation to explore). With 2 characters instead of 500 it is within the work
    budget, and its trace holds about 58,000 lines."""
    hero = characters // 2
    return "\n".join([
        "- name: The heavy link of issue 23",
        "  given:",
        "    players: [Alice, Bob]",
        "    Alice:",
        "      hero: {characters: [&c Recruit 0/0/0" + ", *c" * (hero - 1) + "]}",
        "      companion: {characters: [" + ", ".join(["*c"] * (characters - hero)) + "]}",
        "    Bob: {hero: {characters: [Kelon 0/0/0]}}",
        "  when: [&d dusk" + ", *d" * (dusks - 1) + "]",
    ]) + "\n"


SHAPES = {
    "aliased characters and Dusks": aliased_dusks,
    "many reactions each Dusk": reacting_dusks,
    "many effects": effects,
    "many movements": movements,
    "readings sharing the budget": readings_dusks,
}
"""The shapes refused by the work budget (engine.limits.MAX_WORK), by name."""

ROOMY = {
    "aliased characters and Dusks": {"characters": 50, "dusks": 390},
    "many reactions each Dusk": {"characters": 8, "reactions": 50, "dusks": 100},
    "many effects": {"characters": 90, "count": 300},
    "many movements": {"characters": 90, "moves": 390},
    "readings sharing the budget": {"dusks": 10},
}
"""The same shapes at a tenth of their size or less: within the budget, they run to their outcome."""
