"""Shapes, lookups and indexes built once per scenario terrain or per collection of features: the
collection is known by identity (`core.memo`: states are never changed in place, and hashing
hundreds of features on every call costs more than the lookup saves)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from kriegsspiel.core.memo import Memo

T = TypeVar("T")
_BUILT: Memo[Any] = Memo(limit=256)  # a few games' terrains
KEPT = 4096  # values remembered per terrain and `what` by `per_key`


def per_terrain(terrain: object, what: str, build: Callable[[], T]) -> T:
    """`build()` for `terrain` (or any collection never changed in place), once while that very
    object is in use."""
    value: T = _BUILT.of(terrain, build, what)
    return value


def per_key(terrain: object, what: str, key: Hashable, build: Callable[[], T]) -> T:
    """`build()` for `key` (a point, a move: anything the value is a function of, besides the
    terrain), once while the terrain is in use; at most `KEPT` keys are remembered."""
    known: dict[Hashable, T] = per_terrain(terrain, what, dict)
    if key in known:
        return known[key]
    if len(known) >= KEPT:
        known.clear()
    value = known[key] = build()
    return value
