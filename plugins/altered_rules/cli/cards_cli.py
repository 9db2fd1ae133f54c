"""`altered-rules cards import PATH`, `altered-rules cards coverage` and `altered-rules deck check FILE`.

The card pool is imported once into a pool file outside the glossary (default
.cache/altered-rules/card-pool.json, gitignored; `--pool FILE` elsewhere, the file the site's
`cards` option names): the card texts are the publisher's. Bad input is reported as
`file: $.json.path: what is wrong`, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

__all__ = ["DEFAULT_POOL", "add_parsers"]

DEFAULT_POOL = Path(".cache/altered-rules/card-pool.json")
"""Where `cards import` writes the pool and the other commands read it, unless given --pool."""


def _load_pool(path: Path):
    from ..content.pool import read_pool
    try:
        return read_pool(path)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def _cmd_import(args: argparse.Namespace) -> int:
    from ..content.pool import PoolImportError, import_pool, write_pool
    from ..content.pool.model import DATA_LANGUAGES
    try:
        pool = import_pool(args.path)
    except PoolImportError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        print(f"cards import: {len(exc.problems)} problem(s) in {args.path}; nothing was written", file=sys.stderr)
        return 1
    for warning in pool.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    write_pool(pool, args.pool)
    languages = Counter(lang for card in pool.cards.values() for lang in card.names)
    per_language = ", ".join(f"{lang.upper()} {languages[lang]:,}" for lang in DATA_LANGUAGES if languages[lang])
    rulings = sum(len(card.rulings) for card in pool.cards.values())
    print(f"cards import: {len(pool.cards):,} cards ({per_language}), {rulings:,} rulings, "
          f"{sum(c.suspended for c in pool.cards.values())} suspended, {sum(c.errated for c in pool.cards.values())} errated, "
          f"{len(pool.warnings)} warning(s); written to {args.pool}")
    return 0


def _cmd_coverage(args: argparse.Namespace) -> int:
    import json
    from ..content.pool.coverage import pool_coverage
    pool = _load_pool(args.pool)
    if pool is None:
        return 1
    result = pool_coverage(pool)
    if args.json:
        def counts(c):
            return {"cards": c.cards, "read": c.read, "no_text": c.no_text, "abilities": c.abilities, "abilities_read": c.abilities_read}
        print(json.dumps({"total": counts(result.total),
                          "by_set": {k: counts(v) for k, v in sorted(result.by_set.items())},
                          "by_faction": {k: counts(v) for k, v in sorted(result.by_faction.items())},
                          "unread": [{"phrasing": p, "abilities": n, "example": result.examples[p]}
                                     for p, n in result.unread.most_common(args.top)]}, ensure_ascii=False, indent=1))
        return 0
    total = result.total
    print(f"cards coverage: the engine reads every ability of {total.read:,} of {total.with_text:,} cards with text "
          f"({total.share()}); {total.abilities_read:,} of {total.abilities:,} abilities; "
          f"{total.no_text:,} cards have no ability")
    for title, table in (("set", result.by_set), ("faction", result.by_faction)):
        print(f"\nby {title}:")
        for key, c in sorted(table.items()):
            print(f"  {key:<12} {c.read:>6,} of {c.with_text:>6,}  {c.share():>6}")
    print(f"\nthe {min(args.top, len(result.unread))} most common unread phrasings (abilities, one card showing it):")
    for phrasing, n in result.unread.most_common(args.top):
        # Card text is the publisher's, printed to a terminal: control characters are shown, not run.
        print(f"  {n:>5}  {_shown(phrasing)}  ({result.examples[phrasing]})")
    return 0


def _shown(text: str) -> str:
    """A pasted line or card text as a terminal shows it safely (control characters escaped)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _cmd_deck_check(args: argparse.Namespace) -> int:
    from engine.catalogue import ENGLISH_RENDERER
    from engine.vocabulary import DeckFormat
    from ..content.glossary import GlossaryError, load_glossary
    from ..content.pool.decklist import MAX_DECKLIST_BYTES, check_pasted_deck, read_decklist

    try:
        with args.file.open("rb") as handle:
            data = handle.read(MAX_DECKLIST_BYTES + 1)   # a huge file is refused, not read
        text = data.decode("utf-8-sig")
    except OSError as exc:
        print(f"error: {args.file}: cannot read the decklist ({exc.strerror})", file=sys.stderr)
        return 1
    except UnicodeDecodeError as exc:
        print(f"error: {args.file}: not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8", file=sys.stderr)
        return 1
    if len(data) > MAX_DECKLIST_BYTES:
        print(f"error: {args.file}: more than {MAX_DECKLIST_BYTES:,} bytes (the limit); a decklist has a few dozen lines", file=sys.stderr)
        return 1
    pool = _load_pool(args.pool)
    if pool is None:
        return 1
    try:
        limits = load_glossary(args.glossary).deck_limits
    except GlossaryError as exc:
        for error in exc.errors:
            print(f"error: {error}", file=sys.stderr)
        return 1
    deck_format = DeckFormat(args.format)
    if deck_format not in limits:
        print(f"error: {args.glossary}: its game modes give no deck limits for {deck_format.value}", file=sys.stderr)
        return 1
    deck = read_decklist(text, pool)
    result = check_pasted_deck(deck, deck_format, limits[deck_format])
    count = sum(line.count for line in deck.cards)
    print(f"deck check ({deck_format.value}): {count} card(s) read from {len(deck.cards)} line(s) of {args.file}, "
          f"{len(deck.unread)} line(s) unread")
    for unread in deck.unread:
        print(f"{args.file}:{unread.line}: unread: {_shown(unread.text.strip())!r}: {unread.why}")
    for line in deck.cards:
        card = line.card
        faction = card.faction.value if card.faction else "neutral"
        rarity = card.rarity.value if card.rarity else ("-" if card.deck_type in ("hero", "token") else card.rarity_code.lower())
        note = f"; not in the pool: read off its code as a unique of {card.family}" if line.read_off_code else ""
        print(f"  {line.count} x {card.reference}  {_shown(card.name)}  ({card.deck_type}, {faction}, {rarity}{note})")
    for rule in result.report.violations:
        print(f"breaks {rule}: {ENGLISH_RENDERER.render(result.report.why[rule])}")
    for line in result.suspended:
        where = ("not allowed in Standard organised play" if result.suspension_applies
                 else f"suspended in Standard organised play; the {deck_format.value} rules say nothing of suspensions")
        print(f"{args.file}:{line.line}: suspended: {line.card.reference} {_shown(line.card.name)} ({where})")
    for line in result.unranked:
        print(f"{args.file}:{line.line}: {line.card.reference} is {line.card.rarity_code.lower()}: a rarity the deck rules "
              "(1.1.4.f-g) do not name, so the check counts it as neither rare nor unique and gives no verdict")
    verdict = {True: "legal", False: "not legal", None: "no verdict: some lines are unread or a rarity is unknown"}[result.legal]
    print(f"deck check: {verdict}")
    return 0 if result.legal else 1


