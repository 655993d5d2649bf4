"""The recovery step at the end of a player turn (BF-DEFAULT-RECOVERY, a house default).

The seed uses Battlefront's suppressed and disordered results but not the base game's way out of
them, and parent-games.md gives none (the rulebook is not public). Without one a unit would stay
suppressed or disordered for good: a flail tank halted disordered (ENG-MINE-42) could never take
the engineering action that discards its flail (ENG-MINE-44). So, when a side's player turn ends,
its suppressed units recover and each of its disordered units rolls the `rally` table (d10 + dr,
6 or more), with the dice of that side, which ends its offensive fire phase. The table (a
scenario's `tables:`) and the option `suppression_recovery` replace the house values.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.rulesets.engineering import checks
from kriegsspiel.rulesets.engineering.base import Ctx, Ev, Topic, applier
from kriegsspiel.rulesets.engineering.state import EngState, Status, with_unit


class Recovered(Ev, frozen=True, tag="recovered"):
    """A unit's status after the recovery step; `result` is its rally roll, if it rolled."""

    unit: str
    was: Status
    status: Status
    result: CheckResult | None = None

    def summary(self) -> str:
        return f"{self.unit} {self._what()}"

    def text(self) -> str:
        how = f": {self.result.explain()}" if self.result else " (BF-DEFAULT-RECOVERY)"
        return f"{self.unit} {self._what()}{how}"

    def _what(self) -> str:
        if self.status == self.was:
            return f"stays {self.was}"
        return "rallies" if self.was == "disordered" else "recovers from suppression"


def recover(ctx: Ctx, side: str) -> None:
    """BF-DEFAULT-RECOVERY: `side`'s player turn ends; its units recover, in scenario order."""
    by_roll = ctx.state.scenario.options.suppression_recovery == "rally"
    for spec in ctx.state.scenario.units:
        was = ctx.state.units[spec.id].status
        if spec.side != side or was not in ("suppressed", "disordered"):
            continue
        if was == "suppressed" and not by_roll:
            ctx.emit(Recovered(unit=spec.id, was=was, status="ok"))
            continue
        result = ctx.roll(checks.rally(ctx.tables, spec.dr))
        status: Status = "ok" if result.outcome == "rallies" else was
        ctx.emit(Recovered(unit=spec.id, was=was, status=status, result=result))


def _recovered(state: EngState, e: Recovered) -> EngState:
    return with_unit(state, e.unit, replace(state.units[e.unit], status=e.status))


TOPIC = Topic(__name__, appliers=(applier(Recovered, _recovered),))
