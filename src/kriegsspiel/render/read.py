"""Reading a seat's view defensively: a malformed item is skipped, never an error."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

Point = tuple[float, float]
Item = Mapping[str, Any]


def dicts(value: Any) -> Iterator[Item]:
    """The mappings in a list (anything else yields nothing)."""
    if isinstance(value, list | tuple):
        yield from (v for v in value if isinstance(v, Mapping))


def mapping(value: Any) -> Item:
    """A mapping, or an empty one for anything else."""
    return value if isinstance(value, Mapping) else {}


def num(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    return float(value) if ok else None


def point(value: Any) -> Point | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        x, y = num(value[0]), num(value[1])
        if x is not None and y is not None:
            return (x, y)
    return None


def points(value: Any) -> list[Point]:
    pts = [point(p) for p in value] if isinstance(value, list | tuple) else []
    return [p for p in pts if p is not None]


def text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def strs(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list | tuple) else []


def name(item: Item) -> str:
    return text(item.get("name")) or text(item.get("id"))


def where(item: Item) -> Point | None:
    """An item's point on the table: `position`, or `center` where `position` is a place name."""
    return point(item.get("position")) or point(item.get("center")) or point(item.get("centre"))


def toward(p: Point, bearing: float, dist: float) -> Point:
    """The point `dist` inches from `p` on `bearing` (0 is up the table, clockwise)."""
    rad = math.radians(bearing)
    return (p[0] + dist * math.sin(rad), p[1] + dist * math.cos(rad))


def centroid(pts: list[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
