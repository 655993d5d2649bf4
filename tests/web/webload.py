"""Long games for the web tests: the demo without a turn limit, where the seats to act alternate
`end-phase` for ever, stored straight into an app's database."""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.applications import Starlette

from kriegsspiel import Game, new_game

END_PHASE = {"action": "end-phase"}


def endless_demo(entries: int = 0) -> Game[Any, Any, Any, Any]:
    """The demo with no turn limit, `entries` phases played."""
    demo = new_game("demo", seed="load")
    game = Game(demo.ruleset, msgspec.structs.replace(demo.scenario, turns=None), "load")
    for _ in range(entries):
        game.act(game.seats_to_act()[0], END_PHASE)
    return game


def stored(app: Starlette, game: Game[Any, Any, Any, Any]) -> dict[str, str]:
    """Store `game` in the app's database; each seat's token."""
    _, tokens = app.state.host.store.create(game)
    return dict(tokens)


def to_act(game_seats: dict[str, str], table: dict[str, Any]) -> str:
    """The token of the (first) seat to act, from any seat's table."""
    return game_seats[table["to_act"][0]]
