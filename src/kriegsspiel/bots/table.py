"""`SeatTable`: all a bot is given, exactly what a person at that seat gets.

It wraps a game and one seat and answers only through that seat: the seat's view and log, its
legal actions, the odds of its actions (from its own knowledge), who is to act and whether the
game is over. It never hands out the game, its state or its seed, so a bot cannot read what its
seat may not know (tests/bots prove it with games that differ only in hidden facts).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.chance import BUDGET, SAMPLES, ActionOdds
from kriegsspiel.core.choices import Choice
from kriegsspiel.core.game import Game
from kriegsspiel.core.outlook import Measure, Outlook
from kriegsspiel.core.sim import Sim


class SeatTable:
    """One seat's side of the table."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game[Any, Any, Any, Any], seat: str) -> None:
        self._game = game
        self.seat = game.check_seat(seat)

    @property
    def ruleset(self) -> str:
        return self._game.ruleset.name

    def view(self) -> dict[str, Any]:
        return self._game.view(self.seat)

    def log_view(self, since: int = 0) -> list[dict[str, Any]]:
        return self._game.log_view(self.seat, since)

    def legal_actions(self) -> list[Choice]:
        return self._game.legal_actions(self.seat)

    def random_action(self, rng: random.Random) -> dict[str, Any] | None:
        return self._game.random_action(self.seat, rng)

    def is_legal(self, action: Mapping[str, Any]) -> bool:
        return self._game.is_legal(self.seat, action)

    def odds(
        self, action: Mapping[str, Any], *, budget: int = BUDGET, samples: int = SAMPLES
    ) -> ActionOdds:
        """The odds of the whole action, over what this seat knows."""
        return self._game.odds(self.seat, action, budget=budget, samples=samples)

    def outlook(
        self,
        action: Mapping[str, Any],
        measure: Measure | None = None,
        *,
        budget: int = BUDGET,
        samples: int = SAMPLES,
    ) -> Outlook:
        """The distribution of `measure` (by default the victory scores) of what this seat
        would know after `action`: `measure` is given this seat's knowledge only."""
        return self._game.outlook(self.seat, action, measure, budget=budget, samples=samples)

    def sample_state(self, rng: random.Random) -> Any:
        """A full state consistent with what this seat knows, its hidden facts drawn with `rng`
        (`Ruleset.determinize` of the seat's knowledge): where a search bot plays out from."""
        known = self._game.ruleset.knowledge(self._game.state, self.seat)
        return self._game.ruleset.determinize(known, self.seat, rng)

    def simulator(self) -> Sim[Any, Any, Any, Any]:
        """Simulated play of this game's ruleset, on the states `sample_state` gives."""
        return Sim(self._game.ruleset)

    def to_act(self) -> bool:
        """Whether this seat may act now."""
        return self.seat in self._game.seats_to_act()

    def over(self) -> bool:
        return self._game.over()


__all__ = ["SeatTable"]