def add_parsers(sub: argparse._SubParsersAction, default_glossary: Path) -> None:
    from engine.vocabulary import DeckFormat

    cards = sub.add_parser("cards", help="the publisher's card pool: import it, and how much of it the engine reads")
    actions = cards.add_subparsers(dest="action", required=True, metavar="ACTION")
    load = actions.add_parser("import", help="read the card data (a folder or a JSON file, either layout) into the pool file, all or nothing")
    load.add_argument("path", type=Path, metavar="PATH")
    coverage = actions.add_parser("coverage", help="how many cards' every ability the engine reads, per set and faction")
    coverage.add_argument("--json", action="store_true", help="print one JSON object")
    coverage.add_argument("--top", type=int, default=20, help="how many unread phrasings to list (default: 20)")
    for action in (load, coverage):
        action.add_argument("--pool", type=Path, default=DEFAULT_POOL, help=f"the pool file (default: {DEFAULT_POOL})")
    load.set_defaults(func=_cmd_import)
    coverage.set_defaults(func=_cmd_coverage)

    deck = sub.add_parser("deck", help="check a decklist as people paste it (card codes or names, with counts)")
    deck_actions = deck.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = deck_actions.add_parser("check", help="the deck rules a pasted decklist breaks, with the card pool's types, factions and rarities")
    check.add_argument("file", type=Path, metavar="FILE")
    check.add_argument("--format", choices=[f.value for f in DeckFormat], default=DeckFormat.STANDARD.value,
                       help="the deck format (default: standard)")
    check.add_argument("--pool", type=Path, default=DEFAULT_POOL, help=f"the pool file (default: {DEFAULT_POOL})")
    check.add_argument("--glossary", type=Path, default=default_glossary,
                       help="glossary folder whose game modes give the deck limits (default: glossary)")
    check.set_defaults(func=_cmd_deck_check)
