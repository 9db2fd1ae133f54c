"""The one kind of cache this process keeps, and the one way to forget them all (issues 41, 43).

Every cache of the build and of a serve session is a `Cache`: a mapping with a name and a limit,
emptied as a whole when a new entry would pass the limit (the entries of one build are used
together, so forgetting the oldest one by one buys nothing over starting again), with counters
of what it was asked. Each cache registers itself when made; `forget_all()` empties every live
one, so that a benchmark's "cold" figure or a test that counts parses pays for everything as a
fresh process would: a cache added later cannot be forgotten by mistake (issue 43: the
benchmark's own list once missed the glossary reader's second cache, and measured a warm load).
"""

from __future__ import annotations

import weakref
from typing import Callable, Generic, Hashable, Iterator, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Every cache made in this process and still alive: a serve session's caches go with it.
_REGISTRY: "weakref.WeakSet[Cache]" = weakref.WeakSet()


class Cache(Generic[K, V]):
    """At most `limit` entries; the one past it empties the cache first. `hits` and `misses`
    count the lookups (`get`, `in`, `made`) that found an entry and those that did not."""

    def __init__(self, name: str, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"cache {name!r}: a limit of at least 1 entry, not {limit}")
        self.name = name
        self.limit = limit
        self.hits = 0
        self.misses = 0
        self._entries: dict[K, V] = {}
        _REGISTRY.add(self)

    def __repr__(self) -> str:
        return f"Cache({self.name!r}, {len(self._entries)}/{self.limit})"

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __contains__(self, key: object) -> bool:
        found = key in self._entries
        self._count(found)
        return found

    def __getitem__(self, key: K) -> V:
        return self._entries[key]

    def get(self, key: K, default: V | None = None) -> V | None:
        value = self._entries.get(key, _MISSING)
        self._count(value is not _MISSING)
        return default if value is _MISSING else value   # type: ignore[return-value]

    def put(self, key: K, value: V) -> V:
        """Keep `value` under `key` (emptying the cache first when it is full); returns `value`."""
        if key not in self._entries and len(self._entries) >= self.limit:
            self._entries.clear()
        self._entries[key] = value
        return value

    def setdefault(self, key: K, value: V) -> V:
        """The value kept under `key`, or `value`, now kept."""
        kept = self._entries.get(key, _MISSING)
        return self.put(key, value) if kept is _MISSING else kept   # type: ignore[return-value]

    def made(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under `key`, or `make()`'s, now kept."""
        kept = self._entries.get(key, _MISSING)
        self._count(kept is not _MISSING)
        return self.put(key, make()) if kept is _MISSING else kept   # type: ignore[return-value]

    def clear(self) -> None:
        self._entries.clear()

    def _count(self, found: bool) -> None:
        if found:
            self.hits += 1
        else:
            self.misses += 1


_MISSING = object()


def caches() -> list[Cache]:
    """Every live cache of this process, by name."""
    return sorted(_REGISTRY, key=lambda cache: cache.name)


def forget_all() -> list[str]:
    """Empty every live cache of this process (the names of those that held something)."""
    emptied = []
    for cache in caches():
        if len(cache):
            emptied.append(cache.name)
        cache.clear()
    return emptied
