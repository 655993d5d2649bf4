"""`perform`: validate an `engineering` action for a seat and resolve it into log records.

Rule IDs of seed 000 are cited where they are enforced. `BF-…` IDs name Battlefront: WWII
mechanics the seed relies on but does not give (sequence of play, movement, fire); see
docs/engineering.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from kriegsspiel.core.geometry import Measure, measure
from kriegsspiel.core.log import Record
from kriegsspiel.core.ruleset import Roll
from kriegsspiel.core.seats import EVERYONE, UMPIRE, Audience, only
from kriegsspiel.core.tables import BandTable
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering import actions as act
from kriegsspiel.rulesets.engineering import checks
from kriegsspiel.rulesets.engineering import events as ev
from kriegsspiel.rulesets.engineering.fold import apply
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import PHASES, Demolition, EngState, Pending

REMOVE_REACH = 1.0  # ENG-DEMO-08: within 1"


class Out:
    """Records emitted so far, and the state they lead to."""

    def __init__(self, state: EngState) -> None:
        self.state = state
        self.records: list[Record[ev.Event]] = []

    def emit(self, event: ev.Event, to: Audience = EVERYONE) -> None:
        self.records.append(Record(event, to))
        self.state = apply(self.state, event)


def perform(
    state: EngState, seat: str, action: act.Action, roll: Roll, tables: Mapping[str, BandTable]
) -> list[Record[ev.Event]]:
    if seat == "public":
        raise RuleViolation("SEATS", "the public table display cannot act")
    if state.over:
        raise RuleViolation("BF-SEQ", "the game is over")
    out = Out(state)
    match action:
        case act.EndPhase():
            _end_phase(out, seat)
        case act.Move() | act.Emplace():
            _maneuver(out, seat, action)
        case act.Engineer() | act.Prepare() | act.Demolish() | act.RemoveDemolition():
            _engineering(out, seat, action, roll, tables)
        case act.OpportunityFire():
            _opportunity_fire(out, seat, action, roll, tables)
        case act.Pass():
            _window(state, seat)
            _resolve(out)
        case act.Fire():
            _fire(out, seat, action, roll, tables)
        case act.SetStatus():
            _umpire_only(seat, "set a unit's status")
            _unit(state, seat, action.unit)
            out.emit(ev.StatusSet(unit=action.unit, status=action.status, note=action.note))
        case act.Reveal():
            _umpire_only(seat, "reveal a demolition")
            demo = _demolition(state, seat, action.demolition)
            if action.side not in state.order:
                raise InputError("side", f"unknown side {action.side!r}")
            out.emit(
                ev.Revealed(
                    demolition=demo.id,
                    side=action.side,
                    name=demo.name,
                    position=demo.position,
                    prepared=demo.prepared,
                ),
                only(action.side),
            )
    return out.records


# -- the sequence of play ------------------------------------------------------------------------


def acting_side(state: EngState) -> str:
    """Who acts in the current phase: the phasing side, but the other side in defensive fire."""
    return state.other if state.phase == "defensive_fire" else state.phasing


def _end_phase(out: Out, seat: str) -> None:
    state = out.state
    _not_waiting(state)
    if seat not in (UMPIRE, acting_side(state)):
        raise RuleViolation("BF-SEQ", f"the {_phase(state)} is {acting_side(state)}'s to end")
    index = PHASES.index(state.phase)
    if index + 1 < len(PHASES):
        out.emit(ev.PhaseBegan(turn=state.turn, side=state.phasing, phase=PHASES[index + 1]))
        return
    turn, player = (state.turn, 1) if state.player == 0 else (state.turn + 1, 0)
    if state.scenario.turns is not None and turn > state.scenario.turns:
        out.emit(ev.GameEnded(turn=state.turn))
        return
    out.emit(ev.PhaseBegan(turn=turn, side=state.order[player], phase=PHASES[0]))


def _phase(state: EngState) -> str:
    return f"{state.phase.replace('_', ' ')} phase of {state.phasing}'s turn {state.turn}"


def _not_waiting(state: EngState) -> None:
    if state.pending is not None:
        unit = state.spec(state.pending.unit).label
        raise RuleViolation(
            "ENG-ACT-09",
            f"{unit}'s engineering action awaits opportunity fire: {state.other} may fire or pass",
        )


def _in_maneuver(state: EngState, spec: EngUnit, rule: str, what: str) -> None:
    if state.phase != "maneuver" or spec.side != state.phasing:
        raise RuleViolation(
            rule, f"{what} only in its own maneuver phase; it is the {_phase(state)}"
        )


# -- units and what a seat may address -------------------------------------------------------------


def _unit(state: EngState, seat: str, unit_id: str) -> EngUnit:
    spec = state.specs.get(unit_id)
    if spec is None:
        raise InputError("unit", f"unknown unit {unit_id!r}")
    return spec


def _own(state: EngState, seat: str, unit_id: str) -> EngUnit:
    spec = _unit(state, seat, unit_id)
    if seat not in (UMPIRE, spec.side):
        raise RuleViolation("SEATS", f"{spec.label} belongs to {spec.side}; {seat} cannot order it")
    if state.units[unit_id].status == "knocked-out":
        raise RuleViolation("BF-STATUS", f"{spec.label} is knocked out")
    return spec


def _umpire_only(seat: str, what: str) -> None:
    if seat != UMPIRE:
        raise RuleViolation("SEATS", f"only the umpire may {what}")


def _demolition(state: EngState, seat: str, demo_id: str) -> Demolition:
    """A demolition the seat knows of; an unknown one looks exactly like one that does not exist."""
    demo = state.demolitions.get(demo_id)
    if demo is None or not _knows(seat, demo):
        raise InputError("demolition", f"no demolition {demo_id!r} known to {seat}")
    return demo


def _knows(seat: str, demo: Demolition) -> bool:
    return seat in (UMPIRE, demo.side) or seat in demo.known_to


def _measure(
    state: EngState, unit_id: str, to: tuple[float, float] | None, declared: float | None
) -> Measure | None:
    if declared is not None and declared < 0:
        raise InputError("distance", "a distance cannot be negative")
    return measure(state.units[unit_id].position, to, declared)


# -- maneuver actions ------------------------------------------------------------------------------


def _maneuver(out: Out, seat: str, action: act.Move | act.Emplace) -> None:
    state = out.state
    _not_waiting(state)
    spec = _own(state, seat, action.unit)
    what = "moves" if isinstance(action, act.Move) else "emplaces"
    _in_maneuver(state, spec, "BF-SEQ", f"{spec.label} {what}")
    if state.units[spec.id].engineering_at == state.player_turn:
        raise RuleViolation(
            "ENG-ACT-03",
            f"{spec.label} performed an engineering action this turn and may do nothing else",
        )
    if state.actions_left(spec.id) < 1:
        raise RuleViolation("BF-ACT", f"{spec.label} has no actions left this turn")
    if isinstance(action, act.Emplace):
        out.emit(ev.Emplaced(unit=spec.id))
        return
    dist = _measure(state, spec.id, action.to, action.distance)
    if spec.speed is not None and dist is not None and dist.inches > spec.speed + 1e-9:
        raise RuleViolation(
            "BF-MOVE", f'{spec.label} moves at most {spec.speed:g}" per action, not {dist}'
        )
    out.emit(ev.Moved(unit=spec.id, to=action.to, distance=dist))


# -- engineering, demolition and remove-demolition actions ----------------------------------------


def _may_engineer(state: EngState, spec: EngUnit, what: str) -> None:
    """ENG-ACT-01..05 (and ENG-DEMO-01, -07: the same restrictions for demolition actions)."""
    unit = state.units[spec.id]
    _in_maneuver(state, spec, "ENG-ACT-01", f"{spec.label} may take an {what}")
    if unit.engineering_at == state.player_turn:
        raise RuleViolation(
            "ENG-ACT-03", f"{spec.label} already took an engineering action this turn (AMB-ENG-46)"
        )
    if unit.actions_at == state.player_turn and unit.actions_used > 0:
        raise RuleViolation(
            "ENG-ACT-03", f"{spec.label} already acted this turn; an {what} must be its only action"
        )
    if state.actions_left(spec.id) < 1:
        raise RuleViolation("ENG-ACT-02", f"{spec.label} has no available action for an {what}")
    previous = state.previous_player_turn
    if any((t, p) == previous and phase == "defensive_fire" for t, p, phase in unit.fires):
        raise RuleViolation(
            "ENG-ACT-05",
            f"{spec.label} fired in the defensive fire phase of the previous player turn"
            + ("" if what == "engineering action" else f" (an {what} is an engineering action)"),
        )
    if unit.status == "disordered":
        raise RuleViolation(
            "ENG-ACT-13", f"{spec.label} is disordered; another unit may continue its work"
        )


def _engineering(
    out: Out,
    seat: str,
    action: act.Engineer | act.Prepare | act.Demolish | act.RemoveDemolition,
    roll: Roll,
    tables: Mapping[str, BandTable],
) -> None:
    state = out.state
    _not_waiting(state)
    spec = _own(state, seat, action.unit)
    side = spec.side
    match action:
        case act.Engineer(task=task_id):
            _may_engineer(state, spec, "engineering action")
            task = state.tasks.get(task_id)
            if task is None or task.side != side:
                raise InputError("task", f"no task {task_id!r} of {side}")
            if task.kind != "task":
                raise InputError("task", f"{task_id!r} is worked with `prepare`, not `engineer`")
            _may_work_on(state, spec, task_id)
            kind, target, audience = "engineer", task_id, _task_audience(state, task_id)
        case act.Prepare(demolition=demo_id):
            _may_engineer(state, spec, "engineering action")
            demo = _demolition(state, side, demo_id)
            _engineer_only(spec, "prepare a demolition")
            if demo.side != side:
                raise RuleViolation("ENG-DEMO-03", f"{demo_id} is not {side}'s to prepare")
            if demo.destroyed:
                raise RuleViolation("ENG-DEMO-03", f"{demo.name or demo_id} is already destroyed")
            if demo.prepared:
                raise RuleViolation("ENG-DEMO-03", f"{demo.name or demo_id} is already prepared")
            _may_work_on(state, spec, demo.task)
            kind, target, audience = "prepare", demo_id, only(side)
        case act.Demolish(demolition=demo_id):
            _may_engineer(state, spec, "demolition action")
            demo = _demolition(state, side, demo_id)
            _engineer_only(spec, "take a demolition action")
            if demo.side != side:
                raise RuleViolation("ENG-DEMO-02", f"{demo_id} is not {side}'s demolition")
            if not demo.prepared:
                raise RuleViolation(
                    "ENG-DEMO-02", f"{demo.name or demo_id} is not prepared for demolition"
                )
            kind, target, audience = "demolish", demo_id, only(side)
        case act.RemoveDemolition(demolition=demo_id, distance=declared):
            _may_engineer(state, spec, "remove demolition action")
            demo = _demolition(state, side, demo_id)
            if demo.side == side and not demo.prepared:
                raise RuleViolation(
                    "ENG-DEMO-07",
                    f"{demo.name or demo_id} is not prepared; there is nothing to remove",
                )
            _reach(state, spec, demo, declared)
            kind, target, audience = "remove-demolition", demo_id, only(side)
    out.emit(ev.EngineeringStarted(unit=spec.id, opportunity_for=state.other))
    out.emit(ev.WorkDeclared(unit=spec.id, kind=kind, target=target), audience)
    if kind == "demolish":
        out.emit(ev.RollSealed(unit=spec.id, result=roll(checks.demolition(tables))), only())
    if not _opportunity_firers(out.state):
        _resolve(out)


def _engineer_only(spec: EngUnit, what: str) -> None:
    if not spec.is_engineer:
        raise RuleViolation(
            "AMB-ENG-44", f"only engineer units may {what}; {spec.label} is not one"
        )


def _may_work_on(state: EngState, spec: EngUnit, task_id: str) -> None:
    """ENG-ACT-12/13 with AMB-ENG-05: tasks continue on any turn; another unit takes over only
    from one knocked out or disordered, unless `allow_task_handover_any` is set."""
    task = state.tasks[task_id]
    if task.status != "open":
        raise RuleViolation("ENG-ACT-07", f"{task.name or task_id} is already complete")
    if spec.id in task.contributors or state.scenario.options.allow_task_handover_any:
        return
    active = [
        u for u in task.contributors if state.units[u].status not in ("disordered", "knocked-out")
    ]
    if len(active) >= task.workers:
        names = ", ".join(state.spec(u).label for u in active)
        raise RuleViolation(
            "ENG-ACT-13",
            f"{names} {'is' if len(active) == 1 else 'are'} working on {task.name or task_id}; "
            "another unit may take over only from one knocked out or disordered",
        )


def _task_audience(state: EngState, task_id: str) -> Audience:
    spec = next((t for t in state.scenario.tasks if t.id == task_id), None)
    return only(state.tasks[task_id].side) if spec is None or spec.secret else EVERYONE


def _reach(state: EngState, spec: EngUnit, demo: Demolition, declared: float | None) -> None:
    """ENG-DEMO-08 with AMB-ENG-06: emplaced since an earlier turn, within 1" of the charge."""
    unit = state.units[spec.id]
    if unit.emplaced_at is None or unit.emplaced_at >= state.player_turn:
        raise RuleViolation(
            "ENG-DEMO-08", f"{spec.label} must already be emplaced adjacent to the charge"
        )
    dist = _measure(state, spec.id, demo.position, declared)
    if dist is None:
        raise RuleViolation(
            "ENG-DEMO-08", f"no positions on record for {spec.label}; declare the distance"
        )
    if dist.inches > REMOVE_REACH + 1e-9:
        raise RuleViolation(
            "ENG-DEMO-08", f'{spec.label} is {dist} from the charge; it must be within 1"'
        )


