"""Engineering actions (ENG-ACT-01..13): the restrictions, the opportunity-fire window, tasks.

Every kind of engineering work is *declared* (`declare`): the enemy sees a unit working, not what
on when the work is secret, and may answer with opportunity fire or pass (ENG-ACT-09). The work
then resolves through the resolver registered for its kind, unless a disorder or knocked-out
result cancelled it (ENG-ACT-10). Topics register kinds in their TOPIC's `resolvers`.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.seats import EVERYONE, UMPIRE, Audience, only
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering import checks
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    in_maneuver,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.play.declared import bounded
from kriegsspiel.rulesets.engineering.play.fire import fire_modifiers, hit, mark_fired
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import ENGINEERING, EngState, Pending, with_unit

MOVE = "move"  # the kind of a window a move opens (BF-DEFAULT-OPFIRE): nothing left to do

# -- actions --------------------------------------------------------------------------------------


class Engineer(Act, frozen=True, tag="engineer"):
    """One engineering action on a scenario task (ENG-ACT-01..13)."""

    unit: str
    task: str


class OpportunityFire(Act, frozen=True, tag="opportunity-fire"):
    """Fire at a unit whose engineering action awaits opportunity fire (ENG-ACT-09)."""

    unit: str
    modifier: int = 0


class Pass(Act, frozen=True, tag="pass"):
    """Let a declared engineering action go ahead without (more) opportunity fire."""


# -- events ---------------------------------------------------------------------------------------


class EngineeringStarted(Ev, frozen=True, tag="engineering-started"):
    """Seen by all: the unit works, counts as moving (ENG-ACT-08) and invites fire (ENG-ACT-09)."""

    unit: str
    opportunity_for: str
    side_name: str = ""  # as the scenario names that side

    def text(self) -> str:
        return (
            f"{self.unit} performs an engineering action; "
            f"{self.side_name or self.opportunity_for} may take opportunity fire (ENG-ACT-09)"
        )


class WorkDeclared(Ev, frozen=True, tag="work-declared"):
    """What the work is; shown to those who may know (the enemy may not, for demolitions)."""

    unit: str
    kind: str
    target: str
    params: dict[str, Any] = {}

    def text(self) -> str:
        return f"{self.unit}: {self.kind} {self.target}"


class RollSealed(Ev, frozen=True, tag="roll-sealed"):
    """A roll made when the work is declared, kept by the umpire until the work resolves."""

    unit: str
    result: CheckResult

    def summary(self) -> str | None:
        return None  # the sealed roll is summed up where the work resolves

    def text(self) -> str:
        return f"{self.unit}'s roll sealed until the action resolves: {self.result.explain()}"


class OpportunityFired(Ev, frozen=True, tag="opportunity-fire"):
    unit: str
    target: str
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit} fires at {self.target}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit} takes opportunity fire at {self.target}: {self.result.explain()}"


class WorkCancelled(Ev, frozen=True, tag="work-cancelled"):
    """ENG-ACT-10: a disorder or knocked-out result from opportunity fire cancels the action (a
    bridge crossing: ENG-BRIDGE-19); the window for opportunity fire is closed."""

    unit: str
    what: str = ENGINEERING
    rule: str = "ENG-ACT-10"

    def text(self) -> str:
        return f"{self.unit}'s {self.what} is cancelled by opportunity fire ({self.rule})"


class WorkDone(Ev, frozen=True, tag="work-done"):
    """The declared engineering action went ahead; the window for opportunity fire is closed."""

    unit: str

    def text(self) -> str:
        return f"{self.unit}'s engineering action is carried out"


class MoveWatched(Ev, frozen=True, tag="move-watched"):
    """BF-DEFAULT-OPFIRE: a unit has moved; the enemy may take opportunity fire at it where it
    stands, through the window of ENG-ACT-09."""

    unit: str
    opportunity_for: str
    side_name: str = ""  # as the scenario names that side

    def text(self) -> str:
        return (
            f"{self.side_name or self.opportunity_for} may take opportunity fire at {self.unit}, "
            "which moved (BF-DEFAULT-OPFIRE)"
        )


class WindowClosed(Ev, frozen=True, tag="window-closed"):
    """A window that was no engineering action (a move, a crossing) closes: nothing is stopped."""

    unit: str
    what: str

    def text(self) -> str:
        return f"no more opportunity fire at {self.unit}'s {self.what}"


class TaskProgressed(Ev, frozen=True, tag="task-progressed"):
    task: str
    unit: str
    progress: int
    required: int

    def text(self) -> str:
        return f"{self.task}: {self.progress} of {self.required} engineering actions (ENG-ACT-07)"


# -- the restrictions -----------------------------------------------------------------------------


def may_engineer(state: EngState, spec: EngUnit, what: str = "engineering action") -> None:
    """ENG-ACT-01..05 (ENG-DEMO-01, -07: the same for demolition and removal actions)."""
    u = state.units[spec.id]
    in_maneuver(state, spec, "ENG-ACT-01", f"may take an {what}")
    if u.engineering_at == state.player_turn:
        raise RuleViolation(
            "ENG-ACT-03", f"{spec.label} already took an engineering action this turn (AMB-ENG-46)"
        )
    if u.actions_at == state.player_turn and u.actions_used > 0:
        raise RuleViolation(
            "ENG-ACT-03", f"{spec.label} already acted this turn; an {what} must be its only action"
        )
    if state.actions_left(spec.id) < 1:
        raise RuleViolation("ENG-ACT-02", f"{spec.label} has no available action for an {what}")
    previous = state.previous_player_turn
    if any((t, p) == previous and phase == "defensive_fire" for t, p, phase in u.fires):
        raise RuleViolation(
            "ENG-ACT-05",
            f"{spec.label} fired in the defensive fire phase of the previous player turn"
            + ("" if what == "engineering action" else f" (an {what} is an engineering action)"),
        )
    if u.status == "disordered":
        raise RuleViolation(
            "ENG-ACT-13", f"{spec.label} is disordered; another unit may continue its work"
        )


def may_work_on(state: EngState, spec: EngUnit, task_id: str) -> None:
    """ENG-ACT-12/13 with AMB-ENG-05: tasks continue on any turn; another unit takes over only
    from one knocked out or disordered, unless `allow_task_handover_any` is set."""
    task = state.tasks[task_id]
    if task.status != "open":
        raise RuleViolation("ENG-ACT-07", f"{task.name or task_id} is already complete")
    # A handover is not pooling: at most `workers` units work on a task in one turn.
    if not task.has_room(state.turn, spec.id):
        raise RuleViolation(
            "ENG-ACT-13",
            f"{task.name or task_id} takes {task.workers} unit(s) a turn (AMB-ENG-05)",
        )
    if spec.id in task.contributors or state.scenario.options.allow_task_handover_any:
        return
    active = state.at_work(task_id)
    if len(active) >= task.workers:
        names = ", ".join(state.spec(u).label for u in active)
        raise RuleViolation(
            "ENG-ACT-13",
            f"{names} {'is' if len(active) == 1 else 'are'} working on {task.name or task_id}; "
            "another unit may take over only from one knocked out or disordered",
        )


# -- declaring, the window, resolving -------------------------------------------------------------


def declare(
    ctx: Ctx,
    spec: EngUnit,
    kind: str,
    target: str,
    audience: Audience,
    sealed: CheckResult | None = None,
    params: dict[str, Any] | None = None,
    more_sealed: tuple[CheckResult, ...] = (),
) -> None:
    """Declare engineering work (ENG-ACT-08/09); resolve at once if no enemy can fire."""
    other = ctx.state.other
    name = ctx.state.scenario.side_name(other)
    ctx.emit(EngineeringStarted(unit=spec.id, opportunity_for=other, side_name=name))
    ctx.emit(WorkDeclared(unit=spec.id, kind=kind, target=target, params=params or {}), audience)
    for result in (sealed, *more_sealed) if sealed is not None else ():
        ctx.emit(RollSealed(unit=spec.id, result=result), only())
    if not opportunity_firers(ctx.state):
        resolve(ctx)


def window(state: EngState, seat: str) -> Pending:
    pending = state.pending
    if pending is None:
        raise RuleViolation(
            "ENG-ACT-09", "no engineering action awaits opportunity fire, nor any crossing or move"
        )
    if seat not in (UMPIRE, state.other):
        who = state.scenario.side_name(state.other)
        raise RuleViolation(pending.rule, f"only {who} may answer this {pending.what}")
    return pending


def opportunity_firers(state: EngState) -> list[str]:
    """Enemy units that may still fire at the unit in the window (ENG-ACT-09): none once a
    result stopped it (a disorder or knock-out) or knocked it out."""
    pending = state.pending
    if pending is None or pending.cancelled:
        return []
    return firers_at(state, pending.unit, pending.fired)


def firers_at(state: EngState, target: str, fired: tuple[str, ...] = ()) -> list[str]:
    """Enemy units with an attack strength against `target` still in the fight, but `fired`."""
    if state.units[target].status == "knocked-out":
        return []
    armed = _armed(state.scenario.units, state.other, state.spec(target).target_class)
    return [u for u in armed if state.units[u].status != "knocked-out" and u not in fired]


def watch_move(ctx: Ctx, spec: EngUnit) -> None:
    """BF-DEFAULT-OPFIRE: after a unit's move the enemy may take opportunity fire at it, in the
    window of ENG-ACT-09; none opens when it is knocked out or no enemy unit could fire."""
    state = ctx.state
    if state.scenario.options.opportunity_fire_at_moves and firers_at(state, spec.id):
        name = state.scenario.side_name(state.other)
        ctx.emit(MoveWatched(unit=spec.id, opportunity_for=state.other, side_name=name))


_ARMED: dict[tuple[int, str, str], tuple[tuple[Any, ...], tuple[str, ...]]] = {}


def _armed(units: tuple[EngUnit, ...], side: str, target_class: str) -> tuple[str, ...]:
    """The units of `side` with a strength against `target_class` (the cards do not change)."""
    key = (id(units), side, target_class)
    hit = _ARMED.get(key)
    if hit is not None and hit[0] is units:
        return hit[1]
    found = tuple(u.id for u in units if u.side == side and target_class in u.attack)
    if len(_ARMED) > 64:
        _ARMED.clear()
    _ARMED[key] = (units, found)
    return found


def opportunity_fire(ctx: Ctx, action: OpportunityFire) -> None:
    state = ctx.state
    pending = window(state, ctx.seat)
    spec = own(state, ctx.seat, action.unit)
    bounded(state, action.modifier)  # BF-DEFAULT-DECLARED
    if action.unit not in opportunity_firers(state):
        raise RuleViolation(
            pending.rule, f"{spec.label} cannot take opportunity fire at this {pending.what}"
        )
    target = state.spec(pending.unit)
    strength = spec.attack[target.target_class]
    extra = fire_modifiers(ctx, spec, target.id, indirect=False)
    result = ctx.roll(checks.direct_fire(ctx.tables, strength, action.modifier, extra))
    ctx.emit(OpportunityFired(unit=spec.id, target=pending.unit, result=result))
    ctx.run(AFTER_HIT, target.id, result.outcome)
    if not opportunity_firers(ctx.state):
        resolve(ctx)


def pass_(ctx: Ctx, _: Pass) -> None:
    window(ctx.state, ctx.seat)
    resolve(ctx)


def resolve(ctx: Ctx) -> None:
    """Close the window: cancel the work (ENG-ACT-10; a crossing, ENG-BRIDGE-19) or carry it out
    by its kind's resolver; a move stands whatever the fire did (BF-DEFAULT-OPFIRE)."""
    pending = ctx.state.pending
    assert pending is not None
    if pending.cancelled and pending.stops:
        ctx.emit(WorkCancelled(unit=pending.unit, what=pending.what, rule=pending.stops))
        return
    ctx.resolvers[pending.kind](ctx)
    if pending.what == ENGINEERING:
        ctx.emit(WorkDone(unit=pending.unit))
    else:
        ctx.emit(WindowClosed(unit=pending.unit, what=pending.what))


