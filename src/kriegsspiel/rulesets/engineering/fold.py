"""`apply`: fold one `engineering` event into a new state. Pure; never mutates its input."""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.rulesets.engineering import events as ev
from kriegsspiel.rulesets.engineering.state import (
    STATUS_ORDER,
    EngState,
    Pending,
    UnitState,
    worse,
)

_FIRE_MEMORY = 6  # fire stamps kept per unit; the rules look back one player turn at most


def apply(state: EngState, event: ev.Event) -> EngState:
    match event:
        case ev.PhaseBegan(turn=turn, side=side, phase=phase):
            return replace(state, turn=turn, player=state.order.index(side), phase=phase)
        case ev.GameEnded():
            return replace(state, over=True)
        case ev.Moved(unit=unit, to=to):
            u = _use_action(state, state.units[unit])
            return _unit(
                state, unit, replace(u, position=to, emplaced_at=None, moved_at=state.player_turn)
            )
        case ev.Emplaced(unit=unit):
            u = _use_action(state, state.units[unit])
            return _unit(state, unit, replace(u, emplaced_at=state.player_turn))
        case ev.EngineeringStarted(unit=unit):
            spec = state.spec(unit)
            u = replace(
                state.units[unit],
                actions_at=state.player_turn,
                actions_used=spec.actions,  # ENG-ACT-03: nothing else this turn
                engineering_at=state.player_turn,
            )
            return replace(_unit(state, unit, u), pending=Pending(unit=unit))
        case ev.WorkDeclared(kind=kind, target=target):
            assert state.pending is not None
            return replace(state, pending=replace(state.pending, kind=kind, target=target))
        case ev.RollSealed(result=result):
            assert state.pending is not None
            return replace(state, pending=replace(state.pending, roll=result))
        case ev.OpportunityFire(unit=unit, target=target, result=result):
            state = _fire_mark(state, unit)
            state = _hit(state, target, result.outcome)
            pending = state.pending
            if pending is not None and pending.unit == target:
                cancelled = pending.cancelled or result.outcome in ("disordered", "knocked-out")
                pending = replace(pending, cancelled=cancelled, fired=(*pending.fired, unit))
            return replace(state, pending=pending)
        case ev.Fired(unit=unit, target=target, result=result):
            return _hit(_fire_mark(state, unit), target, result.outcome)
        case ev.WorkCancelled() | ev.WorkDone():
            return replace(state, pending=None)
        case ev.TaskProgressed(task=task_id, unit=unit):
            task = state.tasks[task_id].contribute(unit, state.turn)
            return replace(state, tasks={**state.tasks, task_id: task})
        case ev.DemolitionPrepared(demolition=demo_id):
            demo = replace(state.demolitions[demo_id], prepared=True)
            return replace(state, demolitions={**state.demolitions, demo_id: demo})
        case ev.DemolitionFired(demolition=demo_id, result=result, progress_left=left):
            demo = state.demolitions[demo_id]
            task = state.tasks[demo.task]
            destroyed = result.outcome == "success"
            new_demo = replace(demo, prepared=False, destroyed=destroyed)
            new_task = task if destroyed else task.set_progress(left)
            return replace(
                state,
                demolitions={**state.demolitions, demo_id: new_demo},
                tasks={**state.tasks, demo.task: new_task},
            )
        case ev.Demolished():
            return state
        case ev.DemolitionRemoved(found=False):
            return state
        case ev.DemolitionRemoved(demolition=demo_id):
            demo = state.demolitions[demo_id]
            return replace(
                state,
                demolitions={**state.demolitions, demo_id: replace(demo, prepared=False)},
                tasks={**state.tasks, demo.task: state.tasks[demo.task].set_progress(0)},
            )
        case ev.Revealed(demolition=demo_id, side=side):
            demo = state.demolitions[demo_id]
            known = tuple(sorted({*demo.known_to, side}))
            return replace(
                state, demolitions={**state.demolitions, demo_id: replace(demo, known_to=known)}
            )
        case ev.StatusSet(unit=unit, status=status):
            return _unit(state, unit, replace(state.units[unit], status=status))
    raise AssertionError(f"unhandled event {event!r}")


def _unit(state: EngState, unit_id: str, unit: UnitState) -> EngState:
    return replace(state, units={**state.units, unit_id: unit})


def _use_action(state: EngState, unit: UnitState) -> UnitState:
    used = unit.actions_used if unit.actions_at == state.player_turn else 0
    return replace(unit, actions_at=state.player_turn, actions_used=used + 1)


def _fire_mark(state: EngState, unit_id: str) -> EngState:
    unit = state.units[unit_id]
    fires = (*unit.fires, state.stamp)[-_FIRE_MEMORY:]
    return _unit(state, unit_id, replace(unit, fires=fires))


def _hit(state: EngState, target: str, outcome: str) -> EngState:
    result = next((s for s in STATUS_ORDER if s == outcome), None)
    if result is None:  # "no-effect"
        return state
    unit = state.units[target]
    return _unit(state, target, replace(unit, status=worse(unit.status, result)))
