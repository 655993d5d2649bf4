"""Hobart's Funnies: traits, the AVRE as engineers, the ARK, the Bobbin and the Conger
(ENG-FUNNY-01, -02, -09..21, AMB-ENG-38..42). DD tanks: test_dd_tanks.py.

US Funnies against German obstacles; the Germans move first. Obstacles from the scenario's
`minefields`, `wire`, `at_obstacles`, `roadblocks` and `ditches` sections sit centred at
(10, 12), facing up the table: 2" along x, 1" deep (11.5 <= y <= 12.5).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fieldwork_kit import RIVER, engineers, game, scenario, troops, vehicle

from conftest import advance_to, do, events_tagged, refused, tags
from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_check

AT = (10, 12)
WALL = {"id": "wall", "kind": "sea-wall", "points": [[0, 30], [40, 30]], "line": True}


def avre(uid: str, position: tuple[float, float], *traits: str, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "card": "BR-13",
        "traits": ["avre", *traits],
        "speed": 8,
        "attack": {"T": 5, "V": 2},
    }
    return vehicle(uid, "us", position, **(base | extra))


# -- ENG-FUNNY-01/02 -------------------------------------------------------------------------------


def test_eng_funny_01_funny_traits_come_from_the_scenario_only() -> None:
    """ENG-FUNNY-01: the traits go on the vehicles that can have them; without one the vehicle
    is its base card and the Funny's actions are refused."""
    for unit in (
        troops("x", "us", None, traits=["dd"]),
        vehicle("x", "us", None, traits=["conger"]),  # a Conger is towed by an AVRE
        vehicle("x", "us", None, card="US-03", traits=["dd"]),  # a DD is a Sherman
    ):
        with pytest.raises(InputError, match=r"units\[0\]\.traits"):
            scenario([unit])
    plain = vehicle("churchill", "us", (10, 29.5), card="BR-13", speed=8)
    g = game([plain, troops("g", "german", (30, 40))], terrain=[WALL])
    advance_to(g, 1, "us")
    for action in (
        {"action": "lay-bridge", "unit": "churchill", "obstacle": "wall"},
        {"action": "lay-bobbin", "unit": "churchill", "to": [10, 31]},
        {"action": "prime-conger", "unit": "churchill", "obstacle": "wall"},
    ):
        assert refused(g, "us", action).rule == "ENG-FUNNY-01"
    assert g.view("us")["units"][0]["card"] == "BR-13"


def test_eng_funny_02_an_avre_may_act_as_combat_engineers_if_the_scenario_says() -> None:
    """ENG-FUNNY-02 with AMB-ENG-41: an AVRE with AVRE_ENGINEER sets charges and leads bridging;
    without it -> refused."""
    demo = {"id": "culvert", "side": "us", "preparations": 1, "position": [5, 5]}
    pontoon = {
        "id": "p",
        "kind": "pontoon",
        "side": "us",
        "obstacle": "river",
        "position": [10, 21],
        "spans_required": 2,
    }
    eq = {"id": "eq", "side": "us", "position": [10, 19.5]}
    units = [
        avre("sapper-avre", (10, 19.5), "avre-engineer"),
        avre("gun-avre", (11, 19.5)),
        troops("g", "german", (30, 40)),
    ]
    g = game(units, terrain=[RIVER], demolitions=[demo], bridges=[pontoon], bridging=[eq])
    advance_to(g, 1, "us")
    prep = {"action": "prepare", "demolition": "culvert"}
    assert refused(g, "us", prep | {"unit": "gun-avre"}).rule == "AMB-ENG-44"
    do(g, "us", prep | {"unit": "sapper-avre"})
    assert g.state.demolitions["culvert"].prepared
    advance_to(g, 2, "us")
    span = {"action": "build-span", "bridge": "p"}
    assert refused(g, "us", span | {"unit": "gun-avre"}, 6).rule == "ENG-BRIDGE-10"
    assert "span-rolled" in tags(do(g, "us", span | {"unit": "sapper-avre"}, 6))


# -- the ARK (ENG-FUNNY-09..12, AMB-ENG-40) --------------------------------------------------------


def ark_game(*extra: dict[str, Any]) -> Any:
    units = [
        vehicle("ramp", "us", (10, 29.5), traits=["ark"], card="BR-13", speed=8),
        vehicle("tiger", "us", (10, 28.2), speed=8),
        troops("g", "german", (30, 40), attack={"V": 5}),
        *extra,
    ]
    g = game(units, terrain=[WALL])
    advance_to(g, 1, "us")
    return g


