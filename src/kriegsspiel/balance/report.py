"""What many games say about a scenario: each side's win, draw and loss rates with 95% Wilson
intervals, the distributions of scores and game lengths, the most decisive objectives."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from kriegsspiel.balance.play import GameRecord
from kriegsspiel.core.chance import wilson

OBJECTIVES = 5  # how many of the most decisive objectives a report lists


class Rate(msgspec.Struct, frozen=True):
    """`count` games of `games`: the rate and its Wilson 95% interval."""

    count: int
    rate: float
    low: float
    high: float


class SideRates(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    name: str
    bot: str
    win: Rate
    draw: Rate
    loss: Rate


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """A distribution of whole numbers: its range, mean and median, and how many games had
    each value (`counts`, value -> games, in increasing order of value)."""

    min: int
    max: int
    mean: float
    median: float
    counts: dict[int, int]


class Objective(msgspec.Struct, frozen=True, kw_only=True):
    """A reason `Result.reasons` gave: in how many games, how many of those each side won, and
    the side that won the most of them (None if none was won)."""

    reason: str
    games: int
    wins: dict[str, int]
    favours: str | None


class Report(msgspec.Struct, frozen=True, kw_only=True):
    scenario: str
    ruleset: str
    games: int
    seed: str
    bots: dict[str, str]
    sides: list[SideRates]
    scores: dict[str, Summary | None]  # None: no game gave that side points
    actions: Summary
    turns: Summary
    objectives: list[Objective]
    endings: dict[str, int]  # over / stalled / cut off -> games


def rate(count: int, games: int) -> Rate:
    low, high = wilson(count, games)
    return Rate(count, count / games, low, high)


def summary(values: Sequence[int]) -> Summary:
    """The distribution of `values` (at least one)."""
    return Summary(
        min=min(values),
        max=max(values),
        mean=statistics.fmean(values),
        median=float(statistics.median(values)),
        counts=dict(sorted(Counter(values).items())),
    )


def objectives(records: Iterable[GameRecord], sides: Sequence[str]) -> list[Objective]:
    """The reasons of the games' results, the most decisive first: by the games with the
    reason that the side it favours (the one that won most of them) won, less the games with
    it that side did not win; then by the games with it. A reason counts once a game."""
    games: Counter[str] = Counter()
    wins: dict[str, Counter[str]] = {}
    for record in records:
        for reason in dict.fromkeys(record.reasons):
            games[reason] += 1
            counted = wins.setdefault(reason, Counter())
            if record.winner is not None:
                counted[record.winner] += 1
    made = []
    for reason, count in games.items():
        won = {side: wins[reason][side] for side in sides}
        best = max(won.values(), default=0)
        favours = next((side for side in sides if best and won[side] == best), None)
        made.append(Objective(reason=reason, games=count, wins=won, favours=favours))
    made.sort(key=lambda o: (-(2 * _won_by(o) - o.games), -o.games, o.reason))
    return made[:OBJECTIVES]


def _won_by(objective: Objective) -> int:
    return objective.wins[objective.favours] if objective.favours is not None else 0


def make_report(
    records: Sequence[GameRecord],
    *,
    scenario: str,
    ruleset: str,
    sides: Mapping[str, str],
    bots: Mapping[str, str],
    seed: str,
) -> Report:
    """The report of `records` (at least one), `sides` mapping each side id to its name."""
    games = len(records)
    winners = Counter(record.winner for record in records)
    draws = winners[None]
    side_rates = [
        SideRates(
            side=side,
            name=name,
            bot=bots[side],
            win=rate(winners[side], games),
            draw=rate(draws, games),
            loss=rate(games - draws - winners[side], games),
        )
        for side, name in sides.items()
    ]
    points = {side: [r.scores[side] for r in records if side in r.scores] for side in sides}
    endings = Counter(record.ending for record in records)
    return Report(
        scenario=scenario,
        ruleset=ruleset,
        games=games,
        seed=seed,
        bots=dict(bots),
        sides=side_rates,
        scores={side: summary(values) if values else None for side, values in points.items()},
        actions=summary([r.actions for r in records]),
        turns=summary([r.turn for r in records]),
        objectives=objectives(records, list(sides)),
        endings={e: endings[e] for e in ("over", "stalled", "cut off") if endings[e]},
    )


__all__ = ["Objective", "Rate", "Report", "SideRates", "Summary", "make_report", "rate", "wilson"]
