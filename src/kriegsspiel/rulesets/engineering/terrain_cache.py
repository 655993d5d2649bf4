"""Shapes, lookups and indexes built once per scenario terrain or per collection of features: the
collection is known by identity (`core.memo`: states are never changed in place, and hashing
hundreds of features on every call costs more than the lookup saves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from kriegsspiel.core.memo import Memo

T = TypeVar("T")
_BUILT: Memo[Any] = Memo(limit=256)  # a few games' terrains


def per_terrain(terrain: object, what: str, build: Callable[[], T]) -> T:
    """`build()` for `terrain` (or any collection never changed in place), once while that very
    object is in use."""
    value: T = _BUILT.of(terrain, build, what)
    return value
