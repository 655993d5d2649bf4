"""Candidate actions at minefields and obstacles, for one unit: what it may do at the features it
is conformed to or in (BF-CONFORM: within 1"), laying mines, flailing, and artillery on features.
Built from the seat's knowledge only (knowledge.py), so the list tells nothing hidden."""

from __future__ import annotations

import functools
import math

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.engineering.base import Act
from kriegsspiel.rulesets.engineering.footprints import (
    CONFORM_REACH,
    Footprint,
    ground_under,
    mobility,
    reach,
)
from kriegsspiel.rulesets.engineering.minefields.clearing import DiscardFlail, Flail
from kriegsspiel.rulesets.engineering.minefields.minefields import LayMinefield, mines_left
from kriegsspiel.rulesets.engineering.nearby import clearance, footprints
from kriegsspiel.rulesets.engineering.obstacles.bocage import CulinAssist
from kriegsspiel.rulesets.engineering.obstacles.charges import PrepareCharge
from kriegsspiel.rulesets.engineering.obstacles.crossing import Breach, Cross
from kriegsspiel.rulesets.engineering.obstacles.ditches import DropFascine, FillDitch
from kriegsspiel.rulesets.engineering.obstacles.dozers import Doze
from kriegsspiel.rulesets.engineering.obstacles.features import (
    Feature,
    crossing_refusal,
    knows,
    occupies,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import (
    DOZER,
    FLAIL,
    SECTION,
    ground_problem,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Kit, Minefield, MineType
from kriegsspiel.rulesets.engineering.obstacles.wire import CutWire
from kriegsspiel.rulesets.engineering.play.feature_fire import STRUCTURE_RANGE, Bombard, FireOn
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.traits import ARTILLERY, DIVE_BOMBER

DECLARED = 0.5  # the distance offered to a unit with no position on record: conformed


def near(state: EngState, spec: EngUnit, side: str) -> list[tuple[Feature, float | None]]:
    """Features the unit is at (within 1") or in, with the distance to declare (None where
    positions are on record); every feature `side` knows for a unit with no position."""
    if not state.obstacles and not state.minefields:
        return []  # nothing to be at
    pos = state.units[spec.id].position
    if pos is None:
        found: list[Feature] = [*state.obstacles.values()]
        found += [f for f in state.minefields.values() if knows(side, f)]
        return [(f, DECLARED) for f in found]
    found = []
    for features in (state.obstacles, state.minefields):  # those in it or within 1", or unplaced
        found += [features[k] for k in footprints(features).near(pos, CONFORM_REACH, unplaced=True)]
    found = [f for f in found if not isinstance(f, Minefield) or knows(side, f)]
    out: list[tuple[Feature, float | None]] = []
    for f in found:
        if occupies(state, spec.id, f):
            out.append((f, None))
        elif clearance(pos, f.footprint) <= CONFORM_REACH:
            dist = reach(pos, f.footprint, None)
            if dist is not None and dist.inches <= CONFORM_REACH + 1e-6:
                out.append((f, None))
    return out


def obstacle_candidates(state: EngState, seat: str, spec: EngUnit) -> list[Candidate]:
    side = UMPIRE if seat == UMPIRE else spec.side
    out = _laying(state, spec) + _flails(state, spec)
    for found, dist in near(state, spec, side):
        out += _at(state, spec, found, dist)
    return out


def _c(action: Act, label: str, *domains: Domain) -> Candidate:
    return Candidate(action, label, domains)


def _at(state: EngState, spec: EngUnit, found: Feature, dist: float | None) -> list[Candidate]:
    """What a unit may try at one feature it is conformed to: breach, cross, charges, dozing,
    and the feature's own kind of work."""
    who, fid, name = spec.label, found.id, found.label
    out = [_c(Breach(spec.id, fid, distance=dist), f"{who} breaches {name}")]
    if (
        isinstance(found, Minefield)
        or (found.kind == "ditch" and mobility(spec) == "foot")
        or crossing_refusal(state, found, spec) is None
    ):  # a move through a field is rolled for; an obstacle may ask a breach action instead
        out.append(_c(Cross(spec.id, fid, distance=dist), f"{who} moves through {name}"))
    if spec.is_engineer:  # AMB-ENG-44
        out.append(_c(PrepareCharge(spec.id, fid, distance=dist), f"{who} sets a charge on {name}"))
    if DOZER in spec.traits:  # ENG-DITCH-14
        out.append(_c(Doze(spec.id, fid, distance=dist), f"{who} dozes {name}"))
    if isinstance(found, Minefield):
        out.append(_c(Cross(spec.id, fid, rapid=True, distance=dist), f"{who} rushes {name}"))
        if FLAIL in spec.traits:  # ENG-MINE-39
            out.append(_c(Flail(spec.id, fid, distance=dist), f"{who} flails through {name}"))
        out += [
            _c(Breach(spec.id, fid, lane=lane.id, distance=dist), f"{who} follows {lane.id}")
            for lane in state.mine_lanes.values()
            if lane.section == fid and lane.side == spec.side
        ]
    elif found.kind == "wire" and spec.kind == "troops":  # ENG-WIRE-07: cutters
        out.append(_c(CutWire(spec.id, fid, distance=dist), f"{who} cuts {name}"))
    elif found.kind == "ditch":
        out.append(_c(FillDitch(spec.id, fid, distance=dist), f"{who} fills in {name}"))
        front = True if dist is not None else None
        drop = DropFascine(spec.id, fid, distance=dist, front=front)
        out.append(_c(drop, f"{who} drops its fascine into {name}"))
    elif found.kind == "bocage":
        out.append(_c(CulinAssist(spec.id, fid, distance=dist), f"{who} cuts into {name}"))
    return out


def _clear_to_lay(state: EngState, pos: Point) -> bool:
    """ENG-MINE-11: no ground barred to mines under any section laid within 1" of `pos`."""
    most = 2 * (CONFORM_REACH + math.hypot(*SECTION) / 2)
    ground = ground_under(Footprint(pos, 0.0, most, most), state.scenario.terrain)
    return ground_problem(ground, "surface") is None


def _laying(state: EngState, spec: EngUnit) -> list[Candidate]:
    """ENG-MINE-19..24, -31: a new surface section or dummy where the unit stands (anywhere
    within 1", any facing), or more work on its side's sections at hand."""
    if not spec.is_engineer:
        return []
    pos = state.units[spec.id].position
    out: list[Candidate] = []
    if pos is not None:  # ENG-MINE-20: real mines while the platoon has any left
        kinds: tuple[MineType, ...] = ("AT", "AP", "dummy")
        if mines_left(state, spec) < 1:
            kinds = ("dummy",)
        what = tuple("a dummy minefield" if k == "dummy" else f"{k} mines" for k in kinds)
        label = f"{spec.label} lays {'a minefield' if len(kinds) > 1 else what[0]}"
        laid = LayMinefield(spec.id, kinds[0], at=pos)
        domains = functools.partial(_laying_domains, state, pos, kinds, what)
        out.append(Candidate(laid, label, domains))
    dist = DECLARED if pos is None else None
    for laying in state.layings.values():
        if laying.side == spec.side and _at_hand(pos, laying.footprint):
            label = f"{spec.label} goes on laying {laying.section}"
            out.append(_c(LayMinefield(spec.id, laying.type, laying.section, distance=dist), label))
    fields = state.minefields
    keys = fields if pos is None else footprints(fields).near(pos, CONFORM_REACH, unplaced=True)
    for field in (fields[k] for k in keys):  # every section at hand, in order
        if field.side != spec.side or field.dummy or field.laid != "surface":
            continue
        if not _at_hand(pos, field.footprint):
            continue
        if field.at is None:
            label = f"{spec.label} lays AT mines into {field.label}"
            out.append(_c(LayMinefield(spec.id, "AT", field.id, distance=dist), label))
        if field.ap is None:
            label = f"{spec.label} lays AP mines into {field.label}"
            out.append(_c(LayMinefield(spec.id, "AP", field.id, distance=dist), label))
    return out


def _laying_domains(
    state: EngState, pos: Point, kinds: tuple[MineType, ...], what: tuple[str, ...]
) -> tuple[Domain, ...]:
    """The mine types offered (`what` names them), and where and how a new section may be laid:
    anywhere within 1", any facing, unless ground barred to mines is near (then where it
    stands, as listed)."""
    types = Domain("type", "choice", options=kinds, labels=what)
    if not _clear_to_lay(state, pos):
        return (types,)
    return (
        Domain("at", "point", high=CONFORM_REACH, origin=pos),
        Domain("facing", "angle"),
        types,
    )


def _at_hand(pos: tuple[float, float] | None, fp: Footprint | None) -> bool:
    if pos is None or fp is None:
        return True
    return clearance(pos, fp) <= CONFORM_REACH


def _flails(state: EngState, spec: EngUnit) -> list[Candidate]:
    """ENG-MINE-39: a flail drives at half speed through whatever fields lie on its way;
    ENG-MINE-44: a damaged flail is discarded with an engineering action."""
    if FLAIL not in spec.traits:
        return []
    kit = state.kit.get(spec.id, Kit())
    if kit.flail == "damaged":
        return [_c(DiscardFlail(spec.id), f"{spec.label} discards its damaged flail")]
    pos = state.units[spec.id].position
    if kit.flail != "ready" or pos is None:
        return []
    half = (spec.speed or 0.0) / 2
    domain = Domain("to", "point", high=half, origin=pos)
    return [_c(Flail(spec.id, to=pos), f"{spec.label} drives with its flail running", domain)]


def fire_at_features(
    state: EngState, seat: str, spec: EngUnit, targets: list[EngUnit]
) -> list[Candidate]:
    """Fire at forts (ENG-FORT-17..21: a fort within 5", or from a dive bomber), and artillery
    at units, features, wire and known minefields (BF-IDF, ENG-MINE-45, ENG-WIRE-11); fire at
    bridges and bridging is choice_candidates.py's."""
    who = spec.label
    out: list[Candidate] = []
    pos = state.units[spec.id].position
    items = [(b.id, b.label) for b in state.bridges.values()]
    items += [(e.id, f"the bridging equipment {e.id}") for e in state.bridging.values()]
    for f in state.forts.values():
        close = pos is None or f.position is None
        close = close or math.dist(pos or (0, 0), f.position or (0, 0)) <= STRUCTURE_RANGE
        if close or DIVE_BOMBER in spec.traits:
            declared = STRUCTURE_RANGE if pos is None or f.position is None else None
            out.append(_c(FireOn(spec.id, f.id, declared), f"{who} fires at {f.label}"))
    if ARTILLERY not in spec.traits:
        return out
    side = UMPIRE if seat == UMPIRE else spec.side
    aims: list[tuple[str, str]] = [(t.id, t.label) for t in targets]
    aims += items
    aims += [(o.id, o.label) for o in state.obstacles.values() if o.kind == "wire"]
    aims += [(m.id, m.label) for m in state.minefields.values() if knows(side, m)]
    out += [_c(Bombard(spec.id, ident), f"{who} bombards {name}") for ident, name in aims]
    return out
