"""AFV-MOVE-01..07 with AMB-AFV-14, -15 and SK-TABLE, SK-ROAD: the driver's rate, the tank
moving on every card of its side, roads, walls and buildings.

The standard table: Sherman s1 at (24, 10) facing 0 (up the table, +y); a second Sherman s2
far off at (4, 4) whose cards are "other cards of the US side"; a German team far away.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from afvkit import (
    DE,
    AfvGame,
    crew,
    crew_refused,
    draw,
    events,
    man,
    sherman,
    start,
    tags,
    team,
    vehicle,
)

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def table(speed: float = 0.0, facing: float = 0.0, **extra: Any) -> AfvGame:
    units = [
        sherman(speed=speed, facing=facing, cards=2),
        sherman("s2", position=(4.0, 4.0), cards=4),
        team("reds", [man("r1", "rifle", (44.0, 44.0))]),
    ]
    return start(units, **extra)


def at(game: AfvGame, vid: str = "s1") -> tuple[float, float]:
    x, y = vehicle(game, vid).position
    return (round(x, 3), round(y, 3))


def test_move_01_at_most_6_inches_per_card() -> None:
    """AFV-MOVE-01: a requested rate over 6" per card is rejected; 6" is allowed."""
    game = table()
    draw(game, "s1")
    assert crew_refused(game, "s1", "driver", "set-speed", speed=6.5).rule == "AFV-MOVE-01"
    crew(game, "s1", "driver", "set-speed", speed=6)
    draw(game, "s2")
    assert at(game) == (24.0, 16.0)


def test_move_02_rate_kept_until_a_crew_action_changes_it() -> None:
    """AFV-MOVE-02: a rate of 3" is kept on later cards; changing it to 5" needs a crew
    action: not on another unit's card, not by another crewman."""
    game = table(speed=3.0)
    draw(game, "s2")
    draw(game, "s2")
    assert at(game) == (24.0, 16.0)
    assert crew_refused(game, "s1", "driver", "set-speed", speed=5).rule == "SK-CARD"
    draw(game, "s1")
    assert crew_refused(game, "s1", "gunner", "set-speed", speed=5).rule == "AFV-CREW-03"
    assert vehicle(game).speed == 3.0


def test_move_03_keeps_moving_on_every_card_of_its_side() -> None:
    """AFV-MOVE-03: rate 4", three cards of its side, no crew actions: 12" moved. A card of
    the other side does not move it."""
    game = table(speed=4.0)
    draw(game, "reds")
    assert at(game) == (24.0, 10.0)
    for _ in range(3):
        draw(game, "s2")
    assert at(game) == (24.0, 22.0)


def test_move_04_no_start_or_stop_without_a_crew_card() -> None:
    """AFV-MOVE-04: a stationary tank stays put on a side card with no crew action; a moving
    one keeps moving; the driver's stop (on its own card) stops it."""
    game = table()
    draw(game, "s2")
    assert at(game) == (24.0, 10.0)
    game = table(speed=2.0)
    draw(game, "s1")
    assert at(game) == (24.0, 12.0)
    entry = crew(game, "s1", "driver", "set-speed", speed=0)
    assert "speed-set" in tags(entry)
    draw(game, "s2")
    assert at(game) == (24.0, 12.0)


def test_move_05_straight_on_open_ground_and_along_a_road() -> None:
    """AFV-MOVE-05: off the road it keeps going straight along its heading; set to follow a
    road, it follows the road's curve."""
    game = table(speed=5.0, facing=30.0)
    draw(game, "s2")
    assert at(game) == pytest.approx(
        (24 + 5 * math.sin(math.radians(30)), 10 + 5 * math.cos(math.radians(30))), abs=1e-3
    )
    road = {"id": "lane", "kind": "road", "line": True, "points": [[24, 10], [24, 20], [34, 30]]}
    game = table(speed=6.0, terrain=[road])
    draw(game, "s1")
    crew(game, "s1", "driver", "steer", road="lane")
    assert at(game) == (24.0, 16.0)  # it moved before the driver acted on this card
    draw(game, "s2")  # 6" more along the lane: 4" to the bend, 2" along the diagonal
    assert at(game) == pytest.approx((24 + 2 / math.sqrt(2), 20 + 2 / math.sqrt(2)), abs=1e-3)
    assert vehicle(game).facing == pytest.approx(45.0)


def test_sk_road_only_from_the_road() -> None:
    """SK-ROAD: the driver sets the vehicle to follow a road only within 1" of it."""
    road = {"id": "lane", "kind": "road", "line": True, "points": [[30, 0], [30, 40]]}
    game = table(terrain=[road])
    draw(game, "s1")
    assert crew_refused(game, "s1", "driver", "steer", road="lane").rule == "SK-ROAD"


WALL = {"id": "garden", "kind": "wall", "line": True, "points": [[20, 14], [28, 14]]}
HOUSE = {"id": "house", "kind": "building", "points": [[22, 13], [26, 13], [26, 18], [22, 18]]}


def test_move_06_through_a_wall_with_a_quarter_chance_of_a_broken_track() -> None:
    """AFV-MOVE-06 (AMB-AFV-15): the straight path meets a wall: the tank drives through it;
    P(broken track) = 1/4."""
    odds = dict(checks.broken_track(DEFAULT_TABLES).odds_table())
    assert odds == {"broken": Fraction(1, 4), "intact": Fraction(3, 4)}
    game = table(speed=6.0, terrain=[WALL])
    entry = draw(game, "s2", 26)  # 26 > 25: intact
    assert tuple(events(entry, "collided")[0]["at"]) == (24.0, 14.0)
    assert at(game) == (24.0, 16.0)
    game = table(speed=6.0, terrain=[WALL])
    entry = draw(game, "s2", 25, 40)  # broken; then the immobilised crew's morale test
    assert at(game) == (24.0, 14.0)
    assert vehicle(game).immobilised
    assert vehicle(game).speed == 0
    assert "immobilised-tested" in tags(entry)


def test_move_07_a_building_stops_it_at_contact() -> None:
    """AFV-MOVE-07: running into a building stops the tank at the point of contact, speed 0;
    P(broken track) = 1/4."""
    game = table(speed=6.0, terrain=[HOUSE])
    entry = draw(game, "s2", 26)
    assert events(entry, "collided")[0]["kind"] == "building"
    assert at(game) == (24.0, 13.0)
    assert vehicle(game).speed == 0
    assert not vehicle(game).immobilised
    draw(game, "s2")  # stopped: no further collision
    assert at(game) == (24.0, 13.0)


def test_amb_afv_14_the_driver_sets_any_rate_from_0_to_6() -> None:
    """AMB-AFV-14: only the crewman in the driver's position starts, stops or changes speed,
    with his one action on a crew card; any rate from 0 to 6"."""
    game = table()
    draw(game, "s1")
    for role in ("co-driver", "gunner", "loader", "commander"):
        assert crew_refused(game, "s1", role, "set-speed", speed=2.5).rule == "AFV-CREW-03"
    crew(game, "s1", "driver", "set-speed", speed=2.5)
    draw(game, "s2")
    assert at(game) == (24.0, 12.5)


def test_sk_table_the_edge_stops_a_vehicle() -> None:
    """SK-TABLE: a vehicle reaching the table edge stops there."""
    game = table(speed=6.0, table=[48, 14])
    entry = draw(game, "s2")
    assert "edge-reached" in tags(entry)
    assert at(game) == (24.0, 14.0)
    assert vehicle(game).speed == 0
    assert DE in game.seats
