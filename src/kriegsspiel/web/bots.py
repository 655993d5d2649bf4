"""Seats played by bots in the web app.

A game is created with `"bots": {"german": "greedy"}` (`POST /api/games`; the home page has a
select per side): each such side is played by that bot (`kriegsspiel.bots.make_bot`), recorded
in the store so that it survives a restart. Whenever a game changes (and once it is created or
the server starts), a worker thread looks for a bot side that is to act; the bot chooses on a
copy of the game, from its seat's table alone (`SeatTable`) and outside the host's lock, then
acts through its seat's token as a person would, so its moves are logged, stored and announced
like anyone's. If the game moved on meanwhile, the choice is dropped and made again.
"""

from __future__ import annotations

import queue
import random
import secrets
import threading
from collections.abc import Mapping
from typing import Any

from kriegsspiel.bots import Bot, SeatTable, make_bot
from kriegsspiel.core.game import Game
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.errors import InputError, KriegsspielError
from kriegsspiel.web.host import Host

# what the home page offers for each side (any name `make_bot` takes is accepted by the API)
CHOICES = ("random", "greedy", "search:ms=1000")
MOVES = 1000  # bot actions in a row before the worker looks at other games


def check_bots(scenario: ScenarioBase, bots: Mapping[str, str]) -> dict[str, Bot]:
    """The bots for a new game's sides, or an InputError naming the first bad one."""
    out: dict[str, Bot] = {}
    for side, name in bots.items():
        if side not in scenario.side_ids:
            sides = ", ".join(scenario.side_ids)
            raise InputError(f"bots {side}", f"not a side of this scenario (sides: {sides})")
        try:
            out[side] = make_bot(name)
        except InputError as exc:
            raise InputError(f"bots {side}", exc.problem) from None
    if bots and len(out) == len(scenario.side_ids):
        raise InputError("bots", "leave at least one side to a person")
    return out


class BotSeats:
    """The bot sides of the host's games, and the worker that plays them."""

    def __init__(self, host: Host, *, start: bool = True) -> None:
        self.host = host
        self._bots: dict[str, dict[str, Bot]] = {}
        self._rngs: dict[str, random.Random] = {}
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        for game_id, named in host.store.bots().items():
            self._bots[game_id] = {seat: make_bot(name) for seat, name in named.items()}
            self.wake(game_id)
        if start:
            self._thread = threading.Thread(target=self._work, name="bots", daemon=True)
            self._thread.start()

    def assign(self, game_id: str, bots: Mapping[str, str]) -> None:
        """Record and start playing a new game's bot sides (checked by `check_bots`)."""
        if not bots:
            return
        self.host.store.set_bots(game_id, bots)
        with self._lock:
            self._bots[game_id] = {seat: make_bot(name) for seat, name in bots.items()}
        self.wake(game_id)

    def of(self, game_id: str) -> dict[str, str]:
        """The bot sides of a game, by bot name."""
        with self._lock:
            return {seat: bot.name for seat, bot in self._bots.get(game_id, {}).items()}

    def wake(self, game_id: str) -> None:
        """Look at the game soon (from any thread, the host's listeners included)."""
        if game_id in self._bots:
            self._queue.put(game_id)

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=5)

    def _work(self) -> None:
        while (game_id := self._queue.get()) is not None:
            try:
                self.play(game_id)
            except KriegsspielError:  # the store failed: the next change wakes it again
                continue

    def play(self, game_id: str) -> int:
        """Let the game's bots act while one of them is to act; how many actions they took."""
        with self._lock:
            bots = dict(self._bots.get(game_id, {}))
            rng = self._rngs.setdefault(game_id, random.Random(secrets.randbits(64)))
        taken = 0
        while taken < MOVES:
            with self.host.locked(game_id) as game:
                seat = next((s for s in game.seats_to_act() if s in bots), None)
                if seat is None:
                    return taken
                copy = _copy(game)
            action = bots[seat].choose(SeatTable(copy, seat), rng)
            if action is None:
                return taken
            with self.host.locked(game_id) as game:  # re-entrant: `act` takes it again
                if len(game.log) != len(copy.log):
                    continue  # someone acted meanwhile: choose again
                # chosen on our copy: if another server acted first, it chooses again
                self.host.act(self.host.tokens(game_id)[seat], action, again=False)
            taken += 1
        return taken


def _copy(game: Game[Any, Any, Any, Any]) -> Game[Any, Any, Any, Any]:
    """The game as it stands, for a bot to think over while the host serves others."""
    return Game(game.ruleset, game.scenario, game.seed, game.log)


__all__ = ["CHOICES", "BotSeats", "check_bots"]
