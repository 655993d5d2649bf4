"""Scenario sections for minefields (ENG-MINE-10..18), wire (ENG-WIRE-01), anti-tank ditches
(ENG-DITCH-01, -18, -19), AT obstacles (ENG-OBST-01), bocage, roadblock sites and engineer
platoons' mine supply (ENG-MINE-20), with their validation and their state at the start.

All of these are placed before the game (AMB-ENG-45); only surface minefields and roadblocks
appear in play. A feature with a `position` has a footprint on the table; one without is on a
table without positions, where players declare distances.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from kriegsspiel.core.scenario import Id, Point, TerrainSpec
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.engineering.footprints import Footprint, ground_under
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import (
    DENSITIES,
    Density,
    Laid,
    Minefield,
    MineType,
    Obstacle,
)

if TYPE_CHECKING:
    from kriegsspiel.rulesets.engineering.scenario import EngScenario

# Traits of special vehicles these rules read (ENG-FUNNY-01: set only by the scenario).
FLAIL = "flail"  # ENG-MINE-39..44
DOZER = "dozer"  # bulldozers and dozer tanks: ENG-DITCH-14, ENG-OBST-05, -BOCAGE-07, -ROAD-05
FASCINE = "fascine"  # ENG-DITCH-09..13 (AMB-ENG-44: FASCINE)
HEDGEROW_CUTTER = "hedgerow-cutter"  # ENG-BOCAGE-02
CULIN_CUTTER = "culin-cutter"  # ENG-BOCAGE-09 (AMB-ENG-44: CULIN_CUTTER), a hedgerow cutter too
VEHICLE_TRAITS = (FLAIL, DOZER, FASCINE, HEDGEROW_CUTTER, CULIN_CUTTER)

NO_MINES = ("built-up", "marsh", "stream")  # ENG-MINE-11
PAVED = "paved-road"  # ENG-MINE-12
WOODED = ("forest", "woods", "tree-lined-lane")  # ENG-ROAD-03
ROADS = ("road", "paved-road", "dirt-road", "tree-lined-lane", "open", "clear")
SECTION = (2.0, 1.0)  # ENG-MINE-10: a minefield section is 1" x 2" (length along its front, depth)
DITCH = (2.0, 1.0)  # ENG-DITCH-01: ditch sections are 2" long and 1" across
AT_OBSTACLE = (2.0, 1.0)  # AMB-ENG-20: AT obstacle sections as ditches
Width = Annotated[float, msgspec.Meta(gt=0)]


class _Placed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    name: str = ""
    position: Point | None = None  # the centre of its footprint
    facing: float = 0.0  # the direction a unit crossing it moves

    def footprint(self, size: tuple[float, float]) -> Footprint | None:
        if self.position is None:
            return None
        return Footprint(self.position, self.facing, size[0], size[1])


class MinefieldSpec(_Placed, frozen=True, forbid_unknown_fields=True):
    """One minefield section. `type` is mixed and density normal unless given (ENG-MINE-13, -15);
    a mixed field may give each component's density (ENG-MINE-17, AMB-ENG-08)."""

    side: str = ""
    type: MineType = "mixed"
    density: Density | None = None
    at_density: Density | None = None
    ap_density: Density | None = None
    laid: Laid | None = None  # AMB-ENG-10: buried unless given; dummies are surface-laid
    ground: tuple[str, ...] = ()  # the terrain under it, declared where there are no positions
    known_to: tuple[str, ...] = ()  # enemy sides that know of it from the start


class WireSpec(_Placed, frozen=True, forbid_unknown_fields=True):
    """A wire entanglement base (ENG-WIRE-01): 1 1/2" to 2" long, 1/2" to 3/4" wide."""

    length: Width = 2.0
    width: Width = 0.75
    gap: bool = False


class DitchSpec(_Placed, frozen=True, forbid_unknown_fields=True):
    """A section of anti-tank ditch (ENG-DITCH-01); concrete-lined or wide (ENG-DITCH-18/19)."""

    variant: Literal["standard", "concrete", "wide"] = "standard"
    neutralize_actions: Annotated[int, msgspec.Meta(ge=2)] = 2  # AMB-ENG-19: wide ditches


class AtObstacleSpec(_Placed, frozen=True, forbid_unknown_fields=True):
    """A section of dragon's teeth or log belt (ENG-OBST-01, AMB-ENG-20)."""

    kind: Literal["dragons-teeth", "logs"] = "dragons-teeth"
    reduced: bool = False


