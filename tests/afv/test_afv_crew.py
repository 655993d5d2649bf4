"""AFV-CREW-01..21 (the duties of each position) with AMB-AFV-12 and -18. Ammunition duties
(AFV-CREW-10/15/16) are in test_ammo.py, traverse (AFV-CREW-13/20) in test_turret.py, exits
(AFV-CREW-07) in test_bail.py, transmission repairs (AFV-CREW-04) in test_repair.py and the
seed's worked example (AFV-CREW-02) in test_worked_example.py.

The standard table: Sherman s1 (4 cards) at (24, 10) facing 0, commander unbuttoned; German
riflemen r1 12" dead ahead, r2 at 60° to the right and r3 right astern.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from afvkit import (
    UMPIRE_SEAT,
    AfvGame,
    acquire,
    crew,
    crew_refused,
    crewman,
    do,
    draw,
    events,
    man,
    sherman,
    start,
    team,
    vehicle,
)

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def table(**extra: Any) -> AfvGame:
    reds = team(
        "reds",
        [
            man("r1", "rifle", (24.0, 22.0)),
            man("r2", "rifle", (34.392, 16.0)),  # 60° off the bow, 12" away
            man("r3", "rifle", (24.0, 2.0)),
        ],
    )
    game = start([sherman(cards=4, **extra), reds])
    draw(game, "s1")
    return game


def outcome(entry: Any) -> str:
    return str(events(entry, "fired")[0]["result"]["outcome"])


def test_crew_01_each_crewman_acts_once_per_crew_card() -> None:
    """AFV-CREW-01: a crew card lets each of the 5 crewmen take one action, at most one each."""
    game = table()
    crew(game, "s1", "driver", "unbutton")
    crew(game, "s1", "co-driver", "unbutton")
    acquire(game, "s1", "gunner", "r1", 60)
    crew(game, "s1", "loader", "load", round="HE")
    crew(game, "s1", "commander", "button")
    assert game.state.card is not None
    assert len(game.state.card.acted) == 5
    seconds: dict[str, dict[str, Any]] = {
        "driver": {"action": "set-speed", "speed": 2},
        "co-driver": {"action": "reload-mg", "mg": "bow"},
        "gunner": {"action": "acquire", "target": "r1"},
        "loader": {"action": "unload"},
        "commander": {"action": "traverse", "bearing": 10},
    }
    for role, second in seconds.items():
        fields = {k: v for k, v in second.items() if k != "action"}
        assert crew_refused(game, "s1", role, second["action"], **fields).rule == "AFV-CREW-01"


def test_crew_03_only_the_driver_changes_speed_starts_and_stops() -> None:
    """AFV-CREW-03: speed changes, starts and stops only from the driver's position; "the
    loader cannot steer"."""
    game = table()
    error = crew_refused(game, "s1", "loader", "steer", facing=90)
    assert error.rule == "AFV-CREW-03"
    assert "the loader cannot steer" in str(error)
    crew(game, "s1", "driver", "set-speed", speed=3)  # start
    draw(game, "s1")
    assert crew_refused(game, "s1", "commander", "set-speed", speed=0).rule == "AFV-CREW-03"
    crew(game, "s1", "driver", "set-speed", speed=0)  # stop
    assert vehicle(game).speed == 0


def test_crew_05_hatches_for_all_but_the_gunner_moving_or_not() -> None:
    """AFV-CREW-05: the loader unbuttons while the tank moves; the gunner has no such action."""
    game = table(speed=4.0)
    crew(game, "s1", "loader", "unbutton")
    assert vehicle(game).hatches["loader"]
    assert crew_refused(game, "s1", "gunner", "unbutton").rule == "AFV-CREW-05"


def test_crew_06_any_crewman_may_take_over_an_empty_position() -> None:
    """AFV-CREW-06: the gunner moves to the (empty) driver's seat: the gunner's position is
    vacant, and the main gun then needs someone in the gunner's or commander's position."""
    game = table()
    do(
        game,
        UMPIRE_SEAT,
        {"action": "damage", "vehicle": "s1", "effect": "killed", "crewman": "driver"},
        10,
    )
    acquire(game, "s1", "commander", "r1")
    crew(game, "s1", "loader", "load", round="HE")
    crew(game, "s1", "gunner", "change-position", to="driver")
    assert vehicle(game).at("gunner") is None
    assert crewman(game, "s1", "driver").name == "s1 gunner"
    draw(game, "s1")
    error = crew_refused(game, "s1", "gunner", "fire", weapon="main", target="r1")
    assert error.rule == "AFV-CREW-06"
    assert outcome(crew(game, "s1", "commander", "fire", 90, weapon="main", target="r1")) == "miss"


def test_crew_08_the_bow_mg_only_at_a_target_already_acquired() -> None:
    """AFV-CREW-08: bow MG fire at an unacquired target is rejected."""
    game = table()
    error = crew_refused(game, "s1", "co-driver", "fire", weapon="bow", target="r1")
    assert error.rule == "AFV-CREW-08"
    acquire(game, "s1", "co-driver", "r1", 50)
    draw(game, "s1")
    assert outcome(crew(game, "s1", "co-driver", "fire", 61, weapon="bow", target="r1")) == "miss"


def test_crew_09_the_front_gunner_acquires_in_the_driver_arc() -> None:
    """AFV-CREW-09: the front gunner's acquisition uses the driver/co-driver arc (AFV-VIS-02)."""
    game = table()
    assert crew_refused(game, "s1", "co-driver", "acquire", target="r2").rule == "AFV-VIS-02"
    acquire(game, "s1", "co-driver", "r1", 50)
    assert crewman(game, "s1", "co-driver").acquired == ("r1",)


