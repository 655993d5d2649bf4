"""Bulldozers and dozer tanks, conformed frontally (AMB-ENG-23), working with engineering actions
bound by every ENG-ACT rule (AMB-ENG-42): one fills a ditch section as troops would, without a
roll (ENG-DITCH-14, not concrete-lined, ENG-DITCH-18); two reduce an AT obstacle (ENG-OBST-05),
gap bocage (ENG-BOCAGE-07) or clear a roadblock (ENG-ROAD-05).
"""

from __future__ import annotations

from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import only
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Topic,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import conformed, frontal, is_vehicle
from kriegsspiel.rulesets.engineering.obstacles.charges import not_already
from kriegsspiel.rulesets.engineering.obstacles.ditches import fillable, neutralise, open_ditch
from kriegsspiel.rulesets.engineering.obstacles.features import change, feature, fresh_id, open_task
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import DOZER
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Minefield, Obstacle
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer, may_work_on, progress
from kriegsspiel.rulesets.engineering.state import EngState

# engineering actions, the rule, and the condition the work leaves, by kind of obstacle
WORK: dict[str, tuple[int, str, str]] = {
    "ditch": (1, "ENG-DITCH-14", "filled"),
    "at-obstacle": (2, "ENG-OBST-05", "reduced"),
    "bocage": (2, "ENG-BOCAGE-07", "gapped"),
    "roadblock": (2, "ENG-ROAD-05", "none"),
}


class Doze(Act, frozen=True, tag="doze"):
    """One engineering action of a bulldozer or dozer tank at an obstacle."""

    unit: str
    obstacle: str
    distance: Distance | None = None
    front: bool | None = None  # declared: its front is conformed to the obstacle


def open_work(state: EngState, side: str, obstacle_id: str) -> Task | None:
    for task in state.tasks.values():
        if (task.kind, task.side, task.target, task.status) == ("doze", side, obstacle_id, "open"):
            return task
    return None


def doze(ctx: Ctx, action: Doze) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    found = feature(state, spec.side, action.obstacle)
    if DOZER not in spec.traits or not is_vehicle(spec):
        raise RuleViolation("ENG-DITCH-14", f"{spec.label} is not a bulldozer or dozer tank")
    if isinstance(found, Minefield):
        raise RuleViolation("ENG-MINE-32", "mines are cleared only by flails and demolitions")
    if found.kind not in WORK:
        raise RuleViolation("ENG-WIRE-02", f"a dozer does not gap {found.label}")
    _workable(found)
    rule = WORK[found.kind][1]
    u = state.units[spec.id]
    conformed(spec, u.position, found.footprint, action.distance, rule, found.label)
    frontal(spec, u.position, u.facing, found.footprint, action.front, rule, found.label)
    task = open_work(state, spec.side, found.id)
    if task is not None:
        may_work_on(state, spec, task.id)
    declare(ctx, spec, "doze", found.id, only(spec.side))


def _workable(found: Obstacle) -> None:
    if found.kind == "ditch":
        fillable(found, "filled by a dozer")
        open_ditch(found, "ENG-DITCH-14")
    elif found.kind == "roadblock":
        if found.condition != "present":
            raise RuleViolation("ENG-ROAD-05", f"no roadblock stands at {found.label}")
    else:
        _, rule, condition = WORK[found.kind]
        not_already(found, condition, rule)


def _resolve(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    side = ctx.state.spec(pending.unit).side
    found = ctx.state.obstacles[pending.target]
    task = open_work(ctx.state, side, found.id)
    if task is None:
        required, _, _ = WORK[found.kind]
        task_id = fresh_id(ctx.state.tasks, f"doze:{found.id}:{side}")
        task = Task(task_id, "doze", f"doze {found.label}", side, required, target=found.id)
        open_task(ctx, task)
    if not progress(ctx, task.id, pending.unit, only(side)):
        return
    found = ctx.state.obstacles[found.id]
    _, rule, condition = WORK[found.kind]
    if found.kind == "ditch":
        neutralise(ctx, found, rule)  # as troops filling it by hand (ENG-DITCH-14)
    elif found.condition != condition:
        change(ctx, found, condition, rule)


TOPIC = Topic(
    __name__,
    performers=(performer(Doze, doze),),
    resolvers={
        "doze": _resolve,
    },
)
