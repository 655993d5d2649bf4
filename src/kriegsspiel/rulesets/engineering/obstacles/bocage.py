"""Bocage hedgerows (ENG-BOCAGE-01..09). A vehicle breaching one without a hedgerow cutter shows
its flank armour to direct fire (ENG-BOCAGE-01/02); one that gets through leaves a gap, one
terrain effect better (ENG-BOCAGE-03..06, crossing.py and data/obstacle_effects.toml). A dozer
gaps it with two engineering actions (ENG-BOCAGE-07, dozers.py); engineers with a charge of two
preparations, or one where a Culin cutter tank worked first (ENG-BOCAGE-08/09).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import Modifier
from kriegsspiel.core.geometry import angle_off
from kriegsspiel.core.limits import Distance
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    FIRE_AT,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import conformed, is_vehicle
from kriegsspiel.rulesets.engineering.obstacles.charges import at_target, charge_on, not_already
from kriegsspiel.rulesets.engineering.obstacles.features import Maneuvered, change, obstacle
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import CULIN_CUTTER, HEDGEROW_CUTTER
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Footing, Obstacle
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.play.sequence import may_maneuver
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, Point


class CulinAssist(Act, frozen=True, tag="culin-assist"):
    """A tank with a Culin hedgerow cutter spends one maneuver action conformed to the hedgerow
    at the point of a charge (ENG-BOCAGE-09, AMB-ENG-21)."""

    unit: str
    bocage: str
    distance: Distance | None = None


class CulinAssisted(Ev, frozen=True, tag="culin-assisted"):
    """ENG-BOCAGE-09: the side's engineers need one preparation here, not two."""

    unit: str
    obstacle: str
    side: str

    def text(self) -> str:
        return f"{self.unit} works its Culin cutter into {self.obstacle} (ENG-BOCAGE-09)"


def has_cutter(spec: EngUnit) -> bool:
    """ENG-BOCAGE-02: a hedgerow cutter (a Culin cutter is one)."""
    return HEDGEROW_CUTTER in spec.traits or CULIN_CUTTER in spec.traits


def armour_facing(state: EngState, target: str, firer: Point | None) -> str:
    """The armour direct fire hits: the flank of a vehicle breaching bocage this player turn
    without a cutter (ENG-BOCAGE-01); otherwise by where the firer is (front within 45 degrees
    of the facing, rear within 45 degrees of its back, else flank)."""
    footing = state.footing.get(target, Footing())
    if footing.exposed_at == state.player_turn:
        return "flank"
    u = state.units[target]
    if firer is None or u.position is None:
        return "front"
    off = angle_off(u.facing, u.position, firer)
    return "front" if off <= 45 else "rear" if off >= 135 else "flank"


def culin_assist(ctx: Ctx, action: CulinAssist) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_maneuver(state, spec, "works its hedgerow cutter")
    hedge = obstacle(state, spec.side, action.bocage, "bocage")
    if CULIN_CUTTER not in spec.traits or not is_vehicle(spec):
        raise RuleViolation("ENG-BOCAGE-09", f"{spec.label} has no Culin hedgerow cutter")
    not_already(hedge, "gapped", "ENG-BOCAGE-09")
    charge = charge_on(state, spec.side, hedge.id, "bocage-charge")
    if charge is not None and state.tasks[charge.task].progress > 0:
        raise RuleViolation(
            "ENG-BOCAGE-09", f"the engineers have begun their charge at {hedge.label} already"
        )
    u = state.units[spec.id]
    conformed(spec, u.position, hedge.footprint, action.distance, "ENG-BOCAGE-09", hedge.label)
    ctx.emit(CulinAssisted(unit=spec.id, obstacle=hedge.id, side=spec.side))
    ctx.emit(Maneuvered(unit=spec.id, how="works its cutter into", obstacle=hedge.id, moved=False))


def _fire_at(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> tuple[Modifier, ...]:
    """ENG-BOCAGE-01: direct fire at a vehicle breaching bocage without a cutter hits its flank,
    whatever its facing. The house fire table has no armour facings: the exposed flank and belly
    are the house modifier `bocage_flank_modifier` (+1, BF-DEFAULT-FLANK)."""
    state = ctx.state
    if indirect or target not in state.units:
        return ()
    if state.footing.get(target, Footing()).exposed_at != state.player_turn:
        return ()
    flank = state.scenario.options.bocage_flank_modifier
    return (Modifier("breaching bocage: its flank armour", flank, "ENG-BOCAGE-01"),)


def _may_prepare(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """ENG-BOCAGE-08: engineers conformed to the hedgerow at the point of the charge."""
    found = at_target(ctx, spec, demo, action.distance, "ENG-BOCAGE-08")
    assert isinstance(found, Obstacle)
    not_already(found, "gapped", "ENG-BOCAGE-08")


def _blown(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    hedge = ctx.state.obstacles[demo.target]
    if hedge.condition == "intact":
        change(ctx, hedge, "gapped", "ENG-BOCAGE-08")


def _assisted(state: EngState, e: CulinAssisted) -> EngState:
    obs = state.obstacles[e.obstacle]
    obs = replace(obs, assisted_by=tuple(sorted({*obs.assisted_by, e.side})))
    return replace(state, obstacles={**state.obstacles, obs.id: obs})


TOPIC = Topic(
    __name__,
    performers=(performer(CulinAssist, culin_assist),),
    appliers=(applier(CulinAssisted, _assisted),),
    hooks={
        FIRE_AT: _fire_at,
    },
    demolition_kinds={
        "bocage-charge": DemolitionKind(may_prepare=_may_prepare, effect=_blown),
    },
)
