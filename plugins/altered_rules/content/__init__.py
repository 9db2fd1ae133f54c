"""Content: reading and checking the glossary (glossary/, yamlsource), the editorial checks
(lint), the cards the texts name (cards) and the translations' state (translations).

The first stage of a build; nothing here renders a page or runs the engine.
"""
