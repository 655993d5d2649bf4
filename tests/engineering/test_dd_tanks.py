"""Battlefront's DD Shermans (ENG-FUNNY-03..08, AMB-ENG-37): this game's d10 swamping roll.

Separate from any other ruleset's DD tank (README: the engineering and waterborne DDs never share
state or code). US DD tanks swim in the sea below y = 0; Germans hold the shore. Fire table:
d10 + strength; 5-6 S, 7-8 D, 9+ KO.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fieldwork_kit import SEA, game, troops, vehicle

from conftest import advance_to, do, end_phase, refused, tags
from kriegsspiel.registry import find_check


def setup(*, rough: bool = False, dd_at: tuple[float, float] = (10, -6)) -> Any:
    g = game(
        [
            vehicle("dd", "us", dd_at, card="US-02", traits=["dd"], speed=12, attack={"T": 3}),
            vehicle("sherman", "us", (20, 2), card="US-02", speed=12, attack={"T": 3}),
            troops("mg", "german", (10, 8), attack={"V": 4, "T": 3}),
        ],
        terrain=[SEA],
        options={"rough_water": rough},
    )
    advance_to(g, 1, "us")
    return g


def move(unit: str, to: tuple[float, float]) -> dict[str, Any]:
    return {"action": "move", "unit": unit, "to": list(to)}


def moved(g: Any, unit: str, to: tuple[float, float]) -> None:
    """A US move the Germans let go without opportunity fire (BF-DEFAULT-OPFIRE)."""
    do(g, "us", move(unit, to))
    do(g, "german", {"action": "pass"})


def test_eng_funny_03_a_dd_swims_4_inches_per_movement_action() -> None:
    """ENG-FUNNY-03: DD in deep water -> 4" per movement action; an ordinary Sherman -> water is
    impassable."""
    g = setup()
    assert refused(g, "us", move("dd", (10, -1))).rule == "ENG-FUNNY-03"  # 5" of water
    moved(g, "dd", (10, -2))
    assert g.view("german")["units"][0]["swimming"] is True
    assert refused(g, "us", move("sherman", (20, -2))).rule == "ENG-FUNNY-03"


def test_eng_funny_04_skirts_dropped_a_normal_sherman() -> None:
    """ENG-FUNNY-04 with AMB-ENG-37: dropping the skirts is free, one-way and on land; then it is
    a US-02 Sherman that can no longer swim (and can fire)."""
    g = setup(dd_at=(10, 1))
    left = g.state.actions_left("dd")
    do(g, "us", {"action": "drop-skirts", "unit": "dd"})
    assert g.state.actions_left("dd") == left
    seen = g.view("german")["units"][0]
    assert (seen["card"], seen["skirts"]) == ("US-02", "dropped")
    assert refused(g, "us", move("dd", (10, -2))).rule == "ENG-FUNNY-03"
    assert refused(g, "us", {"action": "drop-skirts", "unit": "dd"}).rule == "ENG-FUNNY-04"
    advance_to(g, 1, "us", "offensive_fire")
    do(g, "us", {"action": "fire", "unit": "dd", "target": "mg"}, 1)


def test_amb_eng_37_skirts_drop_only_on_land() -> None:
    """AMB-ENG-37: in the water the skirts stay up."""
    g = setup()
    assert refused(g, "us", {"action": "drop-skirts", "unit": "dd"}).rule == "AMB-ENG-37"


@pytest.mark.parametrize(("face", "sunk"), [(1, True), (2, False)])
def test_eng_funny_05_a_swamping_roll_after_each_phase_it_swam(face: int, sunk: bool) -> None:
    """ENG-FUNNY-05: at the end of the movement phase a DD swam, d10: a 1 sinks it."""
    g = setup()
    moved(g, "dd", (10, -2))
    entry = do(g, "us", {"action": "end-phase"}, face)
    assert "swamping-rolled" in tags(entry)
    assert (g.state.units["dd"].status == "knocked-out") is sunk


def test_eng_funny_05_no_roll_without_swimming_and_the_odds() -> None:
    """ENG-FUNNY-05: no swim, no roll; P(sink) = 1/10 a phase, survival over 3 phases 0.9^3."""
    g = setup(dd_at=(10, 1))
    moved(g, "dd", (10, 3))
    assert "swamping-rolled" not in tags(do(g, "us", {"action": "end-phase"}))
    odds = find_check("engineering.dd-swamping").check().odds()
    assert odds["sinks"] == Fraction(1, 10)
    assert odds["swims"] ** 3 == Fraction(729, 1000)


def test_eng_funny_06_rough_water_sinks_on_1_or_2() -> None:
    """ENG-FUNNY-06 with AMB-ENG-37: -1 in rough water, a modified 1 or less sinks: P = 2/10."""
    assert find_check("engineering.dd-swamping").check(**{"rough-water": True}).odds()[
        "sinks"
    ] == Fraction(1, 5)
    g = setup(rough=True)
    moved(g, "dd", (10, -2))
    do(g, "us", {"action": "end-phase"}, 2)
    assert g.state.units["dd"].status == "knocked-out"
    g = setup(rough=True)
    moved(g, "dd", (10, -2))
    do(g, "us", {"action": "end-phase"}, 3)
    assert g.state.units["dd"].status == "ok"


@pytest.mark.parametrize(
    ("face", "status"),
    [(1, "suppressed"), (3, "knocked-out"), (5, "knocked-out")],  # 5: S, 7: D, 9: KO
)
def test_eng_funny_07_any_disorder_destroys_a_swimming_dd(face: int, status: str) -> None:
    """ENG-FUNNY-07: DISORDER (or KO) on a swimming DD -> destroyed; SUPPRESS -> suppressed."""
    g = setup()
    moved(g, "dd", (10, -2))
    do(g, "us", {"action": "end-phase"}, 5)  # it swims on
    entry = do(g, "german", {"action": "fire", "unit": "mg", "target": "dd"}, face)
    assert g.state.units["dd"].status == status
    assert ("dd-swamped" in tags(entry)) is (face == 3)


def test_eng_funny_08_no_fire_while_swimming() -> None:
    """ENG-FUNNY-08: a fire declaration by a swimming DD is refused; AMB-ENG-37: nor on land with
    its skirts up."""
    g = setup()
    advance_to(g, 1, "us", "offensive_fire")
    assert (
        refused(g, "us", {"action": "fire", "unit": "dd", "target": "mg"}, 1).rule == "ENG-FUNNY-08"
    )
    g = setup(dd_at=(10, 1))
    advance_to(g, 1, "us", "offensive_fire")
    assert (
        refused(g, "us", {"action": "fire", "unit": "dd", "target": "mg"}, 1).rule == "AMB-ENG-37"
    )
    end_phase(g)  # no opportunity or defensive fire either, while swimming
