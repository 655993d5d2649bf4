"""The server's side of the table: games kept in memory over the event store, read through seats.

Every read and every action goes through a seat token, and every answer is built from that seat's
`view` and `log_view` alone: never the seed, never the full log. An action is resolved on the
in-memory game, then its entry is committed to the store before anything is acknowledged; if the
commit fails, the game is dropped from memory and reloaded from the store when next needed.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import msgspec

from kriegsspiel.core.checks import Check
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.log import Entry
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, KriegsspielError
from kriegsspiel.games import AnyGame, new_game
from kriegsspiel.render import board
from kriegsspiel.scenario.load import BUNDLED, bundled_names, parse_scenario
from kriegsspiel.store.sqlite import SqliteStore, StoreError


class NotFound(InputError):
    """An unknown or expired seat token."""


class Unavailable(KriegsspielError):
    """The store failed; nothing was recorded."""


@dataclass(frozen=True)
class SeatRef:
    game_id: str
    seat: str


def bundled_scenario(name: str) -> ScenarioBase:
    """A bundled scenario by name only: never a path, so a request cannot read local files."""
    if name not in bundled_names():
        raise InputError(
            "scenario", f"no bundled scenario {name!r} (bundled: {', '.join(bundled_names())})"
        )
    text = resources.files(BUNDLED).joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    return parse_scenario(text, f"{name}.yaml (bundled)")


def odds(check: Check) -> dict[str, Any]:
    """A check's exact odds, as fractions and percentages, with its dice and modifiers."""
    return {
        "name": check.name,
        "dice": [pool.label for pool in check.pools],
        "modifiers": msgspec.to_builtins(check.modifiers),
        "rules": list(check.rules),
        "odds": [
            {"outcome": outcome, "fraction": str(p), "percent": round(float(p) * 100, 2)}
            for outcome, p in check.odds_table()
        ],
    }


class Host:
    """Games over a store, addressed by seat tokens. Thread-safe: one lock serialises access."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self._games: dict[str, AnyGame] = {}
        self._lock = threading.RLock()
        self.lock = self._lock  # held by whoever reads or changes a game here (web/bots.py)
        self._listeners: list[Callable[[str], None]] = []

    def on_change(self, listener: Callable[[str], None]) -> None:
        """Call `listener(game_id)` after every recorded action or undo."""
        self._listeners.append(listener)

    # -- games and seats -----------------------------------------------------------------------

    def create(
        self, scenario: ScenarioBase, seed: str | None = None, *, published_seed: bool = False
    ) -> tuple[str, dict[str, str]]:
        """A new game; its id and the secret token of each seat.

        Its seed is `new_game`'s: `seed`, else with `published_seed` the scenario's own (public
        to anyone who can read the file), else a fresh secret one."""
        game = new_game(scenario, seed, published_seed=published_seed)
        with self._lock:
            try:
                game_id, tokens = self.store.create(game)
            except StoreError:
                raise Unavailable("the game could not be saved; try again") from None
            self._games[game_id] = game
        return game_id, tokens

    def seat(self, token: str) -> SeatRef:
        found = self.store.seat_of(token) if token else None
        if found is None:
            raise NotFound("seat token", "unknown or expired seat token; ask the host for a link")
        return SeatRef(*found)

    def game(self, game_id: str) -> AnyGame:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                game = self._games[game_id] = self.store.load(game_id)
            return game

    def _open(self, token: str) -> tuple[SeatRef, AnyGame]:
        ref = self.seat(token)
        return ref, self.game(ref.game_id)

    # -- reading as a seat ---------------------------------------------------------------------

    def table(self, token: str) -> dict[str, Any]:
        """Everything a seat's page shows: its view, who acts, its legal actions."""
        with self._lock:
            ref, game = self._open(token)
            seat, state = ref.seat, game.state
            to_act = game.ruleset.seats_to_act(state)
            choices = game.legal_actions(seat)
            view = game.view(seat)
            return {
                "game": ref.game_id,
                "seat": seat,
                "seat_name": _seat_name(game, seat),
                "ruleset": game.ruleset.name,
                "ruleset_title": game.ruleset.title,
                "title": game.scenario.title,
                "seats": list(game.seats),
                "to_act": to_act,
                "actions": [c.action for c in choices],
                "choices": msgspec.to_builtins(choices),
                "can_undo": seat == UMPIRE and game.can_undo,
                "clock": game.ruleset.clock(view),
                "view": view,
            }

    def log(self, token: str, since: int = 0) -> list[dict[str, Any]]:
        """The seat's log entries after number `since` (the whole log by default)."""
        with self._lock:
            ref, game = self._open(token)
            return game.log_view(ref.seat, since)

    def svg(self, token: str, selected: str | None = None) -> str:
        with self._lock:
            ref, game = self._open(token)
            return board(game.view(ref.seat), selected=selected)

    def digest(self, token: str) -> str:
        """A fingerprint of what a seat knows: it changes only when that seat's page would."""
        with self._lock:
            ref, game = self._open(token)
            known = (
                game.view(ref.seat),
                game.log_length(ref.seat),  # an undo the seat sees is an entry of its own
                game.ruleset.seats_to_act(game.state),
            )
            return hashlib.sha256(msgspec.json.encode(known)).hexdigest()

    # -- acting as a seat ----------------------------------------------------------------------

    def preview(
        self, token: str, action: Mapping[str, Any], dice: Sequence[int] = ()
    ) -> dict[str, Any]:
        """The odds of everything `action` can lead to, from what this seat knows, and the
        next roll it must type in after the faces `dice`; nothing is recorded."""
        with self._lock:
            ref, game = self._open(token)
            whole = game.odds(ref.seat, action)
            prompt = game.dice_prompt(ref.seat, action, dice)
            return {
                "odds": whole.describe(),
                "checks": [odds(prompt)] if prompt is not None else [],
            }

    def act(
        self, token: str, action: Mapping[str, Any], dice: list[int] | None = None, player: str = ""
    ) -> list[dict[str, Any]]:
        """Resolve and record an action; the new log entries as this seat sees them."""
        with self._lock:
            ref, game = self._open(token)
            source = EnteredDice(dice, player or ref.seat) if dice is not None else None
            before = game.log_length(ref.seat)
            self._record(ref.game_id, game.act(ref.seat, action, source))
            return game.log_view(ref.seat, before)

    def undo(self, token: str, count: int = 1) -> list[dict[str, Any]]:
        """The umpire takes back the last `count` actions; the undo entry is logged."""
        with self._lock:
            ref, game = self._open(token)
            before = game.log_length(ref.seat)
            self._record(ref.game_id, game.undo(ref.seat, count))
            return game.log_view(ref.seat, before)

    def _record(self, game_id: str, entry: Entry[Any]) -> None:
        try:
            self.store.append(game_id, entry)
        except StoreError:
            self._games.pop(game_id, None)  # the in-memory game is ahead of the store: drop it
            raise Unavailable("the action could not be saved and was not recorded") from None
        for listener in self._listeners:
            listener(game_id)


def _seat_name(game: AnyGame, seat: str) -> str:
    names = {s.id: s.name or s.id for s in game.scenario.sides}
    return str(names.get(seat, seat))
