"""Demolition and remove-demolition actions (ENG-DEMO-01..09), and revealing demolitions.

A demolition and its preparation are known only to its side (and the umpire) until revealed.
An enemy addresses only demolitions its side knows of; one it does not know reads exactly like
one that does not exist.

Targets of a particular kind (a bridge, a fort) add their own rules through a `DemolitionKind`
that a topic registers in its TOPIC's `demolition_kinds`: refusals, an improve position roll per
preparation, and what a successful demolition does. The d10, the dud and the secrecy stay here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.limits import Amount, Distance
from kriegsspiel.core.seats import UMPIRE, only
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering import checks
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    measure_from,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer, may_work_on, progress
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, Point
from kriegsspiel.rulesets.engineering.wording import whose

REMOVE_REACH = 1.0  # ENG-DEMO-08: within 1"

# -- actions --------------------------------------------------------------------------------------


class Prepare(Act, frozen=True, tag="prepare"):
    """One engineering action preparing a demolition (ENG-DEMO-03)."""

    unit: str
    demolition: str
    distance: Distance | None = None  # declared, where the kind of target limits the distance


class Demolish(Act, frozen=True, tag="demolish"):
    """A demolition action: d10, a 1 is a dud (ENG-DEMO-01..06)."""

    unit: str
    demolition: str
    charges: Amount | None = None  # how many ready charges to fire, where a target takes several


class RemoveDemolition(Act, frozen=True, tag="remove-demolition"):
    """Remove a prepared demolition from within 1" (ENG-DEMO-07..09)."""

    unit: str
    demolition: str
    distance: Distance | None = None


class Reveal(Act, frozen=True, tag="reveal"):
    """The umpire tells a side of a demolition (it was spotted, or a prisoner talked)."""

    demolition: str
    side: str


# -- events ---------------------------------------------------------------------------------------


class DemolitionPrepared(Ev, frozen=True, tag="demolition-prepared"):
    demolition: str

    def text(self) -> str:
        return f"{self.demolition} is prepared for demolition (ENG-DEMO-03)"


class DemolitionFired(Ev, frozen=True, tag="demolition-fired"):
    """ENG-DEMO-05/06: the d10 of a demolition action and what it did."""

    demolition: str
    unit: str
    result: CheckResult
    progress_left: int

    def summary(self) -> str:
        if self.result.outcome == "success":
            return f"the demolition of {self.demolition} succeeds"
        return f"the demolition of {self.demolition} is a dud"

    def text(self) -> str:
        return f"demolition of {self.demolition}: {self.result.explain()}"


class Demolished(Ev, frozen=True, tag="demolished"):
    """Seen by all: the target went up."""

    demolition: str
    name: str
    position: Point | None

    def text(self) -> str:
        return f"{self.name or self.demolition} is demolished"


class DemolitionRemoved(Ev, frozen=True, tag="demolition-removed"):
    """ENG-DEMO-09. `found` is false when an enemy searched for a charge no longer prepared."""

    demolition: str
    unit: str
    distance: Measure | None
    found: bool = True

    def text(self) -> str:
        if self.found:
            return f"{self.unit} removes the charge at {self.demolition} (ENG-DEMO-09)"
        return f"{self.unit} finds no charge at {self.demolition}"


class PreparationRolled(Ev, frozen=True, tag="preparation-rolled"):
    """The improve position roll of one preparation, where the target needs one (ENG-BRIDGE-26)."""

    demolition: str
    unit: str
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit}'s preparation of {self.demolition}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit} prepares {self.demolition}: {self.result.explain()}"


class Revealed(Ev, frozen=True, tag="revealed"):
    demolition: str
    side: str
    name: str
    position: Point | None
    side_name: str = ""  # as the scenario names the side

    def text(self) -> str:
        who = self.side_name or self.side
        return f"{who} learns of the demolition at {self.name or self.demolition}"


