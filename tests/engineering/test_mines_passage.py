"""ENG-MINE-01..09 and -14, AMB-ENG-01, -09: the passage roll, its modifiers and who rolls.

The standard table: a German minefield section f1 at (0, 5), 2" long across x and 1" deep in y,
known to the US (so US players see their rolls). US units stand at (0, 3.8), 0.7" from its edge.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from minekit import (
    act,
    events,
    field,
    game,
    modifiers,
    passage_face,
    section,
    tank,
    troops,
    us_turn,
)

from conftest import US, refused
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
from kriegsspiel.rulesets.engineering.minefields.passage import passage_check
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import parts_of

EDGE = (0.0, 3.8)


def table(units: list[dict[str, Any]], *, options: dict[str, Any] | None = None, **kw: Any) -> Any:
    g = game(units, minefields=[field("f1", (0, 5), known_to=[US], **kw)], options=options)
    us_turn(g)
    return g


def check_for(g: Any, unit_id: str, **kw: Any) -> Any:
    return passage_check(g.state, DEFAULT_TABLES, g.state.spec(unit_id), section(g, "f1"), **kw)


def odds(**params: Any) -> dict[str, Fraction]:
    return dict(find_check("engineering.mine-passage").check(**params).odds_table())


def test_eng_mine_01_the_configured_chart_decides_die_plus_modifiers() -> None:
    """ENG-MINE-01 / AMB-ENG-01: the house chart at net 0 (KO 1/10, disordered 2/10, halted 2/10,
    traverse 5/10); a scenario's own chart replaces it and decides the same roll."""
    assert odds() == {
        "knocked-out": Fraction(1, 10),
        "disordered": Fraction(1, 5),
        "halted": Fraction(1, 5),
        "traverse": Fraction(1, 2),
    }
    ours = {
        "title": "our rulebook",
        "dice": "d10",
        "rules": ["ENG-MINE-01"],
        "bands": [
            {"max": 1, "outcome": "knocked-out"},
            {"min": 2, "max": 3, "outcome": "disordered"},
            {"min": 4, "max": 8, "outcome": "halted"},
            {"min": 9, "outcome": "traverse"},
        ],
    }
    for tables, outcome in (({}, "traverse"), ({"mine-passage": ours}, "halted")):
        g = game(
            [troops("r1", EDGE)],
            minefields=[field("f1", (0, 5), type="AP", known_to=[US])],
            tables=tables,
        )
        us_turn(g)
        entry = act(g, "cross", 7, unit="r1", obstacle="f1")  # AP, normal, buried, dr 0: 7 + 0
        assert events(entry, "passage-rolled")[0]["outcome"] == outcome


@pytest.mark.parametrize(("density", "value"), [("dense", -1), ("scattered", 1), ("normal", 0)])
def test_eng_mine_02_density_modifier(density: str, value: int) -> None:
    """ENG-MINE-02: dense -1, scattered +1, normal 0."""
    g = table([troops("r1", EDGE)], type="AP", density=density)
    assert modifiers(check_for(g, "r1")).get("ENG-MINE-02", 0) == value


def test_eng_mine_02_density_odds() -> None:
    """ENG-MINE-02: traverse on 6+: dense needs a 7 (4/10), scattered a 5 (6/10)."""
    assert odds(density="dense")["traverse"] == Fraction(2, 5)
    assert odds(density="scattered")["traverse"] == Fraction(3, 5)


@pytest.mark.parametrize(("laid", "value"), [("surface", 1), ("buried", 0)])
def test_eng_mine_03_surface_laid_plus_one(laid: str, value: int) -> None:
    """ENG-MINE-03: surface-laid +1, buried 0."""
    g = table([troops("r1", EDGE)], type="AP", laid=laid)
    assert modifiers(check_for(g, "r1")).get("ENG-MINE-03", 0) == value


