"""Keywords have one seam (issue 26): the engine's keyword rules read `Card.has(Keyword.X)`, so
that adding a member to `engine.Keyword` (docs/*/editing.md, "Adding a keyword") has one way in."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.objects import Card

ENGINE = Path(engine.__file__).parent
# A keyword read any other way: a property named after it (card.gigantic; a message id such as
# "switch.gigantic" is no read) or a membership test of the keyword set outside Card.has.
_OTHER_READS = re.compile(r"\bcard\.(?:%s)\b|Keyword\.\w+ (?:not )?in " % "|".join(k.value for k in engine.Keyword))


def test_the_engine_reads_every_keyword_through_card_has():
    found = [f"{path.relative_to(ENGINE)}:{number}: {line.strip()}"
             for path in sorted(ENGINE.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _OTHER_READS.search(line)]
    assert found == []


def test_card_has_follows_its_keywords():
    giant = Card("Giant", keywords=frozenset({engine.Keyword.GIGANTIC}))
    assert giant.has(engine.Keyword.GIGANTIC) and not Card("Elf").has(engine.Keyword.GIGANTIC)
