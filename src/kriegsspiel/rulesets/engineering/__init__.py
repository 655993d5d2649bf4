"""`engineering`: Battlefront: WWII engineering rules (seed 000).

This slice implements engineering, demolition and remove-demolition actions (ENG-ACT-01..13,
ENG-DEMO-01..09) on Battlefront's sequence of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kriegsspiel.core.checks import CheckDef
from kriegsspiel.core.dice import ScriptedDice
from kriegsspiel.core.log import Record
from kriegsspiel.core.ruleset import Roll, Ruleset
from kriegsspiel.core.tables import BandTable, tables_from_mapping
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets.engineering import actions as act
from kriegsspiel.rulesets.engineering import events as ev
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES, check_defs
from kriegsspiel.rulesets.engineering.fold import apply
from kriegsspiel.rulesets.engineering.rules import acting_side, perform
from kriegsspiel.rulesets.engineering.scenario import EngScenario
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, UnitState
from kriegsspiel.rulesets.engineering.view import view


class Engineering(Ruleset[EngScenario, EngState, act.Action, ev.Event]):
    name = "engineering"
    title = "Battlefront: WWII engineering"
    source = "000_104508c41ec5a71a.txt"
    scenario_type = EngScenario
    action_type = act.Action
    event_type = ev.Event

    def tables(self, scenario: EngScenario) -> dict[str, BandTable]:
        """The default tables with the scenario's replacements."""
        return {**DEFAULT_TABLES, **tables_from_mapping(scenario.tables, "tables")}

    def initial_state(self, scenario: EngScenario) -> EngState:
        tasks = {
            t.id: Task(t.id, "task", t.name, t.side, t.required, t.workers) for t in scenario.tasks
        }
        demolitions: dict[str, Demolition] = {}
        for d in scenario.demolitions:
            task_id = f"prepare:{d.id}"
            tasks[task_id] = Task(
                task_id,
                "demolition",
                f"prepare {d.name or d.id}",
                d.side,
                d.preparations,
                target=d.id,
                progress=d.preparations if d.prepared else 0,
                status="complete" if d.prepared else "open",
            )
            demolitions[d.id] = Demolition(
                d.id, d.side, d.name, d.position, task_id, d.prepared, tuple(sorted(d.known_to))
            )
        return EngState(
            scenario=scenario,
            specs={u.id: u for u in scenario.units},
            turn=1,
            player=0,
            phase="maneuver",
            units={u.id: UnitState(position=u.position, facing=u.facing) for u in scenario.units},
            tasks=tasks,
            demolitions=demolitions,
        )

    def apply(self, state: EngState, event: ev.Event) -> EngState:
        return apply(state, event)

    def perform(
        self, state: EngState, seat: str, action: act.Action, roll: Roll
    ) -> Sequence[Record[ev.Event]]:
        return perform(state, seat, action, roll, self.tables(state.scenario))

    def view(self, state: EngState, seat: str) -> dict[str, Any]:
        return view(state, seat)

    def seats_to_act(self, state: EngState) -> list[str]:
        if state.over:
            return []
        return [state.other if state.pending is not None else acting_side(state)]

    def legal_actions(self, state: EngState, seat: str) -> list[act.Action]:
        return [a for a in _candidates(state, seat) if _is_legal(self, state, seat, a)]

    def checks(self) -> Sequence[CheckDef]:
        return check_defs()

    def describe_event(self, event: ev.Event) -> str:
        return describe(event)


def _candidates(state: EngState, seat: str) -> list[act.Action]:
    units = [u for u in state.scenario.units if seat in ("umpire", u.side)]
    out: list[act.Action] = [act.EndPhase(), act.Pass()]
    for u in units:
        out += [act.Emplace(u.id), act.OpportunityFire(u.id)]
        pos = state.units[u.id].position or (0.0, 0.0)
        out.append(act.Move(u.id, (pos[0] + 1.0, pos[1])))
        out += [
            act.Engineer(u.id, t) for t in state.tasks if t in {s.id for s in state.scenario.tasks}
        ]
        for d in state.demolitions:
            out += [act.Prepare(u.id, d), act.Demolish(u.id, d), act.RemoveDemolition(u.id, d)]
        out += [act.Fire(u.id, t.id) for t in state.scenario.units if t.side != u.side]
    return out


def _is_legal(rs: Engineering, state: EngState, seat: str, action: act.Action) -> bool:
    dice = ScriptedDice([5] * 8)
    try:
        rs.perform(state, seat, action, lambda check: check.roll(dice, "probe"))
    except KriegsspielError:
        return False
    return True


def describe(event: ev.Event) -> str:
    match event:
        case ev.PhaseBegan(turn=t, side=s, phase=p):
            return f"turn {t}: {s}'s {p.replace('_', ' ')} phase"
        case ev.GameEnded(turn=t):
            return f"the game ends after turn {t}"
        case ev.Moved(unit=u, to=to, distance=d):
            return f"{u} moves to {to[0]:g},{to[1]:g}" + (f" ({d})" if d else "")
        case ev.Emplaced(unit=u):
            return f"{u} emplaces"
        case ev.EngineeringStarted(unit=u, opportunity_for=s):
            return f"{u} performs an engineering action; {s} may take opportunity fire (ENG-ACT-09)"
        case ev.WorkDeclared(unit=u, kind=k, target=t):
            return f"{u}: {k} {t}"
        case ev.RollSealed(unit=u, result=r):
            return f"{u}'s demolition roll sealed: {r.explain()}"
        case ev.OpportunityFire(unit=u, target=t, result=r):
            return f"{u} takes opportunity fire at {t}: {r.explain()}"
        case ev.Fired(unit=u, target=t, result=r):
            return f"{u} fires at {t}: {r.explain()}"
        case ev.WorkCancelled(unit=u):
            return f"{u}'s engineering action is cancelled by opportunity fire (ENG-ACT-10)"
        case ev.WorkDone(unit=u):
            return f"{u}'s engineering action is carried out"
        case ev.TaskProgressed(task=t, progress=p, required=r):
            return f"{t}: {p} of {r} engineering actions (ENG-ACT-07)"
        case ev.DemolitionPrepared(demolition=d):
            return f"{d} is prepared for demolition (ENG-DEMO-03)"
        case ev.DemolitionFired(demolition=d, result=r):
            return f"demolition of {d}: {r.explain()}"
        case ev.Demolished(demolition=d, name=n):
            return f"{n or d} is demolished"
        case ev.DemolitionRemoved(demolition=d, unit=u, found=f):
            return (
                f"{u} removes the charge at {d} (ENG-DEMO-09)"
                if f
                else f"{u} finds no charge at {d}"
            )
        case ev.Revealed(demolition=d, side=s):
            return f"{s} learns of the demolition at {d}"
        case ev.StatusSet(unit=u, status=st, note=n):
            return f"umpire: {u} is {st}" + (f" ({n})" if n else "")
    return type(event).__name__


RULESET = Engineering()

__all__ = ["RULESET", "EngScenario", "EngState", "Engineering"]
