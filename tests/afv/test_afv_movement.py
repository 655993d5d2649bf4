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
    US,
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

from kriegsspiel.errors import InputError
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


# -- following a road meets walls, buildings and the edge as a straight path does ----------------

BEND = {"id": "lane", "kind": "road", "line": True, "points": [[24, 10], [24, 14], [34, 24]]}
ACROSS = {"id": "hedge-wall", "kind": "wall", "line": True, "points": [[25, 0], [25, 30]]}


def on_the_lane(*terrain: dict[str, Any], **extra: Any) -> AfvGame:
    """s1 at the lane's start, set by its driver to follow it at 6" (on its two cards)."""
    game = table(terrain=[BEND, *terrain], **extra)
    draw(game, "s1")
    crew(game, "s1", "driver", "steer", road="lane")
    draw(game, "s1")
    crew(game, "s1", "driver", "set-speed", speed=6)
    return game


def test_move_06_a_road_through_a_wall_rolls_for_the_track() -> None:
    """AFV-MOVE-06 with AMB-AFV-15: the road-following path (4" up the lane, then along the
    diagonal) crosses a wall at (25, 15): the tank drives through it and keeps to the road,
    or breaks a track there with a d100 of 25 or less."""
    game = on_the_lane(ACROSS)
    entry = draw(game, "s2", 26)
    assert tuple(events(entry, "collided")[0]["at"]) == (25.0, 15.0)
    assert at(game) == (round(24 + math.sqrt(2), 3), round(14 + math.sqrt(2), 3))
    assert vehicle(game).road == "lane"
    assert vehicle(game).facing == pytest.approx(45.0)
    game = on_the_lane(ACROSS)
    entry = draw(game, "s2", 25, 40)  # broken; then the immobilised crew's morale test
    assert at(game) == (25.0, 15.0)
    assert vehicle(game).immobilised
    assert "immobilised-tested" in tags(entry)


def test_move_06_road_odds_are_those_of_a_straight_path() -> None:
    """AFV-MOVE-06: the draw's exact odds: one of s2's 4 cards among the 5 left (4/5) moves
    s1 along the lane into the wall, and then P(broken track) = 1/4, each broken track
    followed by the immobilised test (1-50 stay, 51+ abandon: 1/2 each)."""
    game = on_the_lane(ACROSS)
    odds = game.odds(US, {"action": "draw"}, budget=10**9)
    assert odds.exact
    got = {o.summary: o.probability for o in odds.outcomes}
    through = "card 3 is s2's card (us); s1 moves to 25.0,15.0; s1 drives through hedge-wall: "
    broken = through + "breaks a track; s1 breaks a track and is immobilised; s1's crew "
    assert got == {
        "card 3 is reds's card (german)": Fraction(1, 5),
        through + "its tracks hold; s1 moves to 25.4,15.4": Fraction(4, 5) * Fraction(3, 4),
        broken + "may stay aboard": Fraction(4, 5) * Fraction(1, 4) * Fraction(1, 2),
        broken + "must abandon it": Fraction(4, 5) * Fraction(1, 4) * Fraction(1, 2),
    }


def test_move_07_past_the_road_end_a_building_stops_it() -> None:
    """AFV-MOVE-07: driving straight on past the end of the road it follows, the tank runs
    into a building 1" beyond: it stops at the contact point, speed 0, no longer on the road."""
    end = {"id": "lane", "kind": "road", "line": True, "points": [[24, 10], [24, 14]]}
    barn = {"id": "barn", "kind": "building", "points": [[22, 15], [26, 15], [26, 18], [22, 18]]}
    game = table(terrain=[end, barn])
    draw(game, "s1")
    crew(game, "s1", "driver", "steer", road="lane")
    draw(game, "s1")
    crew(game, "s1", "driver", "set-speed", speed=6)
    entry = draw(game, "s2", 26)
    assert [e["kind"] for e in events(entry, "collided")] == ["building"]
    assert at(game) == (24.0, 15.0)
    assert vehicle(game).speed == 0
    assert vehicle(game).road is None


def test_amb_afv_15_a_road_into_a_building_is_refused_at_load() -> None:
    """AMB-AFV-15 with AFV-MOVE-07: a road running into a building would stop every vehicle
    following it, so the scenario is refused, naming its file, the road and the building."""
    house = {"id": "inn", "kind": "building", "points": [[30, 18], [36, 18], [36, 22], [30, 22]]}
    with pytest.raises(InputError) as err:
        table(terrain=[BEND, house])
    assert str(err.value) == (
        "test.yaml: terrain: road 'lane': runs into building 'inn', where a vehicle following "
        "it would be stopped (AFV-MOVE-07)"
    )
    touching = {"id": "shed", "kind": "building", "points": [[20, 10], [24, 10], [24, 8]]}
    assert table(terrain=[BEND, touching]).state.scenario.shapes.roads["lane"]


def test_move_01_joining_the_road_counts_against_the_rate() -> None:
    """AFV-MOVE-01 with SK-ROAD: from half an inch beside the road, the hop onto it is part of
    the card's 6": 0.5" across, then 5.5" along."""
    lane = {"id": "lane", "kind": "road", "line": True, "points": [[24.5, 0], [24.5, 48]]}
    game = table(terrain=[lane])
    draw(game, "s1")
    crew(game, "s1", "driver", "steer", road="lane")
    draw(game, "s1")
    crew(game, "s1", "driver", "set-speed", speed=6)
    draw(game, "s2")
    assert at(game) == (24.5, 15.5)


def test_sk_table_the_edge_stops_a_road_follower_and_lets_it_back_in() -> None:
    """SK-TABLE: following a road off the table, the vehicle stops at the edge; from the edge
    it may drive back onto the table (only a crossing outwards stops it)."""
    game = on_the_lane(table=[48, 12])
    entry = draw(game, "s2")
    assert "edge-reached" in tags(entry)
    assert at(game) == (24.0, 12.0)
    game = start([sherman(position=(24.0, 0.0), speed=6.0), sherman("s2", position=(4.0, 4.0))])
    draw(game, "s2")
    assert at(game) == (24.0, 6.0)
