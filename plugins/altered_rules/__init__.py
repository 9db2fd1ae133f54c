"""Altered Rules: the glossary model, its renderer and the command line.

Everything here is plain Python; only `altered_rules.mkdocs_plugin` imports
MkDocs, as a thin layer over these functions.
"""

__version__ = "0.1.0"