def lay_ark(g: Any) -> Any:
    """The ARK's engineering action; the Germans let it go without opportunity fire."""
    do(g, "us", {"action": "lay-bridge", "unit": "ramp", "obstacle": "wall"})
    return do(g, "german", {"action": "pass"})


def test_eng_funny_09_a_conformed_ark_bridges_a_linear_obstacle_with_one_action() -> None:
    """ENG-FUNNY-09: conformed + 1 EA -> the ramp is emplaced over that section."""
    g = ark_game()
    entry = lay_ark(g)
    assert "bridge-laid" in tags(entry)
    ramp = g.state.bridges["ramp.ark"]
    assert (ramp.kind, ramp.obstacle, ramp.vehicle) == ("ark", "wall", "ramp")


def test_eng_funny_09_an_ark_not_conformed_is_refused() -> None:
    """ENG-FUNNY-09 with BF-CONFORM: 1.5" from the wall -> refused."""
    g = game(
        [vehicle("ramp", "us", (10, 28.5), traits=["ark"]), troops("g", "german", None)],
        terrain=[WALL],
    )
    advance_to(g, 1, "us")
    err = refused(g, "us", {"action": "lay-bridge", "unit": "ramp", "obstacle": "wall"})
    assert err.rule == "ENG-FUNNY-09"


def test_eng_funny_10_an_emplaced_ark_never_moves() -> None:
    """ENG-FUNNY-10: a move order to an emplaced ARK is refused."""
    g = ark_game()
    lay_ark(g)
    advance_to(g, 2, "us")
    assert (
        refused(g, "us", {"action": "move", "unit": "ramp", "to": [12, 29]}).rule == "ENG-FUNNY-10"
    )


def test_eng_funny_11_and_12_any_vehicle_crosses_by_a_breach_action() -> None:
    """ENG-FUNNY-11 and ENG-FUNNY-12 with AMB-ENG-40: the heaviest vehicle moves up and crosses
    the ARK with a breach action and no bog-down roll."""
    g = ark_game()
    lay_ark(g)
    advance_to(g, 2, "us")
    cross = {"action": "cross-bridge", "unit": "tiger", "bridge": "ramp.ark", "to": [10, 31.5]}
    assert (
        refused(g, "us", {"action": "move", "unit": "tiger", "to": [10, 31.5]}).rule
        == "ENG-BRIDGE-18"
    )
    entry = do(g, "us", cross)  # no dice: no bog-down check
    assert "defile-entered" in tags(entry)
    do(g, "german", {"action": "pass"})
    assert g.state.units["tiger"].position == (10, 31.5)


def test_amb_eng_40_the_crossing_goes_with_the_ark() -> None:
    """AMB-ENG-40: the ARK remains a target; knocked out, its crossing is gone."""
    g = ark_game()
    lay_ark(g)
    advance_to(g, 1, "us", "defensive_fire")  # not the US's phase: the Germans fire later
    advance_to(g, 2, "german", "offensive_fire")
    do(g, "german", {"action": "fire", "unit": "g", "target": "ramp"}, 4)  # 4 + 5 = 9: KO
    advance_to(g, 2, "us")
    cross = {"action": "cross-bridge", "unit": "tiger", "bridge": "ramp.ark", "to": [10, 31.5]}
    assert refused(g, "us", cross).rule == "AMB-ENG-40"


def test_eng_ditch_16_an_ark_bridges_an_anti_tank_ditch_section() -> None:
    """ENG-DITCH-16 (ENG-FUNNY-09): over a ditch section the section becomes `bridged`."""
    g = game(
        [vehicle("ramp", "us", (10, 11), traits=["ark"]), troops("g", "german", (30, 40))],
        ditches=[{"id": "d1", "position": list(AT)}],
    )
    advance_to(g, 1, "us")
    entry = do(g, "us", {"action": "lay-bridge", "unit": "ramp", "obstacle": "d1"})
    assert "obstacle-changed" in tags(entry)
    assert g.state.obstacles["d1"].condition == "bridged"


# -- the Bobbin (ENG-FUNNY-13..16, AMB-ENG-38) -----------------------------------------------------


def bobbin_game() -> Any:
    g = game(
        [
            avre("bobbin", (10, 2), "bobbin"),
            vehicle("follower", "us", (10, 2.5), speed=12, attack={"T": 3}),
            troops("g", "german", (10, 20)),
        ]
    )
    advance_to(g, 1, "us")
    return g


