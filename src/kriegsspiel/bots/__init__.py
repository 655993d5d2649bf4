"""Opponents that play a seat from that seat's view only.

A bot is anything with a `name` and `choose(table, rng)`: given a `SeatTable` (what a person at
the seat gets) and a random generator, it returns an action as plain data `Game.act` takes, or
None to pass. `make_bot(name)` builds a registered one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

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


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def make_bot(name: str) -> Bot:
    """The registered bot `name`; an InputError naming the known ones otherwise."""
    try:
        return BOTS[name]()
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise InputError("bot", f"unknown bot {name!r} (known: {known})") from None


__all__ = ["BOTS", "Bot", "RandomBot", "SeatTable", "make_bot"]
