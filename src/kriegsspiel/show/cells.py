"""The cells of `show`'s tables: numbers and places for people, what a seat may not know left
blank, units side by side with the seat's own first."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from msgspec import UnsetType

from kriegsspiel.cli_tables import Block, Para, Table
from kriegsspiel.core.scenario import possessive
from kriegsspiel.core.views import ViewHeader, view_data
from kriegsspiel.render.text import clock_text

T = TypeVar("T")
Row = tuple[str, ...]


def num(value: float) -> str:
    """A number as a player reads it off a ruler: at most two decimals, none needless."""
    return f"{round(value, 2):g}"


def point(p: Sequence[float] | None) -> str:
    return ",".join(num(v) for v in p) if p else ""


def degrees(value: float) -> str:
    return f"{num(value)}°"


def known(value: T | UnsetType) -> T | None:
    """`value`, or None where the seat may not see it (UNSET)."""
    return None if isinstance(value, UnsetType) else value


def joined(items: Iterable[object], sep: str = ", ") -> str:
    """The non-empty strings of `items` (falsy values and flags left out), joined."""
    return sep.join(i for i in items if isinstance(i, str) and i)


def flags(**on: bool | UnsetType | None) -> str:
    """The names of the flags that are set (underscores read as spaces)."""
    return joined(name.replace("_", " ") for name, value in on.items() if value is True)


def counted(counts: Mapping[Any, int] | None) -> str:
    return joined(f"{kind} {n}" for kind, n in (counts or {}).items())


def named(name: str, ident: str) -> str:
    """A thing's name over the id a command takes."""
    return f"{name}\n{ident}" if name and name != ident else ident


def names_of(ids: Iterable[str], names: Mapping[str, str], sep: str = ", ") -> str:
    return joined((names.get(i, i) for i in ids), sep)


def optional(value: int | None) -> str:
    return "" if value is None else str(value)


def sides_first(view: ViewHeader, present: Iterable[str | None]) -> list[str | None]:
    """The sides of `present`, the seat's own first, then in the scenario's order."""
    order = [view.seat, *(s.id for s in view.sides)]
    found = list(dict.fromkeys(present))
    return sorted(found, key=lambda s: order.index(s) if s in order else len(order))


def per_side(
    view: ViewHeader,
    title: str,
    headers: Row,
    items: Sequence[T],
    side: Callable[[T], str | None],
    row: Callable[[T], Row],
) -> list[Block]:
    """One table of `items` for each side they belong to, the seat's own first."""
    return [
        Table(
            f"{owner} {title}" if owner else title,
            headers,
            [row(i) for i in items if side(i) == owner],
        )
        for owner in sides_first(view, map(side, items))
    ]


def side_name(view: ViewHeader, side: str) -> str:
    return next((s.name for s in view.sides if s.id == side), side)


def whose(view: ViewHeader, side: str) -> str:
    """A side's possessive, by its name: "Wehrmacht's"."""
    return possessive(side_name(view, side))


def heading(view: ViewHeader) -> list[Block]:
    sides = joined(f"{s.id} ({s.name})" if s.name != s.id else s.id for s in view.sides)
    clock = view_data(view)
    return [
        Para(f"{view.title}, as seen by {view.seat}"),
        Para(clock_text(clock)),
        Para(f"sides: {sides}"),
    ]
