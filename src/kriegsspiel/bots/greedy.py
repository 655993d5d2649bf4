"""`greedy`: one ply ahead, the action with the best expected value by the exact odds.

For each legal action (an open parameter, such as a destination, drawn `samples` times from its
domain; a choice of targets tried option by option, up to `samples` of them) it asks the table
for the action's outlook (`SeatTable.outlook`): the distribution of what the seat would know
afterwards, valued by `bots.value` (the victory score margin, then the margin of losses), or
where the enemy must answer at once (its opportunity fire) by its best answer (`bots.reply`),
exact over the action's chance tree up to `budget` paths and estimated past it. It plays the best
expectation; ties are broken by `rng`. Everything it reads is its seat's knowledge.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kriegsspiel.bots.reply import measure
from kriegsspiel.bots.table import SeatTable
from kriegsspiel.core.choices import Choice
from kriegsspiel.errors import KriegsspielError

SAMPLES = 3  # draws of an action's open parameters
BUDGET = 200  # chance-tree paths walked exactly before an action's outlook is estimated
PLAYOUTS = 60  # playouts of an estimate
EPSILON = 1e-9  # expectations closer than this tie


def variants(choice: Choice, rng: random.Random, samples: int) -> Iterator[dict[str, Any]]:
    """The listed action, or `samples` draws of its open parameters (for choice domains only,
    the first `samples` options of each, each tried in turn)."""
    if not choice.domains:
        yield choice.action
        return
    if all(d.kind == "choice" for d in choice.domains):
        for domain in choice.domains:
            for option in domain.options[:samples]:
                yield {**choice.action, domain.param: option}
        return
    for _ in range(samples):
        yield choice.sample(rng)


class GreedyBot:
    """The best action one ply ahead (see the module docstring)."""

    def __init__(self, samples: int = SAMPLES, budget: int = BUDGET) -> None:
        self.samples = samples
        self.budget = budget
        self.name = "greedy"

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None:
        choices = table.legal_actions()
        if not choices:
            return None
        valued = measure(table.simulator().ruleset, table.seat)
        best: list[dict[str, Any]] = []
        top = float("-inf")
        for choice in choices:
            for action in variants(choice, rng, self.samples):
                try:
                    outlook = table.outlook(action, valued, budget=self.budget, samples=PLAYOUTS)
                except KriegsspielError:  # a drawn parameter the rules refuse
                    continue
                expected = outlook.expected(float)
                if expected > top + EPSILON:
                    top, best = expected, [action]
                elif expected >= top - EPSILON:
                    best.append(action)
        return rng.choice(best) if best else choices[0].action


__all__ = ["GreedyBot", "variants"]
