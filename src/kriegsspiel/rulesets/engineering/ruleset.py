"""The engineering ruleset itself (`RULESET`): its scenario, state, views, actions and checks,
composed from the topic modules, and how text shows its views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.checks import CheckDef
from kriegsspiel.core.plans import PlanDef
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import Ruleset, ViewList
from kriegsspiel.core.task_plans import TaskPlan
from kriegsspiel.core.tasks import Task
from kriegsspiel.core.views import ViewHeader
from kriegsspiel.rulesets.engineering import topics, victory
from kriegsspiel.rulesets.engineering.base import Act, Ctx, Ev, acting_side
from kriegsspiel.rulesets.engineering.candidates import candidates
from kriegsspiel.rulesets.engineering.determinize import determinize
from kriegsspiel.rulesets.engineering.hidden_things import hidden_things
from kriegsspiel.rulesets.engineering.knowledge import knowledge, secrets
from kriegsspiel.rulesets.engineering.named import named_checks
from kriegsspiel.rulesets.engineering.plans import PLANS
from kriegsspiel.rulesets.engineering.scenario import EngScenario
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, UnitState
from kriegsspiel.rulesets.engineering.view import EngView, view

# -- how text shows this ruleset's views (Ruleset.view_lists, Ruleset.action_word) ---------------


def progress_text(row: Mapping[str, Any]) -> str | None:
    return f"{row['progress']}/{row['required']}" if "progress" in row else None


def workers_text(row: Mapping[str, Any]) -> str:
    return f"{row['workers']} (at most {row['most_workers']} a turn)"


def turns_left_text(row: Mapping[str, Any]) -> str:
    turns = row["turns_left"]
    return "none at work" if turns is None else str(turns)


def unit_state(row: Mapping[str, Any]) -> str:
    return ", ".join(flag for flag in ("emplaced", "moving") if row.get(flag))


def demolition_state(row: Mapping[str, Any]) -> str:
    if row.get("destroyed"):
        return "destroyed"
    if "prepared" not in row:
        return ""
    return "prepared" if row["prepared"] else "not prepared"


VIEW_LISTS = {
    "units": ViewList(
        "units",
        (
            ("unit", "id"),
            ("name", "name"),
            ("side", "side"),
            ("kind", "kind"),
            ("dr", "dr"),
            ("at", "position"),
            ("status", "status"),
            ("state", unit_state),
            ("actions left", "actions_left"),
        ),
    ),
    "tasks": ViewList(
        "tasks",
        (
            ("task", "id"),
            ("name", "name"),
            ("side", "side"),
            ("progress", progress_text),
            ("status", "status"),
            ("contributors", "contributors"),
            ("working", "working"),
            ("workers", workers_text),
            ("turns left", turns_left_text),
        ),
    ),
    "demolitions": ViewList(
        "demolitions known",
        (
            ("demolition", "id"),
            ("name", "name"),
            ("side", "side"),
            ("at", "position"),
            ("state", demolition_state),
            ("progress", progress_text),
            ("known to", "known_to"),
        ),
    ),
}


class Engineering(Ruleset[EngScenario, EngState, Act, Ev]):
    name = "engineering"
    title = "Battlefront: WWII engineering"
    source = "000_104508c41ec5a71a.txt"
    scenario_type = EngScenario
    composed = topics.COMPOSED
    validates_before_events = True
    view_lists = VIEW_LISTS
    action_word = "engineering action"  # what the enemy may answer with opportunity fire

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
        state = EngState(
            scenario=scenario,
            specs={u.id: u for u in scenario.units},
            turn=1,
            player=0,
            phase="maneuver",
            units={u.id: UnitState(position=u.position, facing=u.facing) for u in scenario.units},
            tasks=tasks,
            demolitions=demolitions,
        )
        return topics.setup(state)

    def context(self, state: EngState, seat: str, roll: Roll) -> Ctx:
        return Ctx(  # the fields in order (core.topics.Context)
            state,
            seat,
            roll,
            topics.COMPOSED.appliers,
            state.scenario.game_tables,
            topics.RESOLVERS,
            topics.HOOKS,
            topics.DEMOLITION_KINDS,
        )

    typed_view = staticmethod(view)

    victory_facts = staticmethod(victory.facts)
    over = staticmethod(victory.over)

    def seats_to_act(self, state: EngState) -> list[str]:
        if state.over:
            return []
        return [state.other if state.pending is not None else acting_side(state)]

    knowledge = staticmethod(knowledge)
    determinize = staticmethod(determinize)
    secrets = staticmethod(secrets)
    hidden_things = staticmethod(hidden_things)
    candidates = staticmethod(candidates)

    def checks(self) -> Sequence[CheckDef]:
        return named_checks()

    def plans(self) -> Sequence[PlanDef]:
        return PLANS

    def task_plan(self, view: ViewHeader, scenario: EngScenario, task: str) -> TaskPlan:
        from kriegsspiel.rulesets.engineering.task_plans import task_plan

        assert isinstance(view, EngView)
        return task_plan(view, scenario, task)


RULESET = Engineering()

__all__ = ["RULESET", "EngScenario", "EngState", "Engineering"]
