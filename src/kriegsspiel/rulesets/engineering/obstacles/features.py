"""What every minefield and obstacle shares: looking them up for a seat, the terrain effect they
have on a unit (AMB-ENG-03), changes to their condition, and the things that cannot be done to
them at all (AMB-ENG-45, ENG-WIRE-02, ENG-DITCH-12, ENG-MINE-32, ENG-OBST-01).

A minefield section is known to its side, to the enemy sides in its `known_to`, and to the
umpire; to anyone else it reads exactly like one that does not exist. Wire, ditches, AT obstacles,
bocage and roadblock sites are terrain everyone sees.
"""

from __future__ import annotations

from typing import Any, Literal

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.seats import UMPIRE, only
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import inside, mobility
from kriegsspiel.rulesets.engineering.obstacles.obstacle_effects import (
    DEFAULT_EFFECTS,
    Effect,
    EffectRow,
    effect_rows,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Footing, Minefield, Obstacle
from kriegsspiel.rulesets.engineering.play.sequence import use_action
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point, with_unit
from kriegsspiel.rulesets.engineering.wording import place

Feature = Minefield | Obstacle


# -- lookups --------------------------------------------------------------------------------------


def knows(seat: str, field: Minefield) -> bool:
    return seat in (UMPIRE, field.side) or seat in field.known_to


def feature(state: EngState, seat: str, feature_id: str) -> Feature:
    """A minefield section or obstacle `seat` knows of; a hidden section reads as none at all."""
    found: Feature | None = state.obstacles.get(feature_id)
    field = state.minefields.get(feature_id)
    if field is not None and knows(seat, field):
        found = field
    if found is None:
        raise InputError("obstacle", f"no minefield or obstacle {feature_id!r} known to {seat}")
    return found


def minefield(state: EngState, seat: str, section: str) -> Minefield:
    found = feature(state, seat, section)
    if not isinstance(found, Minefield):
        raise InputError("minefield", f"{found.label} is not a minefield")
    return found


def obstacle(state: EngState, seat: str, obstacle_id: str, *kinds: str) -> Obstacle:
    found = feature(state, seat, obstacle_id)
    if not isinstance(found, Obstacle) or (kinds and found.kind not in kinds):
        raise InputError("obstacle", f"{found.label} is not {' or '.join(kinds) or 'an obstacle'}")
    return found


def occupies(state: EngState, unit_id: str, found: Feature) -> bool:
    """Whether the unit is in the feature: by position, or as declared at a table without."""
    pos = state.units[unit_id].position
    if pos is None or found.footprint is None:
        return state.footing.get(unit_id, Footing()).inside == found.id
    return inside(pos, found.footprint)


# -- terrain effects ------------------------------------------------------------------------------


def effect_row(state: EngState, obs: Obstacle) -> EffectRow:
    key = f"{obs.kind}.{obs.condition}"
    if state.scenario.terrain_effects:
        rows = effect_rows(state.scenario.terrain_effects, "terrain_effects")
        if key in rows:
            return rows[key]
    return DEFAULT_EFFECTS[key]


def effect(state: EngState, obs: Obstacle, spec: EngUnit) -> tuple[Effect, str]:
    """AMB-ENG-03: what crossing `obs` asks of the unit, and the rule that says so."""
    row = effect_row(state, obs)
    what = row.of(mobility(spec))
    return what, row.rule(what)


def crossing_refusal(state: EngState, obs: Obstacle, spec: EngUnit) -> RuleViolation | None:
    """The refusal for crossing `obs` with an ordinary move, or None if the unit may."""
    what, rule = effect(state, obs, spec)
    if what == "impassable":
        return RuleViolation(
            rule, f"{obs.label} ({obs.kind}, {obs.condition}) is impassable to {spec.label}"
        )
    if what != "none":
        return RuleViolation(rule, f"{spec.label} must take a breach action to cross {obs.label}")
    return None


# -- events ---------------------------------------------------------------------------------------


class ObstacleChanged(Ev, frozen=True, tag="obstacle-changed"):
    """Seen by all: an obstacle's new condition, with the rule that made it so."""

    obstacle: str
    name: str
    condition: str
    rule: str
    work: int | None = None
    fascine: bool | None = None

    def text(self) -> str:
        return f"{self.name} is now {self.condition} ({self.rule})"


class Maneuvered(Ev, frozen=True, tag="maneuvered"):
    """Seen by all: a unit spends a maneuver action at an obstacle (BF-ACT): breaching, crossing,
    flailing, dropping a fascine. `inside` is the obstacle it is now in (None: unchanged, "":
    none), at a table without positions; `bogged` the obstacle it is stuck at (BF-DEFAULT-BOG;
    None: unchanged, "": free);
    `exposed` a breach of bocage without a hedgerow cutter (ENG-BOCAGE-01)."""

    unit: str
    how: str
    obstacle: str = ""
    to: Point | None = None
    moved: bool = True
    inside: str | None = None
    bogged: str | None = None
    exposed: bool = False

    def text(self) -> str:
        where = f" {self.obstacle}" if self.obstacle else ""
        to = f" to {place(self.to)}" if self.to else ""
        stuck = f"; it bogs down at {self.bogged} (BF-DEFAULT-BOG)" if self.bogged else ""
        return f"{self.unit} {self.how}{where}{to}{stuck}"


class Halted(Ev, frozen=True, tag="halted"):
    """Seen by all: a moving unit stops short, at the edge of what stopped it."""

    unit: str
    at: Point

    def text(self) -> str:
        return f"{self.unit} stops at {place(self.at)}"


class ImprovePositionRolled(Ev, frozen=True, tag="improve-position-rolled"):
    """The improve position roll of a piece of work on an obstacle (AMB-ENG-02): cutting wire,
    collapsing a ditch."""

    unit: str
    obstacle: str
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit}'s work at {self.obstacle}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit} works at {self.obstacle}: {self.result.explain()}"


