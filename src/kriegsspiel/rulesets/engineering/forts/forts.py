"""Fortifications: their armour, arcs and occupants, and what hits on the structure do.

ENG-FORT-02: forts come from the scenario only and never move; their occupants may leave (a
move takes a unit out, and it loses the fort's protection). ENG-FORT-05/07: fire at occupants
takes the armour as a negative modifier and must come from an arc the fort is visible from;
occupants fire only into the fort's fire arcs. ENG-FORT-22..25: results on the structure.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import Modifier
from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.seats import EVERYONE
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    FIRE_AT,
    MOVED,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    performer,
)
from kriegsspiel.rulesets.engineering.bridges.works_state import FortState
from kriegsspiel.rulesets.engineering.forts.fort_specs import FortSpec, in_arcs
from kriegsspiel.rulesets.engineering.play.demolitions import with_demolition
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import STATUS_ORDER, EngState, Point, with_unit, worse
from kriegsspiel.rulesets.engineering.terrain_cache import per_terrain

RUBBLE_ARMOUR = 1  # ENG-FORT-25: a fort brought down to armour 1 is rubble

# -- actions and events ---------------------------------------------------------------------------


class Spot(Act, frozen=True, tag="spot"):
    """The umpire records that a side has spotted a fort, or only suspects it (BF-SPOT)."""

    fort: str
    side: str
    spotted: bool = True


class Spotted(Ev, frozen=True, tag="spotted"):
    fort: str
    side: str
    spotted: bool
    side_name: str = ""  # as the scenario names the side

    def text(self) -> str:
        who = self.side_name or self.side
        return f"{who} {'has spotted' if self.spotted else 'only suspects'} {self.fort}"


class LeftFort(Ev, frozen=True, tag="left-fort"):
    unit: str
    fort: str

    def text(self) -> str:
        return f"{self.unit} leaves {self.fort} and loses its protection"


class StructureHit(Ev, frozen=True, tag="structure-hit"):
    """A result on a fort's structure and what follows from it (ENG-FORT-22..25, -30)."""

    fort: str
    outcome: str
    armour: int  # after the hit
    rubble: bool
    collapsed: bool
    rules: tuple[str, ...]

    def text(self) -> str:
        if self.collapsed:
            return f"{self.fort} collapses into rubble with its occupants (ENG-FORT-23)"
        out = f"{self.fort}: {self.outcome}"
        if self.outcome in ("suppressed", "disordered"):
            out += f"; its occupants are {self.outcome} (ENG-FORT-22)"
        out += f"; armour {self.armour}"
        if self.rubble:
            out += "; it is rubble, its occupants survive (ENG-FORT-25)"
        return out


# -- lookups --------------------------------------------------------------------------------------


def fort(state: EngState, fort_id: str) -> FortState:
    found = state.forts.get(fort_id)
    if found is None:
        raise InputError("fort", f"no fort {fort_id!r}")
    return found


def spec_of(state: EngState, fort_id: str) -> FortSpec:
    forts = state.scenario.forts
    return per_terrain(forts, "by-id", lambda: {f.id: f for f in reversed(forts)})[fort_id]


def housing(state: EngState, unit_id: str) -> FortState | None:
    """The standing fort a unit occupies, if any."""
    return housed(state).get(unit_id)


def housed(state: EngState) -> dict[str, FortState]:
    """Every unit in a standing fort, with its fort (the first, as listed), once per forts."""
    forts = state.forts

    def build() -> dict[str, FortState]:
        out: dict[str, FortState] = {}
        for f in forts.values():
            for uid in f.occupants if f.standing else ():
                out.setdefault(uid, f)
        return out

    return per_terrain(forts, "housed", build)


def charges_id(fort_id: str) -> str:
    return f"{fort_id}-charges"


def visible_from(state: EngState, f: FortState, frm: Point | None) -> bool:
    """ENG-FORT-07 with AMB-ENG-33: attacked only from an arc it is visible from (360° if none
    is given)."""
    return in_arcs(spec_of(state, f.id).visible_arcs, f.position, frm)


# -- hooks ----------------------------------------------------------------------------------------