# -- kinds of target ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DemolitionKind:
    """What one kind of target adds to a plain demolition. Every part is optional."""

    may_prepare: Callable[[Ctx, EngUnit, Demolition, Prepare], None] | None = None
    preparation_check: Callable[[Ctx, EngUnit, Demolition], Check] | None = None
    may_demolish: Callable[[Ctx, EngUnit, Demolition, Demolish], None] | None = None
    effect_check: Callable[[Ctx, Demolition], Check] | None = None  # rolled with a success
    # what a success does: (ctx, target, the effect check's result, preparations it had)
    effect: Callable[[Ctx, Demolition, CheckResult | None, int], None] | None = None
    may_remove: Callable[[Ctx, EngUnit, Demolition], None] | None = None
    crews: tuple[str, ...] = ()  # traits besides engineer that may prepare and fire it (WIRE-08)


PLAIN = DemolitionKind()


def kind_of(ctx: Ctx, demo: Demolition) -> DemolitionKind:
    kind: DemolitionKind = ctx.demolition_kinds.get(demo.kind, PLAIN)
    return kind


def with_demolition(
    state: EngState,
    demo_id: str,
    side: str,
    name: str,
    position: Point | None,
    required: int,
    *,
    prepared: bool = False,
    known_to: tuple[str, ...] = (),
    kind: str = "",
    stacks: bool = False,
) -> EngState:
    """Add a demolition target and its preparation task (for a topic's `setup`)."""
    task_id = f"prepare:{demo_id}"
    task = Task(
        task_id,
        "demolition",
        f"prepare {name or demo_id}",
        side,
        required,
        target=demo_id,
        progress=required if prepared else 0,
        status="complete" if prepared else "open",
    )
    demo = Demolition(
        demo_id,
        side,
        name,
        position,
        task_id,
        prepared,
        tuple(sorted(known_to)),
        kind=kind,
        stacks=stacks,
    )
    return _demo(state, demo, **{task_id: task})


# -- what a side may address ----------------------------------------------------------------------


def known(state: EngState, side: str, demo_id: str) -> Demolition:
    """A demolition `side` knows of; an unknown one looks exactly like one that does not exist."""
    demo = state.demolitions.get(demo_id)
    if demo is None or not knows(side, demo):
        raise InputError("demolition", f"no demolition {demo_id!r} known to {side}")
    return demo


def knows(seat: str, demo: Demolition) -> bool:
    return seat in (UMPIRE, demo.side) or seat in demo.known_to


def _engineer_only(spec: EngUnit, what: str, kind: DemolitionKind = PLAIN) -> None:
    """AMB-ENG-44: one engineer trait grants demolition eligibility (and the kind's `crews`,
    such as assault troops blowing wire, ENG-WIRE-08)."""
    if not spec.is_engineer and not set(kind.crews) & set(spec.traits):
        raise RuleViolation(
            "AMB-ENG-44", f"only engineer units may {what}; {spec.label} is not one"
        )


# -- performing -----------------------------------------------------------------------------------


def prepare(ctx: Ctx, action: Prepare) -> None:
    """ENG-DEMO-03: preparing is separate, target-specific engineering work."""
    spec, demo, kind = preparation(ctx, action)
    check = kind.preparation_check(ctx, spec, demo) if kind.preparation_check else None
    sealed = ctx.roll(check) if check is not None else None
    declare(ctx, spec, "prepare", demo.id, only(spec.side), sealed=sealed)