# -- opportunity fire and resolving the declared action -------------------------------------------


def _window(state: EngState, seat: str) -> Pending:
    if state.pending is None:
        raise RuleViolation("ENG-ACT-09", "no engineering action awaits opportunity fire")
    if seat not in (UMPIRE, state.other):
        raise RuleViolation("ENG-ACT-09", f"only {state.other} may answer an engineering action")
    return state.pending


def _opportunity_firers(state: EngState) -> list[str]:
    """Enemy units that may still fire at the working unit (ENG-ACT-09)."""
    pending = state.pending
    if pending is None or pending.cancelled:
        return []
    target_class = state.spec(pending.unit).target_class
    return [
        u.id
        for u in state.scenario.units
        if u.side == state.other
        and target_class in u.attack
        and state.units[u.id].status != "knocked-out"
        and u.id not in pending.fired
    ]


def _opportunity_fire(
    out: Out, seat: str, action: act.OpportunityFire, roll: Roll, tables: Mapping[str, BandTable]
) -> None:
    state = out.state
    pending = _window(state, seat)
    spec = _own(state, seat, action.unit)
    if action.unit not in _opportunity_firers(state):
        raise RuleViolation(
            "ENG-ACT-09", f"{spec.label} cannot take opportunity fire at this engineering action"
        )
    target = state.spec(pending.unit)
    strength = spec.attack[target.target_class]
    result = roll(checks.direct_fire(tables, strength, action.modifier))
    out.emit(ev.OpportunityFire(unit=spec.id, target=pending.unit, result=result))
    if not _opportunity_firers(out.state):
        _resolve(out)