class TaskOpened(Ev, frozen=True, tag="task-opened"):
    """A side starts multi-turn work on an obstacle (ENG-ACT-07)."""

    task: Task

    def text(self) -> str:
        return f"{self.task.name}: {self.task.required} engineering actions needed (ENG-ACT-07)"


def improved(ctx: Ctx) -> bool:
    """Resolve declared work decided by an improve position roll sealed on declaration: show the
    roll to the working side; True on a success."""
    pending = ctx.state.pending
    assert pending is not None
    assert pending.roll is not None
    side = ctx.state.spec(pending.unit).side
    rolled = ImprovePositionRolled(unit=pending.unit, obstacle=pending.target, result=pending.roll)
    ctx.emit(rolled, only(side))
    return pending.roll.outcome == "success"


def change(ctx: Ctx, obs: Obstacle, condition: str, rule: str, **fields: Any) -> None:
    ctx.emit(
        ObstacleChanged(obstacle=obs.id, name=obs.label, condition=condition, rule=rule, **fields)
    )


def open_task(ctx: Ctx, task: Task) -> None:
    ctx.emit(TaskOpened(task=task), only(task.side))


def fresh_id(taken: Any, base: str) -> str:
    """`base`, or `base-2`, `base-3`… whichever is not yet in `taken`."""
    n, ident = 1, base
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    return ident


# -- what cannot be done --------------------------------------------------------------------------


class PlaceObstacle(Act, frozen=True, tag="place-obstacle"):
    """Put an obstacle on the table in play: refused, naming the rule that says how it is done."""

    kind: Literal["minefield", "wire", "ditch", "at-obstacle", "bocage", "roadblock"]
    laid: Literal["buried", "surface"] = "buried"


class RemoveObstacle(Act, frozen=True, tag="remove-obstacle"):
    """Take an obstacle (or a fascine in a ditch) off the table: refused, naming the rule that
    says what may be done to it instead."""

    obstacle: str