def test_crew_11_the_gunner_fires_main_gun_or_coax_at_an_acquired_target() -> None:
    """AFV-CREW-11: gunner fire at an acquired target accepted, at an unacquired one rejected."""
    game = table()
    acquire(game, "s1", "gunner", "r1", 50)
    draw(game, "s1")
    assert (
        crew_refused(game, "s1", "gunner", "fire", weapon="coax", target="r3").rule == "AFV-VIS-01"
    )
    assert outcome(crew(game, "s1", "gunner", "fire", 61, weapon="coax", target="r1")) == "miss"


def test_crew_12_the_gunner_acquires_only_in_the_turret_arc() -> None:
    """AFV-CREW-12: the gunner acquires through his sight: only in the turret's arc."""
    game = table()
    assert crew_refused(game, "s1", "gunner", "acquire", target="r2").rule == "AFV-VIS-04"
    crew(game, "s1", "commander", "traverse", bearing=60)
    draw(game, "s1")
    acquire(game, "s1", "gunner", "r2", 25)  # buttoned, the side arc: 25%
    assert crewman(game, "s1", "gunner").acquired == ("r2",)


def test_crew_14_sight_in_gives_plus_20() -> None:
    """AFV-CREW-14 with AMB-AFV-12: sighted in, +20 to the chance of the next main-gun shot at
    that target: at 12" 75% becomes 95%."""
    plain = dict(checks.to_hit(DEFAULT_TABLES, "main-gun", 12).odds_table())
    sighted = dict(
        checks.to_hit(DEFAULT_TABLES, "main-gun", 12, (checks.sight_in_modifier(),)).odds_table()
    )
    assert plain["hit"] == Fraction(75, 100)
    assert sighted["hit"] == Fraction(95, 100)
    game = table()
    acquire(game, "s1", "commander", "r1")
    crew(game, "s1", "loader", "load", round="HE")
    crew(game, "s1", "gunner", "sight-in", target="r1")
    assert vehicle(game).sighted == "r1"
    draw(game, "s1")
    entry = crew(game, "s1", "gunner", "fire", 90, 10, weapon="main", target="r1")  # 90-20 hits
    assert outcome(entry) == "hit"
    assert vehicle(game).sighted is None  # the next shot only


def test_amb_afv_12_sight_in_is_lost_when_anything_moves() -> None:
    """AMB-AFV-12: the sight-in is lost if the tank moves, the turret traverses or the target
    moves."""
    game = table()
    acquire(game, "s1", "commander", "r1")
    crew(game, "s1", "gunner", "sight-in", target="r1")
    draw(game, "s1")
    crew(game, "s1", "commander", "traverse", bearing=1)
    assert vehicle(game).sighted is None
    draw(game, "s1")
    crew(game, "s1", "gunner", "sight-in", target="r1")
    draw(game, "reds")
    do(game, "german", {"action": "move", "man": "r1", "to": [24.0, 23.0]})
    assert vehicle(game).sighted is None


def test_crew_17_the_loader_fires_the_aa_mg_unbuttoned_from_the_deck_astern() -> None:
    """AFV-CREW-17 with AMB-AFV-18: a buttoned loader may not fire the AA MG; astern he must
    first climb onto the back deck (one more action)."""
    game = table()
    acquire(game, "s1", "commander", "r1")
    assert (
        crew_refused(game, "s1", "loader", "fire", weapon="aa", target="r1").rule == "AFV-CREW-17"
    )
    crew(game, "s1", "loader", "unbutton")
    draw(game, "s1")
    assert outcome(crew(game, "s1", "loader", "fire", 61, weapon="aa", target="r1")) == "miss"
    acquire(game, "s1", "commander", "r3", 75)
    draw(game, "s1")
    error = crew_refused(game, "s1", "loader", "fire", weapon="aa", target="r3")
    assert error.rule == "AMB-AFV-18"
    crew(game, "s1", "loader", "deck")
    draw(game, "s1")
    assert outcome(crew(game, "s1", "loader", "fire", 61, weapon="aa", target="r3")) == "miss"


def test_crew_18_the_commander_fires_at_minus_10() -> None:
    """AFV-CREW-18: the commander's shot: -10 points on the chance against the gunner's."""
    cmdr = dict(
        checks.to_hit(DEFAULT_TABLES, "main-gun", 12, (checks.commander_modifier(),)).odds_table()
    )
    assert cmdr["hit"] == Fraction(65, 100)
    game = table()
    acquire(game, "s1", "commander", "r1")
    crew(game, "s1", "loader", "load", round="HE")
    draw(game, "s1")
    assert outcome(crew(game, "s1", "commander", "fire", 70, weapon="main", target="r1")) == "miss"


def test_crew_19_the_commander_spots_with_his_own_hatch_state() -> None:
    """AFV-CREW-19: buttoned he uses the buttoned chances (AFV-VIS-05), unbuttoned the
    unbuttoned ones (AFV-VIS-06/07)."""
    game = table()
    entry = acquire(game, "s1", "commander", "r3", 75)
    assert events(entry, "acquired")[0]["chance"] == 75
    game = table(unbuttoned=())
    entry = acquire(game, "s1", "commander", "r3", 16)
    assert events(entry, "acquired")[0]["chance"] == 15


def test_crew_21_the_commander_fires_the_aa_mg_only_unbuttoned() -> None:
    """AFV-CREW-21: a buttoned commander may not fire the AA MG."""
    game = table()
    acquire(game, "s1", "commander", "r1")
    draw(game, "s1")
    crew(game, "s1", "commander", "button")
    draw(game, "s1")
    assert (
        crew_refused(game, "s1", "commander", "fire", weapon="aa", target="r1").rule
        == "AFV-CREW-21"
    )
