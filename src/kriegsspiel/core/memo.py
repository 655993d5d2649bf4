"""`Memo`: values derived from immutable objects (a vehicle, a state's dict of units, a scenario's
terrain), remembered by the object's identity. Successive states share every such object they do
not change, so a value made for one state serves the next ones too, and hashing a large object
on every call would cost more than the lookup saves.

Each entry holds its object, so the object's id cannot be reused while it is remembered; the
memo is emptied when it grows past its limit: `SINGLE` for values of one small object each,
`WHOLE` for values of a whole state's collection (a state shares them with the few states around
it, and each entry may hold a dict of every unit).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

SINGLE = 50_000  # entries of one object each: more than one game makes, fewer than would weigh
WHOLE = 128  # entries of a whole state's collection each


class Memo(Generic[V]):
    def __init__(self, limit: int = SINGLE) -> None:
        self._limit = limit
        self._got: dict[tuple[int, Hashable], tuple[object, V]] = {}

    def get(self, obj: object, also: Hashable = None) -> V | None:
        """The value made of `obj` (and `also`, anything else it depends on), if remembered."""
        hit = self._got.get((id(obj), also))
        return hit[1] if hit is not None and hit[0] is obj else None

    def put(self, obj: object, value: V, also: Hashable = None) -> V:
        if len(self._got) > self._limit:
            self._got.clear()
        self._got[(id(obj), also)] = (obj, value)
        return value

    def of(self, obj: object, build: Callable[[], V], also: Hashable = None) -> V:
        """The value made of `obj` (and `also`), made by `build()` if not remembered."""
        hit = self.get(obj, also)
        return self.put(obj, build(), also) if hit is None else hit


__all__ = ["SINGLE", "WHOLE", "Memo"]
