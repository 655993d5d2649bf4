"""Arcs and lines of sight on the table, from `core.geometry`: which arc of a vehicle a point is
in, which crewman's vision arc covers it, and whether a building blocks the line.
"""

from __future__ import annotations

from kriegsspiel.core.geometry import angle_off, bearing, in_arc
from kriegsspiel.core.scenario import Point as XY
from kriegsspiel.rulesets.afv.state import AfvState, Vehicle
from kriegsspiel.rulesets.afv.vehicles import Facing

FRONT_HALF = 45.0  # AFV-VIS-02, AMB-AFV-07: 45 degrees either side of the centreline
REAR_FROM = 180.0 - 45.0  # AMB-AFV-07: the rear arc is 45 degrees either side of the tail
SIGHT_HALF = 22.5  # AMB-AFV-07: the gunner's sight, about the gun's bearing


def turn(frm: float, to: float) -> float:
    """The shortest turn from bearing `frm` to bearing `to`: -180 < degrees <= 180, clockwise +."""
    d = (to - frm) % 360.0
    return d - 360.0 if d > 180.0 else d


def arc_of(facing: float, frm: XY, to: XY) -> Facing:
    """AMB-AFV-07 (SK-ARC): the hull arc of `to` seen from a vehicle at `frm` facing `facing`."""
    off = angle_off(facing, frm, to)
    if off <= FRONT_HALF + 1e-9:
        return "front"
    if off >= REAR_FROM - 1e-9:
        return "rear"
    return "side"


def in_rear_arc(v: Vehicle, to: XY) -> bool:
    """AMB-AFV-18: a bearing within the rear arc, 45 degrees either side of the tail."""
    return arc_of(v.facing, v.position, to) == "rear"


def sees(role: str, v: Vehicle, to: XY) -> bool:
    """The vision arc of the crewman in position `role` (AMB-AFV-07, -08):
    AFV-VIS-02/08 driver and co-driver only ahead, 45 degrees either side, buttoned or not;
    AFV-VIS-03 the commander all round; AFV-VIS-04 the gunner only where the turret points;
    the loader has no acquisition duty (AFV-CREW duties) and so no vision arc."""
    if role in ("driver", "co-driver"):
        return in_arc(v.facing, FRONT_HALF, v.position, to)
    if role == "commander":
        return True
    if role == "gunner":
        return in_arc(v.gun_bearing, SIGHT_HALF, v.position, to)
    return False


def on_gun(v: Vehicle, to: XY) -> bool:
    """The main gun and coaxial MG bear on `to`: within the sight, about the gun's bearing."""
    return in_arc(v.gun_bearing, SIGHT_HALF, v.position, to)


def gun_turn_to(v: Vehicle, to: XY) -> float:
    """The turret turn that lays the gun on `to`."""
    return turn(v.gun_bearing, bearing(v.position, to))


def position_of(state: AfvState, model: str) -> XY:
    if model in state.vehicles:
        return state.vehicles[model].position
    return state.men[model].position


def line_of_sight(state: AfvState, frm: XY, to: XY) -> bool:
    """SK-LOS: no building between the two points, other than one either of them is in."""
    return state.scenario.shapes.line_of_sight(frm, to)
