"""When a task in progress is done, from a seat's view (ENG-ACT, ENG-BRIDGE-26).

Each unit at work on a task (`working`: those that have made progress on it and are fit to
work, ENG-ACT-13) gives it one engineering action in its side's player turn (ENG-ACT-03), at
most `most_workers` of them a turn; an action is one unit of work, except a preparation of a
bridge's demolition, an improve position roll with the engineer's discipline rating
(ENG-BRIDGE-26, AMB-ENG-29). The clock is the game turn, up to the scenario's last; a side's
player turn comes once in each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from kriegsspiel.core.checks import Check
from kriegsspiel.core.dist import Dist
from kriegsspiel.core.task_plans import (
    TaskPlan,
    chance,
    finish_plan,
    never,
    sudden_death,
    unknown_task,
)
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import (
    bridge_preparation,
    bridge_span,
)
from kriegsspiel.rulesets.engineering.bridges.works_view import BridgeView
from kriegsspiel.rulesets.engineering.scenario import EngScenario
from kriegsspiel.rulesets.engineering.view import EngUnitView, EngView, TaskView

RULES = ("ENG-ACT-03", "ENG-ACT-13", "ENG-ACT-10")
Roll = Callable[[EngUnitView], Check]  # a worker's roll for one unit of work


def task_plan(view: EngView, scenario: EngScenario, task: str) -> TaskPlan:
    tasks = {t.id: t for t in view.tasks}
    building = {b.id: b for b in view.bridges if _building(b)}
    found = tasks.get(task)
    if found is None:
        if task in building:
            return _spans_plan(view, scenario, building[task])
        raise unknown_task(task, [*tasks, *building])
    units = {u.id: u for u in view.units}
    workers = [units[u] for u in found.working if u in units][: found.most_workers]
    rolled = _rolled(view, scenario, found)
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
        rules=RULES if rolled is None else (*RULES, *rolled[1]),
    )
    if found.status != "open":
        return plan
    names = ", ".join(u.name for u in workers) or "no one"
    assumptions: tuple[str, ...] = (
        f"the units at work now ({names}) each give it one engineering action in every "
        "player turn of their side from now on (ENG-ACT-03)",
        "no enemy fire cancels the work (ENG-ACT-10) or puts the units out of it (ENG-ACT-13)",
    )
    assumptions += sudden_death(scenario.victory, "turn")
    if not workers or view.over:
        return replace(
            plan,
            status="stalled",
            per_tick="no unit at work",
            assumptions=assumptions,
            by_end=never(plan),
        )
    gain, per_tick = _gain(workers, None if rolled is None else rolled[0])
    worked = any(u.engineering_this_turn is True for u in workers)
    first = _first(view, scenario, found.side, worked)
    ticks = None if scenario.turns is None else range(first, scenario.turns + 1)
    rows, by_end = finish_plan(found.required - found.progress, gain, ticks, first, 1)
    return replace(
        plan, status="planned", per_tick=per_tick, assumptions=assumptions, rows=rows, by_end=by_end
    )


def _rolled(
    view: EngView, scenario: EngScenario, task: TaskView
) -> tuple[Roll, tuple[str, ...]] | None:
    """The roll each unit of work needs, and its rules, when a roll decides it: preparing a
    bridge's demolition (its target is the bridge's `-charges`: ENG-BRIDGE-26, AMB-ENG-29);
    None for work each action does. (A roadblock's one rolled preparation, ENG-ROAD-01, has
    no unit at work until it succeeds, and then it is done.)"""
    target = task.target or ""
    bridges = {b.id for b in view.bridges}
    if task.kind != "demolition" or not target.endswith("-charges"):
        return None
    if target.removesuffix("-charges") not in bridges:
        return None
    tables = scenario.game_tables
    return (lambda u: bridge_preparation(tables, u.dr)), ("ENG-BRIDGE-26", "AMB-ENG-29")


def _gain(workers: list[EngUnitView], roll: Roll | None) -> tuple[Dist[int], str]:
    """What one player turn of the workers earns: an action each, or each one's roll."""
    if roll is None:
        n = len(workers)
        return Dist.certain(n), f"{n} engineering action{'s' if n > 1 else ''}"
    gain = Dist.certain(0)
    chances = []
    for unit in workers:
        p = roll(unit).odds()["success"]
        gain = gain.combine(chance(p), lambda a, b: a + b)
        chances.append(f"{p.numerator}/{p.denominator}")
    return gain, f"a preparation by each unit, succeeding with probability {', '.join(chances)}"


