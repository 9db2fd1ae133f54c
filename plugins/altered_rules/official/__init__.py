"""The importer of the publisher's Complete Rules (issue 37).

Readers turn a document (the PDF, a plain-text dump of it, or the intermediate JSON) into one
intermediate model (`model.Document`); the matcher pairs its entries with the glossary's rules
across renumbering; the mapping writes the glossary's YAML; the report says what happened.
The layout handled is described in docs/en/editing.md (Importing the official rules).

Imports go one way: this package uses content/ (the glossary), never the other way round.
"""
