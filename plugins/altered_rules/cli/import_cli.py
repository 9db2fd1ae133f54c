"""`altered-rules import FILE --source NAME`: the publisher's Complete Rules into the glossary.

    altered-rules import CR-3.0.pdf --source cr-3.0            # report only (--check, the default)
    altered-rules import CR-3.0.pdf --source cr-3.0 --write    # write it, all or nothing
    altered-rules import CR-3.0.txt --source cr-3.0 --json     # the report for tools

The readers, matcher, mapping and report are plugins/altered_rules/official/; docs/en/editing.md
says how an editor reviews the report.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..official.importing import FORMATS, ImportFailure, read_document, report_lines, run_import


def cmd_import(args: argparse.Namespace) -> int:
    try:
        if args.dump_parsed:
            document = read_document(args.file, args.format)
            args.dump_parsed.write_text(document.dumps(), encoding="utf-8")
            print(f"import: the parsed document is in {args.dump_parsed}", file=sys.stderr)
        outcome = run_import(args.file, args.source, args.glossary, form=args.format, write=args.write, was_file=args.was)
    except ImportFailure as exc:
        print(f"import: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(outcome.report, ensure_ascii=False, sort_keys=True))
    else:
        for line in report_lines(outcome.report):
            # Texts from the document reach a terminal: control characters shown, never run.
            print("".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in line))
    return 0


def add_parsers(sub: Any, default_glossary: Path) -> None:
    parser = sub.add_parser("import", help="read the publisher's Complete Rules (PDF, text dump or JSON model), match, report; --write writes it")
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument("--source", required=True, help="the document's name in sources.yaml, e.g. cr-3.0")
    parser.add_argument("--format", choices=FORMATS, help="how to read FILE (default: by its suffix; .txt and others are text)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="report only, write nothing (the default)")
    mode.add_argument("--write", action="store_true", help="write the import into the glossary, all or nothing")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--dump-parsed", type=Path, metavar="OUT.json", help="also write the intermediate model read from FILE")
    parser.add_argument("--was", type=Path, metavar="MAP.yaml", help="the editors' pairs, `new id: old id` or `new id: new`, overriding the matcher")
    parser.add_argument("--glossary", type=Path, default=default_glossary, help="glossary folder (default: glossary)")
    parser.set_defaults(func=cmd_import)
