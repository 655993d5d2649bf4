"""Candidate maneuvers and engineering actions at bridges, bridging, forts and with the special
vehicles, for one unit; pruned by reach (what it is in contact with, what lies within its move)."""

from __future__ import annotations

import math

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.rulesets.engineering.bridges.bridges import (
    BRIDGE_REACH,
    CrossBridge,
    equipment_position,
)
from kriegsspiel.rulesets.engineering.bridges.bridging import LoadBridging, UnloadBridging
from kriegsspiel.rulesets.engineering.bridges.spans import BuildSpan, t_class
from kriegsspiel.rulesets.engineering.bridges.works_state import BridgeState, Equipment
from kriegsspiel.rulesets.engineering.fieldwork_geometry import CONFORM_REACH, feature, gap_distance
from kriegsspiel.rulesets.engineering.funnies.arks import LayBridge
from kriegsspiel.rulesets.engineering.funnies.bobbins import FollowLane, LayBobbin
from kriegsspiel.rulesets.engineering.funnies.congers import CONGER_KINDS, FireConger, PrimeConger
from kriegsspiel.rulesets.engineering.nearby import Grid, box_distance, clearance, places
from kriegsspiel.rulesets.engineering.play.close_combat import CONTACT, CloseCombat
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.traits import ARK, BOBBIN, BRIDGELAYER, CONGER

HELPER_REACH = 3.0  # inches from a bridge within which a unit is offered as a helper
LOAD_REACH = 1.0  # BF-TRANSPORT: load within 1"


def _through(frm: Point, at: Point, most: float) -> Point:
    """A move straight across `at`: as far beyond it as `frm` is before it, or `most` from
    `frm` if that is shorter."""
    d = math.dist(frm, at)
    k = min(2.0, most / d) if d > 0 else 2.0
    return (round(frm[0] + k * (at[0] - frm[0]), 4), round(frm[1] + k * (at[1] - frm[1]), 4))


def _within(frm: Point | None, at: Point | None, r: float) -> bool:
    """Unknown positions are within reach: the players declare the distance."""
    return frm is None or at is None or math.dist(frm, at) <= r + 1e-6


def fieldwork_candidates(
    state: EngState, seat: str, spec: EngUnit, enemies: Grid, equipment: Grid
) -> list[Candidate]:
    """Bridges, bridging equipment, close combat and the Funnies' own actions for one unit;
    `enemies` and `equipment` are where those are (`Grid`s built once for all units)."""
    who = spec.label
    pos = state.units[spec.id].position
    speed = spec.speed if spec.speed is not None else 6.0
    out: list[Candidate] = []
    for b in _bridges_at_hand(state, spec, pos, speed):
        if pos is None or b.position is None or math.dist(pos, b.position) < speed:
            across = _through(pos, b.position, speed) if pos and b.position else None
            to = across or b.position or (0.0, 0.0)
            out.append(Candidate(CrossBridge(spec.id, b.id, to), f"{who} crosses {b.label}"))
        builds = b.side == spec.side and not b.complete and spec.is_engineer
        if builds and not _gap_far(state, b.obstacle, pos):
            gap = gap_distance(state, b.obstacle, b.position, pos)
            if gap is None or gap <= CONFORM_REACH + 1e-6:
                out += _spans(state, spec, b.id, b.label, b.position)
        if _within(pos, b.position, CONTACT):
            out.append(Candidate(CloseCombat(spec.id, b.id), f"{who} assaults {b.label}"))
    for e in _equipment_at_hand(state, spec, pos, equipment):
        at = equipment_position(state, e)
        if e.side == spec.side:
            if e.carried_by == spec.id:
                label = f"{who} dismounts the bridging equipment {e.id}"
                out.append(Candidate(UnloadBridging(spec.id, e.id), label))
            elif _within(pos, at, LOAD_REACH):
                label = f"{who} loads the bridging equipment {e.id}"
                out.append(Candidate(LoadBridging(spec.id, e.id), label))
        elif _within(pos, at, CONTACT):
            label = f"{who} assaults the bridging equipment {e.id}"
            out.append(Candidate(CloseCombat(spec.id, e.id), label))
    if pos is None:
        foes = [s.id for s in state.specs.values() if s.side != spec.side]
    else:
        foes = enemies.within(pos, CONTACT)
    for foe in foes:
        label = f"{who} assaults {state.spec(foe).label}"
        out.append(Candidate(CloseCombat(spec.id, foe), label))
    out += _funnies(state, spec, pos)
    return out


def _equipment_at_hand(
    state: EngState, spec: EngUnit, pos: Point | None, placed: Grid
) -> list[Equipment]:
    """Bridging equipment the unit carries, or within loading reach or contact of it (`placed`:
    the equipment by where it is), or with no place on record, in the state's order."""
    if pos is None or not state.bridging:
        return list(state.bridging.values())
    keys = set(placed.within(pos, max(LOAD_REACH, CONTACT)))
    return [
        e
        for k, e in state.bridging.items()
        if k in keys or e.carried_by == spec.id or equipment_position(state, e) is None
    ]


