"""Bot seats at the prompt: `kriegsspiel play GAME-OR-SCENARIO --seat us --bot german=search`.

`--bot SEAT=BOT` (repeatable) gives a side to a bot (`kriegsspiel.bots.make_bot`: `random`,
`greedy`, `search`, with settings such as `search:ms=500`). Whenever a bot's seat is to act, it
chooses from its seat's table alone (`SeatTable`) and acts on the game file as `act` does; its
entries are printed as the player's seat sees them in the log. A scenario (a bundled name or a
YAML file) instead of a game file starts a new game in a file (`--file`, by default the
scenario's name with `.json` in the current directory, never over an existing one).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from kriegsspiel.bots import Bot, SeatTable, make_bot
from kriegsspiel.errors import InputError
from kriegsspiel.games import AnyGame, new_game, save_game
from kriegsspiel.scenario.load import bundled_names

MOVES = 10_000  # bot actions in a row before the prompt takes over again (a bot never stalls it)


def bot_seats(specs: Sequence[str], seat: str, seats: Sequence[str]) -> dict[str, Bot]:
    """The bots of `--bot SEAT=BOT` options: each a side of the game other than `seat`."""
    bots: dict[str, Bot] = {}
    for spec in specs:
        side, eq, name = spec.partition("=")
        if not eq or not name:
            raise InputError("--bot", f"give SEAT=BOT, such as german=search, not {spec!r}")
        if side not in seats or side in ("umpire", "public"):
            sides = ", ".join(s for s in seats if s not in ("umpire", "public"))
            raise InputError("--bot", f"{side!r} is not a side of this game (sides: {sides})")
        if side == seat:
            raise InputError("--bot", f"{side} is your own seat (--seat)")
        if side in bots:
            raise InputError("--bot", f"{side} is given two bots")
        bots[side] = make_bot(name)
    return bots


def game_file(target: Path, file: Path | None, seed: str | None) -> Path:
    """The game file to play: `target` itself when it is one, else a new game of the scenario
    `target` names, saved to `file` (or SCENARIO.json here)."""
    scenario = str(target)
    is_scenario = target.suffix in (".yaml", ".yml") or (
        not target.exists() and scenario in bundled_names()
    )
    if not is_scenario:
        for option, given in (("--file", file), ("--seed", seed)):
            if given is not None:
                raise InputError(option, "only for a new game of a scenario")
        return target
    path = file or Path(f"{target.stem}.json")
    game = new_game(scenario, seed)
    try:
        save_game(game, path, overwrite=False)
    except InputError as exc:
        if exc.problem != "already exists":
            raise
        raise InputError(
            str(path), f"already exists: play it with `kriegsspiel play {path}`, or give --file"
        ) from None
    return path


class BotTurns:
    """Plays the bots' seats of a game whenever they are to act."""

    def __init__(self, bots: Mapping[str, Bot], seed: int | None = None) -> None:
        self.bots = dict(bots)
        self.rng = random.Random(secrets.randbits(64) if seed is None else seed)

    def play(self, game: AnyGame, act: Callable[[str, dict[str, Any]], None]) -> int:
        """Let each bot whose seat is to act choose and `act`, until no bot is to act (or one
        passes); returns how many actions they took."""
        taken = 0
        while taken < MOVES and not game.over():
            seat = next((s for s in game.seats_to_act() if s in self.bots), None)
            if seat is None:
                break
            action = self.bots[seat].choose(SeatTable(game, seat), self.rng)
            if action is None:
                break
            act(seat, action)
            taken += 1
        return taken


__all__ = ["BotTurns", "bot_seats", "game_file"]