def test_eng_funny_13_the_bobbin_lays_a_lane_at_half_speed() -> None:
    """ENG-FUNNY-13: cross-country 8" -> 4" while laying; the lane follows its path."""
    g = bobbin_game()
    lay = {"action": "lay-bobbin", "unit": "bobbin"}
    assert refused(g, "us", lay | {"to": [10, 6.5]}).rule == "ENG-FUNNY-13"
    do(g, "us", lay | {"to": [10, 6]})
    lane = g.state.lanes["bobbin.bobbin"]
    assert (lane.path, lane.width) == (((10, 2), (10, 6)), 1.0)
    assert g.state.units["bobbin"].position == (10, 6)


def test_eng_funny_14_followers_use_the_lane_at_half_speed_without_bogging() -> None:
    """ENG-FUNNY-14: on the lane at half speed (12" -> 6") with no bog-down roll (no die)."""
    g = bobbin_game()
    do(g, "us", {"action": "lay-bobbin", "unit": "bobbin", "to": [10, 6]})
    follow = {"action": "follow-lane", "unit": "follower", "lane": "bobbin.bobbin"}
    assert refused(g, "us", follow | {"to": [10, 9]}).rule == "ENG-FUNNY-14"  # off the lane end
    do(g, "us", follow | {"to": [10, 6]})
    assert g.state.units["follower"].position == (10, 6)


def test_eng_funny_15_no_fire_in_the_turn_the_bobbin_is_used() -> None:
    """ENG-FUNNY-15 with AMB-ENG-38: a fire declaration in that turn is refused."""
    g = bobbin_game()
    do(g, "us", {"action": "lay-bobbin", "unit": "bobbin", "to": [10, 6]})
    advance_to(g, 1, "us", "offensive_fire")
    assert (
        refused(g, "us", {"action": "fire", "unit": "bobbin", "target": "g"}, 1).rule
        == "ENG-FUNNY-15"
    )
    advance_to(g, 2, "german", "defensive_fire")
    do(g, "us", {"action": "fire", "unit": "bobbin", "target": "g"}, 1)


def test_eng_funny_16_the_bobbin_is_used_once() -> None:
    """ENG-FUNNY-16: a second use is refused; the vehicle is a normal AVRE afterwards."""
    g = bobbin_game()
    do(g, "us", {"action": "lay-bobbin", "unit": "bobbin", "to": [10, 6]})
    advance_to(g, 2, "us")
    assert (
        refused(g, "us", {"action": "lay-bobbin", "unit": "bobbin", "to": [10, 9]}).rule
        == "ENG-FUNNY-16"
    )
    seen = g.view("german")["units"][0]
    assert (seen["card"], seen["spent"]) == ("BR-13", ["bobbin"])


# -- the Conger (ENG-FUNNY-17..21, AMB-ENG-39) -----------------------------------------------------

OBSTACLES: dict[str, dict[str, Any]] = {
    "minefields": {"id": "mines", "side": "german", "known_to": ["us"], "laid": "surface"},
    "wire": {"id": "wire"},
    "at_obstacles": {"id": "teeth"},
    "roadblocks": {"id": "block", "present": True},
    "ditches": {"id": "ditch"},
}


def conger_game(
    section: str = "wire", at: tuple[float, float] = (10, 11), gunner: bool = False
) -> Any:
    item = OBSTACLES[section] | {"position": list(AT)}
    units = [
        avre("conger", at, "conger"),
        vehicle("tank", "us", (10, 10.8), speed=12),
        troops("g", "german", (10, 30), attack={"V": 4} if gunner else {}),
    ]
    sections: dict[str, Any] = {section: [item]}
    g = game(units, **sections)
    advance_to(g, 1, "us")
    return g


def prime(obstacle: str) -> dict[str, Any]:
    return {"action": "prime-conger", "unit": "conger", "obstacle": obstacle}


FIRE = {"action": "fire-conger", "unit": "conger"}


@pytest.mark.parametrize("section", ["minefields", "wire", "at_obstacles", "roadblocks"])
def test_eng_funny_17_a_conger_works_on_four_kinds_of_obstacle(section: str) -> None:
    """ENG-FUNNY-17: minefield, wire, AT obstacle and roadblock -> allowed."""
    g = conger_game(section)
    do(g, "us", prime(OBSTACLES[section]["id"]))


def test_eng_funny_17_not_conformed_or_a_ditch_is_refused() -> None:
    """ENG-FUNNY-17 with AMB-ENG-39: not conformed -> refused; not on ditches."""
    g = conger_game("wire", at=(10, 9))
    assert refused(g, "us", prime("wire")).rule == "ENG-FUNNY-17"
    g = conger_game("ditches")
    assert refused(g, "us", prime("ditch")).rule == "ENG-FUNNY-17"