def sealed(ctx: Ctx, check: Check) -> CheckResult:
    """The roll sealed when the work was declared. A seat's knowledge holds none (knowledge.py:
    it was rolled, the seat does not know how it fell), so there the same check is rolled now,
    secretly, to give the seat its odds."""
    pending = ctx.state.pending
    assert pending is not None
    if pending.roll is not None:
        return pending.roll
    return ctx.roll(check, secret=True)


def progress(ctx: Ctx, task_id: str, unit: str, audience: Audience) -> bool:
    """One engineering action's worth of progress (ENG-ACT-07); True when the task completes."""
    task = ctx.state.tasks[task_id]
    ctx.emit(
        TaskProgressed(task=task_id, unit=unit, progress=task.progress + 1, required=task.required),
        audience,
    )
    return ctx.state.tasks[task_id].status == "complete"


# -- generic scenario tasks -----------------------------------------------------------------------


def task_audience(state: EngState, task_id: str) -> Audience:
    spec = next((t for t in state.scenario.tasks if t.id == task_id), None)
    return only(state.tasks[task_id].side) if spec is None or spec.secret else EVERYONE


def engineer(ctx: Ctx, action: Engineer) -> None:
    spec = engineer_checks(ctx, action)
    declare(ctx, spec, "engineer", action.task, task_audience(ctx.state, action.task))


