"""The MkDocs plugin: a thin layer that hands the glossary's pages to MkDocs."""
