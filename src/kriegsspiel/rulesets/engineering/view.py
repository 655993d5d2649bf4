"""What each seat may know of an `engineering` state. Built by whitelisting, field by field."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.engineering.obstacle_view import obstacle_view, unit_footing
from kriegsspiel.rulesets.engineering.state import EngState
from kriegsspiel.rulesets.engineering.works_view import funny_view, works_view


def is_moving(state: EngState, unit_id: str) -> bool:
    """ENG-ACT-08: a unit that performs an engineering action counts as moving for spotting."""
    unit = state.units[unit_id]
    return state.player_turn in (unit.engineering_at, unit.moved_at)


def spotting_cases(state: EngState, unit_id: str) -> tuple[str, ...]:
    """The base-game spotting cases that apply to a unit (only "moving" is decided here)."""
    return ("moving",) if is_moving(state, unit_id) else ()


def view(state: EngState, seat: str) -> dict[str, Any]:
    umpire = seat == UMPIRE
    out: dict[str, Any] = {
        "ruleset": "engineering",
        "seat": seat,
        "title": state.scenario.title,
        "turn": state.turn,
        "phasing": state.phasing,
        "phase": state.phase,
        "acting": state.other if state.phase == "defensive_fire" else state.phasing,
        "over": state.over,
        "sides": [{"id": s.id, "name": s.name or s.id} for s in state.scenario.sides],
        "options": {
            "dud_resets": state.scenario.options.dud_resets,
            "allow_task_handover_any": state.scenario.options.allow_task_handover_any,
            "idf_vs_fort_occupants": state.scenario.options.idf_vs_fort_occupants,
            "dive_bombers_vs_forts": state.scenario.options.dive_bombers_vs_forts,
            "rough_water": state.scenario.options.rough_water,
            "mixed_single_roll": state.scenario.options.mixed_single_roll,
            "umpire_passage_rolls": state.scenario.options.umpire_passage_rolls,
            "strict_mixed_densities": state.scenario.options.strict_mixed_densities,
            "lane_width": state.scenario.options.lane_width,
            "idf_dug_in_modifier": state.scenario.options.idf_dug_in_modifier,
        },
        "terrain": [
            {"id": t.id, "kind": t.kind, "name": t.name, "points": [list(p) for p in t.points]}
            for t in state.scenario.terrain
        ],
        "units": [_unit(state, seat, u.id) for u in state.scenario.units],
        "tasks": [_task(state, t) for t in state.tasks if _sees_task(state, seat, t)],
        "demolitions": [
            _demolition(state, seat, d.id)
            for d in state.demolitions.values()
            if umpire or seat == d.side or seat in d.known_to or d.destroyed
        ],
        "pending": _pending(state, seat),
    }
    out |= works_view(state, seat)
    out |= obstacle_view(state, seat)
    return out


def _unit(state: EngState, seat: str, unit_id: str) -> dict[str, Any]:
    spec, unit = state.spec(unit_id), state.units[unit_id]
    out: dict[str, Any] = {
        "id": spec.id,
        "name": spec.label,
        "side": spec.side,
        "kind": spec.kind,
        "traits": list(spec.traits),
        "dr": spec.dr,
        "position": list(unit.position) if unit.position else None,
        "facing": unit.facing,
        "status": unit.status,
        "emplaced": unit.emplaced_at is not None,
        "moving": is_moving(state, unit_id),
    }
    if seat in (UMPIRE, spec.side):
        out["actions_left"] = state.actions_left(unit_id)
        out["engineering_this_turn"] = unit.engineering_at == state.player_turn
        out["attack"] = dict(spec.attack)
    out |= funny_view(state, unit_id)
    out |= unit_footing(state, unit_id)
    return out


def _sees_task(state: EngState, seat: str, task_id: str) -> bool:
    task = state.tasks[task_id]
    if seat in (UMPIRE, task.side):
        return True
    spec = next((t for t in state.scenario.tasks if t.id == task_id), None)
    return spec is not None and not spec.secret


def _task(state: EngState, task_id: str) -> dict[str, Any]:
    task = state.tasks[task_id]
    return {
        "id": task.id,
        "kind": task.kind,
        "name": task.name,
        "side": task.side,
        "target": task.target,
        "progress": task.progress,
        "required": task.required,
        "status": task.status,
        "workers": task.workers,
        "contributors": list(task.contributors),
        "turns_left_with_all_workers": task.turns_needed(task.workers) if task.remaining else 0,
    }


def _demolition(state: EngState, seat: str, demo_id: str) -> dict[str, Any]:
    demo = state.demolitions[demo_id]
    out: dict[str, Any] = {
        "id": demo.id,
        "name": demo.name,
        "side": demo.side,
        "position": list(demo.position) if demo.position else None,
        "destroyed": demo.destroyed,
    }
    if seat in (UMPIRE, demo.side):
        task = state.tasks[demo.task]
        out |= {
            "prepared": demo.prepared,
            "progress": task.progress,
            "required": task.required,
            "known_to": list(demo.known_to),
        }
    return out


def _pending(state: EngState, seat: str) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    side = state.spec(pending.unit).side
    out: dict[str, Any] = {
        "unit": pending.unit,
        "awaiting": state.other,
        "fired": list(pending.fired),
        "cancelled": pending.cancelled,
    }
    if seat in (UMPIRE, side):
        out |= {"kind": pending.kind, "target": pending.target}
    if seat == UMPIRE and pending.roll is not None:
        out["sealed_roll"] = pending.roll.explain()
    return out
