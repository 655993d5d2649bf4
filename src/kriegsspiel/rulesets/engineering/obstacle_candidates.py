"""Actions worth trying at minefields and obstacles, for `legal_actions` (which keeps those that
`perform` accepts). Built only from what the seat knows, so the list itself tells nothing."""

from __future__ import annotations

import math

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.engineering.base import Act
from kriegsspiel.rulesets.engineering.bocage import CulinAssist
from kriegsspiel.rulesets.engineering.charges import PrepareCharge
from kriegsspiel.rulesets.engineering.clearing import DiscardFlail, Flail
from kriegsspiel.rulesets.engineering.crossing import Breach, Cross
from kriegsspiel.rulesets.engineering.ditches import DropFascine, FillDitch
from kriegsspiel.rulesets.engineering.dozers import Doze
from kriegsspiel.rulesets.engineering.feature_fire import Bombard
from kriegsspiel.rulesets.engineering.features import Feature, knows
from kriegsspiel.rulesets.engineering.footprints import CONFORM_REACH, reach
from kriegsspiel.rulesets.engineering.minefields import LayMinefield, SpotMinefield
from kriegsspiel.rulesets.engineering.obstacle_specs import FLAIL
from kriegsspiel.rulesets.engineering.obstacle_state import Minefield
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.sequence import Move
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.traits import ARTILLERY
from kriegsspiel.rulesets.engineering.wire import CutWire

ADVANCE = 3.0  # inches a unit tries to move ahead along its facing


def obstacle_candidates(state: EngState, seat: str, units: list[EngUnit]) -> list[Act]:
    out: list[Act] = []
    for spec in units:
        if state.units[spec.id].status == "knocked-out":
            continue
        out += _at_hand(state, spec, seat)
    if seat == UMPIRE:
        out += [
            SpotMinefield(f.id, side)
            for f in state.minefields.values()
            for side in state.order
            if side != f.side and side not in f.known_to
        ]
    return out


def _ahead(pos: Point, facing: float, step: float) -> Point:
    rad = math.radians(facing)
    return (round(pos[0] + step * math.sin(rad), 4), round(pos[1] + step * math.cos(rad), 4))


def _near(state: EngState, spec: EngUnit, seat: str) -> list[tuple[Feature, float | None]]:
    """Features the unit is at (within 1"), or all it knows with a declared distance."""
    side = UMPIRE if seat == UMPIRE else spec.side
    known: list[Feature] = [*state.obstacles.values()]
    known += [f for f in state.minefields.values() if knows(side, f)]
    pos = state.units[spec.id].position
    if pos is None:
        return [(f, 0.5) for f in known]
    out: list[tuple[Feature, float | None]] = []
    for f in known:
        dist = reach(pos, f.footprint, None)
        if dist is not None and dist.inches <= CONFORM_REACH:
            out.append((f, None))
    return out


def _at_hand(state: EngState, spec: EngUnit, seat: str) -> list[Act]:
    u = state.units[spec.id]
    out: list[Act] = []
    if u.position is not None:
        step = min(spec.speed or ADVANCE, ADVANCE)
        out.append(Move(spec.id, _ahead(u.position, u.facing, step)))
        if FLAIL in spec.traits:  # ENG-MINE-39: at half speed
            half = (spec.speed or 2 * ADVANCE) / 2
            out.append(Flail(spec.id, to=_ahead(u.position, u.facing, half)))
        lay_at = _ahead(u.position, u.facing, 1.0)
        out += [LayMinefield(spec.id, "AT", at=lay_at), LayMinefield(spec.id, "dummy", at=lay_at)]
    out += [
        LayMinefield(spec.id, laying.type, section=laying.section)
        for laying in state.layings.values()
        if laying.side == spec.side
    ]
    out.append(DiscardFlail(spec.id))
    if ARTILLERY in spec.traits:
        side = UMPIRE if seat == UMPIRE else spec.side
        out += [Bombard(spec.id, o.id) for o in state.obstacles.values() if o.kind == "wire"]
        out += [Bombard(spec.id, f.id) for f in state.minefields.values() if knows(side, f)]
    for found, dist in _near(state, spec, seat):
        fid = found.id
        out += [
            Breach(spec.id, fid, distance=dist),
            Cross(spec.id, fid, distance=dist),
            PrepareCharge(spec.id, fid, distance=dist),
            Doze(spec.id, fid, distance=dist),
        ]
        if isinstance(found, Minefield):
            out.append(Flail(spec.id, fid, distance=dist))
            out += [
                Breach(spec.id, fid, lane=lane.id, distance=dist)
                for lane in state.mine_lanes.values()
                if lane.section == fid and lane.side == spec.side
            ]
        elif found.kind == "wire":
            out.append(CutWire(spec.id, fid, distance=dist))
        elif found.kind == "ditch":
            out += [
                FillDitch(spec.id, fid, distance=dist),
                DropFascine(spec.id, fid, distance=dist),
            ]
        elif found.kind == "bocage":
            out.append(CulinAssist(spec.id, fid, distance=dist))
    return out
