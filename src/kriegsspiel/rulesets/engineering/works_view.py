"""What each seat may know of bridges, bridging, forts, lanes and special vehicles.

All of these are on the table for everyone to see; what is secret about them is kept elsewhere
(a bridge's or fort's prepared charges are demolitions, shown by view.py to those who know).
Which side has spotted a fort is the umpire's record: a side learns only its own.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.engineering.bridges import equipment_lost, equipment_position, unusable
from kriegsspiel.rulesets.engineering.dd_tanks import skirts_up, swimming
from kriegsspiel.rulesets.engineering.fort_specs import ArcSpec
from kriegsspiel.rulesets.engineering.forts import spec_of
from kriegsspiel.rulesets.engineering.funnies import funny
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.traits import DD


def _point(p: Point | None) -> list[float] | None:
    return list(p) if p is not None else None


def _arcs(arcs: tuple[ArcSpec, ...]) -> list[dict[str, float]]:
    return [{"facing": a.facing, "width": a.width} for a in arcs] or [{"facing": 0, "width": 360}]


def works_view(state: EngState, seat: str) -> dict[str, Any]:
    return {
        "bridges": [
            {
                "id": b.id,
                "name": b.name,
                "kind": b.kind,
                "side": b.side,
                "obstacle": b.obstacle,
                "position": _point(b.position),
                "spans_built": b.spans_built,
                "spans_required": b.spans_required,
                "usable": unusable(state, b) is None,
                "destroyed": b.destroyed,
                "armour": b.armour,
                "swollen": b.swollen,
                "vehicle": b.vehicle,
            }
            for b in state.bridges.values()
        ],
        "bridging": [
            {
                "id": e.id,
                "side": e.side,
                "bridge": e.bridge,
                "position": _point(equipment_position(state, e)),
                "carried_by": e.carried_by,
                "destroyed": equipment_lost(state, e),
                "placed": e.placed,
            }
            for e in state.bridging.values()
        ],
        "forts": [_fort(state, seat, f) for f in state.forts],
        "lanes": [
            {
                "id": lane.id,
                "kind": lane.kind,
                "made_by": lane.made_by,
                "path": [list(p) for p in lane.path],
                "width": lane.width,
                "obstacle": lane.obstacle,
            }
            for lane in state.lanes.values()
        ],
    }


def _fort(state: EngState, seat: str, fort_id: str) -> dict[str, Any]:
    f, spec = state.forts[fort_id], spec_of(state, fort_id)
    out: dict[str, Any] = {
        "id": f.id,
        "name": f.name,
        "side": f.side,
        "kind": spec.kind,
        "part_of": spec.part_of,
        "armour": f.armour,
        "position": _point(f.position),
        "occupants": list(f.occupants),
        "fire_arcs": _arcs(spec.fire_arcs),
        "visible_arcs": _arcs(spec.visible_arcs),
        "rubble": f.rubble,
        "collapsed": f.collapsed,
    }
    if seat == UMPIRE:
        out["spotted_by"] = list(f.spotted_by)
        out["mapped"] = spec.mapped
    elif seat != f.side and seat in state.order:
        out["spotted"] = seat in f.spotted_by
        out["mapped"] = spec.mapped  # ENG-FORT-15: the attacker's own pre-game intelligence
    return out


def funny_view(state: EngState, unit_id: str) -> dict[str, Any]:
    """A special vehicle's equipment as everyone sees it; nothing for an ordinary unit."""
    spec, record = state.spec(unit_id), funny(state, unit_id)
    out: dict[str, Any] = {}
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
