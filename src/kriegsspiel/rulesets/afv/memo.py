"""`Memo`: values derived from immutable objects (a vehicle, a state's dict of vehicles or of
men), remembered by the object's identity. Successive states share every such object they do
not change, so a value made for one state serves the next ones too.

Each entry holds its object, so the object's id cannot be reused while it is remembered; the
memo is emptied when it grows past its limit: small for values of a whole state's dict (a
state shares them with the few states around it, and each entry holds a dict of every unit).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

LIMIT = 50_000  # entries of one vehicle each: more than one game makes, fewer than would weigh
STATES = 128  # entries of a whole state's dict each


class Memo(Generic[V]):
    def __init__(self, limit: int = LIMIT) -> None:
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
