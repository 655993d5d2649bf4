"""Declared modifiers the umpire approves before the roll (game option `declared_modifiers`).

`trusted` (the default at a table, where everyone sees the dice): a seat's declared modifier
stands as declared, within its rule's bounds. `umpire-approves` (the default when a person plays
the umpire): an action with a declared modifier other than zero is checked, then held, unrolled,
until the umpire approves it (it is then resolved as the seat sent it, with its dice) or refuses
it (nothing is recorded). Every seat sees what is held, and the modifier declared, before the
roll. The mode and what is held are saved in the store (`state`) with every change, and read
back when a game is first used, so a restarted server holds and decides them as before.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from kriegsspiel.core.choices import is_modifier
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError

Mode = Literal["trusted", "umpire-approves"]
REFUSED_KEPT = 8  # refused requests shown (to their seat) per game


def declared(action: Mapping[str, Any]) -> dict[str, int]:
    """The action's declared modifiers other than zero."""
    return {
        key: value
        for key, value in action.items()
        if is_modifier(key)
        and isinstance(value, int)
        and not isinstance(value, bool)
        and value != 0
    }


@dataclass(frozen=True)
class Held:
    """An action held for the umpire, as the seat sent it."""

    id: str
    seat: str
    action: dict[str, Any]
    dice: list[int] | None
    player: str
    label: str
    modifiers: dict[str, int]

    def shown(self, refused: bool = False) -> dict[str, Any]:
        """What every seat sees of it: who, what in words, the modifiers declared."""
        out = {"id": self.id, "seat": self.seat, "label": self.label, "modifiers": self.modifiers}
        return out | {"refused": True} if refused else out


@dataclass
class _Game:
    mode: Mode = "trusted"
    held: dict[str, Held] = field(default_factory=dict)
    refused: list[Held] = field(default_factory=list)  # the newest REFUSED_KEPT
    changes: int = 0  # actions held or decided so far: a seat's page must look again


def default_mode(umpire: Literal["table", "person"]) -> Mode:
    """`trusted` for a game umpired at the table, `umpire-approves` when a person plays the
    umpire's seat."""
    return "umpire-approves" if umpire == "person" else "trusted"


class Approvals:
    """Each game's mode and held actions: read from the store (`load`) when first asked for,
    then kept in memory. Not locked: `Host` holds the game's lock."""

    def __init__(self, load: Callable[[str], str | None] = lambda game: None) -> None:
        self._load = load
        self._games: dict[str, _Game] = {}

    def _of(self, game: str) -> _Game:
        found = self._games.get(game)
        if found is None:
            saved = self._load(game)
            found = _Game() if saved is None else msgspec.json.decode(saved, type=_Game)
            self._games[game] = found
        return found

    def state(self, game: str) -> str:
        """The game's mode and held actions as JSON, for the store."""
        return msgspec.json.encode(self._of(game)).decode()

    def forget(self, game: str) -> None:
        """Drop what memory holds of the game (its change was not saved): read it again."""
        self._games.pop(game, None)

    def set_mode(self, game: str, mode: Mode) -> None:
        self._of(game).mode = mode

    def mode(self, game: str) -> Mode:
        return self._of(game).mode

    def needed(self, game: str, seat: str, action: Mapping[str, Any]) -> bool:
        """Whether the umpire must approve this seat's action first."""
        return self.mode(game) == "umpire-approves" and seat != UMPIRE and bool(declared(action))

    def hold(
        self, game: str, seat: str, action: Mapping[str, Any], dice: list[int] | None,
        player: str, label: str,
    ) -> Held:  # fmt: skip
        held = Held(secrets.token_hex(8), seat, dict(action), dice, player, label, declared(action))
        state = self._of(game)
        state.held[held.id] = held
        state.changes += 1
        return held

    def take(self, game: str, held_id: str, *, refused: bool) -> Held:
        """Remove a held action to decide it; a refused one is kept to be shown to its seat."""
        state = self._of(game)
        found = state.held.pop(held_id, None)
        if found is None:
            raise InputError("id", f"no action awaits approval as {held_id!r}")
        if refused:
            state.refused = [*state.refused, found][-REFUSED_KEPT:]
        state.changes += 1
        return found

    def changes(self, game: str) -> int:
        """How many times the game's held actions have changed."""
        return self._of(game).changes

    def shown(self, game: str, seat: str) -> list[dict[str, Any]]:
        """What a seat sees: every held action, and its own refused ones."""
        state = self._of(game)
        out = [h.shown() for h in state.held.values()]
        return out + [h.shown(refused=True) for h in state.refused if seat in (h.seat, UMPIRE)]
