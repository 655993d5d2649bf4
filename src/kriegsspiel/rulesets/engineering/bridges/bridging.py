"""Bridging equipment: carried by heavy trucks, dismounted at the gap (ENG-BRIDGE-04..09).

Each item is one span (AMB-ENG-26). Mounted equipment moves with its truck and is destroyed with
it, with no bail-out (ENG-BRIDGE-09); until placed it is a Medium G target (bridge_attacks.py).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.geometry import measure
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
    unit,
)
from kriegsspiel.rulesets.engineering.bridges.bridge_specs import carry_problem
from kriegsspiel.rulesets.engineering.bridges.bridges import equipment_lost
from kriegsspiel.rulesets.engineering.bridges.works_state import Equipment
from kriegsspiel.rulesets.engineering.play.sequence import may_maneuver, use_action
from kriegsspiel.rulesets.engineering.state import EngState, Point, with_unit

LOAD_REACH = 1.0  # a truck loads equipment within 1" of it (BF-TRANSPORT)


class LoadBridging(Act, frozen=True, tag="load-bridging"):
    unit: str
    equipment: str


class UnloadBridging(Act, frozen=True, tag="unload-bridging"):
    """Dismount bridging equipment where the truck stands (ENG-BRIDGE-07)."""

    unit: str
    equipment: str


class BridgingLoaded(Ev, frozen=True, tag="bridging-loaded"):
    unit: str
    equipment: str

    def text(self) -> str:
        return f"{self.unit} loads the bridging equipment {self.equipment} (ENG-BRIDGE-05)"


class BridgingUnloaded(Ev, frozen=True, tag="bridging-unloaded"):
    unit: str
    equipment: str
    position: Point | None

    def text(self) -> str:
        return f"{self.unit} dismounts the bridging equipment {self.equipment}"


def equipment(state: EngState, side: str, equipment_id: str) -> Equipment:
    found = state.bridging.get(equipment_id)
    if found is None or found.side != side:
        raise InputError("equipment", f"no bridging equipment {equipment_id!r} of {side}")
    return found


def usable(state: EngState, e: Equipment) -> None:
    if equipment_lost(state, e):
        raise RuleViolation("ENG-BRIDGE-09", f"the bridging equipment {e.id} is destroyed")
    if e.placed:
        raise RuleViolation("ENG-BRIDGE-17", f"the bridging equipment {e.id} is built into a span")


def load(ctx: Ctx, action: LoadBridging) -> None:
    """ENG-BRIDGE-05/06: a 3T load for a heavy truck of any nation, never for tank riders."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    e = equipment(state, spec.side, action.equipment)
    may_maneuver(state, spec, "loads bridging")
    usable(state, e)
    if e.carried_by is not None:
        raise RuleViolation("BF-TRANSPORT", f"{e.id} is already on {e.carried_by}")
    loaded = sum(1 for x in state.bridging.values() if x.carried_by == spec.id)
    problem = carry_problem(spec.kind, spec.capacity, loaded)
    if problem:
        raise RuleViolation("ENG-BRIDGE-05", f"{spec.label}: {problem}")
    gap = measure(state.units[spec.id].position, e.position, None)
    if gap is not None and gap.inches > LOAD_REACH + 1e-9:
        raise RuleViolation("BF-TRANSPORT", f'{spec.label} is {gap} from {e.id}; load within 1"')
    ctx.emit(BridgingLoaded(unit=spec.id, equipment=e.id))


def unload(ctx: Ctx, action: UnloadBridging) -> None:
    """ENG-BRIDGE-07: dismounted where the truck stands; ENG-BRIDGE-09: never from a truck that
    was destroyed (no bail-out)."""
    state = ctx.state
    not_waiting(state)
    e = equipment(state, unit(state, action.unit).side, action.equipment)
    if equipment_lost(state, e):
        raise RuleViolation("ENG-BRIDGE-09", f"{e.id} was destroyed with its transport")
    spec = own(state, ctx.seat, action.unit)
    may_maneuver(state, spec, "dismounts bridging")
    if e.carried_by != spec.id:
        raise RuleViolation("BF-TRANSPORT", f"{spec.label} does not carry {e.id}")
    position = state.units[spec.id].position
    ctx.emit(BridgingUnloaded(unit=spec.id, equipment=e.id, position=position))


def with_equipment(state: EngState, e: Equipment) -> EngState:
    return replace(state, bridging={**state.bridging, e.id: e})


def _loaded(state: EngState, e: BridgingLoaded) -> EngState:
    state = with_unit(state, e.unit, use_action(state, state.units[e.unit]))
    item = state.bridging[e.equipment]
    return with_equipment(state, replace(item, carried_by=e.unit))


def _unloaded(state: EngState, e: BridgingUnloaded) -> EngState:
    state = with_unit(state, e.unit, use_action(state, state.units[e.unit]))
    item = state.bridging[e.equipment]
    return with_equipment(state, replace(item, carried_by=None, position=e.position))


TOPIC = Topic(
    __name__,
    performers=(
        performer(LoadBridging, load),
        performer(UnloadBridging, unload),
    ),
    appliers=(
        applier(BridgingLoaded, _loaded),
        applier(BridgingUnloaded, _unloaded),
    ),
)
