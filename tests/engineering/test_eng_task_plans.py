"""Plans from a live engineering game: when a task in progress is done (ENG-ACT-03, ENG-DEMO-03).

In the demo the road bridge needs two preparations (ENG-DEMO-03: one engineering action each);
each unit at work gives a task one engineering action a player turn (ENG-ACT-03), and the game
lasts six turns.
"""

from __future__ import annotations

from fractions import Fraction
from importlib import resources
from typing import Any

import pytest
import yaml

from kriegsspiel import InputError, new_game
from kriegsspiel.core.game import Game
from kriegsspiel.core.task_plans import FinishRow
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import scenario_from_data
from kriegsspiel.testing import do

PREPARE = {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}


def prepared_once() -> Any:
    game = new_game("demo", seed="plans")
    game.act("german", PREPARE)
    game.act("us", {"action": "pass"})  # no opportunity fire (ENG-ACT-09)
    return game


def test_eng_act_03_work_by_actions_is_done_at_a_certain_turn() -> None:
    """One of two preparations done in turn 1 by Pioniere 1, who has had its engineering action
    this turn: the second comes in turn 2, certainly, well before turn 6."""
    plan = prepared_once().task_plan("german", "prepare:bridge")
    assert (plan.progress, plan.required, plan.clock, plan.last) == (1, 2, "turn", 6)
    assert plan.rows == (FinishRow(2, Fraction(1), Fraction(1)),)
    assert plan.by_end == 1
    assert plan.per_tick == "1 engineering action"
    assert any("ENG-ACT-10" in a for a in plan.assumptions)  # no fire cancels it
    # the demo's decisive objective may end the game before turn 6: the plan says so
    assert plan.assumptions[-1] == (
        "the game lasts to its last turn: a decisive objective may end it sooner, which this "
        "plan does not count"
    )


def test_a_task_no_one_works_on_is_not_done_before_the_end() -> None:
    plan = new_game("demo", seed="plans").task_plan("us", "roadblock-clearing")
    assert (plan.status, plan.rows) == ("stalled", ())
    assert plan.by_end == 0


def test_a_task_hidden_from_the_seat_is_refused_as_an_unknown_one() -> None:
    """The US may not see the German preparation: planning it is refused exactly as planning a
    task that does not exist, naming only the tasks the US sees."""
    game = prepared_once()
    problems = []
    for task in ("prepare:bridge", "no-such-task"):
        with pytest.raises(InputError) as info:
            game.task_plan("us", task)
        problems.append(info.value.problem.replace(repr(task), "TASK"))
    assert (
        problems[0] == problems[1] == "no task TASK in this seat's view (tasks: roadblock-clearing)"
    )
    assert "prepare" not in problems[0]
    assert game.task_plan("umpire", "prepare:bridge").by_end == 1


def bridge_to_wire() -> Any:
    """Hold the bridge with Neufmolin bridge not yet wired: a timber trestle, 2 preparations
    (ENG-BRIDGE-25), each an improve position roll with the engineer's dr (AMB-ENG-29)."""
    text = resources.files("kriegsspiel.scenario.bundled").joinpath("hold-the-bridge.yaml")
    data = yaml.safe_load(text.read_text())
    for bridge in data["bridges"]:
        if "demolition" in bridge:
            bridge["demolition"]["prepared"] = False
    game = Game(RULESETS["engineering"], scenario_from_data(data, "wired.yaml"), "plans")
    for _ in range(3):  # the German player turn: maneuver, defensive fire, offensive fire
        do(game, game.seats_to_act()[0], {"action": "end-phase"})
    return game


def test_eng_bridge_26_a_bridge_preparation_is_planned_roll_by_roll() -> None:
    """RE section 2 (dr +1) prepares in the US turn 1, rolling 7 (a success, d10+1 >= 6); the
    second preparation needs d10+1 >= 6 without a natural 1 (ENG-BRIDGE-26, AMB-ENG-29): faces
    5..10, 3/5 a turn, one engineer a turn, turns 2..8 left: done in turn 2 at 3/5, in turn 3
    at 2/5 * 3/5 = 6/25, in turn 4 at (2/5)^2 * 3/5 = 12/125; by the end 1 - (2/5)^7."""
    game = bridge_to_wire()
    do(game, "us", {"action": "prepare", "unit": "eng-2", "demolition": "neufmolin-charges"}, 7)
    do(game, "german", {"action": "pass"})
    plan = game.task_plan("us", "prepare:neufmolin-charges")
    assert (plan.progress, plan.required) == (1, 2)
    assert plan.rows[:3] == (
        FinishRow(2, Fraction(3, 5), Fraction(3, 5)),
        FinishRow(3, Fraction(6, 25), Fraction(21, 25)),
        FinishRow(4, Fraction(12, 125), Fraction(117, 125)),
    )
    assert [r.at for r in plan.rows] == list(range(2, 9))
    assert plan.by_end == 1 - Fraction(2, 5) ** 7
    assert plan.per_tick == "a preparation by each unit, succeeding with probability 3/5"
    assert "ENG-BRIDGE-26" in plan.rules
    with pytest.raises(InputError, match="no task 'prepare:neufmolin-charges' in this seat's"):
        game.task_plan("german", "prepare:neufmolin-charges")  # the US charges are secret
