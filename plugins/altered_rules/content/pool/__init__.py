"""The publisher's card pool: the model (model.py), its import (importer.py), a decklist as
people paste it (decklist.py) and how much of it the engine reads (coverage.py)."""

from .importer import PoolImportError, import_pool, read_pool, write_pool
from .model import CardPool, OfficialRuling, PoolCard

__all__ = ["CardPool", "OfficialRuling", "PoolCard", "PoolImportError", "import_pool", "read_pool", "write_pool"]
