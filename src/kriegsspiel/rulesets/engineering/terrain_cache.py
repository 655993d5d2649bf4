"""Shapes, lookups and indexes built once per scenario terrain or per collection of features: the
collection is known by identity (states are never changed in place, and hashing hundreds of
features on every call costs more than the lookup saves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_BUILT: dict[tuple[int, str], tuple[object, Any]] = {}
_MOST = 256  # entries kept: a few games' terrains


def per_terrain(terrain: object, what: str, build: Callable[[], T]) -> T:
    """`build()` for `terrain` (or any collection never changed in place), once while that very
    object is in use."""
    key = (id(terrain), what)
    hit = _BUILT.get(key)
    if hit is None or hit[0] is not terrain:
        if len(_BUILT) > _MOST:
            _BUILT.clear()
        hit = _BUILT[key] = (terrain, build())
    value: T = hit[1]
    return value
