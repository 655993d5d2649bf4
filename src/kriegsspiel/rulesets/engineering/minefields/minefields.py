"""Minefields on the table: the sections a scenario starts with, laying surface fields and dummies
in play (ENG-MINE-19..24, -31), engineer platoons' mines (ENG-MINE-20), and spotting
(ENG-MINE-25..28).

A section being laid does not exist until its task is complete (ENG-MINE-21); its work, like any
engineering action, is seen by the enemy only as a unit working (ENG-ACT-09).
"""

from __future__ import annotations

from typing import Any, Literal

from msgspec.structs import replace

from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.limits import Distance, Facing
from kriegsspiel.core.seats import only
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import Footprint, conformed, ground_under
from kriegsspiel.rulesets.engineering.minefields.passage import MinefieldFound
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import (
    SECTION,
    ground_problem,
    initial_minefields,
    initial_obstacles,
    initial_supply,
    platoon_of,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Laying, Minefield
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer, may_work_on, progress
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point

LAY_ACTIONS = 9  # ENG-MINE-21: one 1" x 2" section of one mine type
DUMMY_ACTIONS = 5  # ENG-MINE-31
POOL = 3  # ENG-MINE-22, ENG-MINE-23: three stands at most; 9, 5 or 3 turns at the earliest
OPEN_GROUND = ("open", "clear", "fields", "road", "paved-road", "dirt-road")  # ENG-MINE-26

# -- actions --------------------------------------------------------------------------------------


class LayMinefield(Act, frozen=True, tag="lay-minefield"):
    """One engineering action laying a surface section (ENG-MINE-19..24) or a dummy (-31).
    Without `section` it starts a new one at `at`; with it, it goes on with that section, or lays
    the other mine type into a finished one to make it mixed (ENG-MINE-24)."""

    unit: str
    type: Literal["AT", "AP", "dummy", "mixed"]
    section: str = ""
    at: Point | None = None
    facing: Facing = 0.0
    laid: Literal["buried", "surface"] = "surface"
    distance: Distance | None = None  # declared distance to the section, without positions


class SpotMinefield(Act, frozen=True, tag="spot-minefield"):
    """The umpire records that a side spotted a surface section, by the base game's spotting
    rules with the case the view gives (ENG-MINE-26): the side learns where it is (ENG-MINE-27)."""

    section: str
    side: str


# -- events ---------------------------------------------------------------------------------------


class LayingBegun(Ev, frozen=True, tag="laying-begun"):
    """A side starts a section: its task, and (for real mines) a section's worth of supply."""

    laying: Laying
    task: Task
    side_name: str = ""  # as the scenario names the laying side

    def text(self) -> str:
        what = "a dummy field" if self.laying.type == "dummy" else f"{self.laying.type} mines"
        who = self.side_name or self.laying.side
        return f"{who} starts laying {what} at {self.laying.section} (ENG-MINE-21)"


class MinesLaid(Ev, frozen=True, tag="mines-laid"):
    """The task is complete: the section exists, surface-laid (ENG-MINE-19)."""

    section: str

    def text(self) -> str:
        return f"minefield section {self.section} is laid (ENG-MINE-21)"


# -- laying ---------------------------------------------------------------------------------------


def spotting_case(field: Minefield) -> str | None:
    """ENG-MINE-25/26/28: never for a buried field; for a surface field (or a dummy) dug-in troops
    at the edge of dense cover in the open, deep in dense cover anywhere else."""
    if field.laid == "buried" and not field.dummy:
        return None
    if all(kind in OPEN_GROUND for kind in field.ground):
        return "dug-in troops at the edge of dense cover"
    return "dug-in troops deep in dense cover"


def lay(ctx: Ctx, action: LayMinefield) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    if action.laid == "buried":
        raise RuleViolation("ENG-MINE-19", "buried fields are laid only before the scenario starts")
    if action.type == "mixed":
        raise RuleViolation("ENG-MINE-24", "one mine type at a time: lay AT or AP, then the other")
    if not spec.is_engineer:
        raise RuleViolation(
            "AMB-ENG-44", f"only engineer stands lay mines; {spec.label} is not one"
        )
    laying = state.layings.get(action.section)
    if laying is not None and laying.side == spec.side:
        params = _continue(state, spec, laying, action)
    else:
        params = _begin(state, spec, action)
    fp = _footprint(params)
    conformed(spec, state.units[spec.id].position, fp, action.distance, "BF-CONFORM", "the section")
    declare(ctx, spec, "lay-mines", params["section"], only(spec.side), params=params)


def _continue(
    state: EngState, spec: EngUnit, laying: Laying, action: LayMinefield
) -> dict[str, Any]:
    if action.type != laying.type:
        raise RuleViolation("ENG-MINE-24", f"{laying.section} is being laid with {laying.type}")
    task = state.tasks[laying.task]
    active = [
        u for u in task.contributors if state.units[u].status not in ("disordered", "knocked-out")
    ]
    if spec.id not in active and len(active) >= POOL:
        raise RuleViolation(
            "ENG-MINE-22", f"three engineer stands already lay {laying.section}; no fourth"
        )
    may_work_on(state, spec, laying.task)
    return {"section": laying.section, "footprint": _plain(laying.footprint)}


def _begin(state: EngState, spec: EngUnit, action: LayMinefield) -> dict[str, Any]:
    """A new laying task: a new section, or the other mine type into an own finished section."""
    if action.section:
        field = state.minefields.get(action.section)
        if field is None or field.side != spec.side:
            raise InputError("section", f"no minefield section {action.section!r} of {spec.side}")
        if field.dummy or action.type == "dummy" or field.laid == "buried":
            raise RuleViolation("ENG-MINE-24", f"{field.label} takes no more mines")
        if (field.at if action.type == "AT" else field.ap) is not None:
            raise RuleViolation("ENG-MINE-24", f"{field.label} already has {action.type} mines")
        fp, ground, section = field.footprint, field.ground, field.id
    else:
        fp = Footprint(action.at, action.facing, *SECTION) if action.at is not None else None
        ground = ground_under(fp, state.scenario.terrain) if fp is not None else ()
        problem = ground_problem(ground, "surface")
        if problem is not None:
            raise RuleViolation(*problem)
        section = _new_id(state, spec.side)
    platoon, density = platoon_of(state.scenario, spec.id, spec.side)
    if action.type != "dummy" and mines_left(state, spec) < 1:
        raise RuleViolation("ENG-MINE-20", f"{spec.label}'s platoon has no mines left")
    return {
        "section": section,
        "type": action.type,
        "platoon": platoon,
        "density": density,
        "footprint": _plain(fp),
        "ground": list(ground),
    }


def mines_left(state: EngState, spec: EngUnit) -> int:
    """ENG-MINE-20: the sections of mines the unit's platoon has left to lay."""
    platoon, _ = platoon_of(state.scenario, spec.id, spec.side)
    return state.mine_supply.get(platoon, 0)


def _new_id(state: EngState, side: str) -> str:
    """Sections laid in play are numbered per side (scenario ids never hold a "/")."""
    n = 1
    while (ident := f"{side}/field-{n}") in state.minefields or ident in state.layings:
        n += 1
    return ident


def _plain(fp: Footprint | None) -> list[float] | None:
    return None if fp is None else [*fp.centre, fp.facing, fp.length, fp.depth]


def _footprint(params: dict[str, Any]) -> Footprint | None:
    raw = params.get("footprint")
    if raw is None:
        return None
    x, y, facing, length, depth = (float(v) for v in raw)
    return Footprint((x, y), facing, length, depth)


def _resolve_lay(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    side = ctx.state.spec(pending.unit).side
    laying = ctx.state.layings.get(pending.target)
    if laying is None:
        p = pending.params
        kind = p["type"]
        task = Task(
            id=f"lay:{p['section']}:{kind}",
            kind="lay-mines",
            name=f"lay {'a dummy field' if kind == 'dummy' else kind + ' mines'} at {p['section']}",
            side=side,
            required=DUMMY_ACTIONS if kind == "dummy" else LAY_ACTIONS,
            workers=POOL,
            target=p["section"],
        )
        laying = Laying(
            section=p["section"],
            side=side,
            platoon=p["platoon"],
            type=kind,
            density=p["density"],
            footprint=_footprint(p),
            ground=tuple(p["ground"]),
            task=task.id,
        )
        name = ctx.state.scenario.side_name(side)
        ctx.emit(LayingBegun(laying=laying, task=task, side_name=name), only(side))
    if progress(ctx, laying.task, pending.unit, only(side)):
        ctx.emit(MinesLaid(section=laying.section), only(side))


# -- spotting -------------------------------------------------------------------------------------


def spot(ctx: Ctx, action: SpotMinefield) -> None:
    umpire_only(ctx.seat, "record that a minefield was spotted")
    field = ctx.state.minefields.get(action.section)
    if field is None:
        raise InputError("section", f"no minefield section {action.section!r}")
    if action.side not in ctx.state.order or action.side == field.side:
        raise InputError("side", f"{action.side!r} is not an enemy side of {field.side}")
    if spotting_case(field) is None:
        raise RuleViolation("ENG-MINE-25", f"{field.label} is buried: it can never be spotted")
    if action.side in field.known_to:
        raise RuleViolation("ENG-MINE-27", f"{action.side} already knows of {field.label}")
    found = MinefieldFound(
        section=field.id,
        side=action.side,
        footprint=field.footprint,
        how="spotted",
        side_name=ctx.state.scenario.side_name(action.side),
    )
    ctx.emit(found, only(action.side, field.side))


# -- folding --------------------------------------------------------------------------------------


def _begun(state: EngState, e: LayingBegun) -> EngState:
    supply = dict(state.mine_supply)
    if e.laying.type != "dummy":  # ENG-MINE-20: a section of the platoon's mines
        supply[e.laying.platoon] = supply.get(e.laying.platoon, 0) - 1
    return replace(
        state,
        layings={**state.layings, e.laying.section: e.laying},
        tasks={**state.tasks, e.task.id: e.task},
        mine_supply=supply,
    )


def _laid(state: EngState, e: MinesLaid) -> EngState:
    laying = state.layings[e.section]
    field = state.minefields.get(e.section) or Minefield(
        id=e.section,
        side=laying.side,
        name="",
        footprint=laying.footprint,
        at=None,
        ap=None,
        laid="surface",
        dummy=laying.type == "dummy",
        ground=laying.ground,
    )
    if laying.type == "AT":
        field = replace(field, at=laying.density)
    elif laying.type == "AP":
        field = replace(field, ap=laying.density)
    layings = {k: v for k, v in state.layings.items() if k != e.section}
    return replace(state, minefields={**state.minefields, field.id: field}, layings=layings)


def setup(state: EngState) -> EngState:
    """The scenario's minefields, obstacles and platoons' mines (ENG-MINE-10..20)."""
    scenario = state.scenario
    return replace(
        state,
        minefields=initial_minefields(scenario),
        obstacles=initial_obstacles(scenario),
        mine_supply=initial_supply(scenario),
    )


TOPIC = Topic(
    __name__,
    performers=(
        performer(LayMinefield, lay),
        performer(SpotMinefield, spot),
    ),
    appliers=(
        applier(LayingBegun, _begun),
        applier(MinesLaid, _laid),
    ),
    resolvers={
        "lay-mines": _resolve_lay,
    },
    setup=setup,
)
