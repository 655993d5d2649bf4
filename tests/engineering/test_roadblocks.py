"""ENG-ROAD-01..06, AMB-ENG-22, -23: roadblocks.

Roadblock sites on a road along x = 0: s1 at (0, 5) in the open, s2 at (0, 15) in a wood, s3 at
(0, 25) by a farm. US engineers stand 0.7" short of each (y - 1.2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from minekit import act, engineers, game, modifiers, next_us_turn, placed, tank, troops, us_turn

from conftest import US, refused, unit
from kriegsspiel.registry import find_check

ROAD = {"id": "road", "kind": "road", "points": [[0, -10], [0, 40]], "line": True}
WOOD = {"id": "wood", "kind": "forest", "points": [[-5, 12], [5, 12], [5, 18], [-5, 18]]}
FARM = {"id": "farm", "kind": "built-up", "points": [[1.5, 22], [5, 22], [5, 28], [1.5, 28]]}


def table(*units: dict[str, Any], present: bool = False) -> Any:
    g = game(
        list(units),
        roadblocks=[
            placed("s1", (0, 5), present=present),
            placed("s2", (0, 15)),
            placed("s3", (0, 25), length=4),
        ],
        terrain=[ROAD, WOOD, FARM],
    )
    us_turn(g)
    return g


def condition(g: Any, sid: str = "s1") -> str:
    return str(g.state.obstacles[sid].condition)


def create(g: Any, unit_id: str, site: str, ip: int, da: int) -> None:
    act(g, "prepare-charge", ip, unit=unit_id, obstacle=site)
    next_us_turn(g)
    charge = f"{site}:roadblock:us"
    if g.state.demolitions[charge].prepared:
        act(g, "demolish", da, unit=unit_id, demolition=charge)


def test_eng_road_01_improve_position_check_prepares_the_site() -> None:
    """ENG-ROAD-01 / AMB-ENG-22: an engineer's engineering action and improve position check:
    success prepares the site, failure does not. (Clear road, -1: a 7 is needed.)"""
    g = table(engineers("e1", (0, 3.8)))
    act(g, "prepare-charge", 6, unit="e1", obstacle="s1")
    assert not g.state.demolitions["s1:roadblock:us"].prepared
    next_us_turn(g)
    act(g, "prepare-charge", 7, unit="e1", obstacle="s1")
    assert g.state.demolitions["s1:roadblock:us"].prepared


def test_eng_road_02_clear_road_minus_one() -> None:
    """ENG-ROAD-02: a road through clear ground with no trees: -1."""
    from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
    from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import roadblock

    g = table()
    assert g.state.obstacles["s1"].setting == "clear"
    assert modifiers(roadblock(DEFAULT_TABLES, 0, "clear"))["ENG-ROAD-02"] == -1
    assert dict(find_check("engineering.roadblock").check(road="clear").odds_table()) == {
        "failure": Fraction(3, 5),
        "success": Fraction(2, 5),
    }


def test_eng_road_03_forest_or_tree_lined_plus_one() -> None:
    """ENG-ROAD-03: a road through forest (or a tree-lined lane): +1; by a farm, neither."""
    from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
    from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import roadblock

    g = table(engineers("e1", (0, 13.8)))
    assert g.state.obstacles["s2"].setting == "wooded"
    assert g.state.obstacles["s3"].setting == "other"
    assert modifiers(roadblock(DEFAULT_TABLES, 0, "wooded"))["ENG-ROAD-03"] == 1
    act(g, "prepare-charge", 5, unit="e1", obstacle="s2")  # 5 + 1 = 6 succeeds
    assert g.state.demolitions["s2:roadblock:us"].prepared
    assert dict(find_check("engineering.roadblock").check(road="wooded").odds_table()) == {
        "failure": Fraction(2, 5),
        "success": Fraction(3, 5),
    }


def test_eng_road_04_demolition_creates_the_roadblock() -> None:
    """ENG-ROAD-04 / AMB-ENG-22: on a prepared site a demolition of 2-10 brings the roadblock
    down; it then blocks vehicles as an AT obstacle and lets troops through."""
    g = table(engineers("e1", (0, 3.8)), tank("v1", (0.5, 3.8)), troops("r1", (-0.5, 3.8)))
    create(g, "e1", "s1", ip=9, da=2)
    assert condition(g) == "present"
    assert refused(g, US, {"action": "move", "unit": "v1", "to": [0.5, 7]}).rule == "AMB-ENG-22"
    act(g, "move", unit="r1", to=[-0.5, 7])
    dud = table(engineers("e1", (0, 3.8)))
    create(dud, "e1", "s1", ip=9, da=1)
    assert condition(dud) == "none"


def test_eng_road_05_dozer_clears_it_with_two_actions() -> None:
    """ENG-ROAD-05 / AMB-ENG-23: a dozer in frontal contact: still there after one engineering
    action, gone after the second; side-on it is refused."""
    g = table(tank("z1", (0, 3.8), traits=["dozer"]), present=True)
    act(g, "doze", unit="z1", obstacle="s1")
    assert condition(g) == "present"
    next_us_turn(g)
    act(g, "doze", unit="z1", obstacle="s1")
    assert condition(g) == "none"
    side_on = table(tank("z1", (0, 3.8), traits=["dozer"], facing=90), present=True)
    assert refused(side_on, US, {"action": "doze", "unit": "z1", "obstacle": "s1"}).rule == (
        "ENG-ROAD-05"
    )


def test_eng_road_06_combat_engineers_clear_it_with_explosives() -> None:
    """ENG-ROAD-06: a non-engineer may not prepare it; two engineer preparations and a
    demolition of 2-10 remove it."""
    g = table(engineers("e1", (0, 3.8)), troops("r1", (0.5, 3.8)), present=True)
    r1 = {"action": "prepare-charge", "unit": "r1", "obstacle": "s1"}
    assert refused(g, US, r1).rule == "AMB-ENG-44"
    charge = "s1:roadblock-clearing:us"
    act(g, "prepare-charge", unit="e1", obstacle="s1")
    assert not g.state.demolitions[charge].prepared
    next_us_turn(g)
    act(g, "prepare-charge", unit="e1", obstacle="s1")
    next_us_turn(g)
    act(g, "demolish", 2, unit="e1", demolition=charge)
    assert condition(g) == "none"


def test_roadblock_site_without_engineers() -> None:
    """AMB-ENG-22: only engineers create roadblocks."""
    g = table(unit("r1", US, position=(0, 3.8)))
    action = {"action": "prepare-charge", "unit": "r1", "obstacle": "s1"}
    assert refused(g, US, action).rule == "AMB-ENG-44"
