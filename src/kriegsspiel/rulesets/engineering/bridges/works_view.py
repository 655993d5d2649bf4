"""What each seat may know of bridges, bridging, forts, lanes and special vehicles.

All of these are on the table for everyone to see; what is secret about them is kept elsewhere
(a bridge's or fort's prepared charges are demolitions, shown by view.py to those who know).
Which side has spotted a fort is the umpire's record: a side learns only its own.
"""

from __future__ import annotations

from typing import TypedDict

import msgspec

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.views import UNSET, Hidden
from kriegsspiel.rulesets.engineering.bridges.bridges import (
    equipment_lost,
    equipment_position,
    unusable,
)
from kriegsspiel.rulesets.engineering.bridges.works_state import BridgeState
from kriegsspiel.rulesets.engineering.forts.fort_specs import ArcSpec
from kriegsspiel.rulesets.engineering.forts.forts import spec_of
from kriegsspiel.rulesets.engineering.funnies.dd_tanks import skirts_up, swimming
from kriegsspiel.rulesets.engineering.funnies.funnies import funny
from kriegsspiel.rulesets.engineering.state import UNFIT_TO_WORK, EngState, Point
from kriegsspiel.rulesets.engineering.traits import DD


class BridgeView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    kind: str
    side: str | None
    obstacle: str | None
    position: list[float] | None
    spans_built: int
    spans_required: int
    usable: bool
    destroyed: bool
    armour: int | None
    swollen: bool
    vehicle: str | None
    # the last span attempt's builders still fit to work, the primary first (its start is
    # declared to everyone: ENG-ACT-09), and whether this player turn's attempt is made (AMB-ENG-25)
    crew: list[str] = []
    attempted: bool = False


class BridgingView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str
    bridge: str | None
    position: list[float] | None
    carried_by: str | None
    destroyed: bool
    placed: bool


class ArcView(msgspec.Struct, frozen=True):
    facing: float
    width: float


class FortView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    kind: str
    part_of: str
    armour: int
    position: list[float] | None
    occupants: list[str]
    fire_arcs: list[ArcView]
    visible_arcs: list[ArcView]
    rubble: bool
    collapsed: bool
    spotted_by: list[str] | Hidden = UNSET  # the umpire's record
    spotted: bool | Hidden = UNSET  # an enemy side: whether it has spotted the fort
    mapped: bool | Hidden = UNSET  # the umpire and the enemy (ENG-FORT-15)


class LaneView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: str
    made_by: str
    path: list[list[float]]
    width: float
    obstacle: str | None


class WorksFields(TypedDict):
    """The engineering view's fields for bridges, bridging, forts and lanes (`works_view`)."""

    bridges: list[BridgeView]
    bridging: list[BridgingView]
    forts: list[FortView]
    lanes: list[LaneView]


class FunnyFields(TypedDict, total=False):
    """A special vehicle's fields (`funny_view`), each only when it applies."""

    card: str
    skirts: str
    swimming: bool
    spent: list[str]
    conger_primed_on: str


def _point(p: Point | None) -> list[float] | None:
    return list(p) if p is not None else None


def _arcs(arcs: tuple[ArcSpec, ...]) -> list[ArcView]:
    return [ArcView(a.facing, a.width) for a in arcs] or [ArcView(0, 360)]


def _crew(state: EngState, b: BridgeState) -> list[str]:
    """The builders of the bridge's last span attempt that are still fit to work (ENG-ACT-13)."""
    if not b.spans.contributions or b.complete:
        return []
    last = b.spans.contributions[-1]
    return [u for u in last.crew if state.units[u].status not in UNFIT_TO_WORK]


def works_view(state: EngState, seat: str) -> WorksFields:
    return {
        "bridges": [
            BridgeView(
                id=b.id,
                name=b.name,
                kind=b.kind,
                side=b.side,
                obstacle=b.obstacle,
                position=_point(b.position),
                spans_built=b.spans_built,
                spans_required=b.spans_required,
                usable=unusable(state, b) is None,
                destroyed=b.destroyed,
                armour=b.armour,
                swollen=b.swollen,
                vehicle=b.vehicle,
                crew=_crew(state, b),
                attempted=not b.spans.has_room(state.player_turn),
            )
            for b in state.bridges.values()
        ],
        "bridging": [
            BridgingView(
                id=e.id,
                side=e.side,
                bridge=e.bridge,
                position=_point(equipment_position(state, e)),
                carried_by=e.carried_by,
                destroyed=equipment_lost(state, e),
                placed=e.placed,
            )
            for e in state.bridging.values()
        ],
        "forts": [_fort(state, seat, f) for f in state.forts],
        "lanes": [
            LaneView(
                id=lane.id,
                kind=lane.kind,
                made_by=lane.made_by,
                path=[list(p) for p in lane.path],
                width=lane.width,
                obstacle=lane.obstacle,
            )
            for lane in state.lanes.values()
        ],
    }


def _fort(state: EngState, seat: str, fort_id: str) -> FortView:
    f, spec = state.forts[fort_id], spec_of(state, fort_id)
    fort = FortView(
        id=f.id,
        name=f.name,
        side=f.side,
        kind=spec.kind,
        part_of=spec.part_of,
        armour=f.armour,
        position=_point(f.position),
        occupants=list(f.occupants),
        fire_arcs=_arcs(spec.fire_arcs),
        visible_arcs=_arcs(spec.visible_arcs),
        rubble=f.rubble,
        collapsed=f.collapsed,
    )
    if seat == UMPIRE:
        return msgspec.structs.replace(fort, spotted_by=list(f.spotted_by), mapped=spec.mapped)
    if seat != f.side and seat in state.order:
        # ENG-FORT-15: `mapped` is the attacker's own pre-game intelligence
        return msgspec.structs.replace(fort, spotted=seat in f.spotted_by, mapped=spec.mapped)
    return fort


def funny_view(state: EngState, unit_id: str) -> FunnyFields:
    """A special vehicle's equipment as everyone sees it; nothing for an ordinary unit."""
    spec, record = state.spec(unit_id), funny(state, unit_id)
    out: FunnyFields = {}
    if spec.card:
        out["card"] = spec.card
    if DD in spec.traits:
        out["skirts"] = "raised" if skirts_up(state, spec) else "dropped"
        out["swimming"] = swimming(state, spec)
    if record.spent:
        out["spent"] = list(record.spent)
    if record.primed_on is not None:
        out["conger_primed_on"] = record.primed_on
    return out
