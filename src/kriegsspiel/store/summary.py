"""What the host's lobby shows of a game, kept in the store beside its log so that the lobby is
read without loading (replaying) any game: the store writes it with every entry it appends."""

from __future__ import annotations

from typing import Any

import msgspec

from kriegsspiel.core.game import Game
from kriegsspiel.core.seats import UMPIRE

AnyGame = Game[Any, Any, Any, Any]


class GameSummary(msgspec.Struct, frozen=True):
    """A game as its lobby row shows it: the umpire's clock and count of entries."""

    title: str
    ruleset: str
    clock: str  # where it stands, in the ruleset's words (`Ruleset.clock` of the umpire's view)
    over: bool
    entries: int  # how many entries the umpire's log holds

    def row(self, game_id: str) -> tuple[Any, ...]:
        """The game's row of the stores' `summaries` table, in its columns' order."""
        return (game_id, self.title, self.ruleset, self.clock, self.over, self.entries)


def summary_of(game: AnyGame) -> GameSummary:
    """The summary of a game as it stands (in memory: after its newest entry)."""
    return GameSummary(
        title=game.scenario.title,
        ruleset=game.ruleset.name,
        clock=game.ruleset.clock(game.view(UMPIRE)),
        over=game.over(),
        entries=game.log_length(UMPIRE),
    )