def _first(view: EngView, scenario: EngScenario, side: str, worked: bool) -> int:
    """The first game turn with the side's work still to come: this one if its player turn is
    still to come, or is on in its maneuver phase with no work done in it yet (`worked`, as far
    as the seat is shown), else the next."""
    order = scenario.side_ids[:2]
    if view.phasing not in order or side not in order:
        return view.turn + 1
    now, own = order.index(view.phasing), order.index(side)
    if own > now or (own == now and view.phase == "maneuver" and not worked):
        return view.turn
    return view.turn + 1


# -- a pontoon or treadway bridge's spans ---------------------------------------------------------

SPAN_RULES = ("ENG-BRIDGE-13", "ENG-BRIDGE-14", "ENG-BRIDGE-15", "ENG-BRIDGE-16", "ENG-BRIDGE-17")


def _building(bridge: BridgeView) -> bool:
    """A pontoon or treadway bridge with spans still to place (ENG-BRIDGE-01, -17)."""
    incomplete = bridge.spans_built < bridge.spans_required
    return bridge.kind in ("pontoon", "treadway") and incomplete and not bridge.destroyed


def _spans_plan(view: EngView, scenario: EngScenario, bridge: BridgeView) -> TaskPlan:
    """One span attempt a player turn of the bridge's side (AMB-ENG-25) by the builders of the
    last: the primary's dr, -1 on a swollen river, +1 with helpers (ENG-BRIDGE-13..16); each
    success places a span, and the bridge is built with the last (ENG-BRIDGE-17)."""
    units = {u.id: u for u in view.units}
    crew = [units[u] for u in bridge.crew if u in units]
    side = bridge.side or ""
    names = ", ".join(u.name for u in crew) or "no one"
    assumptions = (
        f"the same builders ({names}) make the bridge's one span attempt in every player turn "
        "of their side from now on (AMB-ENG-25)",
        "bridging equipment for every span is at the gap (ENG-BRIDGE-04, -07)",
        "no enemy fire destroys a span or cancels the work (ENG-ACT-10)",
        *sudden_death(scenario.victory, "turn"),
    )
    plan = TaskPlan(
        task=bridge.id,
        name=bridge.name,
        side=side,
        clock="turn",
        progress=bridge.spans_built,
        required=bridge.spans_required,
        status="stalled",
        per_tick="no builder at work",
        rows=(),
        by_end=None if scenario.turns is None else Fraction(0),
        last=scenario.turns,
        ready_after=0,
        ready_word="built",
        assumptions=assumptions,
        rules=(*SPAN_RULES, "AMB-ENG-25"),
    )
    if not crew or view.over:
        return plan
    primary, helpers = crew[0], len(crew) - 1
    p = bridge_span(scenario.game_tables, primary.dr, bridge.swollen, helpers).odds()["success"]
    first = _first(view, scenario, side, bridge.attempted)
    ticks = None if scenario.turns is None else range(first, scenario.turns + 1)
    remaining = bridge.spans_required - bridge.spans_built
    rows, by_end = finish_plan(remaining, chance(p), ticks, first, 1)
    per_tick = f"a span attempt, placing a span with probability {p.numerator}/{p.denominator}"
    return replace(plan, status="planned", per_tick=per_tick, rows=rows, by_end=by_end)
