"""AFV-TURRET-01..04 with AMB-AFV-10, AFV-CREW-13 and AFV-CREW-20: traverse per card."""

from __future__ import annotations

import math
from typing import Any

import msgspec
from afvkit import (
    DE,
    US,
    AfvGame,
    acquire,
    crew,
    crew_refused,
    draw,
    man,
    panzer,
    sherman,
    start,
    team,
    vehicle,
)

from kriegsspiel.rulesets.afv.vehicles import DEFAULT, load_catalogue


def table(tank: dict[str, Any], *targets: tuple[str, tuple[float, float]]) -> AfvGame:
    """The tank, enemy riflemen at `targets`, and the tank's card in play."""
    enemy = DE if tank["side"] == US else US
    game = start([tank, team("enemy", [man(i, "rifle", p) for i, p in targets], side=enemy)])
    draw(game, str(tank["id"]))
    return game


def test_turret_01_power_traverse_90_degrees_per_card() -> None:
    """AFV-TURRET-01: with power traverse a quarter revolution per card: 90° allowed, 91° not;
    the 90° is shared by everyone who turns the turret on the card."""
    game = table(sherman(), ("r1", (44.0, 44.0)))
    assert crew_refused(game, "s1", "commander", "traverse", bearing=91).rule == "AFV-TURRET-01"
    crew(game, "s1", "commander", "traverse", bearing=90)
    assert vehicle(game).gun_bearing == 90.0
    error = crew_refused(game, "s1", "gunner", "traverse", target="r1")
    assert error.rule == "AFV-CREW-13"  # r1 not acquired; and the 90° are used up anyway


def test_turret_02_hand_traverse_45_degrees_per_card() -> None:
    """AFV-TURRET-02: by hand an eighth of a revolution per card: 45° allowed, 46° not."""
    game = table(panzer(), ("b1", (4.0, 4.0)))
    assert crew_refused(game, "p4", "commander", "traverse", bearing=226).rule == "AFV-TURRET-02"
    crew(game, "p4", "commander", "traverse", bearing=225)
    assert vehicle(game, "p4").gun_bearing == 225.0


def test_turret_03_power_traverse_for_us_medium_and_heavy_tanks() -> None:
    """AFV-TURRET-03 with AMB-AFV-10: M4 Sherman power, Panzer IV hand; a US light tank
    (the M5A1) hand by default; the per-vehicle `power_traverse` overrides."""
    vt = DEFAULT.vehicles
    assert vt["m4a3-75"].has_power_traverse
    assert vt["m4a3-75"].traverse_per_card == 90
    assert not vt["pz-iv-h"].has_power_traverse
    assert vt["pz-iv-h"].traverse_per_card == 45
    assert not vt["m5a1"].has_power_traverse
    custom = {"m5a1-power": {**_plain(vt["m5a1"]), "power_traverse": True}}
    assert load_catalogue(custom).vehicles["m5a1-power"].has_power_traverse


def _plain(obj: object) -> dict[str, object]:
    data = msgspec.to_builtins(obj)
    assert isinstance(data, dict)
    return {k: v for k, v in data.items() if k != "power_traverse"}


def test_turret_04_facing_the_rear_takes_2_cards_by_power_and_4_by_hand() -> None:
    """AFV-TURRET-04: turning to the rear (180°) takes ceil(180/90) = 2 cards with power
    traverse and ceil(180/45) = 4 by hand."""
    for tank, vid, astern, cards in (
        (sherman(), "s1", (24.0, 0.5), math.ceil(180 / 90)),
        (panzer(), "p4", (24.0, 47.0), math.ceil(180 / 45)),
    ):
        game = table(tank, ("t1", astern))
        start_bearing = vehicle(game, vid).gun_bearing
        used = 0
        while abs((vehicle(game, vid).gun_bearing - start_bearing) % 360 - 180) > 1e-6:
            if used:
                draw(game, vid)
            crew(game, vid, "commander", "traverse", target="t1")
            used += 1
        assert used == cards


def test_crew_13_the_gunner_traverses_only_onto_his_or_the_commanders_target() -> None:
    """AFV-CREW-13: onto a target acquired only by the front gunner: rejected; onto one the
    commander acquired: accepted. He never turns to a bare bearing."""
    game = table(sherman(), ("r1", (30.0, 18.0)), ("r2", (18.0, 18.0)))
    acquire(game, "s1", "co-driver", "r1", 1)
    error = crew_refused(game, "s1", "gunner", "traverse", target="r1")
    assert error.rule == "AFV-CREW-13"
    assert crew_refused(game, "s1", "gunner", "traverse", bearing=20).rule == "AFV-CREW-13"
    acquire(game, "s1", "commander", "r2")
    draw(game, "s1")
    crew(game, "s1", "gunner", "traverse", target="r2")
    assert round(vehicle(game).gun_bearing) == 323  # atan2(-6, 8): 36.87° left


def test_crew_20_the_commander_traverses_freely() -> None:
    """AFV-CREW-20: the commander may traverse toward a bearing no one has acquired."""
    game = table(sherman(), ("r1", (44.0, 44.0)))
    crew(game, "s1", "commander", "traverse", bearing=300)
    assert vehicle(game).gun_bearing == 300.0
    assert vehicle(game).facing == 0.0  # the hull stays
    assert DE in game.seats


def test_the_loader_cannot_traverse() -> None:
    """AFV-CREW-13/20: only the gunner and the commander traverse the turret."""
    game = table(sherman(), ("r1", (44.0, 44.0)))
    assert crew_refused(game, "s1", "loader", "traverse", bearing=10).rule == "AFV-CREW-13"
