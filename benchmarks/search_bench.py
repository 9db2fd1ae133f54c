"""A judge's search benchmark (issue 14): the questions of benchmarks/search-queries.yaml put to
the built site's search box in Chromium, scored per language against a plain substring search.

    .venv/bin/python benchmarks/run.py --only search      # this part of `make bench` alone

For each query the links the page draws are read in order, leaving out what a judge does not see
as a result: a page's header drawn only to group its matches (score 0) and matches folded shut
under "N more". The scores are the usual ones: success@1 (the first result answers), recall@5
(an answer among the first five) and MRR@10 (the mean of 1/rank of the first answer, 0 past ten).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence
from urllib.parse import unquote, urlsplit

from altered_rules.content.glossary.model import Glossary
from altered_rules.content.sourcefiles import load_yaml_file
from altered_rules.content.yamlsource import LineDict, LineList, SourceError, line_of
from altered_rules.languages import LANGUAGES

QUERIES = Path(__file__).resolve().parent / "search-queries.yaml"
SPLITS = ("tune", "heldout")
BATCH = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Query:
    language: str
    text: str
    answers: tuple[str, ...]
    split: str
    where: str      # file:line, for the report of a miss
    batch: str = ""  # a held-out part written for one change (`batch:`), also reported apart


def known_anchors(glossary: Glossary) -> set[str]:
    """Every anchor a benchmark answer may name: rule paragraphs and sections, rulings, terms,
    modes and cards (card-<slug>: the card's page, issue 14 item 5)."""
    return ({*glossary.paragraphs, *glossary.sections}
            | {f"ruling-{r.id}" for r in glossary.rulings}
            | {f"term-{t.id}" for t in glossary.terms}
            | {f"mode-{m.id}" for m in glossary.modes}
            | {f"card-{c.slug}" for c in glossary.cards.values()})


def load_queries(path: Path, glossary: Glossary) -> list[Query]:
    """The benchmark's queries; a SourceError with file:line for anything malformed or unknown."""
    data = load_yaml_file(path)
    if not isinstance(data, LineList):
        raise SourceError(path, line_of(data), "expected a list of questions (- answers: [...], en: [...], ...)")
    anchors = known_anchors(glossary)
    queries: list[Query] = []
    for index, entry in enumerate(data):
        line = data.line_of(index)
        if not isinstance(entry, LineDict):
            raise SourceError(path, line, "a question is a mapping with answers, split, en, fr and it")
        unknown = set(entry) - {"answers", "split", "batch", *LANGUAGES}
        if unknown:
            raise SourceError(path, entry.line_of(sorted(unknown)[0]),
                              f"unknown key {sorted(unknown)[0]!r}; allowed: answers, split, batch, {', '.join(LANGUAGES)}")
        answers = entry.get("answers")
        if not isinstance(answers, list) or not answers or not all(isinstance(a, str) for a in answers):
            raise SourceError(path, entry.line_of("answers"), "answers must be a non-empty list of anchors")
        for answer in answers:
            if answer not in anchors:
                raise SourceError(path, entry.line_of("answers"),
                                  f"unknown answer {answer!r}: not a rule, section, ruling-<id>, term-<id>, mode-<id> or card-<slug> "
                                  "of the glossary")
        split = entry.get("split")
        if split not in SPLITS:
            raise SourceError(path, entry.line_of("split"), f"split must be one of {', '.join(SPLITS)}, not {split!r}")
        batch = entry.get("batch", "")
        if "batch" in entry and (split != "heldout" or not isinstance(batch, str) or not BATCH.fullmatch(batch)):
            raise SourceError(path, entry.line_of("batch"), "batch names a held-out part (split: heldout) in lower-case "
                              f"letters, digits and dashes, not {batch!r}")
        for language in LANGUAGES:
            texts = entry.get(language)
            if not isinstance(texts, list) or not texts or not all(isinstance(t, str) and t.strip() for t in texts):
                raise SourceError(path, entry.line_of(language) if language in entry else line,
                                  f"{language} must be a non-empty list of queries")
            queries += [Query(language, text, tuple(answers), split, f"{path.name}:{entry.line_of(language)}", batch)
                        for text in texts]
    return queries


def answers_link(href: str, answer: str) -> bool:
    """Whether a result's link leads to `answer`: its anchor, or for a mode or a card anywhere on its page."""
    parts = urlsplit(href)
    for kind, folder in (("mode-", "modes"), ("card-", "cards")):
        if answer.startswith(kind):
            return parts.path.rstrip("/").endswith(f"/{folder}/{answer[len(kind):]}")
    return unquote(parts.fragment) == answer


def first_rank(hrefs: Sequence[str], answers: Iterable[str]) -> int | None:
    answers = tuple(answers)
    return next((i + 1 for i, href in enumerate(hrefs) if any(answers_link(href, a) for a in answers)), None)


@dataclass(frozen=True)
class Scores:
    queries: int
    success_at_1: float
    recall_at_5: float
    mrr_at_10: float

    @classmethod
    def of(cls, ranks: Sequence[int | None]) -> "Scores":
        n = len(ranks)
        if not n:
            return cls(0, 0.0, 0.0, 0.0)
        return cls(n, sum(r == 1 for r in ranks) / n, sum(r is not None and r <= 5 for r in ranks) / n,
                   sum(1 / r for r in ranks if r is not None and r <= 10) / n)


# ---- the baseline: a plain substring search ----------------------------------------------------
def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")


def baseline_entries(glossary: Glossary, language: str) -> list[tuple[str, str]]:
    """(anchor, text) of what a plain search would look through: every paragraph, ruling, term and mode."""
    def text(t: Any) -> str:
        return t.get(language) if t is not None else ""
    out = []
    for paragraph in glossary.paragraphs.values():
        parts = [text(paragraph.label), text(paragraph.text), *map(text, paragraph.items),
                 *(text(n.text) for n in paragraph.notes)]
        out.append((paragraph.id, " ".join(parts)))
    out += [(f"ruling-{r.id}", " ".join(text(getattr(r, f, None)) for f in ("title", "conflict", "reading")))
            for r in glossary.rulings]
    out += [(f"term-{t.id}", f"{text(t.title)} {text(t.text)}") for t in glossary.terms]
    for mode in glossary.modes:
        words = [text(mode.title)]
        for block in mode.blocks:
            words += [text(block.title)] + [text(p) for p in block.paragraphs] + [text(i) for i in block.items]
        out.append((f"mode-{mode.id}", " ".join(words)))
    out += [(f"card-{c.slug}", " ".join([c.name, *c.names.values(), *(a.printed for a in c.abilities)]))
            for c in glossary.cards.values()]
    return out


def baseline_links(entries: list[tuple[str, str]], query: str) -> list[str]:
    """The anchors whose text holds the most of the query's words (3 letters or more) as substrings,
    in glossary order among equals: what a page's find-in-text would give."""
    words = [w for w in re.findall(r"\w+", _fold(query)) if len(w) >= 3] or [_fold(query).strip()]
    scored = [(sum(w in _fold(text) for w in words), i, anchor) for i, (anchor, text) in enumerate(entries)]
    hits = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))
    pages = {"mode-": "modes", "card-": "cards"}
    return [f"/{pages[anchor[:5]]}/{anchor[5:]}/" if anchor[:5] in pages else f"#{anchor}" for _, _, anchor in hits[:10]]


