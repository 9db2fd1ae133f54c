"""Fixtures the glossary's test files share."""

from __future__ import annotations

import pytest


@pytest.fixture
def messages_copy(tmp_path, monkeypatch):
    """The engine's catalogues copied, and the PO flow pointed at the copy: an import that writes
    them writes the copy (test_po.py, test_hostile_po.py)."""
    import shutil

    import altered_rules.cli.po as po
    from altered_rules.messages import MESSAGES_DIR

    copy = tmp_path / "engine-messages"
    shutil.copytree(MESSAGES_DIR, copy)
    monkeypatch.setattr(po, "MESSAGES_DIR", copy)
    return copy