class BocageSpec(_Placed, frozen=True, forbid_unknown_fields=True):
    """A stretch of bocage hedgerow: the place where one gap can be made."""

    length: Width = 2.0
    depth: Width = 0.5
    gap: bool = False


class RoadblockSpec(_Placed, frozen=True, forbid_unknown_fields=True):
    """A stretch of road where a roadblock stands or may be made (AMB-ENG-22)."""

    length: Width = 2.0
    depth: Width = 1.0
    present: bool = False
    setting: Literal["clear", "wooded", "other"] | None = None  # else from the terrain


class PlatoonSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An engineering platoon and its mines (ENG-MINE-20, AMB-ENG-11, AMB-ENG-44): by default one
    scattered section of one type. Engineer units in no platoon form one platoon per side."""

    id: Id
    side: str
    units: tuple[str, ...] = ()
    mines: Annotated[int, msgspec.Meta(ge=0)] = 1
    density: Density = "scattered"


def default_platoon(side: str) -> str:
    return f"{side}:engineers"


# -- validation -----------------------------------------------------------------------------------


def components(spec: MinefieldSpec, strict: bool, where: str) -> tuple[Density | None, ...]:
    """The (AT, AP) densities of a section (ENG-MINE-13..17, AMB-ENG-08)."""
    if spec.type != "mixed" and (spec.at_density or spec.ap_density):
        raise InputError(where, f"an {spec.type} field gives `density`, not component densities")
    if spec.type == "dummy":
        if spec.density not in (None, "normal"):
            raise InputError(where, "a dummy field counts as normal density (ENG-MINE-28)")
        return ("normal", "normal")
    base = spec.density or "normal"  # ENG-MINE-15
    if spec.type == "AT":
        return (base, None)
    if spec.type == "AP":
        return (None, base)
    at, ap = spec.at_density or base, spec.ap_density or base
    if DENSITIES.index(at) > 1 or DENSITIES.index(ap) > 1:
        raise InputError(where, "ENG-MINE-17: neither density of a mixed field may exceed normal")
    if strict and at == ap:
        raise InputError(where, "AMB-ENG-08 (strict): a mixed field's two densities must differ")
    return (at, ap)


def minefield(spec: MinefieldSpec, terrain: Sequence[TerrainSpec], strict: bool) -> Minefield:
    """The section a spec describes, or InputError (the caller adds where)."""
    laid: Laid = spec.laid or ("surface" if spec.type == "dummy" else "buried")  # AMB-ENG-10
    if spec.type == "dummy" and laid != "surface":
        raise InputError("laid", "a dummy field is surface-laid (ENG-MINE-28, AMB-ENG-10)")
    at, ap = components(spec, strict, "density")
    footprint = spec.footprint(SECTION)
    ground = ground_under(footprint, terrain) if footprint else spec.ground
    problem = ground_problem(ground, laid)
    if problem is not None:
        raise InputError("position", f"{problem[0]}: {problem[1]}")
    return Minefield(
        id=spec.id,
        side=spec.side,
        name=spec.name,
        footprint=footprint,
        at=at,
        ap=ap,
        laid=laid,
        dummy=spec.type == "dummy",
        ground=ground,
        known_to=tuple(sorted(spec.known_to)),
    )


def ground_problem(ground: Iterable[str], laid: Laid) -> tuple[str, str] | None:
    """ENG-MINE-11/12: no mines in built-up areas, marsh or streams; no buried mines on paved
    roads. The rule a placement breaks and why, or None."""
    kinds = set(ground)
    for kind in NO_MINES:
        if kind in kinds:
            return "ENG-MINE-11", f"mines may not be laid in {kind} terrain"
    if laid == "buried" and PAVED in kinds:
        return "ENG-MINE-12", "mines may not be buried on a paved road"
    return None


def validate_obstacles(scenario: EngScenario, where: str, ids: set[str]) -> None:
    """Ids, sides, sizes and placements of every minefield and obstacle, and the platoons."""
    sides = set(scenario.side_ids)
    strict = scenario.options.strict_mixed_densities
    for section, items in _sections(scenario):
        for i, item in enumerate(items):
            if item.id in ids:
                raise InputError(f"{where}: {section}[{i}].id", f"id {item.id!r} is used twice")
            ids.add(item.id)
    for i, m in enumerate(scenario.minefields):
        here = f"{where}: minefields[{i}]"
        if m.side not in sides:
            raise InputError(f"{here}.side", f"unknown side {m.side!r}")
        for side in m.known_to:
            if side not in sides or side == m.side:
                raise InputError(f"{here}.known_to", f"{side!r} is not an enemy side")
        try:
            minefield(m, scenario.terrain, strict)
        except InputError as exc:
            raise InputError(f"{here}.{exc.where}", exc.problem) from None
    for i, w in enumerate(scenario.wire):
        if not (1.5 <= w.length <= 2.0 and 0.5 <= w.width <= 0.75):
            raise InputError(
                f"{where}: wire[{i}]",
                'ENG-WIRE-01: a wire base is 1/2" to 3/4" wide and 1 1/2" to 2" long',
            )
    for i, u in enumerate(scenario.units):
        extra = [t for t in u.traits if t in VEHICLE_TRAITS]
        if extra and u.kind not in ("soft-vehicle", "armoured-vehicle"):
            raise InputError(f"{where}: units[{i}].traits", f"{extra[0]!r} is for vehicles")
    units = {u.id: u.side for u in scenario.units}
    seen: set[str] = set()
    for i, p in enumerate(scenario.platoons):
        here = f"{where}: platoons[{i}]"
        if p.side not in sides:
            raise InputError(f"{here}.side", f"unknown side {p.side!r}")
        for unit_id in p.units:
            if units.get(unit_id) != p.side:
                raise InputError(f"{here}.units", f"no unit {unit_id!r} of {p.side}")
            if unit_id in seen:
                raise InputError(f"{here}.units", f"{unit_id!r} is in two platoons")
            seen.add(unit_id)


def _sections(scenario: EngScenario) -> list[tuple[str, Sequence[Any]]]:
    return [
        ("minefields", scenario.minefields),
        ("wire", scenario.wire),
        ("ditches", scenario.ditches),
        ("at_obstacles", scenario.at_obstacles),
        ("bocage", scenario.bocage),
        ("roadblocks", scenario.roadblocks),
    ]


# -- the state at the start -----------------------------------------------------------------------


def initial_minefields(scenario: EngScenario) -> dict[str, Minefield]:
    strict = scenario.options.strict_mixed_densities
    return {m.id: minefield(m, scenario.terrain, strict) for m in scenario.minefields}


def initial_obstacles(scenario: EngScenario) -> dict[str, Obstacle]:
    out: list[Obstacle] = []
    for w in scenario.wire:
        fp = w.footprint((w.length, w.width))
        out.append(Obstacle(w.id, "wire", w.name, fp, "gapped" if w.gap else "intact"))
    for d in scenario.ditches:
        needed = d.neutralize_actions if d.variant == "wide" else 1
        fp = d.footprint(DITCH)
        out.append(Obstacle(d.id, "ditch", d.name, fp, "intact", d.variant, needed))
    for o in scenario.at_obstacles:
        condition = "reduced" if o.reduced else "intact"
        out.append(
            Obstacle(o.id, "at-obstacle", o.name, o.footprint(AT_OBSTACLE), condition, o.kind)
        )
    for b in scenario.bocage:
        fp = b.footprint((b.length, b.depth))
        out.append(Obstacle(b.id, "bocage", b.name, fp, "gapped" if b.gap else "intact"))
    for r in scenario.roadblocks:
        fp = r.footprint((r.length, r.depth))
        setting = r.setting or _setting(ground_under(fp, scenario.terrain) if fp else ())
        condition = "present" if r.present else "none"
        out.append(Obstacle(r.id, "roadblock", r.name, fp, condition, setting=setting))
    return {o.id: o for o in out}


def _setting(ground: Sequence[str]) -> str:
    """ENG-ROAD-02/03: a road through forest or a tree-lined lane is wooded; through nothing but
    open ground it is clear."""
    if any(kind in WOODED for kind in ground):
        return "wooded"
    return "clear" if all(kind in ROADS for kind in ground) else "other"


def initial_supply(scenario: EngScenario) -> dict[str, int]:
    """ENG-MINE-20: each platoon's mines, in sections; one default platoon per side."""
    supply = {default_platoon(side): 1 for side in scenario.side_ids}
    supply |= {p.id: p.mines for p in scenario.platoons}
    return supply


def platoon_of(scenario: EngScenario, unit_id: str, side: str) -> tuple[str, Density]:
    """The platoon a unit draws mines from, and the density of those mines (AMB-ENG-11)."""
    for p in scenario.platoons:
        if unit_id in p.units:
            return p.id, p.density
    return default_platoon(side), "scattered"
