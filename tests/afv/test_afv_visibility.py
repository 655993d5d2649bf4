"""AFV-VIS-01..08 with AMB-AFV-02, -07, -08, -09: vision arcs per crewman, from the hull
facing, the turret bearing and his hatch; each acquire is one crewman's d100.

The standard table: Sherman s1 at (24, 10) facing 0 (up the table), commander unbuttoned,
everyone else buttoned; German riflemen placed at a bearing and distance from it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from afvkit import (
    DE,
    AfvGame,
    acquire,
    crew,
    crew_refused,
    crewman,
    draw,
    events,
    man,
    sherman,
    start,
    team,
)

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES

ORIGIN = (24.0, 10.0)


def at(bearing: float, dist: float = 10.0) -> tuple[float, float]:
    rad = math.radians(bearing)
    return (ORIGIN[0] + dist * math.sin(rad), ORIGIN[1] + dist * math.cos(rad))


def table(*bearings: float, unbuttoned: tuple[str, ...] = ("commander",), **extra: Any) -> AfvGame:
    """Sherman s1 and one German rifleman `r<bearing>` at each bearing, 10" away; s1's card."""
    men = [man(f"r{int(b)}", "rifle", at(b)) for b in bearings]
    game = start([sherman(unbuttoned=unbuttoned, **extra), team("reds", men)])
    draw(game, "s1")
    return game


def spot_odds(arc: str, unbuttoned: bool, rear: bool = False) -> dict[str, Fraction]:
    return dict(checks.spot(DEFAULT_TABLES, arc, unbuttoned, rear).odds_table())


def test_vis_01_no_fire_at_a_target_no_crewman_has_acquired() -> None:
    """AFV-VIS-01: a fire order against a target no crewman has acquired is rejected."""
    game = table(0)
    error = crew_refused(game, "s1", "gunner", "fire", weapon="main", target="r0")
    assert error.rule == "AFV-VIS-01"
    acquire(game, "s1", "gunner", "r0", 50)  # buttoned, front: 50 or less sees it
    crew(game, "s1", "loader", "load", round="HE")
    draw(game, "s1")
    entry = crew(game, "s1", "gunner", "fire", 90, weapon="main", target="r0")  # 90 misses
    assert events(entry, "fired")[0]["target"] == "r0"


def test_vis_02_buttoned_driver_sees_45_degrees_either_side() -> None:
    """AFV-VIS-02: buttoned, the driver and co-driver see 45° either side of the centreline:
    a target 44° off it is in their arc, one 46° off is not."""
    game = table(44, 46, 316)
    assert acquire(game, "s1", "driver", "r44", 50).records
    assert crewman(game, "s1", "driver").acquired == ("r44",)
    assert crew_refused(game, "s1", "co-driver", "acquire", target="r46").rule == "AFV-VIS-02"
    acquire(game, "s1", "co-driver", "r316", 51)  # 44° to the left: in his arc
    assert crewman(game, "s1", "co-driver").acquired == ()  # 51 > 50: not seen


def test_vis_03_commander_sees_all_round() -> None:
    """AFV-VIS-03: a target directly astern is inside the commander's arc."""
    game = table(180)
    entry = acquire(game, "s1", "commander", "r180", 75)  # unbuttoned rear: 75%
    assert events(entry, "acquired")[0]["spotted"]


def test_vis_04_gunner_sees_only_where_the_turret_points() -> None:
    """AFV-VIS-04 (AMB-AFV-07 sight ±22.5°): a target outside the turret's sight cannot be
    acquired by the gunner, even though the commander can."""
    game = table(30)
    assert crew_refused(game, "s1", "gunner", "acquire", target="r30").rule == "AFV-VIS-04"
    acquire(game, "s1", "commander", "r30")  # unbuttoned, front: certain, no roll


def test_vis_05_buttoned_chances_50_25_15() -> None:
    """AFV-VIS-05: buttoned up, front 50%, side 25%, rear 15% (d100 at or under)."""
    assert spot_odds("front", False)["spotted"] == Fraction(1, 2)
    assert spot_odds("side", False)["spotted"] == Fraction(1, 4)
    assert spot_odds("rear", False)["spotted"] == Fraction(15, 100)
    game = table(90, 180, unbuttoned=())
    acquire(game, "s1", "commander", "r90", 25)
    assert crewman(game, "s1", "commander").acquired == ("r90",)
    game = table(180, unbuttoned=())
    acquire(game, "s1", "commander", "r180", 16)
    assert crewman(game, "s1", "commander").acquired == ()


