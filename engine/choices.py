"""Decisions players make while the game runs: whether to use a "may", which object to choose,
which Emblem-Reaction to play first.

The engine never decides for a player. A scenario gives each action's decisions in the order
the engine asks them (`choices:`); several players' decisions in one step are asked in
initiative order (6.1.g). A choice with a single option is no decision and is not asked.
Every decision made is kept, in order, in the run log: `game.log.choices_made`.
"""

from __future__ import annotations

from .errors import ScenarioError
from .messages import Message, Param, Player, Quote, Term, msg
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
    if not may and len(options) == 1:
        return options[0]
    # The decision asked, said in the reader's language (the question), the answers as the file writes them.
    said: dict[str, Param] = dict(player=Player(player), question=question, allowed=Quote(", ".join(options)))
    if not game.log.answers:
        example = Quote(f"choices: [{{{player}: {options[0]}}}]")
        raise ScenarioError(msg("choice.missing_may" if may else "choice.missing", example=example, no=Quote(NO), **said))
    answer = game.log.answers[0]
    if answer.player != player:
        raise ScenarioError(msg("choice.out_of_order_may" if may else "choice.out_of_order", next=Player(answer.player), no=Quote(NO), **said),
                            answer.location)
    chosen: str | None
    if may and _same(answer.answer, NO):
        chosen = None
    elif may and _same(answer.answer, YES) and len(options) == 1:
        chosen = options[0]
    else:
        chosen = next((o for o in options if _same(o, answer.answer)), None)
        if chosen is None:
            raise ScenarioError(msg("choice.not_allowed_may" if may else "choice.not_allowed", answer=Quote(repr(answer.answer)), no=Quote(NO), **said),
                                answer.location)
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
