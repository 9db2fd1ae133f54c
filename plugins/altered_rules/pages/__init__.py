"""Pages: the glossary rendered as Markdown pages (render, site_pages, card_pages), the
navigation, the rule references of hand-written pages, and the releases' history and pages
(history, versions). Plain functions of a Glossary; no MkDocs.
"""