def _fire_at(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> tuple[Modifier, ...]:
    """ENG-FORT-07: arcs both ways; ENG-FORT-05/08: the armour against fire at occupants (IDF at
    occupants is bombard's, with the `idf_vs_fort_occupants` option)."""
    state = ctx.state
    if not state.forts:
        return ()  # no unit is in a fort
    home = housing(state, firer.id)
    aim = state.units[target].position if target in state.units else None
    if home is not None and not in_arcs(spec_of(state, home.id).fire_arcs, home.position, aim):
        raise RuleViolation("ENG-FORT-07", f"{target} is outside the fire arcs of {home.label}")
    shelter = housing(state, target) if target in state.units else None
    if shelter is None or indirect:
        return ()
    if not visible_from(state, shelter, state.units[firer.id].position):
        raise RuleViolation(
            "ENG-FORT-07", f"{shelter.label} is not visible from {firer.label}'s position"
        )
    return (Modifier("fort armour", -shelter.armour, "ENG-FORT-05"),)


def _moved(ctx: Ctx, spec: EngUnit, frm: Point | None, to: Point) -> None:
    home = next((f for f in ctx.state.forts.values() if spec.id in f.occupants), None)
    if home is not None:
        ctx.emit(LeftFort(unit=spec.id, fort=home.id))


# -- results on the structure ---------------------------------------------------------------------


def hit_structure(ctx: Ctx, f: FortState, outcome: str, *, reduces: str = "") -> None:
    """ENG-FORT-22: suppressed or disordered passes to the occupants; ENG-FORT-23: a kill
    collapses the fort with them (and takes precedence, AMB-ENG-32). `reduces` names the rule
    (ENG-FORT-24 the AVRE, ENG-FORT-30 charges) by which suppressed or better also lowers the
    armour for good; ENG-FORT-25 with AMB-ENG-32: armour 1 is rubble, the occupants survive.
    AMB-ENG-35: nothing makes the occupants retreat."""
    rules: tuple[str, ...] = ()
    armour, rubble, collapsed = f.armour, False, False
    if outcome == "knocked-out":  # the area is rubble, the occupants are gone
        collapsed, rubble, rules = True, True, ("ENG-FORT-23",)
    elif outcome in ("suppressed", "disordered"):
        rules = ("ENG-FORT-22",)
        if reduces:
            armour -= 1
            rubble = armour <= RUBBLE_ARMOUR
            rules += (reduces, "ENG-FORT-25") if rubble else (reduces,)
    hit = StructureHit(
        fort=f.id,
        outcome=outcome,
        armour=armour,
        rubble=rubble,
        collapsed=collapsed,
        rules=rules,
    )
    ctx.emit(hit, EVERYONE)


# -- performing -----------------------------------------------------------------------------------


def spot(ctx: Ctx, action: Spot) -> None:
    umpire_only(ctx.seat, "record spotting")
    f = fort(ctx.state, action.fort)
    if action.side not in ctx.state.order or action.side == f.side:
        raise InputError("side", f"{action.side!r} is not an enemy side of {f.id}")
    name = ctx.state.scenario.side_name(action.side)
    ctx.emit(Spotted(fort=f.id, side=action.side, spotted=action.spotted, side_name=name))


# -- setting up and folding -----------------------------------------------------------------------


def setup(state: EngState) -> EngState:
    """ENG-FORT-02/03/06: the forts (each element on its own) with their starting armour; each
    gets a stack of charges its enemy may prepare (fort_charges.py)."""
    forts = {
        f.id: FortState(
            id=f.id,
            side=f.side,
            name=f.name,
            armour=f.start_armour,
            position=f.position,
            occupants=f.occupants,
            spotted_by=tuple(sorted(set(f.spotted_by))),
        )
        for f in state.scenario.forts
    }
    state = replace(state, forts=forts)
    for f in state.scenario.forts:
        enemy = next((s for s in state.order if s != f.side), None)
        if enemy is not None:
            name = f"charges on {f.name or f.id}"
            state = with_demolition(
                state, charges_id(f.id), enemy, name, f.position, 1, kind="fort", stacks=True
            )
    return state


def with_fort(state: EngState, f: FortState) -> EngState:
    return replace(state, forts={**state.forts, f.id: f})


def _spotted(state: EngState, e: Spotted) -> EngState:
    f = state.forts[e.fort]
    sides = set(f.spotted_by) | {e.side} if e.spotted else set(f.spotted_by) - {e.side}
    return with_fort(state, replace(f, spotted_by=tuple(sorted(sides))))


def _left(state: EngState, e: LeftFort) -> EngState:
    f = state.forts[e.fort]
    return with_fort(state, replace(f, occupants=tuple(u for u in f.occupants if u != e.unit)))


def _structure_hit(state: EngState, e: StructureHit) -> EngState:
    f = state.forts[e.fort]
    outcome = "knocked-out" if e.collapsed else e.outcome
    result = next((s for s in STATUS_ORDER if s == outcome), None)
    if result is not None:
        for unit in f.occupants:
            u = state.units[unit]
            state = with_unit(state, unit, replace(u, status=worse(u.status, result)))
    f = replace(f, armour=e.armour, rubble=f.rubble or e.rubble, collapsed=e.collapsed)
    return with_fort(state, f)


TOPIC = Topic(
    __name__,
    performers=(performer(Spot, spot),),
    appliers=(
        applier(Spotted, _spotted),
        applier(LeftFort, _left),
        applier(StructureHit, _structure_hit),
    ),
    hooks={
        FIRE_AT: _fire_at,
        MOVED: _moved,
    },
    setup=setup,
)
