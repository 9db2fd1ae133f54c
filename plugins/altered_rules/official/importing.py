"""`altered-rules import`: read an official document, match it to the glossary, report, and (with
`--write`) write it all or nothing (content/writing.py, the writer of `i18n import`).

Importing the same file twice changes nothing: the second import finds every rule the same,
and writes the same texts. A failed import (a file that does not read, a glossary that would not
load or would have a new lint problem) changes no file.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.decisions import Question

from ..content.glossary import GlossaryError, load_glossary
from ..content.glossary.releases import WORKING, Snapshot, read_snapshot, snapshot_of
from ..content.glossary.schema import SOURCE_ID
from ..content.writing import RefusedEdit, edited_copy, write_all_or_nothing
from ..content.yamlsource import SourceError
from .decisions import decision_tasks
from .mapping import Plan, document_snapshot, plan
from .matching import Matched, Result, match, read_was_table
from .model import Document, EntryKind, ModelError, document_from_json, kind_of
from .superseded import Superseded, superseded_by
from .text_reader import TextReadError, read_text

FORMATS = ("pdf", "text", "json")
MAX_DOCUMENT_BYTES = 50_000_000   # the publisher's PDF is under 2 MB; a dump, 150 kB


class ImportFailure(Exception):
    """The import cannot go on; the message names the file and says what to do. Nothing was written."""


def read_document(path: Path, form: str | None = None, fonts: Any = None) -> Document:
    path = Path(path)
    if not path.is_file():
        raise ImportFailure(f"{path}: no such file")
    if path.stat().st_size > MAX_DOCUMENT_BYTES:
        raise ImportFailure(f"{path}: {path.stat().st_size} bytes; at most {MAX_DOCUMENT_BYTES} are read")
    form = form or {".pdf": "pdf", ".json": "json"}.get(path.suffix.lower(), "text")
    try:
        if form == "pdf":
            from .pdf_reader import Fonts, PdfReadError, read_pdf

            try:
                return read_pdf(path, fonts or Fonts())
            except PdfReadError as exc:
                raise ImportFailure(str(exc)) from None
        data = path.read_bytes()
        if form == "json":
            try:
                return document_from_json(json.loads(data.decode("utf-8")), str(path))
            except (UnicodeError, json.JSONDecodeError) as exc:
                raise ImportFailure(f"{path}: not a JSON model: {exc}") from None
        return read_text(data)
    except (TextReadError, ModelError) as exc:
        raise ImportFailure(f"{path}: {exc}") from None
    except UnicodeError as exc:
        raise ImportFailure(f"{path}: not UTF-8 text ({exc}); give a PDF with --format pdf, or the dump in UTF-8") from None


@dataclass
class Outcome:
    document: Document
    result: Result
    plan: Plan
    report: dict[str, Any] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)    # --check: what --write would refuse, and why
    findings: list[str] = field(default_factory=list)    # --write: scenarios whose outcome the new text changed
    symbols: list[str] = field(default_factory=list)     # the document's meaning of a symbol beside the glossary's label
    superseded: dict[str, Superseded] = field(default_factory=dict)   # removed rule -> the rules now holding it (superseded.py)


_MEANS = re.compile(r"\{([a-z0-9-]+)\}\s+(?:means|is)\s+(“[^”]+”|\"[^\"]+\")")


def symbol_meanings(document: Document, labels: dict[str, str]) -> list[str]:
    """Where the document says what a symbol means ("{etb} means “...”"): its words beside the
    glossary's label, for the editors to check the label (the seeds' {etb} label is not 3.0's)."""
    found = []
    for entry in document.entries:
        for meant in _MEANS.finditer(entry.text):
            symbol, meaning = meant.groups()
            said = " ".join(re.sub(r"\{[a-z0-9-]+\}", "", meaning.strip("“”\"")).split()).casefold()
            if symbol in labels and said != labels[symbol].casefold():
                found.append(f"{entry.id}: {{{symbol}}} means {meaning}; the glossary's label is “{labels[symbol]}”: check it")
    return found


def _outcomes(glossary) -> dict[str, tuple[bool, str]]:
    """Every scenario of the glossary run: its name -> (passed, file:line). Scenarios move with
    their rule, so they are known by their names across the import."""
    from ..verification.checks import verify_glossary

    return {check.name: (check.passed, f"{check.file}:{check.line}") for check in verify_glossary(glossary).checks}


