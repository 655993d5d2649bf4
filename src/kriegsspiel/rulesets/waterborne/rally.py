"""Rallying a pinned or suppressed stand, or a suppressed craft (CF-DEFAULT-RALLY, CF-INIT).

The roll is a house default (data/tables.toml `rally`); a success makes the unit ok again, and a
failed rally ends the initiative.
"""

from __future__ import annotations

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own_craft,
    own_unit,
    performer,
    phasing,
)
from kriegsspiel.rulesets.waterborne.initiative import pass_initiative
from kriegsspiel.rulesets.waterborne.state import WatState
from kriegsspiel.rulesets.waterborne.status import audience, set_status


class Rally(Act, frozen=True, tag="rally"):
    unit: str  # a stand or a craft


class Rallied(Ev, frozen=True, tag="rallied"):
    unit: str
    result: CheckResult

    def text(self) -> str:
        if self.result.outcome == "success":
            return f"{self.unit} rallies: {self.result.explain()}; it is ok again"
        return f"{self.unit} fails to rally: {self.result.explain()}"

    def summary(self) -> str:
        done = self.result.outcome == "success"
        return f"{self.unit} rallies" if done else f"{self.unit} fails to rally"


def rally(ctx: Ctx, action: Rally) -> None:
    state = ctx.state
    if action.unit in state.craft and action.unit not in state.units:
        boat = own_craft(ctx, action.unit)
        side, label, status = boat.side, boat.name, str(boat.status)
        to = None
    else:
        spec = own_unit(ctx, action.unit)
        side, label, status = spec.side, spec.label, str(state.units[spec.id].status)
        to = audience(ctx, spec.id)
    phasing(ctx, side, f"{label} rallies")
    if status not in ("pinned", "suppressed"):
        raise RuleViolation("CF-DEFAULT-RALLY", f"{label} is {status}: nothing to rally from")
    result = ctx.roll(checks.rally(ctx.tables))
    ctx.emit(Rallied(unit=action.unit, result=result), to)
    if result.outcome != "success":  # a hidden unit's failure is public, its name is not
        pass_initiative(ctx, f"{label if to is None else 'a unit'} fails to rally")


def _rallied(state: WatState, e: Rallied) -> WatState:
    return set_status(state, e.unit, "ok") if e.result.outcome == "success" else state


TOPIC = Topic(
    __name__,
    performers=(performer(Rally, rally),),
    appliers=(applier(Rallied, _rallied),),
)
