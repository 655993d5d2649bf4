"""Seats: who is looking. The umpire sees all, each side sees its own, the public sees the table."""

from __future__ import annotations

from collections.abc import Iterable

UMPIRE = "umpire"
PUBLIC = "public"
RESERVED = frozenset({UMPIRE, PUBLIC})

Audience = tuple[str, ...] | None
"""The seats a record is shown to: None means every seat; the umpire is always included."""

EVERYONE: Audience = None


def sees(seat: str, audience: Audience) -> bool:
    return seat == UMPIRE or audience is None or seat in audience


def only(*seats: str) -> Audience:
    """An audience of the named seats (and, implicitly, the umpire)."""
    return tuple(sorted(set(seats) - {UMPIRE}))


def all_seats(sides: Iterable[str]) -> tuple[str, ...]:
    return (UMPIRE, *sides, PUBLIC)