def seen_in(root: Path, files: dict[Path, str | None]) -> dict[Path, str]:
    """cards.yaml with each card's `seen_in` as the imported examples name it (the lint's
    seen_in_problems, settled): the plan applied to a scratch copy, loaded, its mentions read.
    Nothing when there is no cards.yaml or the copy does not load (the write then says why)."""
    import tempfile

    from ..content.cards import MentionKind, card_mentions
    from ..content.glossary.model import rule_sort_key

    path = root / "cards.yaml"
    if not path.is_file():
        return {}
    with tempfile.TemporaryDirectory(prefix="altered-rules-import-") as scratch:
        copy = edited_copy(root, files, Path(scratch))
        try:
            glossary = load_glossary(copy)
        except GlossaryError:
            return {}
        mentions = card_mentions(glossary)
        lines = (copy / "cards.yaml").read_text(encoding="utf-8").split("\n")
    starts = sorted((card.line, card) for card in glossary.cards.values())
    for index, (line, card) in enumerate(starts):
        end = starts[index + 1][0] - 1 if index + 1 < len(starts) else len(lines)
        wanted = sorted({m.rule for m in mentions[card.name] if m.kind is MentionKind.EXAMPLE and m.rule}, key=rule_sort_key)
        for number in range(line - 1, end):
            if re.match(r"^\s+seen_in:", lines[number]):
                indent = lines[number][:len(lines[number]) - len(lines[number].lstrip())]
                if list(card.seen_in) != wanted:
                    lines[number] = f"{indent}seen_in: [{', '.join(json.dumps(rule) for rule in wanted)}]"
                break
    text = "\n".join(lines)
    return {path: text} if text != (files.get(path) or path.read_text(encoding="utf-8")) else {}


def _rules_only(snapshot: Snapshot) -> Snapshot:
    return Snapshot(snapshot.version, snapshot.chapters,
                    {k: e for k, e in snapshot.entries.items() if e.kind in ("section", "paragraph")})


def run_import(file: Path, source: str, glossary_dir: Path, *, form: str | None = None, write: bool = False,
               was_file: Path | None = None, fonts: Any = None) -> Outcome:
    if not SOURCE_ID.match(source) or source.startswith("seed-") or source == "editorial":
        raise ImportFailure(f"--source {source}: name the document and its version, e.g. cr-3.0 "
                            "(lower-case letters, a hyphen, the version)")
    document = read_document(file, form, fonts)
    root = Path(glossary_dir).resolve()   # every path of the plan absolute: the loader's may be relative
    try:
        glossary = load_glossary(root)
    except GlossaryError as exc:
        raise ImportFailure(f"the glossary has errors; fix them first:\n{exc}") from None
    old = _rules_only(snapshot_of(glossary, WORKING))
    new = document_snapshot(document)
    release = None
    if glossary.releases:
        try:
            release = read_snapshot(root, glossary.releases[-1])
        except SourceError as exc:
            raise ImportFailure(str(exc)) from None
    editors: dict[str, str] = {}
    if was_file:
        try:
            editors = read_was_table(was_file, set(new.entries), set(old.entries))
        except SourceError as exc:
            raise ImportFailure(str(exc)) from None
    result = match(old, new, editors)
    superseded = superseded_by(document, result, old, new)
    the_plan = plan(root, glossary, document, result, source, release, superseded)
    outcome = Outcome(document, result, the_plan, superseded=superseded)
    outcome.symbols = symbol_meanings(document, {sid: s.label.en for sid, s in glossary.symbols.items()})
    inside = {p: t for p, t in the_plan.files.items() if p.resolve().is_relative_to(root.resolve())}
    cards = seen_in(root, inside)   # the rules whose examples name each card, as the imported examples do
    inside.update(cards)
    the_plan.files.update(cards)
    outside = {p: t for p, t in the_plan.files.items() if p not in inside}
    if not write:
        try:   # the same checks as --write, in a copy: the report says what writing would refuse
            write_all_or_nothing(root, inside, translations=False, ignore_lines=True, dry_run=True)
        except RefusedEdit as exc:
            outcome.refusals = exc.problems
    else:
        before = _outcomes(glossary)
        try:   # the pages and the review file beside the glossary in the same all-or-nothing step
            changed = write_all_or_nothing(root, inside, translations=False, ignore_lines=True,
                                           also={p: t for p, t in outside.items() if t is not None}, also_root=root.parent)
        except RefusedEdit as exc:
            what = "would not load" if exc.stage == "load" else "would have new lint problems"
            raise ImportFailure(f"the imported glossary {what}; nothing was changed:\n" + "\n".join(exc.problems)) from None
        except (OSError, SourceError) as exc:
            raise ImportFailure(f"writing failed ({exc}); every file was put back, nothing was changed") from None
        outcome.written = [str(p) for p in changed]
        if changed:
            after = _outcomes(load_glossary(root))
            outcome.findings = [f"{where}: '{name}' {state}, under the imported text; a finding: check the rule and the engine"
                                for name, (passed, where) in sorted(after.items())
                                if not passed and before.get(name, (True, ""))[0]
                                for state in ["fails now" if name in before else "fails"]]
    outcome.report = report(outcome, old, source, release is not None)
    return outcome


