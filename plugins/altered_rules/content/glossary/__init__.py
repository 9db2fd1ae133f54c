"""The glossary: model, schema and loader (plain Python, no MkDocs)."""

from .loader import GlossaryError, load_glossary
from .model import Glossary, rule_sort_key

__all__ = ["Glossary", "GlossaryError", "load_glossary", "rule_sort_key"]