def preparation(ctx: Ctx, action: Prepare) -> tuple[EngUnit, Demolition, DemolitionKind]:
    """Every rule that can refuse a preparation (ENG-DEMO-03, AMB-ENG-36): the unit, the
    demolition and its kind, or a RuleViolation."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    demo = known(state, spec.side, action.demolition)
    kind = kind_of(ctx, demo)
    _engineer_only(spec, "prepare a demolition", kind)
    label = demo.name or demo.id
    if demo.side != spec.side:
        raise RuleViolation("ENG-DEMO-03", f"{label} is not {whose(state, spec.side)} to prepare")
    if demo.destroyed:
        raise RuleViolation("ENG-DEMO-03", f"{label} is already destroyed")
    if demo.prepared and not demo.stacks:
        raise RuleViolation("ENG-DEMO-03", f"{label} is already prepared")
    if kind.may_prepare is not None:
        kind.may_prepare(ctx, spec, demo, action)
    if not demo.stacks:  # charges that stack may be added by any eligible unit (AMB-ENG-36)
        may_work_on(state, spec, demo.task)
    return spec, demo, kind


def demolish(ctx: Ctx, action: Demolish) -> None:
    """ENG-DEMO-01/02: an engineering action, only on a prepared demolition. The d10 is rolled
    on declaration with the declaring player's dice, and sealed until the action resolves."""
    spec, demo, kind = demolition(ctx, action)
    sealed = ctx.roll(checks.demolition(ctx.tables))
    more: tuple[CheckResult, ...] = ()
    if sealed.outcome == "success" and kind.effect_check is not None:
        more = (ctx.roll(kind.effect_check(ctx, demo)),)
    declare(ctx, spec, "demolish", demo.id, only(spec.side), sealed=sealed, more_sealed=more)


def demolition(ctx: Ctx, action: Demolish) -> tuple[EngUnit, Demolition, DemolitionKind]:
    """Every rule that can refuse a demolition action (ENG-DEMO-01/02, AMB-ENG-44)."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec, "demolition action")
    demo = known(state, spec.side, action.demolition)
    kind = kind_of(ctx, demo)
    _engineer_only(spec, "take a demolition action", kind)
    if demo.side != spec.side:
        raise RuleViolation("ENG-DEMO-02", f"{demo.id} is not {whose(state, spec.side)} demolition")
    if kind.may_demolish is not None:
        kind.may_demolish(ctx, spec, demo, action)
    if not demo.prepared:
        raise RuleViolation("ENG-DEMO-02", f"{demo.name or demo.id} is not prepared for demolition")
    return spec, demo, kind


def remove(ctx: Ctx, action: RemoveDemolition) -> None:
    """ENG-DEMO-07/08 with AMB-ENG-06: an engineering action by a unit already emplaced (since
    an earlier turn) within 1" of a prepared charge."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec, "remove demolition action")
    demo = known(state, spec.side, action.demolition)
    if demo.side == spec.side and not demo.prepared:
        raise RuleViolation(
            "ENG-DEMO-07", f"{demo.name or demo.id} is not prepared; there is nothing to remove"
        )
    kind = kind_of(ctx, demo)
    if kind.may_remove is not None:
        kind.may_remove(ctx, spec, demo)
    me = state.units[spec.id]
    if me.emplaced_at is None or me.emplaced_at >= state.player_turn:
        raise RuleViolation(
            "ENG-DEMO-08", f"{spec.label} must already be emplaced adjacent to the charge"
        )
    dist = measure_from(state, spec.id, demo.position, action.distance)
    if dist is None:
        raise RuleViolation(
            "ENG-DEMO-08", f"no positions on record for {spec.label}; declare the distance"
        )
    if dist.inches > REMOVE_REACH + 1e-9:
        raise RuleViolation(
            "ENG-DEMO-08", f'{spec.label} is {dist} from the charge; it must be within 1"'
        )
    params = {"distance": action.distance} if action.distance is not None else {}
    declare(ctx, spec, "remove-demolition", demo.id, only(spec.side), params=params)


def reveal(ctx: Ctx, action: Reveal) -> None:
    umpire_only(ctx.seat, "reveal a demolition")
    demo = known(ctx.state, UMPIRE, action.demolition)
    if action.side not in ctx.state.order:
        raise InputError("side", f"unknown side {action.side!r}")
    event = Revealed(
        demolition=demo.id,
        side=action.side,
        name=demo.name,
        position=demo.position,
        side_name=ctx.state.scenario.side_name(action.side),
    )
    ctx.emit(event, only(action.side))


# -- resolving the declared work ------------------------------------------------------------------