def test_eng_funny_18_the_first_turn_primes_it_with_an_engineering_action() -> None:
    """ENG-FUNNY-18: the turn-1 EA -> primed."""
    g = conger_game()
    entry = do(g, "us", prime("wire"))
    assert "engineering-started" in tags(entry)
    assert g.state.funnies["conger"].primed_on == "wire"
    assert refused(g, "us", FIRE, 5).rule == "ENG-ACT-03"  # the DA is next turn's action


def test_eng_funny_19_the_next_turn_a_demolition_opens_a_3_by_2_lane() -> None:
    """ENG-FUNNY-19: DA 2-10 -> a lane 3" long and 2" wide where the wire is gone, crossed with a
    normal move (P = 9/10)."""
    g = conger_game()
    move = {"action": "move", "unit": "tank", "to": [10, 13.5]}
    refused(g, "us", move)  # the wire stops an ordinary move (AMB-ENG-03)
    do(g, "us", prime("wire"))
    advance_to(g, 2, "us")
    entry = do(g, "us", FIRE, 2)
    lane = events_tagged(entry, "conger-fired")[0]["lane"]
    assert lane["width"] == 2.0
    (x0, y0), (x1, y1) = lane["path"]
    assert ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 == pytest.approx(3.0)
    do(g, "us", move)
    assert g.state.units["tank"].position == (10, 13.5)
    assert find_check("engineering.demolition").check().odds()["success"] == Fraction(9, 10)


def test_eng_funny_20_the_conger_is_spent_even_when_it_fails() -> None:
    """ENG-FUNNY-20: DA roll 1 -> no lane, and the vehicle is a normal AVRE (no Conger)."""
    g = conger_game()
    do(g, "us", prime("wire"))
    advance_to(g, 2, "us")
    entry = do(g, "us", FIRE, 1)
    assert events_tagged(entry, "conger-fired")[0]["lane"] is None
    assert g.state.lanes == {}
    assert g.view("us")["units"][0]["spent"] == ["conger"]
    advance_to(g, 3, "us")
    assert refused(g, "us", prime("wire")).rule == "ENG-FUNNY-20"


def test_amb_eng_39_priming_lapses_if_not_fired_the_next_turn() -> None:
    """AMB-ENG-39: two turns later the priming has lapsed, but the Conger is not spent."""
    g = conger_game()
    do(g, "us", prime("wire"))
    advance_to(g, 3, "us")
    assert refused(g, "us", FIRE, 5).rule == "AMB-ENG-39"
    do(g, "us", prime("wire"))  # it may prime again


@pytest.mark.parametrize(("used", "status"), [(False, "knocked-out"), (True, "disordered")])
def test_eng_funny_21_a_disorder_on_the_conger_avre_knocks_it_out(used: bool, status: str) -> None:
    """ENG-FUNNY-21: DISORDER on the AVRE towing the Conger -> KO; once used -> DISORDER."""
    g = conger_game(gunner=True)
    if used:
        do(g, "us", prime("wire"))
        do(g, "german", {"action": "pass"})
        advance_to(g, 2, "us")
        do(g, "us", FIRE, 1)
        do(g, "german", {"action": "pass"})
        advance_to(g, 2, "us", "defensive_fire")
    else:
        advance_to(g, 1, "us", "defensive_fire")
    entry = do(g, "german", {"action": "fire", "unit": "g", "target": "conger"}, 3)  # 3 + 4 = 7
    assert g.state.units["conger"].status == status
    assert ("conger-exploded" in tags(entry)) is (not used)


def test_amb_eng_42_vehicle_engineering_actions_obey_eng_act() -> None:
    """AMB-ENG-42: an ARK's engineering action is bound by ENG-ACT-03 (its only action)."""
    g = ark_game()
    do(g, "us", {"action": "move", "unit": "ramp", "to": [10, 29.6]})
    do(g, "german", {"action": "pass"})  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    err = refused(g, "us", {"action": "lay-bridge", "unit": "ramp", "obstacle": "wall"})
    assert err.rule == "ENG-ACT-03"


def test_eng_funny_02_an_avre_engineer_is_still_a_vehicle() -> None:
    """AMB-ENG-41: eligible as engineers, but moves and is fired at as a vehicle (V class)."""
    g = game([avre("a", (10, 19.5), "avre-engineer"), engineers("e", "german", (30, 30))])
    assert g.state.spec("a").target_class == "V"
    assert g.state.spec("a").is_engineer
