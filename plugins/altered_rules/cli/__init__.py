"""The `altered-rules` command line (main) and its subcommands: scenario files, releases and
the translators' PO files."""