def test_eng_mine_04_following_a_lane_plus_one() -> None:
    """ENG-MINE-04: a unit following a traversed path or marked lane gets +1."""
    g = table([troops("r1", EDGE)], type="AP")
    assert modifiers(check_for(g, "r1", lane=True))["ENG-MINE-04"] == 1
    assert "ENG-MINE-04" not in modifiers(check_for(g, "r1"))


def test_eng_mine_05_tracked_vehicle_in_ap_field() -> None:
    """ENG-MINE-05: tracked in an AP field +1; wheeled in an AP field 0; tracked in AT 0."""
    units = [tank("t1", EDGE), tank("w1", (1, 3.8), traits=["wheeled"])]
    ap = table(units, type="AP")
    assert modifiers(check_for(ap, "t1"))["ENG-MINE-05"] == 1
    assert "ENG-MINE-05" not in modifiers(check_for(ap, "w1"))
    at = table(units, type="AT")
    assert "ENG-MINE-05" not in modifiers(check_for(at, "t1"))


@pytest.mark.parametrize("dr", [-1, 2])
def test_eng_mine_06_discipline_rating_added(dr: int) -> None:
    """ENG-MINE-06: dr -1 gives -1, dr +2 gives +2."""
    g = table([troops("r1", EDGE, dr=dr)], type="AP")
    assert modifiers(check_for(g, "r1"))["ENG-MINE-06"] == dr


def test_eng_mine_07_combat_engineer_stand() -> None:
    """ENG-MINE-07: an engineer stand +1; ordinary infantry 0."""
    g = table([troops("e1", EDGE, traits=["engineer"]), troops("r1", (1, 3.8))], type="AP")
    assert modifiers(check_for(g, "e1"))["ENG-MINE-07"] == 1
    assert "ENG-MINE-07" not in modifiers(check_for(g, "r1"))


def test_eng_mine_08_rapid_advance_minus_one() -> None:
    """ENG-MINE-08: Rapid Advance -1, on a crossing declared `rapid`: a 6 (traverse at 0) is a
    halt at -1."""
    g = table([troops("r1", EDGE)], type="AP")
    assert modifiers(check_for(g, "r1", rapid=True))["ENG-MINE-08"] == -1
    entry = act(g, "cross", 6, unit="r1", obstacle="f1", rapid=True)
    rolled = events(entry, "passage-rolled")[0]
    assert rolled["results"][0]["total"] == 5
    assert rolled["outcome"] == "halted"


def test_eng_mine_09_modifiers_are_cumulative() -> None:
    """ENG-MINE-09: an engineer stand, dr +1, following a marked lane through a scattered,
    surface-laid AP field: +1+1+1+1+1 = +5 (always traverses); a tracked vehicle, dr 0, rapid
    advance, dense buried AP field: -1+1-1 = -1."""
    g = table(
        [troops("e1", EDGE, traits=["engineer"], dr=1)],
        type="AP",
        density="scattered",
        laid="surface",
    )
    assert check_for(g, "e1", lane=True).modifier_total == 5
    assert odds(density="scattered", laid="surface", lane=True, dr=1, engineer=True) == {
        "knocked-out": Fraction(0),
        "disordered": Fraction(0),
        "halted": Fraction(0),
        "traverse": Fraction(1),
    }
    t = table([tank("t1", EDGE)], type="AP", density="dense")
    assert check_for(t, "t1", rapid=True).modifier_total == -1
    assert odds(density="dense", **{"tracked-in-ap": True, "rapid-advance": True}) == {
        "knocked-out": Fraction(1, 5),  # d10 - 1 <= 1: faces 1, 2
        "disordered": Fraction(1, 5),  # 3, 4
        "halted": Fraction(1, 5),  # 5, 6
        "traverse": Fraction(2, 5),  # 7..10
    }


