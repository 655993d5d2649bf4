"""`waterborne`: Crossfire waterborne troops, assault craft, pontoon bridges and ferries (seed 002).

Implements WAT-GRID, WAT-CRAFT, WAT-MOVE, WAT-FIRE, WAT-EMBARK, WAT-PONTOON and WAT-FERRY on
Crossfire's initiative (CF-INIT). Its Sherman DD is this game's own rule (a d6 drift table) and
shares nothing with the `engineering` ruleset's (README "Decisions"). The seed's external
"musing on crossing rivers" is not provided and nothing here depends on it (AMB-WAT-22).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.plans import PlanDef
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import Ruleset, ViewList
from kriegsspiel.core.task_plans import TaskPlan
from kriegsspiel.core.views import ViewHeader
from kriegsspiel.rulesets.waterborne import topics, victory
from kriegsspiel.rulesets.waterborne.base import Act, Ctx, Ev
from kriegsspiel.rulesets.waterborne.candidates import candidates
from kriegsspiel.rulesets.waterborne.checks import check_defs
from kriegsspiel.rulesets.waterborne.grid import Cell
from kriegsspiel.rulesets.waterborne.hidden_things import hidden_things
from kriegsspiel.rulesets.waterborne.knowledge import knowledge, secrets
from kriegsspiel.rulesets.waterborne.plans import PLANS
from kriegsspiel.rulesets.waterborne.pontoons import ferry, initial
from kriegsspiel.rulesets.waterborne.scenario import WatScenario
from kriegsspiel.rulesets.waterborne.state import (
    CraftState,
    StandState,
    WatState,
    board_for,
)
from kriegsspiel.rulesets.waterborne.view import WatView, acting, clock_text, view


def _construction_points(row: Mapping[str, Any]) -> str:
    return f"{row['progress']}/{row['required']}"


class Waterborne(Ruleset[WatScenario, WatState, Act, Ev]):
    name = "waterborne"
    title = "Crossfire: waterborne troops, assault craft and pontoons"
    source = "002_870d74609af7db72.txt"
    scenario_type = WatScenario
    composed = topics.COMPOSED
    validates_before_events = True
    # how text shows the views: Crossfire's stands, the craft, the pontoon sites (the view's
    # tasks), and the move the other side may answer with reactive fire
    view_lists = {
        "units": ViewList("stands"),
        "craft": ViewList("craft"),
        "tasks": ViewList(
            "pontoon bridges and ferries",
            (
                ("site", "id"),
                ("name", "name"),
                ("side", "side"),
                ("bank", "bank"),
                ("column", "column"),
                ("construction points", _construction_points),
                ("hits", "hits"),
                ("status", "status"),
            ),
        ),
    }
    action_word = "move"
    clock = staticmethod(clock_text)  # initiatives, not turns (CF-INIT)

    def initial_state(self, scenario: WatScenario) -> WatState:
        board = board_for(scenario)
        craft = {}
        for c in scenario.craft:
            cell: Cell | None
            if c.square is not None:
                feature, cell = board.grid.square_id(c.square), c.square
            else:
                assert c.land is not None
                feature = c.land
                cell = board.beyond_cell(c.land, c.column) if c.column is not None else None
            craft[c.id] = CraftState(c.type, c.side, c.name or c.id, feature, cell, c.heading)
        sites = {s.id: initial(board, s.id) for s in scenario.sites}
        for s in scenario.sites:
            if s.kind == "ferry" and sites[s.id].ready:
                craft[s.ferry_id] = ferry(board, s.id)
        return WatState(
            scenario=scenario,
            initiative=1,
            phasing=scenario.side_ids[0],
            units={
                u.id: StandState(place=u.place, aboard=u.aboard, revealed=not u.hidden)
                for u in scenario.units
            },
            craft=craft,
            sites=sites,
        )

    def context(self, state: WatState, seat: str, roll: Roll) -> Ctx:
        # the fields in order (core.topics.Context)
        return Ctx(state, seat, roll, topics.COMPOSED.appliers, state.scenario.game_tables)

    typed_view = staticmethod(view)

    victory_facts = staticmethod(victory.facts)
    over = staticmethod(victory.over)

    def seats_to_act(self, state: WatState) -> list[str]:
        """CF-INIT, CF-REACT: the phasing side, or the other side while a move awaits its
        reactive fire. (The other side may also fire reactively at stationary stands between
        the phasing side's actions.)"""
        return [] if state.over else [acting(state)]

    knowledge = staticmethod(knowledge)
    secrets = staticmethod(secrets)
    hidden_things = staticmethod(hidden_things)
    candidates = staticmethod(candidates)
    checks = staticmethod(check_defs)

    def plans(self) -> Sequence[PlanDef]:
        return PLANS

    def task_plan(self, view: ViewHeader, scenario: WatScenario, task: str) -> TaskPlan:
        from kriegsspiel.rulesets.waterborne.task_plans import task_plan

        assert isinstance(view, WatView)
        return task_plan(view, scenario, task)


RULESET = Waterborne()

__all__ = ["RULESET", "WatScenario", "WatState", "Waterborne"]