def equipment_places(state: EngState) -> Grid:
    """Bridging equipment by where it is (with its carrier), for `fieldwork_candidates`."""
    return Grid(
        (k, at)
        for k, e in state.bridging.items()
        if (at := equipment_position(state, e)) is not None
    )


def _bridges_at_hand(
    state: EngState, spec: EngUnit, pos: Point | None, speed: float
) -> list[BridgeState]:
    """Bridges within its move or contact (or with no place on record), and its side's
    unfinished ones for an engineer, in the state's order."""
    bridges = state.bridges
    if pos is None or not bridges:
        return list(bridges.values())
    index = places(bridges)
    keys = set(index.near(pos, max(speed + BRIDGE_REACH, CONTACT), unplaced=True))
    if spec.is_engineer:
        keys |= {k for k, b in bridges.items() if b.side == spec.side and not b.complete}
    return [b for k, b in bridges.items() if k in keys]


def _gap_far(state: EngState, gap_id: str | None, pos: Point | None) -> bool:
    """Whether the gap's bounding box alone puts it out of conforming reach (BF-CONFORM); the
    box is never farther than the gap, and the margin covers its rounding."""
    gap = feature(state, gap_id)
    if gap is None or pos is None:
        return False
    xs, ys = [p[0] for p in gap.points], [p[1] for p in gap.points]
    return box_distance((min(xs), min(ys), max(xs), max(ys)), pos) > CONFORM_REACH + 1e-3


def _spans(
    state: EngState, spec: EngUnit, bridge: str, name: str, at: Point | None
) -> list[Candidate]:
    """ENG-BRIDGE-10..16: the primary builder alone, or with every T-class unit of its side at
    hand (each helper spends its engineering action; the bonus is +1 at most)."""
    helpers = tuple(
        sorted(
            h.id
            for h in state.specs.values()
            if h.side == spec.side
            and h.id != spec.id
            and t_class(h)
            and _within(state.units[h.id].position, at, HELPER_REACH)
        )
    )
    out = [Candidate(BuildSpan(spec.id, bridge), f"{spec.label} builds a span of {name}")]
    if helpers:
        names = ", ".join(state.spec(h).label for h in helpers)
        label = f"{spec.label} builds a span of {name}, helped by {names}"
        out.append(Candidate(BuildSpan(spec.id, bridge, helpers), label))
    return out


def _funnies(state: EngState, spec: EngUnit, pos: Point | None) -> list[Candidate]:
    """ARKs and bridgelayers at a line (ENG-FUNNY-09, ENG-BRIDGE-02), the Bobbin (ENG-FUNNY-13,
    -14) and the Conger (ENG-FUNNY-17, -18)."""
    who = spec.label
    out: list[Candidate] = []
    if ARK in spec.traits or BRIDGELAYER in spec.traits:
        lines = [(t.id, t.name or t.id) for t in state.scenario.terrain if t.line]
        lines = [(i, n) for i, n in lines if _gap_near(state, i, pos)]
        lines += [
            (o.id, o.label)
            for o in state.obstacles.values()
            if o.kind == "ditch" and (pos is None or clearance(pos, o.footprint) <= CONFORM_REACH)
        ]
        out += [Candidate(LayBridge(spec.id, i), f"{who} bridges {n}") for i, n in lines]
    if BOBBIN in spec.traits and pos is not None:
        domain = Domain("to", "point", high=(spec.speed or 0.0) / 2, origin=pos)
        label = f"{who} lays its Bobbin"
        out.append(Candidate(LayBobbin(spec.id, pos), label, (domain,)))
    for lane in state.lanes.values():
        if lane.kind == "bobbin" and lane.path:
            label = f"{who} follows the Bobbin lane {lane.id}"
            out.append(Candidate(FollowLane(spec.id, lane.id, lane.path[-1]), label))
    if CONGER in spec.traits:
        out.append(Candidate(FireConger(spec.id), f"{who} fires its Conger"))
        out += [
            Candidate(PrimeConger(spec.id, ident), f"{who} primes its Conger at {name}")
            for ident, name in _congerable(state, spec, pos)
        ]
    return out


def _gap_near(state: EngState, gap_id: str, pos: Point | None) -> bool:
    found = gap_distance(state, gap_id, None, pos)
    return found is None or found <= CONFORM_REACH + 1e-6


def _congerable(state: EngState, spec: EngUnit, pos: Point | None) -> list[tuple[str, str]]:
    """ENG-FUNNY-17: minefields its side knows, wire, AT obstacles and roadblocks at hand."""
    out = [
        (f.id, f.label)
        for f in state.minefields.values()
        if (f.side == spec.side or spec.side in f.known_to)
        and (pos is None or clearance(pos, f.footprint) <= CONFORM_REACH)
    ]
    out += [
        (o.id, o.label)
        for o in state.obstacles.values()
        if o.kind in CONGER_KINDS and (pos is None or clearance(pos, o.footprint) <= CONFORM_REACH)
    ]
    out += [
        (t.id, t.name or t.id)
        for t in state.scenario.terrain
        if t.kind in CONGER_KINDS and _gap_near(state, t.id, pos)
    ]
    return out
