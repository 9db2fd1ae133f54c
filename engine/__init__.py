"""The Altered rules engine: decides game situations and says which rules it applied.

Pure Python, standard library only; it never imports MkDocs or YAML.

Running a scenario (what the glossary build and the command line do)::

    import engine
    scenarios = engine.read_scenarios(data, source="file.yaml")   # data: lists/mappings from YAML
    for result in engine.run_scenarios(scenarios, deck_limits=limits):
        result.passed, result.differences, result.trace, result.error

A deck is checked with its format's numbers given (`deck_limits`: format -> DeckLimits), which
live in the glossary's game modes, not here: the plugin builds them from the glossary
(Glossary.deck_limits), the sandbox reads them from its archive.

Playing a board directly (the checked public path)::

    game = engine.Game.new(["Alice", "Bob"], positions={("Alice", engine.ExpeditionKind.HERO): 3})
    engine.dusk(game); game.board.outcome.winner; game.log.trace.render()

Playing cards and abilities, with the players' decisions given in advance (the engine never
decides for a player; see engine.choices)::

    game.log.answers = [engine.Answer("Alice", "Sacrifice a Character"), engine.Answer("Alice", "Kuwat")]
    engine.play(game, "Alice", "reserve", "Kuwat", engine.ExpeditionKind.HERO)
    game.log.choices_made, game.log.emblem_log, game.log.last_effect, game.log.last_cost

Where the sources name something without defining it (Resupply, Sabotage, a lost effect, how
Mana pays a cost), the engine records the step and refuses anything that depends on its result.

Every error is an `engine.EngineError` (see engine.errors).

Modules, in the order they import one another (a module imports only those above it; no cycle;
tests/test_import_graph.py holds this order as LAYERS and fails an import that goes up it):

- words and values: messages (what the engine says, as data) and catalogue (its English
  sentences), citations (the release whose rule numbers the code cites, CITED_RELEASE, and
  their numbers in the glossary), errors, limits, vocabulary, rulings (the ruling ids), trace,
  wording, objects (cards, objects, passives), places (zone and region words), records
  (players, expeditions, happenings, outcomes and their Termination, the players' answers,
  Progress, effect and cost records), adventure (regions, Tumult cards), decisions (what the
  glossary's rules decide where the seeds are silent), readings (open questions), runlog
  (`RunLog`, what the engine recorded while deciding: trace, happenings, decisions, readings,
  work);
- the game: board (`Board`, what a judge sees on the table), state (`Game`: a board and its run
  log, `game.board` and `game.log`; the only place objects are made, moved and ended), durations
  (where in the day a duration stands);
- rules: choices, movement, ending, dusk; card text, its own package `engine.cardtext` (text,
  instructions, the registry of wordings, reading: see its __init__); reactions, costs,
  cardtext.performing (effects step by step, one handler per instruction), day (phases),
  beginning, information, deck;
- the game loop and the API: api;
- the scenario language, its own package `engine.scenario` reached through its face (its
  __init__): model, syntax, the registries of paths and actions (paths, actions), the reader
  (reader_given, reader_actions, reader_expectations, reader) and the runner (runner).
"""

from .api import (
    advance,
    check_victory,
    dusk,
    find_object,
    lose_gigantic,
    pass_turn,
    play,
    play_phase,
    put,
    resolve,
    retreat,
    switch_expeditions,
    use_ability,
)
from .choices import Answer
from .deck import CONSTRUCTED_PLAY, DECK_RULE_IDS, DeckCard, DeckLimits, DeckLimitsByFormat, DeckReport, check_deck, deck_rules, read_deck_limits
from .cardtext import parse_activated, parse_effect, parse_passive, parse_reaction, parse_token_template
from .records import CostRecord, EffectRecord
from .errors import (
    BoardError,
    EngineError,
    Forbidden,
    GameOver,
    Location,
    LoopLimit,
    MissingRegionTypes,
    RegionOutOfRange,
    RulesSilent,
    ScenarioError,
    UnknownPlayer,
    UnsupportedText,
    WorkLimit,
)
from .objects import Activated, Card, GameObject, Reaction, Trigger
from .citations import CITED_RELEASE, Citations, Current
from .decisions import DECIDABLE, Decision, Decisions, Question, read_decisions
from .readings import OpenQuestion, ReadingNeeded, ReadingOutcome, Readings, Unenumerable
from .rulings import RULINGS, Ruling
from .scenario import (
    Action,
    Difference,
    Expectation,
    Scenario,
    ScenarioResult,
    build_game,
    read_scenario,
    read_scenarios,
    run_scenario,
    run_scenarios,
)
from .adventure import Adventure, Region
from .records import Expedition, Outcome, Player, Termination
from .board import Board
from .runlog import RunLog
from .state import Game
from .trace import Trace, TraceLine, TraceLines
from .vocabulary import (
    ARENA,
    DeckFormat,
    Duration,
    ExpeditionKind,
    Face,
    Faction,
    Keyword,
    Mode,
    ObjectType,
    Phase,
    Position,
    Rarity,
    RegionType,
    Statistic,
    Statistics,
    Status,
    Zone,
)


__all__ = [
    "CITED_RELEASE", "Citations", "Current", "ARENA", "DECIDABLE", "Decision", "Decisions", "Question", "read_decisions", "Action", "Activated", "Adventure", "Answer", "Board", "BoardError", "Card", "CostRecord", "CONSTRUCTED_PLAY", "DECK_RULE_IDS", "DeckCard", "DeckLimits",
    "DeckLimitsByFormat",
    "DeckFormat", "DeckReport", "Difference", "Duration", "EffectRecord", "EngineError", "Expectation", "Expedition",
    "ExpeditionKind", "Face", "Faction", "Forbidden", "Game", "GameObject", "GameOver", "Keyword", "Location", "LoopLimit",
    "MissingRegionTypes", "Mode", "ObjectType", "OpenQuestion", "Outcome", "ReadingNeeded", "ReadingOutcome", "Readings", "Unenumerable", "Phase", "Player", "Position", "RULINGS", "Rarity", "Reaction", "Ruling",
    "Region", "RegionOutOfRange", "RegionType", "RulesSilent", "RunLog", "Scenario", "ScenarioError", "ScenarioResult", "Statistic",
    "Statistics", "Status", "Termination", "Trace", "TraceLine", "TraceLines", "Trigger", "UnknownPlayer", "UnsupportedText", "WorkLimit", "Zone", "advance",
    "build_game", "check_deck", "check_victory", "deck_rules", "dusk", "find_object", "lose_gigantic", "parse_activated", "parse_effect",
    "parse_passive", "parse_reaction", "parse_token_template", "pass_turn", "play", "play_phase", "put", "read_scenario",
    "read_deck_limits", "read_scenarios", "resolve", "retreat", "run_scenario", "run_scenarios", "switch_expeditions", "use_ability",
]