def engineer_checks(ctx: Ctx, action: Engineer) -> EngUnit:
    """Every rule that can refuse work on a task (ENG-ACT-01..07, -12/13): the unit."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    task_checks(state, spec, action.task)
    return spec


def task_checks(state: EngState, spec: EngUnit, task_id: str) -> None:
    """What refuses work on a task to a unit that passes its own checks (ENG-ACT-07, -12/13)."""
    task = state.tasks.get(task_id)
    if task is None or task.side != spec.side:
        raise InputError("task", f"no task {task_id!r} of {spec.side}")
    if task.kind != "task":
        raise InputError("task", f"{task_id!r} is not worked with `engineer`")
    may_work_on(state, spec, task_id)


def _resolve_engineer(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    progress(ctx, pending.target, pending.unit, task_audience(ctx.state, pending.target))


# -- folding --------------------------------------------------------------------------------------


def _started(state: EngState, e: EngineeringStarted) -> EngState:
    u = replace(
        state.units[e.unit],
        actions_at=state.player_turn,
        actions_used=state.spec(e.unit).actions,  # ENG-ACT-03: nothing else this turn
        engineering_at=state.player_turn,
    )
    return replace(with_unit(state, e.unit, u), pending=Pending(unit=e.unit))


def _declared(state: EngState, e: WorkDeclared) -> EngState:
    assert state.pending is not None
    pending = replace(state.pending, kind=e.kind, target=e.target, params=e.params)
    return replace(state, pending=pending)


def _sealed(state: EngState, e: RollSealed) -> EngState:
    """The first sealed roll is `roll`; any more (such as a fort charge's attack) follow it."""
    pending = state.pending
    assert pending is not None
    if pending.roll is None:
        return replace(state, pending=replace(pending, roll=e.result))
    return replace(state, pending=replace(pending, rolls=(*pending.rolls, e.result)))


def _opportunity_fired(state: EngState, e: OpportunityFired) -> EngState:
    state = hit(mark_fired(state, e.unit), e.target, e.result.outcome)
    pending = state.pending
    if pending is not None and pending.unit == e.target:
        cancelled = pending.cancelled or e.result.outcome in ("disordered", "knocked-out")
        pending = replace(pending, cancelled=cancelled, fired=(*pending.fired, e.unit))
    return replace(state, pending=pending)


def _move_watched(state: EngState, e: MoveWatched) -> EngState:
    pending = Pending(unit=e.unit, kind=MOVE, what="move", rule="BF-DEFAULT-OPFIRE", stops="")
    return replace(state, pending=pending)


def _task_progressed(state: EngState, e: TaskProgressed) -> EngState:
    task = state.tasks[e.task].contribute(e.unit, state.turn)
    return replace(state, tasks={**state.tasks, e.task: task})


def _resolve_unseen(ctx: Ctx) -> None:
    """Work whose kind the seat was not shown (knowledge.py, ENG-ACT-09): as far as it knows,
    nothing follows but the work being done."""


def _moved(ctx: Ctx) -> None:
    """BF-DEFAULT-OPFIRE: the move was made before the window opened; nothing follows."""


TOPIC = Topic(
    __name__,
    performers=(
        performer(Engineer, engineer),
        performer(OpportunityFire, opportunity_fire),
        performer(Pass, pass_),
    ),
    appliers=(
        applier(EngineeringStarted, _started),
        applier(WorkDeclared, _declared),
        applier(RollSealed, _sealed),
        applier(OpportunityFired, _opportunity_fired),
        applier(WorkCancelled, lambda state, _: replace(state, pending=None)),
        applier(WorkDone, lambda state, _: replace(state, pending=None)),
        applier(MoveWatched, _move_watched),
        applier(WindowClosed, lambda state, _: replace(state, pending=None)),
        applier(TaskProgressed, _task_progressed),
    ),
    resolvers={
        "engineer": _resolve_engineer,
        "": _resolve_unseen,
        MOVE: _moved,
    },
)
