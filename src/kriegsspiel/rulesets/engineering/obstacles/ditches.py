"""Anti-tank ditches (ENG-DITCH-01..19): impassable to vehicles (ENG-DITCH-02), a dug-in place
for troops (ENG-DITCH-03..06, crossing.py and obstacles.py), neutralised by troops (or an AVRE
acting as engineers, ENG-FUNNY-02) collapsing its sides (ENG-DITCH-07), a fascine
(ENG-DITCH-09..13), a dozer (ENG-DITCH-14, dozers.py), a charge (ENG-DITCH-15) or a bridgelayer
(ENG-DITCH-16/17, arks.py). Concrete-lined ditches cannot be filled by hand or dozer
(ENG-DITCH-18); wide ones take `neutralize_actions` of these (ENG-DITCH-19).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import only
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import conformed, frontal, is_vehicle
from kriegsspiel.rulesets.engineering.obstacles.charges import at_target
from kriegsspiel.rulesets.engineering.obstacles.features import (
    Maneuvered,
    change,
    improved,
    obstacle,
    occupies,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import improve
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import FASCINE
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Kit, Obstacle
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.play.sequence import may_maneuver
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState
from kriegsspiel.rulesets.engineering.traits import is_avre

# -- actions and events ---------------------------------------------------------------------------


class FillDitch(Act, frozen=True, tag="fill-ditch"):
    """A troop stand in or conformed to the ditch collapses its sides: an improve position roll
    that counts as its engineering action (ENG-DITCH-07, AMB-ENG-02). So may an AVRE acting as
    combat engineers, conformed to it (ENG-FUNNY-02, AMB-ENG-41)."""

    unit: str
    ditch: str
    distance: Distance | None = None


class DropFascine(Act, frozen=True, tag="drop-fascine"):
    """A fascine carrier, its front conformed to the ditch, drops its fascine with one ordinary
    action (ENG-DITCH-11, AMB-ENG-18)."""

    unit: str
    ditch: str
    distance: Distance | None = None
    front: bool | None = None  # declared: its front is conformed to the ditch


class FascineDropped(Ev, frozen=True, tag="fascine-dropped"):
    unit: str
    ditch: str

    def text(self) -> str:
        return f"{self.unit} drops its fascine into {self.ditch} (ENG-DITCH-11)"


# -- neutralising ---------------------------------------------------------------------------------


def open_ditch(ditch: Obstacle, rule: str) -> None:
    if ditch.condition != "intact":
        raise RuleViolation(rule, f"{ditch.label} is already {ditch.condition}")


def fillable(ditch: Obstacle, how: str) -> None:
    """ENG-DITCH-18: a concrete-lined ditch is not filled by hand or by dozer."""
    if ditch.variant == "concrete":
        raise RuleViolation("ENG-DITCH-18", f"{ditch.label} is concrete-lined: it cannot be {how}")


def neutralise(ctx: Ctx, ditch: Obstacle, rule: str, fascine: bool | None = None) -> None:
    """One neutralising action on a section: filled once it has had `needed` of them (one for a
    standard ditch, `neutralize_actions` for a wide one, ENG-DITCH-19 with AMB-ENG-19)."""
    ditch = ctx.state.obstacles[ditch.id]
    if ditch.condition != "intact":
        return
    work = ditch.work + 1
    condition = "filled" if work >= ditch.needed else "intact"
    change(ctx, ditch, condition, rule, work=work, fascine=fascine)


def fill_ditch(ctx: Ctx, action: FillDitch) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    ditch = obstacle(state, spec.side, action.ditch, "ditch")
    if is_avre(spec) and not spec.troop_work:
        raise RuleViolation(
            "ENG-FUNNY-02",
            f"{spec.label} may fill in a ditch only if the scenario lets it act as combat "
            "engineers",
        )
    if not spec.troop_work:
        raise RuleViolation(
            "ENG-DITCH-07",
            f"troop stands (or AVREs acting as engineers) collapse a ditch, not {spec.label}",
        )
    fillable(ditch, "filled by hand")
    open_ditch(ditch, "ENG-DITCH-07")
    if not occupies(state, spec.id, ditch):
        pos = state.units[spec.id].position
        conformed(spec, pos, ditch.footprint, action.distance, "ENG-DITCH-07", ditch.label)
    sealed = ctx.roll(improve(ctx.tables, "ditch-filling", spec.dr, "ENG-DITCH-07"))
    declare(ctx, spec, "fill-ditch", ditch.id, only(spec.side), sealed=sealed)


def _resolve_fill(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    if improved(ctx):
        neutralise(ctx, ctx.state.obstacles[pending.target], "ENG-DITCH-07")


def drop_fascine(ctx: Ctx, action: DropFascine) -> None:
    """ENG-DITCH-09..13 with AMB-ENG-18: an ordinary action, not an engineering action."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_maneuver(state, spec, "drops a fascine")
    ditch = obstacle(state, spec.side, action.ditch, "ditch")
    if FASCINE not in spec.traits or not is_vehicle(spec):
        raise RuleViolation("ENG-DITCH-09", f"{spec.label} carries no fascine")
    if state.kit.get(spec.id, Kit()).fascine_dropped:
        raise RuleViolation("ENG-DITCH-13", f"{spec.label} has already dropped its fascine")
    open_ditch(ditch, "ENG-DITCH-10")
    u = state.units[spec.id]
    conformed(spec, u.position, ditch.footprint, action.distance, "ENG-DITCH-11", ditch.label)
    frontal(spec, u.position, u.facing, ditch.footprint, action.front, "ENG-DITCH-11", ditch.label)
    ctx.emit(FascineDropped(unit=spec.id, ditch=ditch.id))
    ctx.emit(Maneuvered(unit=spec.id, how="drops a fascine into", obstacle=ditch.id, moved=False))
    neutralise(ctx, ditch, "ENG-DITCH-10", fascine=True)


# -- charges --------------------------------------------------------------------------------------


def _may_prepare(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """ENG-DITCH-15: engineers conformed to the ditch (ENG-DITCH-18: concrete too)."""
    found = at_target(ctx, spec, demo, action.distance, "ENG-DITCH-15")
    assert isinstance(found, Obstacle)
    open_ditch(found, "ENG-DITCH-15")


def _blown(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    neutralise(ctx, ctx.state.obstacles[demo.target], "ENG-DITCH-15")


def _dropped(state: EngState, e: FascineDropped) -> EngState:
    kit = replace(state.kit.get(e.unit, Kit()), fascine_dropped=True)
    return replace(state, kit={**state.kit, e.unit: kit})


TOPIC = Topic(
    __name__,
    performers=(
        performer(FillDitch, fill_ditch),
        performer(DropFascine, drop_fascine),
    ),
    appliers=(applier(FascineDropped, _dropped),),
    resolvers={
        "fill-ditch": _resolve_fill,
    },
    demolition_kinds={
        "ditch-charge": DemolitionKind(may_prepare=_may_prepare, effect=_blown),
    },
)