def _now_in(found: Superseded | None) -> str:
    return f"; its content is now in {', '.join(found.rules)} ({found.why})" if found else ""


_SAYS = {"text": "its text says it", "list": "an item of its list says it", "remark": "a remark of it says it"}
_STATES = ("added", "continued", "renumbered", "changed", "completed", "removed")


def _state(pair) -> str:
    if pair is None:
        return "added"
    if pair.how == Matched.CONTAINED:
        return "completed"
    if pair.score >= 1.0 and pair.how in (Matched.SAME, Matched.TEXT, Matched.EDITOR):
        return "continued" if pair.old == pair.new else "renumbered"
    return "changed"


def report(outcome: Outcome, old: Snapshot, source: str, glossary_released: bool = True) -> dict[str, Any]:
    document, result, the_plan = outcome.document, outcome.result, outcome.plan
    chapters: dict[str, Counter] = {}
    lines = []
    states: dict[str, str] = {}
    for entry in document.entries:
        if entry.kind == "chapter":
            continue
        pair = result.pairs.get(entry.id)
        state = _state(pair)
        states[entry.id] = state
        chapters.setdefault(entry.id.split(".")[0], Counter())[state] += 1
        riding = the_plan.riding.get(entry.id)
        lines.append({"new": entry.id, "old": pair.old if pair else None, "how": pair.how if pair else "new",
                      "score": pair.score if pair else None, "state": state,
                      "scenarios": riding.scenarios if riding else 0, "restamped": riding.restamped if riding else 0,
                      "stale": riding.stale if riding else 0, "dropped": riding.dropped if riding else []})
    for key in result.removed:
        chapters.setdefault(key.split(".")[0], Counter())["removed"] += 1
        found = outcome.superseded.get(key)
        lines.append({"new": None, "old": key, "how": "removed", "score": None, "state": "removed",
                      "superseded_by": list(found.rules) if found else [], "superseded_why": found.why if found else None,
                      "scenarios": sum(len(r.get("scenarios", [])) + len(r.get("example_scenarios", [])) for r in the_plan.review if r["was"] == key),
                      "pinned_as": the_plan.pins.get(key), "cited_by": the_plan.pinned.get(key, []),
                      "restamped": 0, "stale": 0, "dropped": []})
    tasks = [{"kind": t.kind, "entry": t.entry, "message": t.message} for t in document.tasks]
    tasks += [{"kind": "same-number-other-topic", "entry": number,
               "message": f"{number}: '{before}' in the glossary, '{after}' in the document: not paired in place; "
                          "write a --was line if it is the same rule"} for number, before, after in result.refused_in_place]
    tasks += [{"kind": "scenarios-to-place", "entry": r["was"],
               "message": f"{r['was']}: no rule continues it; its {len(r['scenarios']) + len(r['example_scenarios'])} scenario(s) "
                          f"are kept in import-review-{source}.yaml"} for r in the_plan.review if r.get("scenarios") or r.get("example_scenarios")]
    tasks += [{"kind": "typo", "entry": new,
               "message": f"{new}: the document prints '{fix['was']}'; written '{fix['now']}' and recorded in its corrections "
                          f"({fix['why']}): keep it, or write what is printed and remove the correction"}
              for new, riding in the_plan.riding.items() for fix in riding.typos]
    tasks += [{"kind": "pinned", "entry": key,
               "message": f"{key}: no rule continues it; its citations in {', '.join(files)} now cite {the_plan.pins[key]}, "
                          "the text they were written against: check what each says under the new text"
                          + _now_in(outcome.superseded.get(key))}
              for key, files in the_plan.pinned.items()]
    tasks += [{"kind": "superseded", "entry": key,
               "message": f"{key}: removed; its content is now in {', '.join(found.rules)} ({found.why})"
                          + (f"; written `supersedes: [{the_plan.pins[key]}]` there, its pinned citations read "
                             f"“now in {', '.join(found.rules)}”" if key in the_plan.pins else "")
                          + ": check it"}
              for key, found in outcome.superseded.items()]
    tasks += [{"kind": "page", "entry": page,
               "message": f"{page}: {count} rule number(s) of its prose renamed as the import renumbered them, or pinned "
                          "(4.3.h@2026.1) where no rule continues one: check what the page says under the new text"}
              for page, count in the_plan.pages.items()]
    # The engine's code cites release 2026.1's numbers and its traces follow each rule to its
    # number now (engine.citations, content/glossary/citing.py): a renumbered one needs nothing.
    # A rule no number continues is cited pinned: the engine still applies a rule this text removed.
    tasks += [{"kind": "engine-citation", "entry": line.split(":")[0],
               "message": f"{line}: no rule of this version continues it; the engine's traces cite it pinned, "
                          "as the release had it: check whether the engine should still apply it"}
              for line in the_plan.engine if "@" in line.split("(now ", 1)[-1].split(";")[0]]
    tasks += [{"kind": "unpinned", "entry": key,
               "message": f"{key}: no rule continues it and no release holds it to pin its citations to"
                          + ("; record a release first (altered-rules release), the import then pins them" if not glossary_released else "")}
              for key in result.removed if key not in the_plan.pins]
    tasks += [{"kind": "refused", "entry": "", "message": f"--write would refuse: {problem}"} for problem in outcome.refusals]
    tasks += [{"kind": "scenario-outcome", "entry": "", "message": finding} for finding in outcome.findings]
    tasks += [{"kind": "symbol-meaning", "entry": line.split(":")[0], "message": line} for line in outcome.symbols]
    # What the document was read to decide (official.decisions): each declaration written is the
    # editors' to confirm; a heading that names a question no rule was found to answer, theirs to read.
    tasks += [{"kind": "decided", "entry": found.entry,
               "message": f"{found.entry} states an answer to {found.question.value} ({_SAYS[found.where]}): the import "
                          f"declares `decides: {{{found.question.value}: {found.answer}}}` on "
                          + ("the body of " if kind_of(found.entry) is not EntryKind.RULE else "") +
                          f"{found.entry}, and the engine follows it and cites {found.entry}"
                          + (f" (also stated by {', '.join(found.also)})" if found.also else "")
                          + ": read the rule; keep the declaration, or remove it"} for found in the_plan.stated]
    tasks += [{"kind": "decides", "entry": entry, "message": message} for entry, message in the_plan.decision_notes]
    tasks += [{"kind": t.kind, "entry": t.entry, "message": t.message}
              for t in decision_tasks(document, {Question(key) for key in the_plan.decided}, the_plan.decision_problems)]
    named = sorted({rule for change in document.changes for rule in change.rules})
    # a heading the change list names changed if anything under it did ("Section 4.2.5 has been updated")
    unchanged = [rule for rule in named if states.get(rule) == "continued"
                 and all(state == "continued" for key, state in states.items() if key.startswith(rule + "."))]
    missing = [rule for rule in named if rule not in states]
    return {
        "source": source, "version": document.version, "effective": document.effective, "sha256": document.sha256,
        "reader": document.reader, "counts": document.counts(),
        "chapters": {number: {state: counts.get(state, 0) for state in _STATES} for number, counts in sorted(chapters.items(), key=lambda kv: int(kv[0]))},
        "entries": lines, "tasks": tasks,
        "change_list": {"named": named, "unchanged": unchanged, "not_in_document": missing},
        "terms": dict(Counter(the_plan.terms.values())), "untranslated": the_plan.untranslated,
        "written": outcome.written, "pages": dict(the_plan.pages),
    }


