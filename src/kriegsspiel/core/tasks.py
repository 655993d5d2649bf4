"""Multi-turn work: the record keeping the rules leave to players.

A task needs a number of actions; units contribute one at a time, possibly on non-consecutive turns
and possibly several units pooling. Rulesets decide who may contribute; this module only keeps the
arithmetic honest.
"""

from __future__ import annotations

from math import ceil

import msgspec


class Contribution(msgspec.Struct, frozen=True):
    unit: str
    turn: int


class Task(msgspec.Struct, frozen=True):
    id: str
    kind: str
    name: str
    side: str
    required: int
    workers: int = 1
    target: str | None = None
    progress: int = 0
    contributions: tuple[Contribution, ...] = ()
    status: str = "open"  # "open", "complete" or "cancelled"

    @property
    def remaining(self) -> int:
        return max(self.required - self.progress, 0)

    @property
    def contributors(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.unit for c in self.contributions))

    def contribute(self, unit: str, turn: int) -> Task:
        progress = self.progress + 1
        return msgspec.structs.replace(
            self,
            progress=progress,
            contributions=(*self.contributions, Contribution(unit, turn)),
            status="complete" if progress >= self.required else "open",
        )

    def set_progress(self, progress: int) -> Task:
        """Reset or roll back progress (a dud, a removed charge)."""
        progress = max(0, min(progress, self.required))
        return msgspec.structs.replace(
            self, progress=progress, status="complete" if progress >= self.required else "open"
        )

    def turns_needed(self, units: int, per_unit_per_turn: int = 1) -> int:
        """Earliest number of turns to finish with `units` working (capped at `workers`)."""
        if units < 1:
            raise ValueError("at least one unit must work")
        per_turn = min(units, self.workers) * per_unit_per_turn
        return ceil(self.remaining / per_turn)
