"""Opponents that play a seat from that seat's view only.

A bot is anything with a `name` and `choose(table, rng)`: given a `SeatTable` (what a person at
the seat gets) and a random generator, it returns an action as plain data `Game.act` takes, or
None to pass. `make_bot(name)` builds a registered one: `random`, `greedy` (one ply by the exact
odds, bots/greedy.py) or `search` (ISMCTS, bots/search.py), with settings after a colon, such as
`search:ms=500` or `search:playouts=200,depth=8` (docs/solo.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from kriegsspiel.bots.greedy import GreedyBot
from kriegsspiel.bots.search import SearchBot
from kriegsspiel.bots.table import SeatTable
from kriegsspiel.errors import InputError


class Bot(Protocol):
    name: str

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None: ...


class RandomBot:
    """A legal action drawn uniformly (its open parameters drawn from their domains)."""

    name = "random"

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None:
        return table.random_action(rng)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}
# the settings each bot takes after its name, with their types
SETTINGS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"samples": int, "budget": int},
    "search": {"playouts": int, "ms": float, "depth": int, "samples": int, "width": int},
}


def make_bot(name: str) -> Bot:
    """The registered bot `name` (`NAME` or `NAME:KEY=VALUE,...`); an InputError naming what
    is wrong otherwise."""
    base, _, given = name.partition(":")
    if base not in BOTS:
        known = ", ".join(sorted(BOTS))
        raise InputError("bot", f"unknown bot {base!r} (known: {known})")
    settings: dict[str, Any] = {}
    for item in filter(None, given.split(",")):
        key, eq, value = item.partition("=")
        kind = SETTINGS[base].get(key)
        if kind is None or not eq:
            known = ", ".join(f"{k}=N" for k in SETTINGS[base]) or "none"
            raise InputError("bot", f"{base} takes no setting {item!r} (settings: {known})")
        try:
            number = kind(value)
        except ValueError:
            raise InputError("bot", f"{base}'s {key} must be a number, not {value!r}") from None
        if not number > 0:
            raise InputError("bot", f"{base}'s {key} must be more than 0, not {value!r}")
        settings[key] = number
    return BOTS[base](**settings)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "SeatTable", "make_bot"]
