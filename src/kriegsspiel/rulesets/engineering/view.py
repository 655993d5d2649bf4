"""What each seat may know of an `engineering` state: `EngView`, built by whitelisting field by
field (its works and obstacles in works_view.py and obstacle_view.py)."""

from __future__ import annotations

import msgspec

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.tasks import Task
from kriegsspiel.core.views import (
    UNSET,
    Hidden,
    TerrainView,
    ViewHeader,
    header,
    shown,
    terrain_view,
)
from kriegsspiel.rulesets.engineering.bridges.works_view import (
    BridgeView,
    BridgingView,
    FortView,
    LaneView,
    funny_view,
    works_view,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_view import (
    CoverView,
    MinefieldView,
    MineLaneView,
    ObstacleView,
    obstacle_view,
    unit_footing,
)
from kriegsspiel.rulesets.engineering.scenario import TargetClass
from kriegsspiel.rulesets.engineering.state import EngState
from kriegsspiel.rulesets.engineering.victory import over


class EngUnitView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    kind: str
    traits: list[str]
    dr: int
    position: list[float] | None
    facing: float
    status: str
    emplaced: bool
    moving: bool
    # its own side and the umpire
    actions_left: int | Hidden = UNSET
    engineering_this_turn: bool | Hidden = UNSET
    attack: dict[TargetClass, int] | Hidden = UNSET
    # a special vehicle's equipment (`funny_view`)
    card: str | Hidden = UNSET
    skirts: str | Hidden = UNSET
    swimming: bool | Hidden = UNSET
    spent: list[str] | Hidden = UNSET
    conger_primed_on: str | Hidden = UNSET
    # at an obstacle (`unit_footing`)
    bogged_at: str | Hidden = UNSET
    inside: str | Hidden = UNSET
    armour_facing: str | Hidden = UNSET
    cover: list[CoverView] | Hidden = UNSET
    flail: str | Hidden = UNSET
    fascine: str | Hidden = UNSET


class TaskView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: str
    name: str
    side: str
    target: str | None
    progress: int
    required: int
    status: str
    contributors: list[str]
    working: list[str]  # the units on it now (EngState.at_work)
    workers: int  # how many of them count a turn: at most `most_workers`
    most_workers: int  # units that may work on it in one turn
    turns_left: int | None  # at one action each a turn by `workers`; None: no one works on it


class DemolitionView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    position: list[float] | None
    destroyed: bool
    # its own side and the umpire
    prepared: bool | Hidden = UNSET
    progress: int | Hidden = UNSET
    required: int | Hidden = UNSET
    known_to: list[str] | Hidden = UNSET


class PendingView(msgspec.Struct, frozen=True, kw_only=True):
    unit: str
    what: str  # an engineering action, a crossing of a bridge, a move
    awaiting: str
    fired: list[str]
    cancelled: bool
    kind: str | Hidden = UNSET  # what the work is: its own side and the umpire
    target: str | Hidden = UNSET
    sealed_roll: str | Hidden = UNSET  # the umpire


class EngView(ViewHeader, frozen=True, kw_only=True):
    terrain: list[TerrainView]
    units: list[EngUnitView]
    tasks: list[TaskView]
    demolitions: list[DemolitionView]
    pending: PendingView | None
    # works_view
    bridges: list[BridgeView]
    bridging: list[BridgingView]
    forts: list[FortView]
    lanes: list[LaneView]
    # obstacle_view
    minefields: list[MinefieldView]
    mine_lanes: list[MineLaneView]
    obstacles: list[ObstacleView]
    mine_supply: dict[str, int]


def is_moving(state: EngState, unit_id: str) -> bool:
    """ENG-ACT-08: a unit that performs an engineering action counts as moving for spotting."""
    unit = state.units[unit_id]
    return state.player_turn in (unit.engineering_at, unit.moved_at)


def spotting_cases(state: EngState, unit_id: str) -> tuple[str, ...]:
    """The base-game spotting cases that apply to a unit (only "moving" is decided here)."""
    return ("moving",) if is_moving(state, unit_id) else ()


def view(state: EngState, seat: str) -> EngView:
    umpire = seat == UMPIRE
    return EngView(
        **header("engineering", state.scenario, seat),
        turn=state.turn,
        phasing=state.phasing,
        phase=state.phase,
        acting=state.other if state.phase == "defensive_fire" else state.phasing,
        over=over(state),
        terrain=terrain_view(state.scenario),
        units=[_unit(state, seat, u.id) for u in state.scenario.units],
        tasks=[_task(state, t) for t in state.tasks if _sees_task(state, seat, t)],
        demolitions=[
            _demolition(state, seat, d.id)
            for d in state.demolitions.values()
            if umpire or seat == d.side or seat in d.known_to or d.destroyed
        ],
        pending=_pending(state, seat),
        **works_view(state, seat),
        **obstacle_view(state, seat),
    )


def _unit(state: EngState, seat: str, unit_id: str) -> EngUnitView:
    spec, unit = state.spec(unit_id), state.units[unit_id]
    mine = seat in (UMPIRE, spec.side)
    return EngUnitView(
        id=spec.id,
        name=spec.label,
        side=spec.side,
        kind=spec.kind,
        traits=list(spec.traits),
        dr=spec.dr,
        position=list(unit.position) if unit.position else None,
        facing=unit.facing,
        status=unit.status,
        emplaced=unit.emplaced_at is not None,
        moving=is_moving(state, unit_id),
        actions_left=shown(state.actions_left(unit_id), mine),
        engineering_this_turn=shown(unit.engineering_at == state.player_turn, mine),
        attack=shown(dict(spec.attack), mine),
        **funny_view(state, unit_id),
        **unit_footing(state, unit_id),
    )


def _sees_task(state: EngState, seat: str, task_id: str) -> bool:
    task = state.tasks[task_id]
    if seat in (UMPIRE, task.side):
        return True
    spec = next((t for t in state.scenario.tasks if t.id == task_id), None)
    return spec is not None and not spec.secret


def _task(state: EngState, task_id: str) -> TaskView:
    task = state.tasks[task_id]
    working = state.at_work(task_id)
    return TaskView(
        id=task.id,
        kind=task.kind,
        name=task.name,
        side=task.side,
        target=task.target,
        progress=task.progress,
        required=task.required,
        status=task.status,
        contributors=list(task.contributors),
        working=list(working),
        workers=min(len(working), task.workers),
        most_workers=task.workers,
        turns_left=_turns_left(task, len(working)),
    )


def _turns_left(task: Task, working: int) -> int | None:
    """The earliest turns to finish, each unit working on it giving one action a turn
    (ENG-ACT-03, ENG-MINE-23: ceil(remaining / workers)); 0 when done, None when no one works
    on it."""
    if not task.remaining:
        return 0
    return task.turns_needed(working) if working else None


def _demolition(state: EngState, seat: str, demo_id: str) -> DemolitionView:
    demo = state.demolitions[demo_id]
    where = DemolitionView(
        id=demo.id,
        name=demo.name,
        side=demo.side,
        position=list(demo.position) if demo.position else None,
        destroyed=demo.destroyed,
    )
    if seat not in (UMPIRE, demo.side):
        return where
    task = state.tasks[demo.task]
    return msgspec.structs.replace(
        where,
        prepared=demo.prepared,
        progress=task.progress,
        required=task.required,
        known_to=list(demo.known_to),
    )


def _pending(state: EngState, seat: str) -> PendingView | None:
    pending = state.pending
    if pending is None:
        return None
    mine = seat in (UMPIRE, state.spec(pending.unit).side)
    sealed = pending.roll if seat == UMPIRE else None  # a roll made on declaration
    return PendingView(
        unit=pending.unit,
        what=pending.what,
        awaiting=state.other,
        fired=list(pending.fired),
        cancelled=pending.cancelled,
        kind=shown(pending.kind, mine),
        target=shown(pending.target, mine),
        sealed_roll=sealed.explain() if sealed is not None else UNSET,
    )