def _resolve_prepare(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    demo = ctx.state.demolitions[pending.target]
    if pending.roll is not None:  # an improve position roll decides this preparation
        rolled = PreparationRolled(demolition=demo.id, unit=pending.unit, result=pending.roll)
        ctx.emit(rolled, only(demo.side))
        if pending.roll.outcome != "success":
            return
    if progress(ctx, demo.task, pending.unit, only(demo.side)) and not demo.prepared:
        ctx.emit(DemolitionPrepared(demolition=demo.id), only(demo.side))


def _resolve_demolish(ctx: Ctx) -> None:
    """ENG-DEMO-05/06 with AMB-ENG-07: a dud unprepares the target; `dud_resets` says how much
    preparation is lost (`all`, the default, or `one` charge; charges that stack all go,
    AMB-ENG-36)."""
    state = ctx.state
    pending = state.pending
    assert pending is not None
    assert pending.roll is not None
    demo = state.demolitions[pending.target]
    task = state.tasks[demo.task]
    resets_all = state.scenario.options.dud_resets == "all" or demo.stacks
    left = 0 if resets_all else task.required - 1
    fired = DemolitionFired(
        demolition=demo.id, unit=pending.unit, result=pending.roll, progress_left=left
    )
    ctx.emit(fired, only(demo.side))  # a dud makes no bang: only its side learns of it
    if pending.roll.outcome != "success":
        return
    if not demo.stacks:  # stacked charges are spent, not the target: the kind says what happens
        ctx.emit(Demolished(demolition=demo.id, name=demo.name, position=demo.position))
    effect = kind_of(ctx, demo).effect
    if effect is not None:
        effect(ctx, demo, pending.rolls[0] if pending.rolls else None, task.progress)


def _resolve_remove(ctx: Ctx) -> None:
    state = ctx.state
    pending = state.pending
    assert pending is not None
    demo = state.demolitions[pending.target]
    side = state.spec(pending.unit).side
    declared = pending.params.get("distance")
    dist = measure_from(state, pending.unit, demo.position, declared)
    removed = DemolitionRemoved(
        demolition=demo.id, unit=pending.unit, distance=dist, found=demo.prepared
    )
    ctx.emit(removed, only(side, demo.side) if demo.prepared else only(side))


# -- folding --------------------------------------------------------------------------------------


def _demo(state: EngState, demo: Demolition, **tasks: Any) -> EngState:
    return replace(
        state,
        demolitions={**state.demolitions, demo.id: demo},
        tasks={**state.tasks, **tasks},
    )


def _prepared(state: EngState, e: DemolitionPrepared) -> EngState:
    return _demo(state, replace(state.demolitions[e.demolition], prepared=True))


def _fired(state: EngState, e: DemolitionFired) -> EngState:
    demo = state.demolitions[e.demolition]
    destroyed = e.result.outcome == "success" and not demo.stacks
    task = state.tasks[demo.task]
    new_task = task if destroyed else task.set_progress(0 if demo.stacks else e.progress_left)
    return _demo(state, replace(demo, prepared=False, destroyed=destroyed), **{demo.task: new_task})


def _removed(state: EngState, e: DemolitionRemoved) -> EngState:
    if not e.found:
        return state
    demo = state.demolitions[e.demolition]
    reset = state.tasks[demo.task].set_progress(0)
    return _demo(state, replace(demo, prepared=False), **{demo.task: reset})


def _revealed(state: EngState, e: Revealed) -> EngState:
    demo = state.demolitions[e.demolition]
    return _demo(state, replace(demo, known_to=tuple(sorted({*demo.known_to, e.side}))))


TOPIC = Topic(
    __name__,
    performers=(
        performer(Prepare, prepare),
        performer(Demolish, demolish),
        performer(RemoveDemolition, remove),
        performer(Reveal, reveal),
    ),
    appliers=(
        applier(DemolitionPrepared, _prepared),
        applier(PreparationRolled, lambda state, _: state),
        applier(DemolitionFired, _fired),
        applier(Demolished, lambda state, _: state),
        applier(DemolitionRemoved, _removed),
        applier(Revealed, _revealed),
    ),
    resolvers={
        "prepare": _resolve_prepare,
        "demolish": _resolve_demolish,
        "remove-demolition": _resolve_remove,
    },
)