def _resolve(out: Out) -> None:
    """Close the window: cancel the action (ENG-ACT-10) or carry it out."""
    state = out.state
    pending = state.pending
    assert pending is not None
    unit = pending.unit
    if pending.cancelled:
        out.emit(ev.WorkCancelled(unit=unit))
        return
    side = state.spec(unit).side
    match pending.kind:
        case "engineer":
            _progress(out, pending.target, unit, _task_audience(state, pending.target))
        case "prepare":
            demo = state.demolitions[pending.target]
            done = _progress(out, demo.task, unit, only(side))
            if done:
                out.emit(ev.DemolitionPrepared(demolition=demo.id), only(side))
        case "demolish":
            _fire_demolition(out, pending)
        case "remove-demolition":
            demo = state.demolitions[pending.target]
            found = demo.prepared
            dist = _measure(state, unit, demo.position, None)
            out.emit(
                ev.DemolitionRemoved(demolition=demo.id, unit=unit, distance=dist, found=found),
                only(side, demo.side) if found else only(side),
            )
    out.emit(ev.WorkDone(unit=unit))


def _progress(out: Out, task_id: str, unit: str, audience: Audience) -> bool:
    task = out.state.tasks[task_id]
    out.emit(
        ev.TaskProgressed(
            task=task_id, unit=unit, progress=task.progress + 1, required=task.required
        ),
        audience,
    )
    return out.state.tasks[task_id].status == "complete"