def test_vis_06_unbuttoned_front_and_side_are_certain_and_unrolled() -> None:
    """AFV-VIS-06 (AMB-AFV-02: '100°' is 100%): P(front) = P(side) = 1 and no roll is made."""
    assert spot_odds("front", True)["spotted"] == 1
    assert spot_odds("side", True)["spotted"] == 1
    game = table(0, 90)
    for target in ("r0", "r90"):
        if target == "r90":
            draw(game, "s1")  # a new card for the commander's second action
        acquired = events(acquire(game, "s1", "commander", target), "acquired")[0]
        assert acquired["result"] is None
        assert acquired["spotted"]
        assert acquired["chance"] == 100


def test_vis_07_unbuttoned_rear_is_75_until_he_turns_round() -> None:
    """AFV-VIS-07 with AMB-AFV-09: rear 75%; after his turn-to-rear action, 100% for him, and
    his front and side chances fall to the rear value."""
    assert spot_odds("rear", True)["spotted"] == Fraction(3, 4)
    assert spot_odds("rear", True, rear=True)["spotted"] == 1
    assert spot_odds("front", True, rear=True)["spotted"] == Fraction(3, 4)
    game = table(180, 0)
    crew(game, "s1", "commander", "look", direction="rear")
    assert crewman(game, "s1", "commander").looking_rear
    draw(game, "s1")
    entry = acquire(game, "s1", "commander", "r180")  # no face: certain now
    assert events(entry, "acquired")[0]["chance"] == 100
    draw(game, "s1")
    acquire(game, "s1", "commander", "r0", 76)  # front now at the rear value, 75
    assert "r0" not in crewman(game, "s1", "commander").acquired


def test_vis_08_unbuttoned_driver_still_sees_only_ahead() -> None:
    """AFV-VIS-08: even unbuttoned, the driver and co-driver see only to the front."""
    game = table(90, 180, unbuttoned=("driver", "co-driver"))
    assert crew_refused(game, "s1", "driver", "acquire", target="r90").rule == "AFV-VIS-08"
    assert crew_refused(game, "s1", "co-driver", "acquire", target="r180").rule == "AFV-VIS-08"
    assert crew_refused(game, "s1", "driver", "look", direction="rear").rule == "AFV-VIS-08"


def test_amb_afv_07_arcs_are_relative_to_the_hull() -> None:
    """AMB-AFV-07: front and rear 45° either side of the hull's centreline and tail, the sides
    between; the commander uses hull arcs, whatever the turret's bearing."""
    game = table(45, 46, 134, 135, unbuttoned=())
    game2 = table(45, 46, 134, 135, unbuttoned=())
    arcs = {}
    for g, target, face in ((game, "r45", 1), (game2, "r46", 1)):
        arcs[target] = events(acquire(g, "s1", "commander", target, face), "acquired")[0]["arc"]
    for g, target in ((game, "r134"), (game2, "r135")):
        draw(g, "s1")
        arcs[target] = events(acquire(g, "s1", "commander", target, 1), "acquired")[0]["arc"]
    assert arcs == {"r45": "front", "r46": "side", "r134": "side", "r135": "rear"}


def test_amb_afv_08_acquisition_is_the_crewmans_own() -> None:
    """AMB-AFV-08: a success acquires the target for that crewman; a commander's (or gunner's)
    acquisition is usable by the gunner; the loader has no vision arc to acquire with."""
    game = table(0)
    error = crew_refused(game, "s1", "loader", "acquire", target="r0")
    assert error.rule == "AMB-AFV-08"
    acquire(game, "s1", "commander", "r0")
    assert crewman(game, "s1", "gunner").acquired == ()
    crew(game, "s1", "loader", "load", round="HE")
    entry = crew(game, "s1", "gunner", "fire", 90, weapon="main", target="r0")  # 90: a miss
    assert events(entry, "fired")[0]["result"]["outcome"] == "miss"


def test_sk_los_a_building_blocks_the_line() -> None:
    """SK-LOS: a building between the commander and the target hides it."""
    house = {"id": "house", "kind": "building", "points": [[22, 14], [26, 14], [26, 16], [22, 16]]}
    game = start([sherman(), team("reds", [man("r0", "rifle", at(0))])], terrain=[house])
    draw(game, "s1")
    assert crew_refused(game, "s1", "commander", "acquire", target="r0").rule == "SK-LOS"


def test_no_second_action_on_the_same_card_for_the_same_crewman() -> None:
    """AFV-CREW-01 applies to acquiring too: one action per crewman per card."""
    game = table(0, 10)
    acquire(game, "s1", "commander", "r0")
    assert crew_refused(game, "s1", "commander", "acquire", target="r10").rule == "AFV-CREW-01"
    assert crewman(game, "s1", "commander").acquired == ("r0",)
    assert DE in game.seats
