"""What each seat may know of minefields, lanes and obstacles, and of units at obstacles.

A minefield section is shown in full to its side and the umpire; to an enemy side that knows it
(spotted, or mines went off) only where it is, the same for a dummy as for real mines
(ENG-MINE-27, -28); to the public table once every enemy side knows it. A side sees its own
lanes and those through its own fields. Wire, ditches, AT obstacles, bocage and roadblocks are
terrain everyone sees.
"""

from __future__ import annotations

from typing import TypedDict

import msgspec

from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.core.views import UNSET, Hidden
from kriegsspiel.rulesets.engineering.footprints import Footprint
from kriegsspiel.rulesets.engineering.minefields.minefields import spotting_case
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import (
    FASCINE,
    FLAIL,
    default_platoon,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import (
    Footing,
    Kit,
    Minefield,
    MineLane,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacles import cover
from kriegsspiel.rulesets.engineering.state import EngState


class FootprintView(msgspec.Struct, frozen=True):
    centre: list[float]
    facing: float
    length: float
    depth: float
    corners: list[list[float]]


class MinefieldView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str
    footprint: FootprintView | None
    # the rest to its side and the umpire only (ENG-MINE-27)
    name: str | Hidden = UNSET
    type: str | Hidden = UNSET
    at: str | Hidden | None = UNSET
    ap: str | Hidden | None = UNSET
    laid: str | Hidden = UNSET
    ground: list[str] | Hidden = UNSET
    known_to: list[str] | Hidden = UNSET
    spotting: str | Hidden = UNSET


class MineLaneView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    section: str
    side: str
    kind: str
    at: list[float] | None
    width: float
    depth: float
    rule: str


class ObstacleView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: str
    name: str
    condition: str
    variant: str
    footprint: FootprintView | None
    neutralised_by: int
    needs: int
    fascine: bool
    culin_assisted_for: list[str]


class CoverView(msgspec.Struct, frozen=True):
    obstacle: str
    case: str
    rule: str


class ObstacleFields(TypedDict):
    """The engineering view's fields for minefields, lanes and obstacles (`obstacle_view`)."""

    minefields: list[MinefieldView]
    mine_lanes: list[MineLaneView]
    obstacles: list[ObstacleView]
    mine_supply: dict[str, int]


class FootingFields(TypedDict, total=False):
    """A unit's fields at an obstacle (`unit_footing`), each only when it applies."""

    bogged_at: str
    inside: str
    armour_facing: str
    cover: list[CoverView]
    flail: str
    fascine: str


def footprint(fp: Footprint | None) -> FootprintView | None:
    if fp is None:
        return None
    return FootprintView(
        centre=list(fp.centre),
        facing=fp.facing,
        length=fp.length,
        depth=fp.depth,
        corners=[[round(x, 4), round(y, 4)] for x, y in fp.corners()],
    )


def obstacle_view(state: EngState, seat: str) -> ObstacleFields:
    return {
        "minefields": [
            _minefield(state, seat, f) for f in state.minefields.values() if _sees(state, seat, f)
        ],
        "mine_lanes": [
            _lane(lane) for lane in state.mine_lanes.values() if _sees_lane(state, seat, lane)
        ],
        "obstacles": [
            ObstacleView(
                id=o.id,
                kind=o.kind,
                name=o.name,
                condition=o.condition,
                variant=o.variant,
                footprint=footprint(o.footprint),
                neutralised_by=o.work,
                needs=o.needed,
                fascine=o.fascine,
                culin_assisted_for=list(o.assisted_by),
            )
            for o in state.obstacles.values()
        ],
        "mine_supply": _supply(state, seat),
    }


def _sees(state: EngState, seat: str, field: Minefield) -> bool:
    if seat in (UMPIRE, field.side) or seat in field.known_to:
        return True
    enemies = set(state.order) - {field.side}
    return seat == PUBLIC and enemies <= set(field.known_to)


def _minefield(state: EngState, seat: str, field: Minefield) -> MinefieldView:
    where = MinefieldView(id=field.id, side=field.side, footprint=footprint(field.footprint))
    if seat not in (UMPIRE, field.side):
        return where  # ENG-MINE-27: its dimensions, nothing of its mines
    return msgspec.structs.replace(
        where,
        name=field.name,
        type=field.type,
        at=field.at,
        ap=field.ap,
        laid=field.laid,
        ground=list(field.ground),
        known_to=list(field.known_to),
        spotting=spotting_case(field) or "cannot be spotted (ENG-MINE-25)",
    )


def _sees_lane(state: EngState, seat: str, lane: MineLane) -> bool:
    field = state.minefields.get(lane.section)
    return seat in (UMPIRE, lane.side) or (field is not None and seat == field.side)


def _lane(lane: MineLane) -> MineLaneView:
    return MineLaneView(
        id=lane.id,
        section=lane.section,
        side=lane.side,
        kind=lane.kind,
        at=list(lane.at) if lane.at else None,
        width=lane.width,
        depth=lane.depth,
        rule=lane.rule,
    )


def _supply(state: EngState, seat: str) -> dict[str, int]:
    """ENG-MINE-20: the mines a side's platoons still carry (its own, or all for the umpire)."""
    sides = state.order if seat == UMPIRE else (seat,)
    platoons = {p.id for p in state.scenario.platoons if p.side in sides}
    platoons |= {default_platoon(side) for side in sides if side != PUBLIC}
    return {p: n for p, n in sorted(state.mine_supply.items()) if p in platoons}


def unit_footing(state: EngState, unit_id: str) -> FootingFields:
    """What anyone at the table sees of a unit at an obstacle: stuck, in it, showing its flank
    (ENG-BOCAGE-01), the cover it has there (ENG-DITCH-06, ENG-OBST-04), its flail, its fascine."""
    out: FootingFields = {}
    foot = state.footing.get(unit_id, Footing())
    if foot.bogged:
        out["bogged_at"] = foot.bogged
    if foot.inside:
        out["inside"] = foot.inside
    if foot.exposed_at == state.player_turn:
        out["armour_facing"] = "flank (breaching bocage, ENG-BOCAGE-01)"
    cases = cover(state, unit_id)
    if cases:
        out["cover"] = [CoverView(o, case, rule) for o, case, rule in cases]
    spec = state.spec(unit_id)
    kit = state.kit.get(unit_id, Kit())
    if FLAIL in spec.traits:
        out["flail"] = kit.flail
    if FASCINE in spec.traits:
        out["fascine"] = "dropped" if kit.fascine_dropped else "carried"
    return out
