"""ENG-MINE-19..24, -31 and AMB-ENG-11, -12, -46: laying surface minefields and dummies in play.

US engineers e1, e2, e3 (and e4) stand along y = 3.8, within 1" of the section they lay at
(0, 5). No German unit can fire, so each engineering action resolves at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from minekit import act, engineers, game, next_us_turn, us_turn

from conftest import US, refused
from kriegsspiel.core.tasks import Task

SECTION = "us/field-1"
AT = [0, 5]


def crew(n: int, **kw: Any) -> Any:
    g = game([engineers(f"e{i + 1}", (i * 0.5, 3.8)) for i in range(n)], **kw)
    us_turn(g)
    return g


def lay(g: Any, unit: str, kind: str = "AT", section: str = SECTION) -> Any:
    if section not in g.state.layings and section not in g.state.minefields:
        return act(g, "lay-minefield", unit=unit, type=kind, at=AT)
    return act(g, "lay-minefield", unit=unit, type=kind, section=section)


def turns_to_lay(stands: int, kind: str = "AT") -> int:
    """Play turns, every stand laying once a turn, until the section exists."""
    g = crew(stands)
    turns = 0
    while SECTION not in g.state.minefields:
        turns += 1
        for i in range(stands):
            if SECTION not in g.state.minefields:
                lay(g, f"e{i + 1}", kind)
        if SECTION not in g.state.minefields:
            next_us_turn(g)
    return turns


def test_eng_mine_20_platoon_supply_one_scattered_section() -> None:
    """ENG-MINE-20 / AMB-ENG-11: by default a platoon's mines make one scattered section of one
    type; a second field by the same platoon is refused unless the scenario raises the supply."""
    g = crew(1)
    assert g.view(US)["mine_supply"] == {"us:engineers": 1}
    lay(g, "e1")
    assert g.view(US)["mine_supply"] == {"us:engineers": 0}
    assert g.state.layings[SECTION].density == "scattered"
    next_us_turn(g)
    second = {"action": "lay-minefield", "unit": "e1", "type": "AP", "at": [4, 5]}
    assert refused(g, US, second).rule == "ENG-MINE-20"
    platoon = {"id": "1st", "side": US, "units": ["e1"], "mines": 2}
    more = crew(1, platoons=[platoon])
    lay(more, "e1")
    next_us_turn(more)
    act(more, "lay-minefield", unit="e1", type="AP", at=[1.5, 5])
    assert set(more.state.layings) == {SECTION, "us/field-2"}


def test_eng_mine_21_nine_actions_per_section() -> None:
    """ENG-MINE-21: after 8 engineering actions no field exists; after the 9th it does."""
    g = crew(3)
    done = 0
    while done < 8:
        for unit in ("e1", "e2", "e3")[: 8 - done]:
            lay(g, unit)
            done += 1
        if done < 8:
            next_us_turn(g)
    assert g.state.tasks["lay:us/field-1:AT"].progress == 8
    assert SECTION not in g.state.minefields
    lay(g, "e3")
    field = g.state.minefields[SECTION]
    assert (field.at, field.ap, field.laid) == ("scattered", None, "surface")


def test_eng_mine_22_at_most_three_stands_pool() -> None:
    """ENG-MINE-22: a fourth stand contributing to the same field is refused."""
    g = crew(4)
    for unit in ("e1", "e2", "e3"):
        lay(g, unit)
    action = {"action": "lay-minefield", "unit": "e4", "type": "AT", "section": SECTION}
    assert refused(g, US, action).rule == "ENG-MINE-22"


def test_eng_mine_23_nine_five_three_turns() -> None:
    """ENG-MINE-23, worked example: one stand lays a section in 9 turns at the earliest, two in
    5, three in 3 (ceil(9/n), one engineering action a stand a turn, AMB-ENG-46)."""
    task = Task("t", "lay-mines", "lay", US, required=9, workers=3)
    assert [task.turns_needed(n) for n in (1, 2, 3)] == [9, 5, 3]
    assert [turns_to_lay(n) for n in (1, 2, 3)] == [9, 5, 3]


def test_eng_mine_24_mixed_section_is_two_tasks() -> None:
    """ENG-MINE-24: one type at a time: a mixed section takes an AT task and then an AP task,
    18 engineering actions in all; a single task of mixed type is refused."""
    platoon = {"id": "1st", "side": US, "units": ["e1", "e2", "e3"], "mines": 2}
    g = crew(3, platoons=[platoon])
    mixed = {"action": "lay-minefield", "unit": "e1", "type": "mixed", "at": AT}
    assert refused(g, US, mixed).rule == "ENG-MINE-24"
    actions = 0
    for kind in ("AT", "AP"):
        while g.state.minefields.get(SECTION) is None or (
            kind == "AP" and g.state.minefields[SECTION].ap is None
        ):
            for unit in ("e1", "e2", "e3"):
                field = g.state.minefields.get(SECTION)
                if kind == "AP" and field is not None and field.ap is not None:
                    break
                if kind == "AT" and field is not None:
                    break
                lay(g, unit, kind)
                actions += 1
            next_us_turn(g)
    assert actions == 18
    field = g.state.minefields[SECTION]
    assert field.type == "mixed"
    assert (field.at, field.ap) == ("scattered", "scattered")


def test_eng_mine_31_dummy_takes_five_actions() -> None:
    """ENG-MINE-31: a dummy is incomplete after 4 engineering actions, complete after the 5th,
    and takes no mines from the platoon."""
    g = crew(3)
    for unit in ("e1", "e2", "e3"):
        lay(g, unit, "dummy")
    next_us_turn(g)
    lay(g, "e1", "dummy")
    assert SECTION not in g.state.minefields
    lay(g, "e2", "dummy")
    assert g.state.minefields[SECTION].type == "dummy"
    assert g.view(US)["mine_supply"] == {"us:engineers": 1}


def test_amb_eng_12_dummy_pooled_five_three_two_turns() -> None:
    """AMB-ENG-12: up to three stands pool on a dummy: 5, 3 and 2 turns."""
    assert [turns_to_lay(n, "dummy") for n in (1, 2, 3)] == [5, 3, 2]


def test_eng_mine_19_fields_laid_in_play_are_surface_laid() -> None:
    """ENG-MINE-19 / AMB-ENG-10: a section laid in play is surface-laid (and so spottable)."""
    assert turns_to_lay(3) == 3
    g = crew(3)
    for _ in range(3):
        for unit in ("e1", "e2", "e3"):
            lay(g, unit)
        next_us_turn(g)
    assert g.state.minefields[SECTION].laid == "surface"


def test_laying_is_engineer_work() -> None:
    """AMB-ENG-44: only engineer stands lay mines; ENG-ACT-03 / AMB-ENG-46: one engineering
    action a unit a turn."""
    g = game(
        [
            engineers("e1", (0, 3.8)),
            {"id": "r1", "side": US, "kind": "troops", "position": [1, 3.8]},
        ]
    )
    us_turn(g)
    r1 = {"action": "lay-minefield", "unit": "r1", "type": "AT", "at": AT}
    assert refused(g, US, r1).rule == "AMB-ENG-44"
    lay(g, "e1")
    again = {"action": "lay-minefield", "unit": "e1", "type": "AT", "section": SECTION}
    assert refused(g, US, again).rule == "ENG-ACT-03"


@pytest.mark.parametrize("kind", ["AP", "dummy"])
def test_eng_mine_24_a_section_is_laid_with_one_type(kind: str) -> None:
    """ENG-MINE-24: work on a section goes on with the type it was begun with."""
    g = crew(2)
    lay(g, "e1")
    action = {"action": "lay-minefield", "unit": "e2", "type": kind, "section": SECTION}
    assert refused(g, US, action).rule == "ENG-MINE-24"


def laying_task(g: Any, seat: str = US) -> dict[str, Any]:
    return next(t for t in g.view(seat)["tasks"] if t["id"] == "lay:us/field-1:AT")


def test_eng_mine_23_the_task_shows_the_stands_at_work_and_their_turns_left() -> None:
    """ENG-MINE-23: "9 turns with one stand, 5 turns with two and 3 turns with three": a task's
    view counts the stands working on it (ENG-ACT-13: not knocked out or disordered), at most
    three (ENG-MINE-22), and its turns left at one action each a turn, ceil(remaining / n)."""
    g = crew(3)
    lay(g, "e1")  # one stand alone: 8 left, 8 turns
    seen = laying_task(g)
    assert (seen["working"], seen["workers"], seen["most_workers"]) == (["e1"], 1, 3)
    assert seen["turns_left"] == 8
    next_us_turn(g)
    lay(g, "e1")
    lay(g, "e2")  # two stands: 6 left, 3 turns
    seen = laying_task(g)
    assert (seen["working"], seen["workers"], seen["turns_left"]) == (["e1", "e2"], 2, 3)
    act(g, "set-status", seat="umpire", unit="e1", status="disordered")
    seen = laying_task(g)  # e2 alone: 6 turns
    assert (seen["working"], seen["workers"], seen["turns_left"]) == (["e2"], 1, 6)
    assert seen["contributors"] == ["e1", "e2"]
