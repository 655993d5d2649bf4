"""Is a scenario balanced? Many games played by bots, and what they say.

`balance(scenario, bots, games, seed)` plays `games` games of `scenario`, each side played by
the bot named in `bots` (`random` for a side not named), and returns a `Report`
(`play_games` gives the games' records, `report_of` their report). Game `i` is
seeded from `seed` and `i` alone (`play.game_seed`), and the records are gathered in index
order, so the report is the same for the same seed in one process, in `workers` processes or on
a Ray cluster (`ray=ADDRESS`, or `ray="local"`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence

from kriegsspiel.balance.play import MAX_ACTIONS, Batch, GameRecord, game_seed, play_game
from kriegsspiel.balance.report import Report, make_report
from kriegsspiel.balance.runners import LOCAL_RAY, Progress, in_process, in_processes, on_ray
from kriegsspiel.bots import make_bot
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.errors import InputError
from kriegsspiel.scenario.load import load_scenario

DEFAULT_BOT = "random"
DEFAULT_SEED = "balance"  # a fixed default: a run repeated gives the same games
BATCHES_PER_WORKER = 16  # batches a worker gets, for an even load and a lively progress bar
MAX_BATCH = 25


def seat_bots(scenario: ScenarioBase, bots: Mapping[str, str]) -> dict[str, str]:
    """The bot of every side, in the scenario's order (`random` where `bots` names none); an
    InputError for a seat that is not a side or a bot that is not known."""
    sides = scenario.side_ids
    for seat, name in bots.items():
        if seat not in sides:
            raise InputError("bots", f"unknown side {seat!r} (sides: {', '.join(sides)})")
        try:
            make_bot(name)
        except InputError as exc:
            raise InputError("bots", exc.problem) from None
    return {side: bots.get(side, DEFAULT_BOT) for side in sides}


def batches(
    scenario: ScenarioBase,
    bots: Mapping[str, str],
    games: int,
    seed: str,
    workers: int,
    max_actions: int = MAX_ACTIONS,
) -> list[Batch]:
    """The games cut into consecutive batches, about BATCHES_PER_WORKER a worker."""
    size = max(1, min(MAX_BATCH, math.ceil(games / (workers * BATCHES_PER_WORKER))))
    return [
        Batch(scenario, dict(bots), seed, start, min(start + size, games), max_actions)
        for start in range(0, games, size)
    ]


def play_games(
    scenario: ScenarioBase,
    bots: Mapping[str, str],
    games: int,
    seed: str = DEFAULT_SEED,
    *,
    workers: int | None = None,
    ray: str | None = None,
    progress: Progress | None = None,
    max_actions: int = MAX_ACTIONS,
) -> list[GameRecord]:
    """The records of `games` games, in index order. They are played in this process with
    `workers=1`, in that many local processes otherwise (default: one a core), or on the Ray
    cluster at `ray`; `progress` is told how many more games are done after each batch."""
    if games < 1:
        raise InputError("games", f"must be 1 or more (got {games})")
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers < 1:
        raise InputError("workers", f"must be 1 or more (got {workers})")
    chosen = seat_bots(scenario, bots)
    jobs = batches(scenario, chosen, games, seed, workers, max_actions)
    told = progress or (lambda done: None)
    if ray is not None:
        played = on_ray(jobs, ray, told)
    elif workers == 1 or len(jobs) == 1:
        played = in_process(jobs, told)
    else:
        played = in_processes(jobs, workers, told)
    return [record for batch in played for record in batch]


def report_of(
    scenario: ScenarioBase, bots: Mapping[str, str], seed: str, records: Sequence[GameRecord]
) -> Report:
    """The report of a run's records."""
    return make_report(
        records,
        scenario=scenario.title,
        ruleset=scenario.ruleset,
        sides={side.id: side.name for side in scenario.sides},
        bots=seat_bots(scenario, bots),
        seed=seed,
    )


def balance(
    scenario: str | ScenarioBase,
    bots: Mapping[str, str],
    games: int,
    seed: str = DEFAULT_SEED,
    *,
    workers: int | None = None,
    ray: str | None = None,
    progress: Progress | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Report:
    """The report of `games` games of `scenario` (a loaded one, a path or a bundled name),
    played as `play_games` plays them."""
    loaded = load_scenario(scenario) if isinstance(scenario, str) else scenario
    records = play_games(
        loaded,
        bots,
        games,
        seed,
        workers=workers,
        ray=ray,
        progress=progress,
        max_actions=max_actions,
    )
    return report_of(loaded, bots, seed, records)


__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_SEED",
    "LOCAL_RAY",
    "GameRecord",
    "Report",
    "balance",
    "game_seed",
    "play_game",
    "play_games",
    "report_of",
    "seat_bots",
]
