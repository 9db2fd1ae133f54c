"""Decisions players make while the game runs: whether to use a "may", which object to choose,
which Emblem-Reaction to play first.

The engine never decides for a player. A scenario gives each action's decisions in the order
the engine asks them (`choices:`); several players' decisions in one step are asked in
initiative order (6.1.g). A choice with a single option is no decision and is not asked.
Every decision made is kept, in order, in the run log: `game.log.choices_made`.
"""

from __future__ import annotations

from .catalogue import ENGLISH_RENDERER
from .errors import ScenarioError
from .messages import Message, Player, Quote, Term, msg
from .records import Answer
from .state import Game
from .vocabulary import PlayerName

__all__ = ["Answer", "choose", "YES", "NO"]

YES, NO = "yes", "no"


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()).lower() == " ".join(b.split()).lower()


def choose(
    game: Game,
    player: PlayerName,
    question: Message,
    options: list[str],
    *,
    may: bool = False,
    rules: tuple[str, ...] = ("6.1.g",),
    rulings: tuple[str, ...] = (),
) -> str | None:
    """`player`'s decision among `options` (as they are written there), or None when they decline a
    "may" (or there is nothing to choose). ScenarioError when the scenario does not give it."""
    if not options:
        return None
    asked = ENGLISH_RENDERER.render(question)  # a scenario error is about the scenario file, in English
    if not may and len(options) == 1:
        return options[0]
    allowed = ", ".join(options) + (f", or {NO}" if may else "")
    if not game.log.answers:
        raise ScenarioError(
            f"{player} must decide {asked}: {allowed}. Give the decision in the action's `choices:`, "
            f"e.g. choices: [{{{player}: {options[0]}}}]"
        )
    answer = game.log.answers[0]
    if answer.player != player:
        raise ScenarioError(
            f"the engine asks {player} to decide {asked} ({allowed}), but the next decision listed in "
            f"`choices:` is {answer.player}'s; decisions are listed in the order they are asked (initiative order, 6.1.g)",
            answer.location,
        )
    chosen: str | None
    if may and _same(answer.answer, NO):
        chosen = None
    elif may and _same(answer.answer, YES) and len(options) == 1:
        chosen = options[0]
    else:
        chosen = next((o for o in options if _same(o, answer.answer)), None)
        if chosen is None:
            raise ScenarioError(f"{player} cannot choose {answer.answer!r} when deciding {asked}; allowed: {allowed}", answer.location)
    game.log.answers.pop(0)
    shown = NO if chosen is None else (YES if may and len(options) == 1 and chosen == options[0] and _same(answer.answer, YES) else chosen)
    game.log.choices_made.append(f"{player}: {shown}")
    yes_no = options == [YES]  # a "whether" question: yes and no answer it
    if chosen is None and not yes_no:
        # A "may" that asks which card: declined, no card is chosen (not "which card...: no").
        game.log.trace.add(msg("choice.none_chosen", player=Player(player), question=question), *rules, rulings=rulings)
        return chosen
    # "yes" to a "which" question with one option chooses that option: the trace names it.
    answer_said = Term(shown) if yes_no else Quote(chosen)
    game.log.trace.add(msg("choice.decides", player=Player(player), question=question, answer=answer_said), *rules, rulings=rulings)
    return chosen
