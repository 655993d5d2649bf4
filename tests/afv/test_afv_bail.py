"""AFV-BAIL-01/02 with AMB-AFV-17, and AFV-CREW-07 with AMB-AFV-19: leaving the vehicle."""

from __future__ import annotations

from fractions import Fraction

from afvkit import (
    DE,
    UMPIRE_SEAT,
    AfvGame,
    crew,
    crew_refused,
    do,
    draw,
    events,
    man,
    panzer,
    sherman,
    start,
    team,
    vehicle,
)

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def table() -> AfvGame:
    game = start(
        [sherman(cards=3), panzer(cards=3), team("reds", [man("r1", "rifle", (44.0, 44.0))])]
    )
    draw(game, "s1")
    return game


def test_bail_01_a_d10_for_each_crewman_who_leaves() -> None:
    """AFV-BAIL-01: 5 crewmen leave -> 5 independent rolls (here: the tank is destroyed and
    its crew bails out at once)."""
    game = table()
    entry = do(
        game,
        UMPIRE_SEAT,
        {"action": "damage", "vehicle": "s1", "effect": "destroyed"},
        1,
        3,
        4,
        6,
        10,
    )
    kits = [e["result"]["outcome"] for e in events(entry, "kit-rolled")]
    assert kits == ["smg-2-mags", "smg-grenade", "pistol-2-mags", "nothing", "nothing"]
    assert vehicle(game).status == "destroyed"


def test_bail_02_the_kit_table() -> None:
    """AFV-BAIL-02: P(SMG + 2 mags) = 2/10, P(SMG + grenade) = 1/10, P(pistol + 2 mags) =
    2/10, P(nothing) = 5/10."""
    odds = dict(checks.bail_out_kit(DEFAULT_TABLES).odds_table())
    assert odds == {
        "smg-2-mags": Fraction(2, 10),
        "smg-grenade": Fraction(1, 10),
        "pistol-2-mags": Fraction(2, 10),
        "nothing": Fraction(5, 10),
    }


def test_amb_afv_17_every_exit_rolls_with_no_modifiers() -> None:
    """AMB-AFV-17: a voluntary exit rolls too; no modifiers; 6-10 = nothing."""
    game = table()
    entry = crew(game, "s1", "commander", "bail-out", 6)
    result = events(entry, "kit-rolled")[0]["result"]
    assert not result["modifiers"]
    assert result["outcome"] == "nothing"
    assert vehicle(game).crew["s1.commander"].kit == "nothing"


def test_crew_07_each_position_leaves_by_its_own_exits() -> None:
    """AFV-CREW-07: the driver and front gunner by the top hatch or an escape hatch, the
    loader by his hatch or a left side door, the commander by his hatch; the gunner only
    through a right side door or after moving to a position with a hatch."""
    game = table()
    error = crew_refused(game, "s1", "gunner", "bail-out")
    assert error.rule == "AFV-CREW-07"
    assert crew_refused(game, "s1", "driver", "bail-out", via="escape-hatch").rule == "AFV-CREW-07"
    crew(game, "s1", "co-driver", "bail-out", 1, via="escape-hatch")
    crew(game, "s1", "commander", "bail-out", 1, via="top-hatch")
    crew(game, "s1", "gunner", "change-position", to="commander")
    draw(game, "s1")
    entry = crew(game, "s1", "commander", "bail-out", 1)  # the gunner, from the commander's
    assert events(entry, "bailed-out")[0]["via"] == "top-hatch"


def test_amb_afv_19_the_gunner_uses_a_right_side_door() -> None:
    """AMB-AFV-19: 'fight side door' is the right side door: a Panzer IV's gunner leaves by
    it, and its loader by the left one."""
    game = table()
    draw(game, "p4")
    entry = crew(game, "p4", "gunner", "bail-out", 2)
    assert events(entry, "bailed-out")[0]["via"] == "right-side-door"
    entry = crew(game, "p4", "loader", "bail-out", 2)
    assert events(entry, "bailed-out")[0]["via"] == "left-side-door"
    assert DE in game.seats