def test_eng_mine_14_troops_do_not_roll_in_at_fields() -> None:
    """ENG-MINE-14: infantry in an AT-only field makes no roll (no dice are given, none are
    used); in AP or mixed fields it rolls; any vehicle rolls in AT, AP or mixed fields."""
    at = table([troops("r1", EDGE), tank("t1", (1, 3.8))], type="AT")
    entry = act(at, "cross", unit="r1", obstacle="f1")
    assert events(entry, "passage-free")[0]["rule"] == "ENG-MINE-14"
    assert check_for(at, "t1") is not None
    for kind in ("AP", "mixed"):
        g = table([troops("r1", EDGE), tank("t1", (1, 3.8))], type=kind)
        assert check_for(g, "r1") is not None
        assert check_for(g, "t1") is not None


def test_amb_eng_09_mixed_fields_troops_once_vehicles_twice() -> None:
    """AMB-ENG-09: troops roll once against the AP mines; a vehicle rolls against each part
    (the tracked +1 on the AP roll only) and takes the worse result."""
    g = table(
        [troops("r1", EDGE), tank("t1", (1, 3.8))], at_density="normal", ap_density="scattered"
    )
    infantry = check_for(g, "r1")
    assert len(parts_of(infantry)) == 1
    assert modifiers(infantry)["ENG-MINE-02"] == 1  # the AP part is scattered
    vehicle = check_for(g, "t1")
    at_roll, ap_roll = parts_of(vehicle)
    assert "ENG-MINE-05" not in modifiers(at_roll)
    assert modifiers(ap_roll)["ENG-MINE-05"] == 1
    # AT normal: 6+ traverses; AP scattered +1 tracked +1: 4+. Worse of the two.
    entry = act(g, "cross", 7, 2, unit="t1", obstacle="f1")
    rolled = events(entry, "passage-rolled")[0]
    assert [r["outcome"] for r in rolled["results"]] == ["traverse", "halted"]
    assert rolled["outcome"] == "halted"
    mixed = dict(
        find_check("engineering.mine-passage-mixed")
        .check(tracked=True, **{"ap-density": "scattered"})
        .odds_table()
    )
    # P(traverse) = P(AT >= 6) * P(AP >= 4) = 1/2 * 7/10
    assert mixed["traverse"] == Fraction(7, 20)
    # knocked out only by the AT roll (AP needs d10 + 2 <= 1): 1/10
    assert mixed["knocked-out"] == Fraction(1, 10)


def test_amb_eng_09_option_mixed_single_roll_uses_the_denser_part() -> None:
    """AMB-ENG-09 option `mixed_single_roll`: one roll, against the denser component."""
    g = table(
        [tank("t1", EDGE)],
        options={"mixed_single_roll": True},
        at_density="normal",
        ap_density="scattered",
    )
    check = check_for(g, "t1")
    assert len(parts_of(check)) == 1
    assert modifiers(check).get("ENG-MINE-02", 0) == 0  # normal, the denser


def test_passage_results_apply_to_the_unit() -> None:
    """BF-DEFAULT-MINES: knocked out and disordered results strike the unit and stop it at the
    field's edge; halted stops it; traverse takes it across (2.4" straight over)."""
    for outcome, status, moved in (
        ("knocked-out", "knocked-out", False),
        ("disordered", "disordered", False),
        ("halted", "ok", False),
        ("traverse", "ok", True),
    ):
        g = table([troops("r1", EDGE)], type="AP")
        act(g, "cross", passage_face(outcome, 0), unit="r1", obstacle="f1")
        u = g.state.units["r1"]
        assert u.status == status
        assert u.position == ((0.0, 6.2) if moved else EDGE)


def test_crossing_refused_unless_conformed() -> None:
    """BF-CONFORM: a unit crosses from the field's edge (within 1")."""
    g = table([troops("r1", (0, 2))], type="AP")
    assert refused(g, US, {"action": "cross", "unit": "r1", "obstacle": "f1"}).rule == "BF-CONFORM"
