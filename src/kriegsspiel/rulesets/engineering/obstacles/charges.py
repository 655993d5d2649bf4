"""Charges on obstacles: demolitions.py's mechanism (an engineering action of preparation, the
d10 with its dud, the secrecy) aimed at a minefield (a line charge, ENG-MINE-36), wire
(ENG-WIRE-08..10), a ditch (ENG-DITCH-15), an AT obstacle (ENG-OBST-07), bocage
(ENG-BOCAGE-08/09) or a roadblock (ENG-ROAD-01..06).

`prepare-charge UNIT OBSTACLE` sets up the side's charge there on its first preparation and
prepares it; `demolish UNIT CHARGE` fires it. Each kind of charge is a `DemolitionKind` of the
topic it belongs to (its refusals and what it does when it goes off).
"""

from __future__ import annotations

import dataclasses

from msgspec.structs import replace

from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import only
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import conformed
from kriegsspiel.rulesets.engineering.obstacles.features import Feature, feature, fresh_id, occupies
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Minefield, Obstacle
from kriegsspiel.rulesets.engineering.play.demolitions import Prepare, preparation, prepare
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState

BOCAGE_PREPARATIONS = 2  # ENG-BOCAGE-08; 1 after a Culin cutter's help (ENG-BOCAGE-09)
ROADBLOCK_PREPARATIONS = 2  # ENG-ROAD-06


class PrepareCharge(Act, frozen=True, tag="prepare-charge"):
    """One engineering action preparing a charge on an obstacle or minefield section."""

    unit: str
    obstacle: str
    distance: Distance | None = None  # declared distance to the obstacle, without positions


class ChargeSet(Ev, frozen=True, tag="charge-set"):
    """A side begins a charge on an obstacle: a demolition target of its own, and its task."""

    demolition: Demolition
    task: Task

    def text(self) -> str:
        return f"{self.demolition.side} sets to work on {self.demolition.name}"


def kind_for(found: Feature) -> str:
    """Which kind of charge a feature takes."""
    if isinstance(found, Minefield):
        return "line-charge"
    if found.kind == "roadblock":
        return "roadblock-clearing" if found.condition == "present" else "roadblock"
    return f"{found.kind}-charge"


def required(found: Feature, side: str) -> int:
    """How many engineering actions prepare it: one, but two for bocage without a Culin cutter's
    help (ENG-BOCAGE-08/09) and to clear a roadblock (ENG-ROAD-06)."""
    if isinstance(found, Obstacle) and found.kind == "bocage":
        return 1 if side in found.assisted_by else BOCAGE_PREPARATIONS
    if isinstance(found, Obstacle) and found.kind == "roadblock" and found.condition == "present":
        return ROADBLOCK_PREPARATIONS
    return 1


def charge_on(state: EngState, side: str, target: str, kind: str) -> Demolition | None:
    """The side's charge of this kind on the target that has not gone off yet."""
    for demo in state.demolitions.values():
        if (demo.target, demo.side, demo.kind) == (target, side, kind) and not demo.destroyed:
            return demo
    return None


def prepare_charge(ctx: Ctx, action: PrepareCharge) -> None:
    state = ctx.state
    spec = own(state, ctx.seat, action.unit)
    found = feature(state, spec.side, action.obstacle)
    kind = kind_for(found)
    demo = charge_on(state, spec.side, found.id, kind)
    if demo is None:
        demo_id = fresh_id(state.demolitions, f"{found.id}:{kind}:{spec.side}")
        name = f"{'line charge' if kind == 'line-charge' else 'charge'} at {found.label}"
        task = Task(
            f"prepare:{demo_id}",
            "demolition",
            f"prepare the {name}",
            spec.side,
            required(found, spec.side),
            target=demo_id,
        )
        position = found.footprint.centre if found.footprint else None
        demo = Demolition(
            demo_id,
            spec.side,
            name,
            state.units[spec.id].position or position,
            task.id,
            False,
            (),
            kind=kind,
            target=found.id,
        )
        setup = ChargeSet(demolition=demo, task=task)
        # validate, then act: the preparation is checked against the charge set in place
        trial = dataclasses.replace(ctx, state=_set(state, setup), records=[])
        preparation(trial, Prepare(unit=spec.id, demolition=demo.id, distance=action.distance))
        ctx.emit(setup, only(spec.side))
    prepare(ctx, Prepare(unit=spec.id, demolition=demo.id, distance=action.distance))


def at_target(
    ctx: Ctx, spec: EngUnit, demo: Demolition, distance: float | None, rule: str
) -> Feature:
    """The feature a charge is on, the unit conformed to it (BF-CONFORM, naming `rule`)."""
    found = feature(ctx.state, spec.side, demo.target)
    if not occupies(ctx.state, spec.id, found):
        pos = ctx.state.units[spec.id].position
        conformed(spec, pos, found.footprint, distance, rule, found.label)
    return found


def not_already(found: Obstacle, condition: str, rule: str) -> None:
    if found.condition == condition:
        raise RuleViolation(rule, f"{found.label} is already {condition}")


def _set(state: EngState, e: ChargeSet) -> EngState:
    return replace(
        state,
        demolitions={**state.demolitions, e.demolition.id: e.demolition},
        tasks={**state.tasks, e.task.id: e.task},
    )


TOPIC = Topic(
    __name__,
    performers=(performer(PrepareCharge, prepare_charge),),
    appliers=(applier(ChargeSet, _set),),
)
