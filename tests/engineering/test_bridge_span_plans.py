"""Plans of a pontoon bridge's spans in a live game (ENG-BRIDGE-13..17, AMB-ENG-25).

The German pontoon over the river needs 3 spans; Engineers e1 (dr 0) leads, t2 helps, with
equipment for every span. House improve position table: d10 + modifiers, 6 or more succeeds, a
natural 1 fails; the game lasts 4 turns.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec
import pytest
from fieldwork_kit import RIVER, engineers, scenario, troops
from test_bridges_spans import E1, T2, equipment, pontoon, span

from conftest import do, start
from kriegsspiel.core.task_plans import FinishRow
from kriegsspiel.errors import InputError

F = Fraction


def four_turns() -> Any:
    built = scenario(
        [E1, T2, troops("watch", "us", (30, 40))],
        terrain=[RIVER],
        bridges=[pontoon()],
        bridging=equipment(3),
    )
    return start(msgspec.structs.replace(built, turns=4))


@pytest.mark.parametrize("seat", ["german", "us"])  # the work is declared to everyone
def test_eng_bridge_13_the_spans_left_one_attempt_a_turn(seat: str) -> None:
    """The first span is placed in turn 1 (6 + 1 for a helper: ENG-BRIDGE-16); the attempt of
    turn 1 is made (AMB-ENG-25), so turns 2..4 remain, each at d10 + 1 >= 6 without a natural 1:
    faces 5..10, 3/5. Both spans by turn 3: (3/5)^2 = 9/25; the second in turn 4:
    C(2,1) (3/5)^2 (2/5) = 36/125; built before the end 81/125."""
    game = four_turns()
    do(game, "german", span("e1", "t2"), 6)
    plan = game.task_plan(seat, "pontoon")
    assert (plan.progress, plan.required, plan.clock, plan.ready_word) == (1, 3, "turn", "built")
    assert plan.rows == (FinishRow(3, F(9, 25), F(9, 25)), FinishRow(4, F(36, 125), F(81, 125)))
    assert plan.by_end == F(81, 125)
    assert plan.per_tick == "a span attempt, placing a span with probability 3/5"
    assert any("AMB-ENG-25" in a for a in plan.assumptions)


def test_eng_bridge_14_a_lone_primary_builders_dr() -> None:
    """Before any attempt no builder is at work (stalled). A lone primary with dr -1 fails its
    turn 1 attempt (a 2) and is the crew from then on: d10 - 1 >= 6, faces 7..10, 2/5 a turn
    over turns 2..4, 3 spans in 3 attempts: (2/5)^3 = 8/125, all in turn 4."""
    lone = engineers("e1", "german", (10.5, 19.5), dr=-1)
    built = scenario([lone], terrain=[RIVER], bridges=[pontoon()], bridging=equipment(3))
    game = start(msgspec.structs.replace(built, turns=4))
    before = game.task_plan("german", "pontoon")
    assert (before.status, before.rows, before.by_end) == ("stalled", (), F(0))
    do(game, "german", span("e1"), 2)
    plan = game.task_plan("german", "pontoon")
    assert plan.rows == (FinishRow(4, F(8, 125), F(8, 125)),)
    assert plan.by_end == F(8, 125)
    with pytest.raises(InputError, match=r"no task 'nope' in this seat's view \(tasks: pontoon\)"):
        game.task_plan("german", "nope")  # the bridge being built is listed with the tasks