# ---- the site's search in Chromium -------------------------------------------------------------
# Types a query as a keyup (what Material listens to) and reads the links once the list has
# stayed the same for `quiet` ms after changing (or after `idle` ms with no change: no result).
RESULTS_JS = """async ([query, quiet, idle]) => {
  const input = document.querySelector("input.md-search__input");
  const list = document.querySelector(".md-search-result__list");
  const type = value => { input.value = value; input.dispatchEvent(new KeyboardEvent("keyup", {bubbles: true})); };
  const settle = () => new Promise(resolve => {
    let last = performance.now(), changed = false;
    const seen = new MutationObserver(() => { last = performance.now(); changed = true; });
    seen.observe(list, {childList: true, subtree: true, characterData: true});
    const tick = () => {
      const calm = performance.now() - last;
      if ((changed && calm > quiet) || (!changed && calm > idle)) { seen.disconnect(); resolve(); }
      else setTimeout(tick, 20);
    };
    setTimeout(tick, 20);
  });
  if (input.value !== "") { type(""); await settle(); }
  const start = performance.now();
  type(query);
  await settle();
  const links = [...list.querySelectorAll("a.md-search-result__link")].filter(a => {
    const article = a.querySelector("article");
    return !a.closest("details:not([open])") && !(article && article.dataset.mdScore === "0.00");
  });
  return {links: links.map(a => a.href), injected: document.querySelectorAll("[data-ar-injected]").length,
          ms: performance.now() - start};
}"""


