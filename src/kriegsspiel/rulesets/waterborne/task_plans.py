"""When a pontoon bridge or ferry in progress is finished, from a seat's view (WAT-PONTOON).

One attempt a friendly initiative (WAT-PONTOON-06), each earning a construction point with the
chance the game's own `pontoon-attempt` table gives this crew (WAT-PONTOON-07/08); the bridge
opens, and the ferry is launched, on the side's next initiative (WAT-PONTOON-09, WAT-FERRY-01).
Initiatives alternate, so the side's are every other one up to the scenario's last.
"""

from __future__ import annotations

from dataclasses import replace

from kriegsspiel.core.task_plans import (
    TaskPlan,
    chance,
    finish_plan,
    never,
    sudden_death,
    unknown_task,
)
from kriegsspiel.rulesets.waterborne.checks import pontoon_attempt
from kriegsspiel.rulesets.waterborne.kinds import STAND_KINDS
from kriegsspiel.rulesets.waterborne.scenario import WatScenario
from kriegsspiel.rulesets.waterborne.view import SiteView, StandView, WatView

RULES = ("WAT-PONTOON-06", "WAT-PONTOON-07", "WAT-PONTOON-08", "WAT-PONTOON-09", "WAT-PONTOON-11")
UNABLE = ("suppressed", "killed")  # WAT-PONTOON-04: a suppressed stand cannot build


def task_plan(view: WatView, scenario: WatScenario, task: str) -> TaskPlan:
    sites = {s.id: s for s in view.tasks}
    site = sites.get(task)
    if site is None:
        raise unknown_task(task, list(sites))
    crew = _crew(view, site)
    engineers = sum(STAND_KINDS[u.kind].labour == "engineer" for u in crew)
    others = sum(STAND_KINDS[u.kind].labour == "other" for u in crew)
    ready_word = "launched" if site.kind == "ferry" else "open"
    plan = TaskPlan(
        task=site.id,
        name=site.name,
        side=site.side,
        clock="initiative",
        progress=site.progress,
        required=site.required,
        status="done",
        per_tick="",
        rows=(),
        by_end=None,
        last=scenario.initiatives,
        ready_after=2,
        ready_word=ready_word,
        assumptions=(),
        rules=RULES,
    )
    if site.status != "building":
        return plan
    assumptions: tuple[str, ...] = (
        f"the same crew ({engineers} engineer and {others} other stands at {site.id}) works "
        "at every initiative of its side from now on, none of them moving, firing or "
        "suppressed (WAT-PONTOON-04)",
        "no HE hits on the site: each hit while it is building removes a construction point "
        "(WAT-PONTOON-10, -11), which this plan does not count",
    )
    assumptions += sudden_death(scenario.victory, "initiative")
    if not engineers or view.over:
        return replace(
            plan,
            status="stalled",
            per_tick="no engineer stand at work",
            assumptions=assumptions,
            by_end=never(plan),
        )
    p = pontoon_attempt(scenario.game_tables, engineers, others).odds()["success"]
    gain = chance(p)
    first = _first(view, site, crew)
    ticks = None if scenario.initiatives is None else range(first, scenario.initiatives + 1, 2)
    rows, by_end = finish_plan(site.required - site.progress, gain, ticks, first, 2)
    per_tick = (
        f"an attempt, earning a construction point with probability {p.numerator}/{p.denominator}"
    )
    return replace(
        plan, status="planned", per_tick=per_tick, assumptions=assumptions, rows=rows, by_end=by_end
    )


def _crew(view: WatView, site: SiteView) -> list[StandView]:
    """This initiative's declared crew, or else every stand of the side at the site that can
    work (WAT-PONTOON-02, -05)."""
    units = {u.id: u for u in view.units}
    if site.crew:
        return [units[u] for u in site.crew if u in units]
    return [
        u
        for u in view.units
        if u.side == site.side
        and u.place == site.id
        and u.status not in UNABLE
        and STAND_KINDS[u.kind].labour != "none"
    ]


def _first(view: WatView, site: SiteView, crew: list[StandView]) -> int:
    """The side's first initiative with an attempt still to come: this one while it has the
    initiative (the roll comes at its end) if a crew is declared or an engineer of it has not
    moved or fired in it (as far as the seat is shown), else the side's next."""
    if view.phasing != site.side:
        return view.initiative + 1
    fresh = any(
        STAND_KINDS[u.kind].labour == "engineer"
        and u.moved_this_initiative is not True
        and u.fired_this_initiative is not True
        for u in crew
    )
    return view.initiative if site.crew or fresh else view.initiative + 2
