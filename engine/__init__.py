"""The Altered rules engine: decides game situations and says which rules it applied.

Pure Python, standard library only; it never imports MkDocs or YAML.
"""