def _fire_demolition(out: Out, pending: Pending) -> None:
    """ENG-DEMO-05/06 with AMB-ENG-07: a dud unprepares the target; `dud_resets` says how much
    preparation is lost (`all`, the default, or `one` charge)."""
    state = out.state
    assert pending.roll is not None
    demo = state.demolitions[pending.target]
    task = state.tasks[demo.task]
    left = 0 if state.scenario.options.dud_resets == "all" else task.required - 1
    audience = only(*{demo.side, *demo.known_to})
    out.emit(
        ev.DemolitionFired(
            demolition=demo.id, unit=pending.unit, result=pending.roll, progress_left=left
        ),
        audience,
    )
    if pending.roll.outcome == "success":
        out.emit(ev.Demolished(demolition=demo.id, name=demo.name, position=demo.position))


# -- fire phases -----------------------------------------------------------------------------------


def _fire(
    out: Out, seat: str, action: act.Fire, roll: Roll, tables: Mapping[str, BandTable]
) -> None:
    state = out.state
    _not_waiting(state)
    spec = _own(state, seat, action.unit)
    target = _unit(state, seat, action.target)
    if state.phase == "maneuver" or spec.side != acting_side(state):
        raise RuleViolation("BF-SEQ", f"{spec.label} cannot fire in the {_phase(state)}")
    unit = state.units[spec.id]
    if state.phase == "offensive_fire" and unit.engineering_at == state.player_turn:
        raise RuleViolation(
            "ENG-ACT-04",
            f"{spec.label} performed an engineering action and may not fire "
            "in the offensive fire phase",
        )
    if state.stamp in unit.fires:
        raise RuleViolation("BF-FIRE", f"{spec.label} already fired in this phase")
    if target.side == spec.side or state.units[target.id].status == "knocked-out":
        raise RuleViolation("BF-FIRE", f"{target.label} is not a target for {spec.label}")
    if target.target_class not in spec.attack:
        raise RuleViolation(
            "BF-FIRE", f"{spec.label} has no attack strength against {target.target_class} targets"
        )
    result = roll(checks.direct_fire(tables, spec.attack[target.target_class], action.modifier))
    out.emit(ev.Fired(unit=spec.id, target=target.id, phase=state.phase, result=result))
