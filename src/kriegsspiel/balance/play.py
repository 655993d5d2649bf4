"""One game played by bots from their seats, and the record of how it ended.

Every bot sees its game through a `SeatTable` only. Who acts when several seats may: the seats
`Game.seats_to_act()` lists are asked in an order drawn afresh (a uniform shuffle) by the game's
own order generator, and the first whose bot returns an action takes it; a bot's None is a pass.
A game ends when `Game.over()`, when no seat that may act has an action ("stalled"), or after
`max_actions` actions ("cut off"). Everything random in a game comes from its seed: the dice
(`game_seed`), each seat's bot generator and the order generator, so one game plays the same in
any process.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from kriegsspiel.bots import make_bot
from kriegsspiel.bots.table import SeatTable
from kriegsspiel.core.game import Game
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets import find_ruleset

MAX_ACTIONS = 10_000  # a game still going after this many actions is cut off, as a draw
Ending = Literal["over", "stalled", "cut off"]


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """How one game ended: its winner (None: a draw), each side's points and the reasons as
    `Game.result()` gives them (`verdict`), how many actions it took, the turn it reached (in
    the ruleset's clock) and why it stopped."""

    index: int
    winner: str | None
    scores: dict[str, int]
    reasons: tuple[str, ...]
    actions: int
    turn: int
    ending: Ending


class Verdict(msgspec.Struct, frozen=True):
    winner: str | None
    scores: dict[str, int]
    reasons: tuple[str, ...]


def game_seed(seed: str, index: int) -> str:
    """The dice seed of game `index` of a run seeded `seed` (32 hex digits)."""
    return hashlib.sha256(f"balance|{seed}|{index}".encode()).hexdigest()[:32]


def verdict(game: Game[Any, Any, Any, Any]) -> Verdict:
    """The game's result (`Game.result()`), its reasons without the last, the verdict with the
    points (`X wins (...)`), which the winner and scores already hold; a game stopped before its
    end (stalled or cut off) is a draw, with the points each side had then (`Game.scores()`)."""
    result = game.result()
    if result is None:
        return Verdict(None, game.scores(), ())
    return Verdict(result.winner, dict(result.scores), tuple(result.reasons[:-1]))


def play_game(
    scenario: ScenarioBase,
    bots: Mapping[str, str],
    seed: str,
    index: int,
    max_actions: int = MAX_ACTIONS,
) -> GameRecord:
    """Game `index` of a run seeded `seed`, each side in `bots` played by the bot named."""
    game, ending, actions = played(scenario, bots, seed, index, max_actions)
    judged = verdict(game)
    return GameRecord(
        index=index,
        winner=judged.winner,
        scores=judged.scores,
        reasons=judged.reasons,
        actions=actions,
        turn=int(game.view(PUBLIC)["turn"]),
        ending=ending,
    )


def played(
    scenario: ScenarioBase,
    bots: Mapping[str, str],
    seed: str,
    index: int,
    max_actions: int = MAX_ACTIONS,
) -> tuple[Game[Any, Any, Any, Any], Ending, int]:
    """Game `index` played to its end: the game, why it stopped and the actions it took."""
    dice = game_seed(seed, index)
    game = Game(find_ruleset(scenario.ruleset), scenario, dice)
    players = {side: make_bot(name) for side, name in bots.items()}
    tables = {side: SeatTable(game, side) for side in players}
    rngs = {side: random.Random(f"{dice}|bot|{side}") for side in players}
    order = random.Random(f"{dice}|order")
    actions = 0
    while not game.over():
        if actions >= max_actions:
            return game, "cut off", actions
        seats = [seat for seat in game.seats_to_act() if seat in players]
        order.shuffle(seats)
        for seat in seats:
            action = players[seat].choose(tables[seat], rngs[seat])
            if action is None:
                continue
            try:
                game.act(seat, action)
            except KriegsspielError as exc:
                raise KriegsspielError(
                    f"game {index}: {seat}'s bot {bots[seat]} chose a refused action: {exc}"
                ) from exc
            actions += 1
            break
        else:
            return game, "stalled", actions
    return game, "over", actions


class Batch(msgspec.Struct, frozen=True):
    """Games `start` to `stop` (not included) of one run: what a worker is sent."""

    scenario: ScenarioBase
    bots: dict[str, str]
    seed: str
    start: int
    stop: int
    max_actions: int = MAX_ACTIONS


def play_batch(batch: Batch) -> list[GameRecord]:
    """The games of `batch`, in index order (a top-level function: any process may run it)."""
    return [
        play_game(batch.scenario, batch.bots, batch.seed, index, batch.max_actions)
        for index in range(batch.start, batch.stop)
    ]


__all__ = [
    "MAX_ACTIONS",
    "Batch",
    "GameRecord",
    "game_seed",
    "play_batch",
    "play_game",
    "played",
    "verdict",
]