def site_links(browser: Any, base_url: str, queries: Sequence[Query]) -> dict[Query, list[str]]:
    """Each query's result links, as the built site's search box draws them, best first."""
    out: dict[Query, list[str]] = {}
    for language in LANGUAGES:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{base_url}/{language}/", wait_until="load")
        page.locator(".md-search__input").first.click()
        # The first answer waits for the index: a rule number every engine finds.
        page.evaluate(RESULTS_JS, ["4.2.4", 300, 15000])
        for query in queries:
            if query.language == language:
                out[query] = page.evaluate(RESULTS_JS, [query.text, 250, 1500])["links"][:10]
        context.close()
    return out


@dataclass
class Measured:
    site: dict[tuple[str, str], Scores]        # (language or "all", split or "all") -> scores
    baseline: dict[tuple[str, str], Scores]
    misses: list[tuple[Query, int | None, list[str]]]


def batches(queries: Iterable[Query]) -> list[str]:
    """The held-out parts written for one change each (`batch:`), as "heldout <batch>", in file order."""
    return list(dict.fromkeys(f"heldout {q.batch}" for q in queries if q.batch))


def _table(ranks: dict[Query, int | None]) -> dict[tuple[str, str], Scores]:
    out = {}
    for language in (*LANGUAGES, "all"):
        for split in (*SPLITS, "all"):
            out[(language, split)] = Scores.of([r for q, r in ranks.items()
                                                if language in ("all", q.language) and split in ("all", q.split)])
        for part in batches(ranks):
            out[(language, part)] = Scores.of([r for q, r in ranks.items()
                                               if language in ("all", q.language) and f"heldout {q.batch}" == part])
    return out


def measure(browser: Any, base_url: str, glossary: Glossary, queries: Sequence[Query]) -> Measured:
    links = site_links(browser, base_url, queries)
    site_ranks = {q: first_rank(links[q], q.answers) for q in queries}
    entries = {language: baseline_entries(glossary, language) for language in LANGUAGES}
    base_ranks = {q: first_rank(baseline_links(entries[q.language], q.text), q.answers) for q in queries}
    # Only the tuned part's misses are listed: the held-out part is measured, never looked into.
    misses = [(q, site_ranks[q], links[q][:3]) for q in queries if q.split == "tune" and site_ranks[q] != 1]
    return Measured(_table(site_ranks), _table(base_ranks), misses)


def report_lines(result: Measured, label: str) -> list[str]:
    lines = [f"| Search ({label}) | Queries | success@1 | recall@5 | MRR@10 | substring baseline: s@1 / r@5 / MRR@10 |",
             "| --- | --- | --- | --- | --- | --- |"]
    parts = [part for (language, part) in result.site if language == "all" and part.startswith("heldout ")]
    for language in (*LANGUAGES, "all"):
        for split in (*SPLITS, *parts, "all"):
            s, b = result.site[(language, split)], result.baseline[(language, split)]
            lines.append(f"| {language}, {split} | {s.queries} | {s.success_at_1:.2f} | {s.recall_at_5:.2f} | "
                         f"{s.mrr_at_10:.2f} | {b.success_at_1:.2f} / {b.recall_at_5:.2f} / {b.mrr_at_10:.2f} |")
    return lines
