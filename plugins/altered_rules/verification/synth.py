"""A synthetic glossary N times the size of the real one, for benchmarks.

`altered-rules synth --factor 10 --out DIR` writes DIR/glossary (the real glossary and N-1
renumbered copies of every section, term, game mode and ruling, with their translations,
notes, corrections and scenarios), and beside it a copy of the project's MkDocs
configurations and docs/ and links to the rest of the project (engine/, plugins/,
node_modules/...), so that `python -m altered_rules.build_site` run in DIR builds its site.

Copy 1 is the real glossary, file for file. Copy k (k = 2..N) moves every rule number
c.s[...] to c.(s + stride*(k-1))[...]: 4.2.4.c becomes 4.12.4.c in copy 2 with a stride of
10. Section ids allow one digit of chapter and two of section, so the stride and the factor
are bounded (`SynthError` says by how much). References in the text, the rules a scenario
names, a ruling's or a term's rules and the keyword index follow the renumbering; what a
scenario expects (`then:`, e.g. `violations: [1.1.4.c]`, which the engine reports by the
real numbers) and rules cited outside the glossary (external-rules.yaml) do not. Terms,
game modes and rulings get the suffix `-x<k>` in copy k. The cards, symbols, sources,
chapters and termbase are shared.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

from ..content.glossary.model import english_hash
from ..languages import DECLARED
from ..content.glossary.schema import PARAGRAPH_ID, RULE_REFERENCE, SECTION_ID, TRANSLATED_FROM
from ..content.sourcefiles import load_yaml_file
from ..content.yamlsource import SourceError

__all__ = ["SynthError", "SynthSummary", "synthesize", "max_factor"]

# Folders of entries named by id (file name = id): each copy gets `<id>-x<k>`.
ENTRY_FOLDERS = ("terms", "modes", "rulings")
# The project's files a build needs beside the glossary.
PROJECT_FILES = tuple(language.config for language in DECLARED)
PROJECT_FOLDERS = ("docs",)
# Keys whose value is a scenario (or a list of scenarios).
SCENARIO_KEYS = ("scenario", "scenarios")


class SynthError(Exception):
    """The synthetic glossary cannot be written (bad factor, unreadable glossary, DIR in use)."""


class SynthSummary:
    """What was written: the folder and how many copies of each kind of entry."""

    def __init__(self, out: Path, factor: int, stride: int) -> None:
        self.out, self.factor, self.stride = out, factor, stride
        self.files = 0

    def __str__(self) -> str:
        return (f"synth: {self.factor} copies (rule numbers shifted by {self.stride} per copy), "
                f"{self.files} files in {self.out}")


def _plain(node: Any) -> Any:
    """YAML-read data as plain dicts and lists (what yaml.safe_dump writes)."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def _dump(data: Any, path: Path, comment: str) -> None:
    """Write `data` so that the glossary's reader reads it back the same: PyYAML quotes every
    text that would otherwise read as a number, a boolean or null (4.3 stays the text 4.3)."""
    text = yaml.dump(_plain(data), Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False,
                     allow_unicode=True, width=100, default_flow_style=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {comment}\n{text}", encoding="utf-8")


def _rule_numbers(root: Path) -> tuple[set[str], int]:
    """Every section and paragraph id of the real glossary, and its largest section component."""
    rules: set[str] = set()
    for path in sorted((root / "rules").rglob("*.yaml")):
        data = load_yaml_file(path, root)
        if not isinstance(data, dict):
            continue
        rules.add(str(data.get("id")))
        for paragraph in data.get("paragraphs") or ():
            if isinstance(paragraph, dict):
                rules.add(str(paragraph.get("id")))
    rules = {r for r in rules if SECTION_ID.match(r) or PARAGRAPH_ID.match(r)}
    largest = max((int(r.split(".")[1]) for r in rules), default=0)
    return rules, largest


def max_factor(largest_section: int, stride: int) -> int:
    """How many copies fit in two digits of section number."""
    return (99 - largest_section) // stride + 1


def _stride(largest_section: int, factor: int) -> int:
    """10 where it fits (4.2.4 -> 4.12.4 -> 4.22.4: readable), else the smallest that does."""
    for stride in (10, largest_section + 1):
        if factor <= max_factor(largest_section, stride):
            return stride
    raise SynthError(
        f"--factor {factor} is too large: section numbers have two digits (up to 99) and the real glossary "
        f"uses up to {largest_section}, so at most {max_factor(largest_section, largest_section + 1)} copies fit"
    )


class _Copy:
    """Renumbers one copy's data."""

    def __init__(self, index: int, stride: int, rules: set[str]) -> None:
        self.index, self.shift, self.rules = index, stride * (index - 1), rules

    @property
    def suffix(self) -> str:
        return f"-x{self.index}"

    def rule(self, number: str) -> str:
        if number not in self.rules or not self.shift:
            return number
        chapter, section, *rest = number.split(".")
        return ".".join([chapter, str(int(section) + self.shift), *rest])

    def text(self, value: str) -> str:
        return RULE_REFERENCE.sub(lambda m: self.rule(m.group(1)), value) if self.shift else value

    def data(self, node: Any) -> Any:
        """Every text renumbered; inside a scenario only its `rules:` and its caption."""
        if isinstance(node, dict):
            result = {k: (self.scenarios(v) if k in SCENARIO_KEYS else self.data(v)) for k, v in node.items()}
            if TRANSLATED_FROM in node and isinstance(node.get("en"), str):
                result[TRANSLATED_FROM] = _renumbered_from(node, result)
            return result
        if isinstance(node, list):
            return [self.data(v) for v in node]
        if isinstance(node, str):
            return self.text(node)
        return node

    def scenarios(self, node: Any) -> Any:
        if isinstance(node, list):
            return [self.scenario(v) for v in node]
        return self.scenario(node)

    def scenario(self, node: Any) -> Any:
        if not isinstance(node, dict):
            return node
        result = dict(node)
        if "caption" in result:
            result["caption"] = self.data(result["caption"])
        if isinstance(result.get("rules"), list):
            result["rules"] = [self.rule(str(r)) if isinstance(r, str) else r for r in result["rules"]]
        return result


def _renumbered_from(before: dict[str, Any], after: dict[str, Any]) -> Any:
    """A copy's text renumbers its English and its translations alike: a translation that followed
    the English still does (its `from` follows the renumbered English); a stale one stays stale."""
    old, new = english_hash(str(before["en"]).strip()), english_hash(str(after["en"]).strip())
    recorded = before[TRANSLATED_FROM]
    if isinstance(recorded, dict):
        return {language: new if str(value) == old else value for language, value in recorded.items()}
    return new if str(recorded) == old else recorded


def _prepare(out: Path, force: bool) -> None:
    targets = [out / "glossary", *(out / name for name in PROJECT_FILES), *(out / name for name in PROJECT_FOLDERS)]
    existing = [t for t in targets if t.exists() or t.is_symlink()]
    if existing and not force:
        raise SynthError(f"{existing[0]} exists; choose an empty folder or pass --force to replace what synth writes there")
    for target in existing:
        shutil.rmtree(target) if target.is_dir() and not target.is_symlink() else target.unlink()
    out.mkdir(parents=True, exist_ok=True)


def synthesize(glossary: Path, out: Path, factor: int, project: Path | None = None, *, force: bool = False) -> SynthSummary:
    """Write the synthetic glossary (and the project's site configuration) into `out`."""
    glossary, out = Path(glossary), Path(out)
    if factor < 1:
        raise SynthError(f"--factor must be 1 or more, not {factor}")
    if not (glossary / "rules").is_dir():
        raise SynthError(f"{glossary} is not a glossary folder (it has no rules/)")
    if out.resolve() == glossary.resolve() or glossary.resolve().is_relative_to((out / "glossary").resolve()):
        raise SynthError(f"{out} would overwrite the glossary it reads")
    try:
        rules, largest = _rule_numbers(glossary)
        stride = _stride(largest, factor)
        _prepare(out, force)
        summary = SynthSummary(out, factor, stride)
        target = out / "glossary"
        # Copy 1: the real glossary as it is (its comments and layout included).
        # Links copied as links, never followed (the copy's loader refuses them: sourcefiles.py).
        shutil.copytree(glossary, target, symlinks=True, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        summary.files += sum(1 for p in target.rglob("*") if p.is_file())
        copies = [_Copy(k, stride, rules) for k in range(2, factor + 1)]
        for copy in copies:
            summary.files += _write_copy(glossary, target, copy)
        if copies:
            # Each copy's rules define the same keywords, and their examples name the same cards.
            for name, key, what in (("keywords.yaml", "defined_in", "The keyword index"), ("cards.yaml", "seen_in", "The cards")):
                if (glossary / name).is_file():
                    _extend_rule_lists(glossary / name, target / name, copies, key, what)
        _copy_project(project if project is not None else glossary.resolve().parent, out)
    except SourceError as exc:
        raise SynthError(f"the glossary cannot be read: {exc}") from None
    return summary


def _write_copy(glossary: Path, target: Path, copy: _Copy) -> int:
    written = 0
    note = f"Synthetic copy {copy.index} (altered-rules synth); do not edit."
    for path in sorted((glossary / "rules").rglob("*.yaml")):
        data = copy.data(load_yaml_file(path, glossary))
        section = str(data["id"])
        _dump(data, target / "rules" / section.split(".")[0] / f"{section}.yaml", note)
        written += 1
    for folder in ENTRY_FOLDERS:
        for path in sorted((glossary / folder).glob("*.yaml")):
            data = copy.data(load_yaml_file(path, glossary))
            data["id"] = f"{data['id']}{copy.suffix}"
            _dump(data, target / folder / f"{data['id']}.yaml", note)
            written += 1
    return written


def _extend_rule_lists(source: Path, target: Path, copies: list[_Copy], key: str, what: str) -> None:
    """Each entry's list of rules (`key`) extended with the same rules in every copy."""
    entries = load_yaml_file(source, source.parent)
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, dict) and isinstance(entry.get(key), list):
            original = [str(r) for r in entry[key]]
            entry[key] = original + [c.rule(r) for c in copies for r in original]
    _dump(entries, target, f"{what}, with the rules of every synthetic copy (altered-rules synth).")


def _copy_project(project: Path, out: Path) -> None:
    """The MkDocs configurations and docs/ copied (a benchmark may change them), and the rest of
    the project linked (engine/, plugins/, package.json, node_modules/...: what a build reads
    beside the glossary, e.g. the sandbox's runtime), so that the synthetic glossary builds as the
    real one does. The project's own output and hidden folders are left out."""
    for name in PROJECT_FILES:
        if (project / name).is_file():
            shutil.copy2(project / name, out / name)
    for name in PROJECT_FOLDERS:
        if (project / name).is_dir():
            shutil.copytree(project / name, out / name, ignore=shutil.ignore_patterns("__pycache__"))
    skip = {"glossary", "site", *PROJECT_FILES, *PROJECT_FOLDERS}
    inside = out.resolve()
    for entry in sorted(project.iterdir()):
        if entry.name in skip or entry.name.startswith(".") or entry.name.endswith(".egg-info"):
            continue
        if inside == entry.resolve() or inside.is_relative_to(entry.resolve()):
            continue  # the output folder itself, or a folder that holds it
        link = out / entry.name
        if link.is_symlink() or link.exists():
            continue
        link.symlink_to(entry.resolve(), target_is_directory=entry.is_dir())
