"""The glossary: model, schema and loader (plain Python, no MkDocs)."""

from .loader import GlossaryError, load_glossary, rule_sort_key
from .model import Glossary

__all__ = ["Glossary", "GlossaryError", "load_glossary", "rule_sort_key"]