def report_lines(data: dict[str, Any]) -> list[str]:
    """The report for a terminal: counts, one line per entry, the editors' tasks."""
    counts = data["counts"]
    out = [f"import: {data['source']}: Complete Rules {data['version']} effective {data['effective']} "
           f"(read as {data['reader']}, sha256 {data['sha256'][:12]})",
           f"import: {counts['section']} sections, {counts['subsection']} subsections, {counts['rule']} rules, "
           f"{counts['remarks']} remarks, {counts['examples']} examples, {counts['terms']} glossary terms, {counts['changes']} changes listed"]
    for number, states in data["chapters"].items():
        out.append(f"chapter {number}: " + ", ".join(f"{state} {count}" for state, count in states.items()))
    for line in data["entries"]:
        score = f" {line['score']:.2f}" if line["score"] is not None else ""
        riding = [f"{line[k]} {k}" for k in ("scenarios", "restamped", "stale") if line[k]]
        riding += [f"{k} dropped" for k in line["dropped"]]
        now = f"; now in {', '.join(line['superseded_by'])}" if line.get("superseded_by") else ""
        out.append(f"  {line['old'] or '-'} -> {line['new'] or '-'}: {line['state']} ({line['how']}{score})"
                   + (f"; {', '.join(riding)}" if riding else "") + now)
    for task in data["tasks"]:
        out.append(f"task: {task['message']}")
    check = data["change_list"]
    for rule in check["unchanged"]:
        out.append(f"task: the change list names {rule}, which the import finds unchanged; check it")
    for rule in check["not_in_document"]:
        out.append(f"task: the change list names {rule}, which the document does not hold (removed?)")
    out.append(f"import: {data['untranslated']} rule text(s) without French or Italian (the PO export lists them for translators)")
    out.append(f"import: {len(data['written'])} file(s) written" if data["written"] else "import: nothing written")
    refused = sum(1 for task in data["tasks"] if task["kind"] == "refused")
    if refused:
        out.append(f"import: --write would refuse ({refused} problem(s) above): settle them, or pair rules with --was")
    return out
