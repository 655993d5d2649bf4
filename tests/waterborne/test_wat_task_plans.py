"""Plans from a live waterborne game: when a pontoon bridge in progress opens (WAT-PONTOON-06..09).

The site `br` needs 12 CP (WAT-PONTOON-03: a 12" river) and has 10 (`built`). The scenario's
own `pontoon-attempt` table earns a CP on 4+, so the crew of one engineer and two squads
(+1 engineer, +1 per two others: WAT-PONTOON-07/08) rolls d6+2 >= 4, five faces of six.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from wat_helpers import ALLIES, AXIS, end, game_of, stand

from kriegsspiel.core.task_plans import FinishRow
from kriegsspiel.errors import InputError

F = Fraction
FOUR_UP = {
    "title": "Pontoon attempt (our rulebook)", "dice": "d6",
    "rules": ["WAT-PONTOON-06", "WAT-PONTOON-07", "WAT-PONTOON-08"],
    "bands": [{"max": 3, "outcome": "failure"}, {"min": 4, "outcome": "success"}],
}  # fmt: skip


def game(**extra: Any) -> Any:
    site = {"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 1}
    crew = [stand("e1", kind="engineer", place="br"), stand("s1", place="br")]
    crew.append(stand("s2", place="br"))
    return game_of(
        [*crew, stand("g", AXIS)],
        [],
        sites=[{**site, "built": 10}],
        water=(36, 12),
        tables={"pontoon-attempt": FOUR_UP},
        initiatives=5,
        **extra,
    )


def test_wat_pontoon_plan_from_the_game_own_table_and_the_initiatives_left() -> None:
    """The allies attempt in initiatives 1, 3 and 5; 2 CP to go at p = 5/6: the 2nd CP in the
    2nd attempt is p^2 = 25/36, in the 3rd C(2,1) p^2 (1-p) = 25/108; so finished within the
    game 25/27, and open (the next friendly initiative, WAT-PONTOON-09) by the end only if
    finished by initiative 3: 25/36."""
    plan = game().task_plan(ALLIES, "br")
    assert (plan.progress, plan.required, plan.clock) == (10, 12, "initiative")
    assert plan.rows == (FinishRow(3, F(25, 36), F(25, 36)), FinishRow(5, F(25, 108), F(25, 27)))
    assert plan.by_end == F(25, 27)
    assert plan.ready_by_end == F(25, 36)
    assert plan.per_tick == "an attempt, earning a construction point with probability 5/6"
    assert any("WAT-PONTOON-10" in a for a in plan.assumptions)  # hits are not counted
    assert not any("decisive" in a for a in plan.assumptions)  # no victory: section here
    assert plan.summary().startswith("br is open by initiative 5 with probability 69.4% (25/36)")


def test_wat_pontoon_plan_once_the_side_has_ended_its_initiative() -> None:
    """After the allies' initiative 1 passes without a crew, attempts come in 3 and 5 only:
    both must succeed, 25/36, and the bridge cannot open before the game ends (initiative 7)."""
    g = game()
    end(g)
    plan = g.task_plan("umpire", "br")
    assert plan.rows == (FinishRow(5, F(25, 36), F(25, 36)),)
    assert (plan.by_end, plan.ready_by_end) == (F(25, 36), 0)


def test_a_finished_site_needs_no_plan() -> None:
    g = game_of(
        [stand("e1", kind="engineer", place="br")],
        [],
        sites=[{"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 1,
                "built": 12}],
        water=(36, 12),
    )  # fmt: skip
    plan = g.task_plan(ALLIES, "br")
    assert (plan.status, plan.rows, plan.summary()) == ("done", (), "br is finished")


def test_an_unknown_site_is_refused_naming_the_seat_tasks() -> None:
    with pytest.raises(InputError, match=r"no task 'nope' in this seat's view \(tasks: br\)"):
        game().task_plan(AXIS, "nope")
