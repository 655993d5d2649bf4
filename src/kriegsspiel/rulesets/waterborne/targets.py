"""What direct fire may target (WAT-FIRE-01, WAT-CRAFT-03/04, CF-APC, CF-VEHICLE-FIRE).

A stand can be fired at directly when it is on land, or rides a craft ignored for combat that has
landed; never in the water (WAT-FIRE-01, AMB-WAT-12) and never inside a vehicle (CF-APC). Stands
building a pontoon are ordinary targets, apart from the bridge (WAT-PONTOON-14).
"""

from __future__ import annotations

from kriegsspiel.rulesets.waterborne.kinds import STAND_KINDS
from kriegsspiel.rulesets.waterborne.state import WatState


def is_vehicle(state: WatState, unit_id: str) -> bool:
    return STAND_KINDS[state.spec(unit_id).kind].cls == "vehicle"


def why_not_target(state: WatState, unit_id: str) -> tuple[str, str] | None:
    """(rule, reason) why direct fire cannot target this stand, or None if it can."""
    unit = state.units[unit_id]
    label = state.spec(unit_id).label
    if unit.status == "killed":
        return ("CF-STATUS", f"{label} is killed")
    if is_vehicle(state, unit_id):
        return ("CF-VEHICLE-FIRE", f"direct fire at vehicles such as {label} is not modelled")
    if unit.aboard is not None:
        boat = state.craft[unit.aboard]
        if state.in_water(unit.aboard):
            return ("WAT-FIRE-01", f"{label} is in the water: only indirect fire may attack it")
        if not boat.spec.ignored_for_combat:
            return ("CF-APC", f"{label} rides inside {boat.name}")
    return None


def targetable(state: WatState, unit_id: str) -> bool:
    """`why_not_target` is None, without building the reason."""
    unit = state.units[unit_id]
    if unit.status == "killed" or STAND_KINDS[state.specs[unit_id].kind].cls == "vehicle":
        return False
    if unit.aboard is None:
        return True
    cell = state.craft[unit.aboard].cell
    in_water = cell is not None and state.board.grid.inside(cell)
    return not in_water and state.craft[unit.aboard].spec.ignored_for_combat


def in_cover(state: WatState, unit_id: str) -> bool:
    """CF-FIRE: the target's terrain feature gives cover (a stand in a boat has none)."""
    unit = state.units[unit_id]
    return unit.place is not None and state.board.cover(unit.place)
