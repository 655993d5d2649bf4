"""Plans from a live engineering game: when a task in progress is done (ENG-ACT-03, ENG-DEMO-03).

In the demo the road bridge needs two preparations (ENG-DEMO-03: one engineering action each);
each unit at work gives a task one engineering action a player turn (ENG-ACT-03), and the game
lasts six turns.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from kriegsspiel import InputError, new_game
from kriegsspiel.core.task_plans import FinishRow

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
