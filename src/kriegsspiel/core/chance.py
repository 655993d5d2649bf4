"""The chance tree of one action, walked with the code that resolves it.

An action's `perform` calls `roll(check)` for each die roll; what it does next depends only on
the results. `walk` runs it once per path through the tree: at every roll it branches over the
distinct statistics the check's dice can show (one representative set of faces each, with its
exact probability), so later rolls are conditioned on earlier outcomes. Each path ends in a
summary of what happened; identical summaries merge. The same `Check.resolve` maps faces to
results as in play, so the odds and the rolls cannot disagree.

A ruleset reads a roll's outcome, total, natural and the statistics of its faces
(`Pool.reduce`), never the order of the faces beyond them: that is what makes one
representative per statistic exact.

A tree of more paths than the budget (about 50 ms of play) is reported as such, with the exact
odds of its first roll and a seeded Monte Carlo estimate (Wilson 95% intervals) of the whole.
The budget counts paths, not seconds, so the same question always gets the same answer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from kriegsspiel.core.checks import Check, CheckResult, _joint
from kriegsspiel.core.dice import Pool, Stat, _add
from kriegsspiel.core.roll import Roll

Faces = tuple[tuple[int, ...], ...]
Branch = tuple[Faces, Fraction]


Run = Callable[[Roll], str]
"""Performs the action once with the given roller and returns the summary of what happened."""


@cache
def _representatives(pool: Pool) -> dict[Stat, tuple[int, ...]]:
    """For each statistic the pool can show, the smallest sorted faces that give it."""
    reps: dict[Stat, tuple[int, ...]] = {tuple(0 for _ in pool.tallies): ()}
    for _ in range(pool.count):
        grown: dict[Stat, tuple[int, ...]] = {}
        for stat, faces in reps.items():
            low = faces[-1] if faces else 1
            for face in range(low, pool.sides + 1):
                grown.setdefault(_add(stat, pool.per_die(face)), (*faces, face))
        reps = grown
    return reps


@cache
def branches(pools: tuple[Pool, ...]) -> tuple[Branch, ...]:
    """Every distinct joint statistic of `pools`: representative faces and exact probability."""
    reps = [_representatives(p) for p in pools]
    return tuple(
        (tuple(r[s] for r, s in zip(reps, stats, strict=True)), p)
        for stats, p in _joint(pools).items()
    )


@dataclass(frozen=True)
class Outcome:
    """One result an action can lead to: exact where the tree was walked, else estimated."""

    summary: str
    probability: Fraction | None = None
    estimate: float | None = None
    low: float | None = None
    high: float | None = None

    def describe(self) -> dict[str, Any]:
        if self.probability is not None:
            p = self.probability
            return {
                "summary": self.summary,
                "probability": f"{p.numerator}/{p.denominator}",
                "percent": round(float(p) * 100, 2),
            }
        return {
            "summary": self.summary,
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
        }


@dataclass(frozen=True)
class ActionOdds:
    """The odds of a whole action, as `Game.odds` gives them."""

    exact: bool
    outcomes: tuple[Outcome, ...]  # most likely first
    rolls: tuple[str, ...]  # the checks the action may roll, in the order first met
    paths: int  # paths of the chance tree walked (0 when estimated)
    first_roll: Check | None = None  # when not exact: the first roll, whose odds are exact
    samples: int = 0  # when not exact: the Monte Carlo playouts behind the estimates

    def probability(self, summary: str) -> Fraction:
        """The exact probability of one result (0 if it cannot happen)."""
        if not self.exact:
            raise ValueError("these odds are estimated; see `outcomes`")
        return next(
            (o.probability or Fraction(0) for o in self.outcomes if o.summary == summary),
            Fraction(0),
        )

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "exact": self.exact,
            "outcomes": [o.describe() for o in self.outcomes],
            "rolls": list(self.rolls),
            "paths": self.paths,
        }
        if not self.exact:
            out["samples"] = self.samples
            if self.first_roll is not None:
                out["first_roll"] = {
                    "check": self.first_roll.name,
                    "odds": [
                        {"outcome": o, "probability": f"{p.numerator}/{p.denominator}"}
                        for o, p in self.first_roll.odds_table()
                    ],
                }
        return out


BUDGET = 1000  # paths: a larger tree is estimated instead
SAMPLES = 1000


class _Path:
    """One run down the tree: the branch taken at each roll, and the rolls met on the way."""

    def __init__(self, picks: list[int], names: dict[str, None]) -> None:
        self.picks = picks
        self.nodes: list[tuple[Branch, ...]] = []
        self.names = names
        self.first: Check | None = None

    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult:
        self.first = self.first or check
        self.names.setdefault(check.name)
        options = branches(check.pools)
        depth = len(self.nodes)
        pick = self.picks[depth] if depth < len(self.picks) else 0
        self.nodes.append(options)
        return check.resolve(options[pick][0], "odds")

    def weight(self) -> Fraction:
        numerator = denominator = 1  # multiplied as integers, reduced once
        for options, pick in zip(self.nodes, self.taken(), strict=True):
            p = options[pick][1]
            numerator *= p.numerator
            denominator *= p.denominator
        return Fraction(numerator, denominator)

    def taken(self) -> list[int]:
        return self.picks[: len(self.nodes)] + [0] * (len(self.nodes) - len(self.picks))

    def next(self) -> list[int] | None:
        """The picks of the next path in depth-first order, or None after the last."""
        picks = self.taken()
        depth = len(self.nodes) - 1
        while depth >= 0 and picks[depth] + 1 >= len(self.nodes[depth]):
            depth -= 1
        return None if depth < 0 else [*picks[:depth], picks[depth] + 1]


def walk(run: Run, *, budget: int = BUDGET, samples: int = SAMPLES) -> ActionOdds:
    """The exact odds of every summary `run` can end in, or an estimate past `budget` paths."""
    totals: dict[str, Fraction] = {}
    names: dict[str, None] = {}
    picks: list[int] | None = []
    first: Check | None = None
    walked = 0
    while picks is not None:
        path = _Path(picks, names)
        summary = run(path)
        first = first or path.first
        walked += 1
        totals[summary] = totals.get(summary, Fraction(0)) + path.weight()
        picks = path.next()
        if picks is not None and walked >= budget:
            return _estimate(run, first, tuple(names), samples)
    outcomes = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    return ActionOdds(
        exact=True,
        outcomes=tuple(Outcome(s, probability=p) for s, p in outcomes),
        rolls=tuple(names),
        paths=walked,
    )


class _Sampled:
    """A roller with seeded dice, for one Monte Carlo playout."""

    def __init__(self, rng: random.Random, names: dict[str, None]) -> None:
        self.rng = rng
        self.names = names

    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult:
        self.names.setdefault(check.name)
        faces = [[self.rng.randint(1, p.sides) for _ in range(p.count)] for p in check.pools]
        return check.resolve(faces, "odds")


def _estimate(run: Run, first: Check | None, names: tuple[str, ...], samples: int) -> ActionOdds:
    """Seeded Monte Carlo playouts of `run`, with Wilson 95% intervals."""
    counts: dict[str, int] = {}
    seen = dict.fromkeys(names)
    for i in range(samples):
        summary = run(_Sampled(random.Random(f"odds|{i}"), seen))
        counts[summary] = counts.get(summary, 0) + 1
    outcomes = [
        Outcome(s, estimate=n / samples, low=lo, high=hi)
        for s, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        for lo, hi in [wilson(n, samples)]
    ]
    return ActionOdds(
        exact=False,
        outcomes=tuple(outcomes),
        rolls=tuple(seen),
        paths=0,
        first_roll=first,
        samples=samples,
    )


def wilson(hits: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


__all__ = ["ActionOdds", "Outcome", "branches", "walk", "wilson"]
