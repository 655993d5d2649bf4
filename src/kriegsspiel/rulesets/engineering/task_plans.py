"""When a task in progress is done, from a seat's view (ENG-ACT, ENG-BRIDGE-26).

Each unit at work on a task gives it one engineering action in its side's player turn
(ENG-ACT-03), at most `most_workers` of them a turn; an action is one unit of work, except a
preparation of a bridge's demolition, which is an improve position roll with the engineer's
discipline rating (ENG-BRIDGE-26, AMB-ENG-29). The clock is the game turn, up to the scenario's
last; a side's player turn comes once in each.
"""

from __future__ import annotations

from dataclasses import replace

from kriegsspiel.core.dist import Dist
from kriegsspiel.core.task_plans import TaskPlan, finish_plan, never, unknown_task
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import bridge_preparation
from kriegsspiel.rulesets.engineering.scenario import EngScenario
from kriegsspiel.rulesets.engineering.view import EngUnitView, EngView, TaskView

RULES = ("ENG-ACT-03", "ENG-ACT-13", "ENG-ACT-10")
ROLLED = ("ENG-BRIDGE-26", "AMB-ENG-29")


def task_plan(view: EngView, scenario: EngScenario, task: str) -> TaskPlan:
    tasks = {t.id: t for t in view.tasks}
    found = tasks.get(task)
    if found is None:
        raise unknown_task(task, list(tasks))
    units = {u.id: u for u in view.units}
    workers = [units[u] for u in found.working if u in units][: found.most_workers]
    rolled = _on_a_bridge(view, found)
    plan = TaskPlan(
        task=found.id,
        name=found.name,
        side=found.side,
        clock="turn",
        progress=found.progress,
        required=found.required,
        status="done",
        per_tick="",
        rows=(),
        by_end=None,
        last=scenario.turns,
        ready_after=0,
        ready_word="done",
        assumptions=(),
        rules=(*RULES, *ROLLED) if rolled else RULES,
    )
    if found.status != "open":
        return plan
    names = ", ".join(u.name for u in workers) or "no one"
    assumptions = (
        f"the units at work now ({names}) each give it one engineering action in every "
        "player turn of their side from now on (ENG-ACT-03)",
        "no enemy fire cancels the work (ENG-ACT-10) or puts the units out of it (ENG-ACT-13)",
    )
    if not workers or view.over:
        return replace(
            plan,
            status="stalled",
            per_tick="no unit at work",
            assumptions=assumptions,
            by_end=never(plan),
        )
    gain, per_tick = _gain(scenario, workers, rolled)
    first = _first(view, scenario, found, workers)
    ticks = None if scenario.turns is None else range(first, scenario.turns + 1)
    rows, by_end = finish_plan(found.required - found.progress, gain, ticks, first, 1)
    return replace(
        plan, status="planned", per_tick=per_tick, assumptions=assumptions, rows=rows, by_end=by_end
    )


def _on_a_bridge(view: EngView, task: TaskView) -> bool:
    """A preparation of a bridge's demolition (its target is the bridge's `-charges`)."""
    target = task.target or ""
    bridges = {b.id for b in view.bridges}
    return (
        task.kind == "demolition"
        and target.removesuffix("-charges") in bridges
        and (target.endswith("-charges"))
    )


def _gain(scenario: EngScenario, workers: list[EngUnitView], rolled: bool) -> tuple[Dist[int], str]:
    """What one player turn of the workers earns: an action each, or each one's roll."""
    if not rolled:
        n = len(workers)
        return Dist.certain(n), f"{n} engineering action{'s' if n > 1 else ''}"
    gain = Dist.certain(0)
    chances = []
    for unit in workers:
        p = bridge_preparation(scenario.game_tables, unit.dr).odds()["success"]
        one = Dist.counted({1: p.numerator, 0: p.denominator - p.numerator}, p.denominator)
        gain = gain.combine(one, lambda a, b: a + b)
        chances.append(f"{p.numerator}/{p.denominator}")
    return gain, f"a preparation by each unit, succeeding with probability {', '.join(chances)}"


def _first(view: EngView, scenario: EngScenario, task: TaskView, workers: list[EngUnitView]) -> int:
    """The first game turn with the side's work still to come: this one if its player turn is
    still to come, or is on in its maneuver phase with none of the workers having worked yet
    (as far as the seat is shown), else the next."""
    order = scenario.side_ids[:2]
    if view.phasing not in order or task.side not in order:
        return view.turn + 1
    now, side = order.index(view.phasing), order.index(task.side)
    if side > now:
        return view.turn
    fresh = all(u.engineering_this_turn is not True for u in workers)
    if side == now and view.phase == "maneuver" and fresh:
        return view.turn
    return view.turn + 1