_PLACING = {
    "minefield": ("ENG-MINE-19", "buried minefields are laid only before the game"),
    "wire": ("AMB-ENG-45", "wire is placed only before the game"),
    "ditch": ("AMB-ENG-45", "anti-tank ditches are dug only before the game"),
    "at-obstacle": ("ENG-OBST-01", "AT obstacles are laid in belts before the game starts"),
    "bocage": ("AMB-ENG-45", "bocage is terrain set out before the game"),
    "roadblock": ("ENG-ROAD-01", "a roadblock is made with explosives: prepare-charge, demolish"),
}
_REMOVING = {
    "wire": ("ENG-WIRE-02", "wire cannot be removed in a game; gaps can be made in it"),
    "ditch": ("ENG-DITCH-07", "a ditch is filled, bridged or given a fascine, never removed"),
    "at-obstacle": ("ENG-OBST-05", "an AT obstacle can be reduced (dozer, demolition) only"),
    "bocage": ("ENG-BOCAGE-07", "bocage can only be gapped (vehicles, dozers, demolitions)"),
    "roadblock": ("ENG-ROAD-05", "a roadblock is cleared by a dozer or by explosives"),
}


def place_obstacle(ctx: Ctx, action: PlaceObstacle) -> None:
    if action.kind == "minefield" and action.laid == "surface":
        raise RuleViolation("ENG-MINE-19", "in play, engineers lay surface fields (lay-minefield)")
    rule, reason = _PLACING[action.kind]
    raise RuleViolation(rule, reason)


def remove_obstacle(ctx: Ctx, action: RemoveObstacle) -> None:
    found = feature(ctx.state, ctx.seat, action.obstacle)
    if isinstance(found, Minefield):
        raise RuleViolation(
            "ENG-MINE-32", "mines are cleared only by line charges, flails and Congers"
        )
    if found.fascine:
        raise RuleViolation("ENG-DITCH-12", "an emplaced fascine cannot be moved in the game")
    rule, reason = _REMOVING[found.kind]
    raise RuleViolation(rule, reason)


# -- folding --------------------------------------------------------------------------------------


def _changed(state: EngState, e: ObstacleChanged) -> EngState:
    obs = replace(state.obstacles[e.obstacle], condition=e.condition)
    if e.work is not None:
        obs = replace(obs, work=e.work)
    if e.fascine is not None:
        obs = replace(obs, fascine=e.fascine)
    return replace(state, obstacles={**state.obstacles, obs.id: obs})


def _maneuvered(state: EngState, e: Maneuvered) -> EngState:
    u = use_action(state, state.units[e.unit])
    if e.moved:
        u = replace(u, moved_at=state.player_turn, emplaced_at=None)
    if e.to is not None:
        u = replace(u, position=e.to)
    foot = state.footing.get(e.unit, Footing())
    foot = replace(
        foot,
        inside=foot.inside if e.inside is None else e.inside,
        bogged=foot.bogged if e.bogged is None else e.bogged,
        exposed_at=state.player_turn if e.exposed else foot.exposed_at,
    )
    return replace(with_unit(state, e.unit, u), footing={**state.footing, e.unit: foot})


def _halted(state: EngState, e: Halted) -> EngState:
    return with_unit(state, e.unit, replace(state.units[e.unit], position=e.at))


TOPIC = Topic(
    __name__,
    performers=(
        performer(PlaceObstacle, place_obstacle),
        performer(RemoveObstacle, remove_obstacle),
    ),
    appliers=(
        applier(ObstacleChanged, _changed),
        applier(Maneuvered, _maneuvered),
        applier(Halted, _halted),
        applier(ImprovePositionRolled, lambda state, _: state),
        applier(
            TaskOpened, lambda state, e: replace(state, tasks={**state.tasks, e.task.id: e.task})
        ),
    ),
)
