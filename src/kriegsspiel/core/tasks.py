"""Multi-turn work: the record keeping the rules leave to players.

A task needs a number of units of work (`required`), counted in one of two measures:

- "actions": each unit's action is one unit of work, added at once (`contribute`); at most
  `workers` units work on it in one turn (digging in, preparing a demolition);
- "points": one attempt a turn by a crew (`contribute` with `amount=0` when it is declared), whose
  roll decides what it earns (`credit`); at most `workers` attempts a turn (a bridge's spans,
  a pontoon bridge's or ferry's construction points).

Work may come on non-consecutive turns and from several units. Each contribution records who
(a unit, and the helpers who worked beside it), when (a turn, or whatever the ruleset counts:
a player turn, an initiative) and how much. Rulesets decide who may contribute and what a roll
earns; this module only keeps the arithmetic honest.
"""

from __future__ import annotations

from math import ceil
from typing import Literal

import msgspec

Turn = (
    int | tuple[int, int]
)  # a turn or initiative number, or (game turn, player) for a player turn
Measure = Literal["actions", "points"]


class Contribution(msgspec.Struct, frozen=True):
    unit: str  # who: the unit that acted, or the first of an attempt's crew
    turn: Turn  # when
    amount: int = 1  # how much: actions done or points earned (0: an attempt that earned none)
    helpers: tuple[str, ...] = ()  # who else worked in the same attempt

    @property
    def crew(self) -> tuple[str, ...]:
        return (self.unit, *self.helpers)


class Task(msgspec.Struct, frozen=True):
    id: str
    kind: str
    name: str
    side: str
    required: int
    workers: int = 1  # units (actions) or attempts (points) a turn
    target: str | None = None
    progress: int = 0
    contributions: tuple[Contribution, ...] = ()
    status: str = "open"  # "open", "complete" or "cancelled"
    measure: Measure = "actions"
    completed_at: Turn | None = None  # when the last unit of work came (None: unknown or open)

    @property
    def remaining(self) -> int:
        return max(self.required - self.progress, 0)

    @property
    def complete(self) -> bool:
        return self.status == "complete"

    @property
    def contributors(self) -> tuple[str, ...]:
        """Every unit that has worked on it, helpers too, in the order they first did."""
        return tuple(dict.fromkeys(u for c in self.contributions for u in c.crew))

    def workers_in(self, turn: Turn) -> tuple[str, ...]:
        """The units that worked on it in `turn` (an attempt's whole crew)."""
        return tuple(dict.fromkeys(u for c in self.contributions if c.turn == turn for u in c.crew))

    def has_room(self, turn: Turn, unit: str | None = None) -> bool:
        """Whether more work may be done in `turn`: by actions, fewer than `workers` units have
        worked in it (or `unit` is one of them); by points, fewer than `workers` attempts."""
        this_turn = [c for c in self.contributions if c.turn == turn]
        if self.measure == "points":
            return len(this_turn) < self.workers
        units = {c.unit for c in this_turn}
        return unit in units or len(units) < self.workers

    def contribute(
        self, unit: str, turn: Turn, amount: int = 1, helpers: tuple[str, ...] = ()
    ) -> Task:
        """`amount` units of work by `unit` (with `helpers`) in `turn`; an attempt whose roll is
        still to come is declared with `amount=0` and `credit`ed later."""
        contribution = Contribution(unit, turn, amount, helpers)
        return self._at(self.progress + amount, (*self.contributions, contribution), turn)

    def credit(self, amount: int = 1) -> Task:
        """The latest contribution (an attempt now rolled) earns `amount` more."""
        if not self.contributions:
            raise ValueError("no contribution to credit")
        *before, last = self.contributions
        earned = msgspec.structs.replace(last, amount=last.amount + amount)
        return self._at(self.progress + amount, (*before, earned), last.turn)

    def set_progress(self, progress: int, turn: Turn | None = None) -> Task:
        """Set, reset or roll back progress (a scenario's start, a dud, a removed charge, a hit);
        `turn` is when it counts as completed if this completes it."""
        return self._at(max(0, min(progress, self.required)), self.contributions, turn)

    def _at(
        self, progress: int, contributions: tuple[Contribution, ...], turn: Turn | None
    ) -> Task:
        """This task at `progress`: complete once it reaches `required`, at `turn` unless it
        already was."""
        done = progress >= self.required
        return msgspec.structs.replace(
            self,
            progress=progress,
            contributions=contributions,
            status="complete" if done else "open",
            completed_at=(self.completed_at if self.complete else turn) if done else None,
        )

    def turns_needed(self, units: int, per_unit_per_turn: int = 1) -> int:
        """Earliest number of turns to finish by actions with `units` working (capped at
        `workers`). Work by points has no such number: a roll decides each point, and
        `core.plans.attempts_needed` gives the distribution."""
        if self.measure != "actions":
            raise ValueError("work by points takes as many turns as its rolls decide")
        if units < 1:
            raise ValueError("at least one unit must work")
        per_turn = min(units, self.workers) * per_unit_per_turn
        return ceil(self.remaining / per_turn)
