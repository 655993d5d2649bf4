"""Every action a seat might take now, for `Game.legal_actions`: built from the seat's knowledge
(knowledge.py), each with a label naming units and features by name, and a `Domain` for each
continuous parameter.

Pruned before anything is built, so that the list stays fast with many units: by the sequence of
play (BF-SEQ: only the acting side's units, and in the maneuver phase only those with an action
left, BF-ACT), by the opportunity-fire window (ENG-ACT-09: nothing but answering it), and by
reach (features within conforming distance, enemies in contact; nearby.py). The core keeps the
candidates `perform` accepts.
"""

from __future__ import annotations

import functools
import math

from kriegsspiel.core import shapes
from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.rulesets.engineering.base import acting_side, phase_text
from kriegsspiel.rulesets.engineering.bridges.bridges import BRIDGE_REACH
from kriegsspiel.rulesets.engineering.bridges.fieldwork_candidates import (
    equipment_places,
    fieldwork_candidates,
)
from kriegsspiel.rulesets.engineering.fieldwork_geometry import in_water, water, water_near
from kriegsspiel.rulesets.engineering.forts.forts import Spot
from kriegsspiel.rulesets.engineering.funnies.dd_tanks import SWIM, DropSkirts, skirts_up
from kriegsspiel.rulesets.engineering.minefields.minefields import SpotMinefield
from kriegsspiel.rulesets.engineering.nearby import (
    Grid,
    box_distance,
    footprints,
    places,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_candidates import (
    fire_at_features,
    obstacle_candidates,
)
from kriegsspiel.rulesets.engineering.play.choice_candidates import (
    FireCandidates,
    MayEngineer,
    TaskCandidates,
)
from kriegsspiel.rulesets.engineering.play.demolition_candidates import DemolitionCandidates
from kriegsspiel.rulesets.engineering.play.demolitions import REMOVE_REACH, RemoveDemolition, Reveal
from kriegsspiel.rulesets.engineering.play.sequence import Emplace, EndPhase, Move, SetStatus
from kriegsspiel.rulesets.engineering.play.work import (
    OpportunityFire,
    Pass,
    opportunity_firers,
)
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import STATUS_ORDER, EngState, Point
from kriegsspiel.rulesets.engineering.topics import DEMOLITION_KINDS, HOOKS

DEFAULT_MOVE = 6.0  # inches per move where a unit's speed is not on record (parent-games.md)


def candidates(state: EngState, seat: str) -> list[Candidate]:
    if seat == PUBLIC or state.over:
        return []
    out = _umpire_records(state) if seat == UMPIRE else []
    if state.pending is not None:
        return out + _window(state, seat)
    acting = acting_side(state)
    if seat not in (UMPIRE, acting):
        return out
    out.append(Candidate(EndPhase(), functools.partial(_ends, state, acting)))
    units = [
        spec
        for spec in state.specs.values()
        if spec.side == acting and state.units[spec.id].status != "knocked-out"
    ]
    if state.phase == "maneuver":
        return out + _maneuvers(state, seat, units)
    return out + _fire(state, seat, units)


def _ends(state: EngState, side: str) -> str:
    return f"{state.scenario.side_name(side)} ends the {phase_text(state)}"


def _window(state: EngState, seat: str) -> list[Candidate]:
    """ENG-ACT-09 (ENG-BRIDGE-19, BF-DEFAULT-OPFIRE): the enemy answers the window, and nothing
    else happens."""
    pending = state.pending
    assert pending is not None
    if seat not in (UMPIRE, state.other):
        return []
    target = state.spec(pending.unit).label
    who = state.scenario.side_name(state.other)
    out = [Candidate(Pass(), f"{who} holds fire at {target}'s {pending.what}")]
    for uid in opportunity_firers(state):
        label = f"{state.spec(uid).label} takes opportunity fire at {target}"
        out.append(Candidate(OpportunityFire(uid), label))
    return out


def _umpire_records(state: EngState) -> list[Candidate]:
    """The umpire's records: a unit's status, a demolition revealed, a field or fort spotted."""
    names = {side: state.scenario.side_name(side) for side in state.order}
    out: list[Candidate] = []
    for spec in state.specs.values():
        for status in STATUS_ORDER:
            label = f"umpire: {spec.label} is {status}"
            out.append(Candidate(SetStatus(spec.id, status), label))
    for demo in state.demolitions.values():
        for side in state.order:
            if side != demo.side and side not in demo.known_to:
                label = f"umpire: {state.scenario.side_name(side)} learns of {demo.name or demo.id}"
                out.append(Candidate(Reveal(demo.id, side), label))
    for field in state.minefields.values():
        for side in state.order:
            if side != field.side and side not in field.known_to:
                label = f"umpire: {names[side]} spots minefield {field.label}"
                out.append(Candidate(SpotMinefield(field.id, side), label))
    for f in state.forts.values():
        for side in state.order:
            if side != f.side:
                for spotted, how in ((True, "has spotted"), (False, "only suspects")):
                    label = f"umpire: {names[side]} {how} {f.label}"
                    out.append(Candidate(Spot(f.id, side, spotted), label))
    return out


# -- the maneuver phase ---------------------------------------------------------------------------


class _Shared:
    """What the maneuver entries of one state share, built for the first unit with an action
    left (in many states none has one)."""

    def __init__(self, state: EngState, seat: str) -> None:
        self.enemies = Grid(
            (s.id, p) for s in _targets(state) if (p := state.units[s.id].position) is not None
        )
        self.equipment = equipment_places(state)
        may = MayEngineer(state, seat)
        self.demolitions = DemolitionCandidates(state, seat, DEMOLITION_KINDS, HOOKS, may)
        self.work = TaskCandidates(state, seat, may)


def _maneuvers(state: EngState, seat: str, units: list[EngUnit]) -> list[Candidate]:
    """BF-ACT: a unit with no action left does nothing but drop its skirts (AMB-ENG-37)."""
    out: list[Candidate] = []
    shared: _Shared | None = None
    for spec in units:
        if skirts_up(state, spec) and not in_water(state, state.units[spec.id].position):
            out.append(Candidate(DropSkirts(spec.id), f"{spec.label} drops its skirts"))
        u = state.units[spec.id]
        if state.actions_left(spec.id) < 1 or u.engineering_at == state.player_turn:
            continue
        shared = shared or _Shared(state, seat)
        out.append(move(state, spec))
        out.append(Candidate(Emplace(spec.id), f"{spec.label} emplaces"))
        out += shared.work.entry(spec)
        out += _demolitions(state, spec, shared.demolitions)
        out += obstacle_candidates(state, seat, spec)
        out += fieldwork_candidates(state, seat, spec, shared.enemies, shared.equipment)
    return out


def move_reach(state: EngState, spec: EngUnit) -> float:
    """How far the unit may move in one action (BF-MOVE; ENG-FUNNY-03: a swimming DD 4")."""
    speed = spec.speed if spec.speed is not None else DEFAULT_MOVE
    return min(speed, SWIM) if skirts_up(state, spec) and water(state) else speed


def free_reach(state: EngState, spec: EngUnit, at: Point, most: float) -> float:
    """How far from `at` the unit may go in any direction without meeting anything that could
    refuse a plain move (an obstacle, a bridge, deep water): at most `most`. Minefields refuse
    nothing; they are rolled for (ENG-MINE-35)."""
    r = footprints(state.obstacles).clearance(at, most)
    bridges = state.bridges
    for key in places(bridges).near(at, most + BRIDGE_REACH):  # the others are farther off
        there = bridges[key].position
        assert there is not None
        r = min(r, max(math.dist(at, there) - BRIDGE_REACH, 0.0))
    if not skirts_up(state, spec):
        for w, box in water_near(state, at, r):  # the box is never farther than the water
            if box_distance(box, at) < r:
                here = shapes.point(at)
                r = min(r, 0.0 if w.contains(here) else float(w.distance(here)))
    return max(r, 0.0)


def move(state: EngState, spec: EngUnit) -> Candidate:
    """BF-MOVE: a destination within the unit's move; the sample stays where it is, which is
    legal whenever any move is. The domain is the ground it reaches without meeting anything that
    could refuse the move; farther destinations are for `is_legal` to decide."""
    at = state.units[spec.id].position
    label = f"{spec.label} moves"
    if at is None:  # no positions on record: the distance is declared (BF-MOVE)
        most = move_reach(state, spec)
        domain = Domain("distance", "number", 0.0, most)
        return Candidate(Move(spec.id, (0.0, 0.0), distance=0.0), label, (domain,))
    return Candidate(Move(spec.id, at), label, functools.partial(_move_domains, state, spec, at))


def _move_domains(state: EngState, spec: EngUnit, at: Point) -> tuple[Domain, ...]:
    """Where a move may end: worked out for a listing, or for the one candidate drawn."""
    reach = free_reach(state, spec, at, move_reach(state, spec))
    return (Domain("to", "point", high=reach, origin=at),)


def _demolitions(state: EngState, spec: EngUnit, own: DemolitionCandidates) -> list[Candidate]:
    """ENG-DEMO-01..09: its side's demolitions (by engineers, or the kind's crews;
    demolition_candidates.py), and removing any it knows of from within 1"."""
    out = own.entries(spec)
    at = state.units[spec.id].position
    if state.units[spec.id].emplaced_at is None:
        return out
    for demo in state.demolitions.values():
        name = demo.name or demo.id
        if demo.destroyed:
            continue
        there = demo.position
        if at is None or there is None or math.dist(at, there) <= REMOVE_REACH + 1e-9:
            declared = REMOVE_REACH if at is None or there is None else None
            label = f"{spec.label} removes the charge at {name}"
            out.append(Candidate(RemoveDemolition(spec.id, demo.id, declared), label))
    return out


# -- the fire phases ------------------------------------------------------------------------------


def _fire(state: EngState, seat: str, units: list[EngUnit]) -> list[Candidate]:
    """BF-FIRE: each unit fires once a phase at an enemy it has a strength against (the base game
    sets no range here); bombarding and fire at features (obstacle_candidates.py)."""
    out: list[Candidate] = []
    fire: FireCandidates | None = None  # built for the first unit that has not fired
    for spec in units:
        if state.stamp in state.units[spec.id].fires:
            continue
        fire = fire or FireCandidates(state, seat, _targets(state), HOOKS)
        out += fire.entry(spec)
        out += fire.at_bridges(spec)
        out += fire_at_features(state, seat, spec, fire.targets)
    return out


def _targets(state: EngState) -> list[EngUnit]:
    """The acting side's enemies still in the fight (in the maneuver phase, the phasing side's)."""
    return [
        s
        for s in state.specs.values()
        if s.side != acting_side(state) and state.units[s.id].status != "knocked-out"
    ]
