"""The judge's search benchmark (issue 14): its questions load, every answer is an anchor of the
glossary, and a malformed file is refused with its file:line."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from altered_rules.content.glossary import load_glossary
from altered_rules.content.yamlsource import SourceError

from project_paths import GLOSSARY, PROJECT

sys.path.insert(0, str(PROJECT / "benchmarks"))
from search_bench import QUERIES, Scores, answers_link, first_rank, load_queries  # noqa: E402


@pytest.fixture(scope="module")
def glossary():
    return load_glossary(GLOSSARY)


def test_the_benchmark_has_enough_questions_in_every_language_and_a_held_out_part(glossary):
    queries = load_queries(QUERIES, glossary)
    per_language = Counter(q.language for q in queries)
    assert len(queries) >= 90 and all(per_language[language] >= 30 for language in ("en", "fr", "it")), per_language
    held_out = Counter(q.language for q in queries if q.split == "heldout")
    assert all(held_out[language] >= 10 for language in ("en", "fr", "it")), held_out


@pytest.mark.parametrize(("text", "message"), [
    ('- answers: ["9.9.9.z"]\n  split: tune\n  en: [a]\n  fr: [b]\n  it: [c]\n', "q.yaml:1: unknown answer '9.9.9.z'"),
    ('- answers: ["4.2.4.c"]\n  split: tuned\n  en: [a]\n  fr: [b]\n  it: [c]\n', "q.yaml:2: split must be one of"),
    ('- answers: ["4.2.4.c"]\n  split: tune\n  en: [a]\n  fr: [b]\n', "q.yaml:1: it must be a non-empty list"),
    ('- answers: ["4.2.4.c"]\n  split: tune\n  en: [a]\n  fr: [b]\n  it: [c]\n  de: [d]\n', "q.yaml:6: unknown key 'de'"),
    ('- answers: ["ruling-nothing"]\n  split: tune\n  en: [a]\n  fr: [b]\n  it: [c]\n', "unknown answer 'ruling-nothing'"),
])
def test_a_malformed_benchmark_is_refused_with_its_line(glossary, tmp_path, text, message):
    path = tmp_path / "q.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        load_queries(path, glossary)
    assert message in str(caught.value)


def test_ranks_and_scores():
    links = ["http://x/en/rules/chapter-4/?h=tie#4.2.4", "http://x/en/rules/chapter-4/?h=tie#4.2.4.c",
             "http://x/en/modes/multiplayer-2v2/?h=first#multiplayer-2v2-7"]
    assert first_rank(links, ["4.2.4.c"]) == 2
    assert first_rank(links, ["4.2.4.d"]) is None
    assert answers_link(links[2], "mode-multiplayer-2v2") and not answers_link(links[2], "mode-free-for-all")
    scores = Scores.of([1, 2, None, 11])
    assert (scores.success_at_1, scores.recall_at_5) == (0.25, 0.5)
    assert scores.mrr_at_10 == pytest.approx((1 + 0.5) / 4)


def test_a_held_out_batch_is_reported_apart_and_only_on_the_held_out_part(glossary, tmp_path):
    from search_bench import _table, batches
    queries = load_queries(QUERIES, glossary)
    newest = [q for q in queries if q.batch == "issue-40-last"]
    # Written for issue 40's last ranking change, in the three languages, all held out.
    assert len(newest) >= 120 and {q.split for q in newest} == {"heldout"}, len(newest)
    assert Counter(q.language for q in newest) == {"en": 47, "fr": 47, "it": 47}
    assert batches(queries)[-1] == "heldout issue-40-last"
    table = _table({q: 1 if q in newest else None for q in queries})
    assert table[("fr", "heldout issue-40-last")].success_at_1 == 1.0
    assert table[("fr", "heldout")].queries > table[("fr", "heldout issue-40-last")].queries == 47
    path = tmp_path / "q.yaml"
    path.write_text('- answers: ["4.2.4.c"]\n  split: tune\n  batch: new\n  en: [a]\n  fr: [b]\n  it: [c]\n', encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        load_queries(path, glossary)
    assert "q.yaml:3: batch names a held-out part" in str(caught.value)
